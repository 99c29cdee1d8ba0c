"""The Atlantic islands in the seabed (rulebook §11: running aground or striking an underwater object
loses the boat): the Azores, Madeira, the Canary Islands, Bermuda and Rockall are land where the
gazetteers put them, the navigator warns of them, and the route home goes round them."""

from __future__ import annotations

import itertools
import math
from typing import Any

import pytest
from kaleun.uboot.missions import passage
from kaleun.uboot.sea import geo
from kaleun.uboot.sea.geo import NM_PER_DEG
from kaleun.uboot.sea.grid import naval_grid
from kaleun.uboot.sea.seabed import seabed

from .conftest import game_with, order

#: towns and rocks from the gazetteers (en.wikipedia; the sources are in seabed.toml): each lies on its island
ON_LAND = [("Horta", 38.535, -28.63, "Faial (Azores)"), ("Madalena", 38.535, -28.53, "Pico (Azores)"),
           ("Velas", 38.68, -28.21, "São Jorge (Azores)"), ("Angra do Heroísmo", 38.655, -27.22, "Terceira (Azores)"),
           ("Santa Cruz da Graciosa", 39.05, -28.0, "Graciosa (Azores)"), ("Santa Cruz das Flores", 39.45, -31.13,
                                                                            "Flores (Azores)"),
           ("Vila do Corvo", 39.70, -31.11, "Corvo (Azores)"), ("Ponta Delgada", 37.745, -25.67, "São Miguel (Azores)"),
           ("Vila do Porto", 36.95, -25.14, "Santa Maria (Azores)"), ("the Formigas", 37.267, -24.767,
                                                                     "the Formigas (Azores)"),
           ("Funchal", 32.65, -16.91, "Madeira"), ("Vila Baleira", 33.06, -16.34, "Porto Santo (Madeira)"),
           ("Las Palmas", 28.12, -15.43, "Gran Canaria (Canary Islands)"),
           ("Santa Cruz de Tenerife", 28.47, -16.26, "Tenerife (Canary Islands)"),
           ("Arrecife", 28.96, -13.55, "Lanzarote (Canary Islands)"),
           ("Puerto del Rosario", 28.50, -13.87, "Fuerteventura (Canary Islands)"),
           ("San Sebastián de La Gomera", 28.09, -17.11, "La Gomera (Canary Islands)"),
           ("Santa Cruz de La Palma", 28.68, -17.76, "La Palma (Canary Islands)"),
           ("La Restinga", 27.645, -17.98, "El Hierro (Canary Islands)"), ("Hamilton", 32.29, -64.78, "Bermuda"),
           ("Rockall", 57.5967, -13.6886, "Rockall"), ("Helen's Reef", 57.6014, -13.6581, "Rockall")]


@pytest.mark.parametrize("what, lat, lon, place", ON_LAND)
def test_11_the_atlantic_islands_are_land_where_the_gazetteers_put_them(what, lat, lon, place):
    bed = seabed()
    assert bed.place_at(lat, lon) == place, what
    assert bed.depth_at(lat, lon) == 0


def test_11_the_islands_lie_in_the_naval_grid_and_the_channels_between_them_are_open_water():
    bed = seabed()
    for _, lat, lon, _ in ON_LAND:
        assert naval_grid().square_at(lat, lon) is not None
    # between Faial and Pico, Pico and São Jorge, Lanzarote and Fuerteventura (La Bocaina), Gran Canaria and
    # Tenerife, Madeira and the Desertas
    for lat, lon in [(38.53, -28.575), (38.58, -28.2), (28.81, -13.82), (28.1, -15.95), (32.62, -16.6)]:
        assert bed.depth_at(lat, lon) == bed.ocean_m


def test_11_the_banks_of_the_azores_and_the_reefs_that_ground_a_surfaced_boat():
    bed = seabed()
    assert bed.depth_at(37.967, -28.967) == 100  # Princess Alice Bank (least depth 29 m)
    assert bed.depth_at(38.222, -26.603) == 50  # Dom João de Castro Bank
    assert bed.depth_at(37.2247, -24.7408) < bed.draft_m  # the Dollabarat reef, 3 m under the surface
    assert bed.depth_at(32.45, -64.8) < bed.draft_m  # the Bermuda reefs north of the islands
    assert bed.place_at(57.5967, -13.8) == "Rockall Bank"  # off the rocks, the bank as before


def test_11_no_area_is_narrower_than_the_navigators_step():
    """The navigator's plot and the route home look at a track every mile (boat.toml [navigator],
    mission_rules.toml [passage]): no island or reef is drawn narrower than that."""
    bed = seabed()
    for area in bed.areas:
        south, north, west, east = area.box
        tall = (north - south) * NM_PER_DEG
        wide = (east - west) * NM_PER_DEG * math.cos(math.radians((south + north) / 2))
        assert min(tall, wide) >= 1.0, area.name


def _full_ahead_east(position: tuple[float, float], hours: int) -> tuple[Any, list[Any]]:
    """A training boat at `position` on course 090 at full ahead for `hours` (or until it is lost): the game and
    its events."""
    game = game_with("training", overrides={"position": list(position), "course": 90})
    game.take_events()
    order(game, "new_speed", speed="full_ahead")
    events: list[Any] = []
    for _ in range(hours * 60):
        events += game.advance(60)
        if game.module("boat").lost:
            break
    return game, events


def test_11_the_navigator_warns_of_the_azores_on_a_course_towards_them_and_the_boat_grounds_if_ignored():
    """A boat west of Faial on course 090 at full ahead: the navigator names the island an hour ahead."""
    game, events = _full_ahead_east((38.58, -29.3), hours=4)
    warnings = [e for e in events if e.name == "land_ahead"]
    grounded = [e for e in events if e.name == "grounded"]
    assert len(warnings) == 1 and len(grounded) == 1
    warning = warnings[0]
    assert warning.data["kind"] == "land" and warning.data["place"] == "Faial (Azores)"
    assert 80 <= warning.data["bearing"] <= 100 and warning.data["course"] == 90
    assert warning.text.startswith("Navigator: land ahead — Faial (Azores), ")
    assert grounded[0].t - warning.t >= 45 * 60 and grounded[0].data["place"] == "Faial (Azores)"
    assert game.module("mission").reason == "grounded"


def test_11_a_course_past_the_azores_brings_no_warning():
    """North of the islands on course 090: the plot finds no land ahead."""
    _game, events = _full_ahead_east((39.4, -29.5), hours=12)
    assert not [e for e in events if e.name in ("land_ahead", "grounded")]


#: south-west of Faial and west of Pico: the straight line home to Lorient runs over Pico and São Jorge
WEST_OF_PICO = (38.3, -29.0)


def test_4_2_the_route_home_from_west_of_the_azores_goes_round_them():
    lat, lon = WEST_OF_PICO
    home = passage.base("lorient")
    bed = seabed()
    course, dist = geo.rhumb(lat, lon, *home.arrival)
    over = {bed.place_at(*geo.destination(lat, lon, course, i)) for i in range(int(dist))}
    assert {"Pico (Azores)", "São Jorge (Azores)"} <= over  # the straight line crosses the islands
    route = passage.route(home, lat, lon)
    legs = [(lat, lon), *route]
    assert route[-1] == home.arrival
    assert all(passage.clear(*a, *b) for a, b in itertools.pairwise(legs)), route
    assert route[0][0] > 39.2  # north about the central group, not over it
    for base_id in passage.BASES:  # and so to every base
        route = passage.route(passage.base(base_id), lat, lon)
        assert all(passage.clear(*a, *b) for a, b in itertools.pairwise([(lat, lon), *route])), (base_id, route)


#: positions whose straight lines to some base's approach waypoints run over an island or its reefs (the three off
#: the Canary Islands found no way home without the lanes round them)
IN_THE_LEE = [("south of Tenerife", 28.0, -16.8), ("south-west of Gran Canaria", 27.5, -15.8),
              ("west of Fuerteventura", 28.0, -14.3), ("south of Madeira", 32.4, -16.9),
              ("west-south-west of Bermuda", 32.1, -65.2), ("west of Flores", 39.4, -31.5)]


@pytest.mark.parametrize("where, lat, lon", IN_THE_LEE)
def test_4_2_the_route_home_from_the_lee_of_an_island_runs_clear_of_it_to_every_base(where, lat, lon):
    for base_id in passage.BASES:
        route = passage.route(passage.base(base_id), lat, lon)
        assert route[-1] == passage.base(base_id).arrival
        assert all(passage.clear(*a, *b) for a, b in itertools.pairwise([(lat, lon), *route])), (where, base_id, route)
