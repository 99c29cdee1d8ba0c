"""§6.5 (the executing sailors stand in the order's section with its symbols) and §10.3 (a condition is repaired
with its equipment chip in the section): when an order is refused for something else first — its own check ("the
water pump lies in section 1"), a major failure, both bars exhausted — the order assistant (the console's
`check ORDER` and the window's order sheet, both reading the order desk's `preview`) names its crew short at
their stations as well. A First Officer who puts right what the assistant named is not met by a second refusal
it never mentioned. Checking changes nothing."""

from __future__ import annotations

import io
import json

from crewkit import do, game
from kaleun.boards.loader import default_board
from kaleun.runtime.loop import Runtime
from kaleun.runtime.table import Table
from kaleun.ui.console import Console
from kaleun.ui.order_warnings import order_warnings

SHORT = "1 sailor with the repair symbol needed in section 5; found nobody"
PUMP = "repairing the leak needs the water pump in section 5; the chip lies in section 1"
ENFORCED = "Warning: also {missing}: the order would be refused for that as well."
ADVISED = "Warning: also {missing}: once the rest is in order, the order would go ahead without it."
REPAIR = {"order": "repair", "condition": "leak", "section": 5}


def _leak_in_the_diesel_room(rules: str):
    """A leak in section 5, its water pump in section 1 and nobody with the repair symbol in section 5."""
    g = game(rules=rules)
    do(g, {"do": "damage", "kind": "environmental", "condition": "leak", "section": 5})
    return g


def _state(g) -> str:
    return json.dumps(g.to_state(), sort_keys=True)


def _check(g) -> tuple[dict, list[str]]:
    before = _state(g)
    answer = g.module("orders").preview(REPAIR)
    warnings = [str(w) for w in order_warnings(g, answer)]
    assert _state(g) == before  # checked, not given
    return answer, warnings


def test_6_5_enforced_a_repair_refused_for_its_equipment_also_names_the_missing_repair_crew():
    g = _leak_in_the_diesel_room("enforce")
    answer, warnings = _check(g)
    assert not answer["accepted"] and str(answer["reason"]) == PUMP
    assert warnings == [ENFORCED.format(missing=SHORT)]
    # the First Officer brings the pump: the order is refused for exactly what the assistant named besides
    do(g, {"do": "move_item", "item": "water_pump", "section": 5})
    answer, warnings = _check(g)
    assert str(answer["reason"]) == SHORT and warnings == []
    events = do(g, {"do": "order", **REPAIR})
    refused = [e for e in events if e["event"] == "order_rejected"]
    assert [e["reason"] for e in refused] == [SHORT]


def test_6_5_advised_a_repair_refused_for_its_equipment_says_it_would_then_go_ahead_short_of_its_crew():
    g = _leak_in_the_diesel_room("advise")
    answer, warnings = _check(g)
    assert not answer["accepted"] and str(answer["reason"]) == PUMP
    assert warnings == [ADVISED.format(missing=SHORT)]
    do(g, {"do": "move_item", "item": "water_pump", "section": 5})
    answer, warnings = _check(g)
    assert answer["accepted"] and str(answer["missing"]) == SHORT
    events = do(g, {"do": "order", **REPAIR})
    assert [str(e["missing"]) for e in events if e["event"] == "crew_warning"] == [SHORT]


def test_6_5_a_refusal_for_the_order_alone_adds_nothing_when_its_crew_is_there():
    """Nothing more to name: the repair crew stands in section 5, only the pump is missing."""
    g = _leak_in_the_diesel_room("enforce")
    do(g, {"do": "order", "order": "mobilize"})
    do(g, {"do": "place", "figure": "engineer-circle", "section": 5})
    do(g, {"do": "end_mobilize"})
    answer, warnings = _check(g)
    assert str(answer["reason"]) == PUMP and answer["also"] == [] and warnings == []


def test_6_5_the_console_check_prints_the_refusal_and_the_crew_short_together():
    g = _leak_in_the_diesel_room("enforce")
    out = io.StringIO()
    runtime = Runtime(g, Table(default_board(), g), clock=lambda: 0.0)
    console = Console(runtime, stdin=io.StringIO(), stdout=out, interactive=False)
    runtime.step()
    before = _state(g)
    console.handle("check repair condition=leak section=5")
    text = out.getvalue()
    assert f"would be refused: {PUMP}." in text
    assert ENFORCED.format(missing=SHORT) in text
    assert _state(g) == before


HALF_AHEAD = {"order": "new_speed", "speed": "half_ahead"}
ENGINES_SHORT = "2 sailors with the engines symbol needed in section 5 while surfaced; found nobody"


def test_6_5_an_order_a_major_failure_forbids_also_names_the_sailors_it_would_lack():
    """§10.3 a major failure of the diesels forbids speed orders surfaced; the assistant says so and, under it,
    that the engine room is empty as well (the refusal itself names the failure alone)."""
    from kaleun.uboot.crew.technical import SEVERITIES

    for rules, template in (("enforce", ENFORCED), ("advise", ADVISED)):
        g = game(rules=rules)
        do(g, {"do": "damage", "kind": "technical", "component": "diesels", "severity": SEVERITIES[-1]})
        before = _state(g)
        answer = g.module("orders").preview(HALF_AHEAD)
        assert _state(g) == before
        assert not answer["accepted"] and str(answer["reason"]).startswith("major failure of the diesels")
        assert [str(w) for w in order_warnings(g, answer)] == [template.format(missing=ENGINES_SHORT)]
        refused = [e for e in do(g, {"do": "order", **HALF_AHEAD}) if e["event"] == "order_rejected"]
        assert [e["reason"] for e in refused] == [str(answer["reason"])] and "missing" not in refused[0]


def test_7_both_bars_exhausted_the_assistant_also_names_the_sailors_short():
    """§7: with both bars exhausted no order is carried out; the assistant names the empty engine room too."""
    g = game(rules="enforce")
    for _ in range(3):
        do(g, {"do": "adjust_command", "by": -8})
        do(g, {"do": "adjust_morale", "by": -8})
    answer = g.module("orders").preview(HALF_AHEAD)
    assert str(answer["reason"]).startswith("both the command bar and the morale bar are exhausted")
    assert [str(w) for w in order_warnings(g, answer)] == [ENFORCED.format(missing=ENGINES_SHORT)]


def test_6_5_the_window_s_repair_sheet_shows_the_refusal_and_the_crew_short_together():
    """By touch: Orders, Repair, the leak in 5 — the sheet says it would be refused for the pump and warns of the
    empty section beside it; Give order stays greyed."""
    from window.fingers import Table_, shown

    table = Table_(mission="training", seed=0)
    table.runtime.submit({"do": "crew_options", "rules": "enforce"})
    table.runtime.submit({"do": "damage", "kind": "environmental", "condition": "leak", "section": 5})
    table.runtime.step()
    table.window.dismiss_alarms()
    table.tap("tab.orders")
    table.tap("order.repair")
    table.tap("field.job=condition:leak,section:5")
    text = " ".join(shown(table))
    assert PUMP in text
    assert ENFORCED.format(missing=SHORT) in text
    assert table.target("sheet.give").action is None
