"""Aircraft: patrols that spot a surfaced boat, attack it and call the escorts.

Modes (`plane.ai["mode"]`): `patrol` (a straight search track across the area), `orbit`
(circling a convoy as its air escort), `attack` (running in on the boat: depth charges set
shallow, guns on the men outside), `leave`. Every mode but `leave` ends when the aircraft's
endurance is spent.

While attacking, the aircraft holds the boat in sight as long as it stays within its sighting
range (surfaced, a fresh swirl, a raised periscope) and steers for it; once the boat is gone it
flies to where it was last seen, looking again on the way (a sighting roll, as on patrol). Over
that spot it bombs the swirl if the boat dived less than `aircraft_swirl_s` before; otherwise
it has lost the boat and leaves.
"""

from __future__ import annotations

import math
from typing import Any

from kaleun.core.messages import Msg
from kaleun.uboot import data
from kaleun.uboot.sea import attacks, escorts, geo
from kaleun.uboot.sea.sensors import ENEMY, notice_p, visual_range
from kaleun.uboot.sea.vessels import Aircraft, Track

AIR = data.load("aircraft")
RELEVANCE_NM = 15.0
#: an aircraft releases its stick this close to its aim point (nm)
RELEASE_NM = 0.15
CHECK_S = 20.0
MAX_SLEEP_S = 1800.0


#: the daylight phases in which an aircraft without night equipment sees nothing (aircraft.toml)
DARK_PHASES = frozenset(str(p) for p in AIR["night"]["dark_phases"])


def in_the_dark(sea: Any) -> bool:
    """Is it dark enough at the boat that only a night aircraft (radar, Leigh Light) can find it?"""
    weather = sea.weather
    return weather is not None and weather.phase in DARK_PHASES


def sighting_range(sea: Any, plane: Aircraft, bn: Any, now: float) -> float:
    """How far this aircraft can see the boat now (nm): nothing in the dark without night equipment."""
    cond = sea.conditions()
    light = cond.light
    if plane.type.night:
        light = max(light, float(AIR["night"]["night_light"]))  # radar and the searchlight
    elif in_the_dark(sea):
        return 0.0
    if bn.surfaced:
        base = min(float(ENEMY["aircraft_range_nm"]), cond.visibility_nm)
        return base * light
    if now - sea.dived_at <= float(ENEMY["aircraft_swirl_s"]):
        return float(ENEMY["aircraft_swirl_nm"]) * light
    if bn.periscope_up:
        return visual_range("periscope", cond) * 1.5
    return 0.0


def _fly(plane: Aircraft, now: float, course: float, speed: float | None = None) -> None:
    plane.track = plane.track.steer(now, course=course, speed=speed)


def step(sea: Any, plane: Aircraft, now: float) -> None:
    boat = sea.engine.module("boat")
    if boat.lost:
        return
    ai = plane.ai
    mode = ai["mode"]
    lat, lon = plane.track.at(now)
    bn = sea.boat_now(now)
    _dx, _dy, r = bn.rel(lat, lon)  # the aircraft seen from the boat
    if mode == "leave":
        return
    if now >= ai.get("until", math.inf):  # endurance spent: home
        ai["mode"] = "leave"
        _fly(plane, now, plane.track.course, plane.type.speed_kn)
        return
    if mode == "orbit" and ai.get("group") not in sea.groups:
        ai["mode"] = mode = "patrol"
    if mode == "orbit":
        group = sea.groups[ai["group"]]
        glat, glon = group.at(now)
        ai["angle"] = (float(ai["angle"]) + 30.0) % 360.0
        plat, plon = geo.destination(glat, glon, ai["angle"], float(AIR["patrol"]["orbit_nm"]))
        ex, ey = geo.offset(lat, lon, plat, plon)
        _fly(plane, now, geo.bearing_to(ex, ey))
        leg = math.hypot(ex, ey) / plane.type.speed_kn * 3600.0
    if mode in ("patrol", "orbit"):
        if r > RELEVANCE_NM:
            gap = (r - RELEVANCE_NM) / (plane.type.speed_kn + 20.0) * 3600.0
            wait = max(CHECK_S, gap) if mode == "patrol" else min(max(CHECK_S, leg), max(CHECK_S, gap))
            sea.schedule(f"air:{plane.id}", now + min(MAX_SLEEP_S, wait))
            return
        sight = sighting_range(sea, plane, bn, now)
        if sea.rng.random() < notice_p(float(ENEMY["aircraft_p"]), 1, r, sight):
            ai["mode"] = "attack"
            ai["held"] = True
            ai["target"] = [bn.lat, bn.lon]
            escorts.alert(sea, bn.lat, bn.lon, now, Msg("a {aircraft} reports a U-boat",
                                                        aircraft=Msg.term(plane.type.name)),
                          error_nm=float(attacks.ATTACKS["escort"]["aircraft_report_error_nm"]))
            _turning_in(sea, plane)
            _run_in(sea, plane, now, lat, lon, bn)
            return
        wait = CHECK_S if mode == "patrol" else min(CHECK_S * 3, max(CHECK_S, leg))
        sea.schedule(f"air:{plane.id}", now + wait)
        return
    if mode == "attack":
        sight = sighting_range(sea, plane, bn, now)
        held = bool(ai.get("held", True)) and r <= sight
        if not held:  # look for it again, as on patrol
            held = sea.rng.random() < notice_p(float(ENEMY["aircraft_p"]), 1, r, sight)
        ai["held"] = held
        if held:
            ai["target"] = [bn.lat, bn.lon]
            if r <= RELEASE_NM:
                _release(sea, plane, now, lat, lon, bn)
                return
        else:
            tlat, tlon = ai["target"]
            if math.hypot(*geo.offset(lat, lon, tlat, tlon)) <= RELEASE_NM:
                _over_the_spot(sea, plane, now, lat, lon, bn)
                return
        _run_in(sea, plane, now, lat, lon, bn)


def attacking(plane: Aircraft) -> bool:
    """Is the aircraft running in on the boat (it has seen it; its passes not made yet)?"""
    return plane.ai.get("mode") == "attack"


def _turning_in(sea: Any, plane: Aircraft) -> None:
    """The aircraft has seen the boat and turns in to attack: the lookouts who have it in sight (a contact of the
    crew's) see it turn and call it — the moment to dive, or to man the flak (`aircraft_attacking`)."""
    contact = sea.picture.of(plane.id)
    if contact is None or contact["lost"]:
        return  # nobody on the bridge has seen it yet: the lookouts' first report of it will say it attacks
    attacking_seen(sea, plane, contact)


def attacking_seen(sea: Any, plane: Aircraft, contact: dict[str, Any], turned_unseen: bool = False) -> None:
    """The crew sees the aircraft attacking (`aircraft_attacking`): the lookouts who had it in sight call its turn
    in ("The Short Sunderland (c1) turns in to attack the boat!"); one that saw the boat first and turned in
    unseen — out of the sun, the clouds or the dark, as aircraft attacked U-boats — is called running in by the
    lookouts' first report of it, which says so (`turned_unseen`: the event has no feed line of its own then)."""
    data = {"aircraft": contact["id"], "type": plane.tid, "range_nm": round(float(contact["range_nm"]), 1)}
    if turned_unseen:
        sea.emit("aircraft_attacking", unseen=True, **data)
        return
    sea.emit("aircraft_attacking", feed=Msg("The {aircraft} ({contact}) turns in to attack the boat!",
                                            aircraft=Msg.term(plane.type.name), contact=contact["id"]), **data)


def _run_in(sea: Any, plane: Aircraft, now: float, lat: float, lon: float, bn: Any) -> None:
    tlat, tlon = plane.ai["target"]
    ex, ey = geo.offset(lat, lon, tlat, tlon)
    d = math.hypot(ex, ey)
    speed = plane.type.attack_kn
    _fly(plane, now, geo.bearing_to(ex, ey), speed)
    sea.schedule(f"air:{plane.id}", now + max(1.0, min(CHECK_S, (d - 0.1) / speed * 3600.0)))


def _over_the_spot(sea: Any, plane: Aircraft, now: float, lat: float, lon: float, bn: Any) -> None:
    """Over the place the boat was last seen, without the boat in sight: bomb a fresh swirl, or
    give the boat up."""
    if now - sea.dived_at <= float(ENEMY["aircraft_swirl_s"]):
        _release(sea, plane, now, lat, lon, bn)
        return
    _leave(plane, now, lat, lon)


def driven_off(sea: Any, plane: Aircraft, now: float) -> None:
    """Flak hit the aircraft: it breaks off its attack and heads home."""
    lat, lon = plane.track.at(now)
    sea.cancel(f"air:{plane.id}")
    _leave(plane, now, lat, lon)


def _leave(plane: Aircraft, now: float, lat: float, lon: float) -> None:
    plane.ai["mode"] = "leave"
    plane.track = Track(now, lat, lon, plane.track.course, plane.type.speed_kn)


def _release(sea: Any, plane: Aircraft, now: float, lat: float, lon: float, bn: Any) -> None:
    ai = plane.ai
    swirl = now - sea.dived_at <= float(ENEMY["aircraft_swirl_s"])
    if bn.surfaced or swirl:
        sea.emit("aircraft_attack", feed=Msg("Aircraft attack! A {aircraft} roars over the boat.",
                                             aircraft=Msg.term(plane.type.name)),
                 aircraft=plane.id, surfaced=bn.surfaced)
        if bn.surfaced and plane.type.guns:
            attacks.strafe(sea, plane, now)
        tlat, tlon = ai["target"] if not bn.surfaced else (bn.lat, bn.lon)
        aim = float(attacks.DC["air_aim_error_nm"])
        aim_lat, aim_lon = geo.shift(tlat, tlon, sea.rng.gauss(0.0, aim), sea.rng.gauss(0.0, aim))
        attacks.air_stick(sea, plane, now, aim_lat, aim_lon, plane.track.course)
    if ai.get("dc", 0) > 0 and bn.surfaced:
        # turn round for another pass
        ai["target"] = [bn.lat, bn.lon]
        _fly(plane, now, plane.track.course + 180.0, plane.type.speed_kn)
        sea.schedule(f"air:{plane.id}", now + 60.0)
        return
    _leave(plane, now, lat, lon)
