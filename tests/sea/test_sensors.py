"""Detection both ways (rulebook §12: ASDIC cannot detect a surfaced boat; the hydrophone works
submerged and better than eyes in bad weather)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st
from kaleun.uboot.sea import sensors
from kaleun.uboot.sea.sensors import Conditions

CALM = Conditions(visibility_nm=15, sea_state=3, light=1.0)


@given(st.integers(0, 5), st.floats(0.0, 11.9))
def test_more_lookouts_are_never_worse(n, r):
    assert sensors.notice_p(0.3, n + 1, r, 12.0) >= sensors.notice_p(0.3, n, r, 12.0)


@given(st.floats(0.0, 11.0), st.floats(0.01, 1.0))
def test_closer_is_easier_to_see(r, dr):
    assert sensors.notice_p(0.3, 4, r, 12.0) >= sensors.notice_p(0.3, 4, min(12.0, r + dr), 12.0)


def test_nobody_looking_sees_nothing():
    assert sensors.notice_p(0.3, 0, 1.0, 12.0) == 0.0


def test_12_asdic_cannot_detect_a_surfaced_boat():
    assert sensors.asdic_can_hold(True, 10.0, 0.0, 0.5, 0.0, CALM) == "surfaced"
    assert sensors.asdic_can_hold(False, 10.0, 0.0, 0.5, 60.0, CALM) is None


def test_asdic_has_a_beam_a_range_and_a_speed_limit():
    assert sensors.asdic_can_hold(False, 10.0, 120.0, 0.5, 60.0, CALM) == "out of the beam"
    assert sensors.asdic_can_hold(False, 10.0, 0.0, 3.0, 60.0, CALM) == "out of range"
    assert sensors.asdic_can_hold(False, 25.0, 0.0, 0.5, 60.0, CALM) == "too fast"


def test_asdic_edges_are_80_degrees_either_side_of_the_bow_and_18_knots():
    """sensors.toml: the beam searches 80 degrees either side of the bow; above 18 kn the dome is blind."""
    assert sensors.asdic_can_hold(False, 18.0, 80.0, 0.5, 60.0, CALM) is None
    assert sensors.asdic_can_hold(False, 18.0, -80.0, 0.5, 60.0, CALM) is None
    assert sensors.asdic_can_hold(False, 10.0, 80.5, 0.5, 60.0, CALM) == "out of the beam"
    assert sensors.asdic_can_hold(False, 10.0, -80.5, 0.5, 60.0, CALM) == "out of the beam"
    assert sensors.asdic_can_hold(False, 18.1, 0.0, 0.5, 60.0, CALM) == "too fast"

def test_asdic_loses_a_deep_boat_close_aboard():
    """HMS Speedy lost contact at 600 yd; the deeper the boat, the farther out the blind zone."""
    assert sensors.blind_radius_nm(100.0) * 2025 == pytest.approx(620, abs=40)
    assert sensors.blind_radius_nm(200.0) > sensors.blind_radius_nm(100.0) > sensors.blind_radius_nm(20.0)
    assert sensors.asdic_can_hold(False, 12.0, 0.0, 0.2, 100.0, CALM) == "blind zone"


def test_ping_interval_is_the_round_trip_of_the_range_scale():
    assert sensors.ping_interval_s(0.3) == pytest.approx(1.22, abs=0.02)  # 1,000 yd scale
    assert sensors.ping_interval_s(1.1) == pytest.approx(3.05, abs=0.02)  # 2,500 yd scale
    assert sensors.range_scale_yd(0.6) == 1500


def test_12_hydrophone_beats_eyes_in_fog():
    fog = Conditions(visibility_nm=0.5, sea_state=2, light=1.0)
    eyes = sensors.visual_range("large", fog)
    ears = sensors.hydrophone_range(9.0, 10.0, 10.0, 2.0, fog)
    assert ears > 10 * eyes


def test_hydrophone_is_deafened_by_own_speed_and_hears_no_stopped_ship():
    slow = sensors.hydrophone_range(9.0, 10.0, 10.0, 2.0, CALM)
    fast = sensors.hydrophone_range(9.0, 10.0, 10.0, 7.6, CALM)
    assert fast < slow
    assert sensors.hydrophone_range(9.0, 0.0, 10.0, 2.0, CALM) == 0.0


def test_a_surfaced_boat_and_a_raised_periscope_are_seen_more_at_speed():
    assert sensors.boat_sighting_range(True, False, 15.0, CALM) > sensors.boat_sighting_range(True, False, 0.0, CALM)
    assert sensors.boat_sighting_range(False, True, 6.0, CALM) > sensors.boat_sighting_range(False, True, 1.0, CALM)
    assert sensors.boat_sighting_range(False, False, 6.0, CALM) == 0.0


def test_escort_hydrophone_is_deaf_at_speed():
    assert sensors.escort_hearing_range(2.0, 20.0, CALM) == 0.0
    assert sensors.escort_hearing_range(2.0, 8.0, CALM) > 0.0


def test_escorts_hear_at_their_search_speed_and_less_the_faster_they_go():
    """Escorts slowed to listen: their own noise grows with speed; at the classes' ASDIC search
    speeds some hearing is left, at full speed none."""
    from kaleun.uboot.sea.classes import ship_classes

    for cls in ship_classes().values():
        if cls.type == "escort":
            assert sensors.escort_hearing_range(2.0, cls.search_kn, CALM) > 0.0, cls.id
            assert sensors.escort_hearing_range(2.0, cls.speed_kn, CALM) < \
                sensors.escort_hearing_range(2.0, cls.search_kn, CALM)
    assert sensors.escort_hearing_range(2.0, 5.0, CALM) == pytest.approx(2.0)
    assert sensors.escort_hearing_range(2.0, 20.0, CALM) == 0.0
