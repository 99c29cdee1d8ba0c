"""Exact motion between wakes: speed changing linearly while the heading turns at a constant
rate. Nothing is stepped: a position at any time is a closed-form integral from the last anchor,
so the result does not depend on how time was sliced.

Speeds are knots, times seconds, headings degrees true; offsets are (east, north) in nm.
"""

from __future__ import annotations

import math

from kaleun.uboot.sea import geo


def ramp_time(v0: float, target: float, accel: float) -> float:
    """Seconds until a speed moving at `accel` (kn/s, > 0) from v0 reaches target."""
    return abs(target - v0) / accel if accel > 0 else 0.0


def value_at(x0: float, target: float, rate: float, dt: float) -> float:
    """A quantity moving linearly from x0 towards target at |rate| per second, after dt."""
    # as abs(rate) * max(0.0, dt), then min(target, x0 + step) or max(target, x0 - step), without the calls
    step = abs(rate) * (dt if dt > 0.0 else 0.0)
    if x0 < target:
        up = x0 + step
        return up if up < target else target
    down = x0 - step
    return down if down > target else target


def segment(v0: float, a: float, h0: float, w: float, tau: float) -> tuple[float, float]:
    """(east, north) nm run in `tau` s with speed v0 + a*s (kn) and heading h0 + w*s (deg)."""
    if tau <= 0:
        return 0.0, 0.0
    v0h, ah = v0 / 3600.0, a / 3600.0  # nm/s and nm/s^2
    th0 = math.radians(h0)
    om = math.radians(w)
    if abs(om * tau) < 1e-4:
        # (nearly) straight: the closed form would divide by a vanishing turn rate; the
        # mid-course heading is exact to (om * tau)^2
        dist = v0h * tau + ah * tau * tau / 2
        mid = th0 + om * tau / 2
        return dist * math.sin(mid), dist * math.cos(mid)
    th1 = th0 + om * tau
    v1h = v0h + ah * tau
    # integrals of (v0 + a s) sin(th0 + om s) and (v0 + a s) cos(th0 + om s) over [0, tau]
    east = (-v1h * math.cos(th1) + v0h * math.cos(th0)) / om + ah * (math.sin(th1) - math.sin(th0)) / om**2
    north = (v1h * math.sin(th1) - v0h * math.sin(th0)) / om + ah * (math.cos(th1) - math.cos(th0)) / om**2
    return east, north


def motion(v0: float, vt: float, accel: float, h0: float, turn: float, turn_s: float,
           dt: float) -> tuple[float, float]:
    """Offset after dt s: speed ramps from v0 to vt at `accel` (kn/s), heading turns at `turn`
    (signed deg/s) for `turn_s` seconds and then holds."""
    if dt <= 0:
        return 0.0, 0.0
    if v0 == vt and turn_s <= 0:  # straight and steady: the common case
        dist = v0 * dt / 3600.0
        th = math.radians(h0)
        return dist * math.sin(th), dist * math.cos(th)
    t_v = ramp_time(v0, vt, accel)
    a = 0.0 if t_v <= 0 else (vt - v0) / t_v
    cuts = sorted({c for c in (t_v, turn_s) if 0 < c < dt} | {dt})
    east = north = 0.0
    start = 0.0
    for end in cuts:
        v_s = v0 + a * min(start, t_v) if start < t_v else vt
        a_s = a if start < t_v else 0.0
        h_s = h0 + turn * min(start, turn_s)
        w_s = turn if start < turn_s else 0.0
        de, dn = segment(v_s, a_s, h_s, w_s, end - start)
        east += de
        north += dn
        start = end
    return east, north


def log_distance(v0: float, v1: float, dt: float) -> float:
    """Distance (same unit as v*dt) while speed moves linearly from v0 to v1: the integral of |v|."""
    if v0 * v1 >= 0:
        return abs(v0 + v1) / 2 * dt
    tz = dt * abs(v0) / (abs(v0) + abs(v1))
    return abs(v0) / 2 * tz + abs(v1) / 2 * (dt - tz)


def intercept(dx: float, dy: float, tvx: float, tvy: float, speed: float) -> tuple[float, float]:
    """Course (deg) and time (h) for a pursuer at the origin, `speed` kn, to meet a target at
    (dx, dy) nm moving (tvx, tvy) kn. Without a solution: straight at the target."""
    a = tvx * tvx + tvy * tvy - speed * speed
    b = 2 * (dx * tvx + dy * tvy)
    c = dx * dx + dy * dy
    t: float | None = None
    if abs(a) < 1e-9:
        t = -c / b if b < 0 else None
    else:
        disc = b * b - 4 * a * c
        if disc >= 0:
            root = math.sqrt(disc)
            r1, r2 = (-b - root) / (2 * a), (-b + root) / (2 * a)
            first, second = (r2, r1) if r2 < r1 else (r1, r2)  # the earlier meeting first
            t = first if first > 0 else second if second > 0 else None
    if t is None:
        return geo.bearing_to(dx, dy), math.hypot(dx, dy) / max(speed, 0.1)
    return geo.bearing_to(dx + tvx * t, dy + tvy * t), t

