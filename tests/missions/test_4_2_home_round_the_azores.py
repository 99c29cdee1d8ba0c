"""Return to base from west of the Azores (rulebook §4.2; §11: running aground loses the boat): the passage home
goes round the islands by the sea lanes and the boat comes home without touching them."""

from __future__ import annotations

from kaleun.uboot.sea.seabed import seabed
from missionkit import do, game, one, until_event

H = 3600.0


def test_4_2_a_lorient_boat_west_of_pico_sails_home_round_the_azores_and_comes_home():
    g = game("patrol_atlantic", changes={"air_cover": "none", "traffic": "none", "position": [38.3, -29.0]})
    told = one(do(g, {"do": "return_to_base"}), "return_to_base")
    assert told["base"] == "lorient"
    end = one(until_event(g, "mission_end", 160 * H, step=3 * H), "mission_end")
    assert (end["result"], end["reason"], end["feed"]) == ("returned", "returned", "The boat is home in Lorient.")
    track = g.module("mission").log["track"]
    bed = seabed()
    assert all(bed.depth_at(p[1], p[2]) > bed.draft_m for p in track)
    # north about the central group: west of Faial's western cape (28.84 W), then north of São Jorge (38.76 N)
    # all the way east past Terceira (27.04 W)
    past = [p for p in track if -28.84 <= p[2] <= -27.0]
    assert past and min(p[1] for p in past) > 38.8, past[:3]
