"""The navigator's look ahead along the plot: where the boat's present orders take it aground.

The boat moves in closed form between orders (see `boat`), so where it will be at a later time
under the present course, speed and depth is known exactly; the track is looked at every
`step_nm` of the way against the seabed, and the first position with less water than the boat
needs (its draft surfaced, its keel's depth submerged) is the danger ahead. A step of the way is
a long time for a boat that creeps or lies stopped and drifts with the current (a mile at a third
of a knot is three hours, longer than the plot): the danger is dated where the track first meets
it within the step (`_entry`), never at the step's end, so it comes within the look ahead in time
to be warned of.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Protocol

from kaleun.uboot.sea.geo import NM_PER_DEG
from kaleun.uboot.sea.grid import naval_grid
from kaleun.uboot.sea.seabed import seabed

#: below this ground speed (kn) the boat makes no way worth plotting
_STILL_KN = 0.1
#: a danger is dated to within this many seconds of where the track meets it
_ENTRY_S = 30.0
#: the water depth `first_danger` gives where the track leaves the strategic map (the charted sea): no square there
OFF_CHART = -1.0


class Track(Protocol):
    """What the look ahead reads of the boat: its closed-form motion under the present orders."""

    surfaced: bool
    v0: float
    vt: float
    current: list[float]

    def position_at(self, t: float) -> tuple[float, float]: ...

    def depth_at(self, t: float) -> float: ...


def first_danger(track: Track, start: float, end: float,
                 step_nm: float) -> tuple[float, float, float, float, float] | None:
    """(time, latitude, longitude, water depth, time of the last clear point looked at) of the
    first point of the track after `start`, up to `end`, where the water is shallower than the
    boat needs there; None if there is none."""
    speed = max(abs(track.v0), abs(track.vt)) + abs(track.current[0]) + abs(track.current[1])
    if speed < _STILL_KN or end <= start:
        return None
    bed = seabed()
    grid = naval_grid()
    # nowhere the boat can be before `end` comes near an area of the seabed or the map's edge: nothing to plot
    lat, lon = track.position_at(start)
    charted = grid.square_at(lat, lon) is not None  # on the map: its edge ahead is a danger; off it, only the seabed
    reach = speed * (end - start) / 3600.0 / NM_PER_DEG
    if abs(lat) + reach < 80.0:
        wide = reach / math.cos(math.radians(abs(lat) + reach))
        box = (lat - reach, lat + reach, lon - wide, lon + wide)
        inside = not charted or all(grid.square_at(a, b) is not None for a in box[:2] for b in box[2:])
        if box[2] > -180.0 and box[3] < 180.0 and inside and bed.open_ocean(*box):
            return None
    draft = bed.draft_m
    dt = step_nm / speed * 3600.0
    t = start
    while t < end:
        clear, t = t, min(t + dt, end)
        lat, lon = track.position_at(t)
        if charted and grid.square_at(lat, lon) is None:
            return _entry(track, clear, t, lat, lon, OFF_CHART, _off_chart)
        water = bed.depth_at(lat, lon)
        if water >= bed.ocean_m:  # the open ocean: no boat needs more
            continue
        need = draft if track.surfaced else max(draft, track.depth_at(t))
        if water < need:
            return _entry(track, clear, t, lat, lon, water)
    return None


def _too_shallow(track: Track, t: float) -> tuple[float, float, float] | None:
    """(latitude, longitude, water depth) of the track at `t` if the water there is shallower than the boat needs."""
    bed = seabed()
    lat, lon = track.position_at(t)
    water = bed.depth_at(lat, lon)
    need = bed.draft_m if track.surfaced else max(bed.draft_m, track.depth_at(t))
    return (lat, lon, water) if water < need else None


def _off_chart(track: Track, t: float) -> tuple[float, float, float] | None:
    """(latitude, longitude, `OFF_CHART`) of the track at `t` if it is off the strategic map there."""
    lat, lon = track.position_at(t)
    return (lat, lon, OFF_CHART) if naval_grid().square_at(lat, lon) is None else None


def _entry(track: Track, clear: float, t: float, lat: float, lon: float, water: float,
           found_at: Callable[[Track, float], tuple[float, float, float] | None] = _too_shallow,
           ) -> tuple[float, float, float, float, float]:
    """The danger found at `t`, the step's end, dated where the track first meets it after `clear` (halving the
    step until it is shorter than `_ENTRY_S`), with the last clear time before it."""
    while t - clear > _ENTRY_S:
        mid = (clear + t) / 2.0
        found = found_at(track, mid)
        if found is None:
            clear = mid
        else:
            t, (lat, lon, water) = mid, found
    return t, lat, lon, water, clear
