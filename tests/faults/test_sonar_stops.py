"""Captain Sonar sessions stop as U-BOOT's do: a stop signal (SIGTERM, SIGINT, SIGHUP) asks the
loop to end, the step under way finishes and the game is saved whole; a team's terminal that hangs
up (SIGHUP, an SSH session dropped) is written to no more while the game plays on and saves; a game
that fails while running keeps its last good save and says where it is.

Before this was guarded, SIGINT and SIGHUP raised wherever the sonar loop was (a command half
applied, then saved), a terminal gone raised out of the console (a traceback, the last words
unsaid), and a failed game was announced as "Game saved" with exit status 0."""

from __future__ import annotations

import io
import os
import signal
from pathlib import Path

import pytest
from kaleun.saves import open_save
from kaleun.sonar.game import new_game, referee
from kaleun.ui.sonar_session import open_sonar_session


class GoneTerminal(io.StringIO):
    """A terminal that hangs up after `lines` writes: every write then fails as on a tty after SIGHUP."""

    def __init__(self, lines: int) -> None:
        super().__init__()
        self.lines = lines

    def write(self, text: str) -> int:
        if self.lines <= 0:
            raise OSError(5, "Input/output error")
        self.lines -= 1
        return super().write(text)

    def flush(self) -> None:
        if self.lines <= 0:
            raise OSError(5, "Input/output error")


def yellow_cell(home: Path) -> str | None:
    """Where the saved game has yellow's boat."""
    return referee(open_save(home / "autosave.json").engine).team_status("yellow")["cell"]


@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGINT, signal.SIGHUP], ids=lambda s: signal.Signals(s).name)
def test_a_stop_signal_in_the_middle_of_a_sonar_command_lets_it_finish_and_saves_it(home, stopper, sig):
    session = open_sonar_session(new_game(4, "alpha", "turn"), console=True,
                                 stdin=io.StringIO("start A1\n"), stdout=io.StringIO())
    game = session.runtime.game
    apply = game.apply

    def apply_with_a_signal(command):
        if command.get("do") == "start":
            os.kill(os.getpid(), sig)  # delivered at once: the handler runs before the command is applied
        return apply(command)

    game.apply = apply_with_a_signal  # type: ignore[method-assign]
    assert session.run() == 0
    saved = open_save(home / "autosave.json").engine
    assert saved.to_state() == game.to_state()
    assert yellow_cell(home) == "A1"


def test_a_team_terminal_that_hangs_up_leaves_the_game_playing_and_saved(home):
    lines = "start A1\nstatus\nmap\nquit\n"
    session = open_sonar_session(new_game(4, "alpha", "turn"), console=True, stdin=io.StringIO(lines),
                                 stdout=GoneTerminal(lines=3))
    assert session.run() == 0  # no OSError out of the console
    assert open_save(home / "autosave.json").engine.to_state() == session.runtime.game.to_state()
    assert yellow_cell(home) == "A1"


def test_a_sonar_game_that_fails_keeps_its_last_good_save_and_says_where(home):
    out = io.StringIO()
    session = open_sonar_session(new_game(4, "alpha", "turn"), console=True,
                                 stdin=io.StringIO("start A1\ncourse E\nquit\n"), stdout=out)
    game = session.runtime.game
    apply = game.apply

    def failing(command):
        if command.get("do") == "course":
            raise RuntimeError("a rule failed")
        return apply(command)

    game.apply = failing  # type: ignore[method-assign]
    assert session.run() == 1
    text = out.getvalue()
    assert "The game stopped" in text and str(home / "autosave.json") in text and "Game saved" not in text
    kept = open_save(home / "autosave.json")  # the last good moment: the start cell marked
    assert kept.replayed == 1 and yellow_cell(home) == "A1"


def test_the_sonar_window_ends_on_a_stop_request_and_saves(home, stopper):
    """The window's loop ends on the runtime's stop request (what a stop signal now makes) and saves."""
    from kaleun.ui.sonar_session import make_sonar_runtime
    from kaleun.ui.sonar_window import SonarWindow

    runtime = make_sonar_runtime(new_game(4, "alpha", "turn"))
    win = SonarWindow(runtime, ["yellow", "blue"], size=(800, 480))
    runtime.post({"do": "start", "cell": "A1", "team": "yellow"})
    runtime.call(lambda: os.kill(os.getpid(), signal.SIGTERM))
    step, steps = runtime.step, []

    def counted():
        steps.append(1)
        if len(steps) > 50:  # failure guard: the loop did not end on the stop request
            win.running = False
        return step()

    runtime.step = counted  # type: ignore[method-assign]
    assert win.run() == 0 and len(steps) <= 50
    assert yellow_cell(home) == "A1"


def test_the_sonar_window_says_where_the_last_good_save_is_when_the_game_fails(home, capsys):
    from kaleun.ui.sonar_session import make_sonar_runtime
    from kaleun.ui.sonar_window import SonarWindow

    runtime = make_sonar_runtime(new_game(4, "alpha", "turn"))
    win = SonarWindow(runtime, ["yellow"], size=(800, 480))

    def fail():
        raise RuntimeError("a rule failed")

    runtime.call(fail)
    assert win.run() == 1
    err = capsys.readouterr().err
    assert "The game stopped" in err and str(home / "autosave.json") in err


@pytest.mark.slow
def test_kill_9_in_a_sonar_game_loses_no_command_the_game_applied(tmp_path):
    """Nothing lost, a crash loses at most a game minute for Captain Sonar: a kill -9 (or a power cut) after a crew's
    command, before any surfacing, dive or quit saved the game whole: the resume has every command the game applied (the
    journal), so no Captain has to mark the start cell again."""
    from faultkit import Console, until

    game = Console(tmp_path, "play", "--game", "sonar", "--mode", "realtime", "--console", "--seed", "3")
    game.expect("yellow> ")
    game.send("start B2")
    game.send("status")
    game.expect("Boat at B2")
    until(lambda: any(line.startswith("{") for path in (tmp_path / "sessions").glob("*.script.jsonl")
                      for line in path.read_text(encoding="utf-8").splitlines()), "the session script has the command")
    game.proc.send_signal(signal.SIGKILL)
    game.finish()
    applied = [line for line in next((tmp_path / "sessions").glob("*.script.jsonl")).read_text().splitlines()
               if line.startswith("{")]
    opened = open_save(tmp_path / "autosave.json")
    assert opened.replayed >= len(applied) >= 1
    assert yellow_cell(tmp_path) == "B2"


def test_a_captain_sonar_game_killed_resumes_with_its_journal_and_says_where(tmp_path):
    """kill -9 of a Captain Sonar game: `kaleun resume` replays the journal, as for U-BOOT, and now says where the
    game resumes and how many commands the journal gave back (it said nothing: a crew could not tell what a crash
    had kept)."""
    from kaleun.runtime.bare_table import BareTable
    from kaleun.runtime.loop import Runtime
    from kaleun.runtime.outputs import Autosave
    from kit import FakeClock, run_kaleun

    clock = FakeClock()
    game = new_game(4, "alpha", "realtime")
    autosave = Autosave(game, tmp_path / "autosave.json", clock=clock)
    runtime = Runtime(game, BareTable("Captain Sonar"), autosave=autosave, clock=clock)  # type: ignore[arg-type]
    autosave.save()
    for command in ({"do": "start", "team": "yellow", "cell": "A1"}, {"do": "start", "team": "blue", "cell": "O15"},
                    {"do": "course", "team": "yellow", "direction": "E"}):
        runtime.post(command)
        clock.now += 1.5
        runtime.step()
    autosave.journal.sync()  # killed here: nothing closed, nothing saved in full
    done = run_kaleun("resume", "--console", home=tmp_path)
    assert done.returncode == 0, done.stderr
    assert "kaleun: resuming Captain Sonar at 00:00:04 of game time (the save of 00:00:00 and 3 commands from its " \
           "journal)." in done.stderr, done.stderr
    assert referee(open_save(tmp_path / "autosave.json").engine).team_status("yellow")["cell"] == "B1"
