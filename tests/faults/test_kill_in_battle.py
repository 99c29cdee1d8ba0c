"""Nothing lost, a crash loses at most a game minute in a battle: kill -9 in the middle of a convoy battle with many
feed events (orders, torpedoes, dives, time compression), then resume. The autosave and its journal as the kill left
them load to exactly the game an uninterrupted run of the same session script is in at that moment (the
feed's recent past included: the record copies an event's data when it happens and writes it only at
the first save that holds it), and from there the resumed game's event log is the uninterrupted run's,
byte for byte. The moments are seeded; `KALEUN_BATTLE_KILLS` sets how many (default 3)."""

from __future__ import annotations

import io
import json
import os
import random
import shutil
import signal
import sys
import time
from pathlib import Path

import pytest
from faultkit import Console
from kaleun.boards.loader import default_board
from kaleun.runtime.script import EventWriter, ScriptRun
from kaleun.saves import open_save
from kaleun.uboot.game import new_game

KILLS = int(os.environ.get("KALEUN_BATTLE_KILLS", "3"))
MISSION = "exercise_convoy_battle"
#: what a crew types in a convoy battle (every line makes feed events, most of them several)
BATTLE = ["time fast_forward", "time action", "mobilize", "place navigator-square 8", "place engineer-square 5",
          "observe", "flood 1,2,3", "target c1", "tdc c1 spread_deg=6", "fire 1,2,3", "dive", "surface",
          "depth 100", "telegraph half_ahead", "dial disc_bearing 40", "hydrophone", "status", "contacts",
          "order new_course course=200", "telegraph full_ahead", "time transit"]

if str(Path(__file__).resolve().parents[1] / "crew") not in sys.path:
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "crew"))


def _lines(events: list) -> list[str]:
    return [json.dumps(e.to_json(), ensure_ascii=False, sort_keys=True) for e in events]


def _state(game) -> str:
    """The game's state but the table's readings (a session script holds the commands, the journal the
    readings too: they are compared with the journal's last one)."""
    return json.dumps({k: v for k, v in game.to_state().items() if k != "table"}, sort_keys=True)


@pytest.mark.slow
def test_kill_9_in_a_battle_resumes_to_the_uninterrupted_game_and_its_event_log(tmp_path):
    from random_table import step

    rng = random.Random(97)
    figures = []
    for kill in range(KILLS):
        home = tmp_path / f"run{kill}"
        home.mkdir()
        seed = 40 + kill
        game = Console(home, "play", "--console", "--seed", str(seed), "--mission", MISSION)
        game.expect("> ")
        moment = time.monotonic() + rng.uniform(3.0, 8.0)
        while time.monotonic() < moment:
            game.send(rng.choice(BATTLE))
            game.read(rng.choice([0.02, 0.05, 0.2]))
        game.proc.send_signal(signal.SIGKILL)
        game.finish()
        left = tmp_path / f"left{kill}"  # the files as the kill left them
        left.mkdir()
        for name in ("autosave.json", "autosave.journal.jsonl"):
            shutil.copy(home / name, left / name)
        script = next((home / "sessions").glob("*.script.jsonl"))
        opened = open_save(left / "autosave.json")
        resumed = opened.engine
        assert not opened.notes, opened.notes
        # the uninterrupted run: the killed session's script (every command it applied up to the kill, the
        # journal has each before the script does) replayed to the moment the journal ends
        applied = [json.loads(line) for line in script.read_text().splitlines() if line.startswith("{")]
        journaled = [{"t": e.t, **e.command} for e in opened.entries if e.command is not None]
        if journaled and applied[max(0, len(applied) - len(journaled)):] != journaled:
            # killed between the journal's line and the script's: the script lacks the last command
            tail = applied[max(0, len(applied) - len(journaled) + 1):]
            assert tail == journaled[:-1], f"kill {kill}: the script and the journal part"
            applied.append(journaled[-1])
        written = tmp_path / f"script{kill}.jsonl"
        written.write_text(script.read_text().split("\n", 1)[0] + "\n"
                           + "".join(json.dumps(c) + "\n" for c in applied if c["t"] <= resumed.t))
        reference = new_game(seed, MISSION)
        log = io.StringIO()
        ScriptRun(reference, default_board(), EventWriter(log)).run(written, until=resumed.t)
        assert _state(resumed) == _state(reference), f"kill {kill}: the resume is another game than the run's"
        readings = [json.loads(line).get("table") for line in (left / "autosave.journal.jsonl").read_text().splitlines()
                    if line.startswith("{") and "table" in line]
        assert resumed.table_state == (readings[-1] if readings else {"telegraph": "stop", "language": "en"}), kill
        past = [e.to_json() for e in resumed.module("compression").record.past()]
        assert past == [e.to_json() for e in reference.module("compression").record.past()], kill
        # from here on, the same commands: the same event log, line for line
        a, b = random.Random(kill), random.Random(kill)
        resumed.take_events()
        reference.take_events()
        after_a: list[str] = []
        after_b: list[str] = []
        for _ in range(120):
            after_a += _lines(step(a, resumed))
            after_b += _lines(step(b, reference))
        assert after_a == after_b, f"kill {kill}: the resumed game's log parts from the run's"
        # and a real `kaleun resume` takes the files up
        over = open_save(left / "autosave.json").engine.module("mission").over  # the battle may have sunk the boat
        again = Console(home, "resume", "--console")
        again.send("quit")
        code = again.finish()
        assert (code, "that mission is over" in again.text) == ((2, True) if over else (0, False)), again.text
        figures.append((len(applied), len(past), len(after_a), "sunk" if over else "afloat"))
    print(f"\nkill -9 in a convoy battle, {KILLS} kills: (script lines applied, feed events kept, events compared "
          f"after the resume, the boat) {figures}")
