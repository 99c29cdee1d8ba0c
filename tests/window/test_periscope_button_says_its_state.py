"""Never colour alone and §6.5 (every look through the periscope is a periscope order, only at periscope
depth): the periscope's button said "Raise" while the periscope was up, only its fill telling the two apart. Down,
it now says "Raise" with an arrow up; up, it says "Raised" and "look again" (what a touch orders) with the
periscope's own icon, whole in English, German and Russian."""

from __future__ import annotations

from typing import Any

import pytest
from kaleun.core.messages import Msg
from kaleun.ui import icons

from window.fingers import Table_, drawn_with_rects

LANGUAGES = ("en", "de", "ru")


def button_face(table: Table_, monkeypatch: pytest.MonkeyPatch) -> tuple[list[str], list[str]]:
    """The words drawn on the periscope's button and the icons drawn on it, in the next frame."""
    drawn_icons: list[tuple[str, Any]] = []
    for name in ("arrow_up", "periscope"):
        real = getattr(icons, name)

        def spy(surface: Any, box: Any, color: Any, name: str = name, real: Any = real) -> None:
            drawn_icons.append((name, box.copy()))
            real(surface, box, color)

        monkeypatch.setattr(icons, name, spy)
    drawn = drawn_with_rects(table)
    button = table.window.targets.get("scope.raise")
    assert button is not None
    monkeypatch.undo()
    return ([words for words, rect in drawn if button.rect.contains(rect)],
            [name for name, box in drawn_icons if button.rect.contains(box)])


@pytest.mark.parametrize("language", LANGUAGES)
def test_6_5_the_periscope_button_says_down_or_up(language: str, monkeypatch: pytest.MonkeyPatch) -> None:
    table = Table_(mission="exercise_escort", seed=0, language=language)
    assert table.game.module("boat").at_periscope_depth
    table.window.dismiss_alarms()
    table.tap("tab.scope")
    table.tap("optic.periscope")
    tr = table.window.tr
    table.window.cut.clear()
    words, drawn = button_face(table, monkeypatch)
    assert words == [tr(Msg("Raise"))] and drawn == ["arrow_up"], (words, drawn)
    table.tap("scope.raise")
    table.tap("sheet.give")
    table.until(table.game.t + 5)
    words, drawn = button_face(table, monkeypatch)
    assert table.window.screens["scope"].periscope_up  # type: ignore[attr-defined]
    assert words == [tr(Msg("Raised")), tr(Msg("look again"))] and drawn == ["periscope"], (words, drawn)
    assert not table.window.cut, f"cut in {language}: {table.window.cut}"
    table.tap("scope.raise")  # another look: the periscope order's sheet again
    table.target("sheet.give")
