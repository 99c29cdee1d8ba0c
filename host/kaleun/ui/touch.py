"""Touch targets: every place a finger can act, registered while a frame is drawn.

Drawing a button and saying what touching it does happen in one place: the screen draws the
button and adds a `Target` with its rectangle and its action. After the frame the window hit-tests
touches against the targets (the last one added lies on top: an overlay covers the screen under
it). Each target has an id (`order.dive`, `tab.plot`, `tube.3`) so tests can touch it by name,
and a size the tests check against the 9 mm a fingertip needs.

SDL reports each finger on a touch screen as itself (`FINGERDOWN`, `FINGERMOTION`, `FINGERUP`, where in the window
as a fraction of its size: `finger_pos`), and makes mouse events of the first finger down only (marked `touch`); a
mouse, or a touch screen that reports a pointer, gives mouse events alone. The windows read every finger as itself
and leave the mouse events made of a finger out, so two fingers at once are two hands; the pointer an X11 touch
screen moves as well (mouse events SDL does not mark) is known by coming with its finger (`twins`).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from dataclasses import dataclass
from typing import Any

from pygame import Rect

from kaleun.core.messages import Msg

Pos = tuple[int, int]
#: SDL's touch device id of the finger events it makes of a mouse (`SDL_MOUSE_TOUCHID`): the mouse is read as itself
MOUSE_TOUCH_ID = -1
#: a touch screen under X11 also moves the pointer, and SDL 2 passes those mouse events on unmarked (not `touch`): a
#: mouse press this close in wall seconds to a finger's, at the same spot (`twins`), is that finger's own and not a
#: second hand (our choice: both come from one touch within milliseconds; a second hand is never that quick there)
TWIN_SECONDS = 0.3
#: what a touch does; it gets the point touched (a compass rose turns it into a course)
Action = Callable[[Pos], None]


@dataclass(frozen=True)
class Target:
    id: str
    rect: Rect
    action: Action | None
    #: "button"; the boat's "figure", "section" and "tray" take part in dragging
    kind: str = "button"
    #: a drawn but unusable control (greyed): touching it says why in the feed
    why_not: Msg | str | None = None


@dataclass
class Press:
    """One finger (or the mouse's button) down on the window: what it went down on, where, and how often the
    repeating button under it has acted while held."""

    #: ("figure", figure id), ("target", target id) or ("none", None)
    on: tuple[str, Any]
    #: where it went down, and where it is now
    start: Pos
    at: Pos
    #: wall time it went down
    since: float
    #: how often the held repeating button has acted (0: not yet), and when it last did
    repeats: int = 0
    repeated: float = 0.0


#: which finger a press is: "mouse", or a touch screen's (touch id, finger id)
Hand = Hashable


class Targets:
    """The targets of the frame last drawn."""

    def __init__(self) -> None:
        self.items: list[Target] = []

    def clear(self) -> None:
        self.items = []

    def add(self, id: str, rect: Rect, action: Action | None, kind: str = "button",
            why_not: Msg | str | None = None) -> Rect:
        self.items.append(Target(id, Rect(rect), action, kind, why_not))
        return rect

    def at(self, pos: Pos, kind: str | None = None) -> Target | None:
        """The topmost target under `pos` (of one kind, if given)."""
        for target in reversed(self.items):
            if (kind is None or target.kind == kind) and target.rect.collidepoint(pos):
                return target
        return None

    def get(self, id: str) -> Target | None:
        for target in reversed(self.items):
            if target.id == id:
                return target
        return None

    def ids(self, prefix: str = "") -> list[str]:
        return [t.id for t in self.items if t.id.startswith(prefix)]


def simple(function: Callable[[], None]) -> Action:
    """An action that does not care where the finger was."""
    return lambda pos: function()


def call(function: Callable[..., object], *args: object) -> Action:
    """An action that calls `function(*args)` wherever the finger was (arguments bound now)."""
    def action(pos: Pos) -> None:
        function(*args)

    return action


def twins(a: Pos, a_time: float, b: Pos, b_time: float, reach: int) -> bool:
    """Are a mouse press and a finger's (where and when each came) one touch: within `reach` pixels of each other
    and TWIN_SECONDS?"""
    return abs(a_time - b_time) <= TWIN_SECONDS and max(abs(a[0] - b[0]), abs(a[1] - b[1])) <= reach


def finger_pos(event: Any, size: tuple[int, int]) -> Pos:
    """Where in the window a finger event touched: SDL gives it as a fraction (0 to 1) of the window's width and
    height."""
    x = min(max(float(event.x), 0.0), 1.0)
    y = min(max(float(event.y), 0.0), 1.0)
    return min(int(x * size[0]), size[0] - 1), min(int(y * size[1]), size[1] - 1)
