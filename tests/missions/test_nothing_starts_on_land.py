"""A mission file that sets the boat, a convoy or a ship down on land (or aground) at the start is refused with
`file:line: problem` (rulebook §11 of the digest: the mission is lost when the boat "ran aground"; a game must
not begin so). The seabed is `seabed.toml`: central Ireland is land, the boat draws 4.7 m."""

from __future__ import annotations

import pytest
from kaleun.uboot.missions.catalogue import MissionError, catalogue, check_text
from kaleun.uboot.sea.seabed import seabed
from kit import run_kaleun
from missionkit import MISSION_TOML

#: a mission west of Ireland: the boat at sea in AM76, 52°N 13°W (Ireland's west coast lies near 10°W)
WEST_OF_IRELAND = MISSION_TOML.replace('square = "BF54"', 'square = "AM76"\nposition = [52.0, -13.0]')


def problems(text: str) -> list[str]:
    with pytest.raises(MissionError) as err:
        check_text(text, "mine.toml", "mine")
    return err.value.problems


def test_the_seabed_has_land_where_the_tests_put_things():
    assert seabed().depth_at(53.0, -8.0) == 0.0 and seabed().place_at(53.0, -8.0) == "Ireland"
    assert seabed().depth_at(52.0, -13.0) > 100


def test_a_boat_starting_on_land_is_refused_with_its_line():
    text = WEST_OF_IRELAND.replace("position = [52.0, -13.0]", "position = [53.0, -8.0]")
    assert problems(text) == ["mine.toml:5: mine: position: the boat would start on land: 53.00°N 8.00°W is Ireland"]


def test_a_boat_starting_in_a_square_whose_centre_is_land_is_refused_at_the_square():
    square = next(name for name in ("AM85", "AM86", "AM88") if _land(name))
    text = MISSION_TOML.replace('square = "BF54"', f'square = "{square}"')
    found = problems(text)
    assert len(found) == 1 and found[0].startswith("mine.toml:4: mine: square: the boat would start on land")


def test_a_convoy_of_the_set_up_steaming_across_ireland_is_refused():
    """The convoy's centre 180 nm east of the boat is inland; every ship of it would start on land."""
    text = WEST_OF_IRELAND + '\n[[convoy]]\nkind = "HX"\nbearing = 90\nrange_nm = 180\ncourse = 90\n'
    found = problems(text)
    assert len(found) == 1 and "convoy[0]: a ship of the convoy would start on land" in found[0] \
        and found[0].startswith("mine.toml:15: mine:") and "is Ireland" in found[0]


def test_a_convoy_whose_ships_reach_the_coast_is_refused_though_its_centre_is_at_sea():
    """The columns and the screen stand miles either side of the convoy's centre: a convoy centred a mile off a
    coast puts ships ashore. Centred a dozen miles out, it floats."""
    _lat, lon = _coast_east_of(52.0, -13.0)
    for nm, refused in ((1.0, True), (12.0, False)):
        text = WEST_OF_IRELAND + (f'\n[[convoy]]\nkind = "HX"\nbearing = 90\nrange_nm = {_east_nm(lon) - nm:.2f}\n'
                                  'course = 0\nescorts = ["flower", "flower", "flower", "flower"]\n')
        if refused:
            assert any("a ship of the convoy would start on land" in p for p in problems(text))
        else:
            check_text(text, "mine.toml", "mine")


def test_a_vessel_and_encounters_placed_on_land_are_refused_each_on_its_line():
    text = WEST_OF_IRELAND + """
[[vessel]]
class = "flower"
bearing = 90
range_nm = 200

[[encounter]]
at_h = 1
point = [53.0, -8.0]
convoy = { kind = "HX", course = 90 }

[[encounter]]
at_h = 2
point = [53.0, -10.5]
vessel = { class = "flower", bearing = 90, range_nm = 60 }

[[encounter]]
at_h = 3
vessel = { class = "flower", bearing = 90, range_nm = 200 }
"""
    from kaleun.uboot.sea import geo

    assert seabed().depth_at(*geo.destination(53.0, -10.5, 90, 60)) == 0.0
    found = problems(text)
    assert [p.split(": ")[2] for p in found] == ["vessel[0]", "encounter[0]", "encounter[1]"]
    assert found[0].startswith("mine.toml:15: mine: vessel[0]: the Flower-class corvette would start on land")
    assert found[1].startswith("mine.toml:23: mine: encounter[0]: a ship of the convoy would start on land")
    assert found[2].startswith("mine.toml:28: mine: encounter[1]: the Flower-class corvette would start on land")
    # the last encounter is placed around the boat when it comes: where that is, the game alone knows


def test_an_encounter_around_the_boat_at_the_start_is_placed_as_the_set_ups_are():
    """An encounter with `at_h = 0` comes before the boat has moved: 200 nm east of it is Ireland."""
    text = WEST_OF_IRELAND + '\n[[encounter]]\nat_h = 0\nvessel = { class = "flower", bearing = 90, range_nm = 200 }\n'
    found = problems(text)
    assert len(found) == 1 and "encounter[0]: the Flower-class corvette would start on land" in found[0]
    check_text(text.replace("at_h = 0", "at_h = [0, 0.5]"), "mine.toml", "mine")  # may come later: not known


def test_a_ship_in_water_shallower_than_its_draught_is_refused_as_aground():
    lat, lon = _shallow_spot()
    text = WEST_OF_IRELAND + f'\n[[encounter]]\nat_h = 1\npoint = [{lat}, {lon}]\nvessel = {{ class = "flower" }}\n'
    found = problems(text)
    assert len(found) == 1 and "encounter[0]: the Flower-class corvette would start aground:" in found[0] \
        and "less than the" in found[0]


def test_a_table_refused_for_its_own_fields_is_not_laid_out():
    """A convoy of 100,000 columns is refused for its size, not laid out ship by ship on the way to the seabed."""
    text = WEST_OF_IRELAND + ('\n[[encounter]]\nat_h = 1\npoint = [53.0, -8.0]\n'
                              'convoy = { kind = "HX", course = 90, columns = 100000, ships_per_column = 100000 }\n')
    found = problems(text)
    assert len(found) == 2 and all("columns" in p or "ships_per_column" in p for p in found)


def test_the_shipped_missions_start_afloat():
    assert catalogue().missions  # read with every check, this one too


def test_a_game_set_up_that_moves_the_boat_ashore_is_refused(tmp_path):
    script = tmp_path / "s.jsonl"
    script.write_text('{"t": 60, "do": "end"}\n')
    result = run_kaleun("run", "--mission", "agents_1941", "--changes", '{"position": [53.0, -8.0]}', "--script",
                        str(script), "--events", str(tmp_path / "out.jsonl"), home=tmp_path)
    assert result.returncode != 0 and "the boat would start on land" in result.stderr


def _land(square: str) -> bool:
    from kaleun.uboot.sea.grid import naval_grid

    return seabed().depth_at(*naval_grid().centre(square)) == 0.0


def _east_nm(lon: float) -> float:
    from kaleun.uboot.sea import geo

    return geo.offset(52.0, -13.0, 52.0, lon)[0]


def _coast_east_of(lat: float, lon: float) -> tuple[float, float]:
    """The first land due east of a point, to a hundredth of a degree."""
    while seabed().depth_at(lat, lon) > 0:
        lon += 0.01
    return lat, lon


def _shallow_spot() -> tuple[float, float]:
    """A place with water, but less than a corvette draws (a bank or a coast's edge), from the seabed's areas."""
    from kaleun.uboot.sea.classes import ship_classes

    draft = ship_classes()["flower"].draft_m
    for area in seabed().areas:
        if 0 < area.depth_m < draft:
            lat = sum(p[0] for p in area.poly) / len(area.poly)
            lon = sum(p[1] for p in area.poly) / len(area.poly)
            if seabed().area_at(lat, lon) is area:
                return round(lat, 3), round(lon, 3)
    raise AssertionError("the seabed has no water shallower than a corvette draws")


def test_the_check_lays_a_convoy_out_where_the_sea_puts_its_ships():
    """The check places every ship of a convoy as `sea.scenario.add_convoy` does (columns, ships per column, the
    screen's stations): should the sea's formation change, this test says the check no longer looks where the
    ships are."""
    from kaleun.uboot.game import new_game
    from kaleun.uboot.missions.afloat import _convoy_stations, _placed

    convoy = {"kind": "HX", "bearing": 45, "range_nm": 20, "course": 130, "columns": 4, "ships_per_column": 3,
              "escorts": ["flower", "flower", "black_swan"]}
    g = new_game(0, "training", {"convoy": [convoy], "traffic": "none", "air_cover": "none"})
    sea = g.module("sea")
    centre = _placed(convoy, *g.module("boat").position_at(0.0), 10.0)
    assert centre is not None
    checked = sorted((lat, lon) for lat, lon, _draft in _convoy_stations(convoy, *centre, 1941))
    placed = sorted(sea.vpos(v, 0.0) for v in sea.vessels.values())
    assert len(checked) == len(placed) == 15
    for (lat, lon), (lat2, lon2) in zip(checked, placed, strict=True):
        assert abs(lat - lat2) < 1e-3 and abs(lon - lon2) < 1e-3  # within a few yards
