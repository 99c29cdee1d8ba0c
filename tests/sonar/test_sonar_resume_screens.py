"""After `kaleun resume` a team's window and console still show what the team was told before: the
feed's last lines and the enemy's announced track (courses, silent runs, surfacings: the Radio
Operator's record), refilled from the referee's record of that team's view (`kaleun.sonar.record`),
which the save holds; and only what the team may see (digest §9)."""

from __future__ import annotations

import io
import random
from collections.abc import Iterable
from typing import Any

import pygame
import pytest
from kaleun.core.events import visible_to
from kaleun.paths import autosave_path
from kaleun.saves import open_save
from kaleun.sonar.game import new_game, referee
from kaleun.sonar.turns import TEAMS
from kaleun.ui.sonar_console import TeamConsole
from kaleun.ui.sonar_session import make_sonar_runtime
from kaleun.ui.sonar_window import SonarWindow
from random_sonar import play_random
from test_hidden_information import OPEN_SEA, _shifted, _world


def _played(home, language: str = "en"):
    """A real-time game through the window: blue runs north and west, is refused a torpedo and surfaces;
    yellow moves east."""
    pygame.font.init()
    game = new_game(2, "alpha", "realtime")
    runtime = make_sonar_runtime(game, language=language)
    win = SonarWindow(runtime, list(TEAMS), size=(1600, 480))
    runtime.step()
    for command in (
            {"do": "start", "team": "yellow", "cell": "B2"}, {"do": "start", "team": "blue", "cell": "N13"},
            {"do": "course", "team": "blue", "direction": "N"}, {"do": "mark", "team": "blue", "system": "silence"},
            {"do": "cross", "team": "blue", "symbol": "N1"},
            {"do": "course", "team": "yellow", "direction": "E"},
            {"do": "course", "team": "blue", "direction": "W"}, {"do": "mark", "team": "blue", "system": "silence"},
            {"do": "cross", "team": "blue", "symbol": "W1"},
            {"do": "activate", "team": "blue", "system": "torpedo", "cell": "A1"},   # refused (blue's own)
            {"do": "surface", "team": "blue"}):
        runtime.submit(command)
        runtime.step()
    runtime.save()
    return win


def _resumed(language: str = "en") -> tuple[SonarWindow, dict[str, str]]:
    game = open_save(autosave_path()).engine
    runtime = make_sonar_runtime(game, language=language)
    win = SonarWindow(runtime, list(TEAMS), size=(1600, 480))
    outs = {}
    for team in TEAMS:
        out = io.StringIO()
        TeamConsole(runtime, team, io.StringIO(), out, interactive=False).recall()
        outs[team] = out.getvalue()
    runtime.step()
    win.render(pygame.Surface((1600, 480)))
    return win, outs


@pytest.mark.parametrize("language", ["en", "de"])
def test_a_resumed_window_keeps_the_enemy_track_and_the_feed(home, language):
    """Captain Sonar, hidden information after a resume: each team's screen shows the same enemy track and feed as
    before the save (in the table's language), and the console prints the same past lines."""
    before = _played(home, language)
    tracks = {s.team: [s.text(w) for w in s.track] for s in before.screens}
    feeds = {s.team: [line for line in s.feed if not line.startswith("! ")] for s in before.screens}
    before.runtime.close()
    assert tracks["yellow"][:3] == ["N", "W", "surfaced in 9" if language == "en" else "aufgetaucht in 9"]
    after, consoles = _resumed(language)
    try:
        for s in after.screens:
            assert [s.text(w) for w in s.track] == tracks[s.team]
            assert list(s.feed) == feeds[s.team]
            assert len(s.feed) > 5
            past = [line for line in consoles[s.team].splitlines() if not line.startswith("  ")]  # not the hint
            lines = [line.split("] ", 1)[1] for line in past]
            assert lines == [line.split(" ", 1)[1] for line in reversed(feeds[s.team])]
        # blue was saved surfaced in real time, its repairs to do: its console says how they are typed
        hint = "  To repair: repair" if language == "en" else "  So repariert"
        assert consoles["blue"].splitlines()[-1].startswith(hint)
        assert "  To repair" not in consoles["yellow"] and "  So repariert" not in consoles["yellow"]
        yellow = next(s for s in after.screens if s.team == "yellow")
        assert not any("refused" in line for line in yellow.feed)          # blue's refusal is blue's
        blue = next(s for s in after.screens if s.team == "blue")
        assert any("refused" in line or "abgelehnt" in line for line in blue.feed)
    finally:
        after.runtime.close()


def test_the_console_track_command_reads_the_record(home):
    """The console's `track`: the enemy's announced courses, silent runs and surfacings, also after a resume."""
    _played(home).runtime.close()
    game = open_save(autosave_path()).engine
    runtime = make_sonar_runtime(game)
    try:
        out = io.StringIO()
        console = TeamConsole(runtime, "yellow", io.StringIO(), out, interactive=False)
        console.handle("track")
        assert out.getvalue().strip() == "Blue: N W surfaced in 9"
        out = io.StringIO()
        TeamConsole(runtime, "blue", io.StringIO(), out, interactive=False).handle("track")
        assert out.getvalue().strip() == "Yellow: E"
    finally:
        runtime.close()


@pytest.mark.parametrize("mode", ["turn", "realtime"])
def test_the_record_holds_only_what_the_team_may_see(mode):
    """§9 over random games: every event a team's record refills is one that team may see, and the record
    survives the save: its feed and the enemy's last announcements (a running game keeps them all, a save the
    last `TRACK_LENGTH`), saved again the same."""
    from kaleun.sonar.record import TRACK_LENGTH, is_track

    for seed in range(3):
        game = new_game(seed, "echo", mode)
        play_random(game, random.Random(seed), moves=80, blunders=0.2)
        ref = referee(game)
        state = ref.to_state()
        for team in TEAMS:
            past = ref.record.past(team)
            assert past and all(visible_to(e, team) for e in past)
            assert not any(e.audience not in (None, team) for e in past)
        again = new_game(seed, "echo", mode)
        referee(again).load_state(state)
        assert referee(again).to_state()["record"] == state["record"]
        for team in TEAMS:
            def said(events):
                return [(e.name, e.clock, str(e.feed)) for e in events]
            live, loaded = ref.record.past(team), referee(again).record.past(team)
            assert said(e for e in loaded if not is_track(e, team)) == said(e for e in live if not is_track(e, team))
            assert said(e for e in loaded if is_track(e, team)) == \
                said([e for e in live if is_track(e, team)][-TRACK_LENGTH:])


@pytest.mark.parametrize("mode", ["turn", "realtime"])
@pytest.mark.parametrize("secret", TEAMS)
def test_a_resumed_teams_screen_never_shows_the_other_teams_hidden_state(home, mode, secret):
    """Non-interference after a resume: one team's whole secret game moved 6 cells away, saved and resumed,
    changes nothing the other team's resumed window draws or its console recalls; the secret team's own
    resumed screen does change."""
    import hashlib

    from kaleun.saves import save_game

    other = next(t for t in TEAMS if t != secret)
    for seed in range(2):
        plan, _ = _world(seed, mode, 0, secret, None)
        shown: dict[tuple[str, int], tuple[str, str]] = {}
        for shift in (0, 6):
            # the plan replayed into a game with the training aid, as the live front ends' test does
            game = new_game(seed, "alpha", mode, map_text=OPEN_SEA, map_source="open.map", training_aid=True)
            game.take_events()
            for command in plan:
                game.apply(_shifted(command, shift) if command["team"] == secret else command)
            path = home / f"{seed}-{shift}.save"
            save_game(game, path)
            resumed = open_save(path, with_journal=False).engine
            for viewer in TEAMS:
                runtime = make_sonar_runtime(resumed)
                try:
                    window = SonarWindow(runtime, [viewer], size=(800, 480))
                    window.screens[0].plotting = True
                    out = io.StringIO()
                    TeamConsole(runtime, viewer, io.StringIO(), out, interactive=False).recall()
                    surface = pygame.Surface((800, 480))
                    window.render(surface)
                    shown[(viewer, shift)] = (hashlib.sha256(pygame.image.tobytes(surface, "RGB")).hexdigest(),
                                              out.getvalue())
                    assert out.getvalue().count("\n") > 10
                finally:
                    runtime.close()
        assert shown[(other, 0)] == shown[(other, 6)]
        assert shown[(secret, 0)] != shown[(secret, 6)]


def _recalled_after_resume(mode: str, language: str, commands: Iterable[dict[str, Any]]) -> dict[str, list[str]]:
    """Each team's console lines recalled after a game (seed 5, alpha, `mode`) that took `commands`, saved and
    resumed."""
    runtime = make_sonar_runtime(new_game(5, "alpha", mode), language=language)
    runtime.step()
    for command in commands:
        runtime.submit(command)
        runtime.step()
    runtime.save()
    runtime.close()
    resumed = make_sonar_runtime(open_save(autosave_path()).engine, language=language)
    try:
        outs = {}
        for team in TEAMS:
            out = io.StringIO()
            TeamConsole(resumed, team, io.StringIO(), out, interactive=False).recall()
            outs[team] = out.getvalue().splitlines()
        return outs
    finally:
        resumed.close()


@pytest.mark.parametrize(("mode", "language", "owed"), [
    ("realtime", "en", "  Waiting: the First Mate marks a gauge and the Engineer crosses a symbol of the north "
                       "section."),
    ("turn", "de", "  Warten: der Maschinist kreuzt ein Symbol im Bereich Nord durch."),
    ("realtime", "ru", "  Ожидание: старпом отмечает шкалу."),
])
def test_a_resumed_console_says_what_the_last_course_still_owes(home, mode, language, owed):
    """§3 (one mark and one cross per course; real time: the next course only after both): a game saved between a
    course and its First Mate's mark or Engineer's cross says on resume what that team still owes, at its
    console only; the other team's console says nothing of it."""
    from sonarkit import first_team

    mover = first_team(5) if mode == "turn" else "blue"
    other = next(t for t in TEAMS if t != mover)
    confirms = {"turn": [{"do": "mark", "system": "torpedo"}],
                "realtime": [] if language == "en" else [{"do": "cross", "symbol": "N1"}]}[mode]
    outs = _recalled_after_resume(mode, language, (
        {"do": "start", "team": "yellow", "cell": "B2"}, {"do": "start", "team": "blue", "cell": "N13"},
        {"do": "course", "team": mover, "direction": "N"}, *({**c, "team": mover} for c in confirms)))
    assert outs[mover][-1] == owed
    assert not any(line.startswith("  ") for line in outs[other])


@pytest.mark.parametrize("language", ["en", "de", "ru"])
def test_5_a_game_resumed_after_a_teams_stop_says_it_holds_the_game(home, language):
    """§5 Stop! freezes both teams until the activation is resolved: a game saved after Blue's Stop! (before its
    activation) showed Blue only the past feed; Blue's console now says on resume that its Stop! holds the game and
    how to go on. Yellow, which owes nothing, is told nothing."""
    outs = _recalled_after_resume("realtime", language, (
        {"do": "start", "team": "yellow", "cell": "B2"}, {"do": "start", "team": "blue", "cell": "N13"},
        *({"do": "course", "team": "blue", "direction": "N", "mark": "torpedo", "cross": symbol}
          for symbol in ("N1", "N2", "N6")),  # the torpedo is ready: a Stop! comes with an activation
        {"do": "stop", "team": "blue"}))
    hint = {"en": "  Your Stop! holds both teams: activate the system, or type go to lift it.",
            "de": "  Euer Stop! hält beide Besatzungen an",
            "ru": "  Ваш «Стоп!» держит обе команды"}[language]
    assert outs["blue"][-1].startswith(hint), outs["blue"]
    assert not any(line.startswith("  ") for line in outs["yellow"])


def test_1_the_radio_operators_track_keeps_every_announcement_and_a_resumed_one_says_it_begins_later(home):
    """§1, the Radio Operator "traces enemy courses": the console's `track` and the window's enemy track kept only
    the enemy's last 60 announcements and showed them as if they were the whole track (a long real-time game's
    track began mid-way, no sign of the courses left out). A running game keeps every announcement; a save keeps
    the last 60, and the resumed track begins with "…"."""
    from kaleun.i18n import language
    from kaleun.sonar.record import TRACK_LENGTH, is_track
    from kaleun.ui.sonar_text import track_word

    pygame.font.init()
    game = new_game(1, "charlie", "realtime")
    _, events = play_random(game, random.Random(1), moves=100, weapons=False)
    said = [language("en").render(track_word(e, "yellow")) for e in events if is_track(e, "yellow")]
    assert len(said) > TRACK_LENGTH + 10 and referee(game).phase == "play"

    def track(runtime) -> str:
        out = io.StringIO()
        TeamConsole(runtime, "yellow", io.StringIO(), out, interactive=False).handle("track")
        return out.getvalue().strip()

    runtime = make_sonar_runtime(game)
    try:
        assert track(runtime) == "Blue: " + " ".join(said)
        runtime.save()
    finally:
        runtime.close()
    win, _ = _resumed()
    try:
        assert track(win.runtime) == "Blue: … " + " ".join(said[-TRACK_LENGTH:])
        yellow = next(s for s in win.screens if s.team == "yellow")
        assert [yellow.text(w) for w in yellow.track] == said[-TRACK_LENGTH:] and yellow.track_cut
        assert yellow._track_line(2000).startswith("Blue: … ")
    finally:
        win.runtime.close()
