"""Rulebook §8.6 and the orders table (first aid: "any section; medic with patient; 1× first aid; +1
activation per patient"): the players choose the patients and the sailor who treats them. The order
took only its patients and the crew engine chose the medic itself; now `medic` names him (a sailor
without the symbol may give it, as any order's non-specialist, at two chips an activation)."""

from __future__ import annotations

import pytest
from crewkit import chips, do, game, named, one, stations
from kaleun.core.errors import CommandError


def _hurt(rules: str = "enforce"):
    g = game(rules=rules)
    # the medic (first aid symbol) joins navigator-square and navigator-triangle in the crew quarters
    stations(g, {"officer-hexagon": 4})
    do(g, {"do": "end_mobilize"})
    do(g, {"do": "ailment", "figure": "navigator-square", "deck": "wounds", "exhaustion": 1,
           "supplies": ["bandages"]})
    return g


def test_8_6_without_a_medic_named_the_specialist_there_treats() -> None:
    g = _hurt()
    events = do(g, {"do": "order", "order": "first_aid", "patients": ["navigator-square"]})
    assert [s["figure"] for s in one(events, "activation")["sailors"]] == ["officer-hexagon"]
    assert named(events, "first_aid_given")


def test_8_6_the_medic_named_treats_even_without_the_symbol() -> None:
    g = _hurt()
    before = chips(g, "navigator-triangle")
    events = do(g, {"do": "order", "order": "first_aid", "patients": ["navigator-square"],
                    "medic": "navigator-triangle"})
    sailors = one(events, "activation")["sailors"]
    assert [(s["figure"], s["chips"], s["specialist"]) for s in sailors] == [("navigator-triangle", 2, False)]
    assert len(chips(g, "navigator-triangle")) == len(before) + 2
    assert chips(g, "officer-hexagon") == []
    assert one(events, "first_aid_given")["figure"] == "navigator-square"


def test_8_6_a_medic_away_from_the_patients_is_refused_in_words() -> None:
    g = _hurt(rules="advise")  # even where the crew rules only advise: he cannot reach them
    events = do(g, {"do": "order", "order": "first_aid", "patients": ["navigator-square"],
                    "medic": "captain-square"})
    refused = one(events, "order_rejected")
    assert "stands in section 3, not with the patients in section 4" in refused["feed"], refused["feed"]
    assert not named(events, "first_aid_given")


def test_8_6_the_preview_names_the_medic_chosen() -> None:
    g = _hurt()
    answer = g.module("orders").preview({"order": "first_aid", "patients": ["navigator-square"],
                                         "medic": "navigator-hexagon"})
    assert answer["accepted"] and [a["figure"] for a in answer["activated"]] == ["navigator-hexagon"]


def test_8_6_a_medic_that_is_no_figure_is_a_readable_error() -> None:
    g = _hurt()
    with pytest.raises(CommandError, match="medic must be a figure, got 'doctor'"):
        g.module("orders").preview({"order": "first_aid", "patients": ["navigator-square"], "medic": "doctor"})


def test_8_6_a_medic_without_the_symbol_for_two_patients_is_refused_saying_what_it_costs_him():
    """§8.6 with §6.5: one activation per patient, and a sailor without the first aid symbol takes one extra
    chip per activation: two patients cost him four chips, more than his three slots. The refusal says the
    slots he has and the chips needed, not just "3 free slots" beside "2 activations"."""
    g = _hurt()
    do(g, {"do": "ailment", "figure": "navigator-triangle", "deck": "burns", "exhaustion": 1,
           "supplies": ["ointment"]})
    events = do(g, {"do": "order", "order": "first_aid", "patients": ["navigator-square", "navigator-triangle"],
                    "medic": "navigator-hexagon"})
    refused = one(events, "order_rejected")
    assert refused["reason"].startswith("hexagon navigator (2 activations) needed in section 4; found")
    assert "hexagon navigator (no first aid, 3 free slots, 4 needed)" in refused["reason"]
    assert not named(events, "first_aid_given")
    # the specialist there treats both at one chip an activation
    events = do(g, {"do": "order", "order": "first_aid", "patients": ["navigator-square", "navigator-triangle"],
                    "medic": "officer-hexagon"})
    assert [(s["figure"], s["chips"], s["specialist"]) for s in one(events, "activation")["sailors"]] == [
        ("officer-hexagon", 2, True)]
    assert len(named(events, "first_aid_given")) == 2


def test_8_6_a_medic_whose_figure_was_moved_without_mobilize_is_told_as_such():
    """§6.4 with §8.6: a figure moved to the patients without a Mobilize does not move the sailor, who still
    counts where he stood; the refusal says so instead of "stands in section 2", which the table can see is
    not where the figure is."""
    g = game()
    do(g, {"do": "ailment", "figure": "navigator-square", "deck": "wounds", "exhaustion": 1, "supplies": ["bandages"]})
    do(g, {"do": "place", "figure": "officer-hexagon", "section": 4})  # no mobilize: flagged
    refused = one(do(g, {"do": "order", "order": "first_aid", "patients": ["navigator-square"],
                         "medic": "officer-hexagon"}), "order_rejected")
    assert refused["reason"] == ("the medic hexagon officer (Medic) moved to section 4 without a legal Mobilize and "
                                 "still counts in section 2")
