"""The order desk's contract (host/README.md, "How an order is validated"): checking an order
changes nothing, and what giving an order does — an open mobilization ends (§6.4) — happens the
same way whichever check refuses it."""

from __future__ import annotations

import json

import pytest
from crewkit import do, game, named, one
from kaleun.core.errors import CommandError


def _mobilized_with_a_move(rules: str = "enforce"):
    g = game(rules=rules)
    do(g, {"do": "order", "order": "mobilize"})
    do(g, {"do": "place", "figure": "engineer-square", "section": 5})
    return g


def _refusal(g, order: dict) -> list[dict]:
    events = do(g, {"do": "order", **order})
    one(events, "order_rejected")
    return events


@pytest.mark.parametrize("order, check", [
    ({"order": "new_speed", "speed": "stop"}, "effect"),           # the telegraph already stands at stop
    ({"order": "periscope"}, "effect"),                             # the boat is surfaced
    ({"order": "new_speed", "speed": "half_ahead"}, "crew"),      # one engine man in section 5, two needed
    ({"order": "gun_88", "target": "c1"}, "effect"),                # no such contact / no target
])
def test_6_4_a_refused_order_ends_the_mobilization_whichever_check_refuses_it(order, check):
    g = _mobilized_with_a_move()
    events = _refusal(g, order)
    assert (check == "crew") == ("found" in one(events, "order_rejected")["reason"])
    ended = one(events, "mobilization_ended")
    assert ended["why"] == "next order"
    assert [e["event"] for e in events].index("mobilization_ended") < [e["event"] for e in events].index(
        "order_rejected")
    assert not g.module("crew").moves.open
    # the end of the mobilization can be taken back, as after an accepted order
    undone = do(g, {"do": "undo"})
    assert one(undone, "undone")["action"] == "end of the mobilization"
    assert g.module("crew").moves.open


def _rules_state(g) -> str:
    """The game's state but the feed's record (a log of what was said, the refusal among it)."""
    state = g.to_state()
    state["modules"]["compression"].pop("feed", None)
    return json.dumps(state, sort_keys=True)


def test_checking_an_order_changes_nothing_when_no_mobilization_is_open():
    g = game()
    before = _rules_state(g)
    events = _refusal(g, {"order": "new_speed", "speed": "stop"})
    assert named(events, "mobilization_ended") == []
    events = _refusal(g, {"order": "reload_torpedo", "tube": 1})  # the tube is loaded already
    assert _rules_state(g) == before


def test_a_malformed_order_is_an_error_and_does_not_end_the_mobilization():
    g = _mobilized_with_a_move()
    with pytest.raises(CommandError):
        g.apply({"do": "order", "order": "fire_torpedoes", "tubes": [9]})
    assert g.module("crew").moves.open


def test_the_order_assistant_previews_an_order_without_giving_it():
    """The console's order assistant: who would carry the order out with how many chips, or exactly what
    is missing — and nothing in the game changes, an open mobilization included."""
    g = _mobilized_with_a_move()
    before = json.dumps(g.to_state(), sort_keys=True)
    desk = g.module("orders")
    short = desk.preview({"order": "new_speed", "speed": "half_ahead"})
    assert not short["accepted"]
    assert str(short["reason"]).startswith("2 sailors with the engines symbol needed in section 5")
    assert json.dumps(g.to_state(), sort_keys=True) == before and g.module("crew").moves.open
    do(g, {"do": "place", "figure": "engineer-triangle", "section": 5})
    ready = desk.preview({"order": "new_speed", "speed": "half_ahead"})
    assert ready["accepted"] and ready["paid"] == "command"
    assert {(a["figure"], a["chips"]) for a in ready["activated"]} == {("engineer-square", 1), ("engineer-triangle", 1)}
    given = one(do(g, {"do": "order", "order": "new_speed", "speed": "half_ahead"}), "order_accepted")
    assert given["activated"] == ready["activated"]


def test_6_5_the_order_assistant_says_each_reason_once():
    """A reason the order's own check gives twice, or that a validator gives as well, is named once in the
    preview, and never again beside the reason that refuses the order (read aloud, the First Officer hears each
    thing to put right once)."""
    from kaleun.core.messages import Msg
    from kaleun.uboot.orders import Effect

    g = game()
    desk = g.module("orders")
    flooded = Msg("tube {tube} is not flooded", tube=1)
    no_view = Msg("the periscope is down")
    desk.register("enigma", Effect(lambda args: {}, lambda p: no_view, lambda p: None, lambda p: Msg("enigma"),
                                   reasons=lambda p: [no_view, flooded, Msg("tube {tube} is not flooded", tube=1),
                                                      no_view, flooded]))
    answer = desk.preview({"order": "enigma"})
    assert str(answer["reason"]) == "the periscope is down"
    also = [str(a) for a in answer["also"]]
    assert also.count("tube 1 is not flooded") == 1 and "the periscope is down" not in also, also
    assert len(also) == len(set(also)), also
