"""A Captain Sonar team console ends as the U-BOOT console does when its input ends: started with its standard
input closed (`0<&-`) or at a terminal that hangs up, it saves and leaves (its input thread crashed, and the
game ran until it was killed). Its terminal belongs to the team typing at it: only warnings and errors show
there, each on a line of its own with the prompt after it, and every log line is kept in the session's log
file (`sessions/<stamp>.log`)."""

from __future__ import annotations

import io
import logging
import os
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pytest
from kaleun.sonar.game import new_game
from kaleun.ui.sonar_console import SonarConsoles, TeamConsole
from kaleun.ui.sonar_session import make_sonar_runtime
from kaleun.ui.sonar_window import SonarWindow
from kit import kaleun_env, program_logging


class Typed(io.StringIO):
    """What a team types at a terminal (the input echoes)."""

    def isatty(self) -> bool:
        return True


class HungUp(Typed):
    """A terminal that hangs up while the console waits for a line."""

    def __iter__(self) -> Iterator[str]:
        raise OSError(5, "Input/output error")


def test_a_team_console_with_its_input_closed_saves_and_leaves(home: Path) -> None:
    result = subprocess.run([sys.executable, "-m", "kaleun", "play", "--game", "sonar", "--console", "--seed", "1"],
                            capture_output=True, text=True, env=kaleun_env(home), timeout=120, cwd=home,
                            preexec_fn=lambda: os.close(0))
    assert result.returncode == 0, result.stderr
    assert "Traceback" not in result.stderr, result.stderr
    assert result.stdout.rstrip().endswith("Game saved. Continue with: kaleun resume"), result.stdout
    assert (home / "autosave.json").exists()


def test_a_team_console_with_its_output_closed_plays_on_and_saves(home: Path) -> None:
    """Started with its standard output closed (`1>&-`) the console crashed at its greeting with a traceback;
    it now plays what is typed without a terminal to write to, and saves on quit."""
    result = subprocess.run([sys.executable, "-m", "kaleun", "play", "--game", "sonar", "--console", "--seed", "1"],
                            input="start B2\nquit\n", capture_output=False, stderr=subprocess.PIPE, text=True,
                            env=kaleun_env(home), timeout=120, cwd=home, preexec_fn=lambda: os.close(1))
    assert result.returncode == 0, result.stderr
    assert "Traceback" not in result.stderr, result.stderr
    assert '"position":"B2"' in (home / "autosave.json").read_text(encoding="utf-8")  # the start typed was kept


def test_a_team_console_whose_terminal_hangs_up_saves_and_leaves(home: Path) -> None:
    runtime = make_sonar_runtime(new_game(1, "alpha", "turn"))
    out = io.StringIO()
    assert SonarConsoles(runtime, [TeamConsole(runtime, "yellow", HungUp(""), out)]).run() == 0
    assert out.getvalue().rstrip().endswith("Game saved. Continue with: kaleun resume"), out.getvalue()


class Waiting(Typed):
    """A terminal nobody types at: it waits for a line until the test lets it go."""

    def __init__(self) -> None:
        super().__init__("")
        self.done = threading.Event()

    def __iter__(self) -> Iterator[str]:
        self.done.wait(60)  # failure guard only: the test ends it
        return iter(())


@pytest.mark.parametrize(("code", "said"), [
    ("en", "Blue's console has no more input (Ctrl-D, or its terminal was closed): the game stops here.\n"
           "Game saved. Continue with: kaleun resume\n"),
    ("de", "Die Konsole von Blau bekommt keine Eingabe mehr (Strg-D, oder ihr Terminal wurde geschlossen): das "
           "Spiel endet hier.\nSpiel gespeichert. Weiter mit: kaleun resume\n"),
])
def test_when_the_other_teams_terminal_closes_a_team_is_told_why_the_game_stops(home: Path, code: str,
                                                                               said: str) -> None:
    """Two consoles (`--tty`): blue's terminal closed ended the game for yellow with only "Game saved"."""
    runtime = make_sonar_runtime(new_game(1, "alpha", "turn"), language=code)
    yellow_in, yellow_out, blue_out = Waiting(), io.StringIO(), io.StringIO()
    consoles = [TeamConsole(runtime, "yellow", yellow_in, yellow_out), TeamConsole(runtime, "blue", HungUp(""),
                                                                                   blue_out)]
    try:
        assert SonarConsoles(runtime, consoles).run() == 0
    finally:
        yellow_in.done.set()
    assert yellow_out.getvalue().endswith(said), yellow_out.getvalue()
    assert "no more input" not in blue_out.getvalue() and "Eingabe" not in blue_out.getvalue()


def test_a_team_quitting_is_no_lost_input(home: Path) -> None:
    runtime = make_sonar_runtime(new_game(1, "alpha", "turn"))
    yellow_out, blue_in = io.StringIO(), Waiting()
    consoles = [TeamConsole(runtime, "yellow", Typed("quit\n"), yellow_out), TeamConsole(runtime, "blue", blue_in,
                                                                                         io.StringIO())]
    try:
        assert SonarConsoles(runtime, consoles).run() == 0
    finally:
        blue_in.done.set()
    assert "no more input" not in yellow_out.getvalue()


@pytest.fixture
def terminal(home: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[io.StringIO]:
    """The program's logging as `kaleun play` sets it up: INFO and up to the terminal (stderr). Yields what
    the terminal's stderr shows."""
    with program_logging(monkeypatch) as err:
        yield err


def test_log_lines_stay_off_a_team_consoles_prompt_and_in_the_session_file(home: Path,
                                                                           terminal: io.StringIO) -> None:
    runtime = make_sonar_runtime(new_game(1, "alpha", "turn"))
    out = io.StringIO()
    con = TeamConsole(runtime, "yellow", Typed(""), out)
    runtime.continued()  # the program went on after a Ctrl-Z: the loop's next step logs it (INFO)
    runtime.call(lambda: logging.getLogger("kaleun.journal").warning("the journal cannot be written: disk full"))
    runtime.call(lambda: con.handle("quit"))
    assert SonarConsoles(runtime, [con]).run() == 0
    printed, err = out.getvalue(), terminal.getvalue()
    assert "the program was stopped" not in printed and "the program was stopped" not in err
    # a warning the team must see is said through its console: the standing prompt taken off, a line of its own
    assert "yellow> \r\x1b[KWARNING kaleun.journal: the journal cannot be written: disk full\n" in printed, printed
    logs = sorted((home / "sessions").glob("*.log"))
    events = sorted((home / "sessions").glob("*[0-9].events.jsonl"))
    assert [p.name.removesuffix(".log") for p in logs] == [p.name.removesuffix(".events.jsonl") for p in events]
    kept = logs[0].read_text(encoding="utf-8")
    assert "INFO kaleun.runtime.loop: the program was stopped" in kept, kept
    assert "WARNING kaleun.journal: the journal cannot be written" in kept, kept
    # the consoles gone, the terminal has the log again
    logging.getLogger("kaleun.test").info("after the consoles")
    assert "after the consoles" in terminal.getvalue()


def test_when_the_other_teams_terminal_closes_the_windows_terminal_says_why(home: Path,
                                                                            capsys: pytest.CaptureFixture[str]) -> None:
    """Yellow's window with blue's console beside it (`--tty`): blue's terminal closed shut the window without a
    word anywhere; where the window was started it now says why, and that the game is saved."""
    runtime = make_sonar_runtime(new_game(1, "alpha", "turn"))
    blue_out = io.StringIO()
    win = SonarWindow(runtime, ["yellow"], size=(800, 480), consoles=[TeamConsole(runtime, "blue", HungUp(""),
                                                                                  blue_out)])
    assert win.run() == 0
    assert capsys.readouterr().out.endswith(
        "Blue's console has no more input (Ctrl-D, or its terminal was closed): the game stops here.\n"
        "Game saved. Continue with: kaleun resume\n")


def test_verbose_shows_every_log_line_through_a_team_console(home: Path, terminal: io.StringIO) -> None:
    """`--verbose` (the log's debugging detail) shows every line at the console too, each on its own line with
    the prompt after it; without it the console kept only warnings there."""
    logging.getLogger().setLevel(logging.DEBUG)  # as `kaleun --verbose` sets it up
    runtime = make_sonar_runtime(new_game(1, "alpha", "turn"))
    out = io.StringIO()
    con = TeamConsole(runtime, "yellow", Typed(""), out)
    runtime.continued()
    runtime.call(lambda: con.handle("quit"))
    assert SonarConsoles(runtime, [con]).run() == 0
    assert "yellow> \r\x1b[KINFO kaleun.runtime.loop: the program was stopped" in out.getvalue(), out.getvalue()
    assert "the program was stopped" not in terminal.getvalue()
