"""The console's `wait`: the game's time runs on at once, as a table script's next line lets it run.

A console fed from a file or a pipe reads every line at once; without a way to say "later" its lines all run at
the start. `wait` says it as a table script's `t` does: to a game time (`at=SECONDS`, game seconds since the
mission's start, a table script's `t`), for a while (`wait 90s`, `wait 30m`, `wait 2h`, `wait 3d`), until the
ship's clock reads a time (`wait 06:00`), until the next line of the info feed (`wait feed`), HQ's next signal
(`wait signal`) or the next contact reported (`wait contact`). Typed at a terminal it does the same: the game
runs there at once, the feed printed as it comes. The session's script needs no line for it: the next command's
`t` is where the wait ended.

A wait stops at an alarm, as the time compression drops to real time: a contact report, gunfire, an aircraft,
depth charges, a hull breach, a fire (the window's alarms, `kaleun.ui.alarms.ALARMS`, raised as the feed raises
them: a ship added to the lookouts' open report is no news). It says which alarm and at what time, and leaves the
rest to the crew. `wait 3d through` (the field `alarms=through`) runs through every alarm on purpose, for testers.
A stop signal (SIGTERM, SIGINT, SIGHUP) ends a wait at the next game step; the game is saved as on `quit`.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from kaleun.core.errors import CommandError
from kaleun.core.events import Event
from kaleun.core.messages import Msg
from kaleun.i18n import Language
from kaleun.runtime.script import MAX_T as MOST_T  # a wait runs as far as a table script's `t` may
from kaleun.uboot.sea.reports import OpenReports
from kaleun.ui.alarms import AlarmKind, alarm_for
from kaleun.ui.console_words import fold

DAY = 86_400.0
#: a duration's units and their seconds (the English letters work at every table)
UNITS: dict[str, float] = {"s": 1.0, "sec": 1.0, "m": 60.0, "min": 60.0, "h": 3600.0, "d": DAY}
_DURATION = re.compile(r"^(\d+(?:[.,]\d+)?)\s*([a-z]+)$")
_CLOCK = re.compile(r"^(\d{1,2}):(\d{2})(?::(\d{2}))?$")
#: the words that wait for something to come (`feed` at every table, and each one's word in the table's language):
#: the next line of the info feed, HQ's next signal received, the next contact reported (a ship, an aircraft)
FEED, SIGNAL, CONTACT = "feed", "signal", "contact"


def _words() -> dict[str, Msg]:
    return {FEED: Msg.pterm("U-BOOT console", "feed"), SIGNAL: Msg.pterm("U-BOOT console", "signal"),
            CONTACT: Msg.pterm("U-BOOT console", "contact")}


def _signal(events: list[Event]) -> bool:
    return any(e.name == "radio_message" and e.data.get("state") == "received" for e in events)


def _contact(events: list[Event]) -> bool:
    from kaleun.ui.feedlog import alarm_of

    return any(alarm_of(e) in ("contact", "aircraft") for e in events)


def a_feed_line(events: list[Event]) -> bool:
    """Has a line come into the info feed (an event with a feed text)?"""
    return any(event.feed is not None for event in events)


#: what each word waits for, read from the events of the wait so far
UNTIL: dict[str, Callable[[list[Event]], bool]] = {FEED: a_feed_line, SIGNAL: _signal, CONTACT: _contact}


#: what a wait does at an alarm: stop there (the default), or run through every alarm (`through`: for testers)
ALARM_CHOICES: tuple[str, ...] = ("stop", "through")
THROUGH = "through"


def choice_named(words: list[str]) -> list[str]:
    """The typed words with a bare `stop` or `through` anywhere read as the alarms' field (`wait through 3d`,
    `wait at=600 through` as well as `wait 3d through`): it never names a while or a time."""
    bare = [w for w in words if "=" not in w and fold(w) in ALARM_CHOICES]
    if len(bare) != 1:
        return words
    return [w for w in words if w is not bare[0]] + [f"alarms={fold(bare[0])}"]


class AlarmWatch:
    """Stops a wait at the first alarm (`kaleun.ui.alarms.ALARMS`: the ones the window's banner and the console
    raise) that is news as the feed says it: a ship added to the lookouts' open report is not (`OpenReports`, the
    rule the time compression follows). Called with the events of the wait so far; `alarm` is the one that came."""

    def __init__(self, game: Any) -> None:
        self.reports = OpenReports()
        if game.has_module("compression"):
            self.reports.load_state(game.module("compression").reports.to_state())
        self.seen = 0
        self.alarm: AlarmKind | None = None

    def __call__(self, events: list[Event]) -> bool:
        for event in events[self.seen:]:
            self.seen += 1
            adds = self.reports.adds(event)
            kind = alarm_for(event.name, event.data)
            if kind is not None and not adds:
                self.alarm = kind
                return True
        return False


def forms() -> Msg:
    """The ways a wait is written, for a refusal."""
    words = _words()
    return Msg("write how long (90s, 30m, 2h, 3d), a time of the ship's clock (06:00), {feed} for the next line "
               "of the info feed, {signal} for HQ's next signal, {contact} for the next contact reported, or "
               "at=SECONDS (game seconds since the mission's start, as a table script's t)",
               feed=words[FEED], signal=words[SIGNAL], contact=words[CONTACT])


def of_day(iso: str) -> float:
    """The seconds since midnight of the ship's clock (the game's `now_iso`, `YYYY-MM-DDTHH:MM:SS`)."""
    clock = iso.split("T", 1)[1][:8]
    hours, minutes, seconds = (int(part) for part in clock.split(":"))
    return hours * 3600.0 + minutes * 60.0 + seconds


def target(fields: dict[str, Any], t: float, iso: str, lang: Language) -> tuple[float, str | None]:
    """Where a wait ends: (the game time, what ends it earlier: a key of `UNTIL`, or None). CommandError names what
    is wrong with what was typed."""
    span, at = fields.get("for"), fields.get("at")
    if (span is None) == (at is None):
        raise CommandError(Msg("wait: {forms}", forms=forms()) if span is None else
                           Msg("wait: give how long or at=SECONDS, not both"))
    if at is not None:
        end = float(at)
        if end <= t:
            raise CommandError(Msg("wait: the game is at {now} s already (at= counts game seconds since the "
                                   "mission's start, as a table script's t, and time never runs back)",
                                   now=f"{t:.0f}"))
        return _within(end), None
    text = str(span).strip().lower()
    for key, word in _words().items():
        if fold(text) in (key, fold(lang.render(word))):
            return MOST_T, key
    clock = _CLOCK.match(text)
    if clock is not None:
        hours, minutes, seconds = int(clock[1]), int(clock[2]), int(clock[3] or 0)
        if hours > 23 or minutes > 59 or seconds > 59:
            raise CommandError(Msg("wait: {time} is no time of the ship's clock (00:00 to 23:59)", time=text))
        ahead = (hours * 3600 + minutes * 60 + seconds - of_day(iso)) % DAY
        return _within(t + (ahead or DAY)), None
    duration = _DURATION.match(text)
    if duration is None or duration[2] not in UNITS:
        raise CommandError(Msg("wait: cannot read '{text}': {forms}", text=str(span), forms=forms()))
    span_s = float(duration[1].replace(",", ".")) * UNITS[duration[2]]
    if span_s <= 0:
        raise CommandError(Msg("wait: '{text}' is no time at all: {forms}", text=str(span), forms=forms()))
    return _within(t + span_s), None


def _within(end: float) -> float:
    if end > MOST_T:
        raise CommandError(Msg("wait: a game runs at most one year ({most} s from the mission's start, as a table "
                               "script's t)", most=f"{MOST_T:.0f}"))
    return end


def waited(clock: str, t: float, stopped: bool, over: bool, alarm: AlarmKind | None = None,
           signalled: bool = False, word: str = "wait") -> Msg:
    """What the console says once the wait is done (`word`: the command as the table types it)."""
    if over:
        return Msg("  The mission is over at {clock} (game time {t} s): its clock stands.", clock=clock, t=f"{t:.0f}")
    if signalled:
        return Msg("  A stop signal ended the wait at {clock} (game time {t} s): the game is saved, as on quit.",
                   clock=clock, t=f"{t:.0f}")
    if alarm is not None:
        return Msg("  The wait stopped at {clock} (game time {t} s): alarm, {alarm}. The boat is yours: give your "
                   "orders, or wait again ({through} runs through every alarm).", clock=clock, t=f"{t:.0f}",
                   alarm=alarm.word, through=f"{word} ... {THROUGH}")
    if stopped:
        return Msg("  Waited until what was waited for came, at {clock} (game time {t} s).", clock=clock,
                   t=f"{t:.0f}")
    return Msg("  Waited until {clock} (game time {t} s).", clock=clock, t=f"{t:.0f}")
