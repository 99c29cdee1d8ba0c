"""A stepper row, as the order sheets' numbers (a course, a depth) and the table dials' rings have it: the reading in
its box, a button for each step either side, the biggest outermost. The buttons narrow (never under a fingertip) so
three steps a side fit the row; a step held down steps on (the window's repeating buttons)."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pygame
from pygame import Rect

from kaleun.ui import theme
from kaleun.ui.touch import call
from kaleun.ui.widgets import Canvas, Text

#: the reading's box and the widest step button, in design pixels
BOX_W = 104
STEP_W = 64


def stepper(c: Canvas, key: str, row: Rect, steps: Sequence[int], reading: Text | None,
            step: Callable[[int], object]) -> None:
    """The stepper in `row`: buttons `<key>.-N` left of the reading and `<key>.+N` right of it, one for each of
    `steps` (smallest first), each calling `step(±N)`."""
    s = c.size
    box_w, gap = s(BOX_W), s(4)
    w = max(s(theme.MIN_TARGET), min(s(STEP_W), (row.w - box_w - gap * 2 * len(steps)) // (2 * len(steps))))
    x = row.x
    for by in [-n for n in reversed(steps)]:
        c.button(f"{key}.{by:+d}", Rect(x, row.y, w, row.h), f"{by:+d}".replace("-", "−"), call(step, by),
                 kind="repeat")
        x += w + gap
    box = Rect(x, row.y, box_w, row.h)
    pygame.draw.rect(c.surface, theme.PANEL_DARK, box, border_radius=s(6))
    pygame.draw.rect(c.surface, theme.ACCENT, box, s(2), border_radius=s(6))
    c.text("—" if reading is None else reading, box.center, 28, theme.TEXT, "center", bold=True)
    x = box.right + gap
    for by in steps:
        c.button(f"{key}.{by:+d}", Rect(x, row.y, w, row.h), f"{by:+d}", call(step, by), kind="repeat")
        x += w + gap
