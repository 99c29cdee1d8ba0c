"""Touch targets: every place a finger can act, registered while a frame is drawn.

Drawing a button and saying what touching it does happen in one place: the screen draws the
button and adds a `Target` with its rectangle and its action. After the frame the window hit-tests
touches against the targets (the last one added lies on top: an overlay covers the screen under
it). Each target has an id (`order.dive`, `tab.plot`, `tube.3`) so tests can touch it by name,
and a size the tests check against the 9 mm a fingertip needs.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from pygame import Rect

from kaleun.core.messages import Msg

Pos = tuple[int, int]
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
