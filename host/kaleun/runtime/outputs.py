"""Outputs: what the runtime does with the game's events (sound, lamps, logs, autosave)."""

from __future__ import annotations

import errno
import json
import logging
import os
import time
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from pathlib import Path
from typing import IO, Any, Protocol

from kaleun.core.engine import Engine
from kaleun.core.errors import SaveError
from kaleun.core.events import Event, visible_to
from kaleun.core.messages import Msg, When
from kaleun.journal import Compacted, JournalWriter, digest, journal_path
from kaleun.ports.base import Sounder
from kaleun.saves import Pruned, keep_aside, mark_unplayed, prune_kept, save_game, save_text, write_atomic
from kaleun.sounds.cues import cues_for

log = logging.getLogger(__name__)


class Output(Protocol):
    def handle(self, event: Event) -> None: ...

    def close(self) -> None: ...


class SoundOutput:
    """Plays the sound cues (kaleun.sounds.cues) of every event: the bell, pings, depth charges...

    `raises` (the front ends pass `kaleun.ui.feedlog.AlarmGate.raises`) hears every event and says
    whether it raises its feed line's alarm; a window alarm's cue (`Cue.feed_alarm`) plays only then
    (a convoy's first report, not each ship added to it). Without it every cue plays."""

    def __init__(self, sounder: Sounder, raises: Callable[[Event], bool] | None = None) -> None:
        self.sounder = sounder
        self.raises = raises

    def handle(self, event: Event) -> None:
        raised = self.raises(event) if self.raises is not None else True
        for cue in cues_for(event.name, event.data):
            if raised or not cue.feed_alarm:
                self.sounder.play(cue.name, event.data)

    def close(self) -> None:
        self.sounder.close()


#: the name this output had while it only rang the bell
BellOutput = SoundOutput


def open_session_file(path: Path) -> IO[str]:
    """A session's file (event log, script) opened for appending, its folder made; an OSError says what is
    in the way in words (a file where the session folder belongs: not mkdir's bare `File exists`)."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except FileExistsError:
        raise OSError(errno.ENOTDIR, f"{path.parent} is a file, not a folder", str(path)) from None
    return open(path, "a", encoding="utf-8", errors="backslashreplace")


def deleted(fh: IO[str] | int) -> bool:
    """The file open as `fh` (a file object or descriptor) was deleted while open: its folder or the whole
    home with it (what is written to it now goes nowhere)."""
    try:
        return os.fstat(fh if isinstance(fh, int) else fh.fileno()).st_nlink == 0
    except (OSError, ValueError):
        return False


class EventLog:
    """Appends every event to a JSONL file (the session's event log); with a `viewer`, only the
    events that party may know of (one team's view of a game of hidden information). `keep` (at
    every save) makes the file again when it was deleted while the game ran."""

    def __init__(self, path: Path, viewer: str | None = None) -> None:
        self.path = Path(path)
        self.viewer = viewer
        self.fh: IO[str] | None = None
        self.failed = False
        try:
            self.fh = open_session_file(path)
        except OSError as exc:  # a session folder that is a file, or read-only: the game goes on without its log
            log.error("the session's event log %s cannot be written (%s); the game goes on without it", path,
                      exc.strerror or exc)
            self.failed = True

    def handle(self, event: Event) -> None:
        if not visible_to(event, self.viewer) or self.failed or self.fh is None:
            return
        try:
            self.fh.write(json.dumps(event.to_json(), ensure_ascii=False) + "\n")
            self.fh.flush()
        except OSError as exc:  # a full disk: the game goes on (the autosave says what is kept)
            log.error("the session's event log cannot be written (%s); it stops here", exc)
            self.failed = True

    def keep(self) -> None:
        """The event log was deleted while the game ran (its session folder, or the whole home): made again, so
        the events from here on are kept (those before are gone with the file)."""
        if self.fh is None or self.failed or not deleted(self.fh):
            return
        log.warning("the session's event log %s was deleted while the game ran (its folder or the home with it); "
                    "it is made again and goes on from here", self.path)
        self.close()
        try:
            self.fh = open_session_file(self.path)
        except OSError as exc:
            log.error("the session's event log %s cannot be made again (%s); the game goes on without it", self.path,
                      exc.strerror or exc)
            self.fh, self.failed = None, True

    def close(self) -> None:
        if self.fh is None:
            return
        try:
            self.fh.close()
        except OSError as exc:
            log.error("the session's event log could not be written to its end (%s)", exc)


class AutosaveFailed(SaveError):
    """The game cannot be saved where its autosave belongs (a full disk, a folder in the way);
    str() says where and why. Raised when the first save of a game fails: nothing is played
    that cannot be saved."""


#: wall seconds between tries while the autosave cannot be written (a full disk ...)
RETRY_S = 10.0
#: write errors that more room does not mend: a file system remounted read-only (ext4 does so on errors, a
#: failing memory card's usual end), a device gone (a USB stick pulled out), writing not allowed
NO_WRITES = frozenset({errno.EROFS, errno.EIO, errno.ENODEV, errno.ENXIO, errno.EACCES, errno.EPERM})


class Autosave:
    """The game's autosave: a full save at the start, at every watch change (or any of `triggers`)
    and on quit, and a journal in between (`kaleun.journal`): every command the moment it is
    applied, a clock mark as the game runs on. A crash loses at most a few seconds (see the
    journal's limits).

    The full save of a watch change is written on a thread of its own (`background`): the game's
    thread only turns the game into JSON and puts a mark in the journal; the writing thread flushes
    the journal, writes the save atomically and prepares the journal for it, which the game's thread
    puts in place at a later step. A crash at any moment leaves a save and a journal that resume to
    the last line written. Saves on request (`save`, quit, the start) are written at once.

    A save that cannot be written (a full disk) is said to the crew (`report`), kept in `problem`
    and tried again every RETRY_S wall seconds; the last good save and its journal stay.

    `keep_previous` (a new game): the first save keeps the game saved at `path` before it
    replaces it, under an earlier-game name (`saves.keep_aside`), and prunes the earlier games.
    After `abandon` (the game failed) nothing more is written: the last good save stays."""

    def __init__(self, game: Engine, path: Path, keep_previous: bool = False, journal: bool = True,
                 clock: Callable[[], float] = time.monotonic,
                 triggers: tuple[str, ...] = ("watch_change",), background: bool = True) -> None:
        self.game = game
        self.path = path
        self.triggers = triggers
        self.due = False
        self.keep_previous = keep_previous
        self.clock = clock
        #: where the previous game was kept (after the first save), and what pruning did
        self.kept: Path | None = None
        self.pruned: Pruned | None = None
        self.journal = JournalWriter(journal_path(path), clock) if journal else None
        #: game time the last full save holds (a resumed game: what the save and its journal hold)
        self.saved_t: float | None = None if keep_previous else game.t if game is not None else None
        self.abandoned: str | None = None
        #: the window set-up's placeholder (nobody started it yet): its first save is noted as unplayed, with the
        #: game kept aside, until Start (`saves.recover_unplayed_setup` puts that game back after a crash)
        self.unplayed = False
        #: the session the game's files are written in (its name in the session folder), noted with an unplayed one
        self.session: str | None = None
        self.saves = 0
        self.background = background
        self._writer: ThreadPoolExecutor | None = None
        #: the full save being written on the writing thread: its future, digest and game time
        self._job: tuple[Future[Compacted | None], str, float] | None = None
        #: why the autosave cannot be written now (None: the storage holds the game), and the
        #: system's words for it ("No space left on device")
        self.problem: Msg | None = None
        self.reason: str | None = None
        #: the storage takes no writes at all (NO_WRITES: read-only, gone): more room does not help
        self.no_writes = False
        self._retry_at: float | None = None
        #: how many times a problem was reported (a front end that asked for a save says it unless told)
        self.told = 0
        #: who hears that saving failed or works again (the runtime passes it to the front end)
        self.report: Callable[[Msg], None] = lambda text: log.warning("%s", text)
        #: called before every full save: the runtime makes again what was deleted while the game ran (the
        #: session's files, the home's lock); the save itself makes its folder again (`saves.write_atomic`)
        self.before_save: list[Callable[[], None]] = []

    def handle(self, event: Event) -> None:
        if event.name in self.triggers:
            self.due = True

    def flush(self) -> None:
        """The end of a step: a full save when one is due (on the writing thread), or a try again."""
        self._collect()
        if self.abandoned is not None or self._job is not None:
            return
        if self._retry_at is not None:  # the storage had trouble: try again from time to time
            if self.clock() >= self._retry_at:
                self.save()
        elif self.journal is not None and self.journal.failed and self.saves > 0:
            self.save()  # a journal line could not be written: a full save holds it all
        elif self.due:
            started = self.journal is None or self.journal.fd is not None  # the first save starts the journal
            if self.background and started:
                self._save_in_background()
            else:
                self.save()

    def command(self, command: dict[str, Any]) -> None:
        """A command the game has just applied (journaled before anything shows its effect)."""
        if self.journal is not None and self.abandoned is None:
            try:
                self.journal.command(self.game.t, command, self.game.table_state)
            except (TypeError, ValueError):  # a value JSON cannot hold: a full save holds its effect
                log.warning("a command could not be written to the journal; saving the whole game instead")
                self.save()

    def progress(self) -> None:
        """The game ran on: a clock mark in the journal when one is due."""
        if self.journal is not None and self.abandoned is None:
            self._collect()
            self.journal.progress(self.game.t, self.game.table_state)

    # -- a full save on the writing thread -------------------------------------------------------
    def _keep(self) -> None:
        for keep in self.before_save:
            try:
                keep()
            except Exception:  # making a deleted file again must never stop a save
                log.exception("making the session's files again failed")

    def _save_in_background(self) -> None:
        self._keep()
        try:
            data = save_text(self.game)
        except Exception:  # the game cannot write its state: keep the last good save
            log.exception("the game could not be saved; %s keeps the last good save", self.path)
            self.abandon("the game could not be saved")
            return
        self.due = False
        base, t = digest(data), self.game.t
        if self.journal is not None:
            self.journal.mark_save(base, t)
            if self.journal.failed:
                self.save()
                return
        if self._writer is None:
            self._writer = ThreadPoolExecutor(max_workers=1, thread_name_prefix="autosave")
        self._job = (self._writer.submit(self._write, data, base, t), base, t)

    def _write(self, data: bytes, base: str, t: float) -> Compacted | None:
        """(The writing thread.) The journal's mark on the storage, then the save, then the journal
        that continues it (under a temporary name)."""
        if self.journal is not None:
            self.journal.sync()
        write_atomic(self.path, data)
        return self.journal.prepare_compact(base, t) if self.journal is not None else None

    def _collect(self, wait: bool = False) -> None:
        """The save on the writing thread, once done: its journal put in place, or its failure said."""
        if self._job is None or not (wait or self._job[0].done()):
            return
        future, _, t = self._job
        self._job = None
        try:
            compacted = future.result()
        except OSError as exc:
            if self.journal is not None:
                self.journal.drop_compact(None)
            self._failed(exc)
            return
        except Exception:  # pragma: no cover - writing bytes raises OSError only
            log.exception("the autosave could not be written")
            if self.journal is not None:
                self.journal.drop_compact(None)
            return
        if self.journal is not None:
            self.journal.finish_compact(compacted)
        self._saved(t)

    def settle(self) -> None:
        """Wait for a full save being written on the writing thread (and put its journal in place)."""
        self._collect(wait=True)

    # -- a full save at once ---------------------------------------------------------------------
    def save(self) -> None:
        """Write the whole game now (the start, `save`, quit); a failure is in `problem`."""
        self.settle()
        self.due = False
        if self.abandoned is not None:
            return
        self._keep()
        try:
            if self.journal is not None and self.journal.fd is None:
                self.journal.check()  # before anything is kept aside or written: the journal can be kept
            if self.saves == 0 and self.keep_previous:
                self.kept = keep_aside(self.path)
                if self.kept is not None:
                    self.pruned = prune_kept(self.path.parent)
            if self.saves == 0 and self.unplayed:
                data = save_text(self.game)
                base = digest(data)
                # before it is written: a crash on the set-up undoes it
                mark_unplayed(self.path, base, self.kept, self.session)
                write_atomic(self.path, data)
            else:
                base = save_game(self.game, self.path)
            if self.journal is not None:
                self.journal.start(base, self.game.t, self.game.table_state)
        except OSError as exc:
            (log.error if self.problem is None else log.debug)("autosave to %s failed: %s", self.path, exc)
            self._failed(exc)
            return
        except Exception:  # the game cannot write its state: keep the last good save
            log.exception("the game could not be saved; %s keeps the last good save", self.path)
            self.abandon("the game could not be saved")
            return
        self._saved(self.game.t)

    def _saved(self, t: float) -> None:
        self.saves += 1
        self.saved_t = t
        self._retry_at = None
        self.reason = None
        self.no_writes = False
        if self.problem is not None:
            self.problem = None
            self.report(Msg("The game is saved again in {path}.", path=str(self.path)))

    def _failed(self, exc: OSError) -> None:
        self._retry_at = self.clock() + RETRY_S
        self.reason = exc.strerror or str(exc)
        held = self._held()
        self.no_writes = exc.errno in NO_WRITES
        if self.no_writes:  # more room does not help here
            problem = Msg.plural("The game cannot be saved in {path} ({reason}); {held}. Kaleun tries again every {n} "
                                 "second, but the storage takes no writes at all (a memory card with errors is made "
                                 "read-only by the system, a USB stick was pulled out): check the storage; more room "
                                 "does not help.",
                                 "The game cannot be saved in {path} ({reason}); {held}. Kaleun tries again every {n} "
                                 "seconds, but the storage takes no writes at all (a memory card with errors is made "
                                 "read-only by the system, a USB stick was pulled out): check the storage; more room "
                                 "does not help.", path=str(self.path), reason=self.reason, held=held, n=int(RETRY_S))
        else:
            problem = Msg.plural("The game cannot be saved in {path} ({reason}); {held}. Kaleun tries again every "
                                 "{n} second: make room on the storage.",
                                 "The game cannot be saved in {path} ({reason}); {held}. Kaleun tries again every "
                                 "{n} seconds: make room on the storage.", path=str(self.path),
                                 reason=self.reason, held=held, n=int(RETRY_S))
        first = self.problem is None
        self.problem = problem
        if first:
            self.told += 1
            self.report(problem)

    def left_behind(self) -> Msg:
        """What the storage holds when the game ends with a save that failed (said on leaving)."""
        return Msg("The game could not be saved in {path} ({reason}); {held}. kaleun resume continues from there.",
                   path=str(self.path), reason=self.reason, held=self._held())

    def _held(self) -> Msg:
        if self.saved_t is None:
            return Msg("nothing of this game is saved yet")
        return Msg("the last save there holds the game up to {clock} and its journal what followed as far as it "
                   "could be written", clock=When.moment(self.game.clock.iso(self.saved_t), seconds=True))

    def abandon(self, reason: str) -> None:
        """The game failed: write nothing more, so the last good save (and journal) stays. A full
        save being written was taken before the failure: it is finished first."""
        self.settle()
        self.abandoned = reason
        if self.journal is not None:
            self.journal.close()
        self._stop_writer()

    def _stop_writer(self) -> None:
        if self._writer is not None:
            self._writer.shutdown(wait=True)
            self._writer = None

    def close(self) -> None:
        self.save()
        if self.journal is not None:
            self.journal.close()
        self._stop_writer()
