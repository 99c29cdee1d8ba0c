"""Rulebook §4.2 (return to base) and the mission's time limit: once the return is ordered the game says when the
passage home cannot be made before the time is up (`patrol_time` with `eta_h`: the mission is lost then unless its
primary objectives are met; a linked part goes on to the next part at sea). The warning before the order (`check
return` at the console, the window's Return to base sheet) said only which primary objectives were open, so a crew
could not tell beforehand that heading home now would lose the mission on the way: it now says how long the passage
takes and what the time-out will mean, in the same words as the line after the order."""

from __future__ import annotations

import pytest
from kaleun.uboot.game import new_game
from kaleun.uboot.missions.setup import GameSetup, changes_for
from kit import console_typed
from missionkit import do, one
from window.fingers import Table_, shown

LATE = "The patrol's time is up in 10 hours, before the boat is home: the mission is lost then unless its primary " \
       "objectives are met."


def short_of_time(hours: float = 10, mission: str = "agents_1941", changes: dict | None = None):
    """A game whose passage home (about 40 hours from the landing coast to St-Nazaire) outlasts its time."""
    return new_game(0, mission, {"time_limit_h": hours, **(changes or {})})


def test_4_2_check_return_says_the_passage_home_outlasts_the_time_limit() -> None:
    game = short_of_time()
    said = console_typed("en", "check return", game=game)
    assert "Warning: the passage home takes about 40 hours. " + LATE in said, said
    # the line after the order says the same
    after = one(do(game, {"do": "return_to_base"}), "patrol_time")
    assert after["feed"] == LATE and round(after["eta_h"]) == 40


@pytest.mark.parametrize("code", ["de", "ru"])
def test_4_2_the_warning_of_a_late_passage_home_in_the_tables_language(code: str) -> None:
    said = console_typed(code, "check return", game=short_of_time())
    assert {"de": "Achtung: Der Heimmarsch dauert etwa 40 Stunden. Die Zeit der Feindfahrt ist in 10 Stunden um, bevor "
                  "das Boot einläuft",
            "ru": "Внимание: путь домой займёт около 40 часов. Время похода выйдет через 10 часов, раньше прихода на "
                  "базу"}[code] in said, said
    assert "Warning" not in said and "passage" not in said, said


def test_4_2_no_warning_of_the_passage_when_the_boat_is_home_in_time() -> None:
    said = console_typed("en", "check return", game=short_of_time(60))
    assert "passage home takes" not in said and "before the boat is home" not in said, said


def test_5_2_a_linked_part_warns_that_the_boat_goes_on_to_the_next_part_at_sea() -> None:
    setup = GameSetup(mission="sc_convoy_1940", seed=0, mode="linked")
    game = new_game(0, "sc_convoy_1940", {**changes_for(setup), "time_limit_h": 5, "position": [52.0, -25.0]})
    said = console_typed("en", "check return", game=game)
    assert "Warning: the passage home takes about" in said, said
    assert "This part's time is up in 5 hours, before the boat is home: HQ then sends it on to Weather boat" in said


def test_4_2_the_return_sheet_warns_of_the_late_passage_home() -> None:
    table = Table_(game=short_of_time())
    table.tap("tab.orders")
    table.tap("order.return_to_base")
    table.window.cut.clear()
    said = " ".join(shown(table))
    assert "the passage home takes about 40 hours" in said and "before the boat is home" in said, said
    assert not table.window.cut, table.window.cut
