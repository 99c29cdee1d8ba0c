"""Figure sensors other than the simulated one (see Table._make_sensor)."""

from __future__ import annotations

from typing import Any

from kaleun.boards.model import Board


def make_sensor(board: Board) -> Any:
    """The figure sensor a board asks for with `figures.sensor`."""
    if board.figure_sensor == "hub":
        from kaleun.hub.sensor import HubFigureSensor

        return HubFigureSensor(board)
    raise ValueError(f"no figure sensor '{board.figure_sensor}'")
