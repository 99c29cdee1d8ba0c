"""The passage home: bases and the route back to them (rulebook §4.2, return to base).

Bases are data (`bases.toml`): the port and its approach waypoints. The route heads for the
waypoint nearest the port that the boat can reach in a straight (rhumb) line clear of land, then
follows the waypoints to the approach point. A boat that can reach none of them in a straight line
(in the Mediterranean, the North Sea or the Irish Sea for an Atlantic base) first goes round the
coasts by the shortest way over the sea lanes (`mission_rules.toml` [passage] `lanes`, and every
base's approach waypoints), each leg clear of land. The passage is sailed on the true position: the
navigator knows the way home.
"""

from __future__ import annotations

import functools
import heapq
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


def clear(lat1: float, lon1: float, lat2: float, lon2: float, margin_nm: float = 0.0) -> bool:
    """Is the rhumb line between two positions clear of land (water deeper than the boat's draft)? With
    `margin_nm`, so are the lines that far to either side of it. The line is looked at every `check_nm`;
    the points are taken halving the line again and again, the line itself before its sides, so a leg over
    land is known for one in a few looks (the answer is the same in any order)."""
    bed = seabed()
    course, dist = geo.rhumb(lat1, lon1, lat2, lon2)
    step = float(PASSAGE["check_nm"])
    n = max(1, int(dist / step))
    points: list[tuple[float, float]] = []
    for i in _halving(n):
        lat, lon = geo.destination(lat1, lon1, course, dist * i / n)
        if bed.depth_at(lat, lon) <= bed.draft_m:
            return False
        points.append((lat, lon))
    if margin_nm > 0.0:
        for lat, lon in points:
            if any(bed.depth_at(*geo.destination(lat, lon, course + side, margin_nm)) <= bed.draft_m
                   for side in (-90.0, 90.0)):
                return False
    return True


@functools.lru_cache(maxsize=256)
def _halving(n: int) -> tuple[int, ...]:
    """0..n, the ends first, then the middle, then the middles of the halves, and so on."""
    order, seen, spans = [0, n], {0, n}, [(0, n)]
    while spans:
        nxt = []
        for a, b in spans:
            if b - a > 1:
                m = (a + b) // 2
                if m not in seen:
                    seen.add(m)
                    order.append(m)
                nxt += [(a, m), (m, b)]
        spans = nxt
    return tuple(order)


#: how far a leg of the route round the coasts keeps from land on either side (nm)
MARGIN_NM = float(PASSAGE["lane_margin_nm"])


def route(home: Base, lat: float, lon: float) -> list[tuple[float, float]]:
    """The waypoints still to sail from a position, the approach point last."""
    points = list(home.approach)
    for i in range(len(points) - 1, -1, -1):
        if clear(lat, lon, *points[i]):
            return points[i:]
    return round_the_coasts(home, lat, lon) or points


def lanes() -> tuple[tuple[float, float], ...]:
    """The turning points a route home may use: the sea lanes and every base's approach waypoints."""
    points = [(float(a), float(b)) for a, b in PASSAGE.get("lanes", [])]
    for base_id in BASES:
        points += [p for p in base(base_id).approach]
    return tuple(dict.fromkeys(points))


@functools.lru_cache(maxsize=4096)
def _leg_clear(a: tuple[float, float], b: tuple[float, float]) -> bool:
    return clear(*a, *b, margin_nm=MARGIN_NM)


def round_the_coasts(home: Base, lat: float, lon: float) -> list[tuple[float, float]] | None:
    """The shortest route home over the sea lanes when no approach waypoint can be reached in a straight
    line: lanes, then the base's approach from the first waypoint reached (None: there is no way). Each
    leg keeps `MARGIN_NM` from land on either side, so a boat a little off the line still clears the
    coast."""
    approach = list(home.approach)
    along = [distance(*approach[i], approach[i + 1:]) for i in range(len(approach))]
    nodes = [p for p in lanes() if p not in approach]
    start = (lat, lon)
    # Dijkstra: a node is a lane (index into nodes) or an approach waypoint (-1 - its index), which ends
    # the search with the rest of the approach to sail
    best: dict[int, float] = {}
    came: dict[int, int | None] = {}
    queue: list[tuple[float, int, int, int | None]] = []  # cost, order pushed, node, the node before
    pushed = 0
    for margin in (MARGIN_NM, 0.0):  # a boat close under a coast takes its first leg without the margin
        for i, p in enumerate(nodes):
            if clear(lat, lon, *p, margin_nm=margin):
                heapq.heappush(queue, (geo.rhumb(*start, *p)[1], pushed, i, None))
                pushed += 1
        if queue:
            break
    while queue:
        cost, _, node, prev = heapq.heappop(queue)
        if node in best:
            continue
        # a leg is looked at for land only when it would be the best way to its end yet: the same route as
        # checking every leg before queueing it, for a fraction of the legs
        if prev is not None and not _leg_clear(nodes[prev], nodes[node] if node >= 0 else approach[-1 - node]):
            continue
        best[node], came[node] = cost, prev
        if node < 0:
            path: list[tuple[float, float]] = list(approach[-1 - node:])
            back = prev
            while back is not None:
                path.insert(0, nodes[back])
                back = came[back]
            return path
        here = nodes[node]
        for j, p in enumerate(approach):
            if -1 - j not in best:
                heapq.heappush(queue, (cost + geo.rhumb(*here, *p)[1] + along[j], pushed, -1 - j, node))
                pushed += 1
        for j, p in enumerate(nodes):
            if j not in best:
                heapq.heappush(queue, (cost + geo.rhumb(*here, *p)[1], pushed, j, node))
                pushed += 1
    return None


def distance(lat: float, lon: float, waypoints: list[tuple[float, float]]) -> float:
    """Nautical miles along the route from a position."""
    total, here = 0.0, (lat, lon)
    for point in waypoints:
        total += geo.rhumb(*here, *point)[1]
        here = point
    return total
