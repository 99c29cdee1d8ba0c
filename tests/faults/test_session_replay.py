"""Same seed + same inputs => the same event log, byte for byte, however the inputs came: a console
session of random lines (orders, hands on the table, time compression, the clock paused and run on,
refusals and junk) at a table speaking English, German or Russian, on a fake wall clock. Its session
script replayed by `kaleun run`'s ScriptRun gives its event log byte for byte, and the autosave with its
journal, copied at random moments as a kill -9 would leave them, resumes to exactly the game that was
being played. `KALEUN_REPLAY_SESSIONS` sets how many sessions (3 by default)."""

from __future__ import annotations

import io
import json
import os
import random
import shutil
from pathlib import Path

import pytest
from kaleun.boards.loader import default_board
from kaleun.journal import journal_path
from kaleun.paths import autosave_path
from kaleun.runtime.script import EventWriter, ScriptRun
from kaleun.saves import load_checked, open_save
from kaleun.uboot.game import new_game
from kaleun.ui.actions import ACTIONS
from kaleun.ui.console import CONSOLE, Console
from kaleun.ui.session import make_runtime
from kit import FakeClock

SESSIONS = int(os.environ.get("KALEUN_REPLAY_SESSIONS", "3"))
LINES = 250

#: lines a crew types in a convoy battle, besides every action's own example
BATTLE = ["time transit", "time fast_forward", "time action", "time real_time", "pause", "mobilize", "end_mobilize",
          "place navigator-square 8", "place navigator-triangle 8", "place engineer-square 5", "observe",
          "flood 1,2,3", "target c1", "tdc c1 spread_deg=6", "fire 1,2,3", "dive", "surface", "depth 100",
          "telegraph half_ahead", "turn telegraph 1", "dial disc_bearing 40", "home disc_bearing", "undo",
          "damage hull_breach section=4", "damage environmental condition=fire section=5", "repair breach=4",
          "weather storm", "weather overcast hold=true", "hydrophone", "status", "contacts", "weapons"]
JUNK = ["", "?", "{", '{"do": "order"}', "place x 9", "course 4OO", "observe count=9", "fire 1,,2", "ÄÖÜ", "курс 90",
        '{"do": "order", "order": "fire_torpedoes", "tubes": "x"}', "time warp", "ailment engineer-square injury=0"]


def _state(game) -> str:
    return json.dumps(game.to_state(), sort_keys=True)


@pytest.mark.slow
@pytest.mark.parametrize("n", range(SESSIONS))
def test_a_console_session_replays_and_resumes_byte_for_byte(home: Path, tmp_path: Path, n: int) -> None:
    rng = random.Random(n)
    language = ("en", "de", "ru")[n % 3]
    mission = ("exercise_convoy_battle", "sc_convoy_1940", "exercise_escort")[n % 3]
    clock = FakeClock(0.0)
    game = new_game(n, mission)
    runtime = make_runtime(game, default_board(), keep_previous=True)
    runtime.clock = runtime.table.clock = clock
    runtime.rest()
    runtime.language = language
    console = Console(runtime, stdin=io.StringIO(), stdout=io.StringIO(), interactive=False)
    runtime.step()
    # the exercise's end is typed last: typed at random it ended a practice piece a few lines in
    typed = [a.example for a in (*ACTIONS, *CONSOLE)
             if a.example and a.name not in ("quit", "save", "volume", "end_exercise")]
    kills = 0
    for i in range(LINES):
        roll = rng.random()
        console.handle(rng.choice(typed if roll < 0.4 else BATTLE if roll < 0.85 else JUNK))
        runtime.step()
        clock.now += rng.choice([0.0, 0.01, 0.5, 2.0, 8.0])
        runtime.step()
        assert runtime.failure is None, runtime.failure
        if i % 60 == 30:  # a kill -9 now: what the autosave and its journal hold resumes the crew's game
            runtime.autosave.settle()
            copy = tmp_path / f"kill{i}"
            copy.mkdir()
            for path in (autosave_path(), journal_path(autosave_path())):
                shutil.copy(path, copy / path.name)
            resumed = open_save(copy / autosave_path().name).engine
            resumed.advance_to(game.t)  # the journal's last clock mark may lie a moment behind
            # the game played on, brought to the same moment: a paused clock leaves the wakes due at its time
            # for its next step, which the resumed game's advance to that time has already run
            played_on = load_checked(game.to_state())
            played_on.advance_to(game.t)
            assert _state(resumed) == _state(played_on), f"session {n}: resumed at line {i} to another game"
            kills += 1
    console.handle("end_exercise")  # a practice piece ends here (its debrief in the log), a mission refuses it
    runtime.step()
    assert runtime.failure is None, runtime.failure
    ended = game.module("mission")
    assert ended.over if not ended.scored else ended.result != "ended"
    runtime.close()
    assert kills >= 3
    sessions = home / "sessions"
    script = next(sessions.glob("*.script.jsonl"))
    played = next(sessions.glob("*.events.jsonl")).read_bytes()
    out = io.StringIO()
    ScriptRun(new_game(n, mission), default_board(), EventWriter(out)).run(script, until=game.t)
    assert out.getvalue().encode() == played, f"session {n} ({mission}, {language}) replays to another log"
    assert played.count(b"\n") > 50
