"""The systems' own rules (digest §5): torpedo range, where a mine may go, drone and sonar answers.

Activation gating (full gauge, no breakdown of its colour, a move since the last activation, who
may activate) lives with the team (`team.Team.activation_problem`); this module holds what each
system checks about its target.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Collection, Mapping

from kaleun.core.messages import Msg
from kaleun.sonar.grid import DIRECTIONS, LETTERS, Cell, around, cell_name, step
from kaleun.sonar.maps import SeaMap

#: the kinds of statement a sonar answer is made of
SONAR_KINDS = ("row", "column", "sector")


def torpedo_distance(sea: SeaMap, start: Cell, target: Cell, reach: int, islands_block: bool) -> int | None:
    """Orthogonal steps from `start` to `target` (at most `reach`), or None when out of reach.

    With `islands_block` the torpedo runs over sea cells only (a breadth-first search);
    otherwise the distance is the plain count of orthogonal steps.
    """
    if not islands_block:
        d = abs(start[0] - target[0]) + abs(start[1] - target[1])
        return d if d <= reach else None
    if abs(start[0] - target[0]) + abs(start[1] - target[1]) > reach:
        return None
    if start == target:
        return 0
    tx, ty = target
    seen = {start: 0}
    todo = deque([start])
    while todo:
        cell = todo.popleft()
        d = seen[cell] + 1
        for direction in DIRECTIONS:
            nxt = step(cell, direction)
            if nxt == target:
                return d
            # only cells from which the target can still be reached in time (a pruned breadth-first search)
            if nxt not in seen and d + abs(nxt[0] - tx) + abs(nxt[1] - ty) <= reach and sea.is_sea(nxt):
                seen[nxt] = d
                todo.append(nxt)
    return None


def torpedo_problem(sea: SeaMap, position: Cell, target: Cell, reach: int, islands_block: bool) -> Msg | None:
    if not sea.on_map(target):
        return Msg("{cell} is not on the map", cell=cell_name(target))
    if target == position:
        return Msg("a torpedo needs a target 1 to {reach} cells away, not the boat's own cell", reach=reach)
    # islands_block is a [gap] reading of rules.toml: its refusals say so in the same line
    if islands_block and target in sea.islands:
        return Msg("{cell} is an island: a torpedo runs over sea only (the rulebook leaves it open; Kaleun's reading)",
                   cell=cell_name(target))
    if torpedo_distance(sea, position, target, reach, islands_block) is None:
        straight = abs(position[0] - target[0]) + abs(position[1] - target[1])
        if islands_block and straight <= reach:
            return Msg.plural("{cell} is more than {n} cell away counted orthogonally around the islands: a "
                              "torpedo runs over sea only (the rulebook leaves it open; Kaleun's reading)",
                              "{cell} is more than {n} cells away counted orthogonally around the islands: a "
                              "torpedo runs over sea only (the rulebook leaves it open; Kaleun's reading)",
                              cell=cell_name(target), n=reach)
        return Msg.plural("{cell} is more than {n} cell away counted orthogonally",
                          "{cell} is more than {n} cells away counted orthogonally", cell=cell_name(target), n=reach)
    return None


def mine_problem(sea: SeaMap, position: Cell, cell: Cell, route: Collection[Cell],
                 mines: Collection[Cell]) -> Msg | None:
    """A mine goes on one of the 8 cells around the boat, on sea, off the own route and own mines."""
    if not sea.on_map(cell):
        return Msg("{cell} is not on the map", cell=cell_name(cell))
    if cell not in set(around(position)):
        return Msg("a mine goes on a cell next to the boat (diagonals too); {cell} is not", cell=cell_name(cell))
    if cell in sea.islands:
        return Msg("{cell} is an island", cell=cell_name(cell))
    if cell in route:
        return Msg("{cell} is on your own route", cell=cell_name(cell))
    if cell in mines:
        return Msg("{cell} already holds one of your mines", cell=cell_name(cell))
    return None


def drone_answer(sea: SeaMap, mode: str, enemy: Cell, sector: int) -> bool:
    return sea.sector(enemy, mode) == sector


def statement_true(sea: SeaMap, mode: str, position: Cell, kind: str, value: int | str) -> bool:
    if kind == "row":
        return value == position[1] + 1
    if kind == "column":
        return value == LETTERS[position[0]]
    return value == sea.sector(position, mode)


def sonar_problem(sea: SeaMap, mode: str, position: Cell, statements: Mapping[str, int | str]) -> Msg | None:
    """Two statements of different kinds, exactly one of them true (digest §5)."""
    truths = [statement_true(sea, mode, position, k, v) for k, v in statements.items()]
    if all(truths):
        return Msg("both statements are true; exactly one must be false")
    if not any(truths):
        return Msg("both statements are false; exactly one must be true")
    return None


def describe(kind: str, value: int | str) -> Msg:
    if kind == "row":
        return Msg("row {value}", value=value)
    if kind == "column":
        return Msg("column {value}", value=value)
    return Msg("sector {value}", value=value)
