"""Digest §3 (the First Mate's gauges) and §4 (the Engineer's board), through table scripts.

Each test is named and cited as the kit says (sonarkit.py: the digest's §, the rulebook's heading, [gap]).
"""

from __future__ import annotations

import pytest
from kaleun.sonar import data
from kaleun.sonar.engineer import EngineerBoard, layout
from sonarkit import YELLOW_FIRST, Crews, course, named, ref, refusals, run_lines, start


# -- §3 --------------------------------------------------------------------------------------
def test_3_gauge_sizes_come_from_the_data_file(tmp_path):
    """§3 [B] "Verwaltung der Drehschalter": six systems; sizes are data (rules.toml), the scenario gauge's from the
    scenario."""
    game, _ = run_lines(start("A1", "O15"), tmp_path)
    sizes = {s: size for s, (_, size) in ref(game).team_status("yellow")["gauges"].items()}
    assert sizes == data.load("rules")["gauges"]
    echo, _ = run_lines(start("A1", "O15"), tmp_path, scenario="echo")
    assert echo and ref(echo).team_status("yellow")["gauges"]["scenario"] == [0, 4]


def test_3_one_mark_per_course(tmp_path):
    """§3 [B] "Verwaltung der Drehschalter": after every own course the First Mate marks one box; a second mark is
    refused."""
    lines = [*start("A1", "O15"), course("yellow", "S", cross="S1"),
             {"team": "yellow", "do": "mark", "system": "torpedo"},
             {"team": "yellow", "do": "mark", "system": "mine"},
             {"team": "yellow", "do": "mark", "system": "drone"}]
    _, events = run_lines(lines, tmp_path)
    assert refusals(events, "yellow") == ["there is no course to mark a gauge for"] * 2
    assert [(e["system"], e["filled"]) for e in named(events, "marked")] == [("torpedo", 1)]
    assert all(e["audience"] == "yellow" for e in named(events, "marked"))


def test_3_a_full_gauge_takes_no_marks_and_says_ready(tmp_path):
    """§3 [B] "Verwaltung der Drehschalter": "Torpedo bereit!" when full; a full gauge takes no more marks until the
    system is used."""
    lines = [*start("A1", "O15"), *[course("yellow", "S", "torpedo", f"S{i}") for i in (1, 3, 5)],
             course("yellow", "S", "torpedo", "S2"), course("yellow", "S", "mine", "S2")]
    game, events = run_lines(lines, tmp_path)
    assert refusals(events, "yellow") == ["the torpedo gauge is full: use the system first"]
    ready = [e for e in named(events, "marked") if e["ready"]]
    assert [(e["system"], e["feed"]) for e in ready] == [("torpedo", "Torpedo ready!")]
    assert ref(game).team_status("yellow")["gauges"]["mine"] == [1, 3]


def test_3_using_a_system_empties_its_gauge_detonating_needs_no_full_gauge(tmp_path):
    """§3 [B] "Eine Wassermine legen": using a system empties its gauge; detonating a mine needs no full gauge and
    keeps the gauge as it is ([B]); [gap] a red breakdown does not stop a detonation (rules.toml)."""
    lines = [*start("A1", "O15"), *[course("yellow", "S", "mine", f"S{i}") for i in (1, 3, 5)],
             {"team": "yellow", "do": "activate", "system": "mine", "cell": "B5"},
             course("yellow", "S", "mine", "S2"),                        # S2 is red
             {"team": "yellow", "do": "detonate", "cell": "B5"}]
    game, events = run_lines(lines, tmp_path)
    assert refusals(events) == []
    status = ref(game).team_status("yellow")
    assert status["gauges"]["mine"] == [1, 3]      # emptied by laying, one mark since, kept by detonating
    assert "mine" in status["broken"]
    assert named(events, "mine_detonated", team="yellow")[0]["cell"] == "B5"


def test_3_the_scenario_gauge_exists_only_where_the_scenario_has_a_system(tmp_path):
    """§3/§7 [B] "Ein szenariospezifisches System einschalten": Alpha has no scenario system: its gauge takes no
    marks."""
    _, events = run_lines([*start("A1", "O15"), course("yellow", "S", "scenario", "S1")], tmp_path)
    assert refusals(events, "yellow") == ["this scenario has no scenario system"]


@pytest.mark.parametrize("scenario", ["alpha", "bravo", "charlie", "delta"])
def test_7_the_scenario_system_of_a_scenario_without_one_is_refused_not_malformed(tmp_path, scenario):
    """§7 [B] "Die Szenarien": only Echo has a scenario system; the console's `scenario CELL` (an `activate` with a
    cell) elsewhere is refused by the rules like any system the boat lacks, not stopped as a malformed line."""
    line = {"team": "yellow", "do": "activate", "system": "scenario", "cell": "G8"}
    _, events = run_lines([*start("A1", "O15"), line], tmp_path, scenario=scenario)
    assert refusals(events, "yellow") == ["this scenario has no scenario system"]


def test_3_with_every_gauge_full_there_is_nothing_to_mark(tmp_path):
    """§3 [B] "Verwaltung der Drehschalter": full gauges take no marks: with all of them full a course waits only
    for the Engineer."""
    crews = Crews()
    marks = ["mine"] * 3 + ["torpedo"] * 3 + ["drone"] * 4 + ["sonar"] * 3 + ["silence"] * 6
    directions = "E" * 14 + "S" + "W" * 4
    lines = [*start("A1", "O15"), *[crews.move("yellow", d, mark=m) for d, m in zip(directions, marks, strict=True)]]
    last = crews.move("yellow", "W", mark=None)
    del last["mark"]                               # the First Mate has nothing to mark
    lines.append(last)
    lines.append({"team": "yellow", "do": "mark", "system": "torpedo"})
    game, events = run_lines(lines, tmp_path, scenario="charlie")
    status = ref(game).team_status("yellow")
    assert all(filled == size for filled, size in status["gauges"].values())
    assert named(events, "moved")[-1]["mark"] is False
    assert refusals(events) == ["there is no course to mark a gauge for"]
    assert status["cell"] == "J2"


# -- §4 --------------------------------------------------------------------------------------
def test_4_the_cross_must_be_in_the_course_section(tmp_path):
    """§4.1 [B] "Der Maschinist": each course crosses one symbol of that course's direction section."""
    lines = [*start("A1", "O15"), course("yellow", "S", "torpedo"),
             {"team": "yellow", "do": "cross", "symbol": "N1"},
             {"team": "yellow", "do": "cross", "symbol": "S2"},
             {"team": "yellow", "do": "cross", "symbol": "S3"}]
    _, events = run_lines(lines, tmp_path)
    assert refusals(events, "yellow") == ["the course was south: cross a symbol of that section (S1 to S6)",
                                          "there is no course to cross a symbol for"]


def test_4_a_crossed_symbol_breaks_both_systems_of_its_colour(tmp_path):
    """§4.2 [B] "Systemdefekt": a crossed red symbol: neither mine nor torpedo can be activated."""
    lines = [*start("A1", "O15"), course("yellow", "S", "torpedo", "S1"), course("yellow", "S", "torpedo", "S3"),
             course("yellow", "S", "torpedo", "S2"),                    # S2 is red
             {"team": "yellow", "do": "activate", "system": "torpedo", "cell": "A2"}]
    _, events = run_lines(lines, tmp_path)
    assert named(events, "crossed")[-1]["broken"] == ["drone", "mine", "silence", "sonar", "torpedo"]
    assert refusals(events, "yellow") == [
        "the torpedo is broken down: a symbol of its colour is crossed on the Engineer's board"]


@pytest.mark.parametrize("scenario, broken", [("alpha", ["silence"]), ("delta", ["silence"]),
                                              ("echo", ["scenario", "silence"])])
def test_4_a_yellow_symbol_breaks_the_scenario_system_only_where_the_scenario_has_one(tmp_path, scenario, broken):
    """§4.2/§7 [B] "Systemdefekt": a crossed yellow symbol breaks silence and the scenario system; Alpha to Delta
    have no scenario system, so the crew is never told that one broke down."""
    lines = [*start("A1", "O15"), course("yellow", "S", "torpedo", "S1"), {"team": "yellow", "do": "status"}]
    _, events = run_lines(lines, tmp_path, scenario=scenario)
    crossed = named(events, "crossed")[0]
    assert crossed["broken"] == broken and named(events, "status")[0]["broken"] == broken
    said = "scenario system, silence" if "scenario" in broken else "silence"
    assert crossed["feed"] == f"S1 crossed (yellow); broken down: {said}."


def test_4_a_full_direction_section_gives_1_damage_and_clears_the_breakdowns(tmp_path):
    """§4.3 [B] "Bereichsdefekt": all symbols of one direction crossed: 1 damage ("Schaden!"), then every breakdown
    erased."""
    lines = [*start("A1", "O15"), *[course("yellow", "S", "torpedo" if i < 4 else "mine", f"S{i}")
                                    for i in range(1, 7)]]
    game, events = run_lines(lines, tmp_path)
    assert named(events, "breakdown", team="yellow")[0]["full"] == ["section"]
    damage = named(events, "damage")
    assert [(e["team"], e["amount"], e["cause"]) for e in damage] == [("yellow", 1, "breakdown")]
    status = ref(game).team_status("yellow")
    assert status["crossed"] == [] and status["damage"] == 1


def test_4_a_linked_circuit_clears_itself_without_damage(tmp_path):
    """§4.5 ([B] "Selbstreparatur", its example): 3 symbols of a circuit crossed in the west section,
    a course east crosses the circuit's last symbol: the 4 are erased, no damage."""
    lines = [*start("E5", "O15"), course("yellow", "W", "torpedo", "W1"), course("yellow", "W", "torpedo", "W2"),
             course("yellow", "W", "torpedo", "W3"), course("yellow", "N", "mine", "N6")]
    game, events = run_lines(lines, tmp_path, scenario="charlie")
    assert named(events, "circuit_repaired") == []
    _, events = run_lines([{"t": 9, **course("yellow", "E", "mine", "E1")}], tmp_path, game=game)
    assert [e["circuit"] for e in named(events, "circuit_repaired", team="yellow")] == [1]
    assert named(events, "damage") == []
    assert ref(game).team_status("yellow")["crossed"] == ["N6"]


def test_4_six_radiation_symbols_give_1_damage(tmp_path):
    """§4.4 [B] "Reaktordefekte": all 6 radiation symbols crossed: 1 damage, then every breakdown erased."""
    plan = [("N", "N6"), ("W", "W5"), ("W", "W6"), ("S", "S6"), ("S", "S1"), ("E", "E5"), ("E", "E6")]
    lines = [*start("E5", "O15"), *[course("yellow", d, "torpedo" if i < 3 else "mine" if i < 6 else "drone", s)
                                    for i, (d, s) in enumerate(plan)]]
    game, events = run_lines(lines, tmp_path, scenario="charlie")
    assert named(events, "breakdown", team="yellow")[0]["full"] == ["radiation"]
    assert [(e["team"], e["amount"]) for e in named(events, "damage")] == [("yellow", 1)]
    assert ref(game).team_status("yellow")["crossed"] == []


@pytest.mark.parametrize("code, said", [
    ("en", "Damage (every radiation symbol is crossed)! Every breakdown is erased."),
    ("de", "Schaden (alle Reaktorsymbole sind durchgekreuzt)! Alle Defekte werden gelöscht."),
    ("ru", "Повреждение (все символы радиации зачёркнуты)! Все поломки стёрты.")])
def test_4_the_engineers_damage_line_reads_as_sentences(tmp_path, code, said):
    """§4.3/§4.4 the Engineer's "Schaden!" in the team's feed read "Damage! every radiation symbol is crossed: every
    breakdown is erased." (a sentence begun in lower case after "!", in every language). It now names the cause in
    brackets and begins the next sentence with a capital."""
    from kaleun.core.events import Event
    from kaleun.i18n import language
    from kaleun.ui.sonar_text import feed_line

    plan = [("N", "N6"), ("W", "W5"), ("W", "W6"), ("S", "S6"), ("S", "S1"), ("E", "E5"), ("E", "E6")]
    lines = [*start("E5", "O15"), *[course("yellow", d, "torpedo" if i < 3 else "mine" if i < 6 else "drone", s)
                                    for i, (d, s) in enumerate(plan)]]
    game, _ = run_lines(lines, tmp_path, scenario="charlie")
    event = next(e for e in ref(game).record.past("yellow") if e.name == "breakdown")
    assert isinstance(event, Event) and feed_line(event, language(code)) == said


def test_4_a_cross_that_fills_a_section_and_the_reactor_gives_2_damage():
    """§4.3 + §4.4 at once, [B] "Bereichsdefekt", "Reaktordefekte" ([gap], boards.toml): each full breakdown is 1
    damage."""
    board = EngineerBoard(layout())
    for symbol in ("W5", "W6", "N6", "S6", "E1", "E2", "E3", "E4", "E5"):
        assert board.cross(symbol).damage == 0
    result = board.cross("E6")
    assert result.damage == 2 and set(result.full) == {"section", "radiation"} and board.crossed == set()


def test_4_a_cross_that_fills_a_section_and_a_circuit_gives_the_damage_first():
    """§4.3 before §4.5, [B] "Bereichsdefekt", "Selbstreparatur der zentralen Schaltkreise" ([gap], boards.toml):
    the last west symbol, W1, also completes circuit 1; the full section gives 1 damage and erases everything (the
    circuit does not repair itself first)."""
    board = EngineerBoard(layout())
    for symbol in ("N1", "S1", "E1", "W2", "W3", "W4", "W5", "W6"):
        assert board.cross(symbol).damage == 0
    result = board.cross("W1")
    assert (result.damage, result.full, result.circuit) == (1, ("section",), None) and board.crossed == set()


@pytest.mark.parametrize("section", ["W", "N", "S", "E"])
def test_4_the_board_layout_follows_the_rules(section):
    """§4 ([B] "Der Maschinist", "Reparaturen"): each section has 3 symbols in the central circuits
    and 3 in the reactor; 6 radiation symbols in all; 3 circuits of 4 linked symbols."""
    board = layout()
    symbols = [board.symbols[s] for s in board.by_direction[section]]
    assert len(board.radiation) == 6
    assert sorted(board.circuits) == [1, 2, 3] and all(len(m) == 4 for m in board.circuits.values())
    assert [s.circuit is not None for s in symbols] == [True] * 3 + [False] * 3


def test_4_the_board_fits_the_rulebook_examples():
    """§4 [B] examples: "Kurs Nord! ... 1 der beiden gelben Symbole der zentralen Schaltkreise" (the
    north section's circuit symbols hold two yellow ones), and "3 Defektsymbole des gelben
    Schaltkreises ... (im Bereich Westen) ... nach Osten ... das letzte Defektsymbol" (a circuit
    links 3 symbols of the west section with one of the east section)."""
    board = layout()
    north = [board.symbols[s] for s in board.by_direction["N"] if board.symbols[s].circuit is not None]
    assert [s.colour for s in north].count("yellow") == 2
    west = {board.symbols[s].circuit for s in board.by_direction["W"]} - {None}
    assert len(west) == 1
    members = board.circuits[west.pop()]
    assert sorted(m[0] for m in members) == ["E", "W", "W", "W"]


def test_4_surfacing_erases_every_breakdown(tmp_path):
    """§4.6 [B] "Reparatur des Reaktors": surfacing (turn-based: at once) erases everything on the board."""
    crews = Crews()
    lines = [*start("H1", "H15"), crews.move("yellow", "E"), crews.move("blue", "W"), crews.move("yellow", "S"),
             crews.move("blue", "W"), {"team": "yellow", "do": "surface"}]
    game, events = run_lines(lines, tmp_path, mode="turn", seed=YELLOW_FIRST)
    assert refusals(events) == []
    assert ref(game).team_status("yellow")["crossed"] == []
    assert ref(game).team_status("blue")["crossed"] == ["W1", "W2"]
