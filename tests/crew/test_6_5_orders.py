"""§6.5-6.7 giving orders: requirements, activation, non-specialists, busy sailors; §7.2 paying."""

from __future__ import annotations

import pytest
from crewkit import chips, do, game, named, one, play, stations, tubes_ready


def test_6_5_new_course_330_worked_example(tmp_path):
    """Rulebook §6.5: two helmsmen are already in position when the Captain decides to change course. He
    pays (the command marker moves one field right) and orders "New course 330 degrees"; the First Officer
    activates the executing sailors: one chip each."""
    g, events = play(tmp_path, [{"t": 12, "do": "order", "order": "new_course", "course": 330}])
    accepted = one(events, "order_accepted")
    assert accepted["course"] == 330 and accepted["paid"] == "command" and accepted["command_bar"] == "VII"
    assert accepted["activated"] == [
        {"figure": "officer-square", "sailor": "officer-square/1", "chips": 1, "specialist": True, "section": 3},
        {"figure": "officer-triangle", "sailor": "officer-triangle/1", "chips": 1, "specialist": True, "section": 3}]
    assert chips(g, "officer-square") == ["A"] and chips(g, "officer-triangle") == ["A"]
    assert g.module("crew").bars.status()["command"] == "VII"


def test_6_5_a_refusal_says_exactly_what_is_missing():
    g = game()
    g.module("boat").surfaced = False
    stations(g, {"officer-circle": 6})
    do(g, {"do": "chips", "figure": "officer-circle", "add": 2})
    rejected = one(do(g, {"do": "order", "order": "new_speed", "speed": "half_ahead"}), "order_rejected")
    assert rejected["reason"] == ("2 sailors with the engines symbol needed in section 6 while submerged; found "
                                  "circle officer (no engines, 1 free slot)")
    assert rejected["feed"] == f"New speed refused: {rejected['reason']}."
    assert g.module("crew").bars.status()["command"] == "VII"  # a refused order is not paid


def test_6_5_a_sailor_without_the_symbol_counts_as_one_for_an_extra_chip():
    g = game()
    stations(g, {"engineer-square": 5, "officer-circle": 5})
    accepted = one(do(g, {"do": "order", "order": "new_speed", "speed": "half_ahead"}), "order_accepted")
    assert {a["figure"]: (a["chips"], a["specialist"]) for a in accepted["activated"]} == {
        "engineer-square": (1, True), "officer-circle": (2, False)}


def test_6_6_a_sailor_with_too_few_free_slots_cannot_take_part():
    g = game()
    stations(g, {"engineer-square": 5, "officer-circle": 5})
    do(g, {"do": "chips", "figure": "officer-circle", "add": 2})
    rejected = one(do(g, {"do": "order", "order": "new_speed", "speed": "half_ahead"}), "order_rejected")
    assert "circle officer (no engines, 1 free slot)" in rejected["reason"]
    do(g, {"do": "chips", "figure": "engineer-square", "add": 3})
    rejected = one(do(g, {"do": "order", "order": "new_speed", "speed": "half_ahead"}), "order_rejected")
    assert "square engineer (engines, no free slot)" in rejected["reason"]


def test_6_5_specialists_first_then_fewest_chips():
    g = game()
    stations(g, {"engineer-square": 5, "engineer-triangle": 5, "engineer-circle": 5, "officer-circle": 5})
    do(g, {"do": "chips", "figure": "engineer-square", "add": 2})
    accepted = one(do(g, {"do": "order", "order": "new_speed", "speed": "half_ahead"}), "order_accepted")
    assert [a["figure"] for a in accepted["activated"]] == ["engineer-triangle", "engineer-circle"]


def test_6_5_a_sailor_carrying_both_symbols_counts_for_both():
    """New depth needs 2 helm and 2 ballast: officer-triangle carries helm and ballast."""
    g = game()
    g.module("boat").surfaced = False
    accepted = one(do(g, {"do": "order", "order": "new_depth", "depth_m": 40}), "order_accepted")
    assert sorted(a["figure"] for a in accepted["activated"]) == ["engineer-hexagon", "officer-square",
                                                                   "officer-triangle"]


def test_6_7_a_busy_sailor_executes_other_orders_in_his_section_but_never_two_long_tasks():
    g = game(aircraft=[{"type": "sunderland", "bearing": 90, "range_nm": 1.5}])
    stations(g, {"navigator-square": 8, "navigator-triangle": 8, "navigator-hexagon": 8})
    do(g, {"do": "order", "order": "observe", "count": 3})
    assert g.module("crew").lookouts() == 3  # navigator-hexagon has no observation symbol: 2 chips
    assert chips(g, "navigator-hexagon") == ["O", "A"]
    accepted = one(do(g, {"do": "order", "order": "gun_20"}), "order_accepted")  # lookouts fire the 20 mm
    assert {a["figure"] for a in accepted["activated"]} == {"navigator-triangle", "navigator-hexagon"}
    assert g.module("crew").lookouts() == 3
    do(g, {"do": "damage", "kind": "technical", "component": "gun_20", "severity": "maintenance"})
    rejected = one(do(g, {"do": "order", "order": "repair", "component": "gun_20"}), "order_rejected")
    assert "busy with observation" in rejected["reason"]


@pytest.mark.parametrize("order, params, activations", [
    ("enigma", {"messages": 2}, 2),
    ("fire_torpedoes", {"tubes": [1, 2, 3]}, 3),
    ("flood_tubes", {"tubes": [1, 2, 3, 4]}, 1),
])
def test_6_5_multi_activation_orders(order, params, activations):
    g = game(signals=2 if order == "enigma" else 0)  # one activation per signal decoded
    if order == "fire_torpedoes":
        tubes_ready(g, params["tubes"])
    stations(g, {"captain-circle": 1, "captain-triangle": 1})
    accepted = one(do(g, {"do": "order", "order": order, **params}), "order_accepted")
    assert sum(a["chips"] for a in accepted["activated"]) == activations


def test_7_5_the_stern_tube_is_in_section_6():
    g = game()
    stations(g, {"captain-circle": 1})
    rejected = one(do(g, {"do": "order", "order": "flood_tubes", "tubes": [1, 5]}), "order_rejected")
    assert rejected["reason"].startswith("1 sailor with the flood/fire torpedoes symbol needed in section 6; "
                                         "found nobody")


def test_6_5_malformed_order_fields_are_command_errors():
    from kaleun.core.errors import CommandError

    g = game()
    with pytest.raises(CommandError, match="tubes must be a list of tube numbers 1-5"):
        g.apply({"do": "order", "order": "fire_torpedoes", "tubes": [9]})
    with pytest.raises(CommandError, match="field 'messages' must be a whole number, got 'two'"):
        g.apply({"do": "order", "order": "enigma", "messages": "two"})


def test_10_3_5_light_failure_needs_one_more_sailor_with_one_chip():
    g = game()
    do(g, {"do": "damage", "kind": "environmental", "condition": "light_failure", "section": 3})
    accepted = one(do(g, {"do": "order", "order": "new_course", "course": 90}), "order_accepted")
    extra = [a for a in accepted["activated"] if a["figure"] not in ("officer-square", "officer-triangle")]
    assert len(extra) == 1 and extra[0]["chips"] == 1


def test_10_3_1_a_major_failure_makes_its_orders_impossible():
    g = game()
    do(g, {"do": "damage", "kind": "technical", "component": "rudder", "severity": "major_failure"})
    assert g.module("technical").disabled("rudder") and g.module("technical").degraded("rudder")
    rejected = one(do(g, {"do": "order", "order": "new_course", "course": 90}), "order_rejected")
    assert rejected["reason"] == "major failure of the rudder: the boat cannot change course"


def test_7_3_orders_are_paid_from_the_morale_bar_when_the_command_bar_is_spent():
    g = game()
    do(g, {"do": "adjust_command", "by": -8})
    events = do(g, {"do": "order", "order": "address_crew"})
    accepted = one(events, "order_accepted")
    assert accepted["paid"] == "morale" and accepted["morale_bar"] == "X"
    assert one(events, "morale_card")["deck"] == 1
    assert one(events, "captain_card")["feed"] == "Captain: play one Captain card now."


def test_7_3_both_bars_exhausted_no_orders():
    g = game()
    do(g, {"do": "adjust_command", "by": -8})
    do(g, {"do": "adjust_morale", "by": -11})
    rejected = one(do(g, {"do": "order", "order": "address_crew"}), "order_rejected")
    assert rejected["reason"].startswith("both the command bar and the morale bar are exhausted: no orders until a "
                                         "field frees up (the watch change at ")
    do(g, {"do": "adjust_command", "by": 1})
    assert named(do(g, {"do": "order", "order": "address_crew"}), "order_accepted")


def test_advise_mode_carries_the_order_out_and_says_what_was_missing():
    """The training mission advises: the telegraph changes speed though nobody stands in the diesel room."""
    g = game(rules="advise")
    events = do(g, {"do": "order", "order": "new_speed", "speed": "half_ahead"})
    warning = one(events, "crew_warning")
    assert warning["feed"] == ("New speed went ahead without its crew: 2 sailors with the engines symbol needed in "
                               "section 5 while surfaced; found nobody.")
    # the order and its world effect come first; the warning follows
    assert [e["event"] for e in events] == ["order_accepted", "speed_set", "crew_warning"]
    assert one(events, "speed_set")["telegraph"] == "half_ahead"
    assert one(events, "order_accepted")["paid"] == "command"


def test_the_training_mission_advises_and_the_crew_options_enforce():
    from kaleun.uboot.game import new_game

    g = new_game(0)
    assert g.module("crew").rules == "advise"
    assert one(do(g, {"do": "crew_options", "rules": "enforce"}), "crew_options")["rules"] == "enforce"
    assert named(do(g, {"do": "order", "order": "new_speed", "speed": "half_ahead"}), "order_rejected")


def test_9_3_more_lookouts_join_without_an_order_and_a_lookout_can_stand_down():
    g = game()
    stations(g, {"navigator-square": 8, "navigator-triangle": 8})
    do(g, {"do": "end_mobilize"})
    refused = one(do(g, {"do": "join_task", "task": "observation"}), "action_refused")
    assert "no lookouts are posted: assign observation sectors first" in refused["reason"]
    stations(g, {"navigator-square": 8})
    do(g, {"do": "order", "order": "observe"})  # both lookouts posted
    stations(g, {"navigator-hexagon": 8})
    events = do(g, {"do": "end_mobilize"}) + do(g, {"do": "join_task", "task": "observation"})
    assert one(events, "activation")["sailors"][0]["figure"] == "navigator-hexagon"
    assert g.module("crew").lookouts() == 3
    paid = g.module("crew").bars.status()["command"]
    events = do(g, {"do": "stop_task", "figure": "navigator-triangle"})
    assert one(events, "lookouts")["count"] == 2
    assert g.module("crew").bars.status()["command"] == paid  # joining and standing down are free


def test_9_3_the_sextant_is_read_without_interrupting_the_observation():
    g = game()
    stations(g, {"navigator-square": 8})
    do(g, {"do": "order", "order": "observe"})
    accepted = one(do(g, {"do": "order", "order": "sextant"}), "order_accepted")
    assert accepted["activated"][0]["figure"] == "navigator-square"
    assert chips(g, "navigator-square") == ["O", "A"] and g.module("crew").lookouts() == 1


BRIDGE = {"navigator-square": 8, "navigator-triangle": 8, "navigator-hexagon": 8}  # hexagon: no observation


def test_9_3_by_default_the_observation_specialists_on_the_bridge_go_on_lookout():
    """§9.3 leaves the number of lookouts to the players; without a choice only the specialists (one chip
    each) are posted, not every sailor on the bridge."""
    g = game()
    stations(g, BRIDGE)
    accepted = one(do(g, {"do": "order", "order": "observe"}), "order_accepted")
    assert {a["figure"]: a["chips"] for a in accepted["activated"]} == {"navigator-square": 1,
                                                                        "navigator-triangle": 1}
    assert chips(g, "navigator-hexagon") == [] and g.module("crew").lookouts() == 2


def test_9_3_without_a_specialist_everyone_on_the_bridge_goes_on_lookout():
    g = game()
    stations(g, {"navigator-hexagon": 8, "officer-square": 8})
    accepted = one(do(g, {"do": "order", "order": "observe"}), "order_accepted")
    assert sorted((a["figure"], a["chips"]) for a in accepted["activated"]) == [("navigator-hexagon", 2),
                                                                                ("officer-square", 2)]


def test_9_3_the_order_names_the_lookouts_or_their_number():
    g = game()
    stations(g, BRIDGE)
    accepted = one(do(g, {"do": "order", "order": "observe", "figures": ["navigator-hexagon"]}), "order_accepted")
    assert accepted["figures"] == ["navigator-hexagon"]
    assert [(a["figure"], a["chips"]) for a in accepted["activated"]] == [("navigator-hexagon", 2)]
    assert g.module("crew").lookouts() == 1
    g = game()
    stations(g, BRIDGE)
    accepted = one(do(g, {"do": "order", "order": "observe", "count": 1}), "order_accepted")
    assert [a["figure"] for a in accepted["activated"]] == ["navigator-square"]  # a specialist first


def test_9_3_named_lookouts_must_stand_on_the_bridge_and_six_at_most():
    g = game()
    stations(g, {"navigator-square": 8})
    rejected = one(do(g, {"do": "order", "order": "observe", "figures": ["navigator-square", "navigator-circle"]}),
                   "order_rejected")
    assert rejected["reason"] == ("lookouts square navigator and circle navigator needed in section 8; found "
                                  "square navigator (observation)")
    assert g.module("crew").lookouts() == 0
    stations(g, {"navigator-triangle": 8})
    do(g, {"do": "order", "order": "observe", "count": 2})
    rejected = one(do(g, {"do": "order", "order": "observe", "count": 5}), "order_rejected")
    assert rejected["reason"] == "6 lookouts at most: room for 4 more"


def test_9_3_join_task_takes_a_number_of_lookouts_too():
    g = game()
    stations(g, {"navigator-square": 8, "officer-square": 8, "officer-triangle": 8})
    do(g, {"do": "order", "order": "observe"})
    assert g.module("crew").lookouts() == 1
    events = do(g, {"do": "join_task", "task": "observation", "count": 2})
    assert len(one(events, "activation")["sailors"]) == 2 and g.module("crew").lookouts() == 3


@pytest.mark.parametrize("fields, message", [
    ({"figures": ["navigator-square"], "count": 1}, "figures or their count, not both"),
    ({"count": 7}, "count must be between 1 and 6"),
    ({"figures": "navigator-square"}, "figures must be a list of different figures"),
])
def test_9_3_malformed_lookout_fields_are_command_errors(fields, message):
    from kaleun.core.errors import CommandError

    g = game()
    with pytest.raises(CommandError, match=message):
        g.apply({"do": "order", "order": "observe", **fields})


def test_7_7_the_captain_card_is_played_after_the_order_is_paid_and_its_sailor_activated():
    """§7.7: "Die Befehls-Kosten müssen bezahlt und der ausführende Matrose muss ganz normal aktiviert
    werden, bevor die Karteneffekte angewendet werden": the feed asks for the card only after the payment
    from the morale bar (with its morale card) and the activation."""
    g = game()
    do(g, {"do": "adjust_command", "by": -8})
    names = [e["event"] for e in do(g, {"do": "order", "order": "address_crew"})]
    assert names.index("captain_card") > names.index("morale_card")
    assert names.index("captain_card") > names.index("morale")
    assert names.index("captain_card") > names.index("activation")
    assert names[-1] == "captain_card"
