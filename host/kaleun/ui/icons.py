"""Icons drawn from lines and polygons (no icon font to miss a glyph), each in one colour inside a
square box. Alarms, conditions, tabs and buttons use them beside their words."""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

import pygame
from pygame import Rect

from kaleun.ui.theme import Color

Icon = Callable[[Any, Rect, Color], None]
Point = tuple[float, float]


def _pts(box: Rect, points: list[Point]) -> list[tuple[int, int]]:
    """Points given in a 0..1 square, placed in `box`."""
    return [(round(box.x + x * box.w), round(box.y + y * box.h)) for x, y in points]


def _w(box: Rect, fraction: float = 0.09) -> int:
    return max(1, round(box.w * fraction))


def ship(s: Any, box: Rect, c: Color) -> None:
    pygame.draw.polygon(s, c, _pts(box, [(0.05, 0.6), (0.95, 0.6), (0.82, 0.82), (0.15, 0.82)]))
    pygame.draw.rect(s, c, Rect(_pts(box, [(0.38, 0.38)])[0], (round(box.w * 0.26), round(box.h * 0.24))))
    pygame.draw.rect(s, c, Rect(_pts(box, [(0.47, 0.2)])[0], (round(box.w * 0.09), round(box.h * 0.2))))


def convoy(s: Any, box: Rect, c: Color) -> None:
    """Ships sailing together: three small ships, staggered."""
    third = round(box.w * 0.55)
    for x, y in ((0.0, 0.0), (0.45, 0.22), (0.0, 0.45)):
        ship(s, Rect(round(box.x + x * box.w), round(box.y + y * box.h), third, third), c)


def aircraft(s: Any, box: Rect, c: Color) -> None:
    pygame.draw.polygon(s, c, _pts(box, [(0.46, 0.05), (0.54, 0.05), (0.56, 0.38), (0.95, 0.5), (0.95, 0.58),
                                         (0.56, 0.54), (0.55, 0.8), (0.7, 0.9), (0.7, 0.96), (0.3, 0.96),
                                         (0.3, 0.9), (0.45, 0.8), (0.44, 0.54), (0.05, 0.58), (0.05, 0.5),
                                         (0.44, 0.38)]))


def burst(s: Any, box: Rect, c: Color) -> None:
    points = []
    for i in range(16):
        r = 0.48 if i % 2 == 0 else 0.2
        a = math.radians(i * 22.5)
        points.append((0.5 + r * math.cos(a), 0.5 + r * math.sin(a)))
    pygame.draw.polygon(s, c, _pts(box, points))


def depth_charge(s: Any, box: Rect, c: Color) -> None:
    body = Rect(_pts(box, [(0.28, 0.12)])[0], (round(box.w * 0.44), round(box.h * 0.5)))
    pygame.draw.ellipse(s, c, body.inflate(0, -body.h // 2).move(0, -body.h // 4))
    pygame.draw.rect(s, c, body.inflate(0, -body.h // 3))
    for y in (0.74, 0.9):
        pts = [(0.08 + 0.84 * i / 8, y + (0.05 if i % 2 else -0.05)) for i in range(9)]
        pygame.draw.lines(s, c, False, _pts(box, pts), _w(box, 0.07))


def breach(s: Any, box: Rect, c: Color) -> None:
    pygame.draw.lines(s, c, False, _pts(box, [(0.3, 0.05), (0.55, 0.3), (0.4, 0.45), (0.65, 0.7)]), _w(box, 0.1))
    pygame.draw.polygon(s, c, _pts(box, [(0.7, 0.55), (0.85, 0.8), (0.78, 0.95), (0.62, 0.95), (0.55, 0.8)]))
    pygame.draw.polygon(s, c, _pts(box, [(0.2, 0.6), (0.3, 0.8), (0.25, 0.92), (0.14, 0.92), (0.1, 0.8)]))


def fire(s: Any, box: Rect, c: Color) -> None:
    pygame.draw.polygon(s, c, _pts(box, [(0.5, 0.03), (0.68, 0.3), (0.74, 0.18), (0.86, 0.5), (0.82, 0.78),
                                         (0.62, 0.96), (0.38, 0.96), (0.18, 0.8), (0.14, 0.55), (0.28, 0.3),
                                         (0.34, 0.45)]))


def lightning(s: Any, box: Rect, c: Color) -> None:
    pygame.draw.polygon(s, c, _pts(box, [(0.58, 0.02), (0.2, 0.55), (0.46, 0.55), (0.36, 0.98), (0.8, 0.4),
                                         (0.54, 0.4)]))


def gas(s: Any, box: Rect, c: Color) -> None:
    for x, y, r in ((0.3, 0.55, 0.2), (0.55, 0.4, 0.24), (0.72, 0.6, 0.18), (0.45, 0.68, 0.18)):
        pygame.draw.circle(s, c, _pts(box, [(x, y)])[0], round(r * box.w), _w(box, 0.08))


def drop(s: Any, box: Rect, c: Color) -> None:
    pygame.draw.polygon(s, c, _pts(box, [(0.5, 0.05), (0.72, 0.45), (0.78, 0.65), (0.7, 0.85), (0.5, 0.95),
                                         (0.3, 0.85), (0.22, 0.65), (0.28, 0.45)]))


def bulb_off(s: Any, box: Rect, c: Color) -> None:
    pygame.draw.circle(s, c, _pts(box, [(0.5, 0.4)])[0], round(box.w * 0.28), _w(box))
    pygame.draw.rect(s, c, Rect(_pts(box, [(0.38, 0.68)])[0], (round(box.w * 0.24), round(box.h * 0.2))))
    pygame.draw.line(s, c, _pts(box, [(0.1, 0.1)])[0], _pts(box, [(0.9, 0.9)])[0], _w(box, 0.1))


def wave(s: Any, box: Rect, c: Color) -> None:
    for y in (0.35, 0.6, 0.85):
        pts = [(0.05 + 0.9 * i / 8, y + 0.07 * math.sin(i * math.pi / 2)) for i in range(9)]
        pygame.draw.lines(s, c, False, _pts(box, pts), _w(box, 0.08))


def cross(s: Any, box: Rect, c: Color) -> None:
    """A medic's cross (injured)."""
    pygame.draw.rect(s, c, Rect(_pts(box, [(0.36, 0.1)])[0], (round(box.w * 0.28), round(box.h * 0.8))))
    pygame.draw.rect(s, c, Rect(_pts(box, [(0.1, 0.36)])[0], (round(box.w * 0.8), round(box.h * 0.28))))


def x_mark(s: Any, box: Rect, c: Color) -> None:
    w = _w(box, 0.14)
    pygame.draw.line(s, c, _pts(box, [(0.15, 0.15)])[0], _pts(box, [(0.85, 0.85)])[0], w)
    pygame.draw.line(s, c, _pts(box, [(0.85, 0.15)])[0], _pts(box, [(0.15, 0.85)])[0], w)


def check(s: Any, box: Rect, c: Color) -> None:
    pygame.draw.lines(s, c, False, _pts(box, [(0.12, 0.52), (0.4, 0.8), (0.88, 0.2)]), _w(box, 0.14))


def warning(s: Any, box: Rect, c: Color) -> None:
    pygame.draw.polygon(s, c, _pts(box, [(0.5, 0.05), (0.96, 0.92), (0.04, 0.92)]), _w(box))
    pygame.draw.line(s, c, _pts(box, [(0.5, 0.35)])[0], _pts(box, [(0.5, 0.65)])[0], _w(box, 0.1))
    pygame.draw.circle(s, c, _pts(box, [(0.5, 0.78)])[0], max(1, round(box.w * 0.05)))


def pause(s: Any, box: Rect, c: Color) -> None:
    for x in (0.22, 0.58):
        pygame.draw.rect(s, c, Rect(_pts(box, [(x, 0.18)])[0], (round(box.w * 0.2), round(box.h * 0.64))))


def play(s: Any, box: Rect, c: Color) -> None:
    pygame.draw.polygon(s, c, _pts(box, [(0.25, 0.15), (0.85, 0.5), (0.25, 0.85)]))


def gear(s: Any, box: Rect, c: Color) -> None:
    centre = _pts(box, [(0.5, 0.5)])[0]
    for i in range(8):
        a = math.radians(i * 45)
        end = (centre[0] + math.cos(a) * box.w * 0.45, centre[1] + math.sin(a) * box.h * 0.45)
        pygame.draw.line(s, c, centre, end, _w(box, 0.16))
    pygame.draw.circle(s, c, centre, round(box.w * 0.32))
    pygame.draw.circle(s, (0, 0, 0), centre, round(box.w * 0.13))


def undo(s: Any, box: Rect, c: Color) -> None:
    arc = [(0.5 + 0.32 * math.cos(math.radians(a)), 0.55 + 0.32 * math.sin(math.radians(a))) for a in range(200, 451,
                                                                                                            25)]
    pygame.draw.lines(s, c, False, _pts(box, arc), _w(box, 0.1))
    pygame.draw.polygon(s, c, _pts(box, [(0.06, 0.42), (0.34, 0.42), (0.16, 0.7)]))


def wrench(s: Any, box: Rect, c: Color) -> None:
    pygame.draw.line(s, c, _pts(box, [(0.25, 0.8)])[0], _pts(box, [(0.65, 0.35)])[0], _w(box, 0.16))
    pygame.draw.circle(s, c, _pts(box, [(0.7, 0.3)])[0], round(box.w * 0.22))
    pygame.draw.circle(s, (0, 0, 0), _pts(box, [(0.78, 0.22)])[0], round(box.w * 0.1))


def compass(s: Any, box: Rect, c: Color) -> None:
    centre = _pts(box, [(0.5, 0.5)])[0]
    pygame.draw.circle(s, c, centre, round(box.w * 0.45), _w(box, 0.07))
    pygame.draw.polygon(s, c, _pts(box, [(0.5, 0.1), (0.62, 0.5), (0.5, 0.9), (0.38, 0.5)]))


def plot(s: Any, box: Rect, c: Color) -> None:
    centre = _pts(box, [(0.5, 0.5)])[0]
    for r in (0.45, 0.28, 0.1):
        pygame.draw.circle(s, c, centre, round(box.w * r), _w(box, 0.06))
    pygame.draw.line(s, c, centre, _pts(box, [(0.85, 0.2)])[0], _w(box, 0.07))


def torpedo(s: Any, box: Rect, c: Color) -> None:
    body = Rect(_pts(box, [(0.08, 0.4)])[0], (round(box.w * 0.74), round(box.h * 0.2)))
    pygame.draw.rect(s, c, body, border_radius=body.h // 2)
    pygame.draw.polygon(s, c, _pts(box, [(0.78, 0.5), (0.95, 0.28), (0.95, 0.72)]))


def person(s: Any, box: Rect, c: Color) -> None:
    pygame.draw.circle(s, c, _pts(box, [(0.5, 0.25)])[0], round(box.w * 0.18))
    pygame.draw.ellipse(s, c, Rect(_pts(box, [(0.18, 0.5)])[0], (round(box.w * 0.64), round(box.h * 0.6))))


def chart(s: Any, box: Rect, c: Color) -> None:
    pygame.draw.rect(s, c, box.inflate(-box.w // 8, -box.h // 8), _w(box, 0.07))
    for f in (0.38, 0.62):
        pygame.draw.line(s, c, _pts(box, [(f, 0.1)])[0], _pts(box, [(f, 0.9)])[0], 1)
        pygame.draw.line(s, c, _pts(box, [(0.1, f)])[0], _pts(box, [(0.9, f)])[0], 1)
    pygame.draw.lines(s, c, False, _pts(box, [(0.2, 0.8), (0.45, 0.55), (0.8, 0.25)]), _w(box, 0.08))


def periscope(s: Any, box: Rect, c: Color) -> None:
    pygame.draw.lines(s, c, False, _pts(box, [(0.4, 0.95), (0.4, 0.2), (0.75, 0.2)]), _w(box, 0.14))
    pygame.draw.circle(s, c, _pts(box, [(0.8, 0.2)])[0], round(box.w * 0.1))


def boat(s: Any, box: Rect, c: Color) -> None:
    pygame.draw.ellipse(s, c, Rect(_pts(box, [(0.02, 0.5)])[0], (round(box.w * 0.96), round(box.h * 0.3))))
    pygame.draw.rect(s, c, Rect(_pts(box, [(0.4, 0.3)])[0], (round(box.w * 0.2), round(box.h * 0.25))))


def orders(s: Any, box: Rect, c: Color) -> None:
    for y in (0.22, 0.5, 0.78):
        pygame.draw.circle(s, c, _pts(box, [(0.15, y)])[0], max(1, round(box.w * 0.07)))
        pygame.draw.line(s, c, _pts(box, [(0.3, y)])[0], _pts(box, [(0.9, y)])[0], _w(box, 0.1))


def feed(s: Any, box: Rect, c: Color) -> None:
    pygame.draw.rect(s, c, box.inflate(-box.w // 6, -box.h // 10), _w(box, 0.07))
    for y in (0.3, 0.5, 0.7):
        pygame.draw.line(s, c, _pts(box, [(0.28, y)])[0], _pts(box, [(0.72, y)])[0], _w(box, 0.06))


def arrow_left(s: Any, box: Rect, c: Color) -> None:
    pygame.draw.polygon(s, c, _pts(box, [(0.7, 0.12), (0.25, 0.5), (0.7, 0.88)]))


def arrow_right(s: Any, box: Rect, c: Color) -> None:
    pygame.draw.polygon(s, c, _pts(box, [(0.3, 0.12), (0.75, 0.5), (0.3, 0.88)]))


def arrow_up(s: Any, box: Rect, c: Color) -> None:
    pygame.draw.polygon(s, c, _pts(box, [(0.12, 0.7), (0.5, 0.25), (0.88, 0.7)]))


def arrow_down(s: Any, box: Rect, c: Color) -> None:
    pygame.draw.polygon(s, c, _pts(box, [(0.12, 0.3), (0.5, 0.75), (0.88, 0.3)]))


def plus(s: Any, box: Rect, c: Color) -> None:
    w = _w(box, 0.14)
    pygame.draw.line(s, c, _pts(box, [(0.5, 0.15)])[0], _pts(box, [(0.5, 0.85)])[0], w)
    pygame.draw.line(s, c, _pts(box, [(0.15, 0.5)])[0], _pts(box, [(0.85, 0.5)])[0], w)


def minus(s: Any, box: Rect, c: Color) -> None:
    pygame.draw.line(s, c, _pts(box, [(0.15, 0.5)])[0], _pts(box, [(0.85, 0.5)])[0], _w(box, 0.14))


def sight(s: Any, box: Rect, c: Color) -> None:
    centre = _pts(box, [(0.5, 0.5)])[0]
    pygame.draw.circle(s, c, centre, round(box.w * 0.42), _w(box, 0.07))
    pygame.draw.line(s, c, _pts(box, [(0.5, 0.05)])[0], _pts(box, [(0.5, 0.95)])[0], _w(box, 0.05))
    pygame.draw.line(s, c, _pts(box, [(0.05, 0.5)])[0], _pts(box, [(0.95, 0.5)])[0], _w(box, 0.05))


def power(s: Any, box: Rect, c: Color) -> None:
    """The power symbol (IEC 60417-5009): a ring open at the top, a bar through the opening."""
    ring = Rect(_pts(box, [(0.14, 0.18)])[0], (round(box.w * 0.72), round(box.h * 0.72)))
    pygame.draw.arc(s, c, ring, math.radians(120), math.radians(420), _w(box, 0.11))
    pygame.draw.line(s, c, _pts(box, [(0.5, 0.06)])[0], _pts(box, [(0.5, 0.5)])[0], _w(box, 0.12))


ICONS: dict[str, Icon] = {
    "ship": ship, "aircraft": aircraft, "burst": burst, "depth_charge": depth_charge, "breach": breach,
    "fire": fire, "lightning": lightning, "gas": gas, "drop": drop, "bulb_off": bulb_off, "wave": wave,
    "cross": cross, "x": x_mark, "check": check, "warning": warning, "pause": pause, "play": play, "gear": gear,
    "undo": undo, "wrench": wrench, "compass": compass, "plot": plot, "torpedo": torpedo, "person": person,
    "chart": chart, "periscope": periscope, "boat": boat, "orders": orders, "feed": feed,
    "left": arrow_left, "right": arrow_right, "up": arrow_up, "down": arrow_down, "plus": plus, "minus": minus,
    "sight": sight, "power": power,
}
