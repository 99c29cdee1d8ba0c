"""The table's typeface, and a check that it draws every character of a text.

pygame's built-in font has Latin and Cyrillic metrics but draws some symbols as an empty box (an
arrow "→" came out as "▯"). Kaleun ships DejaVu Sans (regular and bold, `assets/fonts/`, with its
licence): every letter of English, German and Russian and the symbols the screens use. A machine
whose package lost the files falls back to the system's DejaVu Sans (Raspberry Pi OS and Debian
`fonts-dejavu-core`), then to pygame's own font with a warning.

`missing_glyphs(text, font)` renders each character and compares it with the font's "missing
glyph" box: a font's metrics say nothing about whether a glyph is really there.
"""

from __future__ import annotations

import logging
import unicodedata
from pathlib import Path
from typing import Any

log = logging.getLogger(__name__)

#: the shipped typeface (regular, bold)
FONT_DIR = Path(__file__).resolve().parent / "assets" / "fonts"
FILES = {False: "DejaVuSans.ttf", True: "DejaVuSans-Bold.ttf"}
#: where Debian and Raspberry Pi OS keep DejaVu Sans (fonts-dejavu-core)
SYSTEM_DIRS = (Path("/usr/share/fonts/truetype/dejavu"),)
#: symbols the screens and the feed use besides letters and digits
SYMBOLS = "°→←↑↓·–—…×±%№«»„“”‘’§"
#: an unassigned code point: every font draws it as its "missing glyph"
_NO_GLYPH = "\u0378"

_cache: dict[tuple[int, bool], Any] = {}


def font_path(bold: bool = False) -> Path | None:
    """The file of the table's typeface: the shipped copy, else the system's; None if neither exists."""
    for folder in (FONT_DIR, *SYSTEM_DIRS):
        path = folder / FILES[bold]
        if path.is_file():
            return path
    return None


def font(size: int, bold: bool = False) -> Any:
    """A pygame font of the table's typeface, `size` pixels high (cached; pygame.font is started
    if needed)."""
    import pygame

    if not pygame.font.get_init():
        pygame.font.init()
        _cache.clear()
    key = (int(size), bool(bold))
    found = _cache.get(key)
    if found is None:
        path = font_path(bold)
        if path is not None:
            found = pygame.font.Font(str(path), key[0])
        else:
            log.warning("DejaVu Sans is missing (reinstall kaleun or install fonts-dejavu-core): "
                        "some characters will show as boxes")
            found = pygame.font.Font(None, round(key[0] * 1.35))  # the default font runs small
            found.set_bold(bold)
        _cache[key] = found
    return found


def _drawn(face: Any, char: str) -> tuple[tuple[int, int], bytes]:
    import pygame

    surface = face.render(char, False, (255, 255, 255), (0, 0, 0))
    return surface.get_size(), pygame.image.tobytes(surface, "RGB")


def missing_glyphs(text: str, face: Any) -> list[str]:
    """The characters of `text` that `face` (a pygame font) cannot draw, each once, in text order:
    drawn as the font's missing-glyph box, or not drawn at all. Spaces and control characters
    need no glyph."""
    box = _drawn(face, _NO_GLYPH)
    out: list[str] = []
    for char in dict.fromkeys(text):
        if char.isspace() or unicodedata.category(char) in ("Cc", "Cf", "Zs", "Zl", "Zp"):
            continue
        size, pixels = _drawn(face, char)
        if (size, pixels) == box or not any(pixels):
            out.append(char)
    return out
