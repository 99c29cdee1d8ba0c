"""The boat drawn from the side: 8 sections, the 16 figures on them, the tray of lifted figures,
and what the crew engine knows of each section (conditions, flooding, a breach counting down,
injured and dead sailors).

Sections widen for a crowd, so every figure stays big enough to grab with a finger (47 px on the
7" screen): the hull sections hold two rows of figures under a label of two lines (a crowd: three
rows under one line, where its name fits), deck and bridge two rows under one line. Each
section's name shows whole: the label wraps onto its second line, a section is made wide enough
for its name where the figures leave room, and where even that is not enough the section's short
name (`SECTION_SHORT`) stands in for the long one. Each condition is
drawn with its colour *and* its pattern *and* its icon: fire diagonal flames, an electrical fault
zigzags, toxic gas dots, a leak falling drops, a light failure darkness; a flooded section is
deep blue with waves and says so; a breach has a red frame and its countdown in words.
"""

from __future__ import annotations

import math
import weakref
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

import pygame
from pygame import Rect

from kaleun.core.messages import Msg
from kaleun.ui import icons, theme
from kaleun.ui.layout import Layout, figure_cells
from kaleun.ui.theme import MIN_TARGET, Fonts
from kaleun.ui.widgets import NARROWEST, Canvas, blit_text

#: short section names that fit the 800x480 screen (rulebook §3: the boat's sections)
SECTION_NAMES: dict[int, Msg] = {
    1: Msg("Bow room"), 2: Msg("Officers"), 3: Msg("Control"), 4: Msg("Crew"), 5: Msg("Diesels"),
    6: Msg("E-motors"), 7: Msg("Deck"), 8: Msg("Bridge"),
}
#: the labels for a section too narrow for "1 Bow room": the number and a short name
SECTION_SHORT: dict[int, Msg] = {
    1: Msg("{n} Bow", n=1), 2: Msg("{n} Officers", n=2), 3: Msg("{n} Control", n=3), 4: Msg("{n} Crew", n=4),
    5: Msg("{n} Diesels", n=5), 6: Msg("{n} E-motors", n=6),
}
TRAY_LABEL = Msg("Lifted off the model")
#: condition -> icon (the colour is theme.CONDITION_COLORS)
CONDITION_ICONS: dict[str, str] = {"fire": "fire", "electrical_fault": "lightning", "toxic_gas": "gas",
                                   "leak": "drop", "light_failure": "bulb_off"}
CONDITION_WORDS: dict[str, Msg] = {"fire": Msg("Fire"), "electrical_fault": Msg("Electrical fault"),
                                   "toxic_gas": Msg("Toxic gas"), "leak": Msg("Leak"),
                                   "light_failure": Msg("Light failure")}

Places = dict[str, tuple[tuple[int, int], int]]

# design coordinates of the boat screen (inside the content area, y 52..384)
TOP_Y, TOP_H = 53, 116
HULL_Y, HULL_H = 170, 165
TRAY_Y, TRAY_H = 336, 48
HULL_LEFT, HULL_RIGHT = 22, 778
LABEL_H = 19
#: label lines of a hull section (two: "3 Central" over "post"); deck and bridge have one
HULL_LABEL_ROWS = 2
#: the strip at a hull section's foot kept free of figures for a breach's countdown or "Flooded"
FOOT_H = 32


@dataclass(frozen=True)
class Sailor:
    """What the boat drawing shows of the sailor behind a figure."""

    chips: int
    injured: bool
    dead: bool
    task: str | None


@dataclass(frozen=True)
class Breach:
    section: int
    left_s: int
    crewed: bool
    failed: bool


@dataclass(frozen=True)
class BoatView:
    figures: tuple[tuple[str, int | None], ...]
    surfaced: bool
    conditions: tuple[tuple[int, str], ...] = ()
    flooded: tuple[int, ...] = ()
    breaches: tuple[Breach, ...] = ()
    sailors: tuple[tuple[str, Sailor], ...] = ()
    lamps: tuple[Any, ...] = ()
    selected: str | None = None
    drag_figure: str | None = None
    drop: int | str | None = None
    #: (section, colour) of the technical failures waiting for repair there: the worst one a section
    #: (its colour: kaleun.ui.theme.SEVERITY_COLORS)
    failures: tuple[tuple[int, str], ...] = ()


def read_boat(game: Any, figures: tuple[tuple[str, int | None], ...], surfaced: bool, lamps: tuple[Any, ...] = (),
              selected: str | None = None, drag_figure: str | None = None, drop: int | str | None = None) -> BoatView:
    """The boat drawing's snapshot: figures and what the crew engine says about each section."""
    if not game.has_module("crew"):
        return BoatView(figures, surfaced, lamps=lamps, selected=selected, drag_figure=drag_figure, drop=drop)
    crew = game.module("crew").status()
    conditions = tuple(sorted((int(c["section"]), str(c["condition"])) for c in crew.get("conditions", [])))
    now = game.t
    breaches = tuple(Breach(int(s), max(0, math.ceil(float(b["deadline"]) - now)), bool(b.get("crewed")),
                            b.get("result") == "failed") for s, b in sorted(crew.get("breaches", {}).items()))
    waiting = {i["figure"] for i in crew.get("health", {}).get("injuries_waiting", [])}
    sailors = tuple((f, Sailor(len(s["chips"]), bool(s["ailments"]) or f in waiting, bool(s["dead"]),
                               (s["task"] or {}).get("kind") if isinstance(s["task"], Mapping) else None))
                    for f, s in crew["sailors"].items())
    return BoatView(figures, surfaced, conditions, tuple(sorted(int(s) for s in crew.get("flooded", []))), breaches,
                    sailors, lamps, selected, drag_figure, drop, failures=read_failures(game))


#: the colours of technical damage from the least to the worst
FAILURE_COLOURS = ("green", "yellow", "red")


def read_failures(game: Any) -> tuple[tuple[int, str], ...]:
    """Each section's worst technical failure waiting for its repair (rulebook §10.3.1), by colour."""
    if not game.has_module("technical"):
        return ()
    worst: dict[int, str] = {}
    for job in game.module("technical").status().get("jobs", []):
        section, colour = job.get("section"), str(job.get("colour"))
        if not isinstance(section, int) or colour not in FAILURE_COLOURS:
            continue
        if FAILURE_COLOURS.index(colour) >= FAILURE_COLOURS.index(worst.get(section, "green")):
            worst[section] = colour
    return tuple(sorted(worst.items()))


# -- where things are --------------------------------------------------------------------------------
@dataclass(frozen=True)
class BoatPlan:
    """The boat screen's geometry for one distribution of the figures."""

    sections: dict[int, Rect]
    tray: Rect
    tower: Rect
    controls: Rect
    hull: tuple[tuple[int, int], ...]
    waterline: int
    #: lines of each section's label (a hull section crowded with figures gives its name one line
    #: and its figures three rows)
    label_rows: dict[int, int] = field(default_factory=dict)
    #: hull sections whose foot shows a breach's countdown or "Flooded" (no figure stands there)
    footed: frozenset[int] = frozenset()

    def rows(self, number: int) -> int:
        return self.label_rows.get(number, label_rows(number))

    def section_at(self, pos: tuple[int, int]) -> int | None:
        for number, rect in self.sections.items():
            if rect.collidepoint(pos):
                return number
        return None

    def drop_target(self, pos: tuple[int, int]) -> int | str | None:
        """Section number, "tray", or None under `pos`."""
        section = self.section_at(pos)
        if section is not None:
            return section
        if self.tray.collidepoint(pos):
            return "tray"
        return None


def _widths(needs: list[int], room: float, gap: float, labels: list[tuple[float, ...]] | None = None
            ) -> list[float]:
    """Widths for boxes needing `needs` figure columns each, filling `room` (design px).

    `labels` gives each box the widths its label needs, best first (the long name, then the short
    one): each box gets the width of its shortest label where the figures leave room, the cheapest
    first, and then of the longer ones where there is room for them. Labels never take width from
    the figures."""
    base: list[float] = [n * MIN_TARGET + 8.0 for n in needs]
    room_left = room - gap * (len(needs) - 1)
    if labels is not None:
        chosen = list(base)
        for pick in (min, lambda label: label[0]):  # the short names first, then the long ones; cheapest first
            wanted = [max(b, pick(label)) for b, label in zip(base, labels, strict=True)]
            for i in sorted(range(len(base)), key=lambda i: wanted[i] - chosen[i]):
                cost = wanted[i] - chosen[i]
                if cost > 0 and sum(chosen) + cost <= room_left:
                    chosen[i] += cost
        base = chosen
    free = room_left - sum(base)
    if free >= 0:
        return [b + free / len(needs) for b in base]
    factor = room_left / sum(base)
    return [b * factor for b in base]


def boat_plan(layout: Layout, figures: tuple[tuple[str, int | None], ...],
              labels: dict[int, dict[int, tuple[float, ...]]] | None = None,
              footed: frozenset[int] = frozenset()) -> BoatPlan:
    """The sections' places for this distribution of the figures; `labels`: for each hull section
    and number of label lines, the widths (design px) its labels need, best first (`label_widths`);
    `footed`: the hull sections that show a breach's countdown or "Flooded" at their foot, kept
    clear of figures (`FOOT_H`).

    A hull section's label has two lines over two rows of figures, or one line over three rows
    where that makes the section narrower (a crowd whose name fits on one line)."""
    counts: dict[int | None, int] = {}
    for _, section in figures:
        counts[section] = counts.get(section, 0) + 1
    rows: dict[int, int] = {}
    needs: list[int] = []
    words: list[tuple[float, ...]] = []
    for number in range(1, 7):
        best: tuple[float, int, int, tuple[float, ...]] | None = None
        for lines in (HULL_LABEL_ROWS, 1):
            figure_rows = max(1, (HULL_H - lines * LABEL_H - 4 - (FOOT_H if number in footed else 0)) // MIN_TARGET)
            columns = max(1, math.ceil(counts.get(number, 0) / figure_rows))
            need = (0.0,) if labels is None else labels.get(number, {}).get(lines, (0.0,))
            width = max(columns * MIN_TARGET + 8.0, min(need))
            if best is None or width < best[0]:
                best = (width, lines, columns, need)
        assert best is not None
        rows[number], needs_, words_ = best[1], best[2], best[3]
        needs.append(needs_)
        words.append(words_)
    widths = _widths(needs, HULL_RIGHT - HULL_LEFT, 4, None if labels is None else words)
    sections: dict[int, Rect] = {}
    x = float(HULL_LEFT)
    for s, w in zip(range(1, 7), widths, strict=True):
        sections[s] = layout.rect(x, HULL_Y, w, HULL_H)
        x += w + 4
    rows_top = (TOP_H - LABEL_H - 4) // MIN_TARGET
    deck_w = float(max(2, math.ceil(counts.get(7, 0) / rows_top)) * MIN_TARGET + 8)
    bridge_w = float(max(3, math.ceil(counts.get(8, 0) / rows_top)) * MIN_TARGET + 8)
    deck_x = 48.0
    bridge_x = deck_x + deck_w + 40
    if bridge_x + bridge_w > 560:  # a crowd on deck and bridge: share what there is
        scale = (560 - 48 - 40) / (deck_w + bridge_w)
        deck_w, bridge_w = deck_w * scale, bridge_w * scale
        bridge_x = deck_x + deck_w + 40
    sections[7] = layout.rect(deck_x, TOP_Y, deck_w, TOP_H)
    sections[8] = layout.rect(bridge_x, TOP_Y, bridge_w, TOP_H)
    tower = layout.rect(bridge_x - 10, TOP_Y - 2, bridge_w + 20, HULL_Y - TOP_Y + 8)
    controls = layout.rect(bridge_x + bridge_w + 16, TOP_Y, 796 - bridge_x - bridge_w - 16, TOP_H)
    mid = HULL_Y + HULL_H / 2
    hull = tuple(layout.point(x, y) for x, y in (
        (2, mid), (HULL_LEFT - 2, HULL_Y - 4), (HULL_RIGHT + 2, HULL_Y - 4), (798, mid - 30), (798, mid + 30),
        (HULL_RIGHT + 2, HULL_Y + HULL_H + 2), (HULL_LEFT - 2, HULL_Y + HULL_H + 2)))
    return BoatPlan(sections, layout.rect(4, TRAY_Y, 792, TRAY_H), tower, controls, hull,
                    layout.point(0, HULL_Y + HULL_H * 0.45)[1], rows, frozenset(footed))


def label_rows(number: int) -> int:
    """Lines of a section's label: two in the hull, one on deck and bridge."""
    return HULL_LABEL_ROWS if number <= 6 else 1


def figure_area(layout: Layout, rect: Rect, rows: int = 1, foot: bool = False) -> Rect:
    """The part of a section below its label (of `rows` lines), where figures stand (above its foot's
    countdown or "Flooded" when `foot`)."""
    label = layout.size(LABEL_H * rows)
    pad = layout.size(2)
    below = layout.size(FOOT_H) if foot else pad
    return Rect(rect.x + pad, rect.y + label, rect.w - 2 * pad, rect.h - label - below)


def tray_area(layout: Layout, tray: Rect) -> Rect:
    return tray.inflate(-layout.size(4), -layout.size(1))


def figure_places(layout: Layout, plan: BoatPlan, figures: tuple[tuple[str, int | None], ...]) -> Places:
    """Centre and cell size of every figure: in its section, or in the tray when lifted."""
    groups: dict[int | None, list[str]] = {}
    for figure, section in figures:
        groups.setdefault(section, []).append(figure)
    places: Places = {}
    for section, members in groups.items():
        area = (tray_area(layout, plan.tray) if section is None
                else figure_area(layout, plan.sections[section], plan.rows(section), section in plan.footed))
        cell, centres = figure_cells(area, len(members), layout.size(54))
        for figure, centre in zip(members, centres, strict=True):
            places[figure] = (centre, cell)
    return places


# -- the sections' labels -----------------------------------------------------------------------------
def section_labels(tr: Any, number: int) -> list[str]:
    """A section's label in the table's language, best first: "3 Control", then "3 Ctl"-like short."""
    out = [f"{number} {tr(SECTION_NAMES[number])}"]
    if number in SECTION_SHORT:
        out.append(tr(SECTION_SHORT[number]))
    return out


def label_lines(font: Any, text: str, first: int, width: int, rows: int) -> list[str] | None:
    """`text` broken at its spaces into at most `rows` lines, the first no wider than `first` (it
    shares its line with the condition icons; it may stay empty), the others no wider than `width`;
    None when the text does not fit whole."""
    lines: list[str] = []
    line = ""
    limit = first
    for word in text.split():
        candidate = f"{line} {word}" if line else word
        if font.size(candidate)[0] <= limit:
            line = candidate
            continue
        lines.append(line)
        limit = width
        if font.size(word)[0] > limit:
            return None
        line = word
    lines.append(line)
    return lines if len(lines) <= rows else None


def _icons_width(layout: Layout, icons_count: int) -> int:
    """Width the condition icons take on a label's first line (with the gap before them)."""
    s = layout.size
    return icons_count * (s(18) + s(2)) + (s(4) if icons_count else 0)


def section_icons(view: BoatView, number: int) -> int:
    """How many icons a section's label line carries (its conditions, a breach, a technical failure)."""
    return (sum(1 for sec, _ in view.conditions if sec == number)
            + sum(1 for b in view.breaches if b.section == number)
            + sum(1 for sec, _ in view.failures if sec == number))


#: per font (kept only while the font lives: a new font may take a freed one's id, and a width worked out for
#: another font's size cut the labels of a later window), (text, icons, rows) -> the width it needs
_needs: weakref.WeakKeyDictionary[Any, dict[tuple[str, int, int], int]] = weakref.WeakKeyDictionary()


def _label_need(font: Any, text: str, icons_w: int, rows: int) -> int:
    """The narrowest inner width (pixels) that shows `text` whole beside `icons_w` of icons."""
    known = _needs.get(font)
    if known is None:
        known = _needs[font] = {}
    key = (text, icons_w, rows)
    need = known.get(key)
    if need is None:
        low = max(font.size(word)[0] for word in text.split())
        high = max(low, font.size(text)[0] + icons_w)
        if label_lines(font, text, low - icons_w, low, rows) is not None:
            high = low
        while low < high:
            mid = (low + high) // 2
            if label_lines(font, text, mid - icons_w, mid, rows) is not None:
                high = mid
            else:
                low = mid + 1
        if len(known) > 2000:
            known.clear()
        need = known[key] = high
    return need


def label_widths(layout: Layout, fonts: Fonts, tr: Any, view: BoatView) -> dict[int, dict[int, tuple[float, ...]]]:
    """Hull section -> lines of its label -> the section widths (design px) its labels need on so
    many lines, best first, for `boat_plan`."""
    font = fonts.get(theme.MIN_TEXT, True)
    out: dict[int, dict[int, tuple[float, ...]]] = {}
    for number in range(1, 7):
        icons_w = _icons_width(layout, section_icons(view, number))
        out[number] = {lines: tuple((_label_need(font, text, icons_w, lines) + layout.size(8) + 2) / layout.sx
                                    for text in section_labels(tr, number))
                       for lines in (HULL_LABEL_ROWS, 1)}
    return out


def figure_at(places: Places, pos: tuple[int, int]) -> str | None:
    for figure, ((x, y), cell) in places.items():
        if abs(pos[0] - x) <= cell / 2 and abs(pos[1] - y) <= cell / 2:
            return figure
    return None


# -- drawing ----------------------------------------------------------------------------------
def shape_points(shape: str, centre: tuple[int, int], size: float) -> list[tuple[float, float]]:
    """Polygon of a figure's base (square, triangle, hexagon); circles are drawn as circles."""
    cx, cy = centre
    half = size / 2
    if shape == "triangle":
        return [(cx, cy - half), (cx + half, cy + half * 0.8), (cx - half, cy + half * 0.8)]
    if shape == "hexagon":
        return [(cx + half * math.cos(math.radians(a)), cy + half * math.sin(math.radians(a)))
                for a in range(-90, 270, 60)]
    side = half * 0.86
    return [(cx - side, cy - side), (cx + side, cy - side), (cx + side, cy + side), (cx - side, cy + side)]


def role_letter(c: Canvas, figure: str) -> str:
    """The letter on a figure: the first of its role's word in the table's language, as the figure is typed and
    named there (German M for `maschinist-quadrat`, Russian Ш for `штурман-квадрат`; English C, O, N, E)."""
    role = figure.partition("-")[0]
    word = c.tr(Msg.term(role)).strip()
    return word[:1].upper() if word else theme.ROLE_LETTERS.get(role, "?")


def draw_figure(surface: Any, fonts: Fonts, figure: str, centre: tuple[int, int], size: float,
                selected: bool = False, sailor: Sailor | None = None, letter: str | None = None) -> None:
    """One sailor figure: role colour and letter (`role_letter`: in the table's language; English without one),
    base shape, dark outline; a red cross badge for an injured sailor, grey with a black cross for a dead one, dots
    for his chips."""
    role, _, shape = figure.partition("-")
    dead = sailor is not None and sailor.dead
    fill = (110, 110, 110) if dead else theme.ROLE_COLORS.get(role, theme.UNKNOWN_ROLE)
    outline = max(1, round(size / 12))
    if selected:
        pygame.draw.circle(surface, theme.SELECTED, centre, round(size * 0.72))
        pygame.draw.circle(surface, theme.OUTLINE, centre, round(size * 0.72), max(1, outline))
    if shape == "circle":
        pygame.draw.circle(surface, fill, centre, round(size / 2))
        pygame.draw.circle(surface, theme.OUTLINE, centre, round(size / 2), outline)
    else:
        points = shape_points(shape, centre, size)
        pygame.draw.polygon(surface, fill, points)
        pygame.draw.polygon(surface, theme.OUTLINE, points, outline)
    letter = letter or theme.ROLE_LETTERS.get(role, "?")
    font = fonts.exact(max(8, round(size * (0.5 if shape == "triangle" else 0.62))), True)
    centre_y = centre[1] + (round(size * 0.16) if shape == "triangle" else 0)
    blit_text(surface, font, letter, theme.ROLE_LETTER_COLORS.get(role, theme.TEXT_DARK),
              (centre[0], centre_y + 1), "center")
    if sailor is None:
        return
    badge = max(6, round(size * 0.36))
    if dead:
        icons.x_mark(surface, Rect(centre[0] - size // 2, centre[1] - size // 2, size, size), theme.OUTLINE)
    elif sailor.injured:
        box = Rect(0, 0, badge, badge)
        box.center = (round(centre[0] + size * 0.42), round(centre[1] - size * 0.42))
        pygame.draw.rect(surface, (255, 255, 255), box.inflate(2, 2))
        icons.cross(surface, box, (210, 20, 20))
    if sailor.chips and not dead:
        r = max(2, round(size * 0.07))
        for i in range(min(3, sailor.chips)):
            x = round(centre[0] - size * 0.45 + i * (2.6 * r))
            y = round(centre[1] + size * 0.5)
            pygame.draw.circle(surface, (250, 220, 60), (x, y), r)
            pygame.draw.circle(surface, theme.OUTLINE, (x, y), r, 1)


def _mix(a: theme.Color, b: theme.Color, f: float) -> theme.Color:
    return (round(a[0] + (b[0] - a[0]) * f), round(a[1] + (b[1] - a[1]) * f), round(a[2] + (b[2] - a[2]) * f))


def draw_pattern(surface: Any, rect: Rect, condition: str, step: int) -> None:
    """A condition's pattern across a section (behind the figures), in its colour."""
    color = _mix(theme.SECTION, theme.CONDITION_COLORS[condition], 0.55)
    clip = surface.get_clip()
    surface.set_clip(rect.clip(clip))
    if condition == "fire":
        for x in range(rect.x - rect.h, rect.right, step):
            pygame.draw.line(surface, color, (x, rect.bottom), (x + rect.h, rect.y), max(2, step // 4))
    elif condition == "electrical_fault":
        for y in range(rect.y + step, rect.bottom, step * 2):
            pts = [(x, y + (step // 2 if (x // step) % 2 else -step // 2)) for x in range(rect.x, rect.right + step,
                                                                                          step)]
            pygame.draw.lines(surface, color, False, pts, max(2, step // 5))
    elif condition == "toxic_gas":
        for y in range(rect.y + step // 2, rect.bottom, step):
            for x in range(rect.x + (step // 2 if (y // step) % 2 else 0), rect.right, step):
                pygame.draw.circle(surface, color, (x, y), max(2, step // 5))
    elif condition == "leak":
        for x in range(rect.x + step // 2, rect.right, step):
            for y in range(rect.y + (x // step % 3) * step // 3, rect.bottom, step):
                pygame.draw.line(surface, color, (x, y), (x, y + step // 2), max(2, step // 5))
    elif condition == "light_failure":
        dark = pygame.Surface(rect.size, pygame.SRCALPHA)
        dark.fill((0, 0, 0, LIGHTS_OUT_ALPHA))
        surface.blit(dark, rect)
    surface.set_clip(clip)


#: how dark a section whose lights failed is drawn (alpha of black over it)
LIGHTS_OUT_ALPHA = 140


def _clock(seconds: int) -> str:
    return f"{seconds // 60}:{seconds % 60:02d}"


def draw_label(c: Canvas, number: int, rect: Rect, icons_w: int, color: theme.Color, rows: int) -> str | None:
    """A section's number and name, on as many lines as the section has for them; returns the label
    shown whole (None: it had to be cut, which `Canvas.cut` reports)."""
    s = c.size
    font = c.font(theme.MIN_TEXT, True)
    inner = rect.w - s(8)
    texts = section_labels(c.tr, number)
    for text in texts:
        lines = label_lines(font, text, inner - icons_w, inner, rows)
        if lines is not None:
            for i, line in enumerate(lines):
                if line:
                    c.text(line, (rect.x + s(4), rect.y + s(1) + i * s(LABEL_H)), theme.MIN_TEXT, color, bold=True)
            return text
    # one line, squeezed a little if that is enough to show it whole, else cut (and reported)
    room = max(s(14), inner - icons_w)
    c.text(texts[-1], (rect.x + s(4), rect.y + s(1)), theme.MIN_TEXT, color, bold=True, width=room)
    return texts[-1] if font.size(texts[-1])[0] * NARROWEST <= room else None


def draw_section(c: Canvas, number: int, rect: Rect, view: BoatView, drop: bool, compact: bool = False,
                 rows: int | None = None) -> str | None:
    """One section with its conditions, flooding and breach (its label on `rows` lines); returns the
    label shown whole."""
    s = c.size
    surface = c.surface
    flooded = number in view.flooded
    fill = theme.SECTION if number <= 6 else theme.SECTION_OUTSIDE
    if flooded:
        fill = theme.FLOODED
    if drop:
        fill = theme.SECTION_DROP
    pygame.draw.rect(surface, fill, rect, border_radius=s(4))
    conditions = [cond for sec, cond in view.conditions if sec == number]
    if not drop and not flooded:
        for cond in conditions:
            draw_pattern(surface, rect.inflate(-s(2), -s(2)), cond, s(14))
    if flooded:
        for i in range(3):
            y = rect.y + rect.h * (0.35 + 0.22 * i)
            pts = [(rect.x + rect.w * k / 10, y + s(4) * math.sin(k * math.pi / 2)) for k in range(11)]
            pygame.draw.lines(surface, (90, 150, 240), False, pts, s(2))
    breach = next((b for b in view.breaches if b.section == number), None)
    edge_color, edge = theme.PANEL_EDGE, 1
    if breach is not None:
        edge_color, edge = theme.ALARM_COLORS["breach"], s(4)
    if drop:
        edge_color, edge = theme.OUTLINE, s(3)
    pygame.draw.rect(surface, edge_color, rect, edge, border_radius=s(4))
    # a flooded or dark section (its lights failed) has its name in light letters, readable on it
    dark = "light_failure" in conditions and not drop
    label_color = (235, 235, 250) if flooded or dark else theme.SECTION_LABEL
    icon_side = s(18)
    shown: str | None = str(number)
    if compact:
        c.text(str(number), (rect.x + s(4), rect.y + s(1)), theme.MIN_TEXT, label_color, bold=True)
    else:
        shown = draw_label(c, number, rect, _icons_width(c.layout, section_icons(view, number)),
                           label_color, label_rows(number) if rows is None else rows)
    x = rect.right - s(3) - icon_side
    for cond in conditions:
        box = Rect(x, rect.y + s(2), icon_side, icon_side)
        pygame.draw.rect(surface, theme.OUTLINE, box.inflate(s(2), s(2)), border_radius=s(3))
        icons.ICONS[CONDITION_ICONS[cond]](surface, box, theme.CONDITION_COLORS[cond]
                                           if cond != "light_failure" else (230, 230, 230))
        x -= icon_side + s(2)
    if breach is not None:
        box = Rect(x, rect.y + s(2), icon_side, icon_side)
        pygame.draw.rect(surface, theme.OUTLINE, box.inflate(s(2), s(2)), border_radius=s(3))
        icons.breach(surface, box, theme.ALARM_COLORS["breach"])
        x -= icon_side + s(2)
    failure = next((colour for sec, colour in view.failures if sec == number), None)
    if failure is not None:  # a machine here waits for its repair: a wrench in its severity's colour
        box = Rect(x, rect.y + s(2), icon_side, icon_side)
        pygame.draw.rect(surface, theme.OUTLINE, box.inflate(s(2), s(2)), border_radius=s(3))
        icons.wrench(surface, box, theme.SEVERITY_COLORS[failure])
    if flooded:
        c.text(Msg("Flooded"), (rect.centerx, rect.bottom - s(4)), theme.MIN_TEXT, (235, 235, 250), "midbottom",
               bold=True, width=rect.w - s(4))
    elif breach is not None:
        words = Msg("Get out!") if breach.failed else _clock(breach.left_s)
        tag = c.image(words, 24 if not compact else theme.MIN_TEXT, (255, 255, 255), bold=True)
        box = tag.get_rect(midbottom=(rect.centerx, rect.bottom - s(3))).inflate(s(8), s(2))
        pygame.draw.rect(surface, theme.ALARM_COLORS["breach"], box, border_radius=s(4))
        surface.blit(tag, tag.get_rect(center=box.center))
    lamp = next((lamp for lamp in view.lamps if lamp.section == number), None)
    if lamp is not None and not compact:
        centre = (rect.x + s(8), rect.bottom - s(8))
        color = lamp.color if lamp.lit else theme.HULL
        pygame.draw.circle(surface, color, centre, s(6))
        pygame.draw.circle(surface, theme.OUTLINE, centre, s(6), 1)
    return shown


def draw_boat(c: Canvas, plan: BoatPlan, view: BoatView, places: Places, area: Rect) -> dict[int, str | None]:
    """The whole boat screen's drawing: sky and sea, hull and tower, sections, figures, tray.
    Returns each section's label as shown whole (None: cut)."""
    s = c.size
    surface = c.surface
    water = plan.waterline if view.surfaced else area.y
    surface.fill(theme.SKY, Rect(area.x, area.y, area.w, max(0, water - area.y)))
    surface.fill(theme.SEA, Rect(area.x, water, area.w, plan.tray.y - water - s(2)))
    if view.surfaced:
        pygame.draw.line(surface, theme.TEXT_DIM, (area.x, water), (area.right - 1, water), 1)
    pygame.draw.rect(surface, theme.HULL, plan.tower, border_radius=s(8))
    pygame.draw.rect(surface, theme.HULL_EDGE, plan.tower, s(2), border_radius=s(8))
    pygame.draw.polygon(surface, theme.HULL, plan.hull)
    pygame.draw.polygon(surface, theme.HULL_EDGE, plan.hull, s(2))
    deck = plan.sections[7]
    casing = Rect(plan.hull[1][0], deck.bottom, plan.hull[2][0] - plan.hull[1][0], plan.hull[1][1] - deck.bottom)
    pygame.draw.rect(surface, theme.HULL, casing)
    gun = (deck.centerx, deck.y + s(14))
    pygame.draw.line(surface, theme.HULL_EDGE, gun, (deck.x - s(30), deck.y + s(4)), s(5))
    labels = {number: draw_section(c, number, rect, view, view.drop == number, rows=plan.rows(number))
              for number, rect in plan.sections.items()}
    draw_tray(c, plan.tray, view.drop == "tray", any(section is None for _, section in view.figures))
    sailors = dict(view.sailors)
    for figure, (centre, cell) in places.items():
        if figure != view.drag_figure:
            draw_figure(surface, c.fonts, figure, centre, cell * 0.8, selected=figure == view.selected,
                        sailor=sailors.get(figure), letter=role_letter(c, figure))
    return labels


def draw_tray(c: Canvas, tray: Rect, target: bool, occupied: bool) -> None:
    s = c.size
    pygame.draw.rect(c.surface, theme.SECTION_DROP if target else theme.TRAY, tray, border_radius=s(4))
    pygame.draw.rect(c.surface, theme.OUTLINE if target else theme.PANEL_EDGE, tray,
                     s(3) if target else 1, border_radius=s(4))
    if not occupied:
        c.text(TRAY_LABEL, tray.center, theme.MIN_TEXT, theme.TEXT_DARK if target else theme.TEXT_DIM, "center")
