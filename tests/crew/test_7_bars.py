"""§7.2-7.4 the command bar and the morale bar."""

from __future__ import annotations

from crewkit import do, game, named, one
from kaleun.uboot.crew.bars import COMMAND_FIELDS, MORALE_FIELDS, Bars


def test_7_2_the_command_bar_has_nine_fields_from_VIII_to_blank():
    assert COMMAND_FIELDS == ("VIII", "VII", "VI", "V", "IV", "III", "II", "I", "")
    g = game()
    for expected in ("VII", "VI", "V", "IV", "III", "II", "I", "blank"):
        assert one(do(g, {"do": "order", "order": "address_crew"}), "order_accepted")["command_bar"] == expected


def test_7_3_the_morale_bar_has_twelve_fields_and_draws_cards_at_X_VIII_VI_IV_II_and_its_end():
    assert MORALE_FIELDS[0] == "XI" and len(MORALE_FIELDS) == 12
    bars = Bars()
    move = bars.move_morale(-11)
    assert move.cards == [("X", 1), ("VIII", 1), ("VI", 2), ("IV", 2), ("II", 3), ("blank", 3)]
    assert bars.exhausted
    assert bars.move_morale(+3).cards == []  # no draws when morale rises


def test_7_3_one_card_per_field_crossed_whatever_the_cause():
    g = game()
    events = do(g, {"do": "kill", "figure": "captain-hexagon"})  # -2: XI -> IX crosses X
    assert [c["deck"] for c in named(events, "morale_card")] == [1]
    events = do(g, {"do": "adjust_morale", "by": -3, "why": "event card"})  # IX -> VI crosses VIII and VI
    assert [c["deck"] for c in named(events, "morale_card")] == [1, 2]


def test_7_3_morale_never_rises_past_XI_and_a_sinking_gives_plus_3():
    g = game()
    do(g, {"do": "adjust_morale", "by": -1})
    events = [e.to_json() for e in (g.emit("ship_sunk", ship="Empire Star", **{"class": "freighter"}, grt=7000),
                                    *g.take_events())]
    assert one(events, "morale")["value"] == 11
    do(g, {"do": "adjust_morale", "by": -4})
    g.emit("ship_sunk", ship="Baron", grt=3000)
    assert one([e.to_json() for e in g.take_events()], "morale")["change"] == 3


def test_7_4_an_exhausted_crew_dies_at_a_new_environmental_condition_or_hull_breach():
    for kind in ({"kind": "environmental", "condition": "leak", "section": 2}, {"kind": "hull_breach", "section": 2}):
        g = game()
        do(g, {"do": "adjust_morale", "by": -11})
        events = do(g, {"do": "damage", **kind})
        end = one(events, "mission_end")
        assert end["result"] == "lost" and end["reason"] == "all_hands_lost"


def test_7_4_a_light_failure_never_kills_an_exhausted_crew():
    g = game()
    events = do(g, {"do": "adjust_morale", "by": -11})
    assert one(events, "crew_exhausted")
    events = do(g, {"do": "damage", "kind": "environmental", "condition": "light_failure", "section": 2})
    assert not named(events, "mission_end") and one(events, "condition_placed")


def test_7_4_other_losses_never_push_the_marker_off_the_bar():
    g = game()
    do(g, {"do": "adjust_morale", "by": -11})
    events = do(g, {"do": "kill", "figure": "captain-hexagon"})
    assert not named(events, "mission_end") and g.module("crew").bars.exhausted
