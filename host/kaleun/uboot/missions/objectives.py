"""Objectives: what a mission asks of the crew, and the game's checks of them.

Kinds (fields in a mission file's `[[objective]]`, a radio message's or an HQ answer's `objective`):

    sink        count, type (merchant small escort any), class (id or ids), cause (torpedo gunfire any),
                convoy (true: the ship sailed in a convoy)
    grt         grt: the GRT sunk since the objective was given (escorts carry none); convoy (true: only ships
                that sailed in a convoy count)
    reach       an area (areas.py): the boat's true position inside it
    station     an area and hours: that long inside it, in all
    report      report (convoy weather position contact), count, every_h (hours between two that count),
                optionally an area the reports are sent from
    shadow      hours: that long with a convoy ship in the crew's contact picture
    rendezvous  a point with radius_nm, minutes: that long in it without a break, surfaced (default),
                stopped (default; at most 1 kn), at night if night = true, within window_h [from, to];
                sighted = { what, day_nm, night_nm }: the lookouts see the point (a dinghy, a coast) and
                report its bearing and range (mark_in_sight);
                drift = { leeway, wind_from, wind_kn }: the point drifts from the start with the sea's surface
                current at the point (currents.toml) and leeway (that fraction of the wind's speed, downwind);
                the place, the check and the lookouts' mark all move with it (drifted_point)
    mines       count (default 1), type (a mine type id, default any), an area: that many mines laid
                (the lay_mines order) whose true positions lie in the area
    return      the boat returns to base

Every kind takes `by_h`: not met by then (hours after the start), it has failed. An objective counts
only from the moment it is *given*: a primary objective at the briefing, a secondary one when the
crew has decoded HQ's signal that carries it. What happened before does not count, and an objective
whose signal was never decoded cannot be met.

An objective's record is plain data (saved with the game): `Objective.to_json`.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from kaleun.core.messages import Msg
from kaleun.uboot.missions.areas import Area, parse_area
from kaleun.uboot.sea import geo

STATES = ("pending", "given", "met", "failed")
#: fastest the boat may go and still count as stopped at a rendezvous (kn) [gap]
STOPPED_KN = 1.0
NIGHT_PHASES = ("night", "nautical_twilight")


@dataclass
class Objective:
    id: str
    kind: str
    text: str
    primary: bool
    fame: int
    spec: dict[str, Any]
    state: str = "pending"
    given_at: float | None = None
    done_at: float | None = None
    #: count, GRT, hours, minutes or reports so far (what `target` is measured in)
    progress: float = 0.0
    #: kind-specific bookkeeping: the rendezvous's unbroken start, times of reports that counted
    memo: dict[str, Any] = field(default_factory=dict)
    #: the radio message that carries it (None: the briefing's)
    message: str | None = None

    # -- reading ------------------------------------------------------------------------------
    @property
    def area(self) -> Area | None:
        return parse_area(self.spec)

    @property
    def target(self) -> float:
        spec = self.spec
        if self.kind == "sink":
            return float(spec.get("count", 1))
        if self.kind == "grt":
            return float(spec["grt"])
        if self.kind in ("station", "shadow"):
            return float(spec["hours"])
        if self.kind in ("report", "mines"):
            return float(spec.get("count", 1))
        if self.kind == "rendezvous":
            return float(spec["minutes"])
        return 1.0

    @property
    def active(self) -> bool:
        return self.state == "given"

    @property
    def met(self) -> bool:
        return self.state == "met"

    @property
    def deadline(self) -> float | None:
        """Game seconds by which it must be met (None: the mission's end)."""
        by = self.spec.get("by_h")
        window = self.spec.get("window_h")
        ends = [float(by) * 3600.0] if by is not None else []
        if isinstance(window, list):
            ends.append(float(window[1]) * 3600.0)
        return min(ends) if ends else None

    def text_msg(self) -> Msg:
        """The objective's words (a sentence, with its full stop) in the table's language."""
        return Msg.term(self.text)

    def view(self) -> dict[str, Any]:
        """The objective as the events and the debrief show it."""
        return {"id": self.id, "kind": self.kind, "text": self.text, "primary": self.primary, "fame": self.fame,
                "state": self.state, "met": self.met, "progress": round(self.progress, 2), "target": self.target,
                "coded": self.state == "pending" and self.message is not None}

    # -- state --------------------------------------------------------------------------------
    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "kind": self.kind, "text": self.text, "primary": self.primary, "fame": self.fame,
                "spec": dict(self.spec), "state": self.state, "given_at": self.given_at, "done_at": self.done_at,
                "progress": self.progress, "memo": dict(self.memo), "message": self.message}

    @classmethod
    def from_json(cls, d: Mapping[str, Any]) -> Objective:
        if d["state"] not in STATES:
            raise ValueError(f"unknown objective state {d['state']!r}")
        return cls(id=str(d["id"]), kind=str(d["kind"]), text=str(d["text"]), primary=bool(d["primary"]),
                   fame=int(d["fame"]), spec=dict(d["spec"]), state=str(d["state"]),
                   given_at=None if d["given_at"] is None else float(d["given_at"]),
                   done_at=None if d["done_at"] is None else float(d["done_at"]), progress=float(d["progress"]),
                   memo=dict(d["memo"]), message=d.get("message"))


def build(spec: Mapping[str, Any], primary: bool, default_fame: int, message: str | None = None) -> Objective:
    """An objective from its table in a mission file (already checked by the catalogue)."""
    return Objective(id=str(spec["id"]), kind=str(spec["kind"]), text=str(spec["text"]),
                     primary=bool(spec.get("primary", primary)), fame=int(spec.get("fame", default_fame)),
                     spec={k: v for k, v in spec.items() if k not in ("id", "kind", "text", "primary", "fame")},
                     message=message)


# -- what counts ------------------------------------------------------------------------------------
def sinking_counts(obj: Objective, sunk: Mapping[str, Any]) -> bool:
    """Does a ship sunk (`ship_sunk` fields plus `convoy`) count for a `sink` objective?"""
    spec = obj.spec
    kind = spec.get("type", "any")
    if kind != "any" and sunk.get("type") != kind:
        return False
    classes = spec.get("class")
    if classes is not None:
        wanted = classes if isinstance(classes, list) else [classes]
        if sunk.get("class") not in wanted:
            return False
    cause = spec.get("cause", "any")
    if cause != "any" and sunk.get("cause") != cause:
        return False
    return not (spec.get("convoy") and not sunk.get("convoy"))


def tonnage_counts(obj: Objective, sunk: Mapping[str, Any]) -> bool:
    """Does a ship sunk count for a `grt` objective? (an escort carries no GRT; with `convoy`, a lone ship met by
    chance does not count)"""
    if int(sunk.get("grt") or 0) <= 0 or sunk.get("type") == "escort":
        return False
    return not (obj.spec.get("convoy") and not sunk.get("convoy"))


@dataclass(frozen=True)
class Situation:
    """What the checks at a tick look at: the boat's true state and the crew's picture."""

    t: float
    dt: float  # seconds since the last tick
    lat: float
    lon: float
    surfaced: bool
    speed_kn: float
    phase: str  # daylight phase
    convoy_contact: bool  # the crew's picture holds a ship that sails in a convoy
    light: float = 1.0  # the light factor of the moment (weather.toml)
    visibility_nm: float = 15.0
    lookouts: int = 0  # sailors on observation duty on the bridge


def advance(obj: Objective, now: Situation) -> bool:
    """Bring a given objective up to `now` at a tick; True when it is met now."""
    kind = obj.kind
    if kind == "reach":
        area = obj.area
        return area is not None and area.contains(now.lat, now.lon)
    if kind == "station":
        area = obj.area
        if area is not None and area.contains(now.lat, now.lon):
            obj.progress += now.dt / 3600.0
        return obj.progress >= obj.target - 1e-9
    if kind == "shadow":
        if now.convoy_contact:
            obj.progress += now.dt / 3600.0
        return obj.progress >= obj.target - 1e-9
    if kind == "rendezvous":
        ok = rendezvous_conditions(obj, now) is None
        if not ok:
            obj.memo.pop("since", None)
            obj.progress = 0.0
            return False
        since = obj.memo.setdefault("since", now.t)
        obj.progress = (now.t - float(since)) / 60.0
        return obj.progress >= obj.target - 1e-9
    return False


def mark_in_sight(obj: Objective, now: Situation, since: tuple[float, float] | None) -> tuple[float, float] | None:
    """A rendezvous's `sighted` mark as the lookouts see it now: (true bearing, range nm) from the boat, or
    None when it is not in sight. Seen when the boat is surfaced with lookouts and its track since the
    last look (`since`, a straight line) passed within the mark's range (mission_rules.toml [sighting])."""
    spec = obj.spec.get("sighted")
    point = obj.spec.get("point")
    if not isinstance(spec, Mapping) or not isinstance(point, list) or not now.surfaced or now.lookouts <= 0:
        return None
    reach = float(spec["day_nm"]) * now.light
    if now.phase in NIGHT_PHASES:
        reach = max(reach, float(spec.get("night_nm", 0.0)))
    reach = min(reach, now.visibility_nm)
    lat, lon = drifted_point(obj.spec, now.t)
    x1, y1 = geo.offset(lat, lon, now.lat, now.lon)
    x0, y0 = geo.offset(lat, lon, *since) if since is not None else (x1, y1)
    dx, dy = x1 - x0, y1 - y0
    run = dx * dx + dy * dy
    k = 0.0 if run <= 0.0 else max(0.0, min(1.0, -(x0 * dx + y0 * dy) / run))
    if math.hypot(x0 + k * dx, y0 + k * dy) > reach:
        return None
    return geo.bearing_to(-x1, -y1), math.hypot(x1, y1)


def drift_kn(spec: Mapping[str, Any]) -> tuple[float, float]:
    """A drifting rendezvous's speed over the ground (east, north kn): the sea's surface current at its point
    (currents.toml) plus leeway, `leeway` times the wind's speed, downwind (away from `wind_from`). (0, 0): no drift."""
    drift = spec.get("drift")
    point = spec.get("point")
    if not isinstance(drift, Mapping) or not isinstance(point, list):
        return 0.0, 0.0
    from kaleun.uboot.sea.navigation import current_at  # the sea's data, loaded once with the sea
    _, set_deg, current_kn = current_at(float(point[0]), float(point[1]))
    leeway_kn = float(drift["leeway"]) * float(drift["wind_kn"])
    ce, cn = geo.unit(set_deg)
    we, wn = geo.unit(float(drift["wind_from"]) + 180.0)
    return current_kn * ce + leeway_kn * we, current_kn * cn + leeway_kn * wn


def drifted_point(spec: Mapping[str, Any], t: float) -> tuple[float, float]:
    """Where a rendezvous's point is `t` game seconds after the start: the point itself, or for one with `drift`
    the point carried at drift_kn for that long (a steady drift: the same every time, saved as nothing but the
    mission's data and the clock)."""
    lat, lon = (float(x) for x in spec["point"])
    east, north = drift_kn(spec)
    if east == 0.0 and north == 0.0:
        return lat, lon
    hours = max(0.0, t) / 3600.0
    return geo.shift(lat, lon, east * hours, north * hours)


def rendezvous_area(obj: Objective, t: float) -> Area | None:
    """A rendezvous's place at `t` (game seconds): its area, moved with the point when it drifts."""
    if "drift" not in obj.spec or "point" not in obj.spec:
        return obj.area
    return parse_area({**obj.spec, "point": list(drifted_point(obj.spec, t))})


def rendezvous_conditions(obj: Objective, now: Situation) -> str | None:
    """Why the boat does not keep the rendezvous now (None: it does)."""
    spec = obj.spec
    area = rendezvous_area(obj, now.t)
    window = spec.get("window_h")
    if isinstance(window, list) and not float(window[0]) * 3600.0 <= now.t <= float(window[1]) * 3600.0:
        return "outside the time window"
    if area is None or not area.contains(now.lat, now.lon):
        return "not at the place"
    if spec.get("surfaced", True) and not now.surfaced:
        return "submerged"
    if spec.get("stopped", True) and now.speed_kn > STOPPED_KN:
        return "under way"
    if spec.get("night", False) and now.phase not in NIGHT_PHASES:
        return "not dark"
    return None


def mines_counting(obj: Objective, mines: list[Mapping[str, Any]]) -> int:
    """How many of a field's mines (the sea's records: type, lat, lon) count for a `mines` objective."""
    area = obj.area
    kind = obj.spec.get("type")
    return sum(1 for m in mines if (kind is None or m["type"] == kind)
               and area is not None and area.contains(float(m["lat"]), float(m["lon"])))


def report_counts(obj: Objective, report: str, t: float, inside: bool) -> bool:
    """Does a report sent at `t` count for a `report` objective? (`inside`: sent from its area)"""
    return obj.spec.get("report") == report and why_not_counted(obj, t, inside) is None


def why_not_counted(obj: Objective, t: float, inside: bool, reckoned_inside: bool = False) -> Msg | None:
    """Why a report of the objective's kind sent at `t` does not count for it (None: it counts): sent from outside
    its area (the true position; `reckoned_inside`: the navigator's reckoning put the boat in it, which the report's
    own square says, so the table is told the reckoning is off rather than read a square inside the area refused),
    or sooner than `every_h` after the last one that counted."""
    spec = obj.spec
    area = obj.area
    if area is not None and not inside:
        if reckoned_inside:
            return Msg("the boat is not in {area}, though the reckoning puts it there", area=area.describe())
        return Msg("it was not sent from {area}", area=area.describe())
    last = obj.memo.get("last")
    every = float(spec.get("every_h", 0)) * 3600.0
    if last is not None and t - float(last) < every - 1e-6:
        return Msg("the last one that counted was sent {since:.1f} h before, and {every:g} h must lie between them",
                   since=(t - float(last)) / 3600.0, every=every / 3600.0)
    return None
