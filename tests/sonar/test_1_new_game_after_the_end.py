"""Digest §1: the first boat to take 4 damage loses and the game ends. As at U-BOOT's console and window after the
mission's end, a team then starts a new game where it sits: `new` at its console (in the table's words: `neu`,
`новая`), New game on the window's Captain's station. The new game has the same scenario, mode, crews and map and a
new seed; the finished game is saved as a quit leaves it and kept aside; the consoles read on in the new game."""

from __future__ import annotations

import argparse
import io
import json

import pytest
from kaleun.fronts import Opening
from kaleun.fronts.sonar import SonarFront
from kaleun.paths import autosave_path
from kaleun.runtime.loop import Runtime
from kaleun.sonar.game import new_game, referee
from kaleun.ui.sonar_console import TeamConsole
from kaleun.ui.sonar_session import make_sonar_runtime


def sunk(mode: str = "realtime"):
    """A game of Delta, 3 against 2 players, whose blue boat has sunk (4 damage, §1)."""
    game = new_game(11, "delta", mode, [3, 2])
    ref = referee(game)
    for team, cell in (("yellow", "B2"), ("blue", "N12")):
        game.apply({"do": "start", "team": team, "cell": cell})
    ref.take_damage("blue", 4, "test")
    assert ref.phase == "over"
    return game


def test_1_at_the_end_the_console_says_what_comes_next_and_new_is_refused_before(home):
    """§1: the game's end names the words that go on (`new`, `quit`), at a German table in its words."""
    game = new_game(11, "alpha", "realtime")
    runtime: Runtime = make_sonar_runtime(game)
    runtime.language = "de"
    out = io.StringIO()
    console = TeamConsole(runtime, "yellow", io.StringIO(), out)
    try:
        console.handle("neu")
        assert "! das Spiel ist noch nicht zu Ende" in out.getvalue(), out.getvalue()
        assert not console.stopping and console.then is None
        for team, cell in (("yellow", "B2"), ("blue", "N12")):
            runtime.submit({"do": "start", "team": team, "cell": cell})
        runtime.step()
        referee(game).take_damage("blue", 4, "test")
        runtime.step()
        assert "Wie es weitergeht: neu: ein neues Spiel mit demselben Szenario, Modus und denselben Mannschaften " \
               "(neu delta echtzeit: ein anderes Szenario oder ein anderer Modus)" in out.getvalue(), out.getvalue()
    finally:
        runtime.close()


class Typed(io.StringIO):
    def isatty(self) -> bool:
        return False


@pytest.mark.parametrize("word", ["new", "новая"])
def test_1_new_after_the_end_plays_a_new_game_of_the_same_settings_at_the_same_console(home, monkeypatch, word):
    """§1: `new` typed after the end saves the finished game, keeps it aside, and the same console plays a new game
    of the same scenario, mode and crews (a new seed); the lines typed after `new` are that game's."""
    import sys

    stdin, stdout = Typed(f"{word}\nstart C3\nstatus\nquit\n"), io.StringIO()
    monkeypatch.setattr(sys, "stdin", stdin)
    monkeypatch.setattr(sys, "stdout", stdout)
    language = "ru" if word == "новая" else "en"
    args = argparse.Namespace(headless=False, team="yellow", console=True, tty=None)
    code = SonarFront()._play(sunk(), args, Opening(language=language, keep_previous=False, fullscreen=False,
                                                    resume=False))
    said = stdout.getvalue()
    assert code == 0, said
    begins = {"en": "Game saved. A new game begins.", "ru": "Игра сохранена. Начинается новая игра."}[language]
    assert said.count(begins) == 1, said
    after = said.split(begins, 1)[1]
    assert after.count("Kaleun: Captain Sonar") == 1, said  # the new game's console greets the team
    saved = json.loads(autosave_path().read_text(encoding="utf-8"))
    config = saved["config"]
    assert (config["scenario"], config["mode"], config["crews"]) == ("delta", "realtime", {"yellow": 3, "blue": 2})
    assert saved["seed"] != 11
    ref_state = json.dumps(saved)
    assert '"C3"' in ref_state  # `start C3`, typed after `new`, marked the new game's start cell
    kept = [p for p in autosave_path().parent.glob("*.json") if p != autosave_path()]
    assert any(json.loads(p.read_text(encoding="utf-8")).get("seed") == 11 for p in kept), kept


@pytest.mark.parametrize(("line", "language", "settings"), [
    ("new echo", "en", ("echo", "realtime")), ("new Альфа пошаговый режим", "ru", ("alpha", "turn")),
    ("neu charlie echtzeit", "de", ("charlie", "realtime")), ("new scenario=bravo mode=turn", "en", ("bravo", "turn"))])
def test_1_new_may_name_the_next_games_scenario_and_mode(home, monkeypatch, line, language, settings):
    """§7 scenarios, §6 modes: after Alpha turn-based (the rulebook's first game) a table goes on with another
    scenario or mode where it sits: `new echo`, `новая Альфа пошаговый режим` (the mode as the table names it). The
    crews stay; the new game is of the scenario and mode named."""
    import sys

    monkeypatch.setattr(sys, "stdin", Typed(f"{line}\nquit\n"))
    monkeypatch.setattr(sys, "stdout", io.StringIO())
    args = argparse.Namespace(headless=False, team="yellow", console=True, tty=None)
    code = SonarFront()._play(sunk(), args, Opening(language=language, keep_previous=False, fullscreen=False,
                                                    resume=False))
    assert code == 0, sys.stdout.getvalue()
    config = json.loads(autosave_path().read_text(encoding="utf-8"))["config"]
    assert (config["scenario"], config["mode"], config["crews"]) == (*settings, {"yellow": 3, "blue": 2})


@pytest.mark.parametrize(("language", "example"), [("en", "new delta realtime"), ("de", "neu delta echtzeit"),
                                                   ("ru", "новая дельта реальное_время")])
def test_1_the_example_of_new_is_in_the_tables_words_and_plays_as_it_says(home, monkeypatch, language, example):
    """§6, §7: `help new` and the end's "what comes next" show the example in the table's words (it read
    `новая delta realtime`, English ids, at a Russian table that takes `дельта` and `реальное_время`); typed as
    shown, it starts Delta in real time."""
    import sys

    from kaleun.i18n import language as table_language
    from kaleun.ui.sonar_commands import command
    from kaleun.ui.sonar_console import new_example

    assert new_example(table_language(language)) == example
    assert command("new").example_in(table_language(language)) == example
    monkeypatch.setattr(sys, "stdin", Typed(f"{example}\nquit\n"))
    monkeypatch.setattr(sys, "stdout", io.StringIO())
    args = argparse.Namespace(headless=False, team="yellow", console=True, tty=None)
    game = new_game(11, "alpha", "turn", [3, 2])
    for team, cell in (("yellow", "B2"), ("blue", "N12")):
        game.apply({"do": "start", "team": team, "cell": cell})
    referee(game).take_damage("blue", 4, "test")
    code = SonarFront()._play(game, args, Opening(language=language, keep_previous=False, fullscreen=False,
                                                  resume=False))
    assert code == 0, sys.stdout.getvalue()
    config = json.loads(autosave_path().read_text(encoding="utf-8"))["config"]
    assert (config["scenario"], config["mode"]) == ("delta", "realtime")


def test_1_new_refuses_a_scenario_the_games_map_does_not_fit_and_keeps_the_game(home, tmp_path):
    """§7 an owner's map without water holes is no Delta map: `new delta` after a game on it is refused at once
    with the map's file:line, and the finished game stays open (quit still leaves it saved)."""
    from kaleun.sonar import data

    sea = tmp_path / "harbour.map"
    sea.write_text(data.text("maps/bravo.map").replace("name: Bravo", "name: Harbour"), encoding="utf-8")
    game = new_game(11, "bravo", "turn", map_text=sea.read_text(encoding="utf-8"), map_source=str(sea))
    for team, cell in (("yellow", "B2"), ("blue", "N12")):
        game.apply({"do": "start", "team": team, "cell": cell})
    referee(game).take_damage("blue", 4, "test")
    runtime: Runtime = make_sonar_runtime(game)
    out = io.StringIO()
    console = TeamConsole(runtime, "yellow", io.StringIO(), out)
    try:
        console.handle("new delta")
        console.handle("new foxtrot")
    finally:
        runtime.close()
    said = out.getvalue()
    assert f"! {sea}:12: scenario Delta needs at least one water hole ('o') on its map" in said, said
    assert "! unknown scenario 'foxtrot' (known: alpha, bravo, charlie, delta, echo)" in said, said
    assert not console.stopping and console.then is None


def test_1_the_windows_captain_station_offers_a_new_game_after_the_end(home):
    """§1: once the game is over the Captain's station holds New game (as U-BOOT's debrief) beside Save and quit;
    a touch ends this game for a new one of the same settings."""
    import pygame
    from kaleun.ui.sonar_window import SonarWindow

    pygame.init()
    game = sunk()
    runtime = make_sonar_runtime(game)
    try:
        window = SonarWindow(runtime, ["yellow"])
        surface = pygame.Surface(window.size)
        window.render(surface)
        screen = window.screens[0]
        targets = [(rect, hit) for rect, hit in screen.hits if hit.kind == "new"]
        assert len(targets) == 1 and any(hit.kind == "leave" for _, hit in screen.hits)
        window.running = True
        window.click(targets[0][0].center, surface.get_size())
        assert window.then == "new" and not window.running
    finally:
        runtime.close()


@pytest.mark.slow
def test_1_the_other_teams_terminal_plays_on_in_the_new_game(home, monkeypatch):
    """§1 with `--tty`: after yellow's `new`, blue's console on its own terminal is the new game's: the line blue types
    there next marks blue's start cell in the new game (a reader left behind by the finished game took it)."""
    import os
    import pty
    import select
    import sys
    import threading
    import time

    master, slave = pty.openpty()
    blue_said: list[str] = []
    typed_in_new = threading.Event()

    def blue_terminal() -> None:
        """Blue reads its terminal; once the new game has begun there, it marks its start cell."""
        deadline = time.monotonic() + 60
        sent = False
        while time.monotonic() < deadline:
            if select.select([master], [], [], 0.2)[0]:
                try:
                    blue_said.append(os.read(master, 4096).decode(errors="replace"))
                except OSError:
                    return
            text = "".join(blue_said)
            if not sent and "A new game begins." in text and text.count("Blue's console") == 2:
                os.write(master, b"start M12\n")
                sent = True
            if sent and "You start at M12" in text:
                typed_in_new.set()
                return

    class Yellow:
        """Yellow types `new`, and leaves once blue has played in the new game."""

        def __iter__(self):
            yield "new\n"
            typed_in_new.wait(60)
            yield "quit\n"

        def isatty(self) -> bool:
            return False

    monkeypatch.setattr(sys, "stdin", Yellow())
    monkeypatch.setattr(sys, "stdout", io.StringIO())
    reader = threading.Thread(target=blue_terminal, daemon=True)
    reader.start()
    try:
        args = argparse.Namespace(headless=False, team="yellow", console=True, tty=os.ttyname(slave))
        code = SonarFront()._play(sunk(), args, Opening(language="en", keep_previous=False, fullscreen=False,
                                                        resume=False))
        reader.join(5)
    finally:
        os.close(master)
        os.close(slave)
    assert code == 0 and typed_in_new.is_set(), "".join(blue_said)
    saved = json.loads(autosave_path().read_text(encoding="utf-8"))
    assert saved["seed"] != 11 and '"M12"' in json.dumps(saved), "".join(blue_said)


def test_1_both_teams_typing_new_at_once_keep_their_consoles_in_the_new_game(home):
    """§1 both teams type `new` at the end at the same moment: yellow's goes on, blue's reaches the finished game too
    late to run. Blue's reader waited for it for ever and blue's console was dead in the new game; the next line blue
    types now reaches the new game."""
    import threading
    import time

    from kaleun.sonar.game import again
    from kaleun.ui.sonar_console import going_on

    go_on = threading.Event()

    class Blue:
        def __iter__(self):
            yield "new\n"
            go_on.wait(30)
            yield "start M12\n"

    game = sunk()
    first: Runtime = make_sonar_runtime(game)
    yellow = TeamConsole(first, "yellow", io.StringIO(), io.StringIO())
    blue = TeamConsole(first, "blue", Blue(), io.StringIO())  # type: ignore[arg-type]
    going_on([yellow, blue])
    blue.start_reading(lambda: None)
    deadline = time.monotonic() + 30
    while first.inbox.qsize() < 1 and time.monotonic() < deadline:  # blue's `new` waits in the finished game
        time.sleep(0.01)
    yellow.handle("new")  # yellow's runs first: the finished game goes no further, blue's `new` never runs
    assert yellow.then == "new" and yellow.stopping
    first.close()
    second: Runtime = make_sonar_runtime(again(game, 12))
    try:
        blue_again = TeamConsole(second, "blue", blue.stdin, io.StringIO())
        blue_again.reader = blue.reader
        blue_again.start_reading(lambda: None)
        go_on.set()
        while referee(second.game).teams["blue"].position is None and time.monotonic() < deadline:
            second.step()
            time.sleep(0.01)
        assert referee(second.game).team_status("blue")["cell"] == "M12"
    finally:
        second.close()


class Gated:
    """A team's terminal: the lines given, then (once the reader has handed the last of them over) it waits for
    `go_on` and ends (`closes`: the terminal closes) or stays open. Nothing here depends on timing: `handed` is set
    by the reader's own thread when it asks for the next line."""

    def __init__(self, lines: list[str], closes: bool) -> None:
        import threading

        self.lines, self.closes = lines, closes
        self.handed, self.go_on = threading.Event(), threading.Event()

    def __iter__(self):
        yield from self.lines
        self.handed.set()  # the reader asks for more: every line above is handed over
        if not self.closes:
            self.go_on.wait()  # a terminal left open (released when the test ends)

    def isatty(self) -> bool:
        return False


def _hand_over(blue_input: Gated, old_loop_steps: bool):
    """Yellow's `new` at the very moment blue's reader hands something to the finished game: the reader has handed
    it over (a line, or the end of its input) to the finished game's console, then `new` runs, then (`old_loop_steps`)
    the finished game's loop takes one more step, or ends without one; then the new game's blue console takes the
    reader. Returns the new game's runtime and blue console, and whether its input-ended notice came."""
    from kaleun.sonar.game import again
    from kaleun.ui.sonar_console import going_on

    game = sunk()
    first: Runtime = make_sonar_runtime(game)
    yellow = TeamConsole(first, "yellow", io.StringIO(), io.StringIO())
    blue = TeamConsole(first, "blue", blue_input, io.StringIO())  # type: ignore[arg-type]
    going_on([yellow, blue])
    ended_first: list[str] = []
    blue.start_reading(lambda: ended_first.append("first"))
    assert blue_input.handed.wait(30)
    if blue_input.closes:
        assert blue.reader is not None and blue.reader._thread is not None
        blue.reader._thread.join(30)  # the reader told the end of its input (to the console it then had)
    yellow.handle("new")  # the game goes on: every reader waits for the next game's console
    assert yellow.then == "new" and yellow.stopping
    if old_loop_steps:
        first.step()  # what was queued in the finished game's loop before it ended runs there after `new`
    first.close()
    second: Runtime = make_sonar_runtime(again(game, 12))
    ended: list[str] = []
    blue_again = TeamConsole(second, "blue", blue.stdin, io.StringIO())
    blue_again.reader = blue.reader
    blue_again.start_reading(lambda: ended.append("second"))
    second.step()
    return second, blue_again, ended, ended_first


@pytest.mark.parametrize("old_loop_steps", [False, True])
def test_1_a_closed_terminal_at_the_moment_of_new_is_the_new_games_closed_terminal(home, old_loop_steps):
    """§1 with `--tty`: blue's terminal closes at the very moment yellow's `new` runs. The end of blue's input was
    told to the finished game (where nothing ran it any more, or it ran after `new`), so the new game's blue console
    never learnt it: that game waited for ever for a terminal that is gone. Now the console that has blue's reader
    after the hand-over is told, and the new game stops as at any closed terminal."""
    second, blue_again, ended, _ = _hand_over(Gated([], closes=True), old_loop_steps)
    try:
        assert ended == ["second"] and blue_again.input_ended
    finally:
        second.close()


@pytest.mark.parametrize("old_loop_steps", [False, True])
def test_1_a_line_typed_at_the_moment_of_new_runs_in_the_new_game(home, old_loop_steps):
    """§1 with `--tty`: blue types `start M12` at the very moment yellow's `new` runs. The line was handed to the
    finished game, where it was lost (its loop had ended) or refused (the game is over); now it runs in the new game,
    as a line typed once `new` has run."""
    blue_input = Gated(["start M12\n"], closes=False)
    second, _, ended, _ = _hand_over(blue_input, old_loop_steps)
    try:
        assert referee(second.game).team_status("blue")["cell"] == "M12"
        assert ended == []
    finally:
        blue_input.go_on.set()
        second.close()
