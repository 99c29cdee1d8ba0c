"""The 88 mm deck gun against ships and the 20 mm flak against aircraft (`guns.toml`).

A gun order keeps the gun firing round after round (or burst after burst) at its rate while the
boat stays surfaced, the sea stays workable (weather.toml [guns]) and the target stays in range and
in sight, and until the ship is doomed (the gun layer sees her settle and ceases fire; no order is
given at a ship going down).
Each round hits with a chance that falls with range and is lower in a rough sea and in darkness; a
shell hit takes a share of a ship's structure (`sea/shipdamage.py`); a flak hit brings an aircraft
closer to going down and may make its pilot turn away. The rounds are counted: a gun never fires
rounds it no longer has — the flak's last burst fires what is left of its magazines (with a chance
as of that many rounds), then the gun ceases fire for want of ammunition.
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import date, datetime
from typing import Any

from kaleun.core.messages import Msg
from kaleun.uboot.sea import aircraft as air_ai
from kaleun.uboot.sea import attacks, shipdamage
from kaleun.uboot.sea.sensors import ship_range, visual_range
from kaleun.uboot.weapons.arsenal import GUNS as GUN_DATA

GUNS = ("gun_88", "gun_20")
#: why the 88 mm gun ceases fire at a ship that is going down ([gap] our choice: the rulebook's order is only "fire
#: the gun", §6.5; a doomed ship goes under whatever is fired at her, and the rounds are few)
GOING_DOWN = Msg("the target is going down")
GUN: Mapping[str, Mapping[str, Any]] = {gun: GUN_DATA[gun] for gun in GUNS}


def _last_day(gun: str) -> date | None:
    """The last day a boat sails with the gun (guns.toml `until`), None: to the end of the war."""
    until = GUN[gun].get("until")
    if until is None:
        return None
    try:
        return date.fromisoformat(str(until))
    except ValueError:
        raise ValueError(f"guns.toml: [{gun}] until must be a day like \"1943-06-30\", got {until!r}") from None


LAST_DAY = {gun: _last_day(gun) for gun in GUNS}


def aboard(gun: str, sailed: date) -> bool:
    """Is the gun aboard a boat whose patrol started on that day? (a gun landed at a refit stays ashore)"""
    last = LAST_DAY[gun]
    return last is None or sailed <= last


def patrol_sailed(spec: Mapping[str, Any], missions: Mapping[str, Mapping[str, Any]]) -> date:
    """The day the boat sailed on the patrol a mission belongs to: the mission's own start, or — for a
    later part of a linked patrol, which finds the boat at sea, not sailing from its base — the start of
    the patrol's first part. A boat at sea keeps its 88 mm gun until it is back in base, whatever day the
    game has come to; a patrol that sails after the gun's last day has none in any of its parts."""
    start = datetime.fromisoformat(str(spec["start"])).date()
    patrol = spec.get("patrol")
    if patrol is None or int(spec.get("part", 1)) <= 1:
        return start
    parts = [(int(other.get("part", 1)), str(other["start"])) for other in missions.values()
             if other.get("patrol") == patrol and "start" in other]
    if not parts:
        return start
    return min(start, datetime.fromisoformat(min(parts)[1]).date())


def _range(sea: Any, entity: str, now: float) -> float:
    truth = sea.truth(entity, now)
    return float("inf") if truth is None else float(truth.range_nm)


def hit_p(spec: Mapping[str, Any], r: float, sea_state: int, day: bool) -> float:
    """Chance one round (burst) hits at range r nm."""
    reach = float(spec["range_nm"])
    if r > reach:
        return 0.0
    near, far = float(spec["hit_p_close"]), float(spec["hit_p_far"])
    p = near + (far - near) * (r / reach)
    p *= float(spec.get("sea_factor", {}).get(str(sea_state), 1.0)) if "sea_factor" in spec else 1.0
    if not day:
        p *= float(spec.get("night_factor", 1.0))
    return max(0.0, min(1.0, p))


def no_target_named(picture: Any) -> Msg:
    """Why the 88 mm gun's order names no ship, with the ships it could name (§8.4): those in contact within the
    gun's reach by the crew's own estimates, nearest first, a ship told going down left out — the First Officer
    picks one, as for the TDC. Reads the crew's picture only: never a ship nobody has reported."""
    reach = float(GUN["gun_88"]["range_nm"])
    ships = [str(c["id"]) for c in picture.ships_within(reach)]
    if ships:
        return Msg("the 88 mm gun needs a target, one of the ships in contact within its reach ({reach:g} nm): "
                   "{ships}", reach=reach, ships=", ".join(ships))
    going = [str(c["id"]) for c in picture.active() if c["kind"] == "ship" and c.get("going_down")
             and float(c["range_nm"]) <= reach]
    if going:
        return Msg("the 88 mm gun needs a target, and every ship in contact within its reach ({reach:g} nm) is going "
                   "down ({ships})", reach=reach, ships=", ".join(going))
    if any(c["kind"] == "ship" for c in picture.active()):
        return Msg("the 88 mm gun needs a target, and no ship in contact is within its reach ({reach:g} nm)",
                   reach=reach)
    return Msg("the 88 mm gun needs a target, and no ship is in contact yet (the lookouts find one)")


def target_ship(weapons: Any, cid: str | None, looking: bool = True) -> Any:
    """The ship a contact id names, in range and in sight of the gun layer; else why not (`weapons`: the gunnery
    part of the weapons module; no id: the ships the crew could name, `no_target_named`). Not `looking` (submerged,
    no gun layer on deck): only the crew's own picture is asked, and its contact returned; where the ship truly is
    stays unsaid."""
    sea = weapons.sea
    if cid is None:
        return no_target_named(sea.picture)
    contact = sea.picture.get(cid)
    if contact is None:
        return sea.picture.unknown(cid)
    if weapons.w.seen_sunk(cid):  # the crew saw her go down
        return Msg("{contact} has sunk: choose another ship", contact=cid)
    if contact["lost"]:
        return Msg("contact {contact} is lost", contact=cid)
    if contact["kind"] != "ship":
        return Msg("{contact} is an aircraft: the 88 mm gun fires at ships", contact=cid)
    if not looking:
        return contact
    v = sea.vessels.get(contact["entity"])
    if v is None:
        return Msg("contact {contact} is lost", contact=cid)
    now = weapons.engine.t
    r = _range(sea, v.id, now)
    if shipdamage.state_of(v) == "sinking":
        return Msg("{contact} is going down already: no round is wasted on her", contact=cid)
    if r > ship_range(v, sea.conditions()):
        return Msg("{contact} is not in sight of the gun layer", contact=cid)
    reach = float(GUN["gun_88"]["range_nm"])
    if r > reach:
        # the gun layer's rangefinder says only that it is beyond the gun: the true range is not the crew's to know
        return Msg("{contact} is out of range (the gun reaches {reach:g} nm)", contact=cid, reach=reach)
    return v


def _aircraft_sight(sea: Any) -> float:
    """How far the flak gunners see an aircraft now (nm; sensors.toml, as the lookouts)."""
    return visual_range("aircraft", sea.conditions())


def target_aircraft(weapons: Any, cid: str | None, looking: bool = True) -> Any:
    """The aircraft to engage: the one named, else the nearest in sight within twice the flak's range, or
    attacking the boat at any range in sight ([gap] our choice: the crew sees it turn in, `aircraft_attacking`,
    and the flak's gunners wait for it); an aircraft nobody can see is no target: the order must not tell the
    crew it is there. Not `looking` (submerged, no gunner on deck): only the crew's own picture is asked, the named
    contact or None returned; which aircraft are about stays unsaid."""
    sea = weapons.sea
    now = weapons.engine.t
    reach = float(GUN["gun_20"]["range_nm"])
    sight = _aircraft_sight(sea)
    if cid is not None:
        contact = sea.picture.get(cid)
        if contact is None:
            return sea.picture.unknown(cid)
        if contact["kind"] != "aircraft":
            return Msg("{contact} is a ship: the 20 mm gun fires at aircraft", contact=cid)
        if not looking:
            return contact
        plane = sea.aircraft.get(contact["entity"])
        if plane is None or contact["lost"]:
            return Msg("contact {contact} is lost", contact=cid)
        r = _range(sea, plane.id, now)
        if r > 2 * reach and not (air_ai.attacking(plane) and r <= sight):
            return Msg("{contact} is out of range", contact=cid)
        if r > sight:
            return Msg("{contact} is not in sight of the 20 mm gunners", contact=cid)
        if plane.ai.get("mode") == "leave":  # the gun would cease fire at once
            return Msg("{contact} is flying off", contact=cid)
        return plane
    if not looking:
        return None
    near = sorted((r, a.id) for a in sea.aircraft.values() if (r := _range(sea, a.id, now)) <= sight)
    within = [(r, a) for r, a in near if r <= 2 * reach or air_ai.attacking(sea.aircraft[a])]
    if not within:
        return Msg("no aircraft in sight within the 20 mm gun's range ({range:,.0f} m)", range=reach * 1852)
    coming = [a for _r, a in within if sea.aircraft[a].ai.get("mode") != "leave"]
    if not coming:
        return Msg("the aircraft in sight is flying off")
    return sea.aircraft[coming[0]]


def burst_p(p: float, rounds: int, burst: int) -> float:
    """Chance a short burst of `rounds` hits when a full one of `burst` rounds hits with `p` (each round
    as likely to hit as any other: [gap] our choice)."""
    if rounds >= burst:
        return p
    return 1.0 - (1.0 - p) ** (rounds / burst)


def shoot(weapons: Any, gun: str, firing: dict[str, Any], now: float) -> None:
    """One round (88 mm) or one burst (20 mm) at the target; schedules the next."""
    sea = weapons.sea
    spec = GUN[gun]
    boat = weapons.boat
    if not boat.surfaced or boat.lost:
        weapons.cease(gun, Msg("the boat is not surfaced"))
        return
    if weapons.out_of_action(gun):  # a major failure since the order (technical.toml): it cannot fire
        weapons.cease(gun, Msg("the gun is out of action"))
        return
    if weapons.ammo[gun] <= 0:  # never a round that is not there
        weapons.cease(gun, Msg("no ammunition left"))
        return
    weather = sea.weather
    if weather is not None and weather.guns_usable() is not None:  # the sea got up since the order
        weapons.cease(gun, Msg("the sea has got up to state {state}, too heavy for the gun crews",
                               state=weather.sea_state))
        return
    sea_state = int(weather.sea_state) if weather is not None else 2
    day = weather is None or weather.is_day
    rng = weapons.rng
    if gun == "gun_88":
        v = sea.vessels.get(firing["target"])
        if v is None:
            weapons.cease(gun, Msg("the target is gone"))
            return
        if shipdamage.state_of(v) == "sinking":  # doomed since the last round (a torpedo): no shell is wasted on her
            weapons.cease(gun, GOING_DOWN)
            return
        r = _range(sea, v.id, now)
        if r > float(spec["range_nm"]):
            weapons.cease(gun, Msg("the target is out of range"))
            return
        if r > ship_range(v, sea.conditions()):
            weapons.cease(gun, Msg("the target is out of sight"))
            return
        weapons.ammo[gun] -= 1
        firing["shots"] += 1
        hit = rng.random() < hit_p(spec, r, sea_state, day)
        sea.emit("gun_round", gun=gun, target=firing["contact"], hit=hit, range_m=round(r * 1852), rounds=1)
        if hit:
            firing["hits"] += 1
            struck_on = sea.vmotion(v)[0]  # its heading when struck, before its convoy turns away
            if firing["hits"] == 1:  # the muzzle flashes show where the boat is
                bn = sea.boat_now(now)
                sea.attacked(v.id, "gunfire", (bn.lat, bn.lon, float(attacks.ATTACKS["escort"]["gun_flash_error_nm"])))
            lo, hi = (float(x) for x in spec["damage"])
            if shipdamage.hit(sea, v, rng.uniform(lo, hi), "gunfire", now, heading=struck_on) == "sinking":
                weapons.cease(gun, GOING_DOWN)  # the gun layer sees her settle: the order's other rounds are kept
                return
    else:
        plane = sea.aircraft.get(firing["target"])
        if plane is None:
            weapons.cease(gun, Msg("the aircraft is gone"))
            return
        if plane.ai.get("mode") == "leave":  # its attack made, or driven off: out of the fight
            weapons.cease(gun, Msg("the aircraft is flying off"))
            return
        r = _range(sea, plane.id, now)
        reach = float(spec["range_nm"])
        if r > 3 * reach and not air_ai.attacking(plane):
            weapons.cease(gun, Msg("the aircraft is out of range"))
            return
        if r > reach and air_ai.attacking(plane):  # the gunners wait for it to come within reach: no burst is let pass
            firing["next"] = now + float(spec["seconds_per_burst"])
            return
        if r <= reach and r <= _aircraft_sight(sea):  # a burst at what the gunners see
            burst = int(spec["burst"])
            rounds = min(burst, weapons.ammo[gun])  # the last burst: what is left
            weapons.ammo[gun] -= rounds
            firing["shots"] += 1
            hit = rng.random() < burst_p(hit_p(spec, r, sea_state, day), rounds, burst)
            sea.emit("gun_round", gun=gun, target=firing["contact"], hit=hit, range_m=round(r * 1852), rounds=rounds)
            if hit:
                firing["hits"] += 1
                if _flak_hit(weapons, plane, now):
                    weapons.cease(gun, None)
                    return
    firing["left"] -= 1
    if firing["left"] <= 0 or weapons.ammo[gun] <= 0:
        weapons.cease(gun, None if weapons.ammo[gun] > 0 else Msg("no ammunition left"))
        return
    every = 60.0 / float(spec["rate_per_min"]) if gun == "gun_88" else float(spec["seconds_per_burst"])
    firing["next"] = now + every


def _flak_hit(weapons: Any, plane: Any, now: float) -> bool:
    """A burst hit an aircraft: down, driven off, or pressing on. True when it is out of the fight."""
    sea = weapons.sea
    spec = GUN["gun_20"]
    plane.ai["flak_hits"] = int(plane.ai.get("flak_hits", 0)) + 1
    contact = sea.picture.of(plane.id)
    name = Msg.term(plane.type.name)
    needed = int(spec["hits_to_down"].get(plane.tid, 3))
    if plane.ai["flak_hits"] >= needed:
        sea.emit("aircraft_shot_down", feed=Msg("The {aircraft} is hit and crashes into the sea!", aircraft=name),
                 aircraft=contact["id"] if contact else None, type=plane.tid)
        sea.remove_aircraft(plane.id, "shot down")
        return True
    if weapons.rng.random() < float(spec["drive_off_p"]):
        air_ai.driven_off(sea, plane, now)
        sea.emit("aircraft_driven_off", feed=Msg("The {aircraft} is hit and turns away, trailing smoke.",
                                                 aircraft=name),
                 aircraft=contact["id"] if contact else None, type=plane.tid)
        return True
    return False
