"""Fingers: two hands at the table touch the window at once. SDL gives every finger on a touch screen as itself and
makes mouse events of the first finger down only, and the window read those mouse events alone: a second finger
touching another control while the first was held (a course stepper held, another step touched; two players each
dragging a sailor to his post, §3) was lost. Every finger is its own press and release now, as on the Captain Sonar
window, and no touch counts twice: not even under X11, which moves the pointer with the first finger and whose
mouse events SDL 2 passes on as a mouse's (unmarked), just before or after the finger's own."""

from __future__ import annotations

from collections.abc import Iterator

import pygame
import pytest
from kaleun.ui.window import REPEAT_AFTER

from window.fingers import Table_

#: no pointer of the touch screen; X11's pointer events just before the finger's own; just after
X11 = ["", "before", "after"]


@pytest.fixture
def screen() -> Iterator[pygame.Surface]:
    pygame.display.init()
    try:
        yield pygame.display.set_mode((800, 480))
    finally:
        pygame.display.quit()


def course_sheet(table: Table_) -> None:
    """The course's order sheet on due east, opened from the helm's compass rose."""
    table.window.dismiss_alarms()
    table.tap("tab.helm")
    rose = table.target("compass").rect
    table.tap("compass", (rose.right - 3, rose.centery))


def course(table: Table_) -> int:
    overlay = table.window.overlay
    assert overlay is not None and type(overlay).__name__ == "FormSheet"
    return int(overlay.values["course"])


@pytest.mark.parametrize("x11", X11)
def test_7_4_a_step_touched_while_another_finger_holds_a_stepper_counts_and_the_held_one_steps_on(
        screen, x11: str) -> None:
    table = Table_()
    table.x11_pointer = x11
    win = table.window
    course_sheet(table)
    win.frame(screen)
    assert course(table) == 90
    held = table.finger_down(1, "field.course.+1")  # the first finger: SDL's mouse too
    win.frame(screen)
    table.clock.now += REPEAT_AFTER
    win.frame(screen)
    assert course(table) == 91  # held: its own step
    at = table.finger_down(2, "field.course.+10")  # a second finger while the first still holds
    table.finger_up(2, at)
    win.frame(screen)
    assert course(table) == 101
    table.clock.now += REPEAT_AFTER
    win.frame(screen)
    assert course(table) == 102  # the first finger, still down, steps on
    table.finger_up(1, held)
    win.frame(screen)
    assert course(table) == 102  # letting go after holding adds none
    at = table.finger_down(3, "sheet.give")
    table.finger_up(3, at)
    table.runtime.step()
    given = [e.data["course"] for e in table.named("order_accepted") if e.data["order"] == "new_course"]
    assert given == [102]


@pytest.mark.parametrize("x11", X11)
def test_3_two_players_drag_a_sailor_each_at_once_and_both_stand_where_they_let_go(x11: str) -> None:
    table = Table_()
    table.x11_pointer = x11
    win = table.window
    win.dismiss_alarms()
    table.render()
    start_a = table.finger_down(1, "figure.navigator-square")
    start_b = table.finger_down(2, "figure.captain-circle")
    bridge = table.target("section.8").rect.center
    tray = table.target("tray").rect
    tray_point = (tray.x + 3, tray.y + 3)
    for i in range(1, 6):  # both move at once
        table.finger_move(1, (start_a[0] + (bridge[0] - start_a[0]) * i // 5,
                              start_a[1] + (bridge[1] - start_a[1]) * i // 5))
        table.finger_move(2, (start_b[0] + (tray_point[0] - start_b[0]) * i // 5,
                              start_b[1] + (tray_point[1] - start_b[1]) * i // 5))
    scene = win.scene()
    assert scene.drag is not None and scene.drag.figure == "navigator-square"  # the first under its finger
    table.render()
    table.finger_up(2, tray_point)  # the second lets go first
    table.finger_up(1, bridge)
    assert [(e.data["figure"], e.data["section"]) for e in table.named("figure_placed")] == [("navigator-square", 8)]
    assert [e.data["figure"] for e in table.named("figure_lifted")] == ["captain-circle"]
    assert win.drag is None and win.selected is None and not win.presses


@pytest.mark.parametrize("x11", X11)
def test_3_a_finger_tap_is_one_touch_though_sdl_makes_a_mouse_press_of_it_too(x11: str) -> None:
    """The first finger's own events and the mouse events SDL (and X11) make of it are one tap: a figure chosen once
    is chosen (twice would let it go again)."""
    table = Table_()
    table.x11_pointer = x11
    table.window.dismiss_alarms()
    at = table.finger_down(1, "figure.officer-circle")
    table.finger_up(1, at)
    assert table.window.selected == "officer-circle"
    assert not table.window.presses


def test_3_a_mouse_and_a_pointer_touch_screen_still_touch_and_the_fingers_sdl_makes_of_a_mouse_are_not_read() -> None:
    table = Table_()
    win = table.window
    win.dismiss_alarms()
    pos = table.target("figure.officer-circle").rect.center
    win.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1, touch=False))
    win.handle_event(pygame.event.Event(pygame.FINGERDOWN, touch_id=-1, finger_id=0, x=pos[0] / 800, y=pos[1] / 480,
                                        dx=0.0, dy=0.0))
    win.handle_event(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1, touch=False))
    win.handle_event(pygame.event.Event(pygame.FINGERUP, touch_id=-1, finger_id=0, x=pos[0] / 800, y=pos[1] / 480,
                                        dx=0.0, dy=0.0))
    assert win.selected == "officer-circle"
    assert not win.presses


@pytest.mark.parametrize("size", [(800, 480), (1280, 800)])
@pytest.mark.parametrize("x11", X11)
def test_6_a_button_touched_under_x11_gives_its_order_once(x11: str, size: tuple[int, int]) -> None:
    """A button's order given once for one touch, whichever of the finger and X11's pointer came first, on the 7"
    screen and on a larger one (a finger's place is a fraction of the window's size)."""
    table = Table_(size=size)
    table.x11_pointer = x11
    course_sheet(table)
    at = table.finger_down(1, "sheet.give")
    table.finger_up(1, at)
    table.runtime.step()
    assert [e.data["course"] for e in table.named("order_accepted") if e.data["order"] == "new_course"] == [90]
