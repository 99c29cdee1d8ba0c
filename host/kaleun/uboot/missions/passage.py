"""The passage home: bases and the route back to them (rulebook §4.2, return to base).

Bases are data (`bases.toml`): the port and its approach waypoints. The route heads for the
waypoint nearest the port that the boat can reach in a straight (rhumb) line clear of land, then
follows the waypoints to the approach point. The passage is sailed on the true position: the
navigator knows the way home.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from kaleun.uboot import data
from kaleun.uboot.sea import geo
from kaleun.uboot.sea.seabed import seabed

BASES: Mapping[str, Mapping[str, Any]] = data.load("bases")
PASSAGE = data.load("mission_rules")["passage"]


@dataclass(frozen=True)
class Base:
    id: str
    name: str
    port: tuple[float, float]
    approach: tuple[tuple[float, float], ...]

    @property
    def arrival(self) -> tuple[float, float]:
        """Where the passage home ends: the approach point off the port."""
        return self.approach[-1]


def base(base_id: str) -> Base:
    spec = BASES[base_id]
    return Base(base_id, str(spec["name"]), (float(spec["position"][0]), float(spec["position"][1])),
                tuple((float(a), float(b)) for a, b in spec["approach"]))


def clear(lat1: float, lon1: float, lat2: float, lon2: float) -> bool:
    """Is the rhumb line between two positions clear of land (water deeper than the boat's draft)?"""
    bed = seabed()
    course, dist = geo.rhumb(lat1, lon1, lat2, lon2)
    step = float(PASSAGE["check_nm"])
    n = max(1, int(dist / step))
    for i in range(n + 1):
        lat, lon = geo.destination(lat1, lon1, course, dist * i / n)
        if bed.depth_at(lat, lon) <= bed.draft_m:
            return False
    return True


def route(home: Base, lat: float, lon: float) -> list[tuple[float, float]]:
    """The waypoints still to sail from a position, the approach point last."""
    points = list(home.approach)
    for i in range(len(points) - 1, -1, -1):
        if clear(lat, lon, *points[i]):
            return points[i:]
    return points


def distance(lat: float, lon: float, waypoints: list[tuple[float, float]]) -> float:
    """Nautical miles along the route from a position."""
    total, here = 0.0, (lat, lon)
    for point in waypoints:
        total += geo.rhumb(*here, *point)[1]
        here = point
    return total
