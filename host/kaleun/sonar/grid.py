"""Cells and directions on a Captain Sonar map (digest §2).

A cell is `(column, row)`, both counted from 0: column 0 is A (the west edge), row 0 is row 1
(the north edge). Players name cells by column letter and row number: `C6` is `(2, 5)`.
"""

from __future__ import annotations

from collections.abc import Iterator

from kaleun.core.messages import N_

Cell = tuple[int, int]

LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
#: the four courses and their steps (north is up: row numbers grow to the south)
DIRECTIONS: dict[str, Cell] = {"N": (0, -1), "E": (1, 0), "S": (0, 1), "W": (-1, 0)}
#: courses as a player may type them
DIRECTION_WORDS = {"n": "N", "north": "N", "e": "E", "east": "E", "s": "S", "south": "S",
                   "w": "W", "west": "W"}
DIRECTION_NAMES = {"N": N_("north"), "E": N_("east"), "S": N_("south"), "W": N_("west")}
#: the courses' letters as players read them (the catalogues give German N O S W, Russian С В Ю З)
COURSE_LETTERS = {"N": N_("N"), "E": N_("E"), "S": N_("S"), "W": N_("W")}


def cell_name(cell: Cell) -> str:
    return f"{LETTERS[cell[0]]}{cell[1] + 1}"


def parse_cell(text: str) -> Cell | None:
    """`C6` (or `c6`) as a cell, or None when it is not a cell name (the map decides if it is on it)."""
    if not isinstance(text, str) or len(text) < 2:
        return None
    letter, digits = text[0].upper(), text[1:]
    if letter not in LETTERS or not digits.isdigit() or len(digits) > 2 or not digits.isascii():
        return None
    row = int(digits)
    if row < 1:
        return None
    return LETTERS.index(letter), row - 1


def typed_cell(text: str) -> Cell | None:
    """A cell as a crew names it: `C6`, or row first as the quick reference writes it ([Q] "Torpedo": "Einschlag in
    <Zeile><Spalte>": `6C`); None when it is neither."""
    if isinstance(text, str) and len(text) >= 2 and text[0].isdigit() and text[-1].isalpha():
        return parse_cell(text[-1] + text[:-1])
    return parse_cell(text)


def parse_direction(text: str) -> str | None:
    return DIRECTION_WORDS.get(text.lower()) if isinstance(text, str) else None


def step(cell: Cell, direction: str, distance: int = 1) -> Cell:
    dx, dy = DIRECTIONS[direction]
    return cell[0] + dx * distance, cell[1] + dy * distance


def around(cell: Cell) -> Iterator[Cell]:
    """The eight cells around `cell` (diagonals included), on the map or not."""
    x, y = cell
    for dy in (-1, 0, 1):
        for dx in (-1, 0, 1):
            if dx or dy:
                yield x + dx, y + dy


def chebyshev(a: Cell, b: Cell) -> int:
    """Distance counting diagonal steps as one (0: same cell, 1: one of the eight around)."""
    return max(abs(a[0] - b[0]), abs(a[1] - b[1]))
