"""Escorts: screen a convoy, notice the boat, hunt it with ASDIC and depth charges, give up.

An escort is in one mode at a time (`v.ai["mode"]`):

- `screen`: on its station in the convoy's formation (rides with the convoy, costs nothing);
- `patrol`: a lone escort on its own track;
- `transit`: steaming to a datum (where the boat is thought to be);
- `search`: sweeping with ASDIC around the datum until `give_up` (then `return`);
- `attack`: in ASDIC contact: closing the boat, pinging (`ping` events), plotting the boat's
  position and velocity from the echoes (a least-squares line through the fixes of the last
  minutes); a missed echo or two do not lose the contact, `asdic_lost_after` in a row do;
- `run`: the contact was lost in the blind zone close aboard: running on to the predicted
  position to drop a pattern (`attacks.drop_pattern`), then `open`;
- `open`: running on after the pattern, then turning back to `search`;
- `chase`: the boat is seen on the surface: full speed at it, guns firing, ramming;
- `return`: back to its station, then `screen`.

Every step looks and listens (sight, hydrophone, ASDIC; see `sensors`) and chooses the time of
the next step: far from the boat an escort sleeps until it could notice anything.

What an escort knows of the boat comes from its senses only: the datum (a position and a
velocity) from sightings, hydrophone bearings and ASDIC fixes, each with its error. Before
depth-finding ASDIC the depth is never known: charges are set by doctrine from how long the boat
has had to go deep (`attacks.toml`).
"""

from __future__ import annotations

import math
from typing import Any

from kaleun.core.messages import Msg
from kaleun.uboot import data
from kaleun.uboot.sea import attacks, geo, landfall, shipdamage
from kaleun.uboot.sea.classes import ShipClass
from kaleun.uboot.sea.kinematics import intercept
from kaleun.uboot.sea.seabed import seabed
from kaleun.uboot.sea.sensors import (
    ENEMY,
    asdic_in_beam,
    asdic_in_reach,
    boat_sighting_range,
    escort_hearing_range,
    notice_p,
    ping_interval_s,
    range_scale_yd,
)
from kaleun.uboot.sea.vessels import Track, Vessel

ATTACKS = data.load("attacks")
ESC = ATTACKS["escort"]
HUNTING = ("transit", "search", "attack", "run", "open", "chase")
LOOKING = ("screen", "patrol", "return", "transit", "search")
MAX_SLEEP_S = 1800.0
CLOSING_KN = 50.0
#: the data's numbers every step asks for, read once (the same floats the data gives)
RELEVANCE_NM = float(ENEMY["relevance_nm"])
CHECK_S = float(ENEMY["check_s"])
VISUAL_P = float(ENEMY["visual_p"])
ASDIC_P_ECHO = float(ENEMY["asdic_p_echo"])
ASDIC_P_SEARCH = float(ENEMY["asdic_p_search"])
HYDROPHONE_P = float(ENEMY["hydrophone_p"])
ASDIC_LOST_AFTER = int(ENEMY["asdic_lost_after"])
GIVE_UP_S = float(ESC["give_up_min"]) * 60.0
#: blows within this many seconds are one salvo's, and one alarm: two torpedoes striking one ship, two wakes of one fan
ONE_BLOW_S = float(ESC["one_blow_s"])
MAX_HUNT_S = float(ESC["max_hunt_min"]) * 60.0
#: an ASDIC fix's error (nm)
FIX_ERROR_NM = float(ESC["contact_error_m"]) / 1852.0
PLOT_WINDOW_H = float(ESC["plot_window_s"]) / 3600.0
PLOT_MIN_S = float(ESC["plot_min_s"])
#: how far ahead (nm) an escort looks for land when it sets a course, and the turns it tries to clear it
COAST_LOOK_NM = float(ESC["coast_look_nm"])
COAST_TURN_DEG = float(ESC["coast_turn_deg"])


def initial_ai(cls: ShipClass, mode: str) -> dict[str, Any]:
    return {"mode": mode, "dc": cls.depth_charges, "datum": None, "dvel": [0.0, 0.0], "contact": False,
            "give_up": 0.0, "next_gun": 0.0, "pings": 0, "guess": None, "station": None, "blind": 0,
            "misses": 0, "fixes": [], "announced": False, "under_since": 0.0}


def _begin_hunt(ai: dict[str, Any], now: float) -> None:
    """An escort not yet hunting starts a hunt: its clocks and its announcement start afresh."""
    if ai["mode"] not in HUNTING:
        ai["hunt_since"] = now
        ai["under_since"] = now
        ai["announced"] = False
        ai["fixes"] = []
        ai["plot"] = None
        ai["misses"] = 0


# -- geometry --------------------------------------------------------------------------------------
def _datum_now(ai: dict[str, Any], now: float) -> tuple[float, float]:
    lat, lon, t = ai["datum"]
    hours = (now - t) / 3600.0
    dvel = ai["dvel"]
    return geo.shift(lat, lon, dvel[0] * hours, dvel[1] * hours)


def _steer(sea: Any, v: Vessel, now: float, course: float, speed: float) -> None:
    """Leave the formation if in it, and steam on a new course and speed from now (turned clear of any land
    close ahead: `clear_of_land`)."""
    track = v.track
    if track is not None:
        lat, lon = track.at(now)
    else:
        lat, lon = sea.vpos(v, now)
        if v.group in sea.groups:
            sea.groups[v.group].offsets.pop(v.id, None)
    if speed > 0.0:
        course = clear_of_land(lat, lon, course, v.cls.draft_m)
    v.track = Track(now, lat, lon, course, speed)


def clear_of_land(lat: float, lon: float, course: float, draught: float) -> float:
    """`course`, or, with land (or water shallower than `draught`) within `COAST_LOOK_NM` along it, the
    smallest turn off it in `COAST_TURN_DEG` steps (starboard first) whose way is clear: an escort hunting a
    datum or chasing a boat near a coast runs along the coast, never onto it. Out in the ocean one test of a
    box (`landfall.shoal_ahead`)."""
    if seabed().deep_near(lat, lon, COAST_LOOK_NM, draught):
        return course  # the open ocean (or deep water) all round: the common case, one look at a square
    here = [(lat, lon)]
    if landfall.shoal_ahead(here, course, COAST_LOOK_NM, draught) is None:
        return course
    for k in range(1, int(180.0 // COAST_TURN_DEG) + 1):
        for turn in (k * COAST_TURN_DEG, -k * COAST_TURN_DEG):
            ahead = geo.norm360(course + turn)
            if landfall.shoal_ahead(here, ahead, COAST_LOOK_NM, draught) is None:
                return ahead
    return course  # embayed all round: nothing better to steer


def _set_datum(sea: Any, v: Vessel, now: float, lat: float, lon: float, error_nm: float,
               vel: tuple[float, float] = (0.0, 0.0)) -> None:
    rng = sea.rng
    if error_nm > 0:
        lat, lon = geo.shift(lat, lon, rng.gauss(0.0, error_nm), rng.gauss(0.0, error_nm))
    v.ai["datum"] = [lat, lon, now]
    v.ai["dvel"] = list(vel)


# -- alerting ---------------------------------------------------------------------------------------
def start_hunt(sea: Any, v: Vessel, now: float, lat: float, lon: float, error_nm: float) -> None:
    _set_datum(sea, v, now, lat, lon, error_nm)
    ai = v.ai
    _begin_hunt(ai, now)
    ai["mode"] = "transit"
    ai["give_up"] = now + GIVE_UP_S
    if ai.get("station") is None and v.group in sea.groups and v.track is None:
        ai["station"] = list(sea.groups[v.group].offsets[v.id])
    sea.schedule(f"ai:{v.id}", now)


def one_blow(sea: Any, key: str, now: float) -> bool:
    """Whether a blow now at `key` (a ship's id, or "wake" for a torpedo wake seen) is a new one, not the same
    salvo's as the last within `ONE_BLOW_S`; a new one is remembered (`sea.attacked_at`)."""
    if now - sea.attacked_at.get(key, -1e9) < ONE_BLOW_S:
        return False
    sea.attacked_at[key] = now
    return True


def alert(sea: Any, lat: float, lon: float, now: float, why: Msg | str, group: str | None = None,
          error_nm: float | None = None, announce: bool = True) -> None:
    """Someone reports the boat near (lat, lon), to within `error_nm` (None: attacks.toml `alert_error_nm`): the
    nearest free escorts go hunting."""
    if error_nm is None:
        error_nm = float(ESC["alert_error_nm"])
    free: list[tuple[float, Vessel]] = []
    for v in sea.vessels.values():
        if not v.is_escort or shipdamage.disabled(v):
            continue
        mode = v.ai.get("mode")
        if mode in ("transit", "search"):
            _set_datum(sea, v, now, lat, lon, error_nm)
            v.ai["give_up"] = now + GIVE_UP_S
            continue
        if mode in HUNTING:
            continue
        vlat, vlon = sea.vpos(v, now)
        d = math.hypot(*geo.offset(vlat, vlon, lat, lon))
        if d < 20.0 and (group is None or v.group == group or v.group is None):
            free.append((d, v))
    hunting = sum(1 for v in sea.vessels.values() if v.is_escort and v.ai.get("mode") in HUNTING)
    wanted = max(0, int(ESC["hunters"]) - hunting)
    for _d, v in sorted(free, key=lambda x: (x[0], x[1].id))[:wanted]:
        start_hunt(sea, v, now, lat, lon, error_nm)
    if announce:
        sea.emit("escort_alert", reason=why, hunters=min(wanted, len(free)))


def _call_help(sea: Any, v: Vessel, now: float, lat: float, lon: float) -> None:
    if sum(1 for o in sea.vessels.values() if o.is_escort and o.ai.get("mode") in HUNTING) < int(ESC["hunters"]):
        alert(sea, lat, lon, now, Msg("the {ship} reports a contact", ship=Msg.term(v.cls.name)), group=v.group,
              error_nm=float(ESC["hydrophone_error_nm"]))


# -- one step ------------------------------------------------------------------------------------
def step(sea: Any, v: Vessel, now: float) -> None:
    if sea.boat_module.lost:
        return
    ai = v.ai
    mode = ai["mode"]
    track = v.track  # Sea.vpos and Sea.vmotion, without the calls
    if track is not None:
        lat, lon = track.at(now)
        course, speed = track.course, track.speed
    else:
        group = sea.groups[v.group]
        lat, lon = group.member_at(v.id, now)
        course, speed = group.ref.course, group.ref.speed
    bn = sea.boat_now(now)
    dx, dy, r = bn.rel(lat, lon)  # the escort seen from the boat
    if mode in ("screen", "patrol") and r > RELEVANCE_NM:
        gap = (r - RELEVANCE_NM) / CLOSING_KN * 3600.0
        sea.schedule(f"ai:{v.id}", now + min(MAX_SLEEP_S, max(CHECK_S, gap)))
        return
    if mode == "run":
        _drop(sea, v, now, lat, lon, course)
        return
    if mode == "open":
        _begin_search(sea, v, now)
        return
    if mode in HUNTING and v.group in sea.groups and now - ai.get("hunt_since", now) > MAX_HUNT_S:
        _return(sea, v, now, lat, lon)  # the convoy cannot spare its escort any longer
        return
    cond = sea.conditions()
    rng = sea.rng
    surfaced = bn.surfaced
    # look (a boat submerged without its periscope up is not seen: boat_sighting_range gives 0)
    seen = False
    if surfaced or bn.periscope_up:
        sight = boat_sighting_range(surfaced, bn.periscope_up, bn.speed, cond)
        seen = sight > 0 and (r <= sight * 1.2 if mode == "chase" else rng.random() < notice_p(VISUAL_P, 1, r, sight))
    # ping
    pinged = False
    why: str | None = "no asdic"
    if v.cls.asdic:  # sensors.asdic_can_hold, the boat's bearing worked out only when it is within reach
        why = asdic_in_reach(surfaced, speed, r, cond)
        if why is None:
            rel = geo.bearing_to(-dx, -dy) - course
            shifted = rel + 180.0  # geo.norm180's common case, without the call
            why = asdic_in_beam(shifted - 180.0 if 0.0 <= shifted < 360.0 else geo.norm180(rel), r, bn.depth)
            if why is None:
                pinged = rng.random() < (ASDIC_P_ECHO if ai["contact"] else ASDIC_P_SEARCH)
                why = "" if pinged else "no echo"
    # listen
    heard = False
    if not seen and not pinged and not surfaced:
        hear = escort_hearing_range(bn.noise, speed, cond)
        heard = r < hear and rng.random() < HYDROPHONE_P * (1 - (r / hear) ** 2)

    if seen and surfaced:
        _chase(sea, v, now, lat, lon, bn, r)
        return
    if mode == "chase":
        if not surfaced:  # it dived in front of us: go for the swirl and search with ASDIC
            _set_datum(sea, v, now, bn.lat, bn.lon, float(ESC["visual_error_nm"]))
            ai["under_since"] = now
            ai["mode"] = "transit"
            ai["give_up"] = now + GIVE_UP_S
        else:
            _begin_search(sea, v, now)
            return
    if pinged:
        _attack(sea, v, now, lat, lon, bn, r)
        return
    if mode == "attack":
        if why == "no echo" and int(ai.get("misses", 0)) + 1 < ASDIC_LOST_AFTER:
            _missed_echo(sea, v, now, lat, lon, r)
            return
        ai["contact"] = False
        ai["misses"] = 0
        if why == "blind zone":
            _start_run(sea, v, now, lat, lon, bn)
        else:
            _begin_search(sea, v, now)
        return
    if seen:  # a periscope
        _set_datum(sea, v, now, bn.lat, bn.lon, float(ESC["visual_error_nm"]))
        ai["under_since"] = now
        if mode in ("screen", "patrol", "return"):
            _call_help(sea, v, now, bn.lat, bn.lon)
            start_hunt(sea, v, now, bn.lat, bn.lon, float(ESC["visual_error_nm"]))
            return
    elif heard:
        if mode in ("screen", "patrol", "return"):
            _call_help(sea, v, now, bn.lat, bn.lon)
            start_hunt(sea, v, now, bn.lat, bn.lon, float(ESC["hydrophone_error_nm"]))
            return
        _set_datum(sea, v, now, bn.lat, bn.lon, float(ESC["hydrophone_error_nm"]))
        ai["give_up"] = now + GIVE_UP_S
    _carry_on(sea, v, now, lat, lon, course)


def _carry_on(sea: Any, v: Vessel, now: float, lat: float, lon: float, course: float) -> None:
    ai = v.ai
    mode = ai["mode"]
    cls = v.cls
    check = CHECK_S
    if mode == "transit":
        dlat, dlon = _datum_now(ai, now)
        dx, dy = geo.offset(lat, lon, dlat, dlon)
        d = math.hypot(dx, dy)
        if d < 0.3:
            _begin_search(sea, v, now)
            return
        towards = geo.bearing_to(dx, dy)
        if not seabed().deep_near(lat, lon, COAST_LOOK_NM, cls.draft_m) and \
                landfall.shoal_ahead([(lat, lon)], towards, min(d, COAST_LOOK_NM), cls.draft_m) is not None:
            _begin_search(sea, v, now)  # the datum lies beyond the coast: it searches the water off it
            return
        fast = cls.speed_kn if d > 3.0 else cls.search_kn
        _steer(sea, v, now, towards, fast)
        sea.schedule(f"ai:{v.id}", now + min(check, max(1.0, (d - 0.25) / fast * 3600.0)))
    elif mode == "search":
        if now >= ai["give_up"]:
            _return(sea, v, now, lat, lon)
            return
        dlat, dlon = _datum_now(ai, now)
        dx, dy = geo.offset(lat, lon, dlat, dlon)
        d = math.hypot(dx, dy)
        # the circle the boat may have reached since the datum (attacks.toml, our choice)
        radius = float(ESC["search_radius_nm"]) + float(ESC["search_radius_kn"]) * (now - ai["datum"][2]) / 3600.0
        if d > radius:
            toward = float(ESC["search_toward_deg"])
            new = geo.bearing_to(dx, dy) + sea.rng.uniform(-toward, toward)
        else:
            turn = float(ESC["search_turn_deg"])
            new = course + sea.rng.uniform(-turn, turn)
        _steer(sea, v, now, new, cls.search_kn)
        sea.schedule(f"ai:{v.id}", now + check)
    elif mode == "return":
        _return(sea, v, now, lat, lon)
    else:  # screen, patrol
        sea.schedule(f"ai:{v.id}", now + check)


def _begin_search(sea: Any, v: Vessel, now: float) -> None:
    ai = v.ai
    ai["mode"] = "search"
    ai["contact"] = False
    ai["misses"] = 0
    ai["give_up"] = max(ai.get("give_up", 0.0), now + GIVE_UP_S / 2)
    if ai.get("datum") is None:
        lat, lon = sea.vpos(v, now)
        ai["datum"] = [lat, lon, now]
    sea.schedule(f"ai:{v.id}", now + 1.0)


def _return(sea: Any, v: Vessel, now: float, lat: float, lon: float) -> None:
    ai = v.ai
    ai["mode"] = "return"
    ai["contact"] = False
    group = sea.groups.get(v.group) if v.group else None
    station = ai.get("station")
    if group is None or station is None:
        ai["mode"] = "patrol"
        course, _speed = sea.vmotion(v)
        _steer(sea, v, now, course, v.cls.cruise_kn)
        sea.schedule(f"ai:{v.id}", now + CHECK_S)
        landfall.ship_look(sea, v, now)  # on a track of its own: it looks ahead for land as a merchant does
        return
    glat, glon = group.at(now)
    slat, slon = geo.shift(glat, glon, station[0], station[1])
    dx, dy = geo.offset(lat, lon, slat, slon)
    d = math.hypot(dx, dy)
    if d < 0.3:
        group.offsets[v.id] = (float(station[0]), float(station[1]))
        v.track = None
        ai["mode"] = "screen"
        ai["datum"] = None
        sea.emit("escort_returned", ship=v.id)
        sea.schedule(f"ai:{v.id}", now + CHECK_S)
        return
    gve, gvn = group.ref.velocity()
    speed = v.cls.speed_kn if d > 3.0 else v.cls.cruise_kn  # catch up with the convoy, then ease off
    course, hours = intercept(dx, dy, gve, gvn, speed)
    _steer(sea, v, now, course, speed)
    sea.schedule(f"ai:{v.id}", now + min(CHECK_S * 3, max(1.0, hours * 3600.0)))


def _attack(sea: Any, v: Vessel, now: float, lat: float, lon: float, bn: Any, r: float) -> None:
    """An echo: plot the boat, close it at attack speed, ping again at the range scale's round trip."""
    ai = v.ai
    first = not ai["contact"]
    err_nm = FIX_ERROR_NM
    rng = sea.rng
    flat, flon = geo.shift(bn.lat, bn.lon, rng.gauss(0.0, err_nm), rng.gauss(0.0, err_nm))  # this echo's fix
    if ai["mode"] in ("screen", "patrol", "return"):
        _call_help(sea, v, now, flat, flon)
    if ai.get("station") is None and v.group in sea.groups and v.track is None:
        ai["station"] = list(sea.groups[v.group].offsets[v.id])
    if ai["mode"] not in HUNTING:  # _begin_hunt's test, without the call
        _begin_hunt(ai, now)
    ai["mode"] = "attack"
    ai["contact"] = True
    ai["misses"] = 0
    ai["give_up"] = now + GIVE_UP_S
    dlat, dlon, vel = plot_fix(ai, now, flat, flon)
    ai["datum"] = [dlat, dlon, now]
    ai["dvel"] = list(vel)
    feed = None
    if first and not ai.get("announced"):
        others = any(o is not v and o.is_escort and o.ai.get("announced") and o.ai.get("mode") in HUNTING
                     for o in sea.vessels.values())
        feed = None if others else _found(bn)
        ai["announced"] = True
    _ping(sea, v, now, r, feed, echo=True)
    _close(sea, v, now, lat, lon, r)


def _found(bn: Any) -> Msg:
    """The first ASDIC contact's line; a boat shallower than an escort's keel reaches (`ram_depth_m`) is told that
    the escort's run over it to drop its pattern strikes it (`collisions.proximity`), and how deep is clear."""
    found = Msg("ASDIC! Pings on the hull: an escort has found the boat.")
    safe = float(ENEMY["ram_depth_m"])
    if bn.surfaced or bn.depth >= safe:
        return found
    return Msg("{found} At {depth} m a ship running over the boat strikes it: order a depth of {safe} m or more.",
               found=found, depth=round(bn.depth), safe=round(safe))


def _missed_echo(sea: Any, v: Vessel, now: float, lat: float, lon: float, r: float) -> None:
    """A ping without a recognisable echo: the contact holds on the plot for a few more pings."""
    v.ai["misses"] = int(v.ai.get("misses", 0)) + 1
    _ping(sea, v, now, r, None, echo=False)
    _close(sea, v, now, lat, lon, r)


def _ping(sea: Any, v: Vessel, now: float, r: float, feed: Msg | None, echo: bool) -> None:
    v.ai["pings"] += 1
    contact = sea.picture.of(v.id)
    sea.engine.emit("ping", feed=feed, escort=contact["id"] if contact else None, range_scale_yd=range_scale_yd(r),
                    echo=echo)


def _close(sea: Any, v: Vessel, now: float, lat: float, lon: float, r: float) -> None:
    """Steer to meet the plotted boat at attack speed; the next ping after the round trip."""
    ai = v.ai
    datum_lat, datum_lon, datum_t = ai["datum"]  # _datum_now, without the call
    hours = (now - datum_t) / 3600.0
    dvel = ai["dvel"]
    dve, dvn = dvel[0], dvel[1]
    dlat, dlon = geo.shift(datum_lat, datum_lon, dve * hours, dvn * hours)
    dx, dy = geo.offset(lat, lon, dlat, dlon)
    speed = v.cls.attack_kn
    course, _h = intercept(dx, dy, dve, dvn, speed)
    _steer(sea, v, now, course, speed)
    sea.schedule(f"ai:{v.id}", now + ping_interval_s(r))


def plot_fix(ai: dict[str, Any], now: float, lat: float, lon: float) -> tuple[float, float, tuple[float, float]]:
    """Add an ASDIC fix to the escort's plot: (lat, lon) of the boat now and its velocity (east, north kn).

    The plot is a least-squares line through the fixes of the last `plot_window_s` once they span
    `plot_min_s`; before that the last fix and the velocity estimated before. Fixes are kept as
    [t, east, north] (hours since the plot began, nm from its first fix) with running sums, so a fix
    costs the same however many the window holds."""
    plot = ai.get("plot")
    if plot is None or not ai.get("fixes"):
        plot = ai["plot"] = {"origin": [lat, lon], "t0": now, "sums": [0.0] * 7}
        ai["fixes"] = []
    olat, olon = plot["origin"]
    e, n = geo.offset(olat, olon, lat, lon)
    fix = [(now - float(plot["t0"])) / 3600.0, e, n]
    sums = plot["sums"]
    fixes = ai["fixes"]
    window_h = PLOT_WINDOW_H + 1e-12
    k, st, stt, se, sn, ste, stn = sums  # the running sums as locals: the same operations in the same order
    now_h = fix[0]
    while fixes and now_h - float(fixes[0][0]) > window_h:
        old = fixes.pop(0)  # the oldest fix leaves the sums
        t, e, n = float(old[0]), float(old[1]), float(old[2])
        k -= 1.0
        st -= t
        stt -= t * t
        se -= e
        sn -= n
        ste -= t * e
        stn -= t * n
    fixes.append(fix)
    t, e, n = fix  # the new one joins them
    k += 1.0
    st += t
    stt += t * t
    se += e
    sn += n
    ste += t * e
    stn += t * n
    sums[:] = (k, st, stt, se, sn, ste, stn)
    span_h = fix[0] - float(fixes[0][0])
    if k < 2 or span_h * 3600.0 < PLOT_MIN_S:
        return lat, lon, (float(ai["dvel"][0]), float(ai["dvel"][1]))
    mt, me, mn = st / k, se / k, sn / k
    var = stt - k * mt * mt
    if var <= 1e-12:
        return lat, lon, (float(ai["dvel"][0]), float(ai["dvel"][1]))
    ve = (ste - k * mt * me) / var
    vn = (stn - k * mt * mn) / var
    east, north = me + ve * (fix[0] - mt), mn + vn * (fix[0] - mt)  # the line at t = now
    plat, plon = geo.shift(olat, olon, east, north)
    return plat, plon, (ve, vn)


def _start_run(sea: Any, v: Vessel, now: float, lat: float, lon: float, bn: Any) -> None:
    """Contact lost close aboard: run on to where the boat will be and drop there."""
    ai = v.ai
    ai["guess"] = depth_setting(sea, ai, now, bn)
    dlat, dlon = _datum_now(ai, now)
    dx, dy = geo.offset(lat, lon, dlat, dlon)
    course, hours = intercept(dx, dy, ai["dvel"][0], ai["dvel"][1], v.cls.attack_kn)
    ai["mode"] = "run"
    _steer(sea, v, now, course, v.cls.attack_kn)
    sea.schedule(f"ai:{v.id}", now + max(1.0, min(300.0, hours * 3600.0)))


def depth_setting(sea: Any, ai: dict[str, Any], now: float, bn: Any) -> float:
    """The depth the escort sets its charges to (the pattern spreads around it).

    With depth-finding ASDIC the measured depth, give or take `depth_error_m`; before it the
    doctrine's settings for the minutes the boat has had to go deep since it was last known near
    the surface (the start of the hunt, a sighting, a dive seen)."""
    att = ATTACKS["depth_charge"]
    if sea.engine.clock.at(now).year >= int(att["depth_finding_from_year"]):
        setting = bn.depth + sea.rng.gauss(0.0, float(att["depth_error_m"]))
    else:
        minutes = (now - float(ai.get("under_since", ai.get("hunt_since", now)))) / 60.0
        rows = [row for row in att["doctrine"] if minutes >= float(row["after_min"])] or att["doctrine"][:1]
        setting = float(sea.rng.choice(list(rows[-1]["settings_m"])))
    return max(float(att["min_setting_m"]), min(float(att["max_setting_m"]), setting))


def _drop(sea: Any, v: Vessel, now: float, lat: float, lon: float, course: float) -> None:
    ai = v.ai
    dropped = attacks.drop_pattern(sea, v, now, lat, lon, course, float(ai["guess"] or 50.0))
    ai["mode"] = "open"
    if not dropped:
        _return(sea, v, now, lat, lon)
        return
    speed = v.cls.attack_kn
    _steer(sea, v, now, course, speed)
    sea.schedule(f"ai:{v.id}", now + float(ESC["open_nm"]) / speed * 3600.0)


def _chase(sea: Any, v: Vessel, now: float, lat: float, lon: float, bn: Any, r: float) -> None:
    ai = v.ai
    if ai["mode"] != "chase":
        if ai["mode"] in ("screen", "patrol", "return"):
            _call_help(sea, v, now, bn.lat, bn.lon)
        if ai.get("station") is None and v.group in sea.groups and v.track is None:
            ai["station"] = list(sea.groups[v.group].offsets[v.id])
        _begin_hunt(ai, now)
        ai["mode"] = "chase"
        ai["give_up"] = now + GIVE_UP_S
        contact = sea.picture.of(v.id)
        sea.emit("escort_chase", feed=Msg("An escort turns towards us at full speed!") if contact else None,
                 escort=contact["id"] if contact else None)
    _set_datum(sea, v, now, bn.lat, bn.lon, 0.0, (bn.ve, bn.vn))
    attacks.gunfire(sea, v, now, r)
    dx, dy = geo.offset(lat, lon, bn.lat, bn.lon)
    course, hours = intercept(dx, dy, bn.ve, bn.vn, v.cls.speed_kn)
    _steer(sea, v, now, course, v.cls.speed_kn)
    wait = min(CHECK_S / 2, max(1.0, hours * 3600.0 / 3))
    sea.schedule(f"ai:{v.id}", now + wait)
