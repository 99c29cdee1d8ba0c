"""Benchmarks of the attack: prints figures, asserts nothing.

1. A convoy attack (the convoy battle exercise's SC convoy of 40 merchants, 8 escorts and 2 aircraft,
   with an HX convoy of 24 merchants and 4 escorts three hours behind it and a straggler): over six
   game hours the boat fires its 12 torpedoes (the tubes, the reloads of both rooms) into the convoys
   and 40 shells from the 88 mm gun at the straggler, and ships really sink, while the escorts hunt it
   with ASDIC and depth charges. The boat attacks by the book: up periscope before the TDC at periscope
   depth, and again before the salvo if it went down (§8.4); lookouts on observation on the bridge before the
   gun (§8.3); the last line counts the orders given without their view and the orders refused (none: the
   tactics give no order the boat cannot carry out, such as a surface while it is on its way up). Advanced headless in
   one-minute slices; the figure that counts is the busiest game hour, each hour's median over three runs of the
   same battle (`convoy_attacks`: one run on a shared machine is off by a fifth either way). Target: at least
   50,000 x real time in the busiest hour on one core. Measured on a two-core virtual machine whose host's speed
   varies by a third within minutes: 63,500-65,600 x in the busiest hour (the first or the fourth), about
   111,000-120,000 x on average, with escorts that keep off the land (one run 45,500 x while the host ran a
   third slower throughout); the code before them, alternating on the same benchmark, 63,400-64,400 x.
   Counted by valgrind's callgrind on a replay of the benchmark's commands
   (the machine's speed left out), the game's work in the first hour fell from 416 to 365 million instructions
   and in the fourth from 418 to 376 million: the feed record copies an event's data and leaves writing it to
   the save that holds it, and an order's crew check and undo snapshot copy less.
   Where the time goes: the escorts' steps (look, listen, ping, plot; about 40 %), the orders (a fifth: the
   crew's check, the undo snapshot, the events), the collision watch and the torpedo runs (under a tenth each),
   the engine's events and wakes. The benchmark's tactics look at the merchants once per moment, so its own work
   disturbs the machine's caches as little as it can between the game calls it times.
2. A TDC solution update (the solution recomputed for the moment now). Target: at most 20 us.

Run: `python tests/bench/bench_attack.py` (or `make bench`).
"""

from __future__ import annotations

import math
import statistics
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "host"))

from kaleun.uboot.game import MISSIONS, new_game
from kaleun.uboot.sea import geo
from kaleun.uboot.weapons.tdc import Target, solve, target_from


class Timed:
    """CPU time spent in the game (engine calls) only, not in the benchmark's own tactics: process
    time, so other work on the machine does not count."""

    spent = 0.0

    def __init__(self, game) -> None:
        self.game = game

    def apply(self, command):
        start = time.process_time()
        try:
            return self.game.apply(command)
        finally:
            Timed.spent += time.process_time() - start

    def advance_to(self, t):
        start = time.process_time()
        try:
            return self.game.advance_to(t)
        finally:
            Timed.spent += time.process_time() - start

    def __getattr__(self, name):
        return getattr(self.game, name)


def order(game, name, **params):
    crew = game.module("crew")
    if crew.bars.command > 5:  # the Captain plays his cards: this measures the sea, not the bars
        game.apply({"do": "adjust_command", "by": 8, "why": "Captain's cards (benchmark)"})
    if crew.bars.morale > 6:
        game.apply({"do": "adjust_morale", "by": 6, "why": "Captain's cards (benchmark)"})
    return game.apply({"do": "order", "order": name, **params})


#: the benchmark's own picture of the merchants at one moment (game time, the sea's vessel count, the ships afloat
#: as (range, vessel, lying stopped) nearest first): its tactics look many times a minute, the ships move only when
#: the game runs, and the benchmark's own work should stir the machine's caches as little as it can between the
#: game's calls it times
_PICTURE: list = [None, []]


def merchants(game, max_nm: float, stopped: bool | None = None):
    """(range, vessel) of the merchants afloat within `max_nm`, nearest first (`stopped`: only those
    lying stopped, or only those under way)."""
    sea = game.module("sea")
    key = (game.t, len(sea.vessels), sum(1 for v in sea.vessels.values() if v.ai.get("sinking_at") is not None))
    if _PICTURE[0] != key:
        bn = sea.boat_now()
        afloat = []
        for v in sea.vessels.values():
            if v.is_escort or v.ai.get("sinking_at") is not None:
                continue
            afloat.append((bn.rel(*sea.vpos(v, game.t))[2], v, sea.vmotion(v)[1] < 1.0))
        _PICTURE[0], _PICTURE[1] = key, sorted(afloat, key=lambda x: (x[0], x[1].id))
    return [(r, v) for r, v, lying in _PICTURE[1] if r <= max_nm and (stopped is None or lying == stopped)]


def nearest_escort_nm(game) -> float:
    sea = game.module("sea")
    bn = sea.boat_now()
    return min((bn.rel(*sea.vpos(v, game.t))[2] for v in sea.vessels.values() if v.is_escort), default=math.inf)


def nearest_ship_nm(game) -> float:
    """How far the nearest ship is (a keel that could strike the boat at periscope depth)."""
    sea = game.module("sea")
    bn = sea.boat_now()
    return min((bn.rel(*sea.vpos(v, game.t))[2] for v in sea.vessels.values()), default=math.inf)


#: the boat waits below the keels and comes up to periscope depth (the rulebook's firing depth, §8.4) only
#: with no ship this near
WAIT_M, FIRE_M, CLEAR_NM = 15, 10, 0.3


def aim(game, v) -> list:
    """Program the TDC on a ship (the crew's best picture: here the truth, so the shots tell)."""
    truth = game.module("sea").truth(v.id, game.t)
    heading = game.module("boat").heading
    return order(game, "tdc", bearing=geo.norm360(truth.bearing - heading), range_m=max(60.0, truth.range_nm * 1852),
          course=truth.course, speed_kn=truth.speed_kn, spread_deg=2, torpedo_kn=30)


def _reach_nm(kind: str) -> float:
    return 6.0 if kind in ("G7a", "FAT") else 2.6


def _bearing_ok(game, v, facing: str) -> bool:
    """Would the tube's gyro angle be within its limit for this ship (the TDC's geometry, from the truth)?"""
    sea = game.module("sea")
    boat = game.module("boat")
    truth = sea.truth(v.id, game.t)
    lat, lon = boat.position_at(game.t)
    target = target_from(lat, lon, game.t, truth.bearing, truth.range_nm * 1852, truth.course, truth.speed_kn)
    return solve(target, game.t, lat, lon, boat.heading, 30.0, facing).within(90.0)


def shots(game, wrecks: bool = False) -> list[tuple[int, object]]:
    """(tube, ship) for every flooded tube and the nearest merchant under way (`wrecks`: or lying stopped)
    its torpedo reaches and that bears."""
    out = []
    for tube, state in sorted(game.module("weapons").tubes.items()):
        if state["state"] != "flooded":
            continue
        facing = "stern" if tube == 5 else "bow"
        for _r, v in merchants(game, _reach_nm(state["torpedo"]), stopped=None if wrecks else False):
            if _bearing_ok(game, v, facing):
                out.append((tube, v))
                break
    return out


#: a merchant under way this near that no tube bears on: the boat turns onto it; a ship lying stopped
#: this near: the boat surfaces (the escorts far) and closes it to the gun's 3.5 nm
TURN_NM = 4.0
GUN_RUN_NM = 8.0


def flooded(weapons) -> bool:
    return any(s["state"] == "flooded" for s in weapons.tubes.values())


def steer_to(game, v, speed: str, stern: bool = False) -> list:
    """Turn the bow (`stern`: the stern) onto a ship's bearing (the truth: the benchmark's tactics) at the
    telegraph's `speed`."""
    sea = game.module("sea")
    boat = game.module("boat")
    bearing = round(sea.truth(v.id, game.t).bearing + (180 if stern else 0)) % 360
    events = []
    if abs(geo.norm180(bearing - boat.heading)) > 5:
        events += order(game, "new_course", course=bearing)
    if boat.telegraph != speed:
        events += order(game, "new_speed", speed=speed)
    return events


def targets(game, wrecks: bool = False) -> bool:
    return bool(shots(game, wrecks))


def periscope_view(game, name: str) -> list:
    """Up periscope when the TDC's view is missing for a `tdc` or `fire_torpedoes` order at periscope depth
    (§8.4: the TDC view is entered from the periscope's; a `tdc` order keeps it up a while, the look may
    have ended before the salvo)."""
    if game.module("weapons").view_missing(name) is None:
        return []
    return order(game, "periscope")


def fire_ready(game, wrecks: bool = False) -> list:
    """Fire every flooded tube at the nearest merchant its torpedo can reach that bears (a steam torpedo
    at 30 kn runs 12 km, an electric one 5 km), through the periscope; returns the events."""
    events: list = []
    for tube, v in shots(game, wrecks):
        events += periscope_view(game, "tdc")
        events += aim(game, v)
        events += periscope_view(game, "fire_torpedoes")
        events += order(game, "fire_torpedoes", tubes=[tube])
    return events


LOOKOUTS = ("navigator-square", "navigator-triangle")
#: the orders given from a view (§8.3: the lookouts' view surfaced; §8.4: the periscope's submerged)
VIEW_ORDERS = ("tdc", "fire_torpedoes", "gun_88", "gun_20")


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


def convoy_attack(seed: int = 1, hours: int = 6) -> list[float]:
    """The convoy battle exercise's SC convoy (40 merchants, 8 escorts) passes over the boat, an HX convoy (24
    merchants, 4 escorts) three hours behind it, and a straggler (a tanker: forty shells do not sink her) lies
    stopped 3 nm south. The boat's tactics, minute by minute: wait at 15 m (below a keel) and, with no ship within
    0.3 nm, come up to periscope depth (10 m: the rulebook's firing depth, §8.4) and fire every flooded tube that
    bears on a merchant its torpedo can reach, hunted or not, then go down below the keels again; with tubes ready
    and a merchant within 4 nm that none bears on, turn the bow onto it in place (the stern, when only the stern
    tube is ready); with nothing to fire at, go to 150 m while escorts ping it or are within 1.5 nm; reload every
    empty tube and flood what is loaded; seal hull breaches; once the escorts are 4 nm off and have been quiet for
    five minutes, surface, close a ship lying stopped within 8 nm to the gun's 3.5 nm and give her forty shells,
    then dive again; after the forty shells the ships lying stopped are torpedo targets too, so all twelve torpedoes
    go."""
    battle = MISSIONS["exercise_convoy_battle"]
    second = {"kind": "HX", "bearing": 270, "range_nm": 24.0, "course": 90, "columns": 6, "ships_per_column": 4,
              "escorts": ["flower", "flower", "hunt", "black_swan"], "zigzag": "plan_a"}
    straggler = {"class": "tanker", "bearing": 180, "range_nm": 3.0, "course": 90, "speed_kn": 0}
    game = Timed(new_game(seed, "exercise_convoy_battle", {"tubes_flooded": [1, 2, 3, 4, 5],
                                                           "convoy": [*battle["convoy"], second],
                                                           "vessel": [straggler]}))
    sea = game.module("sea")
    weapons = game.module("weapons")
    ships = len(sea.vessels)
    counts: Counter[str] = Counter()
    per_hour = [0.0] * hours
    total = hours * 3600
    t = 0.0
    last_ping = 0.0
    for e in order(game, "dive") + order(game, "new_depth", depth_m=WAIT_M):
        counts[e.name] += 1
    start = time.perf_counter()
    Timed.spent = 0.0
    while t < total:
        slice_start = Timed.spent
        t = min(total, t + 60.0)
        breaches = []
        for e in game.advance_to(t):
            counts[e.name] += 1
            if e.name == "ping":
                last_ping = e.t
            elif e.name == "hull_breach":
                breaches.append(e.data["section"])
        boat = game.module("boat")
        if boat.lost or game.module("mission").over:
            break
        step = []
        for section in breaches:  # the repair crew seals it and the engineer solves the puzzle
            step += order(game, "repair", breach=section)
            step += game.apply({"do": "puzzle", "section": section, "result": "solved"})
        for tube, state in sorted(weapons.tubes.items()):
            if state["state"] in ("empty", "fired") and weapons.racks.get(1 if tube < 5 else 6):
                step += order(game, "reload_torpedo", tube=tube)
        loaded = [n for n, s in weapons.tubes.items() if s["state"] == "loaded"]
        if loaded:
            step += order(game, "flood_tubes", tubes=loaded)
        shells = counts["gun_round"]
        hunted = t - last_ping < 300 or nearest_escort_nm(game) < 1.5
        near = merchants(game, TURN_NM, stopped=None if shells >= 40 else False)
        if not boat.surfaced and flooded(weapons) and near and not targets(game, wrecks=shells >= 40):
            # torpedoes ready and a merchant near (one lying stopped too, once the gun has had its rounds)
            # that no tube bears on: turn the bow onto it where the stern tube alone is ready, the stern
            bow = any(s["state"] == "flooded" for n, s in weapons.tubes.items() if n < 5)
            step += steer_to(game, near[0][1], "stop", stern=not bow)
        if boat.surfaced:
            if not sea.observing or weapons.view_missing("gun_88") is not None:  # the guns' view (§8.3)
                step += lookouts_up(game)
            wreck = merchants(game, 3.5, stopped=True)
            if shells < 40 and wreck and weapons.firing["gun_88"] is None:
                contact = sea.picture.of(wreck[0][1].id)
                if contact is not None:
                    step += order(game, "gun_88", target=contact["id"], rounds=40 - shells)
            elif shells < 40 and not wreck and merchants(game, GUN_RUN_NM, stopped=True) and not hunted:
                step += steer_to(game, merchants(game, GUN_RUN_NM, stopped=True)[0][1], "full_ahead")
            elif weapons.firing["gun_88"] is None and (shells >= 40 or not wreck):
                step += below(game)
                step += order(game, "new_depth", depth_m=WAIT_M)
        elif targets(game, wrecks=shells >= 40):  # the wrecks get torpedoes once the gun has had its rounds
            clear = nearest_ship_nm(game) >= CLEAR_NM
            if not clear:
                if boat.zt != WAIT_M:
                    step += order(game, "new_depth", depth_m=WAIT_M)  # a keel near: below it
            elif boat.zt != FIRE_M:
                step += order(game, "new_depth", depth_m=FIRE_M)  # up to periscope depth to fire, hunted or not
            elif abs(boat.depth_m - FIRE_M) < 1:
                step += fire_ready(game, wrecks=shells >= 40)
                step += order(game, "new_depth", depth_m=WAIT_M)  # and down below the keels again
        elif hunted:
            if boat.zt < 100:
                step += order(game, "new_depth", depth_m=150)  # hunted: deep, below the charges' settings
        elif shells < 40 and nearest_escort_nm(game) > 4.0 and merchants(game, GUN_RUN_NM, stopped=True) \
                and boat.zt != 0.0:  # not while the boat is on its way up already (a wasted order)
            step += order(game, "surface")
        for e in step:
            counts[e.name] += 1
            if e.name == "crew_warning" and e.data.get("order") in VIEW_ORDERS \
                    and "view" in str(e.to_json().get("missing", "")):
                counts["view_warning"] += 1  # an attack order given without its view (§8.3/§8.4): none
        per_hour[min(hours - 1, int((t - 1) // 3600))] += Timed.spent - slice_start
    wall = time.perf_counter() - start
    game_wall = Timed.spent
    busiest = max(per_hour)
    sunk = weapons.status()["sunk"]
    print(f"convoy attack: {ships} ships + {len(sea.aircraft)} aircraft, {hours} game hours in {game_wall:.3f} s "
          f"in the game ({wall:.3f} s with the benchmark's tactics) = {total / game_wall:,.0f} x real time on "
          f"average; busiest hour {3600 / busiest:,.0f} x real time")
    print("  hour by hour: " + ", ".join(f"{3600 / h:,.0f} x" if h > 0 else "-" for h in per_hour))
    print(f"  torpedoes fired {weapons.fired}, hits {weapons.hits}, shells {counts['gun_round']}; ships sunk "
          f"{len(sunk)} ({sum(s['grt'] for s in sunk):,} GRT); pings {counts['ping']}, depth charges "
          f"{counts['explosion']}, damage {counts['damage']}; mission: {game.module('mission').result or 'going on'}"
          f" at {game.t / 3600:.1f} h; orders given without their view {counts['view_warning']}, orders refused "
          f"{counts['order_rejected']}")
    return per_hour


def convoy_attacks(runs: int = 3, seed: int = 1, hours: int = 6) -> None:
    """The convoy attack `runs` times (the same seed: the same battle, event for event); the figures that count
    are each hour's median over the runs (one run on a shared machine is off by a fifth either way)."""
    hourly = [convoy_attack(seed, hours) for _ in range(runs)]
    medians = [statistics.median(run[h] for run in hourly) for h in range(hours)]
    print(f"convoy attack, median of {runs} runs: busiest hour {3600 / max(medians):,.0f} x real time, on average "
          f"{hours * 3600 / sum(medians):,.0f} x; hour by hour: "
          + ", ".join(f"{3600 / h:,.0f} x" if h > 0 else "-" for h in medians))


def tdc_update(n: int = 200_000) -> None:
    target = Target(0.0, 62.3, 1.6, 90.0, 7.5)
    t0 = time.perf_counter()
    gyro = 0.0
    for i in range(n):
        gyro += solve(target, float(i % 600), 62.25, 1.63, 10.0, 30.0, "bow").gyro
    per = (time.perf_counter() - t0) / n * 1e6
    print(f"TDC solution update: {per:.2f} us per solution ({n:,} solutions; checksum {math.fsum([gyro]):.1f})")


if __name__ == "__main__":
    convoy_attacks()
    tdc_update()
