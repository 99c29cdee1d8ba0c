"""Watches and the ship's bell (rulebook 6.8).

At each watch-change hour the bell is struck (8 bells at 00:00 and 12:00, 4 at 06:00 and
18:00, in pairs) and the other watch comes on duty. Other modules (the crew engine)
listen to `watch_change` to carry out the hand-over.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from kaleun.core.engine import Module
from kaleun.core.messages import Msg
from kaleun.core.shape import COUNT, Int, Num, Obj
from kaleun.uboot import data

WATCHES = data.load("watches")
HOURS: tuple[int, ...] = tuple(WATCHES["hours"])
NAMES: list[str] = WATCHES["watches"]
STRIKES: dict[int, int] = {int(h): int(n) for h, n in WATCHES["bells"].items()}


def strike_pattern(strikes: int) -> list[int]:
    """Bell strokes grouped in pairs, an odd stroke last on its own: 8 -> [2, 2, 2, 2]."""
    return [2] * (strikes // 2) + ([1] if strikes % 2 else [])


class Watch(Module):
    name = "watch"

    def __init__(self) -> None:
        self.on_duty = 0  # index into NAMES
        self.changes = 0
        self.next_change: float | None = None

    def attach(self, engine: Any) -> None:
        super().attach(engine)
        if self.next_change is None:
            self.next_change = engine.clock.next_time_of_day(engine.t, HOURS)

    @property
    def watch_name(self) -> str:
        return NAMES[self.on_duty]

    def next_wake(self) -> float | None:
        return self.next_change

    def wake(self, now: float) -> None:
        engine = self.engine
        hour = engine.clock.at(now).hour
        strikes = STRIKES[hour]
        self.emit("bell", strikes=strikes, pattern=strike_pattern(strikes))
        previous = self.watch_name
        self.on_duty = (self.on_duty + 1) % len(NAMES)
        self.changes += 1
        extra: dict[str, Any] = {}
        if engine.has_module("boat"):
            extra["distance_nm"] = round(engine.module("boat").distance_nm, 3)
        feed = Msg.plural("{strikes} bells, {time}: watch change, the {watch} watch takes over.",
                          "{strikes} bells, {time}: watch change, the {watch} watch takes over.", n=strikes,
                          strikes=strikes, time=engine.clock.hhmm(now), watch=Msg.term(self.watch_name))
        self.emit("watch_change", feed=feed,
                  watch=self.watch_name, previous=previous, number=self.changes, **extra)
        self.next_change = engine.clock.next_time_of_day(now, HOURS)

    def status(self) -> dict[str, Any]:
        return {"on_duty": self.watch_name, "changes": self.changes,
                "next_change": self.engine.clock.iso(self.next_change or 0.0)}

    state_shape = Obj(on_duty=Int(0, len(NAMES) - 1), changes=COUNT, next_change=Num(0, 1e10))

    def to_state(self) -> dict[str, Any]:
        return {"on_duty": self.on_duty, "changes": self.changes, "next_change": self.next_change}

    def load_state(self, state: Mapping[str, Any]) -> None:
        on_duty = int(state["on_duty"])
        if not 0 <= on_duty < len(NAMES):
            raise ValueError(f"watch index {on_duty} out of range")
        next_change = float(state["next_change"])
        when = self.engine.clock.at(next_change)  # OverflowError/ValueError for absurd times
        if (when.hour, when.minute, when.second) not in {(h, 0, 0) for h in HOURS}:
            raise ValueError(f"the next watch change {when:%H:%M:%S} is not a watch-change hour")
        self.on_duty = on_duty
        self.changes = int(state["changes"])
        self.next_change = next_change
