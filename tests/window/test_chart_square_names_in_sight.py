"""The strategic map: the naval grid with squares named and text readable: the map's
lowest row of square names sat half under the hint at its foot ("Touch a square for its course and distance.")
and half under the ticker, the top row under the position note and the top bar, and the squares cut by the map's
sides showed "AK6" or "7". Every name drawn now lies whole in the map and clear of every panel and button over
it; a square with no room in sight for its name shows none rather than a piece of one."""

from __future__ import annotations

import pytest

from window.fingers import Table_, drawn_with_rects


def is_square_name(words: str) -> bool:
    return len(words) == 4 and words[:2].isalpha() and words[:2].isupper() and words[2:].isdigit()


@pytest.mark.parametrize("size", [(800, 480), (1024, 600), (1280, 800)])
@pytest.mark.parametrize("mission", ["sc_convoy_1940", "training"])
@pytest.mark.parametrize("picked", [False, True])
def test_7_every_square_name_whole_in_sight(size: tuple[int, int], mission: str, picked: bool) -> None:
    table = Table_(mission=mission, seed=0, size=size)
    table.window.dismiss_alarms()
    table.tap("tab.map")
    if picked:  # a square touched: the course laid off fills the map's foot
        chart = table.target("map.chart").rect
        table.tap("map.chart", at=(chart.x + chart.w // 4, chart.centery))
        table.target("map.leg")
    drawn = drawn_with_rects(table)
    area = table.window.screens["map"].frame[0]  # type: ignore[attr-defined]
    names = [(words, rect) for words, rect in drawn if is_square_name(words)]
    assert len(names) > 20, names
    others = [(words, rect) for words, rect in drawn if not is_square_name(words) and rect.colliderect(area)]
    covers = [(name, table.window.targets.get(name).rect) for name in  # type: ignore[union-attr]
              ("map.zoom_in", "map.zoom_out", "map.sextant", "map.mission", "map.leg")
              if table.window.targets.get(name) is not None]
    cut = [words for words, rect in names if not area.contains(rect)]
    assert not cut, f"square names cut by the map's edge: {cut}"
    hidden = [(words, what) for words, rect in names for what, over in [*others, *covers] if rect.colliderect(over)]
    assert not hidden, f"square names under a panel, a button or another text: {hidden}"


@pytest.mark.parametrize("size", [(800, 480), (1024, 600), (1280, 800)])
@pytest.mark.parametrize("mission", ["sc_convoy_1940", "patrol_atlantic"])
def test_7_the_large_squares_letters_whole_in_sight(size: tuple[int, int], mission: str) -> None:
    """Zoomed out to the widest span, the large squares' letters ("AD", "BE") sat half under the position note, a
    zoom button or the hint; they now show whole where their squares are in sight, or not at all."""
    table = Table_(mission=mission, seed=0, size=size)
    table.window.dismiss_alarms()
    table.tap("tab.map")
    for _ in range(2):
        table.tap("map.zoom_out")
    drawn = drawn_with_rects(table)
    area = table.window.screens["map"].frame[0]  # type: ignore[attr-defined]
    letters = [(words, rect) for words, rect in drawn if len(words) == 2 and words.isalpha() and words.isupper()]
    assert len(letters) >= 6, letters
    others = [(words, rect) for words, rect in drawn if (words, rect) not in letters and rect.colliderect(area)]
    covers = [(name, table.window.targets.get(name).rect) for name in  # type: ignore[union-attr]
              ("map.zoom_in", "map.zoom_out", "map.sextant", "map.mission", "map.debrief")
              if table.window.targets.get(name) is not None]
    assert not [words for words, rect in letters if not area.contains(rect)]
    hidden = [(words, what) for words, rect in letters for what, over in [*others, *covers] if rect.colliderect(over)]
    assert not hidden, hidden
