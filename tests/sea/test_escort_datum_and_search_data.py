"""Rules as data: where escorts a mission sets hunting start, and how an escort searches without contact, are
attacks.toml [escort] values marked our choice (the rulebook leaves the enemy's behaviour to the app, §11), not
numbers in the code. Each test changes one value in the game's data and sees the behaviour follow it."""

from __future__ import annotations

import math

import pytest
from kaleun.uboot.game import new_game
from kaleun.uboot.sea import escorts, geo

AWARE_CONVOY = {"kind": "HX", "bearing": 20, "range_nm": 11.0, "course": 100, "columns": 5, "ships_per_column": 4,
                "escorts": ["flower", "flower", "hunt"], "zigzag": "plan_a", "aware": True}
HUNTER = {"class": "flower", "bearing": 45, "range_nm": 2.5, "mode": "hunt"}


def _datum_off_boat_nm(game) -> list[float]:
    """How far each hunting escort's datum lies from where the boat was at the datum's time (nm)."""
    sea = game.module("sea")
    offs = []
    for v in sea.vessels.values():
        if v.is_escort and v.ai.get("datum") is not None:
            lat, lon, when = v.ai["datum"]
            boat = sea.boat_now(when)
            offs.append(math.hypot(*geo.offset(boat.lat, boat.lon, lat, lon)))
    return offs


@pytest.mark.parametrize("error_nm, near", [(0.0, True), (30.0, False)])
def test_11_a_convoy_that_expects_u_boats_hunts_from_a_datum_off_the_boat_by_the_datas_error(monkeypatch, error_nm,
                                                                                             near):
    """attacks.toml `aware_datum_error_nm` (our choice, 1 nm): an `aware` convoy's hunters take their datum off the
    boat by this spread; without error it is where the boat is, with 30 nm far off it."""
    assert escorts.ESC["aware_datum_error_nm"] == 1.0
    monkeypatch.setitem(escorts.ESC, "aware_datum_error_nm", error_nm)
    offs = _datum_off_boat_nm(new_game(0, "exercise_convoy", changes={"convoy": [AWARE_CONVOY]}))
    assert offs, "no escort of the aware convoy hunts"
    assert all(o < 0.01 for o in offs) if near else all(o > 1.0 for o in offs) and max(offs) > 5.0


@pytest.mark.parametrize("error_nm, near", [(0.0, True), (30.0, False)])
def test_11_an_escort_set_hunting_without_its_own_error_searches_round_a_datum_by_the_datas_error(monkeypatch,
                                                                                                  error_nm, near):
    """attacks.toml `hunt_datum_error_nm` (our choice, 0.5 nm) is the datum error of an escort a mission sets
    hunting without a `datum_error_nm` of its own; one that gives its own keeps it."""
    assert escorts.ESC["hunt_datum_error_nm"] == 0.5
    monkeypatch.setitem(escorts.ESC, "hunt_datum_error_nm", error_nm)
    (off,) = _datum_off_boat_nm(new_game(0, "exercise_escort", changes={"vessel": [HUNTER]}))
    assert (off < 0.01) if near else (off > 1.0)
    (own,) = _datum_off_boat_nm(new_game(0, "exercise_escort", changes={"vessel": [{**HUNTER,
                                                                                   "datum_error_nm": 0.0}]}))
    assert own < 0.01


def _search_steers(monkeypatch, seed: int) -> list[tuple[float, float]]:
    """Every course a searching escort sets: (its turn off its course, its turn off the bearing to the datum), in
    degrees. The escort's datum is 3 nm out so that it searches long, inside and outside the boat's circle."""
    steers: list[tuple[float, float]] = []
    steer = escorts._steer

    def spy(sea, v, now, course, speed):
        if v.ai.get("mode") == "search" and v.track is not None:
            lat, lon = v.track.at(now)
            dlat, dlon = escorts._datum_now(v.ai, now)
            to_datum = geo.bearing_to(*geo.offset(lat, lon, dlat, dlon))
            steers.append((abs(geo.norm180(course - v.track.course)), abs(geo.norm180(course - to_datum))))
        steer(sea, v, now, course, speed)

    monkeypatch.setattr(escorts, "_steer", spy)
    game = new_game(seed, "exercise_escort", changes={"vessel": [{**HUNTER, "datum_error_nm": 3.0}]})
    for _ in range(8):
        game.advance(900)
    return steers


@pytest.mark.parametrize("key, default, other", [("search_toward_deg", 30.0, "search_turn_deg"),
                                                 ("search_turn_deg", 60.0, "search_toward_deg")])
def test_11_a_searching_escort_turns_by_the_datas_angles(monkeypatch, key, default, other):
    """attacks.toml `search_toward_deg` (our choice, 30°: outside the boat's circle it steers for the datum give or
    take this) and `search_turn_deg` (our choice, 60°: inside it turns off its course by up to this). With the other
    angle 0 and this one 0 too, every course it sets keeps its course or points straight at the datum; with the
    data's angle it sets others, within that angle."""
    assert escorts.ESC[key] == default
    monkeypatch.setitem(escorts.ESC, other, 0.0)
    for angle in (0.0, default):
        monkeypatch.setitem(escorts.ESC, key, angle)
        steers = [s for seed in (1, 2) for s in _search_steers(monkeypatch, seed)]
        assert len(steers) > 20, "the escort hardly searched"
        aside = [s for s in steers if min(s) > 1e-6]
        if angle == 0.0:
            assert not aside, aside
        else:
            assert aside and all(min(s) <= default + 1e-6 for s in aside)
            if key == "search_turn_deg":
                assert any(min(s) > 30.0 for s in aside), "no turn beyond 30°"


@pytest.mark.parametrize("radius_nm, growth_kn, inside", [(0.0, 0.0, False), (500.0, 0.0, True)])
def test_11_a_searching_escort_sweeps_the_circle_the_data_gives_the_boat(monkeypatch, radius_nm, growth_kn, inside):
    """attacks.toml `search_radius_nm` and `search_radius_kn` (our choices, 0.4 nm growing by 3 nm an hour): the
    circle the boat may have reached since the datum. With both 0 the escort is always outside it and every course
    it sets points at the datum (no give or take: `search_toward_deg` 0); with a circle of 500 nm it is always
    inside and every course it sets is its own (no turn: `search_turn_deg` 0). The data's circle gives both."""
    assert escorts.ESC["search_radius_nm"] == 0.4 and escorts.ESC["search_radius_kn"] == 3.0
    monkeypatch.setitem(escorts.ESC, "search_toward_deg", 0.0)
    monkeypatch.setitem(escorts.ESC, "search_turn_deg", 0.0)
    default = [s for seed in (1, 2) for s in _search_steers(monkeypatch, seed)]
    assert any(s[0] > 1e-6 for s in default) and any(s[1] > 1e-6 for s in default), "the data's circle: both kinds"
    monkeypatch.setitem(escorts.ESC, "search_radius_nm", radius_nm)
    monkeypatch.setitem(escorts.ESC, "search_radius_kn", growth_kn)
    steers = [s for seed in (1, 2) for s in _search_steers(monkeypatch, seed)]
    assert len(steers) > 20, "the escort hardly searched"
    kept, aimed = [s for s in steers if s[0] <= 1e-6], [s for s in steers if s[1] <= 1e-6]
    assert (len(kept) == len(steers)) if inside else (len(aimed) == len(steers))


@pytest.mark.parametrize("error_nm, near", [(0.0, True), (30.0, False)])
def test_11_a_report_without_its_own_error_puts_the_datum_off_the_boat_by_the_datas_error(monkeypatch, error_nm,
                                                                                          near):
    """attacks.toml `alert_error_nm` (our choice, 0.5 nm): a report of the boat that names no error of its own sends
    the hunters to a datum off the boat by this spread."""
    assert escorts.ESC["alert_error_nm"] == 0.5
    monkeypatch.setitem(escorts.ESC, "alert_error_nm", error_nm)
    game = new_game(0, "exercise_convoy", changes={"convoy": [{**AWARE_CONVOY, "aware": False, "range_nm": 3.0}]})
    sea = game.module("sea")
    boat = sea.boat_now(game.t)
    escorts.alert(sea, boat.lat, boat.lon, game.t, "a test report")
    offs = _datum_off_boat_nm(game)
    assert offs, "no escort went hunting"
    assert all(o < 0.01 for o in offs) if near else all(o > 1.0 for o in offs) and max(offs) > 5.0
