"""§6.4 equipment travels with movers: during a mobilization a sailor moving past an equipment chip
takes it along (`carry`), one chip per sailor per mobilization. The console has `carry FIGURE ITEM
[to=S]`; the window had only the §6.14 correction "Moved here" (`move_item`, no rule checked), so a
touch-only crew could not carry a chip by the rules. Now a condition row on the damage screen offers
**Carry** while a mobilization is open: its sheet lists the sailors moved in it and the chips aboard."""

from __future__ import annotations

import pytest

from window.fingers import Table_


@pytest.mark.parametrize("language", ["en", "de", "ru"])
def test_6_4_a_moving_sailor_carries_the_water_pump_to_the_leak_by_touch(language: str) -> None:
    table = Table_(mission="exercise_convoy_battle", seed=0, language=language)
    rt = table.runtime
    rt.submit({"do": "damage", "kind": "environmental", "condition": "leak", "section": 2})
    assert table.game.module("crew").status()["items"]["water_pump"] == 1  # the pump lies in the bow room
    table.until(5)
    table.tap("tab.damage")
    table.render()
    assert table.window.targets.get("carry.water_pump.2") is None  # no mobilization: nobody moves
    table.tap("tab.boat")
    table.tap("mobilize")
    table.tap("sheet.give")
    table.drag("figure.captain-circle", "section.2")  # the torpedo mechanic goes aft past the pump
    table.tap("tab.damage")
    table.tap("carry.water_pump.2")
    table.render()
    sheet = table.window.overlay
    assert sheet is not None and sheet.values == {"item": "water_pump", "to": 2}  # type: ignore[attr-defined]
    assert [o.value for o in sheet.options["figure"]] == ["captain-circle"]  # type: ignore[attr-defined]
    # the sheet opens on the page of the chip chosen for it (the pump is not among the first chips)
    assert table.window.targets.get("field.item=water_pump") is not None
    table.tap("field.figure=captain-circle")
    table.tap("sheet.give")
    assert not table.named("action_refused")
    assert table.game.module("crew").status()["items"]["water_pump"] == 2
