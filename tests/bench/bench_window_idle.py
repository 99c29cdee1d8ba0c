"""Benchmark: CPU used by an idle `kaleun play --mission training` window at real time (SDL dummy
video; the SDL audio thread counts too).

After the first frame nobody touches the table; the ship's clock still ticks every second and is
redrawn (the clock alone), and the window rests (it looks for a touch 5 times a second once
nobody touched it for 10 s). Measures the process's CPU time over a stretch of wall time (Linux
/proc). Target: 0.5 % of one core.

`--paged`: the window resumed (in German) on a game whose newest feed line is too long for the ticker's two rows
(a crew damage naming five injured, §6.10), so the ticker turns its pages every 8 s while nobody touches it.
"""

from __future__ import annotations

import argparse
import os
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SECONDS = 20.0
MARKER = "first frame drawn"


def cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")  # utime + stime


def paged_save(path: Path) -> None:
    """A save whose newest feed line takes the ticker's pages: the crew damage of an enemy attack on section 3
    (seed 0 of the convoy exercise: five sailors injured)."""
    sys.path.insert(0, str(ROOT / "host"))
    from kaleun.saves import save_game
    from kaleun.uboot.game import new_game

    game = new_game(seed=0, mission="exercise_convoy")
    game.apply({"do": "order", "order": "mobilize"})
    game.advance_to(2)
    game.apply({"do": "damage", "kind": "crew", "sections": [3]})
    save_game(game, path)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--paged", action="store_true", help="a newest feed line whose ticker pages turn")
    parser.add_argument("--seconds", type=float, default=SECONDS, help=f"wall seconds measured (default {SECONDS:g})")
    args = parser.parse_args()
    if not Path("/proc/self/stat").exists():
        raise SystemExit("needs Linux /proc")
    with tempfile.TemporaryDirectory() as home:
        env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", KALEUN_HOME=home,
                   PYTHONPATH=str(ROOT / "host"), PYGAME_HIDE_SUPPORT_PROMPT="1")
        env.pop("PYTHONDONTWRITEBYTECODE", None)  # an installed program has its bytecode compiled
        if args.paged:
            save = Path(home) / "paged.json"
            paged_save(save)
            command = ["resume", "--save", str(save), "--language", "de"]
            what = "idle kaleun resume window, its ticker turning pages,"
        else:
            command = ["play", "--seed", "1", "--mission", "training"]
            what = "idle kaleun play window"
        proc = subprocess.Popen([sys.executable, "-m", "kaleun", "-v", *command], env=env,
                                stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                                text=True)
        assert proc.stderr is not None
        for line in proc.stderr:
            if MARKER in line:
                break
        time.sleep(1.0)  # let start-up work settle
        cpu0, wall0 = cpu_seconds(proc.pid), time.perf_counter()
        time.sleep(args.seconds)
        cpu1, wall1 = cpu_seconds(proc.pid), time.perf_counter()
        proc.send_signal(signal.SIGTERM)
        proc.stderr.read()
        proc.wait(timeout=30)
    share = (cpu1 - cpu0) / (wall1 - wall0) * 100
    print(f"{what} at real time over {wall1 - wall0:.0f} s: {share:.2f} % of one core")


if __name__ == "__main__":
    main()
