"""Water depth under a position (land is depth 0), from `data/seabed.toml`."""

from __future__ import annotations

import math
from collections.abc import Container, Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any

from kaleun.core.messages import N_
from kaleun.uboot import data


@dataclass(frozen=True)
class Area:
    name: str
    depth_m: float
    poly: tuple[tuple[float, float], ...]
    box: tuple[float, float, float, float]  # south, north, west, east

    def contains(self, lat: float, lon: float) -> bool:
        s, n, w, e = self.box
        if not (s <= lat <= n and w <= lon <= e):
            return False
        inside = False
        pts = self.poly
        j = len(pts) - 1
        for i in range(len(pts)):
            yi, xi = pts[i]
            yj, xj = pts[j]
            if (yi > lat) != (yj > lat) and lon < (xj - xi) * (lat - yi) / (yj - yi) + xi:
                inside = not inside
            j = i
        return inside


class Seabed:
    def __init__(self, spec: Mapping[str, Any]) -> None:
        self.ocean_m = float(spec["ocean_m"])
        self.draft_m = float(spec["draft_m"])
        self.areas: list[Area] = []
        for item in spec.get("area", []):
            poly: Sequence[Sequence[float]] = item["poly"]
            if len(poly) < 3:
                raise ValueError(f"seabed area {item['name']} needs at least 3 corners")
            pts = tuple((float(a), float(b)) for a, b in poly)
            lats, lons = [p[0] for p in pts], [p[1] for p in pts]
            self.areas.append(Area(str(item["name"]), float(item["depth_m"]), pts,
                                   (min(lats), max(lats), min(lons), max(lons))))
        #: (south, north, west, east, area) in the areas' order: the box test without a call per area
        self._boxes: list[tuple[float, float, float, float, Area]] = [(*area.box, area) for area in self.areas]
        #: the areas (in their order) that reach into each whole-degree square (floor of lat, lon), each with
        #: its box and whether it covers the whole square: a position is looked up only against the few areas
        #: that can hold it, and an area covering its square holds it without a look at its outline (the areas
        #: after it in that square are never reached)
        self._squares: dict[tuple[int, int], list[tuple[float, float, float, float, Area, bool]]] = {}
        #: the squares of `_squares` with an area shallower than a depth, by depth (`_shallow_squares`): the
        #: depths asked for, and the areas' depths each set was worked out for
        self._shallow: dict[float, set[tuple[int, int]]] = {}
        #: the least depth of the areas that can hold a position in each square of `_squares`
        self._least: dict[tuple[int, int], float] = {}
        for s, n, w, e, area in self._boxes:
            edges = _edge_squares(area.poly)
            for sq_lat in range(math.floor(s), math.floor(n) + 1):
                inside: bool | None = None  # of the squares since the last one an edge reaches (all alike)
                for sq_lon in range(math.floor(w), math.floor(e) + 1):
                    key = (sq_lat, sq_lon)
                    # no edge comes near the square: it lies wholly inside the outline or wholly outside
                    full = key not in edges
                    if not full:
                        inside = None
                    elif inside is None:
                        inside = area.contains(sq_lat + 0.5, sq_lon + 0.5)
                    if full and not inside:
                        continue  # the outline does not reach into this square
                    here = self._squares.setdefault(key, [])
                    if not here or not here[-1][5]:  # after an area covering the square nothing is reached
                        here.append((s, n, w, e, area, full))
                        self._least[key] = min(self._least.get(key, math.inf), area.depth_m)

    def area_at(self, lat: float, lon: float) -> Area | None:
        """The first area (in the data's order) holding the position, or None."""
        try:
            key = (math.floor(lat), math.floor(lon))
        except (ValueError, OverflowError):  # not a finite position: try every area, as the data lists them
            return next((area for s, n, w, e, area in self._boxes
                         if s <= lat <= n and w <= lon <= e and area.contains(lat, lon)), None)
        for s, n, w, e, area, full in self._squares.get(key, ()):
            if full or (s <= lat <= n and w <= lon <= e and area.contains(lat, lon)):
                return area
        return None

    def open_ocean(self, south: float, north: float, west: float, east: float, shallower: float = math.inf) -> bool:
        """True when no area's outline (of those shallower than `shallower` m; any area by default) reaches
        into the whole-degree squares of the box (south..north, west..east, not across 180°): every position
        in it is the open ocean (or water at least that deep)."""
        try:
            lats = range(math.floor(south), math.floor(north) + 1)
            lons = range(math.floor(west), math.floor(east) + 1)
        except (ValueError, OverflowError):
            return False
        squares: Container[tuple[int, int]] = (self._squares if shallower == math.inf
                                                else self._shallow_squares(shallower))
        return not any((a, b) in squares for a in lats for b in lons)

    def deep_near(self, lat: float, lon: float, reach_nm: float, depth: float) -> bool:
        """True when no area shallower than `depth` m reaches into the whole-degree squares within `reach_nm`
        of the position (a few nm, away from the poles and 180°): all the water about it is at least that
        deep. False when it cannot tell so quickly (an area is near: look at the way itself)."""
        squares = self._shallow_squares(depth)
        dlat = reach_nm / 60.0
        try:
            dlon = dlat / math.cos(lat * 0.017453292519943295)
            south, north = math.floor(lat - dlat), math.floor(lat + dlat)
            west, east = math.floor(lon - dlon), math.floor(lon + dlon)
        except (ValueError, OverflowError, ZeroDivisionError):
            return False
        if south == north and west == east:  # the common case: one square
            return (south, west) not in squares
        return not any((a, b) in squares for a in range(south, north + 1) for b in range(west, east + 1))

    def _shallow_squares(self, depth: float) -> set[tuple[int, int]]:
        """The whole-degree squares where an area shallower than `depth` can hold a position: worked out once
        for each of the areas' depths that can be the least one above it (ships' draughts of 3-10 m all ask for
        the squares of the land and the 3 m shoals), then kept for `depth` itself."""
        kept = self._shallow.get(depth)
        if kept is not None:
            return kept
        above = min((area.depth_m for area in self.areas if area.depth_m >= depth), default=math.inf)
        found = self._shallow.get(above)
        if found is None:
            found = self._shallow[above] = {key for key, least in self._least.items() if least < depth}
        self._shallow[depth] = found
        return found

    def depth_at(self, lat: float, lon: float) -> float:
        area = self.area_at(lat, lon)
        return self.ocean_m if area is None else area.depth_m

    def place_at(self, lat: float, lon: float) -> str:
        area = self.area_at(lat, lon)
        return N_("the open ocean") if area is None else area.name


#: how far (degrees) an outline's edge must keep from a whole-degree square for the square to count as clear
#: of it: far more than rounding, so the outline test of any position in the square falls the same way
_CLEAR_DEG = 1e-6


def _edge_squares(poly: Sequence[tuple[float, float]]) -> set[tuple[int, int]]:
    """The whole-degree squares (floor of lat, lon) an outline's edges pass through or come near."""
    out: set[tuple[int, int]] = set()
    pad = _CLEAR_DEG
    for (ya, xa), (yb, xb) in zip(poly, (*poly[1:], poly[0]), strict=True):
        for sq_lat in range(math.floor(min(ya, yb) - pad), math.floor(max(ya, yb) + pad) + 1):
            for sq_lon in range(math.floor(min(xa, xb) - pad), math.floor(max(xa, xb) + pad) + 1):
                if (sq_lat, sq_lon) not in out and _meets(ya, xa, yb, xb, sq_lat - pad, sq_lat + 1 + pad,
                                                          sq_lon - pad, sq_lon + 1 + pad):
                    out.add((sq_lat, sq_lon))
    return out


def _meets(ya: float, xa: float, yb: float, xb: float, s: float, n: float, w: float, e: float) -> bool:
    """Does the segment from (ya, xa) to (yb, xb) touch the box s..n, w..e? (the segment clipped to the box:
    Liang and Barsky's parametric clipping)"""
    t0, t1 = 0.0, 1.0
    dx, dy = xb - xa, yb - ya
    for p, q in ((-dx, xa - w), (dx, e - xa), (-dy, ya - s), (dy, n - ya)):
        if p == 0.0:
            if q < 0.0:
                return False
            continue
        r = q / p
        if p < 0.0:
            if r > t1:
                return False
            t0 = max(t0, r)
        else:
            if r < t0:
                return False
            t1 = min(t1, r)
    return True


@cache
def seabed() -> Seabed:
    return Seabed(data.load("seabed"))
