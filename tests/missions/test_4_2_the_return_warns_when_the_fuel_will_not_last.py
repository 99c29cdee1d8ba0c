"""Rulebook §4.2 (return to base) with the diesel fuel: the warning before the order (`check return` at the console,
the window's Return to base sheet) and the line after it say when the fuel left will not last the passage home at
the transit speed (full ahead), and about how far short of the base the diesels stop; nothing when it lasts. The
debrief says how much fuel the patrol used."""

from __future__ import annotations

import pytest
from kaleun.i18n import language
from kaleun.uboot.boat import BOAT
from kaleun.uboot.game import new_game
from kaleun.uboot.missions.debrief import debrief, lines
from kaleun.uboot.sea.boat import FUEL_CAPACITY_T
from kit import console_typed
from missionkit import do, named, one
from window.fingers import Table_, shown

BURN = BOAT["fuel"]["burn_t_per_h"]["full_ahead"]


def low_on_fuel(tonnes: float = 5.0):
    """A game whose passage home takes about 40 hours (from the landing coast to St-Nazaire)."""
    game = new_game(0, "agents_1941")
    game.module("boat").set_fuel(tonnes)
    return game


def test_4_2_check_return_warns_that_the_fuel_will_not_last_the_passage_home() -> None:
    game = low_on_fuel()
    said = console_typed("en", "check return", game=game)
    assert "Warning: the fuel left (5.0 t) does not last the passage home at full ahead (" in said, said
    assert "the diesels stop about" in said and "nm short of the base." in said, said
    after = one(do(game, {"do": "return_to_base"}), "fuel_short")
    assert after["fuel_t"] == 5.0 and after["need_t"] == pytest.approx(after["eta_h"] * BURN, abs=0.1)
    assert "does not last the passage home" in after["feed"]


@pytest.mark.parametrize("code", ["de", "ru"])
def test_4_2_the_fuel_warning_in_the_tables_language(code: str) -> None:
    said = console_typed(code, "check return", game=low_on_fuel())
    assert {"de": "Warnung: Das übrige Treiböl (5,0 t) reicht nicht", "ru": "Внимание: оставшегося топлива (5,0 т)"
            }[code] in said, said
    assert "fuel" not in said, said


def test_4_2_no_fuel_warning_when_the_tanks_hold_enough() -> None:
    game = new_game(0, "agents_1941")
    assert "does not last the passage home" not in console_typed("en", "check return", game=game)
    assert not [e for e in game.apply({"do": "return_to_base"}) if e.name == "fuel_short"]


@pytest.mark.parametrize("code", ["en", "de", "ru"])
def test_4_2_the_return_sheet_warns_that_the_fuel_will_not_last_whole(code: str) -> None:
    table = Table_(game=low_on_fuel(), language=code)
    table.tap("tab.orders")
    table.tap("order.return_to_base")
    table.window.cut.clear()
    said = " ".join(shown(table))
    assert {"en": "does not last the passage home at full ahead", "de": "reicht nicht für den Rückmarsch",
            "ru": "не хватит на переход домой"}[code] in said, said
    assert not table.window.cut, table.window.cut


def test_4_1_the_debrief_says_the_fuel_used() -> None:
    game = new_game(0, "agents_1941")
    do(game, {"do": "crew_options", "rules": "advise", "wear": False})
    do(game, {"do": "order", "order": "new_speed", "speed": "half_ahead"})
    game.advance(10 * 3600)
    d = debrief(game)
    used = FUEL_CAPACITY_T - game.module("boat").fuel_at(game.t)
    assert d["fuel_used_t"] == pytest.approx(used, abs=0.05) and used > 1.0
    text = [str(line) for line in lines(d)]
    assert any(line.startswith(f"Fuel used: {used:.1f} t (left: ") for line in text), text


def test_4_2_the_fuel_running_out_on_the_way_home_interrupts_the_passage_and_a_dry_boat_cannot_head_home() -> None:
    """The passage home runs on the diesels: when the fuel is spent on the way, the passage stops and says why
    (the boat lies stopped, not in transit); with the tanks dry the return is refused with that reason."""
    game = low_on_fuel(1.0)
    assert one(do(game, {"do": "return_to_base"}), "fuel_short")
    events = [e.to_json() for e in game.advance(6 * 3600)]
    assert one(events, "fuel")["level"] == "empty"
    stopped = one(events, "passage_interrupted")
    assert stopped["feed"] == "Passage home interrupted: the fuel is spent."
    assert game.module("mission").passage is None
    refused = one(do(game, {"do": "return_to_base"}), "action_refused")
    assert refused["feed"] == "Return to base refused: the fuel is spent."


def flat_battery_home_bound(over_the_way: float):
    """A boat surfaced after a long dive, its battery low (the diesels charge it on the way home, at full ahead for
    about 19 hours), with the fuel the passage itself burns, charging left out, and `over_the_way` tonnes more."""
    game = new_game(0, "agents_1941", {"time_limit_h": 400})
    do(game, {"do": "crew_options", "rules": "advise", "wear": False})
    do(game, {"do": "order", "order": "dive"})
    game.advance(300)
    do(game, {"do": "order", "order": "new_speed", "speed": "half_ahead"})
    game.advance(15 * 3600)
    do(game, {"do": "order", "order": "surface"})
    game.advance(200)
    boat = game.module("boat")
    assert boat.surfaced and boat.battery_at(game.t) < 30
    hours = game.module("mission").way_home()[3]
    boat.set_fuel(hours * BURN + over_the_way)
    return game


def test_4_2_the_fuel_warning_counts_the_battery_charge_the_passage_home_burns() -> None:
    """The passage home charges a low battery on the diesels, burning `charge_t_per_h` more until it is full: a
    boat with the fuel for the passage alone (and a little more) runs dry before the base, and is warned first."""
    game = flat_battery_home_bound(0.3)
    said = console_typed("en", "check return", game=game)
    assert "does not last the passage home at full ahead" in said, said
    short = one(do(game, {"do": "return_to_base"}), "fuel_short")
    assert short["need_t"] > short["fuel_t"]
    events = [e.to_json() for e in game.advance(60 * 3600)]
    assert one(events, "fuel")["level"] == "empty"
    assert one(events, "passage_interrupted")["feed"] == "Passage home interrupted: the fuel is spent."
    assert not named(events, "mission_end")


def test_4_2_no_fuel_warning_when_the_fuel_lasts_the_passage_with_its_charge() -> None:
    game = flat_battery_home_bound(0.3)
    boat = game.module("boat")
    boat.set_fuel(boat.fuel_for(game.module("mission").way_home()[3]) + 0.3)
    assert "does not last the passage home" not in console_typed("en", "check return", game=game)
    assert not named(do(game, {"do": "return_to_base"}), "fuel_short")
    events = [e.to_json() for e in game.advance(60 * 3600)]
    assert one(events, "mission_end")["reason"] == "returned" and not named(events, "fuel")


def test_4_2_with_the_diesels_degraded_the_passage_home_is_slower_and_the_fuel_warning_says_so() -> None:
    """Degraded diesels give three quarters of their speed (boat.toml [technical]): the passage home takes that much
    longer and burns that much more. The return's hours and the fuel warning reckon with it."""
    game = new_game(0, "agents_1941", {"time_limit_h": 400})
    do(game, {"do": "crew_options", "rules": "advise", "wear": False})
    mission, boat = game.module("mission"), game.module("boat")
    nominal = mission.way_home()[3]
    assert game.module("technical").add_condition("diesels", "maintenance", "test") is not None
    hours = mission.way_home()[3]
    factor = BOAT["technical"]["degraded_speed_factor"]
    assert hours == pytest.approx(nominal / factor)
    boat.set_fuel(nominal * BURN * 1.1)  # enough at full speed, not at three quarters of it
    assert "does not last the passage home" in console_typed("en", "check return", game=game)
    said = do(game, {"do": "return_to_base"})
    assert one(said, "return_to_base")["eta_h"] == pytest.approx(hours, abs=0.1)
    assert one(said, "fuel_short")["need_t"] == pytest.approx(hours * BURN, abs=0.1)
    game.advance(600)
    assert boat.speed_kn == pytest.approx(BOAT["surfaced"]["speed_kn"]["full_ahead"] * factor)  # what it reckoned


def test_4_2_with_the_diesels_degraded_the_mission_command_says_the_slower_way_home() -> None:
    """The `mission` command's way home by dead reckoning takes the same speed as the return to base."""
    game = new_game(0, "long_patrol_1941", {"position": [50.0, -20.0]})  # out on the station, days from home
    do(game, {"do": "crew_options", "rules": "advise", "wear": False})
    assert "667 nm, about 53 hours at full ahead." in console_typed("en", "mission", game=game)
    game.module("technical").add_condition("diesels", "maintenance", "test")
    hours = round(667 / (BOAT["surfaced"]["speed_kn"]["full_ahead"] * BOAT["technical"]["degraded_speed_factor"]))
    assert f"667 nm, about {hours} hours at full ahead." in console_typed("en", "mission", game=game)


@pytest.mark.parametrize("code", ["en", "de", "ru"])
def test_4_2_the_diesels_out_of_action_on_the_way_home_interrupt_the_passage_as_spent_fuel_does(code: str) -> None:
    """The passage home runs on the diesels: when they fail on the way the boat loses way, and the passage stops and
    says why (no transit compression over a boat lying stopped), in the table's language."""
    game = new_game(0, "agents_1941", {"time_limit_h": 400})
    do(game, {"do": "crew_options", "rules": "advise", "wear": False})
    do(game, {"do": "return_to_base"})
    game.advance(3600)
    game.module("technical").add_condition("diesels", "major_failure", "test")
    raw = game.advance(600)
    events = [e.to_json() for e in raw]
    assert one(events, "engines_stopped")
    stopped = one(events, "passage_interrupted")
    assert stopped["feed"] == "Passage home interrupted: the diesels are out of action."
    assert game.module("mission").passage is None and game.module("compression").mode == "real_time"
    feed = next(e.feed for e in raw if e.name == "passage_interrupted")
    assert language(code).missing(feed) == []
    assert language(code).render(feed) != str(feed) or code == "en"
