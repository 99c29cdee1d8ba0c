"""`kaleun play --setup` asks on the terminal (rulebook §5.3: the mission, the mode, each role's difficulty). When
its input ends — after an answer it refused, or a standard input that is closed from the start — it starts
nothing: no default mission is taken, no game is saved, and it says so. The console itself, started with its
input closed, saves and leaves as at the end of any input."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from kit import kaleun_env

CUT = "kaleun: the set-up was cut short (no more input): no game was started"


def play(home: Path, *args: str, stdin: str | None) -> subprocess.CompletedProcess[str]:
    """`kaleun play --console ARGS` fed `stdin`; None: started with its standard input closed."""
    closed = {"preexec_fn": lambda: os.close(0)} if stdin is None else {"input": stdin}
    return subprocess.run([sys.executable, "-m", "kaleun", "play", "--console", "--seed", "1", *args],
                          capture_output=True, text=True, env=kaleun_env(home), timeout=120, cwd=home,
                          **closed)  # type: ignore[call-overload]


def started_nothing(home: Path) -> bool:
    return not (home / "autosave.json").exists() and not list(home.glob("sessions/*"))


@pytest.mark.parametrize("answers", ["zzz\n", "99\n", "1\nxyz\n", "1\nsingle\nhardest\n", ""])
def test_5_3_the_set_up_cut_short_after_a_refused_answer_starts_nothing(home, answers):
    result = play(home, "--setup", stdin=answers)
    assert result.returncode == 2, result.stderr
    assert result.stderr.strip().splitlines()[-1] == CUT
    assert "Training patrol" not in result.stdout.split("Mission (number or id)")[-1]
    assert started_nothing(home)


def test_5_3_the_set_up_with_its_input_closed_says_so_and_starts_nothing(home):
    result = play(home, "--setup", stdin=None)
    assert result.returncode == 2, result.stderr
    assert result.stderr.strip().splitlines()[-1] == CUT
    assert "Traceback" not in result.stderr
    assert started_nothing(home)


def test_the_console_with_its_input_closed_saves_and_leaves(home):
    result = play(home, "--mission", "training", stdin=None)
    assert result.returncode == 0, result.stderr
    assert "Traceback" not in result.stderr
    assert "Game saved. Continue with: kaleun resume" in result.stdout
    assert (home / "autosave.json").exists()


@pytest.mark.parametrize(("language", "answers", "said"), [
    ("en", "quit\n", "kaleun: the set-up was left (quit): no game was started"),
    ("en", "4\nlinked\nexit\n", "kaleun: the set-up was left (exit): no game was started"),
    ("de", "4\nbeenden\n", "kaleun: die Einrichtung wurde verlassen (beenden): kein Spiel wurde gestartet")])
def test_5_3_the_consoles_quit_typed_at_the_set_up_leaves_it_and_starts_nothing(home, language, answers, said):
    """The console's word for leaving, typed at a question of the set-up, leaves it: it was asked again as an
    unknown mission ("unknown mission 'quit'") until the input ended."""
    result = play(home, "--setup", "--language", language, stdin=answers)
    assert result.stderr.strip().splitlines()[-1] == said, result.stderr
    assert "unknown mission" not in result.stdout and "nicht eine von" not in result.stdout
    assert started_nothing(home)
