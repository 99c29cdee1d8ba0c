"""A warning under an order sheet's fields is read whole (the console's every order by touch and fingers and eyes: the
order assistant says what to mind before the order is given). Programming the TDC with nobody on the bridge (§8.3:
the TDC works from the lookouts' view) warned "... the order would go ahead witho…", cut with an ellipsis
under the sheet's three fields, in English, German and Russian. A warning the room under the fields cannot
hold now shows page by page, its page's number on the last line, the next lines a touch away."""

from __future__ import annotations

import pytest
from kaleun.ui.order_warnings import order_warnings

from window.fingers import Table_, refused_gun_sheet, shown


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


@pytest.mark.parametrize("language", ["en", "de", "ru"])
def test_8_4_each_warning_of_a_refused_gun_order_is_read_whole_from_one_page(language: str) -> None:
    """The 88 mm gun ordered at periscope depth in a storm with its rounds spent (§8.4) is refused for the boat
    being submerged and warned of the sea, the rounds and its crew: more than the room under the sheet's fields
    holds at 800×480. A page ends where a warning ends, so none is begun on one page and ended on the next (the
    rounds' warning was split after "no ammunition left for", to be read aloud across a touch)."""
    table = refused_gun_sheet(language)
    g = table.game
    win = table.window
    warnings = [" ".join(win.tr(w).split()) for w in order_warnings(g, win.overlay.preview)]
    assert len(warnings) >= 3
    pages: list[str] = []
    for _ in range(len(warnings) + 1):  # the pages, until the first again
        win.cut.clear()
        # the lines drawn (each warning's whole text is read once to wrap it, drawn or not)
        page = " ".join(" ".join(t for t in shown(table) if " ".join(t.split()) not in warnings).split())
        assert not win.cut, win.cut
        if pages and page == pages[0]:
            break
        pages.append(page)
        table.tap("sheet.warnings")
    assert len(pages) > 1  # paged: the room does not hold them all
    for warning in warnings:
        assert any(warning in page for page in pages), (warning, pages)


@pytest.mark.parametrize("language", ["en", "de", "ru"])
def test_9_2_1_the_tdc_sheet_with_the_disc_set_keeps_its_warning_above_the_feed(language: str) -> None:
    """§9.2.1 the attack disc with §8.3 the TDC's view: once the disc is set the TDC sheet has a fourth field (where
    the target data come from), and its four fields filled the sheet: the warning of nobody on the bridge and its
    page number were drawn below the sheet, under the feed, where no eye reads them and no finger reaches them. The
    warning now stands in the order assistant beside the fields, which all show."""
    from window.fingers import drawn_with_rects

    table = Table_(mission="exercise_convoy_battle", seed=0, language=language)
    table.window.dismiss_alarms()
    table.runtime.submit({"do": "attack_disc", "own_course": 0, "enemy_course": 30, "bearing": 10})
    table.tap("tab.attack")
    table.tap("weapon.tdc")
    table.tap("field.source=disc")
    win = table.window
    warnings = [win.tr(w) for w in order_warnings(table.game, win.overlay.preview)]
    assert warnings, "nobody on the bridge: the TDC sheet warns"
    feed_top = table.target("feed").rect.top
    words = ""
    for _ in range(6):  # the warning's pages, until the first again
        win.cut.clear()
        drawn = drawn_with_rects(table)
        assert not win.cut, win.cut
        sheet_lines = [(text, rect) for text, rect in drawn if rect.top < feed_top]
        words += " " + " ".join(text for text, _ in sheet_lines)
        assert all(rect.bottom <= feed_top for _, rect in sheet_lines), sheet_lines
        if all(word in words for word in warnings[0].split()):
            break
        table.tap("sheet.warnings")
    assert all(word in words for word in warnings[0].split()), (warnings[0], words)
    table.tap("field.spread_deg=6")  # the depth and the spread in reach beside the warning
    assert table.window.overlay.values["spread_deg"] == 6
