"""Benchmarks of the attack: prints figures, asserts nothing.

1. A convoy attack (the convoy battle exercise: 40 merchants, 8 escorts, 2 aircraft): over six game
   hours the boat fires 12 torpedoes in three attacks (four bow tubes, reloads, the stern tube, the
   racks emptied) and 40 shells from the 88 mm gun at a straggler, and ships really sink; between the
   attacks it goes deep and the escorts hunt it with ASDIC and depth charges. Advanced headless in
   one-minute slices; the figure that counts is the busiest game hour. Target: at least 50,000 x real
   time in the busiest hour on one core.
2. A TDC solution update (the solution recomputed for the moment now). Target: at most 20 us.

Run: `python tests/bench/bench_attack.py` (or `make bench`).
"""

from __future__ import annotations

import math
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "host"))

from kaleun.uboot.game import new_game
from kaleun.uboot.sea import geo
from kaleun.uboot.weapons.tdc import Target, solve


def order(game, name, **params):
    return game.apply({"do": "order", "order": name, **params})


def merchants(game, max_nm: float, stopped: bool | None = None):
    """(range, vessel) of the merchants afloat within `max_nm`, nearest first (`stopped`: only those
    lying stopped, or only those under way)."""
    sea = game.module("sea")
    bn = sea.boat_now()
    out = []
    for v in sea.vessels.values():
        if v.is_escort or v.ai.get("sinking_at") is not None:
            continue
        if stopped is not None and (v.ai.get("mode") == "stopped") != stopped:
            continue
        r = bn.rel(*sea.vpos(v, game.t))[2]
        if r <= max_nm:
            out.append((r, v))
    return sorted(out, key=lambda x: (x[0], x[1].id))


def nearest_escort_nm(game) -> float:
    sea = game.module("sea")
    bn = sea.boat_now()
    return min((bn.rel(*sea.vpos(v, game.t))[2] for v in sea.vessels.values() if v.is_escort), default=math.inf)


def aim(game, v) -> None:
    """Program the TDC on a ship (the crew's best picture: here the truth, so the shots tell)."""
    truth = game.module("sea").truth(v.id, game.t)
    heading = game.module("boat").heading
    order(game, "tdc", bearing=geo.norm360(truth.bearing - heading), range_m=max(60.0, truth.range_nm * 1852),
          course=truth.course, speed_kn=truth.speed_kn, spread_deg=2)


def fire_ready(game, v) -> int:
    """Fire every flooded tube that bears on the ship; returns torpedoes fired."""
    aim(game, v)
    weapons = game.module("weapons")
    tdc = weapons.tdc_status()
    fired = 0
    for tube, state in sorted(weapons.tubes.items()):
        facing = "stern" if tube == 5 else "bow"
        if state["state"] == "flooded" and tdc[facing]["within_limit"]:
            fired += sum(1 for e in order(game, "fire_torpedoes", tubes=[tube]) if e.name == "torpedo_fired")
    return fired


LOOKOUTS = ("navigator-square", "navigator-triangle")


def lookouts_up(game) -> list:
    """Two lookouts to the bridge and observation sectors assigned (surfaced)."""
    events = order(game, "mobilize")
    for figure in LOOKOUTS:
        events += game.apply({"do": "place", "figure": figure, "section": 8})
    return events + order(game, "observe")


def below(game) -> list:
    """Everybody off the bridge before a dive (the dive would kill them, §6.10)."""
    events = order(game, "mobilize")
    for figure in LOOKOUTS:
        events += game.apply({"do": "place", "figure": figure, "section": 3})
    return events + order(game, "dive")


def convoy_attack(seed: int = 7, hours: int = 6) -> None:
    """The boat's tactics, minute by minute, against a convoy passing over it: at periscope depth fire
    every flooded tube that bears on a merchant within 2.5 nm, then go deep; when the escorts have been
    quiet for ten minutes and are 5 nm off, surface, post lookouts and run after the nearest merchant at
    full ahead (an end-around), shelling a ship lying stopped on the way; within 4 nm of a merchant
    under way dive to periscope depth and wait for it; reload every empty tube, flood what is loaded."""
    game = new_game(seed, "exercise_convoy_battle", {"tubes_flooded": [1, 2, 3, 4, 5], "surfaced": False})
    sea = game.module("sea")
    weapons = game.module("weapons")
    ships = len(sea.vessels)
    counts: Counter[str] = Counter()
    shells = 0
    per_hour = [0.0] * hours
    total = hours * 3600
    t = 0.0
    last_ping = 0.0
    start = time.perf_counter()
    while t < total:
        slice_start = time.perf_counter()
        t = min(total, t + 60.0)
        for e in game.advance_to(t):
            counts[e.name] += 1
            if e.name == "ping":
                last_ping = e.t
        boat = game.module("boat")
        if boat.lost:
            break
        step = []
        for tube, state in sorted(weapons.tubes.items()):
            if state["state"] in ("empty", "fired") and weapons.racks.get(1 if tube < 5 else 6):
                step += order(game, "reload_torpedo", tube=tube)
        quiet = t - last_ping > 600
        escort_nm = nearest_escort_nm(game)
        if boat.surfaced:
            if not sea.observing:
                step += lookouts_up(game)
            loaded = [n for n, s in weapons.tubes.items() if s["state"] == "loaded"]
            if loaded:
                step += order(game, "flood_tubes", tubes=loaded)
            wreck = merchants(game, 3.5, stopped=True)
            under_way = merchants(game, 40.0, stopped=False)
            if shells < 40 and wreck and weapons.firing["gun_88"] is None:
                contact = sea.picture.of(wreck[0][1].id)
                if contact is not None:
                    step += order(game, "gun_88", target=contact["id"], rounds=20)
                    shells += 20
            elif weapons.firing["gun_88"] is not None:
                pass
            elif escort_nm < 3.0 or (under_way and under_way[0][0] < 4.0 and weapons.torpedoes_left()):
                step += below(game)
            elif under_way:
                bn = sea.boat_now()
                lat, lon = sea.vpos(under_way[0][1], game.t)
                course = round(geo.bearing_to(*bn.rel(lat, lon)[:2])) % 360
                if abs(geo.norm180(course - boat.course)) > 5:
                    step += order(game, "new_course", course=course)
                if boat.telegraph != "full_ahead":
                    step += order(game, "new_speed", speed="full_ahead")
        elif boat.at_periscope_depth and boat.depth_m <= 10.5 and escort_nm < 1.0:
            step += order(game, "new_depth", depth_m=120)  # an escort close aboard: under its keel, quickly
        elif boat.at_periscope_depth and boat.depth_m <= 10.5:
            loaded = [n for n, s in weapons.tubes.items() if s["state"] == "loaded"]
            if loaded:
                step += order(game, "flood_tubes", tubes=loaded)
            close = merchants(game, 2.5)
            if close and any(s["state"] == "flooded" for s in weapons.tubes.values()) and fire_ready(game, close[0][1]):
                step += order(game, "new_depth", depth_m=120)
                last_ping = t  # go deep and wait a while in any case
            elif quiet and escort_nm > 5.0 and not merchants(game, 4.0, stopped=False):
                step += order(game, "surface")
        elif quiet and boat.depth_m > 50 and escort_nm > 2.0:
            step += order(game, "new_depth", depth_m=10)
        for e in step:
            counts[e.name] += 1
        per_hour[min(hours - 1, int((t - 1) // 3600))] += time.perf_counter() - slice_start
    wall = time.perf_counter() - start
    busiest = max(per_hour)
    sunk = weapons.status()["sunk"]
    print(f"convoy attack: {ships} ships + {len(sea.aircraft)} aircraft, {hours} game hours in {wall:.3f} s wall "
          f"= {total / wall:,.0f} x real time on average; busiest hour {3600 / busiest:,.0f} x real time")
    print(f"  torpedoes fired {weapons.fired}, hits {weapons.hits}, shells {counts['gun_round']}; ships sunk "
          f"{len(sunk)} ({sum(s['grt'] for s in sunk):,} GRT); pings {counts['ping']}, depth charges "
          f"{counts['explosion']}, damage {counts['damage']}; mission: {game.module('mission').result or 'going on'}"
          f" at {game.t / 3600:.1f} h")


def tdc_update(n: int = 200_000) -> None:
    target = Target(0.0, 62.3, 1.6, 90.0, 7.5)
    t0 = time.perf_counter()
    gyro = 0.0
    for i in range(n):
        gyro += solve(target, float(i % 600), 62.25, 1.63, 10.0, 30.0, "bow").gyro
    per = (time.perf_counter() - t0) / n * 1e6
    print(f"TDC solution update: {per:.2f} us per solution ({n:,} solutions; checksum {math.fsum([gyro]):.1f})")


if __name__ == "__main__":
    convoy_attack()
    tdc_update()
