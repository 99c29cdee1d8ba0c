"""Weapons, and tap a contact for its target data: an aircraft chosen on the tactical plot is the
target of the 20 mm gun's sheet (§8.4, the flak on the bridge) whichever way the First Officer opens it — the attack
screen's 20 mm button, the orders screen's, or the plot's own gun button beside the aircraft's target data — as the
TDC's and the 88 mm gun's sheets take a ship chosen there. Before, the flak's sheet opened with no target and fired
at the nearest aircraft, not the one chosen."""

from __future__ import annotations

from typing import Any

import pytest
from kit import do, order
from weapons.weaponskit import range_game

from window.fingers import Table_
from window.test_convoy_by_touch import choose_contact

SUNDERLAND = {"type": "sunderland", "bearing": 90, "range_nm": 1.8}
TRAMP = {"class": "tramp", "bearing": 40, "range_m": 2500, "course": 40, "speed_kn": 0}


def _aircraft_in_sight(vessels: list[dict[str, Any]] | None = None) -> tuple[Table_, list[str]]:
    """A surfaced boat, two lookouts on the bridge, a Sunderland 1.8 nm off by day (and the `vessels`): the table
    and its contacts, the aircraft first."""
    g: Any = range_game(0, surfaced=True, flooded=[], aircraft=[SUNDERLAND], vessels=vessels or [])
    order(g, "mobilize")
    for figure in ("navigator-square", "navigator-triangle"):
        do(g, {"do": "place", "figure": figure, "section": 8})
    order(g, "observe")
    found: list[str] = []
    for _ in range(40):
        active = g.module("sea").picture.active()
        found = [c["id"] for c in active if c["kind"] == "aircraft"] + [c["id"] for c in active if c["kind"] == "ship"]
        if len(found) == 1 + len(vessels or []):
            break
        g.advance_to(g.t + 10)
    assert len(found) == 1 + len(vessels or []), f"the lookouts did not report every contact: {found}"
    table = Table_(game=g)
    table.window.dismiss_alarms()
    return table, found


@pytest.mark.parametrize("button", ["orders:order.gun_20", "attack:weapon.gun_20", "plot:target.gun"])
def test_8_4_the_aircraft_chosen_on_the_plot_is_the_flak_s_target(button: str) -> None:
    table, (plane,) = _aircraft_in_sight()
    table.tap("tab.plot")
    choose_contact(table, plane)
    screen, name = button.split(":")
    if screen != "plot":
        table.tap(f"tab.{screen}")
    table.tap(name)
    sheet = table.window.overlay
    assert sheet.form.id == "gun_20"
    assert sheet.values["target"] == plane


def test_8_4_a_ship_chosen_on_the_plot_is_not_the_flak_s_target() -> None:
    """The flak's sheet takes only an aircraft: a ship in contact chosen on the plot leaves it on "the nearest"."""
    table, (_plane, ship) = _aircraft_in_sight([TRAMP])
    table.tap("tab.plot")
    choose_contact(table, ship)
    assert table.window.ui["contact"] == ship
    table.tap("tab.attack")
    table.tap("weapon.gun_20")
    assert table.window.overlay.form.id == "gun_20"
    assert table.window.overlay.values.get("target") is None
