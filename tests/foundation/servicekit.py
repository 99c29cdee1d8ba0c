"""A Pi that starts the table by itself, as the service tests set it up: the system's units folder and the maker's home
are folders of the test, the command runs as the maker (uid 1000), and systemd is played by a stand-in that answers
`systemctl show` as systemd does. The fixtures `units` and `units_at_home` (tests/foundation/conftest.py) build it;
the helpers here install a unit, play systemd and write a unit as an older Kaleun did."""

from __future__ import annotations

import pwd
import shlex
import subprocess
import sys
from pathlib import Path

import pytest
from kaleun import service
from kit import BOARDS

BOARD = str(BOARDS / "sim.toml")
#: what systemd answers for a service that runs the table (`systemctl show kaleun.service -p ...`)
RUNNING = {"LoadState": "loaded", "UnitFileState": "enabled", "ActiveState": "active", "SubState": "running",
           "MainPID": "812", "NRestarts": "0", "NeedDaemonReload": "no",
           "ActiveEnterTimestamp": "Sat 2026-11-28 05:00:01 UTC", "Result": "success", "ExecMainStatus": "0"}


def set_up(folder: Path, monkeypatch: pytest.MonkeyPatch, table: Path | None) -> Path:
    """The system's units in `folder`/etc-systemd-system, the maker's home in `folder`/maker (HOME, and the account of
    the maker, uid 1000, who runs the command), and the table kept in `table` (KALEUN_HOME) or, None, in the maker's
    own folders (no KALEUN_HOME, no XDG folders of whoever runs the tests). Returns `folder`."""
    system = folder / "etc-systemd-system"
    system.mkdir()
    monkeypatch.setattr(service, "SYSTEM_DIR", system)
    maker = folder / "maker"
    maker.mkdir()
    monkeypatch.setenv("HOME", str(maker))
    for name in ("XDG_CONFIG_HOME", "XDG_STATE_HOME", "XDG_CACHE_HOME"):
        monkeypatch.delenv(name, raising=False)
    if table is None:
        monkeypatch.delenv("KALEUN_HOME", raising=False)
    else:
        monkeypatch.setenv("KALEUN_HOME", str(table))
    real = service._account

    def account(name: str | None) -> pwd.struct_passwd:
        if name is None:
            return pwd.struct_passwd(("maker", "x", 1000, 1000, "", str(maker), "/bin/bash"))
        return real(name)

    monkeypatch.setattr(service, "_account", account)
    monkeypatch.setattr("kaleun.service.os.geteuid", lambda: 1000)
    return folder


def systemd(monkeypatch: pytest.MonkeyPatch, **states: dict[str, str]) -> list[list[str]]:
    """systemctl as systemd answers `show`, for each kind of service (`system=`, `user=`); the commands it was asked."""
    asked: list[list[str]] = []

    def run(argv):
        asked.append(list(argv))
        values = states["user" if "--user" in argv else "system"]
        return subprocess.CompletedProcess(argv, 0, "".join(f"{k}={v}\n" for k, v in values.items()), "")

    monkeypatch.setattr(service, "_run", run)
    return asked


def installed(mode: str, board: str | None = BOARD) -> Path:
    """The unit `kaleun service install` writes for `mode` (a system service as root), written where it goes."""
    p = service.plan(mode, board, "root" if mode == "system" else None)
    p.unit_path.parent.mkdir(parents=True, exist_ok=True)
    p.unit_path.write_text(p.text, encoding="utf-8")
    return p.unit_path


def older(text: str) -> str:
    """The unit as a Kaleun before the crew's shut-down wrote it: no KALEUN_SERVICE, no exit status 3."""
    kept = [line for line in text.splitlines()
            if "KALEUN_SERVICE" not in line and "RestartPreventExitStatus" not in line]
    return "\n".join(line.replace("SuccessExitStatus=143 3", "SuccessExitStatus=143") for line in kept) + "\n"


def install_command(*words: str) -> str:
    """`kaleun service install WORDS` as the maker types it with this Kaleun's Python."""
    return " ".join(shlex.quote(w) for w in (sys.executable, "-m", "kaleun", "service", "install", *words))
