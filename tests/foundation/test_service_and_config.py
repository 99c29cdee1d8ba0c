"""A Pi that starts the table by itself: the systemd service (`kaleun service install`), the
preferred board and language (`kaleun config`), and the flags the service starts `kaleun play`
with (--fullscreen, --continue)."""

from __future__ import annotations

import dataclasses
import io
import json
import os
import pwd
import shlex
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from kaleun.cli import _table_board, _unfinished_autosave, main
from kaleun.paths import autosave_path, config_dir
from kaleun.saves import save_game
from kaleun.service import ServiceError, install, plan, unit_text
from kaleun.uboot.game import new_game
from kit import BOARDS, kaleun_env, run_kaleun, write_script

#: who the service runs as: the user who installs it, also under sudo (to root; `sudo -u pi`: pi)
MAKER = (os.environ.get("SUDO_USER") if os.geteuid() == 0 else None) or pwd.getpwuid(os.geteuid()).pw_name


# -- the service ------------------------------------------------------------------------------
def test_the_system_service_runs_the_table_full_screen_on_kms_as_the_maker(capsys, home):
    assert main(["service", "install", "--dry-run", "--board", str(BOARDS / "sim.toml")]) == 0
    out = capsys.readouterr().out
    lines = out.splitlines()
    assert lines[0] == f"# /etc/systemd/system/kaleun.service (system service, runs as {MAKER})"
    assert f"ExecStart={sys.executable} -m kaleun play --fullscreen --continue --board {BOARDS / 'sim.toml'}" in lines
    for line in ("Environment=SDL_VIDEODRIVER=kmsdrm", f"User={MAKER}", "KillSignal=SIGTERM",
                 "StandardOutput=journal", "StandardError=journal", "Restart=always",
                 "WantedBy=multi-user.target", "Conflicts=getty@tty1.service"):
        assert line in lines
    assert lines[-2:] == ["# then: systemctl daemon-reload", "# then: systemctl enable kaleun.service"]


def test_the_user_service_draws_on_the_desktop_and_lingers(capsys, home):
    assert main(["service", "install", "--user", "--dry-run"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("# ") and lines[0].endswith(".config/systemd/user/kaleun.service (user service, "
                                                           f"runs as {MAKER})")
    assert f"ExecStart={sys.executable} -m kaleun play --fullscreen --continue" in lines  # the preferred board
    assert "Environment=DISPLAY=:0" in lines and "WantedBy=default.target" in lines
    assert "After=graphical-session.target" in lines and not any(line.startswith("User=") for line in lines)
    assert lines[-1] == f"# then: loginctl enable-linger {MAKER}"


@pytest.mark.parametrize("mode", ["system", "user"])
def test_a_table_left_with_save_and_quit_comes_back_by_itself(capsys, home, mode):
    """A table started by its service and left with Save and quit (exit 0) stayed dark until the next power cycle:
    the unit restarted it only after a failure, and a touch-only crew has no keyboard to start it again. Both kinds
    start it again after any end (the quit saved the game: the table comes back on it); `systemctl stop` still
    stops it, as systemd never restarts a unit it was told to stop."""
    assert main(["service", "install", f"--{mode}", "--dry-run"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert "Restart=always" in lines and "RestartSec=5" in lines
    assert not any(line.startswith("Restart=on-") for line in lines)


@pytest.mark.parametrize("mode", ["system", "user"])
def test_a_table_kept_in_one_folder_keeps_it_under_systemd(tmp_path, monkeypatch, mode):
    """The physical table, a Pi that starts by itself: a kiosk keeps everything in KALEUN_HOME, its preferred board
    among it (`kaleun config set board ...`); the service it installs starts the table with that folder,
    so the table starts without flags there too. systemd reads % as a specifier: doubled."""
    kept = tmp_path / "table 100% ours"
    monkeypatch.setenv("KALEUN_HOME", str(kept))
    lines = plan(mode, None).text.splitlines()
    assert f"Environment='KALEUN_HOME={tmp_path}/table 100%% ours'" in lines
    assert lines.index(f"Environment='KALEUN_HOME={tmp_path}/table 100%% ours'") < next(
        n for n, line in enumerate(lines) if line.startswith("ExecStart="))
    monkeypatch.delenv("KALEUN_HOME")
    assert not any("KALEUN_HOME" in line for line in plan(mode, None).text.splitlines())


@pytest.mark.parametrize("mode", ["system", "user"])
def test_a_board_on_a_path_with_percent_or_dollar_reaches_the_table_as_written(tmp_path, monkeypatch, mode):
    """The physical table, a Pi that starts by itself: systemd reads "%" as a specifier and "$" as a variable in
    ExecStart, even inside quotes: both are doubled, so the service starts the board the maker named, not another
    path."""
    monkeypatch.delenv("KALEUN_HOME", raising=False)
    board = tmp_path / "100% $HOME table.toml"
    start = next(line for line in plan(mode, str(board)).text.splitlines() if line.startswith("ExecStart="))
    written = f"{tmp_path}/100%% $$HOME table.toml"
    assert f"'{written}'" in start


@pytest.mark.parametrize("mode", ["system", "user"])
def test_systemd_accepts_the_unit(tmp_path, mode):
    text = plan(mode, None).text
    assert text.count("[Unit]") == text.count("[Service]") == text.count("[Install]") == 1
    for line in text.splitlines():
        assert not line or line.startswith(("#", "[")) or "=" in line, line
    analyze = shutil.which("systemd-analyze")
    if analyze is None:
        pytest.skip("systemd-analyze is not installed: the unit's content was checked above")
    unit = tmp_path / "kaleun.service"
    unit.write_text(text, encoding="utf-8")
    done = subprocess.run([analyze, "verify", str(unit)], capture_output=True, text=True, timeout=60)
    complaints = [line for line in (done.stdout + done.stderr).splitlines() if str(unit) in line]
    assert complaints == []
    broken = tmp_path / "broken.service"  # the check itself sees a mistake
    broken.write_text(text.replace("Restart=always", "Restart=sometimes"), encoding="utf-8")
    done = subprocess.run([analyze, "verify", str(broken)], capture_output=True, text=True, timeout=60)
    assert str(broken) in done.stdout + done.stderr


def _stopped_as_systemd_stops_it(home: Path) -> str:
    """The unit's own command line (the window, full screen) started in `home` and stopped as systemd stops
    it: SIGTERM once the window drew its first frame. It exits 0 (no restart); what it said on the way out."""
    from kaleun.service import command_line

    argv = command_line("sim")
    assert argv[1:4] == ["-m", "kaleun", "play"] and "--fullscreen" in argv
    env = kaleun_env(home, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    proc = subprocess.Popen([*argv[:3], "-v", *argv[3:]], env=env, cwd=home, stdin=subprocess.DEVNULL,
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    try:
        assert proc.stderr is not None
        seen = []
        for line in proc.stderr:  # the window logs its first frame with -v
            seen.append(line)
            if "first frame drawn" in line:
                break
        else:
            raise AssertionError("the window never drew:\n" + "".join(seen))
        proc.send_signal(signal.SIGTERM)
        rest = proc.stderr.read()
        assert proc.wait(60) == 0, rest
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait(60)
    return rest


@pytest.mark.slow
def test_systemctl_stop_saves_the_game_the_service_runs(tmp_path):
    """The service continues the table's game (`--continue`); stopped as systemd stops it, Kaleun saves
    that game on the way out and exits 0 (no restart)."""
    started = run_kaleun("play", "--console", "--mission", "training", home=tmp_path, input="quit\n")
    assert started.returncode == 0, started.stderr
    before = (tmp_path / "autosave.json").stat().st_mtime_ns
    rest = _stopped_as_systemd_stops_it(tmp_path)
    assert (tmp_path / "autosave.json").stat().st_mtime_ns > before  # written on the way out
    saved = json.loads((tmp_path / "autosave.json").read_text(encoding="utf-8"))
    assert "game" in saved and "stopped by" not in rest


@pytest.mark.slow
def test_systemctl_stop_on_a_new_tables_set_up_leaves_no_game_behind(tmp_path):
    """A new table's first boot opens the set-up (no game yet); stopped there as systemd stops it, it exits 0
    and leaves no unplayed game behind: the next boot opens the set-up again."""
    _stopped_as_systemd_stops_it(tmp_path)
    assert not (tmp_path / "autosave.json").exists()


@pytest.mark.slow
@pytest.mark.parametrize("mode", ["system", "user"])
def test_a_stop_while_the_table_is_still_starting_is_a_clean_stop_for_systemd(tmp_path, mode):
    """`systemctl stop` (or a shutdown) in the first seconds after boot reaches Kaleun before its game
    runs: it stops with 128 + SIGTERM, having nothing to save. systemd took that status for a failure
    and left the unit `failed` after a stop the maker asked for; the unit names it a clean exit."""
    from kaleun.service import command_line

    env = kaleun_env(tmp_path, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    proc = subprocess.Popen([*command_line("sim")], env=env, cwd=tmp_path, stdin=subprocess.DEVNULL,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        # as soon as Kaleun catches SIGTERM (its handler is set while it still loads): before that
        # the signal kills it outright, which systemd counts as clean by itself
        caught = 1 << (signal.SIGTERM - 1)
        status_file = Path(f"/proc/{proc.pid}/status")
        if not status_file.exists():
            pytest.skip("no /proc here to see when Kaleun catches SIGTERM")
        for _ in range(60_000):
            mask = next((line.split()[1] for line in status_file.read_text().splitlines()
                         if line.startswith("SigCgt:")), "0")
            if int(mask, 16) & caught or proc.poll() is not None:
                break
            time.sleep(0.001)
        proc.send_signal(signal.SIGTERM)
        status = proc.wait(60)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait(60)
    assert status in (0, 128 + signal.SIGTERM)  # a start quick enough to save exits 0
    lines = unit_text(mode, ["/usr/bin/python3", "-m", "kaleun", "play"], "maker").splitlines()
    clean = [line.split("=", 1)[1].split() for line in lines if line.startswith("SuccessExitStatus=")]
    assert len(clean) == 1 and str(128 + signal.SIGTERM) in clean[0]


@pytest.mark.parametrize("mode", ["system", "user"])
def test_the_crews_shut_down_is_a_clean_stop_the_table_is_not_started_again_after(tmp_path, mode):
    """The window's settings shut the table down (Power off, Close to desktop): Kaleun saves and ends with
    `SHUT_DOWN`. The unit counts it a clean stop and does not start the table again (a Save and quit still comes
    back); it tells the window which kind of service it is, so the window offers the shut-down it can do. A system
    service then powers the Pi off, as root, on that status alone: not after a failure, a Save and quit or a
    `systemctl stop`; a user service leaves the desktop, whose own menu shuts the Pi down."""
    from kaleun.service import SERVICE_VARIABLE, SHUT_DOWN

    lines = unit_text(mode, ["/usr/bin/python3", "-m", "kaleun", "play"], "maker").splitlines()
    assert f"Environment={SERVICE_VARIABLE}={mode}" in lines
    assert f"RestartPreventExitStatus={SHUT_DOWN}" in lines and "Restart=always" in lines
    clean = next(line.split("=", 1)[1].split() for line in lines if line.startswith("SuccessExitStatus="))
    assert str(SHUT_DOWN) in clean
    after = [line.split("=", 1)[1] for line in lines if line.startswith("ExecStopPost=")]
    if mode == "user":
        assert after == []
        return
    assert len(after) == 1 and after[0].startswith("+/bin/sh ")  # "+": as root, whatever User= says
    # the command as systemd hands it over ("$$" is a "$"), with a systemctl that notes what it was asked
    argv = shlex.split(after[0][1:].replace("$$", "$"))
    fake = tmp_path / "bin"
    fake.mkdir()
    asked = tmp_path / "asked"
    (fake / "systemctl").write_text(f'#!/bin/sh\necho "$*" >> {asked}\n', encoding="utf-8")
    (fake / "systemctl").chmod(0o755)
    for status in (0, 1, 143, SHUT_DOWN):
        env = {"PATH": f"{fake}:/usr/bin:/bin", "EXIT_CODE": "exited", "EXIT_STATUS": str(status)}
        assert subprocess.run(argv, env=env, timeout=30).returncode == 0
    assert asked.read_text(encoding="utf-8").splitlines() == ["--no-block poweroff"]


def test_install_writes_the_unit_runs_systemctl_and_says_what_it_did(tmp_path, monkeypatch):
    ran: list[tuple[str, ...]] = []

    def run(argv):
        ran.append(tuple(argv))
        return subprocess.CompletedProcess(argv, 0, "", "")

    said: list[str] = []
    p = plan("system", None, system_dir=tmp_path)
    monkeypatch.setattr("kaleun.service._running_as", lambda: "maker")  # the user services below are maker's own

    def say(line) -> None:  # what the maker reads, in English
        said.append(str(line))

    monkeypatch.setattr("kaleun.service.os.geteuid", lambda: 1000)
    with pytest.raises(ServiceError, match="a system service is installed by root: run the same command with sudo"):
        install(p, say, run)
    monkeypatch.setattr("kaleun.service.os.geteuid", lambda: 0)
    install(p, say, run)
    assert (tmp_path / "kaleun.service").read_text(encoding="utf-8") == p.text
    assert ran == [("systemctl", "daemon-reload"), ("systemctl", "enable", "kaleun.service")]
    assert said[0] == f"wrote {tmp_path / 'kaleun.service'}"
    assert said[-4] == "the table starts at the next boot; now: sudo systemctl start kaleun.service"
    assert said[-3].startswith("its log: journalctl -u kaleun -f")
    # the log lines carry their priority: the warnings and errors alone are one filter away
    assert said[-2] == "its warnings and errors alone: journalctl -u kaleun -p warning"
    # and the way back: the service holds tty1 (Conflicts=getty@tty1.service) until it is disabled
    assert said[-1] == ("to have the Pi no longer start the table: sudo systemctl disable --now kaleun.service (the "
                        "login prompt on tty1 comes back at the next boot)")
    said.clear()
    user = dataclasses.replace(plan("user", None), unit_path=tmp_path / "user" / "kaleun.service", user="maker")
    monkeypatch.setattr("kaleun.service.os.geteuid", lambda: 1000)
    install(user, say, run)
    assert said[-4:] == ["the table starts at the next boot; now: systemctl --user start kaleun.service",
                         "its log: journalctl --user -u kaleun -f   (stop it, saving the game: systemctl --user stop "
                         "kaleun.service)", "its warnings and errors alone: journalctl --user -u kaleun -p warning",
                         "to have the Pi no longer start the table: systemctl --user disable --now kaleun.service"]

    # over SSH polkit wants a password for the linger, which a command run by the install cannot give
    ran.clear()

    def no_linger(argv):
        ran.append(tuple(argv))
        failed = argv[0] == "loginctl"
        return subprocess.CompletedProcess(argv, int(failed), "",
                                           "Could not enable linger: Interactive authentication required." * failed)

    user = plan("user", None)
    user = dataclasses.replace(user, unit_path=tmp_path / "linger" / "kaleun.service", user="maker",
                               commands=(*user.commands[:-1], ("loginctl", "enable-linger", "maker")))
    monkeypatch.setattr("kaleun.service.os.geteuid", lambda: 1000)
    with pytest.raises(ServiceError) as refused:
        install(user, say, no_linger)
    assert ran == [("systemctl", "--user", "daemon-reload"), ("systemctl", "--user", "enable", "kaleun.service"),
                   ("loginctl", "enable-linger", "maker")]
    assert str(refused.value.args[0]) == (
        "`loginctl enable-linger maker` failed (Could not enable linger: Interactive authentication required.): the "
        "service is installed and enabled and starts with maker's desktop session; for maker's systemd to start at "
        "boot as well, run: sudo loginctl enable-linger maker")

    def fails(argv):
        return subprocess.CompletedProcess(argv, 1, "", "Failed to connect to bus: No medium found")

    user = dataclasses.replace(plan("user", None), unit_path=tmp_path / "user" / "kaleun.service", user="maker")
    monkeypatch.setattr("kaleun.service.os.geteuid", lambda: 1000)
    with pytest.raises(ServiceError, match=r"`systemctl --user daemon-reload` failed \(Failed to connect to bus"):
        install(user, say, fails)


def test_a_user_service_for_another_user_is_refused_with_what_to_do_instead(tmp_path, monkeypatch, capsys):
    """`--user --as OTHER` run by a user who is not OTHER: `systemctl --user` would reach the wrong user's
    systemd and OTHER's home is not theirs to write in; it ended in a bare "Permission denied"."""
    ran: list[tuple[str, ...]] = []

    def run(argv):
        ran.append(tuple(argv))
        return subprocess.CompletedProcess(argv, 0, "", "")

    monkeypatch.setattr("kaleun.service._running_as", lambda: "maker")
    other = dataclasses.replace(plan("user", None, "root"), unit_path=tmp_path / "user" / "kaleun.service")
    monkeypatch.setattr("kaleun.service.os.geteuid", lambda: 1000)
    with pytest.raises(ServiceError) as refused:
        install(other, lambda said: None, run)
    said = str(refused.value.args[0])
    assert said.startswith("a user service runs in the systemd of the user who installs it, and you are maker, not "
                           "root: install it as yourself (without --as root), log in as root and run the command")
    assert "sudo " in said and "-m kaleun service install --system --as root" in said
    assert not other.unit_path.exists() and ran == []  # nothing written, nothing enabled
    # the command says it, translated, as its other refusals (exit status 1, nothing written)
    unit = Path(pwd.getpwnam("root").pw_dir) / ".config" / "systemd" / "user" / "kaleun.service"
    before = unit.exists()
    assert main(["service", "install", "--user", "--as", "root"]) == 1
    err = capsys.readouterr().err
    assert "kaleun service install: a user service runs in the systemd of the user who installs it" in err
    assert unit.exists() == before


def test_a_service_for_a_board_that_does_not_load_is_refused(tmp_path, capsys):
    bad = tmp_path / "bad.toml"
    bad.write_text("[board]\nname = 'x'\nformat = 9\n", encoding="utf-8")
    assert main(["service", "install", "--dry-run", "--board", str(bad)]) == 2
    assert "board format 9 is not supported" in capsys.readouterr().err


def test_a_shipped_board_named_for_the_service_is_found_from_the_services_folder(tmp_path, monkeypatch, capsys):
    """`--board pico-hub` loads the shipped board from any folder; the unit must say it so that
    it loads again from the service's own folder at boot (not as a file of this folder)."""
    monkeypatch.chdir(tmp_path)
    assert main(["service", "install", "--dry-run", "--board", "pico-hub"]) == 0
    (start,) = [line for line in capsys.readouterr().out.splitlines() if line.startswith("ExecStart=")]
    board = start.split("--board ", 1)[1]
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    monkeypatch.chdir(elsewhere)
    assert _table_board(board).name == "Pico deck hub"
    mine = tmp_path / "my-table.toml"  # a file of the maker's own: its absolute path
    shutil.copyfile(BOARDS / "sim.toml", mine)
    monkeypatch.chdir(tmp_path)
    assert f"--board {mine}" in plan("system", "my-table.toml").text


def test_the_units_python_is_an_absolute_path_inside_the_venv(tmp_path, monkeypatch):
    """systemd wants an absolute ExecStart; the venv's python is a symbolic link that must stay one."""
    from kaleun.service import command_line

    monkeypatch.chdir(tmp_path)
    assert command_line(None, "/home/pi/kaleun/../kaleun/.venv/bin/python")[0] == "/home/pi/kaleun/.venv/bin/python"
    assert command_line(None, ".venv/bin/python")[0] == str(tmp_path / ".venv" / "bin" / "python")


def test_unit_text_knows_only_two_kinds():
    with pytest.raises(ValueError, match="unknown service kind"):
        unit_text("session", ["kaleun"])


# -- preferred settings -----------------------------------------------------------------------
def test_a_preferred_board_and_language_are_kept_and_shown(home, capsys):
    assert main(["config", "set", "board", str(BOARDS / "mock-gpio.toml")]) == 0
    assert main(["config", "set", "language", "DE"]) == 0
    out = capsys.readouterr().out
    assert f"board = {(BOARDS / 'mock-gpio.toml').resolve()}" in out and "language = de" in out
    assert json.loads((config_dir() / "settings.json").read_text(encoding="utf-8")) == {
        "board": str((BOARDS / "mock-gpio.toml").resolve()), "language": "de"}
    assert main(["config", "show"]) == 0
    shown = capsys.readouterr().out
    assert f"board     {(BOARDS / 'mock-gpio.toml').resolve()}" in shown and "language  de" in shown
    assert _table_board(None).name == "Mocked GPIO"  # kaleun play without --board
    assert _table_board(str(BOARDS / "sim.toml")).name == "Simulated table"  # a flag wins
    assert main(["config", "unset", "board"]) == 0
    assert _table_board(None).name == "Simulated table"


def test_a_shipped_board_as_the_preferred_board_is_found_from_any_folder(home, tmp_path, monkeypatch, capsys):
    """`kaleun config set board pico-hub` in one folder; the table (or the service) starts in another."""
    monkeypatch.chdir(tmp_path)
    assert main(["config", "set", "board", "pico-hub"]) == 0
    assert "board = pico-hub" in capsys.readouterr().out
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    monkeypatch.chdir(elsewhere)
    assert _table_board(None).name == "Pico deck hub"


def test_board_check_without_a_file_checks_the_preferred_board(home, tmp_path, monkeypatch, capsys):
    """The physical table, a Pi that starts by itself: a maker who set a preferred board checks it with `kaleun board
    check` alone; with none set, the command says what to name instead of a usage error."""
    assert main(["board", "check"]) == 2
    assert "no preferred board is set (kaleun config set board FILE)" in capsys.readouterr().err
    monkeypatch.chdir(tmp_path)
    assert main(["config", "set", "board", "pico-hub"]) == 0
    capsys.readouterr()
    assert main(["board", "check"]) == 0
    out = capsys.readouterr().out
    assert "checking the preferred board: pico-hub" in out and "ok: Pico deck hub" in out


def test_a_preferred_board_that_no_longer_loads_says_where_it_came_from(home, tmp_path, monkeypatch, capsys):
    """A board set months ago (`kaleun config set board`) and since moved or edited wrong: the
    table (under its service: at every start, into the journal) and the bring-up check said only
    that the file could not be read, naming no setting; they now say that it is the preferred
    board, where that is kept and how to change it. A board given with --board stays as it was."""
    mine = tmp_path / "my-table.toml"
    mine.write_text((BOARDS / "sim.toml").read_text(encoding="utf-8"), encoding="utf-8")
    assert main(["config", "set", "board", str(mine)]) == 0
    mine.unlink()
    capsys.readouterr()
    monkeypatch.setattr("sys.stdin", io.StringIO("quit\n"))
    note = (f"{mine} is the preferred board of kaleun config ({config_dir() / 'settings.json'}): give --board FILE, "
            "or set another with kaleun config set board FILE (kaleun config unset board: the simulated table)")
    for command in (["play", "--console"], ["hw", "check"]):
        assert main(command) == 2
        err = capsys.readouterr().err.splitlines()
        assert err == [f"{mine}: cannot read the board file (No such file or directory); the boards Kaleun ships: "
                       "fake-hub, mock-gpio, pi4-basic, pico-hub, sim", note], command
    assert main(["play", "--console", "--board", str(mine)]) == 2
    assert "preferred board" not in capsys.readouterr().err


def test_the_hub_commands_take_the_preferred_board_too(home, tmp_path, capsys):
    """A maker who set `kaleun config set board pico-hub` installs the firmware with the hub's
    config and asks the hub's status without --board."""
    drive = tmp_path / "CIRCUITPY"
    drive.mkdir()
    (drive / "boot_out.txt").write_text("Adafruit CircuitPython 9.2.1; Raspberry Pi Pico with rp2040\n")
    assert main(["config", "set", "board", "pico-hub"]) == 0
    assert main(["firmware", "install", str(drive)]) == 0
    readers = json.loads((drive / "kaleun_hub.json").read_text(encoding="utf-8"))["readers"]
    assert [r["section"] for r in readers] == [1, 2, 3, 3, 4, 5, 6, 7, 8]
    assert main(["config", "set", "board", "fake-hub"]) == 0
    capsys.readouterr()
    assert main(["hub", "status", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["state"] == "online"


def test_bad_settings_are_refused_with_the_reason_and_nothing_is_written(home, tmp_path, capsys):
    assert main(["config", "set", "language", "fr"]) == 2
    assert "'fr' is not a language Kaleun speaks; choose one of: en (English), de (German" in capsys.readouterr().err
    bad = tmp_path / "bad.toml"
    bad.write_text("[board]\nname = 'x'\nformat = 0\n[lamps]\ndriver = 'laser'\n", encoding="utf-8")
    assert main(["config", "set", "board", str(bad)]) == 2
    err = capsys.readouterr().err
    assert f"the board file {bad} cannot be used:" in err and "lamps.driver = 'laser' is not one of" in err
    assert main(["config", "set", "board", str(tmp_path / "missing.toml")]) == 2
    assert "cannot read the board file" in capsys.readouterr().err
    assert not (config_dir() / "settings.json").exists()


def test_a_damaged_settings_file_is_named_and_play_falls_back_to_the_default(home, capsys, caplog):
    path = config_dir() / "settings.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text('{"board": 7}', encoding="utf-8")
    assert main(["config", "show"]) == 2
    assert f"{path}: the setting 'board' must be text, got 7" in capsys.readouterr().err
    assert _table_board(None).name == "Simulated table"
    assert "settings ignored" in caplog.text
    path.write_text("{not json", encoding="utf-8")
    assert main(["config", "set", "language", "en"]) == 2
    assert f"{path}:1: not valid JSON" in capsys.readouterr().err
    assert path.read_text(encoding="utf-8") == "{not json"  # left as it is


@pytest.mark.parametrize("action", [["show"], ["set", "language", "de"], ["unset", "board"]])
def test_a_damaged_settings_file_is_told_once_by_kaleun_config(tmp_path, action):
    """`kaleun config` names the file and the reason once, not again as a warning of its own language lookup."""
    path = tmp_path / "settings.json"
    path.write_text('{"language": "de",', encoding="utf-8")
    result = run_kaleun("config", *action, home=tmp_path)
    assert result.returncode == 2, result.stderr
    assert result.stderr.count("not valid JSON") == 1, result.stderr
    assert f"kaleun config: {path}:1: not valid JSON (" in result.stderr
    assert "fix it or delete the file" in result.stderr
    assert path.read_text(encoding="utf-8") == '{"language": "de",'


def test_config_show_warns_of_a_value_a_table_cannot_use(home, tmp_path, capsys):
    """A board moved away since `kaleun config set board`, a volume or a language written by hand: `config show`
    listed them as set without a word, and the maker learnt of it only when the table did not come up."""
    board = tmp_path / "my-table.toml"
    board.write_text((BOARDS / "sim.toml").read_text(encoding="utf-8"), encoding="utf-8")
    assert main(["config", "set", "board", str(board)]) == 0
    assert main(["config", "show"]) == 0
    capsys.readouterr()
    board.unlink()
    settings = json.loads((config_dir() / "settings.json").read_text(encoding="utf-8"))
    (config_dir() / "settings.json").write_text(json.dumps({**settings, "volume": "7", "language": "fr"}),
                                                encoding="utf-8")
    assert main(["config", "show"]) == 1
    shown = capsys.readouterr().out.splitlines()
    assert shown[1:4] == [f"  board     {board}", "            the board file a table starts with when no --board is "
                          "given", "            warning: this value cannot be used (a table started without --board "
                          f"stops with this reason: set the board again, or unset it): the board file {board} cannot "
                          "be used:"]
    assert shown[4].startswith(f"            {board}: cannot read the board file")
    assert ("            warning: this value cannot be used (a table starts in English): 'fr' is not a language Kaleun "
            "speaks; choose one of: en (English)") in "\n".join(shown)
    assert shown[-1] == ("            warning: this value cannot be used (the board file's audio.volume applies): the "
                         "volume is a number from 0 to 1 or a percentage: for 7 percent write 7%")


def test_a_damaged_settings_file_is_told_once_by_kaleun_service_install(tmp_path):
    """The install's note names the damaged file and what the service's table does meanwhile; the warning of the
    command's own language lookup said the same problem once more before it."""
    path = tmp_path / "settings.json"
    path.write_text('{"language": "de",', encoding="utf-8")
    result = run_kaleun("service", "install", "--user", "--dry-run", home=tmp_path)
    assert result.returncode == 0, result.stderr
    assert result.stderr.count("not valid JSON") == 1, result.stderr
    assert (f"note: {path}:1: not valid JSON (") in result.stderr
    assert "until it is fixed the table starts with boards/sim.toml (everything simulated)" in result.stderr


def test_table_scripts_ignore_the_preferred_board(home, tmp_path):
    """A script gives the same event log on every machine: `kaleun run` keeps boards/sim.toml."""
    assert main(["config", "set", "board", str(BOARDS / "fake-hub.toml")]) == 0
    script = write_script(tmp_path / "s.jsonl", [{"t": 1, "do": "place", "figure": "engineer-square", "section": 5}])
    events = tmp_path / "e.jsonl"
    assert main(["run", "--script", str(script), "--events", str(events)]) == 0
    assert "hub_online" not in events.read_text(encoding="utf-8")


def test_play_refuses_an_unknown_language_and_a_full_screen_without_display(home, capsys, monkeypatch):
    assert main(["play", "--language", "klingon", "--headless"]) == 2
    assert "'klingon' is not a language Kaleun speaks" in capsys.readouterr().err
    monkeypatch.setattr("kaleun.ui.display.has_display", lambda **_: False)
    assert main(["play", "--fullscreen"]) == 1
    assert "--fullscreen needs a display and there is none" in capsys.readouterr().err
    assert not autosave_path().exists()  # nothing started


def test_a_full_screen_without_display_fails_without_saying_the_console_takes_over(home, capsys, caplog,
                                                                                    monkeypatch):
    """`kaleun play --fullscreen` (the service) fails without a display; its journal read `no display ...:
    using the console` and then that it fails: only the failure is said (the other line goes to `-v`)."""
    import logging

    caplog.set_level(logging.DEBUG)
    monkeypatch.delenv("SDL_VIDEODRIVER", raising=False)
    monkeypatch.setattr("kaleun.ui.display.video_drivers", lambda: [])
    assert main(["play", "--fullscreen"]) == 1
    assert "--fullscreen needs a display and there is none" in capsys.readouterr().err
    said = [str(r.msg) for r in caplog.records if r.levelno >= logging.INFO]
    assert not [line for line in said if "using the console" in line], said
    assert any("using the console" in str(r.msg) for r in caplog.records)  # kept for -v


def test_an_unknown_language_and_a_stop_signal_are_said_in_the_tables_preferred_language(home, capsys, monkeypatch):
    """A German table (`kaleun config set language de`): `--language klingon` was refused in English (the
    table's language was taken as English once the --language given was not one), and so was `kaleun:
    stopped by SIGINT (Ctrl-C)` from `main`. Both are said in the preferred language; a start that chose
    its language (`--language ru`) is stopped in that one."""
    from kaleun import cli
    from kaleun.runtime.signals import StopRequested

    assert main(["config", "set", "language", "de"]) == 0
    capsys.readouterr()
    assert main(["play", "--language", "klingon", "--headless"]) == 2
    assert "„klingon“ ist keine Sprache, die Kaleun spricht" in capsys.readouterr().err
    assert main(["missions", "--language", "klingon"]) == 2
    assert "„klingon“ ist keine Sprache, die Kaleun spricht" in capsys.readouterr().err

    def stopped(argv):
        raise StopRequested(signal.SIGINT)

    monkeypatch.setattr(cli, "_main", stopped)
    assert main(["play"]) == 128 + signal.SIGINT
    assert capsys.readouterr().err.strip() == "kaleun: durch SIGINT (Strg-C) angehalten"

    def stopped_after_choosing(argv):
        cli._TABLE_LANGUAGE["code"] = "ru"  # as cmd_play does once it has checked --language ru
        raise StopRequested(signal.SIGHUP)

    monkeypatch.setattr(cli, "_main", stopped_after_choosing)
    assert main(["play", "--language", "ru"]) == 128 + signal.SIGHUP
    assert capsys.readouterr().err.strip() == "kaleun: остановлено сигналом SIGHUP (терминал закрыт)"


def test_continue_takes_the_autosave_while_its_mission_runs(home, capsys):
    assert _unfinished_autosave() is None  # nothing saved: a new game
    game = new_game(7)
    game.advance_to(600)
    save_game(game, autosave_path())
    resumed = _unfinished_autosave()
    assert resumed is not None and resumed.seed == 7 and resumed.t == 600
    game.module("mission").end("lost", "test", "The boat is lost.")
    save_game(game, autosave_path())
    assert _unfinished_autosave() is None  # over: a new game starts
    Path(autosave_path()).write_text("{}", encoding="utf-8")
    assert _unfinished_autosave() is None
    assert "the autosave cannot be continued" in capsys.readouterr().err


def test_a_user_service_installed_with_sudo_is_refused_before_anything_is_written(tmp_path, monkeypatch):
    """Under sudo the maker's name is known (SUDO_USER), but `systemctl --user` would talk to
    root's systemd, not the maker's, and the unit's folders would belong to root: the install
    says to run it as the maker, and writes and runs nothing."""
    ran: list[tuple[str, ...]] = []

    def run(argv):
        ran.append(tuple(argv))
        return subprocess.CompletedProcess(argv, 0, "", "")

    unit = tmp_path / "home" / ".config" / "systemd" / "user" / "kaleun.service"
    user = dataclasses.replace(plan("user", None), unit_path=unit, user="maker")
    monkeypatch.setattr("kaleun.service.os.geteuid", lambda: 0)
    with pytest.raises(ServiceError, match="a user service belongs to the user who plays: run it as that user, "
                                           "without sudo"):
        install(user, [].append, run)
    assert ran == [] and not (tmp_path / "home").exists()


def test_the_install_says_which_board_the_service_will_start_with(home, tmp_path, capsys, monkeypatch):
    """The physical table, a Pi that starts by itself: the unit names no board, so the service starts with the preferred
    board of the user it runs as; a maker who never set one (or set it under sudo, as root) got the
    simulated table at boot without a word. The install reads that user's settings and says it."""
    settings = home / "settings.json"
    assert main(["service", "install", "--dry-run"]) == 0
    err = capsys.readouterr().err
    assert f"note: {MAKER} has no preferred board ({settings}), so the table starts with boards/sim.toml" in err
    board = tmp_path / "my-table.toml"
    board.write_text((BOARDS / "pi4-basic.toml").read_text(encoding="utf-8"), encoding="utf-8")
    assert main(["config", "set", "board", str(board)]) == 0
    capsys.readouterr()
    assert main(["service", "install", "--dry-run"]) == 0
    done = capsys.readouterr()
    assert done.err.strip().splitlines()[-1] == \
        f"the table starts with the preferred board of {MAKER}: {board} ({settings})"
    assert done.out.splitlines()[-1] == "# then: systemctl enable kaleun.service"  # the unit stays alone on stdout
    monkeypatch.delenv("KALEUN_HOME")  # a service without KALEUN_HOME reads the user's own config folder
    assert plan("system", None).settings == Path(pwd.getpwnam(MAKER).pw_dir) / ".config" / "kaleun" / "settings.json"


def test_a_user_service_on_a_desktop_that_waits_at_its_login_screen_is_told_to_log_in_by_itself(tmp_path):
    """The user service draws on the desktop's display, there once the desktop has logged the user
    in. With Desktop Autologin off the Pi waits at its login screen, and the table never showed:
    the service failed every 5 s without a word where the maker looks. The install says so when
    lightdm (Raspberry Pi OS's display manager) does not log the service's user in."""
    from kaleun.service import desktop_autologin

    user = dataclasses.replace(plan("user", None), user="maker")
    conf = tmp_path / "lightdm.conf"
    conf.write_text("[Seat:*]\n#autologin-user=\ngreeter-session=pi-greeter\n", encoding="utf-8")
    said = desktop_autologin(user, conf)
    assert said is not None and str(said) == (
        f"the desktop does not log maker in by itself (no autologin-user=maker in {conf}): the table shows only "
        "once maker has logged in. Turn on Desktop Autologin (sudo raspi-config, System Options, Boot / Auto Login)")
    conf.write_text("[Seat:*]\nautologin-user=someone-else\n", encoding="utf-8")
    assert desktop_autologin(user, conf) is not None
    conf.write_text("[Seat:*]\nautologin-user=maker\nautologin-session=LXDE-pi-labwc\n", encoding="utf-8")
    assert desktop_autologin(user, conf) is None  # as raspi-config's Desktop Autologin writes it
    assert desktop_autologin(user, tmp_path / "no-lightdm.conf") is None  # another desktop: nothing known
    assert desktop_autologin(plan("system", None), tmp_path / "lightdm.conf") is None  # KMS: no desktop at all


def pwm_board(folder: Path, pi: str = "pi4") -> Path:
    """pi4-basic with its strip on PWM (GPIO 18) instead of SPI, and the speaker on USB (PWM and the
    analogue jack share the Pi's PWM)."""
    text = (BOARDS / "pi4-basic.toml").read_text(encoding="utf-8")
    text = text.replace('driver = "neopixel_spi"', 'driver = "neopixel"\npin = 18').replace(
        'output = "analog"', 'output = "usb"').replace('pi = "pi4"', f'pi = "{pi}"')
    board = folder / f"pwm-{pi}.toml"
    board.write_text(text, encoding="utf-8")
    return board


def test_a_service_whose_strip_needs_root_and_runs_as_the_maker_is_warned_of_dark_lamps(home, tmp_path, capsys):
    """PWM NeoPixels on a Pi 4 (rpi_ws281x) need root; the service runs as the maker's user, so the
    lamps stayed dark at every boot and only the journal said why. The install warns, naming the
    SPI wiring that needs no root, for --board and for the preferred board alike."""
    maker = next((a.pw_name for a in pwd.getpwall() if a.pw_uid != 0), None)
    if maker is None:
        pytest.skip("no account other than root on this machine")
    board = pwm_board(tmp_path)
    from kaleun.boards.loader import load_board

    assert load_board(board).lamps.driver == "neopixel"  # the board itself is fine: board check passes it
    warning = (f"warning: the board drives its strip with PWM (lamps.driver = \"neopixel\"), which needs root on a "
               f"Pi before the 5, and the service runs as {maker}: its lamps would stay dark. Wire the strip's data "
               "to SPI MOSI (GPIO 10) and set lamps.driver = \"neopixel_spi\"")
    assert main(["service", "install", "--dry-run", "--as", maker, "--board", str(board)]) == 0
    assert warning in capsys.readouterr().err
    assert main(["config", "set", "board", str(board)]) == 0
    capsys.readouterr()
    assert main(["service", "install", "--user", "--dry-run", "--as", maker]) == 0
    assert warning in capsys.readouterr().err
    # the service as root, a Pi 5 (its PIO driver needs no root) and an SPI strip are not warned
    for argv in (["--as", "root", "--board", str(board)], ["--as", maker, "--board", str(pwm_board(tmp_path, "pi5"))],
                 ["--as", maker, "--board", str(BOARDS / "pi4-basic.toml")]):
        assert main(["service", "install", "--dry-run", *argv]) == 0
        assert "lamps would stay dark" not in capsys.readouterr().err


def test_the_install_speaks_the_tables_preferred_language(home, capsys):
    """Every other command a maker sets a table up with speaks the preferred language of `kaleun
    config`; the service install said its steps, its notes and its refusals in English only."""
    assert main(["config", "set", "language", "de"]) == 0
    capsys.readouterr()
    assert main(["service", "install", "--dry-run"]) == 0
    err = capsys.readouterr().err
    assert f"Hinweis: {MAKER} hat kein bevorzugtes Board ({home / 'settings.json'}), also startet der Tisch mit " \
           "boards/sim.toml (alles simuliert)" in err
    assert main(["service", "install", "--dry-run", "--as", "nobody-here-at-all"]) == 2
    assert capsys.readouterr().err.strip() == \
        "kaleun service install: auf diesem Rechner gibt es keinen Benutzer „nobody-here-at-all“"


def test_a_pygame_without_kmsdrm_is_named_by_the_install_and_by_a_full_screen_start(home, capsys, monkeypatch):
    """The system service draws with SDL_VIDEODRIVER=kmsdrm, and the pygame wheels from pip bring an
    SDL built without it: the service's `kaleun play --fullscreen` ended in a traceback ("kmsdrm not
    available") every 5 s and never showed the table. Both the install and the start say why."""
    from kaleun.ports import sdl

    wheel = ["x11", "wayland", "offscreen", "dummy", "evdev"]  # what pygame 2.6.1's wheels are built with
    monkeypatch.setattr(sdl, "built_video_drivers", lambda: wheel)
    monkeypatch.setenv("SDL_VIDEODRIVER", "kmsdrm")
    assert main(["play", "--fullscreen", "--mission", "training"]) == 1
    err = capsys.readouterr().err
    assert "kaleun: --fullscreen: SDL_VIDEODRIVER=kmsdrm, but the SDL inside this pygame was built without it (it " \
           "has x11, wayland, offscreen, dummy, evdev)" in err and "Traceback" not in err
    assert main(["service", "install", "--dry-run", "--board", str(BOARDS / "sim.toml")]) == 0
    assert "warning: the SDL inside this pygame has no kmsdrm" in capsys.readouterr().err
    monkeypatch.setattr(sdl, "built_video_drivers", lambda: [*wheel, "kmsdrm"])  # built on the OS's SDL2
    assert main(["service", "install", "--dry-run", "--board", str(BOARDS / "sim.toml")]) == 0
    assert "kmsdrm" not in capsys.readouterr().err


def test_the_sdl_video_drivers_pygame_was_built_with_are_read():
    from kaleun.ports.sdl import built_video_drivers

    assert "dummy" in (built_video_drivers() or [])


def test_config_set_language_refuses_an_unknown_code_without_echoing_a_pasted_page(home, capsys):
    """A page pasted by mistake as the language was echoed whole in the refusal (100,000 characters)."""
    assert main(["config", "set", "language", "x" * 100_000]) != 0
    err = capsys.readouterr().err
    assert f"'{'x' * 37}...' is not a language Kaleun speaks; choose one of: en (English)" in err
    assert len(err) < 400 and not (config_dir() / "settings.json").exists()


def _kaleun_to(stderr_path: Path, home: Path, *args: str, journal: bool) -> None:
    """`kaleun ARGS` with its stderr in `stderr_path`, as systemd's journal stream (JOURNAL_STREAM names its
    device and inode) or as a plain file a terminal stands for."""
    with open(stderr_path, "a", encoding="utf-8") as err:
        seen = os.fstat(err.fileno())
        extra = {"JOURNAL_STREAM": f"{seen.st_dev}:{seen.st_ino}"} if journal else {}
        env = {k: v for k, v in kaleun_env(home, **extra).items() if journal or k != "JOURNAL_STREAM"}
        subprocess.run([sys.executable, "-m", "kaleun", *args], stdout=subprocess.DEVNULL, stderr=err, env=env,
                       cwd=home, timeout=120, check=False)


def test_a_services_log_lines_carry_their_priority_for_journalctl(tmp_path):
    """The physical table, logging to the journal: under systemd each line on stderr carries its level as the
    journal's priority (sd-daemon(3): <3> error, <4> warning, <6> info), so `journalctl -p warning` shows the
    warnings and errors alone; the same lines at a terminal (or in a file) carry no marks."""
    home = tmp_path / "home"
    home.mkdir()
    (home / "settings.json").write_text('{"board": 7}', encoding="utf-8")  # a warning: settings ignored
    script = write_script(home / "s.jsonl", [{"t": 1, "do": "place", "figure": "engineer-square", "section": 5}])
    journal = tmp_path / "journal.txt"
    _kaleun_to(journal, home, "run", "--script", str(script), "--events", "e.jsonl", journal=True)
    _kaleun_to(journal, home, "run", "--script", str(script), "--events", str(script), journal=True)
    lines = journal.read_text(encoding="utf-8").splitlines()
    assert any(line.startswith("<4>WARNING kaleun.settings: settings ignored") for line in lines), lines
    assert any(line.startswith("<6>INFO kaleun: 3 events written") for line in lines), lines
    assert "<3>kaleun run: --events would overwrite the script itself" in lines  # a refusal is an error
    terminal = tmp_path / "terminal.txt"
    _kaleun_to(terminal, home, "run", "--script", str(script), "--events", "e2.jsonl", journal=False)
    said = terminal.read_text(encoding="utf-8").splitlines()
    assert said[0].startswith("WARNING kaleun.settings: settings ignored") and not any("<" in s[:3] for s in said)
    # stderr redirected elsewhere by the service's command is not the journal's stream: no marks there
    (tmp_path / "other.txt").write_text("", encoding="utf-8")
    other = os.stat(tmp_path / "other.txt")
    with open(tmp_path / "elsewhere.txt", "w", encoding="utf-8") as err:
        subprocess.run([sys.executable, "-m", "kaleun", "run", "--script", str(script), "--events", "e3.jsonl"],
                       stdout=subprocess.DEVNULL, stderr=err, cwd=home, timeout=120, check=False,
                       env=kaleun_env(home, JOURNAL_STREAM=f"{other.st_dev}:{other.st_ino}"))
    assert (tmp_path / "elsewhere.txt").read_text(encoding="utf-8").startswith("WARNING kaleun.settings")


def _crashed_under_systemd(tmp_path: Path, code: str) -> tuple[int, list[str]]:
    """Python `code` (with `kaleun.cli` as `cli`) run with its stderr as the journal's stream: its exit status and
    the lines the journal got."""
    home = tmp_path / "home"
    home.mkdir()
    journal = tmp_path / "journal.txt"
    with open(journal, "w", encoding="utf-8") as err:
        seen = os.fstat(err.fileno())
        done = subprocess.run([sys.executable, "-c", "import kaleun.cli as cli\n" + code], stdout=subprocess.DEVNULL,
                              stderr=err, cwd=home, timeout=120,
                              env=kaleun_env(home, JOURNAL_STREAM=f"{seen.st_dev}:{seen.st_ino}"))
    return done.returncode, journal.read_text(encoding="utf-8").splitlines()


def test_a_crash_under_systemd_is_critical_in_the_journal(tmp_path):
    """The physical table, logging to the journal: an error nothing caught ends the service (it restarts); its
    traceback is marked critical (<2>) line by line, so `journalctl -p warning` shows why it stopped."""
    status, lines = _crashed_under_systemd(tmp_path, "def boom(args): raise RuntimeError('the board caught fire')\n"
                                                     "cli.cmd_board_check = boom\n"
                                                     "cli.main(['board', 'check', 'sim'])\n")
    assert status == 1
    assert lines[0] == "<2>Traceback (most recent call last):" and lines[-1] == "<2>RuntimeError: the board caught fire"
    assert all(line.startswith("<2>") for line in lines), lines


def test_a_crash_on_another_thread_under_systemd_is_critical_in_the_journal(tmp_path):
    """The physical table, logging to the journal: an error nothing caught on one of the table's own threads (the
    autosave's, the hub link's) is marked critical (<2>) line by line as well, under the thread's name."""
    _, lines = _crashed_under_systemd(tmp_path, "import threading\n"
                                                "def boom(args):\n"
                                                "    def work(): raise RuntimeError('the reader shorted')\n"
                                                "    t = threading.Thread(target=work, name='hub-link')\n"
                                                "    t.start(); t.join(); return 0\n"
                                                "cli.cmd_board_check = boom\n"
                                                "raise SystemExit(cli.main(['board', 'check', 'sim']))\n")
    start = lines.index("<2>Exception in thread hub-link:")
    assert lines[start + 1] == "<2>Traceback (most recent call last):", lines
    assert "<2>RuntimeError: the reader shorted" in lines[start:], lines
    assert all(line.startswith("<") for line in lines), lines


def test_setting_a_board_with_dark_lamp_scenes_says_what_board_check_says(home, tmp_path, capsys):
    """The physical table (every state a lamp): `kaleun config set board F` keeps a board whose segments leave
    lamp scenes dark, and says the same warnings `kaleun board check F` says, so the maker learns of them before
    the table starts by itself with it."""
    board = tmp_path / "eight.toml"
    board.write_text('[board]\nname = "Eight"\nformat = 0\n[lamps]\npixels = 8\n'
                     'segments = { "section.1" = [0, 4], "section.2" = [4, 4] }\n', encoding="utf-8")
    assert main(["board", "check", str(board)]) == 0
    checked = [line for line in capsys.readouterr().err.splitlines() if line.startswith("warning: ")]
    assert any("light 'alarm': the board has no such segment" in line for line in checked), checked
    assert main(["config", "set", "board", str(board)]) == 0
    out, err = capsys.readouterr()
    assert f"board = {board.resolve()}" in out
    assert [line for line in err.splitlines() if line.startswith("warning: ")] == checked
    assert json.loads((config_dir() / "settings.json").read_text(encoding="utf-8"))["board"] == str(board.resolve())
    assert main(["config", "set", "board", str(BOARDS / "pi4-basic.toml")]) == 0
    assert "warning" not in capsys.readouterr().err  # a shipped board lights every scene


def test_a_preferred_language_this_kaleun_does_not_speak_is_ignored_with_a_warning_and_the_table_starts(tmp_path):
    """`settings.json` holding a language this Kaleun does not speak (a newer one's, one written by hand)
    is a damaged setting: the table starts in English and says which file to fix, as for any damaged
    setting. It stopped every start with `'fr' is not a language Kaleun speaks`, naming neither the file
    nor the setting, so a table started by its service at boot never came up. `--language fr` is still
    refused."""
    (tmp_path / "settings.json").write_text('{"language": "fr"}')
    done = subprocess.run([sys.executable, "-m", "kaleun", "play", "--console", "--seed", "1"], input="quit\n",
                          capture_output=True, text=True, env=kaleun_env(tmp_path), cwd=tmp_path, timeout=120)
    assert done.returncode == 0, done.stderr
    assert f"settings ignored: {tmp_path / 'settings.json'}: 'fr' is not a language Kaleun speaks" in done.stderr
    assert "Game saved" in done.stdout and (tmp_path / "autosave.json").is_file()
    refused = subprocess.run([sys.executable, "-m", "kaleun", "resume", "--console", "--language", "fr"],
                             input="quit\n", capture_output=True, text=True, env=kaleun_env(tmp_path), cwd=tmp_path,
                             timeout=120)
    assert refused.returncode == 2 and "'fr' is not a language Kaleun speaks" in refused.stderr, refused.stderr


def nobody(root_to_give: str = "") -> pwd.struct_passwd:
    """The account 'nobody', as whom a service is installed; the test is skipped where there is none, and where
    the tests do not run as root when it must give `root_to_give` (a file, a folder) to another account."""
    try:
        other = pwd.getpwnam("nobody")
    except KeyError:
        pytest.skip("no account 'nobody' on this machine")
    if root_to_give and (os.getuid() != 0 or other.pw_uid == 0):
        pytest.skip(f"giving {root_to_give} takes root")
    return other


def test_a_service_run_as_a_user_who_cannot_read_the_board_or_kaleun_is_warned(home, capsys):
    """`service install --as USER` wrote a unit whose table USER cannot start: a board (or a venv)
    kept in another user's home of mode 700 failed the service at every boot, said only in the
    journal. The install names the folder that bars the way, or the file USER cannot read."""
    import tempfile

    other = nobody()
    if other.pw_uid == os.getuid():
        pytest.skip("the tests run as nobody")
    # a folder every user reaches (pytest's own temporary folder is its owner's alone)
    open_folder = Path(tempfile.mkdtemp(prefix="kaleun-service-"))
    try:
        open_folder.chmod(0o755)
        private = open_folder / "private"
        private.mkdir()
        board = private / "my-table.toml"
        shutil.copy(BOARDS / "sim.toml", board)
        private.chmod(0o700)
        install = ["service", "install", "--dry-run", "--board", str(board), "--as"]
        assert main([*install, "nobody"]) == 0
        assert (f"warning: nobody cannot reach {board}: the folder {private} (mode 700) bars the way, so the table "
                "would fail at every boot") in capsys.readouterr().err
        # a board nobody may pass to but not read is named itself
        private.chmod(0o711)
        board.chmod(0o600)
        assert main([*install, "nobody"]) == 0
        assert (f"warning: nobody cannot read {board} (mode 600), which the service needs: the table would fail at "
                "every boot") in capsys.readouterr().err
        # readable by all: not a word about it; and the owner is never warned
        board.chmod(0o644)
        assert main([*install, "nobody"]) == 0
        assert f"{board}:" not in capsys.readouterr().err
        private.chmod(0o700)
        board.chmod(0o600)
        assert main([*install, MAKER]) == 0
        err = capsys.readouterr().err
        assert "cannot reach" not in err and "cannot read" not in err
    finally:
        open_folder.chmod(0o700)
        shutil.rmtree(open_folder)


def test_the_access_check_reads_the_one_class_of_bits_the_kernel_reads_and_the_units_own_groups(home, capsys):
    """The kernel reads one class of a file's mode bits for a user: the owner's, else the group's
    when the user is in the file's group, else the others'. A board of mode 604 in the group of the
    service's user is barred to it though the others may read it, and "chmod o+r" would not help;
    a board of mode 640 in a group the system unit adds (SupplementaryGroups=) is read by the
    service, and is not warned of (a user service gets no such group)."""
    import grp
    import tempfile

    from kaleun.service import existing_groups

    other = nobody(root_to_give="a file to another group")
    added = [name for name in existing_groups() if other.pw_name not in grp.getgrnam(name).gr_mem
             and grp.getgrnam(name).gr_gid != other.pw_gid]
    open_folder = Path(tempfile.mkdtemp(prefix="kaleun-service-"))
    try:
        open_folder.chmod(0o755)
        board = open_folder / "my-table.toml"
        shutil.copy(BOARDS / "sim.toml", board)
        os.chown(board, -1, other.pw_gid)  # the group of the service's user: its bits bar it
        board.chmod(0o604)
        assert main(["service", "install", "--dry-run", "--board", str(board), "--as", "nobody"]) == 0
        err = capsys.readouterr().err
        assert (f"warning: nobody cannot read {board} (mode 604), which the service needs: the table would fail at "
                f"every boot. Give nobody access (chmod g+r {board})") in err
        if added:
            os.chown(board, -1, grp.getgrnam(added[0]).gr_gid)
            board.chmod(0o640)
            assert main(["service", "install", "--dry-run", "--board", str(board), "--as", "nobody"]) == 0
            assert f"cannot read {board}" not in capsys.readouterr().err
            assert main(["service", "install", "--user", "--dry-run", "--board", str(board), "--as", "nobody"]) == 0
            assert (f"nobody cannot read {board} (mode 640), which the service needs: the table would fail at every "
                    f"boot. Give nobody access (chmod o+r {board})") in capsys.readouterr().err
    finally:
        shutil.rmtree(open_folder)


def test_config_show_says_every_default_in_the_tables_language(home, capsys):
    """`kaleun config show` in German names the volume's default in German too, not in English."""
    assert main(["config", "set", "language", "de"]) == 0
    capsys.readouterr()
    assert main(["config", "show"]) == 0
    shown = capsys.readouterr().out
    assert "nicht eingestellt (Vorgabe: audio.volume der Board-Datei)" in shown, shown
    assert "the board file's" not in shown


def test_a_service_whose_user_cannot_write_the_tables_folder_is_warned(tmp_path, monkeypatch, capsys):
    """A kiosk keeps the table in KALEUN_HOME; a folder made by root there (or a parent the service's
    user may not write in) stopped the table at every boot ("cannot use ..."), said only in the
    journal. The install names the folder and how to make it the user's."""
    import tempfile

    other = nobody(root_to_give="a folder to another user")
    open_folder = Path(tempfile.mkdtemp(prefix="kaleun-service-"))
    try:
        open_folder.chmod(0o755)
        kiosk = open_folder / "table"
        monkeypatch.setenv("KALEUN_HOME", str(kiosk))
        install = ["service", "install", "--dry-run", "--board", "sim", "--as"]
        assert main([*install, "nobody"]) == 0  # not made yet, in a folder of root's
        assert (f"warning: nobody cannot write in {open_folder} (mode 755), where the table keeps its games and "
                f"settings ({kiosk}): the table would fail at every boot. Make {kiosk} a folder of nobody's "
                f"(sudo install -d -o nobody {kiosk})") in capsys.readouterr().err
        kiosk.mkdir()  # made by root
        assert main([*install, "nobody"]) == 0
        assert f"warning: nobody cannot write in {kiosk} (mode 755)" in capsys.readouterr().err
        os.chown(kiosk, other.pw_uid, -1)  # as the warning says: now it is nobody's
        assert main([*install, "nobody"]) == 0
        assert "cannot write" not in capsys.readouterr().err
        open_folder.chmod(0o700)  # a parent nobody cannot pass
        assert main([*install, "nobody"]) == 0
        assert (f"warning: nobody cannot reach {kiosk}: the folder {open_folder} (mode 700) bars the way"
                ) in capsys.readouterr().err
        assert main([*install, "root"]) == 0
        err = capsys.readouterr().err
        assert "cannot write" not in err and "cannot reach" not in err
    finally:
        open_folder.chmod(0o700)
        shutil.rmtree(open_folder)


def test_the_install_ends_by_naming_kaleun_service_status(home, tmp_path, capsys, monkeypatch):
    """A Pi that starts by itself: after the install's steps, notes and warnings, its last line tells the maker the
    command that shows later whether the service is enabled and running, and with which board."""
    from kaleun import service

    monkeypatch.setattr(service, "SYSTEM_DIR", tmp_path / "etc-systemd-system")
    monkeypatch.setattr("kaleun.service.os.geteuid", lambda: 0)
    real = service.install  # systemctl as systemd answers it: every step done
    monkeypatch.setattr(service, "install", lambda p, say: real(p, say, lambda argv: subprocess.CompletedProcess(
        argv, 0, "", "")))
    assert main(["service", "install", "--system", "--as", "root", "--board", str(BOARDS / "sim.toml")]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == f"wrote {tmp_path / 'etc-systemd-system' / 'kaleun.service'}", out
    assert out[-1] == ("to see at any time whether it is enabled and running, with which board: kaleun service "
                       "status"), out
    assert main(["service", "install", "--system", "--as", "root", "--dry-run"]) == 0
    assert "kaleun service status" not in capsys.readouterr().out  # the dry run's stdout is the unit alone


def test_the_help_of_kaleun_config_set_names_every_settings_value(capsys):
    """`kaleun config set --help` said "its value: a board file, a language code" while it also sets the volume:
    each setting's kind of value is named."""
    with pytest.raises(SystemExit):
        main(["config", "set", "--help"])
    said = " ".join(capsys.readouterr().out.split())
    assert "its value: a board file (or a shipped board's name), a language code, a volume (0 to 1, or 60%)" in said
