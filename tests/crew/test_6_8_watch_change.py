"""§6.8 the watch change: command bar recovery, crew damage, chips shed and tasks handed over, tiles
flipped; §6.10 figures of dead sailors leave and come back."""

from __future__ import annotations

from crewkit import WATCH_CHANGE_S, advance, chips, do, game, named, one, stations
from kaleun.uboot.crew.roster import ROSTER


def _repairing_diesels(g):
    """The chief mechanic and the electrician repair the diesels."""
    stations(g, {"engineer-square": 5, "engineer-circle": 5})
    do(g, {"do": "damage", "kind": "technical", "component": "diesels", "severity": "maintenance"})
    # the diesels are one colour harder: maintenance is yellow, two sailors
    accepted = one(do(g, {"do": "order", "order": "repair", "component": "diesels"}), "order_accepted")
    return accepted


def test_6_8_watch_change_hand_over_worked_example():
    """Rulebook §6.8: two engine sailors are repairing, the two others carry one activation chip each. At
    the watch change the technical-condition chips go to the reliefs, who carry the repair symbol and take
    no extra chip; the activation chips are discarded, at most one per sailor."""
    g = game()
    advance(g, WATCH_CHANGE_S - 600)  # ten minutes before 06:00
    accepted = _repairing_diesels(g)
    repairing = sorted(a["figure"] for a in accepted["activated"])
    assert repairing == ["engineer-circle", "engineer-square"]
    do(g, {"do": "chips", "figure": "engineer-triangle", "add": 1})
    do(g, {"do": "chips", "figure": "engineer-hexagon", "add": 1})
    events = advance(g, WATCH_CHANGE_S)
    change = one(events, "crew_watch_change")
    assert sorted(h["figure"] for h in change["handed"]) == repairing
    assert all(h["extra_chip"] is False for h in change["handed"])
    assert {"engineer-triangle", "engineer-hexagon"} <= set(change["shed"])
    # outgoing watch (row 1): repair chips gone, one activation chip shed each
    assert chips(g, "engineer-square", watch=1) == [] and chips(g, "engineer-triangle", watch=1) == []
    # incoming watch (row 2): the reliefs carry the repair chips and the repair goes on
    for figure in repairing:
        assert chips(g, figure) == ["T"]
        assert "repair" in ROSTER[figure][1].symbols
    job = g.module("technical").job("diesels")
    assert job.active and job.sailors == 2


def test_6_8_a_relief_without_the_symbol_takes_one_more_chip():
    g = game()
    stations(g, {"navigator-square": 8})
    do(g, {"do": "order", "order": "observe"})
    change = one(advance(g, WATCH_CHANGE_S), "crew_watch_change")
    assert change["handed"] == [{"figure": "navigator-square", "task": {"kind": "observation"}, "extra_chip": True}]
    assert chips(g, "navigator-square") == ["O", "A"]  # the navigator's mate has no observation symbol
    assert g.module("crew").lookouts() == 1


def test_6_8_a_full_or_dead_relief_cannot_take_the_task_over():
    g = game()
    stations(g, {"navigator-square": 8, "navigator-triangle": 8})
    do(g, {"do": "order", "order": "observe"})
    do(g, {"do": "chips", "sailor": "navigator-square/2", "add": 3})
    do(g, {"do": "kill", "sailor": "navigator-triangle/2", "why": "event card"})
    events = advance(g, WATCH_CHANGE_S)
    stopped = {s["figure"]: s["why"] for s in one(events, "crew_watch_change")["stopped"]}
    assert stopped == {"navigator-square": "his relief has no free slot", "navigator-triangle": "his relief is dead"}
    assert g.module("crew").lookouts() == 0
    assert one(events, "lookouts")["count"] == 0


def test_6_8_6_9_a_relief_whose_ailment_forbids_the_task_cannot_take_it_over():
    """§6.9: a card may forbid a sailor an order; a relief forbidden observation cannot take the
    lookout's chip over at the watch change (§6.8): the observation stops, as for a full relief."""
    g = game()
    stations(g, {"navigator-square": 8})
    do(g, {"do": "order", "order": "observe"})
    do(g, {"do": "ailment", "sailor": "navigator-square/2", "deck": "event", "forbid": ["observe"]})
    events = advance(g, WATCH_CHANGE_S)
    change = one(events, "crew_watch_change")
    assert change["handed"] == []
    assert change["stopped"] == [{"figure": "navigator-square", "task": {"kind": "observation"},
                                  "why": "an ailment forbids it to his relief"}]
    assert one(events, "task_stopped")["feed"] == ("square navigator: the observation stops at the watch change: an "
                                                   "ailment forbids it to his relief.")
    assert g.module("crew").lookouts() == 0 and g.module("crew").sailor("navigator-square").task is None


def test_6_8_command_bar_recovery_depends_on_the_captains_difficulty():
    for level, expected in (("hard", "III"), ("normal", "IV"), ("easy", "V")):
        g = game(difficulty={"captain": level})
        do(g, {"do": "adjust_command", "by": -8})
        change = one(advance(g, WATCH_CHANGE_S), "crew_watch_change")
        assert change["command_bar"] == expected


def test_6_8_the_command_marker_never_moves_left_of_VIII():
    g = game()
    do(g, {"do": "order", "order": "mobilize"})
    assert one(advance(g, WATCH_CHANGE_S), "crew_watch_change")["command_bar"] == "VIII"


def test_6_8_the_tiles_flip_the_other_sailors_come_on_duty():
    g = game()
    assert g.module("crew").face("officer-hexagon").name == "Medic"
    advance(g, WATCH_CHANGE_S)
    assert g.module("crew").face("officer-hexagon").name == "Sick-bay attendant"
    advance(g, 2 * WATCH_CHANGE_S + 6 * 3600)
    assert g.module("crew").face("officer-hexagon").name == "Medic"


def test_6_8_easy_watch_change_slides_the_tile_and_keeps_the_symbols():
    g = game(difficulty={"officer": "easy"}, easy_watch_change={"officer": True})
    advance(g, WATCH_CHANGE_S)
    crew = g.module("crew")
    assert crew.face("officer-hexagon").name == "Medic"  # same symbols on duty
    assert crew.face("navigator-square").name == "Navigator's mate"  # other players flip as usual
    assert crew.row == 1  # but the second watch's activation row is used


def test_6_8_easy_watch_change_only_for_an_easy_difficulty():
    g = game()
    refused = one(do(g, {"do": "crew_options", "easy_watch_change": {"captain": True}}), "action_refused")
    assert "easy difficulty" in refused["reason"]
    assert not g.module("crew").easy.get("captain")  # refused: the captain's tiles still flip
    before = g.module("crew").face("captain-square").name
    advance(g, WATCH_CHANGE_S)
    assert g.module("crew").face("captain-square").name != before


def test_6_8_a_treated_ailment_sheds_a_chip_even_after_handing_over_a_task():
    g = game()
    stations(g, {"navigator-square": 8, "officer-hexagon": 8})
    do(g, {"do": "order", "order": "observe"})
    do(g, {"do": "ailment", "figure": "navigator-square", "deck": "wounds", "exhaustion": 1,
           "supplies": ["bandages"]})
    do(g, {"do": "order", "order": "first_aid", "patients": ["navigator-square"]})
    events = advance(g, WATCH_CHANGE_S)
    change = one(events, "crew_watch_change")
    assert change["healed"] == ["navigator-square"]
    assert "navigator-square" in [h["figure"] for h in change["handed"]]
    assert one(events, "ailment_healed")["how"] == "treated"
    assert chips(g, "navigator-square", watch=1) == []


def test_6_8_8_6_a_treated_ailment_sheds_its_chip_instead_of_an_activation_chip():
    """Rulebook §6.8 "werft statt 1 Aktivierung- 1 Gesundheitsproblem-Chip ab", §8.6 "anstatt 1
    Aktivierungs-Chip abzuwerfen": one chip per sailor, the ailment's, not both."""
    g = game()
    stations(g, {"officer-hexagon": 4})  # the medic joins navigator-square in the crew quarters
    do(g, {"do": "end_mobilize"})
    do(g, {"do": "ailment", "figure": "navigator-square", "deck": "event", "exhaustion": 1, "activation": 1,
           "supplies": ["pills"]})
    assert chips(g, "navigator-square") == ["E1", "A"]
    do(g, {"do": "order", "order": "first_aid", "patients": ["navigator-square"]})
    change = one(advance(g, WATCH_CHANGE_S), "crew_watch_change")
    assert change["healed"] == ["navigator-square"] and "navigator-square" not in change["shed"]
    assert chips(g, "navigator-square", watch=1) == ["A"]


def test_6_10_figures_of_dead_sailors_leave_and_come_back_at_watch_changes():
    g = game()
    events = do(g, {"do": "kill", "figure": "engineer-square", "why": "event card"})
    killed = one(events, "sailor_killed")
    assert killed["feed"] == "square engineer (Chief mechanic) is dead (event card). Take the figure off the model."
    assert one(events, "morale")["change"] == -2
    do(g, {"do": "lift", "figure": "engineer-square"})
    change = one(advance(g, WATCH_CHANGE_S), "crew_watch_change")
    assert change["back"] == ["engineer-square"] and "put back in any section: square engineer" in change["feed"]
    events = do(g, {"do": "place", "figure": "engineer-square", "section": 5})  # anywhere, no mobilize
    assert one(events, "sailor_returned")["section"] == 5 and not named(events, "move_unmobilized")
    change = one(advance(g, 2 * WATCH_CHANGE_S + 4 * 3600), "crew_watch_change")
    assert change["leave"] == ["engineer-square"]
    assert "take off the model: square engineer" in change["feed"]


def test_6_10_a_relief_whose_figure_was_never_taken_off_comes_on_duty_where_it_stands():
    """§6.10: the living relief's figure stands in a section of the players' choice. Nobody took the dead
    navigator's figure off: at the watch change his relief is on duty where it stands and counts there."""
    g = game()
    do(g, {"do": "kill", "sailor": "navigator-square/1", "why": "event card"})  # the figure stays in section 4
    events = advance(g, WATCH_CHANGE_S)
    change = one(events, "crew_watch_change")
    assert change["back"] == ["navigator-square"] and change["returned"] == {"navigator-square": 4}
    assert "back on duty where the figure stands: square navigator (4)" in change["feed"]
    assert "put back" not in change["feed"]
    assert one(events, "sailor_returned")["section"] == 4
    crew = g.module("crew")
    assert crew.pos["navigator-square"] == 4 and "navigator-square" in [m.figure for m in crew.members(4)]
    assert not named(do(g, {"do": "place", "figure": "navigator-square", "section": 4}), "move_unmobilized")
    assert crew.pos["navigator-square"] == 4


def test_6_10_a_relief_cannot_come_on_duty_outside_while_the_boat_is_submerged():
    """§6.10 the returning figure goes in a section of choice, but §10.3.9 nobody stands on deck or bridge
    (7, 8) while the boat is submerged."""
    g = game()
    do(g, {"do": "kill", "sailor": "navigator-square/1"})
    do(g, {"do": "lift", "figure": "navigator-square"})
    g.module("boat").surfaced = False
    advance(g, WATCH_CHANGE_S)
    crew = g.module("crew")
    events = do(g, {"do": "place", "figure": "navigator-square", "section": 7})
    illegal = one(events, "move_illegal")
    assert illegal["reason"] == "the boat is submerged: nobody can be on deck or bridge"
    assert crew.pos["navigator-square"] is None and not named(events, "sailor_returned")
    events = do(g, {"do": "place", "figure": "navigator-square", "section": 3})
    assert one(events, "sailor_returned")["section"] == 3 and crew.pos["navigator-square"] == 3


def test_6_10_a_figure_left_on_the_bridge_of_a_submerged_boat_must_be_moved_in():
    g = game()
    stations(g, {"navigator-square": 8})
    do(g, {"do": "end_mobilize"})
    do(g, {"do": "kill", "sailor": "navigator-square/1"})  # the figure is left on the bridge
    g.module("boat").surfaced = False  # the boat is down when the watch changes
    change = one(advance(g, WATCH_CHANGE_S), "crew_watch_change")
    assert change["returned"] == {} and "put back in any section: square navigator" in change["feed"]
    assert g.module("crew").pos["navigator-square"] is None
    assert one(do(g, {"do": "place", "figure": "navigator-square", "section": 3}), "sailor_returned")


def test_6_10_the_returning_figure_takes_no_crew_damage_in_a_hazardous_section():
    g = game()
    do(g, {"do": "kill", "figure": "engineer-square"})
    do(g, {"do": "damage", "kind": "environmental", "condition": "fire", "section": 5})
    advance(g, WATCH_CHANGE_S)
    events = do(g, {"do": "place", "figure": "engineer-square", "section": 5})
    assert not named(events, "crew_damage")


def test_6_8_crew_damage_for_every_sailor_in_a_hazardous_section():
    g = game(seed=3)
    stations(g, {"engineer-square": 5, "engineer-triangle": 5})
    do(g, {"do": "end_mobilize"})
    do(g, {"do": "damage", "kind": "environmental", "condition": "fire", "section": 5})
    damage = named(advance(g, WATCH_CHANGE_S), "crew_damage")
    assert [(d["sections"], sorted(d["exposed"]), d["draws"]) for d in damage] == [
        ([5], ["engineer-square", "engineer-triangle"], 2)]


def test_6_8_6_12_an_open_mobilization_at_the_watch_change_draws_crew_damage_once():
    g = game(seed=3)
    stations(g, {"engineer-square": 5, "engineer-triangle": 5})
    do(g, {"do": "end_mobilize"})
    do(g, {"do": "damage", "kind": "environmental", "condition": "fire", "section": 5})
    stations(g, {"captain-square": 6})  # a mobilization is still open at 06:00; the captain crosses 4 and 5
    events = advance(g, WATCH_CHANGE_S)
    damage = named(events, "crew_damage")
    assert len(damage) == 1
    assert sorted(damage[0]["exposed"]) == ["captain-square", "engineer-square", "engineer-triangle"]
    assert one(events, "mobilization_ended")["why"] == "watch change"


def test_6_8_easy_watch_change_ends_when_the_role_leaves_the_easy_difficulty():
    """§6.8 optional rule: only a role on the easy difficulty may slide its tile. A role set to another
    difficulty later flips again, and the crew is told so, instead of keeping the easy rule on."""
    g = game(difficulty={"officer": "easy"}, easy_watch_change={"officer": True})
    events = do(g, {"do": "crew_options", "difficulty": {"officer": "hard"}})
    options = one(events, "crew_options")
    assert options["easy_watch_change"]["officer"] is False
    assert "flip again at the watch change" in options["feed"]
    assert not g.module("crew").easy["officer"]
    advance(g, WATCH_CHANGE_S)
    assert g.module("crew").face("officer-hexagon").name == "Sick-bay attendant"  # the tile flipped


def test_6_8_options_that_keep_the_easy_difficulty_keep_the_easy_watch_change():
    g = game(difficulty={"officer": "easy"}, easy_watch_change={"officer": True})
    options = one(do(g, {"do": "crew_options", "difficulty": {"captain": "hard"}}), "crew_options")
    assert options["easy_watch_change"]["officer"] is True and "feed" not in options
