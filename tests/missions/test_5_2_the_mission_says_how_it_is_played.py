"""Rulebook §5.2 (a linked patrol in parts) and §4.3 (the campaign, mission after mission): a group reading the
mission again (the console's `mission`, the window's mission sheet) is told how this game is played: which part of
which linked patrol, or which mission of the campaign; a single mission says nothing of the kind."""

from __future__ import annotations

from kaleun.i18n import language
from kaleun.uboot.game import new_game
from kaleun.uboot.missions.debrief import mission_lines
from kaleun.uboot.missions.setup import GameSetup, campaign_order, changes_for


def second_line(setup: GameSetup, code: str = "en") -> str:
    g = new_game(setup.seed, setup.mission, changes_for(setup))
    return language(code).render(mission_lines(g)[1])


def test_5_2_a_linked_part_names_its_patrol_and_its_place():
    assert second_line(GameSetup(mission="weather_1940", seed=1, mode="linked")) == \
        "Linked patrol Autumn 1940: part 2 of 2."
    assert second_line(GameSetup(mission="sc_convoy_1940", seed=1, mode="linked"), "ru") == \
        "Связанный поход «Осень 1940»: часть 1 из 2."


def test_4_3_a_campaign_mission_names_its_place_in_the_campaign():
    n = len(campaign_order())
    assert second_line(GameSetup(mission="minefield_1939", seed=1, mode="campaign")) == f"Campaign: mission 2 of {n}."


def test_a_single_mission_goes_straight_to_its_briefing():
    assert second_line(GameSetup(mission="sc_convoy_1940", seed=1)).startswith("Briefing: ")
