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


def test_9_a_line_before_the_newest_too_long_for_its_row_comes_round_piece_by_piece(monkeypatch) -> None:
    """§10.3 a repair the crew rules only advise on goes ahead short of its crew: in Russian its warning is too long
    for one row even in the smallest text, and the ellipsis took what the First Officer must act on, where the
    crew is needed and who is there ("… с символом «р…": not "в отсеке 5; есть: механик-квадрат"). Its row now
    shows it a piece at a time, turning by itself as a long newest line's pages do, each piece ending in "…" where
    the line goes on; the newest line keeps its row."""
    from kaleun.ui.window import TICKER_PAGE_SECONDS

    from window.test_ticker_long_line_pages import ticker_texts

    table = Table_(mission="exercise_convoy_battle", seed=0, language="ru")
    rt = table.runtime
    rt.submit({"do": "order", "order": "mobilize"})
    rt.table.actuate({"do": "place", "figure": "engineer-square", "section": 5})
    rt.submit({"do": "damage", "kind": "technical", "component": "diesels", "severity": "failure"})
    rt.submit({"do": "order", "order": "repair", "component": "diesels"})
    rt.submit({"do": "order", "order": "mobilize"})  # a short newest line: "Приказ: смена позиций экипажа."
    table.until(10)
    table.window.dismiss_alarms()
    before, newest = table.window.scene().feed[-2:]
    assert before.event == "crew_warning" and newest.event == "order_accepted"
    words = table.window.tr(before.words)
    # the first such warning also says how to bring the crew (the window's hint), after what is missing
    assert "в отсеке 5; есть: механик-квадрат (ремонт). " in words, words
    ticker = table.window.layout.ticker
    words_x = ticker.x + table.window.layout.size(60)
    pieces: list[str] = []
    for _ in range(12):
        table.window.cut.clear()
        drawn = ticker_texts(table, monkeypatch)
        assert not table.window.cut, table.window.cut
        rows = sorted((y, text) for (x, y), text in drawn if x > words_x)
        assert len(rows) == 2, rows
        assert rows[0][1] == table.window.tr(newest.words)  # the newest keeps the first row
        piece = rows[1][1]
        if pieces and piece == pieces[0]:
            break
        pieces.append(piece)
        table.clock.now += TICKER_PAGE_SECONDS
    assert len(pieces) >= 2
    assert all(p.endswith(" …") for p in pieces[:-1]) and all(p.startswith("… ") for p in pieces[1:])
    joined = " ".join(p.removeprefix("… ").removesuffix(" …") for p in pieces)
    assert joined == words
