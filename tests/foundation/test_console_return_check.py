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


@pytest.mark.parametrize(("code", "says"), [("en", "Return to base refused: the passage home runs on the diesels: "
                                                   "surface first."),
                                            ("de", "Heimmarsch abgelehnt: die Heimfahrt läuft mit den Dieseln: erst "
                                                   "auftauchen.")])
def test_4_2_check_return_says_first_why_the_return_would_be_refused_now(code: str, says: str) -> None:
    """§4.2: the return is an order given out of combat, surfaced, on the diesels. The window's sheet greys its
    button with the reason; `check return` said only that no objective was open, and the `return` typed next was
    refused."""
    game = new_game(0, "aircrew_1942")
    for objective in game.module("mission").objectives.values():
        objective.state = "met"
    game.apply({"do": "crew_options", "rules": "advise", "wear": False})
    game.apply({"do": "order", "order": "dive"})
    game.advance_to(600)
    said = console_typed(code, "check return" if code == "en" else "prüfen heimmarsch", game=game)
    assert said.splitlines()[0].endswith(says), said


def test_4_2_check_return_out_of_combat_and_surfaced_names_no_refusal() -> None:
    said = console_typed("en", "check return", game=new_game(0, "aircrew_1942"))
    assert "refused" not in said, said


@pytest.mark.parametrize("mission", ["training", "exercise_convoy"])
def test_4_2_check_return_on_a_practice_piece_says_only_why_not(mission: str) -> None:
    """A practice piece has no base and no objectives: `?return` said it was refused for want of a base, then "no
    primary objective is still open", as if heading home were only a matter of objectives."""
    said = console_typed("en", "?return", game=new_game(0, mission))
    assert "Return to base refused: this mission has no base to return to." in said, said
    assert "no primary objective" not in said, said
