"""The engine telegraph on screen: a scale of the five positions, full ahead at the top and full
astern at the bottom, each position's words whole on one line in every language.

The brass knob in the slot on the left and the shaded row are the handle (where the table's
telegraph stands); the red band and notch on the right edge are the engine room's answer (the
boat's accepted order). They differ when an order was refused. Tapping a row moves the table's
handle there; tapping the handle's own row while the answer differs gives the order again.
(A round dial of this size cannot hold "ПОЛНЫЙ НАЗАД" or "LANGSAM VORAUS" at the
smallest readable size: its side sectors leave a word half its width.)
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame
from pygame import Rect

from kaleun.uboot.boat import TELEGRAPH
from kaleun.ui import theme
from kaleun.ui.telegraph_words import DIAL_WORDS as DIAL_WORDS
from kaleun.ui.telegraph_words import POSITION_NAMES as POSITION_NAMES
from kaleun.ui.widgets import Canvas

#: the slot the handle's knob runs in, and the engine room's answer band (design pixels)
SLOT, BAND, NOTCH, KNOB = 26, 10, 7, 9


@dataclass(frozen=True)
class Scale:
    """The telegraph's geometry inside a panel: one row per position, full ahead on top."""

    frame: Rect
    scale: float

    @staticmethod
    def inside(panel: Rect, scale: float, below: int) -> Scale:
        """The scale filling the panel's width, leaving `below` pixels for the words under it."""
        margin = round(8 * scale)
        top = panel.y + round(4 * scale)
        height = max(len(TELEGRAPH) * 20, panel.bottom - top - below - round(4 * scale))
        return Scale(Rect(panel.x + margin, top, panel.w - 2 * margin - round(NOTCH * scale), height), scale)

    def s(self, pixels: float) -> int:
        return max(1, round(pixels * self.scale))

    def row(self, index: int) -> Rect:
        """The row of telegraph position `index` (into TELEGRAPH)."""
        slot = len(TELEGRAPH) - 1 - index
        f = self.frame
        top = f.y + round(slot * f.h / len(TELEGRAPH))
        bottom = f.y + round((slot + 1) * f.h / len(TELEGRAPH))
        return Rect(f.x, top, f.w, bottom - top)

    def words_box(self, index: int) -> Rect:
        """Where a position's words go: between the handle's slot and the answer band."""
        row = self.row(index)
        left = row.x + self.s(SLOT)
        return Rect(left, row.y, row.right - self.s(BAND) - self.s(3) - left, row.h)

    def point(self, index: int, fraction: float) -> tuple[int, int]:
        """A point on the row of position `index`, `fraction` of the way across."""
        row = self.row(index)
        return (row.x + round(fraction * (row.w - 1)), row.centery)

    def position_at(self, pos: tuple[int, int]) -> int | None:
        """The telegraph position (index into TELEGRAPH) under `pos`, or None."""
        area = self.frame.inflate(self.s(2 * NOTCH), 0)
        if not area.collidepoint(pos):
            return None
        for index in range(len(TELEGRAPH)):
            if self.row(index).top <= pos[1] < self.row(index).bottom:
                return index
        return None

    @property
    def bottom(self) -> int:
        return int(self.frame.bottom)


def draw_scale(c: Canvas, scale: Scale, handle: int, answered: int) -> list[Rect]:
    """Draw the telegraph; returns where each position's words went (to check they stay apart)."""
    surface, s = c.surface, c.size
    frame = scale.frame
    pygame.draw.rect(surface, theme.BRASS, frame.inflate(s(6), s(6)), border_radius=s(8))
    pygame.draw.rect(surface, theme.DIAL_FACE, frame, border_radius=s(4))
    pygame.draw.rect(surface, (226, 206, 150), scale.row(handle))
    for index in range(1, len(TELEGRAPH)):
        y = scale.row(index).bottom
        heavy = TELEGRAPH[index - 1] == "stop" or TELEGRAPH[index] == "stop"  # stop parts ahead from astern
        pygame.draw.line(surface, theme.BRASS_DARK, (frame.x, y), (frame.right - 1, y), s(3) if heavy else s(1))
    pygame.draw.rect(surface, theme.BRASS_DARK, frame, s(2), border_radius=s(4))

    drawn = []
    for index, position in enumerate(TELEGRAPH):
        words = " ".join(c.tr(w) for w in DIAL_WORDS[position])
        box = scale.words_box(index)
        drawn.append(c.text(words, box.center, theme.MIN_TEXT, theme.TEXT_DARK, "center", bold=True, width=box.w))

    row = scale.row(answered)
    band = Rect(row.right - s(BAND), row.y + s(2), s(BAND), row.h - s(4))
    pygame.draw.rect(surface, theme.ANSWER, band)
    notch = [(band.right, row.centery), (band.right + s(NOTCH), row.centery - s(NOTCH)),
             (band.right + s(NOTCH), row.centery + s(NOTCH))]
    pygame.draw.polygon(surface, theme.ANSWER, notch)

    track_x = frame.x + s(SLOT) // 2
    top, bottom = scale.row(len(TELEGRAPH) - 1).centery, scale.row(0).centery
    pygame.draw.line(surface, theme.BRASS_DARK, (track_x, top), (track_x, bottom), s(5))
    knob = (track_x, scale.row(handle).centery)
    pygame.draw.circle(surface, theme.BRASS, knob, s(KNOB))
    pygame.draw.circle(surface, theme.OUTLINE, knob, s(KNOB), s(2))
    return drawn
