"""Vessels, convoys and aircraft, moving on straight tracks between decisions.

Nothing here is stepped. A `Track` is a straight line from an anchor; a convoy (`Group`)
moves a reference point along its zigzag legs and every ship in formation keeps a fixed offset
from it (all ships turn together, so the formation only translates). A ship leaves the
formation (an escort hunting, a merchant scattering) by getting a track of its own.
"""

from __future__ import annotations

import copy
import math
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from kaleun.uboot.sea import geo
from kaleun.uboot.sea.classes import AircraftType, ShipClass, aircraft_type, ship_class
from kaleun.uboot.sea.geo import RAD

#: knots -> degrees of latitude per second
KN_TO_DEG_S = 1.0 / 216000.0


class Track:
    """Straight-line motion: a position at t0, a course and a speed (kn)."""

    __slots__ = ("_last", "_last_t", "_ve", "course", "lat0", "lon0", "speed", "t0", "vn")

    def __init__(self, t0: float, lat0: float, lon0: float, course: float, speed: float) -> None:
        self.t0, self.lat0, self.lon0 = float(t0), float(lat0), float(lon0)
        course = float(course)
        if not 0.0 <= course < 360.0:  # geo.norm360's common case without the call
            course = geo.norm360(course)
        self.course = course
        self.speed = speed = float(speed)
        rad = course * RAD  # geo.unit, without the calls
        #: degrees of latitude per second
        self.vn = speed * math.cos(rad) * KN_TO_DEG_S
        self._ve = speed * math.sin(rad) * KN_TO_DEG_S  # degrees of longitude per second at the equator
        #: the last position asked for and its time (a convoy's ships all ask their formation's
        #: reference point for the same moment); a track never changes once made
        self._last_t: float | None = None
        self._last = (self.lat0, self.lon0)

    def at(self, t: float) -> tuple[float, float]:
        if t == self._last_t:
            return self._last
        self._last_t = t
        self._last = self._at(t)
        return self._last

    def lat_at(self, t: float) -> float:
        """The latitude at t, as `at` gives it (without the longitude's cosine)."""
        return self.lat0 + self.vn * (t - self.t0)

    def _at(self, t: float) -> tuple[float, float]:
        dt = t - self.t0
        north = self.vn * dt
        lat0 = self.lat0
        coslat = math.cos((lat0 + north / 2) * RAD)
        if not coslat > 0.05:  # as max(0.05, coslat), without the call
            coslat = 0.05
        return lat0 + north, self.lon0 + self._ve * dt / coslat

    def velocity(self) -> tuple[float, float]:
        s, c = geo.unit(self.course)
        return self.speed * s, self.speed * c

    def steer(self, t: float, course: float | None = None, speed: float | None = None) -> Track:
        """The same motion re-anchored at t with a new course and/or speed."""
        lat, lon = self.at(t)
        return Track(t, lat, lon, self.course if course is None else course, self.speed if speed is None else speed)

    def to_json(self) -> list[float]:
        return [self.t0, self.lat0, self.lon0, self.course, self.speed]

    @classmethod
    def from_json(cls, data: list[float]) -> Track:
        return cls(*[float(x) for x in data])


@dataclass
class Group:
    """A convoy: a reference point on zigzag legs; members keep fixed offsets from it."""

    id: str
    kind: str
    speed: float
    base_course: float
    plan: list[list[float]]  # zigzag legs [deg off base, minutes]
    ref: Track
    leg: int = 0
    leg_end: float = 0.0
    offsets: dict[str, tuple[float, float]] = field(default_factory=dict)  # vessel -> (east, north) nm
    alarm_until: float = 0.0
    turn_away: float = 0.0  # emergency turn in force (deg off base)
    hits: list[float] = field(default_factory=list)
    scattered: bool = False
    #: the base course to take up again once an island steered round is passed (`landfall`); None on it
    resume: float | None = None
    #: the last frame worked out: (reference track, time, frame); a track never changes once made
    _frame: tuple[Track, float, tuple[float, float, float]] | None = field(default=None, init=False, repr=False,
                                                                         compare=False)
    #: the members' offsets the north index was made from, and the index (see `north_index`)
    _north: tuple[tuple[tuple[str, tuple[float, float]], ...], list[float], list[str]] | None = field(
        default=None, init=False, repr=False, compare=False)

    def at(self, t: float) -> tuple[float, float]:
        return self.ref.at(t)

    def frame(self, t: float) -> tuple[float, float, float]:
        """(lat, lon, nm per degree of longitude) of the reference point at `t`: what every member's
        position is reckoned from (all ships of a convoy ask for the same moment, so it is kept)."""
        ref = self.ref
        last = self._frame
        if last is not None and last[0] is ref and last[1] == t:
            return last[2]
        lat, lon = ref.at(t)
        coslat = math.cos(lat * RAD)
        if not coslat > 0.05:  # as max(0.05, coslat), without the call
            coslat = 0.05
        frame = (lat, lon, 60.0 * coslat)
        self._frame = (ref, t, frame)
        return frame

    def north_index(self) -> tuple[list[float], list[str]]:
        """The members' northings in degrees of latitude (north / 60, as `member_at` adds them), in order, with
        their ids: the members within a band of latitude are found by bisection (kept while the offsets stay)."""
        items = tuple(self.offsets.items())
        last = self._north
        if last is None or last[0] != items:
            pairs = sorted((north / 60.0, vid) for vid, (_east, north) in items)
            last = self._north = (items, [n for n, _vid in pairs], [vid for _n, vid in pairs])
        return last[1], last[2]

    def member_at(self, vid: str, t: float) -> tuple[float, float]:
        """Where member `vid` is at `t`."""
        lat, lon, scale = self.frame(t)
        east, north = self.offsets[vid]
        return lat + north / 60.0, lon + east / scale

    @property
    def course(self) -> float:
        return self.ref.course

    def leg_course(self, now: float) -> float:
        """Course of the current leg; an emergency turn overrides the zigzag while it lasts."""
        if now < self.alarm_until:
            return geo.norm360(self.base_course + self.turn_away)
        return geo.norm360(self.base_course + float(self.plan[self.leg % len(self.plan)][0]))

    def leg_minutes(self) -> float:
        return float(self.plan[self.leg % len(self.plan)][1])

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "kind": self.kind, "speed": self.speed, "base_course": self.base_course,
                "plan": self.plan, "ref": self.ref.to_json(), "leg": self.leg, "leg_end": self.leg_end,
                "offsets": {k: list(v) for k, v in self.offsets.items()}, "alarm_until": self.alarm_until,
                "turn_away": self.turn_away, "hits": list(self.hits), "scattered": self.scattered,
                **({} if self.resume is None else {"resume": self.resume})}

    @classmethod
    def from_json(cls, d: Mapping[str, Any]) -> Group:
        return cls(id=d["id"], kind=d["kind"], speed=float(d["speed"]), base_course=float(d["base_course"]),
                   plan=[list(x) for x in d["plan"]], ref=Track.from_json(d["ref"]), leg=int(d["leg"]),
                   leg_end=float(d["leg_end"]),
                   offsets={k: (float(v[0]), float(v[1])) for k, v in d["offsets"].items()},
                   alarm_until=float(d["alarm_until"]), turn_away=float(d["turn_away"]),
                   hits=[float(x) for x in d["hits"]], scattered=bool(d["scattered"]),
                   resume=None if d.get("resume") is None else float(d["resume"]))


@dataclass
class Vessel:
    """A ship. In formation (`track` None) it rides with its group; otherwise on its own track.
    Escorts carry their hunting state in `ai` (see `escorts`)."""

    id: str
    cid: str
    group: str | None = None
    track: Track | None = None
    ai: dict[str, Any] = field(default_factory=dict)
    #: the class, looked up on first use (a ship never changes its class)
    _cls: ShipClass | None = field(default=None, init=False, repr=False, compare=False)
    _escort: bool | None = field(default=None, init=False, repr=False, compare=False)

    @property
    def cls(self) -> ShipClass:
        found = self._cls
        if found is None:
            found = self._cls = ship_class(self.cid)
        return found

    @property
    def is_escort(self) -> bool:
        escort = self._escort
        if escort is None:
            escort = self._escort = self.cls.type == "escort"
        return escort

    def to_json(self) -> dict[str, Any]:
        # the hunting state copied both ways (its plot's fixes and sums change in place as the escort hunts): a
        # state taken stays as it was taken, and a state loaded twice gives the same game twice
        return {"id": self.id, "cid": self.cid, "group": self.group,
                "track": None if self.track is None else self.track.to_json(), "ai": copy.deepcopy(self.ai)}

    @classmethod
    def from_json(cls, d: Mapping[str, Any]) -> Vessel:
        ship_class(d["cid"])
        return cls(id=d["id"], cid=d["cid"], group=d["group"],
                   track=None if d["track"] is None else Track.from_json(d["track"]), ai=copy.deepcopy(dict(d["ai"])))


@dataclass
class Aircraft:
    id: str
    tid: str
    track: Track
    ai: dict[str, Any] = field(default_factory=dict)

    @property
    def type(self) -> AircraftType:
        return aircraft_type(self.tid)

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "tid": self.tid, "track": self.track.to_json(), "ai": copy.deepcopy(self.ai)}

    @classmethod
    def from_json(cls, d: Mapping[str, Any]) -> Aircraft:
        aircraft_type(d["tid"])
        return cls(id=d["id"], tid=d["tid"], track=Track.from_json(d["track"]), ai=copy.deepcopy(dict(d["ai"])))
