"""The order assistant names every reason a first aid (rulebook §8.6: the medic with his patients in one section,
supplies in the chest) or a repair (§10.3.3 an engineer card with its toolbox and a repair specialist there, §10.3.5
a condition with its equipment) is refused for at once, as it does for a salvo, a gun, a reload or the flooding of
tubes: putting the first right is not met by a second refusal. The order itself still says its first reason;
checking changes nothing."""

from __future__ import annotations

import json

from crewkit import do, game, one, stations


def _reasons(g, fields) -> list[str]:
    before = json.dumps(g.to_state(), sort_keys=True)
    answer = g.module("orders").preview(fields)
    assert json.dumps(g.to_state(), sort_keys=True) == before  # checked, not given
    assert answer["accepted"] is False
    return [str(answer["reason"]), *(str(a) for a in answer["also"])]


def _refused(g, fields) -> str:
    return str(one(do(g, {"do": "order", **fields}), "order_rejected")["reason"])


def test_8_6_a_first_aid_preview_names_each_patient_who_cannot_be_treated_and_the_medic_away():
    g = game()
    stations(g, {"officer-hexagon": 4})
    do(g, {"do": "end_mobilize"})
    do(g, {"do": "ailment", "figure": "navigator-square", "deck": "wounds", "exhaustion": 1,
           "supplies": ["bandages"]})
    fields = {"order": "first_aid", "patients": ["navigator-square", "navigator-triangle"],
              "medic": "captain-square"}
    assert _reasons(g, fields) == [
        "triangle navigator (Lookout Fischer) has no untreated ailment",
        "the medic square captain (Kaleun) stands in section 3, not with the patients in section 4"]
    assert _refused(g, fields) == "triangle navigator (Lookout Fischer) has no untreated ailment"


def test_10_3_3_a_breach_repair_preview_names_the_missing_toolbox_and_the_missing_specialist():
    g = game()
    do(g, {"do": "damage", "kind": "hull_breach", "section": 1})
    fields = {"order": "repair", "breach": 1, "card": 1}
    reasons = _reasons(g, fields)
    assert reasons[:2] == [
        "an engineer card needs its toolbox in section 1",
        "an engineer card needs a sailor with the repair symbol in the repair crew (section 1)"]
    assert reasons[2].startswith("4 sailors with the repair symbol needed in section 1")  # the crew short (+1 card)
    assert len(reasons) == len(set(reasons))  # each reason once
    assert _refused(g, fields) == "an engineer card needs its toolbox in section 1"


def test_10_3_5_nothing_to_repair_is_said_alone():
    """No leak there: its water pump, lying in section 1, is not named as a thing to put right."""
    g = game()
    reasons = _reasons(g, {"order": "repair", "condition": "leak", "section": 5})
    assert reasons[0] == "there is no leak in section 5"
    assert not any("water pump" in r for r in reasons), reasons


def test_8_6_a_medic_named_away_from_his_patients_is_said_once():
    """The medic the players named stands in section 3, his patient in 4: the preview says that once — not again as
    "square captain (1 activation) needed in section 4; found …", the same thing in the crew's words listing sailors
    who may not treat him (the players named the medic)."""
    g = game()
    stations(g, {"officer-hexagon": 4})
    do(g, {"do": "end_mobilize"})
    do(g, {"do": "ailment", "figure": "navigator-square", "deck": "wounds", "exhaustion": 1,
           "supplies": ["bandages"]})
    fields = {"order": "first_aid", "patients": ["navigator-square"], "medic": "captain-square"}
    away = "the medic square captain (Kaleun) stands in section 3, not with the patients in section 4"
    assert _reasons(g, fields) == [away]
    assert _refused(g, fields) == away
    do(g, {"do": "kill", "figure": "captain-square"})
    assert _reasons(g, fields) == ["square captain (Kaleun) is dead"]
