"""The strategic map, and fingers: zoomed out to the widest spans the naval grid's squares were a
third of a fingertip wide (14 pixels at 800×480), so a touch laid off the course to whichever square the finger's
edge fell in. Where the squares are narrower than a fingertip a touch now zooms in there first, to the widest span
whose squares take a finger, and the next touch picks the square; the large squares' borders stand out among squares
too small to name; the hint says what a touch does; a mark on the map's edge points to the boat out of sight; **−**
goes back to the map round the boat."""

from __future__ import annotations

from typing import Any

import pygame
import pytest
from kaleun.uboot.sea.grid import naval_grid
from kaleun.ui import theme
from kaleun.ui.screens.chart import CLOSER, NOTES, SPANS

from window.fingers import Table_, shown


def boat_marks(table: Table_, monkeypatch: pytest.MonkeyPatch) -> list[list[tuple[int, int]]]:
    """The shapes filled in the boat's colour in the next frame."""
    from kaleun.ui import theme as colours

    filled: list[list[tuple[int, int]]] = []
    polygon = pygame.draw.polygon

    def spy(surface: Any, color: Any, points: Any, width: int = 0) -> Any:
        if width == 0 and tuple(color)[:3] == colours.OWN_BOAT:
            filled.append([tuple(p) for p in points])
        return polygon(surface, color, points, width)

    with monkeypatch.context() as m:
        m.setattr(pygame.draw, "polygon", spy)
        table.render()
    return filled


def map_point(table: Table_, pos: tuple[int, int]) -> tuple[float, float]:
    """The latitude and longitude under a point of the map as last drawn."""
    area, lat0, lon0, k, coslat = table.window.screens["map"].frame  # type: ignore[attr-defined]
    return lat0 - (pos[1] - area.centery) / k, lon0 + (pos[0] - area.centerx) / (coslat * k)


@pytest.mark.parametrize("language", ["en", "de", "ru"])
def test_7_a_touch_on_the_widest_map_looks_closer_then_picks_the_square_under_the_finger(
        language: str, monkeypatch: pytest.MonkeyPatch) -> None:
    table = Table_(mission="exercise_convoy", seed=0, language=language)
    table.window.dismiss_alarms()
    win = table.window
    table.tap("tab.map")
    for _ in range(2):
        table.tap("map.zoom_out")
    assert win.ui["map_span"] == SPANS[-1]
    table.render()
    need = win.layout.size(theme.MIN_TARGET)
    assert win.screens["map"].square_w < need  # the squares: narrower than a fingertip
    said = shown(table)
    assert win.tr(CLOSER[0]) in said and win.tr(NOTES[0]) not in said
    area = table.target("map.chart").rect
    finger = (area.centerx + 200, area.centery - 60)
    meant = naval_grid().name_at(*map_point(table, finger))
    assert meant is not None

    table.tap("map.chart", finger)
    assert win.ui.get("map_pick") is None  # no square picked by a finger wider than three of them
    table.render()
    assert win.screens["map"].square_w >= need  # the squares now take a finger
    span = win.ui["map_span"]  # the widest such: at the next span out they would not
    assert win.screens["map"].square_w * span / SPANS[SPANS.index(span) + 1] < need
    said = shown(table)
    assert win.tr(NOTES[0]) in said and win.tr(CLOSER[0]) not in said
    nav = table.game.module("navigation").status()
    _, lat0, lon0, k, coslat = win.screens["map"].frame
    boat = (area.centerx + (nav["dr_lon"] - lon0) * coslat * k, area.centery - (nav["dr_lat"] - lat0) * k)
    assert not area.collidepoint(boat)  # the boat out of sight ...
    marks = boat_marks(table, monkeypatch)
    assert len(marks) == 1  # ... a mark on the map points to it, clear of the panels and buttons
    mark = marks[0]
    assert all(area.collidepoint(p) for p in mark)
    covers = [table.target(name).rect for name in ("map.zoom_in", "map.zoom_out", "map.sextant")]
    assert not [c for c in covers for p in mark if c.collidepoint(p)]
    middle = (sum(x for x, _ in mark) / 3, sum(y for _, y in mark) / 3)
    tip = max(mark, key=lambda p: (p[0] - middle[0]) ** 2 + (p[1] - middle[1]) ** 2)  # the sharp end
    towards = (boat[0] - area.centerx, boat[1] - area.centery)
    assert (tip[0] - middle[0]) * towards[0] + (tip[1] - middle[1]) * towards[1] > 0
    table.tap("map.chart", area.center)  # the place touched is now the map's centre
    assert win.ui.get("map_pick") == ("square", meant)
    table.tap("map.leg_close")
    table.tap("map.zoom_out")  # the overview round the boat again
    assert not boat_marks(table, monkeypatch)
    assert "map_centre" not in win.ui
    lat, lon = map_point(table, area.center)
    assert (round(lat, 3), round(lon, 3)) == (round(nav["dr_lat"], 3), round(nav["dr_lon"], 3))
