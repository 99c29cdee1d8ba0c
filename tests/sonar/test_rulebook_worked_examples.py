"""The worked examples of the German base rules ([B], the boxes headed "BEISPIEL"), played as the rulebook tells them.

Each test names the section of the rules digest the example belongs to and quotes the example, so a reader finds it
in the rulebook. Examples already played elsewhere, by name:
§3 "TORPEDO BEREIT!": test_3_4_gauges_and_engineer.py::test_3_a_full_gauge_takes_no_marks_and_says_ready;
§4 "Kurs Nord! ... 1 der beiden gelben Symbole", "4 der 6 Reaktorsymbole": test_4_board_layout.py;
§4 "3 Defektsymbole des gelben Schaltkreises": test_4_circuits_by_colour.py and
test_3_4_gauges_and_engineer.py::test_4_a_linked_circuit_clears_itself_without_damage;
§4 "Das letzte Reaktorsymbol wurde durchgekreuzt":
test_3_4_gauges_and_engineer.py::test_4_six_radiation_symbols_give_1_damage;
§2 "Der Maschinist, Roberto Fragga, hat mit der Reparatur des Bootes begonnen":
test_2_surfacing.py::test_2_the_engineer_begins_the_repairs;
§5 "Der Kapitän aktiviert die Schleichfahrt":
test_5_systems.py::test_5_silence_moves_1_to_4_cells_straight_and_only_the_own_team_sees_where.
The map layouts of the printed sheets are not in the texts: where an example's cells are islands on Kaleun's own maps,
the example is played on the open sea of Charlie, or on an owner's map holding what the example needs.
"""

from __future__ import annotations

from kaleun.core.events import Event
from kaleun.i18n import language
from kaleun.sonar.game import new_game
from kaleun.ui.sonar_text import track_text
from sonarkit import activate, course, named, ref, refusals, run_lines, start


def test_1_worked_example_the_radio_operator_traces_the_enemys_north_west_north(tmp_path):
    """§1 [B] "Der Funker", example: "Kurs Nord! Erster Offizier: ok! Maschinist: ok! Kurs West! ... ok! ... Kurs
    Nord! ... Der Kapitän hat die folgenden Befehle gegeben": each course after the First Mate's and the Engineer's
    "ok", and the enemy's Radio Operator traces north, west, north without knowing where the boat began."""
    lines = [*start("J10", "B2"), course("yellow", "N"), {"team": "yellow", "do": "mark", "system": "torpedo"},
             {"team": "yellow", "do": "cross", "symbol": "N6"}, course("yellow", "W"),
             {"team": "yellow", "do": "mark", "system": "torpedo"}, {"team": "yellow", "do": "cross", "symbol": "W5"},
             course("yellow", "N"), {"team": "yellow", "do": "mark", "system": "torpedo"},
             {"team": "yellow", "do": "cross", "symbol": "N5"}]
    game, events = run_lines(lines, tmp_path, scenario="charlie")
    assert refusals(events) == [] and ref(game).team_status("yellow")["cell"] == "I8"
    heard = [e for e in ref(game).record.past("blue") if isinstance(e, Event)]
    assert language("en").render(track_text(heard, "blue")) == "Yellow: N W N"
    assert not any(cell in str(e.data) for e in heard for cell in ("J10", "J9", "I9", "I8"))


def test_2_worked_example_we_surface_in_sector_6_the_route_goes_the_boat_and_mines_stay(tmp_path):
    """§2 [B] "Auftauchen", examples: "Achtung! Wir tauchen in Sektor 6 auf!" and "Der Kapitän löscht seine alte
    (in rot eingezeichnete) Route und behält nur die aktuelle Position des Bootes und die Minen bei." """
    plan = [("W", "W5"), ("W", "W6"), ("S", "S6")]                 # M7 L7 K7 K8: sector 6 of the real-time map
    lines = [*start("M7", "B2"), *[course("yellow", d, "mine", s) for d, s in plan],
             activate("yellow", "mine", cell="L8"), {"team": "yellow", "do": "surface"}]
    game, events = run_lines(lines, tmp_path, scenario="charlie")
    assert refusals(events) == []
    surfaced = named(events, "surfaced")
    assert [(e["team"], e["sector"], e["feed"], "audience" in e) for e in surfaced] == [
        ("yellow", 6, "Yellow surfaces in sector 6!", False)]
    status = ref(game).team_status("yellow")
    assert status["route"] == ["K8"] and status["cell"] == "K8" and status["mines"] == ["L8"]


def test_4_worked_example_no_system_works_until_the_red_symbols_are_repaired(tmp_path):
    """§4 [B] "Systemdefekt", examples: "Zur Zeit kann keines der Systeme des Bootes aktiviert werden, da alle
    mindestens eine Defektmarkierung tragen. Falls der Kapitän eine Mine legen oder einen Torpedo abfeuern möchte,
    muss er den Maschinisten um eine Reparatur der roten Defektsymbole bitten." A red (W1), a green (W2, S3) and a
    yellow (S1, W3) symbol crossed break every system; a full torpedo gauge is still refused; once the red symbol's
    circuit is complete (the yellow circuit, its last symbol E1, [B] "Selbstreparatur") the torpedo fires."""
    plan = [("W", "W1"), ("W", "W2"), ("S", "S1"), ("W", "W3"), ("S", "S3")]    # J10 I10 H10 H11 G11 G12
    lines = [*start("J10", "O1"), *[course("yellow", d, "torpedo" if i < 3 else "mine", s)
                                    for i, (d, s) in enumerate(plan)]]
    game, events = run_lines(lines, tmp_path, scenario="charlie")
    assert refusals(events) == []
    assert ref(game).team_status("yellow")["broken"] == ["drone", "mine", "silence", "sonar", "torpedo"]
    _, events = run_lines([{"t": 9, **activate("yellow", "torpedo", cell="G14")},
                           {"t": 10, **course("yellow", "E", "mine", "E1")},                 # H12
                           {"t": 11, **activate("yellow", "torpedo", cell="H14")}], tmp_path, game=game)
    assert refusals(events, "yellow") == [
        "the torpedo is broken down: a symbol of its colour is crossed on the Engineer's board"]
    assert [e["circuit"] for e in named(events, "circuit_repaired")] == [1]
    assert ref(game).team_status("yellow")["broken"] == ["drone", "silence", "sonar"]  # S1, S3 stay crossed
    assert [(e["team"], e["cell"]) for e in named(events, "torpedo")] == [("yellow", "H14")]


def test_4_worked_example_too_many_courses_west_fill_the_west_section(tmp_path):
    """§4 [B] "Bereichsdefekt", example: "Der Kapitän hat zu oft Kurs nach Westen gesetzt, so dass nun alle
    Defektsymbole im Bereich „Westen“ angekreuzt sind. Der Maschinist sagt dies laut an, indem er „Schaden!“ ruft.
    Der erste Offizier notiert einen Schadenspunkt ... Anschließend löscht der Maschinist alle Defekte." """
    lines = [*start("O8", "A1"), *[course("yellow", "W", "torpedo" if i < 4 else "mine", f"W{i}")
                                   for i in range(1, 7)]]
    game, events = run_lines(lines, tmp_path, scenario="charlie")
    assert refusals(events) == []
    breakdown = named(events, "breakdown", team="yellow")
    assert [(e["full"], e["section"], e["audience"]) for e in breakdown] == [(["section"], "W", "yellow")]
    assert breakdown[0]["feed"] == "Damage (the west section is full)! Every breakdown is erased."
    assert [(e["team"], e["amount"], e["cause"]) for e in named(events, "damage")] == [("yellow", 1, "breakdown")]
    status = ref(game).team_status("yellow")
    assert status["damage"] == 1 and status["crossed"] == [] and status["broken"] == []


def test_5_worked_example_a_mine_from_c7_on_b7_set_off_later_hits_the_boat_on_c6(tmp_path):
    """§5 [B] "Eine Wassermine legen", example: "Von C7 aus legt der Kapitän eine Mine auf B7, einem benachbarten
    Feld. Später dann zündet der Kapitän die Mine auf B7. Das gegnerische Boot auf C6 erleidet einen indirekten Treffer
    und muss 1 Schadenspunkt hinnehmen." The mine is secret until it goes off; Yellow has sailed on out of reach."""
    plan = [("W", "W5"), ("W", "W6"), ("W", "W4")]                 # F7 E7 D7 C7
    lines = [*start("F7", "C6"), *[course("yellow", d, "mine", s) for d, s in plan],
             activate("yellow", "mine", cell="B7"),
             course("yellow", "S", "torpedo", "S6"), course("yellow", "S", "torpedo", "S5"),
             {"team": "yellow", "do": "detonate", "cell": "B7"}]
    game, events = run_lines(lines, tmp_path, scenario="charlie")
    assert refusals(events) == []
    laid = named(events, "mine_laid")
    assert [("cell" in e, "audience" in e) for e in laid] == [(False, False)]
    assert [(e["cell"], e["audience"]) for e in named(events, "mine_placed")] == [("B7", "yellow")]
    blast = named(events, "blast")
    assert [(e["weapon"], e["cell"], e["hits"]) for e in blast] == [("mine", "B7", {"yellow": 0, "blue": 1})]
    assert blast[0]["feed"] == "Blast at B7: Yellow: no hit; Blue: indirect hit, 1 damage."
    assert ref(game).team_status("blue")["damage"] == 1 and ref(game).team_status("yellow")["mines"] == []


def test_5_worked_example_a_torpedo_from_d3_runs_4_cells_to_g2_a_direct_hit(tmp_path):
    """§5 [B] "Einen Torpedo abfeuern", example: "Der Kapitän (auf D3) feuert einen Torpedo ab, der 4 Felder weit
    schwimmt und auf G2 einschlägt. Das auf G2 positionierte Boot erleidet einen direkten Treffer und muss 2
    Schadenspunkte hinnehmen." On Alpha, whose islands leave D3 E3 F3 G3 G2 open."""
    plan = [("N", "N6"), ("N", "N5"), ("N", "N1")]                 # D6 D5 D4 D3
    lines = [*start("D6", "G2"), *[course("yellow", d, "torpedo", s) for d, s in plan],
             activate("yellow", "torpedo", cell="G2")]
    game, events = run_lines(lines, tmp_path, scenario="alpha")
    assert refusals(events) == [] and ref(game).team_status("yellow")["cell"] == "D3"
    assert [(e["team"], e["cell"], e["feed"]) for e in named(events, "torpedo")] == [
        ("yellow", "G2", "Stop! Yellow fires a torpedo: impact at G2!")]
    assert [e["hits"] for e in named(events, "blast")] == [{"yellow": 0, "blue": 2}]
    assert [(e["team"], e["amount"]) for e in named(events, "damage")] == [("blue", 2)]


def test_5_worked_example_the_sonar_answer_row_l_sector_6_from_l14_in_sector_9(tmp_path):
    """§5 [B] "Das Sonar aktivieren", example: "Der Kapitän aktiviert das Sonar während das gegnerische Boot sich auf
    L14 in Sektor 9 befindet. Der gegnerische Kapitän sagt an „Wir sind in Reihe L, Sektor 6“. Die erste Information
    ist wahr, die zweite falsch." (the rulebook's "Reihe L" is the letter of L14: Kaleun's column L). Two true
    statements ("L, sector 9") are refused to Blue alone, and the game waits for a pair with one of each."""
    plan = [("E", "E5"), ("E", "E6"), ("E", "E3")]
    lines = [*start("A1", "L14"), *[course("yellow", d, "sonar", s) for d, s in plan], activate("yellow", "sonar"),
             {"team": "blue", "do": "sonar_answer", "column": "L", "sector": 9},
             {"team": "blue", "do": "sonar_answer", "column": "L", "sector": 6}]
    game, events = run_lines(lines, tmp_path, scenario="charlie")
    assert [(e["team"], e["reason"]) for e in named(events, "refused")] == [
        ("blue", "both statements are true; exactly one must be false")]
    answer = named(events, "sonar_answer")
    assert [(e["team"], e["column"], e["sector"], "audience" in e) for e in answer] == [("blue", "L", 6, False)]
    assert answer[0]["feed"] == "Blue answers the sonar: we are in column L and sector 6."
    assert ref(game).team_status("yellow")["sonar_waits_for"] is None


def test_5_worked_example_the_drone_asks_sector_4_of_a_boat_in_sector_7_no(tmp_path):
    """§5 [B] "Eine Suchdrohne aussenden", example: "Der Kapitän sendet eine Suchdrohne aus und fragt das gegnerische
    Team, ob sich ihr Boot in Sektor 4 aufhält. Das Boot ist jedoch in Sektor 7, so dass der gegnerische Kapitän mit
    „Nein“ antwortet." The game gives the true answer; the First Mate's drone gauge is erased."""
    plan = [("E", "E5"), ("E", "E6"), ("E", "E3"), ("E", "E4")]
    lines = [*start("A1", "B12"), *[course("yellow", d, "drone", s) for d, s in plan],
             activate("yellow", "drone", sector=4)]
    game, events = run_lines(lines, tmp_path, scenario="charlie")
    assert refusals(events) == []
    assert [(e["sector"], e["answer"], e["feed"]) for e in named(events, "drone")] == [
        (4, False, "Stop! Yellow's drone asks: are you in sector 4? Blue: no!")]
    assert ref(game).team_status("blue")["sector"] == 7
    assert ref(game).team_status("yellow")["gauges"]["drone"] == [0, 4]


ECHO_G4 = """\
name: Echo with an Archer mine on G4
size: 15 x 15
sectors realtime: 5 5 5 / 5 5 5
sectors turn: 8 7 / 8 7
grid:
    A B C D E F G H I J K L M N O
 1  . . . . . . . . . . . . . . .
 2  . . . . . . . . . . . . . . .
 3  . . . . . # . . . . . . . . .
 4  . . . . . # a . . . . . . . .
 5  . . . . . . . . . . . . . . .
 6  . . . . . . . . . . . . . . .
 7  . . . . . . . . . . . . . . .
 8  . . . . . . . . . . . . . . .
 9  . . . . . . . . . . . . . . .
10  . . . . . . . . . . . . . . .
11  . . . . . . . . . . . . . . .
12  . . . . . . . . . . . . . . .
13  . . . . . . . . . . . . . . .
14  . . . . . . . . . . . . . . .
15  . . . . . . . . . . . . . . .
"""


def test_7_worked_example_all_4_scenario_boxes_marked_set_off_the_archer_mine_on_g4(tmp_path):
    """§7 [B] "Echo Karte", example: "Alle 4 Felder des Szenario-Drehschalters sind markiert, der Kapitän aktiviert
    das System und zündet eine Archer Mine mit der Ansage „Zünde Archer Mine auf G4“." It blasts as a mine does (Blue
    on H5 beside it: 1 damage), both Captains erase it, and the scenario gauge is erased to be filled again. Kaleun's
    Echo map has no Archer mine on G4: an owner's map with one (the printed sheet can be typed in)."""
    game = new_game(0, "echo", "realtime", map_text=ECHO_G4, map_source="echo_g4.map")
    plan = [("S", "S3"), ("S", "S5"), ("S", "S2"), ("S", "S4")]   # A1 ... A5: no yellow symbol crossed
    lines = [*start("A1", "H5"), *[course("yellow", d, "scenario", s) for d, s in plan],
             activate("yellow", "scenario", cell="G4")]
    game, events = run_lines(lines, tmp_path, game=game)
    assert refusals(events) == []
    assert [(e["team"], e["cell"], e["feed"]) for e in named(events, "archer_mine")] == [
        ("yellow", "G4", "Yellow sets off the Archer mine at G4; both Captains erase it.")]
    assert [(e["weapon"], e["cell"], e["hits"]) for e in named(events, "blast")] == [
        ("archer_mine", "G4", {"yellow": 0, "blue": 1})]
    for team in ("yellow", "blue"):
        assert ref(game).team_status(team)["archer_mines"] == []
    assert ref(game).team_status("yellow")["gauges"]["scenario"] == [0, 4]
