"""§7.5 the reload order on the window's sheet: its torpedo choices are named as the tubes and the console name them
("G7e (T III)", German mines "TMB-Grundminen"), not by the data's ids ("G7e_t3"), which no crew calls them."""

from __future__ import annotations

import pytest
from kit import order
from weapons.weaponskit import range_game

from window.fingers import drawn_with_rects, reload_sheet

AUGUST_1942 = "1942-08-01T04:00:00"  # G7a (T I) and G7e (T III) in the bow room's racks


@pytest.mark.parametrize("code", ["en", "de", "ru"])
def test_7_5_the_reload_sheets_torpedoes_read_as_the_tubes_show_them(code: str) -> None:
    g = range_game(start=AUGUST_1942, flooded=[1])
    order(g, "tdc", bearing=0, range_m=1000, course=90, speed_kn=7.5)
    order(g, "fire_torpedoes", tubes=[1])
    table = reload_sheet(g, language=code)
    texts = [text for text, _rect in drawn_with_rects(table)]
    assert any("G7e (T III)" in text for text in texts), texts
    assert any("G7a (T I)" in text for text in texts), texts
    assert not any("G7e_t3" in text for text in texts), texts
    table.tap("field.torpedo=G7e_t3")  # the value sent stays the id
    table.tap("sheet.give")
    assert g.module("weapons").status()["tubes"][0]["torpedo"] == "G7e_t3"
