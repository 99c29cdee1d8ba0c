"""A session's script cut short by a crash, completed at the resume from the journal.

The table journals a command (`kaleun.journal`) before it writes the command's line to the session's script, so a
kill -9 or a power cut between the two leaves the script without a command the resumed game holds, and a power cut
while the line is written leaves it cut off mid-write, with no line end. Joined with the next session's script
(`cat 1.script.jsonl 2.script.jsonl`), that cut line would run into the next one's first line, and a replay that
skipped it would miss a command the game played. So `kaleun resume` completes the newest session's script first when
it is this game's and was cut short (it has no closing `the game ran on to` line): the cut-off line goes and the
lines of the journal's commands it lacks are written as the table writes them, byte for byte, then a `#` line says
so. The joined scripts then replay to the event log the evening played. A script that holds every command of the
journal and ends in a whole line is left untouched.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from kaleun.core import jsonin
from kaleun.files import read_file
from kaleun.journal import Entry
from kaleun.runtime.script import MAX_LINE_BYTES, SESSION_MARK

log = logging.getLogger(__name__)

#: a script longer than this is left as it is (a long evening's script is well under a megabyte) [our choice]
MAX_SCRIPT_BYTES = 64 * 1024 * 1024
#: how a closed session's script ends (`kaleun.runtime.loop.Runtime._end_record`): it was not cut short
CLOSED_MARK = f"{SESSION_MARK} the game ran on to "


def script_line(t: float, command: dict[str, Any]) -> str:
    """A command's line in a session's script, as the table writes it (`kaleun.runtime.loop.Runtime._apply`)."""
    return json.dumps({"t": t, **command}) + "\n"


def complete_cut_script(sessions: Path, replay_args: str, entries: Sequence[Entry]) -> Path | None:
    """Complete the newest session's script in `sessions` from the journal's `entries` replayed at the resume, when
    it is the script of this game (its first line names `replay_args`) and was cut short. Returns the script completed,
    or None when none needed it; a script that cannot be read or written is left as it is (the log says why)."""
    try:
        scripts = [p for p in sessions.glob("*.script.jsonl") if p.is_file() and not p.is_symlink()]
        newest = max(scripts, key=lambda p: p.stat().st_mtime_ns, default=None)
        if newest is None:
            return None
        data = read_file(newest, MAX_SCRIPT_BYTES)
    except OSError as exc:
        log.warning("the newest session's script cannot be read to complete it (%s)", exc)
        return None
    completed = _completed(data, replay_args, entries)
    if completed is None:
        return None
    from kaleun.saves import write_atomic

    try:  # written beside it and renamed over it: a crash now leaves the script as it was
        write_atomic(newest, completed, mode=newest.stat().st_mode & 0o777)
    except OSError as exc:
        log.warning("the session's script %s cut short by a crash cannot be completed (%s)", newest, exc)
        return None
    log.info("the session's script %s, cut short by a crash, was completed from the journal", newest)
    return newest


def _completed(data: bytes, replay_args: str, entries: Sequence[Entry]) -> bytes | None:
    """The script `data` completed, or None when it is not this game's, was closed, or lacks nothing."""
    first, _, _ = data.partition(b"\n")
    head = f"{SESSION_MARK} replay with kaleun run {replay_args}".encode()
    if not first.startswith(head) or first[len(head):len(head) + 1] not in (b"", b" ", b"\r"):
        return None  # another game's, or written by hand
    end = data.rfind(b"\n") + 1
    whole, torn = data[:end], data[end:]
    if not end:
        return None  # its first line cut off: an empty session, which its replay reads so
    lines = whole.splitlines()
    if any(line.startswith(CLOSED_MARK.encode()) for line in lines):
        return None
    recorded: list[Any] = []
    for line in lines[1:]:
        text = line.strip()
        if not text or text.startswith((b"#", b"//")) or len(text) > MAX_LINE_BYTES:
            continue
        try:
            recorded.append(jsonin.loads(text, max_depth=jsonin.MAX_DEPTH))
        except ValueError:
            return None  # a line no replay reads: not for this to mend
    journaled = [{"t": e.t, **e.command} for e in entries if e.command is not None]
    # the journal holds the commands since the last full save: the script's last lines are its first ones
    held = next(k for k in range(min(len(journaled), len(recorded)), -1, -1)
                if recorded[len(recorded) - k:] == journaled[:k])
    missing = journaled[held:]
    last_t = recorded[-1].get("t") if recorded and isinstance(recorded[-1], dict) else 0.0
    if missing and not held and (not isinstance(last_t, int | float) or last_t > missing[0]["t"]):
        return None  # the script runs past the journal: not the session the journal continues
    lines_missing = [script_line(line["t"], {k: v for k, v in line.items() if k != "t"}) for line in missing]
    if torn and lines_missing and not lines_missing[0].encode().startswith(torn):
        lines_missing = []  # the cut line is not the journal's next command: only the cut line goes
    if not torn and not lines_missing:
        return None
    said = (f"{SESSION_MARK} a crash cut this session short: its cut-off last line was left out" if torn and
            not lines_missing else
            f"{SESSION_MARK} a crash cut this session short: the lines from t={missing[0]['t']!r} on were "
            "completed from the journal at the resume")
    return whole + "".join(lines_missing).encode() + f"{said}\n".encode()
