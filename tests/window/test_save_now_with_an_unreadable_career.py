"""Rulebook §5.2 (a linked patrol over several evenings) and §4.3 (the campaign): after a linked part ends whose
result a damaged career record could not book, the window's "Save now" said why with "(kaleun career says why)", a
command a touch-only group has no keyboard for. It now points to the set-up's Career record page, which shows why
(as the set-up's own warnings do); the terminal's line still names `kaleun career`. It then still said `kaleun play
--linked books this mission's result and goes on`, a command too: it now says what to touch once the record is
repaired, the debrief's Next part (or Next mission), or Save and quit where the window offers no next game."""

from __future__ import annotations

from pathlib import Path

import pytest
from kaleun.boards.loader import default_board
from kaleun.career import career_path
from kaleun.i18n import language
from kaleun.runtime.loop import Runtime
from kaleun.runtime.outputs import Autosave
from kaleun.runtime.table import Table
from kaleun.uboot.game import new_game
from kaleun.uboot.missions.setup import GameSetup, changes_for
from kaleun.ui.session import saved_line
from kaleun.ui.window import Window

from window.fingers import SIZE, Table_
from window.test_after_the_end_play_on_by_touch import ended_in_the_window, touch

HERE = {"id": "here", "kind": "reach", "square": "AL03", "text": "Be in AL03."}  # sc_convoy_1940 starts there


def ended_part_with_a_damaged_record(home: Path) -> Table_:
    """sc_convoy_1940 played linked, shortened to an hour with its one objective met at once, played to its end by a
    window without the debrief's next game, the career record damaged."""
    career_path().parent.mkdir(parents=True, exist_ok=True)
    career_path().write_text("{damaged", encoding="utf-8")
    setup = GameSetup(mission="sc_convoy_1940", seed=3, mode="linked")
    game = new_game(3, "sc_convoy_1940", {**changes_for(setup), "time_limit_h": 1.0, "encounter": [], "radio": [],
                                          "air_cover": "none", "traffic": "none", "par_grt": 0, "objective": [HERE]})
    table = Table_()
    table.game = game
    table.runtime = Runtime(game, Table(default_board(), game), clock=table.clock,
                            autosave=Autosave(game, home / "autosave.json", background=False))
    table.window = Window(table.runtime, size=SIZE, clock=table.clock)
    table.window.guard = False
    table.until(3600.0)
    assert game.module("mission").over
    return table


def test_5_2_save_now_after_a_linked_part_points_to_the_career_record_page_not_a_command(home: Path) -> None:
    table = ended_part_with_a_damaged_record(home)
    win = table.window
    win.close_overlay()  # the debrief the end opened: the map, then the settings
    table.tap("settings")
    table.tap("settings.save")
    said = language("en").render(win.feed.lines[-1].words)
    assert "kaleun career" not in said, said
    assert ("the career record cannot be read (Career record on the set-up's first page says why): once it is "
            "repaired or moved away, touch Save and quit: the next start books this mission's result and goes on from "
            "it.") in said, said
    assert "kaleun play" not in said, said
    # the terminal still names the command its keyboard has
    assert "(kaleun career says why)" in language("en").render(saved_line(table.game))


def _saved_now_after_the_end(home: Path, monkeypatch: pytest.MonkeyPatch, **played: str):
    """The window `kaleun play` opens (it offers the next game on the debrief), a part `played` to its end with the
    career record damaged, then Save now: the window, the record and what the feed said."""
    record = career_path()
    record.parent.mkdir(parents=True, exist_ok=True)
    record.write_text("{broken", encoding="utf-8")
    win = ended_in_the_window(monkeypatch, **played)
    win.close_overlay()
    touch(win, "settings")
    touch(win, "settings.save")
    return win, record, win.lang.render(win.feed.lines[-1].msg)


def test_5_2_save_now_names_the_next_parts_button_that_goes_on_once_the_record_is_mended(
        home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """§5.2 (a linked part): Save now says to touch the debrief's Next part once the record is repaired or moved away,
    no command; and as said, the debrief opened again from the map offers it (it did not, the record read again) and
    it goes on to the patrol's next part."""
    win, record, said = _saved_now_after_the_end(home, monkeypatch)
    assert said == ("Game saved. The mission is over (won) and cannot be played on; the career record cannot be read "
                    "(Career record on the set-up's first page says why): once it is repaired or moved away, touch "
                    "Next part on the debrief (Map, then Debrief): this mission's result is booked then and the game "
                    "goes on."), said
    record.rename(record.with_name("career.json.damaged"))
    touch(win, "tab.map")
    touch(win, "map.debrief")
    touch(win, "debrief.next")
    setup = win.overlay
    assert setup is not None and setup.id == "setup" and setup.mode == "linked", win.lang.render(win.feed.lines[-1].msg)
    win.quit()
    win.runtime.close()


def test_4_3_save_now_names_the_next_missions_button_once_the_record_is_repaired(
        home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """§4.3 (a campaign mission; the campaign is kept in its record alone, so only a repaired record goes on): Save now
    says to touch the debrief's Next mission once the record is repaired, no command."""
    win, _record, said = _saved_now_after_the_end(home, monkeypatch, mission="prize_rules_1939", mode="campaign")
    assert said.endswith("the career record cannot be read (Career record on the set-up's first page says why): once "
                         "it is repaired, touch Next mission on the debrief (Map, then Debrief): this mission's result "
                         "is booked then and the campaign goes on."), said
    assert "kaleun" not in said, said
    win.quit()
    win.runtime.close()
