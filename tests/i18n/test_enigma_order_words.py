"""The First Officer's console, languages and rulebook §8 (the Enigma order): the feed's "Order: Enigma: send a weather
report." read "Befehl: Enigma: send a weather report." at a German table and "Приказ: Enigma: send a
weather report." at a Russian one: the order's own words were made English before they reached the
feed, and the reports' names were never marked for the catalogues."""

from __future__ import annotations

import pytest
from kaleun.i18n import language
from kaleun.uboot.game import new_game
from kaleun.uboot.missions.radio import REPORT_KINDS, describe_enigma


@pytest.mark.parametrize("code", ["de", "ru"])
@pytest.mark.parametrize("report", ["weather", "position"])
def test_8_the_enigma_orders_feed_line_reads_in_the_tables_language(code: str, report: str) -> None:
    game = new_game(1, mission="prize_rules_1939")  # HQ's radio: the Enigma order
    events = game.apply({"do": "order", "order": "enigma", "report": report})
    (accepted,) = [e for e in events if e.name == "order_accepted"]
    lang = language(code)
    english = str(accepted.feed)
    assert english == f"Order: Enigma: send a {report} report."
    assert lang.missing(accepted.feed) == []
    said = lang.render(accepted.feed)
    assert "report" not in said, said


@pytest.mark.parametrize("code", ["de", "ru"])
@pytest.mark.parametrize("report", [*REPORT_KINDS, None])
def test_8_every_enigma_order_is_said_in_the_tables_language(code: str, report: str | None) -> None:
    said = describe_enigma({"decode": None, "report": report, "contact": None, "messages": 1 if report else 2})
    lang = language(code)
    assert lang.missing(said) == [], lang.missing(said)
    assert "report" not in lang.render(said) and "decode" not in lang.render(said)
