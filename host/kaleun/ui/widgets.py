"""Small drawing pieces: text with an anchor, wrapped text, buttons; and the `Canvas` the
window's screens draw on (text in the table's language, touch targets, scaled sizes)."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import pygame
from pygame import Rect

from kaleun.core.messages import Msg
from kaleun.ui import theme
from kaleun.ui.theme import Color
from kaleun.ui.touch import Action, Targets

Text = Msg | str


def blit_text(surface: Any, font: Any, text: str, color: Color, pos: tuple[int, int],
              anchor: str = "topleft") -> Rect:
    """Draw `text` with its `anchor` point (a pygame.Rect attribute name) at `pos`."""
    image = font.render(text, True, color)
    rect = image.get_rect(**{anchor: pos})
    surface.blit(image, rect)
    return rect


def split_wide(font: Any, word: str, width: int) -> list[str]:
    """`word` cut into pieces no wider than `width` where it must (the last piece may be shorter)."""
    pieces: list[str] = []
    while font.size(word)[0] > width and len(word) > 1:
        cut = len(word)
        while cut > 1 and font.size(word[:cut])[0] > width:
            cut -= 1
        pieces.append(word[:cut])
        word = word[cut:]
    return [*pieces, word]


#: where a line may break: at a space, never at a no-break space (the Russian thousands sign: "10 000 БРТ")
BREAKS = re.compile(r"[ \t\r\n]+")
#: the longest word taken for a unit that stays with the figure before it ("104 s", "2,195 m", "7,5 уз.")
UNIT_LETTERS = 3


def words_of(text: str) -> list[str]:
    """The words of `text` for breaking it into lines: a short unit after a figure ("run 104 s",
    "range 2,195 m", "fuel 91 %") stays with its figure, so no line starts with a lone "s", "m" or "%"; a number
    written with a no-break space ("10 000") is one word."""
    out: list[str] = []
    for word in BREAKS.split(text):
        if not word:
            continue
        unit = word.rstrip(".,;:)")
        if out and out[-1][-1].isdigit() and (unit.isalpha() or unit == "%") and len(unit) <= UNIT_LETTERS:
            out[-1] = f"{out[-1]} {word}"
        else:
            out.append(word)
    return out


def wrap(font: Any, text: str, width: int) -> list[str]:
    """Break `text` into lines no wider than `width` (a word longer than that is cut); a unit stays
    with its figure (`words_of`)."""
    lines: list[str] = []
    line = ""
    for word in words_of(text):
        candidate = f"{line} {word}" if line else word
        if font.size(candidate)[0] <= width:
            line = candidate
            continue
        if line:
            lines.append(line)
        *whole, line = split_wide(font, word, width)
        lines += whole
    if line:
        lines.append(line)
    return lines


def fit(font: Any, text: str, width: int, ellipsis: str = "...") -> str:
    """`text`, shortened with an ellipsis if it is wider than `width`."""
    if font.size(text)[0] <= width:
        return text
    while text and font.size(text + ellipsis)[0] > width:
        text = text[:-1]
    return text + ellipsis


def draw_button(surface: Any, rect: Rect, fonts: theme.Fonts, label: str, note: str = "",
                active: bool = False, pressed: bool = False, radius: int = 4) -> None:
    """A touch button. The active one is filled and framed, not only coloured."""
    fill = theme.BUTTON_ACTIVE if active else theme.BUTTON
    if pressed:
        fill = tuple(max(0, c - 40) for c in fill)  # type: ignore[assignment]
    pygame.draw.rect(surface, fill, rect, border_radius=radius)
    edge = theme.TEXT if active else theme.PANEL_EDGE
    pygame.draw.rect(surface, edge, rect, 3 if active else 1, border_radius=radius)
    color = theme.TEXT_DARK if active else theme.TEXT
    if note:
        blit_text(surface, fonts.get(19), label, color, (rect.centerx, rect.centery + 1), "midbottom")
        blit_text(surface, fonts.get(15), note, color, (rect.centerx, rect.centery + 2), "midtop")
    else:
        blit_text(surface, fonts.get(19), label, color, rect.center, "center")


#: how far a label too wide for its place is squeezed sideways before an ellipsis cuts it (0.8: to
#: four fifths of its width; the letters keep their height, so it stays readable from 1 m)
NARROWEST = 0.8


class TextCache:
    """Rendered text surfaces, reused across frames (rendering glyphs is most of a frame's work).

    Bounded by the memory its images take, not only by their number: the ship's clock alone makes a new
    text every second, and a window left running kept 3000 of them (80 MB at 800x480, 350 MB at
    1920x1080) before it threw everything away at once. The texts used least recently go first, one at a
    time, so the clock's past seconds leave and the screens' words stay."""

    LIMIT = 3000
    #: the bytes of images kept at 800x480 (every screen and sheet drawn once takes about 10 MB); a larger
    #: window keeps as much more as its area is larger (`Window` sets `budget`)
    BUDGET = 16 * 2**20

    def __init__(self, budget: int = BUDGET) -> None:
        self.budget = budget
        #: ("text", font, text, colour) or ("narrow", font, text, colour, width) -> image, oldest use first
        self._images: dict[tuple[Any, ...], Any] = {}
        self.bytes = 0

    def _get(self, key: tuple[Any, ...]) -> Any:
        image = self._images.pop(key, None)
        if image is not None:
            self._images[key] = image  # used now: the last to go
        return image

    def _keep(self, key: tuple[Any, ...], image: Any) -> Any:
        self._images[key] = image
        self.bytes += _image_bytes(image)
        while len(self._images) > 1 and (self.bytes > self.budget or len(self._images) > self.LIMIT):
            self.bytes -= _image_bytes(self._images.pop(next(iter(self._images))))
        return image

    def render(self, font: Any, text: str, color: Color) -> Any:
        key = ("text", font, text, color)  # the font itself: a freed font's id may be taken by another
        image = self._get(key)
        if image is None:
            image = self._keep(key, font.render(text, True, color))
        return image

    def narrowed(self, font: Any, text: str, color: Color, width: int) -> Any:
        """`text` squeezed sideways to `width` (its letters keep their height), remembered."""
        key = ("narrow", font, text, color, width)
        image = self._get(key)
        if image is None:
            wide = self.render(font, text, color)
            image = self._keep(key, pygame.transform.smoothscale(wide, (width, wide.get_height())))
        return image

    def clear(self) -> None:
        self._images.clear()
        self.bytes = 0


def _image_bytes(image: Any) -> int:
    return int(image.get_bytesize()) * int(image.get_width()) * int(image.get_height())


#: (font, text) -> characters the font cannot draw
GlyphCheck = Callable[[Any, str], list[str]]


class Canvas:
    """Where a screen draws: the surface, the layout's scale, fonts, the table's language and the
    touch targets of this frame. Positions are pixels of the surface; `rect()` turns design
    coordinates (800x480) into them, `size()` scales a length that keeps its proportions."""

    def __init__(self, surface: Any, layout: Any, fonts: theme.Fonts, render: Callable[[Text | None], str],
                 targets: Targets, cache: TextCache | None = None, glyph_check: GlyphCheck | None = None) -> None:
        self.surface = surface
        self.layout = layout
        self.fonts = fonts
        self.tr = render
        self.targets = targets
        self.cache = cache if cache is not None else TextCache()
        self.glyph_check = glyph_check
        #: characters drawn that the font lacks (only with a glyph check)
        self.missing: dict[str, str] = {}
        #: texts too wide for their place, shortened with an ellipsis: whole text -> what was shown
        self.cut: dict[str, str] = {}

    # -- geometry ------------------------------------------------------------------------------------
    def rect(self, x: float, y: float, w: float, h: float) -> Rect:
        return self.layout.rect(x, y, w, h)

    def size(self, pixels: float) -> int:
        return self.layout.size(pixels)

    def font(self, size: int = theme.TEXT_SIZE, bold: bool = False) -> Any:
        return self.fonts.get(size, bold)

    # -- text ----------------------------------------------------------------------------------------
    def image(self, text: Text | None, size: int = theme.TEXT_SIZE, color: Color = theme.TEXT,
              bold: bool = False, width: int | None = None) -> Any:
        font = self.font(size, bold)
        words = self.tr(text)
        narrow = 0
        if width is not None and font.size(words)[0] > width:
            # a label a little too wide is squeezed (down to NARROWEST of its width) before it is cut
            whole, words = words, fit(font, words, max(1, int(width / NARROWEST)), "…")
            if words != whole and len(self.cut) < TextCache.LIMIT:
                self.cut.setdefault(whole, words)
            if font.size(words)[0] > width:
                narrow = max(1, width)
        if self.glyph_check is not None and words:
            for char in self.glyph_check(font, words):
                self.missing.setdefault(char, words)
        if narrow:
            return self.cache.narrowed(font, words, color, narrow)
        return self.cache.render(font, words, color)

    def text(self, text: Text | None, pos: tuple[int, int], size: int = theme.TEXT_SIZE,
             color: Color = theme.TEXT, anchor: str = "topleft", bold: bool = False,
             width: int | None = None) -> Rect:
        """Draw a line of text (a `Msg` in the table's language); `width` shortens it with an ellipsis."""
        image = self.image(text, size, color, bold, width)
        rect = image.get_rect(**{anchor: pos})
        self.surface.blit(image, rect)
        return rect

    def lines(self, text: Text | None, size: int, width: int) -> list[str]:
        return wrap(self.font(size), self.tr(text), max(1, width))

    def paragraph(self, text: Text | None, rect: Rect, size: int = theme.TEXT_SIZE, color: Color = theme.TEXT,
                  bold: bool = False) -> int:
        """Wrapped text inside `rect` (the last line that fits ends with an ellipsis). Returns the y below it."""
        font = self.font(size, bold)
        height = font.get_linesize()
        whole = self.tr(text)
        rows = wrap(font, whole, max(1, rect.w))
        room = max(1, rect.h // height)
        if len(rows) > room:
            rows = [*rows[:room - 1], fit(font, " ".join(rows[room - 1:]), rect.w, "…")]
            if len(self.cut) < TextCache.LIMIT:
                self.cut.setdefault(whole, " ".join(rows))
        y = rect.y
        for row in rows:
            self.text(row, (rect.x, y), size, color, bold=bold)
            y += height
        return y

    def rows(self, text: Text | None, size: int, width: int, rows: int = 2, bold: bool = False) -> list[str]:
        """`text` broken at its spaces into at most `rows` lines for `width` (a line a little too wide
        is squeezed when drawn with `text(..., width=width)`, as one line is); a text that cannot be
        shown whole so comes back as one line, which `text()` then cuts and reports."""
        font = self.font(size, bold)
        words = self.tr(text)
        longest = max((font.size(word)[0] for word in words_of(words)), default=0)
        lines = wrap(font, words, max(1, width))
        if len(lines) > rows or longest > width:
            lines = wrap(font, words, max(1, int(width / NARROWEST)))
        if len(lines) > rows or longest > width / NARROWEST:
            lines = [words]
        return lines

    def text_width(self, text: Text | None, size: int = theme.TEXT_SIZE, bold: bool = False) -> int:
        return int(self.font(size, bold).size(self.tr(text))[0])

    # -- pieces --------------------------------------------------------------------------------------
    def panel(self, rect: Rect, title: Text | None = None, fill: Color = theme.PANEL) -> int:
        """A framed panel; returns the y where its content starts."""
        pygame.draw.rect(self.surface, fill, rect, border_radius=self.size(4))
        pygame.draw.rect(self.surface, theme.PANEL_EDGE, rect, 1, border_radius=self.size(4))
        if title is None:
            return rect.y + self.size(4)
        r = self.text(title, (rect.x + self.size(8), rect.y + self.size(3)), theme.MIN_TEXT, theme.TEXT_DIM,
                      bold=True, width=rect.w - self.size(16))
        return r.bottom + self.size(2)

    def button(self, id: str, rect: Rect, label: Text | None, action: Action | None, *, active: bool = False,
               enabled: bool = True, why_not: Msg | str | None = None, icon: Callable[[Any, Rect, Color],
                                                                                      None] | None = None,
               note: Text | None = None, size: int = theme.TEXT_SIZE, tone: Color | None = None,
               kind: str = "button") -> Rect:
        """A touch button, registered as a target. The active one is filled *and* framed; a disabled
        one is greyed and its touch tells `why_not`."""
        radius = self.size(6)
        fill = tone if tone is not None else theme.BUTTON_ACTIVE if active else theme.BUTTON
        if not enabled:
            fill = theme.BUTTON_DISABLED
        pygame.draw.rect(self.surface, fill, rect, border_radius=radius)
        edge = theme.TEXT if active else theme.PANEL_EDGE
        pygame.draw.rect(self.surface, edge, rect, self.size(3) if active else 1, border_radius=radius)
        dark = (active or tone is not None) and enabled and sum(fill) > 380
        color = theme.TEXT_DARK if dark else theme.TEXT if enabled else theme.TEXT_DIM
        inner = rect.inflate(-self.size(8), -self.size(4))
        if icon is not None:
            side = min(inner.h if label is None else min(inner.h, self.size(26)), inner.w)
            box = Rect(0, 0, side, side)
            if label is None:
                box.center = inner.center
            else:
                box.midleft = inner.midleft
                inner = Rect(box.right + self.size(4), inner.y, inner.right - box.right - self.size(4), inner.h)
            icon(self.surface, box, color)
        if label is not None:
            if note is not None:
                self.text(label, (inner.centerx, inner.centery + self.size(1)), size, color, "midbottom",
                          bold=active, width=inner.w)
                self.text(note, (inner.centerx, inner.centery + self.size(1)), theme.MIN_TEXT, color, "midtop",
                          width=inner.w)
            else:
                self._label(label, inner, size, color, active)
        if enabled or why_not:
            self.targets.add(id, rect, action if enabled else None, kind, None if enabled else why_not)
        return rect

    def _label(self, label: Text, inner: Rect, size: int, color: Color, bold: bool) -> None:
        """A button's words: one line (squeezed a little if needed), else two lines when the button
        is tall enough, so "Возвращение на базу" shows whole instead of cut."""
        font = self.font(size, bold)
        words = self.tr(label)
        if font.size(words)[0] * NARROWEST > inner.w:
            small = self.font(theme.MIN_TEXT, bold)
            rows = wrap(small, words, max(1, int(inner.w / NARROWEST)))
            height = small.get_linesize()
            if len(rows) == 1:  # the smallest readable size takes it on one line
                size = theme.MIN_TEXT
            elif 2 * height <= inner.h + self.size(4):
                if len(rows) > 2:
                    rows = [rows[0], " ".join(rows[1:])]
                top = inner.centery - height
                for i, row in enumerate(rows):
                    self.text(row, (inner.centerx, top + i * height), theme.MIN_TEXT, color, "midtop", bold=bold,
                              width=inner.w)
                return
        self.text(words, inner.center, size, color, "center", bold=bold, width=inner.w)

    def bar(self, rect: Rect, fraction: float, color: Color, back: Color = theme.BUTTON) -> None:
        pygame.draw.rect(self.surface, back, rect)
        filled = Rect(rect.x, rect.y, round(rect.w * max(0.0, min(1.0, fraction))), rect.h)
        pygame.draw.rect(self.surface, color, filled)
        pygame.draw.rect(self.surface, theme.PANEL_EDGE, rect, 1)
