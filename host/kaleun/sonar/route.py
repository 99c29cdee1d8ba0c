"""Route legality (digest §2, §5 silence).

A move is one cell north, east, south or west. It may not leave the map, enter an island, enter
any cell of the boat's own route since its last surfacing (no crossing, no revisiting) or a cell
with one of its own mines; enemy mines do not block. A boat with no legal course must surface.
Silence moves 1 to 4 cells in a straight line under the same rules for every cell passed.
"""

from __future__ import annotations

from collections.abc import Collection

from kaleun.core.messages import Msg
from kaleun.sonar.grid import DIRECTIONS, Cell, cell_name, step
from kaleun.sonar.maps import SeaMap


def cell_problem(sea: SeaMap, cell: Cell, route: Collection[Cell], mines: Collection[Cell]) -> Msg | None:
    """Why the boat cannot enter `cell`, or None."""
    if not sea.on_map(cell):
        return Msg("that leaves the map")
    if cell in sea.islands:
        return Msg("{cell} is an island", cell=cell_name(cell))
    if cell in route:
        return Msg("{cell} is on your own route since the last surfacing", cell=cell_name(cell))
    if cell in mines:
        return Msg("{cell} holds one of your own mines", cell=cell_name(cell))
    return None


def course_problem(sea: SeaMap, position: Cell, direction: str, route: Collection[Cell],
                   mines: Collection[Cell]) -> Msg | None:
    return cell_problem(sea, step(position, direction), route, mines)


def legal_courses(sea: SeaMap, position: Cell, route: Collection[Cell], mines: Collection[Cell]) -> list[str]:
    return [d for d in DIRECTIONS if course_problem(sea, position, d, route, mines) is None]


def silence_path(sea: SeaMap, position: Cell, direction: str, distance: int, route: Collection[Cell],
                 mines: Collection[Cell]) -> tuple[list[Cell], Msg | None]:
    """The cells a silent run passes (the last is where it ends), or the problem with the first bad one."""
    path: list[Cell] = []
    for n in range(1, distance + 1):
        cell = step(position, direction, n)
        problem = cell_problem(sea, cell, route, mines)
        if problem is not None:
            return path, problem
        path.append(cell)
    return path, None
