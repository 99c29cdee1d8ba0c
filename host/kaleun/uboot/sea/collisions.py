"""The collision watch: a keel strikes a boat on the surface or at periscope depth (rammed by an escort in a chase,
or a collision), and the ship nearest the boat (functions of the `sea` module)."""

from __future__ import annotations

import bisect
import math
from typing import Any

from kaleun.core.messages import Msg
from kaleun.uboot.sea import geo
from kaleun.uboot.sea.boatnow import BoatNow
from kaleun.uboot.sea.sensors import ENEMY
from kaleun.uboot.sea.vessels import Vessel

#: fastest a ship and the boat close on each other (kn): for sleeping until something matters
SHIP_CLOSING_KN = 50.0
MAX_SLEEP_S = 1800.0
PROX_DEPTH_M = 15.0
#: a share just under one: a ship whose north-south distance times this is beyond a range is surely farther
FAR_SHARE = 1.0 - 1e-9
#: a band of latitude a little wider than a range (share and degrees): a ship in formation outside it is surely farther
BAND_SHARE, BAND_DEG = 1.0 + 1e-6, 1e-9


def proximity(sea: Any, now: float) -> None:
    boat = sea.engine.module("boat")
    if boat.lost:
        return
    bn = sea.boat_now(now)
    shallow = bn.surfaced or bn.depth < float(ENEMY["ram_depth_m"])
    if not shallow and bn.depth > PROX_DEPTH_M:  # deep: nothing can strike it; look again in a minute
        sea.schedule("prox", now + 60.0)
        return
    nearest, who = nearest_ship(sea, bn, now)
    limit = float(ENEMY["collision_nm"])
    if who is not None and nearest <= limit and shallow:
        ramming = who.is_escort and who.ai.get("mode") == "chase"
        reason = "rammed" if ramming else "collision"
        text = (Msg("Rammed by the {ship}! The boat is lost.", ship=Msg.term(who.cls.name)) if ramming
                else Msg("Collision with the {ship}! The boat is lost.", ship=Msg.term(who.cls.name)))
        sea.emit("collision", ship=who.id, **{"class": who.cid}, rammed=ramming, depth_m=round(bn.depth, 1))
        boat.wreck(reason, text)
        return
    wait = min(MAX_SLEEP_S, max(1.0, (nearest - limit) / SHIP_CLOSING_KN * 3600.0 * 0.8))
    sea.schedule("prox", now + wait)


def nearest_ship(sea: Any, bn: BoatNow, now: float) -> tuple[float, Vessel | None]:
    """(range, ship) of the ship nearest the boat, its range as BoatNow.rel gives it (of ships equally near,
    the first of `vessels`).

    The ship nearest at the last look is reckoned first; then a ship is reckoned whole only when it could be
    nearer: one whose north-south distance alone is beyond the nearest so far (a range is never shorter than
    either leg; the margins keep clear of the last bits) is passed over before its longitude is worked out,
    and of a convoy's ships in formation only those within that band of latitude are looked at (found by
    bisection in the convoy's north index)."""
    vessels = sea.vessels
    hint = vessels.get(sea._nearest_hint) if sea._nearest_hint is not None else None
    nearest, who = math.inf, None
    if hint is not None:
        nearest, who = bn.rel(*sea.vpos(hint, now))[2], hint
    blat, blon, bscale = bn.lat, bn.lon, bn.coslat
    hypot = math.hypot
    for gid, group in sea.groups.items():  # ships in formation, convoy by convoy
        offsets = group.offsets
        if not offsets:
            continue
        norths, ids = group.north_index()
        glat, glon, scale = group.frame(now)
        band = nearest / 60.0 * BAND_SHARE + BAND_DEG  # degrees of latitude, a little wider than the nearest
        lo = bisect.bisect_left(norths, blat - glat - band)
        hi = bisect.bisect_right(norths, blat - glat + band)
        for i in range(lo, hi):
            v = vessels.get(ids[i])
            if v is None or v is hint or v.track is not None or v.group != gid:
                continue
            east, north = offsets[v.id]  # Group.member_at, without the call
            dy = (glat + north / 60.0 - blat) * 60.0
            if (dy if dy >= 0.0 else -dy) * FAR_SHARE > nearest:
                continue
            lon = glon + east / scale
            shifted = lon - blon + 180.0  # geo.norm180, its common case without the call
            r = hypot((shifted - 180.0 if 0.0 <= shifted < 360.0 else geo.norm180(lon - blon)) * 60.0 * bscale,
                      dy)
            if r < nearest or (r == nearest and _before(sea, v, who)):
                nearest, who = r, v
    band = nearest / 60.0 * BAND_SHARE + BAND_DEG  # degrees of latitude, a little wider than the nearest
    for v in vessels.values():  # ships on tracks of their own
        track = v.track
        if track is None or v is hint:
            continue
        north = track.lat0 + track.vn * (now - track.t0) - blat  # Track.lat_at, without the call
        if north > band or north < -band:
            continue
        dy = north * 60.0
        lon = track.at(now)[1]
        shifted = lon - blon + 180.0  # geo.norm180, its common case without the call
        r = hypot((shifted - 180.0 if 0.0 <= shifted < 360.0 else geo.norm180(lon - blon)) * 60.0 * bscale, dy)
        if r < nearest or (r == nearest and _before(sea, v, who)):
            nearest, who = r, v
            band = nearest / 60.0 * BAND_SHARE + BAND_DEG
    sea._nearest_hint = None if who is None else who.id
    return nearest, who


def _before(sea: Any, v: Vessel, other: Vessel | None) -> bool:
    """Is `v` before `other` among the vessels (of ships equally near, the first is the one)?"""
    if other is None:
        return True
    for vid in sea.vessels:
        if vid == v.id or vid == other.id:
            return vid == v.id
    return False
