"""§7.5 reloading by touch: the reload sheet's torpedo field left unchosen loads the first torpedo in store, and the
sheet said only "Torpedo" over its G7a and G7e buttons, none lit: a crew could not tell which one the order would
load. Its label says it, as the tube's label above it does, and the order loads that one."""

from __future__ import annotations

import pytest

from window.fingers import Table_, shown
from window.test_convoy_by_touch import dismiss_alarms, night_salvo

LABEL = {"en": "Torpedo (none chosen: the first in store)", "de": "Torpedo (keiner gewählt: der erste im Vorrat)",
         "ru": "Торпеда (не выбрана: первая из запаса)"}


@pytest.mark.parametrize("language", sorted(LABEL))
def test_7_5_the_reload_sheet_says_which_torpedo_it_loads_unchosen(language: str) -> None:
    table = Table_(mission="exercise_convoy_battle", seed=0, language=language)
    dismiss_alarms(table)
    table.tap("tab.attack")
    table.tap("weapon.reload")
    table.window.cut.clear()
    said = shown(table)
    assert LABEL[language] in said, said
    assert not table.window.cut, table.window.cut


def test_7_5_the_reload_sheet_given_unchosen_loads_the_first_torpedo_in_store() -> None:
    table = Table_(mission="exercise_convoy_battle", seed=0)
    night_salvo(table, ((2, "navigator-square", 8), (4, "navigator-triangle", 8)))  # tubes 1-3 fired at t=302
    table.until(320)
    dismiss_alarms(table)
    first = table.game.module("weapons").status()["racks"]["1"][0]
    table.tap("tab.attack")
    table.tap("weapon.reload")
    sheet = table.window.overlay
    assert sheet.values.get("torpedo") is None  # no torpedo chosen (the tube preset: the first empty one)
    table.tap("sheet.give")
    loading = table.named("tube_loading")
    assert [(e.data["tube"], e.data["torpedo"]) for e in loading] == [(1, first)]
