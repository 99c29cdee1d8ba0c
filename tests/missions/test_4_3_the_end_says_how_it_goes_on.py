"""Rulebook §4.3 and §5.2: a linked patrol is played in parts on several evenings, a campaign mission after
mission. When a part or a campaign mission ends and the patrol or campaign goes on, the mission's end tells the
table what comes next (the career record books it for `kaleun play --linked` / `--campaign` and the set-up
screens); a single mission says nothing of the kind."""

from __future__ import annotations

import pytest
from kaleun.uboot.game import new_game
from kaleun.uboot.missions.setup import GameSetup, changes_for
from missionkit import advance, one

H = 3600.0
NEAR = {"id": "here", "kind": "station", "hours": 0.5, "square": "AN41", "text": "Stay in AN41 half an hour."}


def ended(mission: str, mode: str, met: bool = True) -> dict:
    """The mission shortened to two hours, with one primary objective the boat meets where it starts (or, `met`
    false, one out of reach)."""
    setup = GameSetup(mission=mission, seed=3, mode=mode)
    square = new_game(3, mission).module("navigation").dr_square()
    objective = {**NEAR, "square": square} if met else {**NEAR, "square": "AA11", "text": "Be far away."}
    g = new_game(3, mission, {**changes_for(setup), "time_limit_h": 2, "encounter": [], "radio": [],
                              "air_cover": "none", "traffic": "none", "par_grt": 0, "objective": [objective]})
    g.take_events()
    g.apply({"do": "crew_options", "rules": "advise", "wear": False})
    return one(advance(g, 3 * H), "mission_end")


@pytest.mark.parametrize(("mission", "mode", "said"), [
    ("sc_convoy_1940", "linked", "The linked patrol Autumn 1940 goes on with Weather boat, the boat and crew as "
                                 "they are now."),
    ("weather_1940", "linked", "The linked patrol Autumn 1940 is over."),
    ("prize_rules_1939", "campaign", "The campaign goes on with The Hartlepool field."),
    ("t5_1943", "campaign", "The campaign is complete."),
])
def test_4_3_5_2_the_end_of_a_part_or_a_campaign_mission_says_what_comes_next(mission, mode, said):
    end = ended(mission, mode)
    assert end["result"] == "won" and end["feed"].endswith(said), end["feed"]


def test_4_3_a_single_mission_or_a_part_played_again_says_nothing_of_what_comes_next():
    single = ended("sc_convoy_1940", "single")
    assert single["feed"].endswith("score 1,000.") and "goes on" not in single["feed"]
    again = ended("shadow_1941", "linked", met=False)  # next_needs_primary: this part is played again
    assert again["part_again"] is True and "goes on with" not in again["feed"]
