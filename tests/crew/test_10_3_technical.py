"""§10.3.1-10.3.3 technical conditions: wear, escalation, repair crews, pauses, completion."""

from __future__ import annotations

import pytest
from crewkit import advance, do, game, named, one, stations
from kaleun.uboot.crew.technical import COMPONENTS, SEVERITY, colour_of

CONTRACT_COMPONENTS = {"periscope", "hydrophone", "radio", "diesels", "e_motors", "batteries", "rudder",
                       "hydroplanes", "compressor", "bow_tubes", "stern_tube", "tdc", "gun_88", "gun_20", "sextant",
                       "bilge_pump"}


def test_10_3_1_the_component_list_is_data():
    assert set(COMPONENTS) == CONTRACT_COMPONENTS
    assert all(1 <= c["section"] <= 8 and c["effect"] for c in COMPONENTS.values())


def test_10_3_2_colour_sets_the_crew():
    assert colour_of("periscope", "maintenance") == "green"
    assert colour_of("diesels", "maintenance") == "yellow"  # a harder component
    assert colour_of("diesels", "major_failure") == "red"


def test_10_3_1_random_wear_opens_maintenance_conditions_deterministically():
    def log(seed):
        g = game(seed=seed, wear=True)
        return [(e["t"], e["component"]) for e in named(advance(g, 3 * 86400), "technical_condition")]

    first = log(11)
    assert first and first == log(11) and first != log(12)
    g = game(seed=11, wear=True)
    events = named(advance(g, first[0][0] + 1), "technical_condition")
    assert events[0]["severity"] == "maintenance" and events[0]["cause"] == "wear"


def test_10_3_1_ignored_conditions_escalate_to_a_major_failure():
    g = game()
    do(g, {"do": "damage", "kind": "technical", "component": "periscope", "severity": "maintenance"})
    hours = SEVERITY["maintenance"]["escalate_h"] + SEVERITY["failure"]["escalate_h"]
    events = named(advance(g, hours * 3600), "technical_condition")
    assert [(e["severity"], e["escalated"]) for e in events] == [("failure", True), ("major_failure", True)]
    assert events[-1]["feed"] == ("Major failure: periscope out of action, the periscope cannot be raised "
                                  "(red: 3 sailors, section 3).")
    assert g.module("technical").disabled("periscope")


def test_10_3_1_damage_makes_an_open_condition_worse_never_better():
    g = game()
    do(g, {"do": "damage", "kind": "technical", "component": "radio", "severity": "failure"})
    assert not named(do(g, {"do": "damage", "kind": "technical", "component": "radio", "severity": "maintenance"}),
                     "technical_condition")
    assert g.module("technical").job("radio").severity == "failure"


def _repair_periscope(g, severity="failure"):
    do(g, {"do": "damage", "kind": "technical", "component": "periscope", "severity": severity})
    return do(g, {"do": "order", "order": "repair", "component": "periscope"})


def test_10_3_2_the_repair_crew_is_activated_with_technical_chips_and_finishes_the_job():
    g = game()
    stations(g, {"engineer-square": 3, "engineer-triangle": 3})
    events = _repair_periscope(g)  # yellow: 2 sailors
    accepted = one(events, "order_accepted")
    assert {a["figure"] for a in accepted["activated"]} == {"engineer-square", "engineer-triangle"}
    crew = g.module("crew")
    assert crew.sailor("engineer-square").chips == ["T"] and crew.sailor("engineer-square").busy
    assert one(events, "technical_repair_started")["required"] == 2
    events = advance(g, 45 * 60)
    assert one(events, "technical_repaired")["feed"] == "Repair complete: periscope."
    assert crew.sailor("engineer-square").chips == ["A"] and not crew.sailor("engineer-square").busy
    assert not g.module("technical").degraded("periscope")


def test_10_3_2_a_repair_pauses_when_the_crew_drops_below_its_size_and_resumes_without_an_order():
    g = game()
    stations(g, {"engineer-square": 3, "engineer-triangle": 3})
    _repair_periscope(g)
    advance(g, 10 * 60)
    events = stations(g, {"engineer-triangle": 4})  # the mobilize moves one repairman away
    paused = one(events, "technical_repair_paused")
    assert paused["sailors"] == ["engineer-square"] and paused["required"] == 2
    assert paused["progress"] == pytest.approx(10 / 45, abs=0.01)
    assert g.module("crew").sailor("engineer-square").chips == ["A"]  # all the crew's chips turned over
    assert not g.module("technical").job("periscope").active
    do(g, {"do": "end_mobilize"})
    advance(g, 60 * 60)
    assert g.module("technical").job("periscope").done == pytest.approx(600)  # nothing done while paused
    events = do(g, {"do": "join_task", "task": "repair", "component": "periscope"})
    assert one(events, "technical_repair_resumed")
    assert named(advance(g, 60 * 60 + 35 * 60), "technical_repaired")


def test_10_3_2_a_repair_nobody_ordered_cannot_be_joined():
    g = game()
    do(g, {"do": "damage", "kind": "technical", "component": "periscope", "severity": "failure"})
    refused = one(do(g, {"do": "join_task", "task": "repair", "component": "periscope"}), "action_refused")
    assert refused["reason"] == "no repair of the periscope has been ordered"


def test_10_3_3_an_engineer_card_adds_to_the_crew_and_needs_its_toolbox():
    g = game()
    events = do(g, {"do": "damage", "kind": "technical", "component": "periscope", "severity": "failure"})
    rejected = one(do(g, {"do": "order", "order": "repair", "component": "periscope", "card": 1}), "order_rejected")
    assert rejected["reason"] == "an engineer card needs its toolbox in section 3"
    do(g, {"do": "move_item", "item": "toolbox_1", "section": 3})
    stations(g, {"engineer-square": 3})
    events = do(g, {"do": "order", "order": "repair", "component": "periscope", "card": 1})
    assert len(one(events, "order_accepted")["activated"]) == 1
    assert one(events, "technical_repair_started")["card"] == 1
    assert g.module("technical").job("periscope").active


def test_10_3_3_an_engineer_card_needs_a_repair_specialist_in_the_crew():
    g = game()
    do(g, {"do": "damage", "kind": "technical", "component": "periscope", "severity": "failure"})
    do(g, {"do": "move_item", "item": "toolbox_1", "section": 3})
    stations(g, {"engineer-circle": 4, "engineer-hexagon": 4})  # no repair symbol left in the control room
    events = do(g, {"do": "order", "order": "repair", "component": "periscope", "card": 1})
    assert "needs a repair specialist" in one(events, "card_note")["feed"]
    assert not g.module("technical").job("periscope").active


def test_10_3_2_orders_for_a_component_without_a_condition_are_refused():
    g = game()
    rejected = one(do(g, {"do": "order", "order": "repair", "component": "tdc"}), "order_rejected")
    assert rejected["reason"] == "the torpedo data computer has no technical condition to repair"


def test_10_3_2_a_watch_change_without_free_reliefs_pauses_the_repair():
    g = game()
    advance(g, 7200 - 300)
    stations(g, {"engineer-square": 3, "engineer-triangle": 3})
    _repair_periscope(g)
    do(g, {"do": "chips", "sailor": "engineer-triangle/2", "add": 3})
    events = advance(g, 7200)
    assert one(events, "crew_watch_change")["stopped"][0]["figure"] == "engineer-triangle"
    assert one(events, "technical_repair_paused")["sailors"] == ["engineer-square"]


def test_10_3_the_feed_names_components_as_a_crew_says_them():
    """The First Officer reads the feed aloud: component names, not ids, with the verb agreeing."""
    g = game()
    rejected = one(do(g, {"do": "order", "order": "repair", "component": "diesels"}), "order_rejected")
    assert rejected["reason"] == "the diesels have no technical condition to repair"
    do(g, {"do": "damage", "kind": "technical", "component": "e_motors", "severity": "maintenance"})
    stations(g, {"engineer-square": 6, "engineer-triangle": 6})
    events = do(g, {"do": "order", "order": "repair", "component": "e_motors"})
    assert one(events, "order_accepted")["feed"] == "Order: repair the electric motors."
    assert one(events, "technical_repair_started")["feed"] == ("Repair of the electric motors under way: 2 sailors "
                                                               "of 2 needed.")
    rejected = one(do(g, {"do": "order", "order": "repair", "component": "e_motors"}), "order_rejected")
    assert rejected["reason"] == "the electric motors are already being repaired"
    events = do(g, {"do": "stop_task", "figure": "engineer-square"})
    assert one(events, "task_stopped")["feed"] == ("square engineer (Chief mechanic) stops his repair of the "
                                                   "electric motors: stood down.")
    assert one(events, "technical_repair_paused")["feed"].startswith("Repair of the electric motors paused: 1 of 2")
    events = do(g, {"do": "join_task", "task": "repair", "component": "e_motors"})
    assert one(events, "technical_repair_resumed")["feed"] == "Repair of the electric motors goes on with 2 sailors."
    g = game()
    stations(g, {"engineer-square": 3})
    _repair_periscope(g, "maintenance")  # green: one sailor
    do(g, {"do": "stop_task", "figure": "engineer-square"})
    events = do(g, {"do": "join_task", "task": "repair", "component": "periscope"})
    assert one(events, "technical_repair_resumed")["feed"] == "Repair of the periscope goes on with 1 sailor."


def test_10_3_3_an_engineer_card_stays_in_play_until_the_repair_is_done_one_card_per_repair():
    """§10.3.3: +1/+2 crew cards stay until the repair is done; one card per repair. A paused repair ordered
    again keeps its card (before, the new order set it back to none); a second card is refused."""
    g = game()
    do(g, {"do": "damage", "kind": "technical", "component": "periscope", "severity": "failure"})  # 2 needed
    do(g, {"do": "move_item", "item": "toolbox_1", "section": 3})
    stations(g, {"engineer-square": 3})
    do(g, {"do": "order", "order": "repair", "component": "periscope", "card": 1})
    job = g.module("technical").job("periscope")
    assert job.active and job.bonus == 1
    advance(g, 10 * 60)
    one(stations(g, {"engineer-square": 4}), "technical_repair_paused")  # the repairman moves away
    do(g, {"do": "end_mobilize"})
    assert job.bonus == 1 and not job.active
    rejected = one(do(g, {"do": "order", "order": "repair", "component": "periscope", "card": 1}), "order_rejected")
    assert rejected["reason"] == "an engineer card is already in play on this repair (one card per repair)"
    stations(g, {"engineer-triangle": 3})
    do(g, {"do": "end_mobilize"})
    events = do(g, {"do": "order", "order": "repair", "component": "periscope"})
    assert one(events, "technical_repair_started")["card"] == 1
    assert job.bonus == 1 and job.active
