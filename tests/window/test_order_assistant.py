"""The order assistant on the window's order sheet (item 1 of the console's issue): before an order
is given it says, in the table's language, exactly what is missing — never a field's program name —
and who would carry the order out with how many chips (rulebook §6.5 activation, §10.5 first aid).
"""

from __future__ import annotations

import pytest

from window.fingers import Table_, shown


def injured_without_cards(language: str) -> Table_:
    """Crew damage in the control room: sailors injured, their wounds cards not yet entered."""
    table = Table_(mission="exercise_convoy_battle", seed=0, language=language)
    table.runtime.submit({"do": "damage", "kind": "crew", "sections": [3]})
    table.until(5)
    assert table.game.module("crew").status()["health"]["injuries_waiting"]
    return table


@pytest.mark.parametrize("language", ["en", "de", "ru"])
def test_10_5_first_aid_with_nobody_to_treat_says_what_is_missing_in_words(language: str) -> None:
    """§10.5: first aid treats an ailment card; with injured sailors whose cards are not entered yet
    the sheet says to enter a card first and asks for the patients by the field's name, not by the
    order's program fields ("first_aid: needs the field 'patient'")."""
    table = injured_without_cards(language)
    table.tap("tab.orders")
    table.tap("order.first_aid")
    said = shown(table)
    words = " ".join(said)
    assert "first_aid" not in words and "patient'" not in words and "«patient»" not in words, said
    tr = table.window.tr
    from kaleun.core.messages import Msg

    assert tr(Msg("Choose: {what}", what=Msg("Patients (in one section)"))) in said
    hint = tr(Msg("Nobody waits for first aid: enter an injured sailor's card first."))
    assert hint.split()[0] in words and hint.split()[-1] in words
    assert table.target("sheet.give").action is None  # nothing to give yet
