"""The collision watch (ramming and collisions, sea-facts: a keel strikes a boat at periscope depth) finds the
ship nearest the boat. It reckons only the ships that could be nearer than the nearest so far and looks first
at the ship nearest at its last look; the ship and the range it finds must be those of the plain reckoning (every
ship's range, the first of ships equally near), or the game's events would change."""

from __future__ import annotations

import math
import random

from kaleun.uboot.game import MISSIONS, new_game
from kaleun.uboot.sea import collisions


def plain_nearest(sea, now):
    bn = sea.boat_now(now)
    nearest, who = math.inf, None
    for v in sea.vessels.values():
        r = bn.rel(*sea.vpos(v, now))[2]
        if r < nearest:
            nearest, who = r, v
    return nearest, who


def battle():
    """The convoy battle exercise with a second convoy and ships lying stopped round the boat: ships in formation
    and ships on tracks of their own."""
    battle = MISSIONS["exercise_convoy_battle"]
    second = {"kind": "HX", "bearing": 270, "range_nm": 6.0, "course": 90, "columns": 4, "ships_per_column": 3,
              "escorts": ["flower"], "zigzag": "plan_a"}
    lying = [{"class": "tanker", "bearing": b, "range_nm": 0.4 + b / 900, "course": 90, "speed_kn": 0}
             for b in range(0, 360, 45)]
    return new_game(3, "exercise_convoy_battle", {"convoy": [*battle["convoy"], second], "vessel": lying})


def test_the_collision_watch_finds_the_nearest_ship_of_the_plain_reckoning():
    game = battle()
    sea = game.module("sea")
    rnd = random.Random(5)
    ids = list(sea.vessels)
    for now in range(0, 7200, 37):
        for hint in (None, rnd.choice(ids), ids[-1], ids[0]):  # whatever the ship looked at first
            sea._nearest_hint = hint
            found = collisions.nearest_ship(sea, sea.boat_now(float(now)), float(now))
            assert found == plain_nearest(sea, float(now)), (now, hint)


def test_of_ships_equally_near_the_collision_watch_names_the_first_whichever_it_looked_at_first():
    game = battle()
    sea = game.module("sea")
    first, second = [v for v in sea.vessels.values() if v.track is not None][:2]
    second.track = first.track  # two keels on one spot: equally near
    now = 60.0
    for hint in (None, first.id, second.id):
        sea._nearest_hint = hint
        bn = sea.boat_now(now)
        r, who = collisions.nearest_ship(sea, bn, now)
        assert who is not None
        if r == bn.rel(*sea.vpos(first, now))[2]:
            assert who is first
        assert (r, who) == plain_nearest(sea, now)
    # the tie where it matters: the pair nearest of all
    bn = sea.boat_now(now)
    for v in sea.vessels.values():
        if v is not first and v is not second and v.track is not None:
            v.track = type(v.track)(now, bn.lat + 0.5, bn.lon, 0.0, 0.0)  # the others farther off
    for v in list(sea.vessels.values()):
        if v.track is None:
            sea.remove_vessel(v.id, "out of range")
    for hint in (None, first.id, second.id):
        sea._nearest_hint = hint
        assert collisions.nearest_ship(sea, sea.boat_now(now), now)[1] is first


def test_of_ships_in_formation_equally_near_the_collision_watch_names_the_first():
    game = battle()
    sea = game.module("sea")
    now = 120.0
    bn = sea.boat_now(now)
    in_formation = [v for v in sea.vessels.values() if v.track is None]
    nearest = min(in_formation, key=lambda v: bn.rel(*sea.vpos(v, now))[2]).id
    group = sea.groups[sea.vessels[nearest].group]
    members = list(group.offsets)
    twin = next(vid for vid in reversed(members) if vid != nearest)
    group.offsets[twin] = group.offsets[nearest]  # two keels on one spot of the formation
    for v in list(sea.vessels.values()):  # the ships on tracks of their own far off
        if v.track is not None:
            v.track = type(v.track)(now, bn.lat + 0.5, bn.lon, 0.0, 0.0)
    first = min(nearest, twin, key=list(sea.vessels).index)
    for hint in (None, nearest, twin):
        sea._nearest_hint = hint
        r, who = collisions.nearest_ship(sea, sea.boat_now(now), now)
        assert (r, who) == plain_nearest(sea, now)
        assert who is sea.vessels[first]
