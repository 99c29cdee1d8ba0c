"""Sea maps as text (digest §2, §7): grid size, sectors per mode, islands and scenario features.

The printed maps' layouts are not in the rule texts, so Kaleun ships original maps for the
scenarios Alpha to Echo (`data/maps/*.map`) and reads an owner's own map in the same format:

```
# Lines starting with '#' are comments, and so is ' # ...' after a header line (not in the
# grid, where '#' is an island). Blank lines are ignored.
name: Alpha
size: 15 x 15                      # columns x rows (columns are letters: at most 26)
sectors realtime: 5 5 5 / 5 5 5    # widths of the sector columns / heights of the sector rows
sectors turn: 8 7 / 8 7            # the turn-based side (4 sectors)
grid:
    A B C D E F G H I J K L M N O
 1  . . . . . . . . . . . . . . .
 2  . . # . . . . . . . . . o . .
 ...
15  . . . . . . . . . . . . . . .
```

Sectors are numbered row by row from the north-west corner (1 2 3 / 4 5 6 / 7 8 9); a game needs
9 of them in real time and 4 turn-based (`data/rules.toml` [sectors], checked with the scenario). A grid
line starts with its row number, then one symbol per column, separated by spaces (or not: see below):

| symbol | cell |
|---|---|
| `.` | open sea |
| `#` | island (no boat, torpedo path or mine) |
| `o` | water hole: sea where a boat may surface through the ice (scenario Delta) |
| `a` | Archer mine: sea with a mine of the old battle (scenario Echo) |

Headers may be written in any case (`Name:`, `Sectors Realtime:`, also `real-time` and `turn-based`),
the size as `15 x 15`, `15 X 15` or `15×15`, the column letters in either case, spaced or not (`a b c`,
`ABC`), a row's symbols spaced or not (`. # . o` or `.#.o`, also against the row's number: `3.#.o`), row numbers
with a leading zero (`01`) or a mark after them (`1:`, `1.`, `1 |`, bars around the cells), a row's number again at
its end and the column letters again under the last row, and the feature symbols as capitals (`O`, `A`): what an
owner copying a printed map writes. Bars between a row's cells (`. .|# .|.`, as the console draws the sector borders)
are separators, checked against the `sectors` lines (one problem where they stand elsewhere than either mode's). In
the grid a line of nothing but cell symbols, as many as the map is wide (`# . . # .`), is a row without its number
(refused as that row), not a comment; any other line starting with '#' is one.

A map with a mistake is refused with every problem as `file:line: problem`, in the file's order. A byte order mark
at the start of the text (some editors write one) is skipped. This module does no file I/O:
callers hand it the text and the name to report.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field

from kaleun.core.messages import N_, Msg, join
from kaleun.sonar.grid import LETTERS, Cell, cell_name

#: what each grid symbol means: None is open sea, "island" blocks, anything else is a scenario
#: feature on a sea cell (new scenarios add their symbols here)
LEGEND: dict[str, str | None] = {".": None, "#": "island", "o": "water_hole", "a": "archer_mine"}
#: what a scenario without cells of a kind says of a map that marks them, and what a scenario that needs them
#: says of a map without them (`kaleun.sonar.scenarios.check_map`; a new feature adds its words here)
FEATURE_WORDS: dict[str, tuple[str, str]] = {
    "water_hole": (N_("scenario {scenario} has no water holes ('{symbol}'); mark that cell '.'"),
                   N_("scenario {scenario} needs at least one water hole ('{symbol}') on its map")),
    "archer_mine": (N_("scenario {scenario} has no archer mines ('{symbol}'); mark that cell '.'"),
                    N_("scenario {scenario} needs at least one archer mine ('{symbol}') on its map")),
}
#: "1 island", "2 water holes": cells of a kind counted for the maker (`kaleun map check`)
COUNTS: dict[str, Callable[[int], Msg]] = {
    "island": lambda n: Msg.plural("{n} island", "{n} islands", n=n),
    "water_hole": lambda n: Msg.plural("{n} water hole", "{n} water holes", n=n),
    "archer_mine": lambda n: Msg.plural("{n} archer mine", "{n} archer mines", n=n),
}


def kind_words(kind: str) -> str:
    """A map feature without words of its own (a new scenario's, not in `COUNTS` or `FEATURE_WORDS`), as the maker
    reads it: its name as the map format's legend has it ('vortex_cell' -> 'vortex cell')."""
    return kind.replace("_", " ")


def feature_count(kind: str, n: int) -> Msg:
    """`n` cells of a kind as the maker reads them ("1 island", "2 water holes")."""
    count = COUNTS.get(kind)
    if count is None:  # a kind without words of its own (a new scenario's): its name as the legend has it
        return Msg.plural("{n} cell of the kind {kind}", "{n} cells of the kind {kind}", n=n, kind=kind_words(kind))
    return count(n)


#: the game modes a map gives sectors for
MODES = ("turn", "realtime")
MAX_ROWS = 99
#: characters a map's text may have (a save keeps the text whole: a longer one could not be resumed)
MAX_CHARS = 200_000


class MapError(ValueError):
    """A map cannot be used. `problems` holds one `file:line: problem` per entry (English), `messages` the
    same as `Msg`s in any language (`file:line:` stays as it is); `str(exc)` is the problems one a line, and
    `of_error(exc)` the same as a `Msg`. The problems come in the file's order (by line; those of one line in the
    order they were found), as an owner fixing them works down the file."""

    def __init__(self, problems: list[Msg]) -> None:
        problems = sorted(problems, key=_line_of)
        super().__init__(join(problems, "\n"))
        self.messages = problems
        self.problems = [str(problem) for problem in problems]


def _line_of(problem: Msg) -> int:
    """The line number of a problem made by `at` (0 for any other: it keeps its place at the top)."""
    where = problem.values.get("where")
    if not isinstance(where, str):
        return 0
    number = where.rpartition(":")[2]
    return int(number) if number.isdigit() else 0


def at(source: str, line: int, problem: Msg | str) -> Msg:
    """A map's problem as `file:line: problem` (the place stays as it is in every language)."""
    return Msg("{where}: {problem}", where=f"{source}:{line}", problem=problem)


@dataclass(frozen=True)
class SeaMap:
    name: str
    source: str
    columns: int
    rows: int
    islands: frozenset[Cell]
    #: feature name -> its cells in reading order (row by row)
    features: dict[str, tuple[Cell, ...]]
    #: mode -> (widths of the sector columns, heights of the sector rows)
    sector_bands: dict[str, tuple[tuple[int, ...], tuple[int, ...]]]
    #: the text the map was read from (a save keeps an owner's map whole)
    text: str = ""
    #: line of the first cell of each feature (for scenario checks that point at the file)
    feature_lines: dict[str, int] = field(default_factory=dict)
    #: line of each mode's 'sectors MODE:' header (for scenario checks that point at the file)
    sector_lines: dict[str, int] = field(default_factory=dict)
    #: line of the 'grid:' header and of the grid's first row (where a scenario check points for a feature or a
    #: mode's sectors the map lacks: the place they belong, not the file's first line)
    grid_line: int = 0
    first_row_line: int = 0
    _sectors: dict[str, tuple[int, ...]] = field(default_factory=dict, repr=False, compare=False)
    #: each sea cell -> the number of sea cells a boat there can reach (its part of the sea: islands may cut it up)
    _reach: dict[Cell, int] = field(default_factory=dict, repr=False, compare=False)

    def __post_init__(self) -> None:
        for mode, (widths, heights) in self.sector_bands.items():
            col_band = [i for i, w in enumerate(widths) for _ in range(w)]
            row_band = [i for i, h in enumerate(heights) for _ in range(h)]
            per_row = len(widths)
            self._sectors[mode] = tuple(row_band[y] * per_row + col_band[x] + 1
                                        for y in range(self.rows) for x in range(self.columns))
        left = set(self.sea_cells())
        while left:  # the parts of the sea: cells joined north, east, south or west
            part = [left.pop()]
            for x, y in part:
                for cell in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
                    if cell in left:
                        left.remove(cell)
                        part.append(cell)
            for cell in part:
                self._reach[cell] = len(part)

    # -- cells ----------------------------------------------------------------------------
    def on_map(self, cell: Cell) -> bool:
        return 0 <= cell[0] < self.columns and 0 <= cell[1] < self.rows

    def is_sea(self, cell: Cell) -> bool:
        return self.on_map(cell) and cell not in self.islands

    def feature(self, name: str) -> tuple[Cell, ...]:
        return self.features.get(name, ())

    def column_letters(self) -> str:
        return LETTERS[: self.columns]

    def pocket(self, cell: Cell) -> int:
        """The sea cells a boat on `cell` can reach when islands and the map's edge close them off from the open sea
        (a part of the sea smaller than the largest), else 0."""
        reach = self._reach.get(cell, 0)
        return reach if reach < max(self._reach.values(), default=0) else 0

    def closed_off(self) -> int:
        """The sea cells in bays closed off from the open sea (`pocket`), all of them: 0 on a map whose sea is whole."""
        largest = max(self._reach.values(), default=0)
        return sum(1 for reach in self._reach.values() if reach < largest)

    def sea_cells(self) -> list[Cell]:
        return [(x, y) for y in range(self.rows) for x in range(self.columns) if (x, y) not in self.islands]

    def missing_feature_line(self) -> int:
        """The line a problem about a feature the map lacks points at: the grid's first row (where cells are marked)."""
        return self.first_row_line or self.grid_line or 1

    def missing_sectors_line(self) -> int:
        """The line a problem about a mode's sectors the map lacks points at: beside the other mode's 'sectors' line,
        else the 'grid:' line they go before."""
        return min(self.sector_lines.values(), default=0) or self.grid_line or 1

    # -- sectors --------------------------------------------------------------------------
    def has_mode(self, mode: str) -> bool:
        return mode in self.sector_bands

    def sector_count(self, mode: str) -> int:
        widths, heights = self.sector_bands[mode]
        return len(widths) * len(heights)

    def sector(self, cell: Cell, mode: str) -> int:
        return self._sectors[mode][cell[1] * self.columns + cell[0]]


#: a header: its word in any case ('Name:', 'GRID:'), as an owner copying a printed map may write it
_KEY = re.compile(r"^(name|size|sectors\s+\S+|grid)\s*:\s*(.*)$", re.IGNORECASE)
#: a header written without its colon ('grid', 'size 15 x 15', 'sectors turn 8 7 / 8 7')
_KEY_WITHOUT_COLON = re.compile(r"^(name|size|sectors\s+(?:turn|turn-based|realtime|real-time)|grid)(?:\s+([^:]*))?$",
                                re.IGNORECASE)
#: 'sectors: ...' written without the mode its sectors are for
_SECTORS_WITHOUT_MODE = re.compile(r"^sectors\s*:", re.IGNORECASE)
#: '15 x 15', '15 X 15', '15×15' (the sign a printed map or a word processor writes)
_SIZE = re.compile(r"^([0-9]+)\s*[xX\u00d7]\s*([0-9]+)$")
#: the modes as a maker may also write them in a header ('sectors real-time:')
MODE_WORDS = {"real-time": "realtime", "turn-based": "turn"}
#: digits a number of a map may have (Python refuses to read a whole number of more than 4,300)
MAX_DIGITS = 4


def parse_map(text: str, source: str) -> SeaMap:
    """Read a map. Raises MapError listing every problem as `source:line: problem`."""
    # an editor's byte order mark (Windows Notepad's "UTF-8 with BOM") is no part of the map
    text = text.removeprefix("\ufeff")
    if len(text) > MAX_CHARS:
        raise MapError([at(source, 1, Msg("a map has at most {most} characters, this one {count}", most=MAX_CHARS,
                                          count=len(text)))])
    problems: list[Msg] = []

    def bad(line: int, problem: Msg) -> None:
        problems.append(at(source, line, problem))

    name: str | None = None
    size: tuple[int, int] | None = None
    bands: dict[str, tuple[tuple[int, ...], tuple[int, ...]]] = {}
    band_lines: dict[str, int] = {}
    seen: dict[str, int] = {}
    grid_line = 0
    lines = text.splitlines()
    number = 0
    for number, raw in enumerate(lines, start=1):
        line = _strip_comment(raw, trailing=True)
        if not line:
            continue
        match = _KEY.match(line)
        if match is None and (match := _KEY_WITHOUT_COLON.match(line)) is not None:
            # 'grid' without its colon: one problem that says so, then read on as the key (not every grid line
            # reported as an unknown header)
            bad(number, Msg("write {key} with a colon: {written}", key=repr(_short(_key(match.group(1)))),
                            written=repr(_short(f"{_key(match.group(1))}:"))))
        if match is None and _SECTORS_WITHOUT_MODE.match(line):
            # 'sectors: 5 5 5 / 5 5 5': a map gives the sectors of each mode on a line of its own
            bad(number, Msg("'sectors' names the mode its sectors are for: 'sectors realtime: ...' or 'sectors turn: "
                            "...', got {got}", got=repr(_short(line))))
            continue
        if match is None:
            bad(number, Msg("expected 'name:', 'size:', 'sectors MODE:' or 'grid:', got {got}", got=repr(_short(line))))
            continue
        key, value = _key(match.group(1)), (match.group(2) or "").strip()
        if key in seen:
            bad(number, Msg("'{key}' was given before, on line {line}", key=key, line=seen[key]))
            continue
        seen[key] = number
        if key == "grid":
            if value:
                bad(number, Msg("'grid:' stands alone on its line; the grid follows on the next lines"))
            grid_line = number
            break
        if key == "name":
            if not value:
                bad(number, Msg("the map needs a name after 'name:'"))
            name = value
        elif key == "size":
            size_match = _SIZE.match(value)
            if size_match is None:
                bad(number, Msg("size must be 'COLUMNS x ROWS', e.g. '15 x 15', got {got}", got=repr(_short(value))))
                continue
            if max(len(size_match.group(1)), len(size_match.group(2))) > MAX_DIGITS:
                bad(number, Msg("a map has 2 to {columns} columns and 2 to {rows} rows, got {got}",
                                columns=len(LETTERS), rows=MAX_ROWS, got=repr(_short(value))))
                continue
            columns, rows = int(size_match.group(1)), int(size_match.group(2))
            if not 2 <= columns <= len(LETTERS):
                bad(number, Msg("a map has 2 to {most} columns (one letter each), got {columns}", most=len(LETTERS),
                                columns=columns))
            elif not 2 <= rows <= MAX_ROWS:
                bad(number, Msg("a map has 2 to {most} rows, got {rows}", most=MAX_ROWS, rows=rows))
            else:
                size = (columns, rows)
        else:
            mode = key.split()[1]
            if mode not in MODES:
                bad(number, Msg("sectors are given for the modes {modes}, not {mode}", modes=" and ".join(MODES),
                                mode=repr(mode)))
                continue
            parsed = _bands(value)
            if parsed is None:
                bad(number, Msg("sectors are 'WIDTHS / HEIGHTS', e.g. '5 5 5 / 5 5 5' (whole numbers of cells), got "
                                "{got}", got=repr(_short(value))))
                continue
            bands[mode], band_lines[mode] = parsed, number
    if not grid_line:
        bad(max(number, 1), Msg("the map has no 'grid:' line"))
        raise MapError(problems)
    if name is None:
        bad(grid_line, Msg("the map needs 'name: NAME' before the grid"))
    if size is None:
        if "size" not in seen:
            bad(grid_line, Msg("the map needs 'size: COLUMNS x ROWS' before the grid"))
        raise MapError(problems)
    if not bands:
        bad(grid_line, Msg("the map needs sectors for at least one mode ('sectors realtime:' or 'sectors turn:')"))
    columns, rows = size
    for mode, (widths, heights) in bands.items():
        if sum(widths) != columns:
            bad(band_lines[mode], Msg("the sector widths add up to {sum}, the map is {columns} columns wide",
                                      sum=sum(widths), columns=columns))
        if sum(heights) != rows:
            bad(band_lines[mode], Msg("the sector heights add up to {sum}, the map is {rows} rows high",
                                      sum=sum(heights), rows=rows))
    borders = {mode: ({sum(widths[:i]) for i in range(1, len(widths))}, band_lines[mode])
               for mode, (widths, heights) in bands.items() if sum(widths) == columns}
    islands, features, feature_lines, first_row_line = _grid(lines, grid_line, columns, rows, bad, borders)
    if not problems and len(islands) == columns * rows:
        bad(grid_line, Msg("the map has no sea"))
    elif not problems and not _sea_beside_sea(columns, rows, islands):
        # every start cell would be refused as walled in (digest §2: a move is one cell N, E, S or W, never onto an
        # island or off the map): a game on this map could never begin
        bad(grid_line, Msg("no cell of sea has sea beside it (north, east, south or west): a boat could never move"))
    if problems:
        raise MapError(problems)
    assert name is not None
    return SeaMap(name=name, source=source, columns=columns, rows=rows, islands=frozenset(islands),
                  features={k: tuple(v) for k, v in features.items()}, sector_bands=bands, text=text,
                  feature_lines=feature_lines, sector_lines=band_lines, grid_line=grid_line,
                  first_row_line=first_row_line)


def _grid(lines: list[str], grid_line: int, columns: int, rows: int, bad: object,
          borders: dict[str, tuple[set[int], int]] | None = None) \
        -> tuple[set[Cell], dict[str, list[Cell]], dict[str, int], int]:
    """The grid's islands, features, the line of each feature's first cell and the line of row 1 (0: none).
    `borders`: per mode, the columns a sector border stands before and the line of its 'sectors' header (bars typed
    between a row's cells are checked against them; one problem for the first row whose bars disagree)."""
    report = bad  # (line, problem) -> None
    assert callable(report)
    islands: set[Cell] = set()
    features: dict[str, list[Cell]] = {}
    feature_lines: dict[str, int] = {}
    header_seen = False
    closed = False
    row = 0
    last = grid_line
    #: row number -> the line it was read from
    row_lines: dict[int, int] = {}
    bars_checked = False
    for number in range(grid_line + 1, len(lines) + 1):
        # a row without its number is a row only where rows are expected: a line of '#' above the column letters or
        # under the last row is a comment
        line = _grid_line(lines[number - 1], columns) if header_seen and row < rows else \
            _strip_comment(lines[number - 1])
        if not line:
            continue
        last = number
        words = line.split()
        if not header_seen:
            header_seen = True
            if not _letters(words, columns):
                report(number, Msg("the grid starts with the column letters {letters}, got {got}",
                                   letters=" ".join(LETTERS[:columns]), got=repr(_short(line))))
                if _row_number(words[0]) != 1:
                    continue
                # the letters are missing and this is row 1: read it as row 1, so that one missing
                # line is one problem, not one for every row after it
            else:
                continue
        if row >= rows and not closed and _letters(words, columns):
            closed = True  # the column letters again under the last row, as a printed map has them
            continue
        header = _KEY.match(line)
        if header is not None:  # 'sectors turn: ...' typed after the grid: one problem that says where it goes
            report(number, Msg("'{key}:' comes before 'grid:' (the grid is the last part of a map)",
                               key=_key(header.group(1))))
            continue
        if _BORDER.fullmatch(line):
            # a printed map's sector border copied into the grid ('-----+-----'): one problem, and the rows after it
            # keep their numbers
            report(number, Msg("{line} is no row of the grid: a border drawn between rows is a comment, starting with "
                               "'#'", line=repr(_short(line))))
            continue
        if row >= rows:
            report(number, Msg("the map is {rows} rows high; this line is one too many", rows=rows))
            break
        words = _marked_number(words, columns)  # '7:', '7.' and '7 |' before the cells as '7'
        words = _number_apart(words, columns)  # '7.#...' as '7 .#...'
        numbered = _row_number(words[0])  # '7' or '07'
        if numbered != row + 1:
            following = _next_row_number(lines, number, columns)
            if numbered is not None and row + 1 < numbered <= rows and following != row + 2:
                # a row left out (the next line goes on from this one): one problem, and the rows after it are read
                # as numbered, not one "row 4 expected here, the line starts with '5'" for every row to the end
                report(number, Msg.plural("row {first} is missing before this line",
                                          "rows {first} to {last} are missing before this line", n=numbered - row - 1,
                                          first=row + 1, last=numbered - 1))
                row = numbered - 1
            elif numbered is not None and numbered < row + 1 and following not in (None, row + 2) \
                    and numbered in row_lines:
                # a row typed twice (the next line goes on from the row before): this line is the one too many
                report(number, Msg("row {row} again (it is line {line}): this line is one too many", row=numbered,
                                   line=row_lines[numbered]))
                continue
            elif numbered is None and _bare_row(words, columns):  # the row's cells without its number
                report(number, Msg("row {row} has no number: write {row} at the start of the line", row=row + 1))
                row += 1
                continue
            else:  # a mistyped row number: the line is read as the row expected here
                report(number, Msg("row {row} expected here, the line starts with {got}", row=row + 1,
                                   got=repr(_short(words[0]))))
                row += 1
                continue
        row_lines[row + 1] = number
        cells, bars = _between_bars(words[1:], columns)  # '. .|. .|.': the sector borders the console draws
        if bars and not bars_checked and borders and not any(bars == drawn for drawn, _ in borders.values()):
            bars_checked = True  # one problem, not one for every row drawn the same way
            mode, (drawn, header_line) = min(borders.items(), key=lambda item: abs(len(item[1][0]) - len(bars)))
            said = Msg.plural("'sectors {mode}:' (line {line}) puts the sector border after column {columns}",
                              "'sectors {mode}:' (line {line}) puts the sector borders after columns {columns}",
                              n=len(drawn), mode=mode, line=header_line, columns=_after_columns(drawn)) if drawn \
                else Msg("'sectors {mode}:' (line {line}) puts no sector border between columns", mode=mode,
                         line=header_line)
            report(number, Msg.plural("row {row}: the bar stands after column {columns}, but {sectors}",
                                      "row {row}: the bars stand after columns {columns}, but {sectors}", n=len(bars),
                                      row=row + 1, columns=_after_columns(bars), sectors=said))
        if len(cells) > 1 and _row_number(cells[-1]) == row + 1 and \
                (len(cells) == columns + 1 or len(_unspaced(cells[:-1]) or ()) == columns):
            cells = cells[:-1]  # the row number again at the end of the row, as a printed map has it
        note = _comment(cells, columns)
        if note is not None:
            # a note after the row ('. # . . .  # the rock'): in the grid '#' is an island, so it is no comment; one
            # problem that says so, not "row 2 has 8 cells"
            report(number, Msg("row {row}: {note} is no comment: in the grid '#' is an island; write a comment on a "
                               "line of its own, starting with '#'", row=row + 1, note=repr(_short(note))))
            row += 1
            continue
        cells = _unspaced(cells) or cells  # '..#..': each sign one cell (not "1 cells" and an unknown symbol '..#..')
        if len(cells) != columns:
            report(number, Msg.plural("row {row} has {n} cell, the map is {columns} columns wide",
                                      "row {row} has {n} cells, the map is {columns} columns wide", n=len(cells),
                                      row=row + 1, columns=columns))
        for x, typed in enumerate(cells[:columns]):
            symbol = typed.lower() if typed.lower() in LEGEND else typed  # 'O', 'A' as capitals: the same cells
            if symbol not in LEGEND:
                known = ", ".join(f"'{s}'" for s in LEGEND)
                report(number, Msg("{cell}: unknown symbol {symbol} (known: {known})", cell=cell_name((x, row)),
                                   symbol=repr(_short(symbol)), known=known))
                continue
            kind = LEGEND[symbol]
            if kind == "island":
                islands.add((x, row))
            elif kind is not None:
                features.setdefault(kind, []).append((x, row))
                feature_lines.setdefault(kind, number)
        row += 1
    if not header_seen:
        report(last, Msg("the grid has no line of column letters"))
    elif row < rows:
        report(last, Msg("the map is {rows} rows high but the grid has {row}", rows=rows, row=row))
    return islands, features, feature_lines, row_lines.get(1, 0)


#: a line drawn in the grid, as a printed map draws its sector borders: dashes, pluses, bars, equal signs
_BORDER = re.compile(r"[-+=_|:~\s]*[-=_~][-+=_|:~\s]*")


def _marked_number(words: list[str], columns: int) -> list[str]:
    """A row's number followed by a mark, as a printed list or a drawn frame has it ('7:', '7.', '7 |', '7 | ... |'):
    the number and the cells, without the bars; where the cells after it give the row the map's width (else the words
    as they are: '7.' with four cells after it is row 7 whose first cell is '.')."""
    plain = [w for w in words if w != "|"]  # a bar is no symbol: it is a frame between the number and the cells
    if not plain:
        return words
    first, cells = plain[0], plain[1:]
    if cells and _row_number(cells[-1]) is not None and _row_number(first.rstrip(".:")) == _row_number(cells[-1]):
        cells = cells[:-1]  # the row number again at the end
    marked = re.fullmatch(rf"([0-9]{{1,{MAX_DIGITS}}})[.:]", first)
    width = len(_unspaced(cells) or cells) == columns
    # the bars after the number stay: between the cells they are sector borders (`_between_bars` checks them), around
    # them a frame
    after = words[words.index(first) + 1:]
    if marked is not None and width:
        return [marked.group(1), *after]
    return [first, *after] if len(plain) != len(words) and _row_number(first) is not None and width else words


def _between_bars(cells: list[str], columns: int) -> tuple[list[str], set[int]]:
    """A row's cells with the bars typed between them ('. .|. .|.', '. . | . .', as the console draws the sector
    borders) taken out, and the columns a bar stands before (a bar before the first or after the last cell is a frame,
    not a border). A row without bars inside its words is returned as it is."""
    if not any("|" in word for word in cells):
        return cells, set()
    out: list[str] = []
    bars: set[int] = set()
    for i, piece in enumerate(" ".join(cells).split("|")):
        if i:
            bars.add(len(out))
        words = piece.split()
        out.extend(_unspaced(words) or words)
    return out, {x for x in bars if 0 < x < min(len(out), columns)}


def _after_columns(borders: set[int]) -> str:
    """Sector borders as the columns they stand after ('B, D')."""
    return ", ".join(LETTERS[x - 1] for x in sorted(borders))


def _number_apart(words: list[str], columns: int) -> list[str]:
    """A grid line whose row number is typed against its first cells ('1.#...', '12.#'): the number and the cells
    apart, where that gives the row the map's width (else the words as they are: '2a' with five cells after it is a
    mistyped row number, not row 2 of six cells)."""
    joined = re.fullmatch(rf"([0-9]{{1,{MAX_DIGITS}}})(\S+)", words[0])
    if joined is None or not _symbols(joined.group(2)):
        return words
    apart = [joined.group(1), joined.group(2), *words[1:]]
    cells = apart[1:]
    if len(cells) > 1 and _row_number(cells[-1]) == int(joined.group(1)):
        cells = cells[:-1]  # the row number again at its end
    return apart if len(_unspaced(cells) or cells) == columns else words


def _unspaced(cells: list[str]) -> list[str] | None:
    """A row's symbols typed without spaces, or some of them ('..#..', '. .#. .'; an owner typing a printed map in
    saves half the keys), one sign a cell; None for a row that is not so written."""
    if any(len(w) > 1 for w in cells) and all(set(w.lower()) <= set(LEGEND) for w in cells):
        return list("".join(cells))
    return None


def _next_row_number(lines: list[str], number: int, columns: int) -> int | None:
    """The row number the next grid line after line `number` starts with (None: no next line, or no number)."""
    for text in lines[number:]:
        words = _grid_line(text, columns).split()
        if words:
            return _row_number(words[0])
    return None


def _comment(cells: list[str], columns: int) -> str | None:
    """The note typed after a grid row's cells ('# the rock', '#rock'), or None: a word starting with '#' at or after
    the row's last column, followed by (or holding) a word that is no symbol. A row written without spaces
    ('..#..  # the rock') counts each sign of its words as a cell."""
    filled = 0
    for i, word in enumerate(cells):
        if filled >= columns - 1 and word.startswith("#") and \
                not all(_symbols(w) for w in [word[1:], *cells[i + 1:]]):
            return " ".join(cells[i:])
        rest = word[columns - filled:] if _symbols(word) and filled < columns else ""
        if rest.startswith("#") and not all(_symbols(w) for w in cells[i + 1:]):  # '.#...# the rock'
            return " ".join([rest, *cells[i + 1:]])
        filled += len(word) if _symbols(word) else 1
    return None


def _symbols(word: str) -> bool:
    """Every sign of the word is a grid symbol ('' too)."""
    return all(sign.lower() in LEGEND for sign in word)


def _sea_beside_sea(columns: int, rows: int, islands: set[Cell]) -> bool:
    """Two cells of sea side by side somewhere on the map (a boat on one could move to the other)."""
    def sea(x: int, y: int) -> bool:
        return x < columns and y < rows and (x, y) not in islands
    return any(sea(x, y) and (sea(x + 1, y) or sea(x, y + 1)) for y in range(rows) for x in range(columns))


def _key(written: str) -> str:
    """A header's key as written ('Sectors  Real-time'), as this module names it ('sectors realtime')."""
    words = written.lower().split()
    return " ".join(MODE_WORDS.get(w, w) for w in words)


def _letters(words: list[str], columns: int) -> bool:
    """The line is the grid's column letters: in either case, with or without spaces ('a b c', 'ABC')."""
    expected = LETTERS[:columns]
    return [w.upper() for w in words] == list(expected) or "".join(words).upper() == expected


def _row_number(word: str) -> int | None:
    """A grid line's row number ('7', '07'); None for anything else."""
    return int(word) if word.isascii() and word.isdigit() and len(word) <= MAX_DIGITS else None


def _grid_line(raw: str, columns: int) -> str:
    """A line of the grid without blanks around it; '' for a comment line. In the grid a line that is nothing but
    cell symbols, as many as the map is wide ('# . . # .', '#.#..'), is a row typed without its number, not a
    comment: it is read as a row (and refused for its missing number), so the rows after it keep their numbers. Any
    other line starting with '#' ('# the rock', '# ---------') is a comment."""
    line = raw.strip()
    if line.startswith("#") and _bare_row(line.split(), columns):
        return line
    return _strip_comment(raw)


def _bare_row(words: list[str], columns: int) -> bool:
    """The words are a row's cells and nothing else: symbols only, as many as the map is wide (spaced or not)."""
    return all(_symbols(w) for w in words) and len(_unspaced(words) or words) == columns


def _strip_comment(raw: str, trailing: bool = False) -> str:
    """The line without blanks around it; '' for a comment line. `trailing`: also cut a
    comment after the text (' # ...', header lines only: in the grid '#' is an island)."""
    line = raw.strip()
    if line.startswith("#"):
        return ""
    if trailing:
        cut = re.search(r"\s#", line)
        if cut is not None:
            line = line[: cut.start()].rstrip()
    return line


def _bands(value: str) -> tuple[tuple[int, ...], tuple[int, ...]] | None:
    parts = value.split("/")
    if len(parts) != 2:
        return None
    out = []
    for part in parts:
        words = part.split()
        if not words or not all(w.isdigit() and w.isascii() and len(w) <= MAX_DIGITS and int(w) > 0 for w in words):
            return None
        out.append(tuple(int(w) for w in words))
    return out[0], out[1]


def _short(text: str) -> str:
    return text if len(text) <= 40 else text[:37] + "..."
