"""The sea's attacks become conditions in the crew engine (rulebook §6.12, §10.3; the sea)."""

from __future__ import annotations

from pathlib import Path

from kaleun.uboot.game import new_game
from kit import named, play_script

HUNT = Path(__file__).parent / "sea" / "scripts" / "escort_hunt.jsonl"


def _hunt(tmp_path, seed: int):
    lines = [line for line in HUNT.read_text().splitlines() if line.strip() and not line.startswith("#")]
    return play_script(tmp_path, lines, game=new_game(seed, "exercise_escort"))


def test_an_escort_hunt_produces_conditions_in_the_crew_engine(tmp_path):
    """Pings, depth charges, and every damage item answered by the crew engine."""
    game, events = _hunt(tmp_path, seed=6)
    assert len(named(events, "ping")) > 10 and named(events, "depth_charges")
    damage = named(events, "damage")
    assert {d["kind"] for d in damage} >= {"technical", "environmental", "hull_breach"}
    for item in damage:
        later = events[events.index(item) + 1:]
        if item["kind"] == "environmental":  # §10.3.5: the chip goes into the section, morale -1
            placed = next(e for e in later if e["event"] == "condition_placed")
            assert (placed["condition"], placed["section"]) == (item["condition"], item["section"])
        elif item["kind"] == "technical":  # §10.3.1: a repair job with its colour and crew
            job = next(e for e in later if e["event"] == "technical_condition")
            assert job["component"] == item["component"]
        elif item["kind"] == "hull_breach":  # §10.3.6: a countdown in the section
            breach = next(e for e in later if e["event"] == "hull_breach")
            assert breach["section"] == item["section"]
    # nobody repaired the breach: the section flooded
    assert named(events, "section_flooded")[0]["section"] == named(events, "hull_breach")[0]["section"]
    assert game.module("technical").jobs


def test_aircraft_shooting_at_the_bridge_is_crew_damage_for_the_sailors_outside(tmp_path):
    """§6.12: the app orders crew damage after an attack on sailors in 7/8 (one section)."""
    game = new_game(2, "exercise_aircraft")
    _, events = play_script(tmp_path, [
        {"t": 0, "do": "order", "order": "mobilize"},
        {"t": 1, "do": "place", "figure": "navigator-square", "section": 8},
        {"t": 2, "do": "place", "figure": "navigator-triangle", "section": 7},
        {"t": 3, "do": "order", "order": "observe"},
        {"t": 4 * 3600, "do": "end"},
    ], game=game)
    shot = next(d for d in named(events, "damage") if d["kind"] == "crew")
    assert sorted(shot["sections"]) == [7, 8]
    draws = named(events, "crew_damage")[0]
    assert draws["t"] == shot["t"]


def test_diving_with_sailors_on_the_bridge_kills_them(tmp_path):
    """§2: diving kills every sailor in 7 and 8 (morale -2 each)."""
    _, events = play_script(tmp_path, [
        {"t": 0, "do": "order", "order": "mobilize"},
        {"t": 1, "do": "place", "figure": "navigator-square", "section": 8},
        {"t": 5, "do": "order", "order": "dive"},
    ])
    assert named(events, "boat_submerged")
    killed = named(events, "sailor_killed")
    assert [k["figure"] for k in killed] == ["navigator-square"]
