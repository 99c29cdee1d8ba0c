"""§4.5: the Engineer's linked circuits are named as the rulebook names them, by their line colour.

[B] "Die Symbole in den zentralen Schaltkreisen sind durch gelbe, orange oder graue Linien in Vierergruppen
miteinander verbunden"; its example repairs "den gelben Schaltkreis". The console, the window and the feed said
"circuit 1" to "3"; they say the yellow, orange and grey circuit. The ids in the data, the events and the saves
stay the numbers (`circuit_repaired` keeps `"circuit": 1`).
"""

from __future__ import annotations

from kaleun.i18n import language
from kaleun.sonar.engineer import circuit_name, layout
from kaleun.ui.sonar_text import draw_board
from sonarkit import named, run_lines, start
from test_3_4_gauges_and_engineer import course


def test_4_5_each_circuit_has_its_line_colour_from_the_board_data():
    board = layout()
    assert board.circuit_colours == {1: "yellow", 2: "orange", 3: "grey"}
    # the rulebook's example: three symbols of the yellow circuit in the west, its fourth in the east
    assert [s for s, sym in board.symbols.items() if sym.circuit == 1] == ["W1", "W2", "W3", "E1"]
    assert [str(circuit_name(board, n)) for n in (1, 2, 3)] == ["yellow circuit", "orange circuit", "grey circuit"]
    assert language("de").render(circuit_name(board, 1)) == "gelber Schaltkreis"


def test_4_5_the_feed_names_the_repaired_circuit_by_its_colour_and_the_event_keeps_its_number(tmp_path):
    lines = [*start("E5", "O15"), course("yellow", "W", "torpedo", "W1"), course("yellow", "W", "torpedo", "W2"),
             course("yellow", "W", "torpedo", "W3"), course("yellow", "N", "mine", "N6")]
    game, _ = run_lines(lines, tmp_path, scenario="charlie")
    _, events = run_lines([{"t": 9, **course("yellow", "E", "mine", "E1")}], tmp_path, game=game)
    [repaired] = named(events, "circuit_repaired", team="yellow")
    assert repaired["circuit"] == 1
    assert repaired["feed"] == "The yellow circuit is complete and repairs itself."


def test_4_5_the_consoles_board_names_the_circuits_by_colour_in_the_tables_language():
    board = layout()
    status = {"crossed": ["W1", "N2"]}
    english = draw_board(board, status, language("en"))
    assert "1-3" not in english and "W1:R1" not in english
    assert "yellow circuit: W1 W2 W3 E1" in english and "orange circuit: N1 N2 N3 E2" in english
    assert "grey circuit: S1 S2 S3 E3" in english
    german = draw_board(board, status, language("de"))
    assert "gelber Schaltkreis: W1 W2 W3 E1" in german and "grauer Schaltkreis: S1 S2 S3 E3" in german
    assert "circuit" not in german
    russian = draw_board(board, status, language("ru"))
    assert "жёлтая цепь: W1 W2 W3 E1" in russian and "circuit" not in russian


def test_4_5_the_windows_legend_names_the_circuits_by_colour():
    from kaleun.ui.sonar_stations import LEGEND

    assert "1-3" not in LEGEND and "yellow, orange or grey" in LEGEND
    for code in ("de", "ru"):
        assert language(code).text(LEGEND) != LEGEND
