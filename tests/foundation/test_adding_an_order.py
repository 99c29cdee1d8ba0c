"""host/README.md, "Extending Kaleun", an order: after its data, its world effect and its `Action`
(the console), the window needs its sheet (a `Form` of `ui/forms.py`) and its button (its id in
`ORDER_GROUPS`). An order of orders.toml (rulebook §6.5) without them is one a touch-only crew
cannot give: these tests fail until both are there."""

from __future__ import annotations

from kaleun.uboot.orders import ORDER_NAMES
from kaleun.ui.forms import FORMS, ORDER_GROUPS


def test_6_5_every_order_has_its_sheet_in_the_window() -> None:
    sheets = {form.order for form in FORMS.values() if form.order is not None}
    missing = [order for order in ORDER_NAMES if order not in sheets]
    assert not missing, f"orders without a Form in ui/forms.py: {missing}"


def test_6_5_every_order_has_its_button_on_the_orders_screen_once() -> None:
    listed = [order for _, orders in ORDER_GROUPS for order in orders]
    assert sorted(listed) == sorted(set(listed)), "an order listed twice in ORDER_GROUPS"
    missing = [order for order in ORDER_NAMES if order not in listed]
    assert not missing, f"orders missing from ORDER_GROUPS (ui/forms.py): {missing}"
    unknown = [order for order in listed if order not in ORDER_NAMES]
    assert not unknown, f"ORDER_GROUPS names orders orders.toml does not have: {unknown}"
    assert all(FORMS[order].order == order for order in listed), "a button opens another order's sheet"


def test_host_readme_lists_the_order_ids_of_orders_toml() -> None:
    """host/README.md, "Table scripts": "Order ids: ..." is orders.toml's list, in its order."""
    import re

    from kit import HOST

    text = (HOST / "README.md").read_text(encoding="utf-8")
    found = re.search(r"Order ids: (.*?)\. ", text, re.S)
    assert found, "host/README.md has no list of order ids"
    assert re.findall(r"`([a-z_0-9]+)`", found.group(1)) == list(ORDER_NAMES)
