"""Shared test helpers: run the `kaleun` command, write table scripts, read event logs, drive a game."""

from __future__ import annotations

import codecs
import contextlib
import io
import json
import logging
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

from kaleun.core.events import Event
from kaleun.runtime.script import EventWriter

if TYPE_CHECKING:
    from kaleun.boards.dials import DialDecl
    from kaleun.core.engine import Engine
    from kaleun.runtime.loop import Runtime
    from kaleun.ui.console import Console

ROOT = Path(__file__).resolve().parents[1]
HOST = ROOT / "host"
BOARDS = ROOT / "boards"

#: two dials a maker might add to boards/dials.toml (host/README.md, "How to add a dial"): a trim selector with
#: positions and a periscope bearing ring; the game has neither a `trim` nor a `periscope` command of its own
TRIM_DIAL = '''
[trim]
label = "trim selector"
kind = "positions"
positions = ["bow_heavy", "level", "stern_heavy"]
home = ["saved"]
command = { do = "trim" }
field = "trim"
group = "trim"
'''
PERISCOPE_RING = '''
[periscope_bearing]
label = "periscope bearing ring"
kind = "ring"
steps = 360
whole_turn = "from where its lubber line points on the bearing scale round to the same point"
home = ["switch", "calibrate"]
command = { do = "periscope" }
field = "bearing"
group = "periscope"
'''


#: the deck hub's port as boards/pico-hub.toml names it
PICO_HUB_URL = 'url = "/dev/serial/by-id/usb-Raspberry_Pi_Pico_E660000000000000-if02"'


def pico_board(path: Path, url: Path | str, *more: str) -> Path:
    """boards/pico-hub.toml written to `path` with its deck hub at `url` (a fake hub's link, a port nobody is at),
    `more` lines of its [hub] after it (`start_timeout_ms = 300`)."""
    text = (BOARDS / "pico-hub.toml").read_text(encoding="utf-8")
    assert PICO_HUB_URL in text
    path.write_text(text.replace(PICO_HUB_URL, "\n".join([f'url = "{url}"', *more])), encoding="utf-8")
    return path


def dials_declared_with(tmp_path: Path, added: str) -> dict[str, DialDecl]:
    """Every dial of the shipped boards/dials.toml with the `added` declarations after it, as the loader reads
    them (written to a dials.toml in `tmp_path`)."""
    from kaleun.boards import dials

    path = tmp_path / "dials.toml"
    path.write_text(dials.DECLARATION.read_text(encoding="utf-8") + added, encoding="utf-8")
    return dials.load_declaration(path)


class FakeClock:
    """A wall clock the test sets by hand (`now`, in seconds)."""

    def __init__(self, now: float = 1000.0) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now


class Keeper(EventWriter):
    """An event writer that also keeps the events themselves (their messages, not only the English)."""

    def __init__(self) -> None:
        super().__init__(io.StringIO())
        self.events: list[Event] = []

    def write(self, events: list[Event]) -> None:
        self.events.extend(events)
        super().write(events)


def kaleun_env(home: Path, **extra: str) -> dict[str, str]:
    env = dict(os.environ)
    env["PYTHONPATH"] = str(HOST) + os.pathsep + env.get("PYTHONPATH", "")
    env["KALEUN_HOME"] = str(home)
    env.update(extra)
    return env


def run_kaleun(*args: str, home: Path, timeout: float = 120, **extra: str) -> subprocess.CompletedProcess[str]:
    """Run `python -m kaleun ARGS` as a user would, with its files under `home`."""
    return subprocess.run([sys.executable, "-m", "kaleun", *args], capture_output=True, text=True,
                          env=kaleun_env(home, **extra), timeout=timeout, cwd=home)


@contextlib.contextmanager
def program_logging(monkeypatch: Any) -> Iterator[io.StringIO]:
    """The program's logging as `kaleun play` sets it up: INFO and up to the terminal (stderr). Yields what
    the terminal's stderr shows; the handlers and level are put back after."""
    err = io.StringIO()
    monkeypatch.setattr(sys, "stderr", err)
    root = logging.getLogger()
    level, before = root.level, list(root.handlers)
    said = logging.StreamHandler(sys.stderr)
    said.setFormatter(logging.Formatter("%(levelname)s %(name)s: %(message)s"))
    root.addHandler(said)
    root.setLevel(logging.INFO)
    try:
        yield err
    finally:
        for h in [h for h in root.handlers if h not in before]:
            root.removeHandler(h)
            h.close()
        root.setLevel(level)


def own_file(home: Path, name: str, text: str) -> Path:
    """A group's own mission file `name` in `home`'s missions folder (made if missing)."""
    folder = home / "missions"
    folder.mkdir(exist_ok=True)
    path = folder / name
    path.write_text(text, encoding="utf-8")
    return path


def write_script(path: Path, lines: list[dict[str, Any] | str]) -> Path:
    with open(path, "w", encoding="utf-8") as fh:
        for line in lines:
            fh.write((line if isinstance(line, str) else json.dumps(line)) + "\n")
    return path


def read_events(path: Path) -> list[dict[str, Any]]:
    with open(path, encoding="utf-8") as fh:
        return [json.loads(line) for line in fh if line.strip()]


def named(events: list[dict[str, Any]], name: str) -> list[dict[str, Any]]:
    return [e for e in events if e["event"] == name]


def one(events: list[dict[str, Any]], name: str) -> dict[str, Any]:
    found = named(events, name)
    assert len(found) == 1, f"expected one {name}, got {[e['event'] for e in events]}"
    return found[0]


def do(g: Engine, command: dict[str, Any] | None = None, **fields: Any) -> list[dict[str, Any]]:
    """Apply one command to a game (an Engine) at its current time; the events as JSON objects."""
    return [e.to_json() for e in g.apply(dict(command or {}, **fields))]


def order(g: Engine, name: str, **fields: Any) -> list[dict[str, Any]]:
    return do(g, {"do": "order", "order": name, **fields})


def advance(g: Engine, t: float) -> list[dict[str, Any]]:
    return [e.to_json() for e in g.advance_to(t)]


def play_script(tmp_path: Path, lines: list[dict[str, Any] | str], seed: int = 0, board: Path | None = None,
                until: float | None = None, game: Any = None) -> tuple[Any, list[dict[str, Any]]]:
    """Run a table script in-process through the public ScriptRun; returns (game, events)."""
    import io

    from kaleun.boards.loader import default_board, load_board
    from kaleun.runtime.script import EventWriter, ScriptRun
    from kaleun.uboot.game import new_game

    script = write_script(tmp_path / "script.jsonl", lines)
    game = game if game is not None else new_game(seed)
    out = io.StringIO()
    run = ScriptRun(game, load_board(board) if board else default_board(), EventWriter(out))
    run.run(script, until=until)
    events = [json.loads(line) for line in out.getvalue().splitlines()]
    return game, events


class Terminal:
    """`kaleun ...` on a pseudo-terminal without a display (the console takes over by itself),
    read until a text shows."""

    GUARD_S = 30  # failure guard only: a healthy run answers long before

    def __init__(self, home: Path, *args: str, columns: int = 0, rows: int = 24) -> None:
        """`columns`: the terminal's width, as a terminal window says it (0: a terminal that does not say it);
        `rows`: its height, said with the width."""
        import pty

        master, slave = pty.openpty()
        if columns:
            import fcntl
            import struct
            import termios

            fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", rows, columns, 0, 0))
        env = kaleun_env(home)
        for name in ("SDL_VIDEODRIVER", "DISPLAY", "WAYLAND_DISPLAY"):
            env.pop(name, None)
        self.proc = subprocess.Popen([sys.executable, "-m", "kaleun", *args], stdin=slave, stdout=slave,
                                     stderr=slave, env=env, cwd=home, close_fds=True)
        os.close(slave)
        self.fd: int | None = master
        self.text = ""
        #: a letter split between two reads (Cyrillic is two bytes) is read whole with the next
        self.decoder = codecs.getincrementaldecoder("utf-8")(errors="replace")

    def expect(self, needle: str) -> str:
        import select
        import time

        deadline = time.monotonic() + self.GUARD_S
        while needle not in self.text and time.monotonic() < deadline:
            ready, _, _ = select.select([self.fd], [], [], 0.2)
            if ready:
                try:
                    self.text += self.decoder.decode(os.read(self.fd, 4096))
                except OSError:
                    break
        assert needle in self.text, f"never saw {needle!r}; got:\n{self.text}"
        return self.text

    def send(self, line: str) -> None:
        os.write(self.fd, (line + "\n").encode())

    def close(self) -> int:
        try:
            return self.proc.wait(self.GUARD_S)
        finally:
            self._release()

    def _release(self) -> None:
        if self.fd is not None:
            os.close(self.fd)
            self.fd = None

    def __enter__(self) -> Terminal:
        return self

    def __exit__(self, *exc: object) -> None:
        """A test that failed half way leaves no kaleun running."""
        if self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait()
        self._release()


def console_on_a_clock(game: Engine, language: str, *lines: str) -> tuple[Runtime, Console, io.StringIO, list[float]]:
    """A terminal console at a table of that language on `game` and the default board, started, `lines` typed (the
    runtime stepped after each); gives the runtime, the console, what it printed, and the wall clock the runtime
    reads (`now[0]`, seconds from 0: add to it and step to let the game's time run)."""
    from kaleun.boards.loader import default_board
    from kaleun.runtime.loop import Runtime
    from kaleun.runtime.table import Table
    from kaleun.ui.console import Console

    now = [0.0]
    runtime = Runtime(game, Table(default_board(), game), clock=lambda: now[0])
    runtime.language = language
    out = io.StringIO()
    console = Console(runtime, stdin=io.StringIO(), stdout=out, interactive=False)
    runtime.step()
    for line in lines:
        console.handle(line)
        runtime.step()
    return runtime, console, out, now


def console_typed(language: str, *lines: str, game: Engine | None = None, heard: list[Event] | None = None) -> str:
    """What the terminal console prints for `lines` typed at a table of that language (a new training
    game, else `game`, on the default board, the runtime stepped after each line), from after its start;
    the events the game gave meanwhile are added to `heard`, when given."""
    from kaleun.boards.loader import default_board
    from kaleun.runtime.loop import Runtime
    from kaleun.runtime.table import Table
    from kaleun.uboot.game import new_game
    from kaleun.ui.console import Console

    game = new_game(0) if game is None else game
    runtime = Runtime(game, Table(default_board(), game), clock=lambda: 0.0)
    runtime.language = language
    out = io.StringIO()
    console = Console(runtime, stdin=io.StringIO(), stdout=out, interactive=False)
    runtime.step()
    if heard is not None:
        runtime.listeners.append(heard.append)
    start = len(out.getvalue())
    for line in lines:
        console.handle(line)
        runtime.step()
    return out.getvalue()[start:]


def translations(code: str) -> list[tuple[str, str]]:
    """Every (message id, translation) pair of the catalogue of language `code`; a plural message gives its
    singular id with each of its forms."""
    from babel.messages.pofile import read_po
    from kaleun.i18n import catalogue_path

    with open(catalogue_path(code), "rb") as fh:
        catalogue = read_po(fh, locale=code)
    found = []
    for message in catalogue:
        if not message.id:
            continue
        ids = message.id if isinstance(message.id, tuple | list) else (message.id,)
        strings = message.string if isinstance(message.string, tuple | list) else (message.string,)
        found += [(ids[0], text) for text in strings]
    return found


def console_played(language: str, lines: list[str]) -> tuple[str, str]:
    """What the console printed for `lines` typed at a table of that language (as `console_typed`), and the event
    log they gave (JSONL), to compare with another language's or another spelling's, byte for byte."""
    heard: list[Event] = []
    said = console_typed(language, *lines, heard=heard)
    log = io.StringIO()
    EventWriter(log).write(heard)
    return said, log.getvalue()
