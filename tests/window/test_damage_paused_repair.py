"""A paused repair on the damage screen (rulebook §10.3.2): when too few sailors are left on a
technical repair, the job waits with its progress kept and their chips turned over; enough sailors
activated in the section resume it. The screen says it is paused and how far it got, and its button
joins the waiting job (a crew action, `join_task`) instead of paying a new Repair order.
"""

from __future__ import annotations

from window.fingers import Table_, shown


def paused_diesels() -> Table_:
    """Three engineers repair the diesels for a minute; then one is moved out of the diesel room."""
    table = Table_(mission="exercise_convoy_battle", seed=0)
    rt = table.runtime
    rt.submit({"do": "damage", "kind": "technical", "component": "diesels", "severity": "failure"})
    rt.submit({"do": "order", "order": "mobilize"})
    for figure in ("engineer-square", "engineer-triangle", "engineer-hexagon"):
        rt.table.actuate({"do": "place", "figure": figure, "section": 5})
    rt.submit({"do": "order", "order": "repair", "component": "diesels"})
    table.until(60)
    rt.submit({"do": "order", "order": "mobilize"})
    rt.table.actuate({"do": "place", "figure": "engineer-hexagon", "section": 3})
    table.until(120)
    assert table.named("technical_repair_paused")
    return table


def test_10_3_2_the_damage_screen_shows_a_paused_repair_with_its_progress() -> None:
    table = paused_diesels()
    table.tap("tab.damage")
    said = " ".join(shown(table))
    assert "paused: 0 of 3 sailors, 1 % done" in said, said
    assert table.window.targets.get("repair.diesels") is None  # no new order for a job already ordered


def test_10_3_2_join_resumes_the_paused_repair_without_a_new_order() -> None:
    table = paused_diesels()
    table.runtime.table.actuate({"do": "place", "figure": "engineer-circle", "section": 5})
    table.until(125)
    orders = len(table.named("order_accepted"))
    table.tap("tab.damage")
    table.tap("join.diesels")
    table.until(130)
    resumed = table.named("technical_repair_resumed")
    assert [e.data["component"] for e in resumed] == ["diesels"]
    assert len(table.named("order_accepted")) == orders  # joining costs no order
    jobs = table.game.module("technical").status()["jobs"]
    assert [j["active"] for j in jobs if j["component"] == "diesels"] == [True]
