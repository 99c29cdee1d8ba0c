"""Weather and daylight at the boat (data: `weather.toml`).

The weather is one of a few kinds (clear, fair, cloudy, overcast, rain, storm, fog) that may
change every few hours along a transition table. Daylight follows the sun's elevation at the
boat's position and the ship's clock (German time). Both change detection ranges, and decide
whether the sextant and the deck guns can be used. The ship's clock keeps German time, which
changed with summer time during the war (`weather.toml`: german_time) unless the mission fixes
its own offset from UTC.

Events (bookkeeping, no feed): `weather` when the weather changes, `daylight` when the light
phase changes (day, civil_twilight, nautical_twilight, night).
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime, timedelta
from typing import Any

from kaleun.core.args import Args
from kaleun.core.engine import Handler, Module
from kaleun.core.messages import Msg
from kaleun.core.shape import BOOL, TIME, Maybe, Num, Obj, Text
from kaleun.uboot import data
from kaleun.uboot.sea import geo
from kaleun.uboot.sea.sensors import Conditions

WEATHER = data.load("weather")
KINDS: Mapping[str, Mapping[str, Any]] = WEATHER["kinds"]
TRANSITIONS: Mapping[str, Mapping[str, float]] = WEATHER["transitions"]
LIGHT: list[Mapping[str, Any]] = sorted(WEATHER["light"], key=lambda x: -float(x["above"]))
LIGHT_FACTOR: Mapping[str, float] = {str(x["phase"]): float(x["factor"]) for x in LIGHT}
#: how far ahead the light is looked at; a phase change inside the window is found by bisection
LIGHT_STEP_S = 600.0
GERMAN_TIME: list[tuple[datetime, float]] = sorted((datetime.fromisoformat(str(when)), float(hours))
                                                   for when, hours in WEATHER["german_time"])


def german_utc_offset(local: datetime) -> float:
    """Hours German time was ahead of UTC at this German clock time."""
    offset = GERMAN_TIME[0][1]
    for when, hours in GERMAN_TIME:
        if local < when:
            break
        offset = hours
    return offset


def phase_of(elevation: float) -> str:
    for item in LIGHT:
        if elevation >= float(item["above"]):
            return str(item["phase"])
    return str(LIGHT[-1]["phase"])


class Weather(Module):
    name = "weather"

    def __init__(self, kind: str = "fair", hold: bool = False, utc_offset_h: float | None = None) -> None:
        if kind not in KINDS:
            raise ValueError(f"unknown weather {kind!r} (known: {', '.join(KINDS)})")
        self.kind = kind
        self.hold = hold
        # None: German time, with summer time as it was kept in the war
        self.utc_offset_h: float | None = None if utc_offset_h is None else float(utc_offset_h)
        self.next_change: float | None = None
        self.phase = "day"
        self.elevation = 0.0
        self.next_light = 0.0
        #: what detection needs of the weather, for the (kind, phase) it was worked out for
        self._conditions: tuple[tuple[str, str], Conditions] | None = None

    def attach(self, engine: Any) -> None:
        super().attach(engine)
        self._schedule_change(engine.t)
        self.elevation = self.sun_elevation(engine.t)
        self.phase = phase_of(self.elevation)
        self._schedule_light(engine.t)

    # -- views ----------------------------------------------------------------------------------
    @property
    def spec(self) -> Mapping[str, Any]:
        return KINDS[self.kind]

    @property
    def visibility_nm(self) -> float:
        return float(self.spec["visibility_nm"])

    @property
    def cloud_oktas(self) -> int:
        return int(self.spec["cloud_oktas"])

    @property
    def sea_state(self) -> int:
        return int(self.spec["sea_state"])

    @property
    def precipitation(self) -> str:
        return str(self.spec["precipitation"])

    @property
    def light_factor(self) -> float:
        return LIGHT_FACTOR[self.phase]

    @property
    def is_day(self) -> bool:
        return self.phase == "day"

    def conditions(self) -> Conditions:
        """The numbers detection needs (visibility, sea state, light): they follow from the kind of
        weather and the daylight phase alone, so they are worked out once for each pair."""
        key = (self.kind, self.phase)
        if self._conditions is None or self._conditions[0] != key:
            self._conditions = (key, Conditions.of(self))
        return self._conditions[1]

    def utc(self, t: float) -> datetime:
        local = self.engine.clock.at(t)
        return local - timedelta(hours=self.offset_h(local))

    def offset_h(self, local: datetime) -> float:
        """Hours the ship's clock is ahead of UTC at this clock time."""
        return german_utc_offset(local) if self.utc_offset_h is None else self.utc_offset_h

    def sun_elevation(self, t: float) -> float:
        lat, lon = self._position(t)
        return geo.sun_elevation(self.utc(t), lat, lon)

    def _position(self, t: float) -> tuple[float, float]:
        if self.engine.has_module("boat"):
            return self.engine.module("boat").position_at(t)
        return 55.0, -20.0

    def sky_clear(self) -> Msg | None:
        """None when the sextant can take a sight, else the reason why not."""
        spec = WEATHER["sextant"]
        if self.precipitation == "fog":
            return Msg("fog hides the horizon")
        if self.precipitation != "none" or self.cloud_oktas > int(spec["max_cloud_oktas"]):
            return Msg("the sky is overcast")
        if self.elevation < float(spec["min_sun_elevation"]):
            return Msg("it is too dark to see the horizon")
        return None

    def guns_usable(self) -> Msg | None:
        """None when deck guns can be worked in this sea, else the reason why not."""
        if self.sea_state > int(WEATHER["guns"]["max_sea_state"]):
            return Msg("the sea is too heavy for the gun crews (sea state {state})", state=self.sea_state)
        return None

    # -- time -----------------------------------------------------------------------------------
    def _schedule_change(self, now: float) -> None:
        if self.hold:
            self.next_change = None
            return
        lo, hi = (float(h) * 3600 for h in WEATHER["change_every_h"])
        self.next_change = now + self.rng.uniform(lo, hi)

    def _schedule_light(self, now: float) -> None:
        ahead = now + LIGHT_STEP_S
        if phase_of(self.sun_elevation(ahead)) == self.phase:
            self.next_light = ahead
            return
        lo, hi = now, ahead
        while hi - lo > 1.0:
            mid = (lo + hi) / 2
            if phase_of(self.sun_elevation(mid)) == self.phase:
                lo = mid
            else:
                hi = mid
        self.next_light = hi

    def next_wake(self) -> float | None:
        if self.next_change is None:
            return self.next_light
        return min(self.next_change, self.next_light)

    def wake(self, now: float) -> None:
        if self.next_change is not None and now >= self.next_change:
            row = TRANSITIONS[self.kind]
            kinds = sorted(row)
            new = self.rng.choices(kinds, weights=[float(row[k]) for k in kinds])[0]
            self._schedule_change(now)
            if new != self.kind:
                self.set_kind(new, "weather")
        if now >= self.next_light:
            self.elevation = self.sun_elevation(now)
            phase = phase_of(self.elevation)
            if phase != self.phase:
                self.phase = phase
                self.emit("daylight", phase=phase, sun_elevation=round(self.elevation, 1))
            self._schedule_light(now)

    def set_kind(self, kind: str, reason: str) -> None:
        self.kind = kind
        spec = self.spec
        self.emit("weather", kind=kind, visibility_nm=spec["visibility_nm"], cloud_oktas=spec["cloud_oktas"],
                  sea_state=spec["sea_state"], precipitation=spec["precipitation"], reason=reason)

    # -- the referee's command ----------------------------------------------------------------------
    def commands(self) -> Mapping[str, Handler]:
        return {"weather": self._weather}

    def _weather(self, args: Args) -> None:
        kind = args.str("kind", choices=sorted(KINDS))
        hold = args.bool("hold", default=self.hold)
        args.finish()
        if self.engine.has_module("mission") and self.engine.module("mission").over:  # the game is over (§4.1)
            self.emit("action_refused", feed=Msg("Weather refused: the mission is over."), action="weather",
                      reason=Msg("the mission is over"))
            return
        self.hold = hold
        self._schedule_change(self.engine.t)
        self.set_kind(kind, "referee")

    # -- state ----------------------------------------------------------------------------------
    def status(self) -> dict[str, Any]:
        spec = self.spec
        return {"kind": self.kind, "visibility_nm": spec["visibility_nm"], "cloud_oktas": spec["cloud_oktas"],
                "sea_state": spec["sea_state"], "precipitation": spec["precipitation"], "daylight": self.phase,
                "sun_elevation": round(self.elevation, 1)}

    state_shape = Obj(kind=Text(KINDS), hold=BOOL, utc_offset_h=Maybe(Num(-24, 24)), next_change=Maybe(TIME),
                      phase=Text(LIGHT_FACTOR), elevation=Num(-90, 90), next_light=TIME)

    def to_state(self) -> dict[str, Any]:
        return {"kind": self.kind, "hold": self.hold, "utc_offset_h": self.utc_offset_h,
                "next_change": self.next_change, "phase": self.phase, "elevation": self.elevation,
                "next_light": self.next_light}

    def load_state(self, state: Mapping[str, Any]) -> None:
        if state["kind"] not in KINDS:
            raise ValueError(f"unknown weather {state['kind']!r}")
        self.kind = state["kind"]
        self.hold = bool(state["hold"])
        offset = state["utc_offset_h"]
        self.utc_offset_h = None if offset is None else float(offset)
        self.next_change = None if state["next_change"] is None else float(state["next_change"])
        self.phase = str(state["phase"])
        if self.phase not in LIGHT_FACTOR:
            raise ValueError(f"unknown light phase {self.phase!r}")
        self.elevation = float(state["elevation"])
        self.next_light = float(state["next_light"])
