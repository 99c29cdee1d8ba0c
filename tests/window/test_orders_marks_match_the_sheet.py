"""The console's every order by touch (the order assistant, rulebook §6.5): on the orders screen an order with
nothing to choose shows at once whether it could be given now, a tick or a warning mark. The dive showed a tick
while its sheet said it would go ahead short of its crew (no engine men in 5 and 6) and warned that the two
lookouts on the bridge would die in it (§3); the mark now says what the sheet says: a tick only for "It can be
given."."""

from __future__ import annotations

from kaleun.core.messages import Msg

from window.fingers import Table_, shown
from window.test_screens_render import busy_table


def marks(table: Table_) -> dict[str, object]:
    table.tap("tab.orders")
    table.render()
    return dict(table.window.screens["orders"].ready)


def verdict(table: Table_, order: str) -> list[str]:
    """What the order's sheet says of it (its verdict and its warnings), then the sheet closed."""
    table.tap(f"order.{order}")
    said = shown(table)
    table.tap("sheet.close")
    return said


def test_6_5_a_dive_short_of_its_crew_carries_the_warning_mark() -> None:
    table = Table_(mission="exercise_convoy_battle", seed=0)
    table.window.dismiss_alarms()
    ready = marks(table)
    assert ready["dive"] is not None
    said = verdict(table, "dive")
    assert table.window.tr(Msg("It goes ahead without its crew:")) in said
    assert ready["mobilize"] is None  # nothing missing, nothing to mind: the tick
    assert table.window.tr(Msg("It can be given.")) in verdict(table, "mobilize")


def test_3_a_dive_that_kills_the_lookouts_carries_the_warning_mark() -> None:
    table = busy_table("en")  # two navigators on the bridge
    table.window.dismiss_alarms()
    ready = marks(table)
    assert ready["dive"] is not None
    assert any("are still on the bridge or deck and die in the dive" in text for text in verdict(table, "dive"))


def test_6_5_a_refused_order_carries_the_warning_mark() -> None:
    table = Table_(mission="exercise_convoy_battle", seed=0)  # surfaced: the hydrophone works only submerged
    table.window.dismiss_alarms()
    assert marks(table)["hydrophone"] is not None
