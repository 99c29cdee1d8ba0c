"""The wall-clock loop: inputs in, game advanced by wall time x compression, events out.

Adapters, the console and the window post commands from any thread into an inbox; one
loop (the caller's thread) applies them, advances the game and hands events to outputs.
Every applied command is recorded with its game time, so a session can be replayed as a
table script.
"""

from __future__ import annotations

import contextlib
import functools
import json
import logging
import queue
import threading
import time
import traceback
from collections.abc import Callable
from pathlib import Path
from typing import IO, Any

from kaleun.core.engine import Engine
from kaleun.core.errors import CommandError
from kaleun.core.events import Event
from kaleun.core.messages import Msg, of_error
from kaleun.runtime.outputs import Autosave, Output, deleted, open_session_file
from kaleun.runtime.script import SESSION_MARK
from kaleun.runtime.table import Table, lifts_nothing

log = logging.getLogger(__name__)

#: where a game keeps its table's language (`Engine.table_state`, saved with the game): `kaleun resume` speaks it
LANGUAGE_KEY = "language"
#: longest the idle loop sleeps (s); inputs wake it at once
IDLE_WAIT = 0.5


class Runtime:
    def __init__(self, game: Engine, table: Table, outputs: list[Output] | None = None,
                 autosave: Autosave | None = None, record: Path | None = None,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.game = game
        self.table = table
        self.outputs: list[Output] = list(outputs or [])
        self.autosave = autosave
        self.clock = clock
        #: commands for the game, or functions to run on the loop's thread
        self.inbox: queue.SimpleQueue[dict[str, Any] | Callable[[], None]] = queue.SimpleQueue()
        self.listeners: list[Callable[[Event], None]] = []
        #: the board's lamps (drawn by the window when simulated), set by the session
        self.lamps: Any = None
        #: the speaker (its volume is set from the console), set by the session
        self.sounder: Any = None
        self._language = "en"
        #: the session's debrief writer (runtime/debrief_output.py: `paths` once the mission ended), if any
        self.debrief: Any = None
        #: who hears about bad commands; a front end replaces the default (a log line)
        #: who hears of a command refused as malformed (its `Msg`: English in the log, the table's language on screen)
        self.problems: list[Callable[[Msg | str], None]] = [lambda text: log.warning("%s", text)]
        if autosave is not None:  # a save that fails (a full disk) is told like a refused command
            autosave.report = self._tell
            autosave.before_save.append(self.keep_files)
        self._record_path = record
        self._record: IO[str] | None = None
        if record is not None:
            from kaleun.games import replay_args

            try:
                self._record = open_session_file(record)
                resumed = (f" (resumed at t={game.t!r}: put the scripts of this game's earlier sessions before this "
                           "one, in order)") if game.t else ""
                self._record.write(f"{SESSION_MARK} replay with kaleun run {replay_args(game)}{resumed}\n")
            except OSError as exc:  # a session folder that is a file, or read-only: the game goes on (the autosave)
                log.error("the session's script %s cannot be written (%s); the game goes on without it", record,
                          exc.strerror or exc)
                self._close_record()
        self._last = clock()
        self._closed = False
        self._held: dict[str, Any] | Callable[[], None] | None = None
        self._loop_thread: int | None = None
        self._starting = game.take_events()
        #: a stop was asked for (a signal, the window closed): the front end leaves its loop
        self.stop_requested = False
        #: the process went on after it was stopped (`continued`): the next step does not advance the game
        self._went_on = False
        #: why the game failed while running (then nothing more is saved), else None
        self.failure: str | None = None
        #: where the failure's details were written
        self.failure_report: Path | None = None
        try:
            table.start(self.submit, strict=False)  # a crew at the table can wait for a late hub
        except BaseException:  # a signal while waiting for the hub, a table that cannot start
            self.table.close()
            if self._record is not None:
                self._record.close()
            raise

    @property
    def record_path(self) -> Path | None:
        """The session script this runtime records its commands to (`<stamp>.script.jsonl`), if any."""
        return self._record_path

    @property
    def closed(self) -> bool:
        """Closed (`close`): its table let go of the hardware and nothing of it is saved or recorded any more."""
        return self._closed

    # -- inputs (any thread) -----------------------------------------------------------------

    def post(self, command: dict[str, Any]) -> None:
        self.inbox.put(command)

    def submit(self, command: dict[str, Any]) -> None:
        """Apply at once when called on the loop's thread (keeps typed order), else post."""
        if threading.get_ident() == self._loop_thread:
            if self.failure is not None:
                return
            try:
                self._dispatch(self._apply(command))
            except Exception as exc:  # the rules failed on it: keep the last good save, stop
                self._fail(exc)
        else:
            self.post(command)

    def _tell(self, text: Msg) -> None:
        for report in self.problems:
            report(text)

    @property
    def save_problem(self) -> Msg | None:
        """Why the game cannot be saved now (a full disk ...), or None when the storage holds it."""
        return self.autosave.problem if self.autosave is not None else None

    def call(self, function: Callable[[], None]) -> None:
        """Run `function` on the loop's thread at the next step (console input, timers)."""
        self.inbox.put(function)

    # -- the loop (one thread) ---------------------------------------------------------------
    @property
    def factor(self) -> float:
        """Game seconds per wall second (a game without time compression runs at 1)."""
        if not self.game.has_module("compression"):
            return 1.0
        return float(self.game.module("compression").factor)

    def request_stop(self) -> None:
        """Ask the loop to end at its next turn (any thread, also a signal handler)."""
        self.stop_requested = True
        self.inbox.put(_wake_up)

    def continued(self) -> None:
        """The process goes on after it was stopped (SIGSTOP, Ctrl-Z at the console's terminal, a
        debugger): the crew saw nothing and could do nothing meanwhile, so the game does not run
        on by the time it stood still: the next step forgets the wall time since the last one, as
        `rest` does (any thread, also a signal handler)."""
        self._went_on = True
        self.inbox.put(_wake_up)

    @property
    def stopping(self) -> bool:
        return self.stop_requested or self.failure is not None

    def step(self) -> list[Event]:
        """Advance the game to now, then apply every waiting command. Returns the events.

        If the game fails (an exception from the rules), nothing more is saved: the autosave
        and its journal stay as they were before the failure, `failure` says what happened
        and `stopping` turns true."""
        if self.failure is not None:
            return []
        try:
            return self._step()
        except Exception as exc:  # a failure inside the game: keep the last good save, stop
            self._fail(exc)
            return []

    def _step(self) -> list[Event]:
        self._loop_thread = threading.get_ident()
        if self._starting:
            self._dispatch(self._starting)
            self._starting = []
        now = self.clock()
        if self._went_on:
            self._went_on = False
            log.info("the program was stopped for %.0f s (SIGSTOP or Ctrl-Z); the game waited", now - self._last)
            self._last = now
        dt = max(0.0, now - self._last)
        self._last = now
        events = self._advance(dt)
        if self.autosave is not None:
            self.autosave.progress()  # before anything shows the new time
        self._dispatch(events)
        # the commands waiting now; those that come while they apply wait for the next step, so that a
        # flood of them (a console asked for its status as fast as it answers) cannot stop the clock
        waiting = self.inbox.qsize()
        while True:
            if self._held is not None:
                command, self._held = self._held, None
            elif waiting > 0:
                waiting -= 1
                try:
                    command = self.inbox.get_nowait()
                except queue.Empty:
                    break
            else:
                break
            if callable(command):
                command()
                more = self.game.take_events()
            else:
                more = self._apply(command)
            self._dispatch(more)
            events.extend(more)
        self.table.flush(now)
        for output in self.outputs:
            tick = getattr(output, "tick", None)
            if tick is not None:
                tick(now)
        if self.autosave is not None:
            self.autosave.flush()
        return events

    def rest(self) -> None:
        """Forget the wall time since the last step: the game did not run meanwhile (the window's
        new-game set-up held it before its clock started)."""
        self._last = self.clock()

    def _advance(self, wall: float) -> list[Event]:
        """Advance by `wall` seconds of wall time; a compression change mid-way (a feed
        message dropping to real time) applies from the moment it happened."""
        if not self.game.has_module("compression"):
            return self.game.advance_to(self.game.t + wall) if wall > 0 else []
        compression = self.game.module("compression")
        events: list[Event] = []
        while wall > 0:
            factor, mode = compression.factor, compression.mode
            if factor <= 0:
                break
            start = self.game.t
            events += self.game.advance_to(start + wall * factor, until=functools.partial(_changed, compression, mode))
            wall -= (self.game.t - start) / factor
            if compression.mode == mode:
                break
        if self.factor > 0:  # wakes left at this very instant run before any command, as in a replay
            events += self.game.advance_to(self.game.t)
        return events

    def pass_time(self, target: float, until: Callable[[list[Event]], bool] | None = None) -> list[Event]:
        """Let the game's time run to `target` at once, as a table script's next line does (on the loop's thread: the
        console's `wait`); with `until`, stop at the first wake whose events (those of the wait so far) satisfy it.
        The events are handed out as they come; the session's script needs no line for it (its next command's
        `t` says when it came, and its closing comment how far the game ran), so a replay meets the same game.
        A stop signal (SIGTERM, SIGINT, SIGHUP: `request_stop`) ends the wait at the next wake, so a long wait
        typed at a terminal saves and leaves as the console's `quit` does, not only once it is over.
        Returns the events of the wait."""
        events = self.game.advance_to(self.game.t)  # what is due now runs first, as before a command
        self._dispatch(events)
        if target > self.game.t and not self.game_over and not self.stopping:
            def stop() -> bool:
                return self.stopping or (until is not None and until(list(self.game.emitted)))

            more = self.game.advance_to(target, until=stop)
            self._dispatch(more)
            events += more
        if self.autosave is not None:
            self.autosave.progress()
        self._last = self.clock()  # the wall time the wait took is not played again
        return events

    @property
    def game_over(self) -> bool:
        """The game's clock stands (its mission ended): no time passes any more."""
        stands = self.game.clock_stands
        return stands is not None and bool(stands())

    def _apply(self, command: dict[str, Any]) -> list[Event]:
        # the wakes due at this very instant run first, as a replay (the session's script, the journal) runs
        # them before each command: a command given right after another (typed while the clock is paused, two
        # in one step) would otherwise meet a game its replay never saw
        early = self.game.advance_to(self.game.t)
        if lifts_nothing(self.game, command):
            # a deck hub telling of a figure the game has off the model already (a reader that lost a tag twice):
            # it changes nothing, and is kept out of the session's script, whose replay refuses such a line
            return early
        try:
            events = early + self.game.apply(command)
        except CommandError as exc:
            for report in self.problems:
                report(of_error(exc))
            return early
        if self.autosave is not None:
            self.autosave.command(command)
        if self._record is not None:
            line = {"t": self.game.t, **command}  # full precision: the replay hits the same instant
            try:
                self._record.write(json.dumps(line) + "\n")
                self._record.flush()
            except OSError as exc:  # a full disk: the game goes on (the autosave says what is kept)
                log.error("the session's script cannot be written (%s); it stops here", exc)
                self._close_record()
        return events

    def keep_files(self) -> None:
        """(At every save.) What was deleted while the game ran (the session folder, the whole home) is made
        again with a warning in the log: the session's log first (so the warnings are kept in it), the event logs,
        the session's script, the home's lock this process holds."""
        from kaleun import session_log

        session_log.keep()
        for output in self.outputs:
            keep = getattr(output, "keep", None)
            if keep is not None:
                keep()
        if self._record is not None and self._record_path is not None and deleted(self._record):
            log.warning("the session's script %s was deleted while the game ran (its folder or the home with it); "
                        "it is made again and goes on from here", self._record_path)
            self._close_record()
            try:
                self._record = open_session_file(self._record_path)
                self._record.write(f"{SESSION_MARK} the file was deleted while the game ran and made again at "
                                   f"t={self.game.t!r}; what came before is not in it\n")
                self._record.flush()
            except OSError as exc:
                log.error("the session's script %s cannot be made again (%s); the game goes on without it",
                          self._record_path, exc.strerror or exc)
                self._close_record()
        from kaleun.homelock import renew_held

        if self.autosave is not None:
            renew_held(self.autosave.path.parent)

    def _close_record(self) -> None:
        record, self._record = self._record, None
        if record is not None:
            try:
                record.close()
            except OSError as exc:
                log.error("the session's script could not be written to its end (%s)", exc)

    def _dispatch(self, events: list[Event]) -> None:
        for event in events:
            for output in self.outputs:
                try:
                    output.handle(event)
                except Exception:  # an output failing must not stop the game
                    log.exception("output %s failed on %s", type(output).__name__, event.name)
            if self.autosave is not None:
                self.autosave.handle(event)
            for listener in self.listeners:
                try:
                    listener(event)
                except Exception:  # a front end failing to show an event must not stop the game
                    log.exception("showing %s failed", event.name)

    def wait(self, timeout: float = IDLE_WAIT, clock: bool = True) -> None:
        """Sleep until an input arrives, the next game wake is due, or `timeout` passes. Without `clock` (the
        window's new-game set-up holds the game's clock, so no step takes its wakes) the game's wakes do not
        count: a wake due at once would otherwise end every wait at once, a loop spinning on a core for as
        long as the set-up is open."""
        if self._held is not None:  # taken by an earlier wait and not applied yet (the set-up): kept, not replaced
            time.sleep(max(0.0, timeout))
            return
        factor = self.factor
        due = None
        if clock and factor > 0:
            wakes = [w for m in self.game.modules if (w := m.next_wake()) is not None]
            if wakes:
                due = max(0.0, (min(wakes) - self.game.t) / factor)
        limit = timeout if due is None else min(timeout, due)
        if self.table.dial_pending or any(getattr(o, "animating", False) for o in self.outputs):
            limit = min(limit, 0.05)
        if limit <= 0:
            return
        with contextlib.suppress(queue.Empty):
            self._held = self.inbox.get(timeout=limit)

    def run(self, should_stop: Callable[[], bool], timeout: float = IDLE_WAIT) -> None:
        """Loop until `should_stop()` or a stop was requested (headless front ends)."""
        while not should_stop() and not self.stopping:
            self.step()
            if self.stopping:
                break
            self.wait(timeout)

    def _fail(self, exc: Exception) -> None:
        """The game failed: stop saving, write what happened next to the session log, stop."""
        where = self.autosave.path if self.autosave is not None else None
        self.failure = (f"the game failed at {self.game.now_iso.replace('T', ' ')} ({type(exc).__name__}: {exc}); "
                        "nothing was saved after the failure")
        if self.autosave is not None:
            self.autosave.abandon(self.failure)
        log.error("%s", self.failure, exc_info=exc)
        if self._record is not None:
            report = Path(self._record.name).with_suffix("").with_suffix(".failure.txt")
            try:
                report.write_text(f"{self.failure}\nlast good save: {where}\n\n"
                                  + "".join(traceback.format_exception(exc)), encoding="utf-8")
                self.failure_report = report
            except OSError:
                log.exception("writing %s failed", report)

    @property
    def language(self) -> str:
        """The table's language (`--language`, the saved game's, or `kaleun config set language`), set by the
        session and the window's settings."""
        return self._language

    @language.setter
    def language(self, code: str) -> None:
        """Kept with the game too (its save's table part), so `kaleun resume` speaks it again."""
        self._language = code
        self.game.table_state[LANGUAGE_KEY] = code

    def save(self) -> None:
        if self.autosave is not None:
            self.autosave.save()

    def close(self) -> None:
        """Close the table, save, close the outputs and the session's script. Once: a second call (the
        window's set-up retires a runtime, then closes it as the one it showed) does nothing."""
        if self._closed:
            return
        self._closed = True
        self.table.close()
        if self.autosave is not None:
            self.autosave.close()
        for output in self.outputs:
            try:
                output.close()
            except Exception:
                log.exception("closing %s failed", type(output).__name__)
        self._end_record()
        self._close_record()

    def _end_record(self) -> None:
        """The session's script ends saying how far the game ran after its last line: the events up to there
        (a mission's end, the bells of an idle hour) come back in a replay given that `--until`."""
        if self._record is None:
            return
        try:
            self._record.write(f"{SESSION_MARK} the game ran on to t={self.game.t!r}: kaleun run --until "
                               f"{self.game.t!r} replays its events after the last line too\n")
        except OSError as exc:
            log.error("the session's script could not be written to its end (%s)", exc.strerror or exc)


def failure_message(runtime: Runtime) -> Msg:
    """What the crew is told when the game failed: what happened and where the last good save is."""
    where = runtime.autosave.path if runtime.autosave is not None else None
    text = Msg("The game stopped: {failure}.", failure=runtime.failure)
    if where is not None:
        text = Msg("{text} The last good save is {path}: kaleun resume continues from there.", text=text,
                   path=str(where))
    if runtime.failure_report is not None:
        text = Msg("{text} What happened is written in {report}.", text=text, report=str(runtime.failure_report))
    return text


def closing_problem(runtime: Runtime) -> Msg | None:
    """What a window tells the terminal when its game has closed badly: the game failed (and where its
    last good save is), or the last save could not be written (a full disk); None when all is well."""
    if runtime.failure is not None:
        return failure_message(runtime)
    autosave = runtime.autosave
    if autosave is not None and autosave.problem is not None:
        return autosave.left_behind()
    return None


def _wake_up() -> None:
    """Posted to wake the loop (a stop request); does nothing itself."""


def _changed(compression: Any, mode: str) -> bool:
    """True once the time compression left `mode` (ends an `advance_to` step)."""
    return bool(compression.mode != mode)

