"""§9.4 the food pyramid and §6.14 the bars' corrections on the crew's "Bars and stores" page, in the
table's language (the console's languages: all UI text in English, German and Russian). The
pyramid's chips once carried English abbreviations in every language ("Eg", "Po", "Fi" on a
Russian screen) and the corrections read "C−", "C+" beside "Befehle" and "Приказы"."""

from __future__ import annotations

import pytest
from kaleun.core.messages import Msg
from kaleun.uboot.crew.food import NAMES

from window.fingers import Table_, shown
from window.test_screens_render import LANGUAGES


def stores_page(language: str) -> Table_:
    table = Table_(language=language)
    table.tap("tab.crew")
    table.tap("crew.page.stores")
    return table


@pytest.mark.parametrize("language", LANGUAGES)
def test_9_4_the_pyramids_chips_are_lettered_in_the_tables_language(language: str) -> None:
    from kaleun.ui.screens.crew import food_letters

    table = stores_page(language)
    tr = table.window.tr
    letters = {kind: food_letters(tr, kind) for kind in NAMES}
    assert len(set(letters.values())) == len(NAMES), letters  # no two ingredients alike
    for kind, short in letters.items():
        assert tr(Msg.term(NAMES[kind])).lower().startswith(short.lower()), (kind, short)
    pyramid = [k for k in table.game.module("crew").status()["food"]["pyramid"] if k]
    said = shown(table)
    assert pyramid and all(letters[k] in said for k in pyramid), said


@pytest.mark.parametrize("language", ["de", "ru"])
def test_6_14_the_bars_corrections_are_lettered_in_the_tables_language(language: str) -> None:
    table = stores_page(language)
    said = shown(table)
    english = ["C−", "C+", "Eg", "Po", "Le", "On", "Me"] + (["M−", "M+"] if language == "ru" else [])
    for word in english:  # German "M" is Moral's letter too
        assert word not in said, (word, said)
    tr = table.window.tr
    for target, label in (("bars.command-", Msg("C−")), ("bars.morale+", Msg("M+"))):
        assert table.target(target) is not None and tr(label) in said
    table.tap("bars.command-")
    assert table.game.module("crew").status()["bars"]["command"] == "VII"
