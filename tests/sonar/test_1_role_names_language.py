"""Digest §1 (the four posts) in the table's language: the Captain Sonar window, console and feed name the
crew as its rulebook does — German [B] "Kapitän", "Erster Offizier", "Maschinist", "Funker"; Russian
"капитан", "старпом", "механик", "радист" — in every place (station tabs, repair buttons, prompts, feed,
help), while U-BOOT keeps its own words for the same English ones (its "Captain" is the Russian
"Командир"). The words live in the catalogues under the message context "Captain Sonar"."""

from __future__ import annotations

import io
import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest
from kaleun.core.messages import Msg
from kaleun.games import make_table
from kaleun.i18n import language
from kaleun.runtime.loop import Runtime
from kaleun.sonar.game import new_game
from kaleun.ui.sonar_console import TeamConsole
from kaleun.ui.sonar_session import make_sonar_runtime
from kaleun.ui.sonar_window import SonarWindow

#: the rulebook's posts per language: the station tabs (capitalised), the crew members in sentences
POSTS = {
    "de": (("Kapitän", "Erster Offizier", "Maschinist", "Funker"),
           ("Kapitän", "Erster Offizier", "Maschinist", "Funker")),
    "ru": (("Капитан", "Старпом", "Механик", "Радист"), ("капитан", "старпом", "механик", "радист")),
}
#: the posts as the console's sentences decline them (German "des Ersten Offiziers"): one stem each
STEMS = {"de": ("kapitän", "erste", "maschinist", "funker"), "ru": ("капитан", "старпом", "механик", "радист")}
#: the words of U-BOOT's crew that Captain Sonar must not take over (and U-BOOT must keep)
UBOOT_ONLY = {"de": (), "ru": ("Командир", "командир")}
UBOOT_CAPTAIN = {"de": "Kapitän", "ru": "Командир"}

#: yellow starts, moves east with both confirmations and surfaces (real time: the repair ritual waits on the
#: Captain's station); the engineer outlines the first hull section
PLAY = [{"do": "start", "team": "yellow", "cell": "B2"}, {"do": "start", "team": "blue", "cell": "N12"},
        {"do": "course", "team": "yellow", "direction": "E", "mark": "torpedo", "cross": "E1"},
        {"do": "surface", "team": "yellow"}, {"do": "repair", "team": "yellow", "section": 1, "by": "engineer"}]


def window_texts(code: str) -> list[str]:
    """Every text the yellow screen draws, before the start and surfaced in real time (each station)."""
    pygame.font.init()
    game = new_game(2, "alpha", "realtime")
    runtime = make_sonar_runtime(game, language=code)
    drawn: list[str] = []
    try:
        win = SonarWindow(runtime, ["yellow"], size=(800, 480))
        runtime.step()
        screen = win.screens[0]
        surface = pygame.Surface((800, 480))
        win.render(surface)  # the screen's labels come with its first frame
        render = screen.text

        def recorded(text: Msg | str) -> str:
            said = render(text)
            drawn.append(said)
            return said

        screen.text = recorded  # type: ignore[method-assign]  # every text the screen draws goes through it
        for station in ("captain", "mate", "engineer", "radio"):
            screen.station = station
            win.render(surface)
        for line in PLAY:
            runtime.game.apply(line)
        runtime.step()
        screen.station = "captain"
        win.render(surface)
        drawn.extend(screen.feed)
    finally:
        runtime.close()
    return drawn


def console_texts(code: str) -> str:
    """What yellow's console prints: help, status before the start and surfaced, and a refused repair."""
    game = new_game(4, "alpha", "realtime")
    runtime = Runtime(game, make_table(game, None), [], clock=lambda: 0.0)
    runtime.language = code
    out = io.StringIO()
    console = TeamConsole(runtime, "yellow", io.StringIO(), out, interactive=False)
    runtime.step()
    for line in ("help", "help start", "help course", "help track", "status", "start B2"):
        console.handle(line)
        runtime.step()
    runtime.game.apply({"do": "start", "team": "blue", "cell": "N12"})
    runtime.step()
    for line in ("status", "course E mark=torpedo cross=E1", "surface", "repair 1 captain", "repair 1 engineer",
                 "repair 1 radio_operator", "status"):
        console.handle(line)
        runtime.step()
    runtime.close()
    return out.getvalue()


@pytest.mark.parametrize("code", ["de", "ru"])
def test_1_the_window_names_the_posts_as_the_rulebook(home, code):
    tabs, members = POSTS[code]
    drawn = window_texts(code)
    for tab in tabs:
        assert tab in drawn, f"no station tab {tab!r}"
    assert members[0] in " ".join(drawn) and members[2] in " ".join(drawn)  # repair buttons and prompt
    for word in UBOOT_ONLY[code]:
        assert not any(word in text for text in drawn), (word, [t for t in drawn if word in t])


@pytest.mark.parametrize("code", ["de", "ru"])
def test_1_the_console_names_the_posts_as_the_rulebook(home, code):
    said = console_texts(code)
    for stem in STEMS[code]:
        assert stem in said.lower(), stem
    for word in UBOOT_ONLY[code]:
        assert word not in said, [line for line in said.splitlines() if word in line]


@pytest.mark.parametrize("code", ["de", "ru"])
def test_1_uboot_keeps_its_own_words(code):
    """The same English words outside the Captain Sonar context are U-BOOT's: its roster's Captain."""
    lang = language(code)
    assert lang.render(Msg.term("Captain")) == UBOOT_CAPTAIN[code]
    assert lang.render(Msg.pterm("Captain Sonar", "Captain")) == POSTS[code][0][0]
    assert lang.text("Captain", "Captain Sonar") == POSTS[code][0][0]
    assert lang.missing(Msg.pterm("Captain Sonar", "radio operator")) == []


@pytest.mark.parametrize("code, engineer, next_one, who", [
    ("ru", "механик", "Старпом", "first_mate"), ("de", "Maschinist", "erster_offizier", "first_mate"),
    ("en", "engineer", "radio_operator", "radio_operator")])
def test_2_the_repair_takes_the_posts_as_the_table_names_them(home, code, engineer, next_one, who):
    """§2 real time: surfaced, the crew outlines the hull sections, the Engineer first. The console tells a
    Russian crew "первым механик": `repair 1 механик` is the engineer's outline (the ids still work)."""
    game = new_game(4, "alpha", "realtime")
    runtime = Runtime(game, make_table(game, None), [], clock=lambda: 0.0)
    runtime.language = code
    events: list = []
    runtime.listeners.append(events.append)
    console = TeamConsole(runtime, "yellow", io.StringIO(), io.StringIO(), interactive=False)
    runtime.step()
    runtime.game.apply({"do": "start", "team": "blue", "cell": "N12"})
    for line in ("start B2", "course E mark=torpedo cross=E1", "surface", f"repair 1 {engineer}",
                 f"repair 2 member={next_one}"):
        console.handle(line)
        runtime.step()
    runtime.close()
    outlined = [(e.data["section"], e.data["by"]) for e in events if e.name == "repair_section"]
    assert outlined == [(1, "engineer"), (2, who)]
