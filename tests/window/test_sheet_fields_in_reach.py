"""Issue 10 items 1 and 10-11: every choice of every order sheet is within reach at 800x480 in English,
German and Russian — each field's buttons lie whole inside the sheet and nothing (the ticker, the
tab bar) covers them. The Russian meal sheet once put its lemon row (§9.4: the lemon against
scurvy) under the alarm banner, its labels being two lines long: a touch-only crew could not add it."""

from __future__ import annotations

import pytest
from kaleun.ui.forms import FORMS

from window.test_screens_render import LANGUAGES, busy_table


@pytest.mark.parametrize("language", LANGUAGES)
def test_10_every_sheet_choice_lies_whole_inside_the_sheet_and_uncovered(language: str) -> None:
    table = busy_table(language)
    win = table.window
    content = win.layout.content
    lost: list[tuple[str, str]] = []
    for name in FORMS:
        win.close_overlay()
        win.open_form(name)
        table.render()
        fields = [t for t in win.targets.items if t.id.startswith("field.") or t.id.startswith("sheet.")]
        assert fields or name, name
        for t in fields:
            under = win.targets.at(t.rect.center)
            if not content.contains(t.rect) or under is None or under.id != t.id:
                lost.append((name, t.id))
    assert not lost, f"sheet choices out of reach in {language}: {lost}"


@pytest.mark.parametrize("language", LANGUAGES)
def test_9_4_the_meal_sheet_offers_the_lemon_in_reach(language: str) -> None:
    """§9.4 the pyramid of the busy game has a lemon (place 4): the meal sheet shows it and a touch takes it."""
    table = busy_table(language)
    win = table.window
    win.close_overlay()
    win.open_form("prepare_meal")
    lemon = table.target("field.lemon=4")
    assert win.layout.content.contains(lemon.rect)
    table.tap("field.lemon=4")
    table.render()
    assert win.overlay is not None and getattr(win.overlay, "values", {}).get("lemon") == 4
