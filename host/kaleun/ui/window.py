"""The pygame window: the console a First Officer runs the whole game from.

A top bar (ship's time, the crew's bars, time compression, settings), the screen of the tab
chosen below (the boat with its figures, orders, helm, tactical plot, attack, damage, crew,
strategic map, first-person views), the newest feed lines above the tabs, alarm banners over the
screen, and sheets over it: the order assistant, the whole feed, the settings, the debrief.

Hands act through the table (figures, the telegraph) or the runtime's `submit` of game commands,
exactly like a table script; the game is never changed directly. Drawing is separate from
reading the state: each screen snapshots what it shows, the window draws a frame only when a
snapshot changed, and every touch target is registered while drawing (`kaleun.ui.touch`), so
frames render headless and tests touch buttons by name. Each finger on a touch screen is its own
press and release (`presses`), as the mouse's button is: two hands touch at once.
"""

from __future__ import annotations

import logging
import math
import os
import sys
import time
from collections.abc import Callable, Hashable
from dataclasses import replace
from typing import Any

from kaleun.core.errors import CommandError
from kaleun.core.events import Event
from kaleun.core.messages import Msg, of_error
from kaleun.i18n import Language, language
from kaleun.runtime.loop import Runtime, closing_problem
from kaleun.runtime.signals import STOPPER
from kaleun.ui import theme, typeface
from kaleun.ui.alarms import BY_NAME as ALARM_KINDS
from kaleun.ui.alarms import URGENCY, alarm_for
from kaleun.ui.feedlog import Recalled
from kaleun.ui.frame import clock_area, draw_alarm_banner, draw_clock, draw_tab_bar, draw_ticker, draw_top_bar
from kaleun.ui.layout import TABS, Layout
from kaleun.ui.scene import Drag, Feed, FeedLine, Scene, read_scene
from kaleun.ui.screens.base import Overlay, Screen
from kaleun.ui.screens.chart import Track
from kaleun.ui.sentences import begun
from kaleun.ui.theme import BASE_SIZE, Fonts
from kaleun.ui.touch import MOUSE_TOUCH_ID, Hand, Pos, Press, Target, Targets, finger_pos, twins
from kaleun.ui.widgets import Canvas, GlyphCheck, TextCache

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
import pygame
from pygame import Rect

log = logging.getLogger(__name__)

#: frames per second while a figure is dragged or a finger is down
FPS_ACTIVE = 30
#: frames per second while the clock runs fast or lamps blink
FPS_MOVING = 20
#: how often an idle window looks for input (a frame is drawn only when something changed)
IDLE_PERIOD = 0.1
#: ... and once nobody has touched it for RESTING_AFTER seconds (a first touch waits at most this)
RESTING_PERIOD = 0.2
RESTING_AFTER = 10.0
#: how far (design pixels) a finger moves before a touch on a figure becomes a drag
DRAG_START = 6
#: a button that repeats (kind "repeat": the scope's arrows, the order sheets' and the dials' steppers) acts once when
#: let go, or once held REPEAT_AFTER wall seconds; held on for REPEAT_AFTER more it repeats every REPEAT_EVERY, as a
#: held arrow key does: one press is one step unless held past the delay (our choice: a binocular's 4° a step turns 40°
#: a second; a course's 1° step 10° a second)
REPEAT_AFTER = 0.4
REPEAT_EVERY = 0.1
#: how long (wall seconds) an alarm's banner stays unless touched (a breach counting down stays)
ALARM_SECONDS = 15.0
#: how long (wall seconds) each page of a newest feed line too long for the ticker's two rows shows before the
#: next (our choice: time to read two rows aloud to the crew)
TICKER_PAGE_SECONDS = 8.0
#: events that end a hull breach (§10.3.6): its waiting alarms leave the banner
BREACH_OVER = ("hull_breach_sealed", "section_flooded")


class Window:
    """The console in a pygame window. `run()` until closed; returns the exit status."""

    def __init__(self, runtime: Runtime, size: tuple[int, int] = BASE_SIZE, fullscreen: bool | None = None,
                 setup: Callable[[Window], Overlay] | None = None,
                 after: Callable[[Window, str | None], Overlay] | None = None,
                 clock: Callable[[], float] = time.monotonic) -> None:
        from kaleun.ui.screens import SCREENS

        self.runtime = runtime
        self.size = size
        self.fullscreen = fullscreen
        self.wall = clock
        self.layout = Layout(*size)
        self.fonts = Fonts(self.layout.scale, face=typeface.face(), bold=typeface.face(True))
        self.cache = TextCache(self._text_budget())
        self.targets = Targets()
        #: characters drawn that the font cannot show (only with a glyph check, e.g. in tests)
        self.glyph_check: GlyphCheck | None = None
        self.missing: dict[str, str] = {}
        #: texts shortened with an ellipsis in the frames drawn (whole text -> what was shown)
        self.cut: dict[str, str] = {}
        self.running = False
        #: a screen that fails is logged and shown as failed instead of stopping the table
        self.guard = True
        self._failed: set[str] = set()
        self.drag: Drag | None = None
        self.selected: str | None = None
        self.tab = "boat"
        self.overlay: Overlay | None = None
        #: what the screens remember between frames (a selected contact, a plot's scale ...)
        self.ui: dict[str, Any] = {}
        #: alarm banners waiting: (kind, feed line, wall time raised), newest last
        self.alarms: list[tuple[str, FeedLine, float]] = []
        #: the section and deadline (game seconds) of each breach alarm's feed line (by the feed
        #: line's id)
        self._breach_of: dict[int, tuple[FeedLine, Any, float | None]] = {}
        #: tabs with news: tab -> alarm kind
        self.badges: dict[str, str] = {}
        #: frames drawn (whole or only the ticking clock)
        self.frames = 0
        #: the fingers down now (and the mouse's button), each read as itself: two hands at the table at once (one
        #: holding a stepper, another touching a button) are two presses
        self.presses: dict[Hand, Press] = {}
        #: the finger that drags the figure being dragged
        self._dragging: Hand | None = None
        #: the mouse's button is down as a finger's twin (the pointer an X11 touch screen moves with the finger):
        #: its events are the finger's, already read
        self._mouse_twin = False
        self.version = 0  # grows with every input: the window looks at the game again
        self._events = 0
        #: the first order refused for want of sailors where it needs them has been followed by how to bring them
        self.crew_hint_told = False
        self._shown: tuple[Scene, Hashable] | None = None
        self._stamp: Hashable = None
        self._moving = False
        self._stepped: tuple[float, float] = (-1e9, -1.0)
        self._touched = -1e9  # wall time of the last input
        self._drawn_size: tuple[int, int] = (0, 0)
        self._stale = False  # the screen lost its picture (exposed, resized): draw it all again
        #: the newest feed line the ticker shows in pages: (its key, wall time first shown, pages)
        self._paging: tuple[Hashable, float, int] | None = None
        #: the ticker's page on the display, and where in `targets` the ticker's (or the banner's) targets lie
        self._turn_drawn = 0
        self._strip_targets = (0, 0)
        #: alarm banners gone by themselves (their time up): the frame looks again
        self._expired = 0
        self.screens: dict[str, Screen] = {}
        self.track = Track()
        #: the feed, the past it started with, and the mission's end (the debrief reads its fields)
        self.feed = Feed()
        self._told = Recalled()
        self.mission_end: Event | None = None
        #: what the terminal is told when the window has closed on a set-up left before its Start
        self.farewell: Msg | None = None
        #: the crew shut the table down (the settings' Power off or Close to desktop): the window closes saved and
        #: ends with the status the service does not start it again after (`kaleun.service.SHUT_DOWN`)
        self.shutting = False
        #: the set-up a game's end opens (the debrief's New game, or the next part of a linked patrol or the
        #: campaign's next mission: its mode); None: this window cannot start another game
        self.after = after
        self._bind(runtime)
        self.screens = {cls.id: cls(self) for cls in SCREENS}
        if setup is not None:
            self.overlay = setup(self)
        elif self.game.has_module("mission") and self.game.module("mission").over:
            self.open_debrief()  # a finished game says so at once
        else:
            self._still_burning()

    def _bind(self, runtime: Runtime) -> None:
        self.runtime = runtime
        self.table = runtime.table
        self.game = runtime.game
        self.lang: Language = language(getattr(runtime, "language", "en"))
        runtime.listeners.append(self._on_event)
        runtime.problems.append(self._on_problem)
        self._recall()

    def _recall(self) -> None:
        """The feed starts with the game's recent past (a resumed game, a window opened on a saved
        one): the lines the crew saw before, grouped as they were, without their alarms again."""
        self.feed = Feed()
        self._told = self.feed.recall(self.game)
        self.mission_end = next((e for e in reversed(self._told.past) if e.name == "mission_end"), None)
        if self.game.t == 0 and self.mission_end is None:  # a new game: where a crew begins, as the console says
            from kaleun.ui.session import first_steps

            steps = first_steps(self.game, touch=True)
            if steps is not None:
                self.feed.note(self.game.clock.hhmm(self.game.t), steps)
            from kaleun.career import unbookable

            # a mission with objectives while the career record cannot be read: said at the start, as the
            # console says it, not only when the mission ends hours later
            problem = unbookable(self.game)
            if problem is not None:
                self.feed.problem(self.game.clock.hhmm(self.game.t), Msg(
                    "{problem}. The mission is played; its result is booked in the career record once the record is "
                    "repaired or moved away (kaleun resume of its save books it).", problem=problem))

    def rebind(self, runtime: Runtime, under_way: bool = False) -> None:
        """Run another runtime (a new game chosen at the set-up) in this window. `under_way`: a game saved before and
        continued (the set-up's Go on with it): what still threatens its boat is raised again, as when a window
        opens on a resumed game."""
        self._bind(runtime)
        self.track = Track()
        self.alarms.clear()
        self._breach_of.clear()  # the new game's feed numbers its lines afresh
        self.badges.clear()
        self.ui.clear()
        if under_way:
            self._still_burning()
        self.touch()

    # -- reading the state --------------------------------------------------------------------
    def _still_burning(self) -> None:
        """A window opened on a game under way (a resume) raises again what still threatens the boat:
        a hull breach counting down (its banner with the time left, rulebook §10.3.6) and a fire
        burning light the damage tab. The other alarms of the past were answered back then."""
        if not self.game.has_module("crew"):
            return
        crew = self.game.module("crew").status()
        for section, breach in sorted((crew.get("breaches") or {}).items()):
            deadline = breach.get("deadline")
            if not isinstance(deadline, int | float) or deadline <= self.game.t:
                continue
            # its newest line: the breach, a countdown warning, or the failed puzzle's "get out"
            line = next((line for line in reversed(self.feed.lines)
                         if line.event in ("hull_breach", "breach_warning", "puzzle_failed")
                         and isinstance(line.msg, Msg) and str(line.msg.values.get("section")) == str(section)),
                        None)
            if line is not None:
                self._breach_of[line.id] = (line, int(section), float(deadline))
                self.alarms.append(("breach", line, self.wall()))
            self.badges["damage"] = "breach"
        if "damage" not in self.badges and any(c.get("condition") == "fire" for c in crew.get("conditions", [])):
            self.badges["damage"] = "fire"

    def _on_event(self, event: Event) -> None:
        self._events += 1
        shown = self.feed.on_event(event) if self._told.fresh(event) else None
        self.track.on_event(event)
        line, raises = shown if shown is not None else (None, False)
        if event.name in BREACH_OVER:
            # the breach's story is over (sealed, or the section flooded): its countdown no longer waits
            # on the banner saying time is left
            section = event.data.get("section")
            self.alarms = [a for a in self.alarms
                           if a[0] != "breach" or self._breach_of.get(a[1].id, (None, None, None))[1] != section]
            self.touch()
        if line is not None and line.id >= 0:
            # a waiting alarm shows its feed line as it is now: a convoy's report that grew by a ship
            # says "4 ships ...; 1 new", not the first ship it began with
            self.alarms = [(k, line if shown_line.id == line.id else shown_line, at)
                           for k, shown_line, at in self.alarms]
        kind = alarm_for(event.name, event.data) if raises else None
        if kind is not None and line is not None:
            if kind.name == "breach":
                deadline = event.data.get("deadline")
                _, section, before = self._breach_of.get(line.id, (None, None, None))
                self._breach_of[line.id] = (line, event.data.get("section", section),
                                            float(deadline) if isinstance(deadline, int | float) else before)
                while len(self._breach_of) > 16:
                    del self._breach_of[next(iter(self._breach_of))]
            # the line's alarm raised again (news on it) waits once, as the newest
            self.alarms = [a for a in self.alarms if a[1].id < 0 or a[1].id != line.id]
            self.alarms.append((kind.name, line, self.wall()))
            del self.alarms[:-8]
            if self.tab != kind.screen:
                self.badges[kind.screen] = kind.name
        if line is not None and line.id >= 0 and not self.crew_hint_told:
            from kaleun.ui.console import crew_short

            if crew_short(event.name, event.data):  # once, on the refusal's own line: the console's crew hint
                self.crew_hint_told = True
                self.feed.add_words(line.id, Msg(
                    "To bring sailors there: Mobilize on the Boat page, drag each figure to its section, then give "
                    "the order again. A sailor's card on the Crew page names his symbols; an order's sheet on the "
                    "Orders page says who would carry it out."))
        if event.name == "target_data" and self._told.fresh(event):
            # the plot's Target data button: the crew's figures of that moment go into the feed (the console prints
            # them), so the touch is answered and the data stays readable after the estimates have moved on
            from kaleun.ui.screens.plot import target_note

            self.note(target_note(event.data))
        if event.name == "mission_end":
            self.mission_end = event
            self.alarms.clear()  # the mission is over: no alarm is left to answer over the debrief
            self.badges.clear()
            self.open_debrief()

    def _on_problem(self, text: Msg | str) -> None:
        self.feed.problem(self.game.clock.hhmm(self.game.t), text)

    def say(self, text: Msg | str) -> None:
        """A word to the crew in the feed, marked like a refused input (why a button cannot be used); a sheet over
        the whole window (the set-up), which covers the feed, shows it itself."""
        self.touch()
        if self.overlay is not None and self.overlay.full and self.overlay.hear(text):
            return
        self.feed.problem(self.game.clock.hhmm(self.game.t), text)

    def note(self, text: Msg | str) -> None:
        """A plain word from the table in the feed (not a refusal): a save done."""
        self.feed.note(self.game.clock.hhmm(self.game.t), text)
        self.touch()

    def touch(self) -> None:
        """Something the window shows changed without the game (a selection): look again."""
        self.version += 1

    def tr(self, text: Msg | str | None) -> str:
        # "hexagon engineer (Control room mate) is dead" begins a sentence: "Hexagon engineer ..."
        return begun(text, self.lang.render(text))

    def _banner(self) -> int | None:
        """Which waiting alarm the banner shows: the most urgent kind, the newest of it."""
        if not self.alarms:
            return None
        return max(range(len(self.alarms)), key=lambda i: (URGENCY.index(self.alarms[i][0]), i))

    def alarm_shown(self) -> tuple[str, FeedLine] | None:
        shown = self._banner()
        if shown is None:
            return None
        kind, line, _ = self.alarms[shown]
        if kind == "breach":
            line = self._counting(line)
        return (kind, line)

    def _counting(self, line: FeedLine) -> FeedLine:
        """A breach's line with the time left now (rulebook §10.3.6): the line was written when the
        breach opened ("3:00 to seal it"), the banner keeps it and must not claim a time that has run
        on; the boat drawing's countdown says the same."""
        _, _, deadline = self._breach_of.get(line.id, (None, None, None))
        msg = line.msg
        if deadline is None or not isinstance(msg, Msg) or not {"minutes", "seconds"} <= msg.values.keys():
            return line
        left = max(0, math.ceil(deadline - self.game.t))
        live = Msg(msg.template, **{**msg.values, "minutes": left // 60, "seconds": left % 60})
        live.plural_form = msg.plural_form
        return replace(line, msg=live)

    def scene(self) -> Scene:
        modes = [press.on[1][5:] for press in self.presses.values()
                 if press.on[0] == "target" and str(press.on[1]).startswith("mode.")]
        mode = modes[-1] if modes else None  # the time compression button under a finger
        # the section lamps only where they are seen: the boat screen with no sheet over it (a fire's flicker drew
        # the whole crew screen 20 times a second)
        return read_scene(self.runtime, self.feed, drag=self.drag, selected=self.selected, pressed=mode,
                          screen=self.tab, alarm=self.alarm_shown(), alarms_waiting=max(0, len(self.alarms) - 1),
                          badges=tuple(sorted(self.badges.items())), lamps=self.tab == "boat" and self.overlay is None)

    @property
    def active(self) -> Screen:
        return self.overlay if self.overlay is not None else self.screens[self.tab]

    def ticker_page(self, line: Hashable, pages: int) -> int:
        """Which page (from 0) of the newest feed line the ticker shows now, when `line` (a key of the line and
        its words) takes `pages` pages: each TICKER_PAGE_SECONDS from when it first showed, round and round.
        `line` None: the ticker shows no pages."""
        now = self.wall()
        if line is None or pages <= 1:
            self._paging = None
            return 0
        if self._paging is None or self._paging[0] != line:
            self._paging = (line, now, pages)
        else:
            self._paging = (line, self._paging[1], pages)
        return self._ticker_turn()

    def _ticker_turn(self) -> int:
        """The page the ticker's newest line is on now (0 when it shows no pages)."""
        if self._paging is None:
            return 0
        _, since, pages = self._paging
        return int(max(0.0, self.wall() - since) // TICKER_PAGE_SECONDS) % pages

    def view_key(self) -> Hashable:
        """What the screen (and the sheet over it) shows now, as a comparable key."""
        key: tuple[Hashable, ...] = (self.tab, self._guarded(self.screens[self.tab].read), self.lang.code,
                                     self.version)
        if self.overlay is not None:
            key = (*key, type(self.overlay).__name__, self._guarded(self.overlay.read))
        return key

    def _guarded(self, work: Callable[[], Any], c: Canvas | None = None, area: Rect | None = None) -> Any:
        """Run a screen's reading or drawing; a screen that fails is logged and says so on screen
        instead of stopping the table (tests set `guard` False to see the error itself)."""
        if not self.guard:
            return work()
        try:
            return work()
        except Exception as exc:
            key = f"{type(exc).__name__}: {exc}"
            if key not in self._failed:
                self._failed.add(key)
                log.exception("the %s screen failed", self.tab)
            if c is not None and area is not None:
                c.surface.fill(theme.PANEL_DARK, area)
                c.paragraph(Msg("This screen failed ({error}); the game goes on. The log has the details.",
                                error=key), area.inflate(-c.size(40), -c.size(80)), theme.TEXT_SIZE, theme.WARNING)
            return ("failed", key)

    # -- drawing ------------------------------------------------------------------------------
    def resize(self, size: tuple[int, int]) -> None:
        if size != self.size:
            self.size = size
            self.layout = Layout(*size)
            self.fonts.rescale(self.layout.scale)
            self.cache.clear()
            self.cache.budget = self._text_budget()

    def _text_budget(self) -> int:
        """The bytes of rendered text the window keeps: as much more than at 800x480 as it is larger."""
        return round(TextCache.BUDGET * max(1.0, self.layout.sx * self.layout.sy))

    def canvas(self, surface: Any) -> Canvas:
        c = Canvas(surface, self.layout, self.fonts, self.tr, self.targets, self.cache, self.glyph_check)
        c.missing = self.missing
        c.cut = self.cut
        return c

    def render(self, surface: Any) -> Scene:
        """Draw the current state on `surface` (the screen or any pygame Surface)."""
        scene = self.scene()
        self.view_key()
        self.draw(surface, scene)
        return scene

    def draw(self, surface: Any, scene: Scene) -> None:
        self.resize(surface.get_size())
        layout = self.layout
        self.targets.clear()
        c = self.canvas(surface)
        surface.fill((0, 0, 0))
        overlay = self.overlay
        if overlay is None or not overlay.full:
            clip = surface.get_clip()
            surface.set_clip(layout.content)
            screen = self.screens[self.tab]
            self._guarded(lambda: screen.draw(c, layout.content), c, layout.content)
            surface.set_clip(clip)
            if overlay is not None:
                # the sheet covers the screen: a touch on its empty parts reaches nothing beneath
                self.targets.add("overlay", layout.content, None, "cover")
                surface.set_clip(layout.content)
                self._guarded(lambda: overlay.draw(c, layout.content), c, layout.content)
                surface.set_clip(clip)
            self._draw_strip(c, scene)
            draw_tab_bar(c, self, scene)
            draw_top_bar(c, self, scene)
        else:
            whole = Rect(0, 0, *surface.get_size())
            self._guarded(lambda: overlay.draw(c, whole), c, whole)
        if scene.drag is not None and self.tab == "boat":
            self.screens["boat"].draw_drag(c, scene.drag)  # type: ignore[attr-defined]
        self._drawn_size = surface.get_size()
        self._stale = False
        self.frames += 1

    def _draw_strip(self, c: Canvas, scene: Scene, alone: bool = False) -> None:
        """The strip above the tabs: the alarm banner, or the feed ticker. Drawn `alone` (the rest of the frame as it
        was), its touch targets take the place in `targets` of the ones it had, so none pile up."""
        items = self.targets.items
        start, end = self._strip_targets if alone else (len(items), len(items))
        end = min(end, len(items))
        start = min(start, end)
        after = items[end:]
        self.targets.items = items[:start]
        if scene.alarm is not None:
            draw_alarm_banner(c, self, scene)
        else:
            draw_ticker(c, self, scene)
        self._strip_targets = (start, len(self.targets.items))
        self.targets.items += after
        self._turn_drawn = self._ticker_turn()

    def _strip_alone(self, surface: Any, scene: Scene) -> Rect:
        """Draw the strip above the tabs again, and only it (a ticker's page turned, a breach's banner counting
        down): the rest of the frame is as it was. Returns the area drawn."""
        area = self.layout.ticker
        clip = surface.get_clip()
        surface.set_clip(area)
        try:
            self._draw_strip(self.canvas(surface), scene, alone=True)
        finally:
            surface.set_clip(clip)
        return area

    # -- navigation ---------------------------------------------------------------------------
    def show(self, tab: str) -> None:
        if tab not in TABS:
            raise ValueError(f"no screen {tab!r}")
        self.tab = tab
        self.badges.pop(tab, None)
        if self.overlay is not None and not self.overlay.full:
            self.overlay = None
        self.selected = None
        self.touch()

    def open(self, overlay: Overlay) -> None:
        self.overlay = overlay
        self.touch()

    def close_overlay(self) -> None:
        self.overlay = None
        self.touch()

    def open_form(self, form: str, preset: dict[str, Any] | None = None, said: Msg | None = None) -> None:
        """The sheet of an order or crew action (with the order assistant). A meal whose chips were
        swapped or replaced is finished on the cooking sheet. `said`: why a value of the preset was chosen for the
        player, shown on the sheet while that value stands."""
        from kaleun.ui.forms import meal_form
        from kaleun.ui.screens.sheet import FormSheet

        if form == "prepare_meal":
            form = meal_form(self.game)
        self.open(FormSheet(self, form, preset or {}, said))

    def open_dials(self) -> None:
        """The table's dials that have no control of their own on screen (declared in boards/dials.toml since)."""
        from kaleun.ui.screens.dials import DialSheet

        self.open(DialSheet(self))

    def open_debrief(self) -> None:
        from kaleun.ui.screens.debrief import Debrief

        self.open(Debrief(self))

    def new_game(self, going_on: str | None = None) -> None:
        """After a game's end: the set-up for the next game, in this window (a touch-only crew needs no keyboard to
        play on). `going_on` ("linked", "campaign"): the set-up opens on that mode going on with the career record's
        next part or mission; None: on its first page, for any new game."""
        if self.after is None:
            self.say(Msg("this table cannot start another game here"))
            return
        self.open(self.after(self, going_on))

    def open_mission(self) -> None:
        """The mission as it stands: briefing, objectives with their progress, HQ's signals, time left."""
        from kaleun.ui.screens.mission import MissionSheet

        self.open(MissionSheet(self))

    def open_feed(self) -> None:
        from kaleun.ui.screens.feed import FeedLog

        self._open_over(FeedLog(self))

    def open_settings(self) -> None:
        from kaleun.ui.screens.settings import Settings

        self._open_over(Settings(self))

    def _open_over(self, sheet: Overlay) -> None:
        """A sheet the frame opens (the ticker's whole feed, the gear's settings) over the sheet open now: closing
        it goes back to that one (an order's sheet half filled in is not lost to a look at the feed)."""
        current = self.overlay
        if current is not None and not current.full:
            sheet.beneath = current.beneath if type(current) is type(sheet) else current
        self.open(sheet)

    def quit(self) -> None:
        """Leave the loop: the game is saved and the window closes — but a set-up left before its Start keeps
        nothing of the game it opened on (the game saved before is put back: `session.leave_setup`), and the
        terminal is told so when the window has closed."""
        leaving = getattr(self.overlay, "leaving", None)
        if callable(leaving):
            self.farewell = leaving()
        self.running = False

    def shut_down(self) -> None:
        """The table shut down by its crew (confirmed on the settings): saved and closed as by Save and quit, but
        the service that runs it does not start it again (a system service powers the Pi off)."""
        self.shutting = True
        self.quit()

    def dismiss_alarms(self) -> None:
        self.alarms.clear()
        self.touch()

    def acknowledge_alarm(self) -> None:
        """The banner was touched: its screen opens, the banner goes."""
        shown = self._banner()
        if shown is None:
            return
        kind, _, _ = self.alarms.pop(shown)
        self.alarms = [a for a in self.alarms if a[0] != kind]
        self.show(ALARM_KINDS[kind].screen)

    def set_language(self, code: str) -> None:
        self.runtime.language = code
        self.lang = language(code)
        self.cache.clear()
        self.touch()

    # -- input --------------------------------------------------------------------------------
    def handle_event(self, event: Any) -> None:
        """React to one pygame event (mouse, keys, window)."""
        kind = event.type
        if kind == pygame.QUIT:
            self.quit()
        elif kind == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                if self.overlay is not None and not self.overlay.full:
                    self.overlay.close()
                else:
                    self.quit()
            elif event.key == pygame.K_SPACE:
                self.set_mode("real_time" if self.game.module("compression").mode == "pause" else "pause")
        elif kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEMOTION, pygame.MOUSEBUTTONUP):
            # a mouse, or a touch screen that reports a pointer; the mouse events SDL makes of a finger are left out
            # (the finger itself is read)
            if getattr(event, "touch", False):
                return
            if kind == pygame.MOUSEMOTION:
                self._move("mouse", event.pos)
            elif event.button == 1:
                (self._down if kind == pygame.MOUSEBUTTONDOWN else self._up)("mouse", event.pos)
        elif kind in (pygame.FINGERDOWN, pygame.FINGERMOTION, pygame.FINGERUP):
            # every finger as itself; the finger events SDL makes of a mouse are left out (the mouse is read)
            if getattr(event, "touch_id", MOUSE_TOUCH_ID) == MOUSE_TOUCH_ID:
                return
            hand = (event.touch_id, getattr(event, "finger_id", 0))
            pos = finger_pos(event, self.size)
            {pygame.FINGERDOWN: self._down, pygame.FINGERMOTION: self._move, pygame.FINGERUP: self._up}[kind](hand, pos)
        elif kind == pygame.VIDEORESIZE:
            self.resize(event.size)
            self._stale = True
        elif kind in (pygame.VIDEOEXPOSE, pygame.WINDOWEXPOSED):
            self._stale = True

    def _down(self, hand: Hand, pos: Pos) -> None:
        self.touch()
        self._touched = now = self.wall()
        if self._twin_down(hand, pos, now):
            return
        target = self.targets.at(pos)
        if target is None:
            on: tuple[str, Any] = ("none", None)
        elif target.kind == "figure":
            on = ("figure", target.id.partition(".")[2])
        else:
            on = ("target", target.id)
        self.presses[hand] = Press(on, pos, pos, now)

    def _twin_down(self, hand: Hand, pos: Pos, now: float) -> bool:
        """Is this press the twin of one down already (the mouse's button and a finger at one spot at one moment:
        the pointer an X11 touch screen moves with its finger)? Then it is one touch, read as the finger's."""
        reach = self.layout.size(DRAG_START)
        if hand == "mouse":
            self._mouse_twin = any(twins(press.start, press.since, pos, now, reach)
                                   for other, press in self.presses.items() if other != "mouse")
            if self._mouse_twin:
                self.presses.pop("mouse", None)
            return self._mouse_twin
        mouse = self.presses.get("mouse")
        if mouse is None or not twins(mouse.start, mouse.since, pos, now, reach):
            return False
        self.presses[hand] = self.presses.pop("mouse")  # the finger's own, as the mouse's button began it
        if self._dragging == "mouse":
            self._dragging = hand
        self._mouse_twin = True
        return True

    def _move(self, hand: Hand, pos: Pos) -> None:
        if hand == "mouse" and self._mouse_twin:
            return
        press = self.presses.get(hand)
        if press is None:
            return
        press.at = pos
        if press.on[0] != "figure" or self._dragging not in (None, hand):  # one figure is dragged at a time
            return
        if self.drag is None and not self._moved(press.start, pos):
            return
        figure = press.on[1]
        self._dragging = hand
        self.drag = Drag(figure, pos, self._useful_target(figure, self._drop_at(pos)))
        self.touch()

    def _moved(self, start: Pos, pos: Pos) -> bool:
        """Has a finger gone far enough from where it touched for a touch on a figure to be a drag?"""
        return max(abs(pos[0] - start[0]), abs(pos[1] - start[1])) >= self.layout.size(DRAG_START)

    def _drop_at(self, pos: Pos) -> int | str | None:
        target = self.targets.at(pos, "section") or self.targets.at(pos, "tray")
        if target is None:
            return None
        name = target.id.partition(".")[2]
        return "tray" if target.kind == "tray" else int(name)

    def _useful_target(self, figure: str, target: int | str | None) -> int | str | None:
        """The drop target, or None where dropping would change nothing."""
        where = self.game.module("figures").where.get(figure)
        if target == "tray":
            return None if where is None else "tray"
        return None if target == where else target

    def _repeat_held(self) -> None:
        """A repeating button (kind "repeat") held down with the finger still on it acts REPEAT_AFTER seconds after
        the touch (the press's own step: letting go then adds nothing), again REPEAT_AFTER later, and every
        REPEAT_EVERY from then on. A slow press (the ±90° course step held half a second) steps once, not twice.
        Each finger holding one steps it on its own time."""
        for press in list(self.presses.values()):
            if press.on[0] != "target":
                continue
            target = self.targets.get(press.on[1])
            if target is None or target.kind != "repeat" or target.action is None:
                continue
            under = self.targets.at(press.at)
            if under is None or under.id != target.id:
                continue
            now = self.wall()
            if not press.repeats:
                due = press.since + REPEAT_AFTER
            else:
                due = press.repeated + (REPEAT_AFTER if press.repeats == 1 else REPEAT_EVERY)
            if now >= due:
                press.repeated = now
                press.repeats += 1
                target.action(press.at)

    def _up(self, hand: Hand, pos: Pos) -> None:
        self.touch()
        if hand == "mouse" and self._mouse_twin:  # the finger's twin let go: the finger's own release acts
            self._mouse_twin = False
            return
        press = self.presses.pop(hand, None)
        if press is None:
            return
        if press.repeats:  # a held repeating button has acted while it was held
            return
        what, value = press.on
        if what == "figure":
            if self._dragging == hand or self._moved(press.start, pos):
                # dropped: where the finger let go (a second hand dragging while the first's figure is drawn under
                # its finger puts its own figure where it lets go too)
                if self._dragging == hand:
                    self._dragging, self.drag = None, None
                self.selected = None
                self.move_figure(value, self._useful_target(value, self._drop_at(pos)))
            else:
                self.selected = None if self.selected == value else value
            return
        target: Target | None = self.targets.get(value) if what == "target" else None
        under = self.targets.at(pos)
        if target is None or under is None or under.id != target.id:
            if what == "none":
                self.selected = None
            return
        if target.kind not in ("section", "tray"):
            self.selected = None
        if target.action is not None:
            target.action(pos)
        elif target.why_not:
            self.say(target.why_not)

    # -- hands on the table -------------------------------------------------------------------
    def _act(self, action: Callable[[], object]) -> None:
        try:
            action()
        except CommandError as exc:
            self._on_problem(of_error(exc))

    def move_figure(self, figure: str, target: int | str | None) -> None:
        """Put a figure on a section, or lift it into the tray, through the table."""
        if target is None:
            return
        if target == "tray":
            self._act(lambda: self.table.actuate({"do": "lift", "figure": figure}))
        else:
            self._act(lambda: self.table.actuate({"do": "place", "figure": figure, "section": target}))

    def drop_selected(self, target: int | str) -> None:
        """A section (or the tray) touched while a figure is chosen: the figure goes there."""
        figure, self.selected = self.selected, None
        if figure is not None:
            self.move_figure(figure, self._useful_target(figure, target))

    def set_telegraph(self, position: str) -> None:
        self._act(lambda: self.table.set_telegraph(position))

    def set_mode(self, mode: str) -> None:
        self.runtime.submit({"do": "ui", "action": "time_compression", "mode": mode})

    def submit(self, command: dict[str, Any]) -> None:
        """A game command, as a table script would give it (refusals reach the feed)."""
        self.runtime.submit(command)
        self.touch()

    def give(self, order: str, params: dict[str, Any]) -> None:
        """Give an order. A new speed moves the telegraph's handle, as a hand on the table does."""
        if order == "new_speed":
            self.set_telegraph(str(params["speed"]))
        else:
            self.submit({"do": "order", "order": order, "via": "window", **params})

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

    def _period(self, scene: Scene | None) -> float:
        if scene is not None and (self.presses or scene.drag is not None):
            return 1.0 / FPS_ACTIVE
        if scene is not None and scene.moving:
            return 1.0 / FPS_MOVING
        return IDLE_PERIOD if self.wall() - self._touched < RESTING_AFTER else RESTING_PERIOD

    def _expire_alarms(self) -> None:
        """The banners go ALARM_SECONDS after the newest came, except a breach still counting down
        (rulebook §10.3.6): it stays until touched or until the breach is sealed or floods."""
        if self.alarms and self.wall() - self.alarms[-1][2] > ALARM_SECONDS:
            ticking = [a for a in self.alarms if a[0] == "breach" and self._ticking(a[1])]
            if len(ticking) != len(self.alarms):
                self.alarms = ticking
                self._expired += 1  # looked at again; only the banner's strip changes (not `touch`: all of it)

    def _ticking(self, line: FeedLine) -> bool:
        """Is the breach of this alarm's line still counting down?"""
        _, _, deadline = self._breach_of.get(line.id, (None, None, None))
        return deadline is not None and deadline > self.game.t

    def _second_due(self) -> bool:
        """Has the ship's clock reached its next whole second since the last step?"""
        factor = self.runtime.factor
        if factor <= 0:
            return False
        wall, t = self._stepped
        return t + (self.wall() - wall) * factor >= int(t) + 1

    @property
    def holding(self) -> bool:
        """The game's clock waits (the new-game set-up is open)."""
        return self.overlay is not None and self.overlay.full

    def frame(self, screen: Any, due: bool = True) -> Scene | None:
        """One turn of the loop: input, game, and a new frame if anything shown changed.

        `due`: the game may have something to do (an input or a game wake woke the loop). Without
        it, and with no touch and nothing moving, the game is stepped only when the ship's clock
        reaches its next second: the outcome never depends on how wall time is sliced."""
        events = pygame.event.get()
        for event in events:
            self.handle_event(event)
        self._repeat_held()
        if not self.holding and (due or events or self._moving or self.presses or self._second_due()):
            self.runtime.step()
            self._stepped = (self.wall(), self.game.t)
            self.track.sample(self.game)
        self._expire_alarms()
        stamp = (self._events, self.feed.version, int(self.game.t), self.version, self.tab, id(self.overlay),
                 self._ticker_turn(), self._expired)
        same_picture = not self._stale and screen.get_size() == self._drawn_size
        if stamp == self._stamp and same_picture and not self._moving and self._shown is not None:
            return None  # nothing happened: nothing to read, nothing to draw
        self._stamp = stamp
        scene = self.scene()
        key = self.view_key()
        self._moving = scene.moving
        shown = self._shown
        if shown is not None and same_picture and shown[1] == key and self._in_parts(shown[0], scene):
            # only the clock ticked, or the strip above the tabs changed (the ticker turned a page, a new feed line,
            # a breach's banner counting down): those parts alone are drawn again
            areas: list[Rect] = []
            if self._strip_changed(shown[0], scene) and (self.overlay is None or not self.overlay.full):
                areas.append(self._strip_alone(screen, scene))
            if scene.time != shown[0].time:
                draw_clock(self.canvas(screen), self, scene)
                areas.append(clock_area(self))
            if areas:
                pygame.display.update(areas)
                self.frames += 1
            self._shown = (scene, key)
            return scene
        self.draw(screen, scene)
        pygame.display.flip()
        if shown is None:
            log.debug("first frame drawn (%dx%d)", *screen.get_size())
        self._shown = (scene, key)
        return scene

    def _strip_changed(self, shown: Scene, scene: Scene) -> bool:
        """Does the strip above the tabs (the ticker or the alarm banner) show other than it did?"""
        return ((shown.feed, shown.alarm, shown.alarms_waiting) != (scene.feed, scene.alarm, scene.alarms_waiting)
                or self._turn_drawn != self._ticker_turn())

    def _in_parts(self, shown: Scene, scene: Scene) -> bool:
        """Can the frame shown be brought up to `scene` by drawing the clock and the strip above the tabs alone?
        Not while a figure is dragged across the strip."""
        if replace(shown, time=scene.time, feed=scene.feed, alarm=scene.alarm,
                   alarms_waiting=scene.alarms_waiting) != scene:
            return False
        return scene.drag is None or not self._strip_changed(shown, scene)

    def run(self) -> int:
        """Play until the window closes or a stop signal (the runtime's stop request); then save.
        Returns the exit status (1: the game failed, the last good save is kept)."""
        self.running = True
        failed = False
        try:
            screen = self._open()
            if not self.holding:
                self.runtime.step()  # the opening events reach the feed before the first frame
            due = True
            while self.running and not self.runtime.stopping:
                started = time.monotonic()
                scene = self.frame(pygame.display.get_surface() or screen, due)
                if not self.running or self.runtime.stopping:
                    break
                period = self._period(scene)
                rest = period - (time.monotonic() - started)
                due = True
                if rest > 0:
                    waited = time.monotonic()
                    self.runtime.wait(rest, clock=not self.holding)
                    due = time.monotonic() - waited < rest - 0.005  # woken early: an input or a game wake
        except BaseException:
            failed = True
            raise
        finally:
            STOPPER.closing()
            # a stop signal on the set-up, or the window failing there (a fault of its own): as its Quit, so the
            # game opened on is not saved over the one saved before
            if self.farewell is None and (self.runtime.stopping or failed):
                leaving = getattr(self.overlay, "leaving", None)
                if callable(leaving):
                    self.farewell = leaving()
            self.runtime.close()
            pygame.display.quit()
            if failed and self.farewell is not None:  # said before the failure's own report
                print(self.lang.render(self.farewell), file=sys.stderr)
        from kaleun.service import SHUT_DOWN

        if self.farewell is not None:  # the set-up left: no game was started
            print(self.lang.render(self.farewell), file=sys.stderr)
            return SHUT_DOWN if self.shutting else 0
        problem = closing_problem(self.runtime)  # the game failed, or its last save did (a full disk)
        if problem is not None:  # a shut-down too: the service starts the table again, which says it
            print(f"kaleun: {self.lang.render(problem)}", file=sys.stderr)
            return 1
        if self.shutting:
            from kaleun.ui.session import saved_line

            print(self.lang.render(Msg("The crew shut the table down. {saved}", saved=saved_line(self.game))),
                  flush=True)
            return SHUT_DOWN
        if STOPPER.signum is not None:  # where it was started, as the console says it (`saved_line`)
            from kaleun.ui.session import saved_line

            print(self.lang.render(saved_line(self.game)), flush=True)
        return 0

