"""Manoeuvring and instruments: the engine telegraph, a compass rose to tap a new course on, the
depth gauge (ordered depth, test and crush depth, the bottom under the keel), battery,
propulsion, speed, the grid square by dead reckoning and the last fix."""

from __future__ import annotations

import math
from collections.abc import Hashable
from typing import Any

import pygame
from pygame import Rect

from kaleun.core.messages import Msg
from kaleun.uboot.boat import TELEGRAPH
from kaleun.uboot.sea.boat import DEPTH
from kaleun.ui import icons, theme
from kaleun.ui.scene import freeze
from kaleun.ui.screens.base import Screen
from kaleun.ui.telegraph import POSITION_NAMES, Scale, draw_scale
from kaleun.ui.touch import simple
from kaleun.ui.widgets import Canvas

#: the depth gauge's scale reaches this deep (metres) in open water
GAUGE_M = 300
#: shallower scales for shallow water (metres) and the step of their marks: the gauge takes the
#: shortest that shows the bottom with room under it, so 20 m of water is not a sliver of a 300 m scale
SHALLOW_SPANS: tuple[tuple[int, int], ...] = ((50, 10), (100, 20), (200, 50))
TEST_M = float(DEPTH["test_m"])
CRUSH_M = float(DEPTH["crush_m"])
PERISCOPE_M = float(DEPTH["periscope_m"])


def gauge_span(seabed_m: float | None) -> tuple[int, int]:
    """How deep the depth gauge reaches (metres) and the step of its marks: the whole 300 m (test and
    crush depth on it) in open water, the shortest scale showing the bottom with a fifth more under it
    in shallow water."""
    if seabed_m is not None:
        for span, step in SHALLOW_SPANS:
            if seabed_m * 1.2 <= span:
                return span, step
    return GAUGE_M, 50


class HelmScreen(Screen):
    id = "helm"
    title = Msg("Helm")
    icon = "compass"

    def __init__(self, win: Any) -> None:
        super().__init__(win)
        self.boat: dict[str, Any] = {}
        self.nav: dict[str, Any] = {}
        self.handle = 0
        self.telegraph: Scale | None = None
        #: where the telegraph's words were drawn in the last frame, one per position
        self.telegraph_words: list[Rect] = []
        self.rose: tuple[tuple[int, int], int] = ((0, 0), 1)
        self.gauge = Rect(0, 0, 1, 1)
        #: how deep the depth gauge's scale reaches now (metres): GAUGE_M, less in shallow water
        self.span = GAUGE_M

    def read(self) -> Hashable:
        game = self.game
        own = game.module("boat")
        boat = dict(own.status())
        boat["heading"] = round(float(boat.get("heading", 0.0)))
        boat["speed_kn"] = round(float(boat["speed_kn"]), 1)
        boat["depth_m"] = round(float(boat.get("depth_m", 0.0)))
        boat["battery_pct"] = round(float(boat.get("battery_pct", 100.0)))
        # tanks not yet dry never read 0 % (the diesels still run on the last of it)
        boat["fuel_pct"] = 0 if own.dry else max(1, round(float(boat.get("fuel_pct", 100.0))))
        boat["fuel_dry"] = own.dry
        boat.pop("fuel_t", None)  # the panel shows the percentage: redrawn when that changes
        boat["distance_nm"] = round(float(boat["distance_nm"]), 1)
        self.boat = boat
        self.nav = game.module("navigation").status() if game.has_module("navigation") else {}
        self.handle = int(self.win.table.telegraph)
        return (freeze(self.boat), freeze(self.nav), self.handle)

    def draw(self, c: Canvas, area: Rect) -> None:
        s = c.size
        c.surface.fill(theme.PANEL, area)
        tele = Rect(area.x + s(4), area.y + s(4), s(232), area.h - s(8))
        rose = Rect(tele.right + s(6), area.y + s(4), s(246), area.h - s(8))
        right = Rect(rose.right + s(6), area.y + s(4), area.right - rose.right - s(10), area.h - s(8))
        self._telegraph(c, tele)
        self._rose(c, rose)
        self._depth(c, right)

    # -- the telegraph ---------------------------------------------------------------------------
    def _telegraph(self, c: Canvas, rect: Rect) -> None:
        s = c.size
        # no title over it: its five rows need the height to be a fingertip (9 mm, 47 px at 800x480) apart, and the
        # telegraph's own words say what it is
        top = c.panel(rect)
        body = Rect(rect.x, top, rect.w, rect.bottom - top)
        scale = self.telegraph = Scale.inside(body, c.layout.scale, s(72))
        answered = TELEGRAPH.index(str(self.boat.get("telegraph", "stop")))
        self.telegraph_words = draw_scale(c, scale, self.handle, answered)
        c.targets.add("telegraph", scale.frame.inflate(s(12), s(6)), self._telegraph_touched)
        y = scale.bottom + s(6)
        x = rect.x + s(8)
        c.text(Msg("Handle: {position}", position=POSITION_NAMES[TELEGRAPH[self.handle]]), (x, y), theme.MIN_TEXT,
               theme.BRASS, width=rect.w - s(12))
        c.text(Msg("Engine room: {position}", position=POSITION_NAMES[TELEGRAPH[answered]]), (x, y + s(22)),
               theme.MIN_TEXT, theme.WARNING, width=rect.w - s(12))
        speed = Msg("{now:.1f} kn, going to {target:.1f} kn", now=float(self.boat["speed_kn"]),
                    target=float(self.boat["target_kn"]))
        c.text(speed, (x, y + s(44)), theme.MIN_TEXT, theme.TEXT, width=rect.w - s(12))

    def _telegraph_touched(self, pos: tuple[int, int]) -> None:
        if self.telegraph is None:
            return
        index = self.telegraph.position_at(pos)
        if index is not None:
            self.win.set_telegraph(TELEGRAPH[index])

    # -- the compass rose ------------------------------------------------------------------------
    def _rose(self, c: Canvas, rect: Rect) -> None:
        s = c.size
        top = c.panel(rect, Msg("TAP TO STEER"))
        surface = c.surface
        radius = min(rect.w // 2 - s(10), (rect.bottom - top - s(62)) // 2)
        centre = (rect.centerx, top + s(14) + radius)
        self.rose = (centre, radius)
        pygame.draw.circle(surface, theme.DIAL_FACE, centre, radius)
        pygame.draw.circle(surface, theme.BRASS_DARK, centre, radius, s(2))
        for deg in range(0, 360, 10):
            a = math.radians(deg)
            inner = radius * (0.84 if deg % 30 else 0.76)
            p0 = (centre[0] + inner * math.sin(a), centre[1] - inner * math.cos(a))
            p1 = (centre[0] + radius * math.sin(a), centre[1] - radius * math.cos(a))
            pygame.draw.line(surface, theme.OUTLINE, p0, p1, s(2) if deg % 30 == 0 else 1)
        ordered = int(self.boat.get("course", 0))
        heading = float(self.boat.get("heading", 0))
        a = math.radians(ordered)
        tip = (centre[0] + radius * math.sin(a), centre[1] - radius * math.cos(a))
        side = (math.cos(a) * s(9), math.sin(a) * s(9))
        base = (centre[0] + (radius - s(18)) * math.sin(a), centre[1] - (radius - s(18)) * math.cos(a))
        pygame.draw.polygon(surface, theme.ACCENT, [tip, (base[0] + side[0], base[1] + side[1]),
                                                   (base[0] - side[0], base[1] - side[1])])
        pygame.draw.polygon(surface, theme.OUTLINE, [tip, (base[0] + side[0], base[1] + side[1]),
                                                    (base[0] - side[0], base[1] - side[1])], 1)
        h = math.radians(heading)
        end = (centre[0] + radius * 0.72 * math.sin(h), centre[1] - radius * 0.72 * math.cos(h))
        pygame.draw.line(surface, theme.OUTLINE, centre, end, s(5))
        pygame.draw.circle(surface, theme.OUTLINE, centre, s(6))
        # the cardinal letters over the needle, each on a patch of the dial's face: on a heading of
        # exactly N, E, S or W the needle runs under its letter, which reads whole
        font = c.font(22, bold=True)
        for deg, word in ((0, Msg("N")), (90, Msg("E")), (180, Msg("S")), (270, Msg("W"))):
            a = math.radians(deg)
            r = radius * 0.62
            at = (round(centre[0] + r * math.sin(a)), round(centre[1] - r * math.cos(a)))
            w, h = font.size(c.tr(word))
            pygame.draw.circle(surface, theme.DIAL_FACE, at, max(w, h) // 2 + s(2))
            c.text(word, at, 22, theme.TEXT_DARK, "center", bold=True)
        y = centre[1] + radius + s(6)
        c.text(Msg("Heading {heading:03d}°", heading=round(heading) % 360), (rect.x + s(8), y), theme.MIN_TEXT,
               theme.TEXT, bold=True, width=rect.w - s(16))
        c.text(Msg("Ordered course {course:03d}°", course=ordered), (rect.x + s(8), y + s(22)), theme.MIN_TEXT,
               theme.ACCENT, width=rect.w - s(16))
        box = Rect(centre[0] - radius, centre[1] - radius, 2 * radius, 2 * radius)
        c.targets.add("compass", box, self._rose_touched)

    def _rose_touched(self, pos: tuple[int, int]) -> None:
        centre, radius = self.rose
        dx, dy = pos[0] - centre[0], centre[1] - pos[1]
        if math.hypot(dx, dy) > radius:
            return
        course = round(math.degrees(math.atan2(dx, dy)) / 5) * 5 % 360
        self.win.open_form("new_course", {"course": course})

    # -- depth and the rest --------------------------------------------------------------------------
    def _depth(self, c: Canvas, rect: Rect) -> None:
        s = c.size
        top = c.panel(rect, Msg("DEPTH AND POWER"))
        boat = self.boat
        gauge = self.gauge = Rect(rect.x + s(8), top + s(10), s(64), rect.bottom - top - s(76))
        surface = c.surface
        seabed = boat.get("seabed_m")
        span, step = gauge_span(float(seabed) if isinstance(seabed, int | float) else None)
        self.span = span

        def y_of(m: float) -> int:
            return gauge.y + round(min(span, max(0.0, m)) / span * gauge.h)

        pygame.draw.rect(surface, theme.SEA, gauge)
        pygame.draw.rect(surface, (150, 90, 20), Rect(gauge.x, y_of(TEST_M), gauge.w, y_of(CRUSH_M) - y_of(TEST_M)))
        pygame.draw.rect(surface, (170, 30, 30), Rect(gauge.x, y_of(CRUSH_M), gauge.w, gauge.bottom - y_of(CRUSH_M)))
        if isinstance(seabed, int | float) and seabed < span:
            bottom = y_of(float(seabed))
            pygame.draw.rect(surface, (110, 84, 50), Rect(gauge.x, bottom, gauge.w, gauge.bottom - bottom))
            for x in range(gauge.x, gauge.right, s(8)):
                pygame.draw.line(surface, (60, 44, 24), (x, bottom), (x + s(6), bottom + s(6)), 1)
        for m in range(0, span + 1, step):
            pygame.draw.line(surface, theme.TEXT_DIM, (gauge.x, y_of(m)), (gauge.x + s(10), y_of(m)), 1)
            # the scale's unit once, on its first mark
            c.text(Msg("{m} m", m=m) if m == 0 else str(m), (gauge.right + s(2), y_of(m)), theme.MIN_TEXT,
                   theme.TEXT_DIM, "midleft")
        pygame.draw.rect(surface, theme.PANEL_EDGE, gauge, 1)
        ordered = float(boat.get("ordered_depth_m", 0.0))
        pygame.draw.line(surface, theme.ACCENT, (gauge.x, y_of(ordered)), (gauge.right, y_of(ordered)), s(3))
        depth = float(boat.get("depth_m", 0.0))
        yd = y_of(depth)
        pygame.draw.polygon(surface, theme.TEXT, [(gauge.x - s(2), yd), (gauge.x + s(16), yd - s(8)),
                                                 (gauge.x + s(16), yd + s(8))])
        pygame.draw.line(surface, theme.TEXT, (gauge.x, yd), (gauge.right, yd), s(2))
        c.targets.add("depth_gauge", gauge.inflate(s(4), 0), self._gauge_touched)
        win = self.win
        buttons = Rect(rect.x + s(6), rect.bottom - s(54), (rect.w - s(18)) // 2, s(48))
        c.button("order.dive", buttons, Msg("Dive"), simple(lambda: win.open_form("dive")), icon=icons.arrow_down,
                 active=False, size=theme.MIN_TEXT)
        c.button("order.surface", buttons.move(buttons.w + s(6), 0), Msg("Surface"),
                 simple(lambda: win.open_form("surface")), icon=icons.arrow_up, size=theme.MIN_TEXT)
        x = gauge.right + s(40)
        w = rect.right - x - s(6)
        y = top + s(4)
        lines: list[tuple[Msg | str, theme.Color]] = []
        # surfaced: a line of its own (the Russian "Глубина: в надводном положении" would not fit)
        # below test depth the gauge's bands are said in words too, never by colour alone (§3)
        deep = not boat.get("surfaced") and depth > TEST_M + 0.5
        lines.append((Msg("Surfaced") if boat.get("surfaced") else
                      Msg("Depth: {where}", where=Msg("{m} m", m=round(depth))), theme.WARNING if deep else theme.TEXT))
        lines.append((Msg("ordered {m} m", m=round(ordered)), theme.ACCENT))
        if isinstance(seabed, int | float):
            lines.append((Msg("bottom {m} m", m=round(float(seabed))), theme.TEXT_DIM))
        if deep:
            lines.append((Msg("below test depth {m} m!", m=round(TEST_M)), theme.WARNING))
            lines.append((Msg("crush depth {m} m", m=round(CRUSH_M)), theme.WARNING))
        else:
            lines.append((Msg("test depth {m} m", m=round(TEST_M)), theme.TEXT_DIM))
        for text, color in lines:
            c.text(text, (x, y), theme.MIN_TEXT, color, width=w)
            y += s(21)
        y += s(4)
        battery = float(boat.get("battery_pct", 100.0))
        c.text(Msg("Battery {pct} %", pct=round(battery)), (x, y), theme.MIN_TEXT, theme.TEXT, width=w)
        y += s(21)
        color = theme.GOOD if battery > 20 else theme.ACCENT if battery > 10 else theme.WARNING
        c.bar(Rect(x, y, w, s(12)), battery / 100, color)
        y += s(18)
        propulsion = Msg("diesels") if boat.get("propulsion") == "diesel" else Msg("electric motors")
        c.text(Msg("On {what}", what=propulsion), (x, y), theme.MIN_TEXT, theme.TEXT, width=w)
        y += s(21)
        if boat.get("stopped"):
            c.text(Msg("Engines stopped"), (x, y), theme.MIN_TEXT, theme.WARNING, width=w)
            y += s(21)
        square = self.nav.get("dr_square") or "—"
        fix = (Msg("Fix {square}, {h} h ago", square=self.nav.get("fix_square") or "—", h=self.nav.get("fix_age_h"))
               if self.nav.get("fix_square") is not None or "fix_age_h" in self.nav else Msg("No fix yet"))
        fuel = int(boat.get("fuel_pct", 100))
        # the figure is said in words, the colour only adds to it (§3)
        fuel_line = (Msg("Fuel spent") if boat.get("fuel_dry") else Msg("Fuel {pct} %", pct=fuel),
                     theme.WARNING if fuel <= 10 else theme.ACCENT if fuel <= 25 else theme.TEXT)
        rest = [(Msg("Run {nm} nm", nm=boat.get("distance_nm", 0)), theme.TEXT_DIM), fuel_line,
                (Msg("DR square {square}", square=square), theme.TEXT), (fix, theme.TEXT_DIM)]
        room = max(0, (buttons.y - y) // s(21))
        for text, color in rest[len(rest) - room:] if room < len(rest) else rest:
            # a crowded panel (deep, engines stopped) keeps the square and the fix, the run goes first, then the
            # fuel (submerged the diesels burn none)
            c.text(text, (x, y), theme.MIN_TEXT, color, width=w)
            y += s(21)

    def _gauge_touched(self, pos: tuple[int, int]) -> None:
        gauge = self.gauge
        m = (pos[1] - gauge.y) / max(1, gauge.h) * self.span
        depth = max(int(PERISCOPE_M), min(self.span, round(m / (5 if self.span < GAUGE_M else 10))
                                          * (5 if self.span < GAUGE_M else 10)))
        self.win.open_form("new_depth", {"depth_m": depth})
