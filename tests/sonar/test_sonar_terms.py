"""§4 and §2 name two different things that a screen shows side by side: the Engineer's board has four
direction *sections* (west, north, south, east), the map has numbered *sectors* (1-4, 1-9), and the
real-time repairs outline four *hull sections*. In Russian the board's sections were called sectors
("зачеркните символ сектора «север»" beside "сектор 8" on the same screen), and the German window called
them "Abschnitt", the word of the hull sections, where the console and the rulebook say "Bereich"."""

from __future__ import annotations

import pytest
from kaleun.core.messages import Msg
from kaleun.i18n import language

#: every sentence that names the Engineer's board sections
BOARD_SECTIONS = (
    Msg("Engineer: cross a symbol of the {section} section.", section=Msg("north")),
    Msg("Engineer: one cross per course, in its section."),
    Msg("the Engineer crosses a symbol of the course's section"),
    Msg("the Engineer crosses a symbol of the {direction} section", direction=Msg("north")),
    Msg("the Engineer's board: the symbols of each section, crossed ones in brackets"),
    Msg("the course was {direction}: cross a symbol of that section ({first} to {last})", direction=Msg("north"),
        first="N1", last="N6"),
    Msg("the {direction} section is full", direction=Msg("north")),
    Msg("the silent run went {direction}: cross a symbol of that section ({first} to {last})", direction=Msg("north"),
        first="N1", last="N6"),
)
#: the word each language keeps for the map's sectors and for the hull sections
OTHER_THINGS = {"de": ("Sektor", "Abschnitt"), "ru": ("сектор", "корпус")}


@pytest.mark.parametrize("code", sorted(OTHER_THINGS))
def test_4_the_engineers_sections_are_not_called_sectors_or_hull_sections(code):
    lang = language(code)
    for text in BOARD_SECTIONS:
        words = lang.render(text)
        assert words != language("en").render(text), f"{code}: {text.template!r} is not translated"
        for other in OTHER_THINGS[code]:
            assert other.lower() not in words.lower(), f"{code}: {words!r} names the {other}"
