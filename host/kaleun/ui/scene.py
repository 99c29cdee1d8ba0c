"""What the window shows, read from the game and the table in one go.

A `Scene` is a plain, comparable snapshot: the window draws a frame only when the scene
differs from the last one drawn, and tests can check what is shown without pixels.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from kaleun.core.events import Event
from kaleun.uboot.boat import TELEGRAPH
from kaleun.uboot.compression import FACTORS
from kaleun.uboot.figures import FIGURES
from kaleun.ui.feedlog import FeedLog

#: how many info-feed messages the window keeps
FEED_LENGTH = 60


@dataclass(frozen=True)
class FeedLine:
    clock: str  # ship's time "HH:MM"
    text: str
    problem: bool = False  # a refused input (typed wrong, hardware-only), not a game message


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
    time: str
    date: str
    watch: str
    bars: str
    mode: str
    factor: float
    figures: tuple[tuple[str, int | None], ...]
    handle: int  # the table's telegraph lever (index into TELEGRAPH)
    answered: int  # the boat's telegraph, as answered by the engine room
    speed_kn: float
    target_kn: float
    propulsion: str
    surfaced: bool
    distance_nm: float
    course: int
    depth_m: float
    feed: tuple[FeedLine, ...]
    drag: Drag | None = None
    selected: str | None = None
    pressed: str | None = None  # the compression button under a finger
    lamps: tuple[LampLook, ...] = ()
    mission_over: str | None = None

    @property
    def moving(self) -> bool:
        """Something changes faster than an idle window looks: it needs a steady frame rate."""
        return (self.drag is not None or self.factor >= 4
                or any(lamp.pattern not in ("steady", "off") for lamp in self.lamps))


@dataclass
class Feed:
    """The info feed as the window draws it: the lines of `kaleun.ui.feedlog.FeedLog` (grouped, newest
    change last, with their alarm class in `log.lines`), plus refused inputs."""

    log: FeedLog = field(default_factory=lambda: FeedLog(length=FEED_LENGTH))
    _shown: tuple[int, tuple[FeedLine, ...]] = (-1, ())

    @property
    def lines(self) -> tuple[FeedLine, ...]:
        if self._shown[0] != self.log.version:
            self._shown = (self.log.version, tuple(FeedLine(line.clock[:5], line.text, line.problem)
                                                   for line in self.log.lines))
        return self._shown[1]

    def on_event(self, event: Event) -> None:
        self.log.add(event)

    def problem(self, clock: str, text: str) -> None:
        self.log.problem(clock, text)


def format_date(when: datetime) -> str:
    return f"{when.day} {when:%b %Y}"


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
    bars = game.module("crew").status()["bars"]
    return f"command {bars['command']} · morale {bars['morale']}"


def read_scene(runtime: Any, feed: Feed, drag: Drag | None = None, selected: str | None = None,
               pressed: str | None = None) -> Scene:
    """Snapshot what the window shows from the runtime's game and table."""
    game = runtime.game
    table = runtime.table
    now = game.clock.at(game.t)
    boat = game.module("boat").status()
    compression = game.module("compression")
    where = game.module("figures").where
    mission = game.module("mission") if game.has_module("mission") else None
    return Scene(
        time=f"{now:%H:%M:%S}",
        date=format_date(now),
        watch=str(game.module("watch").status()["on_duty"]),
        bars=_bars(game),
        mode=compression.mode,
        factor=FACTORS[compression.mode],
        figures=tuple((f, where.get(f)) for f in FIGURES),
        handle=int(table.telegraph),
        answered=TELEGRAPH.index(boat["telegraph"]),
        speed_kn=round(float(boat["speed_kn"]), 1),
        target_kn=round(float(boat["target_kn"]), 1),
        propulsion=str(boat["propulsion"]),
        surfaced=bool(boat["surfaced"]),
        distance_nm=round(float(boat["distance_nm"]), 2),
        course=int(boat.get("course", 0)),
        depth_m=round(float(boat.get("depth_m", 0.0))),
        feed=tuple(feed.lines),
        drag=drag,
        selected=selected,
        pressed=pressed,
        lamps=lamp_looks(getattr(runtime, "lamps", None)),
        mission_over=getattr(mission, "result", None),
    )
