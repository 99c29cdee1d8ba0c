"""What a mission comes to once it is over (rulebook §4.1): the debrief counts only what the crew was
given and everyone lost with the boat, and the game's clock stands once the mission is over."""

from __future__ import annotations

import io
import json
from pathlib import Path

from kaleun.boards.loader import default_board
from kaleun.career import record_mission
from kaleun.runtime.loop import Runtime
from kaleun.runtime.outputs import EventLog
from kaleun.runtime.script import EventWriter, ScriptRun
from kaleun.runtime.table import Table
from kaleun.uboot.game import new_game
from kaleun.uboot.missions import scoring
from kaleun.uboot.missions.debrief import debrief, lines
from kaleun.ui.console import Console
from missionkit import advance, game, one

SCRIPTS = Path(__file__).resolve().parent / "scripts"
#: the convoy battle exercise by day: its escorts and aircraft see the boat left stopped on the surface (at
#: night, as the exercise starts, an aircraft without night equipment sees nothing of it and escorts pass it by)
BY_DAY = {"start": "1941-09-11T10:00:00"}


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


def test_4_1_an_exercise_lost_with_the_boat_counts_every_sailor_lost_but_is_not_booked(tmp_path):
    """The convoy battle exercise by day, the boat left stopped on the surface by the convoy: seen, run down and
    rammed, all hands lost (§4.1 "you lose the game together"). The unscored mission counts the whole crew like a
    scored one; the career books no exercise."""
    g = game("exercise_convoy_battle", changes=BY_DAY)
    end = one(advance(g, 6 * 3600), "mission_end")
    assert (end["result"], end["reason"], end["crew_lost"]) == ("lost", "rammed", 32)
    assert "grade" not in end
    d = debrief(g)
    assert len(d["crew_lost"]) == 32 and d["grade"] is None
    text = [str(m) for m in lines(d)]
    assert "Crew lost: 32." in text and "  32 sailors: lost with the boat" in text
    path = tmp_path / "career.json"
    assert record_mission(g, path) is None and not path.exists()


def test_4_1_once_the_mission_is_over_the_clock_stands_and_the_console_refuses_time_commands(tmp_path):
    """After the end (§4.1, the exercise's boat rammed by day) the clock stands: the game pauses, `time transit`
    and `pause` at the console are refused with a sentence, and wall time no longer moves the game's clock."""
    wall = [0.0]
    g = new_game(0, "exercise_convoy_battle", BY_DAY)
    runtime = Runtime(g, Table(default_board(), g), outputs=[EventLog(tmp_path / "events.jsonl")],
                      record=tmp_path / "script.jsonl", clock=lambda: wall[0])
    out = io.StringIO()
    console = Console(runtime, stdin=io.StringIO(), stdout=out, interactive=False)
    runtime.step()
    console.handle("time transit")
    runtime.step()
    assert g.module("compression").mode == "transit"
    for _ in range(40):  # a minute of wall time at a time, transit: the boat is seen and rammed
        wall[0] += 60.0
        runtime.step()
        if g.module("mission").over:
            break
    assert g.module("mission").result == "lost"
    assert g.module("compression").mode == "pause"
    stood = g.t
    console.handle("time transit")
    console.handle("pause")
    runtime.step()
    wall[0] += 3600.0
    runtime.step()
    runtime.close()
    assert g.t == stood and g.module("compression").mode == "pause"
    said = out.getvalue()
    assert said.count("Time compression refused: the mission is over, the clock stands.") == 2, said
    refused = [json.loads(x) for x in (tmp_path / "events.jsonl").read_text().splitlines()]
    assert [e["action"] for e in refused if e["event"] == "action_refused"] == ["time_compression", "toggle_pause"]


def test_4_1_after_the_boat_is_lost_the_crew_view_shows_every_sailor_dead_as_the_debrief_counts_them():
    """A boat rammed (§4.1 "you lose the game together"): the debrief counts 32 sailors lost with the boat, so
    the crew's own view (console `crew`, the window's crew screen: both read the crew's status) shows them dead
    too, both watches, and no figure standing in a section."""
    from kaleun.core.messages import Msg
    from kaleun.i18n import language
    from kaleun.ui import console_views

    g = new_game(0, "sc_convoy_1940")
    g.module("mission").end("lost", "rammed", Msg("Rammed."))
    assert len(debrief(g)["crew_lost"]) == 32  # type: ignore[arg-type]
    crew = g.module("crew")
    assert all(state.dead for states in crew.states for state in states.values())
    assert sum(len(states) for states in crew.states) == 32
    status = crew.status()
    assert all(sailor["dead"] for sailor in status["sailors"].values())
    shown = console_views.crew(g, language("en"))
    rows = [line for line in shown if line.startswith("  captain-") or line.startswith("  engineer-")
            or line.startswith("  officer-") or line.startswith("  navigator-")]
    assert len(rows) == 16 and all(" dead " in row for row in rows)


def test_4_1_the_engine_itself_lets_no_time_pass_after_the_end():
    """Whoever drives the engine (a test, a tool, a front end of its own) meets the clock standing once the
    mission is over (§4.1): `advance_to` three days on after the exercise's boat is rammed gives no bell, no watch
    change, no weather and no daylight, and the time stays at the end's moment; a save of the ended game resumed
    does the same. The engine's `advance_to` once ran the whole watch bill on after the end."""
    from kaleun.uboot.game import load_game

    g = game("exercise_convoy_battle", changes=BY_DAY)
    one(advance(g, 6 * 3600), "mission_end")
    ended = g.t
    assert ended < 6 * 3600  # the clock stood at the end's moment, though asked for six hours
    assert advance(g, g.t + 3 * 86400) == [] and g.t == ended
    assert [e.to_json() for e in g.advance(3600)] == [] and g.t == ended
    resumed = load_game(g.to_state())
    assert advance(resumed, resumed.t + 3 * 86400) == [] and resumed.t == ended


def test_4_1_after_the_end_the_referees_weather_and_damage_are_told_refused_at_the_console():
    """Once the mission is over nothing more happens (§4.1): the referee's `weather fog` typed at the console still
    changed the weather, silently, and `damage crew` answered nothing at all, where every other correction says
    "... refused: the mission is over.". Both now say so, in the table's language, and change nothing."""
    from kaleun.core.messages import Msg
    from kit import console_typed

    g = new_game(0, "prize_rules_1939")
    g.module("mission").end("lost", "rammed", Msg("Rammed."))
    g.take_events()
    before = g.module("weather").kind
    heard: list = []
    said = console_typed("de", "wetter nebel", "schaden crew", game=g, heard=heard)
    assert "Wetter abgelehnt: die Mission ist beendet." in said, said
    assert "Schaden ignoriert: die Mission ist beendet." in said, said
    assert g.module("weather").kind == before and not [e for e in heard if e.name == "weather"]
    said = console_typed("ru", "weather fog", game=g)
    assert "Погода: отказано — миссия окончена." in said, said
