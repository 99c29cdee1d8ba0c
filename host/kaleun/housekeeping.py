"""What a table left running for months would pile up, cleared at start under the table's lock.

`kaleun play` and `kaleun resume` call `tidy()` once they hold the home's lock (`kaleun.homelock`),
before the new game writes anything:

- **An autosave's half-written files** a crash cut short (`saves.remove_leftovers`).

- **Session files** (`sessions/<stamp>.events.jsonl`, `.script.jsonl`, a Captain Sonar team's
  `.<team>.events.jsonl`, `.failure.txt`, the log `.log`): each start writes a session of its own, so the
  `KEEP_SESSIONS` newest are kept and the older ones go. The debrief of a finished mission
  (`<stamp>.debrief.json` and `.png`) is never deleted: one per mission, small, and the crew's
  keepsake. A file whose name is not a session's is left alone.
- **Temporary files of a save cut short** in the session folder (a debrief being written) are
  removed at once: only the lock's holder writes there.
- **Temporary files of rarely written files** (`settings.json`, `figures.json`, `career.json`, `hubs.json`,
  written by `saves.write_atomic` as `.<name>.<random>.tmp`): `kaleun config set`,
  `kaleun figures enroll` and `kaleun hub trust` write these without the lock, so only such a file older than
  `STALE_TMP_S` is removed (a write takes milliseconds; one that old was cut short).
"""

from __future__ import annotations

import logging
import re
import time
from dataclasses import dataclass, field
from pathlib import Path

log = logging.getLogger(__name__)

#: sessions kept whole in the session folder: every start of `kaleun play`/`resume` makes one, so
#: 50 are some weeks of evenings at a table played often, and a bound however long it runs. [our choice]
KEEP_SESSIONS = 50
#: a temporary file of a rarely written file older than this was left by a write cut short [our choice]
STALE_TMP_S = 3600.0
#: the rarely written files `saves.write_atomic` writes (the settings, the figures' tags, the career record)
RARE_FILES = ("settings.json", "figures.json", "career.json", "hubs.json")

#: a session's files: <stamp>[-n].<kind>; the stamp is the start's date and time (ui.session._session_stem)
SESSION_FILE = re.compile(r"(?P<day>\d{8})-(?P<time>\d{6})(?:-(?P<n>\d+))?\."
                          r"(?P<kind>(?:[a-z]+\.)?events\.jsonl|script\.jsonl|failure\.txt|log|debrief\.json|debrief\.png)")
#: what is kept when its session goes
KEPT_KINDS = ("debrief.json", "debrief.png")
#: a debrief cut short: `.<stamp>.debrief.json.<random>.tmp` (write_atomic), `.<stamp>.debrief.png.tmp.png`
SESSION_TMP = re.compile(r"\.\d{8}-\d{6}(?:-\d+)?\.debrief\.(?:json\.[A-Za-z0-9_]+\.tmp|png\.tmp\.png)")
#: `.settings.json.<random>.tmp` and the like (tempfile.mkstemp's random part)
RARE_TMP = re.compile(r"\.(?:" + "|".join(re.escape(n) for n in RARE_FILES) + r")\.[A-Za-z0-9_]+\.tmp")


@dataclass
class Tidied:
    #: the half-written files of autosaves a crash cut short (`saves.remove_leftovers`)
    saves: list[Path] = field(default_factory=list)
    #: session files deleted (the older sessions, the debriefs cut short)
    sessions: list[Path] = field(default_factory=list)
    #: temporary files of rarely written files deleted
    temporaries: list[Path] = field(default_factory=list)


def _session_key(match: re.Match[str]) -> tuple[str, str, int]:
    return match["day"], match["time"], int(match["n"] or 1)


def prune_sessions(folder: Path, keep: int = KEEP_SESSIONS) -> list[Path]:
    """Delete the files of all but the `keep` newest sessions in `folder` (debriefs stay) and the
    debriefs cut short. Only for the holder of the home's lock. Returns what was deleted."""
    try:
        entries = list(Path(folder).iterdir())
    except OSError:
        return []
    by_session: dict[tuple[str, str, int], list[Path]] = {}
    doomed: list[Path] = []
    for path in entries:
        match = SESSION_FILE.fullmatch(path.name)
        if match is not None:
            by_session.setdefault(_session_key(match), []).append(path)
        elif SESSION_TMP.fullmatch(path.name):
            doomed.append(path)
    older = sorted(by_session)[:-keep] if keep > 0 else sorted(by_session)
    for key in older:
        doomed += [p for p in by_session[key] if not p.name.endswith(KEPT_KINDS)]
    return delete_files(sorted(doomed), "file(s) of older sessions")


def remove_stale_temporaries(folders: list[Path], older_than: float = STALE_TMP_S,
                             now: float | None = None) -> list[Path]:
    """Delete the temporary files a write of the settings, the figures' tags or the career record
    left when it was cut short (kill -9, a power cut), once they are `older_than` seconds old."""
    now = time.time() if now is None else now
    doomed: list[Path] = []
    for folder in dict.fromkeys(Path(f) for f in folders):  # one folder once (KALEUN_HOME: all the same)
        try:
            entries = list(folder.iterdir())
        except OSError:
            continue
        for path in entries:
            if not RARE_TMP.fullmatch(path.name):
                continue
            try:
                if path.lstat().st_mtime < now - older_than:
                    doomed.append(path)
            except OSError:
                continue
    return delete_files(sorted(doomed), "temporary file(s) of writes cut short")


def delete_files(paths: list[Path], what: str) -> list[Path]:
    """Delete these files (a symlink itself, never what it points to), logging what went and what could not;
    returns those removed. `what` names them in the log ("file(s) of older sessions")."""
    removed: list[Path] = []
    for path in paths:
        try:
            if path.is_symlink() or path.is_file():
                path.unlink()
                removed.append(path)
        except OSError as exc:
            log.warning("cannot remove %s (%s)", path, exc.strerror or exc)
    if removed:
        log.info("removed %d %s: %s", len(removed), what, ", ".join(p.name for p in removed))
    return removed


def tidy() -> Tidied:
    """At a start, holding the home's lock: what autosaves cut short left, the older sessions, and the
    temporary files of other writes cut short."""
    from kaleun.paths import config_dir, state_dir
    from kaleun.saves import remove_leftovers  # saves uses delete_files: imported here, not at the top

    return Tidied(remove_leftovers(state_dir()), prune_sessions(state_dir() / "sessions"),
                  remove_stale_temporaries([config_dir(), state_dir()]))
