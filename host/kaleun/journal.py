"""The autosave's journal: everything since the last full save, appended as it happens.

A full save (`autosave.json`) is written at the start, at every watch change and on quit.
In between, the journal next to it (`autosave.journal.jsonl`) receives one short line per
command the game applied and a clock mark whenever the game has run on: the core is
deterministic, so the save plus these lines replayed give the game exactly as it was.

    {"journal": "kaleun-journal", "version": 1, "base": "5f0c...", "t": 7200.0}
    {"t": 7290.5, "command": {"do": "order", "order": "dive", "via": "console"}}
    {"t": 7320.5, "table": {"telegraph": "half_ahead"}}
    {"t": 7351.0}

The first line names the full save it continues (a digest of the save file): a journal left
over from an older save is ignored. Lines are written with one `write` each (a killed process
loses nothing written); the storage is flushed (`fdatasync`, on a thread of its own so the
table never waits for the SD card) at once after a command, and otherwise once the journal has
run `SYNC_GAME_S` of game time past what was flushed or its oldest unflushed line is
`SYNC_WALL_S` old: a power cut loses at most that and the runtime's step under way (in transit
a step is at most a game minute: the boat looks at its machinery every minute). A torn last
line is ignored when the journal is read.
"""

from __future__ import annotations

import hashlib
import json
import logging
import os
import threading
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from kaleun.core import jsonin
from kaleun.core.engine import Engine

log = logging.getLogger(__name__)

FORMAT = "kaleun-journal"
VERSION = 1
#: a clock mark is written once the game has run this long since the last line (game s) ...
MARK_GAME_S = 30.0
#: ... or this much wall time has passed since the last line while the game ran
MARK_WALL_S = 1.0
#: the journal is flushed to the storage once it runs this far (game s) past what was flushed ...
SYNC_GAME_S = 30.0
#: ... or its oldest unflushed line is this old (wall s); a command is flushed at once
SYNC_WALL_S = 2.0
#: a journal longer than this is not read (a day of play writes well under 10 MB)
MAX_BYTES = 256 * 1024 * 1024
#: nesting a journal line may have (a command nests about 4 levels)
MAX_DEPTH = 32


def journal_path(save: Path) -> Path:
    """The journal that belongs to a save file: autosave.json -> autosave.journal.jsonl."""
    save = Path(save)
    return save.with_name(f"{save.stem}.journal.jsonl")


def digest(data: bytes) -> str:
    """What a journal's first line names its save by."""
    return hashlib.blake2b(data, digest_size=16).hexdigest()


def _line(obj: Mapping[str, Any]) -> bytes:
    return (json.dumps(obj, separators=(",", ":"), ensure_ascii=True, allow_nan=False) + "\n").encode()


class _Flusher:
    """Runs fdatasync on a file descriptor on its own thread when asked."""

    def __init__(self, fd: int) -> None:
        self.fd = fd
        self.lock = threading.Lock()
        self.wanted = threading.Event()
        self.stopping = False
        self.failed = False
        self.thread = threading.Thread(target=self._run, name="journal-flush", daemon=True)
        self.thread.start()

    def request(self) -> None:
        self.wanted.set()

    def now(self) -> None:
        """Flush on the caller's thread (closing, a new full save)."""
        with self.lock:
            self._sync()

    def _sync(self) -> None:
        try:
            os.fdatasync(self.fd)
        except OSError as exc:
            if not self.failed:
                log.error("the autosave journal could not be flushed to the storage: %s", exc)
            self.failed = True

    def _run(self) -> None:
        while True:
            self.wanted.wait()
            self.wanted.clear()
            if self.stopping:
                return
            with self.lock:
                self._sync()

    def stop(self) -> None:
        self.stopping = True
        self.wanted.set()
        self.thread.join(timeout=10)


class JournalWriter:
    """Appends to the journal of one save. `start(base, t)` after every full save."""

    def __init__(self, path: Path, clock: Callable[[], float] = time.monotonic) -> None:
        self.path = Path(path)
        self.clock = clock
        self.fd: int | None = None
        self.flusher: _Flusher | None = None
        #: game time and wall time of the last line, the table state it carried
        self.last_t = 0.0
        self.last_wall = 0.0
        self.table: dict[str, Any] = {}
        #: wall time of the oldest line not flushed yet (None: all flushed), game time flushed up to
        self.unflushed: float | None = None
        self.flushed_t = 0.0
        self.lines = 0
        self.failed = False

    def start(self, base: str, t: float, table: Mapping[str, Any]) -> None:
        """Begin afresh after a full save with digest `base` at game time `t` (the save is on
        the storage already: a journal cut short now only loses what the save holds)."""
        if self.fd is None:
            existed = self.path.exists()
            self.fd = os.open(self.path, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o600)
            if not existed:
                _sync_folder(self.path.parent)
            self.flusher = _Flusher(self.fd)
        assert self.flusher is not None
        with self.flusher.lock:
            os.ftruncate(self.fd, 0)
            self._write({"journal": FORMAT, "version": VERSION, "base": base, "t": t})
            self.flusher._sync()
        self.last_t, self.last_wall = t, self.clock()
        self.table = dict(table)
        self.unflushed = None
        self.flushed_t = t
        self.lines = 0

    def _write(self, obj: Mapping[str, Any]) -> None:
        assert self.fd is not None
        data = _line(obj)
        try:
            os.write(self.fd, data)
        except OSError as exc:
            if not self.failed:
                log.error("the autosave journal %s cannot be written: %s", self.path, exc)
            self.failed = True

    def _append(self, obj: dict[str, Any], t: float, table: Mapping[str, Any], urgent: bool) -> None:
        if self.fd is None:
            return  # before the first full save: it will hold all of this
        changed = table != self.table
        if changed:
            obj["table"] = dict(table)
        self._write(obj)  # a value JSON cannot hold raises here, before anything changed
        if changed:
            self.table = dict(table)
        self.lines += 1
        now = self.clock()
        self.last_t, self.last_wall = t, now
        if self.unflushed is None:
            self.unflushed = now
        if urgent:
            self._flush()

    def _flush(self) -> None:
        self.unflushed = None
        self.flushed_t = self.last_t
        if self.flusher is not None:
            self.flusher.request()

    def command(self, t: float, command: Mapping[str, Any], table: Mapping[str, Any]) -> None:
        """A command the game applied at game time `t` (flushed to the storage at once)."""
        self._append({"t": t, "command": dict(command)}, t, table, urgent=True)

    def progress(self, t: float, table: Mapping[str, Any]) -> None:
        """The game has reached `t`: a clock mark when due, a flush when due."""
        if self.fd is None:
            return
        now = self.clock()
        moved = t > self.last_t
        if (moved and (t - self.last_t >= MARK_GAME_S or now - self.last_wall >= MARK_WALL_S)) \
                or table != self.table:
            self._append({"t": t}, t, table, urgent=False)
        if self.unflushed is not None and (self.last_t - self.flushed_t >= SYNC_GAME_S
                                           or now - self.unflushed >= SYNC_WALL_S):
            self._flush()

    def close(self) -> None:
        if self.flusher is not None:
            self.flusher.stop()
            self.flusher.now()
            self.flusher = None
        if self.fd is not None:
            os.close(self.fd)
            self.fd = None


def _sync_folder(folder: Path) -> None:
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


# -- reading ------------------------------------------------------------------------------------
@dataclass
class Entry:
    t: float
    command: dict[str, Any] | None = None
    table: dict[str, Any] | None = None


@dataclass
class Journal:
    """What a journal holds for one save: its entries, and what was wrong with the rest."""

    entries: list[Entry] = field(default_factory=list)
    #: why reading stopped early or the journal was ignored (None: read to its end)
    problem: str | None = None
    #: the journal belongs to another save (an older one) and was ignored
    stale: bool = False

    @property
    def commands(self) -> int:
        return sum(1 for e in self.entries if e.command is not None)


def read_journal(path: Path, base: str, base_t: float) -> Journal:
    """The entries of the journal at `path` that continue the save with digest `base`."""
    try:
        size = path.stat().st_size
        if size > MAX_BYTES:
            return Journal(problem=f"{path} is {size} bytes long, more than this Kaleun reads; it was ignored")
        raw = path.read_bytes()
    except FileNotFoundError:
        return Journal()
    except OSError as exc:
        return Journal(problem=f"{path} cannot be read ({exc.strerror or exc}); it was ignored")
    lines = raw.split(b"\n")
    torn = lines.pop()  # after the last newline: empty, or a line cut short by a crash
    journal = Journal()
    if not lines:
        return journal
    try:
        head = jsonin.loads(lines[0], max_depth=MAX_DEPTH)
    except jsonin.JsonInputError:
        head = None
    if not isinstance(head, dict) or head.get("journal") != FORMAT or head.get("version") != VERSION:
        journal.problem = f"{path}:1: not a Kaleun journal; it was ignored"
        return journal
    if head.get("base") != base:
        journal.stale = True
        return journal
    last = base_t
    for number, text in enumerate(lines[1:], start=2):
        try:
            entry = _entry(text, last)
        except ValueError as exc:
            journal.problem = f"{path}:{number}: {exc}; the journal was replayed up to the line before"
            return journal
        journal.entries.append(entry)
        last = entry.t
    if torn.strip():
        journal.problem = f"{path}: the last line was cut short (a crash while writing it); it was left out"
    return journal


def _table_value(value: Any) -> bool:
    """A dial's saved place: a position's name, a ring's angle in whole degrees, or unknown."""
    if isinstance(value, str):
        return len(value) < 100
    return value is None or (isinstance(value, int) and not isinstance(value, bool) and -10**6 < value < 10**6)


def _entry(text: bytes, last: float) -> Entry:
    obj = jsonin.loads(text, max_depth=MAX_DEPTH)
    if not isinstance(obj, dict) or not set(obj) <= {"t", "command", "table"}:
        raise ValueError("not a journal line")
    t = obj.get("t")
    if isinstance(t, bool) or not isinstance(t, int | float) or not last <= t <= 1e10:
        raise ValueError(f"the game time {t!r} does not follow {last!r}")
    command = obj.get("command")
    if command is not None and (not isinstance(command, dict) or not isinstance(command.get("do"), str)):
        raise ValueError("a command must be an object with 'do'")
    table = obj.get("table")
    if table is not None and (not isinstance(table, dict) or not all(_table_value(v) for v in table.values())):
        raise ValueError("the table state must be an object of short texts and whole numbers (dial readings)")
    return Entry(float(t), command, table)


class ReplayError(Exception):
    """Replaying entry `index` (game time `t`) failed; `__cause__` says how."""

    def __init__(self, index: int, t: float, cause: BaseException) -> None:
        super().__init__(f"the journal's entry at t={t:g} could not be replayed ({type(cause).__name__}: {cause})")
        self.index = index
        self.t = t


def replay(engine: Engine, entries: list[Entry]) -> None:
    """Replay `entries` into `engine` (their events are dropped: the session log has them).
    Raises ReplayError naming the entry that failed: a command refused (it was accepted when
    it was written, so the journal is not this game's) or the game failing on its way there."""
    for index, entry in enumerate(entries):
        try:
            engine.advance_to(entry.t)
            if entry.table is not None:
                engine.table_state = dict(entry.table)
            if entry.command is not None:
                engine.apply(entry.command)
        except Exception as exc:  # the game failing must not stop a resume: the caller falls back
            raise ReplayError(index, entry.t, exc) from exc
        finally:
            engine.take_events()
