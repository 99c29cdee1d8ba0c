"""§3 (the figures stand in the boat's sections, or are off the model): a hand cannot lift a figure that is not on
the model. A table script line that does is a bad line like any other: the run stops with `FILE:LINE: lift: ... is
not on the model` (the console's own words for it) and keeps the events before it. A deck hub that tells of such a
lift (a reader losing a tag twice) changes nothing, and its session's script, whose replay would refuse the line,
never holds it: the session still replays byte for byte."""

from __future__ import annotations

import io

from kaleun.boards.loader import default_board
from kaleun.runtime.script import EventWriter, ScriptRun
from kaleun.uboot.game import new_game
from kaleun.ui.session import make_runtime
from kit import FakeClock, read_events, run_kaleun, write_script


def test_a_script_lifting_a_figure_off_the_model_stops_at_its_line(tmp_path):
    script = write_script(tmp_path / "s.jsonl", [
        {"t": 5, "do": "lift", "figure": "captain-square"},
        {"t": 6, "do": "lift", "figure": "captain-square"},  # lifted already: nothing to lift
        {"t": 50, "do": "report"}])
    out = tmp_path / "events.jsonl"
    result = run_kaleun("run", "--script", str(script), "--events", str(out), home=tmp_path)
    assert result.returncode == 2
    assert result.stderr.strip().splitlines()[0] == f"{script}:2: lift: square captain is not on the model"
    names = [e["event"] for e in read_events(out)]
    assert names == ["mission_start", "figure_lifted"]  # the line before is kept, nothing after it ran


def test_a_script_lifting_and_placing_back_runs_on(tmp_path):
    script = write_script(tmp_path / "s.jsonl", [
        {"t": 5, "do": "lift", "figure": "captain-square"},
        {"t": 6, "do": "place", "figure": "captain-square", "section": 2},
        {"t": 7, "do": "lift", "figure": "captain-square"}])
    out = tmp_path / "events.jsonl"
    result = run_kaleun("run", "--script", str(script), "--events", str(out), home=tmp_path)
    assert result.returncode == 0, result.stderr
    assert [e["event"] for e in read_events(out)].count("figure_lifted") == 2


def test_a_hubs_second_lift_of_a_figure_is_kept_out_of_the_session_script(home):
    game = new_game(3, "training")
    runtime = make_runtime(game, default_board(), keep_previous=True)
    clock = FakeClock(0.0)
    runtime.clock = runtime.table.clock = clock
    runtime.rest()
    runtime.step()
    for _ in range(2):  # as the table posts what the deck hub's thread reports: the same lift twice
        runtime.post({"do": "lift", "figure": "engineer-square"})
    clock.now += 2.0
    runtime.step()
    assert game.module("figures").where["engineer-square"] is None
    runtime.close()
    script = next((home / "sessions").glob("*.script.jsonl"))
    lines = [line for line in script.read_text().splitlines() if not line.startswith("#")]
    assert len(lines) == 1 and '"lift"' in lines[0]
    played = next((home / "sessions").glob("*.events.jsonl")).read_bytes()
    out = io.StringIO()
    ScriptRun(new_game(3, "training"), default_board(), EventWriter(out)).run(script, until=game.t)
    assert out.getvalue().encode() == played
