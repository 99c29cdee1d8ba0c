"""The text console's terminal belongs to the player typing at it: the program's log lines landed among
the prompts (`> INFO kaleun.runtime.loop: the program was stopped for 3 s ...` after a Ctrl-Z). While the
console runs on a terminal only warnings and errors show there, each on a line of its own with the prompt
after it, and every log line is kept in the session's log file (`sessions/<stamp>.log`)."""

from __future__ import annotations

import io
import logging
from collections.abc import Iterator
from pathlib import Path

import pytest
from kaleun import session_log
from kaleun.boards.loader import default_board
from kaleun.housekeeping import SESSION_FILE
from kaleun.runtime.loop import Runtime
from kaleun.runtime.table import Table
from kaleun.uboot.game import new_game
from kaleun.ui.console import Console
from kit import program_logging


class Typed(io.StringIO):
    """What a player types at a terminal (the input echoes)."""

    def isatty(self) -> bool:
        return True


@pytest.fixture
def terminal(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[tuple[io.StringIO, Path]]:
    """The program's logging as `kaleun play` sets it up: INFO and up to the terminal (stderr), and a
    session's file. Yields what the terminal's stderr shows and the file."""
    with program_logging(monkeypatch) as err:
        path = tmp_path / "20261127-083000.log"
        session_log.attach(path)
        yield err, path


def _console(stdin: io.StringIO) -> tuple[Console, io.StringIO]:
    game = new_game(0)
    runtime = Runtime(game, Table(default_board(), game), clock=lambda: 0.0)
    out = io.StringIO()
    return Console(runtime, stdin=stdin, stdout=out, interactive=True), out


def test_log_lines_stay_off_the_prompt_and_in_the_session_file(terminal: tuple[io.StringIO, Path]) -> None:
    stderr, kept_in = terminal
    con, out = _console(Typed(""))
    rt = con.runtime
    rt.continued()  # the program went on after a Ctrl-Z: the loop's next step logs it (INFO)
    rt.call(lambda: logging.getLogger("kaleun.journal").warning("the autosave journal cannot be written: disk full"))
    rt.call(lambda: con.handle("quit"))
    assert con.run() == 0
    printed, err = out.getvalue(), stderr.getvalue()
    assert "the program was stopped" not in printed and "the program was stopped" not in err
    # a warning the players must see is said through the console: the standing prompt taken off, a line of its own
    assert "> \r\x1b[KWARNING kaleun.journal: the autosave journal cannot be written: disk full\n" in printed, printed
    kept = kept_in.read_text(encoding="utf-8")
    assert "INFO kaleun.runtime.loop: the program was stopped" in kept, kept
    assert "WARNING kaleun.journal: the autosave journal cannot be written" in kept, kept
    # the console gone, the terminal has the log again
    logging.getLogger("kaleun.test").info("after the console")
    assert "after the console" in stderr.getvalue()


def test_a_console_on_a_pipe_leaves_the_log_where_it_was(terminal: tuple[io.StringIO, Path]) -> None:
    """Input from a pipe or a file shows no prompt a log line could land on (a service's journal keeps it)."""
    con, _ = _console(io.StringIO(""))
    con.runtime.continued()
    con.runtime.call(lambda: con.handle("quit"))
    assert con.run() == 0
    assert "INFO kaleun.runtime.loop: the program was stopped" in terminal[0].getvalue()


def test_the_session_log_is_a_session_file_pruned_with_its_session() -> None:
    assert SESSION_FILE.fullmatch("20261127-083000.log")
    assert SESSION_FILE.fullmatch("20261127-083000-2.log")



class _Full(io.StringIO):
    def write(self, text: str) -> int:
        raise OSError(28, "No space left on device")


def test_a_full_storage_ends_the_session_log_without_a_traceback(terminal: tuple[io.StringIO, Path],
                                                                 capsys: pytest.CaptureFixture[str]) -> None:
    """The storage full (the autosave already says so): writing the session's log failed at every line, and
    logging printed its own "--- Logging error ---" traceback on the terminal each time."""
    stderr, _ = terminal
    handler = next(h for h in logging.getLogger().handlers if isinstance(h, session_log.SessionFile))
    handler.stream = _Full()
    logging.getLogger("kaleun.runtime.outputs").error("the session's event log cannot be written; it stops here")
    logging.getLogger("kaleun.runtime.outputs").error("and again")
    said = stderr.getvalue() + capsys.readouterr().err  # logging's own complaints go to the stderr of the moment
    assert "Logging error" not in said and "Traceback" not in said, said
    assert "the session's event log cannot be written" in said and "and again" in said


def test_a_session_log_stops_at_its_bound(terminal: tuple[io.StringIO, Path], monkeypatch: pytest.MonkeyPatch) -> None:
    """A table run for months by its service is one session: a line logged again and again (a deck hub unplugged)
    grew its log file without end. It stops at `MAX_BYTES`, saying so."""
    _, path = terminal
    monkeypatch.setattr(session_log, "MAX_BYTES", 2000)
    for n in range(200):
        logging.getLogger("kaleun.hub.sensor").info("deck hub not reached yet: try %d", n)
    kept = path.read_text(encoding="utf-8")
    assert len(kept.encode("utf-8")) < 3000, len(kept)
    assert kept.rstrip().endswith("the session's log file is full (2000 bytes): it stops here"), kept[-300:]


def test_a_game_started_at_a_terminal_keeps_its_start_s_lines_for_the_session_log(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Every start once 50 sessions were kept printed, before a Russian console's first line, the English
    "INFO kaleun.housekeeping: removed 18 file(s) of older sessions: ..." with every file's name. At a terminal
    a game's start shows warnings only; the lines before the session's log file opens are kept for it."""
    err = io.StringIO()
    root = logging.getLogger()
    level, before = root.level, list(root.handlers)
    said = logging.StreamHandler(err)
    said.setFormatter(logging.Formatter("%(levelname)s %(name)s: %(message)s"))
    root.addHandler(said)
    root.setLevel(logging.INFO)
    try:
        session_log.quiet_terminal(said)
        logging.getLogger("kaleun.housekeeping").info("removed 18 file(s) of older sessions: a, b, c")
        logging.getLogger("kaleun.ports.sound").warning("no sound: the bell stays silent")
        path = tmp_path / "20261127-083000.log"
        session_log.attach(path)
        logging.getLogger("kaleun.runtime.loop").info("the program was stopped for 3 s")
        assert err.getvalue() == "WARNING kaleun.ports.sound: no sound: the bell stays silent\n", err.getvalue()
        kept = path.read_text(encoding="utf-8")
        for line in ("INFO kaleun.housekeeping: removed 18 file(s)", "WARNING kaleun.ports.sound: no sound",
                     "INFO kaleun.runtime.loop: the program was stopped"):
            assert line in kept, kept
        assert not [h for h in root.handlers if isinstance(h, session_log.Held)]
    finally:
        for h in [h for h in root.handlers if h not in before]:
            root.removeHandler(h)
            h.close()
        root.setLevel(level)
