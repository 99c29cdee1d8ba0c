"""Strategic navigation: dead reckoning against the true position, currents, sextant fixes.

The crew knows where the boat started (the briefing's square) and what it ordered since:
dead reckoning moves that position along the boat's course and speed through the water. The
true position also drifts with the current and with errors nobody knows about (data:
`currents.toml`). Only a sextant fix (surfaced, clear sky; rulebook 9.1.2) tells the crew its
square again; the fix resets dead reckoning.

The `sextant` order's effect lives here. Events: `sextant_fix` (feed: the square).
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

from kaleun.core.args import Args
from kaleun.core.engine import Module
from kaleun.core.messages import Msg
from kaleun.core.shape import BOOL, LAT, LON, REAL, TIME, List, Maybe, Obj, Text
from kaleun.uboot import data
from kaleun.uboot.orders import Effect, OrderDesk
from kaleun.uboot.sea import geo
from kaleun.uboot.sea.grid import naval_grid
from kaleun.uboot.sea.machinery import component_state

CURRENTS = data.load("currents")
NAV = CURRENTS["navigation"]


def current_at(lat: float, lon: float) -> tuple[str, float, float]:
    """(name, set deg, drift kn) of the surface current at a position."""
    for area in CURRENTS.get("area", []):
        s, n, w, e = (float(x) for x in area["box"])
        if s <= lat < n and w <= lon < e:
            return str(area["name"]), float(area["set"]), float(area["drift_kn"])
    default = CURRENTS["default"]
    return "open ocean", float(default["set"]), float(default["drift_kn"])


class Navigation(Module):
    name = "navigation"

    def __init__(self) -> None:
        self.dr_shift = [0.0, 0.0]  # dead reckoning = water track shifted by this (east, north nm)
        self.fix: dict[str, Any] | None = None  # the last sextant fix
        self.error = [0.0, 0.0]  # unknown set (east, north kn)
        self.next_current = 0.0
        self.next_error = 0.0
        #: the boat is off the strategic map (its true position in no square): said once as she leaves, and as she
        #: comes back, at the navigator's hourly plot of the current [gap, our choice: the rulebook's map has no edge]
        self.off_chart = False

    def attach(self, engine: Any) -> None:
        super().attach(engine)
        desk: OrderDesk = engine.module("orders")
        desk.register("sextant", Effect(self._no_params, self._check_sextant, self._sextant,
                                        lambda p: Msg("sextant sight")))
        self.next_current = engine.t
        self.next_error = engine.t

    @property
    def boat(self) -> Any:
        return self.engine.module("boat")

    # -- positions ------------------------------------------------------------------------------
    def dr_position(self, t: float | None = None) -> tuple[float, float]:
        """Dead-reckoning position: what the navigator's plot says."""
        t = self.engine.t if t is None else t
        lat, lon = self.boat.water_position_at(t)
        return geo.shift(lat, lon, self.dr_shift[0], self.dr_shift[1])

    def dr_square(self) -> str | None:
        return naval_grid().name_at(*self.dr_position())

    def true_square(self) -> str | None:
        return naval_grid().name_at(*self.boat.position)

    def dr_error_nm(self) -> float:
        lat, lon = self.boat.position
        dlat, dlon = self.dr_position()
        return math.hypot(*geo.offset(dlat, dlon, lat, lon))

    # -- currents -------------------------------------------------------------------------------
    def next_wake(self) -> float | None:
        return min(self.next_current, self.next_error)

    def wake(self, now: float) -> None:
        if now >= self.next_error:
            sea_state = self.engine.module("weather").sea_state if self.engine.has_module("weather") else 3
            speed = abs(self.rng.gauss(0.0, float(NAV["error_kn"]) + float(NAV["error_kn_per_sea_state"]) * sea_state))
            direction = self.rng.uniform(0.0, 360.0)
            s, c = geo.unit(direction)
            self.error = [speed * s, speed * c]
            self.next_error = now + float(NAV["error_every_h"]) * 3600
        if now >= self.next_current:
            self.next_current = now + float(NAV["current_check_s"])
        lat, lon = self.boat.position_at(now)
        self._charted(lat, lon)
        _name, set_deg, drift = current_at(lat, lon)
        s, c = geo.unit(set_deg)
        self.boat.set_current(drift * s + self.error[0], drift * c + self.error[1])

    def _charted(self, lat: float, lon: float) -> None:
        """Tell the crew when the boat leaves the strategic map, and when she comes back onto it."""
        square = naval_grid().name_at(lat, lon)
        if (square is None) == self.off_chart or self.boat.lost:
            return
        self.off_chart = square is None
        at = {"lat": round(lat, 2), "lon": round(lon, 2)}
        if square is None:
            self.emit("off_chart", square=None, **at, feed=Msg(
                "Navigator: the boat has left the strategic map, at {where}: no square to reckon by until she is back "
                "on it. Alter course for the charted sea!", where=geo.where(lat, lon)))
        else:
            self.emit("on_chart", square=square, **at, feed=Msg(
                "Navigator: the boat is back on the strategic map, in square {square}.", square=square))

    # -- the sextant ----------------------------------------------------------------------------
    def _no_params(self, args: Args) -> dict[str, Any]:
        return {}

    def _tech(self, component: str) -> tuple[bool, bool]:
        return component_state(self.engine, component)

    def _check_sextant(self, params: dict[str, Any]) -> Msg | None:
        boat = self.boat
        if boat.lost:
            return Msg("the boat is lost")
        if not boat.surfaced:
            return Msg("the boat must be surfaced (the sextant is used on the bridge)")
        if self.engine.has_module("weather"):
            return self.engine.module("weather").sky_clear()
        return None

    def _sextant(self, params: dict[str, Any]) -> None:
        now = self.engine.t
        lat, lon = self.boat.position_at(now)
        sigma = float(NAV["fix_sigma_degraded_nm" if self._tech("sextant")[1] else "fix_sigma_nm"])
        mlat, mlon = geo.shift(lat, lon, self.rng.gauss(0.0, sigma), self.rng.gauss(0.0, sigma))
        square = naval_grid().name_at(mlat, mlon)
        before = self.dr_square()
        wlat, wlon = self.boat.water_position_at(now)
        self.dr_shift = list(geo.offset(wlat, wlon, mlat, mlon))
        self.fix = {"t": now, "square": square, "lat": round(mlat, 4), "lon": round(mlon, 4)}
        if square is None:
            feed = Msg("Sextant fix: the boat is off the strategic map.")
        elif square == before:
            feed = Msg("Sextant fix: the boat is in square {square}, as reckoned.", square=square)
        else:
            feed = Msg("Sextant fix: the boat is in square {square}.", square=square)
        self.emit("sextant_fix", feed=feed, square=square, reckoned=before, lat=round(mlat, 2),
                  lon=round(mlon, 2))

    # -- state ----------------------------------------------------------------------------------
    def status(self) -> dict[str, Any]:
        lat, lon = self.dr_position()
        out: dict[str, Any] = {"dr_square": naval_grid().name_at(lat, lon), "dr_lat": round(lat, 2),
                               "dr_lon": round(lon, 2)}
        if self.fix is not None:
            out["fix_square"] = self.fix["square"]
            out["fix_age_h"] = round((self.engine.t - self.fix["t"]) / 3600, 1)
        return out

    state_shape = Obj(dr_shift=List(REAL, size=2), error=List(REAL, size=2), next_current=TIME, next_error=TIME,
                      fix=Maybe(Obj(lat=LAT, lon=LON, square=Maybe(Text(max_len=20)), t=TIME)),
                      optional={"off_chart": BOOL})

    def to_state(self) -> dict[str, Any]:
        return {"dr_shift": list(self.dr_shift), "fix": self.fix, "error": list(self.error),
                "next_current": self.next_current, "next_error": self.next_error, "off_chart": self.off_chart}

    def load_state(self, state: Mapping[str, Any]) -> None:
        self.dr_shift = [float(x) for x in state["dr_shift"]]
        self.fix = None if state["fix"] is None else dict(state["fix"])
        self.error = [float(x) for x in state["error"]]
        self.next_current = float(state["next_current"])
        self.next_error = float(state["next_error"])
        self.off_chart = bool(state.get("off_chart", False))
