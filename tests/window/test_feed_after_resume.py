"""A crew coming back to its evening sees the last feed lines it saw (the console: the feed
is the First Officer's record of what happened). The game keeps the feed's recent past in its save
(`kaleun.uboot.feed_record`), so a window opened on a loaded save (`kaleun resume`, `kaleun play
--continue`) starts with the lines it showed when the crew stopped — grouped as they were, in the
table's language, without raising their alarms again — and the console prints them on start.
"""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
from kaleun.core.engine import Engine
from kaleun.i18n import language
from kaleun.saves import load_checked, open_save, save_game, save_text
from kaleun.ui.feedlog import AlarmGate

from window.fingers import Table_, convoy_in_sight


def resumed(table: Table_, tmp_path: Path, code: str = "en") -> Table_:
    """The game saved and opened again as `kaleun resume` opens it (checks, journal, trial run),
    in a new window at the table's language."""
    path = tmp_path / "autosave.json"
    save_game(table.game, path)
    return Table_(game=open_save(path).engine, language=code)


def lines(table: Table_, code: str) -> list[tuple[str, str, str | None]]:
    """(clock, words in `code`, alarm) of every feed line of the game the window shows (not the table's own
    greeting of a new game, its first steps: a game under way is not greeted again)."""
    lang = language(code)
    return [(line.clock, lang.render(line.words), line.alarm) for line in table.window.feed.lines
            if line.event or line.problem]


@pytest.mark.parametrize("code", ["en", "de", "ru"])
def test_a_resumed_window_shows_the_feed_it_showed_in_the_tables_language(tmp_path: Path, code: str) -> None:
    table = convoy_in_sight(1300)
    before = lines(table, code)
    assert len(before) > 6 and any(event == "contact_report" for event in
                                    (line.event for line in table.window.feed.lines))
    again = resumed(table, tmp_path, code)
    assert lines(again, code) == before
    said = [words for _, words, _ in lines(again, code)]
    assert language(code).render(table.named("mission_start")[0].feed) in said  # the evening's first line
    assert again.window.alarm_shown() is None  # the past's alarms were raised back then


def test_the_past_is_grouped_as_it_was_a_convoy_report_is_one_line(tmp_path: Path) -> None:
    table = convoy_in_sight(900)
    again = resumed(table, tmp_path)
    reports = [line.text for line in again.window.feed.lines if line.event == "contact_report"]
    live = [line.text for line in table.window.feed.lines if line.event == "contact_report"]
    assert reports == live and any("; 1 new." in text for text in reports)


def test_a_ship_after_the_resume_joins_the_recalled_report_without_an_alarm(tmp_path: Path) -> None:
    """Saved at 600 s, between the report of 540 s and the ship added to it at 690 s: after the
    resume that ship grows the recalled line, as it did in the game that went on (no banner, no
    chimes: the sound output's gate starts from the same past)."""
    went_on = convoy_in_sight(700)
    table = convoy_in_sight(600)
    again = resumed(table, tmp_path)
    gate = AlarmGate(again.game)
    chimed: list[str] = []
    again.runtime.listeners.append(lambda e: chimed.append(e.name) if gate.raises(e) else None)
    again.until(700, step=10)
    assert [e.t for e in again.named("contact_report")] == [690.0]
    assert again.window.alarm_shown() is None
    assert "contact_report" not in chimed
    assert lines(again, "en") == lines(went_on, "en")


def test_the_console_prints_the_past_on_start_as_the_window_shows_it(tmp_path: Path) -> None:
    from kaleun.ui.console import Console

    table = convoy_in_sight(900)
    again = resumed(table, tmp_path, "de")
    out = io.StringIO()
    console = Console(again.runtime, stdin=io.StringIO("quit\n"), stdout=out)
    assert console.run() == 0
    printed = out.getvalue().splitlines()
    shown = [f"[{line.clock}" for line in table.window.feed.lines if line.event or line.problem]
    recalled = [text for text in printed if text.startswith("[")]
    assert [text[:6] for text in recalled] == shown
    assert [text.split("] ", 1)[1] for text in recalled] == [words for _, words, _ in lines(table, "de")]


def test_a_new_game_shows_its_opening_lines_once() -> None:
    """A new game's opening lines are in its record and still waiting in the runtime: the window
    (opened before the first step) and the console take them once."""
    from kaleun.boards.loader import default_board
    from kaleun.runtime.loop import Runtime
    from kaleun.runtime.table import Table
    from kaleun.uboot.game import new_game
    from kaleun.ui.console import Console

    table = Table_(mission="exercise_convoy_battle", seed=1)
    events = [e for e in table.events if e.feed is not None]
    assert events and len(table.window.feed.lines) == len(events) + 1  # and the window's greeting, its first steps
    game = new_game(seed=1, mission="exercise_convoy_battle")
    out = io.StringIO()
    Console(Runtime(game, Table(default_board(), game)), stdin=io.StringIO("quit\n"), stdout=out).run()
    for event in events:
        said = f"[{event.clock[11:19]}] {language('en').render(event.feed)}"
        assert out.getvalue().splitlines().count(said) == 1, out.getvalue()


def test_a_save_from_before_the_record_resumes_with_an_empty_feed() -> None:
    table = convoy_in_sight(300)
    state = json.loads(save_text(table.game))
    del state["modules"]["compression"]["feed"]
    game: Engine = load_checked(state)
    again = Table_(game=game)
    assert again.window.feed.lines == ()
    again.until(600, step=10)  # and plays on, its record filling again (a report at 540 s)
    assert game.module("compression").record.past()


def test_the_record_stays_small_and_every_save_loads() -> None:
    """A convoy battle with damage: the save keeps at most 60 feed events and 90 details."""
    from kaleun.uboot.feed_record import DETAILS, FEED_KEPT

    table = convoy_in_sight(900)
    rt = table.runtime
    for condition, section in (("fire", 5), ("leak", 2), ("electrical_fault", 6)):
        rt.submit({"do": "damage", "kind": "environmental", "condition": condition, "section": section})
    table.until(1500, step=30)  # the boat is lost at about 1520 s
    state = json.loads(save_text(table.game))
    kept = state["modules"]["compression"]["feed"]["events"]
    assert sum(1 for e in kept if "feed" in e) <= FEED_KEPT
    assert len(kept) <= FEED_KEPT + sum(DETAILS.values())
    assert load_checked(state).module("compression").record.to_state() == state["modules"]["compression"]["feed"]


def test_10_3_6_a_resumed_window_raises_the_breach_still_counting_down(tmp_path: Path) -> None:
    """§10.3.6 a hull breach left open when the crew stopped still counts down after the resume: the
    window opens with its banner (the time left now, not the time the line was written with) and the
    damage tab lit; the burning fire lights the damage tab too. The convoy reports, aircraft and the
    other alarms of the past stay quiet (they were raised back then)."""
    from window.test_screens_render import busy_table

    table = busy_table("en")
    breach = table.game.module("crew").status()["breaches"]
    left = round(float(breach["4"]["deadline"]) - table.game.t)
    again = resumed(table, tmp_path)
    kind, line = again.window.alarm_shown()
    assert kind == "breach" and "section 4" in line.text
    assert f"{left // 60}:{left % 60:02d} to seal it" in again.window.tr(line.words)
    assert len(again.window.alarms) == 1
    assert dict(again.window.scene().badges) == {"damage": "breach"}
    again.tap("alarm.dismiss")
    assert again.window.alarm_shown() is None


def test_a_resumed_window_lights_the_damage_tab_for_a_fire_still_burning(tmp_path: Path) -> None:
    table = Table_(mission="exercise_convoy", seed=0)
    table.runtime.submit({"do": "damage", "kind": "environmental", "condition": "fire", "section": 5})
    again = resumed(table, tmp_path)
    assert again.window.alarm_shown() is None  # the fire's alarm was raised back then
    assert dict(again.window.scene().badges) == {"damage": "fire"}
    again.tap("tab.damage")
    assert not again.window.scene().badges


def test_10_3_6_a_resumed_window_says_get_out_of_a_section_about_to_flood(tmp_path: Path) -> None:
    """§10.3.6 the breach puzzle failed before the crew stopped: the section floods at the deadline and
    whoever is in it drowns. The resumed window's banner is the failed puzzle's line ("evacuate ...
    before it floods in"), with the time left now."""
    table = Table_(mission="exercise_convoy", seed=0)
    table.runtime.submit({"do": "damage", "kind": "hull_breach", "section": 3})
    table.window.dismiss_alarms()
    table.tap("tab.damage")
    table.tap("repair.breach.3")
    table.tap("sheet.give")
    table.tap("puzzle.3.failed")
    assert table.named("puzzle_failed")
    table.until(20)
    again = resumed(table, tmp_path)
    kind, line = again.window.alarm_shown()
    assert kind == "breach" and line.event == "puzzle_failed"
    assert "floods in 2:40" in again.window.tr(line.words)
