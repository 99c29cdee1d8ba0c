"""The alarm banner (item 9 of the console's issue) shows the most urgent alarm waiting: a hull
breach counting down (rulebook §10.3.6: 5 sailors must seal it before the section floods) stays on
the banner when a lookout's contact report comes in after it; touching the banner opens the damage
screen, and then the contact shows.
"""

from __future__ import annotations

import pytest
from kaleun.ui.alarms import BY_NAME, URGENCY

from window.fingers import Table_, shown


def test_9_every_alarm_has_its_place_in_the_order_of_urgency() -> None:
    assert sorted(URGENCY) == sorted(BY_NAME)


def test_10_3_6_a_breach_stays_on_the_banner_when_a_contact_report_follows() -> None:
    table = Table_(mission="exercise_convoy_battle", seed=1)  # the lookouts' first report comes at 90 s
    rt = table.runtime
    rt.submit({"do": "order", "order": "mobilize"})
    for figure in ("navigator-square", "navigator-triangle"):
        rt.table.actuate({"do": "place", "figure": figure, "section": 8})
    rt.submit({"do": "order", "order": "observe"})
    table.until(80)
    rt.submit({"do": "damage", "kind": "hull_breach", "section": 4})
    while not table.named("contact_report") and table.game.t < 170:  # before the breach's own warning
        table.until(table.game.t + 1)
    reports = table.named("contact_report")
    assert reports and reports[-1].t > table.named("hull_breach")[0].t  # the report came after
    table.render()
    kind, line = table.window.alarm_shown()
    assert kind == "breach" and line.event == "hull_breach"
    table.tap("alarm")  # the breach's screen opens, the next alarm shows
    assert table.window.tab == "damage"
    kind, _ = table.window.alarm_shown()
    assert kind == "contact"


@pytest.mark.parametrize("language", ["en", "de", "ru"])
def test_10_3_6_the_breach_banner_shows_its_instructions_whole(language: str) -> None:
    """The breach's feed line says what to do (5 sailors with the repair symbol, then the puzzle):
    on the banner it is read whole, on both rows, never cut with an ellipsis."""
    table = Table_(mission="exercise_convoy_battle", seed=0, language=language)
    table.runtime.submit({"do": "damage", "kind": "hull_breach", "section": 4})
    table.until(1)
    win = table.window
    win.cut.clear()
    said = " ".join(" ".join(shown(table)).split())
    kind, line = win.alarm_shown()
    assert kind == "breach"
    assert not win.cut, win.cut
    assert " ".join(win.tr(line.words).split()) in said
