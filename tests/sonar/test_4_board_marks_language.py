"""§4 in the table's language: the Engineer's symbols carry a letter beside their colour (never colour alone),
and the letter is the edition's own. The German sheet groups them as [B] "Waffensysteme" (red: mine,
torpedo), "Aufspürsysteme" (green: drone, sonar) and "Spezielle Systeme" (yellow: silence, scenario) — W,
A, S; "grün" and "gelb" would share a G — and calls the grey ones the reactor's ("Reaktorsymbole",
"Reaktorbereich"). Russian names the colours: К красный, З зелёный, Ж жёлтый. The console's board, the
window's engineer station and their legends agree; the letters are marked with their own message context.
"""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest
from kaleun.core.messages import Msg
from kaleun.i18n import language
from kaleun.sonar.engineer import layout
from kaleun.sonar.game import new_game
from kaleun.ui.sonar_session import make_sonar_runtime
from kaleun.ui.sonar_stations import LEGEND
from kaleun.ui.sonar_text import draw_board
from kaleun.ui.sonar_window import SonarWindow

#: language -> the marks of red, green, yellow and the legend's word for the grey symbols
MARKS = {"en": ("R", "G", "Y", "radiation"), "de": ("W", "A", "S", "Reaktor"), "ru": ("К", "З", "Ж", "радиация")}


@pytest.mark.parametrize("code", ["en", "de", "ru"])
def test_4_the_consoles_board_marks_each_colour_with_the_languages_letter(code):
    red, green, yellow, reactor = MARKS[code]
    board = draw_board(layout(), {"crossed": ["W1"]}, language(code))
    # the standard board: W1 red, W2 green, W3 yellow, W5 a reactor symbol (all three circuit symbols linked)
    assert f"[W1:{red}~]" in board and f" W2:{green}~ " in board and f" W3:{yellow}~ " in board
    assert " W5:*  " in board
    legend = board.splitlines()[-1]
    assert legend.startswith(f"{red} ") and f"  {green} " in legend and f"  {yellow} " in legend
    assert f"* {reactor}" in legend
    if code != "en":
        assert ":R" not in board and ":Y" not in board and ":G" not in board


@pytest.mark.parametrize("code", ["de", "ru"])
def test_4_the_windows_engineer_station_draws_the_languages_letters(home, code):
    red, green, yellow, reactor = MARKS[code]
    pygame.font.init()
    runtime = make_sonar_runtime(new_game(2, "alpha", "realtime"), language=code)
    drawn: list[str] = []
    try:
        win = SonarWindow(runtime, ["yellow"], size=(800, 480))
        runtime.step()
        screen = win.screens[0]
        render = screen.text

        def recorded(text: Msg | str) -> str:
            drawn.append(render(text))
            return drawn[-1]

        screen.text = recorded  # type: ignore[method-assign]  # every text the screen draws goes through it
        screen.station = "engineer"
        win.render(pygame.Surface((800, 480)))
        assert not win.labels.cut
    finally:
        runtime.close()
    assert {red, green, yellow, "*"} <= set(drawn)
    assert not {"R", "Y"} & set(drawn)  # (G is also a column of the map)
    legend = language(code).text(LEGEND)
    assert legend in drawn and legend.startswith(f"{red} ") and f"* {reactor}" in legend


def test_4_the_german_feed_names_the_reactor_as_the_rulebook():
    """[B] "Sobald alle Reaktorsymbole durchgekreuzt sind, erleidet das Boot einen Schadenspunkt"."""
    german = language("de")
    assert german.render(Msg("every radiation symbol is crossed")) == "alle Reaktorsymbole sind durchgekreuzt"
    assert german.render(Msg("{symbol} crossed ({colour}).", symbol="W5", colour=Msg.term("radiation"))) == \
        "W5 durchgekreuzt (Reaktor)."
