"""The first-person views: binoculars on the bridge, the attack periscope with its reticle, and the
88 mm gun's sight, as 2D scenes. The ships are drawn from their class's silhouette where they
really are (true bearing and range, the angle on the bow they show), under the weather and the
daylight of the moment: what the crew would see, not what it has estimated."""

from __future__ import annotations

import math
from collections.abc import Hashable
from dataclasses import dataclass
from typing import Any

import pygame
from pygame import Rect

from kaleun.core.messages import Msg
from kaleun.uboot.sea.machinery import component_state
from kaleun.uboot.sea.sensors import PERISCOPE, periscope_share, ship_range, visual_range
from kaleun.uboot.sea.weather import LIGHT_FACTOR
from kaleun.ui import icons, theme
from kaleun.ui.screens.base import Screen
from kaleun.ui.silhouette_draw import draw_silhouette
from kaleun.ui.touch import call, simple
from kaleun.ui.widgets import Canvas

M_PER_NM = 1852.0


@dataclass(frozen=True)
class Optic:
    name: str
    word: Msg
    icon: str
    #: field of view across the screen (degrees)
    fov: float
    #: the eye's height above the water (m)
    eye_m: float
    #: magnification of the ranges one can see things at
    reach: float
    surfaced: bool


OPTICS: dict[str, Optic] = {
    # 7x50 binoculars: 7.5 degrees; the attack periscope at 6x: 8 degrees; the gun layer's sight: 15; the periscope's
    # eye, lower than the bridge's, reaches as far as a look through it reports (sensors.toml [periscope] range_share)
    "binoculars": Optic("binoculars", Msg("Binoculars"), "sight", 7.5, 5.0, 1.0, True),
    "periscope": Optic("periscope", Msg("Periscope"), "periscope", 8.0, 1.5, float(PERISCOPE["range_share"]), False),
    "gun_sight": Optic("gun_sight", Msg("88 mm sight"), "burst", 15.0, 3.0, 1.0, True),
}
#: the 88 mm sight's range marks (m): each where the waterline of a ship at that range is seen
GUN_MARKS_M: tuple[int, ...] = (150, 200, 300, 500)


def waterline_y(horizon: float, px_per_deg: float, eye_m: float, range_m: float) -> float:
    """Where the waterline of a ship `range_m` away is seen: the dip below the horizon of an eye
    `eye_m` above the water (the ships in the view and the gun sight's range marks)."""
    return horizon + px_per_deg * math.degrees(eye_m / range_m)


#: sky and sea by daylight phase
SKIES: dict[str, tuple[theme.Color, theme.Color]] = {
    "day": ((150, 190, 225), (40, 80, 110)),
    "civil_twilight": ((200, 150, 120), (40, 60, 80)),
    "nautical_twilight": ((60, 70, 110), (20, 30, 50)),
    "night": ((14, 18, 30), (6, 10, 18)),
}
FOGGY = (190, 196, 200)
#: the sky just above the horizon in the dark, lighter than overhead (the glow a lookout's dark-adapted eye finds ships
#: against), and how far up it reaches (a share of the sky's height); our choice: a ship in sight stands out against
#: it on a small screen as it does to the eye, one beyond sight is not drawn at all
GLOWS: dict[str, theme.Color] = {"night": (56, 66, 96), "nautical_twilight": (110, 118, 150)}
GLOW_HEIGHT = 0.45
#: a ship's silhouette against the sky: grey by day, near black against the dark's glow
INKS: dict[str, theme.Color] = {"night": (2, 3, 6), "nautical_twilight": (8, 10, 16)}
INK = (34, 36, 40)
#: an aircraft's: dark against the day's sky; in the dark near black against a patch of the glow around it (the
#: night sky overhead is too dark for a silhouette on a small screen; our choice, as the ships' glow: one in sight
#: stands out, one beyond sight is not drawn)
AIR_INK = (30, 30, 34)
#: an aircraft's height (m) and span (m) as drawn (our choice: a patrol aircraft low over the sea)
AIR_HEIGHT_M = 300.0
AIR_SPAN_M = 25.0
#: the highest an aircraft is drawn, as a share of the sky's height above the horizon under the bearing strip: one
#: nearer and higher than the view reaches (within about 3 nm through the 88 mm sight) is drawn there, the optic
#: raised to it, with a mark above it that says it is higher
AIR_TOP = 0.45


@dataclass(frozen=True)
class Sighted:
    entity: str
    cls: str | None  # ship class id (None: an aircraft)
    bearing: float
    range_nm: float
    aob: float
    #: how far this ship (or aircraft) shows at most, in this weather and light through this optic: it fades into
    #: the sky as it nears it
    limit_nm: float


def _mix(a: theme.Color, b: theme.Color, f: float) -> theme.Color:
    f = max(0.0, min(1.0, f))
    return (round(a[0] + (b[0] - a[0]) * f), round(a[1] + (b[1] - a[1]) * f), round(a[2] + (b[2] - a[2]) * f))


def _norm180(a: float) -> float:
    return (a + 180.0) % 360.0 - 180.0


def capitalised(line: str) -> str:
    """A line that begins a sentence of its own, with a capital (\"Weather: ...\", \"Погода: ...\")."""
    return line[:1].upper() + line[1:]


def glow_band(like: Any, size: tuple[int, int], sky: theme.Color, glow: theme.Color) -> Any:
    """The glow above the horizon in the dark, `size` (the view's width, the glow's height): each row from the
    sky's colour at the top to the glow's at the bottom, on a surface of `like`'s pixel format (blitted, it gives
    the pixels drawing each row on `like` would)."""
    width, height = size
    band = pygame.Surface((width, height), 0, like)
    for row in range(height):
        band.fill(_mix(sky, glow, (row + 1) / max(1, height)), Rect(0, row, width, 1))
    return band


class ScopeScreen(Screen):
    id = "scope"
    title = Msg("Scope")
    icon = "periscope"

    def __init__(self, win: Any) -> None:
        super().__init__(win)
        self.seen: list[Sighted] = []
        self.aim: tuple[str, int, bool] | None = None
        self.weather: dict[str, Any] = {}
        self.surfaced = True
        self.periscope_depth = False
        self.periscope_up = False
        self.visible_nm = 10.0
        #: how far a large ship shows through the optic now, and a burning one (nm, to a tenth; None: no sea)
        self.dark_reach: tuple[float, float] | None = None
        #: the view's scale and horizon in the last frame (pixels a degree, the horizon's y)
        self.sight_scale: tuple[float, float] = (0.0, 0.0)
        #: the glow above the horizon last drawn (`glow_band`), and what decides it: it is drawn again only when the
        #: view's size, the light or the weather's dimming change
        self._glow: tuple[Hashable, Any] | None = None

    def optics(self) -> list[str]:
        """The optics the boat has: no 88 mm sight on a boat whose gun was landed before the patrol (guns.toml
        `until`), as no screen shows an 88 mm there."""
        game = self.game
        landed = game.has_module("weapons") and not game.module("weapons").gunnery.aboard("gun_88")
        return [name for name in OPTICS if not (landed and name == "gun_sight")]

    @property
    def optic(self) -> Optic:
        name = self.win.ui.get("optic")
        if name in OPTICS and name in self.optics():
            return OPTICS[str(name)]
        return OPTICS["binoculars" if self.surfaced else "periscope"]

    @property
    def bearing(self) -> int:
        return int(self.win.ui.get("scope_bearing", 0)) % 360

    def turn(self, by: int) -> None:
        self.win.ui["scope_bearing"] = (self.bearing + by) % 360
        self.win.touch()

    def choose(self, optic: str) -> None:
        self.win.ui["optic"] = optic
        self.win.touch()

    def read(self) -> Hashable:
        game = self.game
        boat = game.module("boat")
        self.surfaced = bool(boat.surfaced)
        self.periscope_depth = bool(getattr(boat, "at_periscope_depth", False))
        self.weather = game.module("weather").status() if game.has_module("weather") else {}
        sea_status = game.module("sea").status() if game.has_module("sea") else {}
        self.periscope_up = bool(sea_status.get("periscope_up"))
        light = LIGHT_FACTOR.get(str(self.weather.get("daylight", "day")), 1.0)
        # a periscope with an open condition reaches less far (sensors.toml degraded_factor), as its looks report
        reach = self.optic.reach if self.optic.name != "periscope" else \
            periscope_share(component_state(game, "periscope")[1])
        self.visible_nm = float(self.weather.get("visibility_nm", 10)) * light * reach
        cond = game.module("sea").conditions() if game.has_module("sea") else None
        # the note under the view in the dark: how far a large ship shows through this optic, and a burning one
        self.dark_reach = None if cond is None else (
            round(visual_range("large", cond) * reach, 1),
            round(visual_range("large", cond, burning=True) * reach, 1))
        self.seen = []
        if cond is not None and self._usable() is None:
            sea = game.module("sea")
            t = game.t
            for vid, v in sea.vessels.items():
                truth = sea.truth(vid, t)
                # a ship shows as far as the crew's eyes reach it (the lookouts' and the periscope's sighting range
                # of its size: a merchant in sight through the periscope is one a look through it can report; a
                # ship on fire lights herself, in the dark beyond what the light shows of any other)
                limit = ship_range(v, cond) * reach
                if truth is None or truth.range_nm > limit:
                    continue
                to_boat = (truth.bearing + 180.0) % 360.0
                self.seen.append(Sighted(vid, v.cid, round(truth.bearing, 1), round(truth.range_nm, 2),
                                         round(_norm180(to_boat - truth.course)), round(limit, 2)))
            # an aircraft shows as far as the lookouts see one (sensors.toml [visual] aircraft), never beyond
            air_limit = min(self.visible_nm, visual_range("aircraft", cond) * reach)
            for aid in sea.aircraft:
                truth = sea.truth(aid, t)
                if truth is not None and truth.range_nm <= air_limit:
                    self.seen.append(Sighted(aid, None, round(truth.bearing, 1), round(truth.range_nm, 2), 0.0,
                                             round(air_limit, 2)))
        self.aim = self._aim(sea_status.get("contacts", []))
        # only what the view draws: ships in sight elsewhere on the horizon, moving, do not draw the view again
        return (tuple(x for x in self.seen if self._in_view(x)), self.optic.name, self.bearing, self.surfaced,
                self.periscope_depth, self.periscope_up, tuple(sorted(self.weather.items())), self.aim, self.dark_reach)

    def _in_view(self, seen: Sighted) -> bool:
        """Is it drawn in the view (its field of view, and a margin for a ship's length reaching into it)?"""
        return abs(_norm180(seen.bearing - self.bearing)) <= self.optic.fov / 2 + 5

    def _aim(self, contacts: list[dict[str, Any]]) -> tuple[str, int, bool] | None:
        """The contact the Target button turns to: (contact, its bearing, chosen on the plot), or None.
        With no contact chosen on the plot, the nearest one the crew has reported (turning there by
        the arrows would take a finger dozens of touches)."""
        chosen = self.win.ui.get("contact")
        target = next((x for x in contacts if x["contact"] == chosen), None) if isinstance(chosen, str) else None
        if target is not None:
            return (str(chosen), int(target["bearing"]), True)
        nearest = min(contacts, key=lambda x: (float(x.get("range_nm") or 1e9), str(x["contact"])), default=None)
        return None if nearest is None else (str(nearest["contact"]), int(nearest["bearing"]), False)

    def _usable(self) -> Msg | None:
        """Why the chosen optic shows nothing now, or None."""
        optic = self.optic
        if optic.surfaced and not self.surfaced:
            return Msg("The boat is submerged: nobody is on the bridge.")
        if not optic.surfaced:
            if self.surfaced:
                return Msg("The boat is surfaced: use the binoculars.")
            if not self.periscope_depth:
                return Msg("Too deep for the periscope: go to periscope depth (10 m).")
            if not self.periscope_up:  # nobody looks through a lowered periscope
                return Msg("The periscope is down: raise it (a periscope order).")
        return None

    def draw(self, c: Canvas, area: Rect) -> None:
        s = c.size
        view = Rect(area.x + s(4), area.y + s(4), area.w - s(140), area.h - s(8))
        side = Rect(view.right + s(4), area.y + s(4), area.right - view.right - s(8), area.h - s(8))
        c.surface.fill(theme.PANEL, area)
        self._controls(c, side)
        why = self._usable()
        if why is not None:
            pygame.draw.rect(c.surface, theme.PANEL_DARK, view)
            c.paragraph(why, view.inflate(-s(40), -s(120)), theme.TEXT_SIZE, theme.TEXT_DIM)
        else:
            self._scene(c, view)
        self._weather(c, view)

    def _weather(self, c: Canvas, view: Rect) -> None:
        """The weather and daylight of the moment in words under the view (the console's status says
        the same), on as many lines as the language needs."""
        w = self.weather
        if not w:
            return
        s = c.size
        words = Msg("weather: {kind}, visibility {vis:g} nm, cloud {cloud}/8, sea state {sea}, {daylight}",
                    kind=Msg.term(str(w.get("kind"))), vis=float(w.get("visibility_nm", 0)),
                    cloud=w.get("cloud_oktas"), sea=w.get("sea_state"),
                    daylight=Msg.term(str(w.get("daylight")).replace("_", " ")))
        lines = c.rows(words, theme.MIN_TEXT, view.w - s(12))
        lines[0] = capitalised(lines[0])  # a line of its own: "Weather: ...", "Погода: ..."
        reach = self.dark_reach
        if reach is not None and LIGHT_FACTOR.get(str(w.get("daylight", "day")), 1.0) < 1.0:  # visibility is the day's
            dark = c.rows(Msg("in this light a large ship shows at most {large:g} nm off, a burning one {burning:g} nm",
                              large=reach[0], burning=reach[1]), theme.MIN_TEXT, view.w - s(12))
            lines += [capitalised(dark[0]), *dark[1:]]  # a sentence of its own
        strip = Rect(view.x, view.bottom - len(lines) * s(20) - s(4), view.w, len(lines) * s(20) + s(4))
        pygame.draw.rect(c.surface, (0, 0, 0), strip)
        for k, line in enumerate(lines):
            c.text(line, (strip.x + s(6), strip.y + s(2) + k * s(20)), theme.MIN_TEXT, theme.TEXT_DIM,
                   width=view.w - s(12))

    def _scene(self, c: Canvas, view: Rect) -> None:
        surface = c.surface
        optic = self.optic
        phase = str(self.weather.get("daylight", "day"))
        sky, sea = SKIES.get(phase, SKIES["day"])
        kind = str(self.weather.get("kind", "clear"))
        if kind in ("overcast", "rain", "storm"):
            sky = _mix(sky, (120, 124, 130), 0.5)
        if kind == "fog":
            sky, sea = _mix(sky, FOGGY, 0.7), _mix(sea, FOGGY, 0.5)
        horizon = view.y + round(view.h * 0.48)
        clip = surface.get_clip()
        surface.set_clip(view.clip(clip))
        surface.fill(sky, Rect(view.x, view.y, view.w, horizon - view.y))
        surface.fill(sea, Rect(view.x, horizon, view.w, view.bottom - horizon))
        glow = GLOWS.get(phase)
        if glow is not None:
            if kind in ("overcast", "rain", "storm", "fog"):  # the weather dims the glow as it dims the sky
                glow = _mix(glow, sky, 0.5)
            top = horizon - round((horizon - view.y) * GLOW_HEIGHT)
            surface.blit(self._glow_band(surface, (view.w, horizon - top), sky, glow), (view.x, top))
        # a ship fades into the sky behind it (the glow, in the dark) as it nears the edge of sight
        behind = glow if glow is not None else sky
        ink = INKS.get(phase, INK)
        state = int(self.weather.get("sea_state", 2))
        for i in range(3 + state * 2):
            y = horizon + round((view.bottom - horizon) * ((i + 1) / (4 + state * 2)) ** 1.6)
            pygame.draw.line(surface, _mix(sea, sky, 0.25), (view.x, y), (view.right, y), 1)
        px_per_deg = view.w / optic.fov
        self.sight_scale = (px_per_deg, float(horizon))
        centre_x = view.centerx
        for seen in sorted(self.seen, key=lambda x: -x.range_nm):
            if not self._in_view(seen):
                continue
            off = _norm180(seen.bearing - self.bearing)
            x = centre_x + off * px_per_deg
            range_m = max(50.0, seen.range_nm * M_PER_NM)
            fade = (seen.range_nm / max(0.1, seen.limit_nm)) ** 1.5
            if seen.cls is None:
                self._aircraft(c, view, (round(x), horizon), px_per_deg, range_m, fade, glow or sky, sky, ink)
                continue
            scale = px_per_deg * math.degrees(1.0 / range_m)
            y = waterline_y(horizon, px_per_deg, optic.eye_m, range_m)
            color = _mix(ink, behind, 0.15 + 0.8 * fade)
            draw_silhouette(surface, seen.cls, (x, y), scale, color, aspect=seen.aob, antialias=False)
        surface.set_clip(clip)
        self._reticle(c, view, horizon, px_per_deg)
        pygame.draw.rect(surface, theme.PANEL_EDGE, view, 1)

    def _glow_band(self, surface: Any, size: tuple[int, int], sky: theme.Color, glow: theme.Color) -> Any:
        """The glow's band (`glow_band`), made again only when what decides it changed."""
        key = (size, sky, glow, surface.get_bitsize(), surface.get_masks())
        if self._glow is None or self._glow[0] != key:
            self._glow = (key, glow_band(surface, size, sky, glow))
        return self._glow[1]

    def _aircraft(self, c: Canvas, view: Rect, at: tuple[int, int], px_per_deg: float, range_m: float, fade: float,
                  glow: theme.Color, sky: theme.Color, ink: theme.Color) -> None:
        """An aircraft in sight at (x, horizon) `at`, `range_m` off: by day dark against the sky; in the dark near
        black against a patch of the glow around it; either fading into the sky as it nears the edge of sight. One
        higher than the view reaches is drawn at the top of its sky, under a mark that says it is higher."""
        s = c.size
        surface = c.surface
        x, horizon = at
        # as wide as its span looks, but never more than half the sky's height (one right overhead fills no view)
        size = max(s(14), min(round(px_per_deg * math.degrees(AIR_SPAN_M / range_m)), (horizon - view.y - s(24)) // 2))
        top = view.y + s(24) + size // 2 + s(12)  # under the bearing strip, room for the mark above it
        top = max(top, round(horizon - (horizon - view.y - s(24)) * AIR_TOP))
        y = horizon - round(px_per_deg * math.degrees(AIR_HEIGHT_M / range_m))
        higher = y < top
        y = max(y, top)
        # the mark above it (s(12) wide, s(7) high) whole inside the eyepieces, not behind their dark rim
        edges = [e for e in (self._eyepiece_top(c, view, x + dx) for dx in (-s(7), 0, s(7))) if e is not None]
        if higher and edges:
            y = max(y, min(math.ceil(max(edges)) + s(14) + size // 2, horizon - size // 2 - s(2)))
        box = Rect(x - size // 2, y - size // 2, size, size)
        if sky != glow:  # in the dark: the glow the eye finds it against
            halo = box.inflate(size, size // 2 + s(8))
            pygame.draw.ellipse(surface, _mix(glow, sky, fade), halo)
            icons.aircraft(surface, box, _mix(ink, sky, 0.15 + 0.85 * fade))
        else:
            icons.aircraft(surface, box, _mix(AIR_INK, sky, fade))
        if higher:
            mark = _mix(AIR_INK if sky == glow else (200, 210, 200), sky, fade)  # the reticle's light marks at night
            mx = self._inside_eyepiece(c, view, x, box.top - s(11), s(7))
            pygame.draw.polygon(surface, mark, [(mx, box.top - s(11)), (mx - s(6), box.top - s(4)),
                                                (mx + s(6), box.top - s(4))])

    def _inside_eyepiece(self, c: Canvas, view: Rect, x: int, y: int, half: int) -> int:
        """`x` moved in just enough that a mark `half` either side of it at the height `y` is seen through the
        eyepiece whose centre is nearest (beside the aircraft near the rim, not cut by it); `x` as it is with no
        eyepiece, or when it lies outside every one (nothing of the aircraft is seen there)."""
        circles = [e for e in self._eyepieces(c, view) if abs(x - e[0]) < e[2]]
        if not circles or all(any((px - cx) ** 2 + (y - cy) ** 2 <= r * r for cx, cy, r in circles)
                              for px in (x - half, x + half)):
            return x
        cx, cy, r = min(circles, key=lambda e: abs(x - e[0]))
        reach = math.sqrt(max(0.0, r * r - (y - cy) ** 2)) - half
        return x if reach <= 0 else round(max(cx - reach, min(cx + reach, x)))

    def _eyepieces(self, c: Canvas, view: Rect) -> list[tuple[int, int, int]]:
        """The circles (centre x, centre y, radius) the optic is seen through, on the screen: the periscope's one,
        the binoculars' two side by side; none for the 88 mm sight (its whole view is seen)."""
        s = c.size
        if self.optic.name == "periscope":
            return [(view.centerx, view.y + view.h // 2, min(view.w, view.h) // 2 - s(4))]
        if self.optic.name == "binoculars":
            r = min(view.h // 2 - s(4), view.w // 4 + s(30))
            return [(view.x + view.w // 2 + dx, view.y + view.h // 2, r) for dx in (-r + s(30), r - s(30))]
        return []

    def _eyepiece_top(self, c: Canvas, view: Rect, x: int) -> float | None:
        """The highest point seen through the eyepieces at `x` on the screen (None: no eyepiece there, or the
        optic has none)."""
        tops = [cy - math.sqrt(r * r - (x - cx) ** 2) for cx, cy, r in self._eyepieces(c, view) if abs(x - cx) < r]
        return min(tops, default=None)

    def _reticle(self, c: Canvas, view: Rect, horizon: int, px_per_deg: float) -> None:
        s = c.size
        surface = c.surface
        optic = self.optic
        mark = (20, 20, 20) if str(self.weather.get("daylight", "day")) == "day" else (200, 210, 200)
        cx = view.centerx
        if optic.name == "periscope":
            mask = pygame.Surface(view.size, pygame.SRCALPHA)
            mask.fill((0, 0, 0, 255))
            (ex, ey, radius), = self._eyepieces(c, view)
            pygame.draw.circle(mask, (0, 0, 0, 0), (ex - view.x, ey - view.y), radius)
            surface.blit(mask, view)
            pygame.draw.line(surface, mark, (cx - radius, horizon), (cx + radius, horizon), 1)
            pygame.draw.line(surface, mark, (cx, view.centery - radius), (cx, view.centery + radius), 1)
            for k in range(-4, 5):
                x = cx + round(k * px_per_deg * 0.5)
                h = s(10) if k % 2 == 0 else s(5)
                pygame.draw.line(surface, mark, (x, horizon - h), (x, horizon + h), s(2))
        elif optic.name == "binoculars":
            mask = pygame.Surface(view.size, pygame.SRCALPHA)
            mask.fill((0, 0, 0, 255))
            for ex, ey, r in self._eyepieces(c, view):
                pygame.draw.circle(mask, (0, 0, 0, 0), (ex - view.x, ey - view.y), r)
            surface.blit(mask, view)
        else:
            pygame.draw.line(surface, mark, (cx, view.y + s(20)), (cx, view.bottom - s(20)), 1)
            pygame.draw.line(surface, mark, (view.x + s(20), horizon), (view.right - s(20), horizon), 1)
            # range marks, their labels on alternate sides of the vertical line (the far ones crowd
            # the horizon)
            for k, range_m in enumerate(sorted(GUN_MARKS_M, reverse=True)):
                y = round(waterline_y(horizon, px_per_deg, optic.eye_m, range_m))
                pygame.draw.line(surface, mark, (cx - s(10), y), (cx + s(10), y), s(2))
                side = (cx + s(14), y) if k % 2 == 0 else (cx - s(14), y)
                c.text(Msg("{m} m", m=range_m), side, theme.MIN_TEXT, mark, "midleft" if k % 2 == 0 else "midright")
        strip = Rect(view.x, view.y, view.w, s(24))
        pygame.draw.rect(surface, (0, 0, 0), strip)
        clip = surface.get_clip()
        surface.set_clip(strip.clip(clip))  # the bearings stay inside the view, off the buttons beside it
        for deg in range(-int(optic.fov // 2) - 1, int(optic.fov // 2) + 2):
            true = (self.bearing + deg) % 360
            x = cx + round(deg * px_per_deg)
            pygame.draw.line(surface, theme.TEXT_DIM, (x, strip.bottom - s(6)), (x, strip.bottom), 1)
            if true % (2 if optic.fov <= 10 else 5) == 0:
                c.text(f"{true:03d}", (x, strip.y + s(1)), theme.MIN_TEXT, theme.TEXT, "midtop")
        surface.set_clip(clip)
        pygame.draw.polygon(surface, theme.ACCENT, [(cx, strip.bottom + s(8)), (cx - s(7), strip.bottom),
                                                   (cx + s(7), strip.bottom)])

    def _controls(self, c: Canvas, rect: Rect) -> None:
        s = c.size
        y = rect.y
        for name in self.optics():
            optic = OPTICS[name]
            c.button(f"optic.{name}", Rect(rect.x, y, rect.w, s(47)), optic.word, call(self.choose, name),
                     active=self.optic.name == name, size=theme.MIN_TEXT)
            y += s(51)
        half = (rect.w - s(4)) // 2
        step = max(1, round(self.optic.fov / 2))
        # half the field of view a touch, and on while held (a binocular's 4° a touch: a quarter turn would take 23)
        c.button("scope.left", Rect(rect.x, y, half, s(47)), None, simple(lambda: self.turn(-step)),
                 icon=icons.arrow_left, kind="repeat")
        c.button("scope.right", Rect(rect.x + half + s(4), y, half, s(47)), None, simple(lambda: self.turn(step)),
                 icon=icons.arrow_right, kind="repeat")
        y += s(47)
        raising = self.optic.name == "periscope" and not self.surfaced
        # the target button under the reading, and above the periscope's own button where that one is shown (at
        # 800x480 the column is too short for both at their full spacing: they overlapped, and a touch on the
        # target button's lower edge raised the periscope)
        below = y + s(34)
        if raising:
            below = min(below, rect.bottom - s(47) * 2 - s(4))
        c.text(f"{self.bearing:03d}°", (rect.centerx, (y + below) // 2), 24, theme.TEXT, "center", bold=True)
        y = below
        aim = self.aim
        label = (Msg("Target") if aim is None else Msg("To {c}", c=aim[0]) if aim[2] else
                 Msg("Nearest: {c}", c=aim[0]))
        c.button("scope.target", Rect(rect.x, y, rect.w, s(47)), label, simple(lambda: self._to_target(aim)),
                 enabled=aim is not None, why_not=Msg("No contact is reported."), size=theme.MIN_TEXT)
        if raising:
            # the button says the periscope's state in words and icon, not by its fill alone: down, it offers to raise
            # it; up, it says so, and a touch orders another look (each look is a periscope order, §6.5)
            up = self.periscope_up
            c.button("scope.raise", Rect(rect.x, rect.bottom - s(47), rect.w, s(47)),
                     Msg("Raised") if up else Msg("Raise"), simple(lambda: self.win.open_form("periscope")),
                     active=up, icon=icons.periscope if up else icons.arrow_up,
                     note=Msg("look again") if up else None, size=theme.MIN_TEXT)

    def _to_target(self, aim: tuple[str, int, bool] | None) -> None:
        if aim is not None:
            self.win.ui["scope_bearing"] = aim[1]
            self.win.ui["contact"] = aim[0]  # the plot shows its target data
            self.win.touch()
