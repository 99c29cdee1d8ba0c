"""Missions benchmark (plain script; prints figures, run by hand: python tests/bench/bench_missions.py).

A full three-week patrol through `kaleun run` in a fresh process, process start included — target <= 10 s
on one core: the long patrol (long_patrol_1941) as its winning table script plays it: the passage out from
Lorient to the air gap, the first convoy battle (a ship sunk, the escorts' depth charges), ten days on
station with meals, repairs and HQ's signals, the second convoy battle (two ships sunk), the passage home
(return to base), the debrief. Also the same game in-process (no process start) and the mission module's
share of its time.
"""

from __future__ import annotations

import cProfile
import io
import json
import pstats
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
sys.path[:0] = [str(ROOT / "host"), str(HERE.parent)]

from kaleun.boards.loader import default_board  # noqa: E402
from kaleun.runtime.script import EventWriter, ScriptRun  # noqa: E402
from kaleun.uboot.game import new_game  # noqa: E402

MISSION = "long_patrol_1941"
SCRIPT = HERE.parent / "missions" / "scripts" / f"{MISSION}.win.jsonl"


def in_process(profile: bool = False) -> tuple[float, list[dict], float]:
    game = new_game(0, MISSION)
    out = io.StringIO()
    profiler = cProfile.Profile() if profile else None
    start = time.perf_counter()
    if profiler is not None:
        profiler.enable()
    ScriptRun(game, default_board(), EventWriter(out)).run(SCRIPT)
    if profiler is not None:
        profiler.disable()
    wall = time.perf_counter() - start
    share = 0.0
    if profiler is not None:
        stats = pstats.Stats(profiler)
        total = stats.total_tt  # type: ignore[attr-defined]
        mission = sum(v[3] for k, v in stats.stats.items()  # type: ignore[attr-defined]
                      if k[0].endswith(("uboot/mission.py",)) and k[2] == "wake")
        share = mission / total if total else 0.0
    return wall, [json.loads(line) for line in out.getvalue().splitlines()], share


def through_kaleun_run() -> tuple[float, list[dict]]:
    with tempfile.TemporaryDirectory() as tmp:
        events, png = Path(tmp) / "events.jsonl", Path(tmp) / "debrief.png"
        env = {"PYTHONPATH": str(ROOT / "host"), "KALEUN_HOME": tmp, "SDL_VIDEODRIVER": "dummy",
               "SDL_AUDIODRIVER": "dummy", "PATH": "/usr/bin:/bin"}
        start = time.perf_counter()
        result = subprocess.run([sys.executable, "-m", "kaleun", "run", "--mission", MISSION, "--script", str(SCRIPT),
                                 "--events", str(events), "--debrief", str(png)], env=env, capture_output=True,
                                text=True, check=False)
        wall = time.perf_counter() - start
        if result.returncode != 0:
            raise SystemExit(f"kaleun run failed: {result.stderr}")
        return wall, [json.loads(line) for line in events.read_text().splitlines()]


def main() -> None:
    wall, events = through_kaleun_run()
    end = next(e for e in events if e["event"] == "mission_end")
    days = end["t"] / 86400.0
    counts: dict[str, int] = {}
    for e in events:
        counts[e["event"]] = counts.get(e["event"], 0) + 1
    print(f"three-week patrol {MISSION}: {days:.1f} days at sea, {end['result']} ({end['reason']}), grade "
          f"{end['grade']}, {end['ships_sunk']} ships sunk, {end['grt']:,} GRT")
    print(f"  kaleun run (fresh process, debrief PNG included): {wall:.2f} s wall "
          f"(target <= 10 s) = {end['t'] / wall:,.0f} x real time")
    print(f"  events: {len(events):,} (ping {counts.get('ping', 0)}, depth_charges {counts.get('depth_charges', 0)}, "
          f"contact {counts.get('contact', 0)}, radio_message {counts.get('radio_message', 0)}, "
          f"event_card {counts.get('event_card', 0)}, watch_change {counts.get('watch_change', 0)})")
    walls = []
    for _ in range(3):
        w, _events, _share = in_process()
        walls.append(w)
    _w, _e, share = in_process(profile=True)
    print(f"  in-process (no process start): best {min(walls):.2f} s; the mission module's own wakes take "
          f"{share:.1%} of it")


if __name__ == "__main__":
    main()
