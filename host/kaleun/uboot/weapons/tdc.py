"""The torpedo data computer (Torpedovorhaltrechner): pure geometry.

The TDC holds a picture of the target — where it was at a moment and how it moves (course and
speed), as the crew gave it: from a contact's target data (the estimates, errors and all) or from
the attack disc. It keeps that picture current as time passes and the boat moves, as the real
TDC tracked the target, and for a torpedo speed and a tube's facing it gives the solution: the
gyro angle the tube sets, the lead angle, the run and the track angle.

Conventions: bearings and courses in degrees true; relative bearings from the bow, positive to
starboard; the angle on the bow (AOB) is where the boat lies seen from the target's bow, positive
to starboard; a gyro angle is the torpedo's turn from the tube's line after leaving it, positive
to starboard.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from kaleun.core.messages import Msg
from kaleun.uboot.sea import geo
from kaleun.uboot.sea.geo import M_PER_NM


@dataclass(frozen=True, slots=True)
class Target:
    """The TDC's picture: the target at (lat, lon) at game time t, moving on course at speed (kn)."""

    t: float
    lat: float
    lon: float
    course: float
    speed: float

    def at(self, t: float) -> tuple[float, float]:
        dist = self.speed * (t - self.t) / 3600.0
        s, c = geo.unit(self.course)
        return geo.shift(self.lat, self.lon, dist * s, dist * c)

    def to_json(self) -> list[float]:
        return [self.t, self.lat, self.lon, self.course, self.speed]

    @classmethod
    def from_json(cls, data: list[float]) -> Target:
        t, lat, lon, course, speed = (float(x) for x in data)
        return cls(t, lat, lon, course, speed)


@dataclass(frozen=True, slots=True)
class Solution:
    bearing: float  # true bearing of the target now
    rel_bearing: float  # from the bow, -180..180 (+ starboard)
    range_m: float
    aob: float  # angle on the bow, -180..180 (+ the boat on the target's starboard side)
    reachable: bool  # the torpedo can catch the target at all
    course: float  # the torpedo's course
    gyro: float  # -180..180 (+ starboard) from the tube's line
    lead: float  # the torpedo's course less the target's bearing, -180..180
    run_s: float
    run_m: float
    track_angle: float  # 0..180 between the torpedo's track and the target's course (90: square on)

    def within(self, limit: float) -> bool:
        return self.reachable and abs(self.gyro) <= limit + 1e-9


def target_from(boat_lat: float, boat_lon: float, t: float, bearing: float, range_m: float, course: float,
                speed: float) -> Target:
    """The target seen at `bearing` (true) and `range_m` from the boat's position at time t."""
    lat, lon = geo.destination(boat_lat, boat_lon, bearing, range_m / M_PER_NM)
    return Target(t, lat, lon, geo.norm360(course), max(0.0, speed))


def _intercept(dx: float, dy: float, tvx: float, tvy: float, speed: float) -> float | None:
    """Hours until a torpedo from the origin at `speed` meets a target at (dx, dy) nm moving (tvx,
    tvy) kn, or None when it cannot."""
    a = tvx * tvx + tvy * tvy - speed * speed
    b = 2.0 * (dx * tvx + dy * tvy)
    c = dx * dx + dy * dy
    if abs(a) < 1e-12:
        return -c / b if b < 0 else None
    disc = b * b - 4.0 * a * c
    if disc < 0:
        return None
    root = math.sqrt(disc)
    best = None
    for h in ((-b - root) / (2.0 * a), (-b + root) / (2.0 * a)):
        if h > 0 and (best is None or h < best):
            best = h
    return best


def solve(target: Target, t: float, boat_lat: float, boat_lon: float, heading: float, torpedo_kn: float,
          facing: str = "bow") -> Solution:
    """The solution at time t for a torpedo of `torpedo_kn` from a tube facing bow or stern."""
    hours = (t - target.t) / 3600.0
    s, c = geo.unit(target.course)
    ve, vn = target.speed * s, target.speed * c
    tlat, tlon = geo.shift(target.lat, target.lon, ve * hours, vn * hours)
    dx, dy = geo.offset(boat_lat, boat_lon, tlat, tlon)
    bearing = geo.bearing_to(dx, dy)
    rng = math.hypot(dx, dy)
    aob = geo.norm180(bearing + 180.0 - target.course)
    when = _intercept(dx, dy, ve, vn, torpedo_kn)
    line = heading + (180.0 if facing == "stern" else 0.0)
    if when is None:
        course = bearing
        run_h = 0.0
    else:
        course = geo.bearing_to(dx + ve * when, dy + vn * when)
        run_h = when
    return Solution(
        bearing=bearing, rel_bearing=geo.norm180(bearing - heading), range_m=rng * M_PER_NM, aob=aob,
        reachable=when is not None, course=course, gyro=geo.norm180(course - line),
        lead=geo.norm180(course - bearing), run_s=run_h * 3600.0, run_m=run_h * torpedo_kn * M_PER_NM,
        track_angle=abs(geo.norm180(course - target.course)))


def angle_said(angle: float, degrees: float | None = None) -> Msg:
    """An angle off the bow (an angle on the bow, a gyro angle) as the crew says it: its degrees (`degrees`
    when given, e.g. a gyro angle said in tenths at its limit, else the whole degrees) and its side — but
    none when it is said as 0° or 180°: bow-on, stern-on or dead ahead has no side ("angle on the bow 180°",
    never "180° starboard"; "gyro angle 0°", never "0° port")."""
    said = round(abs(angle)) if degrees is None else degrees
    if said in (0, 180):
        return Msg("{degrees}°", degrees=said)
    if angle >= 0:
        return Msg("{degrees}° starboard", degrees=said)
    return Msg("{degrees}° port", degrees=said)


def spread_offsets(n: int, spread: float) -> list[float]:
    """Gyro offsets of a fan of n torpedoes over `spread` degrees in all (centred)."""
    if n <= 1 or spread <= 0:
        return [0.0] * n
    step = spread / (n - 1)
    return [(i - (n - 1) / 2.0) * step for i in range(n)]
