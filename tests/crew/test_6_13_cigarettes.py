"""§6.13 cigarettes: a smoke break on deck and bridge."""

from __future__ import annotations

from crewkit import WATCH_CHANGE_S, advance, chips, do, game, one, stations


def _on_the_bridge(g):
    stations(g, {"navigator-square": 8, "navigator-triangle": 8, "officer-square": 8, "captain-square": 7,
                 "engineer-square": 7})
    do(g, {"do": "end_mobilize"})
    for f in ("navigator-square", "navigator-triangle", "officer-square", "captain-square", "engineer-square"):
        do(g, {"do": "chips", "figure": f, "add": 2})


def test_6_13_one_cigarette_lets_four_sailors_in_7_and_8_discard_one_activation_chip():
    g = game()
    _on_the_bridge(g)
    events = do(g, {"do": "smoke", "role": "navigator"})
    smoke = one(events, "smoke_break")
    assert len(smoke["sailors"]) == 4 and smoke["left"]["navigator"] == 1
    assert sum(len(chips(g, f)) for f in smoke["sailors"]) == 4
    assert one(do(g, {"do": "smoke", "role": "captain"}), "action_refused")["reason"] == \
        "the crew has already had its smoke break this watch"
    advance(g, WATCH_CHANGE_S)
    assert g.module("crew").cigarettes.smoked is False


def test_6_13_several_cigarettes_in_one_break_and_only_with_an_own_sailor_outside():
    g = game()
    _on_the_bridge(g)
    refused = one(do(g, {"do": "smoke", "roles": ["navigator", "officer"],
                         "sailors": ["navigator-square", "navigator-triangle", "officer-square", "captain-square",
                                     "engineer-square", "officer-circle"]}), "action_refused")
    assert refused["reason"] == "circle officer is not on deck or bridge"
    smoke = one(do(g, {"do": "smoke", "roles": ["navigator", "officer"]}), "smoke_break")
    assert len(smoke["sailors"]) == 5


def test_6_13_a_role_without_a_sailor_outside_cannot_smoke():
    g = game()
    _on_the_bridge(g)
    stations(g, {"engineer-square": 5})
    do(g, {"do": "end_mobilize"})
    refused = one(do(g, {"do": "smoke", "role": "engineer"}), "action_refused")
    assert refused["reason"] == "the engineer has no sailor of his own on deck or bridge"


def test_6_13_only_activation_chips_are_discarded():
    g = game()
    stations(g, {"navigator-square": 8})
    do(g, {"do": "order", "order": "observe"})
    refused = one(do(g, {"do": "smoke", "role": "navigator", "sailors": ["navigator-square"]}), "action_refused")
    assert refused["reason"] == "square navigator has no activation chip to discard"


def test_6_13_a_break_in_which_nobody_can_discard_is_refused_and_costs_nothing():
    g = game()
    stations(g, {"navigator-square": 8})
    do(g, {"do": "end_mobilize"})  # on the bridge without an activation chip
    refused = one(do(g, {"do": "smoke", "role": "navigator"}), "action_refused")
    assert refused["reason"] == "nobody on deck or bridge has an activation chip to discard"
    crew = g.module("crew")
    assert crew.cigarettes.left["navigator"] == 2 and crew.cigarettes.smoked is False
    do(g, {"do": "chips", "figure": "navigator-square", "add": 1})
    assert one(do(g, {"do": "smoke", "role": "navigator"}), "smoke_break")


def test_6_13_the_feed_says_where_the_break_is_taken():
    g = game()
    stations(g, {"captain-square": 7})
    do(g, {"do": "end_mobilize"})
    do(g, {"do": "chips", "figure": "captain-square", "add": 1})
    assert one(do(g, {"do": "smoke", "role": "captain"}), "smoke_break")["feed"] == (
        "Smoke break on deck: square captain discards an activation chip.")
    g = game()
    _on_the_bridge(g)
    assert one(do(g, {"do": "smoke", "roles": ["navigator", "officer"]}), "smoke_break")["feed"].startswith(
        "Smoke break on deck and bridge: ")


def test_6_13_the_feed_reads_the_smokers_out_as_a_list_with_and():
    """The First Officer reads the feed aloud: "a, b and c discard", not "a, b, c discard"."""
    g = game()
    _on_the_bridge(g)
    smoke = one(do(g, {"do": "smoke", "role": "navigator", "sailors": ["navigator-square", "navigator-triangle",
                                                                      "officer-square"]}), "smoke_break")
    assert smoke["feed"] == ("Smoke break on the bridge: square navigator, triangle navigator and square officer "
                             "discard an activation chip.")


def test_6_13_each_role_has_two_cigarettes_and_a_third_break_is_refused_and_costs_nothing():
    """§6.13: every player starts with 2 cigarettes; with none left his break is refused, and no
    chip, cigarette or break of the watch is spent by the refusal."""
    g = game()
    crew = g.module("crew")
    for watch in range(2):
        stations(g, {"navigator-square": 8})
        do(g, {"do": "end_mobilize"})
        do(g, {"do": "chips", "figure": "navigator-square", "add": 2})
        assert one(do(g, {"do": "smoke", "role": "navigator"}), "smoke_break")["left"]["navigator"] == 1 - watch
        advance(g, WATCH_CHANGE_S + watch * 6 * 3600)  # to 06:00, then to 12:00
    assert crew.cigarettes.smoked is False
    stations(g, {"navigator-square": 8})
    do(g, {"do": "end_mobilize"})
    do(g, {"do": "chips", "figure": "navigator-square", "add": 2})
    held = chips(g, "navigator-square")
    refused = one(do(g, {"do": "smoke", "role": "navigator"}), "action_refused")
    assert refused["reason"] == "the navigator has no cigarette left"
    assert chips(g, "navigator-square") == held and held.count("A") == 2
    assert crew.cigarettes.left["navigator"] == 0 and crew.cigarettes.smoked is False
    assert one(do(g, {"do": "smoke", "role": "captain", "sailors": ["navigator-square"]}), "action_refused")["reason"] \
        == "the captain has no sailor of his own on deck or bridge"


def test_6_13_one_cigarette_relaxes_at_most_four_named_sailors():
    """§6.13: a cigarette lets up to 4 sailors discard a chip; naming a fifth is refused and changes nothing."""
    g = game()
    _on_the_bridge(g)
    five = ["navigator-square", "navigator-triangle", "officer-square", "captain-square", "engineer-square"]
    refused = one(do(g, {"do": "smoke", "role": "navigator", "sailors": five}), "action_refused")
    assert refused["reason"] == "1 cigarette relax at most 4 sailors"
    assert all(chips(g, f).count("A") == 2 for f in five)
    assert g.module("crew").cigarettes.left["navigator"] == 2 and g.module("crew").cigarettes.smoked is False
    assert len(one(do(g, {"do": "smoke", "role": "navigator", "sailors": five[:4]}), "smoke_break")["sailors"]) == 4
