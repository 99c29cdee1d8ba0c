"""Benchmark: `kaleun play` from process start to the first rendered frame (SDL dummy video).

Starts the real command several times in a fresh process, waits for the window's
"first frame drawn" log line, then stops it with SIGTERM (SDL turns that into a window
close, so the game saves and exits normally). Prints the median and the worst time, for a new
game (its first frame is the set-up screen) and for a mission named on the command line (the
game's boat screen). Target: <= 1.0 s.
"""

from __future__ import annotations

import os
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
RUNS = 7
TARGET_S = 1.0
MARKER = "first frame drawn"


def one_run(home: str, extra: tuple[str, ...] = ()) -> float:
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", KALEUN_HOME=home,
               PYTHONPATH=str(ROOT / "host"), PYGAME_HIDE_SUPPORT_PROMPT="1")
    env.pop("PYTHONDONTWRITEBYTECODE", None)  # an installed program has its bytecode compiled
    start = time.perf_counter()
    proc = subprocess.Popen([sys.executable, "-m", "kaleun", "-v", "play", "--seed", "1", *extra], env=env,
                            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    assert proc.stderr is not None
    elapsed = None
    for line in proc.stderr:
        if MARKER in line:
            elapsed = time.perf_counter() - start
            break
    proc.send_signal(signal.SIGTERM)
    proc.stderr.read()
    status = proc.wait(timeout=30)
    if elapsed is None:
        raise SystemExit(f"kaleun play never drew a frame (exit status {status})")
    if status != 0:
        raise SystemExit(f"kaleun play exited with status {status} after SIGTERM")
    return elapsed


def main() -> None:
    with tempfile.TemporaryDirectory() as home:
        one_run(home)  # compiles the bytecode, as installing does
    for what, extra in (("set-up screen", ()), ("--mission training", ("--mission", "training"))):
        times = []
        for _ in range(RUNS):
            with tempfile.TemporaryDirectory() as home:
                times.append(one_run(home, extra))
        median, worst = statistics.median(times), max(times)
        print(f"kaleun play ({what}), start to first frame (SDL dummy video), {RUNS} runs: "
              f"median {median:.3f} s, max {worst:.3f} s, min {min(times):.3f} s (target <= {TARGET_S} s): "
              f"{'ok' if worst <= TARGET_S else 'OVER TARGET'}")


if __name__ == "__main__":
    main()
