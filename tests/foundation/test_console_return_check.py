"""Rulebook §4.2: a boat that heads home with a primary objective not met breaks its patrol off. The window's
Return to base sheet names each primary objective still open; at the text console `check return` (or `?return`)
says the same before the crew types `return`, and that nothing is given up once they are all met."""

from __future__ import annotations

import pytest
from kaleun.i18n import language
from kaleun.uboot.game import new_game
from kit import console_typed


@pytest.mark.parametrize("code", ["en", "de", "ru"])
def test_4_2_check_return_names_the_open_primary_objective(code: str) -> None:
    game = new_game(0, "aircrew_1942")
    said = console_typed(code, "check return", game=game)
    rescue = language(code).render(game.module("mission").objectives["rescue"].text_msg())
    assert rescue in said, said
    assert {"en": "Heading home now breaks the patrol off.", "de": "Die Feindfahrt jetzt abzubrechen",
            "ru": "Курс домой сейчас"}[code] in said, said
    assert "Return to base: no primary objective" not in said, said


def test_4_2_check_return_with_nothing_open_says_so() -> None:
    game = new_game(0, "aircrew_1942")
    for objective in game.module("mission").objectives.values():
        objective.state = "met"  # as when the airmen are aboard
    said = console_typed("en", "?return", game=game)
    assert "Return to base: no primary objective is still open." in said and "Warning" not in said, said
