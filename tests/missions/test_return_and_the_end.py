"""Return to base only out of combat (rulebook §4.2; out of combat = no contact plotted and no attack for 30 min,
mission_rules.toml), the passage home in transit that can be interrupted, the end by the time limit or the return,
event-card prompts (§8.7), and the mission saved and resumed exactly."""

from __future__ import annotations

import itertools
import json

import pytest
from kaleun.core.messages import Msg
from kaleun.i18n import language
from kaleun.uboot.game import load_game
from kaleun.uboot.missions import passage
from missionkit import advance, do, game, lookouts, named, one, order, until_event

H = 3600.0


def test_4_2_return_to_base_sails_home_in_transit_and_ends_the_mission_returned():
    g = game("patrol_atlantic")
    started = do(g, {"do": "return_to_base"})
    told = one(started, "return_to_base")
    assert told["base"] == "lorient" and told["feed"].startswith("Return to base: course ")
    assert g.module("compression").mode == "transit"
    assert g.module("boat").telegraph == "full_ahead"
    mission, end = g.module("mission"), []
    while not mission.over and g.t < 40 * H:  # an aircraft may interrupt the passage: head home again
        end += advance(g, g.t + 600)
        if mission.passage is None and mission.why_not_return() is None:
            do(g, {"do": "return_to_base"})
        elif mission.passage is None and g.module("boat").telegraph != "stop":
            order(g, "new_speed", speed="stop")  # interrupted: the crew stops until it may head home again
    finished = one(end, "mission_end")
    assert finished == {**finished, "result": "returned", "reason": "returned"}
    assert finished["feed"] == "The boat is home in Lorient."


@pytest.mark.parametrize("where, lat, lon", [("east of the Strait of Gibraltar", 36.2, -4.5),
                                              ("the central North Sea", 56.0, 3.0),
                                              ("the southern North Sea", 53.8, 3.0), ("the Irish Sea", 53.5, -5.3),
                                              ("the Barents Sea", 73.0, 30.0), ("the Skagerrak", 57.9, 9.0)])
def test_4_2_the_route_home_from_behind_a_coast_runs_clear_of_land_to_every_base(where, lat, lon):
    """§4.2, §11 (running aground loses the boat): from a sea that none of a base's approach waypoints can be
    reached from in a straight line, the route goes round the coasts by the sea lanes; every leg is clear."""
    for base_id in passage.BASES:
        route = passage.route(passage.base(base_id), lat, lon)
        legs = [(lat, lon), *route]
        assert route[-1] == passage.base(base_id).arrival
        assert all(passage.clear(*a, *b) for a, b in itertools.pairwise(legs)), (where, base_id, route)


def test_4_2_a_boat_east_of_the_strait_sails_home_to_lorient_without_running_aground():
    """§4.2: a Lorient boat east of the Strait of Gibraltar that returns to base is steered back through the
    narrows and round Cape St Vincent (it ran onto Spain before), and comes home."""
    g = game("patrol_atlantic", changes={"air_cover": "none", "traffic": "none", "position": [36.1, -4.5]})
    assert one(do(g, {"do": "return_to_base"}), "return_to_base")["distance_nm"] > 1000
    end = one(until_event(g, "mission_end", 120 * H, step=3 * H), "mission_end")
    assert (end["result"], end["reason"], end["feed"]) == ("returned", "returned", "The boat is home in Lorient.")
    track = g.module("mission").log["track"]
    assert min(p[2] for p in track) < -9.0  # round Cape St Vincent, not over Spain


def test_4_1_the_strait_mission_ends_won_once_the_boat_is_through_with_no_call_to_go_back():
    """The boat ordered into the Mediterranean does not come back (ends_when_met): east of 5°W the mission is
    won and over. Before, the game told the crew "the boat may return to base" (Lorient, back through the Strait
    past the pickets) and a crew that did was rammed."""
    import io
    from pathlib import Path

    from kaleun.boards.loader import default_board
    from kaleun.runtime.script import EventWriter, ScriptRun
    from kaleun.uboot.game import new_game

    g = new_game(0, "gibraltar_1941")
    out = io.StringIO()
    ScriptRun(g, default_board(), EventWriter(out)).run(Path(__file__).parent / "scripts" / "gibraltar_1941.win.jsonl")
    events = [json.loads(x) for x in out.getvalue().splitlines()]
    met = [e for e in events if e["event"] == "objective" and e["state"] == "met"]
    end = one(events, "mission_end")
    assert [e["objective"] for e in met] == ["through"] and end["t"] == met[0]["t"]
    assert (end["result"], end["reason"], end["grade"]) == ("won", "objectives_met", "A")
    assert end["feed"].startswith("Every primary objective is met: the boat's orders are carried out. Mission over")
    assert not [e for e in events if "return to base" in e.get("feed", "")]


def test_4_2_return_to_base_is_refused_in_combat_with_the_reason():
    g = game("exercise_convoy", changes={"base": "lorient"})
    lookouts(g)
    until_event(g, "contact_report", 1 * H, step=30)
    refused = one(do(g, {"do": "return_to_base"}), "action_refused")
    assert refused["action"] == "return_to_base"
    assert refused["reason"].startswith("the boat is in combat: contact")
    assert refused["reason"].endswith(("is still plotted; 30 minutes of quiet are needed once it is lost",
                                       "are still plotted; 30 minutes of quiet are needed once they are lost"))
    assert refused["feed"].startswith("Return to base refused: the boat is in combat: contact")


def test_4_2_half_an_hour_of_quiet_after_an_attack_and_only_on_the_surface():
    g = game("patrol_atlantic")
    do(g, {"do": "damage", "kind": "technical", "component": "periscope", "severity": "maintenance",
           "cause": "depth charge"})
    advance(g, g.t + 600)
    reason = one(do(g, {"do": "return_to_base"}), "action_refused")["reason"]
    assert reason == ("the boat is in combat: the last contact or attack was 10 minutes ago; 30 minutes of quiet "
                      "are needed: 20 minutes to go")  # how long until the boat may head home
    attacked = g.t - 600
    advance(g, attacked + 29 * 60 + 30)
    reason = one(do(g, {"do": "return_to_base"}), "action_refused")["reason"]
    assert reason == ("the boat is in combat: the last contact or attack was 29 minutes ago; 30 minutes of quiet "
                      "are needed: 1 minute to go")
    advance(g, attacked + 30 * 60)
    assert one(do(g, {"do": "return_to_base"}), "return_to_base")["base"] == "lorient"  # quiet and surfaced
    order(g, "dive")
    reason = one(do(g, {"do": "return_to_base"}), "action_refused")["reason"]
    assert reason == "the passage home runs on the diesels: surface first"


def test_4_2_the_half_hour_of_quiet_counts_from_the_moment_the_last_contact_is_lost():
    """§4.2: the refusal says "30 minutes of quiet are needed once it is lost"; a ship plotted for two hours and
    then lost let the boat head home at once (the quiet counted from its first report)."""
    g = game("prize_rules_1939", seed=1)
    lookouts(g)
    lost = until_event(g, "contact_report", 3 * H, step=300)
    picture = g.module("sea").picture
    while picture.active() and g.t < 6 * H:
        lost += advance(g, g.t + 60)
    assert not picture.active()
    gone = named(lost, "contact_lost")[-1]
    seen = [e["t"] for e in lost if e["event"] in ("contact", "contact_report")]
    assert gone["t"] - max(seen) > 3600  # plotted for an hour and more after the last sighting reported
    reason = one(do(g, {"do": "return_to_base"}), "action_refused")["reason"]
    assert reason.startswith("the boat is in combat: the last contact or attack was ")
    assert " minutes ago; 30 minutes of quiet are needed: " in reason and reason.endswith(" to go")
    advance(g, gone["t"] + 29 * 60)
    assert named(do(g, {"do": "return_to_base"}), "action_refused")
    advance(g, gone["t"] + 31 * 60)
    assert one(do(g, {"do": "return_to_base"}), "return_to_base")["base"] == "wilhelmshaven"


def test_4_2_a_mission_without_a_base_has_no_return():
    g = game("training")
    assert one(do(g, {"do": "return_to_base"}), "action_refused")["reason"] == "this mission has no base to return to"


def test_4_2_the_passage_home_is_interrupted_by_a_contact_and_by_the_crew_taking_the_helm():
    g = game("patrol_atlantic", changes={"traffic": "heavy"})
    lookouts(g)
    do(g, {"do": "return_to_base"})
    events = until_event(g, "passage_interrupted", 30 * H, step=300)
    stop = one(events, "passage_interrupted")
    assert stop["reason"] in ("a contact is reported", "an aircraft attacks")
    assert g.module("mission").passage is None
    g2 = game("patrol_atlantic")
    do(g2, {"do": "return_to_base"})
    helm = order(g2, "new_course", course=10)
    assert one(helm, "passage_interrupted")["reason"] == "the crew took the helm"


def test_4_1_the_time_limit_ends_a_mission_lost_when_its_primary_objective_is_not_met():
    g = game("weather_1940")
    events = advance(g, 60 * H)
    warn = one(events, "patrol_time")
    assert warn["t"] == 48 * H and warn["feed"] == "Twelve hours of patrol time are left."
    end = one(events, "mission_end")
    assert (end["result"], end["reason"], end["grade"]) == ("lost", "time_limit", "F")
    assert end["feed"].startswith("The patrol's time is up: HQ recalls the boat. Mission over (lost): grade F")


def test_the_end_fields_are_complete():
    g = game("t5_1943")
    end = one(advance(g, 36 * H), "mission_end")
    assert set(end) >= {"result", "reason", "score", "grade", "fame", "grt", "grt_fame", "par", "objectives",
                        "ships_sunk", "crew_lost"}
    # rammed before HQ's second signal (6-10 h) was sent: its "merchant" objective is no part of the mission
    assert (end["reason"], {o["id"] for o in end["objectives"]}) == ("rammed", {"escort"})


def test_8_7_event_cards_are_prompted_at_seeded_times():
    def cards(seed):
        g = game("hatteras_1942", seed=seed)
        return [e["t"] for e in named(advance(g, 96 * H), "event_card")]

    first = cards(1)
    assert len(first) >= 3 and first == cards(1) and first != cards(2)
    gaps = [b - a for a, b in itertools.pairwise(first)]
    assert all(gap >= 12 * H - 1 for gap in gaps)  # 12 to 24 h apart (postponed in combat)


def test_a_mission_saved_midway_resumes_exactly():
    def begin():
        g = game("shadow_1941", seed=4)
        lookouts(g)
        return g

    whole = begin()
    first = advance(whole, 5 * H)
    state = json.loads(json.dumps(whole.to_state()))
    rest = advance(whole, 30 * H)
    again = begin()
    assert advance(again, 5 * H) == first
    assert [e.to_json() for e in load_game(state).advance_to(30 * H)] == rest
    assert named(rest, "radio_message") or named(first, "radio_message")


def test_4_1_a_boat_lost_takes_its_whole_crew_into_the_debrief_and_the_career():
    """§4.1: a lost boat loses the game for everyone aboard: rammed in the Strait, the debrief and the
    career count every sailor of both watches as lost, not only those killed before."""
    import io
    import json
    from pathlib import Path

    from kaleun.boards.loader import default_board
    from kaleun.runtime.script import EventWriter, ScriptRun
    from kaleun.uboot.game import new_game
    from kaleun.uboot.missions.debrief import debrief, lines

    g = new_game(0, "gibraltar_1941")
    out = io.StringIO()
    ScriptRun(g, default_board(), EventWriter(out)).run(Path(__file__).parent / "scripts" / "gibraltar_1941.lose.jsonl")
    end = one([json.loads(x) for x in out.getvalue().splitlines()], "mission_end")
    crew = g.module("crew")
    everyone = sum(len(states) for states in crew.states)
    assert (end["result"], end["reason"]) == ("lost", "rammed") and end["crew_lost"] == everyone == 32
    d = debrief(g)
    assert {x["cause"]["msg"] for x in d["crew_lost"]} == {"lost with the boat"}
    assert f"Crew lost: {everyone}." in [str(x) for x in lines(d)]


def test_4_2_the_table_is_told_the_way_home_is_open_when_it_is_and_not_once_the_boat_is_home():
    """§4.2: the crew may head home once its orders are carried out. long_patrol_1941's primaries are 15,000 GRT and
    the boat brought home: when the tonnage is met only the way home is left, and the table is told it may return
    to base; at home the last objective is met without being told to return to base once more."""
    from test_missions import replay

    _, events = replay("long_patrol_1941", "win")
    met = {e["objective"]: e["feed"] for e in events if e["event"] == "objective" and e["state"] == "met"}
    assert met["tonnage"] == ("Objective met: Sink at least 15,000 GRT during the patrol. Only the way home is left: "
                              "the boat may return to base.")
    assert met["home"] == "Objective met: Bring the boat home to Lorient."


def test_4_1_coming_home_without_the_airmen_does_not_bring_them_home():
    """aircrew_1942: HQ's order "Bring the airmen home" came 1-3 hours into the patrol, so a boat that turned for
    home without ever finding the dinghy met it on arrival and scored its fame. The order comes once the airmen are
    aboard: a boat home without them was never given it."""
    g = game("aircrew_1942", changes={"air_cover": "none"})
    advance(g, 4 * H)
    assert [m.objective for m in g.module("mission").messages] == []  # no order before the rescue
    one(do(g, {"do": "return_to_base"}), "return_to_base")
    end = one(until_event(g, "mission_end", 72 * H, step=3 * H), "mission_end")
    assert (end["result"], end["reason"], end["fame"]) == ("returned", "returned", 0)
    assert [o["id"] for o in end["objectives"]] == ["rescue"]


def test_4_2_a_return_that_outlasts_the_patrol_time_says_so_while_a_primary_is_open():
    """§4.2 with the mission's end by its time limit (§11 "Mission end: time limit, return to base"): the agents
    are not landed and, from 52 N 14 W, St-Nazaire is some 42 hours away (525 nm at 12.5 kn) with 40 left. Heading
    home, the crew is told the time runs out on the way and the mission is lost then unless the primaries are met
    first (a time-out with a primary open is a loss), on a line of its own after the course home; a return that gets
    home in time says nothing of it."""
    g = game("agents_1941", changes={"position": [52.0, -14.0]})
    said = do(g, {"do": "return_to_base"})
    told = one(said, "return_to_base")
    assert told["eta_h"] > 40 and told["feed"].endswith("hours at full ahead.")
    late = one(said, "patrol_time")
    assert late["feed"] == ("The patrol's time is up in 40 hours, before the boat is home: the mission is lost then "
                            "unless its primary objectives are met.")
    assert (late["left_h"], late["eta_h"]) == (40, told["eta_h"])
    assert [e["event"] for e in said].index("return_to_base") < [e["event"] for e in said].index("patrol_time")
    assert not named(do(game("patrol_atlantic"), {"do": "return_to_base"}), "patrol_time")


def test_4_2_no_return_to_base_before_the_boat_has_left_it():
    """§4.2: the return to base breaks a patrol off; a boat still in its base's approaches at the start has no
    patrol to break off: `return` there is refused, saying so (it ended the mission "returned", grade E, with the
    come-home objective met and 0 nm sailed), and is allowed once the boat has been out."""
    g = game("long_patrol_1941")
    refused = one(do(g, {"do": "return_to_base"}), "action_refused")
    assert refused["feed"] == "Return to base refused: the boat has not left Lorient yet: the patrol has not begun."
    mission = g.module("mission")
    assert not mission.over and mission.passage is None
    assert not any(o.met for o in mission.objectives.values())
    said = Msg("Return to base refused: {reason}.", reason=mission.why_not_return())
    assert language("de").render(said) == (
        "Heimmarsch abgelehnt: das Boot hat Lorient noch nicht verlassen: die Feindfahrt hat noch nicht begonnen.")
    out = game("long_patrol_1941", changes={"air_cover": "none", "traffic": "none", "position": [47.0, -6.0]})
    assert one(do(out, {"do": "return_to_base"}), "return_to_base")["base"] == "lorient"
