"""The engine telegraph on screen: a dial with the five positions.

The brass lever and the shaded sector are the handle (where the table's telegraph stands); the
red band and notch on the rim are the engine room's answer (the boat's accepted order). They
differ when an order was refused. Tapping a position moves the table's handle there.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import pygame
from pygame import Rect

from kaleun.core.messages import Msg
from kaleun.uboot.boat import TELEGRAPH
from kaleun.ui import theme
from kaleun.ui.widgets import Canvas

#: the dial sweeps from START_DEG (full astern) clockwise to END_DEG (full ahead)
START_DEG, END_DEG = 205.0, -25.0
#: the answer notch reaches this far out, in dial radii
RIM = 1.13
#: the handle's lever reaches this far (dial radii); its knob has this radius (design pixels)
LEVER, KNOB = 0.3, 8
#: the engine room's answer is a band on the rim from here (dial radii) outwards
ANSWER_BAND = 0.92
#: the words on the telegraph's dial, one or two lines per position
DIAL_WORDS: dict[str, tuple[Msg, ...]] = {
    "full_astern": (Msg("FULL"), Msg("ASTERN")), "stop": (Msg("STOP"),), "slow_ahead": (Msg("SLOW"), Msg("AHEAD")),
    "half_ahead": (Msg("HALF"), Msg("AHEAD")), "full_ahead": (Msg("FULL"), Msg("AHEAD")),
}
POSITION_NAMES: dict[str, Msg] = {
    "full_astern": Msg("full astern"), "stop": Msg("stop"), "slow_ahead": Msg("slow ahead"),
    "half_ahead": Msg("half ahead"), "full_ahead": Msg("full ahead"),
}


@dataclass(frozen=True)
class Dial:
    """The dial's geometry inside a panel."""

    center: tuple[int, int]
    radius: int

    @staticmethod
    def inside(panel: Rect, scale: float, below: int) -> Dial:
        """The dial as large as fits, with room for the answer notch around it and `below` pixels of words."""
        drop = math.sin(math.radians(-END_DEG))
        by_width = (panel.w / 2 - 4 * scale) / RIM
        by_height = (panel.h - 8 * scale - below) / (RIM + drop)
        radius = max(20, round(min(by_width, by_height)))
        return Dial((panel.centerx, panel.y + round(4 * scale) + round(RIM * radius)), radius)

    @staticmethod
    def sector_span(index: int) -> tuple[float, float]:
        """Angles (degrees, counter-clockwise from east) bounding telegraph position `index`."""
        step = (START_DEG - END_DEG) / len(TELEGRAPH)
        return (START_DEG - (index + 1) * step, START_DEG - index * step)

    def sector_angle(self, index: int) -> float:
        low, high = self.sector_span(index)
        return (low + high) / 2

    def point(self, angle_deg: float, fraction: float) -> tuple[int, int]:
        """The point at `fraction` of the dial radius in direction `angle_deg` (y grows down)."""
        cx, cy = self.center
        a = math.radians(angle_deg)
        r = fraction * self.radius
        return (round(cx + r * math.cos(a)), round(cy - r * math.sin(a)))

    def position_at(self, pos: tuple[int, int]) -> int | None:
        """The telegraph position (index into TELEGRAPH) under `pos`, or None."""
        cx, cy = self.center
        dx, dy = pos[0] - cx, cy - pos[1]
        distance = math.hypot(dx, dy)
        if distance < 0.25 * self.radius or distance > RIM * self.radius:
            return None
        angle = math.degrees(math.atan2(dy, dx))
        if angle < END_DEG - 1e-9:
            angle += 360.0
        for index in range(len(TELEGRAPH)):
            low, high = self.sector_span(index)
            if low <= angle <= high:
                return index
        return None

    def arc(self, start: float, end: float, fraction: float, steps: int = 24) -> list[tuple[int, int]]:
        return [self.point(start + (end - start) * i / steps, fraction) for i in range(steps + 1)]

    @property
    def bottom(self) -> int:
        return self.point(END_DEG, RIM)[1]


def draw_dial(c: Canvas, dial: Dial, handle: int, answered: int) -> None:
    surface, s = c.surface, c.size
    centre = dial.center
    first, last = dial.sector_span(0)[1], dial.sector_span(len(TELEGRAPH) - 1)[0]
    pygame.draw.polygon(surface, theme.BRASS, [centre, *dial.arc(first, last, 1.06, 48)])
    face = [centre, *dial.arc(first, last, 1.0, 48)]
    pygame.draw.polygon(surface, theme.DIAL_FACE, face)
    low, high = dial.sector_span(handle)
    band = [*dial.arc(low, high, 1.0, 8), *reversed(dial.arc(low, high, 0.3, 8))]
    pygame.draw.polygon(surface, (226, 206, 150), band)
    for index in range(len(TELEGRAPH) + 1):
        angle = dial.sector_span(index)[1] if index < len(TELEGRAPH) else last
        pygame.draw.line(surface, theme.BRASS_DARK, dial.point(angle, 0.3), dial.point(angle, 1.0), s(2))
    pygame.draw.polygon(surface, theme.BRASS_DARK, face, s(2))

    size = theme.MIN_TEXT
    font = c.font(size, True)
    line_height = font.get_linesize() - s(3)
    inner = LEVER * dial.radius + s(KNOB) + s(2)
    outer = ANSWER_BAND * dial.radius - s(2)
    for index, position in enumerate(TELEGRAPH):
        words = [c.tr(w) for w in DIAL_WORDS[position]]
        angle = dial.sector_angle(index)
        width = max(font.size(word)[0] for word in words)
        height = line_height * len(words)
        reach = abs(math.cos(math.radians(angle))) * width / 2 + abs(math.sin(math.radians(angle))) * height / 2
        radius = min(max(0.7 * dial.radius, inner + reach), outer - reach)
        x, y = dial.point(angle, radius / dial.radius)
        top = y - height // 2
        for row, word in enumerate(words):
            c.text(word, (x, top + row * line_height), size, theme.TEXT_DARK, "midtop", bold=True)

    alow, ahigh = dial.sector_span(answered)
    rim_band = [*dial.arc(alow, ahigh, 1.0, 8), *reversed(dial.arc(alow, ahigh, ANSWER_BAND, 8))]
    pygame.draw.polygon(surface, theme.ANSWER, rim_band)
    answer_angle = dial.sector_angle(answered)
    a = math.radians(answer_angle)
    tip = dial.point(answer_angle, 1.0)
    side = s(7)
    across = (math.sin(a) * side, math.cos(a) * side)
    notch = dial.point(answer_angle, RIM)
    pygame.draw.polygon(surface, theme.ANSWER, [tip, (notch[0] + across[0], notch[1] + across[1]),
                                                (notch[0] - across[0], notch[1] - across[1])])
    handle_angle = dial.sector_angle(handle)
    knob = dial.point(handle_angle, LEVER)
    pygame.draw.line(surface, theme.OUTLINE, centre, knob, s(9))
    pygame.draw.line(surface, theme.BRASS, centre, knob, s(6))
    pygame.draw.circle(surface, theme.BRASS, knob, s(KNOB))
    pygame.draw.circle(surface, theme.OUTLINE, knob, s(KNOB), s(2))
    pygame.draw.circle(surface, theme.BRASS_DARK, centre, s(10))
    pygame.draw.circle(surface, theme.BRASS, centre, s(6))
