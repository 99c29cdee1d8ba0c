"""Stop signals from the first line: SIGTERM (systemctl stop), SIGINT (Ctrl-C), SIGHUP (the
terminal of an SSH session dropped) and the other signals that would end the process from outside
it (`kaleun.runtime.stop_signals` lists them): each saves the game as SIGTERM does.

`install()` is the first thing `kaleun` does. Until the game runs, a signal raises
`StopRequested` wherever the program is (loading a save, waiting up to 10 s for the deck hub):
nothing has been written yet, so the previous save stays as it was. From `running(runtime)` on
a signal asks the loop to stop; the front end then saves the game and leaves as on `quit`.
While the game is being saved and closed (`closing()`), signals wait: the save is never cut.

SIGCONT (the process goes on after SIGSTOP, Ctrl-Z at its terminal or a debugger held it) is not a
stop: while the game runs it tells the runtime, whose next step forgets the wall time the process
was stopped (`Runtime.continued`): the crew saw nothing and could do nothing meanwhile, so the game
waited too.
"""

from __future__ import annotations

import contextlib
import logging
import select
import signal
import threading
from collections.abc import Callable
from types import FrameType
from typing import IO, Any

from kaleun.runtime.stop_signals import KEPT_IGNORED, SIGNALS, signal_name

log = logging.getLogger(__name__)

NAMES: dict[int, str] = {signal.SIGTERM: "SIGTERM", signal.SIGINT: "SIGINT (Ctrl-C)",
                         signal.SIGHUP: "SIGHUP (the terminal closed)"}


class StopRequested(KeyboardInterrupt):
    """A stop signal arrived before the game ran. A KeyboardInterrupt, so code that stops
    cleanly on Ctrl-C (enrollment, the fake hub) stops as cleanly on SIGTERM and SIGHUP, and
    `except Exception` does not swallow it."""

    def __init__(self, signum: int) -> None:
        super().__init__(NAMES.get(signum, signal_name(signum)))
        self.signum = signum


class Stopper:
    """What a stop signal does at each phase of a run: raise, ask the loop to stop, or wait."""

    def __init__(self) -> None:
        self.signum: int | None = None
        self.mode = "raise"
        self._stop: Callable[[], None] | None = None
        self._continued: Callable[[], None] | None = None
        self._previous: dict[int, Any] = {}

    def install(self) -> Stopper:
        if self._previous:  # installed already (the entry point, then `main`)
            return self
        if threading.current_thread() is not threading.main_thread():  # an embedding program: leave signals alone
            return self
        for sig in SIGNALS:
            if sig in KEPT_IGNORED and signal.getsignal(sig) == signal.SIG_IGN:
                continue  # `nohup kaleun play --headless`: the table plays on when the terminal closes
            try:
                self._previous[sig] = signal.signal(sig, self._handle)
            except (ValueError, OSError):  # a signal this system does not let a program take
                continue
        return self

    def uninstall(self) -> None:
        for sig, previous in self._previous.items():
            signal.signal(sig, previous)
        self._previous.clear()

    def running(self, stop: Callable[[], None], continued: Callable[[], None] | None = None) -> None:
        """The game runs: a signal calls `stop` (which asks the loop to end) instead of raising.
        A signal that came while switching over is passed on at once. SIGCONT calls `continued`."""
        self._stop = stop
        self._continued = continued
        if continued is not None and self._previous and signal.SIGCONT not in self._previous:
            with contextlib.suppress(ValueError):  # not the main thread: the game runs on by wall time as before
                self._previous[signal.SIGCONT] = signal.signal(signal.SIGCONT, self._went_on)
        self.mode = "flag"
        if self.signum is not None:
            stop()

    def _went_on(self, signum: int, frame: FrameType | None) -> None:
        if self._continued is not None and self.mode == "flag":
            self._continued()

    def closing(self) -> None:
        """The game is being saved: signals only note themselves."""
        self.mode = "wait"

    def between_games(self) -> int | None:
        """The console's `next` or `new` after a mission's end: the finished game is saved and closed, and the next
        one is set up (its questions asked on the terminal) and started as a start does, so from here a signal
        raises `StopRequested` again until that game runs (it was only noted, and the set-up's questions waited
        for answers with SIGTERM, Ctrl-C or a hang-up unanswered). Returns the signal that came while the finished
        game was being saved and closed, if one did: the next game is not started then."""
        self.mode = "raise"
        self._stop = None
        return self.signum

    def _handle(self, signum: int, frame: FrameType | None) -> None:
        first = self.signum is None
        if first:
            self.signum = signum
        if self.mode == "raise":
            raise StopRequested(signum)
        if self.mode == "flag" and self._stop is not None:
            self._stop()
        elif not first:
            log.info("%s: already stopping", NAMES.get(signum, signal_name(signum)))


#: the process's stopper (`kaleun` installs it first thing)
STOPPER = Stopper()


#: how long a wait for a line at a terminal blocks before it looks for a stop signal that came too late to cut it
SIGNAL_LOOK_S = 0.25


def read_line(stream: IO[str]) -> str:
    """A line typed at a terminal, read so that a stop signal is never left waiting behind it.

    A signal that comes the instant before the read begins (the question just printed, its read not yet blocking)
    interrupts nothing: Python runs its handler only once the blocking read returns, so `StopRequested` would wait
    for the next line typed, and a `systemctl stop` at a question would hang. At a terminal the read begins only
    once there is something to read, looking again every `SIGNAL_LOOK_S` (each look lets a handler that waits run:
    the stop is taken within a quarter of a second). A terminal in its normal (canonical) mode hands over one line
    per read, so nothing typed sits in the stream's buffer unseen by the wait. From a pipe or a file, or a stream
    without a descriptor, the line is read at once."""
    try:
        fd = stream.fileno()
        waits = stream.isatty()
    except (AttributeError, ValueError, OSError):
        return stream.readline()
    while waits:
        try:
            ready, _, _ = select.select([fd], [], [], SIGNAL_LOOK_S)
        except (OSError, ValueError):  # a descriptor select cannot watch: read as before
            break
        if ready:
            break
    return stream.readline()
