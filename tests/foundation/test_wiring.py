"""wiring/ is generated from boards/: it must match the board files, and WireViz must accept it."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from kaleun.boards.loader import load_board
from kaleun.wiring.generate import build, documents, has_hardware
from kit import BOARDS, ROOT

BOARD_FILES = sorted(BOARDS.glob("*.toml"))


@pytest.mark.parametrize("path", BOARD_FILES, ids=lambda p: p.name)
def test_wiring_documents_are_up_to_date(path):
    board = load_board(path)
    if not has_hardware(board):
        assert not (ROOT / "wiring" / f"{path.stem}.md").exists()
        return
    for name, text in documents(board).items():
        committed = ROOT / "wiring" / name
        assert committed.exists(), f"wiring/{name} is missing: run `kaleun wiring`"
        assert committed.read_text(encoding="utf-8") == text, f"wiring/{name} is stale: run `kaleun wiring`"


def test_the_pi4_pinout_follows_the_board_file():
    harness = build(load_board(BOARDS / "pi4-basic.toml"))
    pinout = {pin: (signal, target) for pin, signal, target in harness.pinout}
    assert pinout[11] == ("GPIO17", "Telegraph encoder A")
    assert pinout[13] == ("GPIO27", "Telegraph encoder B")
    assert pinout[15] == ("GPIO22", "Pause button 1")
    assert pinout[19] == ("GPIO10", "Level shifter 1A")  # neopixel_spi: SPI MOSI
    assert len({pin for pin, _, _ in harness.pinout}) == len(harness.pinout)  # no header pin used twice


def test_wireviz_accepts_the_generated_harness(tmp_path):
    """WireViz (a dev dependency) parses every harness and writes its BOM; no Graphviz needed for that."""
    wireviz = str(Path(sys.executable).parent / "wireviz")
    for yml in sorted((ROOT / "wiring").glob("*.yml")):
        result = subprocess.run([wireviz, "-f", "t", "-o", str(tmp_path), str(yml)], capture_output=True, text=True)
        assert result.returncode == 0, result.stderr
        bom = (tmp_path / f"{yml.stem}.bom.tsv").read_text()
        assert "74AHCT125" in bom or "encoder" in bom
