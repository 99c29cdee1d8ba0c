"""§7.5.3 "Torpedos abfeuern": more than one sailor may take part; one sailor is activated for each
torpedo, and "ein einzelner Matrose kann mehr als 1 Torpedo pro Befehl abfeuern, wenn er genügend
Aktivierungsfelder zur Verfügung hat". With §6.5/§6.6 (a sailor without the symbol puts 2 chips on for
each activation, never more than 3 on a sailor), played through table scripts with the crew rules
enforced on the training patrol's bow room (captain-circle: the torpedo symbol; captain-hexagon: none).
"""

from __future__ import annotations

from crewkit import chips, game, one, play, tubes_ready


def _salvo_ready():
    """Tubes 1-4 flooded and the TDC programmed; flooding them put one chip on captain-circle (2 slots left)."""
    g = game()
    tubes_ready(g, [1, 2, 3, 4])
    assert chips(g, "captain-circle") == ["A"] and chips(g, "captain-hexagon") == []
    return g


def _fired(events):
    return [e["tube"] for e in events if e["event"] == "torpedo_fired"]


def _salvos(tmp_path, leaving: str, first: list[int], second: list[int]):
    """The bow room ready, one of its two captains (`leaving`) sent aft to section 2, then two salvos fired."""
    return play(tmp_path, [
        {"t": 100, "do": "order", "order": "mobilize"},
        {"t": 102, "do": "place", "figure": leaving, "section": 2},
        {"t": 110, "do": "order", "order": "fire_torpedoes", "tubes": first},
        {"t": 120, "do": "order", "order": "fire_torpedoes", "tubes": second},
    ], _salvo_ready())


def test_7_5_3_one_sailor_fires_two_torpedoes_with_his_two_free_slots_and_no_third(tmp_path):
    g, events = _salvos(tmp_path, "captain-hexagon", [1, 2], [3])
    accepted = [e for e in events if e["event"] == "order_accepted" and e["order"] == "fire_torpedoes"]
    assert len(accepted) == 1
    assert [(a["figure"], a["chips"], a["specialist"]) for a in accepted[0]["activated"]] == [
        ("captain-circle", 2, True)]
    assert _fired(events) == [1, 2] and chips(g, "captain-circle") == ["A", "A", "A"]
    assert one(events, "order_rejected")["reason"] == (
        "1 activation of a sailor with the flood/fire torpedoes symbol needed in section 1; "
        "found circle captain (flood/fire torpedoes, no free slot)")


def test_6_5_7_5_3_a_sailor_without_the_symbol_fires_one_torpedo_for_two_chips_not_two(tmp_path):
    """Alone in the bow room, a sailor without the symbol fires one torpedo for 2 chips; two would take 4 and
    he has 3 slots: the refusal names his free slots."""
    g, events = _salvos(tmp_path, "captain-circle", [1, 2], [1])
    assert one(events, "order_rejected")["reason"] == (
        "2 activations of sailors with the flood/fire torpedoes symbol needed in section 1; "
        "found hexagon captain (no flood/fire torpedoes, 3 free slots)")
    accepted = [e for e in events if e["event"] == "order_accepted" and e["order"] == "fire_torpedoes"]
    assert [(a["figure"], a["chips"], a["specialist"]) for a in accepted[0]["activated"]] == [
        ("captain-hexagon", 2, False)]
    assert _fired(events) == [1] and chips(g, "captain-hexagon") == ["A", "A"]


def test_7_5_3_two_sailors_share_a_salvo_as_far_as_their_slots_go(tmp_path):
    """The specialist's 2 free slots fire two, the other's 3 slots one (2 chips): three of the four bow tubes.
    The full salvo is refused with each sailor's slots named; three go."""
    g = _salvo_ready()
    g, events = play(tmp_path, [
        {"t": 100, "do": "order", "order": "fire_torpedoes", "tubes": [1, 2, 3, 4]},
        {"t": 110, "do": "order", "order": "fire_torpedoes", "tubes": [1, 2, 3]},
    ], g)
    assert one(events, "order_rejected")["reason"] == (
        "4 activations of sailors with the flood/fire torpedoes symbol needed in section 1; found circle captain "
        "(flood/fire torpedoes, 2 free slots), hexagon captain (no flood/fire torpedoes, 3 free slots)")
    accepted = one(events, "order_accepted")
    assert sorted((a["figure"], a["chips"]) for a in accepted["activated"]) == [
        ("captain-circle", 2), ("captain-hexagon", 2)]
    assert _fired(events) == [1, 2, 3]
