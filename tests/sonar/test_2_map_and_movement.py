"""Digest §2: map, sectors and movement, through table scripts.

Each test is named and cited as the kit says (sonarkit.py: the digest's §, the rulebook's heading, [gap]).
"""

from __future__ import annotations

import pytest
from kaleun.sonar.game import build_map
from kaleun.sonar.grid import parse_cell
from sonarkit import YELLOW_FIRST, Crews, five_by_five, named, ref, refusals, run_lines, start


def test_2_sectors_nine_in_real_time_four_in_turn_based():
    """§2 [B] "Eine Suchdrohne aussenden": 9 sectors in real time, 4 in turn-based; the rules' example L14 lies in
    sector 9."""
    realtime, turn = build_map("alpha", "realtime"), build_map("alpha", "turn")
    assert realtime.sector_count("realtime") == 9 and turn.sector_count("turn") == 4
    assert realtime.sector(parse_cell("L14"), "realtime") == 9
    assert realtime.sector(parse_cell("A1"), "realtime") == 1
    assert realtime.sector(parse_cell("G8"), "realtime") == 5
    assert turn.sector(parse_cell("H8"), "turn") == 1 and turn.sector(parse_cell("I9"), "turn") == 4


def test_2_a_course_moves_one_cell_and_only_the_own_team_learns_where(tmp_path):
    """§2 [B] "Einen neuen Kurs ansagen": "Kurs Ost!" is public; the new cell is the team's own secret."""
    crews = Crews()
    _, events = run_lines([*start("A1", "O15"), crews.move("yellow", "E")], tmp_path)
    assert named(events, "course") == [{**named(events, "course")[0], "team": "yellow", "direction": "E"}]
    moved = named(events, "moved")[0]
    assert moved["audience"] == "yellow" and moved["cell"] == "B1" and moved["path"] == ["B1"]
    assert "audience" not in named(events, "course")[0]


def test_2_crossing_the_own_route_is_refused(tmp_path):
    """§2 [B] "Einen neuen Kurs ansagen": a boat may never cross or revisit its own route since the last surfacing."""
    crews = Crews()
    game, events = run_lines([*start("E1", "O15"), *crews.moves("yellow", "SSEN"),
                              {"team": "yellow", "do": "course", "direction": "W"}], tmp_path)
    assert refusals(events, "yellow") == ["course west: E2 is on your own route since the last surfacing"]
    status = ref(game).team_status("yellow")
    assert status["cell"] == "F2" and status["route"] == ["E1", "E2", "E3", "F3", "F2"]
    assert named(events, "course", team="yellow")[-1]["direction"] == "N"  # the refused course was never announced


def test_2_going_back_onto_the_route_is_refused_and_changes_nothing(tmp_path):
    """§2 [B] "Einen neuen Kurs ansagen": revisiting the previous cell is refused; the route stays as it was."""
    crews = Crews()
    game, events = run_lines([*start("E1", "O15"), crews.move("yellow", "S"),
                              {"team": "yellow", "do": "course", "direction": "N"}], tmp_path)
    assert refusals(events, "yellow") == ["course north: E1 is on your own route since the last surfacing"]
    status = ref(game).team_status("yellow")
    assert status["cell"] == "E2" and status["route"] == ["E1", "E2"]


def test_2_islands_and_the_edge_are_refused(tmp_path):
    """§2 [B] "Einen neuen Kurs ansagen": no move onto an island or off the map."""
    crews = Crews()
    _, events = run_lines([*start("C2", "O15"), {"team": "yellow", "do": "course", "direction": "E"},
                           crews.move("yellow", "N"), {"team": "yellow", "do": "course", "direction": "N"}],
                          tmp_path)
    assert refusals(events, "yellow") == ["course east: D2 is an island", "course north: that leaves the map"]


def test_2_own_mines_block_the_boat_enemy_mines_do_not(tmp_path):
    """§2 [B] "Einen neuen Kurs ansagen": a cell with an own mine is closed to the own boat; an enemy mine does not
    block."""
    crews = Crews()
    lines = [*start("A1", "F5")]
    for direction, symbol in zip("SSSEEE", ("S1", "S3", "S5", "E2", "E3", "E4"), strict=True):  # no red crossed
        lines.append(crews.move("yellow", direction, cross=symbol))
    # yellow is at D4, the mine gauge full (3 torpedo marks, then 3 mine marks): a mine goes to E5
    lines += [{"team": "yellow", "do": "activate", "system": "mine", "cell": "E5"},
              crews.move("yellow", "S", cross="S2"),
              {"team": "yellow", "do": "course", "direction": "E"},
              crews.move("blue", "W")]                          # blue sails onto yellow's mine at E5
    game, events = run_lines(lines, tmp_path)
    assert named(events, "mine_placed", team="yellow")[0]["cell"] == "E5"
    assert refusals(events, "yellow") == ["course east: E5 holds one of your own mines"]
    assert refusals(events, "blue") == []
    assert ref(game).team_status("blue")["cell"] == "E5"


def test_2_no_legal_course_forces_the_boat_to_surface(tmp_path):
    """§2 [B] "Auftauchen!": a boat that cannot move must surface at once (real time: as soon as its move is
    confirmed)."""
    crews = Crews()
    lines = [*start("A2", "O15"), *crews.moves("yellow", "EN"), crews.move("yellow", "W")]
    game, events = run_lines(lines, tmp_path)
    # at A1: south is A2 (route), east is B1 (route), north and west are off the map
    stuck = named(events, "stuck", team="yellow")
    assert stuck and stuck[0]["audience"] == "yellow"
    surfaced = named(events, "surfaced", team="yellow")
    assert surfaced == [{**surfaced[0], "team": "yellow", "sector": 1}]
    assert ref(game).team_status("yellow")["surfaced"] is True
    assert ref(game).team_status("yellow")["route"] == ["A1"]


def test_2_turn_based_a_boat_with_no_course_surfaces_at_the_start_of_its_turn(tmp_path):
    """§2 [B] "Auftauchen: rundenbasiert": turn-based, the forced surfacing is the stuck boat's turn; the opponent
    gets its 3 turns."""
    crews = Crews()
    lines = [*start("A2", "O15"), crews.move("yellow", "E"), crews.move("blue", "W"), crews.move("yellow", "N"),
             crews.move("blue", "W"), crews.move("yellow", "W"), crews.move("blue", "W")]
    game, events = run_lines(lines, tmp_path, mode="turn", seed=YELLOW_FIRST)
    assert refusals(events) == []
    assert [(e["team"], e["sector"]) for e in named(events, "surfaced")] == [("yellow", 1)]
    assert named(events, "stuck", team="yellow")
    assert [(e["team"], e["extra"]) for e in named(events, "turn")][-2:] == [("yellow", 0), ("blue", 1)]
    assert ref(game).team_status("yellow")["route"] == ["A1"]


@pytest.mark.parametrize("mode", ["realtime", "turn"])
def test_2_a_boat_walled_in_by_its_own_new_mine_surfaces_at_once(tmp_path, mode):
    """§2 [B] "Auftauchen!": "no legal move → the boat must surface" also when the boat's own new mine closed its last
    open cell (§5: a mine goes off the route, and own mines block the boat)."""
    crews = Crews()
    lines = [*start("A3", "O15")]
    for direction, symbol in (("E", "E2"), ("N", "N1"), ("W", "W2")):       # A3 B3 B2 A2, no red crossed
        lines.append({"team": "yellow", "do": "course", "direction": direction, "cross": symbol, "mark": "mine"})
        if mode == "turn":
            lines.append(crews.move("blue", "W"))
    lines.append({"team": "yellow", "do": "activate", "system": "mine", "cell": "A1"})   # A2's last open cell
    game, events = run_lines(lines, tmp_path, scenario="charlie", mode=mode, seed=YELLOW_FIRST)
    assert refusals(events) == []
    assert named(events, "stuck", team="yellow") and named(events, "stuck", team="yellow")[0]["audience"] == "yellow"
    assert [(e["team"], e["sector"]) for e in named(events, "surfaced")] == [("yellow", 1)]
    status = ref(game).team_status("yellow")
    assert status["route"] == ["A2"] and status["mines"] == ["A1"]
    if mode == "turn":   # the surfacing was yellow's action: blue plays its 3 turns
        assert [(e["team"], e["extra"]) for e in named(events, "turn")][-1] == ("blue", 1)


POCKET = five_by_five("Pocket", ". # . . .", "# . . . .", ". . . # .", ". . # . #", ". . . # .")


@pytest.mark.parametrize("cell", ["A1", "E5"])
def test_2_a_start_cell_walled_in_by_islands_and_the_edge_is_refused(tmp_path, cell):
    """§2 [B] "Einen neuen Kurs ansagen": a boat may not enter an island or leave the map. On an owner's map a cell of
    sea may have no sea around it: a Captain who marked it began a game in which the boat could never move (its
    forced surfacings, turn after turn, gave the enemy three turns each). The start is refused with the reason; the
    Captain marks another cell."""
    from kaleun.sonar.game import new_game

    game = new_game(0, "alpha", "realtime", map_text=POCKET, map_source="pocket.map")
    _, events = run_lines([*start(cell, "C3"), {"team": "yellow", "do": "start", "cell": "B2"}], tmp_path,
                          game=game)
    assert refusals(events, "yellow") == [f"{cell} is walled in by islands and the map's edge: a boat there could "
                                          "never move"]
    assert ref(game).team_status("yellow")["cell"] == "B2" and ref(game).phase == "play"


#: an owner's map whose islands close off a bay of four cells (A4 A5 B4 B5) from the open sea
BAY = five_by_five("Bay", ". . . . .", ". . . . .", "# # . . .", ". . # . .", ". . # . .")


@pytest.mark.parametrize("mode", ["turn", "realtime"])
def test_2_a_start_cell_in_a_bay_closed_off_from_the_open_sea_is_refused(tmp_path, mode):
    """§2 [B] "Einen neuen Kurs ansagen": a boat may not enter an island. On an owner's map (a '#' typed once too
    often) islands may close off a bay: a Captain who marked his start cell there began a game in which his boat
    could never leave it, nor the enemy's reach it (a torpedo runs over sea only), so nobody could ever win. The start
    is refused with the reason; a cell of the open sea is taken."""
    from kaleun.sonar.game import new_game

    game = new_game(0, "alpha", mode, map_text=BAY, map_source="bay.map")
    _, events = run_lines([*start("A5", "E5"), {"team": "yellow", "do": "start", "cell": "C2"}], tmp_path,
                          game=game)
    assert refusals(events, "yellow") == ["A5 lies in a pocket of 4 sea cells that islands and the map's edge close "
                                          "off from the open sea: the boats could never meet"]
    assert ref(game).team_status("yellow")["cell"] == "C2" and ref(game).phase == "play"


def test_2_map_check_notes_the_sea_cells_in_bays_closed_off_from_the_open_sea(tmp_path):
    """§2: the map check said "ok" of a map whose islands close off a bay (where no boat may start: the boats
    could never meet), so the owner learnt of a mistyped '#' only when a Captain's start was refused. The check
    still takes the map and notes how many sea cells the bays hold; a map whose sea is whole gets no note."""
    from kit import run_kaleun

    bay, whole = tmp_path / "bay.map", tmp_path / "whole.map"
    bay.write_text(BAY)
    whole.write_text(BAY.replace(" 3  # # . . .", " 3  # . . . ."))
    checked = run_kaleun("map", "check", str(bay), str(whole), home=tmp_path)
    assert checked.returncode == 0, checked.stderr
    assert f"{bay}: note: 4 sea cells lie in bays that islands close off from the open sea (no boat may start " \
           "there)" in checked.stdout
    assert f"{whole}: ok: Bay" in checked.stdout and f"{whole}: note" not in checked.stdout
