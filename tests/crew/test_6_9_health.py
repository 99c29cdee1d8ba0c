"""§6.9 ailments, §6.10 death, §8.6 first aid."""

from __future__ import annotations

import pytest
from crewkit import WATCH_CHANGE_S, advance, chips, do, game, named, one, stations


def test_6_9_chips_go_on_in_order_and_activation_chips_make_room():
    """Rulebook §6.9 example: a fully activated sailor is injured; the card shows 1 red cross and 1
    exhaustion, so 2 activation chips are discarded to make room."""
    g = game()
    do(g, {"do": "chips", "figure": "officer-circle", "add": 3})
    events = do(g, {"do": "ailment", "figure": "officer-circle", "deck": "wounds", "wounds": 1, "exhaustion": 1})
    assert sorted(chips(g, "officer-circle")) == ["A", "E1", "W1"]
    assert one(events, "ailment")["chips"] == {"W": 1, "E": 1, "A": 0}


def test_6_9_activation_and_exhaustion_that_do_not_fit_are_ignored():
    g = game()
    do(g, {"do": "ailment", "figure": "officer-circle", "exhaustion": 2, "activation": 2})
    assert sorted(chips(g, "officer-circle")) == ["A", "E1", "E1"]


def test_6_9_a_busy_chip_is_discarded_only_when_no_activation_chip_is_left():
    g = game()
    stations(g, {"navigator-square": 8})
    do(g, {"do": "order", "order": "observe"})
    do(g, {"do": "chips", "figure": "navigator-square", "add": 2})
    do(g, {"do": "ailment", "figure": "navigator-square", "exhaustion": 2})
    assert sorted(chips(g, "navigator-square")) == ["E1", "E1", "O"]
    events = do(g, {"do": "ailment", "figure": "navigator-square", "wounds": 1})
    assert one(events, "task_stopped")["why"] == "an ailment took his slot"
    assert sorted(chips(g, "navigator-square")) == ["E1", "E1", "W2"]
    assert g.module("crew").lookouts() == 0


def test_6_9_an_ailment_can_forbid_an_order():
    g = game()
    events = do(g, {"do": "ailment", "figure": "officer-square", "deck": "shock", "forbid": ["new_course"]})
    assert one(events, "ailment")["feed"] == ("square officer (First watch officer): shock card, no chips; he may "
                                              "not execute: New course.")
    accepted = one(do(g, {"do": "order", "order": "new_course", "course": 10}), "order_accepted")
    assert "officer-square" not in [a["figure"] for a in accepted["activated"]]
    stations(g, {f: 4 for f in ("captain-square", "captain-triangle", "engineer-circle", "engineer-hexagon",
                                "navigator-circle")})
    rejected = one(do(g, {"do": "order", "order": "new_course", "course": 20}), "order_rejected")
    assert rejected["reason"] == ("2 sailors with the helm symbol needed in section 3; found square officer (helm, "
                                  "an ailment forbids it), triangle officer (helm)")


def test_6_10_the_second_red_cross_kills():
    g = game()
    do(g, {"do": "ailment", "figure": "officer-square", "deck": "wounds", "wounds": 1})
    events = do(g, {"do": "ailment", "figure": "officer-square", "deck": "burns", "wounds": 1})
    killed = one(events, "sailor_killed")
    assert killed["cause"] == "second red cross (burns)"
    assert one(events, "morale")["change"] == -2
    assert g.module("crew").pos["officer-square"] is None


def test_6_9_with_every_slot_taken_a_wound_turns_an_exhaustion_chip():
    g = game()
    do(g, {"do": "ailment", "figure": "officer-square", "exhaustion": 3})
    do(g, {"do": "ailment", "figure": "officer-square", "wounds": 1})
    assert sorted(chips(g, "officer-square")) == ["E1", "E1", "W2"]


def test_7_6_card_effects_never_apply_to_dead_sailors():
    g = game()
    do(g, {"do": "kill", "figure": "officer-square"})
    chips_before = chips(g, "officer-square")
    refused = one(do(g, {"do": "ailment", "figure": "officer-square", "wounds": 1}), "action_refused")
    assert "card effects never apply to the dead" in refused["reason"]
    assert chips(g, "officer-square") == chips_before and g.module("crew").sailor("officer-square").ailments == []


def test_8_6_first_aid_one_medic_one_activation_per_patient_in_his_section():
    g = game()
    stations(g, {"officer-hexagon": 3})
    for f in ("officer-square", "officer-triangle"):
        do(g, {"do": "ailment", "figure": f, "deck": "burns", "exhaustion": 1, "supplies": ["ointment", "bandages"]})
    events = do(g, {"do": "order", "order": "first_aid", "patients": ["officer-square", "officer-triangle"]})
    accepted = one(events, "order_accepted")
    assert accepted["activated"] == [{"figure": "officer-hexagon", "sailor": "officer-hexagon/1", "chips": 2,
                                      "specialist": True, "section": 3}]
    assert len(named(events, "first_aid_given")) == 2
    assert g.module("crew").health.stock["ointment"] == 2
    assert accepted["feed"] == "Order: first aid for square officer and triangle officer."  # read aloud with "and"


def test_8_6_first_aid_needs_the_supplies_in_stock():
    g = game()
    stations(g, {"officer-hexagon": 3})
    do(g, {"do": "ailment", "figure": "officer-square", "supplies": ["surgical_instruments"] * 3, "exhaustion": 1})
    rejected = one(do(g, {"do": "order", "order": "first_aid", "patient": "officer-square"}), "order_rejected")
    assert rejected["reason"] == "the medical chest lacks 1 surgical instruments"


def test_8_6_patients_in_another_section_cannot_be_treated():
    g = game()
    do(g, {"do": "ailment", "figure": "officer-square", "exhaustion": 1})
    do(g, {"do": "ailment", "figure": "officer-circle", "exhaustion": 1})
    rejected = one(do(g, {"do": "order", "order": "first_aid", "patients": ["officer-square", "officer-circle"]}),
                   "order_rejected")
    assert "patients stand in different sections" in rejected["reason"]


def test_8_6_a_treated_ailment_is_discarded_when_its_last_chip_is_gone_and_refill_kits_restock():
    g = game(linked_missions=2)  # one refill kit: for the second mission
    stations(g, {"officer-hexagon": 3})
    do(g, {"do": "ailment", "figure": "officer-square", "deck": "burns", "exhaustion": 1, "supplies": ["pills"] * 4})
    do(g, {"do": "order", "order": "first_aid", "patient": "officer-square"})
    assert g.module("crew").health.stock["pills"] == 0
    events = advance(g, WATCH_CHANGE_S)
    assert one(events, "ailment_healed")["sailor"] == "officer-square/1"
    events = do(g, {"do": "first_aid_kit"})
    assert one(events, "supplies_refilled")["stock"]["pills"] == 4
    refused = one(do(g, {"do": "first_aid_kit"}), "action_refused")
    assert "no refill kit left" in refused["reason"]


def test_8_6_a_refill_kit_is_kept_while_no_medical_supplies_are_discarded():
    """§8.6 [R]: opening a kit returns the discarded supplies to the chest; with none discarded it would be
    wasted, so it is refused and the kit stays."""
    g = game(linked_missions=2)
    refused = one(do(g, {"do": "first_aid_kit"}), "action_refused")
    assert "would put nothing back" in refused["reason"]
    assert g.module("crew").health.kits == 1


@pytest.mark.parametrize("field, value", [("wounds", 3), ("forbid", ["dance"]), ("supplies", ["rum"])])
def test_6_9_malformed_ailments_are_command_errors(field, value):
    from kaleun.core.errors import CommandError

    g = game()
    with pytest.raises(CommandError):
        g.apply({"do": "ailment", "figure": "officer-square", field: value})


def test_6_9_a_card_that_is_discarded_takes_its_chips_along():
    g = game()
    events = do(g, {"do": "ailment", "figure": "officer-circle", "deck": "poisoning", "exhaustion": 2})
    ailment = one(events, "ailment")["id"]
    events = do(g, {"do": "cure", "figure": "officer-circle", "ailment": ailment})
    assert one(events, "ailment_healed")["feed"] == "circle officer (Radio operator) is rid of his poisoning."
    assert chips(g, "officer-circle") == []


def test_6_10_7_6_a_dead_sailors_injuries_no_longer_wait_for_their_cards():
    """An injured sailor who dies before his injury card is entered (another card's second red cross, a
    flood, a correction) leaves no injury waiting: the card could never be entered for the dead."""
    g = game(seed=3)
    for _ in range(3):
        do(g, {"do": "damage", "kind": "crew", "sections": [4]})
    crew = g.module("crew")
    injuries = crew.health.injuries
    first = injuries[0]["figure"]
    others = [i["id"] for i in injuries if i["figure"] != first]
    assert len(others) < len(injuries)
    do(g, {"do": "kill", "figure": first, "why": "event card"})
    assert [i["id"] for i in crew.health.injuries] == others
    assert all(i["figure"] != first for i in crew.status()["health"]["injuries_waiting"])
    assert one(do(g, {"do": "undo"}), "undone") and crew.health.injury(injuries[0]["id"]) is not None
    do(g, {"do": "adjust_morale", "by": -11})
    do(g, {"do": "damage", "kind": "environmental", "condition": "leak", "section": 6})  # all hands lost (§7.4)
    assert crew.status()["health"]["injuries_waiting"] == []


def test_6_10_a_dead_sailors_figure_put_on_the_model_is_reported():
    g = game()
    do(g, {"do": "kill", "figure": "officer-circle"})
    events = do(g, {"do": "place", "figure": "officer-circle", "section": 3})
    assert one(events, "dead_figure_placed")["feed"] == ("circle officer stands for a dead sailor (Radio operator): "
                                                         "take the figure off the model.")


def test_5_2_8_6_one_refill_kit_per_linked_mission_after_the_first():
    """§5.2 "fügt einen Verbandkasten für jede zusätzliche Mission hinzu, die ihr nach der ersten Mission
    spielen wollt"."""
    for missions, kits in ((1, 0), (2, 1), (4, 3)):
        g = game(linked_missions=missions)
        assert g.module("crew").health.kits == kits
    refused = one(do(game(linked_missions=1), {"do": "first_aid_kit"}), "action_refused")
    assert refused["reason"] == "no refill kit left (one per linked mission after the first)"


def test_8_6_a_shortage_no_refill_kit_can_cure_does_not_point_to_the_kits():
    """§8.6: a refill kit puts back only the supplies already discarded. When the supplies short are all still
    on cards being healed, the refusal says no kit would help, instead of counting the kits left, which invites
    opening one that is then refused."""
    g = game(linked_missions=3)  # two refill kits
    stations(g, {"officer-hexagon": 4})
    do(g, {"do": "end_mobilize"})
    for f in ("navigator-square", "navigator-triangle", "navigator-hexagon"):
        do(g, {"do": "ailment", "figure": f, "deck": "wounds", "wounds": 1, "supplies": ["surgical_instruments"]})
    one(do(g, {"do": "order", "order": "first_aid", "patients": ["navigator-square", "navigator-triangle"]}),
        "order_accepted")  # both surgical instruments are on their cards now
    rejected = one(do(g, {"do": "order", "order": "first_aid", "patient": "navigator-hexagon",
                          "medic": "engineer-square"}), "order_rejected")
    assert rejected["reason"] == ("the medical chest lacks 1 surgical instruments, and none is discarded yet for a "
                                  "refill kit to put back")
    assert "refill kit" in one(do(g, {"do": "first_aid_kit"}), "action_refused")["reason"]


@pytest.mark.parametrize("how", ["second red cross", "kill"])
def test_6_10_8_6_the_supplies_on_a_dead_sailors_cards_are_discarded_for_a_refill_kit(how, tmp_path):
    """§6.10: a dead sailor "is no longer part of the game"; §8.6: a card is discarded with the supplies used on it,
    and a refill kit (§5.2: linked missions) puts every discarded supply back. What becomes of the cards of a sailor
    who dies the rulebook does not say [gap]; our choice (health.toml): the supplies a treated card held are
    discarded when he dies, so they come back with the next kit instead of being lost for the rest of the patrol. His
    cards and chips stay with him, and the game saves and loads as before."""
    from kaleun.saves import open_save, save_game

    g = game(linked_missions=2)  # one refill kit
    stations(g, {"officer-hexagon": 3})
    do(g, {"do": "ailment", "figure": "officer-square", "deck": "burns", "wounds": 1, "supplies": ["pills"] * 4})
    do(g, {"do": "order", "order": "first_aid", "patient": "officer-square"})
    crew = g.module("crew")
    assert crew.health.stock["pills"] == 0
    if how == "kill":
        one(do(g, {"do": "kill", "figure": "officer-square", "why": "event card"}), "sailor_killed")
    else:
        one(do(g, {"do": "ailment", "figure": "officer-square", "deck": "wounds", "wounds": 1}), "sailor_killed")
    assert crew.health.discarded["pills"] == 4 and crew.sailor("officer-square").ailments
    assert one(do(g, {"do": "first_aid_kit"}), "supplies_refilled")["stock"]["pills"] == 4
    path = tmp_path / "save.json"
    save_game(g, path)
    again = open_save(path).engine.module("crew")
    assert again.health.stock["pills"] == 4 and again.sailor("officer-square").dead


def test_8_6_first_aid_treats_the_cards_the_chest_can_supply_and_says_which_wait():
    """§8.6 "Es können beliebig viele Gesundheitsprobleme pro Matrose gleichzeitig behandelt werden", each card with
    the supplies it lists: a patient with burns (one ointment) and a wound that needs three surgical instruments of
    the chest's two was refused first aid altogether ("the medical chest lacks 1 surgical instruments"), the burns
    left untreated for want of what the other card needed. Now the burns are treated, the wound's card waits and
    the feed says so; the wound is treated once the chest can supply it."""
    g = game()
    stations(g, {"officer-hexagon": 3})
    do(g, {"do": "ailment", "figure": "officer-square", "deck": "burns", "exhaustion": 1, "supplies": ["ointment"]})
    do(g, {"do": "ailment", "figure": "officer-square", "deck": "wounds", "wounds": 1,
           "supplies": ["surgical_instruments"] * 3})
    events = do(g, {"do": "order", "order": "first_aid", "patient": "officer-square"})
    one(events, "order_accepted")
    given = one(events, "first_aid_given")
    assert given["feed"] == ("square officer (First watch officer) is treated; 1 card waits: the medical chest lacks "
                             "1 surgical instruments.")
    health = g.module("crew").health
    burns, wound = g.module("crew").sailor("officer-square").ailments
    assert burns["treated"] and not wound["treated"] and given["waiting"] == [wound["id"]]
    assert health.stock["ointment"] == 3 and health.stock["surgical_instruments"] == 2  # the wound's stay in the chest
    # a patient none of whose cards the chest can supply is still refused, with what it lacks
    rejected = one(do(g, {"do": "order", "order": "first_aid", "patient": "officer-square"}), "order_rejected")
    assert rejected["reason"] == "the medical chest lacks 1 surgical instruments"
