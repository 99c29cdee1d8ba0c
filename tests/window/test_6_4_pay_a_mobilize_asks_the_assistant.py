"""Rulebook §6.4 (a move needs a Mobilize order) and §7 (no order once both bars are exhausted): the Boat screen's
**Pay a Mobilize** gives an order, so it says beforehand, as the order assistant does, when the order desk would
refuse it. With both bars exhausted it was open: a touch gave a Mobilize the game then refused. Now it is greyed and
its touch says why in the feed; nothing reaches the game to be refused."""

from __future__ import annotations

from window.fingers import Table_

EXHAUSTED = "both the command bar and the morale bar are exhausted"


def moved_without_a_mobilize(exhausted: bool) -> Table_:
    table = Table_(mission="exercise_convoy", seed=0)
    rt = table.runtime
    if exhausted:
        for _ in range(3):
            rt.submit({"do": "adjust_command", "by": -8})
            rt.submit({"do": "adjust_morale", "by": -8})
    rt.table.actuate({"do": "place", "figure": "engineer-square", "section": 5})
    rt.step()
    table.window.dismiss_alarms()
    table.tap("tab.boat")
    return table


def test_6_4_7_pay_a_mobilize_with_both_bars_exhausted_is_greyed_and_says_why() -> None:
    table = moved_without_a_mobilize(exhausted=True)
    assert table.target("move_fix.mobilize").action is None  # greyed
    refused = len(table.named("order_rejected"))
    table.tap("move_fix.mobilize")
    said = table.window.tr(table.window.scene().feed[-1].words)
    assert EXHAUSTED.capitalize() in said  # the reason as a line of its own: a sentence
    assert len(table.named("order_rejected")) == refused  # nothing reached the game to be refused
    assert table.game.module("crew").moves.flags  # the move still waits


def test_6_4_pay_a_mobilize_the_desk_would_accept_settles_the_move() -> None:
    table = moved_without_a_mobilize(exhausted=False)
    assert table.target("move_fix.mobilize").action is not None
    table.tap("move_fix.mobilize")
    table.runtime.step()
    assert [e.data["order"] for e in table.named("order_accepted")] == ["mobilize"]
    assert not table.game.module("crew").moves.flags
