"""Rulebook §9 (the strategic map: protractor and range ruler) with HQ's signals (§8.4, Enigma): plain `chart`
lays off the way to the square a decoded signal of HQ names ("Slow convoy reported in AL..."), the target area of
the mission; a signal still coded names nothing yet, so `chart` has nothing to show."""

from __future__ import annotations

import re

from kaleun.uboot.game import new_game
from test_console_actions import Desk

H = 3600.0


def _received(desk: Desk) -> str:
    """Game time passes until HQ's convoy signal is received (coded); the square it names."""
    mission = desk.game.module("mission")
    for _ in range(30):
        desk.wait(600)
        if mission.messages and mission.messages[0].state == "coded":
            return str(mission.messages[0].values["square"])
    raise AssertionError("HQ's convoy signal never came")


def test_9_chart_shows_the_square_of_a_decoded_signal_and_not_of_a_coded_one():
    desk = Desk(new_game(0, "sc_convoy_1940"))
    desk.game.apply({"do": "crew_options", "rules": "advise", "wear": False})
    square = _received(desk)
    assert re.fullmatch(r"[A-Z]{2}\d{2}", square) and square != "AL03"
    # still coded (Enigma): it names no area yet
    coded = desk.type("chart")
    assert "Target area" not in coded and coded.startswith("The boat is in AL03 (dead reckoning).\n"), coded
    desk.type("order enigma")
    assert desk.game.module("mission").messages[0].state == "decoded"
    said = desk.type("chart")
    laid_off = desk.type(f"chart {square}").strip()
    assert laid_off.startswith(f"From AL03 (dead reckoning) to {square}: course ")
    assert said == f"Target area from HQ's signal m1: {laid_off}\n"
