"""§3, §6.4, §10.3.8-10.3.9 sections, adjacency and legal routes."""

from __future__ import annotations

from crewkit import do, game, named, one, play, stations
from kaleun.uboot.crew.sections import Route, neighbours, route


def test_3_hull_sections_form_a_chain_and_deck_and_bridge_are_neighbours():
    assert neighbours(1, False) == (2,)
    assert neighbours(4, False) == (3, 5)
    assert neighbours(7, False) == (8,)


def test_6_4_sections_3_and_8_are_neighbours_only_while_surfaced():
    assert 8 in neighbours(3, True) and 8 not in neighbours(3, False)
    assert route(4, 7, surfaced=True) == Route((4, 3, 8, 7))
    assert route(4, 7, surfaced=False) == "sections 3 and 8 connect only while the boat is surfaced"


def test_10_3_8_a_flooded_section_can_never_be_entered_or_crossed():
    assert route(1, 2, True, flooded=[2]) == "section 2 is flooded and can never be entered"
    assert route(1, 4, False, flooded=[2]) == (
        "flooded section 2 cuts the boat in two; the torpedo hatches of 1 and 6 can be used only while surfaced")


def test_10_3_9_the_torpedo_hatches_bypass_a_flooded_section_only_while_surfaced():
    assert route(1, 4, True, flooded=[2]) == Route((1, 6, 5, 4), hatch=True)
    assert route(1, 3, True, flooded=[2]) == Route((1, 6, 5, 4, 3), hatch=True)
    assert not isinstance(route(1, 4, False, flooded=[2]), Route)


def test_10_3_9_the_hatch_bypass_activates_the_mover(tmp_path):
    g = game()
    g.module("crew").breaches.flooded.append(2)
    g, events = play(tmp_path, [
        {"t": 0, "do": "order", "order": "mobilize"},
        {"t": 1, "do": "place", "figure": "captain-circle", "section": 4},  # starts in 1, bow room cut off by 2
    ], g=g)
    moved = one(events, "sailor_moved")
    assert moved["hatch"] is True and moved["path"] == [1, 6, 5, 4]
    assert "torpedo hatch" in moved["feed"]
    assert g.module("crew").sailor("captain-circle").chips == ["A"]


def test_6_4_an_illegal_route_is_reported_with_the_reason_and_the_sailor_stays_put(tmp_path):
    g = game()
    g.module("boat").surfaced = False
    g, events = play(tmp_path, [
        {"t": 0, "do": "order", "order": "mobilize"},
        {"t": 1, "do": "place", "figure": "navigator-circle", "section": 8},
    ], g=g)
    illegal = one(events, "move_illegal")
    assert illegal["reason"] == "sections 3 and 8 connect only while the boat is surfaced"
    assert illegal["feed"] == ("circle navigator cannot go 3 → 8: sections 3 and 8 connect only while the boat is "
                               "surfaced. Put the figure back in section 3.")
    assert g.module("crew").pos["navigator-circle"] == 3
    # put back: settled without a word
    events = do(g, {"do": "place", "figure": "navigator-circle", "section": 3})
    assert one(events, "move_settled")["how"] == "put back"


def test_6_4_lifting_and_placing_a_figure_in_the_same_section_is_no_move():
    g = game()
    events = do(g, {"do": "lift", "figure": "officer-circle"}) + do(g, {"do": "place", "figure": "officer-circle",
                                                                       "section": 2})
    assert not named(events, "move_unmobilized") and not named(events, "sailor_moved")


def test_6_4_a_move_read_by_the_deck_hub_as_lift_then_place_is_one_move():
    g = game()
    stations(g, {})
    events = do(g, {"do": "lift", "figure": "engineer-square"}) + do(g, {"do": "place", "figure": "engineer-square",
                                                                        "section": 6})
    assert one(events, "sailor_moved")["path"] == [4, 5, 6]
