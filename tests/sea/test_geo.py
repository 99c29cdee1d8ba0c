"""Spherical geometry: rhumb lines, offsets, the sun."""

from __future__ import annotations

from datetime import datetime

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from kaleun.uboot.sea import geo


@settings(max_examples=200, deadline=None)
@given(st.floats(30, 75), st.floats(-80, 30), st.floats(0, 359.9), st.floats(0.1, 500))
def test_destination_and_rhumb_are_inverse(lat, lon, course, dist):
    lat2, lon2 = geo.destination(lat, lon, course, dist)
    c, d = geo.rhumb(lat, lon, lat2, lon2)
    assert d == pytest.approx(dist, rel=1e-5, abs=1e-5)
    assert geo.norm180(c - course) == pytest.approx(0, abs=1e-3)


def test_offset_matches_shift_for_tactical_ranges():
    lat, lon = geo.shift(60.0, -20.0, 3.0, -4.0)
    east, north = geo.offset(60.0, -20.0, lat, lon)
    assert (east, north) == pytest.approx((3.0, -4.0), abs=1e-3)


def test_bearings_are_compass_bearings():
    assert geo.bearing_to(0, 1) == 0
    assert geo.bearing_to(1, 0) == 90
    assert geo.bearing_to(0, -1) == 180
    assert geo.bearing_to(-1, 0) == 270
    assert geo.norm360(-30) == 330
    assert geo.norm180(350) == -10


def test_sun_is_high_at_summer_noon_and_down_at_winter_midnight():
    assert geo.sun_elevation(datetime(1941, 6, 21, 12, 0), 51.5, 0.0) == pytest.approx(62, abs=1.0)
    assert geo.sun_elevation(datetime(1941, 12, 21, 0, 0), 51.5, 0.0) < -55
    # the midnight sun north of the Arctic circle in June
    assert geo.sun_elevation(datetime(1941, 6, 21, 0, 0), 70.0, 20.0) > 0
