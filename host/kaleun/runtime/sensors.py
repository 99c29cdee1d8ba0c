"""Figure sensors other than the simulated one (see Table._make_sensor), as `FIGURE_SENSORS` of
boards/model.py declares them."""

from __future__ import annotations

import importlib
from typing import Any

from kaleun.boards.model import FIGURE_SENSORS, Board


def make_sensor(board: Board) -> Any:
    """The figure sensor a board asks for with `figures.sensor`: its adapter in `FIGURE_SENSORS`."""
    where = FIGURE_SENSORS.get(board.figure_sensor)
    if where is None:
        raise ValueError(f"no figure sensor '{board.figure_sensor}'")
    module, _, name = where.partition(":")
    return getattr(importlib.import_module(module), name)(board)
