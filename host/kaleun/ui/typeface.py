"""The window's typeface: a TrueType font with every glyph the three languages need.

DejaVu Sans (Debian's fonts-dejavu-core, on Raspberry Pi OS) covers Latin, German and Cyrillic
and the signs the feed uses (→, ×, °, ·). `kaleun.fonts`, where it exists, names the font the
whole program uses; otherwise DejaVu Sans from the system's font folder; otherwise pygame's own
font (Latin only: the window then says so in the log once).

`missing_glyphs(font, text)` lists the characters of `text` a pygame font cannot draw (it would
show a box): the screen tests render every screen through it in every language.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Any

log = logging.getLogger(__name__)

#: where Debian and Raspberry Pi OS keep DejaVu
FONT_DIRS = (Path("/usr/share/fonts/truetype/dejavu"), Path("/usr/share/fonts/dejavu"))
FILES = {False: "DejaVuSans.ttf", True: "DejaVuSans-Bold.ttf"}
#: a code point no font draws (a private-use plane's last): its picture is the font's "missing" box
NOTDEF = "\U0010fffd"


def _program_font(bold: bool) -> str | None:
    """The font `kaleun.fonts` names for the program, if that module is there."""
    try:
        from kaleun import fonts  # type: ignore[attr-defined]
    except ImportError:
        return None
    for name in ("ui_font", "font_path", "path"):
        chooser: Callable[..., Any] | None = getattr(fonts, name, None)
        if callable(chooser):
            try:
                found = chooser(bold=bold)
            except TypeError:
                found = chooser()
            if found:
                return str(found)
    return None


@cache
def face(bold: bool = False) -> str | None:
    """Path of the window's font (bold or regular), or None for pygame's own font."""
    chosen = _program_font(bold)
    if chosen is not None:
        return chosen
    for folder in FONT_DIRS:
        path = folder / FILES[bold]
        if path.is_file():
            return str(path)
    if not bold:
        log.warning("DejaVu Sans is not installed (apt install fonts-dejavu-core): German umlauts are fine, "
                    "but Cyrillic and some signs will show as boxes")
    return None


_notdef: dict[int, bytes] = {}
_known: dict[tuple[int, str], bool] = {}


def _picture(font: Any, char: str) -> bytes:
    import pygame

    image = font.render(char, False, (255, 255, 255), (0, 0, 0))
    return bytes(pygame.image.tobytes(image, "RGB")) + repr(image.get_size()).encode()


def has_glyph(font: Any, char: str) -> bool:
    """Can `font` draw `char`? (Spaces and control characters count as drawable.)"""
    if char.isspace() or ord(char) < 32:
        return True
    key = (id(font), char)
    known = _known.get(key)
    if known is None:
        metrics = font.metrics(char)
        if not metrics or metrics[0] is None:
            known = False
        else:
            box = _notdef.get(id(font))
            if box is None:
                box = _notdef[id(font)] = _picture(font, NOTDEF)
            known = _picture(font, char) != box
        _known[key] = known
    return known


def missing_glyphs(font: Any, text: str) -> list[str]:
    """The characters of `text` that `font` would draw as a box, in order, each once."""
    out: list[str] = []
    for char in text:
        if char not in out and not has_glyph(font, char):
            out.append(char)
    return out
