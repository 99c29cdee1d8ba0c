"""kill -9 at random moments of a transit run with orders given as it runs: the resumed game has lost
at most a game minute (and nothing the crew saw happen before the last clock mark), and every command
the game had applied. The moments are seeded;
`KALEUN_KILLS` sets how many (default 6; the figures are printed with `pytest -s`). A second test kills a
real-time game: the wall seconds lost."""

from __future__ import annotations

import os
import random
import re
import signal
import time

import pytest
from faultkit import Console, resumed_at, seconds
from kaleun.journal import MARK_GAME_S

KILLS = int(os.environ.get("KALEUN_KILLS", "6"))


@pytest.mark.slow
def test_kill_9_during_transit_loses_at_most_a_game_minute(tmp_path):
    rng = random.Random(9)
    lost: list[float] = []
    for kill in range(KILLS):
        home = tmp_path / f"run{kill}"
        home.mkdir()
        game = Console(home, "play", "--console", "--seed", str(kill))
        game.expect("> ")
        game.send("time transit")
        game.expect_clock()  # the game runs and answers: the kill's moment counts from here
        moment = time.monotonic() + rng.uniform(0.3, 2.5)
        turn = 0
        while time.monotonic() < moment:
            game.send("status")  # what the crew sees: the clock as it runs
            turn += 1
            if kill % 2 and turn % 10 == 0:  # every other run: an order given as it runs (its feed line drops
                # the time to real time: the other runs measure a transit undisturbed)
                game.send(f"order new_course course={turn % 360}")
                game.send("time transit")
            game.read(0.05)
        game.proc.send_signal(signal.SIGKILL)
        game.finish()
        seen = game.clocks()
        assert seen, game.text
        last_seen = seconds(seen[-1])
        # every command the game applied (the session script has it, written after the journal's line)
        applied = [line for line in next((home / "sessions").glob("*.script.jsonl")).read_text().splitlines()
                   if line.startswith("{")]
        resumed = Console(home, "resume", "--console")
        resumed.send("quit")
        assert resumed.finish() == 0, resumed.text
        at = seconds(resumed_at(resumed.text))
        replayed = int(re.search(r"and (\d+) commands? from its journal", resumed.text).group(1))  # type: ignore[union-attr]
        assert replayed >= len(applied), f"kill {kill}: {len(applied)} commands applied, {replayed} replayed"
        lost.append(last_seen - at)
        assert last_seen - at <= MARK_GAME_S, f"kill {kill}: the crew saw {seen[-1]}, the resume starts {at} s in"
    print(f"\nkill -9 in transit, {KILLS} kills: game time lost behind the last clock the crew saw: "
          f"max {max(lost):.0f} s, mean {sum(lost) / len(lost):.0f} s (each {', '.join(f'{x:.0f}' for x in lost)})")
    assert max(lost) <= 60


@pytest.mark.slow
def test_kill_9_in_real_time_loses_at_most_a_few_wall_seconds(tmp_path):
    """Nothing lost, a crash loses at most a game minute, its second half: "at most a few seconds of wall time". In real
    time a game second is a wall second, so the game clock a resume starts at is the wall time kept: a kill -9
    after 4.5 to 8 wall seconds of play loses at most the journal's wall mark (a second) and the step
    under way, never the half game minute a transit run may lose."""
    rng = random.Random(13)
    lost: list[float] = []
    for kill in range(max(2, KILLS // 2)):
        home = tmp_path / f"run{kill}"
        home.mkdir()
        game = Console(home, "play", "--console", "--seed", str(kill))
        game.expect("> ")
        game.expect_clock()
        moment = time.monotonic() + rng.uniform(4.5, 8.0)  # longer than the bound below
        while time.monotonic() < moment:
            game.send("status")
            game.read(0.1)
        game.proc.send_signal(signal.SIGKILL)
        game.finish()
        seen = game.clocks()
        assert seen, game.text
        last_seen = seconds(seen[-1])
        resumed = Console(home, "resume", "--console")
        resumed.send("quit")
        assert resumed.finish() == 0, resumed.text
        at = seconds(resumed_at(resumed.text))
        assert last_seen >= 1, f"kill {kill}: the clock never ran ({seen[-1]})"
        lost.append(last_seen - at)
    print(f"\nkill -9 in real time, {len(lost)} kills: wall (= game) seconds lost behind the last clock seen: "
          f"max {max(lost):.0f} s, mean {sum(lost) / len(lost):.1f} s (each {', '.join(f'{x:.0f}' for x in lost)})")
    assert max(lost) <= 3, lost
