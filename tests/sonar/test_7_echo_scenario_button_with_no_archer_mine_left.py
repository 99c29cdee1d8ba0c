"""§5, §7 Echo on the window: an Archer mine works once. With none left on the map, a full scenario gauge has
nothing to set off: the Captain's Scenario button says so under its name (as the Stop! beside it says nothing is
ready), and a tap on it says so at once instead of asking for an Archer mine on the map."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from collections.abc import Iterator
from typing import Any

import pygame
import pytest
from kaleun.core.messages import Msg
from kaleun.sonar.game import new_game, referee
from kaleun.ui.sonar_screen import Hit, TeamScreen
from kaleun.ui.sonar_session import make_sonar_runtime
from kaleun.ui.sonar_window import SonarWindow
from kaleun.ui.typeface import missing_glyphs

SIZE = (800, 480)
#: one Archer mine, on H8
ONE_ARCHER = "\n".join(["name: Echo", "size: 15 x 15", "sectors realtime: 5 5 5 / 5 5 5", "sectors turn: 8 7 / 8 7",
                        "grid:", "    " + " ".join("ABCDEFGHIJKLMNO"),
                        *(f"{row:2d}  " + " ".join("a" if (row, col) == (8, 7) else "." for col in range(15))
                          for row in range(1, 16))]) + "\n"


def course(direction: str, cross: str) -> list[dict[str, Any]]:
    return [{"team": "yellow", "do": "course", "direction": direction}, {"team": "yellow", "do": "mark",
                                                                          "system": "scenario"},
            {"team": "yellow", "do": "cross", "symbol": cross}]


@pytest.fixture(params=["en", "de", "ru"])
def window(home: Any, request: Any) -> Iterator[SonarWindow]:
    pygame.font.init()
    game = new_game(0, "echo", "realtime", map_text=ONE_ARCHER, map_source="one.map")
    runtime = make_sonar_runtime(game, language=request.param)
    win = SonarWindow(runtime, ["yellow"], size=SIZE)
    win.labels.glyph_check = missing_glyphs
    runtime.step()
    try:
        yield win
    finally:
        runtime.close()


def do(win: SonarWindow, commands: list[dict[str, Any]]) -> None:
    for command in commands:
        win.runtime.submit(command)
        win.runtime.step()


def scenario_button(win: SonarWindow) -> tuple[TeamScreen, Any, str]:
    """The Captain's Scenario button as drawn: the screen, where it is and the line under its name."""
    screen = win.screens[0]
    notes: dict[str, str] = {}
    button = screen.button

    def recording(surface: Any, rect: Any, text: Any, hit: Hit, active: bool = False, note: Any = None,
                  *args: Any, **kwargs: Any) -> None:
        if hit == Hit("system", "scenario") and note is not None:
            notes["scenario"] = screen.text(note)
        button(surface, rect, text, hit, active, note, *args, **kwargs)

    screen.button = recording  # type: ignore[method-assign]
    try:
        win.labels.cut.clear()
        win.render(pygame.Surface(SIZE))
    finally:
        del screen.button
    assert not win.labels.cut and not win.labels.missing
    return screen, next(r for r, hit in screen.hits if hit == Hit("system", "scenario")), notes["scenario"]


def test_7_a_full_scenario_gauge_with_no_archer_mine_left_says_none_left(window):
    win = window
    do(win, [{"team": "yellow", "do": "start", "cell": "A1"}, {"team": "blue", "do": "start", "cell": "O15"}])
    do(win, [*course("S", "S2"), *course("S", "S3"), *course("S", "S4"), *course("E", "E1")])
    do(win, [{"team": "yellow", "do": "stop"},
             {"team": "yellow", "do": "activate", "system": "scenario", "cell": "H8"}])
    assert referee(win.runtime.game).team_status("yellow")["archer_mines"] == []  # the only one has gone off
    do(win, [*course("E", "E2"), *course("S", "S5"), *course("S", "S6"), *course("E", "E5")])
    assert referee(win.runtime.game).team_status("yellow")["gauges"]["scenario"] == [4, 4]
    screen, rect, note = scenario_button(win)
    assert note == screen.text(Msg("none left"))  # not "ready": the Stop! beside it reads "nothing ready"
    assert (note == "none left") == (screen.lang.code == "en")  # in the table's language
    screen.station = "mate"  # the First Mate's scenario gauge says the same
    drawn: list[str] = []
    label = win.labels.label

    def recording(surface: Any, rect: Any, text: Any, *args: Any, **kwargs: Any) -> Any:
        drawn.append(screen.text(text))
        return label(surface, rect, text, *args, **kwargs)

    win.labels.label = recording  # type: ignore[method-assign]
    try:
        win.render(pygame.Surface(SIZE))
    finally:
        del win.labels.label
    assert screen.text(Msg("none left")) in drawn and screen.text(Msg("ready")) not in drawn
    screen.station = "captain"
    win.render(pygame.Surface(SIZE))
    win.click(rect.center, SIZE)
    assert screen.armed is None  # nothing asks for a cell on the map
    said = screen.text(Msg("no {system} is left on the map: each works once",
                           system=Msg.term(referee(win.runtime.game).system.name)))
    assert screen.feed[0] == f"! {said}"
