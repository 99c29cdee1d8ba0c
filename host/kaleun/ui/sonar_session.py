"""A Captain Sonar session: the runtime with its logs and autosave, shown per team.

The session writes the full event log (every event, for the referee and replays), one view log
per team (`<stamp>.yellow.events.jsonl`: what that team may know), a replayable table script and
its log lines (`<stamp>.log`, `kaleun.session_log`);
it saves after every surfacing, dive, blast and at the game's end, and on quit. Front ends:
one console per team (this terminal, and the other team's terminal with `--tty`), or the window
showing one team's screen or both side by side (a Pi 4 driving two screens behind the divider).
"""

from __future__ import annotations

import contextlib
import logging
import os
import stat
import sys
from typing import Any, Protocol, cast

from kaleun import session_log
from kaleun.core.engine import Engine
from kaleun.core.messages import Msg
from kaleun.files import why_unread
from kaleun.games import make_table
from kaleun.paths import autosave_path, state_dir
from kaleun.runtime.loop import Runtime
from kaleun.runtime.outputs import Autosave, EventLog, Output
from kaleun.runtime.signals import STOPPER
from kaleun.sonar.turns import TEAMS
from kaleun.ui.session import Session, _session_stem, first_save

log = logging.getLogger(__name__)

#: events after which the game saves itself (besides quitting)
SAVE_ON = ("dive_stations", "surfaced", "dived", "blast", "game_over", "turn")


#: programs that read a terminal they wait at (a shell at its prompt)
SHELLS = frozenset({"bash", "sh", "dash", "zsh", "fish", "ksh", "mksh", "tcsh", "csh", "ash", "busybox"})


class SonarSession(Session, Protocol):
    """A Captain Sonar session: after the end, `then` is "new" when a team asked for a new game, which `carried`
    (each team's terminal and reader) lets the next session's consoles read on."""

    @property
    def then(self) -> str | None: ...

    @property
    def settings(self) -> dict[str, str]: ...

    def carried(self) -> dict[str, tuple[Any, Any, Any]]: ...


class SessionError(RuntimeError):
    """The session cannot start (a terminal that cannot be opened, a second team without one)."""


def _same_terminal(a: Any, b: Any) -> bool:
    try:
        return bool(b.isatty()) and os.fstat(a.fileno()).st_rdev == os.fstat(b.fileno()).st_rdev
    except (OSError, ValueError, AttributeError):  # a stream without a file (tests) is no terminal
        return False


def shell_reading(fd: int, proc: str = "/proc") -> tuple[str, int] | None:
    """(name, process) of a shell in the foreground of the terminal open as `fd`, or None. A shell at its
    prompt reads the terminal too: every other line the other team typed went to it ("status: command
    not found"), never to the game. The terminal is not this process's own, so its foreground is found
    in the processes that have it as theirs (/proc/PID/stat: tty_nr, tpgid)."""
    try:
        device = os.fstat(fd).st_rdev
        pids = [p for p in os.listdir(proc) if p.isdigit()]
    except OSError:
        return None
    for pid in pids:
        try:
            with open(f"{proc}/{pid}/stat", encoding="utf-8", errors="replace") as fh:
                fields = fh.read().rsplit(")", 1)[1].split()
            tty_nr, group = int(fields[4]), int(fields[5])
            if os.major(device) != (tty_nr >> 8) & 0xFFF or \
                    os.minor(device) != (tty_nr & 0xFF) | ((tty_nr >> 12) & 0xFFF00) or group <= 0:
                continue
            with open(f"{proc}/{group}/comm", encoding="utf-8", errors="replace") as fh:
                name = fh.read().strip()
        except (OSError, ValueError, IndexError):
            continue
        return (name, group) if name in SHELLS and group != os.getpgrp() else None
    return None


def make_sonar_runtime(game: Engine, keep_previous: bool = False, language: str = "en") -> Runtime:
    """The runtime with the full and per-team event logs, the session script and the autosave.
    `keep_previous` (a new game): the first save keeps the game saved before under an earlier-game
    name, as for U-BOOT (`Autosave`); `language` is the table's, for the front ends."""
    sessions = state_dir() / "sessions"
    with contextlib.suppress(OSError):  # a file or a read-only folder there: the logs say so, the game goes on
        sessions.mkdir(parents=True, exist_ok=True)
    stamp = _session_stem(sessions)
    session_log.attach(sessions / f"{stamp}.log")  # every log line of the session, whatever the terminal shows
    outputs: list[Output] = [EventLog(sessions / f"{stamp}.events.jsonl")]
    outputs += [EventLog(sessions / f"{stamp}.{team}.events.jsonl", viewer=team) for team in TEAMS]
    # the runtime uses only the table's start, flush, dial_pending and close: a bare table has them
    table = cast(Any, make_table(game, None))
    runtime = Runtime(game, table, outputs, autosave=Autosave(game, autosave_path(), keep_previous=keep_previous,
                                                           triggers=SAVE_ON),
                      record=sessions / f"{stamp}.script.jsonl")
    runtime.language = language
    STOPPER.running(runtime.request_stop, runtime.continued)  # from here on a signal stops the loop, which saves
    first_save(runtime)  # AutosaveFailed: nothing is played that cannot be saved
    return runtime


def open_sonar_session(game: Engine, team: str = "yellow", console: bool = False, tty: str | None = None,
                       stdin: Any = None, stdout: Any = None, language: str = "en",
                       keep_previous: bool = False, fullscreen: bool = False,
                       carried: dict[str, tuple[Any, Any, Any]] | None = None) -> SonarSession:
    """The window (one team, or both side by side) when a display exists, else the consoles;
    `language` is the table's, `keep_previous` keeps the game saved before (a new game),
    `fullscreen` (`--fullscreen`) the window full screen. `carried` (a new game after `new`): each team's terminal
    and reader of the game before, taken on here (its other terminal is not opened again)."""
    from kaleun.ui.display import has_display

    carried = carried or {}

    def seat(console: Any) -> Any:
        """A console of the game before's team reads on with that game's reader."""
        if console.team in carried:
            console.reader = carried[console.team][2]
        return console

    seats = list(TEAMS) if team == "both" else [team]
    if not console and has_display() and (tty is None or len(seats) == 1):
        from kaleun.ui.sonar_console import TeamConsole
        from kaleun.ui.sonar_window import SonarWindow

        # `--tty` beside one team's window: the other team's console on its terminal (a Pi's touch screen for
        # one team, a terminal for the other); without it the other team has no input at this table
        other = next(t for t in TEAMS if t != seats[0])
        beside = carried[other][:2] if other in carried else \
            _other_terminal(tty, stdin, stdout, language) if tty is not None else None
        runtime = make_sonar_runtime(game, keep_previous, language)
        consoles = [seat(TeamConsole(runtime, other, *beside))] if beside else []
        return SonarWindow(runtime, seats, fullscreen=True if fullscreen else None, consoles=consoles,
                           files=(beside[1],) if beside else ())
    from kaleun.ui.sonar_console import SonarConsoles, TeamConsole

    if len(seats) == 2 and tty is None:
        raise SessionError(Msg("two team consoles need a second terminal: --tty DEVICE (e.g. /dev/pts/3) for blue"))
    other_io: tuple[Any, Any] | None = None
    if tty is not None:
        if len(seats) == 1:
            seats.append(next(t for t in TEAMS if t != seats[0]))
        other_io = carried[seats[1]][:2] if seats[1] in carried else _other_terminal(tty, stdin, stdout, language)
    runtime = make_sonar_runtime(game, keep_previous, language)
    own = carried[seats[0]][:2] if seats[0] in carried else (stdin or sys.stdin, stdout or sys.stdout)
    consoles = [seat(TeamConsole(runtime, seats[0], *own))]
    if other_io is not None:
        consoles.append(seat(TeamConsole(runtime, seats[1], other_io[0], other_io[1])))
    # the reading side stays open: its thread may still be waiting in read() (closing would block)
    return SonarConsoles(runtime, consoles, files=(other_io[1],) if other_io else ())


def _other_terminal(tty: str, stdin: Any, stdout: Any, language: str) -> tuple[Any, Any]:
    """The other team's terminal (`--tty`), open for reading and writing; a file, this console's own terminal
    or one that cannot be opened is refused (SessionError). A shell waiting at its prompt there reads it too:
    both terminals are told so."""
    not_a_terminal = Msg("{tty} is not a terminal: --tty takes the other team's terminal, e.g. /dev/pts/3 (the `tty` "
                         "command prints its name)", tty=tty)
    try:
        mode: int | None = os.stat(tty).st_mode
    except (OSError, ValueError):  # nothing there, a name the system cannot look up: the opening says why
        mode = None
    if mode is not None and not stat.S_ISCHR(mode):  # a named pipe: opening it waited for a writer for ever
        raise SessionError(not_a_terminal)
    try:  # a terminal is not seekable: one stream each way
        reading = open(tty, encoding="utf-8", errors="backslashreplace")  # noqa: SIM115 - the session's
        if not reading.isatty():  # a file named by mistake would be emptied by the writing side
            reading.close()
            raise SessionError(not_a_terminal)
        if _same_terminal(reading, stdin or sys.stdin):  # two consoles would take turns at its lines
            reading.close()
            raise SessionError(Msg("{tty} is this console's own terminal: --tty takes the other team's "
                                   "terminal (type `tty` there to learn its name)", tty=tty))
        other_io = (reading, open(tty, "w", encoding="utf-8", errors="backslashreplace"))  # noqa: SIM115
    except OSError as exc:
        raise SessionError(Msg("cannot open the terminal {tty}: {why}", tty=tty,
                               why=why_unread(exc))) from exc
    shell = shell_reading(other_io[0].fileno())
    if shell is not None:
        from kaleun.i18n import language as in_language

        warning = in_language(language).render(Msg(
            "Kaleun: a shell ({shell}, process {process}) reads {tty} too: lines typed there go to it or to the "
            "game at random. Type `sleep infinity` in that terminal (Ctrl-C ends it after the game).",
            shell=shell[0], process=shell[1], tty=tty))
        for out in (stdout or sys.stdout, other_io[1]):
            with contextlib.suppress(OSError, ValueError):
                print(warning, file=out, flush=True)
    return other_io
