"""What `kaleun play` and `kaleun resume` keep: the previous game until the new one is saved,
a bounded number of earlier games, one game per home, and an ended mission that stays ended."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

from kaleun.homelock import HomeLock, TableBusy
from kaleun.journal import journal_path
from kaleun.ports.sdl import audio_drivers, video_drivers
from kaleun.saves import KEEP_GAMES, keep_aside, prune_kept, save_game
from kaleun.uboot.game import new_game
from kit import BOARDS, kaleun_env, run_kaleun

GUARD_S = 60  # failure guard only


def typed(home: Path, text: str, *args: str) -> subprocess.CompletedProcess[str]:
    """`kaleun ARGS` with `text` typed at its console."""
    return subprocess.run([sys.executable, "-m", "kaleun", *args], input=text, env=kaleun_env(home), cwd=home,
                          capture_output=True, text=True, timeout=GUARD_S)


def saved(home: Path, seed: int = 1, lost: bool = False, t: float = 0.0) -> Path:
    game = new_game(seed)
    game.advance_to(t)
    if lost:
        game.module("mission").end("lost", "rammed", "The boat is rammed.")
    path = home / "autosave.json"
    save_game(game, path)
    return path


def test_a_start_that_fails_leaves_the_autosave_where_resume_finds_it(tmp_path):
    """A Pi's board file on a PC cannot start: the previous game is neither moved nor copied."""
    before = saved(tmp_path, seed=4, t=600).read_bytes()
    result = run_kaleun("play", "--console", "--board", str(BOARDS / "pi4-basic.toml"), home=tmp_path)
    assert result.returncode == 2 and "cannot set up the table" in result.stderr
    assert (tmp_path / "autosave.json").read_bytes() == before
    assert sorted(p.name for p in tmp_path.glob("autosave*")) == ["autosave.json"]
    resumed = typed(tmp_path, "quit\n", "resume", "--console")
    assert resumed.returncode == 0 and "resuming Training patrol at 1 June 1941, 04:10:00" in resumed.stderr


def test_a_new_game_keeps_the_previous_one_by_its_own_name_without_moving_it(tmp_path):
    previous = saved(tmp_path, seed=4, t=600)
    content = previous.read_bytes()
    kept = keep_aside(previous)
    assert kept is not None and kept.read_bytes() == content and previous.read_bytes() == content


def test_a_kept_game_and_its_journal_are_readable_by_their_owner_only(tmp_path):
    """Nothing lost, and nothing shown: the previous game kept aside at a new start is its owner's alone, the
    journal beside it as much as the save (the copy was readable by everyone while the save was not)."""
    previous = saved(tmp_path, seed=4, t=600)
    journal = journal_path(previous)
    journal.write_text('{"t": 600.0, "do": "report"}\n', encoding="utf-8")
    os.chmod(journal, 0o600)
    kept = keep_aside(previous)
    assert kept is not None and journal_path(kept).read_text(encoding="utf-8") == journal.read_text(encoding="utf-8")
    assert (kept.stat().st_mode & 0o777, journal_path(kept).stat().st_mode & 0o777) == (0o600, 0o600)


def test_earlier_games_are_pruned_to_the_newest_ten_but_an_unfinished_one_never(tmp_path):
    """Finished missions and exact copies go first; unfinished games stay however many there are."""
    names = []
    for i in range(14):
        path = saved(tmp_path, seed=100 + (i if i != 3 else 2), lost=i in (0, 1, 5), t=60)
        kept = tmp_path / f"autosave-20240101-1200{i:02d}.json"
        path.replace(kept)
        names.append(kept.name)
    # 0, 1, 5 are finished; 2 and 3 are the same game (copies); the rest unfinished
    pruned = prune_kept(tmp_path)
    deleted = sorted(p.name for p in pruned.deleted)
    assert deleted == [names[0], names[1], names[2], names[5]]  # the older copy of 2/3 goes
    assert len(list(tmp_path.glob("autosave-*.json"))) == KEEP_GAMES
    for i in range(8):  # more unfinished games than the limit
        path = saved(tmp_path, seed=200 + i, t=60)
        path.replace(tmp_path / f"autosave-20240102-1200{i:02d}.json")
    pruned = prune_kept(tmp_path)
    assert pruned.deleted == [] and pruned.unfinished_over == 8
    assert len(list(tmp_path.glob("autosave-*.json"))) == KEEP_GAMES + 8


def test_an_ended_mission_is_not_resumed_and_its_save_stays(tmp_path):
    path = saved(tmp_path, lost=True, t=120)
    before = path.read_bytes()
    result = run_kaleun("resume", "--console", home=tmp_path)
    assert result.returncode == 2
    assert "that mission is over (lost: rammed) and cannot be played on" in result.stderr
    assert "start a new game with kaleun play" in result.stderr
    assert path.read_bytes() == before
    russian = run_kaleun("resume", "--console", "--language", "ru", home=tmp_path)
    assert russian.returncode == 2 and "эта миссия окончена" in russian.stderr, russian.stderr
    assert path.read_bytes() == before


def test_one_game_per_home_and_the_second_says_which_process_holds_it(tmp_path):
    env = kaleun_env(tmp_path)
    first = subprocess.Popen([sys.executable, "-m", "kaleun", "play", "--headless", "--seed", "3"], env=env,
                             cwd=tmp_path, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        deadline = time.monotonic() + GUARD_S
        while not (tmp_path / "autosave.json").exists() and time.monotonic() < deadline:
            time.sleep(0.05)
        second = run_kaleun("play", "--console", "--seed", "4", home=tmp_path)
        assert second.returncode == 1
        assert f"another Kaleun (process {first.pid}) is already playing at this table" in second.stderr
        assert json.loads((tmp_path / "autosave.json").read_text())["seed"] == 3
        assert not list(tmp_path.glob("autosave-*"))  # the second kept nothing aside either
    finally:
        first.send_signal(signal.SIGTERM)
        assert first.wait(GUARD_S) == 0
    assert typed(tmp_path, "quit\n", "resume", "--console").returncode == 0


def test_the_lock_is_let_go_when_its_process_dies_however_it_dies(tmp_path):
    code = (f"from kaleun.homelock import HomeLock; import os; HomeLock({str(tmp_path)!r}).acquire(); "
            "os.kill(os.getpid(), 9)")
    subprocess.run([sys.executable, "-c", code], env=kaleun_env(tmp_path))
    with HomeLock(tmp_path):
        try:
            HomeLock(tmp_path).acquire()
        except TableBusy as exc:
            assert exc.pid == os.getpid()
        else:
            raise AssertionError("a second lock on the same home was granted")


def test_sdl_is_offered_only_the_drivers_that_can_work_here():
    """Without a display server or a sound card SDL is not started at all (no ALSA or
    XDG_RUNTIME_DIR noise); a driver chosen by the user is left alone."""
    none = {"PATH": "/bin"}
    assert video_drivers(none, dri=lambda: []) == []
    assert video_drivers({"DISPLAY": ":0"}, dri=lambda: []) == ["x11"]
    assert video_drivers({"WAYLAND_DISPLAY": "wayland-0"}, dri=lambda: []) == []  # no XDG_RUNTIME_DIR
    assert video_drivers({"WAYLAND_DISPLAY": "wayland-0", "XDG_RUNTIME_DIR": "/run/user/1000"},
                         dri=lambda: ["/dev/dri/card0"]) == ["wayland", "kmsdrm"]
    assert video_drivers({"SDL_VIDEODRIVER": "dummy"}) is None
    no_cards = lambda path: "--- no soundcards ---\n"  # noqa: E731
    assert audio_drivers(none, exists=lambda p: False, read=no_cards) == []
    one_card = lambda path: " 0 [Headphones     ]: bcm2835_headpho - bcm2835 Headphones\n"  # noqa: E731
    assert audio_drivers(none, exists=lambda p: False, read=one_card) == ["alsa"]
    assert audio_drivers({"XDG_RUNTIME_DIR": "/run/user/1000"}, exists=lambda p: p.endswith("pulse/native"),
                         read=no_cards) == ["pulseaudio"]
    assert audio_drivers({"SDL_AUDIODRIVER": "dummy"}) is None


def test_a_start_without_display_or_sound_prints_no_driver_noise(tmp_path):
    env = kaleun_env(tmp_path)
    for name in ("SDL_VIDEODRIVER", "SDL_AUDIODRIVER", "DISPLAY", "WAYLAND_DISPLAY", "XDG_RUNTIME_DIR"):
        env.pop(name, None)
    if video_drivers(env) or audio_drivers(env):
        import pytest

        pytest.skip("this machine has a display or a sound device: nothing to silence")
    done = subprocess.run([sys.executable, "-m", "kaleun", "play", "--seed", "1"], input="quit\n", env=env,
                          cwd=tmp_path, capture_output=True, text=True, timeout=GUARD_S)
    assert done.returncode == 0, done.stderr
    assert "ALSA lib" not in done.stderr and "XDG_RUNTIME_DIR" not in done.stderr
    assert "no sound" in done.stderr  # said once, in words


def test_resuming_another_save_keeps_the_game_in_the_autosave(tmp_path):
    """`kaleun resume --save OLD` plays on in the autosave: the game that was there is kept first."""
    current = saved(tmp_path, seed=8, t=300).read_bytes()
    other = tmp_path / "autosave-20240101-120000.json"
    game = new_game(9)
    game.advance_to(900)
    save_game(game, other)
    assert typed(tmp_path, "quit\n", "resume", "--console", "--save", str(other)).returncode == 0
    assert json.loads((tmp_path / "autosave.json").read_text())["seed"] == 9
    assert current in [p.read_bytes() for p in tmp_path.glob("autosave-*.json")]


def test_an_earlier_game_whose_result_is_damaged_or_that_is_no_file_is_never_pruned(tmp_path):
    """Nothing lost: pruning deletes only games it can read as finished; a kept save whose
    result is not one a mission ends with, a pipe or a folder under an earlier game's name stay."""
    names = []
    for i in range(12):
        path = saved(tmp_path, seed=300 + i, lost=i < 2, t=60)
        kept = tmp_path / f"autosave-20240103-1200{i:02d}.json"
        path.replace(kept)
        names.append(kept)
    state = json.loads(names[0].read_text())
    state["modules"]["mission"]["result"] = {"won": True}  # valid JSON, the wrong shape
    names[0].write_text(json.dumps(state))
    names[1].unlink()
    os.mkfifo(names[1])
    pruned = prune_kept(tmp_path)
    assert pruned.deleted == [] and pruned.unfinished_over == 2
    assert names[0].exists() and names[1].exists()
