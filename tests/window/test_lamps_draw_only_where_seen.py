"""Damage on screen and the window's speed on a table that runs all evening: a fire (§10.3, an
environmental condition) on a board with simulated lamps flickers the section's lamp, which the boat screen draws.
The window draws frames as fast as the flicker there, but on a screen without the lamps (the crew, the damage list)
the flicker drew the whole screen again 20 times a second for as long as the fire burned. It now draws nothing
there until something shown changes; back on the boat screen the lamp flickers again."""

from __future__ import annotations

import pygame
import pytest
from kaleun.boards.loader import default_board
from kaleun.ports.sim import SimLamps
from kaleun.runtime.lamps import LampDirector
from weapons.weaponskit import do, range_game

from window.fingers import Table_


@pytest.fixture
def burning() -> Table_:
    """A fire in section 2 and the board's lamps simulated on screen, as on a board without real lamps."""
    g = range_game(0, surfaced=True)
    do(g, {"do": "damage", "kind": "environmental", "condition": "fire", "section": 2})
    g.take_events()
    table = Table_(game=g)
    lamps = SimLamps(default_board().lamps.segments)
    table.runtime.outputs.append(LampDirector(lamps, game=table.game, clock=table.clock))
    table.runtime.lamps = lamps
    table.window.dismiss_alarms()
    table.runtime.step()
    return table


def whole_frames(table: Table_, seconds: float) -> int:
    """The whole frames the window draws in `seconds` of wall time at the pace of a flicker (20 looks a second)."""
    win = table.window
    pygame.display.init()
    screen = pygame.display.set_mode((800, 480))
    win.frame(screen)
    drawn = [0]
    draw = win.draw

    def counted(*args, **kwargs):  # type: ignore[no-untyped-def]
        drawn[0] += 1
        return draw(*args, **kwargs)

    win.draw = counted  # type: ignore[method-assign]
    try:
        for _ in range(round(seconds * 20)):
            table.clock.now += 0.05
            win.frame(screen)
    finally:
        del win.draw
    return drawn[0]


def test_10_3_a_fires_flickering_lamp_draws_the_boat_screen_again(burning: Table_) -> None:
    scene = burning.window.scene()
    assert [lamp.pattern for lamp in scene.lamps if lamp.section == 2] == ["flicker"]
    assert scene.moving
    assert whole_frames(burning, 3.0) >= 10


@pytest.mark.parametrize("tab", ["crew", "damage", "plot"])
def test_10_3_a_fires_flickering_lamp_draws_no_frames_of_a_screen_without_lamps(burning: Table_, tab: str) -> None:
    burning.tap(f"tab.{tab}")
    assert not burning.window.scene().moving
    assert whole_frames(burning, 3.0) == 0
    burning.tap("tab.boat")  # the lamps seen again
    assert burning.window.scene().moving


def test_10_3_a_sheet_over_the_boat_screen_hides_its_lamps(burning: Table_) -> None:
    burning.window.open_form("observe")
    assert not burning.window.scene().moving
    burning.window.overlay.close()
    assert burning.window.scene().moving
