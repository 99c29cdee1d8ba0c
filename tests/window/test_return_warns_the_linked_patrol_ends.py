"""Rulebook §4.2 with §5.2: played linked, a return home ends the linked patrol (mission_rules.toml [linked], our
choice), so heading home gives up the parts still to sail. The window's Return to base sheet and the console's
`check return` say so before the crew gives the order, with the part named; a single mission and the patrol's last
part have no such warning."""

from __future__ import annotations

import pytest
from kaleun.uboot.game import new_game
from kaleun.uboot.missions.setup import GameSetup, changes_for
from kit import console_typed

from window.fingers import Table_, shown

ENDS = {"en": "Warning: the return home ends the linked patrol Autumn 1940: its part Weather boat will not be sailed.",
        "de": "Achtung: Die Heimkehr beendet die verknüpfte Feindfahrt „Herbst 1940“: Deren Teil „Wetterboot“ wird "
              "nicht gefahren.",
        "ru": "Внимание: возвращение на базу завершает связанный поход «Осень 1940»: его часть «Метеоразведчик» не "
              "будет пройдена."}


def linked(mission: str = "sc_convoy_1940"):
    return new_game(3, mission, changes_for(GameSetup(mission=mission, seed=3, mode="linked")))


@pytest.mark.parametrize("code", ["en", "de", "ru"])
def test_5_2_the_return_sheet_says_the_linked_patrol_ends(code: str) -> None:
    table = Table_(game=linked(), language=code)
    table.tap("tab.orders")
    table.tap("order.return_to_base")
    table.window.cut.clear()
    said = " ".join(shown(table))
    assert ENDS[code] in said, said
    assert not table.window.cut, table.window.cut
    table.tap("sheet.give")  # a warning, not a refusal
    assert table.named("return_to_base")


@pytest.mark.parametrize("code", ["en", "de", "ru"])
def test_5_2_check_return_at_the_console_says_the_linked_patrol_ends(code: str) -> None:
    said = console_typed(code, "check return", game=linked())
    assert ENDS[code] in " ".join(said.split()), said


def test_5_2_a_single_mission_and_the_last_part_have_no_such_warning() -> None:
    for game in (new_game(3, "sc_convoy_1940"), linked("weather_1940")):
        said = console_typed("en", "check return", game=game)
        # `check return` did answer (its other warning: the primary objectives still open), without this one
        assert "Heading home now breaks the patrol off." in said and "linked patrol" not in said, said
