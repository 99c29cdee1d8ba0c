"""A new game's greeting: the console began with "First steps: ..." (how a crew starts), the window with the
game's first line alone. Both now take it from one place (`kaleun.ui.session.first_steps`), the window's worded
for touch, in the table's language, as its feed's newest line; a game under way is not greeted again."""

from __future__ import annotations

import io

import pytest
from kaleun.i18n import language
from kaleun.saves import open_save, save_game
from kaleun.ui.console import Console
from kaleun.ui.session import first_steps

from window.fingers import Table_, shown


@pytest.mark.parametrize("mission", ["training", "exercise_escort"])  # surfaced, and submerged
@pytest.mark.parametrize("code", ["en", "de", "ru"])
def test_a_new_game_in_the_window_greets_with_the_first_steps(code: str, mission: str) -> None:
    from kaleun.ui.typeface import missing_glyphs

    table = Table_(language=code, mission=mission)
    steps = first_steps(table.game, touch=True)
    assert steps is not None
    newest = table.window.feed.lines[-1]
    assert newest.words == steps and not newest.problem and newest.alarm is None
    said = language(code).render(steps)
    assert said.startswith({"en": "First steps:", "de": "Erste Schritte:", "ru": "Первые шаги:"}[code]), said
    assert "Mobilize" in steps.template and "place navigator-square" not in steps.template  # touch, not typing
    table.window.glyph_check = missing_glyphs
    table.window.cut.clear()
    table.render()  # on the ticker over the tabs, whole on the 7" screen, every glyph in the font
    assert said in shown(table) and said not in table.window.cut, table.window.cut
    assert not table.window.missing, table.window.missing
    table.give("mobilize")  # the crew begins: the game's lines take the ticker, the greeting stays in the feed
    table.runtime.step()
    table.window.cut.clear()
    assert said not in shown(table) and not table.window.cut, table.window.cut
    assert steps in [line.words for line in table.window.feed.lines]


def test_the_console_greets_from_the_same_place() -> None:
    table = Table_()
    out = io.StringIO()
    console = Console(table.runtime, stdin=io.StringIO(), stdout=out, interactive=True)
    console._first_steps()
    steps = first_steps(table.game)
    assert steps is not None and out.getvalue() == language("en").render(steps) + "\n"


def test_a_game_under_way_opens_without_the_greeting(tmp_path) -> None:
    table = Table_()
    table.until(120)
    path = tmp_path / "autosave.json"
    save_game(table.game, path)
    resumed = Table_(game=open_save(path).engine)
    assert not any(str(line.words).startswith("First steps") for line in resumed.window.feed.lines)
