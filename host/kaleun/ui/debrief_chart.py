"""The saved debrief: a PNG of the patrol on the naval grid and the mission's outcome.

`render_debrief(d)` draws the debrief data (`kaleun.uboot.missions.debrief.debrief`) on a pygame
Surface: on the left the chart (Mercator) with the naval grid's two-digit squares, the coastlines
of seabed.toml, the true track (solid red, a dot where the patrol began, a square where it ended, or
where the boat is now while the patrol still runs, and the grade is then marked provisional; the legend
says which, naming what was played: an exercise's ends are where the exercise began and ended) and the
dead-reckoned one (dashed blue), sextant fixes
(green rings joined to where the boat really was), attacks (orange crosses), ships sunk (black
marks with class and GRT), mine fields laid (purple, with their count and type), the base; on the
right the grade, score, objectives met and unmet, ships sunk, mines laid and crew losses. Every
label lies whole inside the chart and clear of the others and of the legend (`chart_labels`).
`write_debrief(d, path)` saves it. Headless: it needs no display
(SDL_VIDEODRIVER=dummy is set for it) and no new dependency.
"""

from __future__ import annotations

import itertools
import math
import os
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from kaleun.core.messages import Localise, Msg, Translate, TranslatePlural, When, render
from kaleun.uboot.missions import debrief as debrief_text
from kaleun.uboot.missions import practice
from kaleun.uboot.missions.debrief import word as said

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # `kaleun run --events /dev/stdout`: the events alone

WIDTH, HEIGHT = 1600, 1000
CHART = 1000  # the chart is CHART x HEIGHT on the left
SEA = (214, 230, 240)
LAND = (222, 214, 190)
COAST = (150, 140, 110)
GRID = (160, 180, 200)
GRID_TEXT = (110, 130, 150)
TRUE_TRACK = (190, 30, 30)
DR_TRACK = (30, 70, 190)
FIX = (20, 140, 60)
ATTACK = (230, 120, 0)
SUNK = (20, 20, 20)
MINES = (120, 40, 150)
INK = (25, 25, 30)
PAPER = (248, 246, 240)
GRADE_COLOURS = {"S": (160, 120, 0), "A": (20, 120, 40), "B": (40, 120, 80), "C": (60, 100, 140),
                 "D": (140, 110, 40), "E": (170, 80, 30), "F": (180, 20, 20)}


class _Fonts:
    """The program's typeface (`kaleun.fonts`) by size."""

    def get(self, size: int, bold: bool = False) -> Any:
        from kaleun.fonts import font

        return font(size, bold)


def _merc(lat: float) -> float:
    return math.degrees(math.log(math.tan(math.pi / 4 + math.radians(max(-85.0, min(85.0, lat))) / 2)))


class _Chart:
    """Where a position is drawn: a Mercator window around everything the patrol touched."""

    def __init__(self, points: list[tuple[float, float]], box: tuple[int, int, int, int]) -> None:
        _x0, _y0, w, h = box
        lats = [p[0] for p in points] or [50.0]
        lons = [p[1] for p in points] or [-10.0]
        south, north = min(lats), max(lats)
        west, east = min(lons), max(lons)
        # at least three squares of the naval grid (0.9 degrees each) from south to north, so that a short patrol
        # shows the squares around it by name
        pad_lat = max(1.5, (north - south) * 0.12)
        pad_lon = max(1.0, (east - west) * 0.12)
        south, north, west, east = south - pad_lat, north + pad_lat, west - pad_lon, east + pad_lon
        ys, yn = _merc(south), _merc(north)
        scale = min(w / (east - west), h / (yn - ys))
        cx, cy = (west + east) / 2, (ys + yn) / 2
        self.box, self.scale, self.cx, self.cy = box, scale, cx, cy
        self.west = cx - w / 2 / scale
        self.east = cx + w / 2 / scale
        self.south = _inv_merc(cy - h / 2 / scale)
        self.north = _inv_merc(cy + h / 2 / scale)

    def xy(self, lat: float, lon: float) -> tuple[int, int]:
        x0, y0, w, h = self.box
        return (round(x0 + w / 2 + (lon - self.cx) * self.scale),
                round(y0 + h / 2 - (_merc(lat) - self.cy) * self.scale))


def _inv_merc(y: float) -> float:
    return math.degrees(2 * math.atan(math.exp(math.radians(y))) - math.pi / 2)


def render_debrief(d: dict[str, Any], translate: Translate | None = None,
                   translate_plural: TranslatePlural | None = None, localise: Localise | None = None,
                   legend: bool = True) -> Any:
    """The debrief drawn on a new Surface (WIDTH x HEIGHT), in the language of `translate` with the numbers
    as `localise` writes them (`kaleun.i18n.Language.number`); without `legend` the chart has none (a
    small window draws it beside the chart at a size it can read: `LEGEND`, `legend_mark`)."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    import pygame

    pygame.font.init()
    fonts = _Fonts()
    surface = pygame.Surface((WIDTH, HEIGHT))
    surface.fill(PAPER)

    def text(msg: Msg | str) -> str:
        return render(msg, translate, translate_plural, localise)

    _draw_chart(surface, d, fonts, text, legend)
    _draw_panel(surface, d, fonts, text)
    return surface


def _points(d: dict[str, Any]) -> list[tuple[float, float]]:
    pts = [(p[1], p[2]) for p in d["track"]] + [(p[3], p[4]) for p in d["track"]]
    pts += [(f["lat"], f["lon"]) for f in d["fixes"] if f.get("lat") is not None]
    pts += [(s["lat"], s["lon"]) for s in d["sunk"]]
    pts += [(m["lat"], m["lon"]) for m in d.get("mines", [])]
    if d.get("base_at") and d.get("passages"):
        pts.append((d["base_at"][0], d["base_at"][1]))
    return pts


def _draw_chart(surface: Any, d: dict[str, Any], fonts: _Fonts, text: Any, legend: bool = True) -> None:
    import pygame

    from kaleun.uboot.sea.seabed import seabed

    box = (0, 0, CHART, HEIGHT)
    chart = _Chart(_points(d), box)
    surface.fill(SEA, pygame.Rect(box))
    clip = surface.get_clip()
    surface.set_clip(pygame.Rect(box))
    # coastlines
    for area in seabed().areas:
        if area.depth_m > seabed().draft_m:
            continue
        s, n, w, e = area.box
        if n < chart.south or s > chart.north or e < chart.west or w > chart.east:
            continue
        poly = [chart.xy(max(-84.0, min(84.0, lat)), lon) for lat, lon in area.poly]
        if len(poly) >= 3:
            pygame.draw.polygon(surface, LAND, poly)
            pygame.draw.polygon(surface, COAST, poly, 1)
    # the naval grid's squares
    for rect, _name, label, at in _squares(chart, fonts):
        pygame.draw.rect(surface, GRID, rect, 1)
        if label is not None and not (legend and at.colliderect(_legend_frame())):  # not half under the legend
            surface.blit(label, at)
    # tracks
    true_pts = [chart.xy(p[1], p[2]) for p in d["track"]]
    dr_pts = [chart.xy(p[3], p[4]) for p in d["track"]]
    _dashed(surface, DR_TRACK, dr_pts)
    if len(true_pts) >= 2:
        pygame.draw.lines(surface, TRUE_TRACK, False, true_pts, 3)
    for fix in d["fixes"]:
        if fix.get("lat") is None:
            continue
        at = chart.xy(fix["lat"], fix["lon"])
        pygame.draw.line(surface, FIX, at, chart.xy(*fix["true"]), 1)
        pygame.draw.circle(surface, FIX, at, 7, 2)
    for attack in d["attacks"]:
        x, y = chart.xy(attack["lat"], attack["lon"])
        pygame.draw.line(surface, ATTACK, (x - 7, y - 7), (x + 7, y + 7), 3)
        pygame.draw.line(surface, ATTACK, (x - 7, y + 7), (x + 7, y - 7), 3)
    for field in d.get("mines", []):
        x, y = chart.xy(field["lat"], field["lon"])
        for k in range(4):
            angle = math.radians(45 + 90 * k)
            pygame.draw.line(surface, MINES, (x, y), (x + round(10 * math.cos(angle)), y + round(10 * math.sin(angle))),
                             2)
        pygame.draw.circle(surface, MINES, (x, y), 6)
    for sunk in d["sunk"]:
        x, y = chart.xy(sunk["lat"], sunk["lon"])
        pygame.draw.polygon(surface, SUNK, [(x - 8, y), (x + 8, y), (x + 5, y + 6), (x - 5, y + 6)])
        pygame.draw.line(surface, SUNK, (x, y), (x, y - 9), 2)
    if d.get("base_at"):
        x, y = chart.xy(*d["base_at"])
        pygame.draw.circle(surface, INK, (x, y), 7)
        pygame.draw.circle(surface, PAPER, (x, y), 3)
    for label in _labels(d, chart, fonts, text):
        if label.leader:  # moved away from its mark: a thin line leads back to it
            pygame.draw.line(surface, label.colour, label.mark, _nearest(label.rect, label.mark), 1)
        surface.fill(PAPER, label.rect)  # on a ground of its own: the grid's names and the coast do not show through
        surface.blit(label.image, label.rect)
    if true_pts:
        pygame.draw.circle(surface, TRUE_TRACK, true_pts[0], 6)
        pygame.draw.rect(surface, TRUE_TRACK, pygame.Rect(true_pts[-1][0] - 5, true_pts[-1][1] - 5, 10, 10))
    surface.set_clip(clip)
    if legend:
        _legend(surface, fonts, text, legend_rows(d))


def _dashed(surface: Any, colour: tuple[int, int, int], pts: list[tuple[int, int]]) -> None:
    import pygame

    on = True
    for a, b in itertools.pairwise(pts):
        length = math.hypot(b[0] - a[0], b[1] - a[1])
        steps = max(1, int(length / 8))
        for k in range(steps):
            if on:
                p = (a[0] + (b[0] - a[0]) * k / steps, a[1] + (b[1] - a[1]) * k / steps)
                q = (a[0] + (b[0] - a[0]) * (k + 1) / steps, a[1] + (b[1] - a[1]) * (k + 1) / steps)
                pygame.draw.line(surface, colour, p, q, 2)
            on = not on


def _squares(chart: _Chart, fonts: _Fonts) -> list[tuple[Any, str, Any, Any]]:
    """The naval grid's squares on the chart: (rect, name, its label's picture or None, where it goes). A name
    is written whole inside the part of its square the chart shows, at that part's top left, or not at all (no
    "6" of an "AN36" cut at the edge): a row of squares cut by the chart's top edge is named too."""
    import pygame

    from kaleun.uboot.sea.grid import naval_grid

    small = fonts.get(12)
    bounds = pygame.Rect(chart.box)
    out = []
    for sq in naval_grid().squares.values():
        if sq.north < chart.south or sq.south > chart.north or sq.east < chart.west or sq.west > chart.east:
            continue
        x1, y1 = chart.xy(sq.north, sq.west)
        x2, y2 = chart.xy(sq.south, sq.east)
        rect = pygame.Rect(x1, y1, max(1, x2 - x1), max(1, y2 - y1))
        label = small.render(sq.name, True, GRID_TEXT)
        shown = rect.clip(bounds)
        at = label.get_rect(topleft=(shown.x + 3, shown.y + 2))
        whole = shown.contains(at)
        out.append((rect, sq.name, label if whole else None, at if whole else None))
    return out


def _legend_frame() -> Any:
    import pygame

    return pygame.Rect(8, HEIGHT - 178, 292, 172)


@dataclass
class _Label:
    """A text on the chart: its picture, where it is drawn, the mark it names."""

    words: str
    image: Any
    rect: Any
    mark: tuple[int, int]
    colour: tuple[int, int, int]
    leader: bool


#: where a label may go beside its mark: right of it, left of it, then stepped above and below (px)
_STEPS = (0, 18, -18, 36, -36, 54, -54, 72, -72, 90, -90, 108, -108)


def _labels(d: dict[str, Any], chart: _Chart, fonts: _Fonts, text: Any) -> list[_Label]:
    """The chart's labels (ships sunk with class and GRT, mine fields, the base), each whole inside the
    chart and clear of the legend, the marks and the labels placed before it where there is room."""
    import pygame

    font = fonts.get(14, bold=True)
    bounds = pygame.Rect(2, 2, CHART - 4, HEIGHT - 4)
    marks: list[tuple[str, tuple[int, int], tuple[int, int, int]]] = []
    for sunk in d["sunk"]:
        name = Msg.term(sunk["class_name"])  # an escort carries no GRT: its class alone
        marks.append((text(Msg("{name}, {grt:,} GRT", name=name, grt=sunk["grt"]) if sunk["grt"] else name),
                      chart.xy(sunk["lat"], sunk["lon"]), SUNK))
    for field in d.get("mines", []):
        marks.append((text(Msg.plural("{n} mine ({type})", "{n} mines ({type})", n=int(field["count"]),
                                      type=Msg.term(str(field["type"])))), chart.xy(field["lat"], field["lon"]), MINES))
    if d.get("base_at"):
        marks.append((text(Msg.term(d["base"])), chart.xy(*d["base_at"]), INK))
    marks = [m for m in marks if bounds.collidepoint(m[1])]  # a mark off the chart (the base) has no label
    taken = [_legend_frame()] + [pygame.Rect(x - 9, y - 10, 18, 17) for _, (x, y), _ in marks]
    # the other marks stay in sight too: attacks, sextant fixes, where the patrol began and ended
    others = [(a["lat"], a["lon"]) for a in d["attacks"]]
    others += [(f["lat"], f["lon"]) for f in d["fixes"] if f.get("lat") is not None]
    others += [(p[1], p[2]) for p in d["track"][:1] + d["track"][-1:]]
    taken += [pygame.Rect(x - 8, y - 8, 17, 17) for x, y in (chart.xy(*p) for p in others)]
    out: list[_Label] = []
    for words, (x, y), colour in marks:
        image = font.render(words, True, colour)
        w, h = image.get_size()
        tries = [pygame.Rect(x + side, y - h // 2 + dy, w, h) for dy in _STEPS for side in (11, -11 - w)]
        inside = [r for r in tries if bounds.contains(r)] or [tries[0].clamp(bounds)]
        free = [r for r in inside if r.collidelist(taken) == -1]
        # no free place near the mark: the place overlapping least
        rect = free[0] if free else min(inside, key=lambda r: sum(_overlap(r, t) for t in taken))
        taken.append(rect)
        out.append(_Label(words, image, rect, (x, y), colour, leader=abs(rect.centery - y) > h))
    return out


def _overlap(a: Any, b: Any) -> int:
    clip = a.clip(b)
    return int(clip.width * clip.height)


def _nearest(rect: Any, point: tuple[int, int]) -> tuple[int, int]:
    return (min(max(point[0], rect.left), rect.right - 1), min(max(point[1], rect.top), rect.bottom - 1))


def chart_labels(d: dict[str, Any], translate: Translate | None = None, translate_plural: TranslatePlural | None = None,
                 localise: Localise | None = None, squares: bool = False) -> list[tuple[str, Any]]:
    """(words, rect) of every label the chart of the debrief `d` draws (its ships, mine fields and base), in
    the language given, where `render_debrief` draws them; with `squares`, the grid's square names first."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    import pygame

    pygame.font.init()

    def text(msg: Msg | str) -> str:
        return render(msg, translate, translate_plural, localise)

    chart = _Chart(_points(d), (0, 0, CHART, HEIGHT))
    out = [(name, at) for _, name, label, at in _squares(chart, _Fonts())
           if label is not None and not at.colliderect(_legend_frame())] if squares else []
    return out + [(label.words, label.rect) for label in _labels(d, chart, _Fonts(), text)]


#: the legend's rows: what each mark on the chart means (`legend_mark` draws the mark)
LEGEND: tuple[tuple[Msg, str], ...] = (
    (Msg("true track"), "line"), (Msg("dead reckoning"), "dash"), (Msg("sextant fix"), "fix"),
    (Msg("attack"), "attack"), (Msg("ship sunk"), "sunk"), (Msg("mines laid"), "mines"),
    (Msg("where the patrol began"), "began"), (Msg("where the patrol ended"), "ended"))
#: the last row of the legend of a patrol still running (`kaleun run --debrief` before its end)
LEGEND_NOW: tuple[Msg, str] = (Msg("where the boat is now"), "ended")
#: the colour of a provisional grade (a patrol still running): not the colour of a grade earned
PROVISIONAL = (150, 150, 155)
PROVISIONAL_INK = (160, 90, 0)


def legend_rows(d: Mapping[str, Any]) -> tuple[tuple[Msg, str], ...]:
    """The legend of the chart of `d`: `LEGEND`, the track's first and last point named by what was played (an
    exercise's, not a patrol's), its last mark "where the boat is now" while the patrol runs."""
    began, ended = practice.began_and_ended(d.get("practice"))
    rows = (*LEGEND[:-2], (began, "began"), (ended, "ended"))
    return (*rows[:-1], LEGEND_NOW) if debrief_text.still_running(dict(d)) else rows


#: a legend mark's width (px at k=1); its words start 40 px after the mark's left
LEGEND_MARK_W = 30


def legend_mark(surface: Any, kind: str, x: int, cy: int, k: float = 1.0) -> None:
    """The chart's mark of a legend row (`LEGEND`), its left at `x` and its middle at `cy`, `k` times
    the size it has on the saved chart (the window draws the legend at its own scale)."""
    import pygame

    def p(dx: float, dy: float) -> tuple[int, int]:
        return (x + round(dx * k), cy + round(dy * k))

    def w(width: float) -> int:
        return max(1, round(width * k))

    if kind == "line":
        pygame.draw.line(surface, TRUE_TRACK, p(0, 0), p(30, 0), w(3))
    elif kind == "dash":
        _dashed(surface, DR_TRACK, [p(0, 0), p(30, 0)])
    elif kind == "fix":
        pygame.draw.circle(surface, FIX, p(15, 0), w(6), w(2))
    elif kind == "attack":
        pygame.draw.line(surface, ATTACK, p(9, -6), p(21, 6), w(3))
        pygame.draw.line(surface, ATTACK, p(9, 6), p(21, -6), w(3))
    elif kind == "began":  # as the track's first point is marked
        pygame.draw.circle(surface, TRUE_TRACK, p(15, 0), w(6))
    elif kind == "ended":  # as its last point is marked
        pygame.draw.rect(surface, TRUE_TRACK, pygame.Rect(p(10, -5), (w(10), w(10))))
    elif kind == "mines":
        pygame.draw.circle(surface, MINES, p(15, 0), w(5))
        for dx, dy in ((-8, -8), (8, -8), (-8, 8), (8, 8)):
            pygame.draw.line(surface, MINES, p(15, 0), p(15 + dx * 3 / 4, dy * 3 / 4), w(2))
    else:
        pygame.draw.polygon(surface, SUNK, [p(7, 0), p(23, 0), p(20, 6), p(10, 6)])


def _legend(surface: Any, fonts: _Fonts, text: Any, rows: tuple[tuple[Msg, str], ...] = LEGEND) -> None:
    import pygame

    font = fonts.get(13)
    frame = _legend_frame()
    x, y = frame.x + 6, frame.y + 6
    pygame.draw.rect(surface, PAPER, frame)
    pygame.draw.rect(surface, GRID, frame, 1)
    for i, (label, kind) in enumerate(rows):
        cy = y + 8 + i * 20
        legend_mark(surface, kind, x, cy)
        surface.blit(font.render(text(label), True, INK), (x + 40, cy - 8))


def _draw_panel(surface: Any, d: dict[str, Any], fonts: _Fonts, text: Any) -> None:

    x, width = CHART + 30, WIDTH - CHART - 50
    y = 24
    title = fonts.get(28, bold=True)
    body = fonts.get(16)
    bold = fonts.get(16, bold=True)

    def line(msg: Msg | str, font: Any = body, colour: tuple[int, int, int] = INK, indent: int = 0) -> None:
        nonlocal y
        for piece in _wrap(text(msg), font, width - indent):
            surface.blit(font.render(piece, True, colour), (x + indent, y))
            y += font.get_linesize()

    running = debrief_text.still_running(d)
    line(Msg.term(d["name"] or d["mission"]), title)
    if running:  # said before anything else: nothing on this sheet is final yet
        line(practice.still_running(d.get("practice")), bold, PROVISIONAL_INK)
    line(Msg.plural("{start} to {end}, {n:g} day at sea", "{start} to {end}, {n:g} days at sea", n=d["days"],
                    start=When.moment(d["start"]), end=When.moment(d["end"])))
    if d.get("base"):
        line(Msg("Base: {base}", base=Msg.term(d["base"])))
    y += 10
    if d["grade"] is not None:
        big = fonts.get(110, bold=True)
        img = big.render(d["grade"], True, PROVISIONAL if running else GRADE_COLOURS.get(d["grade"], INK))
        surface.blit(img, (x, y))
        gx = x + img.get_width() + 24
        gy = y + 18
        for msg in ((Msg("Provisional grade: the patrol is still running"),
                     Msg("Score so far {score:,} of par {par:,}", score=d["score"], par=d["par"])) if running else
                    (Msg("Result: {result} ({reason})", result=said(d["result"]),
                         reason=debrief_text.why(d["reason"], d["result"], d.get("practice"))) if d["reason"]
                     else Msg("Result: {result}", result=said(d["result"] or "running")),
                     Msg("Score {score:,} of par {par:,}", score=d["score"], par=d["par"]))) + (
                    Msg("{fame:,} fame from objectives", fame=d["fame"]),
                    Msg("{grt_fame:,} for {grt:,} GRT sunk", grt_fame=d["grt_fame"], grt=d["grt"])):
            for k, piece in enumerate(_wrap(text(msg), body, x + width - gx)):  # beside the grade, wrapped
                surface.blit(body.render(piece, True, INK), (gx + (12 if k else 0), gy))
                gy += body.get_linesize() + (0 if k else 2)
        y = max(y + img.get_height() + 8, gy + 8)
    else:
        line(Msg("Result: {result} ({reason})", result=said(d["result"] or "running"),
                 reason=debrief_text.why(d["reason"], d["result"], d.get("practice"))) if d["reason"]
             else Msg("Result: {result}", result=said(d["result"] or "running")), bold)
    if d["objectives"]:
        y += 6
        line(Msg("Objectives"), bold)
        for obj in d["objectives"]:
            mark = "[x]" if obj["met"] else "[ ]"
            kind = Msg("primary") if obj["primary"] else Msg("secondary")
            words: Msg = (Msg("a signal never decoded") if obj["coded"] else Msg.term(obj["text"]))
            colour = (20, 110, 40) if obj["met"] else (150, 30, 30)
            line(Msg("{mark} {words} ({kind}, {fame:,} fame)", mark=mark, words=words, kind=kind, fame=obj["fame"]),
                 body, colour, indent=8)
    y += 6
    line(Msg.plural("{n} ship sunk, {grt:,} GRT", "{n} ships sunk, {grt:,} GRT", n=len(d["sunk"]),
                    grt=sum(int(s["grt"]) for s in d["sunk"])), bold)
    for sunk in d["sunk"]:
        line(Msg("{name} ({kind}), {grt:,} GRT, {cause}", name=Msg.term(sunk["class_name"]),
                 kind=said(sunk["type"]), grt=sunk["grt"], cause=said(sunk["cause"])) if sunk["grt"]
             else Msg("{name} ({kind}), {cause}", name=Msg.term(sunk["class_name"]), kind=said(sunk["type"]),
                      cause=said(sunk["cause"])), indent=8)
    laid = d.get("mines", [])
    if laid:
        y += 6
        line(Msg("Mines laid: {mines} in {fields}.", mines=sum(int(m["count"]) for m in laid),
                 fields=Msg.plural("{n} field", "{n} fields", n=len(laid))), bold)
    y += 6
    # the debrief's heading, not the career line's "{n} sailors lost" (a phrase within a sentence in some languages)
    line(Msg.plural("Crew lost: {n}.", "Crew lost: {n}.", n=len(d["crew_lost"])), bold)
    for lost in debrief_text.crew_lost_lines(d):
        line(text(lost).strip(), indent=8)
    y += 6
    line(Msg.plural("{n:,} nm run; {fixes}; {attacks}", "{n:,} nm run; {fixes}; {attacks}", n=round(d["distance_nm"]),
                    fixes=Msg.plural("{n} sextant fix", "{n} sextant fixes", n=len(d["fixes"])),
                    attacks=Msg.plural("{n} attack", "{n} attacks", n=len(d["attacks"]))))
    # each attack with what it was aimed at as the crew knew it (the contact, its class once identified)
    for attack in d["attacks"][:ATTACKS_LISTED]:
        line(text(debrief_text.attack_line(d, attack)).strip(), indent=8)
    if len(d["attacks"]) > ATTACKS_LISTED:
        more = len(d["attacks"]) - ATTACKS_LISTED
        line(Msg.plural("and {n} more attack", "and {n} more attacks", n=more), indent=8)
    if "fuel_used_t" in d:  # a debrief saved before fuel was kept has none
        line(debrief_text.fuel_used(d))


#: attacks the panel names one by one (a long patrol's others are counted)
ATTACKS_LISTED = 6


def _wrap(words: str, font: Any, width: int) -> list[str]:
    out: list[str] = []
    for paragraph in words.split("\n"):
        current = ""
        for word in paragraph.split(" "):
            trial = f"{current} {word}".strip()
            if current and font.size(trial)[0] > width:
                out.append(current)
                current = word
            else:
                current = trial
        out.append(current)
    return out


def _language(code: str) -> tuple[Translate | None, TranslatePlural | None, Localise | None]:
    """The words, the numbers and the dates of a language for `render_debrief` (English: the templates as they
    are, dates written out)."""
    from kaleun.i18n import language

    chosen = language(code)
    if code == "en":
        return None, None, chosen.localise
    return chosen.text, chosen.plural, chosen.localise


def write_debrief(d: dict[str, Any], path: Path, language: str = "en") -> Path:
    """Draw the debrief and save it as PNG (raises OSError). A PNG that cannot be written whole (a full
    disk: pygame says so with its own error) leaves no half-written file behind."""
    import pygame

    surface = render_debrief(d, *_language(language))
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(f".{path.name}.tmp.png")
    try:
        pygame.image.save(surface, str(tmp))
        os.replace(tmp, path)
    except pygame.error as exc:
        tmp.unlink(missing_ok=True)
        raise OSError(f"cannot write {path} ({exc})") from exc
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise
    return path


def debrief_lines(d: dict[str, Any]) -> list[str]:
    """The debrief as plain English lines (the console prints them)."""
    return [str(m) for m in debrief_text.lines(d)]
