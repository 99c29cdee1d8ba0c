"""Own boat: engine telegraph, speed with acceleration, distance run (ship's log).

Speed changes only through an accepted `new_speed` order. Speed moves linearly towards the
telegraph's target at the data file's acceleration; distance is the exact integral of
|speed|, so the ship's log reads the same however time is sliced.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from kaleun.core.args import Args
from kaleun.core.engine import Module
from kaleun.uboot import data
from kaleun.uboot.orders import Effect, OrderDesk

BOAT = data.load("boat")
TELEGRAPH: list[str] = BOAT["telegraph"]
TELEGRAPH_NAMES: Mapping[str, str] = BOAT["names"]


def _distance(v0: float, v1: float, dt: float) -> float:
    """Distance (same unit as v*dt) run while speed moves linearly from v0 to v1: integral of |v|."""
    if v0 * v1 >= 0:
        return abs(v0 + v1) / 2 * dt
    tz = dt * abs(v0) / (abs(v0) + abs(v1))  # time of the zero crossing
    return abs(v0) / 2 * tz + abs(v1) / 2 * (dt - tz)


class Boat(Module):
    name = "boat"

    def __init__(self, surfaced: bool = True, telegraph: str = "stop") -> None:
        self.surfaced = surfaced
        self.telegraph = telegraph
        self.t0 = 0.0  # anchor time of the speed ramp
        self.v0 = self._target()  # speed (kn) at the anchor
        self.d0 = 0.0  # distance run (nm) at the anchor

    def attach(self, engine: Any) -> None:
        super().attach(engine)
        desk: OrderDesk = engine.module("orders")
        desk.register("new_speed", Effect(self._parse_speed, self._check_speed, self._set_speed,
                                          lambda p: TELEGRAPH_NAMES[p["speed"]]))
        desk.register("dive", Effect(self._no_params, self._check_dive, self._dive, lambda p: "dive"))
        desk.register("surface", Effect(self._no_params, self._check_surface, self._surface,
                                        lambda p: "surface"))

    # -- derived values -------------------------------------------------------------------
    @property
    def mode(self) -> Mapping[str, Any]:
        return BOAT["surfaced" if self.surfaced else "submerged"]

    def _target(self) -> float:
        return float(self.mode["speed_kn"][self.telegraph])

    def _accel(self) -> float:
        return float(self.mode["accel_kn_per_s"])

    def _reach_time(self) -> float:
        return self.t0 + abs(self._target() - self.v0) / self._accel()

    def speed_at(self, t: float) -> float:
        target = self._target()
        step = self._accel() * max(0.0, t - self.t0)
        if self.v0 < target:
            return min(target, self.v0 + step)
        return max(target, self.v0 - step)

    def distance_at(self, t: float) -> float:
        """Ship's log in nautical miles at game time t (t >= anchor)."""
        t_reach = self._reach_time()
        target = self._target()
        if t <= t_reach:
            ramp = _distance(self.v0, self.speed_at(t), t - self.t0)
            return self.d0 + ramp / 3600.0
        ramp = _distance(self.v0, target, t_reach - self.t0)
        return self.d0 + (ramp + abs(target) * (t - t_reach)) / 3600.0

    @property
    def speed_kn(self) -> float:
        return self.speed_at(self.engine.t)

    @property
    def distance_nm(self) -> float:
        return self.distance_at(self.engine.t)

    def _rebase(self, now: float) -> None:
        self.d0 = self.distance_at(now)
        self.v0 = self.speed_at(now)
        self.t0 = now

    # -- the new_speed order ------------------------------------------------------------------
    def _parse_speed(self, args: Args) -> dict[str, Any]:
        return {"speed": args.str("speed", choices=TELEGRAPH)}

    def _check_speed(self, params: dict[str, Any]) -> str | None:
        if params["speed"] == self.telegraph:
            return f"the telegraph already stands at {TELEGRAPH_NAMES[self.telegraph]}"
        return None

    def _set_speed(self, params: dict[str, Any]) -> None:
        now = self.engine.t
        self._rebase(now)
        self.telegraph = params["speed"]
        target = self._target()
        self.emit("speed_set", telegraph=self.telegraph, target_kn=target,
                  speed_kn=round(self.v0, 2), propulsion=self.mode["propulsion"],
                  distance_nm=round(self.d0, 3))

    # -- dive and surface (the sea simulation adds depth and transition times) -----------
    def _no_params(self, args: Args) -> dict[str, Any]:
        return {}

    def _check_dive(self, params: dict[str, Any]) -> str | None:
        return None if self.surfaced else "the boat is already submerged"

    def _check_surface(self, params: dict[str, Any]) -> str | None:
        return "the boat is already surfaced" if self.surfaced else None

    def _switch(self, surfaced: bool) -> None:
        self._rebase(self.engine.t)
        self.surfaced = surfaced
        mode = self.mode
        self.emit("boat_surfaced" if surfaced else "boat_submerged", propulsion=mode["propulsion"],
                  target_kn=self._target(), speed_kn=round(self.v0, 2))

    def _dive(self, params: dict[str, Any]) -> None:
        self._switch(False)

    def _surface(self, params: dict[str, Any]) -> None:
        self._switch(True)

    # -- time -----------------------------------------------------------------------------
    def next_wake(self) -> float | None:
        if self.v0 == self._target():
            return None
        return self._reach_time()

    def wake(self, now: float) -> None:
        self._rebase(now)
        self.v0 = self._target()
        self.emit("speed_reached", speed_kn=self.v0, telegraph=self.telegraph,
                  distance_nm=round(self.d0, 3))

    # -- state ----------------------------------------------------------------------------
    def status(self) -> dict[str, Any]:
        t = self.engine.t
        return {"telegraph": self.telegraph, "surfaced": self.surfaced,
                "speed_kn": round(self.speed_at(t), 2), "target_kn": self._target(),
                "propulsion": self.mode["propulsion"], "distance_nm": round(self.distance_at(t), 3)}

    def to_state(self) -> dict[str, Any]:
        return {"surfaced": self.surfaced, "telegraph": self.telegraph,
                "t0": self.t0, "v0": self.v0, "d0": self.d0}

    def load_state(self, state: Mapping[str, Any]) -> None:
        telegraph = state["telegraph"]
        if telegraph not in TELEGRAPH:
            raise ValueError(f"unknown telegraph setting {telegraph!r}")
        self.surfaced = bool(state["surfaced"])
        self.telegraph = telegraph
        self.t0 = float(state["t0"])
        self.v0 = float(state["v0"])
        self.d0 = float(state["d0"])
