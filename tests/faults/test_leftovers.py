"""kill -9 in the middle of a save leaves a half-written file beside the autosave (`write_atomic`
writes `.autosave.json.<random>.tmp` and renames it). The autosave itself is the old game or the
new one, never the half; the next start resumes it and removes what the cut-short save left,
so a table unplugged again and again does not fill its SD card. Files of other writers in the
same folder (the settings, the figures' tags) stay."""

from __future__ import annotations

import subprocess
import sys

import pytest
from faultkit import Console
from kaleun.saves import read_state, save_game
from kaleun.uboot.game import new_game
from kit import kaleun_env

#: a save killed between writing its temporary file and renaming it over the autosave, and an
#: earlier game killed while it was copied aside
KILLED_SAVE = """
import os, signal, sys
from pathlib import Path
from kaleun import saves
folder = Path(sys.argv[1])
real_replace = os.replace
def killed(src, dst):
    os.kill(os.getpid(), signal.SIGKILL)
os.replace = killed
try:
    saves.write_atomic(folder / "autosave.json", b'{"half": ')
finally:
    os.replace = real_replace
"""
KILLED_COPY = """
import os, signal, shutil, sys
from pathlib import Path
from kaleun import saves
folder = Path(sys.argv[1])
def killed(src, dst, *a, **k):
    Path(dst).write_bytes(Path(src).read_bytes()[:100])
    os.kill(os.getpid(), signal.SIGKILL)
shutil.copyfile = killed
saves._copy_durably(folder / "autosave.json", folder / "autosave-20260101-120000.json")
"""


def _killed(code: str, home) -> None:
    result = subprocess.run([sys.executable, "-c", code, str(home)], env=kaleun_env(home), capture_output=True,
                            timeout=60)
    assert result.returncode == -9, result.stderr


@pytest.mark.slow
def test_a_save_killed_half_written_is_removed_at_the_next_start_and_the_game_resumes(tmp_path):
    """Issue 13 item 1: a crash at any moment of a save loses nothing and leaves nothing behind."""
    game = new_game(41)
    game.advance_to(900)
    save_game(game, tmp_path / "autosave.json")
    saved = (tmp_path / "autosave.json").read_bytes()
    _killed(KILLED_SAVE, tmp_path)
    _killed(KILLED_COPY, tmp_path)
    (tmp_path / ".autosave.journal.jsonl.new").write_bytes(b'{"journal"')  # a compaction cut short
    theirs = [tmp_path / ".settings-k2j4x9ab", tmp_path / ".figures.json.a1b2c3d4.tmp"]
    for path in theirs:
        path.write_text("{}")
    left = sorted(p.name for p in tmp_path.iterdir() if p.name.startswith(".autosave"))
    assert len(left) == 3, left  # the save's temporary file, the copy's, the journal's
    assert (tmp_path / "autosave.json").read_bytes() == saved  # the autosave is whole: the old game

    resumed = Console(tmp_path, "resume", "--console")
    resumed.expect("> ")
    resumed.send("quit")
    assert resumed.finish() == 0, resumed.text
    assert "resuming" in resumed.text, resumed.text
    assert read_state(tmp_path / "autosave.json")["t"] >= 900
    assert not [p.name for p in tmp_path.iterdir() if p.name.startswith(".autosave")]
    assert all(path.exists() for path in theirs)
