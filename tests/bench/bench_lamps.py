"""Lamp director benchmark (plain script; prints figures).

64 pixels on a Pi strip (NeoPixels shaded by the Pi: the costly case; a deck hub is sent looks
only when they change) under the busiest state we can build: the boat submerged and hunted,
every environmental condition in every hull section, two hull breaches counting down, a flooded
section, an exhausted crew, all five tubes busy, and events on top (a watch change on every
section, an echoing ping, a hit). Per frame: the median and the worst of
  1. an animation frame (the states as last read), and
  2. a frame that reads the game's states again (the first frame after an event).
Target: <= 1 ms per frame on this machine (median and 99th percentile). Each frame is timed by
the wall clock and by the CPU time of this thread: on a shared machine the wall clock's tail
holds the time other processes had the core; the CPU time is the director's own.
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path[:0] = [str(HERE.parents[1] / "host")]

from kaleun.boards.model import LampSpec  # noqa: E402
from kaleun.core.events import Event  # noqa: E402
from kaleun.ports.neopixel import NeopixelLamps  # noqa: E402
from kaleun.runtime.lamps import LampDirector  # noqa: E402
from kaleun.uboot.crew.bars import MORALE_LAST  # noqa: E402
from kaleun.uboot.crew.hazards import CONDITIONS  # noqa: E402
from kaleun.uboot.game import new_game  # noqa: E402

#: 8 sections of 6 pixels, 5 tubes of 2, an alarm of 4, the crew lamp of 2: 64 pixels
SEGMENTS = {**{f"section.{n}": ((n - 1) * 6, 6) for n in range(1, 9)},
            **{f"tube.{n}": (48 + (n - 1) * 2, 2) for n in range(1, 6)},
            "alarm": (58, 4), "crew": (62, 2)}


class Buffer(list):
    def show(self) -> None:
        pass


def busiest_game() -> Any:
    mission = "exercise_escort"  # submerged, two escorts hunting from the start
    game = new_game(0, mission)
    game.take_events()
    tubes = game.module("weapons").tubes  # every tube lamp lit: one loading, two flooded
    tubes[1].update(state="loading", until=game.t + 600.0)
    tubes[3].update(state="flooded")
    tubes[4].update(state="flooded")
    crew = game.module("crew")
    for section in range(1, 7):
        for condition in CONDITIONS:
            crew.hazards.chips.append({"id": len(crew.hazards.chips) + 1, "condition": condition,
                                       "section": section})
    game.apply({"do": "damage", "kind": "hull_breach", "section": 2})
    game.apply({"do": "damage", "kind": "hull_breach", "section": 6})
    crew.breaches.flooded.append(4)
    crew.bars.morale = MORALE_LAST  # exhausted
    game.take_events()
    return game


def frames(director: LampDirector, count: int, reread: bool) -> tuple[list[float], list[float]]:
    """Wall-clock and CPU times of `count` frames."""
    wall, cpu = [], []
    now = 100.0
    for _ in range(count):
        now += 0.05
        if reread:
            director._dirty = True  # as after an event
        started, used = time.perf_counter(), time.thread_time()
        director.tick(now)
        cpu.append(time.thread_time() - used)
        wall.append(time.perf_counter() - started)
    return wall, cpu


def figures(timings: list[float]) -> str:
    p99 = statistics.quantiles(timings, n=100)[98]
    return (f"median {statistics.median(timings) * 1e3:.3f} ms, 99th percentile {p99 * 1e3:.3f} ms, "
            f"worst {max(timings) * 1e3:.3f} ms")


def main() -> None:
    game = busiest_game()
    spec = LampSpec(driver="neopixel_spi", pixels=64, segments=SEGMENTS)
    lamps = NeopixelLamps(spec, pixels=Buffer([(0, 0, 0)] * 64))
    director = LampDirector(lamps, game=game, clock=lambda: 100.0)
    for name, data in (("watch_change", {}), ("ping", {"echo": True}), ("damage", {"section": 3})):
        director.handle(Event(game.t, "", name, data))
    director._dirty = True
    director.tick(100.0)
    print(f"busiest state: {len(director.facts)} facts, {len(director.lasting)} lasting looks, "
          f"{len(director.effects)} event looks on {len(SEGMENTS)} segments, 64 pixels")
    for what, reread in (("animation frame", False), ("frame reading the game's states", True)):
        frames(director, 200, reread)  # warm up
        wall, cpu = frames(director, 2000, reread)
        print(f"{what} (target <= 1 ms):\n  wall clock: {figures(wall)} (the tail includes the machine's own "
              f"pauses)\n  CPU time:   {figures(cpu)}")


if __name__ == "__main__":
    main()
