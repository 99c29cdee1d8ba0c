"""Benchmarks of the sea simulation: prints figures, asserts nothing.

1. A heavy convoy engagement (40 merchants, 8 escorts, 2 aircraft of the air escort): the boat
   at periscope depth among the columns torpedoes the two merchants nearest it (the convoy turns
   away, then scatters),
   the escorts hunt the boat with ASDIC and depth charges while it goes deep. Six game hours,
   advanced headless in one-minute slices. Target: at least 20,000 x real time on one core.
2. A 14-day Atlantic patrol in transit: moderate traffic and light air cover, a course change
   and a dive every day, lookouts on the bridge when surfaced; advanced in the slices a runtime
   frame in transit compression would ask for (0.05 s x 360). Target: at most 60 s wall.

Run: `python tests/bench/bench_sea.py` (or `make bench`).
"""

from __future__ import annotations

import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "host"))

from kaleun.uboot.compression import FACTORS
from kaleun.uboot.game import new_game


def order(game, name, **params):
    return game.apply({"do": "order", "order": name, **params})


def nearest_merchant(game) -> str:
    """The merchant nearest the boat: the one its torpedoes can reach."""
    sea = game.module("sea")
    bn = sea.boat_now()
    return min((bn.rel(*sea.vpos(v, game.t))[2], v.id) for v in sea.vessels.values() if not v.is_escort)[1]


def heavy_convoy(seed: int = 7, hours: float = 6.0) -> None:
    game = new_game(seed, "exercise_convoy_battle")
    sea = game.module("sea")
    ships = len(sea.vessels)
    escorts = sum(1 for v in sea.vessels.values() if v.is_escort)
    planes = len(sea.aircraft)
    order(game, "dive")
    order(game, "new_speed", speed="slow_ahead")
    counts: Counter[str] = Counter()
    script = {
        600: lambda: order(game, "periscope"),
        1200: lambda: order(game, "hydrophone"),
        1800: lambda: order(game, "periscope"),
        1260: lambda: sea.attacked(nearest_merchant(game), "torpedo hit"),
        1320: lambda: order(game, "new_depth", depth_m=80),
        1500: lambda: sea.attacked(nearest_merchant(game), "torpedo hit"),
        5400: lambda: order(game, "new_speed", speed="stop"),
    }
    total = hours * 3600
    start = time.perf_counter()
    t = 0.0
    while t < total:
        t = min(total, t + 60.0)
        for e in game.advance_to(t):
            counts[e.name] += 1
        step = script.pop(int(t), None)
        if step is not None:
            for e in step() or []:
                counts[e.name] += 1
    wall = time.perf_counter() - start
    print(f"heavy convoy: {ships} ships ({escorts} escorts) + {planes} aircraft, {hours:.0f} game hours "
          f"in {wall:.3f} s wall = {total / wall:,.0f} x real time")
    print(f"  events: {sum(counts.values())} (ping {counts['ping']}, explosion {counts['explosion']}, "
          f"damage {counts['damage']}, contact {counts['contact']}); mission: {game.module('mission').result}")


def patrol(seed: int = 3, days: int = 14) -> None:
    # crew rules advise: this measures the sea; an unstaffed order goes ahead with a warning
    game = new_game(seed, "patrol_atlantic", {"crew_rules": "advise"})
    for figure in ("navigator-square", "navigator-triangle", "navigator-hexagon"):
        game.apply({"do": "place", "figure": figure, "section": 8})
    order(game, "new_speed", speed="slow_ahead")
    order(game, "observe")
    frame = 0.05 * FACTORS["transit"]  # game seconds per runtime frame in transit compression
    total = days * 86400
    counts: Counter[str] = Counter()
    calls = 0
    lost_at = ""
    start = time.perf_counter()
    t = 0.0
    next_day = 86400.0
    courses = [250, 270, 230, 260, 240]
    while t < total:
        t = min(total, t + frame)
        for e in game.advance_to(t):
            counts[e.name] += 1
            if e.name == "mission_end":
                lost_at = f" at day {e.t / 86400:.1f} ({e.data['reason']})"
        calls += 1
        if t >= next_day - 43200 and not game.module("boat").lost and game.module("boat").surfaced \
                and int(next_day) // 86400 % 2 == 0:
            order(game, "dive")
        if t >= next_day:
            boat = game.module("boat")
            if not boat.surfaced and not boat.lost:
                order(game, "surface")
            order(game, "new_course", course=courses[int(next_day // 86400) % len(courses)])
            next_day += 86400
        if game.module("boat").surfaced and not game.module("sea").observing and not game.module("boat").lost:
            order(game, "observe")
    wall = time.perf_counter() - start
    boat = game.module("boat")
    print(f"patrol in transit: {days} days ({calls} frames of {frame:.0f} game s) in {wall:.2f} s wall "
          f"= {total / wall:,.0f} x real time")
    print(f"  log {boat.distance_nm:.0f} nm; square {game.module('navigation').true_square()} "
          f"(reckoned {game.module('navigation').dr_square()}); events {sum(counts.values())}: "
          f"contact reports {counts['contact_report']}, aircraft attacks {counts['aircraft_attack']}, "
          f"weather {counts['weather']}; mission: {game.module('mission').result or 'going on'}{lost_at}")


if __name__ == "__main__":
    heavy_convoy()
    patrol()
