"""The Engineer's board (digest §4): breakdowns, linked circuits, the reactor's radiation.

Rules, in the order they are checked after every cross:
1. each course crosses one symbol of that course's direction section (the caller checks the section);
2. a crossed symbol of a colour breaks both systems of that colour;
3. all symbols of one direction section crossed: 1 damage, then every breakdown is erased;
4. all radiation symbols crossed: 1 damage, then every breakdown is erased;
5. all symbols of one linked circuit crossed (and neither 3 nor 4): those symbols are erased;
6. surfacing erases everything (`clear`).
Layouts are data (`data/boards.toml`).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from kaleun.core.messages import N_, Msg
from kaleun.sonar import data

RADIATION = "radiation"
#: the sections in the order the printed sheet shows them
SECTION_ORDER = ("W", "N", "S", "E")


class BoardDataError(ValueError):
    """boards.toml (or an expansion's board) is inconsistent."""


@dataclass(frozen=True)
class Symbol:
    id: str
    direction: str
    colour: str
    circuit: int | None

    @property
    def radiation(self) -> bool:
        return self.colour == RADIATION


@dataclass(frozen=True)
class BoardLayout:
    id: str
    name: str
    symbols: dict[str, Symbol]
    by_direction: dict[str, tuple[str, ...]]
    circuits: dict[int, tuple[str, ...]]
    radiation: tuple[str, ...]
    #: colour -> the systems a crossed symbol of that colour breaks
    colours: dict[str, tuple[str, ...]]
    #: circuit -> the colour of its lines, the name players read (`circuit_name`; boards.toml `circuits`)
    circuit_colours: dict[int, str] = field(default_factory=dict)


#: the circuits' line colours ([B]: "gelbe, orange oder graue Linien") and their names for players
CIRCUIT_NAMES = {"yellow": N_("yellow circuit"), "orange": N_("orange circuit"), "grey": N_("grey circuit")}
#: what the feed says when a circuit of a colour is complete and repairs itself (§4.5)
CIRCUIT_REPAIRED = {"yellow": N_("The yellow circuit is complete and repairs itself."),
                    "orange": N_("The orange circuit is complete and repairs itself."),
                    "grey": N_("The grey circuit is complete and repairs itself.")}


def circuit_name(board: BoardLayout, circuit: int) -> Msg:
    """A circuit as players read it: by its line colour ("yellow circuit"), else its number."""
    colour = board.circuit_colours.get(circuit)
    return Msg.term(CIRCUIT_NAMES[colour]) if colour in CIRCUIT_NAMES else Msg("circuit {circuit}", circuit=circuit)


def circuit_repaired(board: BoardLayout, circuit: int) -> Msg:
    """The feed's line for a circuit that is complete and repairs itself (§4.5)."""
    colour = board.circuit_colours.get(circuit)
    if colour in CIRCUIT_REPAIRED:
        return Msg(CIRCUIT_REPAIRED[colour])
    return Msg("Circuit {circuit} is complete and repairs itself.", circuit=circuit)


def parse_layout(board_id: str, spec: Mapping[str, Any], colours: Mapping[str, Iterable[str]]) -> BoardLayout:
    """A layout from its data table. Raises BoardDataError naming the problem."""
    symbols: dict[str, Symbol] = {}
    by_direction: dict[str, tuple[str, ...]] = {}
    circuits: dict[int, list[str]] = {}
    for direction in SECTION_ORDER:
        entries = spec.get(direction)
        if not isinstance(entries, list) or not entries:
            raise BoardDataError(f"board {board_id}: section {direction} needs a list of symbols")
        ids = []
        for i, entry in enumerate(entries, start=1):
            words = str(entry).split()
            colour = words[0] if words else ""
            if colour != RADIATION and colour not in colours:
                raise BoardDataError(f"board {board_id}: {direction}{i}: unknown colour {colour!r}")
            circuit = None
            if len(words) == 2 and words[1].startswith("c") and words[1][1:].isdigit():
                circuit = int(words[1][1:])
            elif len(words) != 1:
                raise BoardDataError(f"board {board_id}: {direction}{i}: write 'COLOUR' or 'COLOUR cN', got {entry!r}")
            if circuit is not None and colour == RADIATION:  # [B]: radiation symbols are the reactor's
                raise BoardDataError(f"board {board_id}: {direction}{i}: a radiation symbol belongs to the reactor, "
                                     f"not to circuit c{circuit}")
            sid = f"{direction}{i}"
            symbols[sid] = Symbol(sid, direction, colour, circuit)
            ids.append(sid)
            if circuit is not None:
                circuits.setdefault(circuit, []).append(sid)
        by_direction[direction] = tuple(ids)
    extra = sorted(set(spec) - {"name", "circuits", *SECTION_ORDER})
    if extra:
        raise BoardDataError(f"board {board_id}: unknown key(s) {', '.join(extra)}")
    radiation = tuple(s.id for s in symbols.values() if s.radiation)
    if not radiation:
        raise BoardDataError(f"board {board_id}: the reactor needs radiation symbols")
    for n, members in circuits.items():
        if len(members) < 2:
            raise BoardDataError(f"board {board_id}: circuit c{n} links only {members[0]}")
    circuit_colours: dict[int, str] = {}
    for key, colour in dict(spec.get("circuits", {})).items():
        if not (str(key).startswith("c") and str(key)[1:].isdigit() and int(str(key)[1:]) in circuits):
            raise BoardDataError(f"board {board_id}: circuits: {key!r} is no circuit of the board (c1, c2, ...)")
        if colour not in CIRCUIT_NAMES:
            raise BoardDataError(f"board {board_id}: circuits: {key} has the lines {colour!r} "
                                 f"(known: {', '.join(CIRCUIT_NAMES)})")
        circuit_colours[int(str(key)[1:])] = str(colour)
    return BoardLayout(board_id, str(spec.get("name", board_id)), symbols, by_direction,
                       {n: tuple(m) for n, m in sorted(circuits.items())}, radiation,
                       {c: tuple(s) for c, s in colours.items()}, circuit_colours)


@cache
def layout(board_id: str = "standard") -> BoardLayout:
    """A board layout from data/boards.toml (cached)."""
    boards = data.load("boards")
    if board_id not in boards:
        raise BoardDataError(f"unknown engineer board {board_id!r} (known: {', '.join(sorted(boards))})")
    return parse_layout(board_id, boards[board_id], data.load("rules")["colours"])


@dataclass(frozen=True)
class CrossResult:
    """What one cross did. `damage`: 0, 1 or 2; `full`: what gave it ("section", "radiation")."""

    symbol: Symbol
    damage: int = 0
    full: tuple[str, ...] = ()
    #: a linked circuit that repaired itself
    circuit: int | None = None
    #: every breakdown was erased (after damage)
    cleared: bool = False


@dataclass
class EngineerBoard:
    layout: BoardLayout
    crossed: set[str] = field(default_factory=set)

    def cross_problem(self, symbol_id: str, direction: str) -> str | None:
        """Why `symbol_id` cannot be crossed for a course `direction` (a key for the refusal), or None."""
        symbol = self.layout.symbols.get(symbol_id)
        if symbol is None:
            return "unknown"
        if symbol.direction != direction:
            return "section"
        if symbol_id in self.crossed:
            return "crossed"
        return None

    def cross(self, symbol_id: str) -> CrossResult:
        symbol = self.layout.symbols[symbol_id]
        self.crossed.add(symbol_id)
        full = []
        if all(s in self.crossed for s in self.layout.by_direction[symbol.direction]):
            full.append("section")
        if all(s in self.crossed for s in self.layout.radiation):
            full.append("radiation")
        if full:
            self.crossed.clear()
            return CrossResult(symbol, damage=len(full), full=tuple(full), cleared=True)
        if symbol.circuit is not None:
            members = self.layout.circuits[symbol.circuit]
            if all(s in self.crossed for s in members):
                self.crossed.difference_update(members)
                return CrossResult(symbol, circuit=symbol.circuit)
        return CrossResult(symbol)

    def broken(self) -> set[str]:
        """Systems that cannot be activated: a crossed symbol of their colour."""
        out: set[str] = set()
        for sid in self.crossed:
            out.update(self.layout.colours.get(self.layout.symbols[sid].colour, ()))
        return out

    def is_broken(self, system: str) -> bool:
        colours = self.layout.colours
        return any(system in colours.get(self.layout.symbols[s].colour, ()) for s in self.crossed)

    def open_symbols(self, direction: str) -> list[str]:
        return [s for s in self.layout.by_direction[direction] if s not in self.crossed]

    def clear(self) -> None:
        self.crossed.clear()
