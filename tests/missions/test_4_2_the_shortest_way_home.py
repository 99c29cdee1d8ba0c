"""The route home is the shortest clear way (rulebook §4.2, return to base; §11: running aground loses the boat):
straight to the base's approach or over the sea lanes round the islands, whichever is shorter, and a boat on a
drawn coastline (or aground a hair inside it) finds its way out.

The figures a reader can check: the great-circle distance (haversine, 60 nm to the degree) from the boat to the
approach point off Lorient, 47.45 N 3.6 W (bases.toml), is the least any route can be; the route is sailed in
rhumb lines, a little longer."""

from __future__ import annotations

import itertools
import math

import pytest
from kaleun.uboot.missions import passage
from kaleun.uboot.sea.seabed import seabed


def great_circle_nm(a: tuple[float, float], b: tuple[float, float]) -> float:
    p1, p2 = math.radians(a[0]), math.radians(b[0])
    h = math.sin((p2 - p1) / 2) ** 2 + math.cos(p1) * math.cos(p2) * math.sin(math.radians(b[1] - a[1]) / 2) ** 2
    return 2 * math.asin(math.sqrt(h)) * 60 * 180 / math.pi


def legs_clear(start: tuple[float, float], route: list[tuple[float, float]]) -> bool:
    return all(passage.clear(*a, *b) for a, b in itertools.pairwise([start, *route]))


def test_4_2_from_west_of_the_azores_the_route_home_is_not_a_detour_by_53_north():
    """38.3 N 29.5 W, west of Pico: Lorient's approach point lies 1,256 nm away on the great circle. The straight
    line runs over Pico and São Jorge; round the north of the central group (the lane at 40.2 N 28.5 W, then La
    Pallice's approach waypoint 46.5 N 8 W) the way is 1,282 nm. The route once ran to 53 N 13 W (the approach
    waypoint for boats coming round Scotland) and on: 1,654 nm."""
    start = (38.3, -29.5)
    home = passage.base("lorient")
    assert round(great_circle_nm(start, home.arrival)) == 1256
    assert not passage.clear(*start, *home.arrival)  # the islands lie on the straight line
    route = passage.route(home, *start)
    assert route[-1] == home.arrival and legs_clear(start, route), route
    assert (53.0, -13.0) not in route
    assert passage.distance(*start, route) < 1300, route


def test_4_2_from_west_of_flores_the_route_home_goes_north_about_corvo():
    """39.4 N 31.5 W, west of Flores: 1,299 nm to Lorient's approach point on the great circle; Flores lies on the
    straight line. North about Corvo (its north cape 39.73 N; the lane at 39.85 N 31.25 W) the way is 1,310 nm;
    south about the Azores, as the route once went for want of a lane north-west of Corvo, it was 1,422 nm."""
    start = (39.4, -31.5)
    home = passage.base("lorient")
    assert round(great_circle_nm(start, home.arrival)) == 1299
    assert not passage.clear(*start, *home.arrival)
    route = passage.route(home, *start)
    assert route[-1] == home.arrival and legs_clear(start, route), route
    assert route[0][0] > 39.73, route  # round Corvo's north cape first
    assert passage.distance(*start, route) < 1330, route


def test_4_2_in_the_open_ocean_the_route_home_runs_straight_to_the_approach_point():
    """45 N 20 W: nothing lies between the boat and Lorient (great circle 695 nm): one leg."""
    start = (45.0, -20.0)
    home = passage.base("lorient")
    assert round(great_circle_nm(start, home.arrival)) == 695
    assert passage.route(home, *start) == [home.arrival]


GRAN_CANARIA = next(area for area in seabed().areas if area.name.startswith("Gran Canaria"))
#: the corners of Gran Canaria's drawn coast and the middles of its edges
ON_THE_COAST = [(a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t)
                for a, b in zip(GRAN_CANARIA.poly, (*GRAN_CANARIA.poly[1:], GRAN_CANARIA.poly[0]), strict=True)
                for t in (0.0, 0.5)]


@pytest.mark.parametrize("base_id", ["la_pallice", "lorient", "kiel"])
@pytest.mark.parametrize("where", ON_THE_COAST)
def test_4_2_a_boat_on_the_drawn_coast_of_gran_canaria_finds_its_way_home(where, base_id):
    """A boat exactly on the drawn coastline (where the outline test may fall either way, and a point taken 0 nm
    along a line from it rounds a hair onto land) backs out to sea and sails home clear of land."""
    home = passage.base(base_id)
    route = passage.route(home, *where)
    assert route[-1] == home.arrival
    assert passage.clear(*where, *route[0], ashore_nm=passage.ASHORE_NM), route
    assert legs_clear(route[0], route[1:]), route


def test_4_2_a_boat_aground_a_hair_inside_the_coast_backs_out_and_finds_its_way_home():
    """0.05 nm inside the drawn east coast of Gran Canaria by Las Palmas (the edge from 28.18 N 15.42 W to
    28.05 N 15.4 W): the first leg begins on land and reaches water within `ashore_nm`; far inland there is no
    way out."""
    bed = seabed()
    coast_lon = -15.42 + (28.18 - 28.1) / (28.18 - 28.05) * 0.02  # the edge at 28.1 N
    inside = (28.1, coast_lon - 0.05 / 60 / math.cos(math.radians(28.1)))
    assert bed.depth_at(*inside) <= bed.draft_m
    home = passage.base("la_pallice")
    route = passage.route(home, *inside)
    assert route[-1] == home.arrival and legs_clear(route[0], route[1:]), route
    assert passage.clear(*inside, *route[0], ashore_nm=passage.ASHORE_NM)
    assert not passage.clear(*inside, *route[0])
    assert passage.shortest(home, 27.95, -15.6, 0.0) is None  # the middle of the island: no way out


def test_4_2_a_boat_north_of_jan_mayen_finds_its_way_home():
    """71.13 N 8.82 W, 2 nm off Jan Mayen's north-west corner (seabed.toml: 71.1 N 8.8 W): every straight line to
    a lane or an approach waypoint runs over the island; the lane west of it (71.0 N 9.6 W) leads round it."""
    start = (71.131, -8.821)
    for base_id in ("lorient", "bergen", "narvik"):
        home = passage.base(base_id)
        assert not any(passage.clear(*start, *p) for p in home.approach)
        route = passage.route(home, *start)
        assert route[-1] == home.arrival and legs_clear(start, route), (base_id, route)
