"""Corner cases of digest §2, §4 and §5 a player who knows the printed rules tries at the table, through table
scripts: the sector a surfacing names on a sector border, a blast in the corner of the map, a silent run across the
own mine (and the enemy's), a silent run of no cells, and a breakdown that gives the fourth damage.

Each test names the section of the digest and the heading of the German rulebook ([B]) or the quick reference
([Q]) where the rule stands.
"""

from __future__ import annotations

import pytest
from kaleun.core.errors import CommandError
from sonarkit import YELLOW_FIRST, course, named, ref, refusals, run_lines, start


@pytest.mark.parametrize(("mode", "cell", "sector"), [
    ("realtime", "E5", 1), ("realtime", "F5", 2), ("realtime", "E6", 4), ("realtime", "F6", 5),
    ("realtime", "K11", 9), ("realtime", "J10", 5),
    ("turn", "H7", 1), ("turn", "I8", 2), ("turn", "H9", 3), ("turn", "I9", 4)])
def test_2_a_surfacing_on_a_sector_border_names_the_boats_own_sector(tmp_path, mode, cell, sector):
    """§2 [B] "Auftauchen": the Captain tells the enemy "in welchem Sektor der Karte sich sein Boot derzeit befindet";
    on the last cell of a sector and the first of the next (the maps' bands: 5 5 5 in real time, 8 7 turn-based)
    the public line names the sector the boat is in, and nothing more."""
    lines = [*start(cell, "A15"), {"team": "yellow", "do": "surface"}]
    _, events = run_lines(lines, tmp_path, scenario="charlie", mode=mode, seed=YELLOW_FIRST)
    surfaced = named(events, "surfaced")
    assert [(e["team"], e["sector"]) for e in surfaced] == [("yellow", sector)]
    assert set(surfaced[0]) - {"t", "clock", "event", "feed"} == {"team", "sector"}


def test_5_a_blast_in_the_corner_of_the_map_hits_the_boat_there(tmp_path):
    """§5 [B] "Schaden durch Minen oder Torpedos", [Q] "Einschlagsgebiet" (3x3 cells, the impact in the middle):
    the map's edge cuts the blast area short but changes no hit: a torpedo on A1 gives the boat in that corner a
    direct hit (2) and the firer two cells away on A3 none."""
    lines = [*start("D3", "A1"),
             course("yellow", "W", "torpedo", "W2"), course("yellow", "W", "torpedo", "W4"),
             course("yellow", "W", "torpedo", "W5"),                    # A3, no red symbol crossed
             {"team": "yellow", "do": "activate", "system": "torpedo", "cell": "A1"}]
    game, events = run_lines(lines, tmp_path, scenario="charlie")
    assert refusals(events) == []
    assert [(e["cell"], e["hits"]) for e in named(events, "blast")] == [("A1", {"yellow": 0, "blue": 2})]
    assert ref(game).teams["blue"].damage == 2 and ref(game).teams["yellow"].damage == 0


def test_5_a_blast_at_the_edge_gives_the_boat_beside_the_impact_1(tmp_path):
    """§5 [B] "Schaden durch Minen oder Torpedos": a boat on one of the cells around the impact ("waagerecht,
    senkrecht oder diagonal") takes 1, at the map's edge as anywhere: impact A2, boat on B1 (diagonal, in the
    first row)."""
    lines = [*start("D3", "B1"),
             course("yellow", "W", "torpedo", "W2"), course("yellow", "W", "torpedo", "W4"),
             course("yellow", "W", "torpedo", "W5"),                    # A3
             {"team": "yellow", "do": "activate", "system": "torpedo", "cell": "A2"}]
    _, events = run_lines(lines, tmp_path, scenario="charlie")
    assert [(e["cell"], e["hits"]) for e in named(events, "blast")] == [("A2", {"yellow": 1, "blue": 1})]


def test_5_a_silent_run_may_not_cross_the_own_mine_but_runs_over_the_enemys(tmp_path):
    """§2/§5 [B] "Einen neuen Kurs ansagen" ("noch auf Felder, in denen eigene Wasserminen liegen") and
    "Schleichfahrt aktivieren" ("wie üblich"): a silent run is refused where it would pass the own mine, and goes
    over a cell with an enemy mine. Yellow fills its mine and silence gauges, surfaces (the breakdowns go with the
    repairs), lays its mine on G4 beside its boat on F3 and sails south to F4, beside the mine."""
    plan = zip("SSSEEEEEN", ("S1", "S2", "S3", "E1", "E2", "E3", "E4", "E5", "N1"), ["mine"] * 3 + ["silence"] * 6,
               strict=True)                                              # A1 to F3
    yellow = [course("yellow", d, mark, symbol) for d, symbol, mark in plan]
    ritual = [{"team": "yellow", "do": "repair", "section": n, "by": member}
              for n, member in enumerate(("engineer", "first_mate", "radio_operator", "captain"), start=1)]
    blue = [course("blue", d, "silence", symbol)                           # L6 to G7, no yellow symbol crossed
            for d, symbol in zip("SWWWWW", ("S2", "W1", "W2", "W4", "W5", "W6"), strict=True)]
    lines = [*start("A1", "L6"), *yellow, {"team": "yellow", "do": "surface"}, *ritual,
             {"team": "yellow", "do": "dive"},
             {"team": "yellow", "do": "activate", "system": "mine", "cell": "G4"},
             course("yellow", "S", "torpedo", "S4"),                                                    # F4
             {"team": "yellow", "do": "activate", "system": "silence", "direction": "E", "distance": 2},
             *blue, {"team": "blue", "do": "activate", "system": "silence", "direction": "N", "distance": 3}]
    game, events = run_lines(lines, tmp_path, scenario="charlie")
    assert refusals(events, "yellow") == ["silence east 2: G4 holds one of your own mines"]
    assert refusals(events, "blue") == []
    assert named(events, "moved", team="blue")[-1]["path"] == ["G6", "G5", "G4"]
    assert ref(game).teams["yellow"].position == (5, 3)                          # F4: the refused run moved nothing


def test_5_a_silent_run_of_no_cells_is_refused_by_name(tmp_path):
    """§5 [Q] "Schleichfahrt" ("1-4 Felder in gerader Linie"; rules.toml silence_min): a silent run of 0 cells is no
    silent run; the line is refused with the field and its bounds."""
    lines = [*start("A1", "O15"), {"team": "yellow", "do": "activate", "system": "silence", "direction": "N",
                                   "distance": 0}]
    with pytest.raises(Exception) as caught:
        run_lines(lines, tmp_path, scenario="charlie")
    assert "distance must be at least 1, got 0" in str(caught.value)
    assert isinstance(caught.value.__cause__, CommandError)


def test_5_a_silent_run_longer_than_4_cells_is_refused_by_the_rules(tmp_path):
    """§5 [B] "Schleichfahrt aktivieren" ("bis zu 4 Felder in gerade Linie"), [Q] "Schleichfahrt" ("1-4 Felder";
    rules.toml silence_max): a silent run of 5 cells is a silent run the rules do not allow, as a torpedo 5 cells
    away is. It stopped a table script as a malformed line ("distance must be between 1 and 4, got 5") and answered
    a tap on the window's map 5 cells away with the field's name; now it is refused to that team only, in the
    rules' words, and the game goes on: the same crew then runs 4 cells."""
    blue = [course("blue", d, "silence", symbol)                           # L6 to G7, no yellow symbol crossed
            for d, symbol in zip("SWWWWW", ("S2", "W1", "W2", "W4", "W5", "W6"), strict=True)]
    silence = {"team": "blue", "do": "activate", "system": "silence", "direction": "N"}
    lines = [*start("A1", "L6"), *blue, {**silence, "distance": 5}, {**silence, "distance": 4}]
    game, events = run_lines(lines, tmp_path, scenario="charlie")
    refused = [e for e in events if e["event"] == "refused"]
    assert [(e["team"], e.get("audience"), e["reason"]) for e in refused] == [
        ("blue", "blue", "silence north 5: a silent run goes 1 to 4 cells in a straight line")]
    assert named(events, "moved", team="blue")[-1]["path"] == ["G6", "G5", "G4", "G3"]
    assert ref(game).teams["blue"].position == (6, 2)                            # G3


def test_4_a_full_section_that_gives_the_fourth_damage_sinks_the_boat_at_once(tmp_path):
    """§4 [B] "Bereichsdefekt" and "Spielende", §7 [B] "Delta Karte": Yellow surfaces three times off the water holes
    under the ice (3 damage), then its Engineer crosses the south section full: the fourth damage sinks the boat at
    once, Blue wins and the turn-based game gives no further turn."""
    Y, B = "yellow", "blue"
    surfacings = [{"team": Y, "do": "surface"}, {"team": B, "do": "surface"}] * 2 + [{"team": Y, "do": "surface"}]
    blue = [course(B, d, mark, symbol) for d, symbol, mark in zip(
        "NNNWWWNN", ("N1", "N2", "N3", "W1", "W2", "W3", "N4", "N5"), ["sonar"] * 3 + ["drone"] * 4 + ["silence"],
        strict=True)]                                                     # O15 to L10, three of them in a row
    yellow = [course(Y, "S", mark, symbol) for symbol, mark in zip(
        ("S1", "S2", "S3", "S4", "S5", "S6"), ["torpedo"] * 3 + ["mine"] * 3, strict=True)]
    turns = blue[:3] + [line for pair in zip(yellow, [*blue[3:], None], strict=True) for line in pair if line]
    _, events = run_lines([*start("A1", "O15"), *surfacings, *turns, course(B, "W", "silence", "W4")], tmp_path,
                          scenario="delta", mode="turn", seed=YELLOW_FIRST)
    assert [e["audience"] for e in named(events, "ice_damage")] == [Y, B, Y, B, Y]
    assert [(e["team"], e["amount"], e["cause"]) for e in named(events, "damage")] == [(Y, 1, "breakdown")]
    assert [(e["winner"], e["loser"]) for e in named(events, "game_over")] == [(B, Y)]
    over = events.index(named(events, "game_over")[0])
    assert named(events[over:], "turn") == []
    assert named(events, "hull", team=Y)[-1]["damage"] == 4
    assert refusals(events) == ["the game is over"]


def test_4_a_direct_hit_on_a_boat_at_three_damage_shows_four_of_four_not_five(tmp_path):
    """§4 [B] "Spielende" and §5 (a direct hit costs 2): Yellow surfaces three times off Delta's water holes (3
    damage), then takes a direct hit. The hull holds 4: the boat sinks, and its status says damage 4, as its feed
    says "Damage 4 of 4" (it said damage 5)."""
    Y, B = "yellow", "blue"
    surfacings = [{"team": Y, "do": "surface"}, {"team": B, "do": "surface"}] * 2 + [{"team": Y, "do": "surface"}]
    game, _ = run_lines([*start("A1", "O15"), *surfacings], tmp_path, scenario="delta", mode="turn",
                             seed=YELLOW_FIRST)
    assert ref(game).team_status(Y)["damage"] == 3
    ref(game).take_damage(Y, 2, "torpedo")
    status = ref(game).team_status(Y)
    assert status["damage"] == 4 and status["winner"] == B
