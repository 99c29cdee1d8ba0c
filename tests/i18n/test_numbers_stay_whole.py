"""The First Officer's console, languages and fingers and eyes: a number never breaks over two lines. Russian writes
its thousands with a space ("10 000 БРТ"); the Return to base sheet's warning broke "не меньше 10" from "000 БРТ"
at the end of a line, as did a briefing's target. The catalogue writes them with a no-break space, as Babel formats
"{grt:,}" in Russian, and the window's line breaking never breaks at one."""

from __future__ import annotations

import re

import pygame
import pytest
from babel.messages.pofile import read_po
from kaleun.core.messages import Msg
from kaleun.i18n import LANGUAGES, catalogue_path, language
from kaleun.ui.typeface import face
from kaleun.ui.widgets import wrap

#: a figure, a plain space and three more figures: thousands written with a space that a line may break at
SPLIT_THOUSANDS = re.compile(r"\d \d{3}\b")


@pytest.mark.parametrize("code", [code for code in LANGUAGES if code != "en"])
def test_thousands_in_a_translation_are_joined_by_a_no_break_space(code: str) -> None:
    with open(catalogue_path(code), "rb") as fh:
        catalogue = read_po(fh, locale=code)
    split = [str(m.string) for m in catalogue
             if m.id and isinstance(m.string, str) and SPLIT_THOUSANDS.search(m.string)]
    assert not split, split


def test_a_line_never_breaks_inside_a_number() -> None:
    pygame.font.init()
    font = pygame.font.Font(face(), 18)
    number = language("ru").render(Msg("{n:,}", n=10000))
    assert number == "10\u00a0000"  # Babel's Russian thousands sign
    text = f"Потопите не меньше {number} БРТ из тихоходного конвоя."
    width = font.size("Потопите не меньше 10")[0] + 2  # room for the first part of the number only
    lines = wrap(font, text, width)
    assert not any(line.endswith("10") for line in lines), lines
    assert any(number in line for line in lines), lines
