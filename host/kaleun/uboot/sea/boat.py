"""Own boat (rulebook §12): engine telegraph, speed, course, depth, dive and surface, battery, fuel.

Speed, course and depth change only through accepted orders (`new_speed`, `new_course`,
`new_depth`, `dive`, `surface`). Between changes everything moves in closed form from an
anchor (speed ramps linearly, the heading turns at a constant rate, depth moves at a constant
rate, the battery drains or charges linearly), so positions, the ship's log and the battery
read the same however time is sliced. The boat wakes only when something is reached (a speed,
a course, a depth, a battery level, a fuel mark) and for a periodic look at the technical conditions and the
water under the keel.

Full ahead surfaced has two speeds: the strategic map's average (the range ruler's 12.5 kn) and,
while the enemy is about (the sea tells the boat when the crew's picture holds a contact), the
diesels' maximum. Everything else is one speed per telegraph setting.

Positions: `lat0/lon0` is the water track (what the boat ran through the water); the true
position adds the drift of the current (`drift` + `current`), which the navigation module sets.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

from kaleun.core.args import Args
from kaleun.core.engine import Module
from kaleun.core.messages import N_, Msg
from kaleun.core.shape import AMOUNT, ANGLE, BOOL, DEPTH_M, LAT, LON, SPEED, TEXT, TIME, List, Maybe, Num, Obj, Text
from kaleun.uboot import data
from kaleun.uboot.orders import Effect, OrderDesk
from kaleun.uboot.sea import geo
from kaleun.uboot.sea.ahead import OFF_CHART, first_danger
from kaleun.uboot.sea.geo import RAD
from kaleun.uboot.sea.kinematics import log_distance, motion, ramp_time, value_at
from kaleun.uboot.sea.machinery import component_state
from kaleun.uboot.sea.seabed import seabed

BOAT = data.load("boat")
TELEGRAPH: list[str] = BOAT["telegraph"]
TELEGRAPH_NAMES: Mapping[str, str] = BOAT["names"]
DEPTH = BOAT["depth"]
BATTERY = BOAT["battery"]
FUEL = BOAT["fuel"]
FUEL_CAPACITY_T = float(FUEL["capacity_t"])
#: the engineer's reports of the fuel left, highest first (percent of the capacity)
FUEL_WARN_PCT: tuple[float, ...] = tuple(sorted((float(p) for p in FUEL["warn_pct"]), reverse=True))
NOISE = BOAT["noise"]
TECH = BOAT["technical"]
TURNING = BOAT["turning"]
NAVIGATOR = BOAT["navigator"]
LOOK_AHEAD_S = float(NAVIGATOR["look_ahead_min"]) * 60.0
STEP_NM = float(NAVIGATOR["step_nm"])
PLOT_S = float(NAVIGATOR["plot_min"]) * 60.0
PERISCOPE_M = float(DEPTH["periscope_m"])
TEST_M = float(DEPTH["test_m"])
CRUSH_M = float(DEPTH["crush_m"])
_SNAP = 1e-7
#: below this speed through the water (kn) the boat has no way on: a danger ahead is the current's doing
_STILL_KN = 0.05
#: a mark (depth, battery level) closer than this counts as reached
_MARGIN = 1e-6
#: why the engines give no way (kept in the boat's state as this English text) -> what the feed says
STOPPED: Mapping[str, str] = {
    N_("the diesels are out of action"): N_("The diesels are out of action: the boat loses way."),
    N_("the electric motors are out of action"): N_("The electric motors are out of action: the boat loses way."),
    N_("the batteries are out of action"): N_("The batteries are out of action: the boat loses way."),
    N_("the battery is flat"): N_("The battery is flat: the boat loses way."),
    N_("the fuel is spent"): N_("The fuel is spent: the diesels stop and the boat loses way."),
}


def _distance(v0: float, v1: float, dt: float) -> float:
    """Kept for callers of the first boat module: see `kinematics.log_distance`."""
    return log_distance(v0, v1, dt)


class Boat(Module):
    name = "boat"

    def __init__(self, surfaced: bool = True, telegraph: str = "stop", lat: float = 62.25,
                 lon: float = 1.625, course: float = 0.0) -> None:
        self.surfaced = surfaced
        self.telegraph = telegraph
        self.t0 = 0.0
        self.d0 = 0.0  # ship's log (nm) at the anchor
        self.h0 = float(course) % 360  # heading at the anchor
        self.course = self.h0  # ordered course
        self.turn = 0.0  # signed deg/s while turning
        self.turn_s = 0.0  # seconds of turning left after the anchor
        self.z0 = 0.0 if surfaced else PERISCOPE_M
        self.zt = self.z0
        self.zrate = float(DEPTH["rate_m_per_s"])
        self.lat0, self.lon0 = float(lat), float(lon)
        self.drift = [0.0, 0.0]  # current's drift (east, north nm) at the anchor
        self.current = [0.0, 0.0]  # set and drift of the current (east, north kn)
        self.b0 = float(BATTERY["start_pct"])
        self.flat = False
        self.dipped = False  # fell far enough to announce the recharge
        self.battery_level = "ok"  # ok | low | critical | flat
        # diesel oil (tonnes) at the anchor, burnt at `frate` t/h while the diesels run; the lowest
        # report made (percent: 100 = none yet); the tanks are dry (the diesels cannot run)
        self.f0 = FUEL_CAPACITY_T
        self.fuel_start = FUEL_CAPACITY_T  # what the boat sailed with (the debrief's fuel used)
        self.frate = 0.0
        self.fuel_warned = 100.0
        self.dry = False
        self.below_test = False
        self.stopped: str | None = None  # why the engines give no way (a failure, a flat battery)
        self.seabed_m = seabed().ocean_m  # water depth at the last look
        self.next_check = 0.0
        self.lost: str | None = None  # grounded / crushed: nothing moves any more
        self.in_action = False  # the enemy is about: full ahead surfaced at the diesels' maximum
        self.shoal_warned = False  # the echo sounder warned that the ordered depth is on the bottom
        # the navigator's plot (`_look_ahead`): the track under the present orders is looked at up to
        # this time; the danger ahead was reported (until the orders change or it passes); the next
        # look is a fresh one after a change the boat did not order (report only a new danger)
        self.ahead_until = 0.0
        self.ahead_warned = False
        self.ahead_quiet = False
        self.v0 = 0.0
        self.vt = 0.0
        self.brate = 0.0
        self._wake: float | None = None
        #: (heading, its sine, its cosine) of the last straight run reckoned (`_run`)
        self._unit: tuple[float, float, float] | None = None

    def attach(self, engine: Any) -> None:
        super().attach(engine)
        desk: OrderDesk = engine.module("orders")
        desk.register("new_speed", Effect(self._parse_speed, self._check_speed, self._set_speed,
                                          lambda p: Msg.term(TELEGRAPH_NAMES[p["speed"]])))
        desk.register("new_course", Effect(self._parse_course, self._check_course, self._set_course,
                                           lambda p: Msg("new course {course:03d}", course=p["course"])))
        desk.register("new_depth", Effect(self._parse_depth, self._check_depth, self._set_depth,
                                          lambda p: Msg("new depth {depth} m", depth=p["depth_m"])))
        desk.register("dive", Effect(self._no_params, self._check_dive, self._dive, lambda p: Msg("dive")))
        desk.register("surface", Effect(self._no_params, self._check_surface, self._surface,
                                        lambda p: Msg("surface")))
        # the other modules may not be attached yet: start from the tables, look at the technical
        # conditions at the first check
        self.vt = self.v0 = float(self.mode["speed_kn"][self.telegraph])
        self.brate = self._battery_rate(tech=False)
        self.frate = self._fuel_rate(tech=False)
        self.seabed_m = seabed().depth_at(self.lat0, self.lon0)
        self.next_check = engine.t + float(TECH["check_s"])
        self._plan()

    # -- the technical conditions (owned by the crew engine) -----------------------------------
    def _tech(self, component: str) -> tuple[bool, bool]:
        return component_state(self.engine, component)

    # -- derived values -------------------------------------------------------------------
    @property
    def mode(self) -> Mapping[str, Any]:
        return BOAT["surfaced" if self.surfaced else "submerged"]

    def _accel(self) -> float:
        return float(self.mode["accel_kn_per_s"])

    def _effective_target(self) -> float:
        """Speed the engines can give at the telegraph setting, and why not if they cannot."""
        base = float(self.mode["speed_kn"][self.telegraph])
        if self.surfaced and self.in_action and self.telegraph == "full_ahead":
            base = float(self.mode["full_ahead_in_action_kn"])
        if self.surfaced:
            disabled, degraded = self._tech("diesels")
            reason = N_("the diesels are out of action") if disabled else None
            if reason is None and self.dry:
                reason = N_("the fuel is spent")
        else:
            disabled, degraded = self._tech("e_motors")
            reason = N_("the electric motors are out of action") if disabled else None
            if reason is None and self._tech("batteries")[0]:
                reason = N_("the batteries are out of action")
            if reason is None and self.flat:
                reason = N_("the battery is flat")
        self.stopped = reason
        if reason is not None:
            return 0.0
        return base * float(TECH["degraded_speed_factor"]) if degraded else base

    def _battery_rate(self, tech: bool = True) -> float:
        """Percent per hour: charging surfaced on the diesels, draining submerged on the motors."""
        if self.surfaced:
            if self.b0 >= 100.0 or self.dry or (tech and (self._tech("diesels")[0] or self._tech("batteries")[0])):
                return 0.0
            return float(BATTERY["charge_pct_per_h"][self.telegraph])
        if self.flat:
            return 0.0
        setting = "stop" if tech and self._tech("e_motors")[0] else self.telegraph
        rate = float(BATTERY["drain_pct_per_h"][setting])
        if tech and self._tech("batteries")[1]:
            rate *= float(TECH["degraded_drain_factor"])
        return -rate

    def _fuel_rate(self, tech: bool = True) -> float:
        """Tonnes of diesel oil per hour: the diesels run surfaced, for way and to charge the battery."""
        if not self.surfaced or self.dry or self.lost or (tech and self._tech("diesels")[0]):
            return 0.0
        if self.in_action and self.telegraph == "full_ahead":
            rate = float(FUEL["full_ahead_in_action_t_per_h"])
        else:
            rate = float(FUEL["burn_t_per_h"][self.telegraph])
        if self.brate > 0:
            rate += float(FUEL["charge_t_per_h"])
        return rate

    def fuel_at(self, t: float) -> float:
        """Diesel oil left (tonnes) at game time t."""
        return max(0.0, self.f0 - self.frate * max(0.0, t - self.t0) / 3600.0)

    @property
    def fuel_pct(self) -> float:
        """Diesel oil left, in percent of the tanks' capacity."""
        return 100.0 * self.fuel_at(self.engine.t) / FUEL_CAPACITY_T

    def passage_kn(self, telegraph: str = "full_ahead") -> float:
        """Knots surfaced at `telegraph`, not in action, as the diesels give them now (degraded diesels run slower):
        the speed a passage at that setting makes."""
        base = float(BOAT["surfaced"]["speed_kn"][telegraph])
        return base * float(TECH["degraded_speed_factor"]) if self._tech("diesels")[1] else base

    def _charge_hours(self, telegraph: str) -> float:
        """Hours the diesels would charge the battery from now, surfaced at `telegraph`, until it is full (they
        burn `charge_t_per_h` more meanwhile); 0 when they cannot charge it."""
        if self.dry or self.lost or self._tech("diesels")[0] or self._tech("batteries")[0]:
            return 0.0
        rate = float(BATTERY["charge_pct_per_h"][telegraph])
        empty = 100.0 - self.battery_at(self.engine.t)
        return empty / rate if rate > 0 and empty > _MARGIN else 0.0

    def fuel_for(self, hours: float, telegraph: str = "full_ahead") -> float:
        """Tonnes the diesels burn in `hours` surfaced at `telegraph` from now (the passage average, not in
        action), with what they burn charging the battery on the way until it is full."""
        hours = max(0.0, hours)
        charge = min(hours, self._charge_hours(telegraph)) * float(FUEL["charge_t_per_h"])
        return hours * float(FUEL["burn_t_per_h"][telegraph]) + charge

    def fuel_lasts(self, telegraph: str = "full_ahead") -> float:
        """Hours the fuel left lasts from now surfaced at `telegraph` (charging the battery on the way until it
        is full); infinite when the setting burns nothing."""
        left = self.fuel_at(self.engine.t)
        burn, charge = float(FUEL["burn_t_per_h"][telegraph]), float(FUEL["charge_t_per_h"])
        charging = self._charge_hours(telegraph)
        if left <= charging * (burn + charge):
            return left / (burn + charge) if burn + charge > 0 else math.inf
        return charging + (left - charging * (burn + charge)) / burn if burn > 0 else math.inf

    def set_fuel(self, tonnes: float) -> None:
        """Start with this much diesel oil (a linked patrol's next part): the reports already passed are not
        made again."""
        self._rebase(self.engine.t)
        self.f0 = self.fuel_start = min(FUEL_CAPACITY_T, max(0.0, float(tonnes)))
        pct = 100.0 * self.f0 / FUEL_CAPACITY_T
        self.fuel_warned = min([100.0] + [w for w in FUEL_WARN_PCT if pct <= w + _MARGIN])
        self.dry = self.f0 <= _MARGIN
        if self.dry:
            self.f0 = 0.0
            self._retune()  # the diesels stop
        else:  # only the burn: the other machinery is looked at when it always is (`_check`)
            self.frate = self._fuel_rate()
        self._plan()

    def _turn_rate(self) -> float:
        rate = float(TURNING["surfaced_deg_per_s" if self.surfaced else "submerged_deg_per_s"])
        return rate * float(TECH["degraded_turn_factor"]) if self._tech("rudder")[1] else rate

    def _depth_rate(self) -> float:
        rate = float(DEPTH["rate_m_per_s"])
        return rate * float(TECH["degraded_depth_factor"]) if self._tech("hydroplanes")[1] else rate

    # -- state at a time ----------------------------------------------------------------------
    def speed_at(self, t: float) -> float:
        if self.v0 == self.vt:  # steady: what value_at gives, without working out the acceleration
            return self.vt
        return value_at(self.v0, self.vt, self._accel(), t - self.t0)

    def heading_at(self, t: float) -> float:
        return geo.norm360(self.h0 + self.turn * min(max(0.0, t - self.t0), self.turn_s))

    def depth_at(self, t: float) -> float:
        if self.z0 == self.zt:  # holding its depth: what value_at gives
            return self.zt
        return value_at(self.z0, self.zt, self.zrate, t - self.t0)

    def battery_at(self, t: float) -> float:
        return min(100.0, max(0.0, self.b0 + self.brate * max(0.0, t - self.t0) / 3600.0))

    def distance_at(self, t: float) -> float:
        """Ship's log in nautical miles at game time t (t >= anchor)."""
        dt = max(0.0, t - self.t0)
        # at a steady speed there is no ramp (what ramp_time gives, without the acceleration table)
        t_v = 0.0 if self.v0 == self.vt else ramp_time(self.v0, self.vt, self._accel())
        if dt <= t_v:
            return self.d0 + log_distance(self.v0, self.speed_at(t), dt) / 3600.0
        return self.d0 + (log_distance(self.v0, self.vt, t_v) + abs(self.vt) * (dt - t_v)) / 3600.0

    def _run(self, t: float) -> tuple[float, float]:
        v0, vt = self.v0, self.vt
        if v0 == vt and self.turn_s <= 0:  # straight and steady: kinematics.motion's common case, its sine and
            dt = t - self.t0               # cosine of the heading kept while the heading stays
            if dt <= 0:
                return 0.0, 0.0
            dist = v0 * dt / 3600.0
            h0 = self.h0
            unit = self._unit
            if unit is None or unit[0] != h0 or h0 == 0.0:  # (a heading of 0 may be -0.0: not kept)
                th = h0 * RAD
                unit = self._unit = (h0, math.sin(th), math.cos(th))
            return dist * unit[1], dist * unit[2]
        # at a steady speed the acceleration plays no part in the motion (and costs a table look-up)
        return motion(v0, vt, 0.0 if v0 == vt else self._accel(), self.h0, self.turn, self.turn_s, t - self.t0)

    def water_position_at(self, t: float) -> tuple[float, float]:
        """Where the boat would be with no current: the basis of dead reckoning."""
        east, north = self._run(t)
        return geo.shift(self.lat0, self.lon0, east, north)

    def drift_at(self, t: float) -> tuple[float, float]:
        dt = t - self.t0
        dt = (dt if dt > 0.0 else 0.0) / 3600.0  # as max(0.0, t - t0), without the call
        return self.drift[0] + self.current[0] * dt, self.drift[1] + self.current[1] * dt

    def position_at(self, t: float) -> tuple[float, float]:
        """True position (latitude, longitude)."""
        dt = t - self.t0
        v0 = self.v0
        if v0 == self.vt and self.turn_s <= 0 and dt > 0:  # _run's straight and steady case, without the call
            dist = v0 * dt / 3600.0
            h0 = self.h0
            unit = self._unit
            if unit is None or unit[0] != h0 or h0 == 0.0:
                th = h0 * RAD
                unit = self._unit = (h0, math.sin(th), math.cos(th))
            east, north = dist * unit[1], dist * unit[2]
        else:
            east, north = self._run(t)
        dt = (dt if dt > 0.0 else 0.0) / 3600.0  # drift_at, without the call
        drift, current = self.drift, self.current
        de, dn = drift[0] + current[0] * dt, drift[1] + current[1] * dt
        return geo.shift(self.lat0, self.lon0, east + de, north + dn)

    def velocity_at(self, t: float) -> tuple[float, float]:
        """Velocity over the ground (east, north) in knots."""
        v = self.speed_at(t)
        s, c = geo.unit(self.heading_at(t))
        return v * s + self.current[0], v * c + self.current[1]

    # -- convenient views of "now" -------------------------------------------------------------
    @property
    def speed_kn(self) -> float:
        return self.speed_at(self.engine.t)

    @property
    def distance_nm(self) -> float:
        return self.distance_at(self.engine.t)

    @property
    def heading(self) -> float:
        return self.heading_at(self.engine.t)

    @property
    def depth_m(self) -> float:
        return self.depth_at(self.engine.t)

    @property
    def battery_pct(self) -> float:
        return self.battery_at(self.engine.t)

    @property
    def position(self) -> tuple[float, float]:
        return self.position_at(self.engine.t)

    @property
    def periscope_depth_m(self) -> float:
        return PERISCOPE_M

    def submerged_depth(self) -> float:
        """Depth of the keel below the surface (0 when surfaced)."""
        return 0.0 if self.surfaced else self.depth_m

    @property
    def at_periscope_depth(self) -> bool:
        return not self.surfaced and self.depth_m <= PERISCOPE_M + 1e-6

    def noise_nm(self, t: float | None = None) -> float:
        """Own noise: range at which a standard escort hydrophone hears the boat."""
        t = self.engine.t if t is None else t
        if self.surfaced:
            running = self.vt != 0.0 or abs(self.speed_at(t)) > 0.1
            return float(NOISE["surfaced_nm"]) * (1.0 if running else 0.5)
        if self.stopped and abs(self.speed_at(t)) < 0.1:
            return float(NOISE["submerged_nm"]["stop"])
        noise = float(NOISE["submerged_nm"][self.telegraph])
        if self.depth_at(t) < float(NOISE["cavitation_depth_m"]) and self.telegraph in ("half_ahead", "full_ahead"):
            noise *= float(NOISE["cavitation_factor"])
        return noise

    # -- anchoring and planning ----------------------------------------------------------------
    def _rebase(self, now: float) -> None:
        dt = max(0.0, now - self.t0)
        if dt > 0:
            east, north = self._run(now)
            self.lat0, self.lon0 = geo.shift(self.lat0, self.lon0, east, north)
            self.drift = list(self.drift_at(now))
            self.d0 = self.distance_at(now)
            self.v0 = self.speed_at(now)
            self.h0 = self.heading_at(now)
            self.turn_s = max(0.0, self.turn_s - dt)
            self.z0 = self.depth_at(now)
            self.b0 = self.battery_at(now)
            self.f0 = self.fuel_at(now)
            if self.b0 < float(BATTERY["recharge_report_below_pct"]):
                self.dipped = True
            if self.brate > 0:
                self._battery_level_from_charge()
        if abs(self.v0 - self.vt) < _SNAP:
            self.v0 = self.vt
        if self.turn_s < 1e-6:
            self.turn_s, self.turn, self.h0 = 0.0, 0.0, self.course
        if abs(self.z0 - self.zt) < _SNAP:
            self.z0 = self.zt
        self.t0 = now

    def _retune(self) -> None:
        """Recompute what depends on mode, telegraph and conditions (after a rebase)."""
        self.vt = self._effective_target()
        self.brate = self._battery_rate()
        self.frate = self._fuel_rate()

    def _plan(self) -> None:
        self.engine.touch(self)  # the sea and the navigation move the boat's plan too
        if self.lost is not None:
            self._wake = None
            return
        t0 = self.t0
        cands = [self.next_check]
        if self.v0 != self.vt:
            cands.append(t0 + ramp_time(self.v0, self.vt, self._accel()))
        if self.turn_s > 0:
            cands.append(t0 + self.turn_s)
        if self.z0 != self.zt:
            cands.append(t0 + abs(self.zt - self.z0) / self.zrate)
            if self.zt > self.z0:
                for mark in (self.seabed_m, CRUSH_M, TEST_M):
                    if self.z0 + _MARGIN < mark <= self.zt:
                        cands.append(t0 + (mark - self.z0) / self.zrate)
        if self.brate < 0:
            for mark in self._battery_marks():
                if self.b0 - mark > _MARGIN:
                    cands.append(t0 + (self.b0 - mark) / -self.brate * 3600.0)
        elif self.brate > 0 and self.b0 < 100.0 - _MARGIN:
            cands.append(t0 + (100.0 - self.b0) / self.brate * 3600.0)
        if self.frate > 0:
            for pct in [w for w in FUEL_WARN_PCT if w < self.fuel_warned] + [0.0]:
                mark = FUEL_CAPACITY_T * pct / 100.0
                if self.f0 - mark > _MARGIN:
                    cands.append(t0 + (self.f0 - mark) / self.frate * 3600.0)
                    break
        later = [c for c in cands if c > t0 + 1e-6]
        self._wake = min(later) if later else t0 + float(TECH["check_s"])

    def _battery_marks(self) -> list[float]:
        levels = {"ok": 0, "low": 1, "critical": 2, "flat": 3}[self.battery_level]
        marks = [float(BATTERY["low_pct"]), float(BATTERY["critical_pct"]), 0.0]
        return [m for i, m in enumerate(marks) if i >= levels]

    def next_wake(self) -> float | None:
        return self._wake

    # -- time -----------------------------------------------------------------------------
    def wake(self, now: float) -> None:
        was_ramping = self.v0 != self.vt
        was_turning = self.turn_s > 0
        was_moving_depth = self.z0 != self.zt
        self._rebase(now)
        if was_ramping and self.v0 == self.vt:
            self.emit("speed_reached", speed_kn=round(self.v0, 2), telegraph=self.telegraph,
                      distance_nm=round(self.d0, 3))
        if was_turning and self.turn_s == 0:
            self.emit("course_reached", course=round(self.course) % 360)
        if was_moving_depth and self.z0 == self.zt:
            self._depth_reached()
        self._battery_events()
        self._fuel_events()
        if self.z0 >= TEST_M - _MARGIN and max(self.z0, self.zt) > TEST_M and not self.below_test:
            self.below_test = True
            self.emit("test_depth", feed=Msg("Below test depth ({depth:.0f} m): the hull groans!", depth=TEST_M),
                      depth_m=round(self.z0, 1), test_m=TEST_M)
        elif self.z0 <= TEST_M:
            self.below_test = False
        if self.z0 >= CRUSH_M - _MARGIN and not self.surfaced:
            self._wreck("crushed", Msg("The hull gives way at {depth:.0f} m. The boat is lost with all hands.",
                                       depth=self.z0))
            return
        if self.lost is None and now >= self.next_check - _SNAP:
            self._check(now)
        if self.lost is None and not self.surfaced and self.z0 >= self.seabed_m - _MARGIN:
            self._ground(now)
        self._plan()

    def _depth_reached(self) -> None:
        if self.zt == 0.0 and not self.surfaced:
            self.surfaced = True
            self.below_test = False
            self.zrate = self._depth_rate()
            self._retune()
            mode = self.mode
            feed = (Msg("The boat is surfaced: the fuel is spent, the diesels cannot run.") if self.dry
                    else Msg("The boat is surfaced: diesels running."))
            self.emit("boat_surfaced", feed=feed,
                      propulsion=mode["propulsion"], target_kn=self.vt, speed_kn=round(self.v0, 2))
            return
        self.emit("depth_reached", depth_m=round(self.z0, 1))

    def _battery_events(self) -> None:
        b = self.b0
        low, crit = float(BATTERY["low_pct"]), float(BATTERY["critical_pct"])
        if self.brate < 0:
            if b <= _MARGIN and self.battery_level != "flat":
                self.b0 = 0.0
                self.battery_level = "flat"
                self.flat = True
                self._retune()
                self.emit("battery", feed=Msg("The battery is flat: the electric motors stop. Surface!"),
                          pct=0.0, level="flat")
            elif b <= crit + _MARGIN and self.battery_level in ("ok", "low"):
                self.battery_level = "critical"
                self.emit("battery", feed=Msg("Battery at {pct:.0f} %!", pct=crit), pct=round(b, 1), level="critical")
            elif b <= low + _MARGIN and self.battery_level == "ok":
                self.battery_level = "low"
                self.emit("battery", feed=Msg("Battery down to {pct:.0f} %.", pct=low), pct=round(b, 1), level="low")
        elif self.brate > 0:
            if b >= 100.0 - _MARGIN:
                self.b0 = 100.0
                self._retune()
                if self.dipped:  # a top-up after a short dive is not worth a word
                    self.emit("battery", feed=Msg("The battery is fully charged."), pct=100.0, level="charged")
                self.dipped = False
            self._battery_level_from_charge()

    def _fuel_events(self) -> None:
        """The engineer reports the fuel left below each mark (`warn_pct`), and the tanks running dry."""
        if self.frate <= 0 or self.dry:
            return
        if self.f0 <= _MARGIN:
            self.f0 = 0.0
            self.dry = True
            self.fuel_warned = 0.0
            self._retune()
            self.emit("fuel", feed=Msg("Chief Engineer: the fuel is spent, the diesels stop. Only the electric "
                                       "motors are left: dive to make way."), pct=0.0, tonnes=0.0, level="empty")
            return
        pct = 100.0 * self.f0 / FUEL_CAPACITY_T
        passed = [w for w in FUEL_WARN_PCT if w < self.fuel_warned and pct <= w + _MARGIN]
        if passed:
            self.fuel_warned = min(passed)
            self.emit("fuel", feed=Msg("Chief Engineer: fuel down to {pct:.0f} % ({tonnes:.0f} t).",
                                       pct=self.fuel_warned, tonnes=self.f0),
                      pct=round(pct, 1), tonnes=round(self.f0, 1), level=f"below_{self.fuel_warned:.0f}")

    def _battery_level_from_charge(self) -> None:
        b = self.b0
        if b > float(BATTERY["low_pct"]):
            self.battery_level = "ok"
        elif b > float(BATTERY["critical_pct"]):
            self.battery_level = "low"
        elif b > 0:
            self.battery_level = "critical"
        if b > 0 and self.flat:
            self.flat = False

    def _check(self, now: float) -> None:
        """Technical conditions and the water under the keel, every `check_s`."""
        self.next_check = now + float(TECH["check_s"])
        before = (self.vt, self.brate, self.stopped)
        self._retune()
        if (self.vt, self.brate, self.stopped) != before and self.stopped and self.stopped != before[2]:
            self.emit("engines_stopped", feed=Msg(STOPPED.get(self.stopped, self.stopped)), reason=Msg(self.stopped))
        if self.turn_s > 0 and self._tech("rudder")[0]:
            self.course = self.h0
            self.turn_s, self.turn = 0.0, 0.0
            self.emit("rudder_jammed", feed=Msg("The rudder is out of action: the boat holds {heading:03d}.",
                                                heading=round(self.h0) % 360),
                      heading=round(self.h0) % 360)
        lat, lon = self.position_at(now)
        self.seabed_m = seabed().depth_at(lat, lon)
        if self.surfaced and self.seabed_m < float(seabed().draft_m):
            self._ground(now)
            return
        self._sounding()
        if self.z0 > TEST_M:
            self._stress()
        if before != (self.vt, self.brate, self.stopped):
            self._replot(rearm=False)
        if not self.ahead_warned and now + LOOK_AHEAD_S >= self.ahead_until:  # else: plotted clear, or warned
            self._look_ahead(now)

    def _replot(self, rearm: bool) -> None:
        """The orders or the current changed: plot the track afresh at the next look (`_check`).
        An order of course or speed re-arms the warning; other changes report only a new danger."""
        self.ahead_until = self.engine.t
        if rearm:
            self.ahead_warned = self.ahead_quiet = False
        elif self.ahead_warned:
            self.ahead_warned, self.ahead_quiet = False, True

    def _look_ahead(self, now: float) -> None:
        """The navigator's plot: warn once when the present orders bring the boat onto land or
        over too little water within the look-ahead time. The track is plotted `plot_min` beyond
        the look ahead, and only the stretch not yet plotted: a boat on a steady course plots each
        mile once, about once per `plot_min`."""
        danger = first_danger(self, max(self.ahead_until, now), now + LOOK_AHEAD_S + PLOT_S, STEP_NM)
        if danger is None:
            self.ahead_until = now + LOOK_AHEAD_S + PLOT_S
            self.ahead_quiet = False
            return
        t, lat, lon, water, clear = danger
        self.ahead_until = clear
        if t > now + LOOK_AHEAD_S:  # plotted, not yet within the look ahead: looked at again then
            return
        quiet, self.ahead_quiet = self.ahead_quiet, False
        self.ahead_warned = True
        if quiet:
            return
        here_lat, here_lon = self.position_at(now)
        bearing, dist = geo.rhumb(here_lat, here_lon, lat, lon)
        minutes = max(1, round((t - now) / 60.0))
        place = seabed().place_at(lat, lon)
        distance = round(dist, 1) if dist < 10 else round(dist)
        setting = Msg.term(TELEGRAPH_NAMES[self.telegraph])
        drifting = abs(self.v0) < _STILL_KN and abs(self.vt) < _STILL_KN  # no way on: the current sets her there
        if water == OFF_CHART:  # the edge of the strategic map: the charted sea ends there
            kind = "chart_edge"
            feed = Msg("Navigator: the current sets the boat off the strategic map at {where}, {distance} nm off "
                       "({minutes} min): past it the chart has no squares. Get under way!", where=geo.where(lat, lon),
                       distance=distance, minutes=minutes) if drifting \
                else Msg("Navigator: the edge of the strategic map ahead at {where}, {distance} nm on this course "
                         "({minutes} min at {setting}): past it the chart has no squares. Alter course!",
                         where=geo.where(lat, lon), distance=distance, minutes=minutes, setting=setting)
            water = seabed().depth_at(lat, lon)
        elif drifting and water < float(seabed().draft_m):
            kind = "land"
            feed = Msg("Navigator: the current sets the boat onto land — {place}, {distance} nm off ({minutes} min). "
                       "Get under way!", place=Msg.term(place), distance=distance, minutes=minutes)
        elif drifting:
            kind = "shoal"
            feed = Msg("Navigator: the current sets the boat over shoal water — {place}, {water:.0f} m deep, "
                       "{distance} nm off ({minutes} min). Get under way or come shallower!", place=Msg.term(place),
                       water=water, distance=distance, minutes=minutes)
        elif water < float(seabed().draft_m):
            kind = "land"
            feed = Msg("Navigator: land ahead — {place}, {distance} nm on this course ({minutes} min at "
                       "{setting}). Alter course!", place=Msg.term(place), distance=distance, minutes=minutes,
                       setting=setting)
        else:
            kind = "shoal"
            feed = Msg("Navigator: shoal water ahead — {place}, {water:.0f} m deep, {distance} nm on this "
                       "course ({minutes} min at {setting}). Alter course!", place=Msg.term(place), water=water,
                       distance=distance, minutes=minutes, setting=setting)
        self.emit("land_ahead", feed=feed, kind=kind, place=place, seabed_m=round(water, 1),
                  distance_nm=round(dist, 1), bearing=round(bearing) % 360, eta_s=round(t - now),
                  course=round(self.course) % 360, telegraph=self.telegraph)

    def _sounding(self) -> None:
        """The echo sounder: warn once when the ordered depth is at or below the bottom here."""
        danger = not self.surfaced and self.zt >= self.seabed_m - _MARGIN
        if danger and not self.shoal_warned:
            self.emit("echo_sounder", feed=Msg("Echo sounder: {water:.0f} m of water under the boat. "
                                               "At {depth:.0f} m she will strike the bottom!",
                                               water=self.seabed_m, depth=self.zt),
                      seabed_m=round(self.seabed_m, 1), ordered_m=round(self.zt, 1))
        self.shoal_warned = danger

    def _stress(self) -> None:
        span = max(1.0, CRUSH_M - TEST_M)
        p = float(DEPTH["stress_p_at_crush"]) * min(1.0, (self.z0 - TEST_M) / span)
        rng = self.rng
        if rng.random() >= p:
            return
        section = rng.randint(1, 6)
        cause = Msg("hull stress at {depth:.0f} m", depth=self.z0)
        if rng.random() < float(DEPTH["stress_leak_share"]):
            self.emit("damage", feed=Msg("A leak in section {section}: {cause}!", section=section, cause=cause),
                      kind="environmental", condition="leak", section=section, cause=cause)
        else:
            self.emit("damage", feed=Msg("Hull breach in section {section}: {cause}!", section=section, cause=cause),
                      kind="hull_breach", section=section, cause=cause)

    def _ground(self, now: float) -> None:
        lat, lon = self.position_at(now)
        place = seabed().place_at(lat, lon)
        if self.surfaced:
            text = Msg("The boat runs aground ({place}).", place=Msg.term(place))
        else:
            text = Msg("The boat strikes the bottom at {depth:.0f} m ({place}).", depth=self.z0,
                       place=Msg.term(place))
        self._wreck("grounded", text, place=place, seabed_m=self.seabed_m)

    def wreck(self, reason: str, feed: Msg | str) -> None:
        """Another module lost the boat (a collision): end it here without a second event."""
        self._rebase(self.engine.t)
        self._wreck(reason, feed, announce=False)

    def _wreck(self, reason: str, feed: Msg | str, announce: bool = True, **extra: Any) -> None:
        """The boat is lost (grounded, crushed, rammed): nothing moves any more; the mission ends."""
        self.lost = reason
        self.v0 = self.vt = 0.0
        self.turn_s = self.turn = 0.0
        self.zt = self.z0
        self.brate = 0.0
        self.frate = 0.0
        if announce:
            self.emit(reason, depth_m=round(self.z0, 1), **extra)
        if self.engine.has_module("mission"):
            self.engine.module("mission").end("lost", reason, feed)
        self._wake = None

    def set_current(self, east_kn: float, north_kn: float) -> None:
        """The navigation module sets the current the boat drifts with."""
        self._rebase(self.engine.t)
        self.current = [float(east_kn), float(north_kn)]
        self._replot(rearm=False)
        self._plan()

    def set_in_action(self, flag: bool) -> None:
        """The sea says whether the enemy is about (the crew has a contact): full ahead surfaced
        then runs at the diesels' maximum instead of the passage average."""
        if flag == self.in_action:
            return
        if self.lost:
            self.in_action = flag
            return
        now = self.engine.t
        self._rebase(now)
        self.in_action = flag
        before = self.vt
        self._retune()
        if self.vt != before:
            self._speed_event()
            self._replot(rearm=False)
        self._plan()

    def _speed_event(self) -> None:
        self.emit("speed_set", telegraph=self.telegraph, target_kn=self.vt,
                  speed_kn=round(self.v0, 2), propulsion=self.mode["propulsion"],
                  distance_nm=round(self.d0, 3), in_action=self.in_action)

    def refresh(self) -> None:
        """Look at the technical conditions now (the crew engine may call this after a change)."""
        self._rebase(self.engine.t)
        self._check(self.engine.t)
        self._plan()

    # -- orders: new speed ------------------------------------------------------------------------
    def _lost_reason(self) -> Msg | None:
        return Msg("the boat is lost") if self.lost else None

    def _parse_speed(self, args: Args) -> dict[str, Any]:
        return {"speed": args.str("speed", choices=TELEGRAPH)}

    def _check_speed(self, params: dict[str, Any]) -> Msg | None:
        if self.lost:
            return self._lost_reason()
        if params["speed"] == self.telegraph:
            return Msg("the telegraph already stands at {setting}", setting=Msg.term(TELEGRAPH_NAMES[self.telegraph]))
        if not self.surfaced and params["speed"] != "stop" and self.flat:
            return Msg("the battery is flat")
        if self.surfaced and params["speed"] != "stop" and self.dry:
            return Msg("the fuel is spent: the diesels cannot run; dive to make way on the electric motors")
        return None

    def _set_speed(self, params: dict[str, Any]) -> None:
        now = self.engine.t
        self._rebase(now)
        self.telegraph = params["speed"]
        self._retune()
        self._speed_event()
        self._replot(rearm=True)
        self._plan()

    # -- orders: new course -----------------------------------------------------------------------
    def _parse_course(self, args: Args) -> dict[str, Any]:
        return {"course": args.int("course", lo=0, hi=359)}

    def _check_course(self, params: dict[str, Any]) -> Msg | None:
        if self.lost:
            return self._lost_reason()
        if params["course"] == round(self.course) % 360:
            return Msg("the boat already steers {course:03d}", course=params["course"])
        return None

    def _set_course(self, params: dict[str, Any]) -> None:
        now = self.engine.t
        self._rebase(now)
        course = float(params["course"])
        diff = geo.norm180(course - self.h0)
        rate = self._turn_rate()
        self.course = course
        self.turn = math.copysign(rate, diff) if diff else 0.0
        self.turn_s = abs(diff) / rate if diff else 0.0
        if not diff:
            self.h0 = course
        self.emit("course_set", course=params["course"], heading=round(self.h0, 1),
                  turn="starboard" if diff > 0 else "port" if diff < 0 else "none",
                  turn_s=round(self.turn_s, 1))
        self._replot(rearm=True)
        self._plan()

    # -- orders: depth, dive, surface --------------------------------------------------------------
    def _parse_depth(self, args: Args) -> dict[str, Any]:
        return {"depth_m": args.int("depth_m", lo=1, hi=int(DEPTH["max_order_m"]))}

    def _check_depth(self, params: dict[str, Any]) -> Msg | None:
        if self.lost:
            return self._lost_reason()
        if self.surfaced:
            return Msg("the boat is surfaced: dive first")
        depth = params["depth_m"]
        if depth < PERISCOPE_M:
            return Msg("periscope depth ({depth:.0f} m) is the shallowest; to surface, order surface",
                       depth=PERISCOPE_M)
        if depth == self.zt:
            return Msg("the boat is already ordered to {depth} m", depth=depth)
        return None

    def _set_depth(self, params: dict[str, Any]) -> None:
        now = self.engine.t
        self._rebase(now)
        self.zt = float(params["depth_m"])
        self.zrate = self._depth_rate()
        self.seabed_m = seabed().depth_at(*self.position_at(now))
        self.emit("depth_set", depth_m=params["depth_m"], from_m=round(self.z0, 1),
                  time_s=round(abs(self.zt - self.z0) / self.zrate, 1))
        self._sounding()
        self._replot(rearm=False)
        self._plan()

    def _no_params(self, args: Args) -> dict[str, Any]:
        return {}

    def _check_dive(self, params: dict[str, Any]) -> Msg | None:
        if self.lost:
            return self._lost_reason()
        if not self.surfaced:
            return Msg("the boat is already submerged")
        if self.battery_at(self.engine.t) <= 0.0:
            return Msg("the battery is flat: the boat cannot run submerged")
        return None

    def _check_surface(self, params: dict[str, Any]) -> Msg | None:
        if self.lost:
            return self._lost_reason()
        if self.surfaced:
            return Msg("the boat is already surfaced")
        if self.zt == 0.0:
            return Msg("the boat is already surfacing")
        return None

    def _dive(self, params: dict[str, Any]) -> None:
        now = self.engine.t
        self._rebase(now)
        self.surfaced = False
        self.zt = PERISCOPE_M
        self.zrate = PERISCOPE_M / float(DEPTH["dive_s"])
        self._retune()
        self.emit("boat_submerged", propulsion=self.mode["propulsion"], target_kn=self.vt,
                  speed_kn=round(self.v0, 2), depth_m=PERISCOPE_M, dive_s=float(DEPTH["dive_s"]))
        self._replot(rearm=False)
        self._plan()

    def _surface(self, params: dict[str, Any]) -> None:
        now = self.engine.t
        self._rebase(now)
        self.zt = 0.0
        rate = self._depth_rate()
        if self._tech("compressor")[0]:
            rate /= float(TECH["slow_surface_factor"])
        self.zrate = rate
        self.emit("surfacing", depth_m=round(self.z0, 1), time_s=round(self.z0 / rate, 1))
        if self.z0 <= _MARGIN:  # still at the surface (a dive called off at once): up again now
            self._depth_reached()
        self._replot(rearm=False)
        self._plan()

    # -- state ----------------------------------------------------------------------------
    def status(self) -> dict[str, Any]:
        t = self.engine.t
        return {"telegraph": self.telegraph, "surfaced": self.surfaced,
                "speed_kn": round(self.speed_at(t), 2), "target_kn": round(self.vt, 2),
                "propulsion": self.mode["propulsion"], "distance_nm": round(self.distance_at(t), 3),
                "course": round(self.course) % 360, "heading": round(self.heading_at(t), 1),
                "depth_m": round(self.depth_at(t), 1), "ordered_depth_m": round(self.zt, 1),
                "battery_pct": round(self.battery_at(t), 1),
                "fuel_pct": round(100.0 * self.fuel_at(t) / FUEL_CAPACITY_T, 1), "fuel_t": round(self.fuel_at(t), 1),
                "stopped": self.stopped, "lost": self.lost,
                "seabed_m": round(seabed().depth_at(*self.position_at(t)))}

    #: generous bounds: they keep damaged numbers out, never a state the rules can reach
    state_shape = Obj(
        surfaced=BOOL, telegraph=Text(TELEGRAPH), t0=TIME, v0=SPEED, vt=SPEED, d0=Num(-1e8, 1e8), h0=ANGLE,
        course=ANGLE, turn=Num(-360, 360), turn_s=AMOUNT, z0=DEPTH_M, zt=DEPTH_M, zrate=Num(1e-3, 1000), lat0=LAT,
        lon0=LON, drift=List(Num(-1e6, 1e6), size=2), current=List(Num(-100, 100), size=2),
        b0=Num(-100, 200), brate=Num(-1000, 1000), flat=BOOL, dipped=BOOL,
        battery_level=Text(("ok", "low", "critical", "flat")), below_test=BOOL, stopped=Maybe(TEXT),
        seabed_m=DEPTH_M, next_check=TIME, lost=Maybe(TEXT),
        optional={"in_action": BOOL, "shoal_warned": BOOL, "ahead_until": TIME, "ahead_warned": BOOL,
                  "ahead_quiet": BOOL, "f0": Num(0, FUEL_CAPACITY_T), "frate": Num(0, 100),
                  "fuel_start": Num(0, FUEL_CAPACITY_T),
                  "fuel_warned": Num(0, 100), "dry": BOOL})

    def to_state(self) -> dict[str, Any]:
        return {"surfaced": self.surfaced, "telegraph": self.telegraph, "t0": self.t0, "v0": self.v0,
                "vt": self.vt, "d0": self.d0, "h0": self.h0, "course": self.course, "turn": self.turn,
                "turn_s": self.turn_s, "z0": self.z0, "zt": self.zt, "zrate": self.zrate,
                "lat0": self.lat0, "lon0": self.lon0, "drift": list(self.drift), "current": list(self.current),
                "b0": self.b0, "brate": self.brate, "flat": self.flat, "dipped": self.dipped,
                "battery_level": self.battery_level,
                "below_test": self.below_test, "stopped": self.stopped, "seabed_m": self.seabed_m,
                "next_check": self.next_check, "lost": self.lost, "in_action": self.in_action,
                "shoal_warned": self.shoal_warned, "ahead_until": self.ahead_until,
                "ahead_warned": self.ahead_warned, "ahead_quiet": self.ahead_quiet, "f0": self.f0,
                "fuel_start": self.fuel_start, "frate": self.frate, "fuel_warned": self.fuel_warned, "dry": self.dry}

    def load_state(self, state: Mapping[str, Any]) -> None:
        telegraph = state["telegraph"]
        if telegraph not in TELEGRAPH:
            raise ValueError(f"unknown telegraph setting {telegraph!r}")
        self.surfaced = bool(state["surfaced"])
        self.telegraph = telegraph
        for key in ("t0", "v0", "vt", "d0", "h0", "course", "turn", "turn_s", "z0", "zt", "zrate",
                    "lat0", "lon0", "b0", "brate", "seabed_m", "next_check"):
            setattr(self, key, float(state[key]))
        self.drift = [float(x) for x in state["drift"]]
        self.current = [float(x) for x in state["current"]]
        self.flat = bool(state["flat"])
        self.dipped = bool(state["dipped"])
        self.battery_level = str(state["battery_level"])
        self.below_test = bool(state["below_test"])
        self.stopped = state["stopped"]
        self.lost = state["lost"]
        self.in_action = bool(state.get("in_action", False))
        self.shoal_warned = bool(state.get("shoal_warned", False))
        self.ahead_until = float(state.get("ahead_until", 0.0))
        self.ahead_warned = bool(state.get("ahead_warned", False))
        self.ahead_quiet = bool(state.get("ahead_quiet", False))
        # a save from before fuel was kept: full tanks, burnt from the next look at the machinery on
        self.f0 = float(state.get("f0", FUEL_CAPACITY_T))
        self.fuel_start = float(state.get("fuel_start", FUEL_CAPACITY_T))
        self.frate = float(state.get("frate", 0.0))
        self.fuel_warned = float(state.get("fuel_warned", 100.0))
        self.dry = bool(state.get("dry", False))
        self._plan()
