"""Strategic navigation: dead reckoning against the true position; the sextant (rulebook 9.1.2)."""

from __future__ import annotations

import math

import pytest
from kaleun.uboot.game import new_game
from kaleun.uboot.sea import geo
from kaleun.uboot.sea.grid import naval_grid
from kaleun.uboot.sea.navigation import current_at

from .conftest import break_down, game_with, names, order


def test_currents_come_from_the_data_table():
    assert current_at(65.0, 5.0)[0] == "Norwegian Current"
    assert current_at(55.0, -30.0)[0] == "North Atlantic Drift"
    assert current_at(30.0, -60.0)[0] == "open ocean"
    # the Hatteras station (squares CA87, CA88: 34.8-35.7 N, 75.1-72.7 W) lies in the Gulf Stream to its
    # southern edge, where the stream comes up from the Carolinas
    assert {current_at(lat, lon)[0] for lat in (34.85, 35.6) for lon in (-74.95, -72.75)} == \
        {"Gulf Stream", "Gulf Stream off the Carolinas"}
    assert current_at(34.85, -74.95)[1:] == (40.0, 1.5)


def test_dead_reckoning_drifts_away_from_the_true_position():
    """The crew only knows course and speed; the current carries the boat elsewhere."""
    game = new_game(2, "training")
    order(game, "new_speed", speed="half_ahead")
    order(game, "new_course", course=200)
    nav = game.module("navigation")
    game.advance(60)
    assert nav.dr_error_nm() < 0.1
    game.advance(2 * 86400)
    error = nav.dr_error_nm()
    assert error > 5.0  # the Norwegian Current alone sets about 0.5 kn
    b = game.module("boat")
    drift = math.hypot(*b.drift_at(game.t))
    assert error == pytest.approx(drift, rel=0.02)
    assert nav.status()["dr_square"] == naval_grid().name_at(*nav.dr_position())


def test_12_sextant_fix_names_the_true_square_and_resets_dead_reckoning():
    game = new_game(2, "training")
    game.apply({"do": "weather", "kind": "clear", "hold": True})
    order(game, "new_speed", speed="half_ahead")
    game.advance(2 * 86400)
    nav = game.module("navigation")
    before = nav.dr_error_nm()
    events = order(game, "sextant")
    fix = next(e for e in events if e.name == "sextant_fix")
    true_square = naval_grid().name_at(*game.module("boat").position)
    assert fix.data["square"] == true_square
    assert fix.text.startswith("Sextant fix: the boat is in square")
    assert nav.dr_error_nm() < min(before, 6.0)
    assert nav.status()["fix_square"] == true_square


def test_12_sextant_fix_says_when_the_reckoning_was_right():
    """A fix at once after sailing a little finds the boat where it was reckoned; after two days of
    current it names a new square and says the reckoning was off (the event keeps both squares)."""
    game = new_game(2, "training")
    game.apply({"do": "weather", "kind": "clear", "hold": True})
    nav = game.module("navigation")
    reckoned = nav.status()["dr_square"]
    same = next(e for e in order(game, "sextant") if e.name == "sextant_fix")
    assert same.data["reckoned"] == reckoned == same.data["square"]
    assert same.text == f"Sextant fix: the boat is in square {reckoned}, as reckoned."
    order(game, "new_speed", speed="half_ahead")
    game.advance(2 * 86400)
    order(game, "new_speed", speed="stop")
    reckoned = nav.status()["dr_square"]
    moved = next(e for e in order(game, "sextant") if e.name == "sextant_fix")
    assert moved.data["reckoned"] == reckoned != moved.data["square"]
    assert moved.text == f"Sextant fix: the boat is in square {moved.data['square']}."


def test_12_sextant_needs_the_surface():
    game = new_game(0, "training")
    game.apply({"do": "weather", "kind": "clear", "hold": True})
    order(game, "dive")
    rejected = order(game, "sextant")[0]
    assert rejected.name == "order_rejected" and "surfaced" in rejected.data["reason"]


@pytest.mark.parametrize(("kind", "reason"), [("overcast", "overcast"), ("rain", "overcast"), ("fog", "fog")])
def test_12_sextant_needs_a_clear_sky(kind, reason):
    game = new_game(0, "training")
    game.apply({"do": "weather", "kind": kind, "hold": True})
    rejected = order(game, "sextant")[0]
    assert rejected.name == "order_rejected" and reason in rejected.data["reason"]


def test_sextant_needs_a_horizon():
    """At midnight in December the sky may be clear, but there is no horizon to measure against."""
    game = game_with("training", overrides={"start": "1941-12-15T01:00:00", "weather": "clear",
                                            "weather_hold": True})
    game.advance(1)
    assert order(game, "sextant")[0].data["reason"] == "it is too dark to see the horizon"


def test_sextant_out_of_action():
    game = game_with("training", overrides={"weather": "clear", "weather_hold": True})
    break_down(game, "sextant")
    assert order(game, "sextant")[0].data["reason"] == "major failure of the sextant: no position fixes"


def test_a_sextant_with_a_failure_gives_rougher_fixes():
    """currents.toml: a fix scatters about the true position by 1.5 nm (one sigma per axis), by 5 nm while
    the sextant has a condition short of a major failure. Over 30 fixes each, the mean miss tells them apart."""
    def mean_miss(severity: str | None) -> float:
        misses = []
        for seed in range(30):
            game = game_with("training", seed=seed, overrides={"weather": "clear", "weather_hold": True,
                                                                 "start": "1941-06-01T12:00:00"})
            if severity:
                break_down(game, "sextant", severity)
            assert any(e.name == "sextant_fix" for e in order(game, "sextant"))
            fix = game.module("navigation").fix
            misses.append(math.hypot(*geo.offset(*game.module("boat").position, fix["lat"], fix["lon"])))
        return sum(misses) / len(misses)

    good, rough = mean_miss(None), mean_miss("failure")
    assert 1.0 < good < 3.0 and 4.5 < rough < 9.0, (good, rough)

def test_fix_off_the_map_says_so():
    game = game_with("training", overrides={"position": [36.5, 18.0], "weather": "clear", "weather_hold": True,
                                            "start": "1941-06-01T12:00:00"})
    fix = next(e for e in order(game, "sextant") if e.name == "sextant_fix")
    assert fix.data["square"] is None and "off the strategic map" in fix.feed


def test_the_boat_drifts_with_the_current_it_is_given(training):
    b = training.module("boat")
    nav = training.module("navigation")
    nav.next_current = nav.next_error = 1e12  # hold the current the test sets
    b.set_current(0.0, 1.0)
    training.advance(3600)
    lat, lon = b.position
    wlat, wlon = b.water_position_at(training.t)
    assert geo.offset(wlat, wlon, lat, lon) == pytest.approx((0.0, 1.0), abs=1e-3)
    assert "sextant_fix" not in names(training.advance(1))
