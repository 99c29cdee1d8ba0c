"""Issue 13 §2/§3 with the console's `wait`: a long wait typed at a terminal runs the game's time on at once, and a
stop signal (SIGTERM, SIGINT, SIGHUP) that comes meanwhile ends it at the next game step; the game is saved as the
console's `quit` saves it, at the moment the signal stopped it, and `kaleun resume` goes on from there."""

from __future__ import annotations

import re
import signal
import subprocess
import sys
from pathlib import Path

import pytest
from faultkit import default_stop_signals, signal_during_a_wait
from kaleun.saves import read_state
from kit import kaleun_env

WAIT_S = 3 * 86_400


@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGINT, signal.SIGHUP], ids=lambda s: s.name)
def test_a_stop_signal_ends_a_long_wait_at_the_next_step_and_saves(home: Path, sig: signal.Signals) -> None:
    program = signal_during_a_wait(int(sig), 50, "play", "--console", "--mission", "torpedo_crisis_1940",
                                   "--seed", "2")
    done = subprocess.run([sys.executable, "-c", program], input="wait 3d through\nstatus\n", capture_output=True,
                          text=True, env=kaleun_env(home), timeout=300, cwd=home, preexec_fn=default_stop_signals)
    assert done.returncode == 0, done.stdout + done.stderr
    found = re.search(r"A stop signal ended the wait at [^(]+\(game time (\d+) s\)", done.stdout)
    assert found is not None, done.stdout
    stopped = float(found[1])
    assert 0 < stopped < WAIT_S and "The mission is over" not in done.stdout, done.stdout
    saved = read_state(home / "autosave.json")
    assert round(float(saved["t"])) == stopped, saved["t"]  # saved where the signal stopped the wait, as a quit
