"""Digest §2 (maps as data): in the grid, a line that is nothing but cell symbols, as many as the map is wide, is a
row typed without its number, even when it starts with an island ('# . . . .'); it was read as a comment, so the
rows after it were counted one short ("the map is 5 rows high but the grid has 4") and named one row off. A comment
in the grid is anything else that starts with '#' ('# the rock', '# ---------', a line of the wrong width)."""

from __future__ import annotations

import pytest
from kaleun.sonar.maps import MapError, parse_map
from kit import run_kaleun

HEAD = "name: N\nsize: 5 x 5\nsectors realtime: 2 2 1 / 2 2 1\nsectors turn: 3 2 / 3 2\ngrid:\n    A B C D E\n"
UNNUMBERED = HEAD + "    . . . . .\n    # . . . .\n    . . . . .\n    . . # . .\n    . . . . .\n"


def test_2_every_row_without_its_number_is_named_by_its_own_line(tmp_path):
    """§2: each of the five rows is one problem at its own line, row 2 (starting with an island) too."""
    own = tmp_path / "n.map"
    own.write_text(UNNUMBERED)
    checked = run_kaleun("map", "check", str(own), home=tmp_path)
    assert checked.returncode == 2
    assert checked.stdout.splitlines() + checked.stderr.splitlines() == [
        f"{own}:{line}: row {row} has no number: write {row} at the start of the line"
        for row, line in zip(range(1, 6), range(7, 12), strict=True)]


@pytest.mark.parametrize("row", ["# . . . .", "#....", "# . # . #", "##...", "  # . . . ."])
def test_2_a_numbered_map_missing_one_rows_number_names_that_row_only(row):
    """§2: one row without its number, starting with an island, is that one problem; the rows after it keep theirs."""
    text = HEAD + f" 1  . . . . .\n{row}\n 3  . . . . .\n 4  . . # . .\n 5  . . . . .\n"
    with pytest.raises(MapError) as caught:
        parse_map(text, "n.map")
    assert caught.value.problems == ["n.map:8: row 2 has no number: write 2 at the start of the line"]


@pytest.mark.parametrize("comment", ["# the rock", "# ---------", "#####", "# . . . . . .", "#", "# . x . ."])
def test_2_decorative_comment_lines_in_the_grid_stay_comments(comment):
    """§2: a comment line in the grid that is not a row of the map's width is still a comment: the map is taken."""
    text = HEAD.replace("5 x 5", "6 x 5").replace("2 2 1 / 2 2 1", "2 2 2 / 2 2 1").replace(
        "3 2 / 3 2", "3 3 / 3 2").replace("A B C D E", "A B C D E F") + "".join(
        f" {n}  . . . . . .\n{comment}\n" for n in range(1, 6))
    sea = parse_map(text, "n.map")
    assert sea.rows == 5 and not sea.islands


@pytest.mark.parametrize("where", ["above the letters", "under the last row"])
def test_2_a_line_of_islands_outside_the_rows_is_a_comment(where):
    """§2: a line of '#' as wide as the map above the column letters or under the last row (a frame an owner
    draws) is no row: rows are expected only between them, so it stays a comment and the map is taken."""
    rows = "".join(f" {n}  . . . . .\n" for n in range(1, 6))
    text = HEAD.replace("    A B C D E\n", "#####\n    A B C D E\n") + rows if where == "above the letters" \
        else HEAD + rows + "#####\n"
    assert parse_map(text, "n.map").rows == 5


@pytest.mark.parametrize("border", ["---------", "    -----+----", "=========", "|---------|"])
def test_2_a_sector_border_drawn_in_the_grid_is_one_problem(border):
    """§2: a printed map's sector border copied between two rows was read as row 3 ("row 3 expected here, the line
    starts with '---------'"), then every row after it one off and one too many: four problems for one line. It is
    one problem that says what to write, and the rows after it keep their numbers."""
    text = HEAD + " 1  . . . . .\n 2  . . . . .\n" + border + "\n 3  . . . . .\n 4  . . # . .\n 5  . . . . .\n"
    with pytest.raises(MapError) as caught:
        parse_map(text, "n.map")
    assert caught.value.problems == [f"n.map:9: {border.strip()!r} is no row of the grid: a border drawn between rows "
                                     "is a comment, starting with '#'"]
    assert parse_map(text.replace(border, "# " + border), "n.map").rows == 5


@pytest.mark.parametrize("style", ["{n}:  {cells}", "{n}.  {cells}", "{n} | {cells}", "{n} | {cells} | {n}"])
def test_2_a_row_number_marked_as_a_printed_list_or_a_frame_writes_it_is_that_row(style):
    """§2: row numbers written `1:`, `1.` or `1 |` (a printed list, a frame drawn around the grid) gave one problem a
    row ("row 1 expected here, the line starts with '1:'", or "A1: unknown symbol '|'" and "row 1 has 6 cells"); the
    mark and the bars are no cell: the map is the same map."""
    rows = ["  . . . . .", "  # . . . .", "  . . . . .", "  . . # . .", "  . . . . ."]
    text = HEAD + "".join(style.format(n=n, cells=cells.strip()) + "\n" for n, cells in enumerate(rows, 1))
    sea = parse_map(text, "n.map")
    assert sea.islands == {(0, 1), (2, 3)}


def test_2_a_marked_row_number_with_a_cell_short_is_still_one_problem():
    """§2: `2: # . . .` (a cell left out) is still refused, at its line, naming the row."""
    text = HEAD + " 1:  . . . . .\n 2:  # . . .\n 3:  . . . . .\n 4:  . . # . .\n 5:  . . . . .\n"
    with pytest.raises(MapError) as caught:
        parse_map(text, "n.map")
    assert [p.split(":")[1] for p in caught.value.problems] == ["8"], caught.value.problems
