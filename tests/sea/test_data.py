"""The sea's data tables: classes, seabed, damage and their sources."""

from __future__ import annotations

from pathlib import Path

import pytest
from kaleun.uboot import data
from kaleun.uboot.sea import attacks
from kaleun.uboot.sea.classes import aircraft_types, ship_classes
from kaleun.uboot.sea.grid import naval_grid
from kaleun.uboot.sea.seabed import seabed

DATA = Path(data.__file__).parent
SEA_FILES = ["naval_grid", "seabed", "currents", "weather", "ships", "aircraft", "convoys", "sensors", "attacks"]


def test_merchants_have_their_historical_grt_and_speed():
    classes = ship_classes()
    assert (classes["liberty"].grt, classes["liberty"].speed_kn) == (7176, 11.0)
    assert (classes["t2_tanker"].grt, classes["t2_tanker"].speed_kn) == (10448, 15.0)
    assert (classes["hog_islander"].grt, classes["hog_islander"].speed_kn) == (5753, 11.5)


def test_escorts_carry_asdic_and_depth_charges_and_the_sloop_outruns_a_surfaced_boat():
    escorts = [c for c in ship_classes().values() if c.type == "escort"]
    assert {c.id for c in escorts} == {"flower", "river", "black_swan", "hunt"}
    assert all(c.asdic and c.depth_charges > 0 and c.gun_range_nm > 0 for c in escorts)
    assert ship_classes()["black_swan"].speed_kn > 17.7
    assert ship_classes()["flower"].speed_kn == 16.0 and ship_classes()["hunt"].speed_kn == 28.0


def test_aircraft_types_and_the_air_gap():
    types = aircraft_types()
    assert types["wellington"].night and not types["sunderland"].night
    assert types["liberator"].from_year == 1943


def test_seabed_knows_land_banks_and_the_deep_ocean():
    bed = seabed()
    assert bed.depth_at(60.3, -1.2) == 0  # Shetland
    assert bed.place_at(*naval_grid().centre("AN64")) == "Dogger Bank"
    assert bed.depth_at(55.0, -30.0) == bed.ocean_m


def test_the_seabed_finds_the_first_area_holding_a_position_as_the_data_lists_them():
    """The look-up by whole-degree squares gives what trying every area in the data's order gives, also on
    the areas' corners and on whole degrees."""
    bed = seabed()

    def first(lat: float, lon: float) -> object:
        return next((area for area in bed.areas if area.contains(lat, lon)), None)

    points = [corner for area in bed.areas for corner in area.poly]
    points += [(lat / 4, lon / 4) for lat in range(4 * 35, 4 * 72) for lon in range(4 * -45, 4 * 30, 3)]
    assert sum(first(*p) is not None for p in points) > 500  # the points do find land and banks
    assert all(bed.area_at(*p) is first(*p) for p in points)
    assert bed.area_at(float("nan"), 0.0) is None



def test_the_seabed_look_up_agrees_with_the_outlines_near_their_edges_and_inside_whole_squares():
    """The look-up skips the outline test where an area covers a whole-degree square and leaves out the squares
    its outline does not reach: it still gives what trying every area in the data's order gives, on points a
    hair either side of every edge, on random points of every area's box, and the open ocean it reports holds
    no area."""
    import random

    bed = seabed()

    def first(lat: float, lon: float) -> object:
        return next((area for area in bed.areas if area.contains(lat, lon)), None)

    rng = random.Random(7)
    points = []
    for area in bed.areas:
        poly = area.poly
        for (ya, xa), (yb, xb) in zip(poly, (*poly[1:], poly[0]), strict=True):
            for f in (0.0, 0.25, 0.5, 0.75):
                y, x = ya + (yb - ya) * f, xa + (xb - xa) * f
                points += [(y + dy, x + dx) for dy in (-1e-7, 0.0, 1e-7, 1e-3) for dx in (-1e-7, 0.0, 1e-7, -1e-3)]
        s, n, w, e = area.box
        points += [(rng.uniform(s, n), rng.uniform(w, e)) for _ in range(300)]
    assert all(bed.area_at(*p) is first(*p) for p in points)
    for lat in range(-10, 85):
        for lon in range(-100, 40):
            if bed.open_ocean(lat, lat + 0.99, lon, lon + 0.99):
                assert all(first(lat + rng.random(), lon + rng.random()) is None for _ in range(5)), (lat, lon)

def test_every_sea_data_file_names_its_sources_or_gaps():
    for name in SEA_FILES:
        text = (DATA / f"{name}.toml").read_text(encoding="utf-8")
        assert "[gap]" in text or "source" in text.lower(), name
        data.load(name)


def test_damage_bands_grow_with_distance_and_cover_the_lethal_range():
    bands = [float(b["within_m"]) for b in attacks.ATTACKS["damage"]]
    assert bands == sorted(bands) and bands[0] == pytest.approx(6.0) and bands[1] == pytest.approx(12.0)


class _Bn:
    heading = 0.0
    lat, lon = 60.0, -20.0

    def rel(self, lat, lon):
        from kaleun.uboot.sea import geo

        dx, dy = geo.offset(self.lat, self.lon, lat, lon)
        return dx, dy, (dx * dx + dy * dy) ** 0.5


def test_a_burst_ahead_hits_the_bow_and_astern_the_stern():
    bn = _Bn()
    ahead = (60.0 + 30 / 1852 / 60, -20.0)
    astern = (60.0 - 30 / 1852 / 60, -20.0)
    assert attacks.nearest_section(bn, *ahead) == 1
    assert attacks.nearest_section(bn, *astern) == 6
    assert attacks.nearest_section(bn, 60.0, -20.0) in (3, 4)


def _keys(table):
    """Every key of a data table and its sub-tables (not the telegraph settings of a per-setting table)."""
    telegraph = set(data.load("boat")["telegraph"])
    for key, value in table.items():
        yield key
        if isinstance(value, dict) and not set(value) <= telegraph:
            yield from _keys(value)


def test_every_value_of_the_boats_table_is_used():
    """boat.toml holds no value the code ignores (a changed value must change the game)."""
    code = "\n".join(p.read_text(encoding="utf-8") for p in (DATA.parent).rglob("*.py"))
    unused = [key for key in _keys(data.load("boat")) if f'"{key}"' not in code]
    assert not unused


def test_the_shares_at_which_a_hit_ship_straggles_and_stops_are_data():
    """How far a hit ship falls behind is not in the rulebook (the app did the ships): ships.toml [damage],
    our choice, is what the ships' damage reads."""
    from kaleun.uboot.sea import shipdamage

    damage = data.load("ships")["damage"]
    assert (damage["straggle_share"], damage["stop_share"]) == (shipdamage.STRAGGLE_SHARE, shipdamage.STOP_SHARE)
    assert 0 < damage["straggle_share"] < damage["stop_share"] < 1


def test_an_aircrafts_stick_of_depth_charges_is_data():
    """§10 damage from an aircraft's depth charges: how many it drops in one pass and how they scatter are
    attacks.toml [depth_charge] values (our choice), which the stick reads."""
    import inspect

    dc = data.load("attacks")["depth_charge"]
    assert (dc["air_stick_max"], dc["air_scatter_along_m"], dc["air_scatter_across_m"]) == (4, 25.0, 20.0)
    source = inspect.getsource(attacks.air_stick)
    assert all(f'DC["{key}"]' in source for key in ("air_stick_max", "air_scatter_along_m", "air_scatter_across_m"))
