"""The settings sheet's "Save now": it said "The game is saved." whatever happened, also when the storage had just
refused the save (a full disk, a folder where the save belongs), and marked it as a refusal. Now a save that failed
is never called saved, and a save done is a plain line."""

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


def test_save_now_says_the_game_is_saved_when_it_is(tmp_path: Path) -> None:
    path = tmp_path / "autosave.json"
    table = saving_to(path)
    table.tap("settings")
    table.tap("settings.save")
    said, problem = texts(table)[-1]
    assert said == "The game is saved." and not problem, said  # a plain line, not marked as a refusal
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
