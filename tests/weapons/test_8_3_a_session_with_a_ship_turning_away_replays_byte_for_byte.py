"""§8.3 and host/README.md, "Running": same seed + same inputs => the same event log. A console session in which a
lone tramp sights the surfaced boat and turns away, seen by the lookouts (`ship_turning_away`), with an order checked
first (the preview's reason changes nothing and is no line of the script), the diesels burning fuel at slow ahead
towards her and the time compressed: its session script, replayed by the `kaleun run` its first line names with the
`--until` its last line names, gives the session's event log byte for byte."""

from __future__ import annotations

import io
import re
import shlex

from kaleun.boards.loader import default_board
from kaleun.uboot.game import new_game
from kaleun.ui.console import Console
from kaleun.ui.session import make_runtime
from kit import FakeClock, run_kaleun

#: a tramp about 9 km off to the east, steering for the boat at 7.5 kn, by day in clear weather; the boat surfaced
TRAMP = {"class": "tramp", "bearing": 90, "range_nm": 4.9, "course": 270, "speed_kn": 7.5}
SETUP = {"surfaced": True, "course": 0, "start": "1942-06-20T12:00:00", "crew_rules": "advise", "wear": False,
         "weather": "clear", "weather_hold": True}


def test_8_3_a_session_with_a_ship_turning_away_replays_its_event_log_byte_for_byte(home):
    game = new_game(4, "training", {**SETUP, "vessel": [TRAMP]})
    clock = FakeClock(0.0)
    runtime = make_runtime(game, default_board(), keep_previous=True)
    runtime.clock = runtime.table.clock = clock
    runtime.rest()
    out = io.StringIO()
    console = Console(runtime, stdin=io.StringIO(), stdout=out, interactive=False)
    for line in ("mobilize", "place navigator-square 8", "place navigator-triangle 8", "observe",
                 "check fire_torpedoes tubes=1", "speed slow", "course 90", "time action"):
        console.handle(line)
        runtime.step()
        clock.now += 0.5
        runtime.step()
    assert "would be refused: no TDC solution" in out.getvalue() and "tube 1 is not flooded" in out.getvalue()
    events = next((home / "sessions").glob("*.events.jsonl"))
    for _ in range(600):
        clock.now += 5.0
        runtime.step()
        if b'"ship_turning_away"' in events.read_bytes():
            break
    clock.now += 30.0
    runtime.step()
    runtime.close()
    played = events.read_bytes()
    assert b'"ship_turning_away"' in played and b'"fire_torpedoes"' not in played
    script = next((home / "sessions").glob("*.script.jsonl"))
    header, *lines, last = script.read_text(encoding="utf-8").splitlines()
    assert all('"fire_torpedoes"' not in line for line in lines)  # the preview is no line of the script
    until = re.fullmatch(r"# Kaleun session: the game ran on to t=(\S+): kaleun run --until (\S+) replays its "
                         r"events after the last line too", last)
    assert until, last
    args = shlex.split(header.removeprefix("# Kaleun session: replay with kaleun run "))
    replay = run_kaleun("run", *args, "--until", until.group(2), "--script", str(script), "--events",
                        str(home / "replay.events.jsonl"), home=home)
    assert replay.returncode == 0, replay.stderr
    assert (home / "replay.events.jsonl").read_bytes() == played
