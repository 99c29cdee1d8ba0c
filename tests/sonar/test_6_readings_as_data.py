"""Digest §5, §6: the readings Kaleun takes where the rulebook is open, or where it keeps the letter of the
rulebook aside, are values of `rules.toml` marked "our choice", and the other value plays the other reading.

- `activate_in_own_turn` (§6 turn-based): [B] "Systeme aktivieren" lets the Captain use a ready system "zu einem
  beliebigen Zeitpunkt"; [B] "Einen neuen Kurs ansagen" alternates only the courses ("Im rundenbasierten Spiel
  sagen die Kapitäne abwechselnd je eine Bewegung an").
- `silent_run_ends_turn` (§6 turn-based, [gap]): whether a silent run ([B] "Schleichfahrt aktivieren") is the
  turn's move.
- `activation_waits_for_ok` (§5, [gap]): [B] "Einen neuen Kurs ansagen" makes the next course wait for the First
  Mate's and the Engineer's "Ok!"; [B] "Systeme aktivieren" has the First Mate ask the Engineer first.
- `surface_damage_public` (§7 Delta, scenarios.toml, [gap]): whether the damage of a surfacing off the water holes
  is announced.
"""

from __future__ import annotations

import dataclasses
import re
from typing import Any

import pytest
from kaleun.core.engine import Engine
from kaleun.sonar import data
from kaleun.sonar.game import new_game
from sonarkit import YELLOW_FIRST, Crews, named, ref, refusals, run_lines, start

READINGS = {"activate_in_own_turn": True, "silent_run_ends_turn": True, "activation_waits_for_ok": False}


def game_with(mode: str, scenario: str = "alpha", **changes: Any) -> Engine:
    """A new game whose referee plays `changes` of rules.toml [rules] (the owner's edit of the data file)."""
    game = new_game(YELLOW_FIRST, scenario, mode)
    referee = ref(game)
    referee.rules = {**referee.rules, **changes}
    return game


@pytest.mark.parametrize("key", sorted(READINGS))
def test_6_each_reading_is_a_value_of_the_rules_data_marked_our_choice(key):
    """§5, §6: rules as data: the value stands in rules.toml [rules], and the comment before it says it is our
    choice and quotes the rulebook it reads."""
    assert data.load("rules")["rules"][key] is READINGS[key]
    text = data.text("rules.toml")
    block = re.search(r"((?:^#.*\n)+)" + key + r" = ", text, re.MULTILINE)
    assert block is not None, key
    comment = block.group(1)
    assert "our choice" in comment and "[B]" in comment, comment


def test_6_activations_in_the_other_teams_turn_follow_the_letter_of_the_rulebook_when_the_data_says_so(tmp_path):
    """§6 [B] "Systeme aktivieren" ("zu einem beliebigen Zeitpunkt"), rules.toml activate_in_own_turn = false: Blue
    sends its drone in Yellow's turn; its silent run, a move, still waits for Blue's own turn, and so does a course."""
    crews = Crews()
    lines = [*start("A1", "O1")]
    for symbol in ("S1", "S2", "S4", "S6"):                      # no green symbol crossed
        lines += [crews.move("yellow", "S", cross=symbol), crews.move("blue", "S", mark="drone", cross=symbol)]
    lines += [{"team": "blue", "do": "activate", "system": "drone", "sector": 1},
              {"team": "blue", "do": "course", "direction": "S"}]
    game, events = run_lines(lines, tmp_path, mode="turn", game=game_with("turn", activate_in_own_turn=False))
    assert [(e["team"], e["answer"]) for e in named(events, "drone")] == [("blue", True)]
    assert refusals(events, "blue") == ["it is Yellow's turn"]
    assert ref(game).turns.current == "yellow"


def test_6_out_of_turn_a_silent_run_and_a_surfaced_boat_wait_when_activations_do_not(tmp_path):
    """§6 [B] "Schleichfahrt aktivieren", "Eine Wassermine legen" (a surfaced boat sets off no mine), rules.toml
    activate_in_own_turn = false: a silent run moves the boat, so it waits for the own turn; a boat surfaced
    (turn-based, while the other team plays its three turns) uses no system."""
    yellow = zip("SSSEEE", ("S2", "S3", "S4", "E1", "E2", "E5"), ("torpedo",) * 3 + ("mine",) * 3, strict=True)
    blue = zip("WWWNNN", ("W1", "W2", "W4", "N3", "N4", "N5"), strict=True)   # no yellow symbol crossed
    lines: list[dict[str, Any]] = [*start("A1", "O10")]
    for (y, y_cross, y_mark), (b, b_cross) in zip(yellow, blue, strict=True):
        lines += [{"team": "yellow", "do": "course", "direction": y, "mark": y_mark, "cross": y_cross},
                  {"team": "blue", "do": "course", "direction": b, "mark": "silence", "cross": b_cross}]
    silent_run = {"team": "blue", "do": "activate", "system": "silence", "direction": "W", "distance": 2}
    lines += [silent_run,
              {"team": "yellow", "do": "course", "direction": "S", "mark": "sonar", "cross": "S1"},
              {"team": "blue", "do": "surface"}, silent_run]
    game, events = run_lines(lines, tmp_path, mode="turn", scenario="charlie",
                             game=game_with("turn", "charlie", activate_in_own_turn=False))
    assert refusals(events, "blue") == [
        "it is Yellow's turn: a silent run moves the boat, and boats move in their own turn",
        "the boat is surfaced: it dives at its next turn"]
    assert named(events, "silence") == []
    assert ref(game).turns.current == "yellow" and ref(game).turns.extra() == 1


def silence_ready_lines() -> list[dict[str, Any]]:
    """Charlie, turn-based, Yellow first: six courses each, Yellow's silence gauge full with no yellow symbol
    crossed (Yellow ends on D4, Blue on L7; Blue's torpedo and mine gauges full)."""
    yellow = zip("SSSEEE", ("S2", "S3", "S4", "E1", "E2", "E5"), strict=True)
    blue = zip("WWWNNN", ("W1", "W2", "W4", "N3", "N4", "N5"), ("torpedo",) * 3 + ("mine",) * 3, strict=True)
    lines: list[dict[str, Any]] = [*start("A1", "O10")]
    for (y, y_cross), (b, b_cross, b_mark) in zip(yellow, blue, strict=True):
        lines += [{"team": "yellow", "do": "course", "direction": y, "mark": "silence", "cross": y_cross},
                  {"team": "blue", "do": "course", "direction": b, "mark": b_mark, "cross": b_cross}]
    return lines


def test_6_a_silent_run_before_the_turns_course_when_the_data_says_so(tmp_path):
    """§6 [B] "Einen neuen Kurs ansagen" [gap], rules.toml silent_run_ends_turn = false: the silent run is one more
    system before the turn's course; the turn passes with that course (Blue's course before it is refused)."""
    lines = [*silence_ready_lines(),
             {"team": "yellow", "do": "activate", "system": "silence", "direction": "S", "distance": 2},
             {"team": "yellow", "do": "mark", "system": "torpedo"}, {"team": "yellow", "do": "cross", "symbol": "S5"},
             {"team": "blue", "do": "course", "direction": "N", "mark": "sonar", "cross": "N1"},
             {"team": "yellow", "do": "course", "direction": "E", "mark": "torpedo", "cross": "E3"},
             {"team": "blue", "do": "course", "direction": "N", "mark": "sonar", "cross": "N1"}]
    game, events = run_lines(lines, tmp_path, mode="turn", scenario="charlie",
                             game=game_with("turn", "charlie", silent_run_ends_turn=False))
    assert refusals(events, "yellow") == []
    assert refusals(events, "blue") == ["it is Yellow's turn"]
    assert ref(game).teams["yellow"].position == (4, 5)               # D4, silently to D6, then east: E6
    after = events[events.index(named(events, "silence")[0]):]
    assert [(e["event"], e["team"]) for e in after if e["event"] in ("course", "turn")] == [
        ("course", "yellow"), ("turn", "blue"), ("course", "blue"), ("turn", "yellow")]


def test_6_a_silent_run_is_the_turns_move_by_default(tmp_path):
    """§6 [gap], rules.toml silent_run_ends_turn = true (shipped): the same lines end Yellow's turn with the silent
    run; Blue's course is the next turn's and Yellow's course waits."""
    lines = [*silence_ready_lines(),
             {"team": "yellow", "do": "activate", "system": "silence", "direction": "S", "distance": 2},
             {"team": "yellow", "do": "mark", "system": "torpedo"}, {"team": "yellow", "do": "cross", "symbol": "S5"},
             {"team": "blue", "do": "course", "direction": "N", "mark": "sonar", "cross": "N1"}]
    game, events = run_lines(lines, tmp_path, mode="turn", scenario="charlie")
    assert refusals(events, "blue") == []
    assert ref(game).teams["yellow"].position == (3, 5) and ref(game).turns.current == "yellow"


def test_5_an_activation_waits_for_the_first_mate_and_the_engineer_when_the_data_says_so(tmp_path):
    """§5 [B] "Systeme aktivieren" ("Bevor ein System des Bootes aktiviert wird, muss der Erste Offizier beim
    Maschinisten nachfragen") [gap], rules.toml activation_waits_for_ok = true: real time, a torpedo fired before
    the last course's mark and cross is refused with what the course waits for; once both are done it fires; a mine
    is set off at any time all the same."""
    lines = [*start("A1", "O15")]
    for direction, symbol, mark in zip("SSSSEE", ("S1", "S3", "S5", "S6", "E2", "E3"), ("torpedo",) * 3 + ("mine",) * 3,
                                       strict=True):                  # no red symbol crossed: A1 to C5
        lines.append({"team": "yellow", "do": "course", "direction": direction, "mark": mark, "cross": symbol})
    lines += [{"team": "yellow", "do": "activate", "system": "mine", "cell": "D6"},
              {"team": "yellow", "do": "course", "direction": "E"},      # D5: the mark and the cross still to come
              {"team": "yellow", "do": "activate", "system": "torpedo", "cell": "D8"},
              {"team": "yellow", "do": "detonate", "cell": "D6"}]
    _, events = run_lines(lines, tmp_path, game=game_with("realtime", "charlie", activation_waits_for_ok=True))
    assert refusals(events, "yellow")[0] == ("the last course is not confirmed yet: the First Mate marks a gauge and "
                                             "the Engineer crosses a symbol of the east section")
    assert named(events, "torpedo") == [] and [e["cell"] for e in named(events, "mine_detonated")] == ["D6"]
    # the shipped reading: the torpedo does not wait for the "Ok" (then the mine is a second activation)
    _, events = run_lines(lines, tmp_path, game=game_with("realtime", "charlie"))
    assert [e["cell"] for e in named(events, "torpedo")] == ["D8"] and named(events, "mine_detonated") == []


def test_7_delta_the_ice_damage_is_announced_only_when_the_scenario_data_says_so(tmp_path):
    """§7 [B] "Delta Karte" ("erleidet es 1 Schadenspunkt und zwar vor dem Reparaturvorgang") [gap], scenarios.toml
    surface_damage_public: the rulebook does not say that the damage is announced; the shipped false keeps it the
    team's own, true announces it to both teams as a `damage` with the cause "ice"."""
    assert data.load("scenarios")["delta"]["surface_damage_public"] is False
    comment = data.text("scenarios.toml").split("[alpha]")[0]
    assert "our choice, surface_damage_public" in comment and "[B]" in comment
    lines = [*start("B2", "E5"), {"team": "blue", "do": "surface"}]
    _, events = run_lines(lines, tmp_path, scenario="delta")
    assert named(events, "damage") == [] and [e["audience"] for e in named(events, "ice_damage")] == ["blue"]
    game = new_game(YELLOW_FIRST, "delta", "realtime")
    ref(game).scenario = dataclasses.replace(ref(game).scenario, surface_damage_public=True)
    _, events = run_lines(lines, tmp_path, game=game)
    assert [(e["team"], e["amount"], e["cause"]) for e in named(events, "damage")] == [("blue", 1, "ice")]
    assert "audience" not in named(events, "damage")[0]


def test_6_a_mine_laid_in_the_other_teams_turn_that_walls_the_boat_in_surfaces_it_at_its_own_turn(tmp_path):
    """§2 [B] "Auftauchen!" (no legal course: the boat surfaces, turn-based "Anstatt den nächsten Kurs zu nennen"),
    rules.toml activate_in_own_turn = false: Yellow lays, in Blue's turn, the mine that closes its last open cell;
    Blue's turn goes on, and Yellow's own next turn is its surfacing (then Blue plays its three turns)."""
    crews = Crews()
    lines = [*start("A3", "O15")]
    for direction, symbol in (("E", "E2"), ("N", "N1"), ("W", "W2")):       # A3 B3 B2 A2, no red crossed
        lines += [{"team": "yellow", "do": "course", "direction": direction, "cross": symbol, "mark": "mine"},
                  crews.move("blue", "W")]
    lines.insert(-1, {"team": "yellow", "do": "activate", "system": "mine", "cell": "A1"})  # in Blue's turn
    game, events = run_lines(lines, tmp_path, scenario="charlie", mode="turn",
                             game=game_with("turn", "charlie", activate_in_own_turn=False))
    assert refusals(events) == [] and ref(game).team_status("yellow")["route"] == ["A2"]
    laid = events.index(named(events, "mine_laid")[0])
    assert [(e["event"], e["team"]) for e in events[laid:] if e["event"] in ("course", "turn", "surfaced")] == [
        ("course", "blue"), ("turn", "yellow"), ("surfaced", "yellow"), ("turn", "blue")]
    assert named(events, "turn")[-1]["extra"] == 1
