"""The identification sheet (`kaleun idsheet`): every ship class's silhouette on one A4 page.

Rulebook §8.2 "visual identification": the crew identifies a ship's class on the identification
sheet to know its tonnage. The sheet is generated from the data: the classes of ships.toml (at sea
in a given year, or all of them), their silhouettes from silhouettes.toml drawn to one common
scale, class name, type, GRT, top speed, length, draught and year in service. Merchants and small vessels
come first, largest tonnage first; then the escorts.

`layout_sheet` is geometry (which classes, where, at what scale; given the sheet's language, each
card is made as wide as its text in that language needs, measured with the sheet's fonts, so no
line is cut short); `render_sheet` draws it with pygame on an off-screen Surface; `write_sheet`
saves it as PNG (with its resolution recorded, so it prints at A4).
"""

from __future__ import annotations

import errno
import io
import logging
import math
import os
import struct
import zlib
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from kaleun.core.messages import Msg, Translate, TranslatePlural, join
from kaleun.files import why_unread
from kaleun.fonts import FILES as FONT_FILES
from kaleun.fonts import FONT_DIR as SHIPPED_FONTS
from kaleun.i18n import language as table_language
from kaleun.uboot.sea.classes import ShipClass, ship_classes
from kaleun.uboot.sea.silhouettes import SilhouetteError, silhouette

log = logging.getLogger(__name__)

A4_MM = (210.0, 297.0)
MM_PER_INCH = 25.4
DPI = 200
MARGIN_MM = 12.0
#: the years a mission can be set in (the war at sea)
FIRST_YEAR, LAST_YEAR = 1939, 1945
#: common scales tried, largest first (1:N); the sheet takes the largest at which everything fits
SCALES = (600, 700, 750, 800, 900, 1000, 1100, 1200, 1250, 1300, 1400, 1500, 1600, 1750, 2000, 2250, 2500, 3000,
          4000, 5000)
#: a card is never narrower than this, so its text has room beside a small silhouette
MIN_CARD_MM = 46.0
GAP_MM = 6.0
ROW_GAP_MM = 5.0
MAX_EXTRA_GAP_MM = 8.0    # spare room on the page widens the row gaps by at most this
TEXT_BLOCK_MM = 17.0        # four lines of text under each silhouette
SILHOUETTE_PAD_MM = 2.0     # between the masthead and the row above
TITLE_MM = 22.0
SECTION_HEAD_MM = 10.0
FOOTER_MM = 22.0
BAR_MM = 70.0              # the scale bar is at most this long

FONT_DIR = SHIPPED_FONTS  # DejaVu Sans as kaleun ships it (kaleun.fonts)

INK = (18, 18, 20)
GREY = (96, 100, 108)
RULE = (150, 156, 164)
WATER = (120, 160, 196)
PAPER = (255, 255, 255)

TYPE_NAMES = {"merchant": Msg.term("merchant"), "small": Msg.term("small vessel"), "escort": Msg.term("escort")}


@dataclass(frozen=True)
class Card:
    """One class on the sheet: its box in pixels and where its waterline's midpoint is drawn."""

    class_id: str
    x: int
    y: int
    w: int
    h: int
    waterline: tuple[float, float]


@dataclass(frozen=True)
class Section:
    title: Msg
    y: int
    cards: tuple[Card, ...]


@dataclass(frozen=True)
class SheetLayout:
    size: tuple[int, int]
    dpi: int
    scale: int                  # the common scale is 1:scale on A4
    year: int | None
    sections: tuple[Section, ...]
    footer_y: int

    @property
    def px_per_m(self) -> float:
        return px_per_m(self.scale, self.dpi)

    @property
    def class_ids(self) -> list[str]:
        """Every class on the sheet, in the order it appears."""
        return [c.class_id for s in self.sections for c in s.cards]

    def px(self, mm: float) -> int:
        return round(mm * self.dpi / MM_PER_INCH)


def px_per_m(scale: int, dpi: int) -> float:
    """Pixels for one metre of ship at 1:scale printed at dpi (1 m = 1000/scale mm on paper)."""
    return 1000.0 / scale * dpi / MM_PER_INCH


def sheet_classes(year: int | None) -> tuple[list[ShipClass], list[ShipClass]]:
    """(merchants and small vessels by GRT, largest first; escorts, longest first) at sea in `year`."""
    classes = [c for c in ship_classes().values() if year is None or c.from_year <= year]
    trade = sorted((c for c in classes if c.type != "escort"), key=lambda c: (-c.grt, c.name))
    escorts = sorted((c for c in classes if c.type == "escort"), key=lambda c: (-c.length_m, c.name))
    return trade, escorts


def _flow(classes: list[ShipClass], x0: int, width: int, y: int, ppm: float, mm: float,
          row_gap_mm: float, text_px: Callable[[ShipClass], int]) -> tuple[list[Card], int]:
    """Cards left to right, wrapping to a new row when the next does not fit; (cards, y after). A card is as
    wide as its silhouette, its text (`text_px`) and `MIN_CARD_MM`, whichever is widest."""
    cards: list[Card] = []
    row: list[tuple[ShipClass, int, float]] = []   # class, card width, silhouette height px

    def close_row(y: int) -> int:
        if not row:
            return y
        band = max(h for _, _, h in row) + SILHOUETTE_PAD_MM * mm
        x = x0
        for cls, w, _ in row:
            sil_w = cls.length_m * ppm
            cards.append(Card(cls.id, x, y, w, round(band + TEXT_BLOCK_MM * mm),
                              (x + sil_w / 2, y + band)))
            x += w + round(GAP_MM * mm)
        row.clear()
        return y + round(band + (TEXT_BLOCK_MM + row_gap_mm) * mm)

    used = 0
    for cls in classes:
        sil = silhouette(cls.id)
        w = min(width, max(math.ceil(sil.length_m * ppm), round(MIN_CARD_MM * mm), text_px(cls)))
        needed = w if not row else used + round(GAP_MM * mm) + w
        if row and needed > width:
            y = close_row(y)
            needed = w
        row.append((cls, w, sil.height_m * ppm))
        used = needed
    return cards, close_row(y)


def layout_sheet(year: int | None = None, dpi: int = DPI, language: str | None = None,
                 font_dir: Path | None = None) -> SheetLayout:
    """Where every class of `year` (all classes without one) goes on an A4 page at `dpi`.

    Tries the common scales from the largest down and keeps the first at which the page holds
    every class. With a `language` each card is as wide as its lines in that language need (a German
    "Korvette der Flower-Klasse" or a Russian "длина 91 м" is never cut off); without one the
    layout is pure geometry and the cards are as wide as their silhouettes and `MIN_CARD_MM`.
    """
    mm = dpi / MM_PER_INCH
    fonts = _Fonts(dpi, FONT_DIR if font_dir is None else font_dir)

    def text_px(cls: ShipClass) -> int:
        return 0 if language is None else card_text_px(cls, language, fonts)
    size = (round(A4_MM[0] * mm), round(A4_MM[1] * mm))
    trade, escorts = sheet_classes(year)
    x0, width = round(MARGIN_MM * mm), size[0] - 2 * round(MARGIN_MM * mm)
    bottom = size[1] - round((MARGIN_MM + FOOTER_MM) * mm)
    groups = [(Msg("Merchants and small vessels, largest tonnage first"), trade), (Msg("Escorts"), escorts)]

    def place(scale: int, row_gap_mm: float) -> tuple[SheetLayout, int]:
        ppm = px_per_m(scale, dpi)
        y = round((MARGIN_MM + TITLE_MM) * mm)
        sections = []
        for title, group in groups:
            if group:
                cards, after = _flow(group, x0, width, y + round(SECTION_HEAD_MM * mm), ppm, mm, row_gap_mm,
                                     text_px)
                sections.append(Section(title, y, tuple(cards)))
                y = after
        return SheetLayout(size, dpi, scale, year, tuple(sections), bottom), y

    for scale in SCALES:
        layout, end = place(scale, ROW_GAP_MM)
        if end <= bottom:
            break
    # what room is left spreads the rows a little
    rows = len({(s.title.template, c.y) for s in layout.sections for c in s.cards})
    if rows and end < bottom:
        spare = (bottom - end) / mm / rows
        layout, _ = place(layout.scale, ROW_GAP_MM + min(spare * 0.8, MAX_EXTRA_GAP_MM))
    return layout


# ---- drawing ---------------------------------------------------------------------------------
def translator(language: str) -> tuple[Translate | None, TranslatePlural | None]:
    """gettext functions for `language` from kaleun/locale (English, the templates, without)."""
    if language == "en":
        return None, None
    chosen = table_language(language)
    return chosen.text, chosen.plural


class _Fonts:
    """DejaVu Sans as kaleun ships it (kaleun.fonts), pygame's own font when the folder lacks it."""

    def __init__(self, dpi: int, font_dir: Path = FONT_DIR) -> None:
        self.dpi = dpi
        self.font_dir = font_dir
        self.cache: dict[tuple[float, bool], Any] = {}

    def get(self, points: float, bold: bool = False) -> Any:
        import pygame

        key = (points, bold)
        if key not in self.cache:
            pixels = max(6, round(points / 72 * self.dpi))
            path = self.font_dir / FONT_FILES[bold]
            if path.is_file():
                font = pygame.font.Font(str(path), pixels)
            else:
                font = pygame.font.Font(None, round(pixels * 1.35))   # the default font runs small
                font.set_bold(bold)
            self.cache[key] = font
        return self.cache[key]


def card_lines(cls: ShipClass) -> list[tuple[Msg, bool]]:
    """The text under a silhouette: (line, bold)."""
    kind = TYPE_NAMES.get(cls.type, Msg.term(cls.type))
    if cls.grt > 0:
        second = Msg("{grt:,} GRT · {type}", grt=cls.grt, type=kind)
    else:
        second = Msg("{type} (a warship, no GRT)", type=kind)
    service = (Msg("in service by {year}", year=cls.from_year) if cls.from_year <= FIRST_YEAR
               else Msg("in service from {year}", year=cls.from_year))
    return [
        (Msg.term(cls.name), True),
        (second, cls.grt > 0),
        (Msg("{speed:g} kn top speed · {length:g} m long", speed=cls.speed_kn, length=cls.length_m), False),
        # the draught: what a torpedo's depth setting is made against (HQ's advice in the torpedo crisis: "set 3 m
        # or more less than the target's draught")
        (join([Msg("{draught:g} m draught", draught=cls.draft_m), service], " · "), False),
    ]


def _line_font(fonts: _Fonts, index: int, bold: bool) -> Any:
    """The font of a card's line: the class name larger, the rest small."""
    return fonts.get(9.5 if index == 0 else 8, bold)


def card_text_px(cls: ShipClass, language: str, fonts: _Fonts | None = None) -> int:
    """How wide a class's card must be, in pixels, for its widest line in `language` (the sheet's fonts at its
    resolution: `fonts`, else DejaVu Sans at `DPI`)."""
    import pygame

    if not pygame.font.get_init():
        pygame.font.init()
    fonts = fonts or _Fonts(DPI)
    render = table_language(language).render
    return max(_line_font(fonts, i, bold).size(render(line))[0] for i, (line, bold) in enumerate(card_lines(cls)))


def render_sheet(layout: SheetLayout, language: str = "en", font_dir: Path = FONT_DIR) -> Any:
    """Draw the sheet on a new pygame Surface (no display needed)."""
    import pygame

    from kaleun.ui.silhouette_draw import draw_silhouette

    if not pygame.font.get_init():
        pygame.font.init()
    chosen = table_language(language)

    def text(msg: Msg) -> str:
        return chosen.render(msg)

    fonts = _Fonts(layout.dpi, font_dir)
    surface = pygame.Surface(layout.size)
    surface.fill(PAPER)
    px = layout.px
    left, right = px(MARGIN_MM), layout.size[0] - px(MARGIN_MM)

    # title
    y = px(MARGIN_MM)
    title = fonts.get(20, bold=True).render(text(Msg("Ship identification sheet")), True, INK)
    surface.blit(title, (left, y))
    sub = (Msg("Ship classes at sea in {year}", year=layout.year) if layout.year is not None
           else Msg("All ship classes, {first} to {last}", first=FIRST_YEAR, last=LAST_YEAR))
    sub_img = fonts.get(11).render(text(sub), True, GREY)
    surface.blit(sub_img, (right - sub_img.get_width(), y + title.get_height() - sub_img.get_height() - px(0.8)))
    y += title.get_height() + px(1.5)
    intro = Msg("Identify a ship by her profile: her class gives her gross register tonnage (GRT).")
    surface.blit(fonts.get(9).render(text(intro), True, INK), (left, y))
    pygame.draw.line(surface, INK, (left, px(MARGIN_MM + TITLE_MM - 3)), (right, px(MARGIN_MM + TITLE_MM - 3)),
                     max(1, px(0.35)))

    # sections and cards
    ppm = layout.px_per_m
    for section in layout.sections:
        head = fonts.get(11, bold=True).render(text(section.title), True, INK)
        surface.blit(head, (left, section.y))
        rule_y = section.y + head.get_height() + px(0.6)
        pygame.draw.line(surface, RULE, (left, rule_y), (right, rule_y), max(1, px(0.2)))
        for card in section.cards:
            _draw_card(surface, card, ship_classes()[card.class_id], ppm, fonts, text, px, draw_silhouette)

    _draw_footer(surface, layout, fonts, text)
    return surface


def _draw_card(surface: Any, card: Card, cls: ShipClass, ppm: float, fonts: _Fonts, text: Any, px: Any,
               draw_silhouette: Any) -> None:
    import pygame

    from kaleun.ui.widgets import fit

    cx, cy = card.waterline
    sil_w = cls.length_m * ppm
    sea_x0, sea_x1 = round(cx - sil_w / 2 - px(2)), round(cx + sil_w / 2 + px(2))
    pygame.draw.line(surface, WATER, (max(card.x, sea_x0), round(cy)), (min(card.x + card.w, sea_x1), round(cy)),
                     max(1, px(0.3)))
    draw_silhouette(surface, silhouette(cls.id), (cx, cy), ppm, INK)
    y = round(cy) + px(1.6)
    for i, (line, bold) in enumerate(card_lines(cls)):
        font = _line_font(fonts, i, bold)
        words = fit(font, text(line), card.w)  # the layout made the card wide enough: a guard only
        img = font.render(words, True, INK if i < 2 else GREY)
        surface.blit(img, (card.x, y))
        y += img.get_height() + (px(0.4) if i == 0 else 0)


def _nice_bar(ppm: float, max_px: float) -> tuple[int, int]:
    """(length in metres, segments) of the longest round scale bar shorter than max_px."""
    for metres, parts in ((200, 4), (150, 3), (100, 4), (75, 3), (50, 5), (25, 5), (20, 4), (10, 5)):
        if metres * ppm <= max_px:
            return metres, parts
    return 10, 5


def _draw_footer(surface: Any, layout: SheetLayout, fonts: _Fonts, text: Any) -> None:
    import pygame

    from kaleun.ui.widgets import fit

    px = layout.px
    left, right = px(MARGIN_MM), layout.size[0] - px(MARGIN_MM)
    y = layout.footer_y + px(3)
    pygame.draw.line(surface, INK, (left, y), (right, y), max(1, px(0.35)))
    ppm = layout.px_per_m
    metres, parts = _nice_bar(ppm, px(BAR_MM))
    small = fonts.get(7.5)
    bar_y, bar_h = y + px(7), px(1.6)
    seg = metres / parts * ppm
    for i in range(parts):
        rect = pygame.Rect(round(left + i * seg), bar_y, round(left + (i + 1) * seg) - round(left + i * seg), bar_h)
        pygame.draw.rect(surface, INK if i % 2 == 0 else PAPER, rect)
        pygame.draw.rect(surface, INK, rect, max(1, px(0.15)))
    for i in range(parts + 1):
        label = f"{round(i * metres / parts):d}"
        if i == parts:
            label = text(Msg("{metres} m", metres=label))
        img = small.render(label, True, INK)
        surface.blit(img, (round(left + i * seg - (img.get_width() / 2 if i < parts else px(1))),
                           bar_y - img.get_height() - px(0.5)))
    note_x = left + px(BAR_MM + 8)
    notes = [
        Msg("Every silhouette is drawn to one scale: 1:{scale:,} when printed on A4.", scale=layout.scale),
        Msg("Stylised profiles drawn from each class's general arrangement."),
        Msg("Kaleun, table controller for U-BOOT: The Board Game."),
    ]
    ny = y + px(3)
    for i, note in enumerate(notes):
        font = fonts.get(7.5)
        img = font.render(fit(font, text(note), right - note_x), True, INK if i == 0 else GREY)
        surface.blit(img, (note_x, ny))
        ny += img.get_height() + px(0.3)


# ---- files -----------------------------------------------------------------------------------
def png_bytes(surface: Any, dpi: int) -> bytes:
    """The surface as PNG, with a pHYs chunk so printing programs know its resolution."""
    import pygame

    buffer = io.BytesIO()
    pygame.image.save(surface, buffer, "sheet.png")
    png = buffer.getvalue()
    per_metre = round(dpi / MM_PER_INCH * 1000)
    body = struct.pack(">IIB", per_metre, per_metre, 1)
    chunk = struct.pack(">I", len(body)) + b"pHYs" + body + struct.pack(">I", zlib.crc32(b"pHYs" + body))
    ihdr_end = 8 + 8 + 13 + 4    # signature, IHDR length+type, IHDR data, CRC
    return png[:ihdr_end] + chunk + png[ihdr_end:]


def write_sheet(out: Path, year: int | None = None, language: str = "en", dpi: int = DPI) -> SheetLayout:
    """Lay out, draw and save the sheet as PNG, atomically: a write that fails (a full disk) leaves the sheet
    that was there. Raises OSError (a folder that is not there is not made)."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    layout = layout_sheet(year, dpi, language)
    surface = render_sheet(layout, language)
    data = png_bytes(surface, dpi)
    if not out.parent.is_dir():
        raise FileNotFoundError(errno.ENOENT, os.strerror(errno.ENOENT), str(out.parent))
    from kaleun.saves import write_atomic

    write_atomic(out, data, mode=0o666)
    return layout


def run_command(out: str | None, year: int | None, language: str) -> int:
    """`kaleun idsheet`: 0 when written, 2 for bad arguments, 1 when the file cannot be written. What it says
    is in the sheet's `language` (the silhouettes' file problems keep their `file:line:` and English words)."""
    import sys

    from kaleun.i18n import language as of_language

    say = of_language(language).render
    if year is not None and not FIRST_YEAR <= year <= LAST_YEAR:
        print(say(Msg("kaleun idsheet: --year must be a year of the war at sea, {first} to {last}, got {year}",
                      first=str(FIRST_YEAR), last=str(LAST_YEAR), year=str(year))), file=sys.stderr)
        return 2
    path = Path(out) if out else Path(f"idsheet-{year}.png" if year else "idsheet.png")
    if path.suffix.lower() != ".png":
        print(say(Msg("kaleun idsheet: --out must end in .png, got {name}", name=path.name)), file=sys.stderr)
        return 2
    from kaleun.files import not_a_file_to_write

    if (what := not_a_file_to_write(path)) is not None:  # the sheet would replace a device or a named pipe
        print(say(Msg("kaleun idsheet: cannot write {path}: {why}", path=str(path), why=what)), file=sys.stderr)
        return 1
    try:
        layout = write_sheet(path, year, language)
    except SilhouetteError as exc:
        print(say(Msg("kaleun idsheet: the silhouettes cannot be drawn:\n{problems}", problems=str(exc))),
              file=sys.stderr)
        return 2
    except OSError as exc:
        print(say(Msg("kaleun idsheet: cannot write {path}: {why}", path=str(path), why=why_unread(exc))),
              file=sys.stderr)
        return 1
    print(say(Msg("wrote {path}: A4 at {dpi} dpi, {classes} ship classes, scale 1:{scale:,}", path=str(path),
                  dpi=str(layout.dpi), classes=str(len(layout.class_ids)), scale=layout.scale)))
    return 0
