"""One place to extend: a button action declared once in `BUTTON_ACTIONS` (boards/model.py) is
accepted by the board loader, sent by the table on a press and described on the wiring pages with
nothing else edited. (host/README.md, "Extending Kaleun", a sensor or control on the table.)"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from kaleun.boards import model
from kaleun.boards.loader import BoardError, load_board
from kaleun.runtime.table import Table
from kaleun.uboot.game import new_game
from kaleun.wiring.generate import build

ALARM = model.ButtonAction({"do": "ui", "action": "toggle_pause", "why": "alarm"}, "sounds the alarm")
BOARD = ('[board]\nname = "alarm"\nformat = 0\npi = "pi4"\n[gpio]\npin_factory = "mock"\n'
         '[buttons.alarm]\naction = "alarm"\ndriver = "gpio"\npin = 17\n')


@pytest.fixture
def alarm(monkeypatch: pytest.MonkeyPatch) -> model.ButtonAction:
    monkeypatch.setitem(model.BUTTON_ACTIONS, "alarm", ALARM)
    return ALARM


def _board(tmp_path: Path) -> Any:
    path = tmp_path / "board.toml"
    path.write_text(BOARD, encoding="utf-8")
    return load_board(path)


def test_an_undeclared_action_is_refused_by_the_loader(tmp_path):
    with pytest.raises(BoardError, match="'alarm' is not one of: pause, real_time, cycle_compression"):
        _board(tmp_path)


def test_a_new_action_is_loaded_pressed_and_wired(tmp_path, alarm):
    board = _board(tmp_path)
    assert board.buttons["alarm"].action == "alarm"
    table = Table(board, new_game(0))
    got: list[dict[str, Any]] = []
    table.start(got.append)
    try:
        table.actuate({"do": "press", "button": "alarm"})
        assert got == [{**alarm.command, "via": "button.alarm"}]
    finally:
        table.close()
    on_the_pi = tmp_path / "on-the-pi.toml"  # the same board on the Pi's own pins (mock pins are not wired)
    on_the_pi.write_text(BOARD.replace('pin_factory = "mock"\n', ""), encoding="utf-8")
    wiring = build(load_board(on_the_pi))
    assert wiring.parts["Alarm button"].note == "sounds the alarm"
    assert any(note == "alarm: sounds the alarm" for _, _, note in wiring.bom)


@pytest.mark.parametrize("action", list(model.BUTTON_ACTIONS))
def test_every_declared_action_is_in_the_boards_readme(action):
    """boards/README.md's `[buttons.NAME]` table lists what a maker may write as `action`."""
    from kit import ROOT

    text = (ROOT / "boards" / "README.md").read_text(encoding="utf-8")
    row = next(line for line in text.splitlines() if line.startswith("| `action` |"))
    assert f"`{action}`" in row
