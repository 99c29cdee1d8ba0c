"""The strategic map: the naval grid around the boat with its squares named, the dead-reckoning
track, sextant fixes and the mission's target area (when the mission names one). Everything is
the navigator's plot: the boat's true position is never drawn. Touching a square (or a mission's
area) lays off the course to it with the protractor and the range ruler, as the console's `chart`
does (`kaleun.ui.reckoning`), with a button that opens the course order preset to it."""

from __future__ import annotations

import math
from collections.abc import Hashable, Iterable, Mapping
from functools import lru_cache
from typing import Any

import pygame
from pygame import Rect

from kaleun.core.events import Event
from kaleun.core.messages import Msg
from kaleun.uboot.sea import geo
from kaleun.uboot.sea.grid import Square, naval_grid
from kaleun.ui import icons, reckoning, theme
from kaleun.ui.scene import freeze
from kaleun.ui.screens.base import Screen
from kaleun.ui.touch import simple
from kaleun.ui.widgets import NARROWEST, Canvas

#: degrees of latitude from the centre to the top edge, per zoom step
SPANS = (1.35, 2.7, 5.4, 10.8)
#: the track keeps a point every this many nm of dead reckoning (and at most this many points)
TRACK_STEP_NM = 2.0
TRACK_POINTS = 3000
#: the radius of the boat's mark on the map (design pixels)
BOAT_R = 7
#: the size of a large square's letters ("BF") at the widest spans
LARGE_SIZE = 24
#: the hint at the map's foot while no square is touched
NOTES = (Msg("Touch a square for its course and distance."), Msg("Track and fixes are the navigator's plot."))
#: ... at a span whose squares are too small for a finger to pick
CLOSER = (Msg("Touch the map for a closer look there."), NOTES[1])


class Track:
    """The dead-reckoning track and the fixes, kept by the window as the game runs."""

    def __init__(self) -> None:
        self.points: list[tuple[float, float]] = []
        self.fixes: list[tuple[float, float, str | None]] = []

    def sample(self, game: Any) -> None:
        if not game.has_module("navigation"):
            return
        lat, lon = game.module("navigation").dr_position()
        if self.points:
            plat, plon = self.points[-1]
            dx = (lon - plon) * 60 * math.cos(math.radians(lat))
            if math.hypot(dx, (lat - plat) * 60) < TRACK_STEP_NM:
                return
        self.points.append((round(lat, 4), round(lon, 4)))
        del self.points[:-TRACK_POINTS]

    def on_event(self, event: Event) -> None:
        if event.name == "sextant_fix" and "lat" in event.data:
            self.fixes.append((float(event.data["lat"]), float(event.data["lon"]), event.data.get("square")))
            self.points.append((float(event.data["lat"]), float(event.data["lon"])))


@lru_cache(maxsize=8)
def squares_near(lat: float, lon: float, span: float) -> tuple[Square, ...]:
    south, north = lat - span * 1.2, lat + span * 1.2
    wide = span * 2.5 / max(0.2, math.cos(math.radians(lat)))
    return tuple(sq for sq in naval_grid().squares.values()
                 if sq.north > south and sq.south < north and sq.east > lon - wide and sq.west < lon + wide)


@lru_cache(maxsize=8)
def large_edges(lat: float, lon: float, span: float) -> tuple[tuple[tuple[float, float], tuple[float, float]], ...]:
    """The sides of the squares near (`squares_near`) where one large square ("AL") meets another or the map's
    edge, as (lat, lon) ends: the lines the widest spans draw bright, so the large squares read among small ones
    too small to name."""
    grid = naval_grid()
    out = []
    beyond = 1e-6
    for sq in squares_near(lat, lon, span):
        mid_lat, mid_lon = sq.centre
        sides = (((sq.north, sq.east), (sq.south, sq.east), grid.name_at(mid_lat, sq.east + beyond)),
                 ((sq.north, sq.west), (sq.south, sq.west), grid.name_at(mid_lat, sq.west - beyond)),
                 ((sq.north, sq.west), (sq.north, sq.east), grid.name_at(sq.north + beyond, mid_lon)),
                 ((sq.south, sq.west), (sq.south, sq.east), grid.name_at(sq.south - beyond, mid_lon)))
        out += [(a, b) for a, b, other in sides if other is None or other[:2] != sq.name[:2]]
    return tuple(out)


def boat_pointer(area: Rect, boat: tuple[int, int], size: int,
                 covers: Iterable[Rect] = ()) -> list[tuple[int, int]]:
    """A triangle on the line from `area`'s centre to the `boat` outside it, its tip towards the boat: as near the
    edge as it shows clear of the panels and buttons over the map (`covers`)."""
    cx, cy = area.center
    dx, dy = boat[0] - cx, boat[1] - cy
    reach = min((area.w / 2 - size) / abs(dx) if dx else math.inf, (area.h / 2 - size) / abs(dy) if dy else math.inf)
    heading = math.atan2(dy, dx)
    blocked = list(covers)
    points: list[tuple[int, int]] = []
    for k in range(20, -1, -1):  # from the edge back towards the centre
        tip = (cx + dx * reach * k / 20, cy + dy * reach * k / 20)
        back = [(tip[0] - size * math.cos(heading + turn), tip[1] - size * math.sin(heading + turn))
                for turn in (-0.3, 0.3)]
        points = [(round(x), round(y)) for x, y in (tip, *back)]
        xs, ys = [x for x, _ in points], [y for _, y in points]
        box = Rect(min(xs), min(ys), max(xs) - min(xs) + 1, max(ys) - min(ys) + 1)
        if box.collidelist(blocked) < 0:
            break
    return points


def target_squares(mission: Mapping[str, Any]) -> list[str]:
    """The squares of the mission's target area, whatever shape the mission gives it."""
    for key in ("target_area", "area", "target_square", "target_squares", "squares"):
        value = mission.get(key)
        if isinstance(value, str):
            return [value]
        if isinstance(value, list | tuple):
            return [str(v) for v in value if isinstance(v, str)]
        if isinstance(value, Mapping):
            found = value.get("squares") or value.get("square")
            if isinstance(found, str):
                return [found]
            if isinstance(found, list | tuple):
                return [str(v) for v in found]
    return []


def objective_areas(mission: Any) -> list[tuple[str, Any]]:
    """The areas of the objectives the crew knows (not those still in a coded signal):
    ("squares", names), ("box", (south, north, west, east)) or ("point", (lat, lon, radius_nm))."""
    out: list[tuple[str, Any]] = []
    for objective in getattr(mission, "objectives", {}).values():
        if getattr(objective, "state", "pending") == "pending":
            continue
        area = getattr(objective, "area", None)
        if area is None:
            continue
        if area.squares:
            out.append(("squares", tuple(area.squares)))
        elif area.box is not None:
            out.append(("box", tuple(area.box)))
        elif area.point is not None:
            out.append(("point", (*area.point, float(area.radius_nm))))
    return out


class ChartScreen(Screen):
    id = "map"
    title = Msg("Map")
    icon = "chart"

    def __init__(self, win: Any) -> None:
        super().__init__(win)
        self.nav: dict[str, Any] = {}
        self.area: list[str] = []
        self.shapes: list[tuple[str, Any]] = []
        #: the course laid off to the square or area last touched (or why there is none)
        self.leg: reckoning.Leg | Msg | None = None
        #: where the map lies on the screen: (area, lat0, lon0 of its centre, pixels per degree of latitude, cos lat0)
        self.frame: tuple[Rect, float, float, float, float] | None = None
        #: how wide a square at the map's centre is on the screen (pixels), as last drawn
        self.square_w = 0.0

    @property
    def span(self) -> float:
        return float(self.win.ui.get("map_span", SPANS[1]))

    def zoom(self, by: int) -> None:
        """A zoom button: in about the map's centre, or out about the boat again (the overview)."""
        i = SPANS.index(self.span) if self.span in SPANS else 1
        self.win.ui["map_span"] = SPANS[max(0, min(len(SPANS) - 1, i + by))]
        if by > 0:
            self.win.ui.pop("map_centre", None)
        self.win.touch()

    def zoom_to(self, lat: float, lon: float) -> None:
        """A finger on a span whose squares are narrower than a fingertip: the map zooms in there, to the widest
        span whose squares take a finger (the next touch picks one: at the widest span a square was a third of
        a fingertip wide, so a finger laid off the course to a square beside the one it meant)."""
        need = self.win.layout.size(theme.MIN_TARGET)
        fits = [span for span in SPANS if self.square_w * self.span / span >= need]
        self.win.ui["map_span"] = max(fits) if fits else SPANS[0]
        self.win.ui["map_centre"] = (round(lat, 4), round(lon, 4))
        self.win.touch()

    def read(self) -> Hashable:
        game = self.game
        self.nav = game.module("navigation").status() if game.has_module("navigation") else {}
        mission = game.module("mission").status() if game.has_module("mission") else {}
        self.area = target_squares(mission)
        self.shapes = objective_areas(game.module("mission")) if game.has_module("mission") else []
        for kind, value in self.shapes:
            if kind == "squares":
                self.area += [sq for sq in value if sq not in self.area]
        squares = naval_grid().squares  # and the squares HQ's decoded signals name: its target areas
        self.area += [sq for sq, _signal in reckoning.signalled_squares(game) if sq in squares and sq not in self.area]
        self.leg = self._leg(self.win.ui.get("map_pick"))
        leg = ((self.leg.to, self.leg.course, round(self.leg.distance_nm)) if isinstance(self.leg, reckoning.Leg)
               else self.leg.template if self.leg is not None else None)
        track = self.win.track
        return (freeze(self.nav), tuple(self.area), tuple(self.shapes), len(track.points), len(track.fixes),
                self.span, self.win.ui.get("map_pick"), leg, self.win.ui.get("map_centre"))

    def _leg(self, pick: Any) -> reckoning.Leg | Msg | None:
        """The course to what was touched: ("square", name) or ("area", objective id)."""
        if not isinstance(pick, tuple):
            return None
        kind, name = pick
        if kind == "area":
            for objective in reckoning.objectives_with_areas(self.game, given_only=False):
                if objective.id == name:
                    return reckoning.to_area(self.game, objective)
            return None
        return reckoning.to_square(self.game, name)

    def pick(self, pos: tuple[int, int]) -> None:
        """A finger on the map: the mission's area under it, else the square under it."""
        if self.frame is None:
            return
        area, lat0, lon0, k, coslat = self.frame
        lat = lat0 - (pos[1] - area.centery) / k
        lon = lon0 + (pos[0] - area.centerx) / (coslat * k)
        lon = (lon + 180) % 360 - 180
        found: tuple[str, str] | None = None
        for objective in reckoning.objectives_with_areas(self.game, given_only=False):
            if objective.area.contains(lat, lon):
                found = ("area", str(objective.id))
                break
        if found is None and self.too_fine():
            self.zoom_to(lat, lon)  # a square too small for a finger to pick: a closer look first
            return
        if found is None:
            name = naval_grid().name_at(lat, lon)
            found = ("square", name) if name else None
        self.win.ui["map_pick"] = found
        self.win.touch()

    def unpick(self) -> None:
        self.win.ui.pop("map_pick", None)
        self.win.touch()

    def draw(self, c: Canvas, area: Rect) -> None:
        s = c.size
        surface = c.surface
        surface.fill(theme.SEA_DEEP, area)
        if "dr_lat" not in self.nav:
            c.text(Msg("This game has no strategic map."), area.center, theme.TEXT_SIZE, theme.TEXT_DIM, "center")
            return
        lat0, lon0 = float(self.nav["dr_lat"]), float(self.nav["dr_lon"])  # the boat, by dead reckoning
        # the map's centre: the boat, or where a finger zoomed in
        mid_lat, mid_lon = self.win.ui.get("map_centre") or (lat0, lon0)
        span = self.span
        k = (area.h / 2) / span  # pixels per degree of latitude
        coslat = math.cos(math.radians(mid_lat))
        c.targets.add("map.chart", area, self.pick)  # under everything drawn on it later

        def xy(lat: float, lon: float) -> tuple[int, int]:
            dlon = (lon - mid_lon + 180) % 360 - 180
            return (round(area.centerx + dlon * coslat * k), round(area.centery - (lat - mid_lat) * k))

        grid = naval_grid()
        near = (round(mid_lat, 1), round(mid_lon, 1), span)
        squares = squares_near(*near)
        small = (squares[0].east - squares[0].west) * coslat * k if squares else 0
        here = grid.square_at(mid_lat, mid_lon)  # a square at the map's centre: how wide the squares are to a finger
        finger = (here.east - here.west) * coslat * k if here is not None else small
        self.frame = (Rect(area), mid_lat, mid_lon, k, coslat)
        self.square_w = finger
        name_size = theme.MIN_TEXT
        label_squares = small >= c.text_width("AL55", name_size) + s(6)
        boat = Rect(0, 0, s(2 * BOAT_R + 4), s(2 * BOAT_R + 4))  # the boat's mark, with a little room round it
        boat.center = xy(lat0, lon0)
        areas = self._areas(xy)
        # where each "target area" label goes (under its area), so that no square's name is drawn under it
        tag_w, tag_h = c.text_width(Msg("target area"), theme.MIN_TEXT), c.font(theme.MIN_TEXT).get_linesize()
        tags = [Rect(box.centerx - tag_w // 2, box.bottom + s(2), tag_w, tag_h) for _, box in areas]
        covers = self._overlays(c, area)  # the panels and buttons drawn over the map later: no name goes under them
        large: dict[str, list[tuple[int, int]]] = {}
        for sq in squares:
            x0, y0 = xy(sq.north, sq.west)
            x1, y1 = xy(sq.south, sq.east)
            box = Rect(x0, y0, x1 - x0, y1 - y0)
            pygame.draw.rect(surface, theme.GRID, box, 1)
            # each name within its own square, squeezed a little where the grid's squares are narrower (the rows
            # south of AL03 are a sixth narrower than those north of it: their names ran into each other)
            room = box.w - s(4)
            if label_squares and c.text_width(sq.name, name_size) * NARROWEST <= room:
                at = self.label_at(c, sq.name, box, boat, tags, covers, area)
                if at is not None:  # (a square with no clear room in view for its whole name shows none)
                    c.text(sq.name, at, name_size, theme.GRID_BRIGHT, "center", width=room)
            large.setdefault(sq.name[:2], []).append(box.center)
        if finger < s(theme.MIN_TARGET):  # the large squares' borders, bright among squares too small to pick
            for a, b in large_edges(*near):
                pygame.draw.line(surface, theme.GRID_BRIGHT, xy(*a), xy(*b), s(2))
        if not label_squares:
            for name, centres in large.items():
                x = sum(p[0] for p in centres) // len(centres)
                y = sum(p[1] for p in centres) // len(centres)
                at = self.letters_at(c, name, (x, y), boat, tags, covers, area, centres)
                if at is not None:  # (a large square with no clear room in view for its letters shows none)
                    c.text(name, at, LARGE_SIZE, theme.GRID_BRIGHT, "center", bold=True)
        for kind, box in areas:
            if kind == "squares":
                for sq_box in self._square_boxes(xy):
                    pygame.draw.rect(surface, theme.ACCENT, sq_box, s(3))
                    for i in range(sq_box.x - sq_box.h, sq_box.right, s(12)):
                        pygame.draw.line(surface, theme.ACCENT,
                                         (max(sq_box.x, i), min(sq_box.bottom, sq_box.bottom - (max(sq_box.x, i) - i))),
                                         (min(sq_box.right, i + sq_box.h),
                                          max(sq_box.y, sq_box.y + (i + sq_box.h - min(sq_box.right, i + sq_box.h)))),
                                         1)
            elif kind == "box":
                pygame.draw.rect(surface, theme.ACCENT, box, s(3))
            else:
                pygame.draw.circle(surface, theme.ACCENT, box.center, box.w // 2, s(3))
        for tag in tags:  # one label under each area
            c.text(Msg("target area"), tag.midtop, theme.MIN_TEXT, theme.ACCENT, "midtop")
        track = self.win.track
        points = [xy(lat, lon) for lat, lon in track.points] + [xy(lat0, lon0)]
        if len(points) > 1:
            pygame.draw.lines(surface, theme.TEXT, False, points, s(2))
        fixes = list(track.fixes)
        last = getattr(self.game.module("navigation"), "fix", None) if self.game.has_module("navigation") else None
        if isinstance(last, dict) and "lat" in last:  # the last fix, also of a game resumed from a save
            fixes.append((float(last["lat"]), float(last["lon"]), last.get("square")))
        for lat, lon, _name in fixes:
            p = xy(lat, lon)
            pygame.draw.circle(surface, theme.GOOD, p, s(8), s(2))
            pygame.draw.line(surface, theme.GOOD, (p[0] - s(11), p[1]), (p[0] + s(11), p[1]), s(2))
            pygame.draw.line(surface, theme.GOOD, (p[0], p[1] - s(11)), (p[0], p[1] + s(11)), s(2))
        centre = xy(lat0, lon0)
        leg = self.leg
        if isinstance(leg, reckoning.Leg):  # the course laid off, and where it leads
            pick = self.win.ui.get("map_pick")
            if isinstance(pick, tuple) and pick[0] == "square":
                sq = grid.square(leg.to)
                (x0, y0), (x1, y1) = xy(sq.north, sq.west), xy(sq.south, sq.east)
                there = Rect(x0, y0, x1 - x0, y1 - y0)
                pygame.draw.rect(surface, theme.TEXT, there, s(3))
                end = there.center
            else:
                end = centre
                for objective in reckoning.objectives_with_areas(self.game, given_only=False):
                    if objective.id == leg.to:
                        end = xy(*objective.area.centre)
            pygame.draw.line(surface, theme.TEXT, centre, end, s(2))
        pygame.draw.circle(surface, theme.OWN_BOAT, centre, s(BOAT_R))
        pygame.draw.circle(surface, theme.OUTLINE, centre, s(BOAT_R), s(2))
        if not area.collidepoint(centre):  # zoomed in away from the boat: a mark on the map's edge points to it
            pointer = boat_pointer(area, centre, s(BOAT_R * 4), covers.values())
            pygame.draw.polygon(surface, theme.OWN_BOAT, pointer)
            pygame.draw.polygon(surface, theme.OUTLINE, pointer, 1)
        info = covers["info"]
        pygame.draw.rect(surface, theme.PANEL, info, border_radius=s(6))
        here = self.nav.get("dr_square")  # off the map's squares: the boat's reckoned latitude and longitude
        reckoned = Msg("Square {sq} by dead reckoning", sq=here) if here else \
            Msg("Off the map at {where} by dead reckoning", where=geo.where(lat0, lon0))
        c.text(reckoned, (info.x + s(6), info.y + s(2)), theme.MIN_TEXT, theme.TEXT, width=info.w - s(10))
        if self.nav.get("fix_square") is not None or "fix_age_h" in self.nav:
            fix = Msg("last fix {sq}, {h} h ago", sq=self.nav.get("fix_square") or "—", h=self.nav.get("fix_age_h"))
        else:
            fix = Msg("no sextant fix yet")
        c.text(fix, (info.x + s(6), info.y + s(24)), theme.MIN_TEXT, theme.TEXT_DIM, width=info.w - s(10))
        zoom = covers["zoom_in"]
        c.button("map.zoom_in", zoom, None, simple(lambda: self.zoom(-1)), icon=icons.plus, enabled=span > SPANS[0])
        c.button("map.zoom_out", covers["zoom_out"], None, simple(lambda: self.zoom(+1)), icon=icons.minus,
                 enabled=span < SPANS[-1])
        c.button("map.sextant", covers["sextant"], Msg("Sextant"),
                 simple(lambda: self.win.open_form("sextant")), size=theme.MIN_TEXT)
        if self.win.mission_end is not None:  # the mission is over: its debrief, to read again after looking around
            c.button("map.debrief", covers["mission"], Msg("Debrief"),
                     simple(self.win.open_debrief), size=theme.MIN_TEXT)
        elif self.game.has_module("mission"):  # the briefing, the objectives and HQ's signals, to read again
            c.button("map.mission", covers["mission"], Msg("Mission"),
                     simple(self.win.open_mission), size=theme.MIN_TEXT)
        if leg is not None:  # the course laid off, or the sentence why there is none (the boat is in that square)
            self._leg_panel(c, covers["panel"], leg)
        else:
            pygame.draw.rect(surface, theme.PANEL, covers["panel"], border_radius=s(6))
            for i, note in enumerate(self.notes()):
                c.text(note, (area.x + s(8), area.bottom - s(48) + i * s(22)), theme.MIN_TEXT, theme.TEXT_DIM,
                       width=covers["panel"].w - s(12))

    def too_fine(self) -> bool:
        """The squares as last drawn are narrower than a fingertip and the map can zoom in: a touch looks closer
        (`zoom_to`) instead of picking a square, and the hint says so."""
        return self.frame is not None and self.square_w < self.win.layout.size(theme.MIN_TARGET) \
            and self.span > SPANS[0]

    def notes(self) -> tuple[Msg, ...]:
        """The hint at the map's foot: what a touch on the map does at this span."""
        return CLOSER if self.too_fine() else NOTES

    def _overlays(self, c: Canvas, area: Rect) -> dict[str, Rect]:
        """Where the panels and buttons drawn over the map lie: the position note (top left), the zoom buttons (top
        right), the sextant and mission buttons (bottom right) and the hint or the course laid off (bottom left)."""
        s = c.size
        out = {"info": Rect(area.x + s(6), area.y + s(6), s(300), s(48)),
               "zoom_in": Rect(area.right - s(54), area.y + s(4), s(48), s(48)),
               "zoom_out": Rect(area.right - s(54), area.y + s(56), s(48), s(48)),
               "sextant": Rect(area.right - s(130), area.bottom - s(52), s(124), s(47))}
        if self.win.mission_end is not None or self.game.has_module("mission"):
            out["mission"] = Rect(area.right - s(260), area.bottom - s(52), s(124), s(47))
        if isinstance(self.leg, reckoning.Leg):
            out["panel"] = Rect(area.x + s(4), area.bottom - s(156), area.w - s(272), s(152))
        elif self.leg is not None:
            out["panel"] = Rect(area.x + s(4), area.bottom - s(64), area.w - s(272), s(60))
        else:
            wide = min(area.w - s(272), max(c.text_width(note, theme.MIN_TEXT) for note in self.notes()) + s(12))
            out["panel"] = Rect(area.x + s(2), area.bottom - s(50), wide, s(48))
        return out

    def _square_boxes(self, xy: Any) -> list[Rect]:
        """The target area's squares on the screen."""
        grid = naval_grid()
        boxes = []
        for name in self.area:
            try:
                sq = grid.square(name)
            except ValueError:
                continue
            (x0, y0), (x1, y1) = xy(sq.north, sq.west), xy(sq.south, sq.east)
            boxes.append(Rect(x0, y0, x1 - x0, y1 - y0))
        return boxes

    def _areas(self, xy: Any) -> list[tuple[str, Rect]]:
        """The mission's target areas on the screen, each with the box its label goes under: its squares (one label
        under them all), a box of latitude and longitude, a point with its radius (drawn as a circle)."""
        out: list[tuple[str, Rect]] = []
        marked = self._square_boxes(xy)
        if marked:
            out.append(("squares", marked[0].unionall(marked[1:])))
        assert self.frame is not None
        k = self.frame[3]
        for kind, value in self.shapes:
            if kind == "box":
                south, north, west, east = value
                (x0, y0), (x1, y1) = xy(north, west), xy(south, east)
                out.append(("box", Rect(x0, y0, max(1, x1 - x0), max(1, y1 - y0))))
            elif kind == "point":
                lat, lon, radius_nm = value
                centre = xy(lat, lon)
                radius = max(self.win.layout.size(6), round(radius_nm / 60.0 * k))
                out.append(("point", Rect(centre[0] - radius, centre[1] - radius, 2 * radius, 2 * radius)))
        return out

    @staticmethod
    def letters_at(c: Canvas, name: str, centre: tuple[int, int], boat: Rect, tags: list[Rect],
                   covers: Mapping[str, Rect] | None = None, view: Rect | None = None,
                   squares: list[tuple[int, int]] | None = None) -> tuple[int, int] | None:
        """Where a large square's letters are centred at the widest spans: in the middle of its squares in view,
        unless the boat's mark or a target area's label would cover them there ("BF" under the mark of a boat in
        BF54): then just above the mark, or just below it. Where a panel or a button over the map (`covers`) or the
        map's edge (`view`) would hide them, they move to the nearest of its small squares (`squares`, their centres)
        where they show whole; None when there is none."""
        w, h = c.font(LARGE_SIZE, True).size(name)
        label = Rect(0, 0, w, h)
        blocked = [*tags, *(covers or {}).values()]
        places = [centre, (centre[0], boat.y - h // 2 - c.size(1)), (centre[0], boat.bottom + h // 2 + c.size(1))]
        if covers or view is not None:
            places = [centre, *sorted(squares or [], key=lambda p: (p[0] - centre[0]) ** 2 + (p[1] - centre[1]) ** 2)]
        for place in places:
            label.center = place
            if (not label.colliderect(boat) and label.collidelist(blocked) < 0
                    and (view is None or view.contains(label))):
                return label.center
        return None if covers or view is not None else centre

    @staticmethod
    def label_at(c: Canvas, name: str, box: Rect, boat: Rect, tags: list[Rect] | None = None,
                 covers: Mapping[str, Rect] | None = None, view: Rect | None = None) -> tuple[int, int] | None:
        """Where a square's name is centred: in the middle of the square, unless the boat's mark would cover it
        there (the square the boat is in, the one the crew most wants to read): then above the mark, or below
        it where the square has room for it only there. A target area's label ("target area") where the name would
        go moves the name to the square's top or bottom edge, whichever is clear of it and of the mark. A square
        cut by the map's edge (`view`) or half under a panel or button (`covers`) has its name in the part still in
        sight; None when no part of it in sight has room for the whole name (a name is never drawn half hidden)."""
        w, h = c.font(theme.MIN_TEXT).size(name)
        w = min(w, box.w - c.size(4))  # (squeezed to the square's width)
        label = Rect(0, 0, w, h)
        above, below = boat.y - h // 2 - c.size(1), boat.bottom + h // 2 + c.size(1)
        top, bottom = box.y + h // 2 + c.size(1), box.bottom - h // 2 - c.size(1)
        inside = [y for y in (above, below) if box.y <= y - h // 2 and y + h // 2 <= box.bottom]
        blocked = [*(tags or []), *(covers or {}).values()]
        seen = box.clip(view) if view is not None else box
        xs = [box.centerx]
        if seen.w < box.w:  # cut by the map's side: the name moves into the part in view
            xs += [seen.centerx, seen.x + w // 2 + c.size(2), seen.right - w // 2 - c.size(2)]
        ys = [box.centery, *inside, top, bottom, above, below]
        if seen.h < box.h:
            ys += [seen.centery, seen.y + h // 2, seen.bottom - h // 2]

        def clear(x: int, y: int) -> bool:
            label.center = (x, y)
            return (not label.colliderect(boat) and label.collidelist(blocked) < 0
                    and (view is None or view.contains(label))
                    and (not (covers or view) or box.collidepoint(boat.center) or seen.inflate(2, 2).contains(label)))

        # (a small square at the widest span: just over the mark or under it, half on the grid line, as a last choice;
        # only for the boat's own square: another square's name never leaves its square for the mark's sake)
        for x in xs:
            for y in ys:
                if (y in (above, below) and y not in inside and not box.collidepoint(boat.center)) or not clear(x, y):
                    continue
                return label.center
        if covers or view is not None:  # no room in sight: a name half hidden is no name
            return None
        label.center = box.center
        if not label.colliderect(boat):
            return box.center
        if inside:
            return (box.centerx, inside[0])
        return (box.centerx, above if boat.y - box.y > box.bottom - boat.bottom else below)

    def _leg_panel(self, c: Canvas, rect: Rect, leg: reckoning.Leg | Msg) -> None:
        """The protractor's answer (the console's `chart` line), the course order preset to it, and close."""
        s = c.size
        pygame.draw.rect(c.surface, theme.PANEL, rect, border_radius=s(6))
        pygame.draw.rect(c.surface, theme.PANEL_EDGE, rect, 1, border_radius=s(6))
        c.targets.add("map.leg", rect, None, "cover")  # a finger on the panel does not pick the square under it
        buttons = Rect(rect.x + s(6), rect.bottom - s(53), rect.w - s(12), s(48))
        text = Rect(rect.x + s(8), rect.y + s(4), rect.w - s(16), buttons.y - rect.y - s(6))
        if not isinstance(leg, reckoning.Leg):  # one sentence beside the close button
            buttons = Rect(rect.x + s(6), rect.y + s(6), rect.w - s(12), s(48))
            text = Rect(rect.x + s(8), rect.y + s(6), rect.w - s(70), rect.h - s(8))
        line = leg.line if isinstance(leg, reckoning.Leg) else leg
        c.paragraph(line, text, theme.MIN_TEXT, theme.TEXT)
        close = Rect(buttons.right - s(48), buttons.y, s(48), s(48))
        c.button("map.leg_close", close, None, simple(self.unpick), icon=icons.x_mark)
        if isinstance(leg, reckoning.Leg):
            c.button("map.course", Rect(buttons.x, buttons.y, min(s(220), close.x - buttons.x - s(6)), s(48)),
                     Msg("Course {course}°", course=f"{leg.course:03d}"),
                     simple(lambda: self.win.open_form("new_course", {"course": leg.course})), icon=icons.compass,
                     size=theme.MIN_TEXT)
