"""The first-person views under the daylight of the moment, and eyes: an aircraft near the boat
(within the 20 mm gun's reach, the flak action) was drawn above the top of every view (300 m up, 1 nm off: 9° above
the horizon, where the 88 mm sight shows 4°), so nobody at the screen saw the aircraft the lookouts reported, by day
or at night; and at night it was a grey barely lighter than the dark sky. Now an aircraft higher than the view
reaches is drawn at the top of its sky under a mark that says it is higher; at night it stands near black against a
patch of the glow the eye finds it against, fainter as it nears the edge of what the dark lets the lookouts see
(sensors.toml [visual] aircraft), and one beyond that is not drawn at all: the view never shows more than the crew
can see."""

from __future__ import annotations

from typing import Any

from weapons.weaponskit import range_game

from window.fingers import Table_

NIGHT = "1942-12-20T23:00:00"
DAY = "1942-12-20T12:00:00"


def luminance(c: Any) -> float:
    return 0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2]


def view(start: str, range_nm: float | None, optic: str = "gun_sight") -> Table_:
    """A surfaced boat's `optic` turned north, a Sunderland 3° to starboard `range_nm` off (or none), flying away."""
    planes = [] if range_nm is None else [{"type": "sunderland", "bearing": 3, "range_nm": range_nm, "course": 3}]
    table = Table_(game=range_game(0, start=start, surfaced=True, flooded=[], aircraft=planes))
    table.window.dismiss_alarms()
    table.tap("tab.scope")
    table.tap(f"optic.{optic}")
    table.render()
    return table


def sky_pixels(table: Table_) -> list[tuple[int, int]]:
    """The view's sky under its bearing strip, off the reticle's vertical line."""
    scope = table.window.screens["scope"]
    _px, horizon = scope.sight_scale
    right = table.target("scope.left").rect.left - 8  # the view fills the left of the screen
    centre = right // 2
    return [(x, y) for x in range(8, right, 2) for y in range(60 + 28, int(horizon) - 1, 2) if abs(x - centre) > 3]


def drawn(table: Table_, empty: Table_) -> list[tuple[int, int]]:
    """The sky's pixels that differ from the same view with no aircraft about."""
    return [p for p in sky_pixels(table) if table.surface.get_at(p) != empty.surface.get_at(p)]


def test_8_an_aircraft_in_flak_range_at_night_stands_out_in_the_88mm_sight() -> None:
    near, empty = view(NIGHT, 1.0), view(NIGHT, None)
    scope = near.window.screens["scope"]
    assert scope.weather["daylight"] == "night"
    planes = [s for s in scope.seen if s.cls is None]
    assert len(planes) == 1 and planes[0].range_nm < planes[0].limit_nm
    changed = drawn(near, empty)
    assert changed, "the aircraft is not in the view"
    shades = [luminance(near.surface.get_at(p)) for p in changed]
    sky = max(luminance(empty.surface.get_at(p)) for p in changed)
    assert max(shades) - min(shades) >= 30  # a near-black aircraft against the glow around it
    assert min(shades) < sky  # darker than the night sky where it flies: a silhouette, not a light


def test_8_an_aircraft_nearer_the_edge_of_sight_at_night_is_fainter() -> None:
    empty = view(NIGHT, None)

    def spread(table: Table_) -> float:
        shades = [luminance(table.surface.get_at(p)) for p in drawn(table, empty)]
        return max(shades) - min(shades)

    assert 0 < spread(view(NIGHT, 2.0)) < spread(view(NIGHT, 1.0))


def test_8_an_aircraft_beyond_sight_at_night_is_not_drawn() -> None:
    beyond = view(NIGHT, 3.0)  # the dark lets the lookouts see an aircraft 2.4 nm off at most
    assert [s for s in beyond.window.screens["scope"].seen if s.cls is None] == []
    assert drawn(beyond, view(NIGHT, None)) == []


def test_8_an_aircraft_in_flak_range_by_day_is_in_the_view() -> None:
    for optic in ("gun_sight", "binoculars"):
        near, empty = view(DAY, 1.0, optic), view(DAY, None, optic)
        changed = drawn(near, empty)
        assert changed, f"the aircraft is not in the {optic} view"
        sky = luminance(empty.surface.get_at(changed[0]))
        assert sky - min(luminance(near.surface.get_at(p)) for p in changed) >= 60


def test_8_an_aircraft_right_over_the_boat_stays_in_the_sky() -> None:
    """One 500 m off through the binoculars (its span 40 times the field's width in degrees) is drawn no bigger than
    half the sky's height: in the sky, not over the sea and the horizon."""
    near, empty = view(DAY, 0.27, "binoculars"), view(DAY, None, "binoculars")
    assert drawn(near, empty)
    _px, horizon = near.window.screens["scope"].sight_scale
    right = near.target("scope.left").rect.left - 8
    sea = [(x, y) for x in range(8, right, 2) for y in range(int(horizon) + 1, int(horizon) + 60, 2)]
    assert all(near.surface.get_at(p) == empty.surface.get_at(p) for p in sea)
