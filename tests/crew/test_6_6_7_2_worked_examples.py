"""Worked examples of the rulebook's §6.6 (activation) and §7.2 (the command bar), played as table scripts."""

from __future__ import annotations

from crewkit import chips, game, named, one, play


def test_7_2_worked_example_one_mobilization_and_two_more_orders_leave_the_marker_on_V(tmp_path):
    """§7.2: "So far the Captain has ordered 1 mobilization and given 2 more orders": the marker started on
    VIII and moved one field right for each of the three, mobilize included."""
    g, events = play(tmp_path, [
        {"t": 10, "do": "order", "order": "mobilize"},
        {"t": 20, "do": "place", "figure": "engineer-square", "section": 5},
        {"t": 25, "do": "place", "figure": "engineer-triangle", "section": 5},
        {"t": 30, "do": "end_mobilize"},
        {"t": 40, "do": "order", "order": "new_course", "course": 330},
        {"t": 50, "do": "order", "order": "new_speed", "speed": "half_ahead"},
    ])
    accepted = named(events, "order_accepted")
    assert [a["command_bar"] for a in accepted] == ["VII", "VI", "V"]
    assert all(a["paid"] == "command" for a in accepted)
    status = g.module("crew").bars.status()
    assert status["command"] == "V" and status["command_fields_left"] == 5 and status["morale"] == "XI"


def test_6_6_worked_example_the_radio_operator_with_three_chips_can_execute_no_more(tmp_path):
    """§6.6: the radio operator has executed 3 orders and can execute no more: all his slots are taken. The two
    helmsmen who changed course carry one activation chip each (the German edition's example to its crew tile
    picture). A fourth Enigma order falls to the only other sailor in section 2, who lacks the symbol (§6.5: two
    chips); with him gone too, it is refused and names the radio operator's full slots."""
    g = game(signals=5)
    g, events = play(tmp_path, [
        {"t": 70, "do": "order", "order": "enigma", "messages": 1},
        {"t": 80, "do": "order", "order": "enigma", "messages": 1},
        {"t": 90, "do": "order", "order": "enigma", "messages": 1},
        {"t": 100, "do": "order", "order": "new_course", "course": 330},
        {"t": 110, "do": "order", "order": "enigma", "messages": 1},
        {"t": 120, "do": "order", "order": "enigma", "messages": 1},
    ], g=g)
    assert chips(g, "officer-circle") == ["A", "A", "A"]
    enigma = [a for a in named(events, "order_accepted") if a["order"] == "enigma"]
    assert [a["activated"][0]["figure"] for a in enigma] == ["officer-circle"] * 3 + ["officer-hexagon"]
    assert enigma[3]["activated"][0]["chips"] == 2 and not enigma[3]["activated"][0]["specialist"]
    rejected = one(events, "order_rejected")
    assert rejected["order"] == "enigma"
    assert rejected["reason"] == ("1 sailor with the Enigma symbol needed in section 2; found circle officer (Enigma, "
                                  "no free slot), hexagon officer (no Enigma, 1 free slot)")
    assert chips(g, "officer-square") == ["A"] and chips(g, "officer-triangle") == ["A"]
    # the refused order was not paid: five orders paid, VIII -> III
    assert g.module("crew").bars.status()["command"] == "III"
