"""Every mission can be won and lost (rulebook §4.1: a mission ends by its time limit, a return to base,
or the boat lost; the grade S to F): each has a table script that wins it and one that loses it
(`scripts/<mission>.win.jsonl`, `.lose.jsonl`, written by make_scripts.py), replayed here through the
table-script runner exactly as `kaleun run --script` plays them."""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

import pytest
from kaleun.boards.loader import default_board
from kaleun.runtime.script import EventWriter, ScriptRun
from kaleun.uboot.game import MISSIONS, new_game

SCRIPTS = Path(__file__).resolve().parent / "scripts"
SCORED = sorted(m for m, spec in MISSIONS.items() if spec.get("objective"))


def seed_of(script: Path) -> int:
    first = script.read_text(encoding="utf-8").splitlines()[0]
    return int(first.split("(seed ")[1].split(")")[0])


def replay(mission: str, kind: str) -> tuple[Any, list[dict[str, Any]]]:
    script = SCRIPTS / f"{mission}.{kind}.jsonl"
    game = new_game(seed_of(script), mission)
    out = io.StringIO()
    ScriptRun(game, default_board(), EventWriter(out)).run(script)
    return game, [json.loads(line) for line in out.getvalue().splitlines()]


def test_4_1_every_mission_with_objectives_has_a_winning_and_a_losing_script():
    assert len(SCORED) >= 10
    missing = [f"{m}.{k}.jsonl" for m in SCORED for k in ("win", "lose") if not (SCRIPTS / f"{m}.{k}.jsonl").exists()]
    assert missing == []


@pytest.mark.parametrize("mission", SCORED)
def test_4_1_the_winning_script_wins_the_mission(mission):
    game, events = replay(mission, "win")
    end = [e for e in events if e["event"] == "mission_end"]
    assert len(end) == 1, f"{mission}: the mission did not end ({game.t / 3600:.1f} h)"
    assert end[0]["result"] == "won", end[0]
    assert end[0]["grade"] != "F"
    primaries = [o for o in end[0]["objectives"] if o["primary"]]
    assert primaries and all(o["met"] for o in primaries)


@pytest.mark.parametrize("mission", SCORED)
def test_4_1_the_losing_script_loses_the_mission(mission):
    game, events = replay(mission, "lose")
    end = [e for e in events if e["event"] == "mission_end"]
    assert len(end) == 1, f"{mission}: the mission did not end ({game.t / 3600:.1f} h)"
    assert end[0]["result"] == "lost", end[0]
    assert not all(o["met"] for o in end[0]["objectives"] if o["primary"]) or end[0]["reason"] != "time_limit"
