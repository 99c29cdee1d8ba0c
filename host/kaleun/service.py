"""`kaleun service install`: a systemd service that starts the table full screen at boot.

Two kinds (host/README.md says when to use which):

- system service (`--system`, the default): for a Pi without a desktop (Raspberry Pi OS Lite).
  It starts at boot with no login, runs as the maker's user with the groups for the screen
  (KMS/DRM), touch input, sound and GPIO, and draws full screen on KMS (`SDL_VIDEODRIVER=kmsdrm`),
  taking tty1 from the login prompt.
- user service (`--user`): for a Pi with the desktop. It runs in the user's own systemd and draws
  on the desktop's display; `loginctl enable-linger` starts that systemd at boot.

Both run `kaleun play --fullscreen --continue` (the last unfinished game, else a new one),
log to the journal, and stop with SIGTERM, on which Kaleun saves the game. They start the table
again 5 s after it ends, whether it failed (also while the desktop is not up yet) or a crew left
it with Save and quit (`Restart=always`): a table is an appliance with no keyboard, and a quit that
left the screen dark until the next power cycle stranded a touch-only crew; the quit still saves,
and the table comes back on that game (or, once it is over, on the set-up of a new one). A maker
stops it with `systemctl stop` (systemd does not start a unit again that it was told to stop) or
for good with `systemctl disable --now`. A crew shuts the table down from the window's settings
(confirmed first): Kaleun saves and ends with `SHUT_DOWN`, which the unit counts as a clean stop and
does not restart after; a system service then powers the Pi off, a user service leaves the desktop
(whose own menu shuts the Pi down).
"""

from __future__ import annotations

import contextlib
import grp
import os
import pwd
import re
import shlex
import stat
import subprocess
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from pathlib import Path

from kaleun.core.messages import Msg, of_error
from kaleun.files import why_unread
from kaleun.shipped import board_reference

NAME = "kaleun"
#: the display manager's settings on Raspberry Pi OS with the desktop, where raspi-config's
#: Desktop Autologin writes `autologin-user=USER`
LIGHTDM = Path("/etc/lightdm/lightdm.conf")
UNIT = f"{NAME}.service"
SYSTEM_DIR = Path("/etc/systemd/system")
#: groups a system service needs on Raspberry Pi OS: the screen (KMS/DRM), the touch screen,
#: sound, GPIO and SPI (NeoPixels), the deck hub's serial port; only those that exist are used
GROUPS = ("video", "render", "input", "audio", "gpio", "spi", "dialout")

#: the exit status of a table shut down from the window (its settings' Power off or Close to desktop): the unit
#: does not start it again (RestartPreventExitStatus=), and a system service powers the Pi off
SHUT_DOWN = 3
#: the variable the unit sets to the kind of service it is ("system" or "user"): the window offers the shut-down
SERVICE_VARIABLE = "KALEUN_SERVICE"

Run = Callable[[Sequence[str]], subprocess.CompletedProcess[str]]


def service_kind() -> str | None:
    """The kind of service this Kaleun runs under ("system": power the Pi off on a shut-down; "user": leave it to
    the desktop), or None when it was not started by a unit `kaleun service install` wrote."""
    kind = os.environ.get(SERVICE_VARIABLE)
    return kind if kind in ("system", "user") else None


class ServiceError(RuntimeError):
    pass


@dataclass(frozen=True)
class Plan:
    mode: str  # "system" | "user"
    user: str
    home: Path
    unit_path: Path
    text: str
    commands: tuple[tuple[str, ...], ...]
    #: the settings the service's Kaleun reads its preferred board from (the user's, or KALEUN_HOME's)
    settings: Path = Path()
    #: the groups the unit adds to the user's own (SupplementaryGroups=; a system service's)
    groups: tuple[str, ...] = ()
    #: the folders the service's Kaleun writes its games, sessions and settings in (KALEUN_HOME,
    #: else the XDG folders in the user's home, as systemd sets no XDG_* variables)
    folders: tuple[Path, ...] = ()
    #: the user was named (--as USER), not taken from who runs the command
    named: bool = False


def command_line(board: str | None, python: str = sys.executable) -> list[str]:
    # absolute and without "..", but not through the venv's symbolic link (that would leave the venv)
    line = [os.path.abspath(python), "-m", "kaleun", "play", "--fullscreen", "--continue"]
    if board:
        line += ["--board", board_reference(board)]  # found again from the service's folder
    return line


def existing_groups(names: Sequence[str] = GROUPS) -> list[str]:
    found = []
    for name in names:
        try:
            grp.getgrnam(name)
        except KeyError:
            continue
        found.append(name)
    return found


def _running(mode: str, start: str, kaleun_home: str | None = None) -> list[str]:
    """How both kinds of service run Kaleun, stop it and start it again; up to `[Install]`.
    With `kaleun_home` (the KALEUN_HOME the service was installed with) the table keeps its
    settings, saves and sessions there, where `kaleun config` put the preferred board."""
    # quoted as a shell would; systemd reads "%" as the start of a specifier, so it is doubled
    home = [f"Environment={shlex.quote(f'KALEUN_HOME={kaleun_home}')}".replace("%", "%%")] if kaleun_home else []
    # the crew's shut-down powers a Pi without a desktop off: as root ("+"), only on that exit status ("$$" is one
    # "$" for the shell), and without waiting for the shutdown, which waits for this unit to stop
    power_off = ["# the window's Power off: the game saved, the Pi shuts down",
                 f"ExecStopPost=+/bin/sh -c 'test \"$$EXIT_STATUS\" != {SHUT_DOWN} || exec systemctl --no-block "
                 "poweroff'"] if mode == "system" else []
    return ["Environment=PYTHONUNBUFFERED=1", f"Environment={SERVICE_VARIABLE}={mode}", *home, f"ExecStart={start}",
            "# SIGTERM: Kaleun saves the game and quits",
            "KillSignal=SIGTERM", "TimeoutStopSec=30",
            "# a stop while Kaleun is still starting ends it with 128 + SIGTERM (nothing to save yet): a clean stop;",
            f"# {SHUT_DOWN}: the crew shut the table down from the window's settings (the game saved)",
            f"SuccessExitStatus=143 {SHUT_DOWN}",
            "# after a failure and after a crew's Save and quit alike: the table comes back (a kiosk has no keyboard);",
            "# not after the crew's shut-down; systemctl stop (or disable --now) stops it for good",
            "Restart=always", f"RestartPreventExitStatus={SHUT_DOWN}", "RestartSec=5", *power_off,
            "StandardOutput=journal", "StandardError=journal", f"SyslogIdentifier={NAME}", "", "[Install]"]


def unit_text(mode: str, exec_start: Sequence[str], user: str = "", groups: Sequence[str] = (),
              kaleun_home: str | None = None) -> str:
    """The unit file for a system or a user service."""
    # quoted as a shell would; systemd also reads "%" as a specifier and "$" as a variable in ExecStart, even
    # inside quotes, so both are doubled (a board or a venv on a path such as "table 100%" or "$HOME")
    start = " ".join(shlex.quote(part) for part in exec_start).replace("%", "%%").replace("$", "$$")
    if mode == "system":
        lines = [
            "[Unit]",
            "Description=Kaleun table controller (U-BOOT): the table full screen on KMS",
            "After=systemd-user-sessions.service sound.target",
            "# the table takes the screen of tty1 from the login prompt (SSH still works)",
            "Conflicts=getty@tty1.service",
            "After=getty@tty1.service",
            "StartLimitIntervalSec=0",
            "",
            "[Service]",
            "Type=simple",
            f"User={user}",
            *([f"SupplementaryGroups={' '.join(groups)}"] if groups else []),
            "WorkingDirectory=~",
            "Environment=SDL_VIDEODRIVER=kmsdrm",
            *_running(mode, start, kaleun_home),
            "WantedBy=multi-user.target",
        ]
    elif mode == "user":
        lines = [
            "[Unit]",
            "Description=Kaleun table controller (U-BOOT): the table full screen on the desktop",
            "After=graphical-session.target",
            "StartLimitIntervalSec=0",
            "",
            "[Service]",
            "Type=simple",
            "# the desktop's display (Xwayland on Raspberry Pi OS Bookworm); until the desktop is up",
            "# Kaleun finds no display, exits with a failure and is started again 5 s later",
            "Environment=DISPLAY=:0",
            *_running(mode, start, kaleun_home),
            "WantedBy=default.target",
        ]
    else:
        raise ValueError(f"unknown service kind {mode!r}")
    return "\n".join(lines) + "\n"


def _account(name: str | None) -> pwd.struct_passwd:
    if name is None:
        # the maker who ran `sudo` (root); under `sudo -u pi` the command runs as pi, and pi is who installs
        sudo = os.environ.get("SUDO_USER") if os.geteuid() == 0 else None
        name = sudo or pwd.getpwuid(os.geteuid()).pw_name
    try:
        return pwd.getpwnam(name)
    except KeyError as exc:
        raise ServiceError(Msg("there is no user '{name}' on this machine", name=name)) from exc


def plan(mode: str, board: str | None = None, user: str | None = None, python: str = sys.executable,
         system_dir: Path | None = None) -> Plan:
    """What `install` would write and run."""
    system_dir = SYSTEM_DIR if system_dir is None else system_dir
    account = _account(user)
    home = Path(account.pw_dir)
    exec_start = command_line(board, python)
    # a table kept in one folder (KALEUN_HOME: a kiosk) keeps it under systemd too
    kaleun_home = os.environ.get("KALEUN_HOME") or None
    kaleun_home = os.path.abspath(os.path.expanduser(kaleun_home)) if kaleun_home else None
    groups: tuple[str, ...] = ()
    if mode == "system":
        unit = system_dir / UNIT
        groups = tuple(existing_groups())
        text = unit_text("system", exec_start, account.pw_name, groups, kaleun_home)
        commands: tuple[tuple[str, ...], ...] = (("systemctl", "daemon-reload"), ("systemctl", "enable", UNIT))
    else:
        unit = home / ".config" / "systemd" / "user" / UNIT
        text = unit_text("user", exec_start, kaleun_home=kaleun_home)
        commands = (("systemctl", "--user", "daemon-reload"), ("systemctl", "--user", "enable", UNIT),
                    ("loginctl", "enable-linger", account.pw_name))
    from kaleun.settings import FILE

    settings = Path(kaleun_home) / FILE if kaleun_home else home / ".config" / "kaleun" / FILE
    folders = (Path(kaleun_home),) if kaleun_home else (settings.parent, home / ".local" / "state" / "kaleun")
    return Plan(mode, account.pw_name, home, unit, text, commands, settings, groups, folders, user is not None)


def _reader() -> str:
    """The name of the user this command runs as (its uid when the machine has no name for it)."""
    if os.geteuid() == 0:
        return "root"
    try:
        return pwd.getpwuid(os.geteuid()).pw_name
    except KeyError:
        return str(os.geteuid())


def starting_board(p: Plan, board: str | None, again: str = "kaleun service install") -> tuple[bool, Msg]:
    """Which board the service's table starts with, as a line for the maker: (is it a warning?,
    the line). Without --board it is the preferred board of the user the service runs as, read
    from that user's settings (not the settings of root, under sudo). Settings this command may not
    read (another user's, kept private) are not damaged: the table reads them as their user, so the
    line says they could not be read here and how to run `again` so they can be."""
    from kaleun.settings import Settings, SettingsError

    if board:
        return False, Msg("the table starts with the board {board}", board=board_reference(board))
    try:
        chosen = Settings.load(p.settings).get("board")
    except SettingsError as exc:
        if isinstance(exc.__cause__, PermissionError) and _reader() != p.user:
            return True, Msg("which board the table starts with is unknown: {me} may not read the settings of {user} "
                             "({settings}: {why}), where their preferred board is kept; to see it, run {again} "
                             "with sudo, or as {user}", me=_reader(), user=p.user, settings=str(p.settings),
                             why=why_unread(exc.__cause__), again=again)
        from kaleun.settings import told

        told(exc)  # said here with what it means for the service, not also as a warning of this command's own start
        return True, Msg("{problem}: until it is fixed the table starts with boards/sim.toml (everything simulated)",
                         problem=of_error(exc))
    if chosen:
        return False, Msg("the table starts with the preferred board of {user}: {board} ({settings})", user=p.user,
                          board=chosen, settings=str(p.settings))
    if p.user == "root":  # a maker reaches root's settings only through sudo, which reads the maker's own
        return True, Msg("root has no preferred board ({settings}), so the table starts with boards/sim.toml "
                         "(everything simulated): install the service with --board FILE", settings=str(p.settings))
    return True, Msg("{user} has no preferred board ({settings}), so the table starts with boards/sim.toml "
                     "(everything simulated): set one as {user}, without sudo (kaleun config set board FILE), "
                     "or install the service with --board FILE", user=p.user, settings=str(p.settings))


def board_warnings(p: Plan, board: str | None) -> list[Msg]:
    """What the service's table cannot do as the user it runs as, with the board it starts with
    (--board, else that user's preferred board; one that does not load is said by `starting_board`
    or at the table's start). PWM NeoPixels on a Pi before the 5 (`rpi_ws281x`, through /dev/mem)
    need root, and the service runs as the maker's user: its strip would stay dark at every boot,
    said only in the journal."""
    from kaleun.boards.loader import BoardError, load_board
    from kaleun.settings import Settings, SettingsError

    chosen = board
    if not chosen:
        try:
            chosen = Settings.load(p.settings).get("board")
        except SettingsError:
            return []
    if not chosen:
        return []
    try:
        spec = load_board(chosen)
    except BoardError:
        return []
    if spec.lamps.driver == "neopixel" and spec.pi != "pi5" and p.user != "root":
        return [Msg("the board drives its strip with PWM (lamps.driver = \"neopixel\"), which needs root on a Pi "
                    "before the 5, and the service runs as {user}: its lamps would stay dark. Wire the strip's data "
                    "to SPI MOSI (GPIO 10) and set lamps.driver = \"neopixel_spi\", which needs no root, or run "
                    "the table as root (sudo kaleun service install --as root --board FILE; its saves are then root's)",
                    user=p.user)]
    return []


def _groups_of(account: pwd.struct_passwd, added: Sequence[str] = ()) -> set[int]:
    """The groups the service runs in: the user's own (systemd sets them from the group database,
    as a login does) and those its unit adds (SupplementaryGroups=)."""
    gids = {account.pw_gid}
    with contextlib.suppress(OSError):
        gids |= {g.gr_gid for g in grp.getgrall() if account.pw_name in g.gr_mem}
    for name in added:
        with contextlib.suppress(KeyError):
            gids.add(grp.getgrnam(name).gr_gid)
    return gids


def _grant(st: os.stat_result, uid: int, gids: set[int], need: int) -> str:
    """What chmod gives that user `need`: the bits of the one class the kernel reads for them (the
    owner's, else the group's when they are in the file's group, else the others'), so "o+r" is never
    advised to a user the group bits bar."""
    who = "u" if st.st_uid == uid else "g" if st.st_gid in gids else "o"
    return who + "+" + "".join(letter for bit, letter in ((os.R_OK, "r"), (os.W_OK, "w"), (os.X_OK, "x"))
                               if need & bit)


def _existing(path: Path) -> Path:
    """`path`, or the nearest folder above it that exists (where Kaleun would make it)."""
    while not os.path.lexists(path) and path.parent != path:
        path = path.parent
    return path


def _allowed(st: os.stat_result, uid: int, gids: set[int], need: int) -> bool:
    """Whether the mode bits of `st` grant `need` (os.R_OK, os.X_OK, or both) to that user;
    access control lists, which Raspberry Pi OS does not set on homes, are not read."""
    if uid == 0:
        return not need & os.X_OK or stat.S_ISDIR(st.st_mode) or bool(st.st_mode & 0o111)
    shift = 6 if st.st_uid == uid else 3 if st.st_gid in gids else 0
    bits = (st.st_mode >> shift) & 0o7
    return bits & need == need


def unreachable(path: Path, uid: int, gids: set[int], need: int = os.R_OK) -> Path | None:
    """The first folder on the way to `path` that the user cannot pass through (no x), or `path`
    itself when the user cannot `need` it; None when the user reaches it. What cannot be seen
    from here (a missing file) is left to the service's own start to say."""
    path = Path(os.path.abspath(path))
    for folder in reversed(path.parents):
        try:
            st = folder.stat()
        except OSError:
            return None
        if not _allowed(st, uid, gids, os.X_OK):
            return folder
    try:
        st = path.stat()
    except OSError:
        return None
    return None if _allowed(st, uid, gids, need) else path


def access_warnings(p: Plan, board: str | None, python: str = sys.executable) -> list[Msg]:
    """The files the service's table needs that the user it runs as (--as USER) cannot read: the
    Python of the venv, Kaleun itself and the board it starts with; and the folders it cannot
    write its games and settings in (KALEUN_HOME, a kiosk's folder made by root, say). A venv or a
    board kept in another user's home (mode 700 on Raspberry Pi OS) or a home the table cannot
    write fails the service at every boot, said only in the journal; the install says which
    folder bars the way instead."""
    from kaleun.settings import Settings, SettingsError
    from kaleun.shipped import find_board

    try:
        account = pwd.getpwnam(p.user)
    except KeyError:
        return []
    uid, gids = account.pw_uid, _groups_of(account, p.groups)
    chosen = board
    if not chosen:
        try:
            chosen = Settings.load(p.settings).get("board")
        except SettingsError:
            chosen = None
    import kaleun

    needs: list[tuple[Path, int]] = [(Path(os.path.abspath(python)), os.X_OK),
                                     (Path(os.path.realpath(python)), os.X_OK),
                                     (Path(kaleun.__file__), os.R_OK)]
    if chosen:
        needs.append((find_board(Path(chosen).expanduser()), os.R_OK))
    said: list[Msg] = []
    for path, need in needs:
        barred = unreachable(path, uid, gids, need)
        if barred is None:
            continue
        try:
            grant = _grant(barred.stat(), uid, gids, need if barred == Path(os.path.abspath(path)) else os.X_OK)
        except OSError:
            continue
        if barred == Path(os.path.abspath(path)):
            line = Msg("{user} cannot read {path} (mode {mode}), which the service needs: the table would fail at "
                       "every boot. Give {user} access (chmod {grant} {path}), or install the service --as its owner",
                       user=p.user, path=str(path), mode=_mode(barred), grant=grant)
        else:
            line = Msg("{user} cannot reach {path}: the folder {folder} (mode {mode}) bars the way, so the table "
                       "would fail at every boot. Give {user} access (chmod {grant} {folder}), keep Kaleun and the "
                       "board where {user} can read them, or install the service --as the folder's owner",
                       user=p.user, path=str(path), folder=str(barred), mode=_mode(barred), grant=grant)
        if line not in said:
            said.append(line)
    for folder in p.folders:  # the table locks, saves and writes its session there at every start
        made = _existing(Path(os.path.abspath(folder)))
        barred = unreachable(made, uid, gids, os.W_OK | os.X_OK)
        if barred is None:
            continue
        try:
            info = barred.stat()
        except OSError:
            continue
        if barred != made:
            line = Msg("{user} cannot reach {path}: the folder {folder} (mode {mode}) bars the way, so the table "
                       "would fail at every boot. Give {user} access (chmod {grant} {folder}), keep Kaleun and the "
                       "board where {user} can read them, or install the service --as the folder's owner",
                       user=p.user, path=str(folder), folder=str(barred), mode=_mode(barred),
                       grant=_grant(info, uid, gids, os.X_OK))
        else:
            line = Msg("{user} cannot write in {folder} (mode {mode}), where the table keeps its games and settings "
                       "({path}): the table would fail at every boot. Make {path} a folder of {user}'s (sudo install "
                       "-d -o {user} {path}), or install the service --as the folder's owner",
                       user=p.user, folder=str(barred), mode=_mode(barred), path=str(folder))
        if line not in said:
            said.append(line)
    return said


def _mode(path: Path) -> str:
    try:
        return oct(path.stat().st_mode & 0o777)[2:]
    except OSError:
        return "?"


def desktop_autologin(p: Plan, conf: Path = LIGHTDM) -> Msg | None:
    """A user service draws on the desktop's display, which is there once the desktop has logged
    the user in; a Pi whose desktop waits at its login screen never shows the table, and the
    service fails every 5 s in silence. Said when the desktop's display manager (lightdm) does
    not log the service's user in by itself; None for a system service, or without lightdm."""
    if p.mode != "user":
        return None
    try:
        text = conf.read_text(encoding="utf-8", errors="replace")
    except OSError:
        return None  # no lightdm here: another desktop, or none, of which nothing is known
    users = re.findall(r"^[ \t]*autologin-user[ \t]*=[ \t]*(\S+)", text, re.MULTILINE)
    if p.user in users:
        return None
    return Msg("the desktop does not log {user} in by itself (no autologin-user={user} in {conf}): the table shows "
               "only once {user} has logged in. Turn on Desktop Autologin (sudo raspi-config, System Options, "
               "Boot / Auto Login)", user=p.user, conf=str(conf))


def _running_as() -> str | None:
    """The name of the user this command runs as (None: a uid with no name)."""
    try:
        return pwd.getpwuid(os.geteuid()).pw_name
    except KeyError:
        return None


def _run(argv: Sequence[str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run(list(argv), capture_output=True, text=True, check=False)


def refusal(p: Plan) -> Msg | None:
    """Why `install` would refuse this plan as this command runs (who runs it, under sudo or not); None when it
    would go ahead. `--dry-run` says it too, under the unit it prints."""
    if p.mode == "system" and os.geteuid() != 0:
        return Msg("a system service is installed by root: run the same command with sudo "
                   "(sudo {python} -m kaleun service install --system ...)", python=shlex.quote(sys.executable))
    if p.mode == "user" and os.geteuid() == 0:
        # under sudo, `systemctl --user` would reach root's own systemd (or none), never the
        # maker's, and the folders made on the way would belong to root
        return Msg("a user service belongs to the user who plays: run it as that user, without sudo "
                   "({python} -m kaleun service install --user ...)", python=shlex.quote(sys.executable))
    if p.mode == "user" and (me := _running_as()) is not None and me != p.user:
        # `systemctl --user` reaches the systemd of the user who runs it, and another user's home is not
        # theirs to write in: the install ended in a bare "Permission denied"
        if p.named:
            return Msg("a user service runs in the systemd of the user who installs it, and you are {me}, not "
                       "{user}: install it as yourself (without --as {user}), log in as {user} and run the command "
                       "there, or install a system service that runs as {user}: sudo {python} -m kaleun service "
                       "install --system --as {user}", me=me, user=p.user, python=shlex.quote(sys.executable))
        return Msg("a user service runs in the systemd of the user who installs it, and you are {me}, not {user}: "
                   "log in as {user} and run the command there, or install a system service that runs as {user}: "
                   "sudo {python} -m kaleun service install --system --as {user}", me=me, user=p.user,
                   python=shlex.quote(sys.executable))
    return None


def install(p: Plan, say: Callable[[Msg], None], run: Run = _run) -> None:
    """Write the unit, reload systemd and enable it; `say` hears every step."""
    if (refused := refusal(p)) is not None:
        raise ServiceError(refused)
    was_there = p.unit_path.is_file()  # an install again (after an update): a table running goes on as it started
    try:
        from kaleun.saves import write_atomic

        # whole or not at all: a Pi losing power just after the install boots with the old unit or the new one,
        # never an empty one systemd cannot start (readable by systemd and the maker, as a unit file is)
        write_atomic(p.unit_path, p.text, mode=0o644)
    except OSError as exc:
        raise ServiceError(Msg("cannot write {path}: {why}", path=str(p.unit_path), why=why_unread(exc))) \
            from exc
    say(Msg("wrote {path}", path=str(p.unit_path)))
    for argv in p.commands:
        done = run(argv)
        if done.returncode != 0:
            detail = (done.stderr or done.stdout).strip()
            if argv[0] == "loginctl":
                # the last step: polkit asks for a password it cannot get here (over SSH, say); the
                # unit is written and enabled, only the user's systemd at boot is missing
                raise ServiceError(Msg("`{command}` failed ({detail}): the service is installed and enabled and starts "
                                       "with {user}'s desktop session; for {user}'s systemd to start at boot as well, "
                                       "run: sudo {command}", command=" ".join(argv), user=p.user,
                                       detail=detail or f"exit status {done.returncode}"))
            raise ServiceError(Msg("`{command}` failed ({detail})", command=" ".join(argv), detail=detail) if detail
                               else Msg("`{command}` failed (exit status {status})", command=" ".join(argv),
                                        status=str(done.returncode)))
        say(Msg("ran {command}", command=" ".join(argv)))
    scope = "" if p.mode == "system" else "--user "
    sudo = "sudo " if p.mode == "system" else ""
    say(Msg("the table starts at the next boot; now: {start}", start=f"{sudo}systemctl {scope}start {UNIT}"))
    if was_there:  # `start` does nothing to a table the service runs: it keeps the Kaleun and unit it started with
        say(Msg("{path} was installed before: a table the service runs now goes on with the Kaleun and the unit it "
                "started with until {restart}, which saves its game and starts it again with these",
                path=str(p.unit_path), restart=f"{sudo}systemctl {scope}restart {UNIT}"))
    say(Msg("its log: {log}   (stop it, saving the game: {stop})", log=f"journalctl {scope}-u {NAME} -f",
            stop=f"{sudo}systemctl {scope}stop {UNIT}"))
    say(Msg("its warnings and errors alone: {log}", log=f"journalctl {scope}-u {NAME} -p warning"))
    # the way back: the system service holds tty1, whose login prompt it stopped, until it is disabled
    disable = f"{sudo}systemctl {scope}disable --now {UNIT}"
    say(Msg("to have the Pi no longer start the table: {disable} (the login prompt on tty1 comes back at the next "
            "boot)", disable=disable) if p.mode == "system" else
        Msg("to have the Pi no longer start the table: {disable}", disable=disable))


# -- a unit an older Kaleun installed ----------------------------------------------------------
def _unescaped(value: str) -> str:
    """A unit's value as `unit_text` wrote it, its doubled "%" and "$" made single again."""
    return value.replace("%%", "%").replace("$$", "$")


#: what an installed unit was installed with (`_choices`): its ExecStart as words, its user, board and KALEUN_HOME
Choices = tuple[list[str], str, str | None, str | None]


def _choices(text: str) -> Choices | None:
    """What an installed unit was installed with: its ExecStart as words, the user it runs as ("" for a user
    service), its --board and its KALEUN_HOME; None when it has no ExecStart that runs Kaleun (not one of ours)."""
    start: list[str] | None = None
    user, kaleun_home = "", None
    for line in text.splitlines():
        key, _, value = line.strip().partition("=")
        try:
            if key == "ExecStart":
                start = shlex.split(_unescaped(value))
            elif key == "User":
                user = value.strip()
            elif key == "Environment":
                for word in shlex.split(_unescaped(value)):
                    if word.startswith("KALEUN_HOME="):
                        kaleun_home = word.partition("=")[2]
        except ValueError:  # an unclosed quote: a unit edited by hand
            return None
    if not start or "kaleun" not in start:
        return None
    board = start[start.index("--board") + 1] if "--board" in start[:-1] else None
    return start, user, board, kaleun_home


def outdated(mode: str, path: Path) -> Msg | None:
    """An installed unit (`mode` "system" or "user" at `path`) that differs from what `kaleun service install` writes
    now for the same choices (its Python, board, user and KALEUN_HOME): written by an older Kaleun, it lacks what this
    one expects of its service (the crew's shut-down, KALEUN_SERVICE), and nothing else tells the maker. What is
    different and the exact command that writes it anew; None: none installed there, not Kaleun's, or up to date."""
    try:
        installed = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return None
    choices = _choices(installed)
    return None if choices is None else _differs(mode, path, installed, choices)


def _differs(mode: str, path: Path, installed: str, choices: Choices) -> Msg | None:
    """`outdated` of a unit already read (`installed`, its `_choices`)."""
    start, user, board, kaleun_home = choices
    python = start[0]
    now = command_line(None, python) + (["--board", board] if board else [])
    groups = existing_groups() if mode == "system" else ()
    wanted = unit_text(mode, now, user, groups, kaleun_home)
    if wanted == installed:
        return None
    have = installed.splitlines()
    missing = [line for line in wanted.splitlines() if line and not line.startswith("#") and line not in have]
    command = [python, "-m", NAME, "service", "install", f"--{mode}"]
    if board:
        command += ["--board", board]
    if mode == "system" and user:
        command += ["--as", user]
    typed = " ".join(shlex.quote(word) for word in command)
    if kaleun_home:  # the install reads the table's folder from KALEUN_HOME, as this unit's was
        typed = f"KALEUN_HOME={shlex.quote(kaleun_home)} {typed}"
    if mode == "system":
        typed = f"sudo {typed}"
    if missing:
        return Msg("the service's unit {path} was written by an older Kaleun (or changed by hand) and lacks what this "
                   "one expects ({line}); bring it up to date, keeping its board and user: {command}", path=str(path),
                   line=missing[0], command=typed)
    return Msg("the service's unit {path} differs from what this Kaleun writes (an older Kaleun wrote it, or it was "
               "changed by hand); bring it up to date, keeping its board and user: {command}", path=str(path),
               command=typed)


def makers_home() -> Path:
    """The home of the maker who runs this command: under sudo (to root) the one who typed it, whose user service it
    is (sudo sets HOME to root's), else this user's ($HOME)."""
    if os.geteuid() == 0 and (name := os.environ.get("SUDO_USER")) and name != "root":
        with contextlib.suppress(KeyError):
            return Path(pwd.getpwnam(name).pw_dir)
    return Path.home()


def installed_units(system_dir: Path | None = None, home: Path | None = None) -> list[tuple[str, Path]]:
    """Where a unit of each kind would be installed for the maker who runs this: the system service's and the maker's
    own (`makers_home`: under sudo, the user service of the one who typed it, not root's)."""
    system_dir = SYSTEM_DIR if system_dir is None else system_dir
    home = makers_home() if home is None else home
    return [("system", system_dir / UNIT), ("user", home / ".config" / "systemd" / "user" / UNIT)]


def outdated_units(system_dir: Path | None = None, home: Path | None = None) -> list[Msg]:
    """What `outdated` says of each installed unit (`kaleun hw check` and a service's start say it)."""
    return [said for mode, path in installed_units(system_dir, home) if (said := outdated(mode, path)) is not None]


#: the control groups of this process: systemd runs each unit in a group named after it (…/kaleun.service)
CGROUP = Path("/proc/self/cgroup")


def under_a_service() -> bool:
    """This Kaleun was started by our service: a unit `kaleun service install` wrote (KALEUN_SERVICE), or one an
    older Kaleun wrote without it, which systemd runs in the control group named after the unit. Not any unit:
    systemd gives every one an INVOCATION_ID, also a maker's terminal under `systemd-run` or another program's
    service, whose Kaleun is not the table the installed units start."""
    if service_kind() is not None:
        return True
    try:
        groups = CGROUP.read_text(encoding="utf-8", errors="replace")
    except OSError:  # no /proc (not Linux), or none readable: no unit of ours is known to run it
        return False
    # "0::/system.slice/kaleun.service" (cgroup v2), "1:name=systemd:/user.slice/.../app.slice/kaleun.service" (v1)
    return any(line.rpartition(":")[2].rstrip().rpartition("/")[2] == UNIT for line in groups.splitlines())


# -- kaleun service status -----------------------------------------------------------------------
#: what `status` asks systemd of the unit (`systemctl show -p ...`)
SHOWN = ("LoadState", "UnitFileState", "ActiveState", "SubState", "MainPID", "NRestarts", "NeedDaemonReload",
         "ActiveEnterTimestamp", "Result", "ExecMainStatus", "ExecMainStartTimestampMonotonic")
#: this Kaleun's own files, which `status` compares with the start of the table the service runs
PACKAGE = Path(__file__).resolve().parent
#: a file changed this little after the table started counts as older: file times and systemd's clock round apart
CHANGED_SLACK_S = 2.0


def changed_since(started: float, folder: Path | None = None) -> Path | None:
    """A file of Kaleun's (its Python modules) changed after `started` (wall clock): the newest; None when none did.
    A table started before an update (`git pull`, `pip install`) runs the code it loaded then."""
    folder = PACKAGE if folder is None else folder
    newest, newest_at = None, started + CHANGED_SLACK_S
    for path in folder.rglob("*.py"):
        try:
            at = path.stat().st_mtime
        except OSError:
            continue
        if at > newest_at:
            newest, newest_at = path, at
    return newest


def _started_at(values: dict[str, str]) -> float | None:
    """When the table the service runs was last started, on the wall clock; None when systemd does not say. systemd
    gives it on the monotonic clock, which `time.monotonic()` reads too (the wall clock may have moved since)."""
    import time

    micro = values.get("ExecMainStartTimestampMonotonic", "")
    if not micro.isdigit() or int(micro) == 0:
        return None
    return time.time() - (time.monotonic() - int(micro) / 1e6)


@dataclass(frozen=True)
class Said:
    """One line of `kaleun service status`: `ok` False when it is something the maker has to do (or could not be
    found out), which makes the command end with status 1."""
    line: Msg | str
    ok: bool = True


def _scope(mode: str) -> tuple[str, str]:
    """The `sudo ` and `--user ` a command for this kind of service takes."""
    return ("sudo ", "") if mode == "system" else ("", "--user ")


def ask_systemd(mode: str, run: Run = _run) -> dict[str, str] | Msg:
    """What systemd says of the unit of this kind (`SHOWN`), or why it could not be asked: no systemctl, no systemd
    running (a container, a machine booted without it), no user systemd to reach."""
    argv = ["systemctl", *(["--user"] if mode == "user" else []), "show", UNIT, "-p", ",".join(SHOWN)]
    try:
        done = run(argv)
    except FileNotFoundError:
        return Msg("there is no systemctl on this machine")
    except OSError as exc:
        return Msg("systemctl cannot be run ({why})", why=why_unread(exc))
    if done.returncode != 0:  # "System has not been booted with systemd as init system", "Failed to connect to bus"
        detail = " ".join((done.stderr or done.stdout).split())
        return Msg("systemctl answered: {detail}", detail=detail) if detail \
            else Msg("systemctl ended with exit status {status}", status=str(done.returncode))
    values: dict[str, str] = {}
    for line in done.stdout.splitlines():
        key, sep, value = line.partition("=")
        if sep:
            values[key.strip()] = value.strip()
    return values


def _installed_with(mode: str, choices: Choices, system_dir: Path | None) -> list[Said]:
    """Who the unit runs as and with which board (the one it names, else that user's preferred board)."""
    start, user, board, kaleun_home = choices
    try:
        p = plan(mode, board, user or None, python=start[0], system_dir=system_dir)
    except ServiceError as exc:  # a unit for a user this machine no longer has
        return [Said(Msg("installed: runs {python} as {user}", python=start[0], user=user)),
                Said(of_error(exc), ok=False)]
    said = [Said(Msg("installed: runs {python} as {user}", python=start[0], user=p.user))]
    from kaleun.settings import FILE

    # the settings the service's table reads: the unit's KALEUN_HOME, else its user's config folder (systemd sets no
    # XDG_* variables), not the KALEUN_HOME of the terminal this command runs in
    settings = Path(kaleun_home) / FILE if kaleun_home else p.home / ".config" / "kaleun" / FILE
    warn, line = starting_board(replace(p, settings=settings), board, "kaleun service status")
    return [*said, Said(line, ok=not warn)]


def _running_state(mode: str, values: dict[str, str], ours: bool = False) -> list[Said]:
    """Whether systemd knows the unit, starts it at boot and runs it now, from `systemctl show`. `ours`: the unit runs
    this very Kaleun (its Python), whose files are compared with the running table's start."""
    sudo, scope = _scope(mode)
    said: list[Said] = []
    if values.get("LoadState") == "not-found":
        return [Said(Msg("systemd has not read the unit yet: {reload}, then {enable}",
                         reload=f"{sudo}systemctl {scope}daemon-reload", enable=f"{sudo}systemctl {scope}enable --now "
                         f"{UNIT}"), ok=False)]
    if values.get("NeedDaemonReload") == "yes":
        said.append(Said(Msg("the unit changed since systemd read it: {reload}, then {restart} (which saves the game)",
                             reload=f"{sudo}systemctl {scope}daemon-reload",
                             restart=f"{sudo}systemctl {scope}restart {UNIT}"), ok=False))
    enabled = values.get("UnitFileState", "")
    if enabled == "enabled":
        said.append(Said(Msg("enabled: the table starts at boot")))
    elif enabled == "masked":  # `enable` is refused on a masked unit, which nothing can start
        said.append(Said(Msg("masked: nothing starts the table, not even by hand; {unmask}, then {enable}",
                             unmask=f"{sudo}systemctl {scope}unmask {UNIT}",
                             enable=f"{sudo}systemctl {scope}enable --now {UNIT}"), ok=False))
    else:
        said.append(Said(Msg("not enabled ({state}): the table does not start at boot; {enable}", state=enabled or "?",
                             enable=f"{sudo}systemctl {scope}enable {UNIT}"), ok=False))
    active, sub = values.get("ActiveState", ""), values.get("SubState", "")
    restarts = int(values["NRestarts"]) if values.get("NRestarts", "").isdigit() else 0
    ended = Msg("it ended ({result}, exit status {status})", result=values.get("Result") or "?",
                status=values.get("ExecMainStatus") or "?")
    warnings = f"journalctl {scope}-u {NAME} -p warning -n 50"
    if active == "active" and sub == "running":
        since = values.get("ActiveEnterTimestamp") or "?"
        said.append(Said(Msg("running since {since} (process {pid})", since=since, pid=values.get("MainPID", "?"))))
        started = _started_at(values) if ours else None
        if started is not None and (changed := changed_since(started)) is not None:
            said.append(Said(Msg("the table runs the Kaleun it started with: this Kaleun changed since ({path}, an "
                                 "update); {restart} runs it (saving the game first)", path=str(changed),
                                 restart=f"{sudo}systemctl {scope}restart {UNIT}"), ok=False))
        if restarts > 0:
            said.append(Said(Msg.plural(
                "systemd started the table again {n} time since the service was started: it ended by itself (a "
                "crew's Save and quit, or a failure); why: {log}",
                "systemd started the table again {n} times since the service was started: it ended by itself (a "
                "crew's Save and quit, or a failure); why: {log}", n=restarts, log=warnings)))
    elif sub == "auto-restart":
        said.append(Said(Msg.plural(
            "not running: {ended}, and systemd starts it again in a few seconds (started again {n} time so far); "
            "why: {log}",
            "not running: {ended}, and systemd starts it again in a few seconds (started again {n} times so far); "
            "why: {log}", n=restarts, ended=ended, log=warnings), ok=False))
    elif active == "failed":
        said.append(Said(Msg("failed: {ended}; why: {log}; start it again: {start}", ended=ended, log=warnings,
                             start=f"{sudo}systemctl {scope}restart {UNIT}"), ok=False))
    elif active in ("active", "activating", "reloading"):
        said.append(Said(Msg("starting ({state})", state=f"{active}/{sub}")))
    else:
        said.append(Said(Msg("not running ({state}): {start}", state=f"{active or '?'}/{sub or '?'}",
                             start=f"{sudo}systemctl {scope}start {UNIT}"), ok=False))
    return said


@dataclass(frozen=True)
class Found:
    """What `kaleun service status` found of one kind of service."""
    mode: str  # "system" | "user"
    unit_path: Path
    installed: bool  # a unit file is there (read or not)
    said: tuple[Said, ...]


def status(run: Run | None = None, system_dir: Path | None = None, home: Path | None = None) -> list[Found]:
    """What `kaleun service status` says of each kind of service. A kind whose
    unit is not installed has one line saying so; an installed one says whom it runs as with which board, whether it
    is up to date with this Kaleun, whether systemd starts it at boot and runs it now (or why systemd could not be
    asked), and where its log is."""
    found: list[Found] = []
    for mode, path in installed_units(system_dir, home):
        sudo, scope = _scope(mode)
        try:
            text = path.read_text(encoding="utf-8")
        except FileNotFoundError:
            found.append(Found(mode, path, False, (Said(Msg("not installed ({install})", install=f"{sudo}"
                               f"{shlex.quote(sys.executable)} -m {NAME} service install --{mode}")),)))
            continue
        except (OSError, UnicodeDecodeError) as exc:
            why = why_unread(exc) if isinstance(exc, OSError) else str(exc)
            found.append(Found(mode, path, True, (Said(Msg("cannot read {path} ({why})", path=str(path), why=why),
                                                       ok=False),)))
            continue
        choices = _choices(text)
        if choices is None:  # one that runs no Kaleun is neither up to date nor outdated
            said = [Said(Msg("{path} runs no Kaleun (changed by hand, or another program's): kaleun service install "
                             "writes it anew", path=str(path)), ok=False)]
        else:
            said = _installed_with(mode, choices, system_dir)
            old = _differs(mode, path, text, choices)
            said.append(Said(old, ok=False) if old is not None else Said(Msg("up to date with this Kaleun")))
        if mode == "user" and os.geteuid() == 0:
            asked: dict[str, str] | Msg = Msg("as root, systemctl --user would ask root's own systemd, not the "
                                              "user's: run kaleun service status as the user, without sudo")
        else:
            asked = ask_systemd(mode, run or _run)
        ours = choices is not None and os.path.abspath(choices[0][0]) == os.path.abspath(sys.executable)
        if isinstance(asked, Msg):
            said.append(Said(Msg("whether it is enabled and running is unknown: systemd could not be asked "
                                 "({why})", why=asked), ok=False))
        else:
            said += _running_state(mode, asked, ours)
        said.append(Said(Msg("its log: {log}   (its warnings and errors alone: {warnings})",
                             log=f"journalctl {scope}-u {NAME} -f", warnings=f"journalctl {scope}-u {NAME} -p "
                             "warning")))
        found.append(Found(mode, path, True, tuple(said)))
    return found
