"""The fake hub's link lives in a private folder of the temporary folder. A game killed with
kill -9 cannot remove it; the next fake hub removes the folders whose process is gone, and never
the folder of a game still running (firmware/README.md, "The fake hub")."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import pytest
from hubkit import hub_cfg
from kaleun.hub import fake as fakemod
from kaleun.hub.fake import FOLDER_PREFIX, OWNER_FILE, FakeHub, sweep_stale_folders

pytestmark = pytest.mark.skipif(os.name != "posix", reason="the fake hub runs on a POSIX pseudo-terminal")

GAME = """
import json, sys
from kaleun.hub.fake import FakeHub
fake = FakeHub(json.loads(sys.argv[1])).start()
print(fake.link.parent, flush=True)
sys.stdin.read()
fake.stop()
"""


def _game(tmp: Path) -> tuple[subprocess.Popen[str], Path]:
    """Another game with the built-in fake hub, in its own process: (process, its hub's folder)."""
    game = subprocess.Popen([sys.executable, "-c", GAME, json.dumps(hub_cfg([1]))], stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, text=True, env={**os.environ, "TMPDIR": str(tmp)})
    assert game.stdout is not None
    folder = Path(game.stdout.readline().strip())
    assert folder.parent == tmp and folder.name.startswith(FOLDER_PREFIX) and (folder / OWNER_FILE).is_file()
    return game, folder


@pytest.fixture
def tmp(tmp_path, monkeypatch) -> Path:
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))
    return tmp_path


def test_the_folder_of_a_killed_game_is_removed_at_the_next_start_and_a_running_games_is_kept(tmp):
    running, kept = _game(tmp)
    killed, stale = _game(tmp)
    try:
        killed.kill()  # kill -9: the game cannot remove its folder
        # ended but not yet reaped by its parent (a zombie, as a game killed under a shell stays a moment):
        # its pid is still there, the game is not
        os.waitid(os.P_PID, killed.pid, os.WEXITED | os.WNOWAIT)
        assert stale.is_dir()
        legacy = tmp / f"{FOLDER_PREFIX}older"  # no owner recorded (an older Kaleun, or one being made): kept
        legacy.mkdir()
        with FakeHub(hub_cfg([1])) as fake:  # the next game starts its fake hub
            mine = fake.link.parent
            assert not stale.exists()
            assert kept.is_dir() and legacy.is_dir() and mine.is_dir()
        assert not mine.exists()  # a fake hub that stops removes its own folder
        assert kept.is_dir()
    finally:
        assert running.stdin is not None
        running.stdin.close()  # the running game ends as it should
        running.wait()
        killed.wait()
    assert not kept.exists()


def _stale(tmp: Path, name: str, pid: int, started: str = "-") -> Path:
    folder = tmp / f"{FOLDER_PREFIX}{name}"
    folder.mkdir(mode=0o700)
    (folder / OWNER_FILE).write_text(f"{pid} {started}\n", encoding="ascii")
    (folder / "deck-hub").symlink_to("/dev/pts/999")  # the link a killed fake hub leaves
    return folder


def test_only_folders_of_this_user_named_like_a_fake_hubs_with_their_owner_gone_are_removed(tmp, monkeypatch):
    gone = subprocess.Popen([sys.executable, "-c", "pass"])
    gone.wait()
    stale = _stale(tmp, "gone", gone.pid)
    reused = _stale(tmp, "reused", os.getppid(), started="1")  # its pid now belongs to a later process
    alive = _stale(tmp, "alive", os.getppid(), started=fakemod._started(os.getppid()) or "-")
    unsure = _stale(tmp, "unsure", os.getppid())  # no start time recorded: a live pid keeps it
    other = tmp / "other-folder"
    other.mkdir()
    (other / OWNER_FILE).write_text(f"{gone.pid} -\n", encoding="ascii")
    odd = _stale(tmp, "odd", gone.pid)
    (odd / OWNER_FILE).write_text("not a pid\n", encoding="ascii")
    target = _stale(tmp, "target", gone.pid)
    link = tmp / f"{FOLDER_PREFIX}link"
    link.symlink_to(target, target_is_directory=True)

    real_uid = os.getuid()
    monkeypatch.setattr(os, "getuid", lambda: real_uid + 1)  # every folder is another user's: none is removed
    assert sweep_stale_folders() == []
    monkeypatch.setattr(os, "getuid", lambda: real_uid)

    removed = sweep_stale_folders()
    expected = [tmp / f"{FOLDER_PREFIX}gone", reused, target] if fakemod._started(os.getppid()) else \
        [tmp / f"{FOLDER_PREFIX}gone", target]  # without /proc a reused pid cannot be told
    assert sorted(removed) == sorted(expected)
    assert not stale.exists() and not target.exists()
    assert alive.is_dir() and unsure.is_dir() and other.is_dir() and odd.is_dir()
    assert link.is_symlink()  # a link named like a folder is never followed


def _unowned(tmp: Path, name: str, target: str = "/dev/pts/999") -> Path:
    """A folder an earlier Kaleun (before the owner record) left: only the hub's link in it."""
    folder = tmp / f"{FOLDER_PREFIX}{name}"
    folder.mkdir(mode=0o700)
    (folder / "deck-hub").symlink_to(target)
    return folder


def test_a_folder_of_an_earlier_kaleun_with_no_owner_goes_once_nothing_holds_it_for_a_day(tmp):
    """A folder with no owner record goes only when it is a fake hub's (links alone), nothing in it
    changed for a day and no link leads to a live pseudo-terminal (a game still running holds it)."""
    later = time.time() + fakemod.UNOWNED_QUIET_S + 60
    abandoned = _unowned(tmp, "abandoned")
    empty = tmp / f"{FOLDER_PREFIX}empty"  # an unplugged fake hub's folder, left behind
    empty.mkdir(mode=0o700)
    half = _unowned(tmp, "half")  # killed while writing its record
    (half / f"{OWNER_FILE}.new").write_text("12", encoding="ascii")
    master, slave = os.openpty()  # a running game of an earlier Kaleun: its port is alive
    try:
        held = _unowned(tmp, "held", os.ttyname(slave))
        mixed = _unowned(tmp, "mixed")
        (mixed / "notes.txt").write_text("mine\n", encoding="utf-8")  # somebody's file: never removed

        # today every one of them is young (one being made this moment looks the same): all kept
        assert sweep_stale_folders() == []
        removed = sweep_stale_folders(now=later)
        assert sorted(removed) == sorted([abandoned, empty, half])
        assert held.is_dir() and mixed.is_dir() and (mixed / "notes.txt").is_file()
    finally:
        os.close(slave)
        os.close(master)
    assert sweep_stale_folders(now=later) == [held]  # once the game ends, its port is gone
