"""Events: what the core tells the world."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

#: fields of every event line; an event's own data may not use them
RESERVED_FIELDS = frozenset({"t", "clock", "event", "feed"})


@dataclass(frozen=True)
class Event:
    """One thing that happened at game time `t`.

    `feed` is the sentence a First Officer would read aloud; events without it are
    bookkeeping. Every event with a feed text is an info-feed message.
    """

    t: float
    clock: str
    name: str
    data: dict[str, Any] = field(default_factory=dict)
    feed: str | None = None

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"t": _num(self.t), "clock": self.clock, "event": self.name}
        out.update(self.data)
        if self.feed is not None:
            out["feed"] = self.feed
        return out


def _num(t: float) -> float | int:
    t = round(float(t), 3)
    return int(t) if t.is_integer() else t
