"""The alarm banner (the console's alarms) shows the most urgent alarm waiting: a hull
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


def test_10_3_6_a_flooded_section_replaces_its_countdown_on_the_banner() -> None:
    """The breach in section 2 is not sealed: its warning ("1:00 left to seal it") waits on the banner;
    when the section floods (§10.3.6) the banner says so instead, never a time left that has run out."""
    table = Table_(mission="exercise_convoy_battle", seed=0)
    table.runtime.submit({"do": "damage", "kind": "hull_breach", "section": 2})
    table.until(150, step=1)
    kind, line = table.window.alarm_shown()
    assert kind == "breach" and line.event == "breach_warning"
    table.until(200, step=1)
    assert table.named("section_flooded")
    kind, line = table.window.alarm_shown()
    assert kind == "breach" and line.event == "section_flooded"
    assert [a[1].event for a in table.window.alarms] == ["section_flooded"]


def test_10_3_6_a_sealed_breach_leaves_the_banner() -> None:
    """A breach sealed (the puzzle solved) while its countdown waits on the banner: the banner goes."""
    table = Table_(mission="exercise_convoy_battle", seed=0)
    rt = table.runtime
    rt.submit({"do": "damage", "kind": "hull_breach", "section": 3})  # the control room: 5 repair sailors there
    rt.submit({"do": "order", "order": "repair", "breach": 3})
    table.until(130, step=1)
    assert table.window.alarm_shown() is not None
    rt.submit({"do": "puzzle", "section": 3, "result": "solved"})
    table.runtime.step()
    assert table.named("hull_breach_sealed")
    assert table.window.alarm_shown() is None


@pytest.mark.parametrize("language", ["en", "de", "ru"])
def test_10_3_6_the_breach_banner_counts_down_with_the_boat_drawing(language: str) -> None:
    """The breach's line was written when it opened ("3:00 to seal it"); 110 s later the boat drawing
    says 1:10 is left, and so does the banner: never a time that is no longer true, its German and
    Russian read whole."""
    table = Table_(mission="exercise_convoy_battle", seed=0, language=language)
    table.runtime.submit({"do": "damage", "kind": "hull_breach", "section": 4})
    table.until(110, step=1)
    win = table.window
    win.show("boat")
    win.cut.clear()
    said = " ".join(" ".join(shown(table)).split())
    kind, line = win.alarm_shown()
    assert kind == "breach" and line.event == "hull_breach"
    words = " ".join(win.tr(line.words).split())
    assert "1:10" in words and "3:00" not in words, words
    assert words in said
    assert "3:00" not in said
    assert not win.cut, win.cut
