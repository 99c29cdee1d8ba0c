"""Foundation benchmarks (run by hand: python tests/bench/bench_runtime.py).

- `kaleun run` over 24 game hours with no inputs (target ≤ 1 s wall), in-process and as a command;
- idle runtime at real time: CPU used by `kaleun play --console` over 60 s (target ≤ 2 % of one core).
"""

from __future__ import annotations

import io
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "host"))

from kaleun.boards.loader import default_board  # noqa: E402
from kaleun.runtime.script import EventWriter, ScriptRun  # noqa: E402
from kaleun.uboot.game import new_game  # noqa: E402


def env(home: str) -> dict[str, str]:
    e = dict(os.environ, PYTHONPATH=str(ROOT / "host"), KALEUN_HOME=home, SDL_AUDIODRIVER="dummy")
    e.pop("SDL_VIDEODRIVER", None)
    return e


def _timed(run, runs: int) -> list[float]:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        run()
        times.append(time.perf_counter() - start)
    return times


def bench_24h(runs_in_process: int = 5, runs_command: int = 3) -> None:
    """24 game hours with no inputs: in process, and as the `kaleun run` command."""
    with tempfile.TemporaryDirectory() as tmp:
        script = Path(tmp) / "idle.jsonl"
        script.write_text('{"t": 86400, "do": "end"}\n')
        inner = _timed(lambda: ScriptRun(new_game(1), default_board(), EventWriter(io.StringIO())).run(script),
                       runs_in_process)
        command = [sys.executable, "-m", "kaleun", "run", "--script", str(script), "--events", str(Path(tmp) / "e")]
        outer = _timed(lambda: subprocess.run(command, env=env(tmp), check=True, capture_output=True), runs_command)
    print(f"24 game hours, no inputs, in process: median {statistics.median(inner) * 1000:.1f} ms "
          f"(max {max(inner) * 1000:.1f} ms, {runs_in_process} runs)")
    print(f"24 game hours, no inputs, `kaleun run` command incl. interpreter start: median "
          f"{statistics.median(outer):.2f} s (max {max(outer):.2f} s, {runs_command} runs)")


def _cpu_seconds(pid: int) -> float:
    with open(f"/proc/{pid}/stat") as fh:
        fields = fh.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def bench_idle(seconds: float = 60.0) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        proc = subprocess.Popen([sys.executable, "-m", "kaleun", "play", "--console"], stdin=subprocess.PIPE,
                                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env(tmp), cwd=tmp)
        try:
            time.sleep(3)  # start-up is not idling
            before = _cpu_seconds(proc.pid)
            start = time.monotonic()
            time.sleep(seconds)
            used = _cpu_seconds(proc.pid) - before
            wall = time.monotonic() - start
        finally:
            proc.stdin.close()
            proc.wait(30)
    print(f"idle runtime at real time (console, sim board): {used:.2f} s CPU over {wall:.0f} s "
          f"= {100 * used / wall:.2f} % of one core")


if __name__ == "__main__":
    bench_24h()
    bench_idle(float(sys.argv[1]) if len(sys.argv) > 1 else 60.0)
