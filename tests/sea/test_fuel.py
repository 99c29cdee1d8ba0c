"""Diesel fuel (missions: "fuel if modelled" carries over; console: the instruments show it).

Type VIIC: 113.5 t of diesel oil, 8,500 nm at 10 kn surfaced (sea-facts). The diesels burn it surfaced, for
way and to charge the battery; the electric motors burn none. The engineer reports the fuel left below
50, 25 and 10 % and when it is spent; then the diesels stop and refuse every speed but stop, while the boat
still makes way submerged on the motors. Saves keep it; a save from before loads with full tanks.
"""

from __future__ import annotations

import json

import pytest
from kaleun.core.errors import SaveError
from kaleun.saves import open_save
from kaleun.uboot.boat import BOAT
from kaleun.uboot.game import load_game, new_game

from .conftest import names, order

FUEL = BOAT["fuel"]
CAPACITY = FUEL["capacity_t"]


def boat(game):
    return game.module("boat")


def test_fuel_data_matches_the_type_viic_range_at_the_economical_speed():
    """8,500 nm at 10 kn (half ahead) is 850 h on a full load: the half-ahead burn is that figure."""
    assert pytest.approx(113.5) == CAPACITY
    assert BOAT["surfaced"]["speed_kn"]["half_ahead"] == 10.0
    hours = CAPACITY / FUEL["burn_t_per_h"]["half_ahead"]
    assert hours * 10.0 == pytest.approx(8500, rel=0.01)
    burn = FUEL["burn_t_per_h"]
    per_mile = {s: burn[s] / BOAT["surfaced"]["speed_kn"][s] for s in ("slow_ahead", "half_ahead", "full_ahead")}
    assert per_mile["full_ahead"] > per_mile["half_ahead"]  # steeper towards full speed
    assert FUEL["full_ahead_in_action_t_per_h"] > burn["full_ahead"]
    assert burn["stop"] == 0.0


def test_fuel_burns_on_the_diesels_by_speed_and_not_on_the_electric_motors():
    game = new_game(0, "training")
    order(game, "new_speed", speed="half_ahead")
    game.advance(10 * 3600)
    used = CAPACITY - boat(game).fuel_at(game.t)
    assert used == pytest.approx(10 * FUEL["burn_t_per_h"]["half_ahead"], rel=0.01)
    order(game, "dive")
    game.advance(600)
    before = boat(game).fuel_at(game.t)
    game.advance(5 * 3600)
    assert boat(game).fuel_at(game.t) == before  # the e-motors burn no fuel
    assert boat(game).status()["fuel_pct"] == pytest.approx(100 * before / CAPACITY, abs=0.1)


def test_charging_the_battery_on_the_diesels_burns_fuel():
    game = new_game(0, "training")
    order(game, "dive")
    order(game, "new_speed", speed="half_ahead")
    game.advance(6 * 3600)
    order(game, "new_speed", speed="stop")
    order(game, "surface")
    game.advance(120)
    start = boat(game).fuel_at(game.t)
    game.advance(3600)  # stopped, charging: only the charge burns
    assert start - boat(game).fuel_at(game.t) == pytest.approx(FUEL["charge_t_per_h"], rel=0.01)
    game.advance(10 * 3600)  # the battery is full: stopped diesels burn nothing
    full = boat(game).fuel_at(game.t)
    game.advance(3600)
    assert boat(game).fuel_at(game.t) == full


def test_fuel_reports_only_at_the_marks_and_when_spent_the_diesels_stop():
    """No event each tick: one at 50, 25 and 10 %, one when spent; then only stop is accepted surfaced,
    with a reason the First Officer reads out, and the boat still makes way submerged on the motors."""
    game = new_game(0, "training")
    boat(game).set_fuel(CAPACITY * 0.55)
    order(game, "new_speed", speed="full_ahead")
    events = game.advance(30 * 3600)  # north into the Norwegian Sea
    fuel = [e for e in events if e.name == "fuel"]
    assert [e.data["level"] for e in fuel] == ["below_50"] and fuel[0].feed
    assert fuel[0].t == pytest.approx(CAPACITY * 0.05 / FUEL["burn_t_per_h"]["full_ahead"] * 3600, rel=1e-6)
    order(game, "new_course", course=180)
    boat(game).set_fuel(CAPACITY * 0.11)  # below 25 % already: that mark is not reported again
    start = game.t
    events = game.advance(60 * 3600)
    fuel = [e for e in events if e.name == "fuel"]
    assert [e.data["level"] for e in fuel] == ["below_10", "empty"]
    assert all(e.feed for e in fuel)
    hours = CAPACITY * 0.11 / FUEL["burn_t_per_h"]["full_ahead"]
    assert fuel[-1].t - start == pytest.approx(hours * 3600, rel=1e-6)
    b = boat(game)
    assert b.dry and b.fuel_at(game.t) == 0.0 and b.speed_kn == 0.0 and b.stopped == "the fuel is spent"
    refused = order(game, "new_speed", speed="slow_ahead")
    assert refused[0].name == "order_rejected" and "the fuel is spent" in refused[0].data["reason"]
    order(game, "dive")
    game.advance(900)
    assert boat(game).speed_kn == pytest.approx(BOAT["submerged"]["speed_kn"]["full_ahead"])
    assert "fuel" not in names(game.advance(3600))
    surfaced = next(e for e in order(game, "surface") + game.advance(120) if e.name == "boat_surfaced")
    assert str(surfaced.feed) == "The boat is surfaced: the fuel is spent, the diesels cannot run."
    assert boat(game).stopped == "the fuel is spent"


def test_fuel_round_trips_through_a_save_and_the_replay_is_the_same():
    game = new_game(0, "training")
    boat(game).set_fuel(CAPACITY * 0.52)
    order(game, "new_speed", speed="full_ahead")
    game.advance(3600)
    copy = load_game(json.loads(json.dumps(game.to_state())))
    assert boat(copy).fuel_at(copy.t) == boat(game).fuel_at(game.t) < CAPACITY
    a = [e.to_json() for e in game.advance(30 * 3600)]
    b = [e.to_json() for e in copy.advance(30 * 3600)]
    assert a == b and any(e["event"] == "fuel" for e in a)


def test_a_save_from_before_fuel_was_kept_loads_with_full_tanks():
    game = new_game(0, "training")
    order(game, "new_speed", speed="half_ahead")
    game.advance(3600)
    state = json.loads(json.dumps(game.to_state()))
    for key in ("f0", "frate", "fuel_warned", "dry"):
        del state["modules"]["boat"][key]
    old = load_game(state)
    assert boat(old).fuel_at(old.t) == CAPACITY
    old.advance(3600)  # burnt from the next look at the machinery on
    assert boat(old).fuel_at(old.t) < CAPACITY


@pytest.mark.parametrize("value", ["-5", "1e9", '"full"', "null", "NaN"])
def test_a_damaged_fuel_value_is_refused_with_its_reason(tmp_path, value):
    state = new_game(0, "training").to_state()
    state["modules"]["boat"]["f0"] = "@@"
    text = json.dumps(state).replace('"f0": "@@"', f'"f0": {value}')
    path = tmp_path / "autosave.json"
    path.write_text(text)
    with pytest.raises(SaveError, match=r"f0|NaN"):
        open_save(path)
    assert path.read_text() == text


#: a long run on the diesels: full ahead, a dive on the battery, surfaced again to charge while running (the charge
#: burn ends when the battery is full), slow ahead, full ahead past the 50 % and 25 % reports
LONG_RUN = [
    {"t": 0, "do": "crew_options", "rules": "advise", "wear": False},
    {"t": 1, "do": "order", "order": "new_speed", "speed": "full_ahead"},
    {"t": 2, "do": "order", "order": "new_course", "course": 240},
    {"t": 36000, "do": "order", "order": "dive"},
    {"t": 36600, "do": "order", "order": "new_speed", "speed": "half_ahead"},
    {"t": 90000, "do": "order", "order": "surface"},
    {"t": 90300, "do": "order", "order": "new_speed", "speed": "full_ahead"},
    {"t": 400000, "do": "order", "order": "new_speed", "speed": "slow_ahead"},
    {"t": 400500, "do": "order", "order": "new_course", "course": 60},
    {"t": 600000, "do": "order", "order": "new_speed", "speed": "full_ahead"},
    {"t": 700000, "do": "order", "order": "new_course", "course": 240},
]
UNTIL = 1_500_000


@pytest.mark.parametrize("saved_at", [150000, 168337.5, 981716.538])
def test_a_script_saved_mid_burn_and_resumed_burns_byte_for_byte_as_the_unbroken_run(home, tmp_path, saved_at):
    """`kaleun run --save` part way (while charging on the diesels, at the moment the battery is full, at the moment
    of the 50 % report) and `kaleun run --load` for the rest write, together, the unbroken run's events byte for
    byte: the same burn, the same reports at the same moments, each once."""
    from kaleun.cli import main

    def script(name, lines):
        path = tmp_path / name
        path.write_text("".join(json.dumps(line) + "\n" for line in lines))
        return str(path)

    whole, first, rest = (tmp_path / n for n in ("whole.jsonl", "first.jsonl", "rest.jsonl"))
    save = str(tmp_path / "mid.json")
    assert main(["run", "--mission", "training", "--script", script("all.jsonl", LONG_RUN), "--events", str(whole),
                 "--until", str(UNTIL)]) == 0
    assert main(["run", "--mission", "training", "--script", script("a.jsonl", [x for x in LONG_RUN
                                                                                  if x["t"] <= saved_at]),
                 "--events", str(first), "--until", str(saved_at), "--save", save]) == 0
    assert main(["run", "--load", save, "--script", script("b.jsonl", [x for x in LONG_RUN if x["t"] > saved_at]),
                 "--events", str(rest), "--until", str(UNTIL)]) == 0
    unbroken = whole.read_bytes()
    assert first.read_bytes() + rest.read_bytes() == unbroken
    fuel = [json.loads(line) for line in unbroken.splitlines() if b'"event": "fuel"' in line]
    assert [f["level"] for f in fuel] == ["below_50", "below_25"]
