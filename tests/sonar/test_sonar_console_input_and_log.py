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
from collections.abc import Iterator
from pathlib import Path

import pytest
from kaleun.sonar.game import new_game
from kaleun.ui.sonar_console import SonarConsoles, TeamConsole
from kaleun.ui.sonar_session import make_sonar_runtime
from kit import kaleun_env


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


@pytest.fixture
def terminal(home: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[io.StringIO]:
    """The program's logging as `kaleun play` sets it up: INFO and up to the terminal (stderr). Yields what
    the terminal's stderr shows."""
    err = io.StringIO()
    monkeypatch.setattr(sys, "stderr", err)
    root = logging.getLogger()
    level, before = root.level, list(root.handlers)
    said = logging.StreamHandler(sys.stderr)
    said.setFormatter(logging.Formatter("%(levelname)s %(name)s: %(message)s"))
    root.addHandler(said)
    root.setLevel(logging.INFO)
    try:
        yield err
    finally:
        for h in [h for h in root.handlers if h not in before]:
            root.removeHandler(h)
            h.close()
        root.setLevel(level)


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
