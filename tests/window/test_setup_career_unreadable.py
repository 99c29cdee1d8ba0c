"""The window's new-game set-up with a career record that cannot be read (rulebook §4.3, §5.2: the record carries a
linked patrol and the campaign). `kaleun play --mission` starts a mission with objectives all the same and says at
the start that its result is booked once the record is repaired; the window's set-up refused every mission but the
one already open with the record's damage (cut at the foot of the page) and warned of nothing before "Start". It
now starts a single mission, says before "Start" what the damage means for the set-up chosen, and the game's feed
says it at the start as the console does. The record is left as it was."""

from __future__ import annotations

from pathlib import Path

import pytest
from kaleun.career import career_path, start_configured
from kaleun.core.messages import Msg
from kaleun.uboot.missions.setup import GameSetup
from kaleun.ui.window import TICKER_PAGE_SECONDS

from window.fingers import choose_mission, shown
from window.test_setup_screen import set_up_window

DAMAGED = '{"format": "kaleun-career", "version": 1, "missions": ['


def _warned_before_start(language: str, mission: str, *taps: str):
    """The set-up with a damaged career record, `mission` chosen and the crew's page open (`taps` on it): the
    record's warning stands there before "Start", in the table's language, whole."""
    career_path().write_text(DAMAGED)
    table, made = set_up_window(language)
    choose_mission(table, mission)
    table.tap("setup.next")
    for tap in taps:
        table.tap(tap)
    table.window.cut.clear()
    said = shown(table)
    button = table.window.tr(Msg("Career record"))  # the warning names the page that says why, the group can touch
    warning = next((text for text in said if button in text and text != button), None)
    assert warning is not None, said
    assert not table.window.cut, table.window.cut
    return table, made


@pytest.mark.parametrize("language", ["en", "de", "ru"])
def test_4_3_a_mission_with_objectives_starts_from_the_set_up_and_says_the_record_cannot_be_read(
        home: Path, language: str) -> None:
    table, made = _warned_before_start(language, "prize_rules_1939")
    win = table.window
    table.tap("setup.start")
    assert len(made) == 1 and not win.holding  # the mission is played
    assert made[0][0].config["mission"] == "prize_rules_1939"
    newest = win.scene().feed[-1]
    words = win.tr(newest.words)
    assert newest.problem and words.startswith(f"{career_path()}: ") and "kaleun resume" in words, words
    for _ in range(4):  # the line in the ticker, page by page, every row whole (the record's path too)
        win.cut.clear()
        table.render()
        assert not win.cut, win.cut
        table.clock.now += TICKER_PAGE_SECONDS
    if language == "en":
        assert words.endswith("the file was kept as it is. The mission is played; its result is booked in the career "
                              "record once the record is repaired or moved away (kaleun resume of its save books it).")
    assert career_path().read_text() == DAMAGED


@pytest.mark.parametrize("language", ["en", "de", "ru"])
def test_5_2_a_linked_patrol_says_before_start_that_the_record_it_goes_on_from_cannot_be_read(
        home: Path, language: str) -> None:
    table, made = _warned_before_start(language, "sc_convoy_1940", "setup.mode.linked")
    win = table.window
    table.tap("setup.start")
    assert made == [] and win.holding  # refused with the record's problem, the record as it was
    assert career_path().read_text() == DAMAGED


def test_4_3_a_practice_mission_warns_of_nothing_and_a_single_mission_starts_without_the_record(home: Path) -> None:
    """The training patrol has no objectives, nothing to book: no warning. A single mission takes nothing from the
    record, so the set-up starts it whatever the record holds (a linked patrol still needs it)."""
    career_path().write_text(DAMAGED)
    table, _ = set_up_window()
    choose_mission(table, "training")
    table.tap("setup.next")
    button = table.window.tr(Msg("Career record"))
    assert not any(button in text or "kaleun career" in text for text in shown(table))
    game = start_configured(GameSetup(mission="prize_rules_1939", difficulty={"captain": "hard"}))
    assert game.config["mission"] == "prize_rules_1939"
    assert career_path().read_text() == DAMAGED
