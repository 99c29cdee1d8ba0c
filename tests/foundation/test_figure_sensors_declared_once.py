"""One place to extend: a kind of figure sensor is one entry of `FIGURE_SENSORS` (boards/model.py,
its name -> its adapter class); the board loader takes the name and the table builds the adapter.
(host/README.md, "Extending Kaleun", a sensor or control on the table.)"""

from __future__ import annotations

import sys
import types
from pathlib import Path
from typing import Any

import pytest
from kaleun.boards import model
from kaleun.boards.loader import BoardError, load_board
from kaleun.runtime.table import Table
from kaleun.uboot.figures import FIGURES
from kaleun.uboot.game import new_game

BOARD = '[board]\nname = "camera"\nformat = 0\npi = "pi4"\n[figures]\nsensor = "camera"\n'


class Camera:
    """A figure sensor that sees the figures through a camera (here: what the hand does)."""

    def __init__(self, board: Any) -> None:
        self.board = board
        self.placed: list[tuple[str, int]] = []

    def start(self, sink: Any) -> None:
        self.sink = sink

    def place(self, figure: str, section: int) -> None:
        self.placed.append((figure, section))

    def lift(self, figure: str) -> None:
        pass

    def settle(self) -> None:
        pass

    def close(self) -> None:
        pass


@pytest.fixture
def camera(monkeypatch: pytest.MonkeyPatch) -> None:
    module = types.ModuleType("camera_sensor")
    module.Camera = Camera  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "camera_sensor", module)
    monkeypatch.setitem(model.FIGURE_SENSORS, "camera", "camera_sensor:Camera")


def _board(tmp_path: Path) -> Any:
    path = tmp_path / "board.toml"
    path.write_text(BOARD, encoding="utf-8")
    return load_board(path)


def test_an_undeclared_sensor_is_refused_by_the_loader(tmp_path):
    with pytest.raises(BoardError, match="'camera' is not one of: sim, hub"):
        _board(tmp_path)


def test_a_new_sensor_is_loaded_and_built_by_the_table(tmp_path, camera):
    board = _board(tmp_path)
    assert board.figure_sensor == "camera"
    table = Table(board, new_game(0))
    table.start(lambda command: None)
    try:
        assert isinstance(table.sensor, Camera) and table.sensor.board is board
        figure = next(iter(FIGURES))
        table.actuate({"do": "place", "figure": figure, "section": 3})
        assert table.sensor.placed == [(figure, 3)]
    finally:
        table.close()


def test_boards_readme_lists_every_declared_sensor_and_no_other():
    """boards/README.md's `[figures]` table says what a maker may write as `sensor`: every entry of
    `FIGURE_SENSORS`, so a new kind of sensor is told to the makers with its name (host/README.md, a sensor)."""
    import re

    from kit import ROOT

    text = (ROOT / "boards" / "README.md").read_text(encoding="utf-8")
    row = next(line for line in text.splitlines() if line.startswith("| `sensor` |"))
    assert re.findall(r"`([a-z_]+)`", row.split("|")[2]) == list(model.FIGURE_SENSORS)
