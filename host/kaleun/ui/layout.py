"""Where everything sits on the screen, for any window size.

The layout is designed at 800x480 (the 7" touch screen) and stretched to the window;
sizes that must stay round (figures, the telegraph dial, fonts) use the smaller factor.
Pure geometry: no drawing, no game state.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from pygame import Rect

from kaleun.uboot.boat import TELEGRAPH
from kaleun.ui.theme import BASE_SIZE

#: compression buttons, left to right
BUTTON_MODES: tuple[str, ...] = ("pause", "real_time", "action", "fast_forward", "transit")
#: the telegraph dial sweeps from START_DEG (full astern) clockwise to END_DEG (full ahead)
START_DEG, END_DEG = 205.0, -25.0

# The boat's side view, as fractions of the boat area (x right, y down). Bow on the left.
def _bezier(p0: tuple[float, float], p1: tuple[float, float], p2: tuple[float, float],
            steps: int = 8) -> list[tuple[float, float]]:
    return [((1 - t) ** 2 * p0[0] + 2 * (1 - t) * t * p1[0] + t * t * p2[0],
             (1 - t) ** 2 * p0[1] + 2 * (1 - t) * t * p1[1] + t * t * p2[1])
            for t in (i / steps for i in range(steps + 1))]


HULL_SHAPE: tuple[tuple[float, float], ...] = (
    *_bezier((0.0, 0.56), (0.01, 0.42), (0.06, 0.42)),  # stem, bow to deck
    *_bezier((0.94, 0.42), (0.975, 0.42), (1.0, 0.58)),  # deck to stern
    *_bezier((1.0, 0.58), (0.985, 0.97), (0.93, 0.97)),  # stern to keel
    *_bezier((0.08, 0.97), (0.005, 0.97), (0.0, 0.56)),  # keel to bow
)
TOWER_SHAPE: tuple[tuple[float, float], ...] = (
    (0.355, 0.42), (0.365, 0.0), (0.555, 0.0), (0.575, 0.42),
)
INSIDE_TOP, INSIDE_BOTTOM = 0.46, 0.94
INSIDE_LEFT, INSIDE_RIGHT, INSIDE_GAP = 0.055, 0.955, 0.008
CASING_SHAPE: tuple[tuple[float, float], ...] = ((0.04, 0.385), (0.93, 0.385), (0.96, 0.43), (0.03, 0.43))
GUN_LINE: tuple[tuple[float, float], ...] = ((0.12, 0.26), (0.025, 0.225))  # the 88 mm gun's barrel
DECK_RECT = (0.07, 0.2, 0.26, 0.185)  # section 7: the fore deck with the 88 mm gun
BRIDGE_RECT = (0.375, 0.025, 0.17, 0.375)  # section 8: the bridge on the conning tower
WATERLINE_SURFACED = 0.62
#: the answer notch reaches this far out, in dial radii
RIM = 1.13


@dataclass
class Layout:
    width: int
    height: int
    sx: float = field(init=False)
    sy: float = field(init=False)
    scale: float = field(init=False)
    top_bar: Rect = field(init=False)
    clock: Rect = field(init=False)
    buttons: dict[str, Rect] = field(init=False)
    boat_panel: Rect = field(init=False)
    boat_area: Rect = field(init=False)
    tray: Rect = field(init=False)
    telegraph_panel: Rect = field(init=False)
    status_panel: Rect = field(init=False)
    feed_panel: Rect = field(init=False)
    sections: dict[int, Rect] = field(init=False)
    hull: list[tuple[int, int]] = field(init=False)
    tower: list[tuple[int, int]] = field(init=False)
    casing: list[tuple[int, int]] = field(init=False)
    gun: list[tuple[int, int]] = field(init=False)
    dial_center: tuple[int, int] = field(init=False)
    dial_radius: int = field(init=False)

    def __post_init__(self) -> None:
        base_w, base_h = BASE_SIZE
        self.sx = self.width / base_w
        self.sy = self.height / base_h
        self.scale = min(self.sx, self.sy)
        r = self.rect
        self.top_bar = r(0, 0, 800, 44)
        self.clock = r(8, 0, 340, 44)
        width, gap = 86, 4
        left = 800 - 6 - len(BUTTON_MODES) * width - (len(BUTTON_MODES) - 1) * gap
        self.buttons = {mode: r(left + i * (width + gap), 5, width, 34) for i, mode in enumerate(BUTTON_MODES)}
        self.boat_panel = r(0, 44, 574, 262)
        self.boat_area = r(6, 50, 562, 208)
        self.tray = r(6, 262, 562, 40)
        self.telegraph_panel = r(576, 44, 224, 262)
        self.status_panel = r(576, 308, 224, 172)
        self.feed_panel = r(0, 308, 574, 172)
        self._boat()
        self._dial()

    # -- design coordinates ---------------------------------------------------------------------
    def rect(self, x: float, y: float, w: float, h: float) -> Rect:
        """A rectangle given in 800x480 design coordinates."""
        left, top = round(x * self.sx), round(y * self.sy)
        return Rect(left, top, round((x + w) * self.sx) - left, round((y + h) * self.sy) - top)

    def size(self, pixels: float) -> int:
        """A length that must keep its proportions (radii, line widths)."""
        return max(1, round(pixels * self.scale))

    def boat_point(self, fx: float, fy: float) -> tuple[int, int]:
        a = self.boat_area
        return (a.x + round(fx * a.w), a.y + round(fy * a.h))

    def boat_rect(self, fx: float, fy: float, fw: float, fh: float) -> Rect:
        x0, y0 = self.boat_point(fx, fy)
        x1, y1 = self.boat_point(fx + fw, fy + fh)
        return Rect(x0, y0, x1 - x0, y1 - y0)

    def waterline(self, surfaced: bool) -> int:
        a = self.boat_area
        return a.y + round(WATERLINE_SURFACED * a.h) if surfaced else self.boat_panel.y

    # -- the boat ----------------------------------------------------------------------------
    def _boat(self) -> None:
        self.hull = [self.boat_point(x, y) for x, y in HULL_SHAPE]
        self.tower = [self.boat_point(x, y) for x, y in TOWER_SHAPE]
        self.casing = [self.boat_point(x, y) for x, y in CASING_SHAPE]
        self.gun = [self.boat_point(x, y) for x, y in GUN_LINE]
        width = (INSIDE_RIGHT - INSIDE_LEFT - 5 * INSIDE_GAP) / 6
        self.sections = {}
        for i in range(6):
            left = INSIDE_LEFT + i * (width + INSIDE_GAP)
            self.sections[i + 1] = self.boat_rect(left, INSIDE_TOP, width, INSIDE_BOTTOM - INSIDE_TOP)
        self.sections[7] = self.boat_rect(*DECK_RECT)
        self.sections[8] = self.boat_rect(*BRIDGE_RECT)

    def section_at(self, pos: tuple[int, int]) -> int | None:
        for number, rect in self.sections.items():
            if rect.collidepoint(pos):
                return number
        return None

    # -- the telegraph -----------------------------------------------------------------------
    def _dial(self) -> None:
        """The dial as large as fits, with room for the answer notch (RIM x radius) around it."""
        p = self.telegraph_panel
        below = math.sin(math.radians(-END_DEG))
        by_width = (p.w / 2 - self.size(4)) / RIM
        by_height = (p.h - self.size(30) - self.size(62)) / (RIM + below)
        self.dial_radius = max(20, round(min(by_width, by_height)))
        self.dial_center = (p.centerx, p.y + self.size(26) + round((RIM - 1) * self.dial_radius) + self.dial_radius)

    @staticmethod
    def sector_span(index: int) -> tuple[float, float]:
        """Angles (degrees, counter-clockwise from east) bounding telegraph position `index`."""
        step = (START_DEG - END_DEG) / len(TELEGRAPH)
        return (START_DEG - (index + 1) * step, START_DEG - index * step)

    def sector_angle(self, index: int) -> float:
        low, high = self.sector_span(index)
        return (low + high) / 2

    def dial_point(self, angle_deg: float, fraction: float) -> tuple[int, int]:
        """The point at `fraction` of the dial radius in direction `angle_deg` (y grows down)."""
        cx, cy = self.dial_center
        a = math.radians(angle_deg)
        r = fraction * self.dial_radius
        return (round(cx + r * math.cos(a)), round(cy - r * math.sin(a)))

    def telegraph_at(self, pos: tuple[int, int]) -> int | None:
        """The telegraph position (index into TELEGRAPH) under `pos`, or None."""
        cx, cy = self.dial_center
        dx, dy = pos[0] - cx, cy - pos[1]
        distance = math.hypot(dx, dy)
        if distance < 0.25 * self.dial_radius or distance > 1.08 * self.dial_radius:
            return None
        angle = math.degrees(math.atan2(dy, dx))
        if angle < END_DEG - 1e-9:
            angle += 360.0
        for index in range(len(TELEGRAPH)):
            low, high = self.sector_span(index)
            if low <= angle <= high:
                return index
        return None

    def button_at(self, pos: tuple[int, int]) -> str | None:
        for mode, rect in self.buttons.items():
            if rect.collidepoint(pos):
                return mode
        return None


def figure_cells(area: Rect, count: int, largest: int) -> tuple[int, list[tuple[int, int]]]:
    """Cell size and centres for `count` figures in `area`, as large as fits (up to `largest`)."""
    if count <= 0:
        return largest, []
    cell = max(4, min(largest, area.w, area.h))
    while cell > 4:
        cols, rows = area.w // cell, area.h // cell
        if cols * rows >= count:
            break
        cell -= 1
    cols = max(1, area.w // cell)
    rows = math.ceil(count / cols)
    used_cols = min(cols, count)
    x0 = area.x + (area.w - used_cols * cell) // 2 + cell // 2
    y0 = area.y + max(0, (area.h - rows * cell) // 2) + cell // 2
    centres = [(x0 + (i % cols) * cell, y0 + (i // cols) * cell) for i in range(count)]
    return cell, centres
