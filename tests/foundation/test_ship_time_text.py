"""An event's ship's time (`ShipTimeText`, the engine's shortcut for events many to the minute) is exactly
`GameClock.iso`: in order and out of order, across seconds, minutes, hours, days and a year's end, and for
fractions of a second that round up to the next second."""

from __future__ import annotations

import random
from datetime import datetime

from kaleun.core.clock import GameClock, ShipTimeText


def test_the_ship_time_text_is_the_clocks_iso_for_any_time():
    clock = GameClock(datetime(1941, 12, 31, 23, 58, 30))
    text = ShipTimeText(clock)
    rng = random.Random(7)
    times = [0.0, 0.5, 0.999, 0.9995, 0.9999996, 29.0, 29.9999999, 30.0, 89.5, 90.0, 3600.25, 86399.9999999]
    t = 0.0
    for _ in range(20_000):  # mostly forwards, as events come: many to the second, sometimes a jump back
        t = max(0.0, t + rng.choice((0.0, rng.uniform(0, 2), rng.uniform(0, 120), -rng.uniform(0, 90))))
        times.append(t)
        times.append(t + rng.choice((0.999, 0.9999, 0.9999994, 0.9999996)) - (t % 1.0))
    for t in times:
        assert text(t) == clock.iso(t), t


def test_a_clock_starting_within_a_second_takes_the_clocks_own_way():
    clock = GameClock(datetime(1941, 6, 1, 4, 0, 0, 500_000))
    text = ShipTimeText(clock)
    assert [text(t) for t in (0.0, 0.4, 0.6, 59.7)] == [clock.iso(t) for t in (0.0, 0.4, 0.6, 59.7)]
