"""Ship silhouettes: stylised side profiles of the ship classes, from `silhouettes.toml`.

Each class's profile is data in metres (the format is described at the top of the file). This
module validates the file against the ship classes of `ships.toml` and turns a class into
polygons in metres: x along the hull from the stern (0) to the bow (the class's length), y up
from the waterline. Any renderer (pygame for the window and the identification sheet, SVG, a
test) draws those polygons at whatever scale it needs. `Silhouette.seen_at` foreshortens a
profile for a ship seen at an angle on the bow (periscope, binoculars).
"""

from __future__ import annotations

import math
import re
import tomllib
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any

from kaleun.boards.locate import KeyLines
from kaleun.core.args import finite_number
from kaleun.uboot import data
from kaleun.uboot.sea.classes import ShipClass, ship_classes

FILE = "silhouettes.toml"

Point = tuple[float, float]

STERNS = ("counter", "cruiser", "transom")
HOUSE_KINDS = ("house", "bridge")
MAST_KINDS = ("mast", "kingpost")
DERRICKS = ("none", "fore", "aft", "both")
FACINGS = ("fore", "aft")

#: how far a stern form overhangs the waterline when the file does not say, as a share of the length
STERN_OVERHANG = {"counter": 0.05, "cruiser": 0.03, "transom": 0.008}
#: the underside of a counter stern meets its taffrail at this share of the stern's deck height
COUNTER_KNUCKLE = 0.45
#: spars (booms, crosstrees, gun barrels, rails) are drawn this thick, in metres
SPAR_M = 0.35
#: a ship seen bow-on still shows its beam: the drawn length never drops below this share
MIN_ASPECT = 0.12


class SilhouetteError(ValueError):
    """The silhouette file cannot be used. `problems` holds one `file:line: problem` per entry."""

    def __init__(self, problems: list[str]) -> None:
        super().__init__("\n".join(problems))
        self.problems = problems


# ---- the profile as data -------------------------------------------------------------------
@dataclass(frozen=True)
class Hull:
    freeboard: float           # deck above the waterline amidships
    sheer_fore: float          # rise of the deck at the bow over amidships
    sheer_aft: float           # rise of the deck at the stern over amidships
    bow_rake: float            # how far the stem head stands forward of the stem at the waterline
    stern: str                 # counter | cruiser | transom
    stern_overhang: float      # how far the stern's end stands aft of its waterline


@dataclass(frozen=True)
class Raised:
    """A raised part of the hull: forecastle, poop or a bridge deck (the three islands)."""

    start: float
    end: float
    height: float


@dataclass(frozen=True)
class House:
    kind: str
    at: float
    length: float
    height: float
    base: float = 0.0
    rake_fore: float = 0.0
    rake_aft: float = 0.0


@dataclass(frozen=True)
class Funnel:
    at: float
    height: float
    width: float
    rake: float = 0.0          # degrees the funnel leans aft


@dataclass(frozen=True)
class Mast:
    kind: str
    at: float
    height: float
    width: float
    rake: float = 0.0
    crosstree: float = 0.0     # length of the crosstree (0: none)
    derricks: str = "none"
    derrick_length: float = 0.0
    derrick_angle: float = 55.0


@dataclass(frozen=True)
class Gun:
    at: float
    facing: str = "fore"
    base: float = 0.0          # height of the bandstand it stands on
    length: float = 2.5        # shield length
    height: float = 2.0        # shield height
    barrel: float = 4.0
    elevation: float = 8.0


@dataclass(frozen=True)
class Rails:
    length: float
    height: float


@dataclass(frozen=True)
class Profile:
    class_id: str
    length: float
    hull: Hull
    forecastle: Raised | None
    poop: Raised | None
    bridge_deck: Raised | None
    houses: tuple[House, ...]
    funnels: tuple[Funnel, ...]
    masts: tuple[Mast, ...]
    guns: tuple[Gun, ...]
    rails: Rails | None

    def deck(self, x: float, after: bool = False) -> float:
        """Height of the weather deck above the waterline at `x` (sheer and raised decks).

        At a break in the deck (the end of a forecastle) `after=True` gives the level just aft.
        """
        h = self.hull
        u = (x - self.length / 2) / (self.length / 2)
        sheer = (h.sheer_fore if u > 0 else h.sheer_aft) * u * u
        raised = 0.0
        for part in (self.forecastle, self.poop, self.bridge_deck):
            if part is None:
                continue
            inside = part.start < x <= part.end if after else part.start <= x < part.end
            if inside or x == part.end == self.length or x == part.start == 0.0:
                raised = max(raised, part.height)
        return h.freeboard + sheer + raised

    def lowest_deck(self, x0: float, x1: float) -> float:
        xs = [x0, x1, *(x for x in self._breaks() if x0 < x < x1)]
        return min(min(self.deck(x), self.deck(x, after=True)) for x in xs)

    def _breaks(self) -> list[float]:
        out: list[float] = []
        for part in (self.forecastle, self.poop, self.bridge_deck):
            if part is not None:
                out += [part.start, part.end]
        return out


# ---- polygons --------------------------------------------------------------------------------
@dataclass(frozen=True)
class Part:
    """One filled polygon of a silhouette. `kind` says what it is (hull, house, bridge, funnel,
    mast, kingpost, crosstree, derrick, gun, rails) so a renderer may shade parts differently."""

    kind: str
    points: tuple[Point, ...]


@dataclass(frozen=True)
class Silhouette:
    class_id: str
    length_m: float
    parts: tuple[Part, ...]

    def bounds(self) -> tuple[float, float, float, float]:
        """(x_min, y_min, x_max, y_max) in metres over every polygon."""
        xs = [x for p in self.parts for x, _ in p.points]
        ys = [y for p in self.parts for _, y in p.points]
        return min(xs), min(ys), max(xs), max(ys)

    @property
    def height_m(self) -> float:
        """Highest point above the waterline (masthead or funnel top)."""
        return self.bounds()[3]

    def mapped(self, fx: Callable[[float], float], fy: Callable[[float], float]) -> Silhouette:
        parts = tuple(Part(p.kind, tuple((fx(x), fy(y)) for x, y in p.points)) for p in self.parts)
        return Silhouette(self.class_id, abs(fx(self.length_m) - fx(0.0)), parts)

    def scaled_to(self, length_m: float) -> Silhouette:
        """The same profile for a ship `length_m` long (every measure scales with the length)."""
        k = length_m / self.length_m
        return self.mapped(lambda x: x * k, lambda y: y * k)

    def seen_at(self, aspect_deg: float, min_fraction: float = MIN_ASPECT) -> Silhouette:
        """The profile as seen at an angle on the bow of `aspect_deg` (degrees, + starboard, - port).

        Heights stay; lengths shrink by |sin(angle on the bow)|, but never below `min_fraction`
        (a ship bow-on still shows its beam). Seen on her starboard side the bow points right
        (+x); on her port side the profile is mirrored, bow to the left. The result still spans
        x from 0 to its (shorter) length.
        """
        k = aspect_factor(aspect_deg, min_fraction)
        length = self.length_m * k
        if aspect_deg >= 0:
            return self.mapped(lambda x: x * k, lambda y: y)
        return self.mapped(lambda x: length - x * k, lambda y: y)


def aspect_factor(aspect_deg: float, min_fraction: float = MIN_ASPECT) -> float:
    """How much of a ship's length shows at an angle on the bow: |sin|, at least `min_fraction`."""
    return max(abs(math.sin(math.radians(aspect_deg))), min_fraction)


def _bezier(p0: Point, p1: Point, p2: Point, steps: int = 10) -> list[Point]:
    """Points of a quadratic Bezier curve from p0 to p2 (p0 left out)."""
    out = []
    for i in range(1, steps + 1):
        t = i / steps
        a, b, c = (1 - t) ** 2, 2 * (1 - t) * t, t * t
        out.append((a * p0[0] + b * p1[0] + c * p2[0], a * p0[1] + b * p1[1] + c * p2[1]))
    return out


def _hull(pr: Profile) -> Part:
    h, length = pr.hull, pr.length
    stern_deck = pr.deck(0.0)
    ov = h.stern_overhang
    pts: list[Point] = [(ov, 0.0)]
    if h.stern == "counter":
        knuckle = stern_deck * COUNTER_KNUCKLE
        pts += _bezier((ov, 0.0), (ov * 0.8, knuckle * 0.7), (0.0, knuckle))
    elif h.stern == "cruiser":
        pts += _bezier((ov, 0.0), (0.0, stern_deck * 0.35), (0.0, stern_deck))[:-1]
    pts.append((0.0, stern_deck))
    steps = 24   # the sheer is a gentle curve: 24 chords are smooth even at print size
    xs = sorted({*(length * i / steps for i in range(1, steps)), *(x for x in pr._breaks() if 0 < x < length)})
    for x in xs:
        aft, fore = pr.deck(x, after=True), pr.deck(x)
        pts.append((x, aft))
        if fore != aft:
            pts.append((x, fore))
    pts.append((length, pr.deck(length)))
    pts.append((length - h.bow_rake, 0.0))
    return Part("hull", tuple(pts))


def _box(kind: str, x0: float, x1: float, y0: float, y1: float, inset_aft: float = 0.0,
         inset_fore: float = 0.0) -> Part:
    return Part(kind, ((x0, y0), (x1, y0), (x1 - inset_fore, y1), (x0 + inset_aft, y1)))


def _spar(kind: str, a: Point, b: Point, thickness: float = SPAR_M) -> Part:
    """A thin bar from a to b (its width measured across the bar)."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    n = math.hypot(dx, dy) or 1.0
    ox, oy = -dy / n * thickness / 2, dx / n * thickness / 2
    return Part(kind, ((a[0] + ox, a[1] + oy), (b[0] + ox, b[1] + oy), (b[0] - ox, b[1] - oy), (a[0] - ox, a[1] - oy)))


def _house(pr: Profile, hs: House) -> Part:
    x0, x1 = hs.at - hs.length / 2, hs.at + hs.length / 2
    top = pr.deck(hs.at) + hs.base + hs.height
    bottom = pr.deck(hs.at) + hs.base if hs.base > 0 else pr.lowest_deck(x0, x1)
    return _box(hs.kind, x0, x1, bottom, top, hs.rake_aft, hs.rake_fore)


def _funnel(pr: Profile, fn: Funnel) -> Part:
    x0, x1 = fn.at - fn.width / 2, fn.at + fn.width / 2
    bottom = pr.lowest_deck(x0, x1)
    top = pr.deck(fn.at) + fn.height
    shift = (top - bottom) * math.tan(math.radians(fn.rake))
    return Part("funnel", ((x0, bottom), (x1, bottom), (x1 - shift, top), (x0 - shift, top)))


def _mast(pr: Profile, ms: Mast) -> list[Part]:
    deck = pr.lowest_deck(ms.at - ms.width / 2, ms.at + ms.width / 2)
    top = pr.deck(ms.at) + ms.height
    lean = math.tan(math.radians(ms.rake))
    head = ms.at - (top - deck) * lean
    w0, w1 = ms.width / 2, ms.width * 0.3
    parts = [Part(ms.kind, ((ms.at - w0, deck), (ms.at + w0, deck), (head + w1, top), (head - w1, top)))]
    if ms.crosstree > 0:
        y = deck + (top - deck) * 0.78
        x = ms.at - (y - deck) * lean
        parts.append(_spar("crosstree", (x - ms.crosstree / 2, y), (x + ms.crosstree / 2, y)))
    if ms.derricks != "none" and ms.derrick_length > 0:
        heel_y = pr.deck(ms.at) + 1.2
        dx = ms.derrick_length * math.cos(math.radians(ms.derrick_angle))
        dy = ms.derrick_length * math.sin(math.radians(ms.derrick_angle))
        sides = {"fore": (1,), "aft": (-1,), "both": (1, -1)}[ms.derricks]
        for side in sides:
            heel = (ms.at + side * ms.width / 2, heel_y)
            parts.append(_spar("derrick", heel, (heel[0] + side * dx, heel_y + dy)))
    return parts


def _gun(pr: Profile, gn: Gun) -> list[Part]:
    sign = 1 if gn.facing == "fore" else -1
    x0, x1 = gn.at - gn.length / 2, gn.at + gn.length / 2
    deck = pr.lowest_deck(x0, x1)
    floor = pr.deck(gn.at) + gn.base
    parts = []
    if gn.base > 0:
        pad = gn.length * 0.1
        parts.append(_box("gun", x0 - pad, x1 + pad, deck, floor))
    slope = gn.length * 0.3
    fore_in, aft_in = (slope, 0.0) if sign > 0 else (0.0, slope)
    parts.append(_box("gun", x0, x1, min(deck, floor), floor + gn.height, aft_in, fore_in))
    muzzle_from = (gn.at + sign * gn.length * 0.3, floor + gn.height * 0.5)
    angle = math.radians(gn.elevation)
    muzzle = (muzzle_from[0] + sign * gn.barrel * math.cos(angle), muzzle_from[1] + gn.barrel * math.sin(angle))
    parts.append(_spar("gun", muzzle_from, muzzle, SPAR_M * 1.2))
    return parts


def _rails(pr: Profile, rl: Rails) -> Part:
    deck0, deck1 = pr.deck(0.0), pr.deck(rl.length)
    return Part("rails", ((0.0, deck0 - 0.2), (rl.length, deck1), (rl.length, deck1 + rl.height),
                          (0.0, deck0 + rl.height * 0.5)))


def polygons(pr: Profile) -> Silhouette:
    """A profile drawn as polygons in metres (hull first, then what stands on it)."""
    parts: list[Part] = [_hull(pr)]
    parts += [_house(pr, hs) for hs in pr.houses]
    parts += [_funnel(pr, fn) for fn in pr.funnels]
    for ms in pr.masts:
        parts += _mast(pr, ms)
    for gn in pr.guns:
        parts += _gun(pr, gn)
    if pr.rails is not None:
        parts.append(_rails(pr, pr.rails))
    return Silhouette(pr.class_id, pr.length, tuple(parts))


# ---- reading and checking the file -----------------------------------------------------------
class _ArrayLines:
    """Line numbers in the file, including the elements of arrays of inline tables that span
    several lines (`houses = [ {...}, {...} ]`)."""

    def __init__(self, text: str) -> None:
        self.keys = KeyLines(text)
        self.text = text.splitlines()

    def line(self, path: tuple[str | int, ...]) -> int:
        for i, part in enumerate(path):
            if isinstance(part, int):
                key_line = self.keys.line(path[:i])
                return self._element(key_line, part)
        return self.keys.line(path)

    def _element(self, key_line: int, index: int) -> int:
        seen = -1
        for number in range(key_line, len(self.text) + 1):
            code = self.text[number - 1].split("#", 1)[0]
            if number == key_line:
                code = code.split("=", 1)[-1]
            elif re.match(r"\s*(\[|[A-Za-z0-9_\-]+\s*=)", code):
                break
            seen += code.count("{")
            if seen >= index:
                return number
        return key_line


class _Check:
    """Reads one class's profile, collecting problems with their line numbers."""

    def __init__(self, source: str, lines: _ArrayLines, problems: list[tuple[int, str]]) -> None:
        self.source = source
        self.lines = lines
        self.problems = problems

    def problem(self, path: tuple[str | int, ...], text: str) -> None:
        self.problems.append((self.lines.line(path), text))

    @staticmethod
    def name(path: tuple[str | int, ...]) -> str:
        """`liberty: houses[2].height` for a path ("classes", "liberty", "houses", 2, "height")."""
        out = ""
        for part in path[2:]:
            out += f"[{part}]" if isinstance(part, int) else (f".{part}" if out else part)
        return f"{path[1]}: {out}" if out else str(path[1])

    def table(self, path: tuple[str | int, ...], value: Any, keys: Iterable[str]) -> dict[str, Any] | None:
        if not isinstance(value, dict):
            self.problem(path, f"{self.name(path)} must be a table, got {value!r}")
            return None
        for key in value:
            if key not in keys:
                self.problem((*path, key), f"{self.name((*path, key))}: unknown key (known: {', '.join(keys)})")
        return value

    def number(self, path: tuple[str | int, ...], table: Mapping[str, Any], key: str, default: float | None = None,
               lo: float = 0.0, hi: float = math.inf, positive: bool = False) -> float:
        where = (*path, key)
        if key not in table:
            if default is None:
                self.problem(path, f"{self.name(path)} needs the key '{key}'")
                return lo if not positive else 1.0
            return default
        value = table[key]
        if not finite_number(value):  # a whole number of 400 digits too: math.isfinite raised on it
            self.problem(where, f"{self.name(where)} must be a number (metres or degrees), got {value!r}")
            return default if default is not None else 1.0
        if (positive and value <= 0) or value < lo or value > hi:
            bound = "more than 0" if positive and lo <= 0 else f"at least {lo:g}"
            rng = f"{bound} and at most {hi:g}" if math.isfinite(hi) else bound
            self.problem(where, f"{self.name(where)} = {value!r} is out of range: it must be {rng}")
            # go on with a value in range, so one mistake is reported once
            return min(max(float(value), lo), hi) if not (positive and value <= 0) else (default or 1.0)
        return float(value)

    def choice(self, path: tuple[str | int, ...], table: Mapping[str, Any], key: str, choices: tuple[str, ...],
               default: str | None = None) -> str:
        where = (*path, key)
        value = table.get(key, default)
        if value is None:
            self.problem(path, f"{self.name(path)} needs the key '{key}' ({' | '.join(choices)})")
            return choices[0]
        if value not in choices:
            self.problem(where, f"{self.name(where)} = {value!r} is not one of: {', '.join(choices)}")
            return choices[0]
        return str(value)

    def span(self, path: tuple[str | int, ...], at: float, length: float, ship_length: float) -> None:
        """Something `length` long centred `at` metres from the stern must stand on the hull."""
        if at - length / 2 < -1e-9 or at + length / 2 > ship_length + 1e-9:
            self.problem((*path, "at"), f"{self.name(path)} runs off the hull: from {at - length / 2:g} m to "
                                        f"{at + length / 2:g} m from the stern, the ship is {ship_length:g} m long")


_HULL_KEYS = ("freeboard", "sheer_fore", "sheer_aft", "bow_rake", "stern", "stern_overhang")
_RAISED_KEYS = ("length", "height")
_BRIDGE_DECK_KEYS = ("at", "length", "height")
_HOUSE_KEYS = ("kind", "at", "length", "height", "base", "rake_fore", "rake_aft")
_FUNNEL_KEYS = ("at", "height", "width", "rake")
_MAST_KEYS = ("kind", "at", "height", "width", "rake", "crosstree", "derricks", "derrick_length", "derrick_angle")
_GUN_KEYS = ("at", "facing", "base", "length", "height", "barrel", "elevation")
_CLASS_KEYS = ("hull", "forecastle", "poop", "bridge_deck", "houses", "funnels", "masts", "guns",
               "depth_charge_rails")


def _profile(ck: _Check, cid: str, spec: Any, ship: ShipClass) -> Profile | None:
    path: tuple[str | int, ...] = ("classes", cid)
    table = ck.table(path, spec, _CLASS_KEYS)
    if table is None:
        return None
    length = ship.length_m
    hull_path = (*path, "hull")
    if "hull" not in table:
        ck.problem(path, f"{cid}: needs a hull = {{ freeboard = ..., stern = ... }}")
        return None
    ht = ck.table(hull_path, table["hull"], _HULL_KEYS)
    if ht is None:
        return None
    stern = ck.choice(hull_path, ht, "stern", STERNS)
    hull = Hull(
        freeboard=ck.number(hull_path, ht, "freeboard", positive=True, hi=30),
        sheer_fore=ck.number(hull_path, ht, "sheer_fore", 0.0, hi=15),
        sheer_aft=ck.number(hull_path, ht, "sheer_aft", 0.0, hi=15),
        bow_rake=ck.number(hull_path, ht, "bow_rake", 0.0, hi=length / 4),
        stern=stern,
        stern_overhang=ck.number(hull_path, ht, "stern_overhang", round(STERN_OVERHANG[stern] * length, 2),
                                 hi=length / 4),
    )

    def raised(key: str, where: str) -> Raised | None:
        if key not in table:
            return None
        rpath = (*path, key)
        keys = _BRIDGE_DECK_KEYS if where == "at" else _RAISED_KEYS
        rt = ck.table(rpath, table[key], keys)
        if rt is None:
            return None
        rlen = ck.number(rpath, rt, "length", positive=True, hi=length)
        height = ck.number(rpath, rt, "height", positive=True, hi=20)
        if where == "bow":
            return Raised(length - rlen, length, height)
        if where == "stern":
            return Raised(0.0, rlen, height)
        at = ck.number(rpath, rt, "at")
        ck.span(rpath, at, rlen, length)
        return Raised(at - rlen / 2, at + rlen / 2, height)

    forecastle, poop, bridge_deck = raised("forecastle", "bow"), raised("poop", "stern"), raised("bridge_deck", "at")

    def items(key: str) -> list[tuple[tuple[str | int, ...], dict[str, Any]]]:
        value = table.get(key, [])
        if not isinstance(value, list):
            ck.problem((*path, key), f"{cid}: {key} must be a list of tables [{{ at = ... }}, ...], got {value!r}")
            return []
        return [(ipath, t) for i, v in enumerate(value)
                if (t := ck.table(ipath := (*path, key, i), v, _ITEM_KEYS[key])) is not None]

    houses = []
    for ipath, t in items("houses"):
        hs = House(kind=ck.choice(ipath, t, "kind", HOUSE_KINDS, "house"),
                   at=ck.number(ipath, t, "at"), length=ck.number(ipath, t, "length", positive=True),
                   height=ck.number(ipath, t, "height", positive=True, hi=40),
                   base=ck.number(ipath, t, "base", 0.0, hi=40), rake_fore=ck.number(ipath, t, "rake_fore", 0.0),
                   rake_aft=ck.number(ipath, t, "rake_aft", 0.0))
        ck.span(ipath, hs.at, hs.length, length)
        if hs.rake_fore + hs.rake_aft >= hs.length:
            ck.problem((*ipath, "rake_fore"), f"{ck.name(ipath)}: rake_fore + rake_aft must be less than its length")
        houses.append(hs)
    funnels = []
    for ipath, t in items("funnels"):
        fn = Funnel(at=ck.number(ipath, t, "at"), height=ck.number(ipath, t, "height", positive=True, hi=40),
                    width=ck.number(ipath, t, "width", positive=True, hi=20),
                    rake=ck.number(ipath, t, "rake", 0.0, lo=-30, hi=45))
        ck.span(ipath, fn.at, fn.width, length)
        funnels.append(fn)
    masts = []
    for ipath, t in items("masts"):
        kind = ck.choice(ipath, t, "kind", MAST_KINDS, "mast")
        ms = Mast(kind=kind, at=ck.number(ipath, t, "at"),
                  height=ck.number(ipath, t, "height", positive=True, hi=60),
                  width=ck.number(ipath, t, "width", 0.5 if kind == "mast" else 0.9, positive=True, hi=5),
                  rake=ck.number(ipath, t, "rake", 0.0, lo=-30, hi=45),
                  crosstree=ck.number(ipath, t, "crosstree", 0.0, hi=30),
                  derricks=ck.choice(ipath, t, "derricks", DERRICKS, "none"),
                  derrick_length=ck.number(ipath, t, "derrick_length", 0.0, hi=40),
                  derrick_angle=ck.number(ipath, t, "derrick_angle", 55.0, lo=10, hi=80))
        ck.span(ipath, ms.at, ms.width, length)
        if ms.derricks != "none" and ms.derrick_length <= 0:
            ck.problem((*ipath, "derricks"), f"{ck.name(ipath)}: derricks need a derrick_length")
        masts.append(ms)
    guns = []
    for ipath, t in items("guns"):
        gn = Gun(at=ck.number(ipath, t, "at"), facing=ck.choice(ipath, t, "facing", FACINGS, "fore"),
                 base=ck.number(ipath, t, "base", 0.0, hi=20), length=ck.number(ipath, t, "length", 2.5, positive=True),
                 height=ck.number(ipath, t, "height", 2.0, positive=True, hi=10),
                 barrel=ck.number(ipath, t, "barrel", 4.0, positive=True, hi=20),
                 elevation=ck.number(ipath, t, "elevation", 8.0, lo=-10, hi=85))
        ck.span(ipath, gn.at, gn.length, length)
        guns.append(gn)
    rails = None
    if "depth_charge_rails" in table:
        rpath = (*path, "depth_charge_rails")
        rt = ck.table(rpath, table["depth_charge_rails"], _RAISED_KEYS)
        if rt is not None:
            rails = Rails(length=ck.number(rpath, rt, "length", positive=True, hi=length / 3),
                          height=ck.number(rpath, rt, "height", positive=True, hi=5))
    if (forecastle and poop and forecastle.start < poop.end) or (bridge_deck and forecastle
                                                                 and bridge_deck.end > forecastle.start) or (
            bridge_deck and poop and bridge_deck.start < poop.end):
        ck.problem(path, f"{cid}: forecastle, bridge_deck and poop overlap")
    return Profile(cid, length, hull, forecastle, poop, bridge_deck, tuple(houses), tuple(funnels), tuple(masts),
                   tuple(guns), rails)


def _check_overhang(ck: _Check, pr: Profile) -> None:
    """Booms, barrels and leaning tops must not reach beyond the bow or the stern."""
    drawn: list[tuple[str, int, list[Part]]] = [
        *(("funnels", i, [_funnel(pr, fn)]) for i, fn in enumerate(pr.funnels)),
        *(("masts", i, _mast(pr, ms)) for i, ms in enumerate(pr.masts)),
        *(("guns", i, _gun(pr, gn)) for i, gn in enumerate(pr.guns)),
    ]
    for key, index, parts in drawn:
        xs = [x for part in parts for x, _ in part.points]
        path = ("classes", pr.class_id, key, index)
        if min(xs) < -1e-6:
            ck.problem(path, f"{ck.name(path)} reaches beyond the stern (to {min(xs):.1f} m)")
        elif max(xs) > pr.length + 1e-6:
            ck.problem(path, f"{ck.name(path)} reaches beyond the bow (to {max(xs):.1f} m, "
                             f"the ship is {pr.length:g} m long)")


_ITEM_KEYS = {"houses": _HOUSE_KEYS, "funnels": _FUNNEL_KEYS, "masts": _MAST_KEYS, "guns": _GUN_KEYS}


def parse(text: str, classes: Mapping[str, ShipClass], source: str = FILE) -> dict[str, Profile]:
    """Check a silhouette file's text against the ship classes; every problem as `file:line: ...`."""
    try:
        raw = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        found = re.search(r"at line (\d+)", str(exc))
        message = re.sub(r"\s*\(at line \d+, column \d+\)", "", str(exc))
        raise SilhouetteError([f"{source}:{found.group(1) if found else 1}: not valid TOML: {message}"]) from exc
    lines = _ArrayLines(text)
    problems: list[tuple[int, str]] = []
    ck = _Check(source, lines, problems)
    for key in raw:
        if key != "classes":
            ck.problem((key,), f"unknown table [{key}] (the file holds [classes.<id>] tables)")
    table = raw.get("classes", {})
    if not isinstance(table, dict):
        table = {}
        ck.problem(("classes",), "classes must be a table of [classes.<id>] entries")
    profiles: dict[str, Profile] = {}
    for cid, spec in table.items():
        if cid not in classes:
            ck.problem(("classes", cid), f"{cid}: unknown ship class (ships.toml has: {', '.join(sorted(classes))})")
            continue
        profile = _profile(ck, cid, spec, classes[cid])
        if profile is not None:
            profiles[cid] = profile
            _check_overhang(ck, profile)
    for cid in classes:
        if cid not in table:
            problems.append((1, f"{cid}: ship class without a silhouette (add [classes.{cid}])"))
    if problems:
        raise SilhouetteError([f"{source}:{line}: {text}" for line, text in sorted(problems)])
    return profiles


@cache
def profiles() -> dict[str, Profile]:
    """Every class's profile from the package's silhouettes.toml (checked; cached)."""
    text = resources.files(data).joinpath(FILE).read_text(encoding="utf-8")
    return parse(text, ship_classes())


def silhouette(cid: str, length_m: float | None = None) -> Silhouette:
    """Class `cid`'s silhouette in metres; with `length_m`, scaled to a ship of that length."""
    sil = _class_polygons(cid)
    return sil if length_m is None else sil.scaled_to(length_m)


@cache
def _class_polygons(cid: str) -> Silhouette:
    known = profiles()
    if cid not in known:
        raise ValueError(f"unknown ship class {cid!r} (known: {', '.join(sorted(known))})")
    return polygons(known[cid])
