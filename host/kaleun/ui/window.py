"""The pygame window: the simulated table on screen.

A side view of the boat with the 16 figures (drag one to another section or to the tray,
or tap it and then tap where it goes), the ship's clock and time compression, the engine
telegraph, the boat's speed and the info feed. Hands act through the table, exactly like a
script's `place`, `lift` and `turn`; the game is never changed directly.

Drawing is separate from reading the state: `scene()` snapshots what is shown, `draw()`
paints a scene on any surface, so frames can be rendered headless and compared in tests.
Touch screens deliver mouse events, so the same code serves mouse and finger.
"""

from __future__ import annotations

import logging
import os
import sys
import time
from dataclasses import replace
from typing import Any

from kaleun.core.errors import CommandError
from kaleun.core.events import Event
from kaleun.runtime.loop import Runtime, failure_message
from kaleun.runtime.signals import STOPPER
from kaleun.uboot.boat import TELEGRAPH
from kaleun.ui import theme
from kaleun.ui.boat_view import Places, draw_boat, draw_figure, drop_target, figure_at, figure_places
from kaleun.ui.layout import Layout
from kaleun.ui.panels import draw_feed, draw_status, draw_telegraph, draw_top_bar
from kaleun.ui.scene import Drag, Feed, Scene, read_scene
from kaleun.ui.theme import BASE_SIZE, Fonts

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
import pygame

log = logging.getLogger(__name__)

#: frames per second while a figure is dragged or a finger is down
FPS_ACTIVE = 30
#: frames per second while the clock runs fast or lamps blink
FPS_MOVING = 20
#: how often an idle window looks for input (a frame is drawn only when something changed)
IDLE_PERIOD = 0.1
#: how far (design pixels) a finger moves before a touch on a figure becomes a drag
DRAG_START = 6


class Window:
    """The simulated table in a pygame window. `run()` until closed; returns the exit status."""

    def __init__(self, runtime: Runtime, size: tuple[int, int] = BASE_SIZE, fullscreen: bool | None = None) -> None:
        self.runtime = runtime
        self.table = runtime.table
        self.game = runtime.game
        self.size = size
        self.fullscreen = fullscreen
        self.layout = Layout(*size)
        self.fonts = Fonts(self.layout.scale)
        self.feed = Feed()
        self.running = False
        self.drag: Drag | None = None
        self.selected: str | None = None
        #: frames drawn (whole or only the ticking clock)
        self.frames = 0
        #: what the finger (mouse button) went down on: ("figure", id), ("mode", m), ("telegraph", i), ("drop", t)
        self.press: tuple[str, Any] | None = None
        self.press_pos: tuple[int, int] = (0, 0)
        self._shown: Scene | None = None
        self._drawn_size: tuple[int, int] = (0, 0)
        self._stale = False  # the screen lost its picture (exposed, resized): draw it all again
        runtime.listeners.append(self._on_event)
        runtime.problems.append(self._on_problem)

    # -- reading the state --------------------------------------------------------------------
    def _on_event(self, event: Event) -> None:
        self.feed.on_event(event)

    def _on_problem(self, text: str) -> None:
        self.feed.problem(self.game.clock.hhmm(self.game.t), text)

    def scene(self) -> Scene:
        pressed = self.press[1] if self.press and self.press[0] == "mode" else None
        return read_scene(self.runtime, self.feed, drag=self.drag, selected=self.selected, pressed=pressed)

    def places(self, scene: Scene | None = None) -> Places:
        """Where each figure is drawn: centre and cell size."""
        figures = (scene or self.scene()).figures
        return figure_places(self.layout, figures)

    # -- drawing ------------------------------------------------------------------------------
    def resize(self, size: tuple[int, int]) -> None:
        if size != self.size:
            self.size = size
            self.layout = Layout(*size)
            self.fonts.rescale(self.layout.scale)

    def render(self, surface: Any) -> Scene:
        """Draw the current state on `surface` (the screen or any pygame Surface)."""
        scene = self.scene()
        self.draw(surface, scene)
        return scene

    def draw(self, surface: Any, scene: Scene) -> None:
        self.resize(surface.get_size())
        layout, fonts = self.layout, self.fonts
        surface.fill(theme.PANEL)
        places = figure_places(layout, scene.figures)
        draw_boat(surface, layout, fonts, scene, places)
        draw_top_bar(surface, layout, fonts, scene)
        draw_telegraph(surface, layout, fonts, scene)
        draw_status(surface, layout, fonts, scene)
        draw_feed(surface, layout, fonts, scene)
        self._drawn_size = surface.get_size()
        self._stale = False
        if scene.drag is not None:
            cell = places[scene.drag.figure][1]
            draw_figure(surface, fonts, scene.drag.figure, scene.drag.pos, max(cell, layout.size(26)) * 1.1,
                        selected=True)
        self.frames += 1

    # -- input --------------------------------------------------------------------------------
    def handle_event(self, event: Any) -> None:
        """React to one pygame event (mouse, keys, window)."""
        kind = event.type
        if kind == pygame.QUIT:
            self.running = False
        elif kind == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.running = False
            elif event.key == pygame.K_SPACE:
                self.set_mode("real_time" if self.game.module("compression").mode == "pause" else "pause")
        elif kind == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self._down(event.pos)
        elif kind == pygame.MOUSEMOTION:
            self._move(event.pos)
        elif kind == pygame.MOUSEBUTTONUP and event.button == 1:
            self._up(event.pos)
        elif kind == pygame.VIDEORESIZE:
            self.resize(event.size)
            self._stale = True
        elif kind in (pygame.VIDEOEXPOSE, pygame.WINDOWEXPOSED):
            self._stale = True

    def _down(self, pos: tuple[int, int]) -> None:
        self.press_pos = pos
        self.press = None
        layout = self.layout
        mode = layout.button_at(pos)
        if mode is not None:
            self.press = ("mode", mode)
            return
        position = layout.telegraph_at(pos)
        if position is not None:
            self.press = ("telegraph", position)
            return
        figure = figure_at(self.places(), pos)
        if figure is not None:
            self.press = ("figure", figure)
            return
        target = drop_target(layout, pos)
        self.press = ("drop", target)

    def _move(self, pos: tuple[int, int]) -> None:
        if self.press is None or self.press[0] != "figure":
            return
        if self.drag is None:
            dx, dy = pos[0] - self.press_pos[0], pos[1] - self.press_pos[1]
            if max(abs(dx), abs(dy)) < self.layout.size(DRAG_START):
                return
        figure = self.press[1]
        self.drag = Drag(figure, pos, self._useful_target(figure, drop_target(self.layout, pos)))

    def _useful_target(self, figure: str, target: int | str | None) -> int | str | None:
        """The drop target, or None where dropping would change nothing."""
        where = self.game.module("figures").where.get(figure)
        if target == "tray":
            return None if where is None else "tray"
        return None if target == where else target

    def _up(self, pos: tuple[int, int]) -> None:
        press, self.press = self.press, None
        if self.drag is not None:
            drag, self.drag = self.drag, None
            self.selected = None
            self.move_figure(drag.figure, self._useful_target(drag.figure, drop_target(self.layout, pos)))
            return
        if press is None:
            return
        what, value = press
        if what == "figure":
            self.selected = None if self.selected == value else value
        elif what == "mode":
            if self.layout.button_at(pos) == value:
                self.set_mode(value)
        elif what == "telegraph":
            if self.layout.telegraph_at(pos) == value:
                self.set_telegraph(TELEGRAPH[value])
        elif what == "drop":
            if self.selected is not None and drop_target(self.layout, pos) == value and value is not None:
                self.move_figure(self.selected, self._useful_target(self.selected, value))
            self.selected = None

    # -- hands on the table -------------------------------------------------------------------
    def _act(self, action: Any) -> None:
        try:
            action()
        except CommandError as exc:
            self._on_problem(str(exc))

    def move_figure(self, figure: str, target: int | str | None) -> None:
        """Put a figure on a section, or lift it into the tray, through the table."""
        if target is None:
            return
        if target == "tray":
            self._act(lambda: self.table.actuate({"do": "lift", "figure": figure}))
        else:
            self._act(lambda: self.table.actuate({"do": "place", "figure": figure, "section": target}))

    def set_telegraph(self, position: str) -> None:
        self._act(lambda: self.table.set_telegraph(position))

    def set_mode(self, mode: str) -> None:
        self.runtime.submit({"do": "ui", "action": "time_compression", "mode": mode})

    # -- the loop -----------------------------------------------------------------------------
    def _open(self) -> Any:
        pygame.display.init()
        pygame.font.init()
        info = pygame.display.Info()
        fullscreen = self.fullscreen
        if fullscreen is None:  # the 7" touch screen (or smaller): use all of it
            fullscreen = 0 < info.current_w <= BASE_SIZE[0] and 0 < info.current_h <= BASE_SIZE[1]
        if fullscreen:
            screen = pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
        else:
            screen = pygame.display.set_mode(self.size, pygame.RESIZABLE)
        pygame.display.set_caption("Kaleun")
        if fullscreen:
            pygame.mouse.set_visible(False)  # a touch screen needs no pointer
        return screen

    def _period(self, scene: Scene) -> float:
        if self.press is not None or scene.drag is not None:
            return 1.0 / FPS_ACTIVE
        if scene.moving:
            return 1.0 / FPS_MOVING
        return IDLE_PERIOD

    def frame(self, screen: Any) -> Scene:
        """One turn of the loop: input, game, and a new frame if anything shown changed."""
        for event in pygame.event.get():
            self.handle_event(event)
        self.runtime.step()
        scene = self.scene()
        shown = self._shown
        same_picture = not self._stale and screen.get_size() == self._drawn_size
        if shown is not None and same_picture and replace(shown, time=scene.time) == scene:
            if scene.time != shown.time:  # only the clock ticked: redraw the top bar alone
                draw_top_bar(screen, self.layout, self.fonts, scene)
                pygame.display.update(self.layout.top_bar)
                self._shown = scene
                self.frames += 1
            return scene
        self.draw(screen, scene)
        pygame.display.flip()
        if shown is None:
            log.debug("first frame drawn (%dx%d)", *screen.get_size())
        self._shown = scene
        return scene

    def run(self) -> int:
        """Play until the window closes or a stop signal (the runtime's stop request); then save.
        Returns the exit status (1: the game failed, the last good save is kept)."""
        self.running = True
        try:
            screen = self._open()
            self.runtime.step()  # the opening events reach the feed before the first frame
            while self.running and not self.runtime.stopping:
                started = time.monotonic()
                scene = self.frame(pygame.display.get_surface() or screen)
                if not self.running or self.runtime.stopping:
                    break
                rest = self._period(scene) - (time.monotonic() - started)
                if rest > 0:
                    self.runtime.wait(rest)
        finally:
            STOPPER.closing()
            self.runtime.close()
            pygame.display.quit()
        if self.runtime.failure is not None:
            print(f"kaleun: {failure_message(self.runtime)}", file=sys.stderr)
            return 1
        return 0
