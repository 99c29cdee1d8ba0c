"""Text on the Captain Sonar team screen that always shows whole.

A label gets a box; it is drawn at its size if it fits on one line, else a size smaller (never
below `theme.MIN_TEXT`, readable from 1 m on the 7" screen), else on two lines (broken at spaces
and after hyphens), else squeezed sideways to no less than `NARROWEST` of its width (the letters
keep their height). Only a text that fits none of these is cut with an ellipsis, and `cut` records
it (whole text -> what was shown): the screen tests render every state in every language and
require `cut` to stay empty. With a `glyph_check` (tests) every character the font cannot draw is
recorded in `missing`.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import pygame
from pygame import Rect

from kaleun.core.messages import Msg
from kaleun.ui import theme
from kaleun.ui.theme import Color
from kaleun.ui.widgets import NARROWEST, GlyphCheck, fit, split_wide

Text = Msg | str
#: where a line may break: after spaces, and after a hyphen inside a word ("Szenario-" "System")
_PIECES = re.compile(r"\S+?-(?=\S)|\S+")


def pieces(words: str) -> list[str]:
    return _PIECES.findall(words)


def join(parts: list[str]) -> str:
    out = ""
    for part in parts:
        out += part if not out or out.endswith("-") else " " + part
    return out


def break_lines(font: Any, words: str, width: int) -> list[str]:
    """`words` in lines no wider than `width` where it can break; a piece wider than that stays whole."""
    rows: list[str] = []
    row: list[str] = []
    for part in pieces(words):
        if row and font.size(join([*row, part]))[0] > width:
            rows.append(join(row))
            row = []
        row.append(part)
    if row:
        rows.append(join(row))
    return rows


class Labels:
    """Draws text in the table's language, whole; records what it had to cut."""

    def __init__(self, fonts: theme.Fonts, render: Callable[[Text], str]) -> None:
        self.fonts = fonts
        self.render = render
        self.glyph_check: GlyphCheck | None = None
        #: texts shortened with an ellipsis (whole text -> what was shown)
        self.cut: dict[str, str] = {}
        #: characters the font lacks (with a glyph check): character -> the text it was in
        self.missing: dict[str, str] = {}

    def font(self, size: int, bold: bool = False) -> Any:
        return self.fonts.get(size, bold)

    def _check(self, font: Any, words: str) -> None:
        if self.glyph_check is not None and words:
            for char in self.glyph_check(font, words):
                self.missing.setdefault(char, words)

    def _blit(self, surface: Any, font: Any, words: str, colour: Color, pos: tuple[int, int], anchor: str,
              width: int | None = None) -> Rect:
        self._check(font, words)
        image = font.render(words, True, colour)
        if width is not None and image.get_width() > width:
            image = pygame.transform.smoothscale(image, (max(1, width), image.get_height()))
        rect = image.get_rect(**{anchor: pos})
        surface.blit(image, rect)
        return rect

    def _shortened(self, font: Any, words: str, width: int, record: bool) -> str:
        shown = fit(font, words, max(1, int(width / NARROWEST)), "…")
        if record and shown != words:
            self.cut.setdefault(words, shown)
        return shown

    # -- one line ---------------------------------------------------------------------------
    def line(self, surface: Any, text: Text, pos: tuple[int, int], colour: Color = theme.TEXT,
             size: int = theme.TEXT_SIZE, anchor: str = "topleft", width: int | None = None, bold: bool = False,
             record: bool = True) -> Rect:
        """One line of text; with `width` it shrinks (to MIN_TEXT), then squeezes, then is cut (recorded,
        unless `record` is False: a preview whose whole text shows elsewhere)."""
        words = self.render(text)
        font = self.font(size, bold)
        if width is not None:
            for smaller in range(size, theme.MIN_TEXT - 1, -1):
                font = self.font(smaller, bold)
                if font.size(words)[0] <= width:
                    break
            if font.size(words)[0] > width:
                words = self._shortened(font, words, width, record)
                return self._blit(surface, font, words, colour, pos, anchor, width)
        return self._blit(surface, font, words, colour, pos, anchor)

    # -- a label in a box -------------------------------------------------------------------
    def layout(self, text: Text, width: int, height: int, size: int = theme.TEXT_SIZE, lines: int = 2,
               bold: bool = False) -> tuple[Any, list[str]] | None:
        """The font and rows that show `text` whole in width x height, or None."""
        words = self.render(text)
        for smaller in range(size, theme.MIN_TEXT - 1, -1):
            font = self.font(smaller, bold)
            if font.size(words)[0] <= width and font.get_linesize() <= height:
                return font, [words]
        if lines >= 2:
            for smaller in range(size, theme.MIN_TEXT - 1, -1):
                font = self.font(smaller, bold)
                rows = break_lines(font, words, width)
                if (len(rows) <= lines and all(font.size(r)[0] <= width for r in rows)
                        and len(rows) * font.get_linesize() <= height):
                    return font, rows
        return None

    def label(self, surface: Any, rect: Rect, text: Text, colour: Color = theme.TEXT, size: int = theme.TEXT_SIZE,
              lines: int = 2, align: str = "center", bold: bool = False, pad: int = 4) -> None:
        """`text` whole inside `rect` (centred, or `align="left"`), on up to `lines` lines."""
        inner = rect.inflate(-2 * pad, -2)
        found = self.layout(text, inner.width, inner.height, size, lines, bold)
        squeeze: int | None = None
        if found is None:
            font = self.font(theme.MIN_TEXT, bold)
            words = self.render(text)
            if font.size(words)[0] * NARROWEST > inner.width:
                words = self._shortened(font, words, inner.width, True)
            found, squeeze = (font, [words]), inner.width
        font, rows = found
        step = font.get_linesize()
        top = inner.centery - step * len(rows) // 2
        for i, row in enumerate(rows):
            y = top + i * step + step // 2
            if align == "left":
                self._blit(surface, font, row, colour, (inner.x, y), "midleft", squeeze)
            else:
                self._blit(surface, font, row, colour, (inner.centerx, y), "center", squeeze)

    def fits(self, text: Text, width: int, height: int, size: int = theme.TEXT_SIZE, lines: int = 2) -> bool:
        return self.layout(text, width, height, size, lines) is not None

    # -- paragraphs -------------------------------------------------------------------------
    def paragraph(self, surface: Any, text: Text, rect: Rect, colour: Color = theme.TEXT,
                  size: int = theme.MIN_TEXT, record: bool = True) -> int:
        """Wrapped text from the top of `rect`; a text longer than the box ends with an ellipsis (recorded
        unless `record` is False). Returns the y below the last line."""
        font = self.font(size)
        words = self.render(text)
        rows = self.rows(words, size, rect.width)
        step = font.get_linesize()
        room = max(1, rect.height // step)
        if len(rows) > room:
            rest = " ".join(rows[room - 1:])
            rows = [*rows[:room - 1], self._shortened(font, rest, rect.width, False)]
            if record:
                self.cut.setdefault(words, " ".join(rows))
        y = rect.y
        for row in rows:
            self._blit(surface, font, row, colour, (rect.x, y), "topleft", rect.width)
            y += step
        return y

    def rows(self, words: str, size: int, width: int) -> list[str]:
        """`words` broken into lines of `width` (a piece wider than a line is split where it must)."""
        font = self.font(size)
        return [piece for row in break_lines(font, words, width) for piece in split_wide(font, row, width)]
