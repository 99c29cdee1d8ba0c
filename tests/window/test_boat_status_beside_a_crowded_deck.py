"""The First Officer's console, fingers and eyes, languages: with four sailors on deck (7) and four on the bridge (8)
— a gun crew and the lookouts, surfaced — the deck and the bridge widen and the boat's status beside them narrows.
Its line "0,0 уз. · курс 000° · в надводном положении" was cut to "… в надводном…" at 800x480: where the boat is was
lost. The line is split instead (speed and course, then where the boat is), and nothing of it is cut."""

from __future__ import annotations

import pytest
from kaleun.core.messages import Msg

from window.fingers import Table_, shown

DECK = ("navigator-square", "navigator-triangle", "navigator-circle", "navigator-hexagon")
BRIDGE = ("captain-square", "captain-triangle", "captain-circle", "captain-hexagon")


def crowded(language: str) -> Table_:
    table = Table_(mission="exercise_convoy_battle", seed=1, language=language)
    table.window.dismiss_alarms()
    table.give("mobilize")
    for section, figures in ((7, DECK), (8, BRIDGE)):
        for figure in figures:
            table.drag(f"figure.{figure}", f"section.{section}")
    assert [e.data["section"] for e in table.named("figure_placed")] == [7] * 4 + [8] * 4
    return table


@pytest.mark.parametrize("language", ["en", "de", "ru"])
def test_10_the_boats_status_beside_a_crowded_deck_and_bridge_reads_whole(language: str) -> None:
    table = crowded(language)
    win = table.window
    win.cut.clear()
    said = shown(table)
    assert not win.cut, f"cut short in {language}: {win.cut}"
    surfaced = win.tr(Msg("surfaced"))
    assert any(surfaced in words for words in said), f"{surfaced!r} is not on the boat screen: {said}"
    square = win.tr(Msg("Square {square} by dead reckoning", square="AK35"))
    assert square in said
    controls = win.screens["boat"].plan.controls
    for words, rect in _status_lines(table):
        assert controls.contains(rect), f"{words!r} at {rect} leaves the box beside the bridge {controls}"


def _status_lines(table: Table_) -> list:
    from window.fingers import drawn_with_rects

    controls = table.window.screens["boat"].plan.controls
    return [(words, rect) for words, rect in drawn_with_rects(table) if rect.colliderect(controls)
            and rect.y > controls.y + 47]
