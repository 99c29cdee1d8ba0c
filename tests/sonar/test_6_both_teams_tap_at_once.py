"""§6 real time: both teams play at will, each on its own touch screen of the one window (`--team both`). SDL
makes mouse events of the first finger down only, so the window reads every finger itself: a tap on blue's
screen while a yellow finger rests on yellow's is blue's command, and no tap counts twice."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from collections.abc import Iterator
from typing import Any

import pygame
import pytest
from kaleun.core.events import Event
from kaleun.sonar.game import new_game
from kaleun.ui.sonar_screen import Hit, TeamScreen
from kaleun.ui.sonar_session import make_sonar_runtime
from kaleun.ui.sonar_window import SonarWindow

SIZE = (1600, 480)


@pytest.fixture
def window(home: Any) -> Iterator[tuple[SonarWindow, list[Event]]]:
    pygame.font.init()
    runtime = make_sonar_runtime(new_game(4, "alpha", "realtime"), language="en")
    win = SonarWindow(runtime, ["yellow", "blue"], size=SIZE)
    events: list[Event] = []
    runtime.listeners.append(events.append)
    runtime.step()
    for team, cell in (("yellow", "B2"), ("blue", "O15")):
        runtime.submit({"do": "start", "team": team, "cell": cell})
    runtime.step()
    try:
        yield win, events
    finally:
        runtime.close()


def course_button(win: SonarWindow, team: str, direction: str) -> tuple[int, int]:
    win.render(pygame.Surface(SIZE))
    screen: TeamScreen = next(s for s in win.screens if s.team == team)
    rect = next(r for r, hit in screen.hits if hit == Hit("course", direction))
    return rect.center


def finger(kind: int, touch_id: int, finger_id: int, pos: tuple[int, int]) -> pygame.event.Event:
    """A finger event as SDL gives it: where, as a fraction of the window's width and height."""
    return pygame.event.Event(kind, touch_id=touch_id, finger_id=finger_id, x=pos[0] / SIZE[0], y=pos[1] / SIZE[1],
                              dx=0.0, dy=0.0)


def courses(events: list[Event]) -> list[tuple[str, str]]:
    return [(str(e.data["team"]), str(e.data["direction"])) for e in events if e.name == "course"]


def test_6_a_tap_on_one_teams_screen_while_a_finger_rests_on_the_others_is_its_command(window):
    win, events = window
    yellow_e = course_button(win, "yellow", "E")
    blue_n = course_button(win, "blue", "N")
    # yellow's finger comes down first: SDL makes the mouse's press of it (touch), and of no later finger
    win.handle_event(finger(pygame.FINGERDOWN, 1, 0, yellow_e), SIZE)
    win.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=yellow_e, button=1, touch=True), SIZE)
    # blue taps on its own screen (its own touch device) while yellow's finger still rests: fingers only
    win.handle_event(finger(pygame.FINGERDOWN, 2, 0, blue_n), SIZE)
    win.handle_event(finger(pygame.FINGERUP, 2, 0, blue_n), SIZE)
    assert courses(events) == [("blue", "N")]
    # yellow lifts its finger: the finger and the mouse's release SDL makes of it are one tap, not two
    win.handle_event(finger(pygame.FINGERUP, 1, 0, yellow_e), SIZE)
    win.handle_event(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=yellow_e, button=1, touch=True), SIZE)
    assert courses(events) == [("blue", "N"), ("yellow", "E")]
    assert not [e for e in events if e.name == "refused"]


def test_6_a_mouse_or_a_pointer_touch_screen_still_taps(window):
    """A touch screen that reports a pointer (and a mouse) gives mouse events only, without `touch`; the finger
    events SDL may make of a mouse (its touch id -1) are not read a second time."""
    win, events = window
    blue_n = course_button(win, "blue", "N")
    win.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=blue_n, button=1, touch=False), SIZE)
    win.handle_event(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=blue_n, button=1, touch=False), SIZE)
    win.handle_event(finger(pygame.FINGERUP, -1, 0, blue_n), SIZE)
    assert courses(events) == [("blue", "N")]
    assert not [e for e in events if e.name == "refused"]


@pytest.mark.parametrize("pointer_first", [True, False])
def test_6_a_finger_tap_under_x11_is_one_command(window, pointer_first: bool):
    """A touch screen under X11 moves the pointer with its finger, and SDL 2 passes the pointer's release on as a
    mouse's (unmarked), just before or after the finger's own: one touch, one command."""
    win, events = window
    blue_n = course_button(win, "blue", "N")
    pointer = pygame.event.Event(pygame.MOUSEBUTTONUP, pos=blue_n, button=1, touch=False)
    win.handle_event(finger(pygame.FINGERDOWN, 2, 0, blue_n), SIZE)
    win.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=blue_n, button=1, touch=False), SIZE)
    if pointer_first:
        win.handle_event(pointer, SIZE)
    win.handle_event(finger(pygame.FINGERUP, 2, 0, blue_n), SIZE)
    if not pointer_first:
        win.handle_event(pointer, SIZE)
    assert courses(events) == [("blue", "N")]
    assert not [e for e in events if e.name == "refused"]
