"""Places a mission names: a set of naval grid squares, a box of latitude and longitude, or a circle
around a point. Objectives and encounters use them; every test is on the boat's *true* position
(what really happened), never on the navigator's reckoning.

In a mission file an area is given by one of these keys of the table that holds it:

    square = "AE67"                      one square of the strategic map
    squares = ["AE67", "AE68"]           any of several squares
    box = [south, north, west, east]     degrees (west negative)
    point = [lat, lon], radius_nm = 3    within so many nautical miles of a point
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from kaleun.core.args import finite_number
from kaleun.core.messages import N_, Msg
from kaleun.uboot.sea import geo
from kaleun.uboot.sea.grid import GridError, naval_grid

AREA_KEYS = ("square", "squares", "box", "point")


@dataclass(frozen=True)
class Area:
    squares: tuple[str, ...] = ()
    box: tuple[float, float, float, float] | None = None
    point: tuple[float, float] | None = None
    radius_nm: float = 0.0

    def contains(self, lat: float, lon: float) -> bool:
        if self.squares:
            return naval_grid().name_at(lat, lon) in self.squares
        if self.box is not None:
            s, n, w, e = self.box
            return s <= lat <= n and w <= geo.norm180(lon) <= e
        assert self.point is not None
        return self.distance_nm(lat, lon) <= self.radius_nm

    def distance_nm(self, lat: float, lon: float) -> float:
        """How far a position is from the area's centre (the point, the box's or squares' middle)."""
        clat, clon = self.centre
        return math.hypot(*geo.offset(clat, clon, lat, lon))

    def nearest(self, lat: float, lon: float) -> tuple[float, float]:
        """The area's point nearest to a position (the position itself when inside): a box's or a square's
        edge or corner, the point of a circle (whose rim lies `radius_nm` short of it on the way)."""
        if self.point is not None:
            return self.point
        boxes = [self.box] if self.box is not None else [
            (sq.south, sq.north, sq.west, sq.east) for sq in (naval_grid().square(name) for name in self.squares)]
        best: tuple[float, float, float] | None = None
        for s, n, w, e in boxes:
            east = geo.norm180(lon)
            near = (min(max(lat, s), n), min(max(east, w), e))
            far = math.hypot(*geo.offset(lat, lon, *near))
            if best is None or far < best[0]:
                best = (far, *near)
        assert best is not None
        return best[1], best[2]

    @property
    def centre(self) -> tuple[float, float]:
        if self.point is not None:
            return self.point
        if self.box is not None:
            s, n, w, e = self.box
            return (s + n) / 2, (w + e) / 2
        centres = [naval_grid().centre(sq) for sq in self.squares]
        return sum(c[0] for c in centres) / len(centres), sum(c[1] for c in centres) / len(centres)

    def describe(self) -> Msg:
        """How the briefing names the area."""
        if self.squares:
            if len(self.squares) == 1:
                return Msg("square {square}", square=self.squares[0])
            return Msg("squares {squares}", squares=", ".join(self.squares))
        if self.box is not None:
            s, n, w, e = self.box
            return Msg("{south} to {north}, {west} to {east}", south=latitude(s), north=latitude(n),
                       west=longitude(w), east=longitude(e))
        assert self.point is not None
        lat, lon = self.point
        square = naval_grid().name_at(lat, lon) or "?"
        return Msg("within {radius:g} nm of {lat} {lon} (square {square})", radius=self.radius_nm,
                   lat=latitude(lat), lon=longitude(lon), square=square)

    def to_json(self) -> dict[str, Any]:
        if self.squares:
            return {"squares": list(self.squares)}
        if self.box is not None:
            return {"box": list(self.box)}
        assert self.point is not None
        return {"point": list(self.point), "radius_nm": self.radius_nm}


#: a latitude or longitude as a mission's texts write it, one way per language: English and German "10°42'W" (German
#: east "O"), Russian "10°42' з. д." (its "angle": degrees, and minutes unless whole degrees: "5°", "10°42'")
HEMISPHERES = {"N": N_("{angle}N"), "S": N_("{angle}S"), "E": N_("{angle}E"), "W": N_("{angle}W")}


def _angle(x: float) -> str:
    degrees, minutes = divmod(round(abs(x) * 60), 60)
    return f"{degrees}°" if minutes == 0 else f"{degrees}°{minutes:02d}'"


def latitude(x: float) -> Msg:
    """A latitude for the crew to read, in degrees and minutes ("54°42'N")."""
    return Msg(HEMISPHERES["N" if x >= 0 else "S"], angle=_angle(x))


def longitude(x: float) -> Msg:
    """A longitude for the crew to read, in degrees and minutes ("10°42'W")."""
    return Msg(HEMISPHERES["E" if x >= 0 else "W"], angle=_angle(x))


def _lat(x: float) -> str:
    return f"{abs(x):.2f}°{'N' if x >= 0 else 'S'}"


def _lon(x: float) -> str:
    return f"{abs(x):.2f}°{'E' if x >= 0 else 'W'}"


def has_area(spec: Mapping[str, Any]) -> bool:
    return any(k in spec for k in AREA_KEYS)


def area_problems(spec: Mapping[str, Any]) -> list[tuple[str, Msg | str]]:
    """(key, problem) for every mistake in the area keys of a table (none: it is fine or absent)."""
    given = [k for k in AREA_KEYS if k in spec]
    if len(given) > 1:
        return [(given[1], Msg("give one of {keys}, not {given}", keys=", ".join(AREA_KEYS),
                               given=" and ".join(given)))]
    if not given:
        if "radius_nm" in spec:
            return [("radius_nm", Msg("radius_nm needs a point = [lat, lon]"))]
        return []
    key = given[0]
    value = spec[key]
    south, north = naval_grid().latitudes
    if key in ("square", "squares"):
        names = [value] if key == "square" else value
        if not isinstance(names, list) or not names or not all(isinstance(n, str) for n in names):
            if key == "square":
                return [(key, Msg("square must be a square name, got {got}", got=repr(value)))]
            return [(key, Msg("squares must be a list of square names, got {got}", got=repr(value)))]
        for name in names:
            try:
                naval_grid().square(name)
            except GridError:
                return [(key, Msg("square {got} is not on the strategic map", got=repr(name)))]
        if "radius_nm" in spec:
            return [("radius_nm", Msg("radius_nm goes with a point, not with squares"))]
        return []
    if key == "box":
        if not _numbers(value, 4):
            return [(key, Msg("box must be [south, north, west, east] in degrees, got {got}", got=repr(value)))]
        s, n, w, e = (float(x) for x in value)
        if not (south <= s < n <= north) or not (-180 <= w < e <= 180):
            return [(key, Msg("box {got} is not [south, north, west, east] on the strategic map ({south:.1f} to "
                              "{north:.1f} N)", got=repr(value), south=south, north=north))]
        return []
    if not _numbers(value, 2):
        return [(key, Msg("point must be [lat, lon] in degrees, got {got}", got=repr(value)))]
    lat, lon = (float(x) for x in value)
    if not (south <= lat <= north) or not -180 <= lon <= 180:
        return [(key, Msg("point {got} is beyond the strategic map ({south:.1f} to {north:.1f} N)", got=repr(value),
                          south=south, north=north))]
    radius = spec.get("radius_nm")
    if isinstance(radius, bool) or not isinstance(radius, int | float) or not 0 < radius <= 500:
        return [("radius_nm", Msg("a point needs radius_nm, more than 0 and at most 500 nm, got {got}",
                                  got=repr(radius)))]
    return []


def parse_area(spec: Mapping[str, Any]) -> Area | None:
    """The area of a table already checked with `area_problems` (None: it has none)."""
    if "square" in spec:
        return Area(squares=(naval_grid().square(spec["square"]).name,))
    if "squares" in spec:
        return Area(squares=tuple(naval_grid().square(s).name for s in spec["squares"]))
    if "box" in spec:
        s, n, w, e = (float(x) for x in spec["box"])
        return Area(box=(s, n, w, e))
    if "point" in spec:
        lat, lon = (float(x) for x in spec["point"])
        return Area(point=(lat, lon), radius_nm=float(spec["radius_nm"]))
    return None


def _numbers(value: Any, n: int) -> bool:
    return (isinstance(value, list) and len(value) == n
            and all(finite_number(x) for x in value))
