"""Same seed + same inputs => the same event log: a power cut at the table (a Pi unplugged) can leave the session's
script with its last line cut off mid-write, which a kill -9 never does. Such a script replays up to that line: the
run says in one line, naming the file and the line, that the last line was cut off and skipped, exits 0, and writes
the event log of the lines before it. A cut line in the middle of a script, or at the end of a hand-written one,
stays refused at its line (`FILE:LINE: problem`, exit 2)."""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest
from kaleun.boards.loader import default_board
from kaleun.uboot.game import new_game
from kaleun.ui.console import Console
from kaleun.ui.session import make_runtime
from kit import FakeClock, run_kaleun

TYPED = ["place navigator-square 8", "observe", "time transit", "place engineer-square 5", "course 90",
         "telegraph half_ahead", "place officer-circle 2"]


@pytest.fixture(scope="module")
def session(tmp_path_factory: pytest.TempPathFactory) -> tuple[bytes, str]:
    """A training patrol's session at the console on a fake wall clock: its script's bytes and the replay arguments
    of its first line."""
    home = tmp_path_factory.mktemp("home")
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("KALEUN_HOME", str(home))
        clock = FakeClock(0.0)
        runtime = make_runtime(new_game(3, "training"), default_board(), keep_previous=True)
        runtime.clock = runtime.table.clock = clock
        runtime.rest()
        console = Console(runtime, stdin=io.StringIO(), stdout=io.StringIO(), interactive=False)
        try:
            for line in TYPED:
                runtime.step()
                console.handle(line)
                runtime.step()
                clock.now += 30.0
            runtime.step()
        finally:
            runtime.close()
    script = next((home / "sessions").glob("*.script.jsonl")).read_bytes()
    header = re.match(rb"# Kaleun session: replay with kaleun run (.*)\n", script)
    assert header is not None, script[:200]
    return script, header.group(1).decode()


def _command_lines(script: bytes) -> list[tuple[int, int]]:
    """(start, end) byte offsets of the script's command lines (not its # lines), end past the line end."""
    spans, at = [], 0
    for line in script.splitlines(keepends=True):
        if not line.startswith(b"#"):
            spans.append((at, at + len(line)))
        at += len(line)
    return spans


def _run(home: Path, args: str, script: bytes, name: str) -> tuple[int, str, bytes]:
    path = home / name
    path.write_bytes(script)
    events = home / f"{name}.events.jsonl"
    done = run_kaleun("run", *args.split(), "--script", str(path), "--events", str(events), home=home)
    return done.returncode, done.stderr, events.read_bytes() if events.exists() else b""


def test_a_session_script_cut_in_its_last_line_replays_the_lines_before_it(session, tmp_path):
    script, args = session
    spans = _command_lines(script)
    assert len(spans) >= 5, script.decode()
    start, end = spans[-1]
    last = script.count(b"\n", 0, start) + 1  # the cut line's number
    code, err, whole_lines = _run(tmp_path, args, script[:start], "lines_before.jsonl")
    assert code == 0, err
    assert whole_lines.count(b"\n") > 3
    for cut in sorted({start + 1, start + 9, (start + end) // 2, end - 2}):  # never its line end: that line is whole
        code, err, events = _run(tmp_path, args, script[:cut], f"cut{cut}.jsonl")
        assert code == 0, f"cut at {cut}: {err}"
        said = [line for line in err.splitlines() if "cut off" in line]
        assert len(said) == 1 and f"cut{cut}.jsonl:{last}:" in said[0] and "skipped" in said[0], err
        assert events == whole_lines, f"cut at {cut} of {script[start:end]!r}: another event log"


def test_a_session_script_cut_inside_its_first_line_is_an_empty_session(session, tmp_path):
    script, args = session
    first = script.index(b"\n")
    code, err, events = _run(tmp_path, args, script[:first // 2] + "ü".encode()[:1], "cut_header.jsonl")
    assert code == 0, err
    assert "cut_header.jsonl:1:" in err and "cut off" in err
    code, err, fresh = _run(tmp_path, args, script[:first + 1], "header_only.jsonl")
    assert code == 0, err
    assert events == fresh


def test_a_session_script_cut_in_a_middle_line_is_refused_at_that_line(session, tmp_path):
    script, args = session
    spans = _command_lines(script)
    start, end = spans[2]
    number = script.count(b"\n", 0, start) + 1
    middle = script[:(start + end) // 2] + script[end - 1:]  # the line cut, the next line's text on after it
    code, err, _ = _run(tmp_path, args, middle, "middle.jsonl")
    assert code == 2, err
    assert err.splitlines()[0].startswith(f"{tmp_path / 'middle.jsonl'}:{number}: not valid JSON"), err


def test_a_hand_written_script_cut_in_its_last_line_is_refused_at_that_line(session, tmp_path):
    script, args = session
    start, end = _command_lines(script)[-1]
    number = script.count(b"\n", 0, start) + 1
    hand = script[:(start + end) // 2].replace(b"# Kaleun session:", b"# my own script:", 1)
    code, err, _ = _run(tmp_path, args, hand, "hand.jsonl")
    assert code == 2, err
    assert err.splitlines()[0].startswith(f"{tmp_path / 'hand.jsonl'}:{number}: not valid JSON"), err
