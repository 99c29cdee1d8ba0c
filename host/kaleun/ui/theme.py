"""Colours, figure looks and fonts of the window.

Every state that colour shows is also shown another way (a shape, a letter, a frame or a
word), so crews with colour-blind players read the screen as well as anyone.
"""

from __future__ import annotations

from typing import Any

Color = tuple[int, int, int]

#: the designed size; larger windows scale up from it
BASE_SIZE = (800, 480)

SEA = (12, 40, 70)
SKY = (58, 78, 100)
PANEL = (22, 28, 36)
PANEL_EDGE = (64, 76, 92)
HULL = (78, 88, 98)
HULL_EDGE = (168, 178, 186)
SECTION = (214, 206, 184)
SECTION_OUTSIDE = (188, 198, 206)
SECTION_DROP = (246, 226, 140)
SECTION_LABEL = (52, 48, 40)
TRAY = (40, 48, 58)
TEXT = (232, 234, 236)
TEXT_DIM = (150, 160, 172)
TEXT_DARK = (20, 22, 26)
ACCENT = (236, 180, 64)
WARNING = (244, 122, 96)
BUTTON = (48, 58, 72)
BUTTON_ACTIVE = (236, 180, 64)
BRASS = (196, 160, 84)
BRASS_DARK = (120, 92, 40)
DIAL_FACE = (238, 232, 214)
ANSWER = (190, 40, 40)
OUTLINE = (16, 16, 18)
SELECTED = (255, 236, 90)

#: sailor figures: role colour as in the rulebook, a letter so colour is not the only cue
ROLE_COLORS: dict[str, Color] = {
    "captain": (246, 246, 242),
    "officer": (52, 110, 228),
    "navigator": (52, 168, 74),
    "engineer": (140, 88, 44),
}
ROLE_LETTERS: dict[str, str] = {"captain": "C", "officer": "O", "navigator": "N", "engineer": "E"}
ROLE_LETTER_COLORS: dict[str, Color] = {
    "captain": (20, 20, 20),
    "officer": (255, 255, 255),
    "navigator": (10, 30, 10),
    "engineer": (255, 255, 255),
}
UNKNOWN_ROLE: Color = (200, 200, 200)


class Fonts:
    """pygame's built-in font (no font search at start-up), cached per pixel size."""

    def __init__(self, scale: float = 1.0) -> None:
        self.scale = scale
        self._cache: dict[int, Any] = {}

    def get(self, size: int) -> Any:
        """The font for a design size (at 800x480), scaled to the window."""
        return self.exact(round(size * self.scale))

    def exact(self, pixels: int) -> Any:
        """The font at `pixels` whatever the scale (figure letters sized from the figure)."""
        import pygame

        pixels = max(8, pixels)
        font = self._cache.get(pixels)
        if font is None:
            if not pygame.font.get_init():
                pygame.font.init()
            font = self._cache[pixels] = pygame.font.Font(None, pixels)
        return font

    def rescale(self, scale: float) -> None:
        if abs(scale - self.scale) > 1e-6:
            self.scale = scale
            self._cache.clear()
