"""Rulebook §6.2 (a sailor stands in one of the eight sections; the chips are his orders' tokens): on the Crew page
each sailor's card showed his section as a bare bold number on a coloured box, which a crew read as his chip count
beside the yellow chip coin. The section now carries the boat's icon before its number (a mark that is not colour
alone), and with a sailor on a task the card's words still fit at 800×480 in every language."""

from __future__ import annotations

from typing import Any

import pytest
from kaleun.ui import icons

from window.fingers import Remembering, shown


def _lookouts_on_watch(code: str) -> Remembering:
    table = Remembering(mission="exercise_convoy", seed=0, language=code)
    rt = table.runtime
    rt.submit({"do": "order", "order": "mobilize"})
    for figure in ("navigator-square", "navigator-triangle"):
        rt.table.actuate({"do": "place", "figure": figure, "section": 8})
    rt.submit({"do": "order", "order": "observe"})
    rt.submit({"do": "end_mobilize"})
    table.until(60)
    table.window.dismiss_alarms()
    return table


@pytest.mark.parametrize("code", ["en", "de", "ru"])
def test_6_2_each_card_marks_the_section_with_the_boats_icon_and_nothing_is_cut(code: str, monkeypatch: Any) -> None:
    table = _lookouts_on_watch(code)
    table.tap("tab.crew")
    marked: list[Any] = []
    real = icons.boat

    def boat(surface: Any, box: Any, color: Any) -> None:
        marked.append(box)
        real(surface, box, color)

    monkeypatch.setattr(icons, "boat", boat)
    table.window.cut.clear()
    said = shown(table)
    sailors = table.game.module("crew").status()["sailors"]
    on_board = [f for f, st in sailors.items() if st["section"] is not None and not st["dead"]]
    assert len(marked) >= len(on_board) == 16, (len(marked), on_board)
    assert not table.window.cut, table.window.cut  # the lookouts' task word whole beside the section and the chip
    assert {"en": "lookout", "de": "Beobachter", "ru": "сигнальщик"}[code] in said
