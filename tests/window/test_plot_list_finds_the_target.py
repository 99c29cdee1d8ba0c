"""The console's contacts and target data (contacts and target data) in a heavy convoy battle: with the whole convoy
in sight (some 47 contacts) the plot's list of contacts ran to 12 pages of four, nearest first only. Ships
sailing together are now one row (its ships, bearing and range spread) that opens to them, with the plot
zoomed in to hold them; the list can be ordered nearest, newest or identified first."""

from __future__ import annotations

from typing import Any

from kaleun.core.messages import Msg
from kaleun.uboot.game import new_game
from kaleun.ui import contact_list

from window.fingers import Table_, shown


def convoy_at_noon() -> Table_:
    """The convoy battle by daylight: three lookouts see the whole convoy (40 merchants, 8 escorts)."""
    game = new_game(seed=0, mission="exercise_convoy_battle", changes={"start": "1941-09-11T12:00:00"})
    table = Table_(game=game)
    rt = table.runtime
    rt.submit({"do": "order", "order": "mobilize"})
    for figure in ("navigator-square", "navigator-triangle", "navigator-hexagon"):
        rt.table.actuate({"do": "place", "figure": figure, "section": 8})
    rt.submit({"do": "order", "order": "observe"})
    table.until(240, step=10)
    table.window.dismiss_alarms()
    table.tap("tab.plot")
    table.window.ui["contact"] = None
    return table


def _contacts(table: Table_) -> list[dict[str, Any]]:
    return list(table.game.module("sea").status()["contacts"])


def _rows(table: Table_) -> list[str]:
    table.render()
    return [t.id.removeprefix("list.") for t in table.window.targets.items
            if t.id.startswith("list.") and t.id not in ("list.back", "list.more", "list.sort", "list.all")]


def test_3_a_convoy_is_one_row_and_the_list_a_page_or_two() -> None:
    table = convoy_at_noon()
    contacts = _contacts(table)
    assert len(contacts) >= 40
    said = shown(table)
    pages = next(w for w in said if w.startswith(table.window.tr(Msg("CONTACTS ({n})", n=len(contacts)))))
    assert pages.endswith(("1/2", "1/3")) or pages == table.window.tr(Msg("CONTACTS ({n})", n=len(contacts))), pages
    group = next(row for row in _rows(table) if row.startswith("group."))
    members = next(e for e in contact_list.entries(contacts)[0] if e.key == group.removeprefix("group.")).contacts
    assert len(members) >= 30  # the convoy's columns
    near = min(float(c["range_nm"]) for c in members)
    far = max(float(c["range_nm"]) for c in members)
    words = [w for w in said if w.startswith(f"{len(members)} ships ")]
    assert words, said  # "40 ships 353°–028°" and its ranges under it
    assert table.window.tr(Msg("{near:.1f}–{far:.1f} nm", near=near, far=far)) in said


def test_3_a_group_touched_lists_its_ships_nearest_first_and_the_plot_holds_them() -> None:
    table = convoy_at_noon()
    group = next(row for row in _rows(table) if row.startswith("group."))
    table.tap(f"list.{group}")
    rows = _rows(table)
    _, opened = contact_list.entries(_contacts(table), "nearest", group.removeprefix("group."))
    assert opened is not None
    members = {c["contact"]: c for c in opened.contacts}
    assert rows and all(r in members for r in rows)
    nearest = sorted(members.values(), key=lambda c: float(c["range_nm"]))
    assert float(members[rows[0]]["range_nm"]) == float(nearest[0]["range_nm"])
    far = max(float(c["range_nm"]) for c in members.values())
    assert far <= table.window.active.scale < 2 * far + 1  # zoomed in from the aircraft's 16 nm
    table.tap(f"list.{rows[0]}")  # its target data
    assert table.window.ui["contact"] == rows[0]
    table.tap("target.close")
    assert _rows(table) == rows  # back to the group's ships
    table.tap("list.all")
    assert any(r.startswith("group.") for r in _rows(table))


def test_3_the_list_orders_newest_then_identified_first() -> None:
    table = convoy_at_noon()
    table.tap("list.sort")
    rows = _rows(table)
    newest = max(_contacts(table), key=contact_list.number)
    top = rows[0]
    if top.startswith("group."):  # the newest report belongs to a group: the group comes first
        _, group = contact_list.entries(_contacts(table), "newest", top.removeprefix("group."))
        assert group is not None and newest in group.contacts
    else:
        assert top == newest["contact"]
    assert table.window.tr(Msg("Newest first")) in shown(table)
    table.tap("list.sort")
    assert table.window.tr(Msg("Identified first")) in shown(table)
    table.tap("list.sort")
    assert table.window.tr(Msg("Nearest first")) in shown(table)
