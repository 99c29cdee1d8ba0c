"""host/README.md, "Running": each session writes a replayable table script whose first line says how to replay it.
A session of a resumed game holds only that sitting's lines: its first line says so and what to put before it, and
done as it says (the earlier scripts, then this one, through the `kaleun run` it names) the replay gives the
sittings' event logs one after the other, byte for byte (same seed + same inputs => the same event log)."""

from __future__ import annotations

import re
import subprocess
import sys

from kit import kaleun_env, run_kaleun, write_script


def test_a_resumed_sessions_script_says_what_goes_before_it_and_replays_the_whole_game(tmp_path):
    first = write_script(tmp_path / "first.jsonl", [
        {"t": 0, "do": "order", "order": "mobilize"},
        {"t": 2, "do": "place", "figure": "navigator-square", "section": 8},
        {"t": 4, "do": "order", "order": "observe"},
        {"t": 10, "do": "order", "order": "new_speed", "speed": "half_ahead"},
        {"t": 600, "do": "report"}])
    ran = run_kaleun("run", "--seed", "7", "--mission", "exercise_convoy", "--script", str(first), "--events",
                     str(tmp_path / "first.events.jsonl"), "--save", str(tmp_path / "part1.json"), home=tmp_path)
    assert ran.returncode == 0, ran.stderr
    sitting = subprocess.run([sys.executable, "-m", "kaleun", "resume", "--save", str(tmp_path / "part1.json"),
                              "--console"], input="course 180\nspeed full\nquit\n", capture_output=True, text=True,
                             env=kaleun_env(tmp_path), timeout=120, cwd=tmp_path)
    assert sitting.returncode == 0, sitting.stderr
    [script] = sorted((tmp_path / "sessions").glob("*.script.jsonl"))
    lines = script.read_text(encoding="utf-8").splitlines(keepends=True)
    header = re.fullmatch(r"# Kaleun session: replay with kaleun run (.*) \(resumed at t=600(?:\.0)?: put the scripts "
                          r"of this game's earlier sessions before this one, in order\)\n", lines[0])
    assert header, lines[0]
    assert len(lines) == 4  # this sitting's two orders only, and how far the game ran after them
    until = re.fullmatch(r"# Kaleun session: the game ran on to t=(\S+): kaleun run --until (\S+) replays its "
                         r"events after the last line too\n", lines[-1])
    assert until and float(until.group(2)) >= 600, lines[-1]
    whole = tmp_path / "whole.jsonl"
    whole.write_text(first.read_text(encoding="utf-8") + "".join(lines), encoding="utf-8")
    replay = run_kaleun("run", *header.group(1).split(), "--until", until.group(2), "--script", str(whole), "--events",
                        str(tmp_path / "whole.events.jsonl"), home=tmp_path)
    assert replay.returncode == 0, replay.stderr
    played = (tmp_path / "first.events.jsonl").read_bytes() + script.with_name(
        script.name.replace(".script.jsonl", ".events.jsonl")).read_bytes()
    assert (tmp_path / "whole.events.jsonl").read_bytes() == played
