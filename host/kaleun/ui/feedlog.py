"""The info feed as a First Officer reads it: one line per thing that happened, grouped, each with its alarm.

Pure Python (no pygame): the console prints it, the window draws it. Both feed it every event of the
game (events without a feed text give detail, e.g. each contact's bearing) and show what it keeps:

    feed = FeedLog(language="de")
    change = feed.add(event)          # None: nothing for the feed
    if change is not None:
        print(change.line.clock, change.news)   # console: what is new (None: a quiet repeat)
    feed.problem(clock, text)         # a refused input ("! ..."), not a game message
    feed.lines                        # the window: FeedLine tuple, oldest first, newest change last
    feed.version                      # goes up with every change (compare to redraw)

A `FeedLine` has its `text` (rendered in the table's language), its `alarm` (a key of `ALARMS`: the
window gives each a colour, an icon and a sound cue; never colour alone), the ship's time of its last
change (`clock`, and `t` in game seconds) and of its start (`first`), the event that started it
(`event`) and how many events it holds (`count`).

Grouping (`RULES`, each rule a small class; the first that takes an event wins):

- contact reports of one sensor within 5 minutes of the last one merge into one line that says how
  many ships are reported, where, and how many of them are new ("Lookouts report 12 ships bearing 018
  to 051, range 7 to 13 nm; 3 new."); reports with aircraft stay lines of their own;
- contacts lost the same way within 5 minutes of the last one merge into one line ("Lookouts: lost sight of
  c3, c7 and c9."; "No longer reported, off the plot: c12.");
- repeats of an alarm (depth-charge patterns, ASDIC contacts, an enemy opening fire) within a few
  minutes update one line with their number;
- the own guns' rounds update the line of the order to open fire ("88 mm gun firing at c3: 6 rounds,
  2 hits."), quietly, until the cease fire;
- what follows from one event at the same moment joins its line (a technical condition after its damage,
  a morale card after the morale change, the lookouts' count after an observation order);
- a lookouts' count replaces the one before it within 2 minutes.

A line that changes (other than a quiet repeat) moves to the end: the newest news is always last.

A change raises its line's alarm (`Change.raises`: the window's banner, the alarm's sound) when it
starts a line or its rule says the event is news again (`Rule.raises_again`: another pattern of depth
charges, another ship firing, a fire after the damage); ships added to an open contact report do not:
the report raised the contact alarm once. `AlarmGate` answers the same for the runtime's sound output.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Hashable, Iterable
from dataclasses import dataclass, field, replace
from typing import Any

from kaleun.core.events import Event
from kaleun.core.messages import N_, Msg, join
from kaleun.uboot.sea.reports import (
    MERGE_LONGEST_S,
    MERGE_WITHIN_S,
    bearing_arc,
    lost_feed,
    lost_news,
    lost_said,
    merged_sensor,
    range_span,
)

#: how many lines the feed keeps
FEED_LENGTH = 60


@dataclass(frozen=True)
class Alarm:
    """A class of feed line. `priority`: a line holding several events takes the highest."""

    name: str
    priority: int
    label: str  # what it is, for a legend or a screen reader (marked for the catalogues)


ALARMS: dict[str, Alarm] = {a.name: a for a in (
    Alarm("info", 0, N_("report")),
    Alarm("order", 5, N_("order")),
    Alarm("problem", 10, N_("input refused")),
    Alarm("refused", 15, N_("order refused")),
    Alarm("torpedo", 20, N_("torpedoes")),
    Alarm("hit", 25, N_("hit")),
    Alarm("warning", 30, N_("warning")),
    Alarm("contact", 40, N_("contact")),
    Alarm("damage", 50, N_("damage")),
    Alarm("casualty", 55, N_("casualty")),
    Alarm("asdic", 60, N_("ASDIC")),
    Alarm("gunfire", 65, N_("gunfire")),
    Alarm("aircraft", 70, N_("aircraft")),
    Alarm("depth_charges", 75, N_("depth charges")),
    Alarm("fire", 80, N_("fire")),
    Alarm("breach", 90, N_("hull breach")),
    Alarm("mission", 100, N_("mission")),
)}

#: the alarm of each event (not listed: "info"; some are decided by the event's fields in `alarm_of`)
EVENT_ALARMS: dict[str, str] = {
    "order_accepted": "order",
    "order_rejected": "refused", "action_refused": "refused", "identification_failed": "refused",
    "salvo": "torpedo", "torpedo_miss": "torpedo", "torpedo_dud": "torpedo", "torpedo_premature": "torpedo",
    "torpedo_hit": "hit", "ship_damaged": "hit", "ship_seen_settling": "hit", "ship_sunk": "hit",
    "aircraft_shot_down": "hit", "aircraft_driven_off": "hit",
    "battery": "warning", "fuel": "warning", "fuel_short": "warning", "test_depth": "warning",
    "echo_sounder": "warning", "land_ahead": "warning", "off_chart": "warning",
    "engines_stopped": "warning", "rudder_jammed": "warning", "crew_warning": "warning", "bars_spent": "warning",
    "crew_exhausted": "warning", "meal_reminder": "warning",
    "breach_warning": "breach", "hull_breach": "breach", "puzzle_failed": "breach", "section_flooded": "breach",
    "contact_report": "contact", "periscope_view": "contact", "hydrophone_report": "contact",
    "ping": "asdic",
    "gunfire": "gunfire", "escort_chase": "gunfire",
    "aircraft_attack": "aircraft", "aircraft_attacking": "aircraft",
    "depth_charges": "depth_charges",
    "damage": "damage", "technical_condition": "damage", "condition_placed": "damage",
    "sailor_killed": "casualty", "crew_damage": "casualty", "all_hands_lost": "mission",
    "mission_end": "mission", "hub_offline": "warning",
}


def alarm_of(event: Event) -> str:
    """The alarm class of one event."""
    d = event.data
    if event.name == "contact_report" and d.get("aircraft"):
        return "aircraft"
    if event.name in ("periscope_view", "hydrophone_report") and not d.get("contacts"):
        return "info"
    if event.name in ("damage", "condition_placed"):
        if d.get("kind") == "hull_breach":
            return "breach"
        if d.get("condition") == "fire":
            return "fire"
    return EVENT_ALARMS.get(event.name, "info")


def _louder(a: str, b: str) -> str:
    return a if ALARMS[a].priority >= ALARMS[b].priority else b


@dataclass(frozen=True)
class FeedLine:
    id: int
    clock: str  # ship's time of the line's last change, "HH:MM:SS"
    text: str  # in the log's language
    alarm: str = "info"  # a key of ALARMS
    count: int = 1  # events in the line
    first: str = ""  # ship's time the line began
    message: Msg | str = ""  # the sentence, to render again in another language
    problem: bool = False  # a refused input (typed wrong, hardware-only), not a game message
    event: str = ""  # the event that started the line ("" for a refused input)
    t: float | None = None  # game seconds of the last change (None for a refused input)


@dataclass(frozen=True)
class Change:
    line: FeedLine  # the line as it is now
    kind: str  # "new", "update" (moved to the end), "repeat" (changed in place, quietly)
    news: str | None  # what is new, for a reader of a stream (the console); None for a quiet repeat
    #: the change raises its line's alarm (the window's banner, the alarm's sound): a new line, or an
    #: update its rule says is news again (`Rule.raises_again`); never a quiet repeat
    raises: bool = True


# -- grouping rules ----------------------------------------------------------------------------------
@dataclass
class Group:
    """An open line a rule may still add to."""

    rule: Rule
    key: Hashable
    line: int
    first_t: float
    last_t: float
    state: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Step:
    """What a rule makes of an event: the line's new sentence, the news for a stream, quiet or not."""

    message: Msg | str
    news: Msg | str | None
    quiet: bool = False


class Rule:
    """Groups some events into one line. `key` says which events belong together (None: not this
    rule's); `start` makes the line's first sentence; `join` adds an event to an open group."""

    #: an event joins a group whose last event is at most this many game seconds old
    within_s: float = 300.0
    #: and whose first event is at most this old (a new line starts after it, so news stays visible)
    longest_s: float = 3600.0
    #: events that only update an open group (never start a line: they have no feed of their own)
    quiet: tuple[str, ...] = ()
    #: an event this rule adds to an open line raises the line's alarm again (the window's banner and
    #: the alarm's sound): another pattern of depth charges, another ship firing, a fire after the
    #: damage. False: the event only adds to what the alarm already said (more ships of a report)
    raises_again: bool = True

    def key(self, event: Event, log: FeedLog) -> Hashable | None:
        raise NotImplementedError

    def start(self, event: Event, group: Group, log: FeedLog) -> Msg | str:
        assert event.feed is not None
        return event.feed

    def join(self, event: Event, group: Group, log: FeedLog) -> Step | None:
        raise NotImplementedError


def _reported(sensor: str, n: int, where: Msg, new: int) -> Msg | None:
    """The merged line of a sensor's reports (None: this sensor's reports are not merged)."""
    if sensor == "lookouts":
        return Msg.plural("Lookouts report {n} ship {where}; {new} new.",
                          "Lookouts report {n} ships {where}; {new} new.", n=n, where=where, new=new)
    return None


def _reported_more(sensor: str, n: int, where: Msg, total: int) -> Msg | None:
    """What is new when a sensor's report adds ships to its open line, for a reader of a stream (the text
    console): only the ships added, where they are, and how many in all — never the grown line again."""
    if sensor == "lookouts":
        return Msg.plural("Lookouts report {n} more ship {where} ({total} in all).",
                          "Lookouts report {n} more ships {where} ({total} in all).", n=n, where=where, total=total)
    return None


class ContactReports(Rule):
    """Ship reports of one sensor merge: how many, where, how many new (reports with aircraft stand alone).
    A ship added to the open report does not raise the contact alarm again: the report raised it. Which
    reports merge is declared in `kaleun.uboot.sea.reports` (`merged_sensor`, `MERGE_WITHIN_S`,
    `MERGE_LONGEST_S`), which the time compression reads too: what raises no alarm leaves a fast
    forward as it is."""

    within_s = MERGE_WITHIN_S
    longest_s = MERGE_LONGEST_S
    raises_again = False

    def key(self, event: Event, log: FeedLog) -> Hashable | None:
        sensor = merged_sensor(event)
        return None if sensor is None else ("contacts", sensor)

    def start(self, event: Event, group: Group, log: FeedLog) -> Msg | str:
        group.state["contacts"] = list(event.data.get("contacts", []))
        return super().start(event, group, log)

    def join(self, event: Event, group: Group, log: FeedLog) -> Step | None:
        reported = list(event.data.get("contacts", []))
        everyone = list(dict.fromkeys(group.state["contacts"] + reported))
        places = [log.contacts.get(c) for c in everyone]
        if not reported or None in places:
            return None  # a contact the log never saw (it started later): a line of its own
        bearings = sorted(p[0] for p in places if p is not None)
        ranges = sorted(p[1] for p in places if p is not None)
        sensor = str(event.data.get("sensor"))
        msg = _reported(sensor, len(everyone), where(bearings, ranges), len(reported))
        if msg is None:
            return None
        before = group.state["contacts"]
        added = [c for c in everyone if c not in before]
        group.state["contacts"] = everyone
        news: Msg | None = None
        if added:  # the console says the ships added, not the whole line again
            spots = [p for c in added if (p := log.contacts.get(c)) is not None]
            news = _reported_more(sensor, len(added), where(sorted(p[0] for p in spots), sorted(p[1] for p in spots)),
                                  len(everyone))
        if len(everyone) >= 6:
            msg = join([msg, Msg("A convoy!")], " ")
            if news is not None and len(before) < 6:  # said once, when the ships make a convoy
                news = join([news, Msg("A convoy!")], " ")
        return Step(msg, news)


class LostContacts(Rule):
    """Contacts lost the same way merge into one line ("Lookouts: lost sight of c3, c7 and c9."): a convoy
    leaving sight ship by ship is one line, not one per ship, and raises no alarm again. The way each is said
    and how long a line stays open are declared in `kaleun.uboot.sea.reports` (`lost_said`, `lost_feed`), which
    the time compression reads too."""

    within_s = MERGE_WITHIN_S
    longest_s = MERGE_LONGEST_S
    raises_again = False

    def key(self, event: Event, log: FeedLog) -> Hashable | None:
        said = lost_said(event)
        return None if said is None or event.feed is None else ("lost", said)

    def start(self, event: Event, group: Group, log: FeedLog) -> Msg | str:
        group.state["contacts"] = [str(event.data.get("contact"))]
        return super().start(event, group, log)

    def join(self, event: Event, group: Group, log: FeedLog) -> Step | None:
        said = lost_said(event)
        assert said is not None
        contact = str(event.data.get("contact"))
        if contact in group.state["contacts"]:  # lost again after a glimpse: the line says it already
            line = log.line(group.line)
            return None if line is None else Step(line.message, None, quiet=True)
        group.state["contacts"] = [*group.state["contacts"], contact]
        msg = lost_feed(said, group.state["contacts"])
        return Step(msg, lost_news(said, contact, len(group.state["contacts"])))


class Repeats(Rule):
    """The same alarm again soon: one line with the number of times ("Depth charges close aboard! Attacker:
    not yet seen by the crew. (3 patterns)")."""

    def __init__(self, event: str, more: Callable[[int, Msg | str], Msg], within_s: float) -> None:
        self.event, self.more, self.within_s = event, more, within_s

    def key(self, event: Event, log: FeedLog) -> Hashable | None:
        return ("repeats", self.event) if event.name == self.event and event.feed is not None else None

    def start(self, event: Event, group: Group, log: FeedLog) -> Msg | str:
        group.state["n"] = 1
        return super().start(event, group, log)

    def join(self, event: Event, group: Group, log: FeedLog) -> Step | None:
        assert event.feed is not None
        group.state["n"] += 1
        msg = self.more(group.state["n"], event.feed)
        return Step(msg, msg)


class GunRounds(Rule):
    """The own gun's rounds count on the line of its order to open fire; the cease fire ends the line."""

    within_s = 600.0
    quiet = ("gun_round",)

    def key(self, event: Event, log: FeedLog) -> Hashable | None:
        if event.name in ("gun_firing", "gun_round", "gun_ceased"):
            return ("gun", event.data.get("gun"))
        return None

    def start(self, event: Event, group: Group, log: FeedLog) -> Msg | str:
        group.state.update(shots=0, hits=0, target=event.data.get("target"))
        return super().start(event, group, log)

    def join(self, event: Event, group: Group, log: FeedLog) -> Step | None:
        if event.name == "gun_firing":
            return None  # a new order to open fire: a new line
        if event.name == "gun_ceased":
            assert event.feed is not None
            group.state["closed"] = True
            return Step(event.feed, event.feed)
        if group.state.get("closed"):
            return None
        group.state["shots"] += 1
        group.state["hits"] += 1 if event.data.get("hit") else 0
        from kaleun.uboot.weapons.guns import GUN

        gun = str(event.data.get("gun"))
        name = Msg.term(str(GUN[gun]["name"])) if gun in GUN else gun
        shots = (Msg.plural("{n} burst", "{n} bursts", n=group.state["shots"]) if gun == "gun_20"
                 else Msg.plural("{n} round", "{n} rounds", n=group.state["shots"]))
        hits = Msg.plural("{n} hit", "{n} hits", n=group.state["hits"])
        target = group.state["target"]
        msg = (Msg("{gun} firing at {target}: {shots}, {hits}.", gun=name, target=target, shots=shots, hits=hits)
               if target else Msg("{gun} firing: {shots}, {hits}.", gun=name, shots=shots, hits=hits))
        return Step(msg, None, quiet=True)


class FollowUp(Rule):
    """An event that follows from another at the same moment joins that event's line: its sentence is
    added (`says=True`), or it only confirms what the line says and is counted quietly."""

    within_s = 0.0

    def __init__(self, event: str, after: Iterable[str], same: tuple[str, ...] = (), says: bool = True) -> None:
        self.event, self.after, self.same, self.says = event, tuple(after), same, says

    def key(self, event: Event, log: FeedLog) -> Hashable | None:
        last = log.last_event
        if event.name != self.event or event.feed is None or last is None or last.name not in self.after:
            return None
        if last.t != event.t or any(last.data.get(k) != event.data.get(k) for k in self.same):
            return None
        return ("after", log.last_line)

    def join(self, event: Event, group: Group, log: FeedLog) -> Step | None:
        assert event.feed is not None
        line = log.line(group.line)
        if line is None:
            return None
        if not self.says:
            return Step(line.message, None, quiet=True)
        return Step(join([line.message, event.feed], " "), event.feed)

    def adopt(self, log: FeedLog) -> Group | None:
        """The group of the line it follows (any line: its own rule may not group at all)."""
        if log.last_line is None or log.line(log.last_line) is None:
            return None
        return Group(self, ("after", log.last_line), log.last_line, log.last_t, log.last_t)


class Latest(Rule):
    """A state said again soon replaces what was said before ("Lookouts on the bridge: 3.")."""

    def __init__(self, event: str, within_s: float) -> None:
        self.event, self.within_s = event, within_s

    def key(self, event: Event, log: FeedLog) -> Hashable | None:
        return ("latest", self.event) if event.name == self.event and event.feed is not None else None

    def join(self, event: Event, group: Group, log: FeedLog) -> Step | None:
        assert event.feed is not None
        return Step(event.feed, event.feed)


RULES: tuple[Rule, ...] = (
    FollowUp("technical_condition", after=("damage",), same=("component",)),
    FollowUp("condition_placed", after=("damage",), same=("condition", "section")),
    FollowUp("morale_card", after=("morale", "morale_card")),
    FollowUp("lookouts", after=("observation",), says=False),
    FollowUp("lookouts", after=("task_stopped",)),
    ContactReports(),
    LostContacts(),
    Repeats("depth_charges", lambda n, text: Msg.plural("{text} ({n} pattern)", "{text} ({n} patterns)", n=n,
                                                        text=text), within_s=600),
    Repeats("ping", lambda n, text: Msg.plural("{text} ({n} time)", "{text} ({n} times)", n=n, text=text),
            within_s=900),
    Repeats("gunfire", lambda n, text: Msg.plural("{text} ({n} ship firing)", "{text} ({n} ships firing)", n=n,
                                                  text=text), within_s=600),
    GunRounds(),
    Latest("lookouts", within_s=120),
)


# -- words for the merged contact line ---------------------------------------------------------------
def where(bearings: list[int], ranges: list[float]) -> Msg:
    """"bearing 018 to 051, range 7 to 13 nm" for several contacts (sorted lists), in the words
    the lookouts' own reports use (`kaleun.uboot.sea.world`)."""
    lo, hi = bearing_arc(bearings)
    span = range_span(ranges[0], ranges[-1])
    if lo == hi:
        return Msg("bearing {bearing:03d}, {span}", bearing=lo, span=span)
    return Msg("bearing {lo:03d} to {hi:03d}, {span}", lo=lo, hi=hi, span=span)


# -- the log ----------------------------------------------------------------------------------------
class FeedLog:
    """The info feed: lines from events, grouped by `rules`, at most `length` kept."""

    def __init__(self, language: str = "en", length: int = FEED_LENGTH, rules: Iterable[Rule] = RULES) -> None:
        self.rules = tuple(rules)
        self.length = length
        self.version = 0
        #: contact id -> (bearing, range_nm) as first reported (from `contact` events)
        self.contacts: dict[str, tuple[int, float]] = {}
        #: the last event that made or changed a line, that line and its time (for follow-ups)
        self.last_event: Event | None = None
        self.last_line: int | None = None
        self.last_t = 0.0
        self._lines: OrderedDict[int, FeedLine] = OrderedDict()
        self._groups: dict[Hashable, Group] = {}
        self._next = 1
        self.set_language(language)

    # -- reading ----------------------------------------------------------------------------------
    @property
    def lines(self) -> tuple[FeedLine, ...]:
        return tuple(self._lines.values())

    def line(self, line_id: int) -> FeedLine | None:
        return self._lines.get(line_id)

    def set_language(self, code: str) -> None:
        """Render every line again in another language (`kaleun.i18n` codes: en, de, ru)."""
        from kaleun.i18n import language

        self.language = language(code)
        for key, line in self._lines.items():
            self._lines[key] = replace(line, text=self.language.render(line.message))
        self.version += 1

    # -- writing ----------------------------------------------------------------------------------
    def add(self, event: Event) -> Change | None:
        """Take one event of the game. Returns what changed in the feed, or None."""
        if event.name == "contact" and "bearing" in event.data:
            self.contacts[str(event.data["contact"])] = (int(event.data["bearing"]), float(event.data["range_nm"]))
        for rule in self.rules:
            key = rule.key(event, self)
            if key is None:
                continue
            group = self._open(rule, key, event)
            if group is not None:
                step = rule.join(event, group, self)
                if step is not None:
                    return self._update(group, event, step)
            if event.feed is None:
                return None
            return self._new(event, rule, key)
        if event.feed is None:
            return None
        return self._new(event, None, None)

    def problem(self, clock: str, text: Msg | str) -> Change:
        """A refused input (typed wrong, a hardware-only action): shown, never grouped."""
        line = FeedLine(self._next, clock, self.language.render(text), "problem", first=clock, message=text,
                        problem=True)
        self._put(line)
        self.last_event, self.last_line = None, None
        return Change(line, "new", line.text)

    def note(self, clock: str, text: Msg | str) -> Change:
        """A word from the table itself, not the game's (a new game's first steps): shown plain, never grouped."""
        line = FeedLine(self._next, clock, self.language.render(text), first=clock, message=text)
        self._put(line)
        self.last_event, self.last_line = None, None
        return Change(line, "new", line.text)

    def add_words(self, line_id: int, text: Msg | str) -> None:
        """More words at the end of a line (how to answer a refusal, said once): the line keeps its place."""
        old = self._lines.get(line_id)
        if old is None:
            return
        message = Msg("{line} {more}", line=old.message or old.text, more=text)
        self._lines[line_id] = replace(old, text=self.language.render(message), message=message)
        self.version += 1

    # -- inside -----------------------------------------------------------------------------------
    def _open(self, rule: Rule, key: Hashable, event: Event) -> Group | None:
        if isinstance(rule, FollowUp):
            return rule.adopt(self)
        group = self._groups.get(key)
        if group is None or group.line not in self._lines:
            return None
        if event.t - group.last_t > rule.within_s or event.t - group.first_t > rule.longest_s:
            return None
        return group

    def _new(self, event: Event, rule: Rule | None, key: Hashable | None) -> Change:
        assert event.feed is not None
        clock = event.clock[11:19]
        line_id = self._next
        group = Group(rule, key, line_id, event.t, event.t) if rule is not None and key is not None else None
        message = rule.start(event, group, self) if rule is not None and group is not None else event.feed
        line = FeedLine(line_id, clock, self.language.render(message), alarm_of(event), first=clock, message=message,
                        event=event.name, t=event.t)
        self._put(line)
        if group is not None and not isinstance(rule, FollowUp):
            self._groups[key] = group
        self.last_event, self.last_line, self.last_t = event, line_id, event.t
        return Change(line, "new", line.text)

    def _update(self, group: Group, event: Event, step: Step) -> Change:
        old = self._lines[group.line]
        clock = event.clock[11:19]
        line = replace(old, clock=clock, t=event.t, text=self.language.render(step.message), message=step.message,
                       alarm=_louder(old.alarm, alarm_of(event)) if event.feed is not None else old.alarm,
                       count=old.count + 1)
        self._lines[group.line] = line
        if not step.quiet:
            self._lines.move_to_end(group.line)
        group.last_t = event.t
        self.version += 1
        if event.feed is not None:
            self.last_event, self.last_line, self.last_t = event, group.line, event.t
        news = None if step.news is None else self.language.render(step.news)
        return Change(line, "repeat" if step.quiet else "update", news,
                      raises=not step.quiet and group.rule.raises_again)

    def _put(self, line: FeedLine) -> None:
        self._lines[line.id] = line
        self._next += 1
        while len(self._lines) > self.length:
            self._lines.popitem(last=False)
        self.version += 1


# -- the past: a front end that starts on a game already under way -------------------------------------
def past_of(game: Any) -> list[Event]:
    """The feed's recent past the game keeps (`kaleun.uboot.feed_record`), oldest first; [] for a
    game that keeps none."""
    if not game.has_module("compression"):
        return []
    record = getattr(game.module("compression"), "record", None)
    return record.past() if record is not None else []


class Recalled:
    """The past a front end took when it started. The same events may still be waiting in the
    runtime (a new game's opening lines): `fresh` says which events it has not taken yet."""

    def __init__(self, past: Iterable[Event] = ()) -> None:
        self.past = list(past)
        self._waiting = {id(event): event for event in self.past}

    def fresh(self, event: Event) -> bool:
        return not self._waiting or self._waiting.pop(id(event), None) is None


def recall(log: FeedLog, game: Any) -> Recalled:
    """Put the game's recent past into `log` (a resumed game, a window opened on a saved one: the
    crew sees the last feed lines it saw, grouped as they were); the window, the console and the
    alarm gate all start so. Give the runtime's events to `log` only while `fresh`."""
    told = Recalled(past_of(game))
    for event in told.past:
        log.add(event)
    return told


class AlarmGate:
    """Which events raise their feed line's alarm, as the feed groups them (`Change.raises`). The
    runtime's sound output asks it for every event, so a window alarm's sound (`Cue.feed_alarm`)
    comes with its banner: a convoy's first report chimes, each ship added to the report does not.
    It starts from the game's recent past, as the feed on screen does.

        gate = AlarmGate(game)
        SoundOutput(sounder, raises=gate.raises)
    """

    def __init__(self, game: Any = None) -> None:
        self.log = FeedLog()
        self.told = recall(self.log, game) if game is not None else Recalled()

    def raises(self, event: Event) -> bool:
        if not self.told.fresh(event):
            return False  # taken with the past already (its alarm was raised back then)
        change = self.log.add(event)
        return change is not None and change.raises
