"""What the window shows, read from the game and the table.

A `Scene` is a plain, comparable snapshot of the window's frame (top bar, ticker, tabs) and the
boat's basics; each screen reads its own part the same way. The window draws a frame only when a
snapshot differs from the last one drawn, and tests can check what is shown without pixels.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import date, datetime
from typing import Any

from kaleun.core.events import Event
from kaleun.core.messages import Msg
from kaleun.uboot.compression import FACTORS
from kaleun.ui.alarms import BY_NAME
from kaleun.ui.feedlog import FeedLine as LogLine
from kaleun.ui.feedlog import FeedLog, Recalled, recall
from kaleun.ui.sentences import sentence

#: how many info-feed messages the window keeps
FEED_LENGTH = 200


def freeze(value: Any) -> Any:
    """A hashable, comparable copy of game status data (dicts and lists become tuples)."""
    if isinstance(value, Mapping):
        return tuple((k, freeze(v)) for k, v in value.items())
    if isinstance(value, list | tuple | set | frozenset):
        return tuple(freeze(v) for v in value)
    if isinstance(value, float):
        return round(value, 3)
    return value


@dataclass(frozen=True)
class FeedLine:
    clock: str  # ship's time "HH:MM"
    text: str  # in the feed log's language (English); the window renders `msg` in the table's
    problem: bool = False  # a refused input (typed wrong, hardware-only), not a game message
    msg: Msg | str | None = None  # the sentence, rendered in the table's language
    alarm: str | None = None  # the alarm the event raised (kaleun.ui.alarms)
    #: a warning of the feed (its class "warning": the battery low, test depth, a crew warning, the meal call
    #: coming with nothing cooked): marked with the warning sign, in the warning colour
    notice: bool = False
    event: str = ""
    #: the feed log's line this shows (a line a later event changed keeps its id; -1: none)
    id: int = -1

    @property
    def words(self) -> Msg | str:
        return self.msg if self.msg is not None else self.text


@dataclass(frozen=True)
class LampLook:
    section: int
    color: tuple[int, int, int]
    pattern: str
    lit: bool  # patterns other than steady and off switch this over time


@dataclass(frozen=True)
class Drag:
    figure: str
    pos: tuple[int, int]
    target: int | str | None  # section number, "tray", or None (drop would do nothing)


@dataclass(frozen=True)
class Scene:
    """The frame around the screens (top bar, ticker, tabs).

    The boat's basics (speed, course, depth, the distance run, the telegraph) are not in it: no part of the frame
    draws them, and the screens that show them read them into their own snapshots (the distance run, changing by a
    hundredth of a mile every few seconds under way, drew every screen again each time it was here)."""

    time: str
    date: str
    watch: str
    bars: str
    mode: str
    factor: float
    feed: tuple[FeedLine, ...]
    drag: Drag | None = None
    selected: str | None = None
    pressed: str | None = None  # the compression button under a finger
    lamps: tuple[LampLook, ...] = ()
    mission_over: str | None = None
    screen: str = "boat"
    language: str = "en"
    #: the alarm banner shown: (kind, feed line) or None
    alarm: tuple[str, FeedLine] | None = None
    alarms_waiting: int = 0
    #: tab -> mark (an alarm kind, or "new") for tabs that have news
    badges: tuple[tuple[str, str], ...] = ()

    @property
    def moving(self) -> bool:
        """Something changes faster than an idle window looks: it needs a steady frame rate."""
        return (self.drag is not None or self.factor >= 4
                or any(lamp.pattern not in ("steady", "off") for lamp in self.lamps))


class Feed:
    """The info feed as the window draws it: the lines of `kaleun.ui.feedlog.FeedLog` (grouped,
    newest change last), each with the sentence to render in the table's language and the window
    alarm it raised (`kaleun.ui.alarms`), plus refused inputs.

    The window reads only `lines` and `version` and calls `recall` (once), `on_event`, `problem` and `note`."""

    def __init__(self, length: int = FEED_LENGTH) -> None:
        self.log = FeedLog(length=length)
        self._shown: tuple[int, tuple[FeedLine, ...]] = (-1, ())

    @property
    def version(self) -> int:
        """Grows with every change (the window redraws when it changes)."""
        return self.log.version

    @property
    def lines(self) -> tuple[FeedLine, ...]:
        if self._shown[0] != self.log.version:
            self._shown = (self.log.version, tuple(_shown(line) for line in self.log.lines))
        return self._shown[1]

    def on_event(self, event: Event) -> tuple[FeedLine, bool] | None:
        """The line the event went into and whether it raises the line's alarm (a ship added to a
        contact report does not: `kaleun.ui.feedlog`); None: an event without a feed text."""
        change = self.log.add(event)
        return None if change is None else (_shown(change.line), change.raises)

    def problem(self, clock: str, text: Msg | str) -> None:
        self.log.problem(clock, text)

    def note(self, clock: str, text: Msg | str) -> None:
        """A word from the table, plain (a new game's first steps)."""
        self.log.note(clock, text)

    def add_words(self, line_id: int, text: Msg | str) -> None:
        """More words at the end of a line (`FeedLog.add_words`)."""
        self.log.add_words(line_id, text)

    def recall(self, game: Any) -> Recalled:
        """Start with the game's recent past (`kaleun.ui.feedlog.recall`): the lines the crew saw
        before a resume, in the table's language."""
        return recall(self.log, game)

    def newest(self, count: int) -> Sequence[FeedLine]:
        return self.lines[-count:]


def _shown(line: LogLine) -> FeedLine:
    message = sentence(line.message) if line.problem and line.message else line.message or None
    return FeedLine(line.clock[:5], line.text, line.problem, msg=message,
                    alarm=line.alarm if line.alarm in BY_NAME else None, event=line.event, id=line.id,
                    notice=line.alarm == "warning")


def format_date(when: datetime, code: str = "en") -> str:
    """The day as the table's language writes it short: 11 Sep 1941, 11 Sept. 1941, 11 сент. 1941."""
    return _local_date(when.date(), code)


@functools.lru_cache(maxsize=64)
def _local_date(day: date, code: str) -> str:
    if code == "en":
        return f"{day.day} {day:%b %Y}"
    from babel.dates import format_date as babel_date

    return str(babel_date(day, "d MMM y", locale=code))


def lamp_looks(lamps: Any) -> tuple[LampLook, ...]:
    """The section lamps, if the board has simulated lamps (they keep the frame the lamp
    director last showed; the director already turns blinking and pulsing into colours)."""
    frame = getattr(lamps, "frame", None)
    if not frame:
        return ()
    looks = []
    for name, lamp in sorted(frame.items()):
        prefix, _, number = name.partition(".")
        if prefix != "section" or not number.isdigit():
            continue
        pattern = getattr(lamp, "pattern", "steady")
        lit = pattern != "off" and any(lamp.color)
        looks.append(LampLook(int(number), tuple(lamp.color), pattern, lit))
    return tuple(looks)


def _bars(game: Any) -> str:
    """The crew's command and morale bars, as the First Officer would read them."""
    if not game.has_module("crew"):
        return ""
    crew = game.module("crew")
    keeper = getattr(crew, "bars", None)  # the bars alone: cheaper than the crew's whole status
    bars = keeper.status() if keeper is not None and hasattr(keeper, "status") else crew.status()["bars"]
    return f"command {bars['command']} · morale {bars['morale']}"


def read_scene(runtime: Any, feed: Feed, drag: Drag | None = None, selected: str | None = None,
               pressed: str | None = None, screen: str = "boat", alarm: tuple[str, FeedLine] | None = None,
               alarms_waiting: int = 0, badges: tuple[tuple[str, str], ...] = (), lamps: bool = True) -> Scene:
    """Snapshot the window's frame from the runtime's game and table. `lamps`: the section lamps are shown (the
    boat screen draws them); else they are left out, so their blinking draws no frames of a screen without them."""
    game = runtime.game
    now = game.clock.at(game.t)
    compression = game.module("compression")
    mission = game.module("mission") if game.has_module("mission") else None
    return Scene(
        time=f"{now:%H:%M:%S}",
        date=format_date(now, str(getattr(runtime, "language", "en"))),
        watch=str(game.module("watch").status()["on_duty"]),
        bars=_bars(game),
        mode=compression.mode,
        factor=FACTORS[compression.mode],
        feed=tuple(feed.lines),
        drag=drag,
        selected=selected,
        pressed=pressed,
        lamps=lamp_looks(getattr(runtime, "lamps", None)) if lamps else (),
        mission_over=getattr(mission, "result", None),
        screen=screen,
        language=str(getattr(runtime, "language", "en")),
        alarm=alarm,
        alarms_waiting=alarms_waiting,
        badges=badges,
    )
