"""Digest §2/§7: maps as text. The shipped maps load; a map with a mistake is refused with file:line."""

from __future__ import annotations

import pytest
from kaleun.sonar import data
from kaleun.sonar.game import build_map, new_game
from kaleun.sonar.maps import MapError, parse_map
from kit import run_kaleun, write_script
from sonarkit import named, read_json_lines

GOOD = """\
# a test map
name: Test
size: 5 x 4          # columns x rows
sectors realtime: 2 2 1 / 2 1 1
sectors turn: 3 2 / 2 2
grid:
    A B C D E
 1  . . . . .
 2  . # . . .
 3  . . . o .
 4  . . . . .
"""
#: the test map without its water hole (a map for scenarios without ice)
OPEN = GOOD.replace(" 3  . . . o .", " 3  . . . . .")
ROCK = GOOD.split("grid:")[0] + "grid:\n    A B C D E\n" + "".join(f" {n}  # # # # #\n" for n in range(1, 5))


def test_the_format_reads_size_sectors_islands_and_features():
    sea = parse_map(GOOD, "test.map")
    assert (sea.name, sea.columns, sea.rows) == ("Test", 5, 4)
    assert sea.islands == {(1, 1)} and sea.feature("water_hole") == ((3, 2),)
    assert sea.sector_count("realtime") == 9 and sea.sector_count("turn") == 4
    assert [sea.sector((x, 0), "realtime") for x in range(5)] == [1, 1, 2, 2, 3]
    assert [sea.sector((0, y), "realtime") for y in range(4)] == [1, 1, 4, 7]


@pytest.mark.parametrize("name", ["alpha", "bravo", "charlie", "delta", "echo"])
def test_the_shipped_maps_are_in_the_documented_format(name):
    sea = parse_map(data.text(f"maps/{name}.map"), f"{name}.map")
    assert sea.name == name.capitalize()


@pytest.mark.parametrize("change, problem", [
    (lambda t: t.replace(" 2  . # . . .", " 2  . # . x ."),
     "test.map:9: D2: unknown symbol 'x' (known: '.', '#', 'o', 'a')"),
    (lambda t: t.replace(" 2  . # . . .", " 2  . # . ."), "test.map:9: row 2 has 4 cells, the map is 5 columns wide"),
    (lambda t: t.replace(" 3  . . . o .", " 4  . . . o ."),
     "test.map:10: row 3 expected here, the line starts with '4'"),
    (lambda t: t.replace("size: 5 x 4          # columns x rows\n", ""),
     "test.map:5: the map needs 'size: COLUMNS x ROWS' before the grid"),
    (lambda t: t.replace("size: 5 x 4", "size: 5 by 4"), "test.map:3: size must be 'COLUMNS x ROWS', e.g. '15 x 15'"),
    (lambda t: t.replace("size: 5 x 4", "size: 30 x 4"), "test.map:3: a map has 2 to 26 columns"),
    # Python reads no whole number of more than 4,300 digits: the map's line says so, no traceback
    (lambda t: t.replace("size: 5 x 4", "size: 5 x " + "4" * 5000),
     "test.map:3: a map has 2 to 26 columns and 2 to 99 rows, got '5 x 4444"),
    (lambda t: t.replace("2 2 1 / 2 1 1", "2 2 1 / 2 1 " + "1" * 5000), "test.map:4: sectors are 'WIDTHS / HEIGHTS'"),
    (lambda t: t.replace("2 2 1 / 2 1 1", "2 2 / 2 1 1"),
     "test.map:4: the sector widths add up to 4, the map is 5 columns wide"),
    (lambda t: t.replace("sectors turn", "sectors slow"),
     "test.map:5: sectors are given for the modes turn and realtime"),
    (lambda t: t.replace("2 2 1 / 2 1 1", "2 2 1"), "test.map:4: sectors are 'WIDTHS / HEIGHTS'"),
    (lambda t: t.replace("name: Test", "name: Test\nname: Again"), "test.map:3: 'name' was given before, on line 2"),
    (lambda t: t.replace("    A B C D E", "    A B C D F"),
     "test.map:7: the grid starts with the column letters A B C D E"),
    (lambda t: t + " 5  . . . . .\n", "test.map:12: the map is 4 rows high; this line is one too many"),
    (lambda t: t.replace(" 4  . . . . .\n", ""), "test.map:10: the map is 4 rows high but the grid has 3"),
    (lambda t: t.replace("grid:", "grod:"), "test.map:6: expected 'name:', 'size:', 'sectors MODE:' or 'grid:'"),
    # §2 "9 Sektoren ... 4 Sektoren": the sectors of a mode, given without saying which, are one problem that says so
    (lambda t: t.replace("sectors realtime:", "Sectors:"),
     "test.map:4: 'sectors' names the mode its sectors are for: 'sectors realtime: ...' or 'sectors turn: ...', got "
     "'Sectors: 2 2 1 / 2 1 1'"),
    (lambda t: t.split("grid:")[0], "test.map:5: the map has no 'grid:' line"),
    (lambda t: ROCK, "test.map:6: the map has no sea"),
    # §2: sea cells each walled in by islands and the edge: every start cell would be refused, no game could begin
    (lambda t: ROCK.replace(" 2  # # # # #", " 2  # . # . #").replace(" 4  # # # # #", " 4  . # # # ."),
     "test.map:6: no cell of sea has sea beside it (north, east, south or west): a boat could never move"),
    # a save keeps the map's text whole and refuses a longer one: a game on it could not be resumed
    (lambda t: "#" + "x" * 200_000 + "\n" + t, "test.map:1: a map has at most 200000 characters, this one 2001"),
])
def test_a_map_with_a_mistake_is_refused_with_file_and_line(change, problem):
    with pytest.raises(MapError) as caught:
        parse_map(change(GOOD), "test.map")
    assert any(p.startswith(problem) for p in caught.value.problems), caught.value.problems


def test_every_problem_of_a_map_is_listed():
    text = GOOD.replace(" 2  . # . . .", " 2  . # . x .").replace(" 4  . . . . .", " 4  . . . .")
    with pytest.raises(MapError) as caught:
        parse_map(text, "test.map")
    assert [p.split(":")[1] for p in caught.value.problems] == ["9", "11"]


@pytest.mark.parametrize(("change", "problem"), [
    (lambda t: t.replace("grid:", "grid"), "test.map:6: write 'grid' with a colon: 'grid:'"),
    (lambda t: t.replace("size: 5 x 4", "size 5 x 4"), "test.map:3: write 'size' with a colon: 'size:'"),
    (lambda t: t.replace("sectors turn:", "sectors  turn"),
     "test.map:5: write 'sectors turn' with a colon: 'sectors turn:'"),
])
def test_2_a_header_without_its_colon_is_one_problem_that_says_so(change, problem):
    """§2 map format: a maker who typed `grid` without its colon was told that every line of the grid after it
    ("expected 'name:', 'size:', 'sectors MODE:' or 'grid:', got '1  . . . . .'", one for each row) and that the map
    had no grid. One line now says what to write; the header is read as meant, so nothing else is reported."""
    with pytest.raises(MapError) as caught:
        parse_map(change(GOOD), "test.map")
    assert caught.value.problems == [problem]
    # a line that only begins with a header's word is no header without its colon
    with pytest.raises(MapError) as caught:
        parse_map(GOOD.replace("name: Test", "name of the map: Test"), "test.map")
    assert caught.value.problems[0] == ("test.map:2: expected 'name:', 'size:', 'sectors MODE:' or 'grid:', got 'name "
                                        "of the map: Test'")


@pytest.mark.parametrize("change", [
    lambda t: t.replace("name:", "Name:").replace("size:", "SIZE:").replace("sectors realtime:", "Sectors Realtime:")
               .replace("sectors turn:", "Sectors Turn:").replace("grid:", "Grid:"),
    lambda t: t.replace("sectors realtime:", "sectors real-time:").replace("sectors turn:", "sectors turn-based:"),
    lambda t: t.replace("5 x 4", "5 X 4"),
    lambda t: t.replace("5 x 4", "5\u00d74"),
    lambda t: t.replace("    A B C D E", "    a b c d e"),
    lambda t: t.replace("    A B C D E", "    ABCDE"),
    lambda t: t.replace(" 1  .", "01  .").replace(" 2  .", "02  .").replace(" 3  .", "03  .").replace(" 4  .", "04  ."),
    lambda t: t.replace(" 3  . . . o .", " 3  . . . O ."),
    # a printed map's frame: the row numbers on both sides, the letters above and under the grid
    lambda t: "".join(f"{line}  {line.split()[0]}\n" if line[:2].strip().isdigit() else f"{line}\n"
                      for line in t.splitlines()) + "    A B C D E\n",
])
def test_2_a_printed_map_typed_in_as_an_owner_writes_it_is_the_same_map(change):
    """§2 maps as data, the documented format: an owner copying a printed map wrote 'Name:', '15 X 15' or
    '15\u00d715', the column letters in lower case, the rows '01', '02' ..., the frame's numbers and letters on
    both sides: each was refused. Where it can mean one thing only it is now the same map."""
    text = change(GOOD)
    assert text != GOOD
    sea = parse_map(text, "test.map")
    expected = parse_map(GOOD, "test.map")
    assert (sea.name, sea.columns, sea.rows, sea.islands, sea.features, sea.sector_bands) == \
           (expected.name, expected.columns, expected.rows, expected.islands, expected.features, expected.sector_bands)


@pytest.mark.parametrize(("change", "problem"), [
    (lambda t: t.replace("size: 5 x 4", "SIZE: 5 x 4 x 2"), "test.map:3: size must be 'COLUMNS x ROWS'"),
    (lambda t: t.replace("    A B C D E", "    a b c e d"), "test.map:7: the grid starts with the column letters"),
    (lambda t: t.replace(" 2  .", "2a  ."), "test.map:9: row 2 expected here, the line starts with '2a'"),
    (lambda t: t.replace("sectors turn:", "Sectors Slow:"), "test.map:5: sectors are given for the modes turn and"),
    # a row's closing number that is not its own, the letters twice under the grid
    (lambda t: t.replace(" 2  . # . . .", " 2  . # . . . 3"), "test.map:9: row 2 has 6 cells"),
    (lambda t: t + "    A B C D E\n    A B C D E\n", "test.map:13: the map is 4 rows high; this line is one too many"),
])
def test_2_what_a_printed_map_typed_in_cannot_mean_is_still_refused_with_file_and_line(change, problem):
    """§2 a map with a mistake is refused with `file:line`, also where capitals and other spellings are taken."""
    with pytest.raises(MapError) as caught:
        parse_map(change(GOOD), "test.map")
    assert any(p.startswith(problem) for p in caught.value.problems), caught.value.problems


def test_2_a_row_typed_without_spaces_reads_one_cell_a_sign():
    """§2 map format: an owner typing a printed map in wrote a row as '.#...'; the check said "row 2 has 1 cells" and
    "A2: unknown symbol '.#...'", and later told to put a space between the symbols (225 of them on a printed map).
    Each sign is now one cell, spaced or not, the row's number again at its end too; a row of one odd cell says
    "1 cell", and a row of too few signs counts them."""
    spaced = parse_map(GOOD, "test.map")
    for row in (" 2  .#...", " 2  .#... 2", " 2  . #.. .", " 3  ...O. 3"):
        number = row.split()[0]
        line = next(line for line in GOOD.splitlines() if line.split()[:1] == [number])
        sea = parse_map(GOOD.replace(line, row), "test.map")
        assert (sea.islands, sea.features) == (spaced.islands, spaced.features), row
    with pytest.raises(MapError) as caught:
        parse_map(GOOD.replace(" 2  . # . . .", " 2  .#.."), "test.map")
    assert caught.value.problems == ["test.map:9: row 2 has 4 cells, the map is 5 columns wide"]
    with pytest.raises(MapError) as caught:
        parse_map(GOOD.replace(" 2  . # . . .", " 2  ."), "test.map")
    assert caught.value.problems == ["test.map:9: row 2 has 1 cell, the map is 5 columns wide"]


def test_a_grid_without_its_line_of_column_letters_is_one_problem():
    """A map typed in without the letters line is told so once, at the line where they belong; its rows
    are read as rows (not each reported as the row before it)."""
    text = GOOD.replace("    A B C D E\n", "")
    with pytest.raises(MapError) as caught:
        parse_map(text, "test.map")
    assert caught.value.problems == ["test.map:7: the grid starts with the column letters A B C D E, "
                                     "got '1  . . . . .'"]


def test_a_map_must_fit_its_scenario():
    """§7: Delta needs water holes, Echo Archer mines; a feature the scenario does not use is a mistake."""
    delta = data.text("maps/delta.map")
    with pytest.raises(MapError, match=r"delta.map:\d+: scenario Alpha has no water holes \('o'\)"):
        build_map("alpha", "turn", delta, "delta.map")
    with pytest.raises(MapError, match="scenario Echo needs at least one archer mine"):
        build_map("echo", "turn", data.text("maps/alpha.map"), "alpha.map")
    with pytest.raises(MapError, match="the map has no sectors for the turn-based game"):
        build_map("alpha", "turn", OPEN.replace("sectors turn: 3 2 / 2 2\n", ""), "t.map")


@pytest.mark.parametrize("line, mode, fine, found", [("sectors turn: 3 2 / 2 2", "turn", 4, 6),
                                                      ("sectors realtime: 2 2 1 / 2 1 1", "realtime", 9, 6)])
def test_2_a_map_must_give_4_sectors_turn_based_and_9_in_real_time(line, mode, fine, found):
    """§2 ([B]): the map has 9 sectors in real time and 4 turn-based; an owner's map that gives another
    count is refused at the line of its sectors, whichever mode is played."""
    wrong = {"turn": "sectors turn: 2 2 1 / 2 2", "realtime": "sectors realtime: 2 2 1 / 2 2"}[mode]
    text = OPEN.replace(line, wrong)
    for played in ("turn", "realtime"):
        with pytest.raises(MapError) as caught:
            build_map("alpha", played, text, "own.map")
        number = 1 + text.splitlines().index(wrong)
        played_as = {"turn": "turn-based", "realtime": "real-time"}[mode]  # it said "the turn game"
        assert f"own.map:{number}: the {played_as} game is played on {fine} sectors, this map gives {found}" \
            in caught.value.problems
    assert build_map("alpha", mode, OPEN, "own.map").sector_count(mode) == fine


def test_map_check_and_a_game_on_an_owners_map(tmp_path):
    """`kaleun map check` and `kaleun run --map` read an owner's map; mistakes come as file:line. The check's
    line counts in the singular where there is one ("1 island", not "1 islands")."""
    good = tmp_path / "good.map"
    good.write_text(OPEN)
    bad = tmp_path / "bad.map"
    bad.write_text(GOOD.replace(" 2  . # . . .", " 2  . # . x ."))
    checked = run_kaleun("map", "check", str(good), str(bad), home=tmp_path)
    assert checked.returncode == 2
    assert "good.map: ok: Test, 5 x 4, 1 island; sectors: realtime 9, turn 4" in checked.stdout
    assert f"{bad}:9: D2: unknown symbol 'x'" in checked.stderr
    script = write_script(tmp_path / "s.jsonl", [{"t": 0, "team": "yellow", "do": "start", "cell": "E4"}])
    ran = run_kaleun("run", "--game", "sonar", "--map", str(good), "--script", str(script), "--events",
                     str(tmp_path / "out.jsonl"), home=tmp_path)
    assert ran.returncode == 0, ran.stderr
    created = named(read_json_lines(tmp_path / "out.jsonl"), "game_created")[0]
    assert (created["map"], created["columns"], created["rows"]) == ("Test", 5, 4)
    refused = run_kaleun("run", "--game", "sonar", "--map", str(bad), "--script", str(script), "--events",
                         str(tmp_path / "out.jsonl"), home=tmp_path)
    assert refused.returncode == 2 and f"{bad}:9: D2: unknown symbol 'x'" in refused.stderr


def test_map_check_without_a_scenario_checks_the_scenario_the_map_names(tmp_path):
    """§7: an owner's typed-in Echo map (named Echo, with its Archer mines) checked without --scenario
    was checked for Alpha and refused ("scenario Alpha has no archer mines"); it is checked for the
    scenario its 'name:' names, else for Alpha."""
    echo = tmp_path / "echo.map"
    echo.write_text(OPEN.replace("name: Test", "name: Echo").replace(" 3  . . . . .", " 3  . . . a ."))
    other = tmp_path / "mine.map"
    other.write_text(GOOD.replace("name: Test", "name: My Delta"))
    checked = run_kaleun("map", "check", str(echo), str(other), home=tmp_path)
    assert checked.returncode == 2
    assert f"{echo}: ok: Echo, 5 x 4, 1 island, 1 archer mine; sectors: realtime 9, turn 4; fits scenario echo" \
        in checked.stdout
    assert f"{other}:10: scenario Alpha has no water holes" in checked.stderr


def test_a_map_saved_with_a_byte_order_mark_is_read(tmp_path):
    """An owner's map typed in an editor that starts its files with a byte order mark (Windows Notepad's
    "UTF-8 with BOM") is the same map: it was refused at line 1 as an unknown header."""
    marked = tmp_path / "notepad.map"
    marked.write_bytes(b"\xef\xbb\xbf" + OPEN.encode("utf-8"))
    checked = run_kaleun("map", "check", str(marked), home=tmp_path)
    assert checked.returncode == 0, checked.stderr
    assert "notepad.map: ok: Test, 5 x 4, 1 island" in checked.stdout
    assert parse_map("\ufeff" + OPEN, "t.map") == parse_map(OPEN, "t.map")


def test_a_save_keeps_an_owners_map_whole():
    from kaleun.sonar.game import load_game

    game = new_game(3, "alpha", "realtime", map_text=OPEN, map_source="mine.map")
    loaded = load_game(game.to_state())
    assert loaded.module("sonar").sea.name == "Test" and loaded.to_state() == game.to_state()


def test_map_check_without_a_mode_checks_every_mode_the_map_gives_sectors_for(tmp_path):
    """§7: `kaleun map check` checked only the real-time game unless told, and said "ok ... (realtime)" of a
    map a default game (turn-based) refuses. Without --mode it checks each mode the map gives the sectors of
    and names them, so an owner sees a map for one mode only; a mistake in either mode is refused."""
    both = tmp_path / "both.map"
    both.write_text(OPEN)
    realtime = tmp_path / "realtime.map"
    realtime.write_text("\n".join(line for line in OPEN.splitlines() if not line.startswith("sectors turn")) + "\n")
    checked = run_kaleun("map", "check", str(both), str(realtime), home=tmp_path)
    assert checked.returncode == 0, checked.stderr
    assert f"{both}: ok: Test, 5 x 4, 1 island; sectors: realtime 9, turn 4; fits scenario alpha (turn, realtime)" \
        in checked.stdout
    assert f"{realtime}: ok: Test, 5 x 4, 1 island; sectors: realtime 9; fits scenario alpha (realtime)" \
        in checked.stdout
    turn = run_kaleun("map", "check", "--mode", "turn", str(realtime), home=tmp_path)
    assert turn.returncode == 2 and "no sectors for the turn-based game" in turn.stderr, turn.stderr


def test_7_a_game_on_an_owners_map_without_a_scenario_plays_the_scenario_the_map_names(tmp_path):
    """§7 (Delta's water holes): `kaleun map check` said an owner's typed-in Delta map "fits scenario delta", and
    `kaleun run --map` (and `kaleun play`) without --scenario then refused the same map for Alpha, telling the owner
    to mark every water hole '.'. A game on an owner's map plays the scenario its 'name:' names, else Alpha."""
    delta = tmp_path / "delta.map"
    delta.write_text(GOOD.replace("name: Test", "name: Delta"))
    other = tmp_path / "open.map"
    other.write_text(OPEN.replace("name: Test", "name: Harbour"))
    script = write_script(tmp_path / "s.jsonl", [{"t": 0, "team": "yellow", "do": "start", "cell": "E4"}])
    for path, scenario in ((delta, "delta"), (other, "alpha")):
        checked = run_kaleun("map", "check", str(path), home=tmp_path)
        assert f"fits scenario {scenario}" in checked.stdout, checked.stderr
        ran = run_kaleun("run", "--game", "sonar", "--map", str(path), "--script", str(script), "--events",
                         str(tmp_path / "out.jsonl"), home=tmp_path)
        assert ran.returncode == 0, ran.stderr
        assert named(read_json_lines(tmp_path / "out.jsonl"), "game_created")[0]["scenario"] == scenario
    told = run_kaleun("run", "--game", "sonar", "--scenario", "alpha", "--map", str(delta), "--script", str(script),
                      "--events", str(tmp_path / "out.jsonl"), home=tmp_path)
    assert told.returncode == 2 and "scenario Alpha has no water holes" in told.stderr


def test_2_a_note_after_a_grid_row_is_one_problem_that_says_why():
    """§2 map format: an owner typing a printed map in noted a row ('. # . . .   # the rock', as header lines take
    comments); the check said "row 2 has 8 cells, the map is 5 columns wide". In the grid '#' is an island: it
    now says so once, at that line, and where a comment goes."""
    with pytest.raises(MapError) as caught:
        parse_map(GOOD.replace(" 2  . # . . .", " 2  . # . . .   # the rock"), "test.map")
    assert caught.value.problems == ["test.map:9: row 2: '# the rock' is no comment: in the grid '#' is an island; "
                                     "write a comment on a line of its own, starting with '#'"]
    # an island in the last column is a cell, and a comment on a line of its own is a comment
    sea = parse_map(GOOD.replace(" 2  . # . . .", "# the rock\n 2  . # . . #"), "test.map")
    assert (4, 1) in sea.islands


@pytest.mark.parametrize("row", [" 2  .#...   # the rock", " 2  .#...   #the rock", " 2  .#. ..  # the rock",
                                 " 2  .#...# the rock"])
def test_2_a_note_after_a_row_written_without_spaces_is_the_same_one_problem(row):
    """§2 map format: a row written without spaces ('.#...') with a note after it was read as 4 cells: "row 2 has 4
    cells", then the note's words as unknown symbols, one problem each. It is the same one problem as for a spaced
    row: at that line, that '#' there is an island and where a comment goes."""
    with pytest.raises(MapError) as caught:
        parse_map(GOOD.replace(" 2  . # . . .", row), "test.map")
    note = "'" + row[row.index("#", 6):] + "'"
    assert caught.value.problems == [f"test.map:9: row 2: {note} is no comment: in the grid '#' is an island; "
                                     "write a comment on a line of its own, starting with '#'"]
    # the row without its note, or the note on a line of its own, reads as meant
    for fixed in (" 2  .#...", "# the rock\n 2  .#..#"):
        sea = parse_map(GOOD.replace(" 2  . # . . .", fixed), "test.map")
        assert (1, 1) in sea.islands


def test_2_a_header_typed_after_the_grid_is_one_problem_that_says_where_it_goes():
    """§2 map format: 'sectors turn: ...' typed under the grid was "one too many" rows of the map. The headers come
    before 'grid:': the check now says so at that line (and the map reads as meant once it is moved)."""
    moved = GOOD.replace("sectors turn: 3 2 / 2 2\n", "") + "sectors turn: 3 2 / 2 2\n"
    with pytest.raises(MapError) as caught:
        parse_map(moved, "test.map")
    assert caught.value.problems == ["test.map:11: 'sectors turn:' comes before 'grid:' (the grid is the last part of "
                                     "a map)"]


@pytest.mark.parametrize(("change", "problems"), [
    (lambda t: t.replace(" 2  . # . . .\n", ""), ["test.map:9: row 2 is missing before this line"]),
    (lambda t: t.replace(" 2  . # . . .\n", "").replace(" 3  . . . o .\n", ""),
     ["test.map:9: rows 2 to 3 are missing before this line"]),
    (lambda t: t.replace(" 2  . # . . .\n", " 2  . # . . .\n 2  . # . . .\n"),
     ["test.map:10: row 2 again (it is line 9): this line is one too many"]),
    # a mistyped number (the next line goes on as if it were the row expected): read as that row, as before
    (lambda t: t.replace(" 3  . . . o .", " 4  . . . o ."),
     ["test.map:10: row 3 expected here, the line starts with '4'"]),
])
def test_2_a_row_left_out_or_typed_twice_is_one_problem(change, problems):
    """§2 map format: an owner typing a printed 15-row map who left out row 3 was told "row 3 expected here, the line
    starts with '4'", then the same for every row to the end (13 problems, each on a line that was right). A row
    left out, or typed twice, is now one problem on the line where it shows; the rows after it read as numbered."""
    with pytest.raises(MapError) as caught:
        parse_map(change(GOOD), "test.map")
    assert caught.value.problems == problems


@pytest.mark.parametrize("row", ["2.#...", "2.#... 2", "02.#...", "2. # . . ."])
def test_2_a_row_number_typed_against_the_rows_cells_is_the_same_row(row):
    """§2 map format: an owner typing a printed map without spaces wrote '2.#...' (the row's number against its
    cells); the check said "row 2 expected here, the line starts with '2.#...'", for a line that starts with 2. The
    number and the cells are read apart where that gives the row the map's width."""
    sea = parse_map(GOOD.replace(" 2  . # . . .", row), "test.map")
    expected = parse_map(GOOD, "test.map")
    assert (sea.islands, sea.features) == (expected.islands, expected.features)
    with pytest.raises(MapError) as caught:
        parse_map(GOOD.replace(" 2  . # . . .", "2.#.."), "test.map")
    assert caught.value.problems == ["test.map:9: row 2 expected here, the line starts with '2.#..'"]
