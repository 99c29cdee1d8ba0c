"""The console's contacts and target data (contacts: identified classes, never colour alone): the plot's list
of contacts marks each as a ship or an aircraft by its shape (the plot told them apart only by the
aircraft's blue), ships sailing together by a convoy's shape, and says which page of how many it shows."""

from __future__ import annotations

from typing import Any

import pytest
from kaleun.core.messages import Msg
from kaleun.ui import contact_list, icons

from window.fingers import Table_, convoy_in_sight, shown

NOT_ROWS = ("list.back", "list.more", "list.sort", "list.all")


def _rows(table: Table_) -> list[str]:
    return [t.id.removeprefix("list.") for t in table.window.targets.items
            if t.id.startswith("list.") and t.id not in NOT_ROWS]


def test_3_the_contact_list_marks_ships_and_aircraft_by_their_shape(monkeypatch: pytest.MonkeyPatch) -> None:
    table = convoy_in_sight(900)  # the convoy's ships; from 1,260 s an aircraft of its air escort as well
    table.window.dismiss_alarms()
    table.tap("tab.plot")
    table.window.ui["contact"] = None
    kinds = {c["contact"]: c["kind"] for c in table.game.module("sea").status()["contacts"]}
    assert "ship" in kinds.values()
    drawn: list[str] = []

    def marking(kind: str) -> Any:
        def draw(surface: Any, box: Any, colour: Any) -> None:
            drawn.append(kind)
        return draw

    monkeypatch.setattr(icons, "ship", marking("ship"))
    monkeypatch.setattr(icons, "aircraft", marking("aircraft"))
    monkeypatch.setattr(icons, "convoy", marking("convoy"))
    seen: dict[str, str] = {}

    def pages() -> list[str]:
        """Every row of the list on all its pages, each marked with the shape drawn on it."""
        rows: list[str] = []
        for _ in range(len(kinds)):
            drawn.clear()
            table.render()
            on_page = _rows(table)
            seen.update(zip(on_page, drawn[-len(on_page):], strict=True))
            rows += on_page
            more = table.window.targets.get("list.more")
            if more is None or more.action is None:
                break
            table.tap("list.more")
        return rows

    groups = [row for row in pages() if row.startswith("group.")]
    assert groups and all(seen[g] == "convoy" for g in groups)
    for group in groups:  # a group's rows are its ships, each with its own shape
        table.tap(f"list.{group}")
        pages()
        table.tap("list.all")
    assert {k: v for k, v in seen.items() if not k.startswith("group.")} == kinds
    table.until(1300, step=10)  # the aircraft in sight, most of the ships out of it
    table.window.dismiss_alarms()
    table.tap("tab.plot")
    kinds = {c["contact"]: c["kind"] for c in table.game.module("sea").status()["contacts"]}
    assert "aircraft" in kinds.values() and "ship" in kinds.values()
    seen.clear()
    pages()
    assert {k: v for k, v in seen.items() if not k.startswith("group.")} == kinds


def test_3_the_contact_list_says_its_page() -> None:
    table = convoy_in_sight(900)
    table.window.dismiss_alarms()
    table.tap("tab.plot")
    table.window.ui["contact"] = None
    n = len(table.game.module("sea").status()["contacts"])
    table.render()
    group = next(row for row in _rows(table) if row.startswith("group."))
    table.tap(f"list.{group}")  # an open group's pages begin with the way back: 3 of its ships a page
    members = len(_group(table, group))
    assert members > 3
    said = shown(table)
    assert table.window.tr(Msg("GROUP ({n}) · {p}/{pages}", n=members, p=1, pages=-(-members // 3))) in said
    table.tap("list.more")
    assert table.window.tr(Msg("GROUP ({n}) · {p}/{pages}", n=members, p=2, pages=-(-members // 3))) in shown(table)
    table.tap("list.all")
    assert table.window.tr(Msg("CONTACTS ({n})", n=n)) in shown(table)


def _group(table: Table_, key: str) -> tuple[dict[str, Any], ...]:
    contacts = table.game.module("sea").status()["contacts"]
    _, group = contact_list.entries(contacts, "nearest", key.removeprefix("group."))
    assert group is not None
    return group.contacts


def test_3_a_short_list_needs_no_page() -> None:
    table = Table_(mission="exercise_convoy", seed=0)
    table.tap("tab.plot")
    assert table.window.tr(Msg("CONTACTS ({n})", n=0)) in shown(table)
