"""The window's typeface: the program's (`kaleun.fonts`: DejaVu Sans, shipped), which has every
glyph the three languages need and the signs the feed uses (→, ×, °, ·); pygame's own font only
when no DejaVu can be found (`kaleun.fonts` says so in the log).

`missing_glyphs(font, text)` lists the characters of `text` a pygame font cannot draw (it would
show a box), remembering each answer per font: the screen tests render every screen through it
in every language.
"""

from __future__ import annotations

import weakref
from functools import cache
from typing import Any

from kaleun import fonts


@cache
def face(bold: bool = False) -> str | None:
    """Path of the window's font (bold or regular), or None for pygame's own font."""
    path = fonts.font_path(bold)
    return None if path is None else str(path)


#: per font (kept only while the font lives: a new font may take a freed one's id), char -> drawable
_known: weakref.WeakKeyDictionary[Any, dict[str, bool]] = weakref.WeakKeyDictionary()


def has_glyph(font: Any, char: str) -> bool:
    """Can `font` draw `char`? (Spaces and control characters count as drawable.)"""
    chars = _known.get(font)
    if chars is None:
        chars = _known[font] = {}
    known = chars.get(char)
    if known is None:
        known = chars[char] = not fonts.missing_glyphs(char, font)
    return known


def missing_glyphs(font: Any, text: str) -> list[str]:
    """The characters of `text` that `font` would draw as a box, in order, each once."""
    return [char for char in dict.fromkeys(text) if not has_glyph(font, char)]
