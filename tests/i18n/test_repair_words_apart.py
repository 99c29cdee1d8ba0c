"""§10.3 (repairs: a hull breach, a condition in a section, a component) typed at a German table: the breach's field
was typed `leck`, the German word of the leak condition (`reparieren zustand=leck sektion=2`), so the repairs view
offered `reparieren leck=4` for a hull breach and a First Officer who typed `reparieren leck=2` to stop a leak
ordered a hull breach sealed. No field of the repair command is typed as a condition or a component is."""

from __future__ import annotations

import pytest
from kaleun.i18n import language
from kaleun.ui.actions import find
from kaleun.ui.console_words import fold
from kit import console_typed


@pytest.mark.parametrize("code", ["en", "de", "ru"])
def test_10_3_no_repair_field_is_typed_as_a_condition_or_component(code: str):
    lang = language(code)
    repair = find("repair")
    assert repair is not None
    fields = {fold(f.local(lang)) for f in repair.fields}
    values = {fold(f.choice_local(c, lang)) for f in repair.fields for c in f.choices}
    assert fields & values == set()


def test_10_3_the_german_breach_is_typed_hullenbruch():
    said = console_typed("de", "schaden hüllenbruch sektion=4", "reparaturen")
    assert "HÜLLENBRUCH in Sektion 4" in said and "reparieren hüllenbruch=4" in said
    assert "leck=" not in said
