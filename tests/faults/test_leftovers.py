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
    dst.write(src.read()[:100])
    dst.flush()
    os.kill(os.getpid(), signal.SIGKILL)
shutil.copyfileobj = killed
saves._copy_durably(folder / "autosave.json", folder / "autosave-20260101-120000.json")
"""


def _killed(code: str, home) -> None:
    result = subprocess.run([sys.executable, "-c", code, str(home)], env=kaleun_env(home), capture_output=True,
                            timeout=60)
    assert result.returncode == -9, result.stderr


@pytest.mark.slow
def test_a_save_killed_half_written_is_removed_at_the_next_start_and_the_game_resumes(tmp_path):
    """Nothing lost, a crash loses at most a game minute: a crash at any moment of a save loses nothing and leaves
    nothing behind."""
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


def _session(folder, stamp: str, debrief: bool = False) -> list:
    names = [f"{stamp}.events.jsonl", f"{stamp}.script.jsonl"]
    if debrief:
        names += [f"{stamp}.debrief.json", f"{stamp}.debrief.png"]
    for name in names:
        (folder / name).write_text("{}\n")
    return [folder / name for name in names]


@pytest.mark.slow
def test_a_table_started_again_and_again_keeps_the_newest_sessions_and_every_debrief(tmp_path):
    """A table left running for months: every start writes a session (event log, script), so the
    session folder grew without end. The next start, holding the lock, keeps the newest
    KEEP_SESSIONS whole, every debrief, and files that are not a session's; a write of the settings,
    the tags or the career record cut short long ago is removed, one under way (fresh) is not."""
    import os

    from kaleun.housekeeping import KEEP_SESSIONS, STALE_TMP_S

    game = new_game(41)
    save_game(game, tmp_path / "autosave.json")
    sessions = tmp_path / "sessions"
    sessions.mkdir()
    count = KEEP_SESSIONS + 7
    made = [_session(sessions, f"200101{1 + i // 24:02d}-{i % 24:02d}0000", debrief=i == 2) for i in range(count)]
    (sessions / ".20010101-020000.debrief.json.x1y2z3ab.tmp").write_text("{")  # a debrief cut short
    (sessions / "notes.txt").write_text("our crew's notes")
    stale = [tmp_path / ".settings.json.a1b2c3d4.tmp", tmp_path / ".career.json.q9w8e7r6.tmp",
             tmp_path / ".figures.json.zz_yy_xx.tmp"]
    fresh = tmp_path / ".settings.json.f7f7f7f7.tmp"
    for path in [*stale, fresh]:
        path.write_text("{")
    old = os.stat(fresh).st_mtime - STALE_TMP_S - 60
    for path in stale:
        os.utime(path, (old, old))

    resumed = Console(tmp_path, "resume", "--console")
    resumed.expect("> ")
    resumed.send("quit")
    assert resumed.finish() == 0, resumed.text

    gone = [p for files in made[:7] for p in files if not p.name.endswith((".debrief.json", ".debrief.png"))]
    assert not [p.name for p in gone if p.exists()]
    assert all(p.exists() for files in made[7:] for p in files)  # the newest sessions whole
    assert (sessions / "20010101-020000.debrief.json").exists() and (sessions / "20010101-020000.debrief.png").exists()
    assert not (sessions / ".20010101-020000.debrief.json.x1y2z3ab.tmp").exists()
    assert (sessions / "notes.txt").exists()
    assert not [p.name for p in stale if p.exists()]
    assert fresh.exists()  # perhaps a `kaleun config set` writing right now: not ours to remove
    # this start's own session is there, beside the KEEP_SESSIONS kept
    logs = sorted(p.name for p in sessions.iterdir() if p.name.endswith(".script.jsonl"))
    assert len(logs) == KEEP_SESSIONS + 1 and logs[-1] > made[-1][1].name


def test_sessions_are_ordered_by_their_start_and_number_within_a_second(tmp_path):
    """`<stamp>-10` started after `<stamp>-9` and `<stamp>` (names sort otherwise): with two kept,
    the two last started stay; a team's event log of Captain Sonar goes with its session."""
    from kaleun.housekeeping import prune_sessions

    for stem in ("20260101-120000", "20260101-120000-9", "20260101-120000-10"):
        _session(tmp_path, stem)
    (tmp_path / "20260101-120000.yellow.events.jsonl").write_text("{}\n")
    removed = prune_sessions(tmp_path, keep=2)
    assert sorted(p.name for p in removed) == ["20260101-120000.events.jsonl", "20260101-120000.script.jsonl",
                                               "20260101-120000.yellow.events.jsonl"]


#: `kaleun config set` killed between writing the settings' temporary file and renaming it into place
KILLED_CONFIG_SET = """
import os, signal, sys
os.replace = lambda src, dst: os.kill(os.getpid(), signal.SIGKILL)
from kaleun.cli import main
sys.exit(main(["config", "set", "language", "de"]))
"""


@pytest.mark.slow
def test_a_config_set_killed_half_written_keeps_the_settings_and_its_temporary_file_is_removed_later(tmp_path):
    """Finding: `kaleun config set` wrote its temporary file as `.settings-<random>`, a name the clean-up of
    writes cut short does not know, so each `config set` killed (a power cut while a table is set up) left one
    in the config folder for good. The settings are now written as the other rarely written files are: killed,
    the old settings stay whole, and the temporary file goes at a start once it is an hour old."""
    import os

    from kaleun.housekeeping import RARE_TMP, STALE_TMP_S

    (tmp_path / "settings.json").write_text('{\n  "language": "ru"\n}\n')
    before = (tmp_path / "settings.json").read_bytes()
    _killed(KILLED_CONFIG_SET, tmp_path)
    assert (tmp_path / "settings.json").read_bytes() == before
    left = [p for p in tmp_path.iterdir() if p.name.startswith(".settings")]
    assert len(left) == 1 and RARE_TMP.fullmatch(left[0].name), left
    hour_ago = left[0].stat().st_mtime - STALE_TMP_S - 60
    os.utime(left[0], (hour_ago, hour_ago))
    game = Console(tmp_path, "play", "--console")
    game.expect("> ")
    game.send("quit")
    assert game.finish() == 0, game.text
    assert not left[0].exists() and (tmp_path / "settings.json").read_bytes() == before


def test_a_settings_file_under_a_file_where_the_config_folder_belongs_is_said_in_words(tmp_path):
    """Finding: a file where the config folder belongs gave `cannot read the settings ([Errno 20] Not a directory:
    '.../kaleun/settings.json')`; now the reason names the file that stands where the folder belongs, in the
    table's words, and a settings file that is not text says so."""
    from kit import run_kaleun

    config = tmp_path / "config"
    (config).write_text("x")
    shown = run_kaleun("config", "show", home=tmp_path, XDG_CONFIG_HOME=str(config), KALEUN_HOME="")
    assert shown.returncode == 2
    assert f"cannot read the settings ({config} is a file, not a folder); fix it or delete it" in shown.stderr
    assert "Errno" not in shown.stderr
    config.unlink()
    (config / "kaleun").mkdir(parents=True)
    (config / "kaleun" / "settings.json").write_bytes(b"\xff\xfe{}")
    shown = run_kaleun("config", "show", home=tmp_path, XDG_CONFIG_HOME=str(config), KALEUN_HOME="")
    assert "cannot read the settings (it is UTF-16 text, not UTF-8: save it as UTF-8 in the editor); fix it or " \
           "delete it" in shown.stderr
