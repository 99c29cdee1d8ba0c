"""`help help` at a German or Russian table: its example names the command it explains in the table's words, as
`help check`'s does (it read `hilfe course`, a command the table does not type so), and its field is a command
("kommando: ein Kommando", where it said "ein Befehl", the word of an order)."""

from __future__ import annotations

import pytest
from kit import console_typed

SAID = {
    "de": ("hilfe hilfe", "  Beispiel: hilfe kurs", "  kommando: ein Kommando ["),
    "ru": ("помощь помощь", "  пример: помощь курс", "  команда: команда ["),
    "en": ("help help", "  example: help course", "  command: a command ["),
}


@pytest.mark.parametrize("code", sorted(SAID))
def test_the_help_of_help_names_its_example_in_the_tables_words(code):
    typed, example, field = SAID[code]
    said = console_typed(code, typed).splitlines()
    assert example in said and any(line.startswith(field) for line in said), said
    word = example.split()[-1]
    assert "!" not in console_typed(code, f"{typed.split()[0]} {word}")  # the example works as typed
