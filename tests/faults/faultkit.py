"""Helpers of the fault-injection tests: saves to damage, a console process to kill."""

from __future__ import annotations

import json
import os
import random
import re
import select
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from kaleun.core.engine import Engine
from kaleun.core.errors import SaveError
from kaleun.uboot.game import new_game
from kit import kaleun_env

GUARD_S = 60  # failure guard only

#: the games whose saves are damaged: a quiet training patrol, a convoy battle, an escort hunt
MISSIONS = ("training", "exercise_convoy_battle", "exercise_escort")


def played(mission: str, seed: int, steps: int = 60) -> Engine:
    """A game some random table commands into its mission (crew, damage, time passing)."""
    crew_tests = str(Path(__file__).resolve().parents[1] / "crew")
    if crew_tests not in sys.path:
        sys.path.insert(0, crew_tests)
    from random_table import step

    rng = random.Random(seed)
    game = new_game(seed, mission)
    for _ in range(steps):
        step(rng, game)
    return game


# -- damaging a save ----------------------------------------------------------------------------------
def _paths(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [path]
    if isinstance(value, dict):
        for key, item in value.items():
            out += _paths(item, (*path, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            out += _paths(item, (*path, index))
    return out


def _get(value: Any, path: tuple[Any, ...]) -> Any:
    for part in path:
        value = value[part]
    return value


def _set(value: Any, path: tuple[Any, ...], new: Any) -> None:
    _get(value, path[:-1])[path[-1]] = new


OTHER_TYPES: list[Any] = ["x", "v99", 7, -1, 0.5, True, None, [], {}, [1, 2], {"a": 1}]
HUGE: list[Any] = [1e308, -1e308, 10**400, -(10**400), 2**63, 1e-320, 10**25]


def damage(text: str, rng: random.Random, within: tuple[Any, ...] = ()) -> tuple[str, str]:
    """One damaged copy of a save's text and what was done to it; `within` aims the changes to the state's values
    at one place (a path of keys, e.g. ("modules", "crew", "breaches"))."""
    kind = rng.choice(["truncate", "type", "type", "huge", "nest", "delete", "extra", "list", "number", "text",
                       "inf", "bytes"])
    if kind == "truncate":
        cut = rng.randrange(len(text))
        return text[:cut], f"truncated at {cut} of {len(text)}"
    if kind == "inf":
        numbers = [m.start() for m in re.finditer(r"(?<=[:\[,])-?\d", text)]
        at = rng.choice(numbers)
        end = re.match(r"-?[\d.eE+-]+", text[at:])
        assert end is not None
        return text[:at] + rng.choice(["1e999", "-1e999", "NaN", "Infinity"]) + text[at + end.end():], f"1e999 at {at}"
    if kind == "bytes":
        at = rng.randrange(len(text))
        return text[:at] + rng.choice(["\x00", "\ufffd", "}", "]", '"', "\\"]) + text[at + 1:], f"byte at {at}"
    state = json.loads(text)
    paths = [p for p in _paths(state) if p]
    if within:
        paths = [p for p in paths if p[:len(within)] == within and len(p) > len(within)]
    elif rng.random() < 0.9:  # the random streams' 3,000 words would take most picks: aim at the rules' state
        paths = [p for p in paths if p[0] != "rng" or len(p) < 3]
    path = rng.choice(paths)
    old = _get(state, path)
    where = ".".join(map(str, path))
    if kind == "type":
        new = rng.choice([v for v in OTHER_TYPES if type(v) is not type(old)])
        _set(state, path, new)
    elif kind == "huge":
        _set(state, path, rng.choice(HUGE))
    elif kind == "nest":
        depth = rng.choice([50, 70, 200, 5000, 100_000])
        marker = "__NEST__"
        _set(state, path, marker)
        nested = "[" * depth + "]" * depth
        return json.dumps(state).replace(f'"{marker}"', nested, 1), f"nested {depth} deep at {where}"
    elif kind == "delete":
        parent = _get(state, path[:-1])
        del parent[path[-1]]
    elif kind == "extra":
        parent = _get(state, path[:-1])
        if isinstance(parent, dict):
            parent[rng.choice(["x", "extra", "v999", "1"])] = rng.choice(OTHER_TYPES)
        else:
            parent.append(rng.choice([*OTHER_TYPES, old]))
    elif kind == "list":
        parent = _get(state, path[:-1])
        if isinstance(parent, list) and parent:
            parent.insert(rng.randrange(len(parent) + 1), rng.choice(parent))
        elif isinstance(parent, dict) and parent:
            keys = list(parent)
            a, b = rng.choice(keys), rng.choice(keys)
            parent[a], parent[b] = parent[b], parent[a]
    elif kind == "number":
        if isinstance(old, int | float) and not isinstance(old, bool):
            _set(state, path, rng.choice([-old, old * 1000, old + 1, 0, -1, old / 7, 359.9, 1e9]))
        else:
            _set(state, path, rng.choice([0, -5, 99999]))
    elif kind == "text":
        if isinstance(old, str):
            _set(state, path, rng.choice(["", old + "x", old[::-1], "v1", "g9", "c1", "fire", "stop", "x" * 5000]))
        else:
            _set(state, path, "x")
    return json.dumps(state), f"{kind} at {where}"


# -- a console game in a process -----------------------------------------------------------------------
#: the ship's day and time as the English console writes them ("1 June 1941, 04:00:30")
WRITTEN = r"\d{1,2} [A-Z][a-z]+ \d{4}, \d\d:\d\d:\d\d"
CLOCK = re.compile(rf"({WRITTEN})  \w+ watch on duty")
RESUMED_AT = re.compile(rf"resuming .+? at ({WRITTEN})")


def default_stop_signals() -> None:
    """In the child before it runs: the stop signals as a terminal leaves them. A test run started
    as a background job inherits SIGINT ignored, and a signal sent before kaleun's first line would
    then be lost instead of ending the process."""
    for sig in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP):
        signal.signal(sig, signal.SIG_DFL)


class Console:
    """`kaleun ARGS` on pipes: lines typed in, what it prints read as it comes."""

    def __init__(self, home: Path, *args: str, env: dict[str, str] | None = None) -> None:
        self.proc = subprocess.Popen([sys.executable, "-m", "kaleun", *args], stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, stderr=subprocess.STDOUT, env=env or kaleun_env(home),
                                     cwd=home, preexec_fn=default_stop_signals)
        assert self.proc.stdout is not None
        os.set_blocking(self.proc.stdout.fileno(), False)
        self.text = ""

    def read(self, wait: float = 0.0) -> str:
        assert self.proc.stdout is not None
        ready, _, _ = select.select([self.proc.stdout], [], [], wait)
        if ready:
            chunk = self.proc.stdout.read()
            if chunk:
                self.text += chunk.decode(errors="replace")
        return self.text

    def expect(self, needle: str) -> None:
        """Wait until `needle` has been printed: searched in everything printed so far, not only since the last
        `expect` (a second `expect("> ")` returns at once)."""
        deadline = time.monotonic() + GUARD_S
        while needle not in self.read(0.1):
            if time.monotonic() > deadline or (self.proc.poll() is not None and needle not in self.read(0.1)):
                raise AssertionError(f"never saw {needle!r}; got:\n{self.text}")

    def send(self, line: str) -> None:
        assert self.proc.stdin is not None
        try:
            self.proc.stdin.write((line + "\n").encode())
            self.proc.stdin.flush()
        except BrokenPipeError:
            pass

    def clocks(self) -> list[str]:
        return CLOCK.findall(self.text)

    def expect_clock(self) -> None:
        """Send `status` and wait until the game has printed its clock: on a busy machine a kill timed from the
        prompt alone could land before the game answered anything, which measures nothing."""
        self.send("status")
        deadline = time.monotonic() + GUARD_S
        while not self.clocks():
            self.read(0.1)
            if time.monotonic() > deadline or (self.proc.poll() is not None and not self.clocks()):
                raise AssertionError(f"never saw the clock; got:\n{self.text}")

    def finish(self) -> int:
        """Wait for the process to end, reading what it prints meanwhile: a pipe left full would hold it in
        its next write (a console that has a screenful of answers to print before it can save and leave)."""
        deadline = time.monotonic() + GUARD_S
        while self.proc.poll() is None:
            if time.monotonic() > deadline:
                raise subprocess.TimeoutExpired(self.proc.args, GUARD_S)
            self.read(0.05)
        self.read(0.1)
        return self.proc.returncode


def until(condition: Callable[[], bool], what: str) -> None:
    """Wait until `condition()` holds (GUARD_S is a failure guard only): a test waits for what it
    needs to have happened, never for a number of seconds."""
    deadline = time.monotonic() + GUARD_S
    while not condition():
        assert time.monotonic() < deadline, f"never happened: {what}"
        time.sleep(0.02)


def journal_lines(home: Path) -> list[dict[str, Any]]:
    """The lines of the autosave's journal after its header (a torn last line left out)."""
    lines = []
    try:
        text = (home / "autosave.journal.jsonl").read_text(encoding="utf-8")
    except OSError:
        return []
    for line in text.splitlines()[1:]:
        try:
            lines.append(json.loads(line))
        except ValueError:
            break
    return lines


def seconds(clock: str, start: str = "1 June 1941, 04:00:00") -> float:
    """Game seconds from `start` to `clock`, both as the English console writes the ship's time."""
    from datetime import datetime

    def read(text: str) -> datetime:
        return datetime.strptime(text, "%d %B %Y, %H:%M:%S")

    return (read(clock) - read(start)).total_seconds()


def resumed_at(text: str) -> str:
    """The ship's time `kaleun resume` says it resumes at ("kaleun: resuming Training patrol at 1 June 1941,
    04:00:30")."""
    found = RESUMED_AT.search(text)
    assert found is not None, text
    return found.group(1)


def signal_while_loading(module: str, sig: int) -> str:
    """A `python -c` program that starts `kaleun play --console` and sends itself `sig` the moment `module`
    starts loading, before anything of it ran."""
    return f"""
import importlib.abc, os, runpy, signal, sys

class SignalWhileLoading(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path=None, target=None):
        if name == {module!r}:
            sys.meta_path.remove(self)
            os.kill(os.getpid(), {sig})
        return None

sys.meta_path.insert(0, SignalWhileLoading())
sys.argv = ["kaleun", "play", "--console"]
runpy.run_module("kaleun", run_name="__main__")
"""


def signal_during_a_wait(sig: int, wakes: int, *args: str) -> str:
    """A `python -c` program that runs `kaleun ARGS` and sends itself `sig` at the `wakes`th game step of a wait
    of a day or more (the console's `wait 3d`: the engine's time run on with a stop condition), so the signal is
    known to land while the wait runs, never before or after it."""
    return f"""
import os, runpy, sys
from kaleun.core.engine import Engine

original = Engine.advance_to

def advance_to(self, target, until=None):
    if until is None or target - self.t < 86400:
        return original(self, target, until)
    count = [0]

    def counted():
        count[0] += 1
        if count[0] == {wakes}:
            os.kill(os.getpid(), {sig})
        return until()

    return original(self, target, counted)

Engine.advance_to = advance_to
sys.argv = ["kaleun", *{list(args)!r}]
runpy.run_module("kaleun", run_name="__main__")
"""


def resumed_or_refused(path: Path, what: str, label: str, run_on: Callable[[Engine, random.Random], None],
                       seed: int, spare: Path) -> str | None:
    """Open a damaged save at `path` as a resume does. Refused: its message (one line naming the file) is returned
    and the file is left as it was. Loaded: it runs on (`run_on`, seeded with `seed`), is saved to `spare` and that
    loads again; None is returned. A crash, or a failure once loaded, fails the test naming the save (`label`)
    and its damage (`what`)."""
    from kaleun.core.errors import SaveError
    from kaleun.saves import open_save, save_game

    before = path.read_bytes()
    try:
        opened = open_save(path)
    except SaveError as exc:
        message = str(exc)
        assert message.startswith(f"{path}: ") and "\n" not in message, (what, message)
        assert path.read_bytes() == before, what  # refused and kept as it is
        return message
    except Exception as exc:  # the failure these tests exist for
        raise AssertionError(f"{label} ({what}) crashed the resume: {exc!r}") from exc
    try:
        run_on(opened.engine, random.Random(seed))
    except Exception as exc:
        raise AssertionError(f"{label} ({what}) loaded, then failed: {exc!r}") from exc
    save_game(opened.engine, spare)
    open_save(spare)  # what it writes back loads again
    return None


def refused_and_kept(path: Path, state: dict[str, Any], reason: str) -> None:
    """`state` written as the save at `path` is refused as it opens, with a reason matching the pattern `reason`,
    and the file is kept byte for byte."""
    from kaleun.saves import open_save

    path.write_text(json.dumps(state), encoding="utf-8")
    before = path.read_bytes()
    with pytest.raises(SaveError, match=reason):
        open_save(path)
    assert path.read_bytes() == before
