"""Saving and loading games: atomic JSON files, their journals, and the earlier games kept.

A save is written atomically (temporary file, fsync, rename, fsync of the folder). Loading
one checks everything before the game is trusted: strict JSON (`core/jsonin`), each module's
state shape (`Module.check_state`), that the loaded game gives back what the file holds, the
journal next to it replayed (`kaleun.journal`), and a trial: the game, copied, must run on for
`TRIAL_S` game seconds. A save that fails any of it is refused with the reason and left as it is.
"""

from __future__ import annotations

import json
import logging
import os
import re
import shutil
import tempfile
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any

from kaleun.core import jsonin
from kaleun.core.engine import Engine
from kaleun.core.errors import SaveError
from kaleun.core.messages import Msg, When, of_error
from kaleun.files import UnreadableFile, read_file, regular_or_missing, sync_folder, why_unread
from kaleun.games import load_game
from kaleun.housekeeping import delete_files
from kaleun.journal import MAX_BYTES as JOURNAL_MAX_BYTES
from kaleun.journal import VERSION, Entry, ReplayError, digest, journal_path, read_journal, replay

log = logging.getLogger(__name__)

#: a save longer than this is not read (a convoy battle's save is about 50 kB)
MAX_BYTES = 64 * 1024 * 1024
#: nesting a save may have (a game's state nests about 8 levels)
MAX_DEPTH = 64
#: game seconds a loaded game runs on, on a copy, before it is accepted
TRIAL_S = 120.0
#: earlier games kept next to the autosave (see `prune_kept`)
KEEP_GAMES = 10
#: what the earlier games are called: autosave-<date>-<time>.json (and -2, -3 within one second)
KEPT_NAME = re.compile(r"autosave-\d{8}-\d{6}(-\d+)?\.json")


def write_atomic(path: Path, text: str | bytes, mode: int | None = None) -> None:
    """Replace `path` with `text` so that a crash leaves either the old or the new file. The file is
    readable by its owner only unless `mode` (permissions, less the process's umask) says otherwise."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    data = text.encode("utf-8") if isinstance(text, str) else text
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        if mode is not None:
            umask = os.umask(0o022)
            os.umask(umask)
            os.fchmod(fd, mode & ~umask)
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    sync_folder(path.parent)  # make the rename itself durable


#: what a save cut short (kill -9, a power cut) leaves beside the autosave: the save being written
#: (`.autosave.json.<random>.tmp`, `write_atomic`), an earlier game being copied aside
#: (`.autosave-<stamp>.json.tmp`, `_copy_durably`), the journal being compacted (`.autosave.journal.jsonl.new`)
LEFTOVER = re.compile(r"\.autosave[^/]*\.(tmp|new)")


def remove_leftovers(folder: Path) -> list[Path]:
    """Delete the half-written files a save cut short left in the state folder; returns them.
    They are never read (the autosave is either the old or the new file), but each would stay
    for good. Only for the process that holds the folder's lock (`kaleun.homelock`): no other
    Kaleun writes an autosave there meanwhile."""
    try:
        names = [p for p in Path(folder).iterdir() if LEFTOVER.fullmatch(p.name)]
    except OSError:
        return []
    return delete_files(sorted(names), "file(s) left by a save cut short")


def save_text(engine: Engine) -> bytes:
    return json.dumps(engine.to_state(), separators=(",", ":"), allow_nan=False).encode("utf-8")


def save_game(engine: Engine, path: Path) -> str:
    """Write the game to `path` atomically; returns the digest its journal names it by."""
    data = save_text(engine)
    write_atomic(Path(path), data)
    log.debug("saved game at t=%s to %s", engine.t, path)
    return digest(data)


# -- reading ------------------------------------------------------------------------------------
def read_save(path: Path) -> tuple[dict[str, Any], bytes]:
    """A save's state and its bytes. A damaged file raises SaveError and is left untouched."""
    path = Path(path)
    try:
        data = read_file(path, MAX_BYTES)
    except FileNotFoundError as exc:
        raise SaveError(Msg("{path}: no such save file", path=str(path))) from exc
    except UnreadableFile as exc:
        raise SaveError(Msg("{path}: not a save of this Kaleun ({why}); it was kept as it is", path=str(path),
                              why=exc.why)) from exc
    except OSError as exc:
        raise SaveError(Msg("{path}: cannot read the save ({why})", path=str(path),
                            why=why_unread(exc))) from exc
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise SaveError(Msg("{path}: the save is damaged (not UTF-8 text); the file was kept as it is",
                             path=str(path))) from exc
    try:
        state = jsonin.loads(text, max_depth=MAX_DEPTH)
    except jsonin.JsonInputError as exc:
        raise SaveError(Msg("{path}: the save is damaged ({why}); the file was kept as it is", path=str(path),
                             why=of_error(exc))) from exc
    return state, data


def read_state(path: Path) -> dict[str, Any]:
    """Read a save file's state. A damaged file raises SaveError and is left untouched."""
    return read_save(path)[0]


def load_checked(state: Any) -> Engine:
    """A game from a saved state, checked: every module's shape, and the loaded game must give
    back what the state holds (nothing the game does not keep). What the game writes that the
    file does not hold is what an earlier release did not keep yet (a gun's tally, a charge's
    escort): the game fills it in as its loader reads the file's silence, and the save resumes.
    Raises SaveError."""
    engine = load_game(state)
    try:
        again = json.loads(json.dumps(engine.to_state()))
    except (TypeError, ValueError) as exc:  # pragma: no cover - a module that cannot write its own state
        raise SaveError(Msg("the loaded game cannot be written again ({why})", why=str(exc))) from exc
    where = _first_difference(state, again, "")
    if where is not None:
        raise SaveError(Msg("the save is damaged at {where}: the game does not keep what the file holds there",
                             where=where))
    return engine


def _first_difference(a: Any, b: Any, path: str) -> str | None:
    """Where the game written again (`b`) does not keep what the file (`a`) holds; a key only `b` has is a field
    the file's release did not write yet (the module's shape let it be absent), not a difference."""
    if isinstance(a, dict) and isinstance(b, dict):
        for key in sorted(a):
            where = f"{path}.{key}" if path else key
            if key not in b:
                return where
            found = _first_difference(a[key], b[key], where)
            if found is not None:
                return found
        return None
    if isinstance(a, list) and isinstance(b, list):
        if len(a) != len(b):
            return path or "the save"
        for index, (x, y) in enumerate(zip(a, b, strict=True)):
            found = _first_difference(x, y, f"{path}[{index}]")
            if found is not None:
                return found
        return None
    if type(a) is not type(b) and not (isinstance(a, int | float) and isinstance(b, int | float)):
        return path or "the save"
    return None if a == b else (path or "the save")


def trial_run(engine: Engine) -> None:
    """Run a copy of the game on for TRIAL_S game seconds and read every module's status:
    a state that loads but fails inside the rules is refused here (SaveError), never played."""
    try:
        copy = load_game(json.loads(json.dumps(engine.to_state())))
        copy.advance_to(copy.t + TRIAL_S)
        copy.apply({"do": "report"})
        json.dumps(copy.to_state(), allow_nan=False)
    except SaveError:
        raise
    except Exception as exc:  # anything the rules raise on this state: refuse it, do not crash
        raise SaveError(Msg("the saved game fails within {seconds:.0f} game seconds of its time ({why}), so it cannot "
                            "be resumed", seconds=TRIAL_S, why=f"{type(exc).__name__}: {exc}")) from exc


class NewerJournal(SaveError):
    """The save's journal was written by a newer Kaleun: the resume is refused and both files are kept."""

    def __init__(self, message: Msg, journal: Path, version: int) -> None:
        super().__init__(message)
        self.journal = journal
        self.version = version


@dataclass
class Opened:
    """A game opened from a save (and its journal)."""

    engine: Engine
    path: Path
    #: game time of the full save, and the commands of its journal replayed on top
    saved_t: float = 0.0
    replayed: int = 0
    #: what was wrong with the journal (the game resumes from where it could be replayed to)
    notes: list[Msg | str] = field(default_factory=list)
    #: the journal's entries replayed (the trial may resume from fewer: `_resume_earlier`)
    entries: list[Entry] = field(default_factory=list)


def open_save(path: Path, with_journal: bool = True, trial: bool = True) -> Opened:
    """Load a save with its journal replayed. Raises SaveError (the files are kept as they are)."""
    path = Path(path)
    state, data = read_save(path)
    try:
        engine = load_checked(state)
    except SaveError as exc:
        raise SaveError(Msg("{path}: {problem}; the file was kept as it is", path=str(path),
                                problem=of_error(exc))) from exc
    opened = Opened(engine, path, saved_t=engine.t)
    if with_journal:
        _replay_journal(opened, state, data)
    if trial:
        try:
            trial_run(opened.engine)
        except SaveError as exc:
            if not (opened.entries and _resume_earlier(opened, state, exc)):
                raise SaveError(Msg("{path}: {problem}; the file was kept as it is", path=str(path),
                                    problem=of_error(exc))) from exc
    return opened


def _resume_earlier(opened: Opened, state: Any, failure: SaveError) -> bool:
    """The game fails within TRIAL_S game seconds of where its journal ends: a failure in the rules that
    stopped the game while it ran (the runtime keeps the last good save and names it), met again on the
    way. Resume from the latest journal entry the game runs on from (the full save alone at the least),
    so the crew can play that moment otherwise; the note says so. False when the full save alone fails."""
    entries = opened.entries
    best: tuple[int, Engine] | None = None
    low, high = 0, len(entries)  # replaying all of them fails
    while low < high:
        middle = (low + high) // 2
        engine = load_checked(state)
        try:
            replay(engine, entries[:middle])
            trial_run(engine)
        except (SaveError, ReplayError):
            high = middle
            continue
        best = (middle, engine)
        low = middle + 1
    if best is None:
        return False
    count, engine = best
    lost = opened.engine.t - engine.t
    cause = failure.__cause__ or failure
    opened.notes.append(Msg("the game fails within {seconds} game seconds of where its journal ends ({why}); it "
                            "resumes {lost} game seconds earlier, at {moment}, the last moment it runs on from: play "
                            "it otherwise", seconds=f"{TRIAL_S:.0f}", why=f"{type(cause).__name__}: {cause}",
                            lost=f"{lost:.0f}", moment=When.moment(engine.now_iso, seconds=True)))
    log.warning("%s: %s", opened.path, opened.notes[-1])
    opened.engine = engine
    opened.entries = entries[:count]
    opened.replayed = sum(1 for e in opened.entries if e.command is not None)
    return True


def _replay_journal(opened: Opened, state: Any, data: bytes) -> None:
    jpath = journal_path(opened.path)
    journal = read_journal(jpath, digest(data), opened.engine.t)
    if journal.newer is not None:  # resumed without it, the game's first save would write over what it holds
        raise NewerJournal(Msg("{path}: the journal holds what this Kaleun does not know (journal version {version}; "
                            "this one reads version {reads}): a newer Kaleun wrote it (update this one to resume the "
                            "game), or it is damaged; the files were kept as they are. Move the journal away to "
                            "resume from the save alone (what followed the save is lost then).", path=str(jpath),
                            version=str(journal.newer), reads=str(VERSION)), jpath, int(journal.newer))
    if journal.stale:
        log.debug("%s belongs to an earlier save; ignored", jpath)
    if journal.problem:
        opened.notes.append(journal.problem)
    entries = journal.entries
    try:
        replay(opened.engine, entries)
    except ReplayError as exc:
        opened.notes.append(Msg("{path}: {problem}; the game resumes from the entry before", path=str(jpath),
                                problem=of_error(exc)))
        log.warning("%s", opened.notes[-1])  # the crew reads why, never a traceback: that only for a maker (-v)
        log.debug("the journal's entry failed so", exc_info=exc.__cause__)
        entries = entries[:exc.index]
        opened.engine = load_checked(state)
        try:
            replay(opened.engine, entries)
        except ReplayError:  # pragma: no cover - the same entries replayed before
            entries = []
            opened.engine = load_checked(state)
    opened.replayed = sum(1 for e in entries if e.command is not None)
    opened.entries = entries


def load_saved_game(path: Path) -> Engine:
    """The game of a save file with its journal replayed, checked. Raises SaveError."""
    return open_save(path).engine


# -- the earlier games --------------------------------------------------------------------------
def kept_name(folder: Path, now: datetime | None = None) -> Path:
    stamp = f"autosave-{(now or datetime.now()):%Y%m%d-%H%M%S}"
    path, n = folder / f"{stamp}.json", 1
    while path.exists() or journal_path(path).exists():
        n += 1
        path = folder / f"{stamp}-{n}.json"
    return path


def keep_aside(path: Path) -> Path | None:
    """Keep the game saved at `path` (and its journal) under an earlier-game name, without
    moving it: `path` stays where `kaleun resume` finds it until a new save replaces it.
    Returns the kept name, or None when there was nothing to keep."""
    path = Path(path)
    if not path.exists() or regular_or_missing(path) is not None:  # nothing there, or no save (a folder, a pipe)
        return None
    kept = kept_name(path.parent)
    journal = journal_path(path)
    if journal.exists() and regular_or_missing(journal) is None:  # a pipe or /dev/zero is no journal to copy
        _copy_durably(journal, journal_path(kept))
    try:
        os.link(path, kept)  # the same file under a second name: nothing to copy
    except OSError:
        _copy_durably(path, kept)
    sync_folder(path.parent)
    return kept


def _copy_durably(src: Path, dst: Path) -> None:
    """Copy `src` to `dst` atomically; a copy that fails half way (a full disk) leaves nothing behind. The copy
    is readable by its owner only, as the save and the journal it copies are."""
    tmp = dst.with_name(f".{dst.name}.tmp")
    try:
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with open(src, "rb") as source, os.fdopen(fd, "wb") as fh:
            shutil.copyfileobj(source, fh)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, dst)
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise


def game_finished(path: Path) -> bool | None:
    """True when the save at `path` is of a mission that is over, False when it is not,
    None when it cannot be read."""
    try:
        state, _ = read_save(path)
        result = state["modules"]["mission"]["result"]
    except (SaveError, KeyError, TypeError):
        return None
    if result is None:
        return False
    from kaleun.uboot.missions.saved import RESULTS

    return True if result in RESULTS else None  # a damaged result: never deleted


@dataclass
class Pruned:
    deleted: list[Path] = field(default_factory=list)
    #: earlier unfinished games kept beyond KEEP_GAMES (never deleted)
    unfinished_over: int = 0


def prune_kept(folder: Path, keep: int = KEEP_GAMES) -> Pruned:
    """Keep at most `keep` earlier games next to the autosave. Beyond that the oldest ones go,
    but only games whose mission is over and exact copies of another save: an unfinished
    game (or one that cannot be read) is never deleted, however many there are."""
    out = Pruned()
    kept = sorted(p for p in folder.iterdir() if KEPT_NAME.fullmatch(p.name)) if folder.is_dir() else []
    excess = len(kept) - keep
    if excess <= 0:
        return out
    seen: dict[bytes, Path] = {}
    for path in [folder / "autosave.json", *reversed(kept)]:  # newest first: the older copies go
        try:
            seen.setdefault(read_file(path, MAX_BYTES) + _journal_bytes(path), path)
        except OSError:
            continue
    for path in kept:
        if excess <= 0:
            break
        try:
            content = read_file(path, MAX_BYTES) + _journal_bytes(path)
        except OSError:
            continue
        duplicate = seen.get(content, path) != path
        if duplicate or game_finished(path) is True:
            path.unlink(missing_ok=True)
            journal_path(path).unlink(missing_ok=True)
            out.deleted.append(path)
            excess -= 1
    out.unfinished_over = max(0, excess)
    return out


def _journal_bytes(path: Path) -> bytes:
    try:
        return read_file(journal_path(path), JOURNAL_MAX_BYTES)
    except OSError:
        return b""


# -- the window set-up's placeholder ------------------------------------------------------------
def setup_mark_path(path: Path) -> Path:
    """The note beside the autosave at `path` while it holds the window set-up's placeholder, a game nobody started
    yet (`autosave.setup.json`): what `recover_unplayed_setup` reads after a crash on the set-up."""
    path = Path(path)
    return path.with_name(f"{path.stem}.setup.json")


#: a session's name (`ui.session._session_stem`: the start's date and time, `-2` ... when taken)
SESSION_STEM = re.compile(r"\d{8}-\d{6}(?:-\d+)?")
#: the files of the set-up's placeholder's session that a crash on the set-up leaves and its recovery deletes: the
#: event log and the script, which look like a game played (and push a played one out of the sessions kept); its
#: log and a failure report stay, what a crash leaves to look at, until the sessions are pruned (`housekeeping`)
PLACEHOLDER_FILES = (".events.jsonl", ".script.jsonl")


def mark_unplayed(path: Path, base: str, kept: Path | None, session: str | None = None) -> None:
    """Note, before the placeholder with digest `base` is written at `path`, that it is unplayed and that the game
    saved before it is kept as `kept` (with its journal, if it had one; None: there was none); `session`: the name
    of the placeholder's session (its files in the session folder)."""
    note = {"save": base, "kept": None if kept is None else Path(kept).name,
            "journal": kept is not None and journal_path(kept).is_file()}
    if session is not None:
        note["session"] = session
    write_atomic(setup_mark_path(path), json.dumps(note))


def _forget_placeholder_session(sessions: Path, stem: str | None) -> None:
    """The unplayed placeholder's session files (`PLACEHOLDER_FILES`) deleted after a crash on the set-up. Never a
    game played: a script that holds a command (a session of that name begun since, on a clock set back), or none
    at all, keeps both; a file that is not a regular one is left alone."""
    if stem is None:
        return
    script = sessions / f"{stem}.script.jsonl"
    try:
        if not (regular_or_missing(script) is None and script.is_file()):
            return  # no script to tell the placeholder's session by: nothing of that name is touched
        lines = read_file(script, 1 << 20).decode("utf-8", "replace").splitlines()
        if any(line.strip() and not line.startswith("#") for line in lines):
            return
        delete_files([p for p in (sessions / f"{stem}{kind}" for kind in PLACEHOLDER_FILES)
                      if regular_or_missing(p) is None and p.is_file()], "file(s) of the set-up's unplayed game")
    except (OSError, UnreadableFile) as exc:
        log.warning("the session files of the set-up's unplayed game cannot be deleted: %s", exc)


def drop_setup_mark(path: Path) -> None:
    """The placeholder at `path` is unplayed no more (Start was pressed, or the set-up was left): its note goes."""
    mark = setup_mark_path(path)
    try:
        if mark.is_symlink() or regular_or_missing(mark) is None:
            mark.unlink(missing_ok=True)
            sync_folder(mark.parent)
    except OSError as exc:  # a read-only folder: the note names a save that is no longer there, so it is ignored
        log.warning("the note of the set-up's placeholder %s cannot be deleted: %s", mark, exc)


def put_back(path: Path, kept: Path, had_journal: bool = False) -> None:
    """The game kept aside as `kept` put back at `path`, its journal first and the save last, so that a crash
    between the two renames is mended by doing it again (`recover_unplayed_setup`): the save at `path` is the
    placeholder's until the last rename. `had_journal`: the kept game had a journal when it was kept aside (if it is
    no longer beside `kept`, it was put in place already and is kept)."""
    journal = journal_path(path)
    if journal_path(kept).is_file():
        os.replace(journal_path(kept), journal)
    elif not had_journal and regular_or_missing(journal) is None:
        journal.unlink(missing_ok=True)  # the placeholder's: the game put back had none
    os.replace(kept, path)
    sync_folder(path.parent)


def recover_unplayed_setup(path: Path, sessions: Path | None = None) -> Msg | None:
    """After a crash on the window's set-up (before Start): the autosave at `path` is still the unplayed
    placeholder its note names, so the game saved before it is put back in its place with its journal, and the
    placeholder's session files in `sessions` (default: the folder `sessions` beside `path`) go, as leaving the
    set-up makes them go. Returns the line the terminal is told then, else None. A note that no longer fits (Start
    was pressed, the placeholder gave way to the game chosen, the kept game is gone) is deleted and nothing else is
    touched."""
    path = Path(path)
    sessions = path.parent / "sessions" if sessions is None else Path(sessions)
    mark = setup_mark_path(path)
    if not mark.exists() and not mark.is_symlink():
        return None
    try:
        note = jsonin.loads(read_file(mark, 4096).decode("utf-8"), max_depth=4)
        base, name, had_journal = note["save"], note["kept"], note["journal"]
        stem = note.get("session")  # a note written before it was kept: none
        if not (isinstance(base, str) and (name is None or (isinstance(name, str) and KEPT_NAME.fullmatch(name)))
                and isinstance(had_journal, bool)
                and (stem is None or (isinstance(stem, str) and SESSION_STEM.fullmatch(stem)))):
            raise ValueError("not a note of this Kaleun")
        unplayed = digest(read_file(path, MAX_BYTES)) == base
        if unplayed and name is None:  # no game before it: the placeholder goes, as leaving the set-up does
            for placeholder in (journal_path(path), path):  # its journal first: cut short, this is done again
                if regular_or_missing(placeholder) is None:
                    placeholder.unlink(missing_ok=True)
            sync_folder(path.parent)
            _forget_placeholder_session(sessions, stem)
            drop_setup_mark(path)
            return Msg("kaleun: the window's set-up was cut short before Start (a crash or a power cut): no game was "
                       "started, and its unplayed save is deleted")
        kept = path.parent / str(name)
        if unplayed and regular_or_missing(kept) is None and kept.is_file():
            try:
                put_back(path, kept, had_journal)
            except OSError as exc:  # the note stays: the next start tries again; the game is kept as `kept` meanwhile
                log.warning("the game saved before the set-up cannot be put back from %s: %s", kept, exc)
                return None
            _forget_placeholder_session(sessions, stem)
            drop_setup_mark(path)
            return Msg("kaleun: the window's set-up was cut short before Start (a crash or a power cut): the game "
                       "saved before it is back in its place ({path}), with its journal", path=str(path))
    except FileNotFoundError:  # no autosave: nothing to put back over
        pass
    except (OSError, UnicodeDecodeError, jsonin.JsonInputError, KeyError, TypeError, ValueError) as exc:
        log.warning("the note of the set-up's placeholder %s is not used: %s", mark, exc)
    drop_setup_mark(path)
    return None
