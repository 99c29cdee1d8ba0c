"""Properties of the crew rules under random play (hypothesis): §6.6 never more than 3 chips on a
sailor, §7.3 morale never above XI, §6.10 a dead sailor never acts, and nothing happens to the crew
once the mission is over."""

from __future__ import annotations

import random

from crewkit import game
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from kaleun.uboot.crew.bars import morale_value
from kaleun.uboot.crew.sailors import MAX_CHIPS, sailor_id
from random_table import step

AFTER_THE_END = {"order_accepted", "activation", "crew_damage", "condition_placed", "hull_breach", "section_flooded",
                 "crew_watch_change", "sailor_killed", "all_hands_lost", "mission_end", "meal_eaten",
                 "technical_condition", "morale", "undone"}
SETTINGS = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def _dead(g) -> set[str]:
    crew = g.module("crew")
    return {sailor_id(f, row) for row, states in enumerate(crew.states) for f, s in states.items() if s.dead}


@SETTINGS
@given(seed=st.integers(0, 2**16), steps=st.lists(st.integers(0, 2**31), min_size=1, max_size=120))
def test_random_play_keeps_the_crew_rules(seed, steps):
    for rules in ("enforce", "advise"):
        g = game(seed=seed, rules=rules, wear=True)
        crew = g.module("crew")
        for n in steps:
            dead_before = _dead(g)
            over_before = g.module("mission").over
            events = step(random.Random(n), g)
            if over_before:  # after the end nothing happens to the crew
                assert not {e.name for e in events} & AFTER_THE_END, [e.name for e in events]
            for row in crew.states:
                for figure, state in row.items():
                    assert len(state.chips) <= MAX_CHIPS, f"{figure} holds {state.chips}"
                    assert not (state.dead and state.task), f"dead {figure} still busy"
            assert morale_value(crew.bars.morale) <= 11
            for e in events:
                if e.name == "activation":
                    acting = {a["sailor"] for a in e.data["sailors"]}
                    assert not acting & dead_before, f"dead sailors acted: {acting & dead_before}"
            on_duty_dead = {f for f, s in crew.states[crew.row].items() if s.dead}
            assert crew.lookouts() <= 6
            assert all(crew.pos[f] is None for f in on_duty_dead)
