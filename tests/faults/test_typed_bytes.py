"""Bytes typed at a console that are not UTF-8 (a terminal set to Latin-1, line noise on a serial
console) are refused like any unknown word, and the game plays on; letters the terminal cannot show
are printed as '?'. With a UTF-8 locale (a Pi's
en_GB.UTF-8) Python reads the terminal strictly: the U-BOOT and the Captain Sonar consoles took the
undecodable line for their input gone and left the game (with whatever was typed in the same read)."""

from __future__ import annotations

import re
import subprocess
import sys

import pytest
from kit import kaleun_env


@pytest.mark.parametrize("game", ["uboot", "sonar"])
def test_a_line_that_is_not_utf8_is_refused_and_the_console_reads_on(tmp_path, game):
    typed = b"status\n\xe4\xff\nhelp status\nquit\n"
    args = ["--mission", "training"] if game == "uboot" else ["--game", "sonar"]
    env = kaleun_env(tmp_path, PYTHONIOENCODING="utf-8:strict")  # how Python reads a terminal in a UTF-8 locale
    result = subprocess.run([sys.executable, "-m", "kaleun", "play", "--console", "--seed", "2", *args], input=typed,
                            capture_output=True, env=env, cwd=tmp_path, timeout=120)
    out = result.stdout.decode("utf-8", "replace")
    assert result.returncode == 0 and "input is gone" not in result.stderr.decode(), result.stderr.decode()
    assert "unknown command '\ufffd\ufffd'" in out and "example: status" in out, out
    assert "Game saved" in out


def test_letters_the_terminal_cannot_show_are_printed_as_question_marks_and_the_console_goes_on(tmp_path):
    """A Russian table on a terminal that writes Latin-1: at the first Cyrillic letter the console took the
    terminal for gone and printed nothing more for the whole game."""
    env = kaleun_env(tmp_path, PYTHONIOENCODING="latin-1")
    args = ["play", "--console", "--seed", "2", "--mission", "training", "--language", "ru"]
    result = subprocess.run([sys.executable, "-m", "kaleun", *args], input=b"status\nquit\n", capture_output=True,
                            env=env, cwd=tmp_path, timeout=120)
    out = result.stdout.decode("latin-1")
    assert result.returncode == 0 and "terminal is gone" not in result.stderr.decode(), result.stderr.decode()
    # status (the game's clock runs in real time: a loaded machine may show a second or two later), and the last words
    # ("1 июня 1941 г., 04:00:05": the letters the terminal cannot show as question marks)
    assert re.search(r"1 \?{4} 1941\?\?\., 04:0\d:\d\d", out) and "kaleun resume" in out, out
