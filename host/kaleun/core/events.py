"""Events: what the core tells the world."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from kaleun.core.messages import Msg, as_values

#: fields of every event line; an event's own data may not use them
RESERVED_FIELDS = frozenset({"t", "clock", "event", "feed", "audience"})


@dataclass(frozen=True)
class Event:
    """One thing that happened at game time `t`.

    `feed` is the sentence a First Officer would read aloud; events without it are
    bookkeeping. Every event with a feed text is an info-feed message. It is a `Msg` (rendered
    in the table's language by the front ends, in English in the event log) or plain text.

    `audience` says who may know of the event: None for everybody at the table (public), or
    the name of one party (a team in a game of hidden information). The full event log keeps
    every event; a party's view keeps only what `visible_to` lets through.
    """

    t: float
    clock: str
    name: str
    data: dict[str, Any] = field(default_factory=dict)
    feed: Msg | str | None = None
    audience: str | None = None

    @property
    def text(self) -> str | None:
        """The feed in English (as the event log has it), or None."""
        return None if self.feed is None else str(self.feed)

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"t": _num(self.t), "clock": self.clock, "event": self.name}
        if self.audience is not None:
            out["audience"] = self.audience
        out.update(as_values(self.data))
        if self.feed is not None:
            out["feed"] = str(self.feed)
        return out


def visible_to(event: Event, viewer: str | None) -> bool:
    """May `viewer` know of `event`? None views everything (the referee's full log)."""
    return viewer is None or event.audience is None or event.audience == viewer


def _num(t: float) -> float | int:
    t = round(float(t), 3)
    return int(t) if t.is_integer() else t
