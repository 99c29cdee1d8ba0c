"""The attack end to end through the table-script interface (host/README.md, "The attack": the worked
example): a surfaced night attack on the convoy battle exercise that sinks a ship, every order
carried out by the crew standing where the rules want it."""

from __future__ import annotations

import io
import json
from pathlib import Path

from kaleun.boards.loader import default_board
from kaleun.runtime.script import EventWriter, ScriptRun
from kaleun.uboot.game import new_game

SCRIPT = Path(__file__).parent / "scripts" / "night_attack.jsonl"


def _run(script: Path = SCRIPT, game=None) -> list[dict]:
    game = game if game is not None else new_game(0, "exercise_convoy_battle")
    out = io.StringIO()
    ScriptRun(game, default_board(), EventWriter(out)).run(script)
    return [json.loads(line) for line in out.getvalue().splitlines()]


def test_the_night_attack_sinks_a_ship_with_the_crew_at_its_stations():
    events = _run()
    names = [e["event"] for e in events]
    assert "order_rejected" not in names and "crew_warning" not in names and "sailor_killed" not in names
    accepted = [e["order"] for e in events if e["event"] == "order_accepted"]
    assert accepted[:6] == ["mobilize", "observe", "flood_tubes", "tdc", "fire_torpedoes", "mobilize"]
    salvo = next(e for e in events if e["event"] == "salvo")
    assert salvo["tubes"] == [1, 2, 3]
    hit = next(e for e in events if e["event"] == "torpedo_hit")
    sunk = next(e for e in events if e["event"] == "ship_sunk")
    assert sunk["vessel"] == hit["vessel"] and sunk["grt"] > 0 and sunk["cause"] == "torpedo"
    assert any(e["event"] == "depth_charges" for e in events if e["t"] > sunk["t"])  # the escorts answer
    assert not any(e["event"] == "mission_end" for e in events)  # deep in time


def test_the_night_attack_replays_byte_for_byte():
    assert _run() == _run()


def test_12_a_ship_struck_as_its_convoy_turns_away_stops_on_its_own_heading(tmp_path):
    """The first hit turns the convoy away (to 045); the tramp struck on 120 lies stopped on 120 — its hull
    does not swing round with the convoy — so the other two torpedoes of the fan cross its track ahead
    of it and say so."""
    game = new_game(0, "exercise_convoy_battle")
    lines = SCRIPT.read_text(encoding="utf-8").splitlines()
    short = tmp_path / "until_600.jsonl"  # the same attack, stopped while the tramp is going down
    short.write_text("\n".join([*lines[:-1], '{"t": 600, "do": "end"}']) + "\n", encoding="utf-8")
    events = _run(short, game)
    hit = next(e for e in events if e["event"] == "torpedo_hit")
    alarm = next(e for e in events if e["event"] == "convoy_alarm")
    sea = game.module("sea")
    course, speed = sea.vmotion(sea.vessels[hit["vessel"]])
    assert (round(course), speed) == (120, 0.0) and alarm["course"] == 45
    misses = [e for e in _run() if e["event"] == "torpedo_miss"]
    assert [m["tube"] for m in misses] == [3, 2]
    assert all(m["side"] == "ahead" and m["passed_m"] > 0 for m in misses)


def test_12_the_feed_says_each_torpedos_run_in_whole_seconds():
    """§12 the run time and result in the feed ("Torpedo 3: hit after 74 s"): whole seconds as a crew counts them,
    while the event's run_s keeps its tenths (364.5 s is said 365 s, as a reader of the event rounds it)."""
    results = [e for e in _run() if e["event"] in ("torpedo_hit", "torpedo_miss")]
    assert [(e["tube"], e["run_s"]) for e in results] == [(1, 202.4), (3, 324.0), (2, 364.5)]
    assert [e["feed"] for e in results] == ["Torpedo 1 (tube 1): hit after 202 s!",
                                           "Torpedo 3 (tube 3): missed; its run ended after 324 s.",
                                           "Torpedo 2 (tube 2): missed; its run ended after 365 s."]
