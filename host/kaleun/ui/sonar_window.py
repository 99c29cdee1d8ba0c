"""The Captain Sonar window: one team's screen, or both side by side.

With one team the window is that team's screen (one Pi per screen, or one of two windows); with
both, the window is split down the middle, yellow on the left and blue on the right — a Pi 4
driving two screens as one wide desktop puts each half on its own screen behind the divider.
Touches on a half are that team's commands; every finger is read as itself, so both teams tap at the same
moment (real time) and a finger resting on one screen takes nothing from the other. `render(surface)` draws on
any surface, so frames render headless (SDL's dummy driver) for tests.
"""

from __future__ import annotations

import logging
import os
import sys
import time
from typing import Any

from kaleun.core.events import Event
from kaleun.core.messages import Msg
from kaleun.i18n import language
from kaleun.runtime.loop import Runtime, closing_problem
from kaleun.runtime.signals import STOPPER
from kaleun.sonar.game import referee
from kaleun.sonar.team import team_name

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
import pygame
from pygame import Rect

from kaleun.ui import theme, typeface
from kaleun.ui.session import saved_line
from kaleun.ui.sonar_console import (
    TeamConsole,
    carried,
    detach_readers,
    ended_inputs,
    going_on,
    say_goodbye,
    start_consoles,
)
from kaleun.ui.sonar_labels import Labels
from kaleun.ui.sonar_screen import DESIGN, TeamScreen
from kaleun.ui.touch import MOUSE_TOUCH_ID, finger_pos, twins

log = logging.getLogger(__name__)

#: how often the window looks for input; a frame is drawn only when something shown changed
IDLE_PERIOD = 0.1
#: how far apart (pixels) a finger's release and the pointer's may be to be one touch (`kaleun.ui.touch.twins`)
TWIN_REACH = 6


class SonarWindow:
    def __init__(self, runtime: Runtime, teams: list[str], size: tuple[int, int] | None = None,
                 fullscreen: bool | None = None, consoles: list[TeamConsole] | None = None,
                 files: tuple[Any, ...] = ()) -> None:
        self.runtime = runtime
        #: the other team's console beside one team's window (`--tty`), and the terminal files it opened
        self.consoles = consoles or []
        self.files = files
        #: True: full screen (`--fullscreen`); None: full screen by itself for one team's screen on a
        #: display no larger than it (the official 7" touch screen), as the U-BOOT window does
        self.fullscreen = fullscreen
        self.referee = referee(runtime.game)
        lang = language(getattr(runtime, "language", "en"))
        self.screens = [TeamScreen(self.referee, team, self._sender(team), lang) for team in teams]
        for screen in self.screens:  # the consoles' save, quit and new, by touch
            screen.save_now = self._saver(screen)
            screen.leave = self._leave
            screen.new_game = self._new_game
        #: after the end, New game touched (the front end starts a new game of the same settings)
        self.touched_new = False
        going_on(self.consoles)
        self.size = size or (DESIGN[0] * len(teams), DESIGN[1])
        #: both teams full screen on two displays: each display's size, left to right (each half on its own)
        self.displays: list[tuple[int, int]] | None = None
        self.fonts = theme.Fonts(1.0, face=typeface.face(), bold=typeface.face(True))
        #: the texts of every frame drawn: `labels.cut` (texts shortened) and `labels.missing` (glyphs the
        #: font lacks, with `labels.glyph_check` set) stay empty on a good screen (tests)
        self.labels = Labels(self.fonts, str)
        self.running = False
        #: the crews shut the table down (its service's way out, touched twice): `run` ends with SHUT_DOWN
        self.shutting = False
        self.frames = 0
        #: the last tap read: from "mouse" or "finger", where, when (wall seconds)
        self._last_tap: tuple[str, tuple[int, int], float] | None = None
        self._shown: tuple[Any, ...] | None = None
        self._current: TeamScreen | None = None
        runtime.listeners.append(self._on_event)
        runtime.problems[:] = [self._on_problem]

    def _sender(self, team: str) -> Any:
        def send(command: dict[str, Any]) -> None:
            self.runtime.submit({**command, "team": team})
        return send

    def _saver(self, screen: TeamScreen) -> Any:
        def save() -> None:
            """Save now, as the console's `save`: the team's feed says what was saved and where, or why not."""
            autosave = self.runtime.autosave
            told = autosave.told if autosave is not None else 0
            self._current = screen
            try:
                self.runtime.save()
            finally:
                self._current = None
            problem = self.runtime.save_problem
            if problem is not None:
                if autosave is None or autosave.told == told:  # unless the autosave has just told it
                    screen.problem(problem)
            elif autosave is None:
                screen.say(Msg("This table keeps no save: nothing was written."))
            else:
                screen.say(saved_line(self.runtime.game, autosave.path))
        return save

    def _leave(self) -> None:
        """Save and quit, touched twice: the loop ends, and the game is saved on the way out (`run`); on a table its
        service runs, the table shuts down (`kaleun.service.SHUT_DOWN`: the service does not start it again)."""
        from kaleun.service import service_kind

        self.shutting = service_kind() is not None
        self.running = False

    def _new_game(self) -> None:
        """New game, after the end: the loop ends and the game is saved on the way out (`run`), as Save and quit
        does; the front end then opens a new game of the same settings, the other team's console reading on."""
        if self.referee.phase != "over":
            return
        self.touched_new = True
        self.running = False
        detach_readers(self.consoles)

    @property
    def then(self) -> str | None:
        """After the end, "new": New game touched here, or `new` typed at the other team's console beside; else
        None."""
        typed = any(c.then is not None and c.stopping for c in self.consoles)
        return "new" if self.touched_new or typed else None

    @property
    def settings(self) -> dict[str, str]:
        """The new game's scenario and mode the other team named with `new` at its console (New game: this game's)."""
        return next((c.settings for c in self.consoles if c.then is not None and c.stopping), {})

    def carried(self) -> dict[str, tuple[Any, Any, Any]]:
        """The other team's terminal and reader beside this window, for the next game (New game)."""
        return carried(self.consoles)

    def _on_event(self, event: Event) -> None:
        for screen in self.screens:
            screen.on_event(event)

    def _on_problem(self, text: Msg | str) -> None:
        """A command refused as malformed, or a save that failed: on the screen of the team that touched it,
        else (the autosave, between touches) on every screen, since the game is both teams'."""
        for screen in [self._current] if self._current is not None else self.screens:
            screen.problem(text)

    def _console_ended(self) -> None:
        """The other team's console lost its input (its terminal hung up): the game stops and is saved."""
        self.running = False

    # -- drawing ----------------------------------------------------------------------------
    def areas(self, size: tuple[int, int]) -> list[Rect]:
        displays = self.displays
        if displays is not None and len(displays) == len(self.screens) and size[0] == sum(w for w, _ in displays):
            # a window across two displays: each team's screen is one display, whatever their sizes
            lefts = [sum(w for w, _ in displays[:i]) for i in range(len(displays))]
            return [Rect(left, 0, w, min(h, size[1])) for left, (w, h) in zip(lefts, displays, strict=True)]
        width = size[0] // len(self.screens)
        return [Rect(i * width, 0, width, size[1]) for i in range(len(self.screens))]

    def render(self, surface: Any) -> None:
        size = surface.get_size()
        areas = self.areas(size)
        if self.displays is not None:  # across two displays: the smaller one sets the scale
            self.fonts.rescale(min(min(area.width / DESIGN[0], area.height / DESIGN[1]) for area in areas))
        else:
            self.fonts.rescale(min(size[0] / len(self.screens) / DESIGN[0], size[1] / DESIGN[1]))
        surface.fill(theme.OUTLINE)
        for screen, area in zip(self.screens, areas, strict=True):
            self.labels.render = screen.text
            screen.draw(surface, area, self.fonts, self.labels)
        self.frames += 1

    # -- input ------------------------------------------------------------------------------
    def click(self, pos: tuple[int, int], size: tuple[int, int]) -> None:
        for screen, area in zip(self.screens, self.areas(size), strict=True):
            if area.collidepoint(pos):
                self._current = screen
                try:
                    screen.click(pos)
                finally:
                    self._current = None
                self.runtime.step()  # the answer shows at once
                return

    def _tap(self, source: str, pos: tuple[int, int], size: tuple[int, int]) -> None:
        """A tap, unless it is the twin of the one just read: a touch screen under X11 moves the pointer with its
        finger, and SDL 2 passes the pointer's release on unmarked, just before or after the finger's own."""
        now = time.monotonic()
        last, self._last_tap = self._last_tap, (source, pos, now)
        if last is not None and last[0] != source and twins(last[1], last[2], pos, now, TWIN_REACH):
            return
        self.click(pos, size)

    def handle_event(self, event: Any, size: tuple[int, int]) -> None:
        """A tap is a finger lifted (`FINGERUP`, where the touch screens report fingers) or the left button let go
        (a mouse, a touch screen that reports a pointer). SDL makes mouse events of the first finger down only:
        while one team's finger rests on its screen, the other team's taps came as fingers alone and were lost, so
        every finger is read as itself and the mouse events SDL made of a finger (`touch`) are left out."""
        if event.type == pygame.QUIT or (event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE):
            self.running = False
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1 and not getattr(event, "touch", False):
            self._tap("mouse", event.pos, size)
        elif event.type == pygame.FINGERUP and getattr(event, "touch_id", MOUSE_TOUCH_ID) != MOUSE_TOUCH_ID:
            self._tap("finger", finger_pos(event, size), size)
        elif event.type in (pygame.VIDEORESIZE, pygame.VIDEOEXPOSE, pygame.WINDOWEXPOSED):
            self._shown = None

    # -- the loop ---------------------------------------------------------------------------
    def _open(self) -> Any:
        """The window: full screen when asked, or by itself for one team on a screen no larger than the
        team's screen (a window there lost its bottom rows under the title bar), and for both teams on two
        such screens; else a window of `size`."""
        info = pygame.display.Info()
        fullscreen = self.fullscreen
        small = [0 < w <= DESIGN[0] and 0 < h <= DESIGN[1] for w, h in _desktops()[:2]]
        if fullscreen is None:  # one team on its touch screen, or both teams on two of them
            if len(self.screens) == 1:
                fullscreen = 0 < info.current_w <= DESIGN[0] and 0 < info.current_h <= DESIGN[1]
            else:
                fullscreen = len(small) == 2 and all(small)
        displays = _desktops() if fullscreen and len(self.screens) == 2 else []
        if len(displays) >= 2:
            # SDL's full screen covers one display only: both teams' halves would share it. A borderless
            # window at the desktop's corner spans the first two displays (side by side, the first on the
            # left, as a Pi 4's two HDMI screens are set up), and each team's screen is one display.
            self.displays = displays[:2]
            os.environ.setdefault("SDL_VIDEO_WINDOW_POS", "0,0")
            screen = pygame.display.set_mode((displays[0][0] + displays[1][0], max(displays[0][1], displays[1][1])),
                                             pygame.NOFRAME)
            pygame.mouse.set_visible(False)
        elif fullscreen:
            screen = pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
            pygame.mouse.set_visible(False)  # a touch screen needs no pointer
        else:
            screen = pygame.display.set_mode(self.size, pygame.RESIZABLE)
        pygame.display.set_caption("Kaleun: Captain Sonar")
        return screen

    def run(self) -> int:
        """Play until the window closes or a stop signal (the runtime's stop request); then save.
        Returns the exit status (1: the game failed or could not be saved, the last good save is kept)."""
        self.running = True
        try:
            pygame.display.init()
            pygame.font.init()
            screen = self._open()
            start_consoles(self.consoles, self._console_ended, alone=False)
            if len(self.screens) == 1 and not self.consoles:  # said where it was started, as a lone console does
                team = self.screens[0].team
                print(language(self.runtime.language).render(Msg(
                    "Only {team}'s screen runs here: give {other} a terminal with --tty DEVICE, or play both "
                    "teams in the window with --team both.", team=team_name(team),
                    other=team_name("blue" if team == "yellow" else "yellow"))), flush=True)
            while self.running and not self.runtime.stopping and not any(c.stopping for c in self.consoles):
                started = time.monotonic()
                surface = pygame.display.get_surface() or screen
                for event in pygame.event.get():
                    self.handle_event(event, surface.get_size())
                self.runtime.step()
                shown = (surface.get_size(), *(s.snapshot() for s in self.screens))
                if shown != self._shown:
                    self.render(surface)
                    pygame.display.flip()
                    self._shown = shown
                rest = IDLE_PERIOD - (time.monotonic() - started)
                if rest > 0:
                    self.runtime.wait(rest)
        finally:
            STOPPER.closing()
            self.runtime.close()
            pygame.display.quit()
            say_goodbye(self.runtime, self.consoles, self.files,
                        going_on=self.then is not None and not self.runtime.stop_requested)
        gone = ended_inputs(self.consoles)
        for line in gone:  # the window closed without a tap: why, where it was started
            print(language(self.runtime.language).render(line), flush=True)
        problem = closing_problem(self.runtime)  # the game failed, or its last save did (a full disk)
        if problem is not None:
            print(f"kaleun: {language(self.runtime.language).render(problem)}", file=sys.stderr)
            return 1
        if (STOPPER.signum is not None and not self.consoles) or gone:  # a team's console says it (say_goodbye)
            print(language(self.runtime.language).render(saved_line(self.runtime.game)), flush=True)
        if self.shutting:
            from kaleun.service import SHUT_DOWN

            print(language(self.runtime.language).render(Msg("The crew shut the table down. {saved}",
                                                             saved=saved_line(self.runtime.game))), flush=True)
            return SHUT_DOWN
        return 0


def _desktops() -> list[tuple[int, int]]:
    """The size of each display's desktop, in SDL's order (one entry where SDL knows only one)."""
    try:
        return [(int(w), int(h)) for w, h in pygame.display.get_desktop_sizes()]
    except (AttributeError, pygame.error):  # an SDL without the call
        return []
