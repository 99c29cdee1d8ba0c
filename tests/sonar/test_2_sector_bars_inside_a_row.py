"""Digest §2/§7 (maps as data: sectors per mode; a map with a mistake is refused with `file:line`): a row typed as the
console's own map drawing prints it, with '|' between the cells where a sector border stands (`. .|. .|.`), was
refused cell by cell ("row 1 has 3 cells", "B1: unknown symbol '.|.'"). The bars are separators, checked against the
'sectors' lines: where they disagree, that is one problem at the first row drawn so."""

from __future__ import annotations

import pytest
from kaleun.sonar.maps import MapError, parse_map
from kit import run_kaleun

HEAD = "name: N\nsize: 5 x 5\nsectors realtime: 2 2 1 / 2 2 1\nsectors turn: 3 2 / 3 2\ngrid:\n    A B C D E\n"
BARS = HEAD + " 1  . .|. .|.\n 2  # .|. .|.\n 3  . .|. .|.\n 4  . .|# .|.\n 5  . .|. .|.\n"


def test_2_a_map_with_the_consoles_sector_bars_is_read(tmp_path):
    """§2: the map as the console draws it in real time (bars after B and D) is checked ok, its islands where the
    cells are."""
    own = tmp_path / "bars.map"
    own.write_text(BARS)
    checked = run_kaleun("map", "check", str(own), home=tmp_path)
    assert checked.returncode == 0, checked.stdout + checked.stderr
    assert "2 islands" in checked.stdout
    assert parse_map(BARS, "bars.map").islands == frozenset({(0, 1), (2, 3)})


@pytest.mark.parametrize("rows", [
    " 1  . . . | . .\n 2  # . . | . .\n 3  . . . | . .\n 4  . . # | . .\n 5  . . . | . .\n",  # turn-based, spaced
    " 1  ...|..\n 2  #..|..\n 3  ...|..\n 4  ..#|..\n 5  ...|..\n",  # turn-based, unspaced
    " 1  . .|. .|. 1\n 2  # .|. .|. 2\n 3  . .|. .|. 3\n 4  . .|# .|. 4\n 5  . .|. .|. 5\n",  # the number again
])
def test_2_bars_of_either_modes_sectors_spaced_or_not_are_separators(rows):
    """§2: the bars of the turn-based sectors (after C) or of the real-time ones, spaced or not, with the row's
    number again at its end: the same map."""
    sea = parse_map(HEAD + rows, "own.map")
    assert sea.islands == frozenset({(0, 1), (2, 3)})


def test_2_bars_that_disagree_with_the_sectors_are_one_problem_with_its_line():
    """§2: bars after A and D match neither mode's sectors: one problem, at the first row drawn so, naming the
    'sectors' line; not one per row or per cell."""
    rows = "".join(f" {n}  .|. . .|.\n" for n in range(1, 6))
    with pytest.raises(MapError) as caught:
        parse_map(HEAD + rows, "own.map")
    assert caught.value.problems == [
        "own.map:7: row 1: the bars stand after columns A, D, but 'sectors realtime:' (line 3) puts the sector "
        "borders after columns B, D"]


def test_2_the_disagreeing_bars_in_german():
    """§2: the problem reads in the table's language."""
    rows = " 1  . .|. .|.\n 2  # .|. .|.\n 3  .|. . .|.\n 4  . .|# .|.\n 5  . .|. .|.\n"
    with pytest.raises(MapError) as caught:
        parse_map(HEAD + rows, "own.map")
    from kaleun.i18n import language

    assert [language("de").render(m) for m in caught.value.messages] == [
        "own.map:9: Zeile 3: die Striche stehen nach den Spalten A, D, aber „sectors realtime:“ (Zeile 3) setzt die "
        "Sektorgrenzen nach den Spalten B, D"]


def test_2_spaced_bars_in_a_framed_row_are_checked_too():
    """§2: `1 | . | . . . . |` (a frame around the row, a bar inside it after A) is the same one problem: the frame is
    no border, the bar inside is."""
    rows = " 1 | . | . . . . |\n" + "".join(f" {n} | . . . . . |\n" for n in range(2, 6))
    with pytest.raises(MapError) as caught:
        parse_map(HEAD.replace("sectors realtime: 2 2 1 / 2 2 1\n", "") + rows, "own.map")
    assert caught.value.problems == [
        "own.map:6: row 1: the bar stands after column A, but 'sectors turn:' (line 3) puts the sector border after "
        "column C"]
