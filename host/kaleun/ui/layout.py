"""Where the window's frame sits for a given window size: the top bar, the screen between, the
feed ticker and the tabs.

The layout is designed at 800x480 (the 7" touch screen) and stretched to the window; sizes that
must stay round (figures, dials, fonts) use the smaller factor. Pure geometry: no drawing, no
game state. Each screen places its own parts inside `content` the same way (`rect()`).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from pygame import Rect

from kaleun.ui.theme import BASE_SIZE

#: compression buttons, left to right
BUTTON_MODES: tuple[str, ...] = ("pause", "real_time", "action", "fast_forward", "transit")
#: the screens, in the order of their tabs
TABS: tuple[str, ...] = ("boat", "orders", "helm", "plot", "attack", "damage", "crew", "map", "scope")

TOP_H = 52
TICKER_H = 48
TAB_H = 48
#: the screen between the bars, in design coordinates
CONTENT_Y = TOP_H
CONTENT_H = 480 - TOP_H - TICKER_H - TAB_H


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
    gear: Rect = field(init=False)
    content: Rect = field(init=False)
    ticker: Rect = field(init=False)
    tab_bar: Rect = field(init=False)
    tabs: dict[str, Rect] = field(init=False)

    def __post_init__(self) -> None:
        base_w, base_h = BASE_SIZE
        self.sx = self.width / base_w
        self.sy = self.height / base_h
        self.scale = min(self.sx, self.sy)
        r = self.rect
        self.top_bar = r(0, 0, 800, TOP_H)
        self.clock = r(6, 0, 400, TOP_H)
        width, gap = 60, 3
        self.gear = r(800 - 4 - 52, 2, 52, TOP_H - 3)
        left = 800 - 4 - 52 - 8 - len(BUTTON_MODES) * width - (len(BUTTON_MODES) - 1) * gap
        self.buttons = {mode: r(left + i * (width + gap), 2, width, TOP_H - 3) for i, mode in enumerate(BUTTON_MODES)}
        self.content = r(0, CONTENT_Y, 800, CONTENT_H)
        self.ticker = r(0, CONTENT_Y + CONTENT_H, 800, TICKER_H)
        self.tab_bar = r(0, 480 - TAB_H, 800, TAB_H)
        tab_w = 800 / len(TABS)
        self.tabs = {name: r(i * tab_w, 480 - TAB_H, tab_w, TAB_H) for i, name in enumerate(TABS)}

    # -- design coordinates ---------------------------------------------------------------------
    def rect(self, x: float, y: float, w: float, h: float) -> Rect:
        """A rectangle given in 800x480 design coordinates."""
        left, top = round(x * self.sx), round(y * self.sy)
        return Rect(left, top, round((x + w) * self.sx) - left, round((y + h) * self.sy) - top)

    def point(self, x: float, y: float) -> tuple[int, int]:
        return (round(x * self.sx), round(y * self.sy))

    def size(self, pixels: float) -> int:
        """A length that must keep its proportions (radii, line widths)."""
        return max(1, round(pixels * self.scale))

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


def pack_in_order(sizes: list[int], room: int, gap: int = 0) -> list[list[int]]:
    """The items (by index) on each line of `room` (pixels across a row, or down a page), in order: each
    item whole, a line filled until the next would not fit (`gap` between two items); an item bigger
    than `room` stands alone on its line."""
    lines: list[list[int]] = [[]]
    used = 0
    for i, size in enumerate(sizes):
        if lines[-1] and used + size > room:
            lines.append([])
            used = 0
        lines[-1].append(i)
        used += size + gap
    return lines
