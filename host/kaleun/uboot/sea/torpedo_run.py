"""Torpedoes in the water: a fired torpedo is an entity of the sea until it hits or its range is spent.

A torpedo runs on straight legs from its tube (it turns onto its gyro course at once: the turning
circle of about 95 m is folded into the straight track — [gap] our simplification). A pattern runner
(FAT) runs straight for the TDC's run to the target, then a ladder: legs back and forth, turning
about alternately to one side and the other, so that the legs step across the target's course
towards the ships coming on; an acoustic torpedo (T5) steers for the nearest propellers it hears
turning fast enough in the cone ahead of it. A hit is geometry: each ship's hull is a rectangle of
its class's length and beam, moving with the ship; the torpedo strikes when its track enters that
rectangle. Whether it then fires is depth and pistol: running shallower than the ship's draught it
strikes the side (a contact pistol may be a dud); running deeper it passes under, and a magnetic
pistol fires under the keel if it passes within reach (or fails to). Misses run on and may hit
another ship.

Nothing is stepped at a fixed rate: far from every ship the torpedo sleeps until it could reach
one; near ships it looks every `DT` seconds and checks the stretch since its last look against the
ships' positions then and now (a ship that turned in between: against its old heading up to the turn and
its new one after; a ship near it that turns makes it look again at once, `turned`), and it wakes at the
predicted moment of a hit, so a hit comes at its exact time.
Escorts learn where the boat fired from the way a steam torpedo's wake points back at it; an electric
torpedo leaves only the side of the hit (`attacks.toml`, [escort]).
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

from kaleun.core.messages import Msg
from kaleun.uboot import data
from kaleun.uboot.sea import escorts, geo, sensors, shipdamage
from kaleun.uboot.sea.geo import M_PER_NM
from kaleun.uboot.sea.sensors import Conditions, notice_p, sea_factor
from kaleun.uboot.sea.vessels import Track

#: what one hit does to a ship (torpedoes.toml [pistols]: the standard warhead and the spread of a hit's effect)
HIT = data.load("torpedoes")["pistols"]

#: seconds between looks while a ship is near
DT = 10.0
#: seconds between looks of an acoustic torpedo that hears a target
HOMING_DT = 2.0
#: fastest a ship moves (m/s, about 29 kn) and the largest half-length of a hull plus a margin (m)
SHIP_MAX_MS = 15.0
HULL_MARGIN_M = 100.0
KN_MS = M_PER_NM / 3600.0
#: a share just under one: a ship whose north-south distance times this is beyond a range is surely farther
FAR_SHARE = 1.0 - 1e-9
_EPS = 1e-9


def speed_ms(tp: Mapping[str, Any]) -> float:
    return float(tp["speed"]) * KN_MS


def run_at(tp: Mapping[str, Any], t: float) -> float:
    """Metres run at time t (on the current leg)."""
    leg = tp["leg"]
    return float(tp["run0"]) + speed_ms(tp) * (t - float(leg[0]))


def time_at_run(tp: Mapping[str, Any], metres: float) -> float:
    return float(tp["leg"][0]) + (metres - float(tp["run0"])) / speed_ms(tp)


def position(tp: Mapping[str, Any], t: float) -> tuple[float, float]:
    return Track.from_json(tp["leg"]).at(t)


def launch(sea: Any, spec: Mapping[str, Any]) -> str:
    """Put a torpedo in the water now. `spec` (from the weapons module): number, tube, type, name,
    speed (kn), range_m, depth (running depth, m), set_depth, pistol, course, lat, lon, wake,
    premature_m (or None), aim (vessel id or None), rates (dud, shallow_factor, shallow_deg,
    magnetic_fail, reach, under_keel, warhead, arming), pattern (FAT) or homing (T5) or None."""
    now = sea.engine.t
    tid = f"t{int(spec['number'])}"
    lat, lon = float(spec["lat"]), float(spec["lon"])
    tp: dict[str, Any] = {
        "id": tid, "number": int(spec["number"]), "tube": int(spec["tube"]), "type": str(spec["type"]),
        "name": str(spec["name"]), "speed": float(spec["speed"]), "range_m": float(spec["range_m"]),
        "depth": float(spec["depth"]), "set_depth": float(spec["set_depth"]), "pistol": str(spec["pistol"]),
        "rates": dict(spec["rates"]), "wake": bool(spec["wake"]), "fired": now,
        "from": [lat, lon],
        "leg": Track(now, lat, lon, float(spec["course"]), float(spec["speed"])).to_json(),
        "run0": 0.0, "premature_m": spec.get("premature_m"), "aim": spec.get("aim"),
        "near": {}, "prev": [lat, lon], "last": now, "passed": [],
        "crossing": None, "pattern": dict(spec["pattern"]) if spec.get("pattern") else None,
        "homing": dict(spec["homing"]) if spec.get("homing") else None,
    }
    if tp["pattern"] is not None:
        tp["pattern"]["next_turn_m"] = float(tp["pattern"]["straight_m"])
    sea.torpedoes[tid] = tp
    _look(sea, tp, now)
    return tid


# -- geometry ------------------------------------------------------------------------------------
def _slab(p0: float, p1: float, half: float) -> tuple[float, float] | None:
    """The part of s in [0, 1] where |p0 + (p1 - p0) s| <= half."""
    d = p1 - p0
    if abs(d) < _EPS:
        return (0.0, 1.0) if abs(p0) <= half + _EPS else None
    a, b = (-half - p0) / d, (half - p0) / d
    lo, hi = min(a, b), max(a, b)
    lo, hi = max(lo, 0.0), min(hi, 1.0 + _EPS)
    return (lo, hi) if lo <= hi else None


def hull_entry(rel0: tuple[float, float], rel1: tuple[float, float], heading: float, length: float,
               beam: float) -> float | None:
    """Where in [0, 1] a point moving linearly from rel0 to rel1 (metres east/north of a hull's
    centre) first lies within the hull (a rectangle `length` x `beam` along `heading`), or None."""
    s, c = geo.unit(heading)
    a0, a1 = rel0[0] * s + rel0[1] * c, rel1[0] * s + rel1[1] * c  # along the keel, + ahead
    c0, c1 = rel0[0] * c - rel0[1] * s, rel1[0] * c - rel1[1] * s  # across, + to starboard
    along = _slab(a0, a1, length / 2)
    across = _slab(c0, c1, beam / 2)
    if along is None or across is None:
        return None
    lo, hi = max(along[0], across[0]), min(along[1], across[1])
    return lo if lo <= hi else None


def keel_crossing(rel0: tuple[float, float], rel1: tuple[float, float], heading: float) -> float | None:
    """Metres ahead (+) or astern (-) of a hull's centre where the moving point crosses its keel
    line (across = 0) within the stretch, or None."""
    s, c = geo.unit(heading)
    c0, c1 = rel0[0] * c - rel0[1] * s, rel1[0] * c - rel1[1] * s
    if c0 == c1 or c0 * c1 > 0:
        return None
    k = c0 / (c0 - c1)
    a0, a1 = rel0[0] * s + rel0[1] * c, rel1[0] * s + rel1[1] * c
    return a0 + (a1 - a0) * k


def _rel(ship: tuple[float, float], point: tuple[float, float]) -> tuple[float, float]:
    e, n = geo.offset(ship[0], ship[1], point[0], point[1])
    return e * M_PER_NM, n * M_PER_NM


# -- one look ------------------------------------------------------------------------------------
def _pieces(sea: Any, tp: Mapping[str, Any], v: Any, seen: list[float], prev: tuple[float, float],
            here: tuple[float, float], t_prev: float, now: float,
            ) -> list[tuple[tuple[float, float], tuple[float, float], float, float, float]]:
    """The stretch since the last look against one ship, as (rel0, rel1, heading, t0, t1) pieces along which the
    torpedo moves straight relative to a hull of one heading. A ship turns (or changes speed) at once, on a new
    track anchored where it was at that moment: one that turned since the last look is met on its old heading up
    to the turn and on its new one after (two pieces); otherwise one piece. A ship that turned more than once
    within the stretch is met on the heading of the last look up to its last turn. `seen` is the ship's position at
    the last look and, from saves that have it, its heading then."""
    ship_now = sea.vpos(v, now)
    heading = sea.vmotion(v)[0]
    rel0, rel1 = _rel((seen[0], seen[1]), prev), _rel(ship_now, here)
    turned = sea.vtrack(v).t0
    if len(seen) < 3 or not t_prev < turned:
        return [(rel0, rel1, heading, t_prev, now)]
    if turned >= now:  # it turned at this very moment: the whole stretch was sailed before
        return [(rel0, rel1, float(seen[2]), t_prev, now)]
    rel_turn = _rel(sea.vpos(v, turned), position(tp, turned))
    return [(rel0, rel_turn, float(seen[2]), t_prev, turned), (rel_turn, rel1, heading, turned, now)]


def turned(sea: Any, now: float, only: str | None = None) -> None:
    """Ships may have turned (or stopped) just now, after the torpedoes near them last looked (a zigzag leg, a
    convoy turning away from a blow, a ship struck): each torpedo with such a ship near it looks again at once,
    so a hit after the turn comes at its moment rather than at the next look, and the next hit is predicted
    on the new heading. `only`: the one ship that may have turned (its own step), else any."""
    vessels = sea.vessels
    for tid, tp in sea.torpedoes.items():
        last = float(tp["last"])
        near = tp["near"]
        if only is not None:
            if only not in near:
                continue
            near = {only: near[only]}
        for vid, seen in near.items():
            v = vessels.get(vid)
            if v is None:
                continue
            track = sea.vtrack(v)
            # turned since the last look, or at the very moment of it but after it (on another heading than seen)
            if track.t0 > last or (track.t0 == last and len(seen) > 2 and track.course != seen[2]):
                key = f"torp:{tid}"
                due = sea.sched.get(key)
                if due is None or due[0] > now + 1e-6:
                    sea.schedule(key, now + 1e-6)
                break


def step(sea: Any, tid: str, now: float) -> None:
    tp = sea.torpedoes.get(tid)
    if tp is None:
        return
    here = position(tp, now)
    prev = (float(tp["prev"][0]), float(tp["prev"][1]))
    t_prev = float(tp["last"])
    # the stretch since the last look, against the ships near then
    entries: list[tuple[float, str, float]] = []
    for vid, seen in sorted(tp["near"].items()):
        v = sea.vessels.get(vid)
        if v is None:
            continue
        pieces = _pieces(sea, tp, v, seen, prev, here, t_prev, now)
        if vid == tp["aim"]:
            for rel0, rel1, heading, _t0, _t1 in pieces:
                crossed = keel_crossing(rel0, rel1, heading)
                if crossed is not None and (tp["crossing"] is None or abs(crossed) < abs(tp["crossing"])):
                    tp["crossing"] = round(crossed, 1)
        if vid in tp["passed"]:
            continue
        for rel0, rel1, heading, t0, t1 in pieces:
            s = hull_entry(rel0, rel1, heading, v.cls.length_m, v.cls.beam_m)
            if s is not None:
                entries.append((t0 + s * (t1 - t0), vid, heading))
                break
    run = run_at(tp, now)
    if tp["wake"]:  # before any hit in this stretch: the ships it passed saw the wake go by first
        _wake_passing(sea, tp, t_prev, now, ending=run >= float(tp["range_m"]) - 1e-6)
    for t_hit, vid, heading in sorted(entries):
        if _impact(sea, tp, sea.vessels[vid], t_hit, now, heading):
            return
    if tp["premature_m"] is not None and run >= float(tp["premature_m"]) - 1e-6:
        _premature(sea, tp, now, here)
        return
    if run >= float(tp["range_m"]) - 1e-6:
        _spent(sea, tp, now)
        return
    _steer(sea, tp, now, here, run)
    _look(sea, tp, now)


def _look(sea: Any, tp: dict[str, Any], now: float) -> None:
    """Note the ships near enough to matter before the next look and choose its time."""
    here = position(tp, now)
    vt = speed_ms(tp)
    course = float(tp["leg"][3])
    dt = HOMING_DT if tp.get("homing_on") else DT
    reach = (vt + SHIP_MAX_MS) * dt + HULL_MARGIN_M
    near: dict[str, list[float]] = {}
    nearest = math.inf
    predicted = math.inf
    close = False
    tve, tvn = vt * math.sin(math.radians(course)), vt * math.cos(math.radians(course))
    here_lat, here_lon = here
    aim = tp["aim"]
    vpos, offset = sea.vpos, geo.offset
    vessels = sea.vessels
    # the ship aimed at is near whatever its range, and its range bounds the nearest: a ship whose north-south
    # distance alone is beyond both the reach and the nearest so far (a range is never shorter than either leg;
    # the margin keeps clear of the last bit) can neither come near nor be the nearest, and is passed over
    target = vessels.get(aim) if isinstance(aim, str) else None
    if target is not None:
        lat, lon = vpos(target, now)
        e, n = offset(lat, lon, here_lat, here_lon)
        nearest = math.hypot(e * M_PER_NM, n * M_PER_NM)
    for v, lat in sea.vlats(now):
        if v is not target:
            north_m = (here_lat - lat) * geo.NM_PER_DEG * M_PER_NM
            far = (north_m if north_m >= 0.0 else -north_m) * FAR_SHARE
            if far > reach and far > nearest:
                continue
        lat, lon = vpos(v, now)
        e, n = offset(lat, lon, here_lat, here_lon)  # _rel, without the call: every ship, every look
        rel = (e * M_PER_NM, n * M_PER_NM)
        d = math.hypot(rel[0], rel[1])
        if d < nearest:
            nearest = d
        if d <= reach or v.id == aim:
            heading, speed = sea.vmotion(v)
            near[v.id] = [lat, lon, heading]  # its heading too: a ship that turns before the next look (`_pieces`)
            close = close or d <= reach
            if d <= reach and v.id not in tp["passed"]:
                se, sn = geo.unit(heading)
                ve, vn = speed * KN_MS * se, speed * KN_MS * sn
                end = (rel[0] + (tve - ve) * dt, rel[1] + (tvn - vn) * dt)
                s = hull_entry(rel, end, heading, v.cls.length_m, v.cls.beam_m)
                if s is not None:
                    predicted = min(predicted, now + s * dt)
    tp["near"] = near
    tp["prev"] = [here[0], here[1]]
    tp["last"] = now
    # a steam torpedo's wake is seen from afar: it sleeps no longer than a ship needs to come within sight of it,
    # so that a ship sees the wake go by within a look of its passing (`_wake_passing`)
    seen_m = wake_sight_nm(Conditions.of(sea.weather)) * M_PER_NM if tp["wake"] and not tp.get("wake_reported") else 0.0
    wait = dt if close else max(dt, (nearest - seen_m - HULL_MARGIN_M) / (vt + SHIP_MAX_MS))
    times = [now + wait, time_at_run(tp, float(tp["range_m"]))]
    if predicted < math.inf:
        times.append(max(now + 1e-6, predicted + 1e-6))
    if tp["premature_m"] is not None:
        times.append(time_at_run(tp, float(tp["premature_m"])))
    if tp["pattern"] is not None:
        times.append(time_at_run(tp, float(tp["pattern"]["next_turn_m"])))
    if tp["homing"] is not None and not tp.get("homing_on"):
        armed = run_at(tp, now) >= float(tp["homing"]["arm_m"]) - 1e-6
        # armed and hearing nothing yet: listen again at the homing interval (not at the arming run,
        # which has passed: that would look again every microsecond)
        times.append(now + HOMING_DT if armed else time_at_run(tp, float(tp["homing"]["arm_m"])))
    sea.schedule(f"torp:{tp['id']}", max(now + 1e-6, min(times)))


# -- steering: pattern runners and acoustic torpedoes --------------------------------------------
def _steer(sea: Any, tp: dict[str, Any], now: float, here: tuple[float, float], run: float) -> None:
    course = float(tp["leg"][3])
    new = course
    pattern = tp["pattern"]
    if pattern is not None and run >= float(pattern["next_turn_m"]) - 1e-6:
        # a ladder: at the end of a leg the torpedo turns about, its turning circle run as a short leg
        # across (`turn_m`), then back along the next leg; it turns to the other side each time, so
        # the legs step across the convoy's course (a FAT turned alternately right and left)
        side = float(pattern.get("side", 1.0))
        back = pattern.get("back")
        if back is None:  # the leg is run: the turn begins
            new = geo.norm360(course + 90.0 * side)
            pattern["back"] = geo.norm360(course + 180.0)
            pattern["next_turn_m"] = float(pattern["next_turn_m"]) + float(pattern.get("turn_m", 150.0))
        else:  # the turn is done: the next leg, and the next turn to the other side
            new = float(back)
            pattern["back"] = None
            pattern["side"] = -side
            pattern["next_turn_m"] = float(pattern["next_turn_m"]) + float(pattern["leg_m"])
    homing = tp["homing"]
    if homing is not None and run >= float(homing["arm_m"]) - 1e-6:
        target = _heard(sea, tp, now, here, course, homing)
        tp["homing_on"] = target
        if target is not None:
            v = sea.vessels[target]
            tlat, tlon = sea.vpos(v, now)
            e, n = geo.offset(here[0], here[1], tlat, tlon)
            heading, speed = sea.vmotion(v)
            se, sn = geo.unit(heading)
            want, _h = _aim(e, n, speed * se, speed * sn, float(tp["speed"]))
            turn = geo.norm180(want - course)
            limit = float(homing["turn_deg_per_s"]) * max(HOMING_DT, now - float(tp["last"]))
            new = geo.norm360(course + max(-limit, min(limit, turn)))
    if new != course:
        tp["run0"] = run
        tp["leg"] = Track(now, here[0], here[1], new, float(tp["speed"])).to_json()


def _aim(e: float, n: float, ve: float, vn: float, speed: float) -> tuple[float, float]:
    from kaleun.uboot.sea.kinematics import intercept

    return intercept(e, n, ve, vn, speed)


def _heard(sea: Any, tp: Mapping[str, Any], now: float, here: tuple[float, float], course: float,
           homing: Mapping[str, Any]) -> str | None:
    """The ship an acoustic torpedo hears best: within its reach and cone, fast enough to be heard."""
    best, best_d = None, math.inf
    for v in sea.vessels.values():
        if v.id in tp["passed"]:
            continue
        _heading, speed = sea.vmotion(v)
        if speed < float(homing["min_target_kn"]):
            continue
        lat, lon = sea.vpos(v, now)
        e, n = geo.offset(here[0], here[1], lat, lon)
        d = math.hypot(e, n) * M_PER_NM
        if d > float(homing["reach_m"]):
            continue
        if abs(geo.norm180(geo.bearing_to(e, n) - course)) > float(homing["cone_deg"]) / 2:
            continue
        if d < best_d:
            best, best_d = v.id, d
    return best


# -- outcomes ------------------------------------------------------------------------------------
def _done(sea: Any, tp: Mapping[str, Any]) -> None:
    sea.torpedoes.pop(tp["id"], None)
    sea.cancel(f"torp:{tp['id']}")


def _label(tp: Mapping[str, Any]) -> Msg:
    return Msg("Torpedo {number} (tube {tube})", number=tp["number"], tube=tp["tube"])


def _common(tp: Mapping[str, Any], t: float) -> dict[str, Any]:
    """The fields every report of a torpedo carries; its run time in tenths of a second (the feed says it in
    whole seconds: `_said`)."""
    return {"torpedo": tp["id"], "tube": tp["tube"], "type": tp["type"], "run_s": round(t - float(tp["fired"]), 1)}


def _said(common: Mapping[str, Any]) -> int:
    """A torpedo's run time as its feed line says it (hit, dud, premature, miss): whole seconds, as a crew
    counts with the stopwatch and as the salvo's and the TDC's run times are said ("hit after 74 s"); the
    event's `run_s` rounded half up, so that 364.5 is said 365 as a reader of the event rounds it."""
    return math.floor(float(common["run_s"]) + 0.5)


def _impact(sea: Any, tp: dict[str, Any], v: Any, t_hit: float, now: float, heading: float) -> bool:
    """The torpedo's track enters a hull (the ship on `heading` at that moment). Returns True if the torpedo
    is gone."""
    rates = tp["rates"]
    rng = sea.rng
    draught = v.cls.draft_m
    depth = float(tp["depth"])
    contact = sea.picture.of(v.id)
    common = {**_common(tp, t_hit), "ship": contact["id"] if contact else None, "vessel": v.id}
    course = float(tp["leg"][3])
    track = abs(geo.norm180(course - heading))  # 0: from astern, 180: bow-on, 90: square on the beam
    fine = min(track, 180.0 - track) <= float(rates["shallow_deg"])
    arming = float(rates.get("arming", 0.0))  # a save from before the arming run had none
    # fired too close: the pistol is not armed yet (torpedoes.toml arming_m), so nothing fires
    unarmed = run_at(tp, t_hit) < arming - 1e-6
    if depth < draught:
        p_dud = float(rates["dud"]) * (float(rates["shallow_factor"]) if fine else 1.0)
        if unarmed or rng.random() < p_dud:
            feed = (Msg("{torpedo}: struck the hull after {seconds} s, before its pistol was armed ({arming} m run) "
                        "— no detonation.", torpedo=_label(tp), seconds=_said(common), arming=round(arming))
                    if unarmed else Msg("{torpedo}: dud after {seconds} s — it clanged against the hull.",
                                        torpedo=_label(tp), seconds=_said(common)))
            sea.emit("torpedo_dud", feed=feed, **common, track_angle=round(track),
                     **({"why": "unarmed"} if unarmed else {}))
            _done(sea, tp)
            sea.attacked(v.id, Msg("a torpedo struck and failed"), _datum(sea, tp, t_hit))
            return True
        return _detonate(sea, tp, v, t_hit, now, "contact", common, track, heading)
    if unarmed:
        tp["passed"].append(v.id)
        sea.emit("torpedo_under", **common, why=Msg("ran under the keel before its pistol was armed"),
                 depth_m=round(depth, 1))
        return False
    if tp["pistol"] == "magnetic" and depth <= draught + float(rates["reach"]):
        if rng.random() < float(rates["magnetic_fail"]):
            tp["passed"].append(v.id)
            sea.emit("torpedo_under", **common, why=Msg("magnetic pistol failed"), depth_m=round(depth, 1))
            return False
        return _detonate(sea, tp, v, t_hit, now, "magnetic", common, track, heading)
    tp["passed"].append(v.id)
    sea.emit("torpedo_under", **common, why=Msg("ran under the keel"), depth_m=round(depth, 1))
    return False


def _detonate(sea: Any, tp: dict[str, Any], v: Any, t_hit: float, now: float, how: str,
              common: dict[str, Any], track: float, struck_on: float) -> bool:
    rates = tp["rates"]
    rng = sea.rng
    factor = rng.gauss(1.0, float(HIT["hit_sigma"]))
    damage = float(rates["warhead"]) / float(HIT["standard_warhead_kg"]) * max(float(HIT["hit_least"]),
                                                                               min(float(HIT["hit_most"]), factor))
    if how == "magnetic":
        damage *= float(rates["under_keel"])
    sea.emit("torpedo_hit", feed=Msg("{torpedo}: hit after {seconds} s!", torpedo=_label(tp),
                                     seconds=_said(common)),
             **common, **{"class": v.cls.id}, detonation=how, track_angle=round(track), damage=round(damage, 2),
             aimed=v.id == tp["aim"])
    _done(sea, tp)
    sea.attacked(v.id, "torpedo hit", _datum(sea, tp, t_hit))  # while it still sails with its convoy
    shipdamage.hit(sea, v, damage, "torpedo", now, heading=struck_on)  # its heading when struck, before it turns
    return True


def _premature(sea: Any, tp: dict[str, Any], now: float, here: tuple[float, float]) -> None:
    common = _common(tp, now)
    sea.emit("torpedo_premature", feed=Msg("{torpedo} detonated prematurely after {seconds} s.",
                                           torpedo=_label(tp), seconds=_said(common)), **common)
    _done(sea, tp)
    dlat, dlon, err = _datum(sea, tp, now)
    escorts.alert(sea, dlat, dlon, now, "an explosion", error_nm=err)


def _spent(sea: Any, tp: dict[str, Any], now: float) -> None:
    aim = tp["aim"]
    contact = sea.picture.of(aim) if aim is not None else None
    common = _common(tp, now)
    sea.emit("torpedo_miss", feed=Msg("{torpedo}: missed; its run ended after {seconds} s.", torpedo=_label(tp),
                                      seconds=_said(common)), **common,
             ship=contact["id"] if contact else None, vessel=aim, passed_m=tp["crossing"],
             side=None if tp["crossing"] is None else ("ahead" if tp["crossing"] > 0 else "astern"),
             ran_under=list(tp["passed"]))
    _done(sea, tp)


def wake_sight_nm(cond: Any) -> float:
    """How far a steam torpedo's wake is seen now (nm): attacks.toml [escort] `wake_sight_nm` and its shares."""
    esc = escorts.ESC
    far = min(float(esc["wake_sight_nm"]), cond.visibility_nm * float(esc["wake_visibility_share"]))
    return far * cond.light * sea_factor(float(esc["wake_sea_penalty"]), cond.sea_state)


def _wake_passing(sea: Any, tp: dict[str, Any], t_prev: float, now: float, ending: bool) -> None:
    """A steam torpedo leaves a wake of bubbles, whether it hits or not: each ship afloat it passes within sight
    may see it go by and report it, and the escorts take the firing point as after a hit (`_datum`). Each look
    judges the ships the torpedo passed nearest in the stretch since the last one (`_nearest_nm`: the torpedo now
    draws away from her), where she was then; at the end of its run, the ships it was still closing on too (the
    wake ends there). So the report comes at the look after the wake passed her, not when the run ends, and a ship
    the wake passed early had her chance then though she steamed out of sight since. A ship it ran under had the
    wake pass right over her. Each ship is judged once a torpedo (`wake_judged`), and one wake is one report;
    two wakes of one salvo are one alarm (`escorts.one_blow`)."""
    if tp.get("wake_reported"):
        return
    judged: list[str] = tp.setdefault("wake_judged", [])
    sight = wake_sight_nm(Conditions.of(sea.weather))
    if sight <= 0.0:
        return
    p_one = float(sensors.ENEMY["visual_p"])
    leg = Track.from_json(tp["leg"])
    since = max(t_prev, leg.t0)
    lats = {v.id: lat for v, lat in sea.vlats(now)}
    for v in sorted(sea.vessels.values(), key=lambda x: x.id):
        if v.id in judged or shipdamage.state_of(v) == "sinking":
            continue
        if v.id in tp["passed"]:
            d, past = 0.0, True
        else:
            d, past = _nearest_nm(sea, leg, v, now, since, beyond=(sight, lats[v.id]))
        if not (past or ending) or d >= sight:
            continue  # still closing, or passed beyond sight (a pattern runner may come back nearer)
        judged.append(v.id)
        if sea.rng.random() < notice_p(p_one, 1, d, sight):
            tp["wake_reported"] = True
            if escorts.one_blow(sea, "wake", now):
                dlat, dlon, err = _datum(sea, tp, now)
                escorts.alert(sea, dlat, dlon, now, "a torpedo wake", error_nm=err)
            return


def _nearest_nm(sea: Any, leg: Track, v: Any, now: float, since: float,
                beyond: tuple[float, float] | None = None) -> tuple[float, bool]:
    """How near (nm) the torpedo passed a ship on its current leg from `since` to `now`: both run straight at
    constant speed over it (the ship on the track she sails now), so the closest approach is a closed form; and
    whether that was before `now` (the torpedo draws away from her now) rather than at `now` (still closing).
    `beyond` (nm, the ship's latitude now): a ship whose north-south distance alone keeps her farther than that
    all the stretch is answered at once (inf, not passed), as the closest approach is never nearer than that
    distance less what both ran meanwhile; the convoy's other ships cost no more than their latitude."""
    run = max(0.0, now - leg.t0)
    back = max(0.0, now - since)
    ue, un = geo.unit(leg.course)
    course, speed = sea.vmotion(v)
    u, w = leg.speed / 3600.0, speed / 3600.0  # nm a second
    if beyond is not None:
        far, lat_now = beyond
        if abs((lat_now - leg.lat0) * geo.NM_PER_DEG - un * u * run) - (u + w) * back > far + 1e-6:
            return math.inf, False
    lat, lon = sea.vpos(v, now)
    ve, vn = geo.unit(course)
    se, sn = geo.offset(leg.lat0, leg.lon0, lat, lon)  # the ship now, from the leg's start
    # the ship less the torpedo at `now` + tau (tau in [-back, 0]): d0 + rel * tau
    d0e, d0n = se - ue * u * run, sn - un * u * run
    re_, rn = ve * w - ue * u, vn * w - un * u
    rel2 = re_ * re_ + rn * rn
    free = 0.0 if rel2 <= 0.0 else -(d0e * re_ + d0n * rn) / rel2
    tau = max(-back, min(0.0, free))
    return math.hypot(d0e + re_ * tau, d0n + rn * tau), free < 0.0


def _datum(sea: Any, tp: Mapping[str, Any], t: float) -> tuple[float, float, float]:
    """Where the escorts look for the boat after a blow: the firing point itself at the end of a
    steam torpedo's wake, else back along the torpedo's track at a guessed run."""
    esc = escorts.ESC
    rng = sea.rng
    if tp["wake"]:
        day = sea.weather is None or sea.weather.is_day
        err = float(esc["wake_error_nm"] if day else esc["wake_error_night_nm"])
        lat, lon = (float(x) for x in tp["from"])
        return lat, lon, err
    lat, lon = position(tp, t)
    back = float(tp["leg"][3]) + 180.0 + rng.gauss(0.0, float(esc["torpedo_bearing_sigma_deg"]))
    dlat, dlon = geo.destination(lat, lon, back, float(esc["torpedo_run_nm"]))
    return dlat, dlon, float(esc["torpedo_datum_error_nm"])
