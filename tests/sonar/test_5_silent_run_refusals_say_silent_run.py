"""§5 [B] "Schleichfahrt aktivieren": the Captain moves the boat "ohne den Kurs ansagen zu müssen" and shows his crew
the direction by gestures; the First Mate marks a box and the Engineer crosses a symbol. While that mark and cross
were owed, every refusal of the silent crew said "the last course is not confirmed yet" and an Engineer's cross in
the wrong section "the course was east": no course had been announced, and a Captain reading it aloud sent the crew
looking for one. The refusals now name the silent run; a course's handshake keeps its words."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest
from kaleun.sonar.game import new_game
from kaleun.ui.sonar_screen import Hit
from kaleun.ui.sonar_session import make_sonar_runtime
from kaleun.ui.sonar_window import SonarWindow
from sonarkit import YELLOW_FIRST, refusals, run_lines, start

#: six courses from A1 filling the silence gauge without crossing a yellow symbol (silence stays working)
PLAN = (("S", "S3"), ("S", "S5"), ("S", "S2"), ("E", "E1"), ("E", "E2"), ("E", "E5"))


def courses(mark: str = "silence") -> list[dict]:
    return [{"team": "yellow", "do": "course", "direction": d, "mark": mark, "cross": c} for d, c in PLAN]


def test_5_the_refusals_while_a_silent_run_waits_for_its_mark_and_cross_name_the_silent_run(tmp_path):
    """§5 Schleichfahrt, real time: a course, a surfacing, a go and a second Stop! before the silent run's mark and
    cross are refused naming the silent run; a cross in another section names where the silent run went."""
    lines = [*start("A1", "O15"), *courses(),
             {"team": "yellow", "do": "activate", "system": "silence", "direction": "E", "distance": 2},
             {"team": "yellow", "do": "course", "direction": "S"}, {"team": "yellow", "do": "surface"},
             {"team": "yellow", "do": "go"}, {"team": "yellow", "do": "stop"},
             {"team": "yellow", "do": "cross", "symbol": "N1"}]
    _, events = run_lines(lines, tmp_path, scenario="charlie")
    owed = ("the silent run is not confirmed yet: the First Mate marks a gauge and the Engineer crosses a symbol of "
            "the east section")
    assert refusals(events, "yellow") == [owed] * 4 + [
        "the silent run went east: cross a symbol of that section (E1 to E6)"]
    assert refusals(events, "blue") == []


def test_5_a_course_s_handshake_still_names_the_course(tmp_path):
    """§6 [B] "Einen neuen Kurs ansagen": after an announced course the refusals keep naming the course."""
    lines = [*start("A1", "O15"), {"team": "yellow", "do": "course", "direction": "S"},
             {"team": "yellow", "do": "course", "direction": "S"},
             {"team": "yellow", "do": "cross", "symbol": "E1"}]
    _, events = run_lines(lines, tmp_path, scenario="charlie")
    assert refusals(events, "yellow") == [
        "the last course is not confirmed yet: the First Mate marks a gauge and the Engineer crosses a symbol of the "
        "south section", "the course was south: cross a symbol of that section (S1 to S6)"]


@pytest.mark.parametrize(("language", "said"), [("en", "silent run not confirmed yet"),
                                                ("de", "Schleichfahrt unbestätigt"),
                                                ("ru", "тишина не подтверждена")])
def test_5_the_windows_surface_says_the_silent_run_is_not_confirmed_yet(home, language, said):
    """§5 Schleichfahrt in the window, turn-based (in real time the silent run's own Stop! holds Surface, and the
    note says that): the Captain's held Surface said "course not confirmed yet" during a silent run; it now says the
    silent run is, whole in every language; after a course it still says the course."""
    pygame.font.init()
    game = new_game(YELLOW_FIRST, "charlie", "turn")
    runtime = make_sonar_runtime(game, language=language)
    win = SonarWindow(runtime, ["yellow", "blue"], size=(1600, 480))
    runtime.step()
    notes: dict[str, str | None] = {}
    yellow = next(s for s in win.screens if s.team == "yellow")
    button = yellow.button

    def recording(surface, rect, text, hit, *args, **kwargs):
        if hit == Hit("command", "surface"):
            note = kwargs.get("note")
            notes["surface"] = None if note is None else yellow.text(note)
        return button(surface, rect, text, hit, *args, **kwargs)

    yellow.button = recording
    try:
        blue = [{"team": "blue", "do": "course", "direction": d, "mark": "torpedo" if i < 3 else "mine", "cross": c}
                for i, (d, c) in enumerate((("N", "N1"), ("N", "N2"), ("W", "W5"), ("W", "W6"), ("N", "N6"),
                                            ("N", "N3")))]
        for line in [*start("A1", "O15"), *[c for pair in zip(courses(), blue, strict=True) for c in pair],
                     {"team": "yellow", "do": "activate", "system": "silence", "direction": "E", "distance": 2}]:
            game.apply(line)
        runtime.step()
        win.render(pygame.Surface((1600, 480)))       # the screen turns to the First Mate: back to the Captain
        yellow.station = "captain"
        win.render(pygame.Surface((1600, 480)))
        assert notes["surface"] == said
        assert not win.labels.cut and not win.labels.missing
        game.apply({"team": "yellow", "do": "mark", "system": "torpedo"})
        game.apply({"team": "yellow", "do": "cross", "symbol": "E3"})         # the turn passes: Blue, then Yellow
        game.apply({"team": "blue", "do": "course", "direction": "W", "mark": "sonar", "cross": "W1"})
        game.apply({"team": "yellow", "do": "course", "direction": "S"})
        runtime.step()
        win.render(pygame.Surface((1600, 480)))
        yellow.station = "captain"
        win.render(pygame.Surface((1600, 480)))
        assert notes["surface"] == {"en": "course not confirmed yet", "de": "Kurs noch nicht bestätigt",
                                    "ru": "курс ещё не подтверждён"}[language]
    finally:
        runtime.close()
