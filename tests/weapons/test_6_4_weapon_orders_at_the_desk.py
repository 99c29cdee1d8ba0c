"""Every weapon order keeps the order desk's contract (rulebook §6.4: giving an order ends an open
mobilization; host/README.md, "How an order is validated"): checking it changes nothing, and a refusal
ends the mobilization the same way — with the same undo entry — whether the order's own check
("tube 1 is already loaded", "no TDC solution") or the crew check (nobody at the station) refuses it."""

from __future__ import annotations

import json

import pytest
from weaponskit import do, named, one, range_game


def _armed(rules: str = "enforce"):
    """The boat at periscope depth, its periscope up, with the TDC programmed and tube 1 flooded (set up
    with the crew rules only advising), then the rules as asked, and a mobilization open in which the
    two men of the bow room have left it."""
    g = range_game(flooded=[1], vessels=[{"class": "tramp", "bearing": 0, "range_m": 1500, "course": 90,
                                          "speed_kn": 7.5}])
    do(g, {"do": "order", "order": "hydrophone"})  # contact c1
    do(g, {"do": "order", "order": "periscope"})  # the TDC's view (§8.4), kept up by the TDC
    do(g, {"do": "order", "order": "tdc", "bearing": 0, "range_m": 1500, "course": 90, "speed_kn": 7.5})
    do(g, {"do": "crew_options", "rules": rules})
    do(g, {"do": "order", "order": "mobilize"})
    # the bow room empties: nobody is left there to flood or fire the tubes
    do(g, {"do": "place", "figure": "captain-circle", "section": 2})
    do(g, {"do": "place", "figure": "captain-hexagon", "section": 2})
    return g


def _weapons_state(g) -> str:
    return json.dumps(g.module("weapons").to_state(), sort_keys=True)


# (order fields, which check refuses it, the reason's beginning)
REFUSALS = [
    ({"order": "reload_torpedo", "tube": 2}, "effect", "tube 2 is already loaded"),
    ({"order": "reload_torpedo", "tube": 1}, "effect", "tube 1 is loaded and flooded"),
    ({"order": "flood_tubes", "tubes": [1]}, "effect", "tube 1 is already flooded"),
    ({"order": "flood_tubes", "tubes": [2]}, "crew", ""),
    ({"order": "tdc", "source": "disc", "range_m": 1500, "speed_kn": 7}, "effect", "the attack disc is not set"),
    ({"order": "fire_torpedoes", "tubes": [2]}, "effect", "tube 2 is not flooded"),
    ({"order": "fire_torpedoes", "tubes": [1]}, "crew", ""),
    ({"order": "lay_mines", "tubes": [1]}, "effect", "the boat carries no mines"),
    ({"order": "gun_88", "target": "c9"}, "effect", ""),
    ({"order": "gun_20"}, "effect", ""),
]


@pytest.mark.parametrize("fields, check, reason", REFUSALS, ids=[f"{f['order']}-{c}" for f, c, _r in REFUSALS])
def test_6_4_a_refused_weapon_order_ends_the_mobilization_whichever_check_refuses_it(fields, check, reason):
    g = _armed()
    weapons_before = _weapons_state(g)
    events = do(g, {"do": "order", **fields})
    rejected = one(events, "order_rejected")
    said = str(rejected["reason"])
    assert said.startswith(reason)
    assert (check == "crew") == ("found" in said or "needed" in said), said
    names = [e["event"] for e in events]
    assert names.index("mobilization_ended") < names.index("order_rejected")
    assert one(events, "mobilization_ended")["why"] == "next order"
    assert _weapons_state(g) == weapons_before  # the refusal left the weapons as they were
    assert named(events, "order_accepted") == []
    assert one(do(g, {"do": "undo"}), "undone")["action"] == "end of the mobilization"
    assert g.module("crew").moves.open


@pytest.mark.parametrize("fields", [f for f, _c, _r in REFUSALS] + [
    {"order": "tdc", "bearing": 10, "range_m": 1500, "course": 90, "speed_kn": 7.5},
    {"order": "fire_torpedoes", "tubes": [1]},
    {"order": "tdc", "contact": "c1", "aob": 90},
    {"order": "tdc", "contact": "c1"},
    {"order": "gun_88", "target": "c1"}])
def test_6_4_checking_a_weapon_order_changes_nothing(fields):
    """The order assistant's preview runs every check of the order and leaves the whole game as it was."""
    g = _armed(rules="advise")
    before = json.dumps(g.to_state(), sort_keys=True)
    g.module("orders").preview(fields)
    assert json.dumps(g.to_state(), sort_keys=True) == before


def test_6_5_no_order_takes_its_fields_unchecked():
    """The attack, the order desk: after the attack no U-BOOT order takes its fields unchecked except
    `enigma`, whose effect came with the missions: now every order of orders.toml has its effect at the
    desk, in a game without HQ too, and a field it does not know is a clear error that changes nothing."""
    from kaleun.core.errors import CommandError
    from kaleun.uboot.orders import ORDER_NAMES

    g = range_game()  # the practice range: no HQ
    desk = g.module("orders")
    assert [order for order in ORDER_NAMES if desk.effect(order) is None] == []
    before = json.dumps(g.to_state(), sort_keys=True)
    needed = {"new_speed": {"speed": "stop"}, "new_course": {"course": 90}, "new_depth": {"depth_m": 30},
              "gun_88": {"target": "c1"}, "repair": {"component": "periscope"},
              "first_aid": {"patients": ["captain-circle"]}}  # the fields each needs, so the unknown one is what fails
    for order in ORDER_NAMES:
        with pytest.raises(CommandError, match=f"^{order}: unknown field\\(s\\) 'colour'$"):
            do(g, {"do": "order", "order": order, "colour": "red", **needed.get(order, {})})
    assert json.dumps(g.to_state(), sort_keys=True) == before


@pytest.mark.parametrize("fields", [
    {"order": "new_speed", "speed": "stop"},  # the telegraph already stands at stop
    {"order": "fire_torpedoes", "tubes": [2]},  # tube 2 is not flooded
    {"order": "reload_torpedo", "tube": 1},  # tube 1 is loaded and flooded
    {"order": "gun_88", "target": "c1"},  # submerged: the gun cannot be manned
])
def test_4_1_once_the_mission_is_over_every_order_is_refused_for_that_first(fields):
    """§4.1 (all hands lost, §7.4: the game is over): an order the order's own check would refuse as well was told
    that lesser reason ("the telegraph already stands at stop", "tube 2 is not flooded") and not that the mission
    is over. The desk asks first whether any order can be given at all; the refusal, and the console's preview,
    say "the mission is over", and change nothing."""
    g = _armed()
    do(g, {"do": "adjust_morale", "by": -11, "why": "morale cards"})
    end = do(g, {"do": "damage", "kind": "environmental", "condition": "fire", "section": 5})
    assert one(end, "mission_end")
    before = _weapons_state(g), json.dumps(g.module("crew").to_state(), sort_keys=True)
    preview = g.module("orders").preview(fields)
    assert (preview["accepted"], preview["reason"], preview["also"]) == (False, "the mission is over", [])
    events = do(g, {"do": "order", **fields})
    assert [e["event"] for e in events] == ["order_rejected"]
    assert events[0]["reason"] == "the mission is over"
    assert (_weapons_state(g), json.dumps(g.module("crew").to_state(), sort_keys=True)) == before


def test_4_1_once_the_boat_is_lost_every_order_is_refused_for_that():
    """§4.1: the boat run aground and lost (the shoal exercise, dived to 40 m): the mission is over because the boat
    is lost, and every order — a flood of a tube already flooded, the telegraph to where it stands, a mobilize —
    is refused for that, the more telling reason, before anything the order's own check would say."""
    from kaleun.uboot.game import new_game

    g = new_game(0, "exercise_shoal", {"crew_rules": "advise", "tubes_flooded": [1]})
    do(g, {"do": "order", "order": "dive"})
    g.advance(40)
    do(g, {"do": "order", "order": "new_depth", "depth_m": 40})
    g.advance(60)
    assert g.module("boat").lost and g.module("mission").over
    for fields in ({"order": "flood_tubes", "tubes": [1]}, {"order": "new_speed", "speed": g.module("boat").telegraph},
                   {"order": "mobilize"}):
        assert g.module("orders").preview(fields)["reason"] == "the boat is lost"
        assert one(do(g, {"do": "order", **fields}), "order_rejected")["reason"] == "the boat is lost"
