"""Blasts and the hull (digest §1, §5).

A mine, a torpedo or an Archer mine blasts its impact cell and the 8 cells around it: a boat on
the impact cell takes 2 damage, a boat on one of the 8 around it 1; both boats are checked (a
boat can hit itself). The first boat to take `hull` (4) damage sinks and its team loses.
"""

from __future__ import annotations

from kaleun.sonar.grid import Cell, around

DIRECT, INDIRECT, MISS = 2, 1, 0


def blast_damage(impact: Cell, boat: Cell | None) -> int:
    """2 on the impact cell, 1 on one of the 8 around it, else 0."""
    if boat is None:
        return MISS
    d = max(abs(impact[0] - boat[0]), abs(impact[1] - boat[1]))
    return DIRECT if d == 0 else INDIRECT if d == 1 else MISS


def blast_area(impact: Cell) -> set[Cell]:
    return {impact, *around(impact)}


def mines_destroyed(impact: Cell, mines: list[Cell], reach: str) -> list[Cell]:
    """The mines a blast destroys: on the impact cell ("impact_cell") or in its 3 x 3 area ("area")."""
    area = {impact} if reach == "impact_cell" else blast_area(impact)
    return [m for m in mines if m in area]


def mines_kept(impact: Cell, mines: list[Cell]) -> list[Cell]:
    """The mines left in the blast area after `mines_destroyed` took its share (none when it took the area)."""
    area = blast_area(impact)
    return [m for m in mines if m in area]


def result(sunk: list[str], teams: tuple[str, str], both_sunk: str) -> tuple[str | None, str | None]:
    """(winner, loser) once boats sank; (None, None) for a draw when both sank and the rules say so."""
    if len(sunk) == 2:
        if both_sunk == "draw":
            return None, None
        raise ValueError(f"rules.toml: both_sunk = {both_sunk!r} is not known (known: draw)")
    loser = sunk[0]
    winner = teams[1] if loser == teams[0] else teams[0]
    return winner, loser
