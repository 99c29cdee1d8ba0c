"""Events: what the core tells the world."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from kaleun.core.messages import Msg, as_values

#: fields of every event line; an event's own data may not use them
RESERVED_FIELDS = frozenset({"t", "clock", "event", "feed"})


@dataclass(frozen=True)
class Event:
    """One thing that happened at game time `t`.

    `feed` is the sentence a First Officer would read aloud; events without it are
    bookkeeping. Every event with a feed text is an info-feed message. It is a `Msg` (rendered
    in the table's language by the front ends, in English in the event log) or plain text.
    """

    t: float
    clock: str
    name: str
    data: dict[str, Any] = field(default_factory=dict)
    feed: Msg | str | None = None

    @property
    def text(self) -> str | None:
        """The feed in English (as the event log has it), or None."""
        return None if self.feed is None else str(self.feed)

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"t": _num(self.t), "clock": self.clock, "event": self.name}
        out.update(as_values(self.data))
        if self.feed is not None:
            out["feed"] = str(self.feed)
        return out


def _num(t: float) -> float | int:
    t = round(float(t), 3)
    return int(t) if t.is_integer() else t
