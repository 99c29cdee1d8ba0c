"""The console's fingers and eyes (text readable from 1 m): a reading broken over two lines keeps each
figure with its unit. The TDC panel at 800x480 drew "range 2,195 m · run 104" and then "s" alone on
the next line; a unit after a figure now goes to the next line with its figure."""

from __future__ import annotations

import pygame
import pytest
from kaleun.ui.typeface import face
from kaleun.ui.widgets import words_of, wrap

from window.fingers import Table_, shown

#: a target the training boat's bow tubes reach (the convoy exercise's tramp at its salvo)
TDC = {"do": "order", "order": "tdc", "source": "manual", "bearing": 33, "range_nm": 1.2, "course": 137,
       "speed_kn": 7.5}
UNITS = {"s", "m", "nm", "kn", "с", "м", "уз.", "мили"}


def test_10_a_unit_stays_with_its_figure_where_a_line_breaks() -> None:
    pygame.font.init()
    font = pygame.font.Font(face(), 18)
    text = "range 2,195 m · run 104 s"
    width = font.size("range 2,195 m · run 104")[0] + 1  # room for the figure, not its unit
    lines = wrap(font, text, width)
    assert lines == ["range 2,195 m · run", "104 s"]
    assert words_of("Disc: own 20°, speed 7,5 уз. in 3 ships") == ["Disc:", "own", "20°,", "speed",
                                                                   "7,5 уз.", "in", "3", "ships"]


@pytest.mark.parametrize("language", ["en", "de", "ru"])
def test_10_no_line_of_the_tdc_panel_is_a_lone_unit(language: str) -> None:
    table = Table_(mission="training", seed=0, language=language)
    table.runtime.submit(TDC)
    table.runtime.step()
    table.tap("tab.attack")
    drawn = [text.strip() for text in shown(table)]
    assert not [text for text in drawn if text in UNITS], drawn
