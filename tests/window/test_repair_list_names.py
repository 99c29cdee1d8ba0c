"""The console's damage and repairs and rulebook §10.3.1 (technical conditions): the repair list names
each component as the feed and the console do ("88 mm gun", "electric motors", "torpedo data
computer"), in the table's language. The damage screen's job rows and the repair sheet's jobs once
showed the data ids with their underscores replaced: "gun 88: failure", "e motors", "tdc", in German
and Russian too."""

from __future__ import annotations

import pytest
from kaleun.core.messages import Msg
from kaleun.i18n import language
from kaleun.uboot.crew.technical import component_name

from window.fingers import Table_, shown

COMPONENTS = ("e_motors", "gun_88", "tdc")


@pytest.mark.parametrize("code", ["en", "de", "ru"])
def test_10_3_1_the_repair_list_and_sheet_name_each_component_in_the_tables_language(code: str) -> None:
    table = Table_(mission="exercise_convoy_battle", seed=0, language=code)
    for component in COMPONENTS:
        table.runtime.submit({"do": "damage", "kind": "technical", "component": component, "severity": "failure"})
    table.window.dismiss_alarms()
    table.tap("tab.damage")
    said = shown(table)
    lang = language(code)
    failure = lang.render(Msg("failure"))
    for component in COMPONENTS:
        name = lang.render(Msg.term(component_name(component)))
        assert f"{name}: {failure}" in said, (name, said)
        assert not any(component.replace("_", " ") + ":" in line for line in said), said
    table.window.open_form("repair")
    said = shown(table)
    for component in COMPONENTS:
        assert lang.render(Msg.term(component_name(component))) in said, said
    needed = lang.render(Msg("{severity}, {crew} needed", severity=Msg("failure"), crew=2))
    assert needed in said and not any("_" in line for line in said), said
