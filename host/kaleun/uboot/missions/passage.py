"""The passage home: bases and the route back to them (rulebook §4.2, return to base).

Bases are data (`bases.toml`): the port and its approach waypoints. The route home is the shortest way,
clear of land, from the boat to any of its base's approach waypoints and on along the approach to the
approach point: straight there, or over the sea lanes (`mission_rules.toml` [passage] `lanes`, and every
base's approach waypoints) round the coasts and the islands. A leg between two turning points keeps
`lane_margin_nm` from land on either side; the first leg, from the boat, keeps it to a sea lane where
it can (a boat close under a coast takes it without) and need only be clear itself to one of the base's
approach waypoints. The passage is sailed on the true position: the navigator knows the way home.
"""

from __future__ import annotations

import functools
import heapq
import math
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


#: what a turning point costs (nm): a route turns only where it saves more than this
TURN_NM = float(PASSAGE["turn_nm"])
#: how far (nm) the first leg from the boat may begin on land: a boat on a drawn coastline, or aground a
#: little inside it, backs out to sea
ASHORE_NM = float(PASSAGE["ashore_nm"])


def clear(lat1: float, lon1: float, lat2: float, lon2: float, margin_nm: float = 0.0,
          ashore_nm: float = 0.0) -> bool:
    """Is the rhumb line between two positions clear of land (water deeper than the boat's draft)? With
    `margin_nm`, so are the lines that far to either side of it. The line is looked at every `check_nm`;
    the points are taken halving the line again and again, the line itself before its sides, so a leg over
    land is known for one in a few looks (the answer is the same in any order). With `ashore_nm`, the line
    may begin on land for that far (a boat on the coast backs out): it is looked at from the first water
    along it."""
    bed = seabed()
    course, dist = geo.rhumb(lat1, lon1, lat2, lon2)
    if ashore_nm > 0.0 and bed.depth_at(lat1, lon1) <= bed.draft_m:
        steps = 8
        for k in range(1, steps + 1):
            lat, lon = geo.destination(lat1, lon1, course, min(dist, ashore_nm * k / steps))
            if bed.depth_at(lat, lon) > bed.draft_m:
                return clear(lat, lon, lat2, lon2, margin_nm)
        return False
    step = float(PASSAGE["check_nm"])
    n = max(1, int(dist / step))
    points: list[tuple[float, float]] = []
    for i in _halving(n):
        # the ends as given (a point taken 0 nm along the line may round a hair off the start)
        lat, lon = (lat1, lon1) if i == 0 else (lat2, lon2) if i == n else geo.destination(lat1, lon1, course,
                                                                                           dist * i / n)
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
    """The waypoints still to sail from a position, the approach point last: the shortest clear route
    (`shortest`); the first leg without the margin to a lane only when no route keeps it. A position with
    no way out at all (far inland) gets the approach waypoints."""
    for margin in (MARGIN_NM, 0.0):
        found = shortest(home, lat, lon, margin)
        if found is not None:
            return found
    return list(home.approach)


def lanes() -> tuple[tuple[float, float], ...]:
    """The turning points a route home may use: the sea lanes and every base's approach waypoints."""
    points = [(float(a), float(b)) for a, b in PASSAGE.get("lanes", [])]
    for base_id in BASES:
        points += [p for p in base(base_id).approach]
    return tuple(dict.fromkeys(points))


@functools.lru_cache(maxsize=4096)
def _leg_clear(a: tuple[float, float], b: tuple[float, float]) -> bool:
    return clear(*a, *b, margin_nm=MARGIN_NM)


def _great_circle(a: tuple[float, float], b: tuple[float, float]) -> float:
    """The great-circle distance (nm): never more than the rhumb line's, so no route is shorter."""
    p1, p2 = a[0] * geo.RAD, b[0] * geo.RAD
    h = (math.sin((p2 - p1) / 2) ** 2
         + math.cos(p1) * math.cos(p2) * math.sin(geo.norm180(b[1] - a[1]) * geo.RAD / 2) ** 2)
    return 2.0 * math.asin(min(1.0, math.sqrt(h))) * geo.NM_PER_RAD * (1.0 - 1e-9)


def shortest(home: Base, lat: float, lon: float, first_margin: float = MARGIN_NM) -> list[tuple[float, float]] | None:
    """The shortest route home (rhumb-line miles) from a position to any of the base's approach waypoints,
    straight or over the sea lanes, then along the approach (None: there is no way). Each leg between turning
    points keeps `MARGIN_NM` from land on either side, so a boat a little off the line still clears the
    coast; the first leg, from the boat, keeps `first_margin` to a lane, and to an approach waypoint need
    only be clear itself (a boat on the coast backs out first: `ASHORE_NM`)."""
    approach = list(home.approach)
    along = [distance(*approach[i], approach[i + 1:]) for i in range(len(approach))]
    nodes = [p for p in lanes() if p not in approach]
    start = (lat, lon)
    arrival = approach[-1]
    # A* (the great circle to the approach point never overestimates what is left, so the first way home
    # taken off the queue is the shortest). A node is a lane (index into nodes) or an approach waypoint
    # (-1 - its index), which ends the route with the rest of the approach to sail. A leg is looked at for
    # land only when it would be the best way to its end yet: the same route as checking every leg before
    # queueing it, for a fraction of the legs.
    ahead = [_great_circle(p, arrival) for p in nodes]
    best: dict[int, float] = {}
    came: dict[int, int | None] = {}
    queue: list[tuple[float, int, float, int, int | None]] = []  # estimate, order pushed, cost, node, before
    pushed = 0
    # what is left of the route from each approach waypoint: its miles and its turns
    rest = [along[j] + TURN_NM * (len(approach) - 1 - j) for j in range(len(approach))]
    for j, p in enumerate(approach):
        cost = geo.rhumb(*start, *p)[1] + rest[j]
        queue.append((cost, pushed, cost, -1 - j, None))
        pushed += 1
    for i, p in enumerate(nodes):
        cost = geo.rhumb(*start, *p)[1] + TURN_NM
        queue.append((cost + ahead[i], pushed, cost, i, None))
        pushed += 1
    heapq.heapify(queue)
    while queue:
        _, _, cost, node, prev = heapq.heappop(queue)
        if node in best:
            continue
        end = nodes[node] if node >= 0 else approach[-1 - node]
        if prev is None:
            if not clear(lat, lon, *end, margin_nm=first_margin if node >= 0 else 0.0, ashore_nm=ASHORE_NM):
                continue
        elif not _leg_clear(nodes[prev], end):
            continue
        best[node], came[node] = cost, prev
        if node < 0:
            path: list[tuple[float, float]] = list(approach[-1 - node:])
            back = prev
            while back is not None:
                path.insert(0, nodes[back])
                back = came[back]
            return path
        for j, p in enumerate(approach):
            if -1 - j not in best:
                total = cost + geo.rhumb(*end, *p)[1] + rest[j]
                heapq.heappush(queue, (total, pushed, total, -1 - j, node))
                pushed += 1
        for j, p in enumerate(nodes):
            if j not in best:
                total = cost + geo.rhumb(*end, *p)[1] + TURN_NM
                heapq.heappush(queue, (total + ahead[j], pushed, total, j, node))
                pushed += 1
    return None


def distance(lat: float, lon: float, waypoints: list[tuple[float, float]]) -> float:
    """Nautical miles along the route from a position."""
    total, here = 0.0, (lat, lon)
    for point in waypoints:
        total += geo.rhumb(*here, *point)[1]
        here = point
    return total
