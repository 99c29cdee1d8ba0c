"""Rulebook §5.2 (a linked patrol over several evenings) and §4.3 (the campaign): after a linked part ends whose
result a damaged career record could not book, the window's "Save now" said why with "(kaleun career says why)", a
command a touch-only group has no keyboard for. It now points to the set-up's Career record page, which shows why
(as the set-up's own warnings do); the terminal's line still names `kaleun career`."""

from __future__ import annotations

from pathlib import Path

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
            "repaired or moved away") in said, said
    # the terminal still names the command its keyboard has
    assert "(kaleun career says why)" in language("en").render(saved_line(table.game))
