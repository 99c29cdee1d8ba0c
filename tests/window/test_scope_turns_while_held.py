"""The first-person views, by finger: the scope's arrows turn half the field of view a touch (4° through
binoculars), so a quarter turn to look where nobody had reported anything took 23 touches. An arrow held down
keeps turning, as a held arrow key does: after a moment a step, after another a step every tenth of a second; a
short touch still turns one step, and letting go after holding adds none."""

from __future__ import annotations

import pygame
from kaleun.ui.window import REPEAT_AFTER, REPEAT_EVERY

from window.fingers import Table_


def bearing(table: Table_) -> int:
    return int(table.window.screens["scope"].bearing)


def test_8_a_held_arrow_keeps_turning_the_binoculars_and_a_touch_turns_one_step() -> None:
    table = Table_(mission="exercise_convoy", seed=0)
    win = table.window
    win.dismiss_alarms()
    table.tap("tab.scope")
    pygame.display.init()
    try:
        screen = pygame.display.set_mode((800, 480))
        win.frame(screen)
        right = table.target("scope.right").rect.center
        step = round(win.screens["scope"].optic.fov / 2)
        assert step == 4  # binoculars, surfaced

        table.press(right)  # a touch
        win.frame(screen)
        assert bearing(table) == step

        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=right, button=1))
        win.frame(screen)
        assert bearing(table) == step  # nothing yet: it may still be a touch
        table.clock.now += REPEAT_AFTER
        win.frame(screen)
        assert bearing(table) == 2 * step  # the press's own step
        held = table.clock.now
        table.clock.now = held + REPEAT_AFTER  # held past the delay again: it turns on
        win.frame(screen)
        assert bearing(table) == 3 * step
        for _ in range(19):  # two seconds more held: 19 steps more
            table.clock.now += REPEAT_EVERY
            win.frame(screen)
        assert bearing(table) == 22 * step
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=right, button=1))
        win.frame(screen)
        assert bearing(table) == 22 * step  # letting go adds no step

        left = table.target("scope.left").rect.center
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=left, button=1))
        win.frame(screen)
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(10, 200), rel=(0, 0), buttons=(1, 0, 0)))
        table.clock.now += 2.0  # the finger slid off the arrow: it stops turning
        win.frame(screen)
        assert bearing(table) == 22 * step
    finally:
        pygame.display.quit()
