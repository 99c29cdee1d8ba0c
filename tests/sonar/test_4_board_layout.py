"""Digest §4: the Engineer's board layout (data/boards.toml) against every sentence of the rulebook on it.

The rule texts lost their pictures, so the printed layout is mostly a [gap]. These tests hold the
layout to what the texts do say, one statement each, section by section (west, north, south, east),
quoting the German rulebook by its heading: [B] "Der Maschinist" (the base rules), [Q] "Ingenieur"
(the quick reference). What no sentence fixes is listed symbol by symbol in boards.toml's comment.
"""

from __future__ import annotations

import pytest
from kaleun.sonar.engineer import RADIATION, SECTION_ORDER, layout
from kaleun.sonar.grid import DIRECTIONS
from kaleun.ui.sonar_commands import symbol_id
from sonarkit import named, refusals, run_lines, start

#: for a silent run in each direction: six courses before it in a staircase of two other directions (the side
#: and back from the run), so that the run's own section is still untouched and its path is open
SIDESTEP = {"E": ("N", "W"), "W": ("N", "E"), "N": ("W", "S"), "S": ("W", "N")}


def circuit_part(section: str) -> list[str]:
    board = layout()
    return [s for s in board.by_direction[section] if board.symbols[s].circuit is not None]


def reactor_part(section: str) -> list[str]:
    board = layout()
    return [s for s in board.by_direction[section] if board.symbols[s].circuit is None]


def test_4_the_board_has_the_four_sections_of_the_courses_in_the_printed_order():
    """§4 [B] "Der Maschinist": "1 Symbol in dem zu dem Kurs gehörenden Bereich (N/S/O/W)", the sheet's sections
    labelled "West", "Nord", "Süd", "Ost" in that order: one section per course, west to east."""
    board = layout()
    assert SECTION_ORDER == ("W", "N", "S", "E")
    assert set(board.by_direction) == set(DIRECTIONS) == set(SECTION_ORDER)
    assert all(s.direction == d for d in SECTION_ORDER for s in (board.symbols[i] for i in board.by_direction[d]))


@pytest.mark.parametrize("section", SECTION_ORDER)
def test_4_each_section_holds_central_circuits_above_its_reactor(section):
    """§4 [B] "Der Maschinist" (the sheet's parts "Zentrale Schaltkreise", "Reaktor"; "1 der 3 Symbole im
    darunterliegenden Reaktorbereich") and "Selbstreparatur der zentralen Schaltkreise": "Die Symbole in den
    zentralen Schaltkreisen sind durch ... Linien in Vierergruppen miteinander verbunden": every circuit symbol
    is linked and comes first (above), the reactor's symbols are linked to nothing."""
    board = layout()
    ids = board.by_direction[section]
    linked = [board.symbols[s].circuit is not None for s in ids]
    assert linked == sorted(linked, reverse=True), f"{section}: the circuit symbols come before the reactor's"
    assert circuit_part(section) and reactor_part(section)


def test_4_three_circuits_of_four_linked_symbols():
    """§4.5 [B] "Selbstreparatur der zentralen Schaltkreise": "durch gelbe, orange oder graue Linien in
    Vierergruppen miteinander verbunden", [Q] "Alle Symbole einer verbundenen (orange, gelb oder grau) Gruppe":
    three circuits (three line colours), four symbols each."""
    board = layout()
    assert len(board.circuits) == 3
    assert all(len(members) == 4 for members in board.circuits.values())


def test_4_west_three_symbols_of_the_yellow_circuit_whose_last_is_in_the_east():
    """§4.5 [B] "Selbstreparatur", its example: "3 Defektsymbole des gelben Schaltkreises wurden bereits
    angekreuzt (im Bereich „Westen"). Wenn der Maschinist seinen Kapitän überzeugen kann, nach Osten zu fahren,
    ist auch das letzte Defektsymbol des gelben Schaltkreises durchgekreuzt": the west section's circuit symbols
    are three of one circuit (circuit 1 here, the rulebook's yellow one) and its fourth is in the east section."""
    board = layout()
    west = circuit_part("W")
    assert len(west) == 3 and {board.symbols[s].circuit for s in west} == {1}
    east = [s for s in circuit_part("E") if board.symbols[s].circuit == 1]
    assert len(east) == 1 and sorted(board.circuits[1]) == sorted([*west, *east])


def test_4_north_two_yellow_circuit_symbols_and_three_reactor_symbols():
    """§4.1 [B] "Der Maschinist", its example: "Der Kapitän sagt „Kurs Nord!" an. ... Hier muss es entweder 1 der
    beiden gelben Symbole der zentralen Schaltkreise sein oder 1 der 3 Symbole im darunterliegenden
    Reaktorbereich": the north section's circuit symbols include exactly two yellow ones, its reactor 3 symbols."""
    board = layout()
    assert [board.symbols[s].colour for s in circuit_part("N")].count("yellow") == 2
    assert len(reactor_part("N")) == 3


def test_4_six_radiation_symbols_all_in_the_reactor():
    """§4.4 [B] "Reaktordefekte" example: "4 der 6 Reaktorsymbole sind bereits angekreuzt"; [Q] "alle
    Strahlungs-Symbole": six radiation symbols, all in the reactor parts (none in a circuit)."""
    board = layout()
    assert len(board.radiation) == 6
    assert all(board.symbols[s].circuit is None for s in board.radiation)
    assert set(board.radiation) <= {s for d in SECTION_ORDER for s in reactor_part(d)}


def test_4_every_other_symbol_stands_for_two_systems():
    """§4.2 [B] "Systemdefekt": "Jedem Symbol auf dem Bogen des Maschinisten sind 2 Systeme zugeordnet" —
    "MINE+TORPEDO DROHNE+SONAR SCHLEICHFAHRT+SZENARIO" ([Q] "Jedes Symbol gehört zu 2 Systemen")."""
    board = layout()
    assert board.colours == {"red": ("mine", "torpedo"), "green": ("drone", "sonar"),
                             "yellow": ("silence", "scenario")}
    assert all(s.colour in board.colours for s in board.symbols.values() if s.colour != RADIATION)


@pytest.mark.parametrize("direction", SECTION_ORDER)
def test_4_a_course_crosses_in_its_own_section_only(tmp_path, direction):
    """§4.1 [B] "Der Maschinist": "Jedes Mal, wenn sein Kapitän einen Kurs ansagt, muss der Maschinist auf seinem
    Bogen 1 Symbol in dem zu dem Kurs gehörenden Bereich (N/S/O/W) durchkreuzen ... Der Maschinist darf ein
    beliebiges Symbol ankreuzen, solange es im korrekten Bereich (N/S/O/W) geschieht": every symbol of the
    course's section may be crossed, none of another section."""
    board = layout()
    others = [d for d in SECTION_ORDER if d != direction]
    for i, symbol in enumerate(board.by_direction[direction]):  # one game per symbol
        lines = [*start("E5", "A1"), {"team": "yellow", "do": "course", "direction": direction, "mark": "torpedo"},
                 *[{"team": "yellow", "do": "cross", "symbol": board.by_direction[d][i]} for d in others],
                 {"team": "yellow", "do": "cross", "symbol": symbol}]
        _, events = run_lines(lines, tmp_path, scenario="charlie")
        first, last = board.by_direction[direction][0], board.by_direction[direction][-1]
        said = {"N": "north", "E": "east", "S": "south", "W": "west"}[direction]
        assert refusals(events, "yellow") == [f"the course was {said}: cross a symbol of that section "
                                              f"({first} to {last})"] * 3
        assert [e["symbol"] for e in named(events, "crossed", team="yellow")] == [symbol]


@pytest.mark.parametrize("direction", SECTION_ORDER)
def test_4_a_silent_run_crosses_in_the_section_of_its_direction(tmp_path, direction):
    """§4.1 + §5 [B] "Schleichfahrt aktivieren": "Der Erste Offizier markiert ein Feld eines Schalters und der
    Maschinist kreuzt ein Defektsymbol an"; [Q] "Schleichfahrt": "Richtung wird wie üblich vom Ingenieur
    markiert": a silent run's cross goes into the section of the direction it ran, in each of the four."""
    board = layout()
    side, back = SIDESTEP[direction]
    used: dict[str, int] = {}

    def quiet(section: str) -> str:
        """A symbol of that section that breaks no silence (not yellow), radiation last."""
        options = sorted((s for s in board.by_direction[section] if board.symbols[s].colour != "yellow"),
                         key=lambda s: board.symbols[s].colour == RADIATION)
        used[section] = used.get(section, 0) + 1
        return options[used[section] - 1]

    wrong = next(d for d in SECTION_ORDER if d != direction)
    lines = [*start("E5", "A1"),  # open water on the Charlie map: the staircase and the run stay off its rocks
             *[{"team": "yellow", "do": "course", "direction": d, "mark": "silence", "cross": quiet(d)}
               for d in (side, back, side, back, back, side)],
             {"team": "yellow", "do": "activate", "system": "silence", "direction": direction, "distance": 2},
             {"team": "yellow", "do": "mark", "system": "torpedo"},
             {"team": "yellow", "do": "cross", "symbol": board.by_direction[wrong][-1]},
             {"team": "yellow", "do": "cross", "symbol": board.by_direction[direction][0]}]
    _, events = run_lines(lines, tmp_path, scenario="charlie")
    said = {"N": "north", "E": "east", "S": "south", "W": "west"}[direction]
    first, last = board.by_direction[direction][0], board.by_direction[direction][-1]
    assert refusals(events, "yellow") == [
        f"the silent run went {said}: cross a symbol of that section ({first} to {last})"]
    assert named(events, "silence", team="yellow")
    assert named(events, "crossed", team="yellow")[-1]["symbol"] == first


@pytest.mark.parametrize(("typed", "code", "symbol"), [
    ("O1", "de", "E1"), ("o6", "de", "E6"), ("E2", "de", "E2"), ("S3", "de", "S3"),
    ("В1", "ru", "E1"), ("З4", "ru", "W4"), ("С2", "ru", "N2"), ("Ю5", "ru", "S5"), ("E3", "en", "E3")])
def test_4_the_console_reads_the_sections_letters_of_the_table_s_language(typed, code, symbol):
    """§4.1 [B] "Bereich (N/S/O/W)": at a German table the east section is "O" (Ost), at a Russian one "В"
    (восток); the console reads such a symbol as its id, the east section's "O1" as E1."""
    assert symbol_id(typed, code) == symbol


@pytest.mark.parametrize(("section", "entry", "problem"), [
    ("W", "radiation c1", "board test: W5: a radiation symbol belongs to the reactor, not to circuit c1"),
    ("N", "blue", "board test: N5: unknown colour 'blue'"),
    ("S", "red c1 c2", "board test: S5: write 'COLOUR' or 'COLOUR cN', got 'red c1 c2'")])
def test_4_a_board_that_breaks_the_sheet_s_rules_is_refused(section, entry, problem):
    """§4 [B] "Reaktordefekte", "Selbstreparatur der zentralen Schaltkreise": radiation symbols are the reactor's
    ("4 der 6 Reaktorsymbole"), the linked symbols are the central circuits'; a board (boards.toml, or an
    expansion's) that links a radiation symbol into a circuit was taken silently and is now refused by name."""
    from kaleun.sonar.engineer import BoardDataError, parse_layout

    spec = {d: ["red c1", "green c2", "yellow c3", "red", "radiation", "radiation"] for d in SECTION_ORDER}
    spec[section] = [*spec[section][:4], entry, "radiation"]
    with pytest.raises(BoardDataError) as caught:
        parse_layout("test", spec, layout().colours)
    assert str(caught.value) == problem
