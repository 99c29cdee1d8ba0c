"""Own boat (rulebook §12: telegraph, dive/surface switching propulsion, depth; sea-facts: Type VIIC)."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from kaleun.uboot.boat import BOAT, TELEGRAPH
from kaleun.uboot.crew.technical import COMPONENTS
from kaleun.uboot.game import load_game, new_game
from kaleun.uboot.sea import geo
from kaleun.uboot.sea.boat import CRUSH_M, PERISCOPE_M, TEST_M

from .conftest import FakeCrew, break_down, game_with, names, order


def boat(game):
    return game.module("boat")


@pytest.mark.parametrize("setting", TELEGRAPH)
def test_12_five_telegraph_speeds_surfaced_and_submerged(setting):
    game = new_game(0, "training")
    if setting != "stop":
        order(game, "new_speed", speed=setting)
    game.advance(600)
    assert boat(game).speed_kn == pytest.approx(BOAT["surfaced"]["speed_kn"][setting])
    order(game, "dive")
    game.advance(900)
    assert boat(game).speed_kn == pytest.approx(BOAT["submerged"]["speed_kn"][setting])


def test_full_ahead_matches_the_range_ruler_and_the_submerged_maximum():
    assert BOAT["surfaced"]["speed_kn"]["full_ahead"] == pytest.approx(12.5)  # ruler: 12-13 kn
    assert BOAT["submerged"]["speed_kn"]["full_ahead"] == pytest.approx(7.6)  # Type VIIC maximum


def test_12_with_the_enemy_about_full_ahead_surfaced_outruns_a_corvette():
    """On passage full ahead averages the range ruler's 12.5 kn; with a contact in the crew's
    picture the diesels give their maximum (17.2 kn) and a Flower (16 kn) cannot catch up."""
    chaser = {"vessel": [{"class": "flower", "bearing": 180, "range_nm": 4.5, "course": 0, "mode": "patrol"}],
              "weather": "clear", "weather_hold": True, "start": "1941-06-20T12:00:00", "crew_rules": "advise"}
    game = game_with("training", replace=[FakeCrew(4)], overrides=chaser)
    sea = game.module("sea")
    flower = next(iter(sea.vessels.values()))
    order(game, "new_speed", speed="full_ahead")
    order(game, "observe")
    events = game.advance(3600)
    assert "escort_chase" in names(events) and "collision" not in names(events)
    assert sea.boat_now().rel(*sea.vpos(flower, game.t))[2] > 4.5
    assert boat(game).speed_kn == pytest.approx(17.2) and boat(game).in_action
    assert any(e.name == "speed_set" and e.data["in_action"] and e.data["target_kn"] == 17.2 for e in events)


def test_full_ahead_drops_back_to_the_passage_average_when_the_picture_is_empty():
    game = game_with("training", replace=[FakeCrew(4)], overrides={
        "vessel": [{"class": "liberty", "bearing": 90, "range_nm": 6.0, "course": 90, "speed_kn": 11.0}],
        "weather": "clear", "weather_hold": True, "start": "1941-06-20T12:00:00", "crew_rules": "advise"})
    order(game, "new_speed", speed="full_ahead")
    order(game, "new_course", course=270)
    order(game, "observe")
    game.advance(600)
    assert boat(game).in_action
    events = game.advance(4 * 3600)
    assert "contact_lost" in names(events)
    assert not boat(game).in_action and boat(game).speed_kn == pytest.approx(12.5)


def test_new_course_turns_at_the_turn_rate_and_reports_the_course_reached(training):
    order(training, "new_speed", speed="half_ahead")
    training.advance(200)
    events = order(training, "new_course", course=90)
    set_ = next(e for e in events if e.name == "course_set")
    assert set_.data["turn"] == "starboard"
    rate = BOAT["turning"]["surfaced_deg_per_s"]
    assert set_.data["turn_s"] == pytest.approx(90 / rate, abs=0.1)
    events = training.advance(90 / rate + 1)
    reached = next(e for e in events if e.name == "course_reached")
    assert reached.t == pytest.approx(200 + 90 / rate, abs=1e-6)
    assert boat(training).heading == pytest.approx(90)
    rejected = order(training, "new_course", course=90)
    assert rejected[0].name == "order_rejected"


def test_turning_the_short_way_round(training):
    events = order(training, "new_course", course=300)
    assert next(e for e in events if e.name == "course_set").data["turn"] == "port"


def test_12_dive_clears_the_bridge_at_once_and_switches_to_the_electric_motors(training):
    order(training, "new_speed", speed="full_ahead")
    training.advance(300)
    events = order(training, "dive")
    sub = next(e for e in events if e.name == "boat_submerged")
    assert sub.t == training.t and sub.data["propulsion"] == "electric"
    assert not boat(training).surfaced
    events = training.advance(BOAT["depth"]["dive_s"])
    assert "depth_reached" in names(events)
    assert boat(training).depth_m == pytest.approx(PERISCOPE_M)
    assert boat(training).at_periscope_depth
    training.advance(600)
    assert boat(training).speed_kn == pytest.approx(7.6)


def test_12_surface_switches_back_to_the_diesels_when_the_boat_reaches_the_surface(training):
    order(training, "dive")
    training.advance(60)
    order(training, "new_depth", depth_m=50)
    training.advance(120)
    events = order(training, "surface")
    assert "boat_surfaced" not in names(events)
    events = training.advance(60)
    surfaced = next(e for e in events if e.name == "boat_surfaced")
    assert surfaced.t == pytest.approx(training.t - 60 + 50 / BOAT["depth"]["rate_m_per_s"])
    assert surfaced.data["propulsion"] == "diesel"
    assert boat(training).surfaced and boat(training).depth_m == 0


def test_new_depth_only_submerged_and_not_above_periscope_depth(training):
    assert order(training, "new_depth", depth_m=50)[0].data["reason"] == "the boat is surfaced: dive first"
    order(training, "dive")
    training.advance(30)
    assert "periscope depth" in order(training, "new_depth", depth_m=5)[0].data["reason"]
    assert order(training, "new_depth", depth_m=120)[0].name == "order_accepted"
    events = training.advance(200)
    assert boat(training).depth_m == pytest.approx(120)
    assert "depth_reached" in names(events)


def test_surface_and_dive_twice_are_refused(training):
    assert order(training, "surface")[0].name == "order_rejected"
    order(training, "dive")
    assert order(training, "dive")[0].data["reason"] == "the boat is already submerged"
    training.advance(10)
    order(training, "surface")
    assert order(training, "surface")[0].data["reason"] == "the boat is already surfacing"


def test_a_dive_called_off_at_once_brings_the_boat_up_again_at_once(training):
    """Dive and surface at the same moment: the boat never left the surface, so it is surfaced again
    (it used to wait for ever "surfacing" at 0 m, its battery running down)."""
    order(training, "dive")
    events = order(training, "surface")
    assert "boat_surfaced" in names(events)
    assert boat(training).surfaced and boat(training).mode["propulsion"] == "diesel"
    training.advance(3600)
    assert boat(training).battery_pct == pytest.approx(100.0)


def test_12_battery_drains_submerged_by_speed_and_warns(training):
    order(training, "dive")
    order(training, "new_speed", speed="half_ahead")
    events = training.advance(3600)
    assert boat(training).battery_pct == pytest.approx(100 - 5.0, abs=0.1)  # 80 nm at 4 kn = 20 h
    events = training.advance(16 * 3600)
    assert [e.data["level"] for e in events if e.name == "battery"] == ["low"]
    assert boat(training).battery_pct == pytest.approx(15.0, abs=0.2)
    events = training.advance(2 * 3600)
    assert [e.data["level"] for e in events if e.name == "battery"] == ["critical"]


def test_12_a_flat_battery_stops_the_motors(training):
    order(training, "dive")
    order(training, "new_speed", speed="full_ahead")
    events = training.advance(2 * 3600)
    flat = next(e for e in events if e.name == "battery" and e.data["level"] == "flat")
    assert flat.t == pytest.approx(3600 * 100 / BOAT["battery"]["drain_pct_per_h"]["full_ahead"], abs=1e-3)
    assert boat(training).speed_kn == 0 and boat(training).stopped == "the battery is flat"
    assert order(training, "new_speed", speed="half_ahead")[0].data["reason"] == "the battery is flat"
    order(training, "surface")
    training.advance(3600)
    assert boat(training).battery_pct == pytest.approx(BOAT["battery"]["charge_pct_per_h"]["full_ahead"], abs=0.2)
    assert boat(training).speed_kn == pytest.approx(12.5)  # the diesels still answer full ahead


def test_12_battery_recharges_surfaced_on_the_diesels(training):
    order(training, "dive")
    order(training, "new_speed", speed="half_ahead")
    training.advance(6 * 3600)
    low = boat(training).battery_pct
    order(training, "surface")
    training.advance(3600)
    gained = boat(training).battery_pct - low
    assert gained == pytest.approx(BOAT["battery"]["charge_pct_per_h"]["half_ahead"], abs=0.6)
    events = training.advance(4 * 3600)
    assert [e.data["level"] for e in events if e.name == "battery"] == ["charged"]
    assert boat(training).battery_pct == 100


def test_below_test_depth_the_hull_groans_and_at_crush_depth_the_boat_is_lost(training):
    order(training, "dive")
    training.advance(30)
    order(training, "new_depth", depth_m=300)
    events = training.advance(400)
    assert "test_depth" in names(events)
    crushed = next(e for e in events if e.name == "crushed")
    assert crushed.data["depth_m"] == pytest.approx(CRUSH_M)
    end = next(e for e in events if e.name == "mission_end")
    assert end.data == {"result": "lost", "reason": "crushed", "crew_lost": 32}  # all hands (§4.1)
    assert order(training, "new_speed", speed="half_ahead")[0].data["reason"] == "the boat is lost"


def test_beyond_test_depth_the_hull_may_give_way():
    """Below test depth every check may start a leak or a hull breach (damage events)."""
    kinds = set()
    for seed in range(6):
        game = new_game(seed, "training")
        order(game, "dive")
        game.advance(30)
        order(game, "new_depth", depth_m=int(TEST_M + 45))
        events = game.advance(3600)
        kinds |= {e.data["kind"] for e in events if e.name == "damage"}
        # not crushed (that is deeper); the crew engine may still lose the boat to the flooding
        assert game.module("mission").reason != "crushed"
    assert kinds == {"environmental", "hull_breach"}


def test_running_into_land_grounds_the_boat():
    """Rulebook §11: the boat ran aground -> the mission is lost."""
    game = game_with("training", overrides={"position": [60.3, -0.5], "course": 270})  # east of Shetland
    order(game, "new_speed", speed="full_ahead")
    events = game.advance(3 * 3600)
    grounded = next(e for e in events if e.name == "grounded")
    assert grounded.data["place"] == "Shetland"
    assert game.module("mission").reason == "grounded"


def test_the_echo_sounder_shows_the_water_under_the_boat_and_warns_of_an_order_onto_the_bottom():
    """The hunted exercise lies on a 120 m shelf: the crew can read the sounding and is warned
    when it orders the boat as deep as the bottom (rulebook §11: striking the bottom loses the boat)."""
    game = new_game(0, "exercise_escort")
    game.take_events()
    assert boat(game).status()["seabed_m"] == 120
    events = order(game, "new_depth", depth_m=80)
    assert "echo_sounder" not in names(events)
    events = order(game, "new_depth", depth_m=120)
    warning = next(e for e in events if e.name == "echo_sounder")
    assert warning.text.startswith("Echo sounder: 120 m") and warning.data == {"seabed_m": 120.0, "ordered_m": 120.0}
    assert "echo_sounder" not in names(order(game, "new_depth", depth_m=125))  # warned once
    order(game, "new_depth", depth_m=60)
    assert "echo_sounder" in names(order(game, "new_depth", depth_m=150))  # again after a safe order


def test_missions_start_on_the_strategic_map_and_nothing_sails_past_the_pack_ice():
    """No mission starts beyond the map's latitudes; a boat steaming north runs into the Arctic
    pack ice long before the pole (where positions would pile up at the edge of the chart)."""
    from kaleun.core.errors import CommandError

    for lat in (89.95, 78.0, 20.0):
        with pytest.raises(CommandError, match="beyond the strategic map"):
            game_with("training", overrides={"position": [lat, 0.0]})
    game = game_with("training", overrides={"position": [77.0, -5.0], "course": 0})
    order(game, "new_speed", speed="full_ahead")
    events = game.advance(24 * 3600)
    grounded = next(e for e in events if e.name == "grounded")
    assert grounded.data["place"] == "the Arctic pack ice"
    assert 79.9 < boat(game).position[0] < 80.1


def test_the_water_track_runs_along_the_course_for_the_distance_logged(training):
    order(training, "new_course", course=90)
    order(training, "new_speed", speed="half_ahead")
    training.advance(3600 * 5)
    b = boat(training)
    course, dist = geo.rhumb(62.25, 1.625, *b.water_position_at(training.t))
    assert dist == pytest.approx(b.distance_nm, abs=0.05)
    assert course == pytest.approx(90, abs=0.5)


@settings(max_examples=25, deadline=None)
@given(st.lists(st.floats(1.0, 900.0), min_size=1, max_size=12))
def test_time_slicing_does_not_change_where_the_boat_is(chunks):
    """Positions are closed-form between wakes: however time is sliced, the boat ends in the same place."""
    def run(slices):
        game = new_game(3, "training")
        order(game, "new_speed", speed="full_ahead")
        game.advance(40)
        order(game, "new_course", course=135)
        for dt in slices:
            game.advance(dt)
        return game.module("boat").position_at(game.t), game.module("boat").distance_nm

    total = sum(chunks)
    one = run([total])
    many = run(chunks)
    assert many[0] == pytest.approx(one[0], abs=1e-9)
    assert many[1] == pytest.approx(one[1], abs=1e-9)


def test_boat_state_round_trips_through_a_save(training):
    order(training, "new_speed", speed="full_ahead")
    order(training, "new_course", course=200)
    training.advance(100)
    order(training, "dive")
    training.advance(25)
    state = json.loads(json.dumps(training.to_state()))
    copy = load_game(state)
    assert copy.module("boat").status() == boat(training).status()
    a = [e.to_json() for e in training.advance(7200)]
    b = [e.to_json() for e in copy.advance(7200)]
    assert a == b


# -- technical conditions (the crew engine's `technical` module) -----------------------------------
def out_of_action(component: str) -> str:
    """The refusal the technical module gives while a major failure is open on `component`."""
    spec = COMPONENTS[component]
    return f"major failure of the {spec['name']}: {spec['effect']}"


def test_a_major_failure_of_the_diesels_stops_the_boat_surfaced():
    game = game_with("training")
    order(game, "new_speed", speed="half_ahead")
    game.advance(300)
    break_down(game, "diesels")
    events = game.advance(120)
    assert "engines_stopped" in names(events)
    game.advance(300)
    assert boat(game).speed_kn == 0
    assert order(game, "new_speed", speed="full_ahead")[0].data["reason"] == out_of_action("diesels")


def test_electric_motors_out_of_action_stop_the_boat_submerged():
    game = game_with("training")
    order(game, "dive")
    order(game, "new_speed", speed="half_ahead")
    game.advance(600)
    break_down(game, "e_motors")
    game.advance(600)
    assert boat(game).speed_kn == 0
    assert order(game, "new_speed", speed="full_ahead")[0].data["reason"] == out_of_action("e_motors")


def test_rudder_and_hydroplanes_out_of_action_refuse_course_and_depth():
    game = game_with("training")
    break_down(game, "rudder")
    assert order(game, "new_course", course=90)[0].data["reason"] == out_of_action("rudder")
    order(game, "dive")
    game.advance(60)
    break_down(game, "hydroplanes")
    assert order(game, "new_depth", depth_m=50)[0].data["reason"] == out_of_action("hydroplanes")


def test_degraded_rudder_turns_slower():
    game = game_with("training")
    break_down(game, "rudder", "maintenance")
    events = order(game, "new_course", course=90)
    turn_s = next(e for e in events if e.name == "course_set").data["turn_s"]
    assert turn_s == pytest.approx(90 / (BOAT["turning"]["surfaced_deg_per_s"] * 0.5), abs=0.1)
