"""The console takes what a German or Russian crew says naturally, as catalogue words (§10.3 the breach puzzle)."""

from __future__ import annotations

import pytest
from kaleun.uboot.game import new_game
from kit import console_typed


def _breach_at_work():
    game = new_game(0)
    game.apply({"do": "damage", "kind": "hull_breach", "section": 4})
    game.apply({"do": "order", "order": "repair", "breach": 4})
    return game


@pytest.mark.parametrize(("code", "line", "result"), [
    ("ru", "головоломка 4 решена", "solved"), ("ru", "головоломка 4 провалена", "failed"),
    ("ru", "головоломка 4 решено", "solved"), ("de", "puzzle 4 geschafft", "solved"),
    ("de", "puzzle 4 misslungen", "failed"), ("de", "puzzle 4 gelöst", "solved")])
def test_10_3_the_breach_puzzles_result_as_the_crew_says_it(code, line, result):
    """§10.3 hull breach: the puzzle's result typed as the crew says it of the puzzle (Russian «головоломка 4 решена»,
    the word agreeing with «головоломка») gives that result, as the catalogue's value word does."""
    heard: list = []
    said = console_typed(code, line, game=_breach_at_work(), heard=heard)
    assert not any(row.startswith("!") for row in said.splitlines()), said
    names = [e.name for e in heard]
    assert ("hull_breach_sealed" in names) == (result == "solved"), (said, names)
    assert ("puzzle_failed" in names) == (result == "failed"), (said, names)


def test_status_typed_as_a_russian_crew_calls_it():
    """A Russian crew calls the status «статус» (the console's word is «состояние»; the Captain Sonar console takes
    both): typed, it prints the boat's status as `состояние` does, and `помощь статус` explains the status, naming
    both words."""
    said = console_typed("ru", "статус")
    assert "неизвестная" not in said and said == console_typed("ru", "состояние"), said
    helped = console_typed("ru", "помощь статус")
    assert "неизвестная" not in helped and "также: status, статус" in helped, helped


@pytest.mark.parametrize("code", ["en", "de", "ru"])
def test_every_second_word_a_crew_calls_a_command_reaches_it(code):
    """Each word a table also calls a U-BOOT console command by (declared once, `UBOOT_ALSO_CALLED`: Russian «статус»,
    «выход» beside «выйти») names that command at that table."""
    from kaleun.i18n import language
    from kaleun.ui.actions import ACTIONS, find
    from kaleun.ui.console import CONSOLE
    from kaleun.ui.console_words import UBOOT_ALSO_CALLED, typed_word

    actions = (*ACTIONS, *CONSOLE)
    for word in UBOOT_ALSO_CALLED:
        found = find(typed_word(word, language(code)), actions, code)
        assert found is not None and found.name == word.template, (code, word.template, found)
