"""The console's alarms (the feed stays readable and says what is new): the newest feed line
shows whole in the ticker above the tabs. A long line (a hull breach says what to do about it, a bar
falling says which card the Captain draws) was cut after one row with an ellipsis, hiding what the crew
must do; it now takes both rows of the ticker (the line before it stays in the whole feed)."""

from __future__ import annotations

import pytest

from window.fingers import Table_, shown


@pytest.mark.parametrize("language", ["en", "de", "ru"])
def test_9_a_long_newest_line_reads_whole_in_the_ticker(language: str) -> None:
    table = Table_(mission="exercise_convoy", seed=0, language=language)
    table.runtime.submit({"do": "damage", "kind": "hull_breach", "section": 4})
    table.window.dismiss_alarms()
    table.window.cut.clear()
    newest = table.window.scene().feed[-1]
    whole = table.window.tr(newest.words)
    # the morale the breach cost: "Morale falls to X (...). Captain: draw a card from morale deck 1 (...)."
    assert newest.event == "morale" and len(whole) > 90  # too long for one row at 800x480
    drawn = " ".join(shown(table))
    assert whole not in table.window.cut, table.window.cut.get(whole)
    assert whole in drawn  # its two rows, one after the other


def test_9_a_short_newest_line_leaves_the_line_before_it_in_the_ticker() -> None:
    table = Table_(mission="exercise_convoy", seed=0)
    table.runtime.submit({"do": "order", "order": "mobilize"})
    feed = table.window.scene().feed
    game_lines = [line for line in feed[:-1] if line.event or line.problem]  # (not the new game's greeting)
    before, newest = (table.window.tr(line.words) for line in (game_lines[-1], feed[-1]))
    drawn = shown(table)
    assert newest in drawn and before in drawn


@pytest.mark.parametrize("language", ["en", "de", "ru"])
def test_9_the_tdc_solution_reads_whole_in_the_ticker(language: str) -> None:
    """The TDC's solution (§12: range, speed, angle on the bow, gyro angle, run) is the longest line an order
    writes: in Russian it did not fit on the ticker's two rows and lost its run ("время хода 10…"). A line too
    long for both rows in the usual text takes them in the smallest text, squeezed a little on each row."""
    table = Table_(mission="exercise_convoy_battle", seed=0, language=language)
    rt = table.runtime
    rt.submit({"do": "order", "order": "mobilize"})
    for figure in ("navigator-square", "navigator-triangle"):
        rt.table.actuate({"do": "place", "figure": figure, "section": 8})
    rt.submit({"do": "order", "order": "observe"})
    table.until(290)
    table.window.dismiss_alarms()
    contact = table.game.module("sea").status()["contacts"][0]["contact"]
    rt.submit({"do": "order", "order": "tdc", "contact": contact, "spread_deg": 6})
    table.until(291)
    table.window.dismiss_alarms()
    newest = table.window.scene().feed[-1]
    whole = table.window.tr(newest.words)
    assert newest.event == "tdc_programmed" and len(whole) > 100  # two rows at least
    table.window.cut.clear()
    drawn = " ".join(shown(table))
    assert whole not in table.window.cut, table.window.cut.get(whole)
    assert whole in drawn
