"""A Pi that starts the table by itself: `kaleun service status` tells a maker who left the table running whether its
service is installed, up to date with this Kaleun, enabled and running, and where its log is; where systemd cannot be
asked (no systemd, as in a container), it says so instead of guessing. systemd itself is played by a stand-in that
answers `systemctl show` as systemd does."""

from __future__ import annotations

import pwd
import shlex
import subprocess
import sys

from kaleun import service
from kaleun.cli import main
from servicekit import BOARD, RUNNING, installed, systemd


def test_a_running_system_service_is_shown_with_its_board_and_log(units, monkeypatch, capsys):
    unit = installed("system")
    asked = systemd(monkeypatch, system=RUNNING)
    assert main(["service", "status"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[:8] == [
        f"system service ({unit}):",
        f"  installed: runs {sys.executable} as root",
        f"  the table starts with the board {service.board_reference(BOARD)}",
        "  up to date with this Kaleun",
        "  enabled: the table starts at boot",
        "  running since Sat 2026-11-28 05:00:01 UTC (process 812)",
        "  its log: journalctl -u kaleun -f   (its warnings and errors alone: journalctl -u kaleun -p warning)",
        f"user service ({units / 'maker' / '.config' / 'systemd' / 'user' / 'kaleun.service'}):"], out
    assert out[8].startswith("  not installed (") and out[8].endswith("-m kaleun service install --user)"), out
    assert asked == [["systemctl", "show", "kaleun.service", "-p", ",".join(service.SHOWN)]]


def test_without_systemd_it_says_what_could_not_be_asked_and_fails(units, monkeypatch, capsys):
    """Here (a container) systemctl is there, but no systemd runs: the unit's own facts are shown, and whether it is
    enabled and running is said to be unknown, with systemctl's reason; the command does not claim all is well."""
    installed("system")

    def no_systemd(argv):
        return subprocess.CompletedProcess(argv, 1, "", "System has not been booted with systemd as init system (PID "
                                           "1). Can't operate.\nFailed to connect to bus: Host is down\n")

    monkeypatch.setattr(service, "_run", no_systemd)
    assert main(["service", "status"]) == 1
    out = capsys.readouterr().out
    assert ("  warning: whether it is enabled and running is unknown: systemd could not be asked (systemctl answered: "
            "System has not been booted with systemd as init system (PID 1). Can't operate. Failed to connect to bus: "
            "Host is down)\n") in out, out
    assert "  up to date with this Kaleun\n" in out and "its log: journalctl -u kaleun -f" in out

    def no_systemctl(argv):
        raise FileNotFoundError(2, "No such file or directory", "systemctl")

    monkeypatch.setattr(service, "_run", no_systemctl)
    assert main(["service", "status"]) == 1
    assert ("unknown: systemd could not be asked (there is no systemctl on this machine)"
            in capsys.readouterr().out)


def test_no_service_installed_is_said_with_the_commands_that_install_one(units, monkeypatch, capsys):
    asked = systemd(monkeypatch, system=RUNNING, user=RUNNING)
    assert main(["service", "status"]) == 1
    out = capsys.readouterr().out
    python = shlex.quote(sys.executable)
    assert f"  not installed (sudo {python} -m kaleun service install --system)\n" in out, out
    assert f"  not installed ({python} -m kaleun service install --user)\n" in out, out
    assert out.endswith("no service is installed: the table does not start by itself (host/README.md, \"A Pi that "
                        "starts the table by itself\")\n"), out
    assert asked == []  # nothing to ask systemd about


def test_an_outdated_unit_a_disabled_one_and_one_systemd_has_not_read_again_are_told_what_to_do(units, monkeypatch,
                                                                                                 capsys):
    unit = installed("system")
    unit.write_text(unit.read_text(encoding="utf-8").replace("Environment=KALEUN_SERVICE=system\n", ""),
                    encoding="utf-8")
    systemd(monkeypatch, system={**RUNNING, "UnitFileState": "disabled", "NeedDaemonReload": "yes"})
    assert main(["service", "status"]) == 1
    out = capsys.readouterr().out
    assert (f"  warning: the service's unit {unit} was written by an older Kaleun (or changed by hand) and lacks "
            "what this one expects (Environment=KALEUN_SERVICE=system); bring it up to date") in out, out
    assert ("  warning: the unit changed since systemd read it: sudo systemctl daemon-reload, then sudo systemctl "
            "restart kaleun.service (which saves the game)\n") in out, out
    assert ("  warning: not enabled (disabled): the table does not start at boot; sudo systemctl enable "
            "kaleun.service\n") in out, out
    systemd(monkeypatch, system={**RUNNING, "UnitFileState": "masked", "ActiveState": "inactive", "SubState": "dead"})
    assert main(["service", "status"]) == 1
    assert ("  warning: masked: nothing starts the table, not even by hand; sudo systemctl unmask kaleun.service, then "
            "sudo systemctl enable --now kaleun.service\n") in capsys.readouterr().out
    systemd(monkeypatch, system={**RUNNING, "LoadState": "not-found"})
    assert main(["service", "status"]) == 1
    assert ("  warning: systemd has not read the unit yet: sudo systemctl daemon-reload, then sudo systemctl enable "
            "--now kaleun.service\n") in capsys.readouterr().out


def test_a_table_that_keeps_failing_or_failed_names_its_log_of_warnings(units, monkeypatch, capsys):
    installed("user")
    systemd(monkeypatch, user={**RUNNING, "ActiveState": "activating", "SubState": "auto-restart", "MainPID": "0",
                               "NRestarts": "7", "Result": "exit-code", "ExecMainStatus": "1"})
    assert main(["service", "status"]) == 1
    out = capsys.readouterr().out
    assert ("  warning: not running: it ended (exit-code, exit status 1), and systemd starts it again in a few "
            "seconds (started again 7 times so far); why: journalctl --user -u kaleun -p warning -n 50\n") in out, out
    systemd(monkeypatch, user={**RUNNING, "ActiveState": "failed", "SubState": "failed", "Result": "exit-code",
                               "ExecMainStatus": "2"})
    assert main(["service", "status"]) == 1
    assert ("  warning: failed: it ended (exit-code, exit status 2); why: journalctl --user -u kaleun -p warning -n "
            "50; start it again: systemctl --user restart kaleun.service\n") in capsys.readouterr().out
    systemd(monkeypatch, user={**RUNNING, "ActiveState": "inactive", "SubState": "dead"})
    assert main(["service", "status"]) == 1
    assert "  warning: not running (inactive/dead): systemctl --user start kaleun.service\n" in capsys.readouterr().out
    systemd(monkeypatch, user={**RUNNING, "NRestarts": "1"})
    assert main(["service", "status"]) == 0  # running again: said, not a failure
    assert ("  systemd started the table again 1 time since the service was started: it ended by itself (a crew's "
            "Save and quit, or a failure); why: journalctl --user -u kaleun -p warning -n 50\n"
            in capsys.readouterr().out)


def test_a_service_without_a_board_whose_user_has_none_preferred_is_a_warning(units, monkeypatch, capsys):
    installed("user", board=None)
    systemd(monkeypatch, user=RUNNING)
    assert main(["service", "status"]) == 1
    out = capsys.readouterr().out
    assert "  warning: maker has no preferred board (" in out and "the table starts with boards/sim.toml" in out, out
    assert main(["config", "set", "board", BOARD]) == 0
    capsys.readouterr()
    assert main(["service", "status"]) == 0
    assert f"  the table starts with the preferred board of maker: {BOARD} (" in capsys.readouterr().out


def test_both_kinds_installed_is_a_warning(units, monkeypatch, capsys):
    installed("system")
    installed("user")
    systemd(monkeypatch, system=RUNNING, user=RUNNING)
    assert main(["service", "status"]) == 1
    assert "warning: both a system and a user service are installed" in capsys.readouterr().out


def test_as_root_the_users_own_systemd_is_not_asked(units, monkeypatch, capsys):
    installed("user")
    asked = systemd(monkeypatch, user=RUNNING)
    monkeypatch.setattr("kaleun.service.os.geteuid", lambda: 0)
    assert main(["service", "status"]) == 1
    assert ("unknown: systemd could not be asked (as root, systemctl --user would ask root's own systemd, not the "
            "user's: run kaleun service status as the user, without sudo)") in capsys.readouterr().out
    assert asked == []


def test_a_unit_that_runs_no_kaleun_or_cannot_be_read_is_said(units, monkeypatch, capsys):
    unit = units / "etc-systemd-system" / "kaleun.service"
    unit.write_text("[Service]\nExecStart=/usr/bin/true\n", encoding="utf-8")
    systemd(monkeypatch, system=RUNNING)
    assert main(["service", "status"]) == 1
    out = capsys.readouterr().out
    assert (f"  warning: {unit} runs no Kaleun (changed by hand, or another program's): kaleun service install writes "
            "it anew\n") in out, out
    assert "up to date" not in out, out
    unit.write_bytes(b"\xff\xfe")
    assert main(["service", "status"]) == 1
    assert f"  warning: cannot read {unit} (" in capsys.readouterr().out


def test_the_status_speaks_the_preferred_language(units, monkeypatch, capsys):
    installed("system")
    systemd(monkeypatch, system=RUNNING)
    assert main(["config", "set", "language", "de"]) == 0
    capsys.readouterr()
    assert main(["service", "status"]) == 0
    out = capsys.readouterr().out
    assert "Systemdienst (" in out and "aktiviert: der Tisch startet beim Booten" in out, out


def test_a_table_started_before_an_update_is_told_to_restart(units, monkeypatch, capsys):
    """A maker updates Kaleun (`git pull`, `pip install`) while the service runs the table: it goes on with the code it
    loaded at its start, and nothing said so. The status compares this Kaleun's files with that start."""
    import os
    import time

    installed("system")
    package = units / "package"
    (package / "ui").mkdir(parents=True)
    changed = package / "ui" / "window.py"
    changed.write_text("# updated\n", encoding="utf-8")
    monkeypatch.setattr(service, "PACKAGE", package)
    since_boot = time.monotonic()  # systemd's clock for the start: the table started half-way since the boot
    systemd(monkeypatch, system={**RUNNING, "ExecMainStartTimestampMonotonic": str(int(since_boot / 2 * 1e6))})
    assert main(["service", "status"]) == 1
    assert (f"  warning: the table runs the Kaleun it started with: this Kaleun changed since ({changed}, an update); "
            "sudo systemctl restart kaleun.service runs it (saving the game first)\n") in capsys.readouterr().out
    before_boot = time.time() - since_boot - 60
    os.utime(changed, (before_boot, before_boot))  # the update came before the table's start
    assert main(["service", "status"]) == 0
    assert "changed since" not in capsys.readouterr().out
    os.utime(changed, None)
    systemd(monkeypatch, system={**RUNNING, "ExecMainStartTimestampMonotonic": "0"})  # systemd does not say
    assert main(["service", "status"]) == 0
    capsys.readouterr()


def test_a_unit_that_runs_another_kaleun_is_not_compared_with_this_ones_files(units, monkeypatch, capsys):
    import time

    p = service.plan("system", BOARD, "root", python=str(units / "other-venv" / "bin" / "python"))
    p.unit_path.write_text(p.text, encoding="utf-8")
    package = units / "package"
    package.mkdir()
    (package / "cli.py").write_text("# updated\n", encoding="utf-8")
    monkeypatch.setattr(service, "PACKAGE", package)
    systemd(monkeypatch, system={**RUNNING, "ExecMainStartTimestampMonotonic": str(int(time.monotonic() / 2 * 1e6))})
    main(["service", "status"])
    assert "changed since" not in capsys.readouterr().out


def test_the_board_is_read_from_the_settings_the_services_table_reads(units, monkeypatch, capsys):
    """A unit installed without KALEUN_HOME reads its user's config folder, whatever KALEUN_HOME the terminal that
    asks has (a kiosk folder set up for trying things): the status named the board set there."""
    monkeypatch.delenv("KALEUN_HOME")  # installed without one
    installed("user", board=None)
    monkeypatch.setenv("KALEUN_HOME", str(units / "elsewhere"))
    assert main(["config", "set", "board", BOARD]) == 0  # in the terminal's folder, not the service's
    systemd(monkeypatch, user=RUNNING)
    capsys.readouterr()
    assert main(["service", "status"]) == 1
    settings = units / "maker" / ".config" / "kaleun" / "settings.json"
    assert f"  warning: maker has no preferred board ({settings})" in capsys.readouterr().out
    settings.parent.mkdir(parents=True)
    settings.write_text(f'{{"board": "{BOARD}"}}', encoding="utf-8")
    assert main(["service", "status"]) == 0
    assert f"the table starts with the preferred board of maker: {BOARD} ({settings})" in capsys.readouterr().out


def test_settings_this_user_may_not_read_are_not_said_to_start_the_simulated_table(units, monkeypatch, capsys):
    """A maker asks about a service that runs as another user, whose settings are private: the table reads them as
    their user, so the status does not claim they are damaged and the table falls back to boards/sim.toml; it says
    they could not be read here, why, and how to ask so they can be (with sudo, or as that user)."""
    installed("system", board=None)  # runs as root, asked about by the maker
    systemd(monkeypatch, system=RUNNING)
    import kaleun.settings

    def private(path, limit):
        raise PermissionError(13, "Permission denied", str(path))

    monkeypatch.setattr(kaleun.settings, "read_file", private)
    monkeypatch.setattr("kaleun.service.pwd.getpwuid", lambda uid: pwd.struct_passwd(
        ("maker", "x", 1000, 1000, "", str(units / "maker"), "/bin/bash")))
    assert main(["service", "status"]) == 1
    out = capsys.readouterr().out
    settings = units / "table" / "settings.json"
    assert (f"  warning: which board the table starts with is unknown: maker may not read the settings of root "
            f"({settings}: Permission denied), where their preferred board is kept; to see it, run kaleun service "
            "status with sudo, or as root\n") in out, out
    assert "sim.toml" not in out and "fix it or delete it" not in out, out
