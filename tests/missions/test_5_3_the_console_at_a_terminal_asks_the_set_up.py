"""`kaleun play` on the text console without `--mission` (rulebook §5.3: the mission and each role's difficulty are
chosen before the game). The window opens on its set-up screen; a crew at a terminal (an SSH console, `--console`)
is asked the same questions there: the missions as `kaleun missions` lists them, Enter taking the training patrol,
then the mode and each role's difficulty. Input from a pipe or a file (a table script, the service) starts the
training patrol at once, as before. A stop signal at a question starts nothing and leaves the previous save as it
was."""

from __future__ import annotations

import json
import os
import pty
import select
import signal
import subprocess
import sys
import termios
import time
from pathlib import Path

import pytest
from kaleun.saves import open_save, save_game
from kaleun.uboot.game import new_game
from kit import kaleun_env

#: how long a step may take on a loaded machine before the test gives up (a guard, not a timing assert)
GUARD_S = 120.0
MISSION_QUESTION = "Mission (number or id) [training]: "


class AtATerminal:
    """`kaleun play --console ARGS` with a terminal (a pseudo-terminal, its echo off) as its standard input, and what
    it prints read from a pipe as it comes."""

    def __init__(self, home: Path, *args: str) -> None:
        self.master, slave = pty.openpty()
        attrs = termios.tcgetattr(slave)
        attrs[3] &= ~termios.ECHO  # what is typed is not printed back
        termios.tcsetattr(slave, termios.TCSANOW, attrs)
        self.proc = subprocess.Popen([sys.executable, "-m", "kaleun", "play", "--console", "--seed", "5", *args],
                                     stdin=slave, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                                     env=kaleun_env(home), cwd=home)
        os.close(slave)
        assert self.proc.stdout is not None
        os.set_blocking(self.proc.stdout.fileno(), False)
        self.text = ""

    def _read(self, wait: float) -> None:
        assert self.proc.stdout is not None
        ready, _, _ = select.select([self.proc.stdout], [], [], wait)
        if ready:
            chunk = self.proc.stdout.read()
            if chunk:
                self.text += chunk.decode(errors="replace")

    def expect(self, needle: str, after: int = 0) -> int:
        """Wait until `needle` is printed after position `after`; returns where it ends."""
        deadline = time.monotonic() + GUARD_S
        while needle not in self.text[after:]:
            if time.monotonic() > deadline or self.proc.poll() is not None:
                self._read(0.1)
                if needle in self.text[after:]:
                    break
                raise AssertionError(f"never saw {needle!r}; got:\n{self.text}")
            self._read(0.1)
        return self.text.index(needle, after) + len(needle)

    def answer(self, question: str, line: str, after: int = 0) -> int:
        at = self.expect(question, after)
        os.write(self.master, (line + "\n").encode())
        return at

    def finish(self) -> int:
        deadline = time.monotonic() + GUARD_S
        while self.proc.poll() is None:
            if time.monotonic() > deadline:
                self.proc.kill()
                raise AssertionError(f"did not end; got:\n{self.text}")
            self._read(0.05)
        self._read(0.1)
        os.close(self.master)
        return self.proc.returncode


def answer_the_roles(table: AtATerminal, at: int, levels: dict[str, str]) -> int:
    """Each role's difficulty question answered (Enter: normal) in the order asked; returns where the last ended."""
    from kaleun.uboot.figures import ROSTER
    from kaleun.uboot.missions.setup import ROLES

    for role in ROLES:
        at = table.answer(f"Difficulty of the {ROSTER['role_names'][role]} (", levels.get(role, ""), at)
    return at


@pytest.mark.slow
def test_5_3_the_console_at_a_terminal_asks_the_mission_and_the_difficulties(home):
    table = AtATerminal(home)
    at = table.answer(MISSION_QUESTION, "exercise_convoy")
    assert "New game. Missions:" in table.text and " 21. training " in table.text  # as `kaleun missions` numbers them
    at = table.answer("Mode: ", "", at)
    at = answer_the_roles(table, at, {"captain": "hard"})
    table.answer("> ", "quit", at)  # the console of the game chosen
    assert table.finish() == 0, table.text
    game = open_save(home / "autosave.json").engine
    assert game.config["mission"] == "exercise_convoy"
    assert game.config["changes"]["difficulty"] == {"captain": "hard"}


@pytest.mark.slow
def test_5_3_enter_at_the_mission_question_plays_the_training_patrol(home):
    table = AtATerminal(home)
    at = table.answer(MISSION_QUESTION, "")
    at = table.answer("Mode: ", "", at)
    at = answer_the_roles(table, at, {})
    table.answer("> ", "quit", at)
    assert table.finish() == 0, table.text
    assert open_save(home / "autosave.json").engine.config["mission"] == "training"


def test_5_3_a_piped_console_starts_the_training_patrol_at_once_as_before(home):
    """A table script fed to the console (its input not a terminal) is not asked anything: it would answer the
    set-up's questions with its commands."""
    done = subprocess.run([sys.executable, "-m", "kaleun", "play", "--console", "--seed", "5"], input="status\nquit\n",
                          capture_output=True, text=True, env=kaleun_env(home), cwd=home, timeout=GUARD_S)
    assert done.returncode == 0, done.stderr
    assert "Mission (number or id)" not in done.stdout and "New game. Missions:" not in done.stdout
    assert open_save(home / "autosave.json").engine.config["mission"] == "training"


@pytest.mark.slow
@pytest.mark.parametrize(("sig", "said"), [(signal.SIGTERM, "SIGTERM"), (signal.SIGINT, "SIGINT (Ctrl-C)"),
                                           (signal.SIGHUP, "SIGHUP (the terminal closed)")])
def test_5_3_a_stop_signal_at_the_set_up_starts_nothing_and_keeps_the_previous_save(home, sig, said):
    earlier = new_game(11, "exercise_escort")
    earlier.advance_to(600.0)
    save_game(earlier, home / "autosave.json")
    before = (home / "autosave.json").read_bytes()
    table = AtATerminal(home)
    table.expect(MISSION_QUESTION)  # the first question, waiting for its answer
    table.proc.send_signal(sig)
    assert table.finish() == 128 + sig, table.text
    # on a line of its own, not after the question
    assert f"{MISSION_QUESTION}\nkaleun: stopped by {said} before the game started; nothing was saved, the previous " \
           "save is as it was" in table.text, table.text
    assert "Traceback" not in table.text
    assert (home / "autosave.json").read_bytes() == before
    assert not list(home.glob("autosave-*.json")) and not list(home.glob("sessions/*"))
    assert json.loads(before)  # the save kept is whole


@pytest.mark.slow
def test_5_3_a_mission_named_on_the_command_line_is_not_asked_at_a_terminal(home):
    table = AtATerminal(home, "--mission", "exercise_shoal")
    table.answer("> ", "quit")
    assert table.finish() == 0, table.text
    assert MISSION_QUESTION not in table.text
    assert open_save(home / "autosave.json").engine.config["mission"] == "exercise_shoal"


@pytest.mark.slow
def test_5_3_kaleun_play_without_a_display_asks_the_set_up_at_its_terminal(tmp_path):
    """`kaleun play` alone on a machine with no display (an SSH console, `make play` on a Pi without a desktop): the
    console takes over and asks, as the window would open on its set-up screen."""
    from kit import Terminal

    with Terminal(tmp_path, "play", "--seed", "3") as term:
        term.expect(MISSION_QUESTION)
        term.send("quit")
        term.expect("the set-up was left (quit): no game was started")
        assert term.close() == 2
    assert not (tmp_path / "autosave.json").exists()


def test_5_3_a_pasted_blob_at_a_question_is_refused_in_a_line_that_can_be_read():
    """A clipboard pasted at the set-up's questions by mistake (5,000 characters at the mission, a 400-digit number,
    300 characters at the mode) was echoed whole in each refusal; it is quoted by its start and its end, as every
    refusal of a long value is, and the question asked again."""
    import io

    from kaleun.mission_commands import interactive_setup

    out = io.StringIO()
    answers = "x" * 5000 + "\n" + "9" * 400 + "\nexercise_convoy\n" + "z" * 300 + "\nsingle\n" + "\n" * 5
    setup = interactive_setup(io.StringIO(answers), out)
    assert (setup.mission, setup.mode) == ("exercise_convoy", "single")
    refusals = [line[line.index("! "):] for line in out.getvalue().splitlines() if "! " in line]  # after a prompt
    assert len(refusals) == 3 and all(len(line) < 500 for line in refusals), refusals
    assert refusals[0].startswith("! unknown mission 'xxx") and "...xxx" in refusals[0]
    assert refusals[1].startswith("! no mission has the number 999") and "...999" in refusals[1]
    assert refusals[2].endswith("zzz is not one of: single mission, linked patrol, campaign")


def test_5_3_kaleun_play_of_a_pasted_mission_id_says_it_in_a_line_that_can_be_read(home):
    done = subprocess.run([sys.executable, "-m", "kaleun", "play", "--console", "--mission", "q" * 3000],
                          capture_output=True, text=True, env=kaleun_env(home), cwd=home, timeout=GUARD_S,
                          stdin=subprocess.DEVNULL)
    assert done.returncode == 2 and "kaleun: unknown mission 'qqq" in done.stderr, done.stderr
    assert len(done.stderr) < 1000 and not (home / "autosave.json").exists()


@pytest.mark.parametrize("asked", [(), ("--setup",)])
def test_5_3_a_board_that_cannot_be_used_is_said_before_the_set_ups_questions(home, asked):
    """The window refuses a board file with mistakes before its set-up screen opens; the terminal asked every question
    of the set-up first and only then said the board could not be used."""
    board = home / "bad.toml"
    board.write_text('[board]\nname = "t"\nformat = 0\n[lamps]\npixels = -3\n', encoding="utf-8")
    if asked:  # the set-up asked for on the command line: its input a pipe
        done = subprocess.run([sys.executable, "-m", "kaleun", "play", "--console", "--board", str(board), *asked],
                              input="\n" * 8, capture_output=True, text=True, env=kaleun_env(home), cwd=home,
                              timeout=GUARD_S)
        code, text = done.returncode, done.stdout + done.stderr
    else:
        table = AtATerminal(home, "--board", str(board))
        code = table.finish()
        text = table.text
    assert code == 2, text
    assert f"{board}:5: lamps.pixels = -3 is out of range (0 to 2000)" in text, text
    assert "Mission (number or id)" not in text and not (home / "autosave.json").exists()


@pytest.mark.parametrize(("code", "question", "heading"), [
    ("de", "Mission (Nummer oder ID) [training]: ", "Neues Spiel. Missionen:"),
    ("ru", "Миссия (номер или id) [training]: ", "Новая игра. Миссии:")])
def test_5_3_the_mission_list_fits_a_24_row_terminal_with_each_mission_in_full_on_asking(home, code, question,
                                                                                         heading):
    """§5.3 the set-up at an 80×24 terminal (German, Russian): the missions are listed one row each, so the list and
    its question fit the screen without scrolling away; `?6` shows the sixth mission in full (its id, base, patrol
    and summary), and the question is asked again."""
    from kit import Terminal

    with Terminal(home, "play", "--console", "--seed", "5", "--language", code, columns=80, rows=24) as term:
        asked = term.expect(question)
        listing = asked[asked.index(heading):].replace("\r", "").split("\n")
        assert len(listing) <= 24, listing
        assert all(len(row) < 80 for row in listing), listing
        assert listing[6].startswith("  6. ") and "…" in listing[6] and "shadow_1941" not in listing[6], listing
        term.text = ""  # what comes after the answer
        term.send("?6")
        term.expect("shadow_1941")
        again = term.expect(question)  # asked again, under the mission in full
        assert "18" in again and "1941" in again and "…" not in again, again
        term.send("quit")
        term.close()
