"""Item 3 of the console's issue (contacts: identified classes, never colour alone): the plot's list
of contacts marks each as a ship or an aircraft by its shape (the plot told them apart only by the
aircraft's blue), and says which page of how many it shows (a convoy's contacts take many pages)."""

from __future__ import annotations

from typing import Any

import pytest
from kaleun.core.messages import Msg
from kaleun.ui import icons

from window.fingers import Table_, convoy_in_sight, shown


def test_3_the_contact_list_marks_ships_and_aircraft_by_their_shape(monkeypatch: pytest.MonkeyPatch) -> None:
    table = convoy_in_sight(900)  # the convoy's ships and, from 840 s, an aircraft
    table.window.dismiss_alarms()
    table.tap("tab.plot")
    table.window.ui["contact"] = None
    kinds = {c["contact"]: c["kind"] for c in table.game.module("sea").status()["contacts"]}
    assert "aircraft" in kinds.values() and "ship" in kinds.values()
    drawn: list[str] = []

    def marking(kind: str) -> Any:
        def draw(surface: Any, box: Any, colour: Any) -> None:
            drawn.append(kind)
        return draw

    monkeypatch.setattr(icons, "ship", marking("ship"))
    monkeypatch.setattr(icons, "aircraft", marking("aircraft"))
    seen: dict[str, str] = {}
    for _ in range(len(kinds)):
        drawn.clear()
        table.render()
        rows = [t.id.removeprefix("list.") for t in table.window.targets.items
                if t.id.startswith("list.") and t.id not in ("list.back", "list.more")]
        seen.update(zip(rows, drawn[-len(rows):], strict=True))
        more = table.window.targets.get("list.more")
        if more is None or more.action is None:
            break
        table.tap("list.more")
    assert seen == kinds


def test_3_the_contact_list_says_its_page() -> None:
    table = convoy_in_sight(900)
    table.window.dismiss_alarms()
    table.tap("tab.plot")
    table.window.ui["contact"] = None
    n = len(table.game.module("sea").status()["contacts"])
    assert n > 4
    said = shown(table)
    pages = -(-n // 4)
    assert table.window.tr(Msg("CONTACTS ({n}) · {p}/{pages}", n=n, p=1, pages=pages)) in said
    table.tap("list.more")
    assert table.window.tr(Msg("CONTACTS ({n}) · {p}/{pages}", n=n, p=2, pages=pages)) in shown(table)


def test_3_a_short_list_needs_no_page() -> None:
    table = Table_(mission="exercise_convoy", seed=0)
    table.tap("tab.plot")
    assert table.window.tr(Msg("CONTACTS ({n})", n=0)) in shown(table)
