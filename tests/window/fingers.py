"""Hands for the window's tests: touch a target by its name, drag a figure, let time pass.

Every touch goes through the window's own event handling (pygame mouse events, as a touch screen
delivers them), at the centre of the target drawn in the frame just rendered, so a test only
passes when the button is on screen, big enough and does what it says. Several fingers at once
(`finger_down`, `finger_move`, `finger_up`) come as SDL gives them from a touch screen: each finger's
own events, and mouse events (marked `touch`) of the first finger down only.
"""

from __future__ import annotations

from typing import Any

import pygame
import pytest
from kaleun.boards.loader import default_board
from kaleun.boards.model import Board
from kaleun.core.engine import Engine
from kaleun.core.events import Event
from kaleun.runtime.loop import Runtime
from kaleun.runtime.table import Table
from kaleun.uboot.game import new_game
from kaleun.ui import display
from kaleun.ui.session import open_session
from kaleun.ui.theme import MIN_TARGET
from kaleun.ui.widgets import Canvas
from kaleun.ui.window import Window
from kit import FakeClock

SIZE = (800, 480)


class Table_:
    """A window on a game with a fake wall clock, and the events it produced."""

    def __init__(self, mission: str = "training", seed: int = 7, size: tuple[int, int] = SIZE,
                 language: str = "en", game: Engine | None = None) -> None:
        """A new game of `mission`, or `game` (a loaded save: the window opens on it as on a resume)."""
        self.clock = FakeClock(0.0)
        self.game = game if game is not None else new_game(seed=seed, mission=mission)
        self.runtime = Runtime(self.game, Table(default_board(), self.game), clock=self.clock)
        self.runtime.language = language
        self.events: list[Event] = []
        self.runtime.listeners.append(self.events.append)
        self.window = Window(self.runtime, size=size, clock=self.clock)
        self.window.guard = False  # a screen that fails fails the test
        self.surface = pygame.Surface(size)
        #: the finger SDL makes mouse events of: the one that touched while no other was down, until it lifts
        self.mouse_finger: int | None = None
        #: "before" or "after": the touch screen is under X11, which moves the pointer with the first finger too
        self.x11_pointer = ""
        self.runtime.step()

    # -- seeing ------------------------------------------------------------------------------------
    def render(self) -> Any:
        self.window.render(self.surface)
        return self.surface

    def target(self, name: str) -> Any:
        self.render()
        found = self.window.targets.get(name)
        assert found is not None, f"no {name!r} on the screen; there are {self.window.targets.ids()}"
        return found

    def named(self, name: str) -> list[Event]:
        return [e for e in self.events if e.name == name]

    # -- hands -------------------------------------------------------------------------------------
    def press(self, pos: tuple[int, int]) -> None:
        win = self.window
        win.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
        win.handle_event(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))

    def tap(self, name: str, at: tuple[int, int] | None = None) -> None:
        """Touch the target called `name` (at its centre, or at `at` inside it)."""
        found = self.target(name)
        pos = at or found.rect.center
        assert found.rect.collidepoint(pos)
        under = self.window.targets.at(pos)
        assert under is not None and under.id == name, f"{name!r} is covered by {under and under.id!r} at {pos}"
        self.press(pos)

    def drag(self, start: str, end: str, steps: int = 5) -> None:
        """Drag from the centre of one target to the centre of another (a figure to a section)."""
        a = self.target(start).rect.center
        b = self.target(end).rect.center
        win = self.window
        win.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=a, button=1))
        for i in range(1, steps + 1):
            pos = (a[0] + (b[0] - a[0]) * i // steps, a[1] + (b[1] - a[1]) * i // steps)
            win.handle_event(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(1, 0, 0)))
            if i == steps - 1:
                self.render()  # the frame under the finger shows where the figure would go
        win.handle_event(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=b, button=1))

    def finger(self, kind: int, finger: int, pos: tuple[int, int]) -> None:
        """One finger's event on the touch screen, as SDL gives it (`FINGERDOWN`, `FINGERMOTION`, `FINGERUP`: where
        as a fraction of the window's size), and the mouse event SDL makes of it when it is the first finger down
        (marked `touch`). Under X11 (`x11_pointer` "before" or "after" the finger's own) the first finger also moves
        the pointer, whose mouse events SDL 2 passes on unmarked."""
        win = self.window
        w, h = self.surface.get_size()
        x, y = (pos[0] + 0.5) / w, (pos[1] + 0.5) / h
        own = pygame.event.Event(kind, touch_id=1, finger_id=finger, x=x, y=y, dx=0.0, dy=0.0, pressure=1.0)
        if self.mouse_finger != finger:
            win.handle_event(own)
            return
        mouse = {pygame.FINGERDOWN: pygame.MOUSEBUTTONDOWN, pygame.FINGERMOTION: pygame.MOUSEMOTION,
                 pygame.FINGERUP: pygame.MOUSEBUTTONUP}[kind]
        extra = {"rel": (0, 0), "buttons": (1, 0, 0)} if mouse == pygame.MOUSEMOTION else {"button": 1}
        pointer = pygame.event.Event(mouse, pos=pos, touch=False, **extra)
        if self.x11_pointer == "before":
            win.handle_event(pointer)
        win.handle_event(own)
        win.handle_event(pygame.event.Event(mouse, pos=pos, touch=True, **extra))  # SDL's mouse of its first finger
        if self.x11_pointer == "after":
            win.handle_event(pointer)

    def finger_down(self, finger: int, at: str | tuple[int, int]) -> tuple[int, int]:
        """Put finger number `finger` down on the target called `at` (its centre, in the frame drawn now), or on a
        point; it stays down until `finger_up`. Returns where it touched."""
        if isinstance(at, str):
            found = self.target(at)
            under = self.window.targets.at(found.rect.center)
            assert under is not None and under.id == at, f"{at!r} is covered by {under and under.id!r}"
            at = found.rect.center
        if self.mouse_finger is None:
            self.mouse_finger = finger
        self.finger(pygame.FINGERDOWN, finger, at)
        return at

    def finger_move(self, finger: int, to: tuple[int, int]) -> None:
        self.finger(pygame.FINGERMOTION, finger, to)

    def finger_up(self, finger: int, at: tuple[int, int]) -> None:
        self.finger(pygame.FINGERUP, finger, at)
        if self.mouse_finger == finger:
            self.mouse_finger = None

    def give(self, form_button: str) -> None:
        """Open an order's sheet with a button, then give it."""
        self.tap(form_button)
        self.tap("sheet.give")

    # -- time --------------------------------------------------------------------------------------
    def until(self, t: float, step: float = 60.0) -> None:
        """Let the game run to game time `t` (real time: the wall clock moves as fast). A game whose time stops
        (its mission over) fails the test at once instead of looping for ever."""
        while self.game.t < t - 1e-9:
            before = self.game.t
            self.clock.now += min(step, t - self.game.t)
            self.runtime.step()
            if self.game.t <= before:
                raise AssertionError(f"the game's time stopped at {self.game.t:.0f} s, short of {t:.0f} s "
                                     "(is the mission over?)")


class Remembering(Table_):
    """A table whose game remembers every command that reached it (in `reached`), its alarms dismissed."""

    def __init__(self, **kw: Any) -> None:
        super().__init__(**kw)
        self.reached: list[dict[str, Any]] = []
        apply = self.game.apply

        def remembering(command: dict[str, Any]) -> Any:
            self.reached.append(dict(command))
            return apply(command)

        self.game.apply = remembering  # type: ignore[method-assign]
        self.window.dismiss_alarms()


def shown(table: Table_) -> list[str]:
    """Every text the window draws in the next frame, in the table's language."""
    win = table.window
    said: list[str] = []
    plain = win.tr

    def tr(text: Any) -> str:
        words = plain(text)
        said.append(words)
        return words

    win.tr = tr  # type: ignore[method-assign]
    try:
        table.render()
    finally:
        del win.tr
    return said


def render_spying(table: Table_, method: str, spy: Any) -> None:
    """Draw the next frame with the canvas's `method` replaced by `spy` (which calls the real one), then put the
    real one back."""
    real = getattr(Canvas, method)
    setattr(Canvas, method, spy)
    try:
        table.render()
    finally:
        setattr(Canvas, method, real)


def drawn_with_rects(table: Table_) -> list[tuple[str, pygame.Rect]]:
    """Every text the window draws in the next frame, in the table's language, with the rectangle it takes."""
    drawn: list[tuple[str, pygame.Rect]] = []
    real = Canvas.text

    def spy(self, text, pos, *args, **kwargs):  # type: ignore[no-untyped-def]
        rect = real(self, text, pos, *args, **kwargs)
        drawn.append((self.tr(text), rect))
        return rect

    render_spying(table, "text", spy)
    return drawn


def texts_drawn_by(table: Table_, owner: Any, method: str, clipped: bool = False) -> list[tuple[pygame.Rect, str]]:
    """(box, words) of each text that `owner.method(canvas, area)` (a screen's or sheet's `draw`, the boat
    screen's `_controls`) draws in the next frame, in the table's language; the frame around it is drawn as
    ever and left out. With `clipped`, each box is cut to the canvas's clip as it stood (what shows of it: a
    scale's strip) and a text that does not show at all is left out."""
    drawn: list[tuple[pygame.Rect, str]] = []
    inside = [False]
    real_text = Canvas.text
    real_method = getattr(owner, method)
    own = owner.__dict__.get(method)

    def spy(self, text, pos, *args, **kwargs):  # type: ignore[no-untyped-def]
        box = real_text(self, text, pos, *args, **kwargs)
        seen = box.clip(self.surface.get_clip()) if clipped else box
        if inside[0] and (not clipped or (seen.w and seen.h)):
            drawn.append((seen, self.tr(text)))
        return box

    def drawing(*args: Any, **kwargs: Any) -> Any:
        inside[0] = True
        try:
            return real_method(*args, **kwargs)
        finally:
            inside[0] = False

    setattr(owner, method, drawing)
    try:
        render_spying(table, "text", spy)
    finally:
        if own is None:
            delattr(owner, method)
        else:
            setattr(owner, method, own)
    return drawn


def lookouts_on_watch(table: Table_) -> None:
    """The crew mobilized and the two navigators placed in section 8 on the observe order: the lookouts report
    what comes in sight."""
    rt = table.runtime
    rt.submit({"do": "order", "order": "mobilize"})
    for figure in ("navigator-square", "navigator-triangle"):
        rt.table.actuate({"do": "place", "figure": figure, "section": 8})
    rt.submit({"do": "order", "order": "observe"})


def convoy_in_sight(until: float = 0.0) -> Table_:
    """The convoy exercise (seed 1) with two lookouts: ship reports at 90 s (3 ships, a new report),
    180 s (1 more: the same report), 540 s (a new report after 6 quiet minutes), 690 s and 810 s
    (added to it); an aircraft at 1,260 s (a Sunderland of the convoy's air escort: without night equipment it
    neither finds nor attacks the boat in the dark, so no depth charges follow). Played up to `until`."""
    table = Table_(mission="exercise_convoy_battle", seed=1)
    rt = table.runtime
    rt.submit({"do": "order", "order": "mobilize"})
    for figure in ("navigator-square", "navigator-triangle"):
        rt.table.actuate({"do": "place", "figure": figure, "section": 8})
    rt.submit({"do": "order", "order": "observe"})
    if until:
        table.until(until, step=10)
    return table


def choose_mission(table: Table_, mission: str) -> None:
    """On the set-up's first page, turn the mission list's pages until `mission` shows, then touch it."""
    for _ in range(10):
        table.render()
        if table.window.targets.get(f"mission.{mission}") is not None:
            table.tap(f"mission.{mission}")
            return
        table.tap("mission.more")
    raise AssertionError(f"{mission} is on no page of the set-up's mission list")


def refused_gun_sheet(language: str = "en") -> Table_:
    """The 88 mm gun's sheet on the Orders page, submerged at periscope depth in a storm with its rounds spent
    (§8.4): refused, with several warnings."""
    from weapons.weaponskit import do, order, range_game

    g = range_game(3, vessels=[{"class": "tramp", "bearing": 10, "range_m": 2500, "course": 40, "speed_kn": 0}],
                   flooded=[], ammo={"gun_88": 0})
    order(g, "periscope")
    g.advance_to(g.t + 30)
    do(g, {"do": "weather", "kind": "storm", "hold": True})
    table = Table_(game=g, language=language)
    table.window.dismiss_alarms()
    table.tap("tab.orders")
    table.tap("order.gun_88")
    table.tap("field.target=c1")
    table.render()
    return table


def reload_sheet(game: Engine, tube: int = 1, language: str = "en") -> Table_:
    """The window on `game` (its `tube` fired empty) in `language`, its alarms dismissed, the attack screen's reload
    sheet opened by touch for that tube (§7.5)."""
    table = Table_(game=game, language=language)
    table.window.dismiss_alarms()
    table.tap("tab.attack")
    table.tap(f"tube.{tube}")
    table.tap("weapon.reload")
    return table


def window_on_the_set_up(monkeypatch: pytest.MonkeyPatch, code: str = "en", board: Board | None = None) -> Window:
    """`kaleun play` as it opens with a display: a new training game held on the set-up screen, the game saved
    before kept aside; on `board` (None: the shipped simulated one)."""
    monkeypatch.setattr(display, "has_display", lambda: True)
    win = open_session(new_game(5, "training"), board or default_board(), keep_previous=True, setup=True,
                       language=code)
    win.guard = False
    win.running = True
    return win


def touch(win: Window, name: str, whole: bool = True) -> None:
    """Touch `name` in a window of its own (`kaleun play`'s, not a `Table_`): its frame rendered at 800x480, the
    target there, big enough, on top where it is, and (`whole`) every text of the frame drawn whole."""
    surface = pygame.Surface(SIZE)
    win.cut.clear()
    win.render(surface)
    target = win.targets.get(name)
    assert target is not None, f"no {name!r}: {win.targets.ids()}"
    assert min(target.rect.size) >= MIN_TARGET
    cut = {whole: shown for whole, shown in win.cut.items() if not whole.startswith("Saved debrief: ")}
    assert not (cut and whole), cut  # (the saved debrief's file name may end in an ellipsis: its folder holds it whole)
    under = win.targets.at(target.rect.center)
    assert under is not None and under.id == name, under
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        win.handle_event(pygame.event.Event(kind, pos=target.rect.center, button=1))
