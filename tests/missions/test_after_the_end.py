"""What a mission comes to once it is over (rulebook §4.1): the debrief counts only what the crew was
given and everyone lost with the boat, and the game's clock stands once the mission is over."""

from __future__ import annotations

import io
import json
from pathlib import Path

from kaleun.boards.loader import default_board
from kaleun.runtime.script import EventWriter, ScriptRun
from kaleun.uboot.game import new_game
from kaleun.uboot.missions import scoring
from kaleun.uboot.missions.debrief import debrief, lines
from missionkit import one

SCRIPTS = Path(__file__).resolve().parent / "scripts"


def played(mission: str, script: str) -> tuple[object, list[dict[str, object]]]:
    game = new_game(0, mission)
    out = io.StringIO()
    ScriptRun(game, default_board(), EventWriter(out)).run(SCRIPTS / script)
    return game, [json.loads(x) for x in out.getvalue().splitlines()]


def test_4_1_a_secondary_objective_hq_never_sent_is_neither_in_the_debrief_nor_in_the_score():
    """sc_convoy_1940's HQ asks for a convoy report only after the tonnage is sunk; the losing script never
    sinks it, so the report objective was never given: not listed unmet, not in the par."""
    game, events = played("sc_convoy_1940", "sc_convoy_1940.lose.jsonl")
    end = one(events, "mission_end")
    assert [o["id"] for o in end["objectives"]] == ["tonnage"]
    d = debrief(game)  # type: ignore[arg-type]
    assert [o["id"] for o in d["objectives"]] == ["tonnage"]
    assert d["par"] == end["par"] == 1000 + scoring.grt_fame(20000)
    assert not any("convoy's position" in str(m) for m in lines(d))
