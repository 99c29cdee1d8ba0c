"""A hit is geometry against the hull where it is at that moment, also while the ship turns (the rules
digest's section 12: the torpedo run). A torpedo looks at the ships near it every few seconds; a ship that
turned between two looks is met on its old heading up to the turn and on its new one after it, not on its
new heading all along (that gave hits on a hull that was not there, and hits at the wrong moment); and a
torpedo near a ship that turns looks again at once, so a hit after the turn is told at its moment.

The ship: a convoy of one tanker (145 m long, 19 m beam) on the zigzag plan A, 9 kn; its first leg is
110° for ten minutes, then it turns at once to 070°. Tube 3 fires an electric torpedo (30 kn) at it
a minute or so before the turn, the TDC set from the true bearing, range and course and a speed
estimate that differs from shot to shot, so the torpedoes meet the hull just before, at and just
after the turn. Each result is checked against a reckoning of both tracks in steps of 5 ms.
"""

from __future__ import annotations

import json

import pytest
from kaleun.saves import load_checked, save_text
from kaleun.uboot.sea import geo
from kaleun.uboot.sea.geo import M_PER_NM
from kaleun.uboot.sea.vessels import Track
from weaponskit import advance, named, order, range_game

#: the tanker's convoy: its centre 3,258 m away on 306.8°, so that its first leg brings it some 1,000 m
#: north of the boat at the turn (t = 600 s)
CONVOY = {"kind": "HX", "bearing": 306.8, "range_nm": 3258 / 1852, "course": 90, "columns": 1,
          "ships_per_column": 1, "escorts": [], "zigzag": "plan_a", "speed_kn": 9}
TURN_S = 600.0
STEP_S = 0.005


def _reckoned(first: Track, second: Track, torpedo: Track, length: float, beam: float) -> float | None:
    """The first moment the torpedo is within the hull (first leg before the turn, second after), by steps."""
    t = TURN_S - 40.0
    while t < TURN_S + 40.0:
        ship = first if t < TURN_S else second
        slat, slon = ship.at(t)
        east, north = geo.offset(slat, slon, *torpedo.at(t))
        east, north = east * M_PER_NM, north * M_PER_NM
        s, c = geo.unit(ship.course)
        if abs(east * s + north * c) <= length / 2 and abs(east * c - north * s) <= beam / 2:
            return t
        t += STEP_S
    return None


def _shot(fire_s: float, speed_estimate: float) -> dict:
    """The reckoned moment of the hit (None: a miss), the game's events after the shot, the game's moment of the
    hit (None: none)."""
    g = range_game(0, convoy=[CONVOY])
    sea = g.module("sea")
    tanker = next(iter(sea.vessels.values()))
    group = sea.groups[tanker.group]
    advance(g, fire_s)
    first = Track.from_json(group.ref.to_json())
    truth = sea.truth(tanker.id, g.t)
    order(g, "tdc", bearing=round(truth.bearing, 1), range_m=truth.range_nm * 1852, course=truth.course,
          speed_kn=speed_estimate)
    assert named(order(g, "fire_torpedoes", tubes=[3]), "torpedo_fired")
    torpedo = Track.from_json(next(iter(sea.torpedoes.values()))["leg"])
    events = advance(g, TURN_S + 0.001)
    second = Track.from_json(group.ref.to_json())
    events += advance(g, fire_s + 400)  # a miss runs its 5,000 m out in 324 s
    struck = [e for e in events if e["event"] in ("torpedo_hit", "torpedo_dud")]
    if not struck or struck[0]["run_s"] + fire_s > TURN_S:  # (a hit before the turn turns the convoy away)
        assert (first.course, second.t0, second.course) == (110.0, TURN_S, 70.0)
    return {"reckoned": _reckoned(first, second, torpedo, tanker.cls.length_m, tanker.cls.beam_m),
            "events": events, "struck": struck[0] if struck else None,
            "at": fire_s + struck[0]["run_s"] if struck else None}


@pytest.mark.parametrize(("fire_s", "speed_estimate"), [
    (536, 12.0), (539, 6.0), (539, 12.0), (542, 6.0), (542, 7.0),  # reckoned a miss: the bow or stern clear
    (542, 12.0), (545, 6.0), (545, 7.0), (545, 12.0),  # reckoned a hit just after the turn
    (533, 9.0), (548, 9.0),  # well before and well after the turn
])
def test_12_a_ship_turning_between_two_looks_is_hit_only_where_its_hull_is(fire_s, speed_estimate):
    shot = _shot(fire_s, speed_estimate)
    if shot["reckoned"] is None:
        assert shot["struck"] is None and named(shot["events"], "torpedo_miss")
    else:
        assert shot["at"] == pytest.approx(shot["reckoned"], abs=0.05 + STEP_S)  # run_s is given in tenths
        # and it is told when it happens, not at the torpedo's next look (up to 10 s later)
        assert shot["struck"]["t"] == pytest.approx(shot["reckoned"], abs=0.002 + STEP_S)



def test_12_a_save_from_before_the_ships_headings_were_kept_still_loads_and_runs_its_torpedo():
    """A save whose running torpedo remembers only where the ships near it were (not their headings) loads, and
    the torpedo runs on to its hit."""
    g = range_game(0, vessels=[{"class": "tramp", "bearing": 0, "range_m": 1000, "course": 90, "speed_kn": 7.5}])
    order(g, "tdc", bearing=0, range_m=1000, course=90, speed_kn=7.5)
    order(g, "fire_torpedoes", tubes=[3])
    advance(g, 60)
    state = json.loads(save_text(g))
    running = state["modules"]["sea"]["torpedoes"]
    assert running and all(len(seen) == 3 for tp in running.values() for seen in tp["near"].values())
    for tp in running.values():
        tp["near"] = {vid: seen[:2] for vid, seen in tp["near"].items()}
    loaded = load_checked(state)
    assert named(advance(loaded, 600), "torpedo_hit")
