"""The settings sheet's "Save now": it said "The game is saved." whatever happened, also when the storage had just
refused the save (a full disk, a folder where the save belongs). Now it says what the console's `save` says (what
was saved, where, and how to continue it later: `kaleun.ui.session.saved_line`), and a save that failed is never
called saved."""

from __future__ import annotations

from pathlib import Path

from kaleun.boards.loader import default_board
from kaleun.i18n import language
from kaleun.runtime.loop import Runtime
from kaleun.runtime.outputs import Autosave
from kaleun.runtime.table import Table
from kaleun.uboot.game import new_game
from kaleun.ui.window import Window

from window.fingers import SIZE, Table_


def saving_to(path: Path) -> Table_:
    """A window on a new game whose autosave is `path`."""
    table = Table_()
    game = new_game(seed=7)
    table.game = game
    table.runtime = Runtime(game, Table(default_board(), game), clock=table.clock,
                            autosave=Autosave(game, path, background=False))
    table.window = Window(table.runtime, size=SIZE, clock=table.clock)
    table.window.guard = False
    table.runtime.step()
    return table


def texts(table: Table_) -> list[tuple[str, bool]]:
    return [(language("en").render(line.words), line.problem) for line in table.window.feed.lines]


def test_save_now_says_what_was_saved_where_and_how_to_continue(tmp_path: Path) -> None:
    path = tmp_path / "autosave.json"
    table = saving_to(path)
    table.tap("settings")
    table.tap("settings.save")
    said, problem = texts(table)[-1]
    assert said == f"Game saved as of 1 June 1941, 04:00:00 in {path}. Play on, or leave and continue it later with: " \
                   "kaleun resume" and not problem, said
    assert path.exists()


def test_save_now_never_calls_a_failed_save_saved(tmp_path: Path) -> None:
    (tmp_path / "taken").write_text("a file where the save's folder belongs")
    path = tmp_path / "taken" / "autosave.json"
    table = saving_to(path)
    table.tap("settings")
    for _ in range(2):  # the autosave says its failure once; a second try is answered here
        before = len(table.window.feed.lines)
        table.tap("settings.save")
        new = texts(table)[before:]
        assert len(new) == 1 and new[0][1] and new[0][0].startswith("The game cannot be saved in"), new
    assert not any("saved." in words or "Game saved" in words for words, _ in texts(table)), texts(table)
