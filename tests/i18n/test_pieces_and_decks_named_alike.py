"""The table's words for the same thing stay the same across its lines. In Russian the figures on the boat
model are «фигурки» (the console's column, its help and every refusal say so): a line that calls them «фигуры»
reads as something else on the table. A card deck named inside a Russian sentence stands in «…», as in
"вытяните карту из колоды «ранения»", never bare ("колода ранения" reads as one wound's deck). A German
instruction in the infinitive keeps its object before the verb: "…, dann die Mahlzeit fertig kochen", not
"dann sie fertig kochen"."""

from __future__ import annotations

import re

from kaleun.core.messages import Msg
from kaleun.i18n import language
from kit import translations

#: "фигура" in any case (фигура, фигуры, фигуре, фигуру, фигурой, фигур, фигурам, фигурами, фигурах)
FIGURA = re.compile(r"(?<![а-яё])фигур(?:а|ы|е|у|ой|ам|ами|ах)?(?![а-яё])", re.IGNORECASE)
#: a deck placeholder after «колода» in any case, not inside quotes
BARE_DECK = re.compile(r"колод[а-яё]*\s+\{deck\}")
#: "dann" followed by a pronoun, then the verb phrase: the pronoun belongs after "dann"'s object slot
DANN_PRONOUN = re.compile(r"\bdann (?:sie|ihn|es|ihm|ihr) [a-zäöüß]+ [a-zäöüß]+en\b")


def test_the_figures_are_figurki_in_every_russian_line():
    wrong = [(msgid, text) for msgid, text in translations("ru") if FIGURA.search(text)]
    assert not wrong, f"«фигуры» where the table says «фигурки»: {wrong}"


def test_a_deck_named_in_a_russian_line_stands_in_quotes():
    wrong = [(msgid, text) for msgid, text in translations("ru") if BARE_DECK.search(text)]
    assert not wrong, f"a deck named without «…»: {wrong}"


def test_the_injury_waiting_for_its_card_names_its_deck_in_quotes():
    """§6.9 crew damage: the crew view lists each injury still waiting for its card, with the deck to draw from
    (the hazard's deck: burns, shock, poisoning or wounds)."""
    said = language("ru").render(Msg("  injury {id} waiting for its card: {figure}, deck {deck} ({line})", id=1,
                                     figure="штурман-круг", deck="ранения", line="недуг ранение=1 ..."))
    assert "колода «ранения»" in said


def test_a_german_instruction_keeps_the_pronoun_out_of_the_verbs_place():
    wrong = [(msgid, text) for msgid, text in translations("de") if DANN_PRONOUN.search(text)]
    assert not wrong, f"German word order: {wrong}"
    said = language("de").render(Msg("Navigator: choose the chips for the meal, then cook it."))
    assert said == "Navigator: die Chips für die Mahlzeit wählen, dann die Mahlzeit fertig kochen."


def test_torpedoes_are_fired_with_pusk_in_every_russian_line():
    """§8.4 firing torpedoes: the order's name, the sailors' symbol, the button («Пуск!»), the help («приказ: пуск
    торпед») and the feed («пуск из аппаратов 1, 2») say «пуск»; the order's name and the symbol said «запуск»."""
    wrong = [(msgid, text) for msgid, text in translations("ru") if re.search(r"запуск\w* торпед", text, re.I)]
    assert not wrong, wrong
    assert language("ru").render(Msg.term("Fire torpedoes")) == "Пуск торпед"
