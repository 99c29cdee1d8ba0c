"""The console's fingers and eyes ("text readable from 1 m"): on every screen and sheet, in English,
German and Russian, no text is drawn over another (the dive sheet's "+3 more" once sat on "Paid
from the command bar."). Each text a screen or sheet draws is kept with its box; the boxes, less
the font's blank leading, must not overlap."""

from __future__ import annotations

from typing import Any

import pytest

from window.fingers import Table_, texts_drawn_by
from window.test_screens_render import LANGUAGES, busy_table, views

#: the blank leading above and below a line's letters that may touch the next line's
LEADING = 3


def texts_drawn(table: Table_) -> list[tuple[Any, str]]:
    """(box, words) of every text the screen or sheet on top draws in the next frame (the top bar,
    the ticker and the tabs around it are laid out apart by the frame), less the blank leading."""
    win = table.window
    top = win.overlay if win.overlay is not None else win.screens[win.tab]
    return [(box.inflate(0, -2 * LEADING), words) for box, words in texts_drawn_by(table, top, "draw", clipped=True)]


def overlaps(drawn: list[tuple[Any, str]]) -> list[tuple[str, str]]:
    out = []
    for i, (a, words_a) in enumerate(drawn):
        for b, words_b in drawn[i + 1:]:
            both = a.clip(b)
            if both.w > 2 and both.h > 2:
                out.append((words_a, words_b))
    return out


@pytest.mark.parametrize("language", LANGUAGES)
def test_10_no_text_is_drawn_over_another(language: str) -> None:
    table = busy_table(language)
    win = table.window
    for name, show in views(table):
        win.close_overlay()
        show()
        found = overlaps(texts_drawn(table))
        assert not found, f"{name} in {language}: texts over each other: {found}"


@pytest.mark.parametrize("language", LANGUAGES)
def test_10_the_dive_sheet_lists_its_crew_clear_of_the_bar_it_is_paid_from(language: str) -> None:
    """§3 a dive with its crew missing, four sailors activated and a lookout on the bridge: the
    assistant's crew list ends above "Paid from the command bar." and the warning stands apart."""
    table = Table_(mission="exercise_convoy_battle", seed=0, language=language)
    table.tap("mobilize")
    table.tap("sheet.give")
    table.drag("figure.navigator-square", "section.8")
    table.tap("tab.helm")
    table.tap("order.dive")
    drawn = texts_drawn(table)
    assert len(drawn) > 6
    assert not overlaps(drawn)
