"""Crew engine benchmarks (plain script; prints figures).

1. Order validation on a full table: every figure on the model, chips, conditions, a light failure;
   the median time of the order desk's crew validator for a mix of orders (target <= 50 us).
2. 100,000 random well-formed table commands (placements, orders, damage, corrections, undo, time
   passing) applied with no error, a new game whenever the mission ends; prints the rate.
"""

from __future__ import annotations

import collections
import random
import statistics
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path[:0] = [str(HERE.parents[1] / "host"), str(HERE.parent / "crew")]

from kaleun.core.args import Args  # noqa: E402
from kaleun.uboot.game import new_game  # noqa: E402
from kaleun.uboot.orders import Order  # noqa: E402
from random_table import step  # noqa: E402

FULL_TABLE = {"captain-square": 3, "captain-triangle": 1, "captain-circle": 1, "captain-hexagon": 6,
              "officer-square": 3, "officer-triangle": 3, "officer-circle": 2, "officer-hexagon": 4,
              "navigator-square": 8, "navigator-triangle": 8, "navigator-circle": 4, "navigator-hexagon": 7,
              "engineer-square": 5, "engineer-triangle": 5, "engineer-circle": 6, "engineer-hexagon": 3}

ORDERS = [("new_speed", {"speed": "half_ahead"}), ("new_course", {"course": 330}), ("dive", {}),
          ("observe", {}), ("periscope", {}), ("fire_torpedoes", {"tubes": [1, 2, 5]}), ("gun_88", {"target": "c1"}),
          ("enigma", {"messages": 2}), ("prepare_meal", {"take": [1]})]


def full_table():
    g = new_game(1)
    g.apply({"do": "crew_options", "rules": "enforce"})
    g.apply({"do": "order", "order": "mobilize"})
    for figure, section in FULL_TABLE.items():
        g.apply({"do": "place", "figure": figure, "section": section})
    g.apply({"do": "end_mobilize"})
    for figure in ("officer-square", "engineer-square", "captain-circle"):
        g.apply({"do": "chips", "figure": figure, "add": 1})
    g.apply({"do": "damage", "kind": "environmental", "condition": "light_failure", "section": 3})
    g.apply({"do": "damage", "kind": "environmental", "condition": "leak", "section": 6})
    return g


def bench_validation(rounds: int = 20000) -> None:
    g = full_table()
    crew = g.module("crew")
    desk = g.module("orders")
    orders = []
    for name, params in ORDERS:
        effect = desk._effects.get(name)
        parsed = effect.parse(Args({"do": "order", "order": name, **params})) if effect else dict(params)
        orders.append(Order(name, parsed, "bench"))
    timings: dict[str, list[float]] = collections.defaultdict(list)
    outcomes = {o.order: crew.validate(o) for o in orders}
    clock = time.perf_counter
    for _ in range(rounds):
        for o in orders:
            t0 = clock()
            crew.validate(o)
            timings[o.order].append(clock() - t0)
    allt = [x for v in timings.values() for x in v]
    print(f"order validation on a full table (16 figures, chips, a light failure), {rounds} rounds x "
          f"{len(orders)} orders:")
    for name, values in timings.items():
        verdict = "ok" if outcomes[name] is None else "refused"
        print(f"  {name:15s} median {statistics.median(values) * 1e6:6.1f} us   ({verdict})")
    print(f"  all orders      median {statistics.median(allt) * 1e6:6.1f} us, "
          f"p99 {sorted(allt)[int(len(allt) * 0.99)] * 1e6:6.1f} us (target <= 50 us)")


def bench_random_commands(total: int = 100_000) -> None:
    rng = random.Random(2024)
    counts: collections.Counter[str] = collections.Counter()
    games = 0
    applied = 0
    t0 = time.perf_counter()
    while applied < total:
        g = new_game(rng.randrange(2**31))
        g.apply({"do": "crew_options", "rules": rng.choice(["enforce", "advise"]), "wear": True})
        games += 1
        for _ in range(2000):
            for event in step(rng, g):
                counts[event.name] += 1
            applied += 1
            if applied >= total or g.module("mission").over:  # after the end every command is refused
                break
    wall = time.perf_counter() - t0
    print(f"{applied} random table commands in {games} games, no error: {wall:.1f} s, "
          f"{applied / wall:,.0f} commands/s")
    interesting = ["order_accepted", "order_rejected", "action_refused", "sailor_moved", "move_unmobilized",
                   "crew_damage", "sailor_killed", "watch_change", "technical_repaired", "section_flooded",
                   "meal_eaten", "undone", "mission_end"]
    print("  events: " + ", ".join(f"{k} {counts[k]}" for k in interesting))


if __name__ == "__main__":
    bench_validation()
    bench_random_commands()
