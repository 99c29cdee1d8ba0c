"""Water depth under a position (land is depth 0), from `data/seabed.toml`."""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
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
        #: the boxes (in the areas' order) that reach into each whole-degree square (floor of lat, lon):
        #: a position is looked up only against the few areas whose box can hold it
        self._squares: dict[tuple[int, int], list[tuple[float, float, float, float, Area]]] = {}
        for box in self._boxes:
            s, n, w, e = box[:4]
            for sq_lat in range(math.floor(s), math.floor(n) + 1):
                for sq_lon in range(math.floor(w), math.floor(e) + 1):
                    self._squares.setdefault((sq_lat, sq_lon), []).append(box)

    def area_at(self, lat: float, lon: float) -> Area | None:
        """The first area (in the data's order) holding the position, or None."""
        try:
            boxes = self._squares.get((math.floor(lat), math.floor(lon)), ())
        except (ValueError, OverflowError):  # not a finite position: try every area, as the data lists them
            boxes = self._boxes
        for s, n, w, e, area in boxes:
            if s <= lat <= n and w <= lon <= e and area.contains(lat, lon):
                return area
        return None

    def open_ocean(self, south: float, north: float, west: float, east: float) -> bool:
        """True when no area reaches into the box (south..north, west..east, not across 180°):
        every position in it is the open ocean."""
        try:
            lats = range(math.floor(south), math.floor(north) + 1)
            lons = range(math.floor(west), math.floor(east) + 1)
        except (ValueError, OverflowError):
            return False
        squares = self._squares
        return not any((a, b) in squares for a in lats for b in lons)

    def depth_at(self, lat: float, lon: float) -> float:
        area = self.area_at(lat, lon)
        return self.ocean_m if area is None else area.depth_m

    def place_at(self, lat: float, lon: float) -> str:
        area = self.area_at(lat, lon)
        return N_("the open ocean") if area is None else area.name


@cache
def seabed() -> Seabed:
    return Seabed(data.load("seabed"))
