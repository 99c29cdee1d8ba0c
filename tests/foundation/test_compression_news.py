"""§8 time compression: news in the info feed drops a fast forward back to real time, by the rule the
feed's alarms follow — a convoy coming into view ship by ship drops it with its first report, not with
every ship the lookouts add to the open report (host/README.md, "Time compression")."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from kaleun.boards.loader import default_board
from kaleun.core.errors import SaveError
from kaleun.runtime.script import ScriptRun
from kaleun.uboot.game import new_game
from kaleun.ui.feedlog import AlarmGate
from kit import Keeper, write_script

ATTACK = Path(__file__).parents[1] / "weapons" / "scripts" / "night_attack.jsonl"
MISSION = "exercise_convoy_battle"


def _crew_on_the_bridge_in_fast_forward(until: int = 3000) -> list[dict]:
    """Mobilized, lookouts on the bridge, and a crew that chooses fast forward again every 30 s."""
    lines = [line for line in ATTACK.read_text(encoding="utf-8").splitlines() if line and not line.startswith("#")]
    opening = [json.loads(line) for line in lines[:7]]
    assert opening[-1]["order"] == "observe"
    again = [{"t": t, "do": "ui", "action": "time_compression", "mode": "fast_forward"} for t in range(12, until, 30)]
    return [*opening, *again, {"t": until, "do": "end"}]


def _played(tmp_path: Path, game=None) -> tuple[object, Keeper]:
    game = game if game is not None else new_game(0, MISSION)
    keeper = Keeper()
    ScriptRun(game, default_board(), keeper).run(write_script(tmp_path / "script.jsonl",
                                                               _crew_on_the_bridge_in_fast_forward()))
    return game, keeper


def _heard(keeper: Keeper) -> list[tuple[object, str, bool, bool]]:
    """Each event with a feed text: (the event, the compression when it came, it dropped the compression to
    real time, it raised its feed line's alarm)."""
    gate = AlarmGate()
    mode, out = "real_time", []
    for event in keeper.events:
        raised = gate.raises(event)
        if event.name == "time_compression":
            if event.data["reason"] == "feed":
                heard, was, _dropped, alarm = out[-1]
                out[-1] = (heard, was, True, alarm)
            mode = event.data["mode"]
        elif event.feed is not None:
            out.append((event, mode, False, raised))
    return out


def _ship_report(event) -> bool:
    d = event.data
    return event.name == "contact_report" and d.get("ships", 0) >= 1 and not d.get("aircraft")


def _merged(event) -> bool:
    """A ship report, or a contact lost: each may join an open line of its kind (no news then)."""
    return _ship_report(event) or event.name == "contact_lost"


def test_a_convoy_coming_into_view_drops_fast_forward_once_per_report_not_once_per_ship(tmp_path):
    _game, keeper = _played(tmp_path)
    reports = [(dropped, raised) for event, mode, dropped, raised in _heard(keeper)
               if _ship_report(event) and mode == "fast_forward"]
    assert any(not raised for _dropped, raised in reports), "the lookouts add ships to an open report"
    assert any(raised for _dropped, raised in reports), "a new report comes in fast forward"
    assert all(dropped == raised for dropped, raised in reports)


def test_other_news_still_drops_fast_forward(tmp_path):
    """An aircraft reported (its own alarm) drops fast forward as before; every drop follows news."""
    _game, keeper = _played(tmp_path)
    heard = [(event, dropped, raised) for event, mode, dropped, raised in _heard(keeper) if mode == "fast_forward"]
    assert any(dropped for event, dropped, _raised in heard if event.name == "contact_report"
               and event.data.get("aircraft"))
    assert all(dropped for event, dropped, _raised in heard if not _merged(event))
    assert all(raised for _event, dropped, raised in heard if dropped)
    # a contact lost drops it when it starts a line of losses, not when it joins one (as the feed's alarm)
    assert all(dropped == raised for event, dropped, raised in heard if event.name == "contact_lost")


def test_the_open_report_is_kept_in_the_save_and_a_resumed_game_goes_on_alike(tmp_path):
    game, _keeper = _played(tmp_path)
    state = json.loads(json.dumps(game.to_state()))
    assert state["modules"]["compression"]["reports"]["lookouts"][1] <= game.t
    resumed = new_game(0, MISSION)
    resumed.load_state(state)
    assert resumed.to_state() == state
    for g in (game, resumed):
        g.apply({"do": "ui", "action": "time_compression", "mode": "fast_forward"})
    assert [e.to_json() for e in game.advance_to(game.t + 1800)] == \
        [e.to_json() for e in resumed.advance_to(resumed.t + 1800)]


def test_a_damaged_open_report_in_a_save_is_refused_with_its_place(tmp_path):
    game, _keeper = _played(tmp_path)
    state = json.loads(json.dumps(game.to_state()))
    state["modules"]["compression"]["reports"] = {"lookouts": [1.0]}
    fresh = new_game(0, MISSION)
    before = fresh.to_state()
    with pytest.raises(SaveError, match=r"modules\.compression\.reports\.lookouts: a list of 2 entries"):
        fresh.load_state(state)
    assert fresh.to_state() == before
