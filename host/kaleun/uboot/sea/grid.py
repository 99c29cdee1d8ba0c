"""The German naval grid: square names (AF76) <-> positions.

The table of corners lives in `data/naval_grid.toml` (its header explains the construction).
At load every entry is expanded into two-digit squares of 0.9 deg of latitude; a position is
found by its 0.9 deg latitude row and a binary search over the squares of that row.
"""

from __future__ import annotations

import bisect
import itertools
import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any

from kaleun.uboot import data
from kaleun.uboot.sea import geo

#: height of a two-digit square in degrees of latitude (54')
ROW_DEG = 0.9
#: a latitude on a row boundary (every band edge is one: 51.0 + k * 0.9)
ROW_ORIGIN = 51.0
KEYPAD = ((1, 2, 3), (4, 5, 6), (7, 8, 9))
STRIP_LAYOUTS = {
    "columns": ((1, 2), (3, 4), (5, 6), (7, 8), (9, 10)),
    "rows": ((1, 2, 3, 4, 5), (6, 7, 8, 9, 10)),
}


class GridError(ValueError):
    """The grid table is inconsistent, or a square name is unknown."""


@dataclass(frozen=True)
class Square:
    """A two-digit square of the strategic map."""

    name: str
    north: float
    south: float
    west: float
    east: float

    @property
    def centre(self) -> tuple[float, float]:
        return round((self.north + self.south) / 2, 6), round((self.west + self.east) / 2, 6)

    def contains(self, lat: float, lon: float) -> bool:
        return self.south <= lat < self.north and self.west <= lon < self.east


def _row(lat: float) -> int:
    return math.floor((lat - ROW_ORIGIN) / ROW_DEG + 1e-9)


def _r(x: float) -> float:
    """Corners are given to 0.05 deg or finer: drop the float noise of the subdivision."""
    return round(x, 7)


def _rects(entry: Mapping[str, Any]) -> list[tuple[str, float, float, float, float]]:
    """(id, north, south, west, east) of every id of an entry, shifted one after the other."""
    n, s, w, e = (float(entry[k]) for k in ("north", "south", "west", "east"))
    step = entry.get("step", "east")
    if step not in ("east", "south"):
        raise GridError(f"{entry['ids']}: step must be east or south, got {step!r}")
    out = []
    for i, ident in enumerate(entry["ids"]):
        if step == "east":
            out.append((ident, n, s, _r(w + i * (e - w)), _r(e + i * (e - w))))
        else:
            out.append((ident, _r(n - i * (n - s)), _r(s - i * (n - s)), w, e))
    return out


def _split(n: float, s: float, w: float, e: float,
           layout: Sequence[Sequence[int]]) -> list[tuple[int, float, float, float, float]]:
    rows, cols = len(layout), len(layout[0])
    dh, dw = (n - s) / rows, (e - w) / cols
    out = []
    for r, digits in enumerate(layout):
        for c, digit in enumerate(digits):
            out.append((int(digit), _r(n - r * dh), _r(n - (r + 1) * dh), _r(w + c * dw), _r(w + (c + 1) * dw)))
    return out


def build_squares(spec: Mapping[str, Any]) -> list[Square]:
    squares: list[Square] = []
    for entry in spec.get("large", []):
        blocks = entry.get("blocks", KEYPAD)
        for ident, n, s, w, e in _rects(entry):
            for b, bn, bs, bw, be in _split(n, s, w, e, blocks):
                for c, cn, cs, cw, ce in _split(bn, bs, bw, be, KEYPAD):
                    squares.append(Square(f"{ident}{b}{c}", cn, cs, cw, ce))
    for entry in spec.get("block", []):
        cells = entry.get("cells", KEYPAD)
        for ident, n, s, w, e in _rects(entry):
            for c, cn, cs, cw, ce in _split(n, s, w, e, cells):
                squares.append(Square(f"{ident}{c}", cn, cs, cw, ce))
    for entry in spec.get("strip", []):
        layout = STRIP_LAYOUTS.get(entry.get("layout", ""))
        if layout is None:
            raise GridError(f"{entry['ids']}: layout must be one of {', '.join(STRIP_LAYOUTS)}")
        for ident, n, s, w, e in _rects(entry):
            for c, cn, cs, cw, ce in _split(n, s, w, e, layout):
                name = f"{ident}{c}" if c < 10 else f"{ident[:2]}0{ident[2:]}"
                squares.append(Square(name, cn, cs, cw, ce))
    for entry in spec.get("cells", []):
        for ident, n, s, w, e in _rects(entry):
            squares.append(Square(ident, n, s, w, e))
    return squares


class NavalGrid:
    """Two-digit squares by name and by position."""

    def __init__(self, squares: Sequence[Square]) -> None:
        self.squares: dict[str, Square] = {}
        self._rows: dict[int, list[Square]] = {}
        for sq in squares:
            if sq.name in self.squares:
                raise GridError(f"square {sq.name} is defined twice")
            if abs((sq.north - sq.south) - ROW_DEG) > 1e-6:
                raise GridError(f"square {sq.name} is {sq.north - sq.south:.3f} deg tall, not {ROW_DEG}")
            self.squares[sq.name] = sq
            self._rows.setdefault(_row(sq.south + ROW_DEG / 2), []).append(sq)
        self._wests: dict[int, list[float]] = {}
        for row, items in self._rows.items():
            items.sort(key=lambda q: q.west)
            for a, b in itertools.pairwise(items):
                if b.west < a.east - 1e-6:
                    raise GridError(f"squares {a.name} and {b.name} overlap")
            self._wests[row] = [q.west for q in items]

    @property
    def latitudes(self) -> tuple[float, float]:
        """The southern and northern edges of the map (degrees of latitude)."""
        return (min(sq.south for sq in self.squares.values()), max(sq.north for sq in self.squares.values()))

    def square_at(self, lat: float, lon: float) -> Square | None:
        """The square holding a position, or None off the map."""
        row = _row(lat)
        items = self._rows.get(row)
        if not items:
            return None
        lon = geo.norm180(lon)
        i = bisect.bisect_right(self._wests[row], lon + 1e-12) - 1
        if i >= 0 and items[i].west <= lon < items[i].east:
            return items[i]
        return None

    def name_at(self, lat: float, lon: float) -> str | None:
        sq = self.square_at(lat, lon)
        return sq.name if sq else None

    def square(self, name: str) -> Square:
        sq = self.squares.get(name.strip().upper())
        if sq is None:
            raise GridError(f"square '{name}' is not on the strategic map")
        return sq

    def centre(self, name: str) -> tuple[float, float]:
        return self.square(name).centre

    def course(self, a: str, b: str) -> tuple[float, float]:
        """Rhumb course (deg) and distance (nm) between two square centres: the protractor."""
        (lat1, lon1), (lat2, lon2) = self.centre(a), self.centre(b)
        return geo.rhumb(lat1, lon1, lat2, lon2)


@cache
def naval_grid() -> NavalGrid:
    return NavalGrid(build_squares(data.load("naval_grid")))
