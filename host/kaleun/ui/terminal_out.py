"""Writing to a console's terminal, shared by the U-BOOT console and the Captain Sonar team consoles:
a line is written whole (lone surrogates from JSON input escaped), and once the terminal is gone
(SIGHUP, a closed pipe) nothing more is written while the game plays on and saves without it.

`Prompting` adds the prompt both consoles show: once for each line the player may type next (not once
per line typed ahead or pasted, not again after a piped line that printed nothing), and what the game
says while the prompt stands (the enemy's course, a lookout's report) on a line of its own with the
prompt written again after it."""

from __future__ import annotations

import functools
import logging
import os
import re
import textwrap
import threading
from collections.abc import Callable
from typing import IO, Any

log = logging.getLogger(__name__)


#: the fewest columns a row broken to a terminal's width keeps for its words; a hanging indent that leaves fewer
#: is made smaller
NARROWEST = 30
#: a feed line's clock ("[02:00:00] "): its rows go on under its text
CLOCK = re.compile(r"\[\d{2}:\d{2}:\d{2}\] ")
#: a line of a command list ("  kurs KURS      Befehl: neuer Kurs"): its rows go on under the description
DESCRIBED = re.compile(r" {2}\S.*?\S {2,}(?=\S)")


def size_of(stream: IO[str] | None) -> os.terminal_size | None:
    """The size of the terminal `stream` writes to, asked each time (a window resized over SSH); None for a file, a
    pipe, or a stream that is no terminal."""
    try:
        if stream is None or not stream.isatty():
            return None
        return os.get_terminal_size(stream.fileno())
    except (AttributeError, ValueError, OSError):
        return None


def width_of(stream: IO[str] | None) -> int | None:
    """The width of the terminal `stream` writes to; None for a file, a pipe, or a terminal that does not say its
    size: their lines are written whole."""
    size = size_of(stream)
    return size.columns if size is not None and size.columns >= 20 else None


def rows_of(stream: IO[str] | None) -> int | None:
    """The height of the terminal `stream` writes to, when it says it; None for a file or a pipe."""
    size = size_of(stream)
    return size.lines if size is not None and size.lines > 0 else None


def hang_of(line: str, columns: int) -> int:
    """Where the rows of `line` broken to `columns` go on: under a feed line's text, a command list's description,
    else under the line's own start, indented by two more (a refusal's "! " so goes on under its words)."""
    clock = CLOCK.match(line)
    described = DESCRIBED.match(line)
    if clock:
        hang = clock.end()
    elif described:
        hang = described.end()
    else:
        hang = len(line) - len(line.lstrip(" ")) + 2
    return hang if columns - hang >= NARROWEST else min(4, hang)


def fit(line: str, columns: int | None) -> str:
    """`line` as it fits a terminal `columns` wide: broken between words into rows, each after the first going on
    at its hanging indent (`hang_of`; a word longer than a row stays whole, a terminal breaks it). Without
    `columns`, or a line that fits, the line as it is."""
    if columns is None or len(line) <= columns:
        return line
    rows = textwrap.wrap(line, columns, subsequent_indent=" " * hang_of(line, columns), break_long_words=False,
                         break_on_hyphens=False)
    return "\n".join(rows) if rows else line


class FittedLines:
    """A terminal written to in pieces (a question, then the answer typed after it), each whole line fitted to its
    width (`fit`) as it is written; a question's line that waits for its answer is written at once, as it is."""

    def __init__(self, stream: IO[str]) -> None:
        self.stream = stream
        #: the next piece begins a line
        self.fresh = True

    def write(self, text: str) -> int:
        columns = width_of(self.stream)
        parts = text.split("\n")
        for i, part in enumerate(parts[:-1]):
            if self.fresh or i:
                parts[i] = fit(part, columns)
        self.fresh = not parts[-1] if len(parts) > 1 or parts[-1] else self.fresh
        return self.stream.write("\n".join(parts))

    def __getattr__(self, name: str) -> Any:  # flush, isatty, fileno ...: the terminal's own
        return getattr(self.stream, name)


class TerminalOut:
    """Mixin: `stdout`, `gone` and `who` (for the log line) are set by the console. On a terminal that says its
    width, each line too long for it is broken between words (`fit`), as the window wraps its feed."""

    stdout: IO[str] | None
    #: the terminal is gone (SIGHUP, a closed pipe): nothing more is written to it
    gone: bool = False
    #: whose terminal, for the log ("the console", "yellow")
    who: str = "the console"

    def say(self, text: str) -> None:
        safe = text.encode("utf-8", "backslashreplace").decode("utf-8")  # lone surrogates from JSON input
        columns = self.width()
        if columns is not None:
            safe = "\n".join(fit(line, columns) for line in safe.split("\n"))
        self._write(safe + "\n")

    def width(self) -> int | None:
        """The terminal's width, None when the output is not a terminal that says it (written whole)."""
        return None if self.gone else width_of(self.stdout)

    def _write(self, text: str) -> None:
        if self.gone:
            return
        if self.stdout is None:  # started with its standard output closed (`1>&-`): a terminal gone from the start
            self.gone = True
            log.info("%s has no terminal to write to; the game carries on without it", self.who)
            return
        try:
            self.stdout.write(text)
            self.stdout.flush()
        except (OSError, ValueError):
            self.gone = True
            log.info("%s's terminal is gone; the game carries on without it", self.who)


class Prompting(TerminalOut):
    """Mixin: a console's prompt. The console sets `runtime` (its `call` runs a function on the game's
    thread), `interactive`, `stopping`, `echoes` (`echoes(stdin)`) and `_ran` (a `threading.Condition` of its
    own), calls `begin_line` and `end_line` around each typed line it runs, and counts the lines its reader
    took with `took_line` (each then run through `typed_line`, counted in `_lines_run` once it has run)."""

    runtime: Any
    interactive: bool = True
    stopping: bool = False
    #: the input shows what is typed (a terminal's echo moves the cursor past the prompt at each line);
    #: input from a pipe or a file is not shown, so a prompt still standing is not written again
    echoes: bool = False
    #: the prompt is the last thing written (a line that printed nothing leaves it standing)
    _prompted: bool = False
    #: a typed line is running (what it prints answers it; its prompt follows)
    _handling: bool = False
    #: a prompt is due after what the game said while the prompt stood
    _again: bool = False
    #: lines read but not run yet (pasted, or typed ahead of a busy game): the prompt waits for the last one
    _queued: int = 0
    #: guards `_queued` between the reading thread and the game's (one lock for every console: a tiny section)
    _queue_lock = threading.Lock()
    #: notified each time a typed line has run (`_lines_run` counts them): the reader waits for a line that goes on
    #: to a next game (`next`, `new`) to have run before it reads on
    _ran: threading.Condition
    _lines_run: int = 0
    #: the console's game goes no further (the sonar console's, when its session ended or goes on with a new
    #: game): a line handed over and not run is no longer waited for
    finished: bool = False

    def prompt_text(self) -> str:
        return "> "

    def say(self, text: str) -> None:
        if self._prompted and not self._handling and self.interactive:
            # the game speaks while the prompt stands (a report comes in): its line begins a line of its own,
            # not after "> " (the standing prompt is taken off a terminal), and a prompt follows it (`_again`)
            self._write("\r\x1b[K" if self.echoes else "\n")
            if not self._again:
                self._again = True
                self.runtime.call(self._prompt_again)
        super().say(text)
        self._prompted = False

    def _prompt_again(self) -> None:
        """The prompt again after what the game said while it stood (on the runtime's thread)."""
        self._again = False
        if not self._prompted and not self.stopping:
            self.prompt()

    def prompt(self) -> None:
        """The prompt, once for each line the player may type next: not while lines typed ahead wait to run
        (a paste of three lines showed `> > > `), and not again where nothing was written since the last
        one and the input is not echoed (a piped empty line)."""
        if not self.interactive or self._queued > 0 or (self._prompted and not self.echoes):
            return
        self._write(self.prompt_text())
        self._prompted = True

    def begin_line(self) -> None:
        """A typed line begins to run: what it prints answers it."""
        self._handling = True
        if self.echoes:  # the line typed moved the cursor past the prompt
            self._prompted = False

    def end_line(self) -> None:
        """The typed line has run: the prompt for the next one (unless the console is leaving)."""
        self._handling = False
        if not self.stopping:
            self.prompt()

    def took_line(self) -> None:
        """The reader took a line (on its thread); it runs later through `typed_line`."""
        with self._queue_lock:
            self._queued += 1

    def typed_line(self, line: str) -> None:
        """A line the reader took, run in its turn (on the runtime's thread); counted once it has run."""
        try:
            with self._queue_lock:
                self._queued -= 1
            self.handle(line)
        finally:
            with self._ran:
                self._lines_run += 1
                self._ran.notify_all()

    def wait_run(self, lines: int) -> None:
        """Wait (on the reader's thread) until so many typed lines have run, or the console's game goes no further."""
        with self._ran:
            self._ran.wait_for(lambda: self._lines_run >= lines or self.finished)

    def handle(self, line: str) -> None:
        raise NotImplementedError

    def read_input(self, stdin: IO[str] | None, on_end: Callable[[], None],
                   hands_on: Callable[[str, int], bool] | None = None) -> None:
        """Read the console's input (on a thread of its own) until it ends, each line run in its turn on the
        runtime's thread; then `on_end` there (save and leave). The end is any of: the end of a file or pipe,
        a standard input closed from the start (None), a terminal that hangs up. `hands_on(line, n)`, asked after
        the `n`th line is handed over: True stops reading there, without `on_end` (what reads on takes the input)."""
        try:
            for taken, line in enumerate(stdin or (), start=1):
                self.took_line()
                self.runtime.call(functools.partial(self.typed_line, line))
                if hands_on is not None and hands_on(line, taken):
                    return
        except (OSError, ValueError):  # the terminal hung up
            log.info("%s's input is gone", self.who)
        self.runtime.call(on_end)


def echoes(stream: IO[str] | None) -> bool:
    """Whether what is typed into `stream` shows on the screen (a terminal), as far as it can be told."""
    try:
        return stream is not None and stream.isatty()
    except (OSError, ValueError, AttributeError):  # closed, or a stand-in without isatty
        return False
