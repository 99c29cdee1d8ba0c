"""A mission that begins far from its base (the mission file's `fuel_t`): the boat starts with the fuel the way
out left it, not full tanks. Off Hatteras (1942) the boat has crossed the Atlantic from Lorient: 70 t of the 113.5 t
are left, and the fuel for the way home matters. A linked part's carry-over (rulebook §5.2) overrides it; a value
the tanks cannot hold is refused with its reason."""

from __future__ import annotations

import pytest
from kaleun.uboot.game import new_game
from kaleun.uboot.missions.carry import extract
from kaleun.uboot.missions.catalogue import MissionError, check_text
from kaleun.uboot.missions.setup import GameSetup, changes_for
from kaleun.uboot.sea.boat import FUEL_CAPACITY_T
from kit import console_typed
from missionkit import MISSION_TOML


def test_the_boat_off_hatteras_starts_with_the_fuel_the_crossing_left() -> None:
    game = new_game(0, "hatteras_1942")
    boat = game.module("boat")
    assert boat.fuel_at(game.t) == 70.0 and boat.fuel_start == 70.0
    assert not boat.dry and boat.fuel_warned == 100.0  # above 50 %: the first report is still to come
    assert "fuel 62 % (70.0 t)" in console_typed("en", "status", game=game)
    assert new_game(0, "agents_1941").module("boat").fuel_at(0.0) == FUEL_CAPACITY_T  # near its base: full


def test_5_2_a_carry_over_overrides_the_missions_fuel() -> None:
    first = new_game(3, "sc_convoy_1940")
    first.module("boat").set_fuel(30.0)
    carry = extract(first)
    changes = changes_for(GameSetup(mission="weather_1940", seed=1, mode="linked", carry=carry))
    game = new_game(1, "weather_1940", {**changes, "fuel_t": 90.0})  # a later part that began far out
    assert game.module("boat").fuel_at(game.t) == pytest.approx(30.0)
    assert new_game(1, "weather_1940", {"fuel_t": 90.0}).module("boat").fuel_at(0.0) == 90.0


@pytest.mark.parametrize("value", ["0", "-3", "200", '"full"'])
def test_a_fuel_the_tanks_cannot_hold_is_refused(value: str) -> None:
    with pytest.raises(MissionError) as err:
        check_text(MISSION_TOML.replace('base = "lorient"\n', f'base = "lorient"\nfuel_t = {value}\n'), "mine.toml",
                   "mine")
    assert any("fuel_t" in str(p) for p in err.value.problems), err.value.problems


#: the shipped missions' convention (their files say "our choice"): a mission that begins more than three days'
#: passage from its base (720 nm at the economical 10 kn) starts with the fuel that way out burnt, at 0.134 t/h
FAR_NM, ECONOMICAL_KN, BURN_T_PER_H = 720.0, 10.0, 0.134


def test_every_shipped_mission_far_from_its_base_starts_with_what_the_way_out_burnt() -> None:
    """Rulebook §5.2 carries the fuel over between parts; a mission's first part is the boat's way out. Each shipped
    mission with a base: beyond three days' passage its `fuel_t` is the tanks less the passage by the route home's
    sea lanes (to the tonne), nearer it starts full. Contact keeper (1,236 nm from St-Nazaire), Zaunkönig, Through
    the Strait, the torpedo crisis and the slow convoy start short as Off Hatteras does."""
    from kaleun.uboot.missions.own import all_missions
    from kaleun.uboot.missions.passage import base, distance, route

    short = {}
    for mission, spec in all_missions().items():
        if not spec.get("base") or not spec.get("objective") or spec.get("part", 1) != 1:
            continue  # a practice mission; a later part starts with what the one before left
        lat, lon = spec["position"] if "position" in spec else new_game(0, mission).module("boat").position()
        nm = distance(lat, lon, route(base(spec["base"]), lat, lon))
        fuel = new_game(0, mission).module("boat").fuel_at(0.0)
        if nm > FAR_NM:
            short[mission] = fuel
            assert fuel == pytest.approx(FUEL_CAPACITY_T - nm / ECONOMICAL_KN * BURN_T_PER_H, abs=1.0), (mission, nm)
        else:
            assert fuel == FUEL_CAPACITY_T, (mission, nm)
    assert set(short) == {"shadow_1941", "t5_1943", "gibraltar_1941", "torpedo_crisis_1940", "sc_convoy_1940",
                          "hatteras_1942"}
