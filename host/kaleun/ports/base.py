"""Port interfaces and the table inputs they report."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Protocol


@dataclass(frozen=True)
class FigureSeen:
    """A figure stands on a reader of `section`."""

    figure: str
    section: int


@dataclass(frozen=True)
class FigureGone:
    """A figure left the model (or a reader stopped seeing it)."""

    figure: str


@dataclass(frozen=True)
class UnknownTag:
    """A tag nobody enrolled appeared in `section`."""

    uid: str
    section: int


@dataclass(frozen=True)
class HubLinkChanged:
    """The deck hub's link changed: state online | offline | reader_fault | reader_ok."""

    state: str
    reason: str = ""
    detail: Mapping[str, object] | None = None


@dataclass(frozen=True)
class DialTurned:
    """A dial moved by `clicks` of its steps (positions of a detented dial, steps of a ring;
    positive clockwise)."""

    dial: str
    clicks: int


@dataclass(frozen=True)
class DialHomed:
    """A dial stands at its home mark now (its switch closed, its index pulse came, or the
    crew confirmed it stands at its zero)."""

    dial: str


@dataclass(frozen=True)
class DialLost:
    """Turns of a dial went uncounted (its deck hub restarted): where it stands is unknown
    until it is homed again."""

    dial: str


@dataclass(frozen=True)
class ButtonPressed:
    button: str


TableInput = (FigureSeen | FigureGone | UnknownTag | HubLinkChanged | DialTurned | DialHomed | DialLost
              | ButtonPressed)
Sink = Callable[[TableInput], None]


class InputPort(Protocol):
    """A source of table inputs. `start` hands it the sink; inputs may arrive on any thread."""

    def start(self, sink: Sink) -> None: ...

    def close(self) -> None: ...


class FigureSensor(InputPort, Protocol):
    """Reports where the figures stand."""

    def settle(self) -> None:
        """Return once every input caused so far has reached the sink (scripts wait on this)."""


class Dial(InputPort, Protocol):
    name: str

    def turn(self, clicks: int) -> None:
        """Move the dial as a hand would (simulated or mocked hardware only)."""

    def home(self) -> None:
        """The dial reaches its home mark: a `calibrate` dial's crew confirms it stands at its
        zero; a switch or index is triggered (simulated or mocked hardware only)."""


class Button(InputPort, Protocol):
    name: str

    def press(self) -> None:
        """Press the button as a hand would (simulated or mocked hardware only)."""


@dataclass(frozen=True)
class Lamp:
    """One segment's look: colour plus a pattern, so no state is told by colour alone."""

    color: tuple[int, int, int]
    pattern: str = "steady"  # a pattern of the lamp pattern table (kaleun_hub.lamps.PATTERNS)


class Lamps(Protocol):
    segments: Mapping[str, tuple[int, int]]
    #: True: the port runs the patterns itself and gets each look (unshaded colour and pattern)
    #: once; False: it gets a shaded frame whenever the colours change
    animates: bool

    def show(self, frame: Mapping[str, Lamp]) -> None:
        """Light the named segments; segments not named are dark."""

    def close(self) -> None: ...


class Sounder(Protocol):
    #: 0-1, the table's volume
    volume: float

    def play(self, cue: str, data: Mapping[str, Any] | None = None) -> None:
        """Play a cue of the cue table (kaleun.sounds.cues); `data` is its event's data."""

    def set_volume(self, volume: float) -> None:
        """Set the table's volume (0-1) for everything playing and to come."""

    def bell(self, pattern: list[int]) -> None:
        """Strike the ship's bell: pattern [2, 2] = two pairs (4 bells)."""

    def ping(self) -> None:
        """Sound an ASDIC ping on the hull."""

    def close(self) -> None: ...


class HardwareOnly(RuntimeError):
    """A script asked to move something only a hand can move (real hardware)."""
