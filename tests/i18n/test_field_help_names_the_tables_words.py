"""The text console's `help COMMAND` (host README, "The text console", "Typing in the table's language"): a field's
help that names another field's choice names it as the table types it. `hilfe schaden` read "zustand:
environmental: der Zustand" and "bauteil: technical: das Bauteil" beside the German choices `umgebung` and
`technik`: English ids in a German line, words a German table does not type."""

from __future__ import annotations

import re

import pytest
from kaleun.i18n import language
from kaleun.ui.actions import ACTIONS


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
