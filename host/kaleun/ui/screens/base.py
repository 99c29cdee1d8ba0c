"""What every screen and overlay of the window has: a snapshot to compare and a way to draw it.

`read()` takes what the screen shows from the game (and the window's selections) and returns a
comparable key; the window draws again only when a key changes. `draw()` paints the screen into
its area of the canvas and registers its touch targets.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import TYPE_CHECKING, Any

from pygame import Rect

from kaleun.core.messages import Msg
from kaleun.ui.widgets import Canvas

if TYPE_CHECKING:
    from kaleun.ui.window import Window


class Screen:
    """One tab of the window."""

    id = ""
    title = Msg("")
    icon = "boat"

    def __init__(self, win: Window) -> None:
        self.win = win

    @property
    def game(self) -> Any:
        return self.win.game

    def read(self) -> Hashable:
        return None

    def draw(self, c: Canvas, area: Rect) -> None:
        raise NotImplementedError


class Overlay(Screen):
    """A sheet over the screen (an order, the feed, the settings, the debrief); `full` covers the
    whole window (the new-game set-up), otherwise the top bar and the tabs stay usable."""

    full = False

    def close(self) -> None:
        if self.win.overlay is self:
            self.win.close_overlay()
