"""The console's alarms (the feed stays readable and says what is new): the line before the newest keeps its row of
the ticker. A lookouts' report in Russian ("Сигнальщики докладывают: 2 судна, пеленг 002–027, дистанция 2–3 мили;
новых: 1.") under a short newest line lost its end to an ellipsis ("дистанция 2–3 мил…"); the line before the
newest now takes the smallest text when that is what holds it whole on its row."""

from __future__ import annotations

from window.fingers import Table_, shown


def test_9_the_report_before_the_newest_line_reads_whole() -> None:
    table = Table_(mission="exercise_convoy_battle", seed=0, language="ru")
    rt = table.runtime
    rt.submit({"do": "order", "order": "mobilize"})
    for figure, section in (("navigator-square", 8), ("navigator-triangle", 8), ("engineer-square", 5)):
        rt.table.actuate({"do": "place", "figure": figure, "section": section})
    rt.submit({"do": "order", "order": "observe"})
    rt.submit({"do": "order", "order": "flood_tubes", "tubes": [1, 2, 3]})
    table.until(290, step=10)
    rt.submit({"do": "order", "order": "mobilize"})  # a short newest line: "Приказ: смена позиций экипажа."
    table.window.dismiss_alarms()
    before, newest = table.window.scene().feed[-2:]
    assert before.event == "contact_report" and newest.event == "order_accepted"
    words = table.window.tr(before.words)
    assert words.startswith("Сигнальщики докладывают") and len(words) > 70, words
    table.window.cut.clear()
    drawn = shown(table)
    assert words not in table.window.cut, table.window.cut.get(words)
    assert words in drawn and table.window.tr(newest.words) in drawn
