"""Building the sea from a mission (`missions.toml`) and bringing newcomers in on patrol.

Mission fields read here (all optional):

- `traffic` (none, light, moderate, heavy): lone ships and small vessels met by chance;
- `air_cover` (none, light, medium, heavy): air patrols over the boat's area;
- `[[<mission>.convoy]]`: `kind` (a series of `convoys.toml`: HX, SC, OB, ON, PQ, NP), `bearing`
  and `range_nm` of its centre from the boat, `course`, `columns`, `ships_per_column`, `escorts`
  (class ids), `zigzag` (plan id),
  `air_escort` (aircraft type ids; only types in service on the day, `aircraft.toml` `from_year` and
  `from_date`, that reach the convoy from a base of that year fly), `aware` (escorts start hunting the boat,
  from a datum off it by
  `attacks.toml` [escort] `aware_datum_error_nm`); the merchants are drawn among the classes
  sailing in the mission's year;
- `[[<mission>.vessel]]`: `class`, `bearing`, `range_nm`, `course`, `speed_kn`, `mode`
  (escorts: patrol, or hunt = searching near the boat's position), `datum_error_nm` (a hunting escort's
  datum error; default `attacks.toml` [escort] `hunt_datum_error_nm`);
- `[[<mission>.aircraft]]`: `type`, `bearing`, `range_nm`, `course` (default: towards the boat).
"""

from __future__ import annotations

import logging
from collections.abc import Mapping
from datetime import date
from typing import Any

from kaleun.uboot import data
from kaleun.uboot.sea import escorts, geo, landfall
from kaleun.uboot.sea.classes import aircraft_type, sailing, ship_class
from kaleun.uboot.sea.seabed import seabed
from kaleun.uboot.sea.vessels import Aircraft, Group, Track, Vessel

log = logging.getLogger(__name__)
SHIPS = data.load("ships")
AIR = data.load("aircraft")
CONVOYS = data.load("convoys")
TRAFFIC_LEVELS = tuple(SHIPS["traffic"]["mean_hours"])
AIR_LEVELS = tuple(AIR["cover"]["mean_hours"])


def check_setup(setup: Mapping[str, Any]) -> None:
    """Raise ValueError when a mission's sea fields are wrong (unknown classes, levels)."""
    if setup.get("traffic", "none") not in TRAFFIC_LEVELS:
        raise ValueError(f"traffic must be one of {', '.join(TRAFFIC_LEVELS)}")
    if setup.get("air_cover", "none") not in AIR_LEVELS:
        raise ValueError(f"air_cover must be one of {', '.join(AIR_LEVELS)}")
    for spec in setup.get("convoy", []):
        if spec.get("kind", "HX") not in CONVOYS["types"]:
            raise ValueError(f"convoy kind must be one of {', '.join(CONVOYS['types'])}")
        if spec.get("zigzag", "plan_a") not in CONVOYS["zigzag"]:
            raise ValueError(f"zigzag plan must be one of {', '.join(CONVOYS['zigzag'])}")
        for cid in spec.get("escorts", []):
            ship_class(cid)
        for tid in spec.get("air_escort", []):
            aircraft_type(tid)
    for spec in setup.get("vessel", []):
        ship_class(spec["class"])
    for spec in setup.get("aircraft", []):
        aircraft_type(spec["type"])


def build(sea: Any, setup: Mapping[str, Any]) -> None:
    engine = sea.engine
    t = engine.t
    check_setup(setup)
    sea.traffic = str(setup.get("traffic", "none"))
    sea.air_cover = str(setup.get("air_cover", "none"))
    boat = engine.module("boat")
    lat, lon = boat.position_at(t)
    for spec in setup.get("convoy", []):
        add_convoy(sea, spec, lat, lon, t)
    for spec in setup.get("vessel", []):
        add_vessel(sea, spec, lat, lon, t)
    for spec in setup.get("aircraft", []):
        add_aircraft(sea, spec, lat, lon, t)
    _next_spawn(sea, t)
    _next_patrol(sea, t)
    sea.schedule("cleanup", t + 600.0)
    if boat.surfaced:
        sea.schedule("watch", t)
    sea.schedule("prox", t)


def _where(spec: Mapping[str, Any], lat: float, lon: float) -> tuple[float, float]:
    return geo.destination(lat, lon, float(spec.get("bearing", 0.0)), float(spec.get("range_nm", 10.0)))


def _pick(rng: Any, weights: Mapping[str, Any]) -> str:
    keys = sorted(weights)
    return rng.choices(keys, weights=[float(weights[k]) for k in keys])[0]


def add_convoy(sea: Any, spec: Mapping[str, Any], blat: float, blon: float, t: float) -> Group:
    rng = sea.rng
    kind = str(spec.get("kind", "HX"))
    speed = float(spec.get("speed_kn", CONVOYS["types"][kind]["speed_kn"]))
    course = float(spec.get("course", 90.0))
    plan = [list(x) for x in CONVOYS["zigzag"][str(spec.get("zigzag", "plan_a"))]["legs"]]
    form = CONVOYS["formation"]
    columns = int(spec.get("columns", 5))
    per_column = int(spec.get("ships_per_column", form["ships_per_column"]))
    lat, lon = _where(spec, blat, blon)
    gid = sea.new_id("g")
    group = Group(id=gid, kind=kind, speed=speed, base_course=course, plan=plan,
                  ref=Track(t, lat, lon, course + float(plan[0][0]), speed), leg=0,
                  leg_end=t + float(plan[0][1]) * 60.0)
    sea.groups[gid] = group
    col_gap, row_gap = float(form["column_spacing_nm"]), float(form["ship_spacing_nm"])
    s, c = geo.unit(course)

    def offset(ahead: float, starboard: float) -> tuple[float, float]:
        return ahead * s + starboard * c, ahead * c - starboard * s

    year = sea.engine.clock.at(t).year
    merchants = sailing(CONVOYS["merchants"], year)
    for col in range(columns):
        for row in range(per_column):
            vid = sea.new_id("v")
            cid = _pick(rng, merchants)
            ahead = ((per_column - 1) / 2 - row) * row_gap
            starboard = (col - (columns - 1) / 2) * col_gap
            group.offsets[vid] = offset(ahead, starboard)
            sea.vessels[vid] = Vessel(vid, cid, group=gid)
    stations = CONVOYS["screen"]["stations"]
    for i, cid in enumerate(spec.get("escorts", [])):
        vid = sea.new_id("v")
        ahead, starboard = (float(x) for x in stations[i % len(stations)])
        width = (columns - 1) / 2 * col_gap
        depth = (per_column - 1) / 2 * row_gap
        ahead += depth * (1 if ahead > 0 else -1 if ahead < 0 else 0)
        starboard += width * (1 if starboard > 0 else -1 if starboard < 0 else 0)
        group.offsets[vid] = offset(ahead, starboard)
        v = Vessel(vid, cid, group=gid, ai=escorts.initial_ai(ship_class(cid), "screen"))
        v.ai["station"] = list(group.offsets[vid])
        sea.vessels[vid] = v
        sea.schedule(f"ai:{vid}", t + i)
    flying = reachable_types(sea.engine.clock.at(t).date(), lat, lon)
    for i, tid in enumerate(spec.get("air_escort", [])):
        if tid not in flying:
            log.info("convoy %s: no %s can fly its air escort here in %d", gid, tid, year)
            continue
        add_aircraft(sea, {"type": tid, "bearing": (i * 137.0) % 360, "range_nm": float(AIR["patrol"]["orbit_nm"]),
                           "mode": "orbit", "group": gid}, lat, lon, t)
    sea.schedule(f"leg:{gid}", group.leg_end)
    sea.schedule(f"gwatch:{gid}", t + 30.0)
    if spec.get("aware", False):
        escorts.alert(sea, blat, blon, t, "the convoy expects U-boats", group=gid,
                      error_nm=float(escorts.ESC["aware_datum_error_nm"]), announce=False)
    return group


def add_vessel(sea: Any, spec: Mapping[str, Any], blat: float, blon: float, t: float) -> Vessel:
    cls = ship_class(str(spec["class"]))
    lat, lon = _where(spec, blat, blon)
    toward = geo.bearing_to(*geo.offset(lat, lon, blat, blon))
    course = float(spec.get("course", toward))
    speed = float(spec.get("speed_kn", cls.cruise_kn))
    vid = sea.new_id("v")
    v = Vessel(vid, cls.id, track=Track(t, lat, lon, course, speed))
    sea.vessels[vid] = v
    sea.look_out(t)
    if cls.type == "escort":
        mode = str(spec.get("mode", "patrol"))
        v.ai = escorts.initial_ai(cls, "patrol")
        sea.schedule(f"ai:{vid}", t)
        landfall.ship_look(sea, v, t)
        if mode == "hunt":
            error_nm = float(spec.get("datum_error_nm", escorts.ESC["hunt_datum_error_nm"]))
            escorts.start_hunt(sea, v, t, blat, blon, error_nm)
    else:
        v.ai = {"mode": "lone"}
        sea.schedule(f"ai:{vid}", t + 1.0)
        landfall.ship_look(sea, v, t)
    return v


def add_aircraft(sea: Any, spec: Mapping[str, Any], blat: float, blon: float, t: float) -> Aircraft:
    kind = aircraft_type(str(spec["type"]))
    lat, lon = _where(spec, blat, blon)
    toward = geo.bearing_to(*geo.offset(lat, lon, blat, blon))
    course = float(spec.get("course", toward))
    aid = sea.new_id("a")
    plane = Aircraft(aid, kind.id, Track(t, lat, lon, course, kind.speed_kn),
                     ai={"mode": str(spec.get("mode", "patrol")), "dc": kind.depth_charges,
                         "group": spec.get("group"), "angle": float(spec.get("bearing", 0.0)) + 180.0,
                         "until": t + kind.endurance_h * 3600.0})
    sea.aircraft[aid] = plane
    sea.look_out(t)
    sea.schedule(f"air:{aid}", t)
    return plane


# -- chance encounters ------------------------------------------------------------------------------
def _next_spawn(sea: Any, t: float) -> None:
    mean = float(SHIPS["traffic"]["mean_hours"][sea.traffic])
    if mean > 0:
        sea.schedule("spawn", t + sea.rng.expovariate(1.0 / (mean * 3600.0)))


def _next_patrol(sea: Any, t: float) -> None:
    mean = float(AIR["cover"]["mean_hours"][sea.air_cover])
    if mean > 0:
        sea.schedule("airspawn", t + sea.rng.expovariate(1.0 / (mean * 3600.0)))


def spawn_traffic(sea: Any, now: float) -> None:
    boat = sea.engine.module("boat")
    if not boat.lost:
        rng = sea.rng
        spawn = SHIPS["traffic"]["spawn"]
        blat, blon = boat.position_at(now)
        lo, hi = (float(x) for x in spawn["range_nm"])
        classes = sailing(SHIPS["traffic"]["classes"], sea.engine.clock.at(now).year)
        bed = seabed()
        # a newcomer appears only where it floats: where the water under the place drawn is shallower than the
        # ship's draught (land is depth 0), the whole draw (place, aim, class) is made again from the same
        # seeded generator, up to `tries` times in all (deterministic: the same seed draws the same places);
        # a boat so deep among the land that every draw fails meets nobody this time
        for _ in range(int(spawn["tries"])):
            bearing = rng.uniform(0.0, 360.0)
            dist = rng.uniform(lo, hi)
            lat, lon = geo.destination(blat, blon, bearing, dist)
            aim = geo.destination(blat, blon, rng.uniform(0.0, 360.0), rng.uniform(0.0, float(spawn["pass_nm"])))
            course = geo.bearing_to(*geo.offset(lat, lon, *aim))
            cls = ship_class(_pick(rng, classes))
            if bed.depth_at(lat, lon) >= cls.draft_m:
                add_vessel(sea, {"class": cls.id, "bearing": bearing, "range_nm": dist, "course": course}, blat,
                           blon, now)
                break
    _next_spawn(sea, now)


def spawn_patrol(sea: Any, now: float) -> None:
    boat = sea.engine.module("boat")
    if not boat.lost:
        rng = sea.rng
        patrol = AIR["patrol"]
        blat, blon = boat.position_at(now)
        bearing = rng.uniform(0.0, 360.0)
        dist = float(patrol["spawn_nm"])
        lat, lon = geo.destination(blat, blon, bearing, dist)
        aim = geo.destination(blat, blon, rng.uniform(0.0, 360.0), rng.uniform(0.0, float(patrol["pass_nm"])))
        course = geo.bearing_to(*geo.offset(lat, lon, *aim))
        reach = reachable_types(sea.engine.clock.at(now).date(), blat, blon)
        if reach:
            tid = _pick(rng, reach)
            add_aircraft(sea, {"type": tid, "bearing": bearing, "range_nm": dist, "course": course}, blat, blon,
                         now)
    _next_patrol(sea, now)


def reachable_types(day: date, lat: float, lon: float) -> dict[str, float]:
    """Aircraft types (with their weights) that can patrol over a position on a day (a type from its first
    day of service, aircraft.toml `from_year` or `from_date`; a base from its year)."""
    year = day.year
    nearest = min((geo.rhumb(float(b["position"][0]), float(b["position"][1]), lat, lon)[1]
                   for b in AIR["bases"] if int(b["from_year"]) <= year), default=float("inf"))
    out = {}
    for tid, weight in AIR["cover"]["types"].items():
        kind = aircraft_type(tid)
        if kind.in_service(day) and kind.radius_nm >= nearest:
            out[tid] = float(weight)
    return out
