"""Damage to ships: torpedo hits and shells slow, stop, set on fire and sink them.

A ship's `structure` (ships.toml) is how many standard torpedo hits (one 280 kg warhead) sink it.
Damage adds up in `v.ai["damage"]`, in those units. At the class's structure the ship is doomed:
it stops and goes under after `sink_min` minutes (sooner the harder it was hit); a coup de grâce
on a sinking ship hastens it (it halves the time left) and says so (`settling_faster`, with the minutes left).
Below that it is hurt: from a quarter of its structure it falls out of its convoy and limps on at
reduced speed (a lone ship slows down; a warship fights on), from half it lies stopped and listing
(a target for a coup de grâce). A ship whose cargo `burns` (tankers) catches fire from the blow that
hurts her that much, the blow that dooms her included.

The sea's agenda holds `sink:<vessel>` for a doomed ship; `Sea.sink` then emits `ship_sunk`.
"""

from __future__ import annotations

from typing import Any

from kaleun.core.messages import Msg
from kaleun.uboot import data
from kaleun.uboot.sea import landfall
from kaleun.uboot.sea.vessels import Track, Vessel

#: shares of the structure at which a ship falls out of its convoy, and lies stopped (ships.toml [damage])
_DAMAGE = data.load("ships")["damage"]
STRAGGLE_SHARE = float(_DAMAGE["straggle_share"])
STOP_SHARE = float(_DAMAGE["stop_share"])
#: a ship going down under way keeps this share of its speed until it stops (it is dying)
DOOMED_SPEED_SHARE = 0.0
#: a coup de grâce leaves a ship going down at least this long (s), unless she had less left
COUP_LEAST_S = 30.0


def state_of(v: Vessel) -> str:
    """intact | damaged | crippled | sinking"""
    ai = v.ai
    if ai.get("sinking_at") is not None:
        return "sinking"
    share = float(ai.get("damage", 0.0)) / v.cls.structure
    if share >= STOP_SHARE:
        return "crippled"
    if share > 0:
        return "damaged"
    return "intact"


def speed_factor(v: Vessel) -> float:
    """What is left of the ship's speed after its damage (0 = stopped)."""
    share = float(v.ai.get("damage", 0.0)) / v.cls.structure
    if v.ai.get("sinking_at") is not None or share >= STOP_SHARE:
        return DOOMED_SPEED_SHARE
    return max(0.0, 1.0 - share)


def who(sea: Any, v: Vessel) -> Msg:
    """How the crew names a ship: its contact and, once identified, its class."""
    contact = sea.picture.of(v.id)
    if contact is None:
        return Msg("the ship")
    if contact.get("identified"):
        return Msg("{contact} ({ship})", contact=contact["id"], ship=Msg.term(v.cls.name))
    return Msg("{contact}", contact=contact["id"])


def hit(sea: Any, v: Vessel, damage: float, cause: str, now: float, heading: float | None = None) -> str:
    """Damage a ship. Returns its state afterwards (see `state_of`); emits `ship_damaged`.

    `heading` is the ship's heading when the blow struck: a ship that leaves its convoy (stopped,
    falling back) keeps it, even when the blow has just turned the convoy away (`Sea.attacked` runs
    first, while the ship still sails with its convoy). None: the heading it has now."""
    ai = v.ai
    before = state_of(v)
    ai["damage"] = round(float(ai.get("damage", 0.0)) + damage, 6)
    cls = v.cls
    rng = sea.rng
    if before == "sinking":
        # a coup de grâce: what was left of the time halves, yet never to less than half a minute; no blow puts off
        # her going down
        left = float(ai["sinking_at"]) - now
        ai["sinking_at"] = now + min(left, max(COUP_LEAST_S, left / 2))
        sea.schedule(f"sink:{v.id}", float(ai["sinking_at"]))
        _tell(sea, v, "sinking", "settling_faster", Msg("Hit again: {ship} is settling faster.", ship=who(sea, v)),
              minutes=round((float(ai["sinking_at"]) - now) / 60.0, 1))
        return "sinking"
    share = float(ai["damage"]) / cls.structure
    if share >= 1.0:
        lo, hi = cls.sink_min
        minutes = rng.uniform(lo, hi) / max(1.0, share)
        ai["sinking_at"] = now + minutes * 60.0
        ai["sink_cause"] = cause
        _change_speed(sea, v, now, heading)
        sea.schedule(f"sink:{v.id}", float(ai["sinking_at"]))
        if cls.type == "escort" and minutes < 3:
            feed, effect = Msg("Hit: {ship} breaks in two and goes down fast!", ship=who(sea, v)), "broken"
        else:
            feed, effect = Msg("Hit hard: {ship} is settling and will go down.", ship=who(sea, v)), "settling"
        fire = cls.burns and not ai.get("burning")
        if fire:  # a blow that dooms a tanker sets her cargo burning as surely as one that only stops her
            ai["burning"] = True
        _tell(sea, v, "sinking", effect, feed, minutes=round(minutes, 1))
        if fire:
            _tell(sea, v, "sinking", "on_fire", Msg("Hit: {ship} is on fire!", ship=who(sea, v)),
                  minutes=round(minutes, 1))
        return "sinking"
    now_state = state_of(v)
    in_convoy = v.track is None  # keeping station in its convoy's formation until this blow
    straggling = bool(ai.get("straggling"))
    _change_speed(sea, v, now, heading)
    fire = cls.burns and not ai.get("burning") and share >= STRAGGLE_SHARE
    if fire:
        ai["burning"] = True
    if now_state == before and (now_state == "crippled" or straggling) and cause != "gunfire" and not fire:
        # a torpedo or a mine that strikes a ship already stopped, or already out of her convoy, without dooming her:
        # nothing new to say of her state, yet the blow is said (a shell's hit is said by its `gun_round`)
        _tell(sea, v, now_state, "hit_again", Msg("Hit again: {ship} is still afloat.", ship=who(sea, v)))
    elif now_state == "crippled" and before != "crippled":
        _tell(sea, v, now_state, "stopped", Msg("Hit: {ship} is stopped and listing.", ship=who(sea, v)))
    elif share >= STRAGGLE_SHARE and not ai.get("straggling") and now_state != "crippled":
        # (a ship the first blow stopped lies listing: a later one never says she falls back or slows down)
        ai["straggling"] = True
        if v.is_escort:  # a warship fights on at its own speeds
            said, effect = Msg("Hit: {ship} is damaged.", ship=who(sea, v)), "damaged"
        elif in_convoy:
            said, effect = Msg("Hit: {ship} is damaged and falls back.", ship=who(sea, v)), "falls_back"
        else:  # a lone ship has no convoy to fall back from: she limps on, slower
            said, effect = Msg("Hit: {ship} is damaged and slows down.", ship=who(sea, v)), "slows"
        _tell(sea, v, now_state, effect, said)
    if fire:
        _tell(sea, v, now_state, "on_fire", Msg("Hit: {ship} is on fire!", ship=who(sea, v)))
    return now_state


def _tell(sea: Any, v: Vessel, state: str, effect: str, feed: Msg, **extra: Any) -> None:
    """Emit `ship_damaged`; `effect` names what this blow did to her (one event per effect)."""
    contact = sea.picture.of(v.id)
    if contact is not None and state == "sinking":
        contact["going_down"] = True  # the crew is told she settles (the feed): her contact says so from now on
    sea.emit("ship_damaged", feed=feed, ship=contact["id"] if contact else None, vessel=v.id, state=state,
             effect=effect,
             damage=round(float(v.ai.get("damage", 0.0)) / v.cls.structure, 2), burning=bool(v.ai.get("burning")),
             **extra)


def _change_speed(sea: Any, v: Vessel, now: float, heading: float | None = None) -> None:
    """A hurt ship leaves its convoy's formation (when hurt enough) and slows down, on `heading` when
    given (the heading it had when struck) if it leaves the formation now."""
    factor = speed_factor(v)
    share = float(v.ai.get("damage", 0.0)) / v.cls.structure
    if v.is_escort and factor > 0:
        return  # a warship fights on until it is stopped (its AI runs at its own speeds)
    lat, lon = sea.vpos(v, now)
    course, speed = sea.vmotion(v)
    if v.track is None:
        if share < STRAGGLE_SHARE and factor > 0:
            return  # a scratch: it keeps station
        if v.group in sea.groups:
            sea.groups[v.group].offsets.pop(v.id, None)
        base = v.cls.speed_kn if v.is_escort else sea.groups[v.group].speed if v.group in sea.groups else speed
        v.track = Track(now, lat, lon, course if heading is None else heading, base * factor)
    else:
        # a ship on its own track (a lone ship, a straggler) that this blow stops lies on the heading it was
        # struck on: the flight the blow set off (`Sea.attacked`, which runs first) must not swing a hull that
        # makes no way round on the spot, under the next torpedo of the same salvo; still under way, it flees
        keep = heading if heading is not None and factor <= 0 else course
        v.track = Track(now, lat, lon, keep, min(speed, v.cls.speed_kn * factor))
    if factor <= 0:
        v.ai["mode"] = "stopped"
        sea.cancel(f"ai:{v.id}")
    elif not v.is_escort:
        v.ai["mode"] = "straggler"
    if not v.is_escort:
        landfall.ship_look(sea, v, now)  # on its own way now (or stopped: it goes nowhere)


def disabled(v: Vessel) -> bool:
    """Stopped or going down: it no longer steers, flees or hunts."""
    return v.ai.get("mode") == "stopped" or v.ai.get("sinking_at") is not None
