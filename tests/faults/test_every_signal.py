"""Every signal that would end the process from outside it stops the game as SIGTERM does: the game is
saved and the program says so. SIGQUIT (Ctrl-\\), SIGUSR1, SIGUSR2, SIGALRM, SIGPWR (a UPS: the power
fails), SIGXCPU, SIGVTALRM, SIGPROF, SIGIO, SIGSTKFLT and the real-time signals ended the process on the
spot at their default, saying nothing (exit status -3, -10 ...): what the journal had not written yet was
lost, and the crew was told nothing. `nohup kaleun play --headless` keeps SIGHUP ignored, as nohup asks."""

from __future__ import annotations

import signal
import subprocess
import sys
import time

import pytest
from faultkit import Console, signal_while_loading
from kaleun.runtime.stop_signals import SIGNALS, signal_name
from kaleun.saves import open_save, read_state
from kit import kaleun_env

OTHERS = [s for s in SIGNALS if s not in (signal.SIGTERM, signal.SIGINT, signal.SIGHUP)]


def test_every_signal_that_ends_a_process_from_outside_is_a_stop_signal():
    """The ones a terminal, a UPS daemon, a resource limit or `kill -USR1` send; not the program's own faults."""
    for name in ("SIGTERM", "SIGINT", "SIGHUP", "SIGQUIT", "SIGUSR1", "SIGUSR2", "SIGALRM", "SIGPWR", "SIGXCPU",
                 "SIGVTALRM", "SIGPROF", "SIGRTMIN", "SIGRTMAX"):
        assert getattr(signal, name) in SIGNALS, name
    for name in ("SIGSEGV", "SIGBUS", "SIGILL", "SIGFPE", "SIGABRT", "SIGKILL", "SIGSTOP", "SIGCONT", "SIGCHLD"):
        assert getattr(signal, name) not in SIGNALS, name
    assert signal_name(signal.SIGRTMIN + 3) == "SIGRTMIN+3" and signal_name(signal.SIGQUIT) == "SIGQUIT"


def test_a_real_time_signal_is_named_when_it_stops_a_start():
    """`stop_words` asked `signal.Signals` for its name, which a real-time signal has not (ValueError)."""
    from kaleun.cli import stop_words

    assert stop_words(signal.SIGRTMIN + 2) == "SIGRTMIN+2"
    assert stop_words(signal.SIGUSR1) == "SIGUSR1"


@pytest.mark.slow
def test_each_other_stop_signal_while_the_game_runs_saves_it(tmp_path):
    for sig in [*OTHERS[:10], signal.SIGRTMIN, signal.SIGRTMIN + 7, signal.SIGRTMAX]:
        home = tmp_path / signal_name(sig)
        home.mkdir()
        game = Console(home, "play", "--console", "--seed", "4")
        game.expect("> ")
        game.send("telegraph half_ahead")
        game.expect("Order: half ahead.")  # the order given (a prompt is in the text already: it would not wait)
        game.proc.send_signal(sig)
        code = game.finish()
        line = f"Stopped by {signal_name(sig)}: game saved. Continue with: kaleun resume"  # named, SIGRTMIN+7 too
        assert code == 0 and line in game.text, (signal_name(sig), code, game.text[-400:])
        assert read_state(home / "autosave.json")["seed"] == 4
        assert open_save(home / "autosave.json").engine.module("boat").telegraph == "half_ahead"


@pytest.mark.slow
def test_sigquit_while_waiting_for_the_hub_says_so_and_keeps_the_previous_save(tmp_path):
    from test_signals import no_hub_board, old_game

    before = old_game(tmp_path)
    game = Console(tmp_path, "play", "--console", "--seed", "5", "--board", str(no_hub_board(tmp_path)))
    game.expect("does not answer yet")  # it says it waits for the hub, and waits
    game.proc.send_signal(signal.SIGQUIT)
    code = game.finish()
    assert code == 128 + signal.SIGQUIT and "stopped by SIGQUIT before the game started" in game.text, game.text
    assert (tmp_path / "autosave.json").read_bytes() == before and not list(tmp_path.glob("autosave-*"))


def _hangup_ignored() -> None:
    signal.signal(signal.SIGHUP, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)


@pytest.mark.slow
def test_nohup_keeps_sighup_ignored_and_the_table_plays_on(tmp_path):
    """`nohup kaleun play --headless` (SIGHUP ignored by the parent): the terminal closing does not stop the
    table; SIGTERM still saves it."""
    proc = subprocess.Popen([sys.executable, "-m", "kaleun", "play", "--headless", "--seed", "6"],
                            stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                            env=kaleun_env(tmp_path), cwd=tmp_path, preexec_fn=_hangup_ignored)
    try:
        deadline = time.monotonic() + 60
        while not (tmp_path / "autosave.json").exists():  # the game runs once its first save is written
            assert time.monotonic() < deadline and proc.poll() is None
            time.sleep(0.05)
        # a SIGHUP the table took would be handled before the SIGTERM sent after it (pending signals are
        # delivered lowest number first, and Python runs its handlers in that order): the stop names the
        # SIGTERM only if the SIGHUP was ignored, however slowly the table runs
        proc.send_signal(signal.SIGHUP)
        proc.send_signal(signal.SIGTERM)
        out, _ = proc.communicate(timeout=60)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    assert proc.returncode == 0, out
    said = out.decode("utf-8", "replace")
    assert "Stopped by SIGTERM: game saved" in said and "SIGHUP" not in said, said
    assert open_save(tmp_path / "autosave.json").engine.seed == 6


@pytest.mark.parametrize("sig", [signal.SIGUSR1, signal.SIGALRM, signal.SIGQUIT, signal.SIGRTMIN + 1],
                         ids=signal_name)
def test_any_stop_signal_in_the_first_milliseconds_ends_the_start_with_a_line(tmp_path, sig):
    """The other stop signals were taken only once `kaleun.runtime.signals` had loaded: one in the first
    milliseconds of a start ended the process at their default, without a word (exit status -10)."""
    from test_signals import old_game

    before = old_game(tmp_path)
    result = subprocess.run([sys.executable, "-c", signal_while_loading("kaleun.runtime.signals", int(sig))],
                            capture_output=True, text=True,
                            env=kaleun_env(tmp_path), cwd=tmp_path, timeout=60)
    assert result.returncode == 128 + sig, (result.returncode, result.stderr)
    assert result.stderr == f"kaleun: stopped by {signal_name(sig)} while starting; nothing was changed\n"
    assert (tmp_path / "autosave.json").read_bytes() == before


@pytest.mark.slow
def test_a_terminal_hanging_up_while_a_board_waits_for_its_hub_ends_with_sighups_status(tmp_path):
    """The SSH session drops while `kaleun play` waits for the deck hub: the kernel hangs up the terminal (SIGHUP)
    and the line saying the start stopped cannot be written to it (EIO). The start ended with a traceback and
    status 1; it ends with 129 (128 + SIGHUP), the previous save as it was."""
    import fcntl
    import os
    import select
    import termios

    from test_signals import no_hub_board, old_game

    before = old_game(tmp_path)
    master, slave = os.openpty()

    def own_terminal() -> None:
        os.setsid()
        fcntl.ioctl(slave, termios.TIOCSCTTY, 0)
        for sig in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP):
            signal.signal(sig, signal.SIG_DFL)

    proc = subprocess.Popen([sys.executable, "-m", "kaleun", "play", "--console", "--mission", "training",
                             "--board", str(no_hub_board(tmp_path))], stdin=slave, stdout=slave, stderr=slave,
                            env=kaleun_env(tmp_path), cwd=tmp_path, preexec_fn=own_terminal)
    os.close(slave)
    seen = b""
    deadline = time.monotonic() + 60
    try:
        while b"does not answer yet" not in seen:  # it says it waits for the hub, and waits
            assert time.monotonic() < deadline and proc.poll() is None, seen.decode(errors="replace")
            if select.select([master], [], [], 0.1)[0]:
                seen += os.read(master, 65536)
    finally:
        os.close(master)  # the terminal hangs up
    assert proc.wait(60) == 128 + signal.SIGHUP
    assert (tmp_path / "autosave.json").read_bytes() == before and not list(tmp_path.glob("autosave-*"))
