"""Captain Sonar benchmarks (plain script; prints figures, run by hand: python tests/bench/bench_sonar.py).

1. Route legality: `route.course_problem` for one course and `route.legal_courses` for all four,
   on boats in the middle of random games (long routes, mines) — target <= 50 us each.
2. Activation checks: `Team.activation_problem` plus the system's target check (torpedo range
   around islands, mine cell, silence path) — target <= 50 us each.
3. A whole random real-time game of 200 moves per team (courses and silent runs; drones, sonar
   and Stop! now and then, weapons held back so both boats live that long) written as a table
   script and run through `kaleun run` in a fresh process — target <= 1 s, process start included.
"""

from __future__ import annotations

import json
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
sys.path[:0] = [str(ROOT / "host"), str(HERE.parent / "sonar"), str(HERE.parent)]

from kaleun.sonar import route, systems  # noqa: E402
from kaleun.sonar.game import new_game, referee  # noqa: E402
from kaleun.sonar.grid import DIRECTIONS, around, step  # noqa: E402
from random_sonar import play_random  # noqa: E402

REPEAT = 2000


def median_us(fn, repeat: int = REPEAT) -> float:
    samples = []
    for _ in range(5):
        start = time.perf_counter()
        for _ in range(repeat):
            fn()
        samples.append((time.perf_counter() - start) / repeat * 1e6)
    return statistics.median(samples)


def boats(count: int = 20) -> list:
    """Teams in the middle of random games on Alpha (many islands)."""
    out = []
    for seed in range(count):
        game = new_game(seed, "alpha", "realtime")
        play_random(game, random.Random(seed), moves=40, weapons=False)
        ref = referee(game)
        out += [(ref, ref.teams[t]) for t in ("yellow", "blue")]
    return out


def bench_checks() -> None:
    sample = boats()
    routes = sum(len(t.route) for _, t in sample) / len(sample)
    rng = random.Random(1)
    course = []
    for ref, team in sample:
        direction = rng.choice("NESW")
        course.append(median_us(lambda r=ref, t=team, d=direction: route.course_problem(r.sea, t.cell, d, t.route_set,
                                                                                         t.mines), 500))
    legal = [median_us(lambda r=r, t=t: route.legal_courses(r.sea, t.cell, t.route_set, t.mines), 500)
             for r, t in sample]
    print(f"route legality ({len(sample)} boats, routes of {routes:.0f} cells on average):")
    for name, times in (("one course", course), ("all four courses", legal)):
        print(f"  {name:32s} median {statistics.median(times):6.2f} us, worst {max(times):6.2f} us (target <= 50)")
    gate, torpedo, mine, silence = [], [], [], []
    for ref, team in sample:
        here = team.cell
        target = rng.choice([c for c in ((here[0] + dx, here[1] + dy) for dx in range(-4, 5) for dy in range(-4, 5))
                             if ref.sea.on_map(c) and 0 < abs(c[0] - here[0]) + abs(c[1] - here[1]) <= 4])
        cell = rng.choice([c for c in around(here)])
        direction = rng.choice(list(DIRECTIONS))
        gate.append(median_us(lambda t=team: t.activation_problem("torpedo"), 500))
        torpedo.append(median_us(lambda r=ref, h=here, c=target: systems.torpedo_problem(r.sea, h, c, 4, True), 500))
        mine.append(median_us(lambda r=ref, t=team, h=here, c=cell: systems.mine_problem(r.sea, h, c, t.route_set,
                                                                                          t.mines), 500))
        silence.append(median_us(lambda r=ref, t=team, h=here, d=direction: route.silence_path(
            r.sea, h, d, 4, t.route_set, t.mines), 500))
        assert step(here, direction)  # the direction is a real one
    print("activation checks:")
    for name, times in (("gauge, breakdowns, move between", gate), ("torpedo range (around islands)", torpedo),
                        ("mine cell", mine), ("silence path of 4", silence)):
        print(f"  {name:32s} median {statistics.median(times):6.2f} us, worst {max(times):6.2f} us (target <= 50)")


def bench_game() -> None:
    game = new_game(11, "alpha", "realtime")
    lines, events = play_random(game, random.Random(11), moves=200, limit=60000, aggression=0.1, weapons=False)
    ref = referee(game)
    moves = {t: sum(1 for line in lines if line["team"] == t and (line["do"] == "course"
                                                                   or line.get("system") == "silence"))
             for t in ("yellow", "blue")}
    with tempfile.TemporaryDirectory() as folder:
        script = Path(folder) / "game.jsonl"
        script.write_text("".join(json.dumps(line) + "\n" for line in lines))
        out = Path(folder) / "events.jsonl"
        env_home = Path(folder) / "home"
        env_home.mkdir()
        command = [sys.executable, "-m", "kaleun", "run", "--game", "sonar", "--scenario", "alpha", "--mode",
                   "realtime", "--seed", "11", "--script", str(script), "--events", str(out)]
        env = {"PYTHONPATH": str(ROOT / "host"), "KALEUN_HOME": str(env_home), "PATH": "/usr/bin:/bin"}
        walls = []
        for _ in range(5):
            start = time.perf_counter()
            done = subprocess.run(command, capture_output=True, text=True, env=env)
            walls.append(time.perf_counter() - start)
            assert done.returncode == 0, done.stderr
        written = sum(1 for _ in out.open())
        start = time.perf_counter()
        subprocess.run([sys.executable, "-c", "import kaleun.cli"], env=env, check=True)
        bare = time.perf_counter() - start
    print(f"random real-time game through kaleun run: {len(lines)} script lines, moves {moves}, "
          f"{written} events ({len(events)} in process), phase {ref.phase}")
    print(f"  wall time per run: median {statistics.median(walls):.3f} s, best {min(walls):.3f} s (target <= 1 s); "
          f"python start and import of the command alone {bare:.3f} s")


if __name__ == "__main__":
    bench_checks()
    bench_game()
