"""The strategic map: the naval grid with squares named: zoomed out to the widest spans the map names the
large squares by their letters; on the Atlantic patrol, out of Lorient in BF54, the boat's mark sat on the "B" of
"BF", the square the crew most wants to read. The letters now go just above (or below) the mark when the mark
would cover them."""

from __future__ import annotations

import pytest
from kaleun.ui.screens.chart import BOAT_R
from pygame import Rect

from window.fingers import Table_, drawn_with_rects


@pytest.mark.parametrize("code", ["en", "de", "ru"])
def test_7_the_large_squares_letters_clear_of_the_boats_mark(code: str) -> None:
    table = Table_(mission="patrol_atlantic", seed=0, language=code)
    table.tap("tab.map")
    for _ in range(2):  # the widest span: the large squares by their letters
        table.tap("map.zoom_out")
    drawn = drawn_with_rects(table)
    area = table.target("map.chart").rect
    size = table.window.layout.size
    mark = Rect(0, 0, size(2 * BOAT_R), size(2 * BOAT_R))
    mark.center = area.center  # the map is centred on the boat by dead reckoning
    letters = {words: rect for words, rect in drawn if len(words) == 2 and words.isalpha() and words.isupper()}
    assert "BF" in letters and len(letters) >= 4, sorted(letters)  # the boat's large square is named, and others
    covered = [words for words, rect in letters.items() if rect.colliderect(mark)]
    assert not covered, (covered, mark)
