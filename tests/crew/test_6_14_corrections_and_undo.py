"""§6.14 correcting mistakes: adjustments for what a physical card did, and undo of the last action.
Every correction is an ordinary command: logged, replayable, usable in table scripts."""

from __future__ import annotations

import json

import pytest
from crewkit import WATCH_CHANGE_S, advance, chips, do, game, named, one, play, stations
from kaleun.core.errors import CommandError
from kaleun.uboot.game import load_game


def test_6_14_morale_and_command_bar_adjustments():
    g = game()
    events = do(g, {"do": "adjust_morale", "by": -2, "why": "morale card: homesick"})
    morale = one(events, "morale")
    assert morale["feed"] == "Morale falls to IX (morale card: homesick)." and morale["change"] == -2
    events = do(g, {"do": "adjust_command", "by": -3, "why": "event card"})
    assert one(events, "command_bar")["feed"] == "Command bar set to V (event card)."
    assert one(do(g, {"do": "adjust_command", "by": 8}), "command_bar")["value"] == "VIII"


def test_6_14_chips_added_and_removed_a_sailor_killed_an_item_moved():
    g = game()
    assert one(do(g, {"do": "chips", "figure": "officer-circle", "add": 5 - 3}), "chips")["chips"] == ["A", "A"]
    assert one(do(g, {"do": "chips", "figure": "officer-circle", "remove": 3}), "chips")["removed"] == 2
    assert one(do(g, {"do": "kill", "figure": "officer-circle", "why": "event card"}), "sailor_killed")
    moved = one(do(g, {"do": "move_item", "item": "cables", "section": 2}), "item_moved")
    assert (moved["previous"], moved["section"]) == (6, 2)


def test_6_14_6_6_a_chips_correction_that_would_change_nothing_is_refused_and_keeps_no_undo_entry():
    """§6.6: at most 3 chips on a sailor. Adding to a full sailor or removing from one without an
    activation chip said "0 activation chips added" and left an undo entry that undid nothing."""
    g = game()
    do(g, {"do": "adjust_morale", "by": -1, "why": "morale card"})
    refused = one(do(g, {"do": "chips", "figure": "officer-circle", "remove": 1}), "action_refused")
    assert refused["feed"] == ("Chips refused: circle officer (Radio operator) has no activation chip to remove.")
    do(g, {"do": "chips", "figure": "officer-circle", "add": 3})
    refused = one(do(g, {"do": "chips", "figure": "officer-circle", "add": 1}), "action_refused")
    assert refused["reason"] == "circle officer (Radio operator) has no free activation slot (3 chips at most)"
    assert g.module("crew").sailor("officer-circle").chips == ["A", "A", "A"]
    assert one(do(g, {"do": "undo"}), "undone")["action"] == "chips on circle officer"
    assert one(do(g, {"do": "undo"}), "undone")["action"] == "morale -1"


def test_6_14_undo_takes_back_the_last_action_one_at_a_time():
    g = game()
    before = g.module("crew").to_state()
    do(g, {"do": "order", "order": "new_course", "course": 30})
    do(g, {"do": "adjust_morale", "by": -3})
    events = do(g, {"do": "undo"})
    assert one(events, "undone")["feed"] == "Undone: morale -3."
    assert g.module("crew").bars.status()["morale"] == "XI"
    events = do(g, {"do": "undo"})
    assert one(events, "undone")["action"] == "New course order"
    after = g.module("crew").to_state()
    assert {k: v for k, v in after.items() if k != "undo"} == {k: v for k, v in before.items() if k != "undo"}
    refused = one(do(g, {"do": "undo"}), "action_refused")
    assert refused["reason"] == ("there is nothing to undo: undo reaches back only to the last thing that happened "
                                 "on its own (a watch change, damage, diving or surfacing, a ship sunk, a finished "
                                 "repair, the meal call), the last change of the crew options or the last random "
                                 "draw")


def test_6_14_undo_refused_after_a_dive_names_the_dive_among_its_reasons():
    """A dive clears the history (the boat's dive is no crew action and may have killed sailors on deck):
    the refusal names it, so the table knows why the chips of the dive order stay."""
    g = game(rules="advise")
    do(g, {"do": "order", "order": "dive"})
    refused = one(do(g, {"do": "undo"}), "action_refused")
    assert "diving or surfacing" in refused["reason"]


def test_6_14_undo_does_not_reach_back_past_a_watch_change_or_damage():
    g = game()
    do(g, {"do": "adjust_morale", "by": -1})
    advance(g, WATCH_CHANGE_S)
    assert named(do(g, {"do": "undo"}), "action_refused")
    do(g, {"do": "adjust_morale", "by": -1})
    do(g, {"do": "damage", "kind": "environmental", "condition": "leak", "section": 2})
    assert named(do(g, {"do": "undo"}), "action_refused")


def test_6_14_undoing_a_mobilize_flags_the_figures_that_moved():
    g = game()
    stations(g, {"engineer-square": 5})
    events = do(g, {"do": "undo"})
    assert one(events, "undone")["action"] == "Mobilize order"
    flag = one(events, "move_unmobilized")
    assert (flag["figure"], flag["from"], flag["to"]) == ("engineer-square", 4, 5)


def test_6_14_undo_restores_a_repair_crew_and_its_progress():
    g = game()
    stations(g, {"engineer-square": 3, "engineer-triangle": 3})
    do(g, {"do": "end_mobilize"})
    do(g, {"do": "damage", "kind": "technical", "component": "periscope", "severity": "failure"})
    do(g, {"do": "order", "order": "repair", "component": "periscope"})
    do(g, {"do": "undo"})
    assert chips(g, "engineer-square") == [] and not g.module("technical").job("periscope").active


def test_6_14_corrections_replay_from_a_script_and_survive_a_save(tmp_path):
    lines = [
        {"t": 0, "do": "ailment", "figure": "captain-square", "deck": "wounds", "wounds": 1, "activation": 1},
        {"t": 5, "do": "adjust_morale", "by": -2},
        {"t": 6, "do": "undo"},
        {"t": 7, "do": "smoke", "role": "captain"},
        {"t": 8, "do": "chips", "sailor": "captain-square/2", "add": 1},
    ]
    g1, first = play(tmp_path, lines, g=game(seed=4))
    _, second = play(tmp_path, lines, g=game(seed=4))
    assert first == second
    restored = load_game(json.loads(json.dumps(g1.to_state())))
    assert restored.module("crew").to_state() == g1.module("crew").to_state()
    assert restored.module("crew").sailor("captain-square", 1).chips == ["A"]


@pytest.mark.parametrize("command, message", [
    ({"do": "chips", "figure": "officer-circle"}, "give either add or remove"),
    ({"do": "chips", "sailor": "officer-circle/3", "add": 1}, "is not <figure>/1 or <figure>/2"),
    ({"do": "ailment", "injury": 7}, "no injury 7 is waiting"),
    ({"do": "ailment", "injury": 0}, "ailment: injury must be at least 1, got 0"),  # never "between 1 and None"
    ({"do": "damage", "kind": "environmental", "condition": "plague", "section": 2}, "condition 'plague' is not one"),
    ({"do": "damage", "kind": "hull_breach", "section": 7}, "section must be between 1 and 6"),
    ({"do": "damage", "kind": "crew", "sections": "outside"}, "sections must be a list of sections 1-8"),
    ({"do": "crew_options", "difficulty": {"captain": "heroic"}}, "maps roles"),
    ({"do": "smoke", "roles": []}, "name who spends a cigarette"),
    ({"do": "move_fix", "figure": "engineer-square", "choice": "ignore"}, "choice 'ignore' is not one of"),
    ({"do": "adjust_morale", "by": 1, "becuase": "typo"}, "unknown field(s) 'becuase'"),
])
def test_malformed_crew_commands_are_command_errors_and_change_nothing(command, message):
    g = game()
    before = g.to_state()
    with pytest.raises(CommandError, match=message.replace("(", r"\(").replace(")", r"\)")):
        g.apply(command)
    assert g.to_state() == before


def test_a_bad_script_line_names_file_and_line(tmp_path):
    from kaleun.runtime.script import ScriptError

    with pytest.raises(ScriptError, match=r"script.jsonl:2: damage: kind 'meteor' is not one of"):
        play(tmp_path, [{"t": 0, "do": "report"}, {"t": 1, "do": "damage", "kind": "meteor"}])


@pytest.mark.parametrize("command", [
    {"do": "ailment", "figure": "officer-circle", "wounds": 1},  # dead: §7.6
    {"do": "cure", "figure": "officer-square"},
    {"do": "chips", "figure": "officer-circle", "add": 1},
    {"do": "kill", "figure": "officer-circle"},
    {"do": "carry", "figure": "officer-square", "item": "cables"},
    {"do": "puzzle", "section": 4, "result": "solved"},
    {"do": "smoke", "role": "captain"},
    {"do": "cook", "take": [1]},
    {"do": "join_task", "task": "observation"},
    {"do": "join_task", "task": "repair", "component": "radio"},
    {"do": "stop_task", "figure": "officer-square"},
    {"do": "first_aid_kit"},
    {"do": "end_mobilize"},
    {"do": "move_item", "item": "cables", "section": 1},
])
def test_6_14_a_refused_action_leaves_the_undo_history_alone(command):
    """Only what was done can be undone: after a refusal, undo takes back the action before it."""
    g = game()
    do(g, {"do": "damage", "kind": "hull_breach", "section": 1})
    advance(g, 180)  # section 1 floods; the undo history starts afresh
    do(g, {"do": "kill", "figure": "officer-circle"})
    do(g, {"do": "adjust_morale", "by": -1, "why": "morale card"})
    assert one(do(g, command), "action_refused")
    assert one(do(g, {"do": "undo"}), "undone")["action"] == "morale -1"
    assert one(do(g, {"do": "undo"}), "undone")["action"] == "circle officer killed"


def test_6_14_6_12_undo_never_reaches_back_past_a_draw_from_the_bag():
    """Ending a mobilization draws crew damage for those in or through a hazardous section (§6.12); undoing
    it and ending it again would draw again until the injuries suit the crew. The draw stands."""
    g = game(seed=3)
    do(g, {"do": "damage", "kind": "environmental", "condition": "fire", "section": 4})
    stations(g, {"captain-square": 5})  # through the burning crew quarters
    events = do(g, {"do": "end_mobilize"})
    assert "captain-square" in one(events, "crew_damage")["exposed"]
    assert one(do(g, {"do": "undo"}), "action_refused")["action"] == "undo"


def test_6_14_an_order_that_ended_a_mobilization_with_crew_damage_is_undone_alone():
    g = game(seed=3)
    do(g, {"do": "damage", "kind": "environmental", "condition": "fire", "section": 4})
    stations(g, {"captain-square": 5})
    events = do(g, {"do": "order", "order": "address_crew"})  # the order ends the mobilization
    damage = one(events, "crew_damage")
    assert "captain-square" in damage["exposed"]
    assert one(do(g, {"do": "undo"}), "undone")["action"] == "Address the crew order"
    assert one(do(g, {"do": "undo"}), "action_refused")
    waiting = [i["id"] for i in g.module("crew").health.injuries]
    assert damage["injuries"] and all(i["id"] in waiting for i in damage["injuries"])  # the damage stays


def test_6_14_9_4_3_undo_never_reaches_back_past_a_spoilage_shuffle():
    g = game()
    crew = g.module("crew")
    state = crew.to_state()
    state["food"].update(pyramid=["meat", "egg", "onion", "bread", "potato", "lemon"], supply=[],
                         discard=["meat", "egg", "bread", "canned_fish", "potato", "egg"])
    crew.load_state(state)
    stations(g, {"navigator-circle": 4})
    assert one(do(g, {"do": "order", "order": "prepare_meal", "take": [2, 3]}), "food_spoiled")
    assert one(do(g, {"do": "undo"}), "action_refused")


@pytest.mark.parametrize("setup, command, reason", [
    ([], {"do": "adjust_morale", "by": 2}, "morale already stands at XI: it never rises past XI"),
    ([{"do": "adjust_morale", "by": -11}], {"do": "adjust_morale", "by": -1},
     "morale already stands on its last field: a loss never pushes the marker off the bar"),
    ([], {"do": "adjust_command", "by": 3}, "the command bar already stands at VIII: it never moves back past VIII"),
    ([{"do": "adjust_command", "by": -8}], {"do": "adjust_command", "by": -1},
     "the command bar already stands on its last field"),
    ([], {"do": "adjust_morale", "by": 0}, "a change by 0 moves no marker"),
])
def test_6_14_a_bar_correction_that_moves_no_marker_is_refused_and_keeps_no_undo(setup, command, reason):
    """§6.14 corrections at the bars' bounds (§7.2-7.4: a marker never leaves its bar): a correction that
    would change nothing says why, as a `chips` correction does, instead of a silent event and an undo
    entry that takes back nothing."""
    g = game()
    for line in setup:
        do(g, line)
    last = g.module("crew").undo.last
    refused = one(do(g, command), "action_refused")
    assert refused["reason"] == reason
    assert g.module("crew").undo.last == last


def test_6_14_undo_never_takes_back_the_crew_options_given_after_the_action():
    """crew_options is no crew action and cannot be undone: undoing a correction made before it must not put
    the old rules, difficulty, refill kits or wear back with the correction's snapshot. The options start a new
    history, as the things that happen on their own do."""
    g = game()
    do(g, {"do": "adjust_morale", "by": -1})
    do(g, {"do": "crew_options", "rules": "advise", "difficulty": {"captain": "hard"}, "wear": True,
           "linked_missions": 3})
    refused = one(do(g, {"do": "undo"}), "action_refused")
    assert "the last change of the crew options" in refused["reason"]
    crew = g.module("crew")
    assert (crew.rules, crew.difficulty["captain"], crew.health.kits) == ("advise", "hard", 2)
    assert g.module("technical").wear
    assert crew.bars.status()["morale"] == "X"  # the correction before them stays too


def test_6_14_undoing_an_order_that_acted_at_sea_says_what_stays():
    """Undo takes back the crew's bookkeeping only: after undoing a new speed the telegraph still stands where
    the order put it, and the feed says so instead of a bare "Undone: New speed order."; an order whose whole
    effect is the crew's (a mobilize, an address to the crew) reads as before."""
    g = game(rules="advise")
    do(g, {"do": "order", "order": "new_speed", "speed": "half_ahead"})
    undone = one(do(g, {"do": "undo"}), "undone")
    assert undone["action"] == "New speed order"
    assert undone["feed"] == ("Undone: New speed order: its chips and payment. What it did to the boat, her weapons "
                              "or sensors stays: give a new order to change it.")
    assert g.module("boat").telegraph == "half_ahead"
    do(g, {"do": "order", "order": "address_crew"})
    assert one(do(g, {"do": "undo"}), "undone")["feed"] == "Undone: Address the crew order."
