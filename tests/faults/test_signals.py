"""Every stop signal at every phase of a start: SIGTERM (systemctl stop), SIGINT (Ctrl-C) and
SIGHUP (the SSH terminal dropped) never leave a home without a save `kaleun resume` can load.

Phases: the moment the process starts, while it loads (seeded random moments), while it waits
for a deck hub that does not answer, and once the game runs. Before the game runs the previous
game's save stays as it was; once it runs the new game is saved, the previous one kept."""

from __future__ import annotations

import random
import signal
import time
from collections import Counter
from pathlib import Path

import pytest
from faultkit import Console, default_stop_signals, journal_lines, signal_while_loading, until
from kaleun.saves import open_save, read_state, save_game
from kaleun.uboot.game import new_game
from kit import BOARDS

SIGNALS = (signal.SIGTERM, signal.SIGINT, signal.SIGHUP)
PHASES = ("start", "loading", "loading", "loading", "hub", "running")
OLD_SEED, NEW_SEED = 77, 5


def old_game(home: Path) -> bytes:
    game = new_game(OLD_SEED)
    game.advance_to(600)
    save_game(game, home / "autosave.json")
    return (home / "autosave.json").read_bytes()


def no_hub_board(home: Path) -> Path:
    text = (BOARDS / "fake-hub.toml").read_text().replace('url = "fake"', 'url = "/dev/kaleun-test-no-such-hub"')
    path = home / "no-hub.toml"
    path.write_text(text)
    return path


@pytest.mark.slow
@pytest.mark.parametrize("sig", SIGNALS, ids=lambda s: signal.Signals(s).name)
def test_a_stop_signal_at_any_phase_of_a_start_leaves_a_save_resume_loads(tmp_path, sig):
    rng = random.Random(int(sig))
    outcomes: Counter[str] = Counter()
    for number, phase in enumerate(PHASES):
        home = tmp_path / f"{number}-{phase}"
        home.mkdir()
        before = old_game(home)
        args = ["play", "--console", "--seed", str(NEW_SEED)]
        if phase == "hub":
            args += ["--board", str(no_hub_board(home))]
        game = Console(home, *args)
        if phase == "loading":
            time.sleep(rng.uniform(0.05, 0.6))
        elif phase == "hub":
            game.expect("does not answer yet")  # it says it waits for the hub, and waits
        elif phase == "running":
            game.expect("Kaleun console.")
        game.proc.send_signal(sig)
        code = game.finish()
        kept = sorted(home.glob("autosave-*.json"))
        now = read_state(home / "autosave.json")
        assert open_save(home / "autosave.json").engine is not None  # kaleun resume loads it
        if now["seed"] == OLD_SEED:
            assert (home / "autosave.json").read_bytes() == before and kept == [], (phase, game.text)
            outcomes["previous game as it was"] += 1
        else:
            assert now["seed"] == NEW_SEED and [k.read_bytes() for k in kept] == [before], (phase, game.text)
            outcomes["new game saved, previous kept"] += 1
        if phase == "hub":
            assert code == 128 + sig and "before the game started; nothing was saved" in game.text, game.text
        if phase == "running":
            said = f"Stopped by {signal.Signals(sig).name}"
            assert code == 0 and said in game.text and "game saved" in game.text and now["seed"] == NEW_SEED, game.text
    print(f"\n{signal.Signals(sig).name} at {len(PHASES)} phases of a start: {dict(outcomes)}")


@pytest.mark.slow
def test_a_stop_signal_while_a_resume_replays_its_journal_changes_nothing(tmp_path):
    """A resume replays the journal before it writes anything: stopped then, the save and its
    journal stay as they were and the next resume replays them again."""
    game = Console(tmp_path, "play", "--console", "--seed", "3")
    game.expect("> ")
    game.send("time transit")
    until(lambda: any(line.get("t", 0) > 0 for line in journal_lines(tmp_path)), "the journal marks the game running")
    game.proc.send_signal(signal.SIGKILL)  # leaves a journal to replay
    game.finish()
    files = {p.name: p.read_bytes() for p in tmp_path.glob("autosave*")}
    for delay in (0.0, 0.3, 0.6):
        resume = Console(tmp_path, "resume", "--console")
        time.sleep(delay)
        resume.proc.send_signal(signal.SIGTERM)
        resume.finish()
        if "Stopped by SIGTERM: game saved" not in resume.text:  # stopped before the game ran
            assert {p.name: p.read_bytes() for p in tmp_path.glob("autosave*")} == files
        files = {p.name: p.read_bytes() for p in tmp_path.glob("autosave*")}
        assert open_save(tmp_path / "autosave.json").engine.t > 0


class GoneTerminal:
    """A terminal that hung up: every write fails as on a tty after SIGHUP."""

    def write(self, text: str) -> int:
        raise OSError(5, "Input/output error")

    def flush(self) -> None:
        raise OSError(5, "Input/output error")


def test_a_console_whose_terminal_is_gone_plays_on_and_saves(tmp_path):
    import io

    from kaleun.boards.loader import default_board
    from kaleun.runtime.loop import Runtime
    from kaleun.runtime.outputs import Autosave
    from kaleun.runtime.table import Table
    from kaleun.ui.console import Console as TextConsole

    game = new_game(3)
    runtime = Runtime(game, Table(default_board(), game), autosave=Autosave(game, tmp_path / "autosave.json"))
    console = TextConsole(runtime, stdin=io.StringIO("telegraph slow_ahead\nstatus\nquit\n"), stdout=GoneTerminal())
    assert console.run() == 0 and console.gone
    assert open_save(tmp_path / "autosave.json").engine.module("boat").telegraph == "slow_ahead"


@pytest.mark.parametrize("sig", SIGNALS, ids=lambda s: signal.Signals(s).name)
def test_a_stop_signal_while_the_program_loads_ends_it_with_a_line_not_a_traceback(tmp_path, sig):
    """`python -m kaleun` (and the `kaleun` command) take the stop signals before the program's
    modules load: a signal then leaves one line and every file as it was."""
    import subprocess
    import sys

    from kit import kaleun_env

    before = old_game(tmp_path)
    result = subprocess.run([sys.executable, "-c", signal_while_loading("kaleun.cli", int(sig))],
                            capture_output=True, text=True,
                            env=kaleun_env(tmp_path), cwd=tmp_path, timeout=60, preexec_fn=default_stop_signals)
    assert result.returncode == 128 + sig and "kaleun: stopped by" in result.stderr, result.stderr
    assert "Traceback" not in result.stderr
    assert (tmp_path / "autosave.json").read_bytes() == before and not list(tmp_path.glob("autosave-*"))


LEAVING = """
import os, signal, sys
import kaleun.cli
from kaleun.__main__ import run

kaleun.cli._main = lambda argv: 0  # a game played, saved and closed
code = run()
for sig in (signal.SIGTERM, signal.SIGINT, signal.SIGHUP):  # a crew still pressing Ctrl-C, systemd stopping
    os.kill(os.getpid(), sig)
sys.exit(code)
"""


def test_a_stop_signal_after_the_game_is_saved_and_closed_changes_nothing(tmp_path):
    """Between `Game saved` and the interpreter's end a stop signal ended the exit with `stopped ...
    while starting; nothing was changed` (status 143) or killed it outright; the game is saved then,
    so the exit status stays the game's."""
    import subprocess
    import sys

    from kit import kaleun_env

    result = subprocess.run([sys.executable, "-c", LEAVING], capture_output=True, text=True,
                            env=kaleun_env(tmp_path), cwd=tmp_path, timeout=60)
    assert result.returncode == 0 and result.stderr == "", (result.returncode, result.stderr)


@pytest.mark.parametrize("moment", ["kept aside", "pruned"])
def test_a_stop_between_keeping_the_previous_game_and_the_first_save_leaves_it_where_resume_finds_it(
        tmp_path, monkeypatch, moment):
    """Nothing lost, no moment without a save at its narrowest: the new game's first save keeps the previous game under
    an earlier-game name, then writes the new one. A stop signal (or a kill) between the two must leave
    the previous game at autosave.json with its journal (it was moved aside before, and `kaleun resume`
    said 'no such save file'). The moment is made exact by raising there as a signal handler does."""
    from kaleun.journal import journal_path
    from kaleun.runtime import outputs
    from kaleun.runtime.outputs import Autosave
    from kaleun.runtime.signals import StopRequested

    before = old_game(tmp_path)
    journal_path(tmp_path / "autosave.json").write_text('{"journal":"kaleun-journal"}\n')
    files = {p.name: p.read_bytes() for p in tmp_path.iterdir()}

    def stopped(*args, **kwargs):
        raise StopRequested(signal.SIGTERM)

    monkeypatch.setattr(outputs, "save_game" if moment == "kept aside" else "prune_kept", stopped)
    with pytest.raises(StopRequested):
        Autosave(new_game(NEW_SEED), tmp_path / "autosave.json", keep_previous=True).save()
    assert (tmp_path / "autosave.json").read_bytes() == before
    assert {p.name: p.read_bytes() for p in tmp_path.iterdir() if not p.name.startswith("autosave-")} == files
    assert open_save(tmp_path / "autosave.json").engine.seed == OLD_SEED


@pytest.mark.parametrize("sig", SIGNALS, ids=lambda s: s.name)
def test_a_stop_signal_before_the_program_loaded_is_named_like_in_the_later_phases(sig):
    """The first phase said `stopped by signal 15`, the later ones `stopped by SIGTERM`."""
    import subprocess
    import sys

    from kit import kaleun_env

    code = f"import kaleun.__main__ as m; m._stopped_while_loading({int(sig)}, None)"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=kaleun_env(Path(".")),
                          timeout=60)
    assert done.returncode == 128 + sig
    assert done.stderr == f"kaleun: stopped by {sig.name} while starting; nothing was changed\n"
