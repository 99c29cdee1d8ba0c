"""Rulebook §4.2 (return to base only out of combat): a passage home interrupted by the sea (here an aircraft's
attack) leaves the helm to the crew with a line that says how the boat runs on and what to order next, and once the
boat is out of combat again one line says the way home is open; the order then takes it on home. The crew's own
helm order interrupts without that line (the crew wanted the boat elsewhere)."""

from __future__ import annotations

import json
import re

from missionkit import advance, do, game, named, one, order, until_event

H = 3600.0


def test_4_2_a_passage_interrupted_by_an_aircraft_says_what_the_boat_does_and_when_it_may_go_on_home():
    g = game("patrol_atlantic", seed=0)
    do(g, {"do": "return_to_base"})
    stop = one(until_event(g, "passage_interrupted", 40 * H, step=300), "passage_interrupted")
    assert stop["reason"] == "an aircraft attacks"
    boat, mission = g.module("boat"), g.module("mission")
    match = re.fullmatch(r"Passage home interrupted: an aircraft attacks\. The boat holds course (\d{3}) at full "
                         r"ahead until the crew orders otherwise; once it is out of combat, order the return to "
                         r"base again\.", stop["feed"])
    assert match is not None, stop["feed"]
    assert int(match.group(1)) == round(boat.course) % 360 and boat.telegraph == "full_ahead"
    assert mission.why_not_return() is not None  # in combat: not yet
    later = advance(g, g.t + 1.5 * H)
    told = one(later, "passage_resumable")
    assert told["feed"] == "The boat is out of combat: order the return to base to go on home to Lorient."
    assert told["base"] == "lorient" and mission.why_not_return() is None
    assert not named(advance(g, g.t + H), "passage_resumable")  # said once
    assert one(do(g, {"do": "return_to_base"}), "return_to_base")["base"] == "lorient"
    assert mission.passage is not None


def test_4_2_the_crews_own_helm_order_interrupts_without_the_way_home_line():
    g = game("patrol_atlantic", seed=0, changes={"air_cover": "none", "traffic": "none"})
    do(g, {"do": "return_to_base"})
    helm = one(order(g, "new_course", course=10), "passage_interrupted")
    assert helm["feed"] == "Passage home interrupted: the crew took the helm."
    assert not named(advance(g, g.t + 2 * H), "passage_resumable")


def test_4_2_an_interrupted_passage_survives_a_save():
    """The line about the way home is owed across a save: the resumed game says it as the uninterrupted one."""
    from kaleun.uboot.game import load_game

    g = game("patrol_atlantic", seed=0)
    do(g, {"do": "return_to_base"})
    until_event(g, "passage_interrupted", 40 * H, step=300)
    state = json.loads(json.dumps(g.to_state()))
    rest = advance(g, g.t + 1.5 * H)
    assert named(rest, "passage_resumable")
    assert [e.to_json() for e in load_game(state).advance_to(g.t)] == rest
