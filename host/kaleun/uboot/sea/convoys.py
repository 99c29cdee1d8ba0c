"""Convoys: their zigzag legs, their merchants' lookouts, the alarm (an emergency turn away, a second blow
scatters them) and lone merchants fleeing a surfaced boat (functions of the `sea` module)."""

from __future__ import annotations

import math
from typing import Any

from kaleun.core.messages import Msg
from kaleun.uboot import data
from kaleun.uboot.sea import escorts, geo, landfall, shipdamage
from kaleun.uboot.sea.boatnow import BoatNow
from kaleun.uboot.sea.collisions import FAR_SHARE, MAX_SLEEP_S, SHIP_CLOSING_KN
from kaleun.uboot.sea.sensors import boat_sighting_range
from kaleun.uboot.sea.vessels import Group, Track, Vessel

CONVOYS = data.load("convoys")


def next_leg(sea: Any, group: Group, now: float) -> None:
    """A new zigzag leg (or the base course again after an emergency turn): the convoy looks ahead first,
    and makes port if it is coming to land (`landfall`)."""
    if landfall.convoy_look(sea, group, now):
        return
    if now >= group.leg_end - 1e-6:
        group.leg += 1
        group.leg_end = now + group.leg_minutes() * 60.0
    course = group.leg_course(now)
    if course != group.ref.course:
        group.ref = group.ref.steer(now, course=course)
    nxt = group.leg_end if now >= group.alarm_until else min(group.leg_end, group.alarm_until)
    sea.schedule(f"leg:{group.id}", max(nxt, now + 1.0))


def convoy_lookouts(sea: Any, group: Group, now: float) -> None:
    """Merchants' lookouts raise the alarm at a surfaced boat close by (by day)."""
    bn = sea.boat_now(now)
    rmax = merchant_sight(sea, bn)
    nearest = math.inf
    # the ranges as BoatNow.rel gives them, of the ships that could be nearer than the nearest so far (the
    # collision watch's way: a ship whose north-south distance alone is beyond it is passed over)
    glat, glon, scale = group.frame(now)
    blat, blon, bscale = bn.lat, bn.lon, bn.coslat
    for east, north in group.offsets.values():  # Group.member_at, without the calls
        dy = (glat + north / 60.0 - blat) * 60.0
        if (dy if dy >= 0.0 else -dy) * FAR_SHARE > nearest:
            continue
        lon = glon + east / scale
        shifted = lon - blon + 180.0  # geo.norm180, its common case without the call
        r = math.hypot((shifted - 180.0 if 0.0 <= shifted < 360.0 else geo.norm180(lon - blon)) * 60.0 * bscale,
                       dy)
        if r < nearest:
            nearest = r
    if bn.surfaced and nearest < rmax and now >= group.alarm_until and \
            sea.rng.random() < float(CONVOYS["reaction"]["lookout_p"]):
        alarm(sea, group, now, Msg("a merchant sighted a U-boat at {range:.1f} nm", range=nearest))
        if not group.scattered:
            _convoy_seen_turning_away(sea, group)
    gap = (nearest - rmax) / SHIP_CLOSING_KN * 3600.0
    sea.schedule(f"gwatch:{group.id}", now + min(MAX_SLEEP_S, max(60.0, gap)))


def alarm(sea: Any, group: Group, now: float, why: Msg | str, datum: tuple[float, float, float] | None = None) -> None:
    """A convoy under attack: emergency turn away; a second blow scatters it; escorts hunt.

    `datum` (lat, lon, error nm) is where the convoy believes the boat to be (by default
    where it was sighted)."""
    reaction = CONVOYS["reaction"]
    if datum is None:
        bn = sea.boat_now(now)
        datum = (bn.lat, bn.lon, 0.5)
    dlat, dlon, error = datum
    window = float(reaction["scatter_window_min"]) * 60.0
    group.hits = [h for h in group.hits if now - h <= window] + [now]
    escorts.alert(sea, dlat, dlon, now, why, group=group.id, error_nm=error)
    if group.scattered:
        return
    if len(group.hits) >= int(reaction["scatter_after_hits"]):
        _scatter(sea, group, now, dlat, dlon)
        return
    lat, lon = group.at(now)
    away = geo.bearing_to(*geo.offset(dlat, dlon, lat, lon))  # from the datum to the convoy
    side = geo.norm180(away - group.base_course)
    group.turn_away = float(reaction["emergency_turn_deg"]) * (1 if side >= 0 else -1)
    group.alarm_until = now + float(reaction["emergency_min"]) * 60.0
    group.ref = group.ref.steer(now, course=group.leg_course(now))
    sea.schedule(f"leg:{group.id}", group.alarm_until)
    sea.emit("convoy_alarm", group=group.id, reason=why, course=round(group.ref.course))


def _scatter(sea: Any, group: Group, now: float, dlat: float, dlon: float) -> None:
    group.scattered = True
    spread = float(CONVOYS["reaction"]["scatter_spread_deg"])
    for vid in list(group.offsets):
        v = sea.vessels[vid]
        if v.is_escort:
            continue
        lat, lon = group.member_at(vid, now)
        away = geo.bearing_to(*geo.offset(dlat, dlon, lat, lon))  # from the datum to the ship
        course = geo.norm360(away + sea.rng.uniform(-spread, spread))
        v.track = Track(now, lat, lon, course, v.cls.speed_kn * shipdamage.speed_factor(v))
        del group.offsets[vid]
        v.ai = {"mode": "flee"}
        landfall.ship_look(sea, v, now)
    sea.emit("convoy_scattered", group=group.id)


def merchant_step(sea: Any, v: Vessel, now: float) -> None:
    """A lone merchant turns away at full speed from a surfaced boat it sights."""
    if v.track is None:
        return
    bn = sea.boat_now(now)
    lat, lon = v.track.at(now)
    _dx, _dy, r = bn.rel(lat, lon)
    rmax = merchant_sight(sea, bn)
    if v.ai.get("mode") != "flee" and bn.surfaced and r < rmax and \
            sea.rng.random() < float(CONVOYS["reaction"]["lookout_p"]):
        flee(sea, v, now)
        if v.ai.get("mode") == "flee":
            _seen_turning_away(sea, v)
    gap = (r - rmax) / SHIP_CLOSING_KN * 3600.0
    if v.ai.get("mode") != "flee":
        sea.schedule(f"ai:{v.id}", now + min(MAX_SLEEP_S, max(60.0, gap)))


def _seen_turning_away(sea: Any, v: Vessel) -> None:
    """A lone ship has sighted the surfaced boat and turns away: the lookouts who have her in sight (a contact they
    follow) see her turn and call it ("Lookouts: the Tramp steamer (c1) is turning away — she has seen us."), so a
    crew knows why a shot on its old solution will miss. A ship nobody on the bridge has in sight turns away
    unseen: no word (the crew's next look finds her on her new course)."""
    contact = sea.picture.of(v.id)
    if contact is None or contact["lost"] or not contact["tracked"]:
        return
    feed = (Msg("Lookouts: the {ship} ({contact}) is turning away — she has seen us.", ship=Msg.term(v.cls.name),
                contact=contact["id"]) if contact["identified"] else
            Msg("Lookouts: {contact} is turning away — she has seen us.", contact=contact["id"]))
    sea.emit("ship_turning_away", feed=feed, contact=contact["id"], ship=v.id)


def _convoy_seen_turning_away(sea: Any, group: Group) -> None:
    """A convoy whose lookouts sighted the surfaced boat makes its emergency turn away: when the lookouts have any of
    its ships in sight, they see them turn together and call it (`convoy_turning_away`, the crew's contacts among
    them); a convoy nobody on the bridge has in sight turns away without a word."""
    seen = [c["id"] for vid in group.offsets if (c := sea.picture.of(vid)) is not None and not c["lost"]
            and c["tracked"]]
    if not seen:
        return
    sea.emit("convoy_turning_away", feed=Msg("Lookouts: the convoy is turning away — they have seen us."),
             group=group.id, contacts=seen)


def merchant_sight(sea: Any, bn: BoatNow) -> float:
    """How far merchants' lookouts notice the boat: its sighting range, at most `lookout_range_nm`."""
    cond = sea.conditions()
    seen = boat_sighting_range(bn.surfaced, bn.periscope_up, bn.speed, cond)
    return min(seen, float(CONVOYS["reaction"]["lookout_range_nm"]) * cond.light)


def flee(sea: Any, v: Vessel, now: float) -> None:
    if shipdamage.disabled(v):
        return
    bn = sea.boat_now(now)
    lat, lon = sea.vpos(v, now)
    away = geo.bearing_to(*bn.rel(lat, lon)[:2])
    if v.track is None and v.group in sea.groups:
        sea.groups[v.group].offsets.pop(v.id, None)
    v.track = Track(now, lat, lon, away, v.cls.speed_kn * shipdamage.speed_factor(v))
    v.ai["mode"] = "flee"
    landfall.ship_look(sea, v, now)
