"""The first-person views, and eyes: an aircraft nearer and higher than the view reaches is drawn at
the top of its sky under a mark that says it is higher. Through the binoculars that mark sat where the two
eyepieces meet, or by the rim of one, behind the dark edge around them: the aircraft showed with no sign that it
flies higher. The mark is now whole inside the eyepieces wherever the aircraft is in the field of view."""

from __future__ import annotations

import pytest
from weapons.weaponskit import range_game

from window.fingers import Table_

DAY = "1942-12-20T12:00:00"


def view(optic: str, bearing: float | None) -> Table_:
    """A surfaced boat's `optic` turned north by day, a Sunderland `bearing` degrees off it 0.6 nm away (or none):
    300 m up, far above the top of the view."""
    planes = [] if bearing is None else [{"type": "sunderland", "bearing": bearing % 360, "range_nm": 0.6,
                                          "course": bearing % 360}]
    table = Table_(game=range_game(0, start=DAY, surfaced=True, flooded=[], aircraft=planes))
    table.window.dismiss_alarms()
    table.tap("tab.scope")
    table.tap(f"optic.{optic}")
    table.render()
    return table


def mark_pixels(table: Table_, empty: Table_) -> int:
    """The pixels of the mark above the aircraft that can be seen: what the aircraft changed in the view, in the rows
    above the first row it leaves unchanged (the gap between the mark and the aircraft under it)."""
    right = table.target("scope.left").rect.left - 8
    _px, horizon = table.window.screens["scope"].sight_scale
    rows: dict[int, int] = {}
    for y in range(table.window.layout.content.y + 30, int(horizon)):
        for x in range(8, right):
            if table.surface.get_at((x, y)) != empty.surface.get_at((x, y)):
                rows[y] = rows.get(y, 0) + 1
    assert rows, "the aircraft is not in the view"
    first = min(rows)
    count = 0
    for y in range(first, int(horizon)):
        if y not in rows:
            return count
        count += rows[y]
    return 0  # no gap: no mark apart from the aircraft


@pytest.fixture(scope="module")
def whole_mark() -> int:
    """The mark's pixels where nothing hides it: the 88 mm sight has no eyepiece (the aircraft off its reticle's
    vertical line)."""
    return mark_pixels(view("gun_sight", 2), view("gun_sight", None))


@pytest.mark.parametrize("bearing", [-3.0, -2.0, -1.0, 0.0, 1.0, 2.0, 3.0])
def test_8_the_higher_mark_over_an_aircraft_is_whole_inside_the_binoculars(bearing: float, whole_mark: int) -> None:
    assert whole_mark >= 30
    seen = mark_pixels(view("binoculars", bearing), view("binoculars", None))
    assert abs(seen - whole_mark) <= 2, (seen, whole_mark)  # the mark, whole, not the aircraft under it
