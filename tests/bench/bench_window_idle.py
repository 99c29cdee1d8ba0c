"""Benchmark: CPU used by an idle `kaleun play --mission training` window at real time (SDL dummy
video; the SDL audio thread counts too).

After the first frame nobody touches the table; the ship's clock still ticks every second and is
redrawn (the clock alone), and the window rests (it looks for a touch 5 times a second once
nobody touched it for 10 s). Measures the process's CPU time over a stretch of wall time (Linux
/proc). Target: 0.5 % of one core.
"""

from __future__ import annotations

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


def main() -> None:
    if not Path("/proc/self/stat").exists():
        raise SystemExit("needs Linux /proc")
    with tempfile.TemporaryDirectory() as home:
        env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", KALEUN_HOME=home,
                   PYTHONPATH=str(ROOT / "host"), PYGAME_HIDE_SUPPORT_PROMPT="1")
        env.pop("PYTHONDONTWRITEBYTECODE", None)  # an installed program has its bytecode compiled
        proc = subprocess.Popen([sys.executable, "-m", "kaleun", "-v", "play", "--seed", "1", "--mission",
                                 "training"], env=env,
                                stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                                text=True)
        assert proc.stderr is not None
        for line in proc.stderr:
            if MARKER in line:
                break
        time.sleep(1.0)  # let start-up work settle
        cpu0, wall0 = cpu_seconds(proc.pid), time.perf_counter()
        time.sleep(SECONDS)
        cpu1, wall1 = cpu_seconds(proc.pid), time.perf_counter()
        proc.send_signal(signal.SIGTERM)
        proc.stderr.read()
        proc.wait(timeout=30)
    share = (cpu1 - cpu0) / (wall1 - wall0) * 100
    print(f"idle kaleun play window at real time over {wall1 - wall0:.0f} s: {share:.2f} % of one core")


if __name__ == "__main__":
    main()
