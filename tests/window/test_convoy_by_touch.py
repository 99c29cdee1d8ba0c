"""The convoy battle exercise played by touch alone (rulebook §6.4 mobilize, §9.3 lookouts, §7.5 and
§12 the attack, §10 damage and repairs): the window's buttons give exactly the commands of the
night attack script (tests/weapons/scripts/night_attack.jsonl, seed 0), at its game times, so the
same ship goes down; then the boat dives away from the escorts and the crew repairs what their
depth charges broke.
"""

from __future__ import annotations

import pytest
from kaleun.uboot.boat import TELEGRAPH

from window.fingers import Table_


@pytest.fixture(scope="module")
def played() -> Table_:
    table = Table_(mission="exercise_convoy_battle", seed=0)
    night_salvo(table, ((2, "navigator-square", 8), (4, "navigator-triangle", 8), (6, "engineer-square", 5),
                        (8, "engineer-triangle", 6), (9, "engineer-circle", 6)))
    # t=310: everybody below, then dive, go deep, slow ahead
    table.until(310)
    table.tap("tab.boat")
    table.tap("mobilize")
    table.tap("sheet.give")
    for t, figure in ((312, "navigator-square"), (314, "navigator-triangle")):
        table.until(t)
        table.drag(f"figure.{figure}", "section.3")
    table.until(320)
    table.tap("tab.helm")
    table.give("order.dive")
    table.until(360)
    gauge = table.target("depth_gauge").rect
    table.tap("depth_gauge", (gauge.centerx, gauge.y + round(100 / 300 * gauge.h)))
    sheet = table.window.overlay
    while sheet.values["depth_m"] != 100:
        table.tap("field.depth_m.+10" if sheet.values["depth_m"] < 100 else "field.depth_m.-10")
    table.tap("sheet.give")
    table.until(365)
    scale = table.window.screens["helm"].telegraph
    table.tap("telegraph", scale.point(TELEGRAPH.index("slow_ahead"), 0.7))
    # the escorts hunt; the first pattern that hurts the boat comes at 1943 s
    table.until(1950)
    dismiss_alarms(table)
    table.tap("tab.damage")
    table.tap("repair.diesels")
    table.tap("sheet.give")
    table.until(2000)
    return table


def night_salvo(table: Table_, stations: tuple[tuple[int, str, int], ...]) -> None:
    """The night attack by touch up to its salvo: a Mobilize paid, the figures dragged to their
    sections at their times (t, figure, section), observation sectors from the orders screen at t=10,
    tubes 1-3 chosen and flooded at t=20, target data of c3 from the plot at t=290, the TDC on c3
    with a fan of 6 degrees at t=300, the chosen tubes fired at t=302."""
    # t=0: pay a Mobilize on the boat screen (the order sheet shows who carries it out first)
    table.tap("mobilize")
    assert type(table.window.overlay).__name__ == "FormSheet"
    table.tap("sheet.give")
    # lookouts to the bridge, the engine room crew to stations: dragged on the boat drawing
    for t, figure, section in stations:
        table.until(t)
        table.drag(f"figure.{figure}", f"section.{section}")
    table.until(10)
    table.tap("tab.orders")
    table.give("order.observe")
    # t=20: the bow tubes flooded: choose tubes 1-3 on the attack screen, then flood
    table.until(20)
    table.tap("tab.attack")
    for tube in (1, 2, 3):
        table.tap(f"tube.{tube}")
    table.tap("weapon.flood")
    assert table.window.overlay.values["tubes"] == [1, 2, 3]
    table.tap("sheet.give")
    # t=290: target data of c3 on the plot
    table.until(290)
    dismiss_alarms(table)
    table.tap("tab.plot")
    choose_contact(table, "c3")
    table.tap("target.data")
    # t=300: the TDC on c3 with a fan of 6 degrees, from the target panel
    table.until(300)
    table.tap("target.tdc")
    table.tap("field.spread_deg=6")
    table.tap("sheet.give")
    # t=302: fire the chosen tubes, now flooded
    table.until(302)
    table.tap("tab.attack")
    table.tap("weapon.fire")
    assert table.window.overlay.values["tubes"] == [1, 2, 3]
    table.tap("sheet.give")


def dismiss_alarms(table: Table_) -> None:
    """Touch the alarm banner's OK (if a banner shows): the banners go, the feed shows again."""
    table.render()
    if table.window.targets.get("alarm.dismiss") is not None:
        table.tap("alarm.dismiss")
    table.render()
    assert table.window.targets.get("alarm") is None


def choose_contact(table: Table_, contact: str) -> None:
    """Pick a contact from the plot's list (page by page, opening the group of ships it sails in), as a finger
    would."""
    from kaleun.ui import contact_list

    rows, _ = contact_list.entries(table.game.module("sea").status()["contacts"])
    group = next((r.key for r in rows if r.group and any(c["contact"] == contact for c in r.contacts)), None)
    for _ in range(20):
        table.render()
        if table.window.targets.get(f"list.{contact}") is not None:
            table.tap(f"list.{contact}")
            return
        if group is not None and table.window.targets.get(f"list.group.{group}") is not None:
            table.tap(f"list.group.{group}")
            continue
        table.tap("list.more")
    raise AssertionError(f"{contact} is not in the plot's list")


def test_mobilize_and_the_figures_moved_by_touch(played: Table_) -> None:
    orders = [e.data["order"] for e in played.named("order_accepted")]
    assert orders[0] == "mobilize" and orders.count("mobilize") == 2
    moves = [(e.data["figure"], e.data["section"]) for e in played.named("figure_placed")]
    assert moves[:5] == [("navigator-square", 8), ("navigator-triangle", 8), ("engineer-square", 5),
                         ("engineer-triangle", 6), ("engineer-circle", 6)]
    assert moves[5:] == [("navigator-square", 3), ("navigator-triangle", 3)]
    assert not played.named("move_unmobilized")  # every move was inside a paid mobilization


def test_lookouts_and_target_data_from_the_plot(played: Table_) -> None:
    assert played.named("observation")[0].data["lookouts"] == 2
    data = played.named("target_data")
    assert [(e.t, e.data["contact"]) for e in data] == [(290, "c3")]


def test_tdc_torpedoes_and_a_ship_sunk(played: Table_) -> None:
    tdc = played.named("tdc_programmed")
    assert [(e.t, e.data["contact"], e.data["spread_deg"]) for e in tdc] == [(300, "c3", 6.0)]
    assert played.named("tubes_flooded")[0].data["tubes"] == [1, 2, 3]
    salvo = played.named("salvo")
    assert [(e.t, e.data["tubes"]) for e in salvo] == [(302, [1, 2, 3])]
    sunk = played.named("ship_sunk")
    assert [(e.data["ship"], e.data["class"], e.data["cause"]) for e in sunk] == [("c3", "tramp", "torpedo")]


def test_dive_away_from_the_escorts(played: Table_) -> None:
    assert [e.t for e in played.named("boat_submerged")] == [320]
    depths = [e.data["depth_m"] for e in played.named("depth_set")]
    assert 100 in depths
    speeds = [e.data["speed"] for e in played.named("order_accepted") if e.data["order"] == "new_speed"]
    assert speeds == ["slow_ahead"]
    assert played.named("depth_charges")
    assert played.game.module("mission").result is None  # the boat lives


def test_a_repair_after_the_depth_charges(played: Table_) -> None:
    damage = [e for e in played.named("damage") if e.data.get("component") == "diesels"]
    assert damage and damage[0].t < 1950
    repairs = [e for e in played.named("order_accepted") if e.data["order"] == "repair"]
    assert [(e.data["component"], e.data["via"]) for e in repairs] == [("diesels", "window")]
    assert played.named("technical_repair_started")[0].data["component"] == "diesels"


def test_12_the_tdc_says_its_target_has_sunk_and_it_has_no_target(played: Table_) -> None:
    """§12 the tramp c3 the TDC was set on went down, and the crew saw it ("The Tramp steamer (4,800 GRT) has gone
    down!"): the attack screen and the console's `weapons` say she has sunk and the TDC has no target — not that
    she is off the plot with the TDC running on its last data, as for a ship lost from sight — and show no
    solution on a ship that is gone."""
    from kaleun.i18n import language
    from kaleun.ui.console_views import weapons

    from window.fingers import shown

    assert played.game.module("weapons").status()["tdc"]["contact"] == "c3"
    assert "c3" not in {c["contact"] for c in played.game.module("sea").status()["contacts"]}
    played.tap("tab.attack")
    said = " ".join(shown(played))
    assert "c3 has sunk: the TDC has no target. Program it on another ship." in said
    assert "off the plot" not in said
    assert "range 7" not in said and "gyro" not in said  # no solution in detail for a target that is gone
    console = weapons(played.game, language("en"))
    assert "c3 has sunk: the TDC has no target. Program it on another ship." in console
    assert not any("off the plot" in line or line.startswith("TDC on c3") for line in console)
