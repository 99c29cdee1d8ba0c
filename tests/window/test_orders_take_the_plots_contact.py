"""Every order by touch, and tap a contact for its target data: the contact chosen on the plot is the
target of the TDC's and the 88 mm gun's sheets opened from the attack screen; opened from the orders screen the same
sheets asked for it again ("Not complete: choose target"), one more touch in an attack. Both screens now open them on
the chosen contact while the crew has it in contact (§7.5 the TDC, §8.4 the gun); one out of contact is not set."""

from __future__ import annotations

import pytest

from window.fingers import convoy_in_sight
from window.test_convoy_by_touch import choose_contact


@pytest.mark.parametrize(("screen", "order", "field"), [("orders", "order.tdc", "contact"),
                                                        ("attack", "weapon.tdc", "contact"),
                                                        ("orders", "order.gun_88", "target"),
                                                        ("attack", "weapon.gun_88", "target")])
def test_7_5_the_contact_chosen_on_the_plot_is_the_sheets_target(screen: str, order: str, field: str) -> None:
    table = convoy_in_sight(until=200)
    table.window.dismiss_alarms()
    table.tap("tab.plot")
    choose_contact(table, "c2")
    table.tap(f"tab.{screen}")
    table.tap(order)
    sheet = table.window.overlay
    assert sheet.values[field] == "c2"
    table.render()
    assert sheet.problem is None  # nothing left to choose for the target


@pytest.mark.parametrize(("screen", "order"), [("orders", "order.tdc"), ("attack", "weapon.tdc")])
def test_7_5_a_contact_out_of_contact_is_not_the_sheets_target(screen: str, order: str) -> None:
    table = convoy_in_sight(until=200)
    table.window.dismiss_alarms()
    table.window.ui["contact"] = "c99"  # chosen once, no longer in contact
    table.tap(f"tab.{screen}")
    table.tap(order)
    assert table.window.overlay.values.get("contact") is None
