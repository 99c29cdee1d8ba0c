"""Nothing lost: a long `kaleun run --until T --save F` (a table script advanced over many game hours) stopped by
SIGTERM, Ctrl-C or SIGHUP mid-way lost the events of the advance in progress (the events file held only the first
line) and wrote no save. It now stops after the wake the signal came in, writes every event up to there, saves the
game where it stood and says so (exit status 128 + the signal); `kaleun run --load` of that save goes on to the same
event log, byte for byte, as a run never stopped. A kill -9 keeps the events up to the last game hour advanced."""

from __future__ import annotations

import json
import re
import signal
from pathlib import Path

import pytest
from faultkit import Console, until
from kaleun.runtime.script import MAX_T, STEP_S
from kaleun.saves import open_save
from kit import read_events, run_kaleun, write_script

MISSION = "exercise_convoy_battle"
SIGNALS = (signal.SIGTERM, signal.SIGINT, signal.SIGHUP)


def written(path: Path) -> bytes:
    """The whole lines of an events file written so far (a line still being written, or torn by a kill, left out)."""
    try:
        text = path.read_bytes()
    except OSError:
        return b""
    return text[:text.rfind(b"\n") + 1]


def last_t(path: Path) -> float:
    """The game time of the last event written so far (-1 when none is)."""
    lines = written(path).splitlines()
    return float(json.loads(lines[-1])["t"]) if lines else -1.0


def long_run(home: Path, tmp_path: Path, *more: str) -> tuple[Console, Path]:
    """`kaleun run` of a script advanced to the longest game a script may describe, seen advancing: its events
    file holds the events of its first game hour and more."""
    script = write_script(tmp_path / "s.jsonl", [{"t": 10, "do": "report"}])
    events = tmp_path / "e.jsonl"
    run = Console(home, "run", "--mission", MISSION, "--seed", "3", "--script", str(script), "--events", str(events),
                  "--until", f"{MAX_T:.0f}", *more)
    until(lambda: last_t(events) > STEP_S, "the run advanced past its first game hour")
    return run, events


@pytest.mark.slow
@pytest.mark.parametrize("sig", SIGNALS, ids=lambda s: signal.Signals(s).name)
def test_a_run_stopped_mid_advance_saves_what_was_played_and_goes_on_to_the_same_events(home, tmp_path, sig):
    save = tmp_path / "stopped.json"
    run, events = long_run(home, tmp_path, "--save", str(save))
    run.proc.send_signal(sig)
    assert run.finish() == 128 + sig, run.text
    stopped = open_save(save).engine  # the save was written, and loads
    assert 0 < stopped.t < MAX_T, run.text
    name = signal.Signals(sig).name
    assert f"kaleun run: stopped by {name}" in run.text and f"at game time {stopped.t:.0f} s" in run.text, run.text
    assert f"the game is saved to {save}" in run.text and "Traceback" not in run.text, run.text
    played = read_events(events)
    assert len(played) > 1 and played[-1]["t"] <= round(stopped.t, 3)  # the advance in progress is in the file
    # going on from the save gives the events of a run never stopped, byte for byte
    on_to = f"{stopped.t + 2 * STEP_S:.0f}"
    rest = tmp_path / "rest.jsonl"
    nothing = write_script(tmp_path / "none.jsonl", ["# the clock only"])
    done = run_kaleun("run", "--load", str(save), "--script", str(nothing), "--events", str(rest), "--until", on_to,
                      home=home)
    assert done.returncode == 0, done.stderr
    whole = tmp_path / "whole.jsonl"
    ref = run_kaleun("run", "--mission", MISSION, "--seed", "3", "--script", str(tmp_path / "s.jsonl"), "--events",
                     str(whole), "--until", on_to, home=home)
    assert ref.returncode == 0, ref.stderr
    assert events.read_bytes() + rest.read_bytes() == whole.read_bytes()


@pytest.mark.slow
def test_a_run_stopped_without_save_says_where_its_events_are(home, tmp_path):
    run, events = long_run(home, tmp_path)
    run.proc.send_signal(signal.SIGTERM)
    assert run.finish() == 128 + signal.SIGTERM, run.text
    assert f"the events up to then are in {events} (with --save the game would have been saved too)" in run.text
    assert last_t(events) > STEP_S and written(events) == events.read_bytes()  # its advance, every line whole


@pytest.mark.slow
def test_a_run_killed_mid_advance_keeps_the_events_up_to_its_last_game_hour(home, tmp_path):
    run, events = long_run(home, tmp_path)
    until(lambda: last_t(events) > 24 * STEP_S, "the run wrote a game day of events")
    run.proc.kill()
    run.finish()
    kept = written(events)  # a line the kill tore is not one
    last = last_t(events)
    whole = tmp_path / "whole.jsonl"
    ref = run_kaleun("run", "--mission", MISSION, "--seed", "3", "--script", str(tmp_path / "s.jsonl"), "--events",
                     str(whole), "--until", f"{last + STEP_S:.0f}", home=home)
    assert ref.returncode == 0, ref.stderr
    assert whole.read_bytes().startswith(kept) and last > 24 * STEP_S


@pytest.mark.slow
def test_a_run_stopped_before_a_line_names_it_and_its_lines_from_there_go_on_to_the_same_events(home, tmp_path):
    days = [{"t": day * 86400, "do": "report"} for day in range(60)]
    script = write_script(tmp_path / "days.jsonl", days)
    events, save = tmp_path / "e.jsonl", tmp_path / "stopped.json"
    run = Console(home, "run", "--mission", MISSION, "--seed", "3", "--script", str(script), "--events", str(events),
                  "--save", str(save))
    until(lambda: last_t(events) > STEP_S, "the run advanced past its first game hour")
    run.proc.send_signal(signal.SIGTERM)
    assert run.finish() == 128 + signal.SIGTERM, run.text
    said = re.search(rf"before line (\d+) of {re.escape(str(script))} was played", run.text)
    assert said is not None, run.text
    line = int(said.group(1))
    assert 1 < line <= len(days) and days[line - 2]["t"] <= open_save(save).engine.t < days[line - 1]["t"]
    rest = write_script(tmp_path / "rest.jsonl", days[line - 1:])  # the lines not played yet
    on = tmp_path / "on.jsonl"
    done = run_kaleun("run", "--load", str(save), "--script", str(rest), "--events", str(on), home=home)
    assert done.returncode == 0, done.stderr
    whole = tmp_path / "whole.jsonl"
    ref = run_kaleun("run", "--mission", MISSION, "--seed", "3", "--script", str(script), "--events", str(whole),
                     home=home)
    assert ref.returncode == 0, ref.stderr
    assert events.read_bytes() + on.read_bytes() == whole.read_bytes()
