"""Attacks on the boat and the damage they do (data: `attacks.toml`).

Depth charges are dropped in patterns, sink at a fixed rate and burst at their depth setting;
what a burst does depends on its distance from the boat at that moment (so a boat that turned
away or went deeper after the escort lost contact may be spared). Guns and strafing hit a
surfaced boat. Every item of damage is one `damage` event in the form the crew engine reads:
technical (component, severity), environmental (condition, section), hull breach (section),
crew (sections 7 and 8, the sailors outside).
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

from kaleun.core.messages import N_, Msg
from kaleun.uboot import data
from kaleun.uboot.sea import geo
from kaleun.uboot.sea.geo import M_PER_NM

ATTACKS = data.load("attacks")
DC = ATTACKS["depth_charge"]
COMPONENTS: Mapping[str, int] = ATTACKS["components"]
ENVIRONMENTAL: Mapping[str, float] = ATTACKS["environmental"]
#: a charge bursting within this distance (m, 3-D) is "close aboard": it can still do damage (the last damage
#: band); the feed's depth-charge alarm says near or farther off, and each explosion says `near` for the sound cues
NEAR_M = max(float(band["within_m"]) for band in ATTACKS["damage"])
BOAT_LENGTH_M = 67.1  # Type VIIC, en.wikipedia "German Type VII submarine"
CONDITION_NAMES = {"fire": "fire", "electrical_fault": "electrical fault", "toxic_gas": "toxic gas",
                   "light_failure": "light failure", "leak": "leak"}
SEVERITY_NAMES = {"maintenance": N_("maintenance needed"), "failure": N_("failure"),
                  "major_failure": N_("major failure")}


# -- damage events --------------------------------------------------------------------------------
def damage(sea: Any, kind: str, cause: Msg | str, **fields: Any) -> None:
    if kind == "technical":
        what = ATTACKS["component_names"].get(fields["component"], fields["component"].replace("_", " "))
        feed = Msg("Damage to the {component}: {severity} ({cause}).", component=Msg.term(what),
                   severity=Msg.term(SEVERITY_NAMES[fields["severity"]]), cause=cause)
    elif kind == "environmental":
        feed = Msg("Damage: {condition} in section {section} ({cause}).",
                   condition=Msg.term(CONDITION_NAMES[fields["condition"]]), section=fields["section"], cause=cause)
    elif kind == "hull_breach":
        feed = Msg("Hull breach in section {section} ({cause})!", section=fields["section"], cause=cause)
    else:
        feed = Msg("The men on deck and bridge are under fire ({cause})!", cause=cause)
    sea.emit("damage", feed=feed, kind=kind, cause=cause, **fields)


def _near_sections(rng: Any, section: int) -> int:
    """A section at or next to the one nearest the burst."""
    return max(1, min(6, section + rng.choice((-1, 0, 0, 1))))


def _component_near(rng: Any, section: int, outside: bool) -> str:
    comps = sorted(c for c, s in COMPONENTS.items() if outside or int(s) <= 6)
    weights = [3.0 if int(COMPONENTS[c]) == section else 2.0 if abs(int(COMPONENTS[c]) - section) == 1 else 1.0
               for c in comps]
    return rng.choices(comps, weights=weights)[0]


def _condition(rng: Any, allowed: list[str] | None = None) -> str:
    names = sorted(allowed or ENVIRONMENTAL)
    return rng.choices(names, weights=[float(ENVIRONMENTAL[n]) for n in names])[0]


def shock(sea: Any, distance_m: float, section: int, cause: Msg | str, surfaced: bool) -> int:
    """Apply the damage band for a burst at `distance_m` near `section`. Returns items emitted."""
    rng = sea.rng
    for band in ATTACKS["damage"]:
        if distance_m > float(band["within_m"]):
            continue
        count = 0
        spec = band.get("hull_breach")
        if spec:
            for _ in range(int(spec["count"])):
                if rng.random() < float(spec["p"]):
                    damage(sea, "hull_breach", cause, section=_near_sections(rng, section))
                    count += 1
        spec = band.get("technical")
        if spec:
            for _ in range(int(spec["count"])):
                if rng.random() < float(spec["p"]):
                    damage(sea, "technical", cause, component=_component_near(rng, section, surfaced),
                           severity=str(spec["severity"]))
                    count += 1
        spec = band.get("environmental")
        if spec:
            for _ in range(int(spec["count"])):
                if rng.random() < float(spec["p"]):
                    damage(sea, "environmental", cause, condition=_condition(rng, spec.get("conditions")),
                           section=_near_sections(rng, section))
                    count += 1
        return count
    return 0


def nearest_section(bn: Any, lat: float, lon: float) -> int:
    """Section 1 (bow) to 6 (stern) nearest a point, from its position along the hull."""
    dx, dy, _r = bn.rel(lat, lon)
    s, c = geo.unit(bn.heading)
    along_m = (dx * s + dy * c) * M_PER_NM  # ahead of the boat's centre
    share = (BOAT_LENGTH_M / 2 - along_m) / BOAT_LENGTH_M
    return max(1, min(6, 1 + int(share * 6)))


# -- depth charges --------------------------------------------------------------------------------
def drop_pattern(sea: Any, v: Any, now: float, lat: float, lon: float, heading: float, guess: float) -> int:
    """An escort drops its pattern around (lat, lon) set to `guess` metres. Returns charges dropped."""
    pattern = ATTACKS["patterns"][str(ATTACKS["escort"]["pattern"])]["charges"]
    if v.ai.get("dc", 0) < len(pattern):
        return 0
    v.ai["dc"] -= len(pattern)
    pid = sea.new_id("p")
    s, c = geo.unit(heading)
    lo, hi = float(DC["min_setting_m"]), float(DC["max_setting_m"])
    sink = float(DC["sink_m_per_s"])
    first = math.inf
    keys = []
    for along, starboard, deeper in pattern:
        east = (along * s + starboard * c) / M_PER_NM
        north = (along * c - starboard * s) / M_PER_NM
        clat, clon = geo.shift(lat, lon, east, north)
        depth = max(lo, min(hi, guess + float(deeper)))
        when = now + depth / sink
        kid = sea.new_id("k")
        sea.charges[kid] = {"lat": clat, "lon": clon, "depth": depth, "t": when, "pattern": pid,
                            "source": v.cls.name, "escort": v.id, "first": False}
        keys.append((when, kid))
        first = min(first, when)
        sea.schedule(f"charge:{kid}", when)
    for when, kid in keys:
        if when == first:
            sea.charges[kid]["first"] = True
            break
    sea.emit("depth_charges_dropped", escort=v.id, pattern=pid, count=len(pattern), setting_m=round(guess))
    return len(pattern)


def air_stick(sea: Any, plane: Any, now: float, lat: float, lon: float, heading: float) -> int:
    n = min(int(plane.ai.get("dc", 0)), int(DC["air_stick_max"]))
    if n <= 0:
        return 0
    plane.ai["dc"] -= n
    pid = sea.new_id("p")
    spacing = float(DC["air_spacing_m"])
    depth = float(DC["air_setting_m"])
    s, c = geo.unit(heading)
    for i in range(n):
        along = (i - (n - 1) / 2) * spacing + sea.rng.gauss(0.0, float(DC["air_scatter_along_m"]))
        across = sea.rng.gauss(0.0, float(DC["air_scatter_across_m"]))
        clat, clon = geo.shift(lat, lon, (along * s + across * c) / M_PER_NM, (along * c - across * s) / M_PER_NM)
        kid = sea.new_id("k")
        when = now + 2.0 + depth / float(DC["sink_m_per_s"])
        sea.charges[kid] = {"lat": clat, "lon": clon, "depth": depth, "t": when, "pattern": pid,
                            "source": plane.type.name, "escort": plane.id, "first": i == 0}
        sea.schedule(f"charge:{kid}", when)
    return n


def attacker(charge: Mapping[str, Any], contact: Mapping[str, Any] | None) -> Msg:
    """Who dropped the charges, as the crew knows it: the class of an identified escort (an aircraft's type, seen
    from the bridge) and its contact, a contact not identified, or, with no contact of it aboard, an attacker the
    crew has not seen (words a First Officer reads aloud, not "no contact")."""
    if contact is None:
        return Msg("not yet seen by the crew")
    if contact.get("kind") == "aircraft" or contact.get("identified"):
        return Msg("{ship} ({contact})", ship=Msg.term(str(charge["source"])), contact=contact["id"])
    return Msg("unidentified contact {contact}", contact=contact["id"])


def explode(sea: Any, charge: Mapping[str, Any], now: float) -> None:
    boat = sea.engine.module("boat")
    if boat.lost:
        return
    bn = sea.boat_now(now)
    _dx, _dy, r = bn.rel(charge["lat"], charge["lon"])
    horizontal = r * M_PER_NM
    vertical = abs(float(charge["depth"]) - bn.depth)
    distance = math.hypot(horizontal, vertical)
    near = distance <= NEAR_M
    if charge.get("first"):
        contact = sea.picture.of(charge["escort"]) if "escort" in charge else None
        feed = (Msg("Depth charges close aboard! Attacker: {attacker}.", attacker=attacker(charge, contact)) if near
                else Msg("Depth charges, farther off. Attacker: {attacker}.", attacker=attacker(charge, contact)))
        sea.emit("depth_charges", feed=feed, source=charge["source"], pattern=charge["pattern"],
                 contact=None if contact is None else contact["id"], near=near)
    sea.emit("explosion", distance_m=round(distance), depth_m=round(float(charge["depth"])),
             pattern=charge["pattern"], near=near)
    section = nearest_section(bn, charge["lat"], charge["lon"])
    shock(sea, distance, section, Msg("depth charge at {distance:.0f} m", distance=distance), bn.surfaced)


# -- guns -----------------------------------------------------------------------------------------
def gunfire(sea: Any, v: Any, now: float, r: float) -> None:
    """An escort's main gun on a surfaced boat within range: a salvo every 60 / rate seconds."""
    cls = v.cls
    ai = v.ai
    if cls.gun_range_nm <= 0 or r > cls.gun_range_nm or now < ai.get("next_gun", 0.0):
        return
    gun = ATTACKS["gunfire"]
    first = ai.get("next_gun", 0.0) == 0.0
    ai["next_gun"] = now + 60.0 / max(1.0, cls.gun_rate_per_min)
    # who fires, as the crew knows it: an identified escort by its class and contact, another by its contact
    contact = sea.picture.of(v.id)
    if first:
        if contact is None:
            feed = Msg("Gunfire! The enemy opens fire.")
        elif contact.get("identified"):
            feed = Msg("Gunfire! The {ship} ({contact}) opens fire.", ship=Msg.term(cls.name), contact=contact["id"])
        else:
            feed = Msg("Gunfire! Contact {contact} opens fire.", contact=contact["id"])
        sea.emit("gunfire", feed=feed, escort=v.id, contact=None if contact is None else contact["id"])
    span = max(0.5, cls.gun_range_nm - 1.0)
    p = float(gun["hit_p_at_1nm"]) * max(0.0, min(1.5, (cls.gun_range_nm - r) / span))
    if sea.weather is not None and not sea.weather.is_day:
        p *= float(gun["night_factor"])
    rng = sea.rng
    if rng.random() >= p:
        return
    outcomes = ["hull_breach", "technical", "fire", "crew"]
    what = rng.choices(outcomes, weights=[float(gun[o]) for o in outcomes])[0]
    if contact is None:
        cause = Msg("shell hit from an enemy gun not in sight")
    elif contact.get("identified"):
        cause = Msg("shell hit from the {ship} ({contact})", ship=Msg.term(cls.name), contact=contact["id"])
    else:
        cause = Msg("shell hit from contact {contact}", contact=contact["id"])
    if what == "hull_breach":
        damage(sea, "hull_breach", cause, section=rng.randint(1, 6))
    elif what == "technical":
        damage(sea, "technical", cause, component=rng.choice(list(gun["technical_components"])),
               severity=rng.choice(("failure", "major_failure")))
    elif what == "fire":
        damage(sea, "environmental", cause, condition="fire", section=rng.randint(1, 6))
    else:
        damage(sea, "crew", cause, sections=[7, 8])


def strafe(sea: Any, plane: Any, now: float) -> None:
    spec = ATTACKS["strafing"]
    cause = Msg("strafed by a {aircraft}", aircraft=Msg.term(plane.type.name))
    damage(sea, "crew", cause, sections=[7, 8])
    if sea.rng.random() < float(spec["technical_p"]):
        damage(sea, "technical", cause, component=sea.rng.choice(list(spec["technical_components"])),
               severity="failure")
