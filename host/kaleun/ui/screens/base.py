"""What every screen and overlay of the window has: a snapshot to compare and a way to draw it.

`read()` takes what the screen shows from the game (and the window's selections) and returns a
comparable key; the window draws again only when a key changes. `draw()` paints the screen into
its area of the canvas and registers its touch targets.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import TYPE_CHECKING, Any

import pygame
from pygame import Rect

from kaleun.core.messages import Msg
from kaleun.ui import icons, theme
from kaleun.ui.touch import simple
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
    #: the sheet this one was opened over from the frame (the whole feed, the settings over an order's sheet):
    #: closing this one goes back to it, its choices as they were
    beneath: Overlay | None = None

    def hear(self, text: Msg | str) -> bool:
        """A word to the crew while the sheet is open (why a button cannot be used): True when the sheet shows it
        itself, as one over the whole window must (it covers the feed that says it otherwise)."""
        return False

    def close(self) -> None:
        if self.win.overlay is self:
            if self.beneath is not None:
                self.win.open(self.beneath)
            else:
                self.win.close_overlay()

    def titled_frame(self, c: Canvas, area: Rect, title: Msg | str) -> None:
        """Draw the sheet's panel, its close button (`<id>.close`) at the top right and its title beside it."""
        s = c.size
        pygame.draw.rect(c.surface, theme.PANEL, area)
        pygame.draw.rect(c.surface, theme.ACCENT, area, s(2))
        close = Rect(area.right - s(52), area.y + s(3), s(48), s(47))
        c.button(f"{self.id}.close", close, None, simple(self.close), icon=icons.x_mark)
        c.text(title, (area.x + s(10), area.y + s(8)), 24, theme.TEXT, bold=True, width=close.x - area.x - s(20))


class PagedSheet(Overlay):
    """A sheet of text read a page at a time (the whole feed, the mission): a framed panel with
    its close button at the top of a side column that holds the page buttons."""

    def __init__(self, win: Window) -> None:
        super().__init__(win)
        self.page = 0

    def turn(self, by: int) -> None:
        self.page = max(0, self.page + by)
        self.win.touch()

    def frame(self, c: Canvas, area: Rect) -> Rect:
        """Draw the sheet's panel and its close button (`<id>.close`); returns the side column."""
        s = c.size
        pygame.draw.rect(c.surface, theme.PANEL, area)
        pygame.draw.rect(c.surface, theme.ACCENT, area, s(2))
        side = Rect(area.right - s(56), area.y + s(4), s(52), area.h - s(8))
        c.button(f"{self.id}.close", Rect(side.x, side.y, side.w, s(48)), None, simple(self.close),
                 icon=icons.x_mark)
        return side
