"""The First Officer's console, languages and rulebook §8 (the Enigma order): the feed's "Order: Enigma: send a weather
report." read "Befehl: Enigma: send a weather report." at a German table and "Приказ: Enigma: send a
weather report." at a Russian one: the order's own words were made English before they reached the
feed, and the reports' names were never marked for the catalogues."""

from __future__ import annotations

import pytest
from kaleun.i18n import language
from kaleun.uboot.game import new_game
from kaleun.uboot.missions.radio import REPORT_KINDS, describe_enigma
from kit import console_typed


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


@pytest.mark.parametrize(("code", "lines", "said"), [
    ("ru", ["энигма расшифровать=m1,m1"],
     ["! энигма: расшифровать — номер радиограммы вроде «m2» или список разных номеров, а не «m1,m1»"]),
    ("de", ["enigma entschlüsseln=m1,m1"],
     ["! enigma: entschlüsseln muss eine Funkspruchkennung wie „m2“ oder eine Liste verschiedener Kennungen sein, "
      "nicht „m1,m1“"]),
    ("ru", ["энигма контакт=c1", "энигма отчёт=погода сообщения=2", "энигма расшифровать=m1 сообщения=3"],
     ["! энигма: контакт указывается только с донесением о конвое или контакте",
      "! энигма: сообщения = 2: одно донесение — это одна радиограмма",
      "! энигма: сообщения = 3, а приказ обрабатывает 1"]),
    ("de", ["enigma kontakt=c1", "enigma entschlüsseln=m1,m2,m3 bericht=wetter"],
     ["! enigma: kontakt gehört zu einer Geleitzug- oder Kontaktmeldung",
      "! enigma: ein Enigma-Befehl bearbeitet 1 bis 3 Funksprüche, dieser 4"]),
])
def test_8_a_refused_enigma_order_names_its_fields_as_the_table_types_them(code: str, lines: list[str],
                                                                          said: list[str]) -> None:
    """An Enigma order the console refuses for its fields (rulebook §8: one to three messages, each once) names the
    order and the field in the table's words: "! enigma: decode — ... а не ['m1', 'm1']" read at a Russian table
    named the order, the field and the ids as a script writes them, where every other refusal said "энигма"."""
    out = console_typed(code, *lines, game=new_game(1, mission="prize_rules_1939"))
    for line in said:
        assert line in out, out
