"""Lamp scenes of lasting states, driven by game commands through the runtime: what the lamps in
the model show while a fire burns, a breach counts down, the boat is submerged or hunted, and
what the torpedo tubes hold. The looks are our choice (uboot/data/lamp_scenes.toml)."""

from __future__ import annotations

import itertools
from collections.abc import Mapping
from typing import Any

from kaleun.boards.loader import load_board
from kaleun.core.engine import Module
from kaleun.core.events import Event
from kaleun.ports.base import Lamp
from kaleun.ports.sim import SimLamps
from kaleun.runtime.lamps import LampDirector
from kaleun.runtime.loop import Runtime
from kaleun.runtime.table import TABLE_ACTIONS, Table
from kaleun.uboot.game import new_game
from kit import BOARDS, FakeClock

HULL = [f"section.{n}" for n in range(1, 7)]


class LampTable:
    """A table being played on the simulated board, its wall clock in the test's hand: at real
    time a wall second is a game second. Lines are table-script lines (hands or game commands)."""

    def __init__(self, mission: str = "training", modules: list[Module] | None = None) -> None:
        self.clock = FakeClock(0.0)
        self.game = new_game(0, mission, modules=modules)
        board = load_board(BOARDS / "sim.toml")
        self.lamps = SimLamps(board.lamps.segments)
        self.director = LampDirector(self.lamps, game=self.game, clock=self.clock)
        self.events: list[Event] = []
        self.runtime = Runtime(self.game, Table(board, self.game), [self.director], clock=self.clock)
        self.runtime.listeners.append(self.events.append)
        self.runtime.step()

    def at(self, t: float, line: Mapping[str, Any] | None = None) -> LampTable:
        self.clock.now = t
        self.runtime.step()
        if line is not None:
            if line["do"] in TABLE_ACTIONS:
                self.runtime.table.actuate(line)
            else:
                self.runtime.submit(dict(line))
            self.runtime.step()
        return self

    def look(self, segment: str) -> Lamp | None:
        """The segment's unshaded look now (what the deck hub would be told)."""
        return self.director.looks().get(segment)

    def pattern(self, segment: str) -> str | None:
        look = self.look(segment)
        return None if look is None else look.pattern


def fire(section: int) -> dict[str, Any]:
    return {"do": "damage", "kind": "environmental", "condition": "fire", "section": section}


def test_10_3_4_a_fire_in_section_5_flickers_until_it_is_repaired():
    table = LampTable()
    assert [table.pattern(s) for s in HULL] == ["steady"] * 6  # the boat's lighting
    assert table.pattern("section.7") is None and table.pattern("section.8") is None  # deck and bridge
    table.at(10, fire(5))
    table.at(14)  # after the hit's red flare
    assert table.look("section.5") == Lamp((255, 90, 0), "flicker")
    assert table.pattern("section.4") == "steady"
    shades = set()
    for step in range(40):  # the window's (and a Pi strip's) frames: the flicker shaded over time
        table.at(14 + step * 0.05)
        shades.add(table.lamps.frame["section.5"].color)
    assert len(shades) > 10 and all(color != (0, 0, 0) for color in shades)
    table.at(60, {"do": "order", "order": "repair", "condition": "fire", "section": 5})
    assert [(e.data["condition"], e.data["section"]) for e in table.events if e.name == "condition_removed"] == [
        ("fire", 5)]
    assert table.pattern("section.5") == "steady"


def test_10_3_4_each_condition_has_its_own_pattern_and_a_light_failure_goes_dark():
    table = LampTable()
    conditions = {1: "leak", 2: "electrical_fault", 3: "light_failure", 4: "fire"}
    for section, condition in conditions.items():
        table.at(section, {"do": "damage", "kind": "environmental", "condition": condition, "section": section})
    table.at(20)
    assert [table.pattern(f"section.{n}") for n in range(1, 7)] == [
        "drip", "sparks", "off", "flicker", "steady", "steady"]
    assert table.lamps.frame["section.3"].color == (0, 0, 0)


def test_10_3_4_toxic_gas_pulses_while_submerged():
    table = LampTable()
    table.at(1, {"do": "order", "order": "dive"})
    table.at(2, {"do": "damage", "kind": "environmental", "condition": "toxic_gas", "section": 2})
    table.at(6)
    assert table.pattern("section.2") == "pulse"


def test_10_3_7_a_hull_breach_strobes_faster_as_its_countdown_runs_out_then_the_section_floods():
    table = LampTable()
    table.at(0, {"do": "damage", "kind": "hull_breach", "section": 4})
    countdown = next(e for e in table.events if e.name == "hull_breach").data["countdown_s"]
    assert countdown == 180
    table.at(5)
    assert table.look("section.4") == Lamp((255, 0, 0), "blink")
    table.at(70)  # 110 s left
    assert table.pattern("section.4") == "blink_fast"
    table.at(140)  # 40 s left
    assert table.pattern("section.4") == "strobe"
    table.at(181)
    assert [(e.t, e.data["section"]) for e in table.events if e.name == "section_flooded"] == [(180, 4)]
    table.at(185)
    assert table.look("section.4") == Lamp((0, 60, 255), "pulse_slow")


def test_10_3_7_a_hit_on_a_section_whose_breach_strobes_is_told_from_the_breach():
    """A breach in its last 45 s strobes red; a hit on that section (a fire breaks out) flares red for 3 s,
    another pattern, then the breach's strobe shows again (the fire is under it: the breach is the graver)."""
    table = LampTable()
    table.at(0, {"do": "damage", "kind": "hull_breach", "section": 4})
    table.at(140)  # 40 s left
    assert table.look("section.4") == Lamp((255, 0, 0), "strobe")
    table.at(141, fire(4))
    table.at(142)
    assert table.look("section.4") == Lamp((255, 0, 0), "flare")
    table.at(145)
    assert table.look("section.4") == Lamp((255, 0, 0), "strobe")


def test_10_3_7_a_sealed_breach_gives_the_section_its_light_back():
    table = LampTable()
    table.at(0, {"do": "damage", "kind": "hull_breach", "section": 4})
    table.at(5, {"do": "order", "order": "repair", "breach": 4})
    table.at(6, {"do": "puzzle", "section": 4, "result": "solved"})
    table.at(10)
    assert table.pattern("section.4") == "steady"


def test_submerged_the_boat_runs_on_red_night_lighting():
    """Submerged the lamps turn red and dim: told from the ordinary lighting by brightness as well as
    colour (every state has a pattern, never colour alone)."""
    table = LampTable()
    assert table.look("section.3") == Lamp((110, 85, 45), "steady")
    table.at(5, {"do": "order", "order": "dive"})
    assert {table.look(s) for s in HULL} == {Lamp((120, 0, 0), "dim")}
    table.at(60, {"do": "order", "order": "surface"})
    table.at(120)
    assert any(e.name == "boat_surfaced" for e in table.events)
    assert table.look("section.3") == Lamp((110, 85, 45), "steady")


def test_7_an_exhausted_crew_pulses_the_crew_lamp():
    table = LampTable()
    assert table.look("crew") is None
    for t in range(1, 12):
        table.at(t, {"do": "adjust_morale", "by": -1})
        if table.game.module("crew").status()["bars"]["exhausted"]:
            break
    assert table.game.module("crew").status()["bars"]["exhausted"]
    assert table.look("crew") == Lamp((255, 150, 0), "pulse")


def test_12_escorts_hunting_sound_battle_stations_and_every_echo_flashes():
    quiet = LampTable()
    assert quiet.look("alarm") is None
    table = LampTable("exercise_escort")
    assert table.look("alarm") == Lamp((255, 0, 0), "blink")  # the escorts hunt from the start
    table.director.handle(Event(table.game.t, "", "ping", {"echo": True, "escort": "c1"}))
    table.director.tick(table.clock.now + 0.1)
    assert table.look("alarm") == Lamp((0, 200, 40), "steady")
    table.director.tick(table.clock.now + 0.4)
    assert table.look("alarm") == Lamp((255, 0, 0), "blink")


def test_tube_lamps_follow_the_tubes_loaded_flooding_flooded_fired_and_loading():
    """The weapons module's tubes (training: the crew rules advise, so every order goes ahead)."""
    table = LampTable()
    assert [table.pattern(f"tube.{n}") for n in range(1, 6)] == ["steady"] * 5  # all five tubes loaded
    table.at(1, {"do": "order", "order": "flood_tubes", "tubes": [1]})
    assert table.pattern("tube.1") == "blink_fast"  # flooding
    table.at(40)
    assert table.pattern("tube.1") == "pulse"  # flooded: ready to fire
    table.at(41, {"do": "order", "order": "tdc", "bearing": 0, "range_m": 1000, "course": 90, "speed_kn": 7})
    table.at(42, {"do": "order", "order": "fire_torpedoes", "tubes": [1]})
    assert table.look("tube.1") == Lamp((255, 255, 255), "strobe")  # the tube that fired strobes white
    table.at(50)
    assert table.pattern("tube.1") == "pulse_slow"  # fired: empty until reloaded
    table.at(51, {"do": "order", "order": "reload_torpedo", "tube": 1})
    assert table.pattern("tube.1") == "blink"  # loading
    assert [table.pattern(f"tube.{n}") for n in range(2, 6)] == ["steady"] * 4


def test_the_states_are_read_again_without_events():
    """A state that changes with no event still reaches the lamps within a second."""
    table = LampTable()
    table.at(0.2)
    table.game.module("crew").hazards.chips.append({"id": 99, "condition": "fire", "section": 2})  # no event
    table.at(0.5)
    assert table.pattern("section.2") == "steady"
    table.at(1.3)
    assert table.pattern("section.2") == "flicker"


def test_12_pings_at_fast_forward_flash_the_alarm_twice_a_second_over_battle_stations():
    """§12: at fast forward (30 game seconds a wall second) the escorts' pings that find the boat come a
    dozen a second; each added its 0.25 s green flash to the last, so the alarm lamp stayed steady green
    for seconds on end and hid battle stations. A flash now needs the battle stations' red between it
    and the next (`gap`): at most two flashes a second, as the speaker sounds at most two pings."""
    clock = FakeClock(0.0)
    game = new_game(0, "exercise_escort")
    board = load_board(BOARDS / "pico-hub.toml")
    lamps = SimLamps(board.lamps.segments)
    director = LampDirector(lamps, game=game, clock=clock)
    for event in [*game.take_events(), *game.apply({"do": "order", "order": "new_depth", "depth_m": 60}),
                  *game.apply({"do": "order", "order": "new_speed", "speed": "half_ahead"})]:
        director.handle(event)
    shown: list[tuple[float, Lamp | None]] = []  # the alarm lamp's look each time it changes
    pings = 0
    for tick in range(1, 3001):  # a minute of wall time, the runtime's 20 ms ticks
        clock.now = tick * 0.02
        for event in game.advance_to(clock.now * 30):
            pings += event.name == "ping" and event.data.get("echo") is True
            director.handle(event)
        director.tick(clock.now)
        look = director.looks().get("alarm")
        if not shown or shown[-1][1] != look:
            shown.append((clock.now, look))
    green, red = Lamp((0, 200, 40), "steady"), Lamp((255, 0, 0), "blink")
    flashes = [(t, end) for (t, look), (end, _) in itertools.pairwise(shown) if look == green]
    assert pings > 200 and len(flashes) > 40  # the hunt found the boat again and again, and the lamp said so
    assert all(end - t <= 0.25 + 0.02 + 1e-9 for t, end in flashes)  # a flash (to the tick), never a green lamp
    assert {look for _, look in shown} == {green, red}  # battle stations between the flashes
    assert len(flashes) <= 2 * 60 + 1
