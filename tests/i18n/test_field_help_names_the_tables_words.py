"""The text console's `help COMMAND` (host README, "The text console", "Typing in the table's language"): a field's
help that names another field's choice names it as the table types it. `hilfe schaden` read "zustand:
environmental: der Zustand" and "bauteil: technical: das Bauteil" beside the German choices `umgebung` and
`technik`: English ids in a German line, words a German table does not type."""

from __future__ import annotations

import re

import pytest
from kaleun.i18n import language
from kaleun.ui.actions import ACTIONS
from kit import console_typed


@pytest.mark.parametrize("code", ["de", "ru"])
def test_a_fields_help_names_the_choices_in_the_tables_words(code):
    lang = language(code)
    wrong = []
    for action in ACTIONS:
        ids = {c for f in action.fields for c in f.choices
               if len(c) > 3 and f.choice_local(c, lang).casefold() != c.casefold()}
        for f in action.fields:
            said = lang.text(f.help)
            wrong += [(action.name, f.name, c, said) for c in ids if re.search(rf"(?<![\w(]){re.escape(c)}\b", said)]
    assert wrong == []


def test_the_damage_commands_help_reads_german():
    said = language("de").text
    damage = next(a for a in ACTIONS if a.name == "damage")
    helps = {f.name: said(f.help) for f in damage.fields}
    assert helps["condition"] == "umgebung: der Zustand"
    assert helps["component"] == "technik: das Bauteil"


@pytest.mark.parametrize(("code", "line", "said"), [
    ("de", "mahlzeit nehmen=1,1", "! mahlzeit: nehmen nennt einen Platz doppelt: [1, 1]"),
    ("de", "mahlzeit nehmen=1,2,3,4", "! mahlzeit: nehmen muss 1–3 Plätze der Pyramide 1–6 sein, nicht [1, 2, 3, 4]"),
    ("de", "tdc entfernung_m=500 entfernung_sm=1", "! tdc: entfernung_m oder entfernung_sm angeben, nicht beides"),
    ("de", "tdc kurs=90 lage=30", "! tdc: Kurs des Ziels oder Lagewinkel (lage) angeben, nicht beides"),
    ("ru", "еда взять=1,1", "! еда: взять — место названо дважды: [1, 1]"),
    ("en", "meal take=1,1", "! meal: take names a place twice: [1, 1]"),
    ("en", "tdc range_m=500 range_nm=1", "! tdc: give range_m or range_nm, not both"),
    ("de", "nachladen 1 raum=1", "! nachladen: raum gehört zu von=deck (ein Oberdecktorpedo"),
    ("de", "chips maschinist-quadrat", "! chips: entweder dazu oder weg angeben"),
    ("de", "erste_hilfe maschinist-quadrat,maschinist-quadrat", "! erste_hilfe: patienten muss eine Liste"),
    ("de", "tdc quelle=kontakt", "! tdc: quelle=kontakt braucht das Feld „kontakt“"),
    ("de", "scheibe", "gegner (Kurs des Gegners) oder peilung (Peilung des Gegners vom Bug aus), zum Beispiel: "
                      "scheibe eigen=290 gegner=70 peilung=40"),
    ("ru", "диск", "например: диск свой=290 противник=70 пеленг=40"),
    ("ru", "жетоны engineer-square", "! жетоны: укажите либо добавить, либо убрать"),
])
def test_a_meal_or_tdc_refusal_names_the_command_and_fields_as_typed(code, line, said):
    """§9.4 (the meal's pyramid places), the TDC's target data, §7.5 reloads from the deck, §6.14 chips, first aid,
    the attack disc (§9.2.1): the refusal begins with the command as the table
    types it and names its fields so (`! prepare_meal: take nennt einen Platz doppelt` and `range_m oder range_nm`
    at a German table named English ids the table does not type)."""
    out = console_typed(code, line)
    assert said in out, out
