"""Table scripts: run a game headless from a JSONL script, as fast as the CPU allows.

Each script line is one JSON object with `t` (game seconds since mission start) and `do`.
Hand actions (place, lift, turn, press) go through the board's adapters; everything else
is a game command. Every event is written to the events file as one JSON object per line.
A bad line stops the run with `FILE:LINE: problem`; the events written so far are kept.

A long advance (a script's line hours after the one before, `--until` days ahead) runs in steps of at most
`STEP_S` game seconds, each step's events written before the next: a run killed mid-way keeps the events
up to its last step, and a stop signal (`stopped`) ends the run right after the wake it came in, with every
event up to there written, so the game can be saved where it stood.
"""

from __future__ import annotations

import contextlib
import json
import logging
import os
import re
import stat
import threading
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any, BinaryIO

from kaleun.boards.model import Board
from kaleun.core import jsonin
from kaleun.core.args import quoted
from kaleun.core.engine import Engine
from kaleun.core.errors import CommandError
from kaleun.core.events import Event, visible_to
from kaleun.core.messages import Msg, of_error
from kaleun.files import decode_text, looks_utf16, utf16_text, why_unread
from kaleun.runtime.bare_table import BareTable
from kaleun.runtime.table import TABLE_ACTIONS, Table, lifts_nothing
from kaleun.uboot.figures import figure_term

log = logging.getLogger(__name__)

#: the longest game a script may describe: a year (a long patrol lasts weeks)
MAX_T = 366 * 86400.0
#: the longest script line read (a command is under a kilobyte): a binary file or a device such as
#: /dev/zero given as the script is refused at its first line, never read into memory whole [our choice]
MAX_LINE_BYTES = 1 << 20
#: how a session's script (the one the table records, `kaleun.runtime.loop`) begins: its first line starts so
SESSION_MARK = "# Kaleun session:"
#: how the first line of a resumed game's session script says where it continues (`kaleun.runtime.loop`)
RESUMED_AT = re.compile(rb" \(resumed at t=([0-9.e+-]+): ")
#: the longest stretch of game time one advance of a run covers before its events are written: a game hour
#: [our choice: a killed run loses at most this much of its event log, at a cost too small to measure]
STEP_S = 3600.0


class ScriptError(Exception):
    """A script line is bad. str() is `FILE:LINE: problem` (English); `of_error(exc)` the same as a `Msg`
    for the table's language (a game command's own refusal stays as the game words it)."""


@dataclass(frozen=True)
class ScriptLine:
    number: int
    t: float
    command: dict[str, Any]
    #: the script is a session's, recorded at the table (its first line is SESSION_MARK's), not written by hand
    recorded: bool = False


def _parse_line(text: str) -> Any:
    """One JSON value; NaN/Infinity, numbers beyond a float's range (1e999), absurdly long
    numbers, deep nesting, lone surrogates and a field named twice are refused (ValueError)."""
    return jsonin.loads(text, max_depth=jsonin.MAX_DEPTH, unique_keys=True)


def _open_script(path: Path) -> BinaryIO:
    try:
        return open(path, "rb")
    except OSError as exc:
        raise ScriptError(Msg("{where}: {problem}", where=str(path), problem=Msg(
            "cannot read the script ({why})", why=why_unread(exc)))) from exc


def check_readable(path: Path) -> None:
    """Raise the ScriptError reading would raise when the script cannot be opened (missing, a folder, no
    permission): `kaleun run` asks before it empties its events file."""
    _open_script(path).close()


def read_script(path: Path, torn: Callable[[int], None] | None = None,
                resumed: Callable[[float], None] | None = None) -> Iterator[ScriptLine]:
    """Yield script lines; blank lines and lines starting with # or // are skipped.

    A session's script (its first line is SESSION_MARK's) whose last line has no line end and cannot be read (not
    JSON, or cut inside a character) was cut off mid-write, as a power cut leaves the file the table was writing:
    with `torn` that line is skipped and `torn(LINE)` told of it. A bad line anywhere else, or in a hand-written
    script, stays refused at its line. With `resumed`, a session's script whose first line says it continues a game
    resumed at t (`kaleun.runtime.loop`) tells `resumed(t)` before its lines."""
    fh = _open_script(path)
    with fh:
        last_t = 0.0
        recorded = False
        for number, raw in enumerate(iter(lambda: fh.readline(MAX_LINE_BYTES + 1), b""), start=1):
            if len(raw) > MAX_LINE_BYTES:
                raise ScriptError(_at(path, number, Msg("a line longer than {most} bytes: not a table script",
                                                         most=f"{MAX_LINE_BYTES:,}")))
            if number == 1 and raw.removeprefix(b"\xef\xbb\xbf").startswith(SESSION_MARK.encode()):
                recorded = True
                at = RESUMED_AT.search(raw)
                if at is not None and resumed is not None:
                    with contextlib.suppress(ValueError):
                        resumed(float(at.group(1)))
            #: the table's own last line without its line end: what a power cut leaves of a line being written
            cut_off = recorded and torn is not None and not raw.endswith(b"\n")
            try:
                # line 1 may begin with a byte order mark (Notepad's "UTF-8 with BOM"): no part of the script
                text = (decode_text(raw) if number == 1 else raw.decode("utf-8")).strip()
            except UnicodeDecodeError as exc:
                if cut_off:  # cut inside a character
                    assert torn is not None
                    torn(number)
                    return
                raise ScriptError(_at(path, number, utf16_text() if looks_utf16(raw)
                                      else Msg("not UTF-8 text"))) from exc
            if not text or text.startswith(("#", "//")):
                continue
            try:
                obj = _parse_line(text)
            except ValueError as exc:  # also int() limits of huge numbers
                if cut_off:
                    assert torn is not None
                    torn(number)
                    return
                if recorded and SESSION_MARK in text:  # sessions' scripts joined: one cut off ran into the next
                    raise ScriptError(_at(path, number, Msg(
                        "a session's last line, cut off mid-write (a power cut?), runs into the next session's first "
                        "line here: its script was not completed by a resume; delete the cut-off part before '{mark}' "
                        "to replay the rest (without the command on it)", mark=SESSION_MARK))) from exc
                raise ScriptError(_at(path, number, of_error(exc))) from exc
            if not isinstance(obj, dict):
                raise ScriptError(_at(path, number, Msg("a script line must be a JSON object")))
            t = obj.get("t")
            if isinstance(t, bool) or not isinstance(t, int | float) or not 0 <= t <= MAX_T:
                raise ScriptError(_at(path, number, Msg("needs 't', game seconds since mission start (0 to {most}), "
                                                        "got {value}", most=f"{MAX_T:.0f}", value=_short(t))))
            if t < last_t:
                raise ScriptError(_at(path, number, Msg("t = {t} goes back in time (previous line: {last})",
                                                        t=str(t), last=str(last_t))))
            if not isinstance(obj.get("do"), str):
                raise ScriptError(_at(path, number, Msg("needs 'do', the action to perform")))
            last_t = float(t)
            command = {k: v for k, v in obj.items() if k != "t"}
            yield ScriptLine(number, float(t), command, recorded)


def _at(path: Path, number: int, problem: Msg | str) -> Msg:
    """A problem of a script line as `FILE:LINE: problem` (the place stays as it is in every language)."""
    return Msg("{where}: {problem}", where=f"{path}:{number}", problem=problem)


def _unknown(name: str, game: Any, hands: bool = True) -> Msg:
    """A line's `do` that is neither a game command nor a hand on the table: both lists, and `end`, so a writer
    who typed a console word (`dial`) finds the script's (`turn`). A table without hands (Captain Sonar's) lists
    none: its script has no such lines."""
    known = ", ".join(c for c in game.command_names if c not in TABLE_ACTIONS)
    name = quoted(name)  # a name given at any length is refused in one readable line, on either table
    if not hands:
        return Msg("unknown command '{name}' (game commands: {known}; end stops the run)", name=name, known=known)
    return Msg("unknown command '{name}' (game commands: {known}; hands on the table: {hands}; end stops the run)",
               name=name, known=known, hands=", ".join(TABLE_ACTIONS))


def _short(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


class EventWriter:
    """Writes events as JSON lines; flushed per batch so nothing is lost on a stop.

    With a `viewer` (a team of a game of hidden information) only the events that party may
    know of are written: its view of the game (`kaleun.core.events.visible_to`).

    With `empty_first` (a file opened for appending, holding an earlier run's events) the file is emptied at the
    first write, the table's start: a run stopped or refused before it (a table that cannot be set up, a stop signal
    while it waits for the deck hub) leaves that file as it was.
    """

    def __init__(self, fh: IO[str], viewer: str | None = None, empty_first: bool = False) -> None:
        self.fh = fh
        self.viewer = viewer
        self.count = 0
        #: the file is to be emptied at the first write (`empty_first`), not yet done
        self._to_empty = empty_first
        #: the run has written to the file (emptied it, at least): its events are this run's
        self.begun = not empty_first

    def _empty(self) -> None:
        self._to_empty = False
        self.begun = True
        try:
            if stat.S_ISREG(os.fstat(self.fh.fileno()).st_mode):  # a pipe or a terminal has nothing to empty
                self.fh.seek(0)
                self.fh.truncate()
        except OSError as exc:
            raise EventsUnwritable(exc.errno, exc.strerror) from exc

    def write(self, events: list[Event]) -> None:
        if self._to_empty:
            self._empty()
        if self.viewer is not None:
            events = [e for e in events if visible_to(e, self.viewer)]
        try:
            for event in events:
                self.fh.write(json.dumps(event.to_json(), ensure_ascii=False) + "\n")
            if events:
                self.fh.flush()
        except OSError as exc:  # a full disk: the run stops and says so (`kaleun run`)
            raise EventsUnwritable(exc.errno, exc.strerror) from exc
        self.count += len(events)


class EventsUnwritable(OSError):
    """The events file cannot be written (a full disk, a quota); `strerror` says why."""


class ScriptRun:
    """One headless run of a game against a script, through a board's table."""

    def __init__(self, game: Engine, board: Board | None, writer: EventWriter, table: Any = None,
                 stopped: Callable[[], bool] = lambda: False, tell: Callable[[Msg], None] | None = None) -> None:
        """`table`: the game's table (`kaleun.games.make_table`); by default the board's U-BOOT table. `stopped`:
        true once the run is to stop (a stop signal came): it ends after the wake it came in (`stopped_at`). `tell`:
        says a note of the run (a line replayed as the table played it), by default in the log, in English."""
        self.game = game
        self.stopped = stopped
        self.tell = tell or (lambda note: log.info("%s", note))
        #: the game time the run stopped at on `stopped` (None: it was not stopped)
        self.stopped_at: float | None = None
        #: the script line that was to run next when the run stopped (None: every line had run; `--until` was
        #: being played)
        self.unplayed_line: int | None = None
        self.writer = writer
        if table is None:
            assert board is not None, "a U-BOOT table needs its board"
            table = Table(board, game)
        self.table = table
        #: the game is over (a U-BOOT mission ended, a Captain Sonar boat sank): its clock stands, as the
        #: table's does (time compression at pause): a later line is performed at the end's moment
        from kaleun.games import GAMES

        front = GAMES[game.game].front if game.game in GAMES else None
        self.over = (lambda: front.over(game)) if front is not None else (lambda: False)
        #: the latest game time a line or `--until` asked for once the clock stood (None: none did): the run says
        #: that it stood (`kaleun run`)
        self.asked_after_end: float | None = None
        #: adapters with threads of their own (the deck hub link) apply commands too
        self.lock = threading.RLock()
        self.table.start(self._apply)
        with self.lock:
            writer.write(game.take_events())

    def _apply(self, command: dict[str, Any]) -> None:
        with self.lock:
            if self.over():  # the clock stands: what is due at the end's very moment runs first, as at the table
                self.writer.write(self.game.advance_to(self.game.t))
            self.writer.write(self.game.apply(command))

    def _advance(self, t: float, asked: bool = True) -> None:
        """Advance the game to `t`. Once it is over (`over`) its clock stands, as at the table (the time
        compression at pause): the game up to its end is the same as ever, and nothing comes after it but
        what a line does at the end's moment."""
        with self.lock:
            if self._stop_noted():
                return
            while not self.over():  # in steps of at most STEP_S, each step's events written before the next
                step = min(t, self.game.t + STEP_S)
                self.writer.write(self.game.advance_to(step, until=self._halted))
                if step >= t or self._halted():
                    break
            if self.stopped_at is None and asked and self.over() and t > self.game.t:
                self.asked_after_end = max(t, self.asked_after_end or t)

    def _stop_noted(self) -> bool:
        """The run is to stop (a stop signal came): the game time it stops at is noted in `stopped_at`."""
        if self.stopped_at is None and self.stopped():
            self.stopped_at = self.game.t
        return self.stopped_at is not None

    def _halted(self) -> bool:
        """An advance ends here: the game is over (its clock stands), or the run is to stop."""
        return self._stop_noted() or self.over()

    def _resumed_alone(self, path: Path, t: float) -> None:
        """The script begins with a resumed game's session (its first line says so) while the run's game stands
        before that moment: replayed alone, it plays its lines on another game than the one played. Said, once."""
        if self.game.t < t:
            self.tell(_at(path, 1, Msg(
                "this session's script continues a game resumed at t={t}: replayed alone it plays another game than "
                "the one played; put the scripts of this game's earlier sessions before it, in order (cat "
                "1.script.jsonl 2.script.jsonl > whole.jsonl)", t=repr(t))))

    def run(self, path: Path, until: float | None = None) -> None:
        try:
            for line in read_script(path, torn=lambda number: self.tell(_at(path, number, Msg(
                    "the session's last line was cut off mid-write (a power cut?) and is skipped; the lines before it "
                    "are replayed"))), resumed=lambda t: self._resumed_alone(path, t)):
                if self._stop_noted():  # a stop signal: no line more
                    self.unplayed_line = line.number
                    return
                if line.t < self.game.t:
                    raise ScriptError(_at(path, line.number, Msg(
                        "t = {t} is before the game's time {now} (the run was loaded from a later save)",
                        t=str(line.t), now=str(self.game.t))))
                self._advance(line.t, asked=line.command["do"] != "end")  # an `end` line only stops the run
                if self.stopped_at is not None:  # stopped on the way to the line's time: the line is not played
                    self.unplayed_line = line.number
                    return
                if line.command["do"] == "end":
                    if len(line.command) > 1:
                        extra = sorted(k for k in line.command if k != "do")
                        raise ScriptError(_at(path, line.number, Msg(
                            "{command}: unknown field(s) {fields}", command="end",
                            fields=", ".join(repr(k) for k in extra))))
                    return
                if line.recorded and lifts_nothing(self.game, line.command):
                    # a deck hub's second report of a lift, as an older Kaleun recorded it in a session's script: the
                    # game changed nothing for it then, and its replay changes nothing for it now (a hand-written
                    # script's such line is refused at the table: `Table.actuate`)
                    self.tell(_at(path, line.number, Msg(
                        "{figure} is off the model already: the deck hub told of its lift twice, and the line changes "
                        "nothing, as at the table", figure=figure_term(line.command["figure"]))))
                    continue
                try:
                    if line.command["do"] in TABLE_ACTIONS:
                        self.table.actuate(line.command)
                    elif isinstance(line.command["do"], str) and line.command["do"] not in self.game.command_names:
                        raise ScriptError(_at(path, line.number, _unknown(line.command["do"], self.game,
                                                                       not isinstance(self.table, BareTable))))
                    else:
                        self._apply(line.command)
                except CommandError as exc:
                    raise ScriptError(_at(path, line.number, of_error(exc))) from exc
            if until is not None and until > self.game.t:
                self._advance(until)
        finally:
            self.table.close()
