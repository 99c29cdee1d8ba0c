"""§6.12 crew damage, §6.10 death by diving, §10.3.5 toxic gas."""

from __future__ import annotations

from crewkit import advance, chips, do, game, named, one, stations

ENGINE_ROOM = {"engineer-square": 5, "engineer-triangle": 5, "engineer-circle": 5, "engineer-hexagon": 5}


def test_6_12_fire_in_section_5_with_four_sailors_worked_example():
    """Rulebook §6.12: a fire chip is placed in section 5 where four sailors stand, so the Captain draws four
    crew chips. One of them matches a sailor in section 5: the fire burns the sailor with the brown square
    base. He gets a card from the burns deck, which says: 1 red cross and 1 activation chip."""
    g = game(seed=18)  # the seed whose four draws hold exactly one sailor of section 5, as in the example
    stations(g, ENGINE_ROOM)
    do(g, {"do": "end_mobilize"})
    events = do(g, {"do": "damage", "kind": "environmental", "condition": "fire", "section": 5})
    assert one(events, "condition_placed")["feed"] == "Fire in section 5 (diesel room)!"
    assert one(events, "morale")["change"] == -1
    damage = one(events, "crew_damage")
    assert damage["draws"] == 4 and len(damage["drawn"]) == 4
    assert damage["injured"] == ["engineer-square"] == [f for f in damage["drawn"] if f in ENGINE_ROOM]
    assert damage["deck"] == "burns"
    assert damage["feed"] == ("Crew damage in section 5 (fire): 4 chips drawn; injured: square engineer (Chief "
                              "mechanic). First Officer: draw a burns card for each and enter it.")
    injury = damage["injuries"][0]
    events = do(g, {"do": "ailment", "injury": injury["id"], "wounds": 1, "activation": 1,
                    "supplies": ["ointment"]})
    assert one(events, "ailment")["feed"] == ("square engineer (Chief mechanic): burns card, 1 red cross, "
                                              "1 activation chip.")
    assert sorted(chips(g, "engineer-square")) == ["A", "W2"]
    assert g.module("crew").health.injuries == []


def test_6_12_one_draw_per_sailor_per_hazard_chip_of_that_type():
    g = game(seed=1)
    stations(g, {"engineer-square": 5, "engineer-triangle": 5, "engineer-circle": 5})
    do(g, {"do": "end_mobilize"})
    do(g, {"do": "damage", "kind": "environmental", "condition": "fire", "section": 5})
    events = do(g, {"do": "damage", "kind": "environmental", "condition": "fire", "section": 5})
    assert one(events, "crew_damage")["draws"] == 6  # 3 sailors, 2 fire chips


def test_6_12_each_hazard_type_resolves_separately():
    g = game(seed=2)
    stations(g, {"engineer-square": 5})
    do(g, {"do": "damage", "kind": "environmental", "condition": "fire", "section": 5})
    do(g, {"do": "damage", "kind": "environmental", "condition": "electrical_fault", "section": 5})
    events = do(g, {"do": "end_mobilize"})
    assert [(d["hazard"], d["deck"]) for d in named(events, "crew_damage")] == [
        ("electrical fault", "shock"), ("fire", "burns")]


def test_6_12_movers_who_left_a_hazardous_section_are_spared_those_who_crossed_it_are_not():
    g = game(seed=4)
    do(g, {"do": "damage", "kind": "environmental", "condition": "fire", "section": 4})  # engineers sq/tri, nav
    events = stations(g, {"engineer-square": 3, "captain-square": 5})  # one leaves 4, one crosses 4
    events += do(g, {"do": "end_mobilize"})
    damage = one(events, "crew_damage")
    assert "engineer-square" not in damage["exposed"]
    assert "captain-square" in damage["exposed"]
    assert sorted(damage["exposed"]) == ["captain-square", "engineer-triangle", "navigator-hexagon",
                                         "navigator-square", "navigator-triangle"]


def test_6_12_sections_7_and_8_count_as_one_for_enemy_fire():
    g = game(seed=5)
    stations(g, {"navigator-square": 8, "officer-square": 7})
    do(g, {"do": "end_mobilize"})
    damage = one(do(g, {"do": "damage", "kind": "crew", "sections": [8]}), "crew_damage")
    assert damage["sections"] == [7, 8] and damage["draws"] == 2 and damage["deck"] == "wounds"


def test_6_10_diving_kills_everyone_in_7_and_8_morale_loss_capped_at_6():
    g = game()
    stations(g, {"navigator-square": 8, "navigator-triangle": 8, "navigator-hexagon": 8, "officer-square": 7})
    do(g, {"do": "crew_options", "rules": "advise"})  # the dive crew does not matter here
    events = do(g, {"do": "order", "order": "dive"})
    assert one(events, "boat_submerged")
    killed = named(events, "sailor_killed")
    assert len(killed) == 4
    assert sum(e["change"] for e in named(events, "morale")) == -6


def test_10_3_5_a_breathing_set_protects_from_toxic_gas():
    g = game(seed=6)
    g.module("boat").surfaced = False
    events = do(g, {"do": "damage", "kind": "environmental", "condition": "toxic_gas", "section": 4})
    assert one(events, "crew_protected")["feed"] == "Toxic gas in section 4: the breathing set protects the crew."
    assert not named(events, "crew_damage")


def test_10_3_5_toxic_gas_while_surfaced_damages_once_without_chip_or_morale():
    g = game(seed=7)
    events = do(g, {"do": "damage", "kind": "environmental", "condition": "toxic_gas", "section": 3})
    assert one(events, "condition_vented")
    assert one(events, "crew_damage")["draws"] == len(g.module("crew").members(3))
    assert not named(events, "morale") and g.module("crew").hazards.chips == []


def test_10_3_5_surfacing_vents_toxic_gas():
    g = game(rules="advise")
    do(g, {"do": "order", "order": "dive"})
    advance(g, 120)  # down at periscope depth
    do(g, {"do": "damage", "kind": "environmental", "condition": "toxic_gas", "section": 2})
    ordered = do(g, {"do": "order", "order": "surface"})
    assert not named(ordered, "condition_removed")  # the gas stays until the hatch opens
    events = advance(g, 600)  # the boat reaches the surface
    assert one(events, "boat_surfaced")
    removed = one(events, "condition_removed")
    assert removed["how"] == "vented by surfacing"
    # +2, but morale never rises past XI: the gas had lowered it to X
    assert [m["change"] for m in named(events, "morale")] == [1]
    assert g.module("crew").bars.status()["morale"] == "XI"


def test_6_12_enemy_fire_on_several_sections_resolves_each_section_separately():
    g = game(seed=5)
    stations(g, {"navigator-square": 8, "officer-square": 7})
    do(g, {"do": "end_mobilize"})
    events = do(g, {"do": "damage", "kind": "crew", "sections": [3, 7, 8]})
    damage = named(events, "crew_damage")
    crew = g.module("crew")
    assert [(d["sections"], d["draws"]) for d in damage] == [([3], len(crew.members(3))), ([7, 8], 2)]
    assert set(damage[0]["exposed"]) == {m.figure for m in crew.members(3)}


def test_6_12_sections_written_as_8_0_are_sections_as_8_is():
    """A script's whole numbers written 8.0 (as many JSON writers put them) are taken like 8 in every whole-number
    field: enemy fire on section 8.0 is enemy fire on sections 7 and 8 (§6.12), with the same draws."""
    whole, written = game(seed=5), game(seed=5)
    for g in (whole, written):
        stations(g, {"navigator-square": 8, "officer-square": 7})
        do(g, {"do": "end_mobilize"})
    damage = one(do(written, {"do": "damage", "kind": "crew", "sections": [8.0]}), "crew_damage")
    assert damage == one(do(whole, {"do": "damage", "kind": "crew", "sections": [8]}), "crew_damage")
    assert damage["sections"] == [7, 8]
