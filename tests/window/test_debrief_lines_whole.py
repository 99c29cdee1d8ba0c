"""The window's debrief (rulebook §4.1): each objective with its mark, the score and the tally is read whole
on the 7" screen in English, German and Russian; a line too long for its half of the screen (the Russian
"Потопите два торговых судна палубным орудием.") goes on in a second row instead of ending in "…"."""

from __future__ import annotations

from typing import Any

import pytest
from kaleun.uboot.game import new_game

from window.fingers import Table_, shown


def _debrief(game: Any, language: str) -> tuple[Table_, Any]:
    """The table of `game` in `language`, run in transit to its mission's end, its debrief open (cut lines
    counted from there)."""
    table = Table_(game=game, language=language)
    table.runtime.submit({"do": "ui", "action": "time_compression", "mode": "transit"})
    while not game.module("mission").over:
        table.clock.now += 60.0
        table.runtime.step()
    win = table.window
    win.open_debrief()
    win.cut.clear()
    return table, win


@pytest.mark.parametrize("language", ["en", "de", "ru"])
def test_4_1_the_debrief_reads_every_objective_whole(language: str) -> None:
    game = new_game(0, "prize_rules_1939", {"time_limit_h": 1, "encounter": [], "radio": [], "air_cover": "none",
                                            "traffic": "none"})
    table, win = _debrief(game, language)
    said = shown(table)
    marked = {line for line in said if line[:2] in ("✓ ", "✗ ", "· ")}
    assert len(marked) >= len(game.module("mission").objectives) >= 1, said  # a wrapped one: whole and its rows
    # (the one-line feed under the screen shortens its long lines: the feed sheet has them whole)
    assert [line for line in win.cut if line[:2] in ("✓ ", "✗ ", "· ")] == []


def test_4_1_the_debrief_reads_a_three_row_objective_whole_in_german() -> None:
    """aircrew_1942's rescue ("take the airmen aboard: 20 minutes stopped within 1.5 nm of the dinghy, within
    36 hours") takes three rows and more of the half screen in German: its debrief line ended "... von 1,5 s…"."""
    game = new_game(0, "aircrew_1942", {"time_limit_h": 1, "radio": [], "air_cover": "none"})
    table, win = _debrief(game, "de")
    said = " ".join(shown(table))
    assert "innerhalb von 36" in said and "Stunden." in said  # the objective's last words, on its last rows
    assert "1 Stunde auf See" in said and "Tote der Besatzung: 0" in said  # and the patrol's lines still shown
    assert [line for line in win.cut if line[:2] in ("✓ ", "✗ ", "· ")] == [], win.cut
