"""How the crew's sensors report what they found, as the feed says it: bearings, ranges and the
identification's summary."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from kaleun.core.events import Event
from kaleun.core.messages import Msg, and_list, join

#: The contact alarm's rule for a convoy coming into view ship by ship, declared once: the ship reports of
#: these sensors merge into one open report while each comes within `MERGE_WITHIN_S` game seconds of the
#: last one and `MERGE_LONGEST_S` of the first (reports with aircraft stand alone). A report that adds
#: ships to an open one is no news: the feed grows the open line and raises no alarm
#: (`kaleun.ui.feedlog.ContactReports`), and the time compression stays where the crew set it
#: (`kaleun.uboot.compression`). Our choice: the app's grouping was not published.
MERGED_SENSORS: tuple[str, ...] = ("lookouts",)
MERGE_WITHIN_S = 300.0
MERGE_LONGEST_S = 1800.0


def merged_sensor(event: Event) -> str | None:
    """The sensor whose open report a ship report may join (None: a report that always stands alone, or
    no ship report at all)."""
    d = event.data
    if event.name != "contact_report" or d.get("aircraft") or not isinstance(d.get("ships"), int | float):
        return None
    sensor = d.get("sensor")
    if d["ships"] < 1 or sensor not in MERGED_SENSORS:
        return None
    return str(sensor)


#: Contacts dropping out of the crew's picture (`contact_lost`), as the crew knows it: the lookouts' sweep
#: found a ship or aircraft they followed beyond their sight ("sight"), or nobody has reported it for a while
#: and it leaves the plot ("plot": a periscope or hydrophone contact gone stale, or one the crew cannot follow
#: any more). A ship that sank, made port, or an aircraft shot down has a line of its own (`ship_sunk`,
#: `made_port`, `aircraft_shot_down`): its loss says nothing more. Losses said the same way merge into one
#: line while each comes within `MERGE_WITHIN_S` of the last and `MERGE_LONGEST_S` of the first, as the
#: sensors' reports do: a convoy leaving sight ship by ship is one line. Our choice: the app's was not published.
LOST_SAID: dict[str, str] = {"out of sight": "sight", "no longer reported": "plot", "out of range": "plot"}
#: at most this many contacts are named in one line of losses; the others are counted
LOST_NAMED = 8


def lost_said(event: Event) -> str | None:
    """How the feed says a `contact_lost` event ("sight", "plot"); None: no line (another event says it)."""
    if event.name != "contact_lost":
        return None
    return LOST_SAID.get(str(event.data.get("reason")))


def lost_feed(said: str, contacts: list[str]) -> Msg:
    """The feed's line for contacts lost one way ("sight", "plot"): "Lookouts: lost sight of c3 and c7."."""
    named: Msg | str = and_list(contacts)
    if len(contacts) > LOST_NAMED:
        rest = len(contacts) - LOST_NAMED
        named = Msg.plural("{listed} and {n} more", "{listed} and {n} more", n=rest, listed=join(contacts[:LOST_NAMED]))
    if said == "sight":
        return Msg("Lookouts: lost sight of {contacts}.", contacts=named)
    return Msg("No longer reported, off the plot: {contacts}.", contacts=named)


def lost_news(said: str, contact: str, total: int) -> Msg:
    """What is new when one more contact joins an open line of losses, for a reader of a stream (the text
    console): that contact and how many are lost in all ("Lookouts: lost sight of c7 as well (3 in all)."),
    never the grown list again."""
    if said == "sight":
        return Msg("Lookouts: lost sight of {contact} as well ({total} in all).", contact=contact, total=total)
    return Msg("No longer reported, off the plot as well: {contact} ({total} in all).", contact=contact, total=total)


def merge_key(event: Event) -> str | None:
    """The open line an event may join without being news (`OpenReports`): a merged sensor's ship report
    (its sensor), or a contact lost as others before it (`lost sight`, `lost plot`); None: it stands alone."""
    said = lost_said(event)
    return f"lost {said}" if said is not None else merged_sensor(event)


class OpenReports:
    """Each merged sensor's open report, and each way of losing contacts (`merge_key`): the game seconds of
    its first and its last event. `adds` hears every event and says whether it only adds ships to an open
    report, or a lost contact to an open line of losses (no news)."""

    def __init__(self) -> None:
        self.open: dict[str, list[float]] = {}

    def adds(self, event: Event) -> bool:
        sensor = merge_key(event)
        if sensor is None:
            return False
        span = self.open.get(sensor)
        if span is not None and (event.data.get("contacts") or event.name == "contact_lost") \
                and event.t - span[1] <= MERGE_WITHIN_S and event.t - span[0] <= MERGE_LONGEST_S:
            span[1] = event.t
            return True
        self.open[sensor] = [event.t, event.t]
        return False

    def to_state(self) -> dict[str, list[float]]:
        return {sensor: list(span) for sensor, span in self.open.items()}

    def load_state(self, state: Mapping[str, Any] | None) -> None:
        self.open = {str(sensor): [float(span[0]), float(span[1])] for sensor, span in (state or {}).items()}


def describe(contacts: list[dict[str, Any]], kind: str) -> Msg:
    """Where a sensor's new contacts of one kind (aircraft, ship, noise) are, as the feed says it."""
    bearings = sorted(c["bearing"] for c in contacts)
    ranges = sorted(c["range_nm"] for c in contacts)
    n = len(contacts)
    if n == 1:
        what = {"aircraft": Msg("aircraft"), "ship": Msg("a ship"), "noise": Msg("propeller noise")}[kind]
        if ranges[0] >= 1:  # a plural for the languages whose word for miles follows the number
            return Msg.plural("{what} bearing {bearing:03d}, range about {range:.0f} nm",
                              "{what} bearing {bearing:03d}, range about {range:.0f} nm", n=round(ranges[0]),
                              what=what, bearing=bearings[0], range=ranges[0])
        return Msg("{what} bearing {bearing:03d}, close, {range:.1f} nm", what=what, bearing=bearings[0],
                   range=ranges[0])
    many = {"aircraft": Msg.plural("{n} aircraft", "{n} aircraft", n=n),
            "ship": Msg.plural("{n} ship", "{n} ships", n=n),
            "noise": Msg.plural("{n} propeller noise", "{n} propeller noises", n=n)}[kind]
    lo, hi = bearing_arc(bearings)
    span = range_span(ranges[0], ranges[-1])
    if lo == hi:
        return Msg("{what} bearing {bearing:03d}, {span}", what=many, bearing=lo, span=span)
    return Msg("{what} bearing {lo:03d} to {hi:03d}, {span}", what=many, lo=lo, hi=hi, span=span)


def range_span(near: float, far: float) -> Msg:
    """The ranges of several contacts as a lookout says them: never "8 to 8 nm"."""
    if far < 1:
        if f"{near:.1f}" == f"{far:.1f}":
            return Msg("close, {range:.1f} nm", range=near)
        return Msg("close, {near:.1f} to {far:.1f} nm", near=near, far=far)
    if round(near) == round(far):
        return Msg.plural("range about {range:.0f} nm", "range about {range:.0f} nm", n=round(far), range=far)
    if near < 1:  # never "range 0 to 2 nm"
        return Msg.plural("range {near:.1f} to {far:.0f} nm", "range {near:.1f} to {far:.0f} nm", n=round(far),
                          near=near, far=far)
    return Msg.plural("range {near:.0f} to {far:.0f} nm", "range {near:.0f} to {far:.0f} nm", n=round(far),
                      near=near, far=far)


def too_far(why: Msg | str) -> bool:
    return (why.template if isinstance(why, Msg) else why).startswith("too far")


def bearing_arc(bearings: list[int]) -> tuple[int, int]:
    """The smallest arc holding all bearings (it may cross north)."""
    if len(bearings) < 2:
        return bearings[0], bearings[0]
    gaps = [(bearings[(i + 1) % len(bearings)] - bearings[i]) % 360 for i in range(len(bearings))]
    i = max(range(len(gaps)), key=lambda k: gaps[k])
    return bearings[(i + 1) % len(bearings)], bearings[i]


def identification_feed(done: list[dict[str, Any]], far: int = 0) -> Msg:
    counts: dict[str, dict[str, int]] = {}
    for c in done:
        counts.setdefault(c["type"], {}).setdefault(c["name"], 0)
        counts[c["type"]][c["name"]] += 1
    parts: list[Msg | str] = []
    for kind in ("merchant", "small", "escort"):
        if kind not in counts:
            continue
        total = sum(counts[kind].values())
        names = join([Msg("{ship} x{count}", ship=Msg.term(n), count=k) if k > 1 else Msg.term(n)
                      for n, k in sorted(counts[kind].items())])
        if kind == "merchant":
            part = Msg.plural("{n} merchant ({names})", "{n} merchants ({names})", n=total, names=names)
        elif kind == "small":
            part = Msg.plural("{n} small vessel ({names})", "{n} small vessels ({names})", n=total, names=names)
        else:
            part = Msg.plural("{n} escort ({names})", "{n} escorts ({names})", n=total, names=names)
        parts.append(part)
    grt = sum(c["grt"] or 0 for c in done if c["type"] != "escort")
    if grt:
        parts.append(Msg("{grt:,} GRT in sight", grt=grt))
    if far:
        parts.append(Msg.plural("{n} more too far to identify", "{n} more too far to identify", n=far))
    return Msg("Identified: {what}.", what=join(parts, "; "))
