"""§6.14 undo: an undo entry keeps the crew as it stood when the entry was made. Entries share the state of a
sailor unchanged since the entry before (most sailors, most of the time); these tests prove that what is shared
is exactly what a fresh copy would be, to the byte of a save, and that no entry ever changes afterwards."""

from __future__ import annotations

import json
import random
from typing import Any

from crewkit import do, game
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from kaleun.uboot.crew.sailors import SailorState
from random_table import step

CHIPS = st.lists(st.sampled_from(["A", "O", "T", "W1", "E1", "W2"]), max_size=3)
TASKS = st.one_of(st.none(), st.just({"kind": "observation"}),
                  st.sampled_from(["diesels", "rudder"]).map(lambda c: {"kind": "repair", "component": c}),
                  st.sampled_from(["diesels", "rudder"]).map(lambda c: {"component": c, "kind": "repair"}))
AILMENTS = st.lists(st.builds(lambda i: {"id": i, "kind": "wound", "treated": False, "forbid": ["dive"],
                                         "supplies": []}, st.integers(1, 2)), max_size=1)


def _sailor(chips: list[str], task: dict[str, Any] | None, ailments: list[dict[str, Any]], dead: bool) -> SailorState:
    s = SailorState()
    s.chips, s.task, s.ailments, s.dead = list(chips), None if task is None else dict(task), list(ailments), dead
    return s


SAILORS = st.builds(_sailor, CHIPS, TASKS, AILMENTS, st.booleans())


@settings(max_examples=400)
@given(now=SAILORS, before=SAILORS)
def test_6_14_a_sailor_shares_an_earlier_state_only_when_it_is_his_state_to_the_byte(now, before):
    earlier = before.to_state()
    if now.saved_as(earlier):
        assert json.dumps(earlier) == json.dumps(now.to_state())
    if not now.ailments:  # a sailor without ailments always recognises his own state
        assert now.saved_as(now.to_state())


def test_6_14_a_changed_sailor_never_shares_his_earlier_state():
    s = _sailor(["A"], None, [], False)
    earlier = s.to_state()
    for change in (lambda: s.chips.append("A"), lambda: s.chips.__setitem__(0, "O"),
                   lambda: setattr(s, "task", {"kind": "observation"}), lambda: setattr(s, "dead", True)):
        change()
        assert not s.saved_as(earlier)
        earlier = s.to_state()
    s.ailments.append({"id": 1, "kind": "wound", "treated": False, "forbid": [], "supplies": []})
    assert not s.saved_as(s.to_state())  # a sailor with ailments is always copied afresh


def test_6_14_an_order_copies_only_the_sailors_the_order_before_changed():
    g = game(rules="advise")  # the second order goes ahead without its crew: nobody stands in the engine room
    crew = g.module("crew")
    do(g, {"do": "order", "order": "new_course", "course": 30})
    do(g, {"do": "order", "order": "new_speed", "speed": "full_ahead"})
    first, second = (e["state"]["crew"]["sailors"] for e in crew.undo.entries[-2:])
    changed = {f for f, s in crew.states[crew.row].items() if s.to_state() != first[crew.row][f]}
    assert changed  # the first order activated sailors
    for row, (a, b) in enumerate(zip(first, second, strict=True)):
        for figure in a:
            if row == crew.row and figure in changed:
                assert b[figure] is not a[figure] and b[figure] != a[figure]
            else:
                assert b[figure] is a[figure]


def _check_every_snapshot(g: Any) -> None:
    """Each new undo entry must be exactly a fresh, unshared copy of the crew and technical state."""
    crew, technical = g.module("crew"), g.module("technical")
    snapshot = crew.snapshot

    def checked(label: Any) -> None:
        fresh = json.dumps({"crew": crew._state(with_undo=False), "technical": technical.to_state()})
        snapshot(label)
        assert json.dumps(crew.undo.entries[-1]["state"]) == fresh, "an undo entry differs from a fresh copy"

    crew.snapshot = checked


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**16), steps=st.lists(st.integers(0, 2**31), min_size=10, max_size=80))
def test_6_14_undo_entries_hold_the_crew_as_it_stood_and_never_change(seed, steps):
    for rules in ("enforce", "advise"):
        g = game(seed=seed, rules=rules, wear=True)
        _check_every_snapshot(g)
        undo = g.module("crew").undo
        seen: dict[int, tuple[Any, str]] = {}  # entry id -> (the entry, its save text when first seen)
        for n in steps:
            step(random.Random(n), g)
            for entry in undo.entries:
                kept = seen.setdefault(id(entry), (entry, json.dumps(entry["state"])))
                assert kept[1] == json.dumps(entry["state"]), "an undo entry changed after it was made"
