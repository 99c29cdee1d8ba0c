"""Every order by touch, with fingers: an order sheet's stepper (the course's ±1, ±10, ±90, the depth's
±10, ±50) steps on while held, as the scope's arrows turn on (tests/window/test_scope_turns_while_held.py): after a
moment a step, after another a step every tenth of a second; a short touch or a slow press still steps once, and
letting go after holding adds none. A
course 40° off took 4 touches of +10 and a finer one 9 of +1; held, +1 gets there in a second."""

from __future__ import annotations

import pygame
from kaleun.ui.window import REPEAT_AFTER, REPEAT_EVERY

from window.fingers import Table_, shown
from window.test_table_dials_by_touch import Hands
from window.test_table_dials_by_touch import declared as declared_dials


def course(table: Table_) -> int:
    """The course the open order sheet reads (as the window last drew it: no frame drawn here)."""
    overlay = table.window.overlay
    assert overlay is not None and type(overlay).__name__ == "FormSheet"
    return int(overlay.values["course"])


def test_7_4_a_held_course_step_steps_on_and_a_touch_steps_once() -> None:
    table = Table_()
    win = table.window
    table.tap("tab.helm")
    rose = table.target("compass").rect
    table.tap("compass", (rose.right - 3, rose.centery))  # due east on the rose: the course sheet opens
    pygame.display.init()
    try:
        screen = pygame.display.set_mode((800, 480))
        win.frame(screen)
        assert course(table) == 90
        plus = table.target("field.course.+1").rect.center

        table.press(plus)  # a touch
        win.frame(screen)
        assert course(table) == 91

        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=plus, button=1))
        win.frame(screen)
        assert course(table) == 91  # nothing yet: it may still be a touch
        table.clock.now += REPEAT_AFTER
        win.frame(screen)
        assert course(table) == 92  # the press's own step
        held = table.clock.now
        table.clock.now += REPEAT_EVERY
        win.frame(screen)
        assert course(table) == 92  # a slow press steps once
        table.clock.now = held + REPEAT_AFTER
        win.frame(screen)
        assert course(table) == 93  # held past the delay again: it steps on
        for _ in range(9):  # every tenth of a second from then on
            table.clock.now += REPEAT_EVERY
            win.frame(screen)
        assert course(table) == 102
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=plus, button=1))
        win.frame(screen)
        assert course(table) == 102  # letting go adds no step

        minus = table.target("field.course.-10").rect.center
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=minus, button=1))
        win.frame(screen)
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(10, 10), rel=(0, 0), buttons=(1, 0, 0)))
        table.clock.now += 2.0  # the finger slid off the step: it stops stepping
        win.frame(screen)
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(10, 10), button=1))
        win.frame(screen)
        assert course(table) == 102
    finally:
        pygame.display.quit()
    table.tap("sheet.give")
    assert [e.data["course"] for e in table.named("order_accepted")] == [102]


declared = declared_dials  # the fixture: a ring declared as a maker would add it


def test_a_held_ring_step_on_the_table_dials_sheet_steps_on(declared) -> None:
    """A ring a maker added to the table (host/README.md, "How to add a dial") turned by touch steps on while a step
    is held, as the order sheets' steppers do."""
    table = Hands()
    win = table.window
    table.tap("tab.orders")
    table.tap("action.table_dials")
    table.tap("dials.dial=periscope_bearing")
    table.tap("dials.step.+10")  # a touch: 010
    pygame.display.init()
    try:
        screen = pygame.display.set_mode((800, 480))
        win.frame(screen)
        plus = table.target("dials.step.+1").rect.center
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=plus, button=1))
        win.frame(screen)
        table.clock.now += REPEAT_AFTER
        win.frame(screen)  # 011
        table.clock.now += REPEAT_AFTER
        win.frame(screen)  # 012
        for _ in range(3):
            table.clock.now += REPEAT_EVERY
            win.frame(screen)
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=plus, button=1))
        win.frame(screen)
    finally:
        pygame.display.quit()
    table.tap("dials.turn")
    table.settle()
    assert table.runtime.table.reading("periscope_bearing") == 15


def test_7_4_a_slow_press_on_the_quarter_turn_steps_once() -> None:
    """A crew member pressing the course's +90 firmly, his finger down a little past the repeat's delay (the frames
    drawn all the while, as the window's loop draws them), turns the course a quarter, not a half: the press's own
    step, given when the hold is felt, is the only one until the finger has stayed down as long again."""
    table = Table_()
    win = table.window
    table.tap("tab.helm")
    rose = table.target("compass").rect
    table.tap("compass", (rose.right - 3, rose.centery))  # the course sheet at 090
    pygame.display.init()
    try:
        screen = pygame.display.set_mode((800, 480))
        win.frame(screen)
        quarter = table.target("field.course.+90").rect.center
        for ticks in (3, 6):  # a quick touch, then a slow press past the delay
            before = course(table)
            pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=quarter, button=1))
            win.frame(screen)
            start = table.clock.now
            for k in range(1, ticks + 1):  # a frame every tenth of a second while the finger is down
                table.clock.now = start + k * REPEAT_AFTER / 4
                win.frame(screen)
            pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=quarter, button=1))
            win.frame(screen)
            assert (course(table) - before) % 360 == 90, (ticks, before, course(table))
    finally:
        pygame.display.quit()
    table.tap("sheet.give")
    assert [e.data["course"] for e in table.named("order_accepted")] == [270]


def test_a_ring_on_the_table_dials_sheet_steps_as_the_course_sheet_does(declared) -> None:
    """A ring a maker added to the table steps as the course does on its order sheet: the same steps of 1, 10 and
    90 degrees either side of the reading, the biggest outermost, a fingertip wide at least and as tall, with the same
    signs (one stepper for both)."""

    def row(table: Table_, key: str) -> list[tuple[str, tuple[int, int]]]:
        table.render()
        found = [(t.id.rpartition(".")[2], t.rect.size) for t in table.window.targets.items
                 if t.id.startswith(key + ".") and t.id.rpartition(".")[2][:1] in "+-"]
        return sorted(found, key=lambda item: int(item[0]))

    course_sheet = Table_()
    course_sheet.tap("tab.helm")
    rose = course_sheet.target("compass").rect
    course_sheet.tap("compass", (rose.right - 3, rose.centery))
    ring_sheet = Hands()
    ring_sheet.tap("tab.orders")
    ring_sheet.tap("action.table_dials")
    ring_sheet.tap("dials.dial=periscope_bearing")
    steps = row(course_sheet, "field.course")
    assert [by for by, _ in steps] == ["-90", "-10", "-1", "+1", "+10", "+90"]
    rings = row(ring_sheet, "dials.step")
    assert [by for by, _ in rings] == [by for by, _ in steps]
    assert {size[1] for _, size in rings + steps} == {47}
    assert min(size[0] for _, size in rings + steps) >= 47
    labels = {"−90", "−10", "−1", "+1", "+10", "+90"}
    for table in (course_sheet, ring_sheet):
        assert labels <= set(shown(table))
