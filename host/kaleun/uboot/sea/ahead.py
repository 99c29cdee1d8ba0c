"""The navigator's look ahead along the plot: where the boat's present orders take it aground.

The boat moves in closed form between orders (see `boat`), so where it will be at a later time
under the present course, speed and depth is known exactly; the track is looked at every
`step_nm` of the way against the seabed, and the first position with less water than the boat
needs (its draft surfaced, its keel's depth submerged) is the danger ahead.
"""

from __future__ import annotations

import math
from typing import Protocol

from kaleun.uboot.sea.geo import NM_PER_DEG
from kaleun.uboot.sea.seabed import seabed

#: below this ground speed (kn) the boat makes no way worth plotting
_STILL_KN = 0.1


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
    # nowhere the boat can be before `end` comes near an area of the seabed: nothing to plot
    lat, lon = track.position_at(start)
    reach = speed * (end - start) / 3600.0 / NM_PER_DEG
    if abs(lat) + reach < 80.0:
        wide = reach / math.cos(math.radians(abs(lat) + reach))
        box = (lat - reach, lat + reach, lon - wide, lon + wide)
        if box[2] > -180.0 and box[3] < 180.0 and bed.open_ocean(*box):
            return None
    draft = bed.draft_m
    dt = step_nm / speed * 3600.0
    t = start
    while t < end:
        clear, t = t, min(t + dt, end)
        lat, lon = track.position_at(t)
        water = bed.depth_at(lat, lon)
        if water >= bed.ocean_m:  # the open ocean: no boat needs more
            continue
        need = draft if track.surfaced else max(draft, track.depth_at(t))
        if water < need:
            return t, lat, lon, water, clear
    return None
