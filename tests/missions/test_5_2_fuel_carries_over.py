"""Linked missions (rulebook §5.2, "fuel if modelled"): the diesel fuel left at the end of a part is where the
next part starts; a part that sails again refitted from its base starts with full tanks; a damaged figure in a
carry-over is refused with its reason."""

from __future__ import annotations

import json

import pytest
from kaleun.i18n import language
from kaleun.uboot.game import load_game, new_game
from kaleun.uboot.missions.carry import check_carry, extract
from kaleun.uboot.missions.setup import GameSetup, start_game
from kaleun.uboot.sea.boat import FUEL_CAPACITY_T


def first_part(tonnes: float):
    first = new_game(3, "sc_convoy_1940")
    first.take_events()
    first.module("boat").set_fuel(tonnes)
    return first


def test_5_2_the_fuel_left_carries_over_to_the_next_part_and_through_its_save():
    carry = extract(first_part(40.0))
    assert carry["fuel_t"] == pytest.approx(40.0)
    g = start_game(GameSetup(mission="weather_1940", seed=1, mode="linked", carry=carry))
    carried = next(e for e in g.take_events() if e.name == "carried_over")
    pct = 100 * 40.0 / FUEL_CAPACITY_T
    assert carried.data["fuel_pct"] == pytest.approx(pct, abs=0.1)
    assert f"Fuel left: {pct:.0f} %." in language("en").render(carried.feed)
    assert language("de").missing(carried.feed) == [] and language("ru").missing(carried.feed) == []
    boat = g.module("boat")
    assert boat.fuel_at(g.t) == pytest.approx(40.0)
    # below 50 % already: that report is not made again in the next part
    assert boat.fuel_warned == 50.0
    again = load_game(json.loads(json.dumps(g.to_state())))
    assert again.module("boat").fuel_at(again.t) == pytest.approx(40.0)


@pytest.mark.parametrize("tonnes", [0.0, 6.5])
def test_5_2_a_boat_nearly_dry_is_met_by_hqs_supply_ship_between_the_parts(tonnes):
    """§5.2 carries the fuel over; a boat that ended a part dry began the next one at sea with its diesels stopped and
    no way to charge: a part nobody could play. mission_rules.toml [linked] `supply_t` (our choice, 15 t): HQ's supply
    ship meets a boat carrying less between the parts, and the First Officer reads it out."""
    g = start_game(GameSetup(mission="weather_1940", seed=1, mode="linked", carry=extract(first_part(tonnes))))
    carried = next(e for e in g.take_events() if e.name == "carried_over")
    boat = g.module("boat")
    assert boat.fuel_at(g.t) == pytest.approx(15.0) and not boat.dry
    assert carried.data["supplied_t"] == pytest.approx(15.0 - tonnes)
    said = language("en").render(carried.feed)
    assert (f"The boat was nearly dry: HQ sent a supply ship to meet it between the parts, and it took on "
            f"{15.0 - tonnes:.1f} t of fuel. Fuel left: 13 %.") in said
    assert language("de").missing(carried.feed) == [] and language("ru").missing(carried.feed) == []
    g.apply({"do": "crew_options", "rules": "advise", "wear": False})
    took = g.apply({"do": "order", "order": "new_speed", "speed": "half_ahead"})
    assert not any(e.name == "order_rejected" for e in took)  # the diesels run
    again = load_game(json.loads(json.dumps(g.to_state())))  # the supplied fuel is in the save
    assert again.module("boat").fuel_at(again.t) == pytest.approx(boat.fuel_at(g.t))


@pytest.mark.parametrize("tonnes", [16.0, 14.96])
def test_5_2_a_boat_with_fuel_enough_takes_none_and_without_a_supply_rule_an_empty_tank_carries_over_empty(
        monkeypatch, tonnes):
    """A boat short of the supply figure by less than the tenth of a tonne the First Officer reads out is not met
    either: "took on 0.0 t of fuel" would be a supply ship for nothing."""
    g = start_game(GameSetup(mission="weather_1940", seed=1, mode="linked", carry=extract(first_part(tonnes))))
    carried = next(e for e in g.take_events() if e.name == "carried_over")
    assert "supplied_t" not in carried.data and "supply ship" not in str(carried.feed)
    assert g.module("boat").fuel_at(g.t) == pytest.approx(tonnes)
    monkeypatch.setattr("kaleun.uboot.missions.carry.supply_t", lambda: 0.0)  # `supply_t = 0`: no supply ship
    g = start_game(GameSetup(mission="weather_1940", seed=1, mode="linked", carry=extract(first_part(0.0))))
    assert g.module("boat").dry
    refused = g.apply({"do": "order", "order": "new_speed", "speed": "half_ahead"})
    assert any(e.name == "order_rejected" and "fuel" in e.data["reason"] for e in refused)


def test_5_2_a_part_that_sails_again_refitted_starts_with_full_tanks():
    g = start_game(GameSetup(mission="weather_1940", seed=1, mode="linked", refitted=True))
    assert g.module("boat").fuel_at(g.t) == FUEL_CAPACITY_T


@pytest.mark.parametrize("value", [-1.0, FUEL_CAPACITY_T + 1, "full", None])
def test_5_2_a_damaged_fuel_figure_in_a_carry_over_is_refused(value):
    carry = {**extract(first_part(40.0)), "fuel_t": value}
    problem = check_carry(carry)
    assert problem is not None and "fuel_t" in problem


def test_5_2_full_tanks_are_not_read_out():
    g = start_game(GameSetup(mission="weather_1940", seed=1, mode="linked",
                             carry=extract(first_part(FUEL_CAPACITY_T))))
    carried = next(e for e in g.take_events() if e.name == "carried_over")
    assert carried.data["fuel_pct"] == 100.0 and "Fuel" not in str(carried.feed)


@pytest.mark.parametrize("tonnes", [40.0, 6.5])
def test_5_2_the_careers_line_says_the_torpedoes_and_fuel_the_next_part_starts_with(tonnes):
    """§5.2: `kaleun career`'s line for a linked patrol in progress says what its next part's `carried_over` will say
    at its start: the torpedoes left and the fuel, a boat nearly dry with what HQ's supply ship brings."""
    from kaleun.career import career_lines

    carry = extract(first_part(tonnes))
    record = {"totals": {"missions": 1, "score": 0, "fame": 0, "grt": 0, "ships": 0, "crew_lost": 0},
              "missions": [], "campaign": None,
              "patrol": {"id": "autumn_1940", "next": "weather_1940", "mode": "linked", "carry": carry}}
    line = career_lines(record)[1]
    g = start_game(GameSetup(mission="weather_1940", seed=1, mode="linked", carry=carry))
    carried = next(e for e in g.take_events() if e.name == "carried_over")
    assert line.endswith(f"{carried.data['torpedoes']} torpedoes left, fuel {carried.data['fuel_pct']:.0f} %."), line
    assert line.startswith("Linked patrol Autumn 1940 goes on with Weather boat (linked): 0 sailors dead")


def test_5_2_the_careers_line_and_the_next_parts_start_read_the_stores_from_one_place():
    """§5.2 (torpedoes and ammunition carry over): with mines in a tube and a rack, an empty tube and deck torpedoes,
    `kaleun career`'s line, the next part's `carried_over` and the boat's own count all say the same torpedoes and
    fuel: the ones `starting_stores` reads from the carry-over (mines are no torpedoes)."""
    from kaleun.career import career_lines
    from kaleun.uboot.missions.carry import starting_stores

    carry = extract(first_part(6.5))
    weapons = carry["weapons"]
    weapons["tubes"]["1"], weapons["tubes"]["2"] = "TMB", None
    weapons["racks"]["1"] = ["TMB", *weapons["racks"]["1"][1:]]
    torpedoes, pct = starting_stores(carry)
    assert weapons["deck"] and pct is not None
    record = {"totals": {"missions": 1, "score": 0, "fame": 0, "grt": 0, "ships": 0, "crew_lost": 0},
              "missions": [], "campaign": None,
              "patrol": {"id": "autumn_1940", "next": "weather_1940", "mode": "linked", "carry": carry}}
    g = start_game(GameSetup(mission="weather_1940", seed=1, mode="linked", carry=carry))
    carried = next(e for e in g.take_events() if e.name == "carried_over")
    assert carried.data["torpedoes"] == torpedoes == g.module("weapons").torpedoes_left()
    assert carried.data["fuel_pct"] == pytest.approx(pct, abs=0.05) == g.module("boat").fuel_pct
    assert career_lines(record)[1].endswith(f"{torpedoes} torpedoes left, fuel {pct:.0f} %.")
