"""Nothing lost, one game per home: two `kaleun play` started at the same instant with one KALEUN_HOME. Exactly one
plays; the other is refused naming the process that holds the table and writes nothing (no
session files, no earlier game kept, the autosave is the winner's). `KALEUN_DOUBLE_STARTS` sets
how many rounds (default 3; the figures are printed with `pytest -s`)."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from collections import Counter

import pytest
from kit import kaleun_env

ROUNDS = int(os.environ.get("KALEUN_DOUBLE_STARTS", "3"))
GUARD_S = 90  # failure guard only


@pytest.mark.slow
def test_two_starts_at_the_same_instant_give_one_game_and_one_sentence(tmp_path):
    outcomes: Counter[str] = Counter()
    for number in range(ROUNDS):
        home = tmp_path / f"round{number}"
        home.mkdir()
        env = kaleun_env(home)
        both = [subprocess.Popen([sys.executable, "-m", "kaleun", "play", "--headless", "--seed", str(seed)],
                                 env=env, cwd=home, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
                for seed in (11, 12)]
        try:
            loser = None
            deadline = time.monotonic() + GUARD_S
            while loser is None:  # the refused one leaves at once; the winner plays until stopped
                assert time.monotonic() < deadline, "neither start was refused: both play in one home"
                for proc in both:
                    try:
                        proc.wait(0.1)
                        loser = proc
                        break
                    except subprocess.TimeoutExpired:
                        continue
            winner = both[1] if loser is both[0] else both[0]
            _, said = loser.communicate(timeout=GUARD_S)
            assert loser.returncode == 1, said
            assert f"another Kaleun (process {winner.pid}) is already playing at this table" in said, said
            deadline = time.monotonic() + GUARD_S
            while not (home / "autosave.json").exists() and time.monotonic() < deadline:  # the winner plays
                time.sleep(0.05)
        finally:
            for proc in both:
                if proc.poll() is None:
                    proc.send_signal(signal.SIGTERM)
            codes = [proc.wait(GUARD_S) for proc in both]
        assert codes.count(0) == 1, codes
        seed = 11 if winner is both[0] else 12
        assert json.loads((home / "autosave.json").read_text())["seed"] == seed
        assert not list(home.glob("autosave-*"))
        sessions = sorted(p.name for p in (home / "sessions").iterdir())
        assert len([s for s in sessions if s.endswith(".script.jsonl")]) == 1, sessions
        outcomes["one game, one refusal"] += 1
    print(f"\ndouble starts: {ROUNDS} rounds of two kaleun play at the same instant: {dict(outcomes)}")
    assert outcomes["one game, one refusal"] == ROUNDS


def test_kaleun_run_refuses_to_save_over_the_autosave_of_a_game_playing_in_the_home(tmp_path):
    """Nothing lost, one game per home: `kaleun run --save` naming the home's autosave while a game plays there
    wrote over the playing game's save, and its journal then belonged to no save: a crash lost the evening.
    Refused with the process that holds the table; with no game playing it saves as asked."""
    from kaleun.homelock import HomeLock
    from kaleun.saves import read_state, save_game
    from kaleun.uboot.game import new_game
    from kit import run_kaleun, write_script

    playing = new_game(3)
    save_game(playing, tmp_path / "autosave.json")
    before = (tmp_path / "autosave.json").read_bytes()
    script = write_script(tmp_path / "s.jsonl", [{"t": 10, "do": "report"}])
    args = ("run", "--script", str(script), "--events", str(tmp_path / "e.jsonl"), "--seed", "8",
            "--save", str(tmp_path / "autosave.json"))
    with HomeLock(tmp_path):  # a game playing in this home
        done = run_kaleun(*args, home=tmp_path)
    assert done.returncode == 1 and f"kaleun run: another Kaleun (process {os.getpid()}) is already playing at this " \
        "table" in done.stderr, done.stderr
    assert (tmp_path / "autosave.json").read_bytes() == before
    done = run_kaleun(*args, home=tmp_path)
    assert done.returncode == 0, done.stderr
    assert read_state(tmp_path / "autosave.json")["seed"] == 8


def test_kaleun_run_to_the_autosave_of_a_game_playing_in_the_home_is_refused_before_it_plays(tmp_path):
    """One game per home, nothing lost: `kaleun run --save` naming the autosave of a game playing in the home played
    its whole script (hours of game time, minutes of a tester's wait) and only then was refused its save. It is
    refused before it plays: the events of an earlier run are kept, and the home's lock is held from then to its save
    (a `kaleun play` started meanwhile is refused naming the run)."""
    from kaleun.homelock import HomeLock
    from kit import run_kaleun, write_script

    events = tmp_path / "e.jsonl"
    events.write_text('{"t": 0, "event": "mission_start"}\n', encoding="utf-8")
    script = write_script(tmp_path / "s.jsonl", [{"t": 10, "do": "report"}])
    with HomeLock(tmp_path):  # a game playing in this home
        done = run_kaleun("run", "--script", str(script), "--events", str(events), "--until", "864000", "--save",
                          str(tmp_path / "autosave.json"), home=tmp_path)
    assert done.returncode == 1 and "is already playing at this table" in done.stderr, done.stderr
    assert "events written" not in done.stderr and not (tmp_path / "autosave.json").exists(), done.stderr
    assert events.read_text(encoding="utf-8") == '{"t": 0, "event": "mission_start"}\n'
