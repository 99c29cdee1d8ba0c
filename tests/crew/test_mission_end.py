"""When the mission is over (§7.4 all hands lost, §10.3.6 the boat sinks, the whole crew dead), nothing
happens to the crew any more: orders are refused, damage is ignored, no more watch changes or meal calls."""

from __future__ import annotations

from crewkit import advance, do, game, named, one, stations


def _all_hands_lost(g):
    do(g, {"do": "adjust_morale", "by": -11, "why": "morale cards"})  # exhausted crew
    events = do(g, {"do": "damage", "kind": "environmental", "condition": "fire", "section": 5})
    assert one(events, "all_hands_lost") and one(events, "mission_end")["reason"] == "all_hands_lost"
    return events


def test_7_4_all_hands_lost_marks_the_whole_crew_dead():
    g = game()
    stations(g, {"navigator-square": 8})
    do(g, {"do": "order", "order": "observe"})
    events = _all_hands_lost(g)
    crew = g.module("crew")
    assert all(s.dead and s.task is None for row in crew.states for s in row.values())
    assert all(p is None for p in crew.pos.values()) and crew.lookouts() == 0
    assert not named(events, "lookouts")  # no roll call after the end
    assert crew.status()["lookouts"] == 0


def test_7_4_after_all_hands_lost_orders_are_refused_even_when_the_rules_only_advise():
    g = game(rules="advise")
    _all_hands_lost(g)
    rejected = one(do(g, {"do": "order", "order": "new_course", "course": 90}), "order_rejected")
    assert rejected["reason"] == "the mission is over"
    assert g.module("crew").bars.status()["command"] == "VIII"  # nothing was paid


def test_7_4_after_the_end_damage_is_ignored_and_all_hands_are_lost_only_once():
    g = game()
    _all_hands_lost(g)
    events = do(g, {"do": "damage", "kind": "hull_breach", "section": 3})
    events += do(g, {"do": "damage", "kind": "environmental", "condition": "leak", "section": 2})
    events += do(g, {"do": "damage", "kind": "technical", "component": "radio", "severity": "failure"})
    events += do(g, {"do": "damage", "kind": "crew", "sections": [7, 8]})
    assert not named(events, "all_hands_lost") and not named(events, "mission_end")
    assert not named(events, "hull_breach") and not named(events, "condition_placed")
    assert not named(events, "technical_condition") and not named(events, "crew_damage")
    assert [e["kind"] for e in named(events, "damage_ignored")] == ["hull_breach", "environmental", "technical",
                                                                     "crew"]
    assert g.module("crew").breaches.open == {} and not g.module("technical").degraded("radio")


def test_7_4_after_the_end_the_crew_has_no_watch_changes_meals_or_floods():
    g = game(wear=True)
    do(g, {"do": "damage", "kind": "hull_breach", "section": 4})
    _all_hands_lost(g)
    events = advance(g, 2 * 86400)
    assert not named(events, "crew_watch_change") and not named(events, "meal_eaten")
    assert not named(events, "section_flooded") and not named(events, "technical_condition")


def test_7_4_crew_actions_after_the_end_are_refused():
    g = game()
    _all_hands_lost(g)
    for command in ({"do": "adjust_morale", "by": 2}, {"do": "undo"}, {"do": "chips", "figure": "officer-square",
                                                                          "add": 1}):
        assert one(do(g, command), "action_refused")["reason"] == "the mission is over"


def test_10_3_6_after_the_boat_sank_later_breaches_do_nothing():
    g = game()
    for section in (1, 6):
        do(g, {"do": "damage", "kind": "hull_breach", "section": section})
    assert one(advance(g, 180), "mission_end")["reason"] == "flooded"
    events = do(g, {"do": "damage", "kind": "hull_breach", "section": 3})
    assert not named(events, "hull_breach") and one(events, "damage_ignored")
    assert one(do(g, {"do": "order", "order": "mobilize"}), "order_rejected")["reason"] == "the mission is over"


def test_7_4_all_hands_lost_in_a_scored_mission_says_the_mission_is_over_once():
    """§7.4 all hands lost ends a scored mission with its grade: the end read "All hands lost: fire in section 5
    (...). The mission is over. Mission over (lost): grade F, score 0." - over twice in one sentence. A practice
    mission, with no grade to add, still says "The mission is over."."""
    from kaleun.uboot.game import new_game

    scored = new_game(0, "prize_rules_1939")
    scored.apply({"do": "crew_options", "rules": "enforce", "wear": False})
    end = one(_all_hands_lost(scored), "mission_end")["feed"]
    assert end.startswith("All hands lost: ") and end.count("over") == 1, end
    assert end.endswith(". Mission over (lost): grade F, score 0."), end
    practice = one(_all_hands_lost(game()), "mission_end")["feed"]
    assert practice.endswith(". The mission is over."), practice
