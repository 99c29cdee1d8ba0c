"""The feed is read aloud by the First Officer: whole sentences, names a crew uses, no ids, no "None",
plurals that agree, one line where one line says it."""

from __future__ import annotations

from crewkit import WATCH_CHANGE_S, advance, do, game, named, one, stations, tubes_ready


def _feed(events):
    return [e["feed"] for e in events if e.get("feed")]


def test_6_10_9_3_a_lookout_lost_in_a_dive_is_one_line_and_the_lookouts_are_counted_once():
    g = game()
    stations(g, {"navigator-square": 8, "navigator-triangle": 8})
    do(g, {"do": "order", "order": "observe"})
    do(g, {"do": "crew_options", "rules": "advise"})
    events = do(g, {"do": "order", "order": "dive"})
    feed = _feed(events)
    assert ("square navigator (Navigator) is dead (left outside when the boat dived); his observation ends. "
            "Take the figure off the model.") in feed
    assert not any("stops his observation" in line for line in feed)
    assert [e["count"] for e in named(events, "lookouts")] == [0]
    assert len(named(events, "task_stopped")) == 2  # still in the log, without a feed line


def test_7_3_7_4_morale_on_its_last_field_is_said_plainly():
    g = game()
    events = do(g, {"do": "adjust_morale", "by": -11})
    assert one(events, "morale")["feed"] == "Morale falls to blank (correction)."
    assert one(events, "morale")["field"] == "blank (exhausted)"
    last = named(events, "morale_card")[-1]
    assert last["feed"] == "Captain: draw a card from morale deck 3 (morale reached its last field)."


def test_7_3_a_card_for_a_field_passed_on_the_way_says_passed_and_for_the_field_landed_on_reached():
    """§7.3: moving onto or past X draws from deck 1. Two fields down from XI the marker lands on IX:
    the card is for X, which morale passed; one more field down it lands on VIII: reached."""
    g = game()
    events = do(g, {"do": "adjust_morale", "by": -2})
    assert one(events, "morale")["feed"] == "Morale falls to IX (correction)."
    assert one(events, "morale_card")["feed"] == "Captain: draw a card from morale deck 1 (morale passed X)."
    events = do(g, {"do": "adjust_morale", "by": -1})
    assert one(events, "morale_card")["feed"] == "Captain: draw a card from morale deck 1 (morale reached VIII)."


def test_10_3_7_a_lost_equipment_chip_put_back_is_not_moved_from_section_none():
    g = game()
    do(g, {"do": "damage", "kind": "hull_breach", "section": 1})
    assert one(advance(g, 180), "section_flooded")["lost"] == ["water_pump"]
    moved = one(do(g, {"do": "move_item", "item": "water_pump", "section": 3}), "item_moved")
    assert moved["feed"] == "Put in section 3: the water pump (correction)."


def test_9_4_3_spoilage_counts_its_chips_in_words():
    g = game()
    crew = g.module("crew")
    state = crew.to_state()
    state["food"].update(pyramid=["meat", "egg", "onion", "bread", "potato", "lemon"], supply=[], discard=[])
    crew.load_state(state)
    stations(g, {"navigator-circle": 4})
    spoiled = one(do(g, {"do": "order", "order": "prepare_meal", "take": [2, 3]}), "food_spoiled")
    assert spoiled["feed"] == "The meat has spoiled (1 chip thrown away); no discards are left for a new supply."


def test_6_5_a_refusal_names_the_order_and_the_sailors_it_needs_in_words():
    g = game(aircraft=[{"type": "sunderland", "bearing": 90, "range_nm": 1.5}])
    stations(g, {"officer-square": 8})  # a lookout: the guns are laid from the lookouts' view (§8.3)
    do(g, {"do": "order", "order": "observe"})
    assert one(do(g, {"do": "order", "order": "gun_20"}), "order_rejected")["feed"] == (
        "20 mm gun refused: 2 sailors with the 20 mm symbol needed in section 8; found square officer (no 20 mm, "
        "1 free slot).")
    g = game(signals=2)  # two coded signals wait for the Enigma
    tubes_ready(g, [1, 2, 3])
    stations(g, {f: 4 for f in ("officer-square", "officer-triangle", "officer-circle", "captain-square",
                                "captain-triangle", "captain-circle", "captain-hexagon", "engineer-circle",
                                "engineer-hexagon", "navigator-circle")})
    g.module("boat").surfaced = False
    reason = one(do(g, {"do": "order", "order": "new_depth", "depth_m": 40}), "order_rejected")["reason"]
    assert reason == "sailors with 2 helm and 2 ballast symbols needed in section 3; found nobody"
    reason = one(do(g, {"do": "order", "order": "enigma", "messages": 2}), "order_rejected")["reason"]
    assert reason.startswith("1 sailor with the Enigma symbol (2 activations) needed in section 2; found ")
    do(g, {"do": "crew_options", "rules": "advise"})  # submerged, the salvo is fired through the periscope (§8.4)
    one(do(g, {"do": "order", "order": "periscope"}), "periscope_view")
    do(g, {"do": "crew_options", "rules": "enforce"})
    reason = one(do(g, {"do": "order", "order": "fire_torpedoes", "tubes": [1, 2, 3]}), "order_rejected")["reason"]
    assert reason.startswith("3 activations of sailors with the flood/fire torpedoes symbol needed in section 1")
    g = game()
    tubes_ready(g, [5], bearing=180, course=90)
    stations(g, {"engineer-circle": 5})
    reason = one(do(g, {"do": "order", "order": "fire_torpedoes", "tubes": [5]}), "order_rejected")["reason"]
    assert reason.startswith("1 activation of a sailor with the flood/fire torpedoes symbol needed in section 6")


def test_6_8_a_task_that_stops_at_the_watch_change_is_named():
    g = game()
    stations(g, {"navigator-triangle": 8})
    do(g, {"do": "order", "order": "observe"})
    do(g, {"do": "kill", "sailor": "navigator-triangle/2"})
    stopped = one(advance(g, WATCH_CHANGE_S), "task_stopped")
    assert stopped["feed"] == "triangle navigator: the observation stops at the watch change: his relief is dead."
