"""Issue 9, set-up (`kaleun play --mission ID` as today; `kaleun missions` lists them): a group reads a mission's
title in the list and types it, or its id in capitals, or the start of it. Each was refused with the same list of
21 ids, the one they meant lost among them. The refusal now says the id to give, and the mission's title, when one
mission is meant; anything else is refused with the list as before, and nothing is started."""

from __future__ import annotations

import io

import pytest
from kaleun.cli import main
from kaleun.i18n import language
from kaleun.uboot.game import meant_mission, unknown_mission


@pytest.mark.parametrize(("typed", "meant"), [
    ("PRIZE_RULES_1939", "prize_rules_1939"), ("Prize rules", "prize_rules_1939"), ("prize", "prize_rules_1939"),
    ("the long patrol", "long_patrol_1941"), ("Zaunkönig", "t5_1943"), ("exercise aircraft", "exercise_aircraft"),
    ("exercise-escort", "exercise_escort"), ("Training Patrol", "training")])
def test_4_3_a_mission_typed_by_its_title_or_in_other_letters_is_shown_its_id(typed: str, meant: str, capsys,
                                                                                  home) -> None:
    assert meant_mission(typed) == meant
    assert main(["play", "--console", "--mission", typed]) == 2
    said = capsys.readouterr().err
    assert f"unknown mission '{typed}': the id to give is {meant} (" in said, said


@pytest.mark.parametrize("typed", ["exercise", "ex", "ag", "atlantis", "", "   "])
def test_4_3_a_name_no_one_mission_has_is_refused_with_the_list(typed: str) -> None:
    """Five exercises start "exercise"; two letters name nothing, even those only one mission starts with ("ag":
    agents_1941; game.py `MEANT_FROM`); no mission is called Atlantis."""
    assert meant_mission(typed) is None
    said = str(unknown_mission(typed))
    assert "(known: agents_1941, " in said and "the id to give" not in said


@pytest.mark.parametrize("code", ["de", "ru"])
def test_4_3_the_id_to_give_is_said_in_the_tables_language(code: str) -> None:
    refusal = unknown_mission("Slow convoy")
    assert language(code).missing(refusal) == []
    assert "sc_convoy_1940" in language(code).render(refusal)


def test_4_3_the_terminal_set_up_says_the_id_and_asks_again() -> None:
    from kaleun.mission_commands import interactive_setup

    out = io.StringIO()
    setup = interactive_setup(io.StringIO("Prize rules\nprize_rules_1939\n\n\n\n\n\n"), out)
    assert setup.mission == "prize_rules_1939"
    assert "! unknown mission 'Prize rules': the id to give is prize_rules_1939 (Prize rules)" in out.getvalue()
