"""The naval grid (rulebook §12 strategic map; sea-facts: grid construction and the checks)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from kaleun.uboot.boat import BOAT
from kaleun.uboot.sea.grid import GridError, NavalGrid, Square, build_squares, naval_grid

GRID = naval_grid()
FULL_AHEAD_KN = float(BOAT["surfaced"]["speed_kn"]["full_ahead"])


def test_12_protractor_course_af76_to_ae69_is_301():
    """Rulebook 9.1: the optimal course from AF76 to AE69 is 301 deg."""
    course, distance = GRID.course("AF76", "AE69")
    assert course == pytest.approx(301, abs=1.0)
    assert distance == pytest.approx(212, abs=2)


def test_12_range_ruler_hours_at_full_ahead_surfaced():
    """Rulebook 9.1.1: from AE67 at full ahead surfaced about 9 h to AE69 and 24 h to AF49."""
    _c, to_ae69 = GRID.course("AE67", "AE69")
    _c, to_af49 = GRID.course("AE67", "AF49")
    assert to_ae69 / FULL_AHEAD_KN == pytest.approx(9, abs=0.75)
    assert to_af49 / FULL_AHEAD_KN == pytest.approx(24, abs=1.0)


@pytest.mark.parametrize(("name", "lat", "lon"), [
    ("AE67", 64.05, -9.625), ("AE69", 64.05, -5.125), ("AF49", 64.05, 1.625), ("AF76", 62.25, 1.625),
])
def test_12_example_square_centres(name, lat, lon):
    assert GRID.centre(name) == pytest.approx((lat, lon), abs=1e-6)


def test_keypad_digits_run_from_the_north_west():
    """First digit: block of the 3 x 3 keypad; second: square inside it (1 NW ... 9 SE)."""
    af = [GRID.square(f"AF{b}{c}") for b in range(1, 10) for c in range(1, 10)]
    north = max(s.north for s in af)
    west = min(s.west for s in af)
    assert GRID.square("AF11").north == north and GRID.square("AF11").west == west
    assert GRID.square("AF99").south == min(s.south for s in af)
    assert GRID.square("AF99").east == max(s.east for s in af)
    a76 = GRID.square("AF76")
    assert GRID.square("AF77").east == pytest.approx(GRID.square("AF78").west)
    assert a76.west == GRID.square("AF75").east  # 6 is east of 5
    assert GRID.square("AF73").south == a76.north  # 3 is north of 6


def test_squares_are_54_nm_tall_and_about_as_wide_in_the_north_atlantic():
    for name in ("AE67", "AF76", "AL15", "BE55", "CA55"):
        sq = GRID.square(name)
        assert (sq.north - sq.south) * 60 == pytest.approx(54)


def test_two_by_five_strip_has_a_tenth_square_written_with_a_zero():
    """Around the British Isles a strip square (AL1) holds ten squares: AL11..AL19 and AL01."""
    for n in range(1, 10):
        assert GRID.square(f"AL1{n}")
    tenth = GRID.square("AL01")
    assert tenth.south == pytest.approx(56.4)  # the south-east corner of AL1
    assert tenth.east == pytest.approx(GRID.square("AL2" + "1").west)


def test_irregular_blocks_have_only_their_digits():
    with pytest.raises(GridError):
        GRID.square("AL43")  # AL4 has only the western two columns
    assert GRID.square("AL42")


def test_the_rulebook_sea_areas_are_on_the_map():
    for prefix in ("AE", "AF", "AL", "AM", "AN", "BE", "BF", "CA", "AK", "AD"):
        assert any(n.startswith(prefix) for n in GRID.squares), prefix


def test_unknown_square_is_refused_with_a_clear_message():
    with pytest.raises(GridError, match="ZZ99"):
        GRID.centre("ZZ99")


def test_off_the_map_has_no_square():
    assert GRID.name_at(-40.0, 20.0) is None
    assert GRID.name_at(80.0, 0.0) is None


@settings(max_examples=200, deadline=None)
@given(st.sampled_from(sorted(GRID.squares)), st.floats(0.01, 0.99), st.floats(0.01, 0.99))
def test_any_point_of_a_square_maps_back_to_it(name, fy, fx):
    sq = GRID.square(name)
    lat = sq.south + fy * (sq.north - sq.south)
    lon = sq.west + fx * (sq.east - sq.west)
    assert GRID.name_at(lat, lon) == name


def test_overlapping_table_is_refused():
    with pytest.raises(GridError, match="overlap"):
        NavalGrid([Square("XX11", 51.9, 51.0, 0.0, 2.0), Square("XX12", 51.9, 51.0, 1.0, 3.0)])


def test_duplicate_square_is_refused():
    spec = {"cells": [{"ids": ["AB11"], "north": 51.9, "south": 51.0, "west": 0.0, "east": 1.0},
                      {"ids": ["AB11"], "north": 51.9, "south": 51.0, "west": 1.0, "east": 2.0}]}
    with pytest.raises(GridError, match="twice"):
        NavalGrid(build_squares(spec))
