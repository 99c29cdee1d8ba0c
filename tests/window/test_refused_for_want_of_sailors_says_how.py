"""A touch crew's first refusal for want of sailors (rulebook §6.5: an order needs sailors carrying its symbols
in its section, and Mobilize is the only order that moves figures; §6.3: each sailor has two specialisation
symbols). The console follows the first such refusal with how to bring the sailors there; the window said only
"New speed refused: 2 sailors with the engines symbol needed in section 5 while surfaced; found nobody", and no
sailor's card named his symbols, so a new group could not tell whom to drag where. The refusal's own line now says
how, once, and each sailor's card on the Crew page names his symbols."""

from __future__ import annotations

import pytest
from kaleun.i18n import language

from window.fingers import Table_, shown

HOW = {"en": "To bring sailors there: Mobilize on the Boat page", "de": "So kommen Matrosen dorthin: Mobilisieren",
       "ru": "Как привести туда моряков: «Смена позиций»"}


def _speed_refused(table: Table_) -> None:
    """Half ahead on the telegraph, with no engineer in the diesel room (prize rules: the crew rules enforced)."""
    table.tap("tab.helm")
    before = len(table.named("order_rejected"))
    telegraph = table.target("telegraph").rect
    table.tap("telegraph", at=(telegraph.centerx, telegraph.y + telegraph.h * 3 // 10))  # the half-ahead row
    table.runtime.step()
    assert len(table.named("order_rejected")) == before + 1, [e.to_json() for e in table.events[-3:]]


@pytest.mark.parametrize("code", ["en", "de", "ru"])
def test_6_5_the_first_refusal_for_want_of_sailors_says_how_to_bring_them(code: str) -> None:
    table = Table_(mission="prize_rules_1939", language=code)
    _speed_refused(table)
    newest = table.window.feed.lines[-1]
    said = language(code).render(newest.words)
    assert newest.event == "order_rejected" and HOW[code] in said, said  # on the refusal's own line, the newest
    assert "engines" in language("en").render(newest.words)  # what is missing is still said first
    _speed_refused(table)  # told once: the next refusal is the game's line alone
    again = language(code).render(table.window.feed.lines[-1].words)
    assert HOW[code] not in again, again


@pytest.mark.parametrize(("code", "symbols"), [("en", "symbols: engines, repair"), ("de", "Symbole:"),
                                                ("ru", "символы:")])
def test_6_3_a_sailor_s_card_names_his_symbols(code: str, symbols: str) -> None:
    table = Table_(mission="prize_rules_1939", language=code)
    table.tap("tab.crew")
    table.tap("sailor.engineer-triangle")
    assert any(symbols in text for text in shown(table)), shown(table)
