"""Rulebook §4.3 (the campaign plays linked missions by their rules and goes on with E or better) with §5.2 (a linked
patrol's next part takes the boat as it is): a campaign part whose time runs out with its primary objective unmet but
graded D (a secondary objective met) goes on to the patrol's next part, and the career record books it so, with the
carry-over. Its end said "The patrol's time is up: HQ recalls the boat." and then "The campaign goes on with Weather
boat.": recalled, yet the next part began at sea with the boat as it was. Now the end says HQ sends the boat on."""

from __future__ import annotations

from kaleun.career import load_career, record_mission, start_configured
from kaleun.uboot.game import new_game
from kaleun.uboot.missions.setup import GameSetup
from missionkit import advance, do, one, short_win

H = 3600.0
#: a primary objective out of reach in an hour, and a secondary one met where the boat starts (§4.1: fame from both)
OBJECTIVES = [{"id": "far", "kind": "reach", "square": "AM52", "text": "Go far.", "fame": 100},
              {"id": "here", "kind": "reach", "square": "AL03", "text": "Be here.", "primary": False, "fame": 1000}]


def test_4_3_a_campaign_part_failed_at_its_time_limit_with_grade_d_is_sent_on_with_the_boat_as_it_is(home):
    started = start_configured(GameSetup(mission="", mode="campaign"))
    while started.config["mission"] != "sc_convoy_1940":  # the campaign's missions before it, each won
        assert record_mission(short_win(started)) is not None
        started = start_configured(GameSetup(mission="", mode="campaign"))
    g = new_game(started.seed, "sc_convoy_1940", {**started.config["changes"], "time_limit_h": 1, "encounter": [],
                                                  "radio": [], "air_cover": "none", "traffic": "none", "par_grt": 0,
                                                  "objective": OBJECTIVES})
    g.take_events()
    do(g, {"do": "crew_options", "rules": "advise", "wear": False})
    end = one(advance(g, 2 * H), "mission_end")
    assert (end["result"], end["reason"], end["grade"]) == ("lost", "time_limit", "D")
    sent_on = "This part's time is up: HQ sends the boat on to the patrol's next part."
    assert end["feed"].startswith(sent_on), end["feed"]
    assert "recalls" not in end["feed"] and end["feed"].endswith("The campaign goes on with Weather boat.")
    assert record_mission(g) is not None
    campaign = load_career()["campaign"]
    assert campaign["state"] == "running" and campaign["next"] == "weather_1940"
    patrol = campaign["patrol"]
    assert patrol["next"] == "weather_1940" and patrol["carry"] is not None  # at sea as it is, not refitted
