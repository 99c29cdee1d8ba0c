"""The strategic map: the naval grid with squares named and the console's fingers and eyes: the grid's
squares south of AL03 are a sixth narrower than those north of it (the naval grid's rows are not all alike), and
at the span a map opens with their names were as wide as the squares themselves: "AM41AM42AM43" ran together
from one grid line to the next. Each name now stays inside its own square, squeezed a little where it must."""

from __future__ import annotations

import pytest

from window.fingers import Table_, drawn_with_rects


@pytest.mark.parametrize("mission", ["sc_convoy_1940", "patrol_atlantic", "training"])
def test_7_the_square_names_keep_apart(mission: str) -> None:
    table = Table_(mission=mission, seed=0)
    table.tap("tab.map")
    drawn = drawn_with_rects(table)
    names = [(words, rect) for words, rect in drawn if len(words) == 4 and words[:2].isalpha() and words[2:].isdigit()]
    assert len(names) > 20, names
    gap = table.window.layout.size(2)
    crowded = [(a, b) for i, (a, ra) in enumerate(names) for b, rb in names[i + 1:]
               if ra.inflate(2 * gap, 0).colliderect(rb)]
    assert not crowded, crowded
