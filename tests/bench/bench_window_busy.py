"""Benchmark: a frame of every window screen in the busiest game we can build.

The convoy battle exercise moved to noon so the lookouts see the whole convoy (40 merchants and
8 escorts: about 40 contacts on the plot, the scope full of silhouettes), a torpedo in the water,
fire, leak, gas, an electrical fault and a light failure in the hull, a hull breach counting down,
failures to repair and injured sailors. Each screen is drawn again and again (SDL dummy video),
the game one second further each time, as the window does while the clock runs; a frame is
reading the screen's state and drawing all of it. Target: 16 ms for the busiest screen.
"""

from __future__ import annotations

import os
import statistics
import sys
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "host"))

import pygame
from kaleun.boards.loader import default_board
from kaleun.runtime.loop import Runtime
from kaleun.runtime.table import Table
from kaleun.uboot.game import new_game
from kaleun.ui.layout import TABS
from kaleun.ui.window import Window

FRAMES = 60
TARGET_MS = 16.0


class Clock:
    now = 0.0

    def __call__(self) -> float:
        return self.now


def busy_window(size: tuple[int, int]) -> tuple[Window, Runtime, Clock]:
    clock = Clock()
    game = new_game(seed=0, mission="exercise_convoy_battle", changes={"start": "1941-09-11T12:00:00"})
    runtime = Runtime(game, Table(default_board(), game), clock=clock)
    window = Window(runtime, size=size, clock=clock)
    rt = runtime
    rt.step()
    rt.submit({"do": "order", "order": "mobilize"})
    for figure, section in (("navigator-square", 8), ("navigator-triangle", 8), ("navigator-hexagon", 8)):
        rt.table.actuate({"do": "place", "figure": figure, "section": section})
    rt.submit({"do": "order", "order": "observe"})
    rt.submit({"do": "order", "order": "flood_tubes", "tubes": [1, 2]})
    clock.now = 240.0
    rt.step()
    contacts = rt.game.module("sea").status()["contacts"]
    if contacts:
        rt.submit({"do": "order", "order": "tdc", "contact": contacts[0]["contact"]})
        rt.submit({"do": "order", "order": "fire_torpedoes", "tubes": [1]})
    for condition, section in (("fire", 5), ("leak", 2), ("electrical_fault", 6), ("light_failure", 1),
                               ("toxic_gas", 3)):
        rt.submit({"do": "damage", "kind": "environmental", "condition": condition, "section": section})
    rt.submit({"do": "damage", "kind": "hull_breach", "section": 4})
    for component in ("periscope", "diesels", "compressor"):
        rt.submit({"do": "damage", "kind": "technical", "component": component, "severity": "failure"})
    rt.submit({"do": "damage", "kind": "crew", "sections": [3, 4]})
    clock.now = 250.0
    rt.step()
    window.ui["contact"] = contacts[0]["contact"] if contacts else None
    window.dismiss_alarms()
    return window, runtime, clock


def bench(size: tuple[int, int]) -> dict[str, list[float]]:
    window, runtime, clock = busy_window(size)
    surface = pygame.Surface(size)
    times: dict[str, list[float]] = {}
    screens = [*TABS, "scope-gun_sight"]
    nearest = runtime.game.module("sea").status()["contacts"]
    for name in screens:
        tab = "scope" if name.startswith("scope") else name
        window.show(tab)
        if tab == "scope":  # turned to the convoy: its ships fill the view
            window.ui["optic"] = "gun_sight" if name == "scope-gun_sight" else "binoculars"
            window.ui["scope_bearing"] = int(nearest[0]["bearing"]) if nearest else 0
        window.render(surface)  # warm the text cache, as the screen shown for a while has it
        samples = []
        for _ in range(FRAMES):
            clock.now += 1.0
            runtime.step()
            start = time.perf_counter()
            window.render(surface)
            samples.append((time.perf_counter() - start) * 1000)
        times[name] = samples
    contacts = len(runtime.game.module("sea").status()["contacts"])
    print(f"  {contacts} contacts on the plot, {len(runtime.game.module('sea').vessels)} ships at sea")
    return times


def main() -> None:
    for size in ((800, 480), (1280, 800)):
        print(f"window {size[0]}x{size[1]}, {FRAMES} frames a screen (ms: median / 95th percentile / worst):")
        times = bench(size)
        worst_screen = ""
        worst = 0.0
        for name, samples in times.items():
            p95 = sorted(samples)[int(0.95 * len(samples)) - 1]
            print(f"  {name:24} {statistics.median(samples):6.2f} {p95:6.2f} {max(samples):6.2f}")
            if p95 > worst:
                worst, worst_screen = p95, name
        verdict = "ok" if worst <= TARGET_MS else "OVER TARGET"
        print(f"  busiest: {worst_screen} at {worst:.2f} ms (95th percentile; target <= {TARGET_MS} ms): {verdict}")


if __name__ == "__main__":
    main()
