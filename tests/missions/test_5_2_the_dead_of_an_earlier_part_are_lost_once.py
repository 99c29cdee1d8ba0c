"""Rulebook §5.2 (linked missions: dead sailors carry over) and §4.1 ("you lose the game together"): when the boat
is lost in a later part of a linked patrol, the sailors still alive go down with it; those who died in an earlier
part were lost there and booked there. The part's `crew_lost`, its debrief and the career's total count each sailor
once: a crew of 32 never loses 33."""

from __future__ import annotations

from kaleun.career import load_career, record_mission
from kaleun.uboot.game import new_game
from kaleun.uboot.missions.debrief import debrief
from kaleun.uboot.missions.setup import GameSetup, changes_for
from missionkit import advance, do, one

H = 3600.0
QUIET = {"encounter": [], "radio": [], "air_cover": "none"}


def test_5_2_a_later_part_lost_with_the_boat_counts_the_earlier_dead_once(home):
    first = GameSetup(mission="sc_convoy_1940", seed=3, mode="linked")
    g = new_game(3, "sc_convoy_1940", {**changes_for(first), "time_limit_h": 2, **QUIET})
    g.take_events()
    do(g, {"do": "crew_options", "rules": "advise", "wear": False})
    do(g, {"do": "kill", "figure": "engineer-square", "why": "washed overboard"})
    assert one(advance(g, 3 * H), "mission_end")["crew_lost"] == 1
    assert record_mission(g) is not None
    second = GameSetup(mission="weather_1940", seed=5, mode="linked", carry=load_career()["patrol"]["carry"])
    g2 = new_game(5, "weather_1940", {**changes_for(second), "time_limit_h": 20, **QUIET})
    assert one([e.to_json() for e in g2.take_events()], "carried_over")["dead"] == ["engineer-square/1"]
    do(g2, {"do": "crew_options", "rules": "advise", "wear": False})
    do(g2, {"do": "damage", "kind": "hull_breach", "section": 2})
    do(g2, {"do": "damage", "kind": "hull_breach", "section": 5})
    end = one(advance(g2, 10 * H), "mission_end")
    assert end["result"] == "lost" and end["reason"] == "flooded"
    assert end["crew_lost"] == 31  # the whole crew of 32 but the engineer lost in the first part
    lost = [d["sailor"] for d in debrief(g2)["crew_lost"]]
    assert len(lost) == 31 and "engineer-square/1" not in lost
    assert record_mission(g2) is not None
    assert load_career()["totals"]["crew_lost"] == 32
