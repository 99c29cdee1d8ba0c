"""Colours, figure looks, sizes and fonts of the window.

Every state that colour shows is also shown another way (a shape, a letter, a pattern, an icon,
a frame or a word), so crews with colour-blind players read the screen as well as anyone.

Sizes are design pixels at 800x480, the official 7" touch screen (its picture is 154.2 mm wide:
5.19 pixels a millimetre). A larger window scales everything up.
"""

from __future__ import annotations

from typing import Any

Color = tuple[int, int, int]

#: the designed size; larger windows scale up from it
BASE_SIZE = (800, 480)
#: pixels per millimetre on the 7" touch screen (800 px over 154.2 mm)
PX_PER_MM = 800 / 154.2
#: the smallest touch target, design pixels: 9 mm on the 7" screen (a fingertip)
MIN_TARGET = 47
#: the smallest text, design pixels (DejaVu Sans at 18 px has capitals 13 px = 2.5 mm tall on the
#: 7" screen: 8.7 minutes of arc from 1 m, 1.7 times the 20/20 line of a sight chart)
MIN_TEXT = 18
#: the usual text size (capitals 2.8 mm tall)
TEXT_SIZE = 20

SEA = (12, 40, 70)
SEA_DEEP = (8, 26, 48)
SKY = (58, 78, 100)
PANEL = (22, 28, 36)
PANEL_DARK = (14, 18, 24)
PANEL_EDGE = (64, 76, 92)
HULL = (78, 88, 98)
HULL_EDGE = (168, 178, 186)
SECTION = (214, 206, 184)
SECTION_OUTSIDE = (188, 198, 206)
SECTION_DROP = (246, 226, 140)
SECTION_LABEL = (52, 48, 40)
TRAY = (40, 48, 58)
TEXT = (232, 234, 236)
TEXT_DIM = (160, 170, 182)
TEXT_DARK = (20, 22, 26)
ACCENT = (236, 180, 64)
WARNING = (244, 122, 96)
GOOD = (110, 200, 120)
BUTTON = (48, 58, 72)
BUTTON_ACTIVE = (236, 180, 64)
BUTTON_DISABLED = (36, 42, 52)
BRASS = (196, 160, 84)
BRASS_DARK = (120, 92, 40)
DIAL_FACE = (238, 232, 214)
ANSWER = (190, 40, 40)
OUTLINE = (16, 16, 18)
SELECTED = (255, 236, 90)
GRID = (44, 70, 96)
GRID_BRIGHT = (80, 116, 150)
OWN_BOAT = (250, 250, 250)

#: the alarms: each its own colour (and icon and sound: kaleun.ui.alarms)
ALARM_COLORS: dict[str, Color] = {
    "contact": (240, 196, 40),
    "aircraft": (80, 200, 255),
    "gunfire": (236, 70, 170),
    "depth_charges": (170, 120, 255),
    "breach": (235, 40, 40),
    "fire": (255, 120, 20),
}

#: the conditions of a section: colour (and a pattern and an icon: kaleun.ui.damage_view)
CONDITION_COLORS: dict[str, Color] = {
    "fire": (255, 110, 20),
    "electrical_fault": (150, 200, 255),
    "toxic_gas": (170, 220, 60),
    "leak": (60, 140, 255),
    "light_failure": (40, 40, 40),
}
FLOODED = (20, 60, 150)
#: technical conditions by colour (the rulebook's green, yellow, red cards) and severity
SEVERITY_COLORS: dict[str, Color] = {"green": (90, 190, 100), "yellow": (235, 200, 60), "red": (230, 70, 60)}

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
    """Fonts cached per pixel size. Without a `face` pygame's built-in font (no font search at
    start-up: the Captain Sonar screens); with one, that TrueType file (and `bold` beside it)."""

    def __init__(self, scale: float = 1.0, face: str | None = None, bold: str | None = None) -> None:
        self.scale = scale
        self.face = face
        self.bold_face = bold or face
        self._cache: dict[tuple[int, bool], Any] = {}
        #: every design size asked for since the last `sizes.clear()` (tests check the smallest)
        self.sizes: set[int] = set()

    def get(self, size: int, bold: bool = False) -> Any:
        """The font for a design size (at 800x480), scaled to the window."""
        self.sizes.add(size)
        return self.exact(round(size * self.scale), bold)

    def exact(self, pixels: int, bold: bool = False) -> Any:
        """The font at `pixels` whatever the scale (figure letters sized from the figure)."""
        import pygame

        pixels = max(8, pixels)
        key = (pixels, bold)
        font = self._cache.get(key)
        if font is None:
            if not pygame.font.get_init():
                pygame.font.init()
            path = self.bold_face if bold else self.face
            font = pygame.font.Font(path, pixels)
            if bold and path == self.face and path is not None:
                font.set_bold(True)
            self._cache[key] = font
        return font

    def rescale(self, scale: float) -> None:
        if abs(scale - self.scale) > 1e-6:
            self.scale = scale
            self._cache.clear()
