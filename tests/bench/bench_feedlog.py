"""Info feed and console view benchmarks (plain script; prints figures).

1. The feed model (kaleun.ui.feedlog): every event of an escort hunt (two hours: some 3,000 pings,
   two dozen depth-charge patterns and their damage) and of a convoy coming into view, through
   `FeedLog.add`; microseconds per event and the lines kept.
2. The console's views on a busy picture: the convoy exercise by day, four lookouts up for 35
   minutes while the boat closes the convoy at full ahead (the whole convoy in sight), damage in
   every hull section and a dozen technical jobs:
   `contacts`, `status`, `crew`, `repairs`, `weapons` (median milliseconds per view).
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path[:0] = [str(HERE.parents[1] / "host")]

from kaleun.i18n import language  # noqa: E402
from kaleun.uboot.game import new_game  # noqa: E402
from kaleun.ui import console_views as views  # noqa: E402
from kaleun.ui.feedlog import FeedLog  # noqa: E402


def hunted():
    game = new_game(0, "exercise_escort")
    events = game.take_events()
    events += game.apply({"do": "order", "order": "new_depth", "depth_m": 60})
    events += game.apply({"do": "order", "order": "hydrophone"})
    events += game.advance(7200)
    return events


def convoy():
    game = new_game(0, "exercise_convoy")
    events = game.take_events()
    events += game.apply({"do": "order", "order": "mobilize"})
    for figure in ("navigator-square", "navigator-triangle", "navigator-hexagon", "officer-circle"):
        events += game.apply({"do": "place", "figure": figure, "section": 8})
    events += game.apply({"do": "order", "order": "observe", "count": 4})
    events += game.advance(3600)
    return events


def feed(name, events, rounds=20):
    best = float("inf")
    for _ in range(rounds):
        log = FeedLog()
        start = time.perf_counter()
        for event in events:
            log.add(event)
        best = min(best, time.perf_counter() - start)
    fed = sum(1 for e in events if e.feed is not None)
    print(f"feed, {name}: {len(events)} events ({fed} with a feed) -> {len(log.lines)} lines; "
          f"{best / len(events) * 1e6:.2f} us per event (best of {rounds})")


def busy_battle():
    game = new_game(0, "exercise_convoy")
    game.apply({"do": "order", "order": "mobilize"})
    for figure, section in (("navigator-square", 8), ("navigator-triangle", 8), ("navigator-hexagon", 8),
                            ("officer-circle", 8)):
        game.apply({"do": "place", "figure": figure, "section": section})
    game.apply({"do": "order", "order": "observe", "count": 4})
    game.advance(600)
    game.apply({"do": "order", "order": "new_course", "course": 30})
    game.apply({"do": "order", "order": "new_speed", "speed": "full_ahead"})
    game.advance(1500)
    assert game.module("mission").result is None
    for section in range(1, 7):
        game.apply({"do": "damage", "kind": "environmental", "condition": "leak", "section": section})
    game.apply({"do": "damage", "kind": "hull_breach", "section": 4})
    for component in ("periscope", "hydrophone", "diesels", "e_motors", "rudder", "compressor", "bow_tubes",
                      "stern_tube", "tdc", "batteries", "radio", "hydroplanes"):
        game.apply({"do": "damage", "kind": "technical", "component": component, "severity": "failure"})
    return game


def view_times(rounds=50):
    game = busy_battle()
    lang = language("en")
    contacts = len(game.module("sea").status()["contacts"])
    shows = {"contacts": lambda: views.contacts(game, lang), "status": lambda: views.status(game, "stop", lang),
             "crew": lambda: views.crew(game, lang), "repairs": lambda: views.repairs(game, lang),
             "weapons": lambda: views.weapons(game, lang)}
    print(f"views on the convoy exercise ({contacts} contacts, damage in every hull section, 12 jobs):")
    for name, show in shows.items():
        times = []
        for _ in range(rounds):
            start = time.perf_counter()
            lines = show()
            times.append(time.perf_counter() - start)
        print(f"  {name:9} {len(lines):3} lines  median {statistics.median(times) * 1e3:.2f} ms")


if __name__ == "__main__":
    feed("escort hunt, 2 h", hunted())
    feed("convoy in sight, 1 h", convoy())
    view_times()
