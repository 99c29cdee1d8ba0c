"""§12 torpedoes in the water on the attack screen: after a salvo fired by touch, each tube whose torpedo
runs shows its target and a countdown to the hit the TDC's solution expects, then (that time passed
with no report) the run it has left, until its result event (hit, dud, miss, premature). The countdown
is the crew's reckoning from the solution, not the truth: in the convoy battle the solution expects
the hits at 104 s and 138 s, the one real hit comes at 202 s, and nothing on screen claims a hit before
it is reported. The console's `weapons` prints the same (console parity), in English, German and Russian.
"""

from __future__ import annotations

import pytest
from kaleun.i18n import language as tongue
from kaleun.ui import console_views

from window.fingers import Table_
from window.test_convoy_by_touch import night_salvo
from window.test_order_warnings import joined, shown

#: the countdown's words and a fired tube's head without a running torpedo, per language
WORDS = {
    "en": ("hit expected in {t}", "past hit time, {t} of run left", "bow · → c3", "bow · no torpedo"),
    "de": ("Treffer erwartet in {t}", "Trefferzeit um, läuft noch {t}", "Bug · → c3", "Bug · kein Torpedo"),
    "ru": ("ждём попадания через {t}", "срок прошёл, хода ещё {t}", "нос · → c3", "нос · нет торпеды"),
}
#: the console's line for a torpedo whose expected hit time has passed, per language
PAST = {
    "en": "  running: tube 1 at c3, past the expected hit time: running on, {t} of its run left",
    "de": "  läuft: Rohr 1 auf c3, erwartete Trefferzeit vorbei: läuft weiter, noch {t} Laufzeit",
    "ru": "  в воде: аппарат 1 по c3, ожидаемое время попадания прошло: торпеда идёт дальше, хода осталось {t}",
}


def clock(seconds: float) -> str:
    seconds = round(seconds)
    return f"{seconds // 60}:{seconds % 60:02d}"


def salvo_by_touch(language: str) -> Table_:
    """The convoy battle's night attack (seed 0) by touch: tubes 1-3 flooded, the TDC on c3 from the
    plot, the salvo fired from the attack screen at t=302."""
    table = Table_(mission="exercise_convoy_battle", seed=0, language=language)
    night_salvo(table, ((2, "navigator-square", 8), (4, "navigator-triangle", 8), (6, "engineer-square", 5)))
    for tube in (1, 2, 3):  # the tubes chosen for the salvo: unchosen, so each row shows as any other
        table.tap(f"tube.{tube}")
    assert [e.data["tube"] for e in table.named("torpedo_fired")] == [1, 2, 3]
    return table


@pytest.mark.parametrize("language", sorted(WORDS))
def test_12_each_running_torpedo_counts_down_by_the_tdc_until_its_result(language: str) -> None:
    hit_in, run_left, running_head, idle_head = WORDS[language]
    table = salvo_by_touch(language)
    expected = {e.data["tube"]: 302 + float(e.data["run_s"]) for e in table.named("torpedo_fired")}
    assert [round(expected[n]) for n in (1, 2, 3)] == [406, 406, 440]
    weapons = table.game.module("weapons")

    table.until(330)
    text = joined(shown(table))
    assert text.count(running_head) == 3
    for tube in (1, 2, 3):
        assert hit_in.format(t=clock(expected[tube] - 330)) in text
    console = "\n".join(console_views.weapons(table.game, tongue(language)))
    assert table.window.tr(console_views.running(weapons.status()["running"][0])) in console

    table.until(420)  # tubes 1 and 2: the solution's time has passed, no report yet: the run left, no hit claimed
    running = {r["tube"]: r for r in weapons.status()["running"]}
    assert running[1]["hit_in_s"] is None and running[3]["hit_in_s"] == 20
    assert running[1]["past_hit"] is True and running[3]["past_hit"] is False
    assert not table.named("torpedo_hit")
    text = joined(shown(table))
    # the run left is said as what it is, past the hit time, never as a countdown a beginner reads as one to a hit
    assert run_left.format(t=clock(running[1]["run_left_s"])) in text
    assert text.count(run_left.format(t=clock(running[1]["run_left_s"]))) == 2
    assert hit_in.format(t=clock(20)) in text and text.count(hit_in.format(t="")) == 1
    console = "\n".join(console_views.weapons(table.game, tongue(language)))
    assert PAST[language].format(t=clock(running[1]["run_left_s"])) in console

    table.until(510, step=1)  # tube 1's torpedo hit at 504 s: its row is an empty tube again
    assert [e.data["torpedo"] for e in table.named("torpedo_hit")] == ["t1"]
    assert [r["tube"] for r in weapons.status()["running"]] == [2, 3]
    text = joined(shown(table))
    assert text.count(running_head) == 2 and idle_head in text

    table.until(700, step=10)  # the misses ran their range out: nothing runs, no countdown is left
    assert sorted(e.data["torpedo"] for e in table.named("torpedo_miss")) == ["t2", "t3"]
    assert weapons.status()["running"] == []
    text = joined(shown(table))
    assert running_head not in text and text.count(idle_head) == 3


def test_12_the_running_torpedoes_are_saved_and_loaded_with_the_game() -> None:
    table = Table_(mission="training", seed=0)
    rt = table.runtime
    rt.submit({"do": "order", "order": "tdc", "source": "manual", "bearing": 10, "range_nm": 1, "course": 90,
               "speed_kn": 5})
    rt.submit({"do": "order", "order": "flood_tubes", "tubes": [1]})
    table.until(120)
    rt.submit({"do": "order", "order": "fire_torpedoes", "tubes": [1]})
    table.until(130)
    weapons = table.game.module("weapons")
    state = weapons.to_state()
    weapons.check_state(state, "weapons")
    assert [r["tube"] for r in state["running"]] == [1]
    before = weapons.status()["running"]
    weapons.running = []
    weapons.load_state(state)
    assert weapons.status()["running"] == before
    del state["running"]  # a save from before running torpedoes were kept
    weapons.check_state(state, "weapons")
    weapons.load_state(state)
    assert weapons.status()["running"] == []
