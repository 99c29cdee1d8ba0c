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
