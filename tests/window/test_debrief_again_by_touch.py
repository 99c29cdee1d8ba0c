"""§4.1 the debrief: once the crew has closed it to look around ("Look around"), a touch-only table could not read it
again — no button led back to the score, the grade and the objectives. The map's Mission button becomes
**Debrief** once the mission is over and opens it again."""

from __future__ import annotations

import pytest
from kaleun.core.messages import Msg

from window.fingers import Table_


@pytest.mark.parametrize("code", ["en", "ru"])
def test_4_1_the_debrief_opens_again_from_the_map_after_looking_around(code: str) -> None:
    table = Table_(mission="exercise_convoy", language=code)
    rt = table.runtime  # the boat ordered below her crush depth (280 m) is lost
    rt.submit({"do": "order", "order": "mobilize"})
    rt.submit({"do": "order", "order": "dive"})
    table.until(60)
    rt.submit({"do": "order", "order": "mobilize"})
    rt.submit({"do": "order", "order": "new_depth", "depth_m": 300})
    with pytest.raises(AssertionError, match="is the mission over"):
        table.until(2000)
    assert table.named("mission_end")
    assert type(table.window.overlay).__name__ == "Debrief"
    table.tap("debrief.close")
    assert table.window.overlay is None
    table.tap("tab.map")
    table.window.cut.clear()
    table.render()
    assert table.window.targets.get("map.mission") is None  # the briefing is behind the crew: the debrief instead
    assert not table.window.cut, table.window.cut
    table.tap("map.debrief")
    assert type(table.window.overlay).__name__ == "Debrief"
    if code == "ru":
        assert table.window.tr(Msg("Debrief")) == "Итоги"


def test_4_1_the_map_offers_the_mission_while_it_goes_on() -> None:
    table = Table_(mission="exercise_convoy")
    table.window.dismiss_alarms()
    table.tap("tab.map")
    table.render()
    assert table.window.targets.get("map.debrief") is None
    table.tap("map.mission")
    assert type(table.window.overlay).__name__ == "MissionSheet"
