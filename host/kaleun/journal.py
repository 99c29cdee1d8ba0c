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
over from an older save is ignored. A full save written on the autosave's own thread (a watch
change) is marked among the lines first, `{"t": 21600.0, "save": "9a1e..."}`: until the journal
for it is renamed into place, the new save finds its mark and replays what follows, the old save
replays everything (a mark is a clock mark to it). Lines are written with one `write` each (a killed process
loses nothing written); the storage is flushed (`fdatasync`, on a thread of its own so the
table never waits for the SD card) at once after a command, and otherwise once the journal has
run `SYNC_GAME_S` of game time past what was flushed or its oldest unflushed line is
`SYNC_WALL_S` old: a power cut loses at most that and the runtime's step under way (in transit
a step is at most a game minute: the boat looks at its machinery every minute). A torn last
line is ignored when the journal is read.
"""

from __future__ import annotations

import errno
import hashlib
import json
import logging
import os
import stat
import threading
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from kaleun.core import jsonin
from kaleun.core.engine import Engine
from kaleun.core.messages import Msg, of_error
from kaleun.files import UnreadableFile, read_file, regular_or_missing, sync_folder, why_unread

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
#: how far (game s) a journal may run past its save: a full save starts the journal afresh every
#: watch (6 game hours), so a week is far beyond anything written; a time damaged into years would
#: have the resume simulate them for hours (a game day replays in about 0.05 s)
MAX_SPAN_S = 7 * 86400.0


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
    """Runs fdatasync on the journal's file on its own thread when asked. The writer may swap
    the file (a compacted journal renamed into place): the file is taken under `lock` (a copy of
    its descriptor, so a swap never closes it under a running sync)."""

    def __init__(self, writer: JournalWriter) -> None:
        self.writer = writer
        self.lock = threading.Lock()
        self.wanted = threading.Event()
        self.stopping = False
        self.failed = False
        #: the folder must be flushed too (a file was renamed into it)
        self.folder_dirty = False
        self.thread = threading.Thread(target=self._run, name="journal-flush", daemon=True)
        self.thread.start()

    def request(self) -> None:
        self.wanted.set()

    def now(self) -> None:
        """Flush on the caller's thread (closing, a new full save, before the full save's rename)."""
        self._sync()

    def _sync(self) -> None:
        with self.lock:
            if self.writer.fd is None:
                return
            fd = os.dup(self.writer.fd)
            folder, self.folder_dirty = self.folder_dirty, False
        try:
            os.fdatasync(fd)
            if folder:
                sync_folder(self.writer.path.parent)
        except OSError as exc:
            if not self.failed:
                log.error("the autosave journal could not be flushed to the storage: %s", exc)
            self.failed = True
        finally:
            os.close(fd)

    def _run(self) -> None:
        while True:
            self.wanted.wait()
            self.wanted.clear()
            if self.stopping:
                return
            self._sync()

    def stop(self) -> None:
        self.stopping = True
        self.wanted.set()
        self.thread.join(timeout=10)


@dataclass
class Compacted:
    """A journal rewritten for a new full save (header and the lines since its mark), flushed to the
    storage under a temporary name; `JournalWriter.finish_compact` renames it into place."""

    path: Path
    fd: int
    size: int
    #: lines since the mark it holds
    lines: int


class JournalWriter:
    """Appends to the journal of one save. `start(base, t)` after every full save written on the
    game's thread; `mark_save(base, t)` before a full save written on another thread, then
    `prepare_compact` (that thread, once the save is on the storage) and `finish_compact`."""

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
        #: bytes in the file, all of them whole lines
        self.size = 0
        #: a line could not be written (a full disk ...): nothing more is appended (the journal
        #: would have a gap) until a full save starts it afresh
        self.failed = False
        #: the lines written since the last `mark_save` (None: no full save under way)
        self.since_mark: list[bytes] | None = None

    def start(self, base: str, t: float, table: Mapping[str, Any]) -> None:
        """Begin afresh after a full save with digest `base` at game time `t` (the save is on
        the storage already: a journal cut short now only loses what the save holds). A journal
        deleted while the game ran (the home with it) is made again, not written on unseen."""
        if self.fd is not None and _deleted(self.fd):
            log.warning("the autosave journal %s was deleted while the game ran; it is made again", self.path)
            self.close()
        if self.fd is None:
            self.check()
            existed = self.path.exists()
            # without waiting: a named pipe put there since the check would block the table for ever
            fd = os.open(self.path, os.O_WRONLY | os.O_CREAT | os.O_APPEND | os.O_NONBLOCK, 0o600)
            if not stat.S_ISREG(os.fstat(fd).st_mode):
                os.close(fd)
                self.check()
            self.fd = fd
            if not existed:
                sync_folder(self.path.parent)
            self.flusher = _Flusher(self)
        assert self.flusher is not None
        os.ftruncate(self.fd, 0)
        self.size = 0
        self.failed = False
        self.since_mark = None
        self._write({"journal": FORMAT, "version": VERSION, "base": base, "t": t})
        self.flusher.now()
        self.last_t, self.last_wall = t, self.clock()
        self.table = dict(table)
        self.unflushed = None
        self.flushed_t = t
        self.lines = 0

    def check(self) -> None:
        """Raise OSError (naming the path and what is there) when the journal's path holds something
        that is not a file: a folder, a named pipe (opening it to write waits for a reader for ever), a
        link to a device (/dev/zero would swallow every line)."""
        what = regular_or_missing(self.path)
        if what is not None:
            raise OSError(errno.EINVAL, f"{self.path}: {what}")

    def _write(self, obj: Mapping[str, Any]) -> None:
        """Append one line (ValueError/TypeError for a value JSON cannot hold, before anything is
        written). A line that cannot be written whole is taken back: the journal stays whole lines
        and `failed` stops it until the next full save."""
        assert self.fd is not None
        data = _line(obj)
        if self.failed:
            return
        problem: OSError | None = None
        try:
            written = os.write(self.fd, data)
        except OSError as exc:
            written, problem = 0, exc
        else:
            problem = None if written == len(data) else OSError(f"only {written} of {len(data)} bytes were written")
        if problem is None:
            self.size += written
            if self.since_mark is not None:
                self.since_mark.append(data)
            return
        log.error("the autosave journal %s cannot be written: %s", self.path, problem)
        self.failed = True
        if written:
            try:
                os.ftruncate(self.fd, self.size)  # no torn line in the middle of the journal
            except OSError:
                log.exception("the torn line could not be taken back from %s", self.path)

    def mark_save(self, base: str, t: float) -> None:
        """A full save with digest `base` at game time `t` is about to be written on another thread:
        a mark says where it stands among the lines, so a crash at any moment of its writing
        resumes exactly (the old save replays the whole journal, the new one what follows the mark)."""
        if self.fd is None:
            return
        self._write({"t": t, "save": base})
        self.since_mark = []

    def prepare_compact(self, base: str, t: float) -> Compacted | None:
        """(The saving thread, the full save on the storage.) The journal for the new save, under a
        temporary name and flushed: its header and the lines written since the mark so far."""
        since = self.since_mark
        if self.fd is None or since is None or self.failed:
            return None
        lines = list(since)  # a copy: the game's thread appends meanwhile
        data = _line({"journal": FORMAT, "version": VERSION, "base": base, "t": t}) + b"".join(lines)
        tmp = self.path.with_name(f".{self.path.name}.new")
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC | os.O_APPEND, 0o600)
        try:
            view = memoryview(data)
            while view:
                view = view[os.write(fd, view):]
            os.fdatasync(fd)
        except BaseException:
            os.close(fd)
            tmp.unlink(missing_ok=True)
            raise
        return Compacted(tmp, fd, len(data), len(lines))

    def finish_compact(self, compacted: Compacted | None) -> None:
        """(The game's thread.) Put the compacted journal in place: the lines written since it was
        prepared are added, it is renamed over the journal and appended to from now on."""
        since = self.since_mark
        if compacted is None or since is None or self.failed or self.fd is None or self.flusher is None:
            self.drop_compact(compacted)
            return
        try:
            rest = b"".join(since[compacted.lines:])
            if rest and os.write(compacted.fd, rest) != len(rest):
                raise OSError("the compacted journal could not be completed")
            os.replace(compacted.path, self.path)
        except OSError as exc:
            log.warning("the journal stays as it was (%s); it continues the new save from its mark", exc)
            self.drop_compact(compacted)
            return
        with self.flusher.lock:
            old, self.fd = self.fd, compacted.fd
            self.flusher.folder_dirty = True
        os.close(old)
        self.size = compacted.size + len(rest)
        self.since_mark = None
        self.flusher.request()

    def drop_compact(self, compacted: Compacted | None) -> None:
        """The full save failed (or its journal cannot be put in place): the journal stays as it is,
        its mark does no harm."""
        self.since_mark = None
        if compacted is not None:
            os.close(compacted.fd)
            compacted.path.unlink(missing_ok=True)

    def sync(self) -> None:
        """Flush the journal on the caller's thread (before a full save's rename: its mark first)."""
        if self.flusher is not None:
            self.flusher.now()

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


def _deleted(fd: int) -> bool:
    """The file open as `fd` has been deleted (no name leads to it any more)."""
    try:
        return os.fstat(fd).st_nlink == 0
    except OSError:
        return False




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
    #: why reading stopped early or the journal was ignored (None: read to its end), for the table's language
    problem: Msg | None = None
    #: the journal belongs to another save (an older one) and was ignored
    stale: bool = False
    #: the version in the header of a journal a newer Kaleun wrote (None: one this Kaleun reads)
    newer: int | None = None

    @property
    def commands(self) -> int:
        return sum(1 for e in self.entries if e.command is not None)


def read_journal(path: Path, base: str, base_t: float) -> Journal:
    """The entries of the journal at `path` that continue the save with digest `base`."""
    try:
        raw = read_file(path, MAX_BYTES)
    except FileNotFoundError:
        return Journal()
    except UnreadableFile as exc:
        return Journal(problem=Msg("{path} is not a journal this Kaleun reads ({why}); it was ignored", path=str(path),
                                   why=exc.why))
    except OSError as exc:
        return Journal(problem=Msg("{path} cannot be read ({why}); it was ignored", path=str(path),
                                   why=why_unread(exc)))
    lines = raw.split(b"\n")
    torn = lines.pop()  # after the last newline: empty, or a line cut short by a crash
    journal = Journal()
    if not lines:
        return journal
    try:
        head = jsonin.loads(lines[0], max_depth=MAX_DEPTH)
    except jsonin.JsonInputError:
        head = None
    version = head.get("version") if isinstance(head, dict) and head.get("journal") == FORMAT else None
    if isinstance(version, int) and not isinstance(version, bool) and version > VERSION:
        journal.newer = version  # a newer Kaleun's: the resume is refused, the journal kept (saves.open_save)
        return journal
    if not isinstance(head, dict) or head.get("journal") != FORMAT or version != VERSION:
        journal.problem = Msg("{where}: not a Kaleun journal; it was ignored", where=f"{path}:1")
        return journal
    first = 1
    if head.get("base") != base:
        # a full save written on another thread: the journal names the save before it, and a
        # mark says where the new one stands among its lines (a crash before it was compacted)
        marked = _mark_of(lines, base)
        if marked is None:
            journal.stale = True
            return journal
        first = marked
    last = base_t
    for number, text in enumerate(lines[first:], start=first + 1):
        try:
            entry = _entry(text, last, base_t + MAX_SPAN_S)
        except ValueError as exc:
            journal.problem = Msg("{where}: {problem}; the journal was replayed up to the line before",
                                  where=f"{path}:{number}", problem=of_error(exc))
            return journal
        journal.entries.append(entry)
        last = entry.t
    if torn.strip():
        journal.problem = Msg("{path}: the last line was cut short (a crash while writing it); it was left out",
                              path=str(path))
    return journal


def _mark_of(lines: list[bytes], base: str) -> int | None:
    """The index of the line after the mark of the save with digest `base`, or None."""
    needle = f'"save":"{base}"'.encode()
    for index in range(len(lines) - 1, 0, -1):
        if needle in lines[index]:
            try:
                obj = jsonin.loads(lines[index], max_depth=MAX_DEPTH)
            except jsonin.JsonInputError:
                continue
            if isinstance(obj, dict) and obj.get("save") == base:
                return index + 1
    return None


def _table_value(value: Any) -> bool:
    """A dial's saved place: a position's name, a ring's angle in whole degrees, or unknown; or the dial
    groups a hand has moved whose order waits for them to come to rest (`moving`: a list of names)."""
    if isinstance(value, str):
        return len(value) < 100
    if isinstance(value, list):
        return len(value) <= 64 and all(isinstance(item, str) and len(item) < 100 for item in value)
    return value is None or (isinstance(value, int) and not isinstance(value, bool) and -10**6 < value < 10**6)


def _entry(text: bytes, last: float, latest: float) -> Entry:
    obj = jsonin.loads(text, max_depth=MAX_DEPTH)
    if not isinstance(obj, dict) or not set(obj) <= {"t", "command", "table", "save"}:
        raise ValueError(Msg("not a journal line"))
    if "save" in obj and (set(obj) != {"t", "save"} or not isinstance(obj["save"], str) or len(obj["save"]) > 64):
        raise ValueError(Msg("a full save's mark holds its game time and the save's digest only"))
    t = obj.get("t")
    if isinstance(t, bool) or not isinstance(t, int | float) or not last <= t <= 1e10:
        raise ValueError(Msg("the game time {t} does not follow {last}", t=repr(t), last=repr(last)))
    if t > latest:
        raise ValueError(Msg("the game time {t} is more than {days} game days after the save's", t=repr(t),
                             days=f"{MAX_SPAN_S / 86400:g}"))
    command = obj.get("command")
    if command is not None and (not isinstance(command, dict) or not isinstance(command.get("do"), str)):
        raise ValueError(Msg("a command must be an object with 'do'"))
    table = obj.get("table")
    if table is not None and (not isinstance(table, dict) or not all(_table_value(v) for v in table.values())):
        raise ValueError(Msg("the table state must be an object of dial readings (short texts and whole numbers) and "
                             "lists of dial groups"))
    return Entry(float(t), command, table)


class ReplayError(Exception):
    """Replaying entry `index` (game time `t`) failed; `__cause__` says how."""

    def __init__(self, index: int, t: float, cause: BaseException) -> None:
        super().__init__(Msg("the journal's entry at t={t} could not be replayed ({why})", t=f"{t:g}",
                             why=f"{type(cause).__name__}: {cause}"))
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
