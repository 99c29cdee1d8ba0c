"""kill -9 at random moments of a transit run: the resumed game has lost at most a game minute
(and nothing the crew saw happen before the last clock mark). The moments are seeded;
`KALEUN_KILLS` sets how many (default 6; the figures are printed with `pytest -s`)."""

from __future__ import annotations

import os
import random
import signal
import time

import pytest
from faultkit import Console, seconds
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
        moment = time.monotonic() + rng.uniform(0.3, 2.5)
        while time.monotonic() < moment:
            game.send("status")  # what the crew sees: the clock as it runs
            game.read(0.05)
        game.proc.send_signal(signal.SIGKILL)
        game.finish()
        seen = game.clocks()
        assert seen, game.text
        last_seen = seconds(seen[-1])
        resumed = Console(home, "resume", "--console")
        resumed.send("quit")
        assert resumed.finish() == 0, resumed.text
        at = seconds(resumed.text.split("resuming training at ", 1)[1][:19])
        lost.append(last_seen - at)
        assert last_seen - at <= MARK_GAME_S, f"kill {kill}: the crew saw {seen[-1]}, the resume starts {at} s in"
    print(f"\nkill -9 in transit, {KILLS} kills: game time lost behind the last clock the crew saw: "
          f"max {max(lost):.0f} s, mean {sum(lost) / len(lost):.0f} s (each {', '.join(f'{x:.0f}' for x in lost)})")
    assert max(lost) <= 60
