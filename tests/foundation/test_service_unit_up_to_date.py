"""A Pi that starts the table by itself (the service): a maker who updates Kaleun on a running table keeps the unit an
older Kaleun wrote, which lacks what the newer code expects of its service (KALEUN_SERVICE, by which the window offers
the crew's shut-down; exit status 3, after which the unit does not start the table again). Nothing said so, so the
table's Power off came back 5 s later. `kaleun service install --dry-run`, `kaleun hw check` and a table's start
under systemd now notice a unit that differs from what `kaleun service install` writes now and give the exact command
that writes it anew, keeping its board, user and folder."""

from __future__ import annotations

import logging
import shlex

import pytest
from kaleun import service
from kaleun.cli import _say_outdated_service, main
from servicekit import BOARD, older
from servicekit import install_command as command


def test_the_dry_run_says_an_installed_unit_of_an_older_kaleun_and_the_command_that_writes_it_anew(units_at_home,
                                                                                                     capsys):
    p = service.plan("system", BOARD, "root")
    assert p.unit_path == units_at_home / "etc-systemd-system" / "kaleun.service"
    p.unit_path.write_text(older(p.text))
    # the maker looks at what an install would write now, without the board the table was installed with
    assert main(["service", "install", "--dry-run"]) == 0
    said = capsys.readouterr().err
    board = service.board_reference(BOARD)
    assert (f"note: the service's unit {p.unit_path} was written by an older Kaleun (or changed by hand) and lacks "
            "what this one expects (Environment=KALEUN_SERVICE=system); bring it up to date, keeping its board and "
            f"user: sudo {command('--system', '--board', board, '--as', 'root')}") in said, said
    p.unit_path.write_text(p.text)  # brought up to date: nothing said
    assert main(["service", "install", "--dry-run"]) == 0
    assert "service's unit" not in capsys.readouterr().err


def test_hw_check_says_an_older_user_service_with_its_table_folder(units_at_home, monkeypatch, capsys):
    kept = units_at_home / "table 100%"
    monkeypatch.setenv("KALEUN_HOME", str(kept))
    text = service.unit_text("user", service.command_line(None), kaleun_home=str(kept))
    monkeypatch.delenv("KALEUN_HOME")
    unit = units_at_home / "maker" / ".config" / "systemd" / "user" / "kaleun.service"
    unit.parent.mkdir(parents=True)
    unit.write_text(older(text))
    assert main(["hw", "check", "--board", BOARD, "--auto", "--only", "dials:telegraph"]) == 0
    said = capsys.readouterr().err
    assert (f"the service's unit {unit} was written by an older Kaleun (or changed by hand) and lacks what this one "
            "expects (Environment=KALEUN_SERVICE=user); bring it up to date, keeping its board and user: "
            f"KALEUN_HOME={shlex.quote(str(kept))} {command('--user')}") in said, said
    unit.write_text(text)
    assert main(["hw", "check", "--board", BOARD, "--auto", "--only", "dials:telegraph"]) == 0
    assert "service's unit" not in capsys.readouterr().err


def test_a_table_its_older_unit_started_says_so_in_the_journal(units_at_home, monkeypatch, caplog):
    p = service.plan("system", None, "root")
    p.unit_path.write_text(older(p.text))
    caplog.set_level(logging.WARNING, logger="kaleun")
    groups = units_at_home / "cgroup"
    monkeypatch.setattr(service, "CGROUP", groups)
    groups.write_text("0::/user.slice/user-1000.slice/session-3.scope\n")
    monkeypatch.delenv("INVOCATION_ID", raising=False)
    monkeypatch.delenv("KALEUN_SERVICE", raising=False)
    _say_outdated_service("en")  # started by hand: the maker's own business
    assert not caplog.records
    groups.write_text("0::/system.slice/kaleun.service\n")  # systemd started it, with no KALEUN_SERVICE (old unit)
    monkeypatch.setenv("INVOCATION_ID", "0123456789abcdef")
    _say_outdated_service("en")
    said = [r.getMessage() for r in caplog.records]
    assert len(said) == 1, said
    assert said[0].startswith(f"the service's unit {p.unit_path} was written by an older Kaleun"), said
    assert said[0].endswith(f"sudo {command('--system', '--as', 'root')}"), said


@pytest.mark.parametrize("groups", [
    "0::/user.slice/user-1000.slice/user@1000.service/app.slice/run-u42.service\n",  # systemd-run --user --pty
    "0::/system.slice/other-kiosk.service\n",  # another program's service
    "1:name=systemd:/system.slice/kaleun.service.d\n",  # a name that only begins like ours
])
def test_a_kaleun_under_another_systemd_unit_is_not_taken_for_the_tables_service(units_at_home, monkeypatch, caplog,
                                                                                 groups):
    """systemd gives every unit an INVOCATION_ID, also a maker's terminal under `systemd-run` and another program's
    service: a Kaleun started there was taken for the table's service and warned in its log of the installed
    units. Only our own marker (KALEUN_SERVICE) or the unit named after us counts."""
    service.plan("system", None, "root").unit_path.write_text("[Service]\nExecStart=/usr/bin/python3 -m kaleun play\n")
    caplog.set_level(logging.WARNING, logger="kaleun")
    path = units_at_home / "cgroup"
    path.write_text(groups)
    monkeypatch.setattr(service, "CGROUP", path)
    monkeypatch.setenv("INVOCATION_ID", "0123456789abcdef")
    monkeypatch.delenv("KALEUN_SERVICE", raising=False)
    assert not service.under_a_service()
    _say_outdated_service("en")
    assert not caplog.records
    monkeypatch.setenv("KALEUN_SERVICE", "system")  # a unit `kaleun service install` wrote
    assert service.under_a_service()
    path.unlink()  # no /proc to read: the marker alone says it
    assert service.under_a_service()
    monkeypatch.setenv("KALEUN_SERVICE", "banana")
    assert not service.under_a_service()


def test_a_unit_of_ours_on_cgroup_v1_is_recognised(units_at_home, monkeypatch):
    path = units_at_home / "cgroup"
    path.write_text("12:pids:/system.slice/kaleun.service\n1:name=systemd:/system.slice/kaleun.service\n")
    monkeypatch.setattr(service, "CGROUP", path)
    monkeypatch.delenv("KALEUN_SERVICE", raising=False)
    assert service.under_a_service()


def test_a_unit_that_is_not_kaleuns_or_cannot_be_read_is_left_alone(units_at_home):
    unit = units_at_home / "etc-systemd-system" / "kaleun.service"
    unit.write_text("[Service]\nExecStart=/usr/bin/true\n")
    assert service.outdated("system", unit) is None
    unit.write_text("[Service]\nExecStart='/opt/kaleun -m kaleun\n")  # an unclosed quote
    assert service.outdated("system", unit) is None
    unit.write_bytes(b"\xff\xfe")
    assert service.outdated("system", unit) is None
    assert service.outdated("system", units_at_home / "none.service") is None


def test_an_install_over_a_unit_says_to_restart_the_table_that_runs_now(units_at_home, monkeypatch):
    """`systemctl start`, which the install names, does nothing to a table the service runs: after an update it went on
    with the old Kaleun and unit. An install over an installed unit names the restart (which saves the game first)."""
    import subprocess

    def run(argv):
        return subprocess.CompletedProcess(argv, 0, "", "")

    monkeypatch.setattr("kaleun.service.os.geteuid", lambda: 0)
    p = service.plan("system", None, "root")
    said: list[str] = []
    service.install(p, lambda line: said.append(str(line)), run)
    assert not any("restart" in line for line in said), said  # a first install: start is all it takes
    p.unit_path.write_text(older(p.text))
    said.clear()
    service.install(p, lambda line: said.append(str(line)), run)
    assert p.unit_path.read_text() == p.text and service.outdated("system", p.unit_path) is None
    assert (f"{p.unit_path} was installed before: a table the service runs now goes on with the Kaleun and the unit it "
            "started with until sudo systemctl restart kaleun.service, which saves its game and starts it again with "
            "these") in said, said
