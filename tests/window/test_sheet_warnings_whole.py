"""A warning under an order sheet's fields is read whole (the console's every order by touch and fingers and eyes: the
order assistant says what to mind before the order is given). Programming the TDC with nobody on the bridge (§8.3:
the TDC works from the lookouts' view) warned "... the order would go ahead witho…", cut with an ellipsis
under the sheet's three fields, in English, German and Russian. A warning the room under the fields cannot
hold now shows page by page, its page's number on the last line, the next lines a touch away."""

from __future__ import annotations

import pytest
from kaleun.ui.order_warnings import order_warnings

from window.fingers import Table_, shown


@pytest.mark.parametrize("language", ["en", "de", "ru"])
def test_8_3_the_tdc_sheets_warning_of_no_lookout_is_read_whole_page_by_page(language: str) -> None:
    table = Table_(mission="exercise_convoy", seed=0, language=language)
    table.until(600, step=60)  # nobody on the bridge: the TDC has no view
    table.tap("tab.attack")
    table.tap("weapon.tdc")
    win = table.window
    sheet = win.overlay
    table.render()
    warnings = [win.tr(w) for w in order_warnings(table.game, sheet.preview)]
    assert len(warnings) == 1
    win.cut.clear()
    drawn = shown(table)
    assert not win.cut, win.cut
    words = " ".join(drawn)
    for _ in range(5):  # the pages, until the first again
        if all(word in words for word in warnings[0].split()):
            break
        table.tap("sheet.warnings")
        words += " " + " ".join(shown(table))
    assert all(word in words for word in warnings[0].split()), (warnings[0], words)
    assert not win.cut, win.cut
