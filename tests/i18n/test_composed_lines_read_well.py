"""Lines composed at run time from several messages (a refusal and its reason, a count and a cause) read as
one sentence at a German or Russian table: no doubled punctuation, no verb that disagrees with its number."""

from __future__ import annotations

import pytest
from kaleun.i18n import language
from kaleun.uboot.missions.debrief import crew_lost_lines
from kit import console_typed


def _deaths(n: int, cause: dict) -> dict:
    return {"crew_lost": [{"sailor": f"s{i}", "name": None, "cause": cause} for i in range(n)]}


@pytest.mark.parametrize("n, said", [(5, "  5 моряков: гибель в затопленном отсеке 3"),
                                     (21, "  21 моряк: гибель в затопленном отсеке 3"),
                                     (22, "  22 моряка: гибель в затопленном отсеке 3")])
def test_8_4_the_russian_debrief_counts_sailors_drowned_together_in_words_that_agree(n, said):
    """§6.10/§8.4: sailors drowned in a flooded section, more than the debrief names one by one, are one line;
    at a Russian table it read "5 моряков: утонул в затопленном отсеке 3" (a singular verb after 5 sailors).
    The line of many says the cause as a noun; the feed's line for one sailor keeps its verb."""
    drowned = {"msg": "drowned in flooded section {section}", "values": {"section": 3}}
    ru = language("ru")
    assert ru.render(crew_lost_lines(_deaths(n, drowned))[0]) == said
    assert ru.render(crew_lost_lines(_deaths(1, drowned))[0]) == "  s0: утонул в затопленном отсеке 3"
    assert str(crew_lost_lines(_deaths(5, drowned))[0]) == "  5 sailors: drowned in flooded section 3"
    assert language("de").render(crew_lost_lines(_deaths(5, drowned))[0]) == (
        "  5 Matrosen: ertrunken in der gefluteten Sektion 3")


def test_8_4_the_russian_debrief_counts_sailors_left_outside_in_words_that_agree():
    """§6.10: the watch left on the bridge when the boat dived, counted in one line of the Russian debrief."""
    outside = {"msg": "left outside when the boat dived", "values": {}}
    assert language("ru").render(crew_lost_lines(_deaths(6, outside))[0]) == (
        "  6 моряков: гибель снаружи при погружении лодки")


@pytest.mark.parametrize("code, said", [
    ("en", "the attack disc is not set: set the own course ring, enemy course ring and bearing pointer."),
    ("de", "die Angriffsscheibe ist nicht eingestellt: Ring des eigenen Kurses, Ring des Gegnerkurses und "
           "Peilungszeiger einstellen."),
    ("ru", "атакующий диск не выставлен: выставьте кольцо собственного курса, кольцо курса противника и "
           "указатель пеленга.")])
def test_9_2_1_the_tdc_refusal_for_an_unset_disc_reads_as_one_sentence(code, said):
    """§9.2.1: `tdc source=disc` before the rings are set. The German refusal read "nicht eingestellt:
    einstellen: …" (two colons in a row)."""
    shown = console_typed(code, "tdc source=disc")
    assert said in shown
    assert "einstellen:" not in shown and "выставьте:" not in shown


@pytest.mark.parametrize("code, typed, said", [
    ("de", "tdc bearing=10", "TDC programmieren abgelehnt: der TDC braucht vom Ziel noch Entfernung, Kurs oder "
                             "Lagewinkel und Fahrt."),
    ("de", "tdc", "TDC programmieren abgelehnt: der TDC braucht ein Ziel, und noch ist kein Schiff in Kontakt "
                  "(Beobachter, Periskop oder Hydrofon finden eines)."),
    ("de", "repair component=rudder", "Reparatur abgelehnt: am Bauteil Ruder gibt es keinen technischen Zustand "
                                      "zu reparieren."),
    ("ru", "dive", "Приказ «Погружение» выполнен без нужных моряков — нужно: 1 моряк с символом «двигатели» в "
                   "отсеке 5; есть: никого;")])
def test_6_3_refusals_and_orders_without_their_crew_read_as_one_sentence(code, typed, said):
    """§6.3 orders refused or carried out without their crew, at a German or Russian table: the reason
    followed the refusal's colon with another colon of its own ("abgelehnt: der TDC braucht vom Ziel: Peilung",
    "abgelehnt: Ruder: kein technischer Zustand", "без нужных моряков: нужно: 1 моряк")."""
    assert said in console_typed(code, typed)


def test_6_3_sailors_needed_with_several_symbols_read_without_a_chain_of_colons_in_russian():
    """§6.3 surfacing needs two sailors with the helm and two with the ballast symbol: the Russian line read
    "моряки с символами: штурвал: 2 и балласт: 2"."""
    from kaleun.uboot.crew.requirements import Group

    need = Group(section=3, needs={"helm": 2, "ballast": 2})
    assert language("ru").render(need.describe()) == "моряки с символами 2 × штурвал и 2 × балласт"


@pytest.mark.parametrize("report, said", [("weather", "Энигма: отправить метеосводку"),
                                          ("convoy", "Энигма: отправить донесение о конвое")])
def test_the_enigma_order_to_send_a_report_reads_as_one_phrase_in_russian(report, said):
    """The feed's "Приказ: Энигма: отправить: метеосводка." chained three colons and left the report in the
    nominative; the report is what is sent."""
    from kaleun.uboot.missions.radio import describe_enigma

    params = {"decode": [], "report": report, "contact": None, "messages": 1}
    assert language("ru").render(describe_enigma(params)) == said
