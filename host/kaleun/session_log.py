"""Where the program's log lines go while a game is played.

- The session's log file: every session of `kaleun play`/`resume` keeps all its log lines in a file of its own
  beside its event log (`sessions/<stamp>.log`, pruned with the session by `kaleun.housekeeping`; `attach`),
  including the lines of the start logged before the file is opened (`Held`). The file stops at `MAX_BYTES`,
  saying so; a line that cannot be written (a full storage) rests it quietly until a save finds room again, and a
  file deleted while the game ran is made again at the next save (`SessionFile.keep`).
- The terminal: a game started at a terminal shows only warnings and errors there (`quiet_terminal`;
  `--verbose` shows every line). A service's log (the system journal) keeps every line.
- The text console: while it runs on a terminal, the terminal is the player's, so the handlers writing to it
  give way to one that says warnings and errors (with `--verbose` every line) through the console, each on a
  line of its own with the prompt after it, as a report of the game is (`through_console`, `ConsoleLines`);
  the rest goes to the session's log file only.
- The system journal: a service's stderr is the journal's stream (systemd names it in JOURNAL_STREAM), and each
  line there carries its level as the journal's priority (`<4>` a warning: sd-daemon(3)), so `journalctl -p
  warning` shows the warnings and errors alone (`to_the_journal`, `JournalPriorities`). A terminal sees no marks.
"""

from __future__ import annotations

import contextlib
import logging
import os
import sys
import threading
import traceback
from collections.abc import Callable
from pathlib import Path
from types import TracebackType
from typing import IO

log = logging.getLogger(__name__)

#: how the session's log file writes a line
FILE_FORMAT = "%(asctime)s %(levelname)s %(name)s: %(message)s"
#: the least a console's terminal shows of the log while a player types there
CONSOLE_LEVEL = logging.WARNING


#: a session's log file stops at this size (bytes): a table run for months by its service is one session, and
#: a line repeated all that time (a deck hub unplugged) must not fill its card [our choice]
MAX_BYTES = 4_000_000


class SessionFile(logging.FileHandler):
    """The session's log file (one at a time: a game chosen at the set-up starts a session of its own). A line
    that cannot be written (a full storage) rests the file quietly until `keep` finds room: the line still reaches
    the terminal or the system journal, without a traceback of logging's own after it. Past `MAX_BYTES` it says so
    and stops."""

    broken = False
    written = 0
    #: where its lines go once it was given up (`detach`): a line another thread logged meanwhile is not lost
    forward: logging.Handler | None = None

    def emit(self, record: logging.LogRecord) -> None:
        if self.forward is not None:
            self.forward.handle(record)
            return
        if self.broken:
            return
        self.written += len(record.getMessage()) + 80  # the time, level and logger's name before it
        if self.written > MAX_BYTES:
            self.broken = True
            record = logging.makeLogRecord({"name": __name__, "levelno": logging.WARNING, "levelname": "WARNING",
                                            "msg": "the session's log file is full (%d bytes): it stops here",
                                            "args": (MAX_BYTES,)})
        super().emit(record)

    def handleError(self, record: logging.LogRecord) -> None:
        self.broken = self.unwritable = True

    #: a line could not be written (a full storage): the file rests until `keep` finds room again
    unwritable = False

    def keep(self) -> str | None:
        """(At every save.) The file was deleted while the game ran (its session folder, or the whole home), or a
        line could not be written (a full storage): opened again, so the lines from here on are kept, not written
        to a file no name leads to nor lost once there is room. Returns what was mended ("deleted",
        "unwritable"), or None."""
        self.acquire()
        try:
            stream = self.stream
            if stream is None or self.forward is not None or self.written > MAX_BYTES:
                return None
            why = "unwritable" if self.unwritable else "deleted" if _gone(stream) else None
            if why is None:
                return None
            try:
                Path(self.baseFilename).parent.mkdir(parents=True, exist_ok=True)
                fresh = self._open()
            except OSError:  # a file where the session folder belongs, a read-only storage: it rests
                self.broken = True
                return None
            with contextlib.suppress(OSError, ValueError):  # what it still held could not be written either
                stream.close()
            self.stream = fresh
            note = ("(the file was deleted while the game ran and made again; what came before is not in it)"
                    if why == "deleted" else "(lines are missing here: the storage could not take them)")
            try:
                fresh.write(note + self.terminator)
                fresh.flush()
            except OSError:  # still no room: tried again at the next save
                self.broken = self.unwritable = True
                return None
            self.broken = self.unwritable = False
            return why
        finally:
            self.release()


def _gone(stream: IO[str]) -> bool:
    """The file open as `stream` was deleted (no name leads to it any more)."""
    try:
        return os.fstat(stream.fileno()).st_nlink == 0
    except (OSError, ValueError):
        return False


#: lines kept for the session's log file before it is opened (a start's housekeeping) [our choice]
HELD_MOST = 200


class Held(logging.Handler):
    """The log lines of a start before its session's log file is opened, kept for it; `carried`, the lines of a
    session's log file given up before its game ran (`detach`), written there before them."""

    def __init__(self, carried: str = "") -> None:
        super().__init__()
        self.records: list[logging.LogRecord] = []
        self.carried = carried

    def emit(self, record: logging.LogRecord) -> None:
        if len(self.records) < HELD_MOST:
            self.records.append(record)


def quiet_terminal(terminal: logging.Handler) -> None:
    """A game started at a terminal (`kaleun play`, `kaleun resume`): the terminal shows warnings and errors
    only (the start's housekeeping lines, in English, stay off a console that speaks the table's language);
    every line goes to the session's log file, those logged before it is opened kept for it."""
    terminal.setLevel(CONSOLE_LEVEL)
    logging.getLogger().addHandler(Held())


def attach(path: Path) -> SessionFile | None:
    """Keep every log line from now on in `path` too (instead of an earlier session's file), after the lines
    held for it since the start. A file that cannot be opened (a read-only folder) is said once on the log as
    it stands, and the game goes on."""
    root = logging.getLogger()
    for old in [h for h in root.handlers if isinstance(h, SessionFile)]:
        root.removeHandler(old)
        old.close()
    held = [h for h in root.handlers if isinstance(h, Held)]
    for h in held:
        root.removeHandler(h)
    try:
        handler = SessionFile(path, encoding="utf-8", delay=False)
    except OSError as exc:
        log.warning("the session's log file %s cannot be written (%s)", path, exc.strerror or exc)
        return None
    handler.setFormatter(logging.Formatter(FILE_FORMAT))
    for h in held:
        if h.carried:
            handler.acquire()
            try:
                handler.stream.write(h.carried)  # type: ignore[union-attr]  # opened (delay=False)
                handler.flush()
                handler.written += len(h.carried)
            except OSError:  # a full storage: the file ends quietly, as at a line it cannot write
                handler.broken = True
            finally:
                handler.release()
        for record in h.records:
            handler.handle(record)
    root.addHandler(handler)
    return handler


def keep() -> None:
    """(At every save.) The session's log file made again if it was deleted while the game ran, or opened again
    once a full storage has room, said in it."""
    for handler in [h for h in logging.getLogger().handlers if isinstance(h, SessionFile)]:
        mended = handler.keep()
        if mended == "deleted":
            log.warning("the session's log %s was deleted while the game ran (its folder or the home with it); it "
                        "is made again and goes on from here", handler.baseFilename)
        elif mended == "unwritable":
            log.warning("the session's log %s can be written again; the lines logged while the storage could not "
                        "take them are missing from it", handler.baseFilename)


def _writes_to(handler: SessionFile, path: Path) -> bool:
    """Whether `handler` is the session log file at `path`: the same file open (through a symlinked or relative
    home, `a/../home`, whose path reads otherwise), or the same name once that file is gone."""
    try:
        return os.path.samestat(os.fstat(handler.stream.fileno()), os.stat(path))  # type: ignore[union-attr]
    except (OSError, ValueError, AttributeError):  # the file is gone, or the handler is closed
        return handler.baseFilename == os.path.abspath(path)


def detach(path: Path) -> bool:
    """The session log file at `path` is given up before its game ran (its session files are about to be
    deleted): it is closed, and its lines so far, with every line from now on, wait for the next session's log
    file (`attach`) rather than going with it. Returns whether it was open."""
    root = logging.getLogger()
    found = False
    for handler in [h for h in root.handlers if isinstance(h, SessionFile) and _writes_to(h, path)]:
        held = Held()
        handler.acquire()  # a line logged meanwhile (another thread) is either in the file read below or held
        try:
            root.addHandler(held)
            root.removeHandler(handler)
            handler.forward = held
            handler.flush()
            try:
                with open(path, encoding="utf-8", errors="replace") as kept:
                    held.carried = kept.read(MAX_BYTES)
            except OSError:  # gone or unreadable: the lines from now on are kept still
                pass
        finally:
            handler.release()
        handler.close()
        found = True
    return found


def _to_terminal(handler: logging.Handler) -> bool:
    """The handler writing to the terminal (`kaleun`'s own on stderr): a plain stream handler, not a file's."""
    return type(handler) is logging.StreamHandler


class ConsoleLines(logging.Handler):
    """Warnings and errors said through a console (`say`), in the words the terminal's handler gave them
    (`kaleun: ...` for a line said to the players). A line logged on another thread (the journal's flush)
    is said on the console's own thread, through `later`."""

    def __init__(self, say: Callable[[str], None], later: Callable[[Callable[[], None]], None],
                 formatter: logging.Formatter | None, level: int = CONSOLE_LEVEL) -> None:
        super().__init__(level)
        self.say = say
        self.later = later
        self.home = threading.get_ident()
        if formatter is not None:
            self.setFormatter(formatter)

    def emit(self, record: logging.LogRecord) -> None:
        try:
            text = self.format(record)
        except Exception:
            self.handleError(record)
            return
        if threading.get_ident() == self.home:
            self.say(text)
        else:
            self.later(lambda: self.say(text))


def through_console(say: Callable[[str], None], later: Callable[[Callable[[], None]], None]) -> Callable[[], None]:
    """While a console runs on a terminal: the handlers writing to the terminal give way to one that says
    warnings and errors through the console (with `--verbose`, which logs debugging detail, every line); returns
    what puts them back."""
    root = logging.getLogger()
    taken = [h for h in root.handlers if _to_terminal(h)]
    if not taken:
        return lambda: None
    verbose = root.getEffectiveLevel() <= logging.DEBUG
    formatter = taken[0].formatter
    if isinstance(formatter, JournalPriorities):  # the console's terminal reads the lines unmarked
        formatter = formatter.inner
    lines = ConsoleLines(say, later, formatter, logging.NOTSET if verbose else CONSOLE_LEVEL)
    for h in taken:
        root.removeHandler(h)
    root.addHandler(lines)

    def restore() -> None:
        root.removeHandler(lines)
        for h in taken:
            if h not in root.handlers:
                root.addHandler(h)

    return restore


#: the journal's priority (syslog's, as sd-daemon(3) marks it at a line's start) of a log line, by its level: the
#: first whose level the line reaches; below them all, debugging detail (7)
JOURNAL_PRIORITIES = ((logging.CRITICAL, 2), (logging.ERROR, 3), (logging.WARNING, 4), (logging.INFO, 6))


def journal_priority(level: int) -> int:
    """The journal's priority of a line logged at `level` (error 3, warning 4, info 6, debug 7)."""
    return next((priority for least, priority in JOURNAL_PRIORITIES if level >= least), 7)


def to_the_journal(stream: object) -> bool:
    """Whether `stream` (stderr) is the system journal's stream: systemd sets JOURNAL_STREAM to its device and
    inode ("DEV:INODE", systemd.exec(5)); a stream redirected elsewhere by the service's command is not it."""
    dev, _, inode = os.environ.get("JOURNAL_STREAM", "").partition(":")
    if not (dev.isdigit() and inode.isdigit()):
        return False
    try:
        seen = os.fstat(stream.fileno())  # type: ignore[attr-defined]
    except (OSError, ValueError, AttributeError):  # closed, or a stand-in without a file descriptor
        return False
    return (seen.st_dev, seen.st_ino) == (int(dev), int(inode))


def journal_marked(text: str, level: int) -> str:
    """`text` with every line of it marked with the journal's priority of `level` (the journal keeps each line
    as an entry of its own: a traceback's lines too)."""
    mark = f"<{journal_priority(level)}>"
    return "\n".join(mark + line for line in text.split("\n"))


class JournalPriorities(logging.Formatter):
    """A formatter's lines, each marked with the journal's priority of the record's level."""

    def __init__(self, inner: logging.Formatter | None) -> None:
        super().__init__()
        self.inner = inner or logging.Formatter()

    def format(self, record: logging.LogRecord) -> str:
        return journal_marked(self.inner.format(record), record.levelno)


def mark_for_the_journal(handler: logging.StreamHandler) -> None:
    """A handler writing to the system journal's stream marks each line with its priority; one writing to a
    terminal or a file is left as it is. There, a crash's traceback (an exception nothing caught) is marked as
    critical too, on the main thread or any other, so `journalctl -p warning` shows why the service stopped."""
    if not to_the_journal(handler.stream) or isinstance(handler.formatter, JournalPriorities):
        return
    handler.setFormatter(JournalPriorities(handler.formatter))
    stream = handler.stream

    def crashed(kind: type[BaseException], value: BaseException, trace: TracebackType | None,
                where: str = "") -> None:
        text = where + "".join(traceback.format_exception(kind, value, trace)).rstrip("\n")
        stream.write(journal_marked(text, logging.CRITICAL) + "\n")
        stream.flush()

    def thread_crashed(args: threading.ExceptHookArgs) -> None:
        if args.exc_type is SystemExit:  # a thread's own way to end, as Python's hook treats it
            return
        name = args.thread.name if args.thread is not None else "?"
        crashed(args.exc_type, args.exc_value or args.exc_type(), args.exc_traceback,
                where=f"Exception in thread {name}:\n")

    sys.excepthook = crashed
    threading.excepthook = thread_crashed
