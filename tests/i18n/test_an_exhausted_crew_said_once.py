"""§7.4 an exhausted crew: the morale marker on the bar's blank last field. The console's `status` and `crew`
name that field as "blank (exhausted)" and say it once; they used to add "the crew is exhausted" (status) and
", exhausted" (crew) after it, so a German table read "Moral das leere Feld (erschöpft)  die Besatzung ist
erschöpft". In German and Russian each bar's value follows a colon, so a field named in words reads as well as
a numeral ("Moral: das leere Feld (erschöpft)", "боевой дух: пустое поле")."""

from __future__ import annotations

import pytest
from kaleun.i18n import language
from kaleun.uboot.game import new_game
from kaleun.ui.actions import in_words
from kit import console_typed

EXHAUSTED = {"en": ("exhausted", "morale blank (exhausted)"),
             "de": ("erschöpft", "Moral: das leere Feld (erschöpft)"),
             "ru": ("измотан", "боевой дух: пустое поле (экипаж измотан)")}


def _exhausted_game():
    g = new_game(0)
    g.apply({"do": "adjust_morale", "by": -11, "why": "event card"})
    g.take_events()
    return g


@pytest.mark.parametrize("code", ["en", "de", "ru"])
@pytest.mark.parametrize("view", ["status", "crew"])
def test_7_4_status_and_crew_say_the_crew_is_exhausted_once(code: str, view: str) -> None:
    word, field = EXHAUSTED[code]
    text = console_typed(code, in_words(view, language(code)), game=_exhausted_game())
    bars = next(line for line in text.splitlines() if word in line)
    assert bars.count(word) == 1, (code, view, bars)
    if code != "en":
        assert field in bars, (code, view, bars)


@pytest.mark.parametrize(("code", "said"), [("de", "Befehls-Leiste: VIII  Moral: XI"),
                                            ("ru", "шкала приказов: VIII  боевой дух: XI")])
def test_7_2_the_status_line_gives_each_bar_its_value_after_a_colon(code: str, said: str) -> None:
    assert said in console_typed(code, in_words("status", language(code)))
