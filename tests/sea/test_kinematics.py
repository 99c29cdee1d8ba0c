"""Exact motion between wakes: closed-form integrals match a fine numerical integration."""

from __future__ import annotations

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from kaleun.uboot.sea.kinematics import log_distance, motion, value_at


def numeric(v0, vt, accel, h0, turn, turn_s, dt, n=4000):
    east = north = 0.0
    h = dt / n
    for i in range(n):
        s = (i + 0.5) * h
        v = value_at(v0, vt, accel, s)
        heading = math.radians(h0 + turn * min(s, turn_s))
        east += v / 3600 * math.sin(heading) * h
        north += v / 3600 * math.cos(heading) * h
    return east, north


@settings(max_examples=40, deadline=None)
@given(st.floats(-4, 12.5), st.floats(-4, 12.5), st.sampled_from([0.05, 0.1]), st.floats(0, 359),
       st.floats(-1.2, 1.2), st.floats(0, 300), st.floats(1, 900))
def test_closed_form_matches_numerical_integration(v0, vt, accel, h0, turn, turn_s, dt):
    exact = motion(v0, vt, accel, h0, turn, turn_s, dt)
    approx = numeric(v0, vt, accel, h0, turn, turn_s, dt)
    assert exact == pytest.approx(approx, abs=1e-5)


def test_straight_and_steady_is_speed_times_time():
    east, north = motion(10.0, 10.0, 0.1, 90.0, 0.0, 0.0, 3600.0)
    assert (east, north) == pytest.approx((10.0, 0.0), abs=1e-9)


def test_log_counts_astern_as_distance_run():
    assert log_distance(-4.0, 4.0, 80.0) == pytest.approx(160.0)
    assert log_distance(2.0, 6.0, 10.0) == pytest.approx(40.0)
