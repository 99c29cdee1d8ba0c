"""File names the system cannot look up: a name longer than the file system allows (a board
or save named by a script gone wrong, a path pasted twice) and, from a `settings.json` edited by
hand, a board name holding a NUL byte. pathlib's `exists()` raises OSError (File name too long)
or ValueError (embedded null byte) for them instead of answering no: each command says it cannot
read or write that file, with the reason, never a traceback."""

from __future__ import annotations

import json

import pytest
from kit import run_kaleun, write_script

LONG = "a" * 300  # beyond the 255 bytes of a name on ext4, FAT and tmpfs


@pytest.mark.slow
@pytest.mark.parametrize("args", [
    ("board", "check", LONG), ("wiring", LONG), ("play", "--console", "--board", LONG),
    ("resume", "--console", "--save", LONG), ("run", "--script", "s.jsonl", "--events", LONG),
    ("config", "set", "board", LONG),
], ids=["board check", "wiring", "play --board", "resume --save", "run --events", "config set board"])
def test_a_name_too_long_for_the_file_system_is_said_not_a_traceback(home, args):
    write_script(home / "s.jsonl", [{"t": 10, "do": "report"}])
    done = run_kaleun(*args, home=home)
    assert done.returncode != 0 and "Traceback" not in done.stderr, done.stderr
    assert "File name too long" in done.stderr, done.stderr
    assert "settings.json" not in done.stderr  # the board's name is too long, not the settings file


@pytest.mark.slow
@pytest.mark.parametrize("board", ["\u0000", "boards/sim\u0000.toml"])
def test_a_preferred_board_holding_a_nul_byte_stops_the_start_with_a_line(home, board):
    (home / "settings.json").write_text(json.dumps({"board": board}))
    done = run_kaleun("play", "--console", home=home)
    assert done.returncode == 2 and "Traceback" not in done.stderr, done.stderr
    assert "cannot read the board file" in done.stderr and repr(board) in done.stderr, done.stderr
    assert not (home / "autosave.json").exists()
