"""A mission's saved state is checked before it loads (host/README.md, "Checks when a save is
loaded"): its shape (objectives, signals, plans, the patrol log) and the mission file's tables it
names by number. A damaged save is refused with the place and the reason; nothing is loaded."""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest
from kaleun.core.errors import SaveError
from kaleun.saves import load_checked
from missionkit import advance, game


def saved(mission: str = "shadow_1941") -> dict[str, Any]:
    g = game(mission)
    advance(g, 1800.0)  # HQ's signal is still planned; the patrol log has its track
    state: dict[str, Any] = json.loads(json.dumps(g.to_state()))
    return state


def test_a_mission_saved_with_its_plans_loads_back_as_it_was():
    state = saved()
    assert state["modules"]["mission"]["plans"] and state["modules"]["mission"]["log"]["track"]
    assert json.loads(json.dumps(load_checked(copy.deepcopy(state)).to_state())) == state


@pytest.mark.parametrize(("where", "value", "says"), [
    (("objectives", 0, "state"), "half_done", "modules.mission.objectives[0].state: one of"),
    (("plans", 0, "at"), "soon", "modules.mission.plans[0].at: a number"),
    (("log", "wrecks"), [], "modules.mission.log: unknown key 'wrecks'"),
    # nothing lost, damaged saves: every entry of the patrol log has its shape (the debrief reads each field) ...
    (("log", "deaths"), [5], "modules.mission.log.deaths[0]: an object"),
    (("log", "sunk"), [{"t": 1.0}], "modules.mission.log.sunk[0]: the key"),
    (("log", "track", 0), [0, 1, 2], "modules.mission.log.track[0]: a list of 5 entries"),
    (("log", "deaths"), [{"t": 1.0, "sailor": "s", "figure": "f", "cause": {"msg": "{n} x", "values": {"n": "x"},
                                                                            "plural": ["a", "b"]}}],
     "modules.mission.log.deaths[0].cause.values.n: a number"),
    (("passage",), {"base": "lorient"}, "modules.mission.passage: the key 'route' is missing"),
])
def test_a_damaged_mission_state_is_refused_by_its_place(where, value, says):
    state = saved()
    node = state["modules"]["mission"]
    for key in where[:-1]:
        node = node[key]
    node[where[-1]] = value
    # an unknown key may also be what a newer Kaleun keeps: "the save holds what this Kaleun does not know (...)"
    with pytest.raises(SaveError, match=r"(the save is damaged at |does not know \()" + says.replace("[", r"\[")
                       .replace("]", r"\]")
                       .replace("(", r"\(").replace(")", r"\)")):
        load_checked(state)


def test_a_mission_with_objectives_that_lacks_a_key_is_refused_by_its_name():
    """Nothing lost, damaged saves: a save of a mission with objectives keeps every key; one dropped is damage
    (only a save from before missions had objectives holds just mission, result and reason)."""
    state = saved()
    del state["modules"]["mission"]["answers_due"]
    with pytest.raises(SaveError, match=r"the save is damaged at modules\.mission: the key 'answers_due' is missing"):
        load_checked(state)


def test_a_plan_naming_a_signal_the_mission_file_lacks_is_refused():
    state = saved()
    plan = next(p for p in state["modules"]["mission"]["plans"] if p["kind"] == "radio")
    plan["index"] = 99
    with pytest.raises(SaveError, match="the mission shadow_1941 has no radio table number 100"):
        load_checked(state)
