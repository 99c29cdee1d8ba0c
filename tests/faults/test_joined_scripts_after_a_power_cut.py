"""Same seed + same inputs => the same event log, over a whole evening of sessions: a game's session scripts joined
(`cat 1.script.jsonl 2.script.jsonl > whole.jsonl`) replay with `kaleun run` to the event log of the game as it
was played, also when a power cut cut session 1 short. The table journals a command before it writes its script
line, so a power cut can leave the script's last line cut off mid-write (or missing) while the resumed game holds
that command: `kaleun resume` completes the cut session's script from the journal first, so the joined replay is the
same as that of the scripts the evening would have left uncut. A session that closed is left byte for byte as it
was, and its join replays as before; the resumed session's script replayed alone is said to play another game."""

from __future__ import annotations

import re
import signal
from pathlib import Path

import pytest
from faultkit import Console, journal_lines, until
from kit import run_kaleun

TYPED = ["course 90", "telegraph half_ahead", "place navigator-square 8", "course 120"]
AFTER = ["course 45", "telegraph ahead_slow"]


def _script(home: Path, stem: str | None = None) -> Path:
    scripts = sorted((home / "sessions").glob("*.script.jsonl"), key=lambda p: p.stat().st_mtime_ns)
    return scripts[-1] if stem is None else next(p for p in scripts if p.name.startswith(stem))


def _commands(path: Path) -> list[bytes]:
    return [line for line in path.read_bytes().splitlines() if line.startswith(b"{")]


def _session_one(home: Path, killed: bool) -> Path:
    """A console session of a training patrol, killed -9 after its last command (as a power cut) or quit."""
    game = Console(home, "play", "--console", "--seed", "5")
    game.expect("> ")
    game.send("time transit")
    for line in TYPED:
        game.send(line)
    script = _script(home)
    until(lambda: len(_commands(script)) == len(TYPED) + 1, "every command in the script")
    until(lambda: sum("command" in line for line in journal_lines(home)) >= len(TYPED) + 1,
          "every command in the journal")
    if killed:
        game.proc.send_signal(signal.SIGKILL)
    else:
        game.send("quit")
    game.finish()
    return script


def _session_two(home: Path, *resume: str) -> Path:
    """`kaleun resume` (or `resume`), two commands, quit: its script."""
    before = set((home / "sessions").glob("*.script.jsonl"))
    game = Console(home, *(resume or ("resume", "--console")))
    game.expect("> ")
    for line in AFTER:
        game.send(line)
    game.send("quit")
    assert game.finish() == 0, game.text
    (script,) = set((home / "sessions").glob("*.script.jsonl")) - before
    return script


def _replay(home: Path, name: str, *scripts: bytes) -> tuple[int, str, bytes]:
    """The scripts joined as `cat` joins them, replayed with the `kaleun run` their first line names and the
    `--until` the last one ends with."""
    whole = home / name
    whole.write_bytes(b"".join(scripts))
    args = re.match(rb"# Kaleun session: replay with kaleun run (.*?)(?: \(resumed|\n)", scripts[0])
    until_t = re.findall(rb"kaleun run --until (\S+) replays", scripts[-1])
    assert args is not None and until_t, scripts
    events = home / f"{name}.events.jsonl"
    done = run_kaleun("run", *args.group(1).decode().split(), "--until", until_t[-1].decode(), "--script",
                      str(whole), "--events", str(events), home=home)
    return done.returncode, done.stderr, events.read_bytes() if events.exists() else b""


@pytest.mark.slow
@pytest.mark.parametrize(("cut", "resume"), [("mid_line", "resume"), ("line_end_only", "resume"),
                                           ("whole_line", "resume"), ("mid_line", "play --continue")])
def test_joined_scripts_of_a_session_cut_by_a_power_cut_replay_the_evening(tmp_path, cut, resume):
    home = tmp_path / "home"
    home.mkdir()
    one = _session_one(home, killed=True)
    uncut = one.read_bytes()
    assert uncut.endswith(b"\n") and b"ran on to" not in uncut, uncut
    last = uncut.rstrip(b"\n").rfind(b"\n") + 1  # where the last command's line begins
    assert uncut[last:].startswith(b'{"t": '), uncut
    # what a power cut leaves: the line cut inside, cut before its line end, or never written (the journal has it)
    left = {"mid_line": uncut[:last + 12], "line_end_only": uncut[:-1], "whole_line": uncut[:last]}[cut]
    one.write_bytes(left)
    two = _session_two(home, *resume.split(), "--console")
    completed = one.read_bytes()
    assert completed.startswith(uncut), completed
    assert completed[len(uncut):].startswith(b"# Kaleun session: a crash cut this session short"), completed
    code, err, joined = _replay(home, "whole.jsonl", completed, two.read_bytes())
    assert code == 0, err
    assert "cut off" not in err, err
    code, err, evening = _replay(home, "evening.jsonl", uncut, two.read_bytes())  # the scripts never cut
    assert code == 0, err
    assert joined == evening
    assert joined.count(b"\n") > 10


@pytest.mark.slow
def test_joined_scripts_of_sessions_that_closed_replay_byte_for_byte(tmp_path):
    home = tmp_path / "home"
    home.mkdir()
    one = _session_one(home, killed=False)
    first = one.read_bytes()
    events_one = _script(home).with_name(one.name.replace(".script.", ".events.")).read_bytes()
    two = _session_two(home)
    assert one.read_bytes() == first  # a closed session's script is left as it was
    code, err, joined = _replay(home, "whole.jsonl", first, two.read_bytes())
    assert code == 0, err
    assert "replayed alone" not in err, err
    # the resumed session's script alone plays its lines on another game: the run says so, naming the file's line 1
    code, err, _ = _replay(home, "alone.jsonl", two.read_bytes())
    said = [line for line in err.splitlines() if "replayed alone" in line]
    assert len(said) == 1 and f"{home / 'alone.jsonl'}:1: this session's script continues a game resumed at t=" in \
        said[0] and "earlier sessions before it" in said[0], err
    assert joined.startswith(events_one.rstrip(b"\n").rsplit(b"\n", 1)[0]), "the first session's events differ"


@pytest.mark.slow
def test_scripts_joined_with_a_cut_line_no_resume_completed_are_refused_saying_so(tmp_path):
    """A session's script cut by a power cut and never completed (the game resumed by a Kaleun before this one, or
    the script copied away before the resume), joined with the next one: the cut line runs into the next session's
    first line, and the refusal at that line says so and what to do."""
    home = tmp_path / "home"
    home.mkdir()
    one = _session_one(home, killed=True)
    two = _session_two(home)
    cut = one.read_bytes()
    number = cut.count(b"\n")  # the last command's line: cut, it runs into the next script's first line
    cut = cut[:cut.rstrip(b"\n").rfind(b"\n") + 12]
    code, err, _ = _replay(home, "whole.jsonl", cut, two.read_bytes())
    assert code == 2, err
    said = err.splitlines()[0]
    assert said.startswith(f"{home / 'whole.jsonl'}:{number}: a session's last line, cut off mid-write"), err
    assert "runs into the next session's first line" in said and "delete the cut-off part" in said, err
