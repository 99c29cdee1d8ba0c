"""Rulebook §5.2 (linked missions): a part of a linked patrol whose time is up hands the boat, at sea as it is, to the
patrol's next part. Its end said "The patrol's time is up: HQ recalls the boat." and then "The linked patrol ... goes
on with Weather boat, the boat and crew as they are now.": recalled, yet still at sea. The end of such a part says HQ
sends the boat on; a part played again (§4.3), the patrol's last part and a single mission are still recalled."""

from __future__ import annotations

import pytest
from kaleun.uboot.game import new_game
from kaleun.uboot.missions.setup import GameSetup, changes_for
from missionkit import advance, do, one

H = 3600.0
QUIET = {"encounter": [], "radio": [], "air_cover": "none", "time_limit_h": 1}
SAILS_ON = "This part's time is up: HQ sends the boat on to the patrol's next part."
RECALLED = "The patrol's time is up: HQ recalls the boat."


def timed_out(mission: str, mode: str, seed: int = 3, changes: dict | None = None) -> dict:
    setup = GameSetup(mission=mission, seed=seed, mode=mode)
    g = new_game(seed, mission, {**(changes_for(setup) if mode != "single" else {}), **QUIET, **(changes or {})})
    g.take_events()
    do(g, {"do": "crew_options", "rules": "advise", "wear": False})
    end = one(advance(g, 2 * H), "mission_end")
    assert end["reason"] == "time_limit"
    return end


def test_5_2_a_linked_part_whose_time_is_up_is_sent_on_to_the_next_part():
    end = timed_out("sc_convoy_1940", "linked")
    assert end["feed"].startswith(SAILS_ON) and "goes on with Weather boat" in end["feed"], end["feed"]
    assert "recalls" not in end["feed"]


def test_4_3_a_part_played_again_the_last_part_and_a_single_mission_are_recalled():
    again = timed_out("shadow_1941", "linked", seed=1)
    assert again.get("part_again") and again["feed"].startswith(RECALLED), again["feed"]
    assert timed_out("weather_1940", "linked")["feed"].startswith(RECALLED)
    assert timed_out("sc_convoy_1940", "single")["feed"].startswith(RECALLED)
    lost_in_the_campaign = timed_out("sc_convoy_1940", "campaign")  # graded F: the campaign ends, no next part
    assert lost_in_the_campaign["feed"].startswith(RECALLED) and lost_in_the_campaign.get("campaign_over")


def test_4_3_a_campaign_part_won_when_its_time_is_up_is_sent_on_to_the_next_part():
    here = {"id": "here", "kind": "reach", "square": "AL03", "text": "Be here."}
    end = timed_out("sc_convoy_1940", "campaign", changes={"objective": [here], "par_grt": 0})
    assert end["result"] == "won" and end["feed"].startswith(SAILS_ON), end["feed"]
    assert end["feed"].endswith("The campaign goes on with Weather boat."), end["feed"]


@pytest.mark.parametrize("language", ["en", "de", "ru"])
def test_5_2_the_windows_debrief_says_the_part_is_sent_on_whole(home, language):
    """The window's debrief shows the `mission_end` line under its headline, whole on the 7" screen."""
    from test_5_2_a_part_lost_with_the_boat_ends_the_patrol import debrief_cut

    setup = GameSetup(mission="sc_convoy_1940", seed=3, mode="linked")
    g = new_game(3, "sc_convoy_1940", {**changes_for(setup), **QUIET})
    told, cut = debrief_cut(g, language, [{"do": "crew_options", "rules": "advise", "wear": False}])
    assert g.module("mission").reason == "time_limit"
    title = {"en": "Weather boat", "de": "Wetterboot", "ru": "Метеоразведчик"}[language]
    assert title in told and cut == [], (told, cut)


def test_4_2_a_return_that_outlasts_a_linked_parts_time_says_the_patrol_goes_on():
    """§4.2 with §5.2: heading home from 1,000 nm out with 72 hours, a linked part's time runs out on the way; the
    boat never gets home and the patrol goes on with it as it is. The crew is told so when it heads home, not that
    the return will end the patrol."""
    setup = GameSetup(mission="sc_convoy_1940", seed=3, mode="linked")
    g = new_game(3, "sc_convoy_1940", {**changes_for(setup), "encounter": [], "radio": [], "air_cover": "none",
                                       "time_limit_h": 20})
    g.take_events()
    do(g, {"do": "crew_options", "rules": "advise", "wear": False})
    said = do(g, {"do": "return_to_base"})
    late = one(said, "patrol_time")
    assert late["feed"] == ("This part's time is up in 20 hours, before the boat is home: HQ then sends it on to "
                            "Weather boat, as it is, and the linked patrol goes on. This part is lost then unless its "
                            "primary objectives are met."), late["feed"]
    end = one(advance(g, 21 * H), "mission_end")
    assert end["reason"] == "time_limit" and "goes on with Weather boat" in end["feed"]
    single = new_game(3, "sc_convoy_1940", {"encounter": [], "radio": [], "air_cover": "none", "time_limit_h": 20})
    single.take_events()
    assert one(do(single, {"do": "return_to_base"}), "patrol_time")["feed"].startswith("The patrol's time is up in")


def test_4_3_a_campaign_part_won_below_e_when_its_time_is_up_is_recalled():
    """§4.3: a grade below E ends the campaign, so its part is recalled, not sent on (its primary met, no par)."""
    here = {"id": "here", "kind": "reach", "square": "AL03", "text": "Be here.", "fame": 0}
    end = timed_out("sc_convoy_1940", "campaign", changes={"objective": [here], "par_grt": 20000})
    assert end["result"] == "won" and end.get("campaign_over"), end
    assert end["feed"].startswith(RECALLED), end["feed"]
