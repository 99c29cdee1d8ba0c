"""Once a mission is over (rulebook §4.1: the game is over) the clock stands in a table script as it does at the
table: `kaleun run` lets no bell ring, no watch change and no weather come after the end, lines after it are
performed at the end's moment (orders and time compression refused with a reason) and `--until` runs no further;
the game up to its end is the same, byte for byte."""

from __future__ import annotations

import json
from pathlib import Path

from kaleun.saves import load_saved_game
from kit import read_events, run_kaleun, write_script

SCRIPTS = Path(__file__).resolve().parent / "scripts"
END_T = 144000  # agents_1941's 40 hours run out on the passage home: won (the worked example)


def script_lines() -> list[dict]:
    """The worked example's script without its `end` line."""
    lines = [json.loads(x) for x in (SCRIPTS / "worked_example.jsonl").read_text(encoding="utf-8").splitlines()]
    return [line for line in lines if line["do"] != "end"]


def test_4_1_after_the_end_no_bell_watch_or_weather_and_every_line_is_refused_at_the_ends_moment(home):
    after = [{"t": 160000, "do": "order", "order": "new_speed", "speed": "half_ahead"},
             {"t": 165000, "do": "ui", "action": "time_compression", "mode": "transit"},
             {"t": 170000, "do": "report"}]
    script = write_script(home / "on.jsonl", [*script_lines(), *after])
    out, save = home / "on.events.jsonl", home / "on.save.json"
    result = run_kaleun("run", "--mission", "agents_1941", "--seed", "0", "--script", str(script), "--events",
                        str(out), "--until", "250000", "--save", str(save), home=home)
    assert result.returncode == 0, result.stderr
    assert f"(game time {END_T} s)" in result.stderr
    # the terminal says so too, not only the events file: the run stopped short of --until for a reason
    assert (f"The game was over at game time {END_T} s: its clock stood there, and what the script or --until "
            "timed later (up to 250000 s) ran at that moment.") in result.stderr
    events = read_events(out)
    end = next(i for i, e in enumerate(events) if e["event"] == "mission_end")
    assert (events[end]["t"], events[end]["result"]) == (END_T, "won")
    later = events[end + 1:]
    assert all(e["t"] == END_T and e["clock"] == events[end]["clock"] for e in later), later
    assert not [e for e in later if e["event"] in ("bell", "watch_change", "weather", "daylight", "speed_reached")]
    rejected = [e for e in later if e["event"] == "order_rejected"]
    assert [(e["order"], e["reason"]) for e in rejected] == [("new_speed", "the mission is over")]
    assert rejected[0]["feed"] == "New speed refused: the mission is over."
    refused = [e for e in later if e["event"] == "action_refused"]
    assert [e["feed"] for e in refused] == ["Time compression refused: the mission is over, the clock stands."]
    report = [e for e in later if e["event"] == "report"]
    assert len(report) == 1 and report[0]["mission"]["result"] == "won"
    saved = load_saved_game(save)
    assert saved.t == END_T and saved.module("mission").over

    # the game up to its end is the run with the worked example's own `end` line at the end's moment
    plain = home / "plain.events.jsonl"
    result = run_kaleun("run", "--mission", "agents_1941", "--seed", "0", "--script",
                        str(SCRIPTS / "worked_example.jsonl"), "--events", str(plain), home=home)
    assert result.returncode == 0, result.stderr
    assert "clock stood" not in result.stderr  # its `end` line asks for nothing after the end
    shown = plain.read_text(encoding="utf-8").splitlines()
    assert out.read_text(encoding="utf-8").splitlines()[:len(shown)] == shown
    assert len(shown) == end + 2  # the end and the clock standing at pause


def test_4_1_a_save_of_an_ended_mission_run_on_stays_at_its_end(home):
    """`kaleun run --load` of a mission that is over: the clock stands from the first line; --until too."""
    script = write_script(home / "end.jsonl", script_lines())
    save = home / "ended.json"
    result = run_kaleun("run", "--mission", "agents_1941", "--seed", "0", "--script", str(script), "--events",
                        str(home / "a.jsonl"), "--until", str(END_T + 60), "--save", str(save), home=home)
    assert result.returncode == 0, result.stderr
    more = write_script(home / "more.jsonl", [{"t": 200000, "do": "report"}])
    out = home / "b.jsonl"
    result = run_kaleun("run", "--load", str(save), "--script", str(more), "--events", str(out), "--until", "300000",
                        home=home)
    assert result.returncode == 0, result.stderr
    assert [(e["t"], e["event"]) for e in read_events(out)] == [(END_T, "report")]
    assert f"over at game time {END_T} s: its clock stood there" in result.stderr
    assert "(up to 300000 s)" in result.stderr
