"""The info feed's recent past, kept in the save: a resumed table shows the last feed lines it saw.

The window and the console build their feed from the game's events as they come
(`kaleun.ui.feedlog`); after `kaleun resume` they would start empty while the boat and damage screens
show everything. The game therefore keeps the last `FEED_KEPT` events with a feed text, and the
last few of the events without one that the feed reads to group its lines (`DETAILS`: each
contact's first bearing and range, the own guns' rounds), numbered in the order they happened. A
front end that starts late puts `past()` through its feed first (`kaleun.ui.feedlog.recall`).

Each kept event keeps its feed as a message (template and values, `messages.to_json`), so a table
that resumes in another language reads its past in that language too. When it happens, only a copy
of its data is taken (a later change to the data cannot reach the save); the first save that holds
it writes it as JSON text, reads it back and checks it against the shape a save is read with, once.
A save thus works only on the events heard since the one before that are still kept, and an event
that leaves the record unsaved (most of a battle's: the record keeps the last 60 lines, a battle
makes more than that between two watch changes) costs nothing more than its copy. An event that
would not fit (nothing the game emits today: NaN, an unpaired surrogate, data nested more than
`COPY_DEPTH` levels, which is not even copied) is left out rather than making the save unreadable.

The time compression module keeps it (it hears every event) in its state as `feed`:

    {"count": 153, "events": [{"n": 150, "t": 540.0, "clock": "1941-06-01T04:09:00",
      "event": "contact_report", "data": {"sensor": "lookouts", "contacts": ["c4"], ...},
      "feed": {"msg": "Lookouts report {what}.", "values": {...}}}, ...]}

A save from before it has no `feed`: the game resumes with an empty past.
"""

from __future__ import annotations

import json
import logging
from collections import deque
from collections.abc import Mapping, Sequence
from typing import Any

from kaleun.core.events import Event
from kaleun.core.messages import as_values, from_json, to_json
from kaleun.core.shape import BOOL, Int, Json, List, Map, Maybe, Num, Obj, Shape, ShapeError, Text, check

log = logging.getLogger(__name__)

#: events with a feed text kept (the feed log keeps as many lines)
FEED_KEPT = 60
#: events without a feed text the feed reads to group its lines, and how many of each are kept
DETAILS: dict[str, int] = {"contact": 60, "gun_round": 30}

#: a date or time kept in a message (`messages.When.to_json`)
WHEN_SHAPE = Obj(when=Text(max_len=40), time=BOOL, seconds=BOOL, short=BOOL)


class FeedShape(Shape):
    """An event's feed kept in the save (`messages.to_json`): text, or a template, its values, its
    plural forms and its context (a word said differently elsewhere, `Msg.pterm`), where a value that is
    an object is a date (`WHEN_SHAPE`) or a message again (at most `depth` levels), any other a JSON value."""

    def __init__(self, depth: int = 12) -> None:
        self.depth = depth

    def check(self, value: Any, path: str) -> None:
        if isinstance(value, str):
            Text().check(value, path)
            return
        if self.depth <= 0:
            raise self.fail(value, path, "a message nested less deeply")
        Obj(msg=Text(), values=Map(Json(depth=22), keys=Text(max_len=64), most=32),
            optional={"plural": List(Text(), size=2), "context": Text(max_len=64)}).check(value, path)
        for key, item in value["values"].items():
            if isinstance(item, dict):
                (WHEN_SHAPE if "when" in item else FeedShape(self.depth - 1)).check(item, f"{path}.values.{key}")
        if "plural" in value:
            Num().check(value["values"].get("n", 1), f"{path}.values.n")


_GUN: dict[str, Shape] = {"gun": Maybe(Text(max_len=64))}
#: the data fields the feed reads to group its lines (`kaleun.ui.feedlog`), by event: each, where an event
#: has it, must be what the feed can read (a contact with a bearing has its id and range too)
READ_BY_THE_FEED: dict[str, dict[str, Shape]] = {
    "contact": {"contact": Text(max_len=64), "bearing": Num(-7200, 7200), "range_nm": Num(0, 1e6)},
    "contact_report": {"ships": Num(-1e9, 1e9), "sensor": Maybe(Text(max_len=64)),
                       "contacts": List(Text(max_len=64), most=1000)},
    "gun_firing": _GUN, "gun_round": _GUN, "gun_ceased": _GUN,
}


class KeptShape(Shape):
    """One kept event in the save: its number, time, name, data and feed, and the data fields the feed
    reads as it can read them (`READ_BY_THE_FEED`)."""

    shape = Obj(n=Int(0), t=Num(0), clock=Text(max_len=40), event=Text(max_len=64), data=Map(Json(depth=7)),
                optional={"feed": FeedShape()})

    def check(self, value: Any, path: str) -> None:
        self.shape.check(value, path)
        data, fields = value["data"], READ_BY_THE_FEED.get(value["event"], {})
        needed = ("contact", "range_nm") if value["event"] == "contact" and "bearing" in data else ()
        for name, shape in fields.items():
            if name in data or name in needed:
                shape.check(data.get(name), f"{path}.data.{name}")


#: one kept event in the save
KEPT_SHAPE = KeptShape()
#: the record in the save (`Compression`'s state `feed`)
RECORD_SHAPE = Obj(count=Int(0), events=List(KEPT_SHAPE, most=FEED_KEPT + sum(DETAILS.values())))


def _written(n: int, event: Event) -> str | None:
    """An event as the JSON text of its saved form (taken when it happens), or None when JSON cannot hold it."""
    out: dict[str, Any] = {"n": n, "t": event.t, "clock": event.clock, "event": event.name,
                           "data": as_values(event.data)}
    if event.feed is not None:
        out["feed"] = to_json(event.feed)
    try:
        text = json.dumps(out, allow_nan=False, ensure_ascii=False)  # lists for tuples; nothing JSON cannot hold
        text.encode("utf-8")  # nor an unpaired surrogate (UnicodeEncodeError), which no save is read with
        return text
    except (TypeError, ValueError, RecursionError) as exc:
        log.warning("the feed's record leaves out the event %s: %s", event.name, exc)
        return None


#: nesting of an event's data copied when it happens; deeper data (or data that holds itself) cannot
#: fit the save's shape (`KEPT_SHAPE`) and is not copied
COPY_DEPTH = 16


class _TooDeep(ValueError):
    pass


def _copied(value: Any, depth: int = 0) -> Any:
    """`value` with its lists, tuples and objects copied (what the save writes of an event's data, taken
    when it happens: messages and numbers do not change). Raises _TooDeep beyond `COPY_DEPTH` levels."""
    if isinstance(value, dict | list | tuple) and depth >= COPY_DEPTH:
        raise _TooDeep(f"its data is nested more than {COPY_DEPTH} levels deep")
    if isinstance(value, dict):
        return {k: _copied(v, depth + 1) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_copied(v, depth + 1) for v in value]
    return value


def _checked(text: str, name: str) -> dict[str, Any] | None:
    """The saved form read back from its text, or None when it would not fit the save's shape."""
    try:
        out = json.loads(text)
        check(KEPT_SHAPE, out, "event")
    except (ValueError, ShapeError) as exc:
        log.warning("the feed's record leaves out the event %s: %s", name, exc)
        return None
    return dict(out)


def _event(saved: Mapping[str, Any]) -> Event:
    return Event(float(saved["t"]), str(saved["clock"]), str(saved["event"]), dict(saved["data"]),
                 from_json(saved.get("feed")))


class FeedRecord:
    """The last events the feed reads, in the order they happened."""

    def __init__(self) -> None:
        self.count = 0
        #: the last event taken (`hear`), to take the next ones in the order they were emitted
        self._heard: Event | None = None
        #: (number, the event as it happened or None after a load, its saved form)
        self.feed: deque[tuple[int, Event | None, dict[str, Any]]] = deque(maxlen=FEED_KEPT)
        self.details: dict[str, deque[tuple[int, Event | None, dict[str, Any]]]] = {
            name: deque(maxlen=n) for name, n in DETAILS.items()}
        #: the events heard in this run that no save has written yet, with their data as it was then
        self._unsaved: dict[int, Event] = {}

    def hear(self, event: Event, emitted: Sequence[Event]) -> None:
        """Take `event` as a listener of every event hears it, with the engine's events emitted so
        far (`Engine.emitted`). A listener hears an event after the listeners that emit in answer
        to it, so the record takes every event up to the newest in the order they were emitted
        (a damage before the technical condition it causes), as the front ends see them. An event
        the engine did not emit is not kept."""
        last = len(emitted) - 1
        if last >= 0 and emitted[last] is event and (last == 0 or emitted[last - 1] is self._heard):
            self.add(event)  # the usual case: the newest event, everything before it taken
            self._heard = event
            return
        heard = -1
        for index in range(last, -1, -1):
            if emitted[index] is self._heard:
                heard = index
                break
        tail = emitted[heard + 1:]
        if not any(e is event for e in tail):
            return  # taken already, with an event emitted in answer to it
        for later in tail:
            self.add(later)
        self._heard = tail[-1]

    def add(self, event: Event) -> None:
        kept = self.feed if event.feed is not None else self.details.get(event.name)
        if kept is None:
            return
        self.count += 1
        if len(kept) == kept.maxlen:  # the oldest leaves the record, unsaved or not
            self._unsaved.pop(kept[0][0], None)
        kept.append((self.count, event, {}))  # its saved form: written and checked when first saved
        try:
            data = _copied(event.data)
        except _TooDeep as exc:  # the front ends still show it in this run; no save holds it
            log.warning("the feed's record leaves out the event %s: %s", event.name, exc)
            return
        self._unsaved[self.count] = Event(event.t, event.clock, event.name, data, event.feed)

    def _kept(self) -> list[tuple[int, Event | None, dict[str, Any]]]:
        return sorted((*self.feed, *(item for kept in self.details.values() for item in kept)), key=lambda k: k[0])

    def past(self) -> list[Event]:
        """The kept events, oldest first: those of this game's run as they happened (the same objects
        the runtime hands on), those of a loaded save rebuilt from it."""
        return [event if event is not None else _event(saved) for _, event, saved in self._kept()]

    def __len__(self) -> int:
        return len(self.feed) + sum(len(kept) for kept in self.details.values())

    # -- saving -----------------------------------------------------------------------------
    def to_state(self) -> dict[str, Any]:
        events = []
        for n, _event, saved in self._kept():
            unsaved = self._unsaved.pop(n, None)
            if unsaved is not None:  # first saved now: written, read back and checked once, kept for the next saves
                text = _written(n, unsaved)
                saved.update((_checked(text, unsaved.name) if text is not None else None) or {})
            if saved:  # empty: it would not fit the save, left out of this save and every later one
                events.append(dict(saved))
        return {"count": self.count, "events": events}

    def load_state(self, state: Mapping[str, Any] | None) -> None:
        """Load a saved record (None: a save from before it: nothing is kept)."""
        self.count = int(state["count"]) if state else 0
        self.feed.clear()
        self._unsaved.clear()
        for kept in self.details.values():
            kept.clear()
        seen: set[int] = set()
        # in the order they happened, each number once (a damaged save may double or swap them)
        for saved in sorted((state or {}).get("events", []), key=lambda e: int(e["n"])):
            into = self.feed if saved.get("feed") is not None else self.details.get(str(saved["event"]))
            if into is not None and int(saved["n"]) not in seen:
                seen.add(int(saved["n"]))
                into.append((int(saved["n"]), None, dict(saved)))
        # the next event is numbered after every kept one (a damaged count would put it before them)
        self.count = max(self.count, *seen, 0)
