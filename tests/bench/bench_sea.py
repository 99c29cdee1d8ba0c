"""Benchmarks of the sea simulation: prints figures, asserts nothing.

1. A heavy convoy engagement (40 merchants, 8 escorts, 2 aircraft of the air escort): the boat
   at periscope depth among the columns torpedoes the two merchants nearest it (the convoy turns
   away, then scatters),
   the escorts hunt the boat with ASDIC and depth charges while it goes deep. Six game hours,
   advanced headless in one-minute slices. Target: at least 20,000 x real time on one core.
2. A 14-day Atlantic patrol in transit: moderate traffic and light air cover, a course change
   every day and a dive every second day, lookouts on the bridge when surfaced, repairs as the
   wear comes; advanced in the slices a runtime
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
    order(game, "mobilize")  # the engine men to their stations: one at the diesels, two at the motors (§6.5)
    for figure, section in (("engineer-square", 5), ("engineer-triangle", 6), ("engineer-circle", 6)):
        game.apply({"do": "place", "figure": figure, "section": section})
    order(game, "dive")  # to periscope depth
    order(game, "new_speed", speed="slow_ahead")
    counts: Counter[str] = Counter()
    script = {
        600: lambda: order(game, "periscope"),
        1200: lambda: order(game, "hydrophone"),
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


#: the crew's stations on patrol: two lookouts on the bridge, two engine men at the diesels (a new speed
#: surfaced needs two, §6.5) and one at the motors (a dive needs one in each engine room), the helmsmen and
#: ballast men in the control room, the cook in the crew quarters
STATIONS = {"navigator-square": 8, "navigator-triangle": 8, "engineer-square": 5, "engineer-circle": 5,
            "engineer-triangle": 6, "navigator-circle": 4}
LOOKOUTS = ("navigator-square", "navigator-triangle")
REPAIR_MEN = ("engineer-hexagon", "officer-hexagon", "engineer-circle")
ADJACENT = [(4, 5), (5, 6), (2, 4), (2, 5), (3, 5), (3, 6), (1, 2), (1, 3), (2, 3)]


class PatrolCrew:
    """A crew on patrol as the rules have it (the crew rules advise, so what is short is said, not refused):
    stations manned, lookouts posted when surfaced and brought in before a dive, every technical condition
    repaired by the repair men sent to its section, a meal cooked every day, the Captain's cards played when
    the command bar runs out."""

    def __init__(self, game) -> None:
        self.game = game
        self.counts: Counter[str] = Counter()

    def do(self, command) -> None:
        for e in self.game.apply(command):
            self.counts[e.name] += 1

    def order(self, name, **params) -> None:
        crew = self.game.module("crew")
        if crew.bars.command > 6:
            self.do({"do": "adjust_command", "by": 4, "why": "Captain's cards"})
        self.do({"do": "order", "order": name, **params})

    def move(self, places) -> None:
        self.order("mobilize")
        for figure, section in places.items():
            self.do({"do": "place", "figure": figure, "section": section})
        self.do({"do": "end_mobilize"})

    def man_stations(self) -> None:
        self.move(STATIONS)
        self.order("observe")

    def dive(self) -> None:
        self.move(dict.fromkeys(LOOKOUTS, 3))
        self.order("dive")

    def surface(self) -> None:
        self.order("surface")

    def after_surfacing(self) -> None:
        self.move(dict.fromkeys(LOOKOUTS, 8))
        self.order("observe")

    def repair(self) -> None:
        """Send the repair men to every open technical condition nobody works on (deck guns only surfaced)."""
        game = self.game
        tech = game.module("technical")
        crew = game.module("crew")
        boat = game.module("boat")
        for component, job in sorted(tech.jobs.items()):
            section = tech.section(component)
            if job.sailors or component in crew.repairs or (section > 6 and not boat.surfaced):
                continue
            men = [f for f in REPAIR_MEN if not crew.sailor(f).dead][:job.required]
            self.move(dict.fromkeys(men, section))
            self.order("repair", component=component)
            return  # one job at a time: the same men

    def cook(self) -> None:
        food = self.game.module("crew").food
        pyramid = list(food.pyramid)
        lemon = next((i + 1 for i, k in enumerate(pyramid) if k == "lemon"), None)
        for a, b in ADJACENT:
            if pyramid[a - 1] not in (None, "lemon") and pyramid[b - 1] not in (None, "lemon"):
                self.order("prepare_meal", take=[a, b], **({"lemon": lemon} if lemon else {}))
                return


def patrol(seed: int = 3, days: int = 14) -> None:
    """A crew sails a 14-day Atlantic patrol in transit compression (moderate traffic, light air cover):
    stations manned, lookouts on the bridge, half ahead, a course change every day and a dive every second day,
    repairs as the wear comes, a meal a day."""
    game = new_game(seed, "patrol_atlantic", {"crew_rules": "advise"})
    crew = PatrolCrew(game)
    crew.man_stations()
    crew.order("new_speed", speed="half_ahead")
    frame = 0.05 * FACTORS["transit"]  # game seconds per runtime frame in transit compression
    total = days * 86400
    counts = crew.counts
    calls = 0
    lost_at = ""
    start = time.perf_counter()
    t = 0.0
    next_day = 86400.0
    next_look = 0.0
    courses = [250, 270, 230, 260, 240]
    while t < total:
        t = min(total, t + frame)
        for e in game.advance_to(t):
            counts[e.name] += 1
            if e.name == "mission_end":
                lost_at = f" at day {e.t / 86400:.1f} ({e.data['reason']})"
            elif e.name == "boat_surfaced":
                crew.after_surfacing()

        calls += 1
        boat = game.module("boat")
        if game.module("mission").over:
            break
        if t >= next_look:  # every game hour the chief engineer looks over the repair list
            crew.repair()
            next_look = t + 3600.0
        day = int(t // 86400)
        if next_day - 43200 <= t < next_day - 3600 and boat.surfaced and day % 2 == 0 and not boat.lost:
            crew.dive()  # a dive at noon every second day, up again at midnight
        if t >= next_day:
            if not boat.surfaced:
                crew.surface()
            crew.order("new_course", course=courses[day % len(courses)])
            crew.cook()
            next_day += 86400
    wall = time.perf_counter() - start
    boat = game.module("boat")
    print(f"patrol in transit: {days} days ({calls} frames of {frame:.0f} game s) in {wall:.2f} s wall "
          f"= {total / wall:,.0f} x real time")
    print(f"  log {boat.distance_nm:.0f} nm; square {game.module('navigation').true_square()} "
          f"(reckoned {game.module('navigation').dr_square()}); events {sum(counts.values())}: "
          f"contact reports {counts['contact_report']}, aircraft attacks {counts['aircraft_attack']}, "
          f"weather {counts['weather']}, technical conditions {counts['technical_condition']}, repairs done "
          f"{counts['technical_repaired']}, meals {counts['meal_prepared']}, dives {counts['boat_submerged']}; "
          f"mission: {game.module('mission').result or 'going on'}{lost_at}")


if __name__ == "__main__":
    heavy_convoy()
    patrol()
