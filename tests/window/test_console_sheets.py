"""The window as the First Officer's console: orders and crew actions by touch with the order
assistant (§6.5: who executes an order, with how many chips, or why not), alarms that stand out
(colour, icon, word and sound), the new-game set-up, the settings and the debrief."""

from __future__ import annotations

import pytest
from kaleun.core.events import Event
from kaleun.sounds.cues import BY_NAME as CUES
from kaleun.sounds.cues import cues_for
from kaleun.ui.alarms import ALARMS, alarm_for
from kaleun.ui.forms import FORMS

from window.fingers import Table_, choose_mission


def sheet(table: Table_):
    table.render()  # the sheet reads the game (and asks the desk) as it is drawn
    overlay = table.window.overlay
    assert overlay is not None and type(overlay).__name__ == "FormSheet"
    return overlay


# -- the order assistant --------------------------------------------------------------------------
def test_6_5_the_assistant_names_who_would_carry_an_order_out_before_it_is_given() -> None:
    table = Table_(mission="exercise_convoy")
    table.tap("tab.orders")
    table.tap("order.dive")
    preview = sheet(table).preview
    assert preview["accepted"] and preview["activated"]
    helm = {a["figure"] for a in preview["activated"]}
    assert "officer-triangle" in helm  # the helmsman in the control room
    assert not table.named("order_accepted")  # looking changes nothing
    assert table.game.module("boat").surfaced
    table.tap("sheet.give")
    given = table.named("order_accepted")
    assert [(e.data["order"], e.data["via"]) for e in given] == [("dive", "window")]
    assert {a["figure"] for a in given[0].data["activated"]} == helm


def test_6_5_a_refused_order_cannot_be_given_and_says_exactly_why() -> None:
    table = Table_(mission="patrol_atlantic")  # enforced crew rules
    table.tap("tab.helm")
    table.tap("order.dive")
    table.tap("sheet.give")  # greyed: the touch tells the reason in the feed
    assert not table.named("order_accepted") and not table.named("order_rejected")
    reason = sheet(table).preview["reason"]
    assert reason and table.window.scene().feed[-1].problem
    assert table.window.scene().feed[-1].text == reason


def test_a_required_choice_is_asked_for_before_the_desk_is_asked() -> None:
    table = Table_(mission="exercise_convoy")
    table.tap("tab.orders")
    table.tap("order.gun_88")
    assert "Choose" in str(sheet(table).problem)
    assert table.target("sheet.give").why_not is not None


def test_7_4_new_course_from_the_compass_rose() -> None:
    table = Table_()
    table.tap("tab.helm")
    rose = table.target("compass").rect
    table.tap("compass", (rose.right - 3, rose.centery))  # due east on the rose
    assert sheet(table).values["course"] == 90
    table.tap("field.course.+10")
    table.tap("field.course.-1")
    table.tap("sheet.give")
    assert [e.data["course"] for e in table.named("order_accepted")] == [99]


def test_9_3_lookouts_by_count_and_the_helm_orders_from_the_orders_screen() -> None:
    table = Table_(mission="exercise_convoy")
    table.tap("mobilize")
    table.tap("sheet.give")
    for figure in ("navigator-square", "navigator-triangle", "navigator-hexagon"):
        table.drag(f"figure.{figure}", "section.8")
    table.tap("tab.orders")
    table.tap("order.observe")
    table.tap("field.count=3")
    table.tap("sheet.give")
    assert table.named("observation")[0].data["lookouts"] == 3


def test_6_14_corrections_and_undo_by_touch() -> None:
    table = Table_()
    table.tap("tab.crew")
    table.tap("crew.page.stores")
    table.tap("bars.morale-")
    assert table.window.scene().bars.endswith("morale X")
    table.tap("crew.page.on")
    table.tap("sailor.officer-square")
    table.tap("sailor.chip+")
    assert len(table.game.module("crew").status()["sailors"]["officer-square"]["chips"]) == 1
    table.tap("tab.orders")
    table.tap("action.undo")
    assert len(table.game.module("crew").status()["sailors"]["officer-square"]["chips"]) == 0
    assert [e.data["action"] for e in table.named("undone")]


def test_6_4_a_move_without_mobilize_is_fixed_by_paying_one() -> None:
    table = Table_(mission="patrol_atlantic")
    table.drag("figure.engineer-square", "section.5")
    assert table.named("move_unmobilized")
    table.tap("move_fix.mobilize")
    assert [e.data["order"] for e in table.named("order_accepted")] == ["mobilize"]
    assert not table.game.module("crew").status()["unsettled"]


def test_10_repairs_first_aid_and_the_breach_puzzle_from_the_damage_screen() -> None:
    table = Table_(mission="exercise_convoy")
    rt = table.runtime
    rt.submit({"do": "damage", "kind": "hull_breach", "section": 3})
    rt.submit({"do": "damage", "kind": "environmental", "condition": "fire", "section": 3})
    table.window.dismiss_alarms()
    table.tap("tab.damage")
    table.tap("repair.breach.3")
    assert sheet(table).values["job"] == {"breach": 3}
    table.tap("sheet.give")
    assert table.game.module("crew").status()["breaches"]["3"]["crewed"]
    table.tap("puzzle.3.solved")
    assert table.named("hull_breach_sealed")
    table.render()
    if table.window.targets.get("item.extinguisher.3") is not None:
        table.tap("item.extinguisher.3")  # the crew carried the extinguisher there on the board
        assert table.named("item_moved")
    table.tap("repair.fire.3")
    table.tap("sheet.give")
    assert table.named("condition_removed")


def test_every_form_builds_a_command_the_game_knows() -> None:
    table = Table_(mission="exercise_convoy_battle", seed=0)
    commands = set(table.game.command_names)
    for form in FORMS.values():
        if form.order is None:
            assert form.command in commands or form.command == "return_to_base", form.id
        command = form.command_for({})
        assert command["do"] in commands | {"return_to_base"}


# -- alarms --------------------------------------------------------------------------------------
@pytest.mark.parametrize("kind", ALARMS, ids=lambda k: k.name)
def test_9_each_alarm_has_its_colour_icon_word_and_sound(kind) -> None:
    event, _ = kind.raised_by[0]
    data = {"aircraft": 1, "ships": 0} if kind.name == "aircraft" else {"condition": "fire", "ships": 3}
    if kind.name == "depth_charges":
        assert all(c in CUES for c in kind.cues)  # the charges' own explosions sound it
    else:
        # each event that raises it plays its cue (a breach's countdown warning has one of its own)
        assert [c.name for name, _ in kind.raised_by for c in cues_for(name, data)] == list(kind.cues)
    assert alarm_for(event, data) is kind
    others = [k for k in ALARMS if k is not kind]
    assert all(k.color != kind.color and k.icon != kind.icon for k in others)
    # its own sound too: no other alarm plays its cues, and none of theirs sounds like its first
    from kaleun.sounds import cues as sounds

    assert all(set(k.cues).isdisjoint(kind.cues) for k in others)
    mine = CUES[kind.cues[0]].render(sounds.bell.RATE, {})
    for k in others:
        theirs = CUES[k.cues[0]].render(sounds.bell.RATE, {})
        assert len(theirs) != len(mine) or not (abs(theirs - mine) < 1e-3).all(), (kind.name, k.name)


def test_9_an_alarm_stands_out_and_leads_to_its_screen() -> None:
    table = Table_()
    table.runtime.submit({"do": "damage", "kind": "environmental", "condition": "fire", "section": 5})
    scene = table.window.scene()
    assert scene.alarm is not None and scene.alarm[0] == "fire"
    assert ("damage", "fire") in scene.badges
    table.tap("alarm")
    assert table.window.tab == "damage" and table.window.scene().alarm is None
    table.runtime.submit({"do": "damage", "kind": "hull_breach", "section": 2})
    table.tap("alarm.dismiss")
    assert table.window.tab == "damage" and not table.window.alarms


def test_9_an_alarm_goes_by_itself() -> None:
    table = Table_()
    table.runtime.submit({"do": "damage", "kind": "environmental", "condition": "fire", "section": 5})
    table.clock.now += 20
    table.window._expire_alarms()
    assert table.window.scene().alarm is None


# -- set-up, settings, debrief ------------------------------------------------------------------
def test_11_the_set_up_chooses_language_and_mission_and_holds_the_clock(home) -> None:
    from kaleun.settings import preferred
    from kaleun.ui.screens.setup import Setup
    from kaleun.ui.window import Window

    table = Table_()
    made = []

    def restart(setup):
        other = Table_(mission=setup.mission)
        made.append(other)
        return other.runtime

    win = Window(table.runtime, clock=table.clock, setup=lambda w: Setup(w, restart))
    win.guard = False
    table.window = win
    assert win.holding
    table.tap("language.de")
    assert win.lang.code == "de" and preferred("language") == "de"
    choose_mission(table, "exercise_convoy")  # the missions by date first; the practice pieces follow
    table.tap("setup.rules.enforce")
    table.clock.now += 300  # the crew took five minutes to choose
    table.tap("setup.next")
    table.tap("setup.start")
    assert not win.holding and made
    game = win.game
    assert game.module("mission").mission == "exercise_convoy" and game.t < 1
    assert game.module("crew").rules == "enforce"
    assert win.runtime.language == "de"


def test_settings_language_volume_and_difficulty(home) -> None:
    from kaleun.ports.sim import SilentSounder

    table = Table_()
    table.runtime.sounder = SilentSounder()
    table.tap("settings")
    table.tap("language.ru")
    assert table.window.lang.code == "ru"
    volume = table.runtime.sounder.volume
    table.tap("volume.down")
    assert table.runtime.sounder.volume == pytest.approx(max(0.0, volume - 0.1))
    from kaleun.settings import Settings

    # kept for the next start, as the language is
    assert float(Settings.load().get("volume") or "nan") == pytest.approx(table.runtime.sounder.volume)
    table.tap("difficulty.captain.hard")
    assert table.game.module("crew").status()["difficulty"]["captain"] == "hard"
    table.tap("settings.close")
    assert table.window.overlay is None


def test_the_debrief_reads_the_mission_end_and_tolerates_what_is_missing() -> None:
    table = Table_()
    win = table.window
    win._on_event(Event(10.0, "1941-06-01T04:00:10", "mission_end",
                        {"result": "won", "reason": "target sunk", "score": 1200, "grade": "B", "fame": 3,
                         "grt": 4800, "objectives": [{"name": "sink a tanker", "done": True}, "return"]},
                        feed="Mission accomplished."))
    debrief = win.overlay
    assert type(debrief).__name__ == "Debrief"
    table.render()
    assert debrief.end["score"] == 1200 and debrief.end["grade"] == "B"
    plain = Table_()
    plain.window._on_event(Event(5.0, "1941-06-01T04:00:05", "mission_end", {"result": "lost", "reason": "sunk"}))
    plain.render()
    plain.tap("debrief.close")
    assert plain.window.overlay is None


def test_a_finished_game_resumes_on_its_debrief(tmp_path) -> None:
    from kaleun.ui.window import Window

    table = Table_()
    table.game.module("mission").end("lost", "all hands lost", "All hands lost.")
    win = Window(table.runtime, clock=table.clock)
    assert type(win.overlay).__name__ == "Debrief"


def test_10_3_6_a_breach_counting_down_keeps_its_banner() -> None:
    """§10.3.6 the banners go by themselves, but not a hull breach still counting down: its banner (the
    time left now) stays over the other alarms' going until it is touched or the breach is over."""
    table = Table_(mission="exercise_convoy")
    table.runtime.submit({"do": "damage", "kind": "environmental", "condition": "fire", "section": 5})
    table.runtime.submit({"do": "damage", "kind": "hull_breach", "section": 2})
    table.clock.now += 20
    table.window._expire_alarms()
    kind, line = table.window.scene().alarm
    assert kind == "breach" and [a[0] for a in table.window.alarms] == ["breach"]  # the fire's banner went
    table.until(table.game.t + 30, step=10)
    table.clock.now += 20
    table.window._expire_alarms()
    kind, line = table.window.scene().alarm
    assert kind == "breach" and "2:30 to seal it" in table.window.tr(line.words)
    table.tap("alarm.dismiss")
    assert table.window.scene().alarm is None
