"""§3 (a figure stands in a section or is off the model; lifting one that is off it changes nothing): a session's
script written by an older Kaleun, at a table whose deck hub was unplugged more than once, holds each lift the hub
reported when it came back, and the hub's second report of the same lift too (that Kaleun recorded every lift the hub
told of; the game changed nothing for the second). Since table scripts refuse a lift of a figure off the model, such
a script stopped on replay at the second hub lift line (`FILE:LINE: lift: ... is not on the model`). A script the
table recorded (its first line is the session's `# Kaleun session: replay with ...`) replays such a line as the game
played it: it changes nothing, and the replay gives the session's event log byte for byte. A hand-written script
lifting a figure twice is still refused at its line."""

from __future__ import annotations

import json
import re
from pathlib import Path

from faultkit import until
from kaleun.boards.loader import load_board
from kaleun.uboot.game import new_game
from kaleun.ui.session import make_runtime
from kit import BOARDS, FakeClock, run_kaleun, write_script

LIFTED = ("engineer-square", "officer-circle")  # one figure taken off the table each time the hub is out


def a_session_with_two_hub_lifts(home: Path) -> tuple[Path, Path]:
    """A training patrol at the fake deck hub's table: its figures' tags put on the readers, the hub unplugged twice,
    a figure lifted off its reader each time while the cable is out, the hub plugged back (it tells of the lift).
    Returns the session's script and event log."""
    game = new_game(3, "training")
    runtime = make_runtime(game, load_board(BOARDS / "fake-hub.toml"), keep_previous=True)
    clock = FakeClock(0.0)
    runtime.clock = runtime.table.clock = clock
    runtime.rest()
    sensor = runtime.table.sensor
    fake = sensor.fake
    where = game.module("figures").where
    hub = game.module("table_link")

    def played_until(condition, what: str) -> None:
        def step() -> bool:
            clock.now += 0.05
            runtime.step()
            return bool(condition())
        until(step, what)

    try:
        played_until(lambda: hub.hub == "online", "the hub online")
        for figure in LIFTED:
            fake.place_tag(sensor.uid_of(figure), where[figure])
        played_until(lambda: all(sensor.reported.get(f) == where[f] for f in LIFTED), "the figures' tags seen")
        for figure in LIFTED:
            fake.unplug()
            played_until(lambda: hub.hub == "offline", "the hub offline")
            fake.lift_tag(sensor.uid_of(figure))
            fake.plug()
            played_until(lambda f=figure: hub.hub == "online" and where[f] is None, f"{figure} lifted")
        clock.now += 1.0
        runtime.step()
    finally:
        runtime.close()
    sessions = home / "sessions"
    return next(sessions.glob("*.script.jsonl")), next(sessions.glob("*.events.jsonl"))


def as_an_older_kaleun_wrote_it(script: Path, out: Path) -> Path:
    """The session's script as an older Kaleun recorded it: each lift the hub told of when it came back, twice."""
    lines = []
    for line in script.read_text(encoding="utf-8").splitlines():
        lines.append(line)
        if not line.startswith("#") and json.loads(line)["do"] == "lift":
            lines.append(line)
    out.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return out


def test_3_an_older_session_script_with_two_hub_lifts_replays_to_its_event_log(home, tmp_path):
    script, played = a_session_with_two_hub_lifts(home)
    old = as_an_older_kaleun_wrote_it(script, tmp_path / "old.script.jsonl")
    text = old.read_text(encoding="utf-8")
    assert [json.loads(line)["figure"] for line in text.splitlines()
            if not line.startswith("#") and json.loads(line)["do"] == "lift"] == [LIFTED[0]] * 2 + [LIFTED[1]] * 2
    header = re.match(r"# Kaleun session: replay with kaleun run (.*)\n", text)
    ran_on = re.search(r"kaleun run --until (\S+) replays", text)
    assert header is not None and ran_on is not None, text
    out = tmp_path / "replayed.jsonl"
    done = run_kaleun("run", *header.group(1).split(), "--script", str(old), "--events", str(out), "--until",
                      ran_on.group(1), home=tmp_path)
    assert done.returncode == 0, done.stderr
    assert out.read_bytes() == played.read_bytes()


def test_3_a_hand_written_script_lifting_a_figure_twice_is_still_refused_at_its_line(tmp_path):
    script = write_script(tmp_path / "s.jsonl", [
        {"t": 5, "do": "lift", "figure": "engineer-square"},
        {"t": 6, "do": "lift", "figure": "engineer-square"}])
    done = run_kaleun("run", "--script", str(script), "--events", str(tmp_path / "e.jsonl"), home=tmp_path)
    assert done.returncode == 2
    assert done.stderr.strip().splitlines()[0] == f"{script}:2: lift: square engineer is not on the model"
