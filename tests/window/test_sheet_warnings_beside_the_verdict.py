"""The order assistant, and eyes: what to mind before giving an order is read beside the assistant's
verdict it adds to. A refused TDC order (§8.3: nobody on the bridge for its view) and a refused 88 mm gun order
(§8.4: submerged, in a storm, its rounds spent) drew their warnings under the sheet's few fields, a page of two or
three at 800×480, while the assistant's panel beside them stood half empty. The fields' column now narrows to what
its fields need and the warnings stand in the widened panel under the verdict, whole where it holds them, every
line drawn whole (no ellipsis), in English, German and Russian."""

from __future__ import annotations

from typing import Any

import pytest
from kaleun.ui import theme
from kaleun.ui.order_warnings import order_warnings
from kaleun.ui.widgets import Canvas

from window.fingers import Table_, refused_gun_sheet, render_spying


def warning_lines(table: Table_) -> list[tuple[str, Any]]:
    """The lines drawn in the warnings' colour in the next frame (the warnings, the assistant's headline of a refusal
    among them), with their rectangles."""
    drawn: list[tuple[str, Any]] = []
    real = Canvas.text

    def spy(self, text, pos, size=theme.TEXT_SIZE, color=theme.TEXT, *args, **kwargs):  # type: ignore[no-untyped-def]
        rect = real(self, text, pos, size, color, *args, **kwargs)
        if color == theme.WARNING:
            drawn.append((self.tr(text), rect))
        return rect

    render_spying(table, "text", spy)
    return drawn


def read_all(table: Table_, warnings: list[str]) -> None:
    win = table.window
    panel_left = table.target("sheet.cancel").rect.left
    feed_top = table.target("feed").rect.top
    words = ""
    for _ in range(6):  # the pages, until all is read
        win.cut.clear()
        lines = warning_lines(table)
        assert lines, "the warnings are drawn"
        assert not win.cut, win.cut
        for text, rect in lines:  # in the assistant's panel, above the feed
            assert rect.left >= panel_left and rect.bottom <= feed_top, (text, rect, panel_left)
        words += " " + " ".join(text for text, _ in lines)
        if all(word in words for w in warnings for word in w.split()):
            return
        table.tap("sheet.warnings")
    raise AssertionError((warnings, words))


@pytest.mark.parametrize("language", ["en", "de", "ru"])
def test_8_3_the_refused_tdc_orders_warning_stands_whole_beside_its_verdict(language: str) -> None:
    table = Table_(mission="exercise_convoy", seed=0, language=language)
    table.until(600, step=60)  # nobody on the bridge: the TDC has no view
    table.tap("tab.attack")
    table.tap("weapon.tdc")
    win = table.window
    table.render()
    warnings = [win.tr(w) for w in order_warnings(table.game, win.overlay.preview)]
    assert len(warnings) == 1
    read_all(table, warnings)
    assert win.targets.get("sheet.warnings") is None  # whole: no pages to turn


@pytest.mark.parametrize("language", ["en", "de", "ru"])
def test_8_4_a_refused_gun_orders_warnings_stand_beside_its_verdict(language: str) -> None:
    table = refused_gun_sheet(language)
    g = table.game
    win = table.window
    warnings = [win.tr(w) for w in order_warnings(g, win.overlay.preview)]
    assert len(warnings) >= 3
    read_all(table, warnings)
    table.tap("field.rounds=10")  # the fields stay in reach beside them
    assert win.overlay.values["rounds"] == 10
