"""Rulebook §4.1 (score = fame from primary and secondary objectives plus GRT) and host/README.md's mission file
(`primary`: default true in `[[objective]]`): a briefing objective marked `primary = false` is given at the briefing
as a secondary objective, shown, met and scored. It was never given: it stayed out of the briefing, the mission's
objectives, the score and the par."""

from __future__ import annotations

from missionkit import advance, game, named, one

H = 3600.0
OBJECTIVES = [{"id": "far", "kind": "reach", "square": "AM52", "text": "Go far.", "fame": 100},
              {"id": "here", "kind": "reach", "square": "AL03", "text": "Be here.", "primary": False, "fame": 1000}]


def test_4_1_a_briefing_objective_marked_secondary_is_given_met_and_scored():
    g = game("sc_convoy_1940", changes={"time_limit_h": 1, "encounter": [], "radio": [], "air_cover": "none",
                                        "traffic": "none", "par_grt": 0, "objective": OBJECTIVES})
    started = g.module("mission")
    assert {o.id: o.state for o in started.objectives.values()} == {"far": "given", "here": "given"}
    events = advance(g, 2 * H)
    given = [e for e in named(events, "objective") if e["objective"] == "here"]
    assert [e["state"] for e in given][-1] == "met"
    end = one(events, "mission_end")
    assert {o["id"]: o["met"] for o in end["objectives"]} == {"far": False, "here": True}
    assert (end["score"], end["par"], end["grade"]) == (1000, 1100, "D")  # a primary unmet: D at best


def test_4_1_the_briefing_names_the_secondary_objective_it_gives():
    from kaleun.uboot.game import new_game

    g = new_game(0, "sc_convoy_1940", {"objective": OBJECTIVES, "par_grt": 0})
    events = [e.to_json() for e in g.take_events()]
    briefing = one(events, "briefing")
    assert [o["id"] for o in briefing["objectives"]] == ["far", "here"]
    secondary = [e for e in named(events, "objective") if e["objective"] == "here"]
    assert secondary and secondary[0]["feed"] == "Secondary objective: Be here."
