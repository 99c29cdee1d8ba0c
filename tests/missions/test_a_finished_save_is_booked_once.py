"""A finished mission's save is booked in the career record once, as it ended (rulebook §4.3 the campaign, §5.2
linked missions): a script may run a save of an ended mission on (`kaleun run --load ... --save`) and a group
may resume such a save (`kaleun resume --save`); neither books the mission a second time, nor books what the
boat and crew came to after the end as what the patrol's next part inherits."""

from __future__ import annotations

from pathlib import Path

from kaleun.career import load_career, record_mission
from kaleun.saves import load_saved_game, save_game
from kaleun.uboot.game import new_game
from kaleun.uboot.missions.setup import GameSetup, changes_for
from kit import run_kaleun, write_script
from missionkit import advance, do, one

H = 3600.0
FAR = {"id": "far", "kind": "reach", "square": "AL03", "text": "Be in AL03."}  # sc_convoy_1940 starts there


def ended_part(home: Path) -> Path:
    """Part 1 of the autumn 1940 patrol, shortened to an hour and won, saved as it ended (not booked)."""
    setup = GameSetup(mission="sc_convoy_1940", seed=3, mode="linked")
    g = new_game(3, "sc_convoy_1940", {**changes_for(setup), "time_limit_h": 1, "encounter": [], "radio": [],
                                       "air_cover": "none", "traffic": "none", "par_grt": 0, "objective": [FAR]})
    g.take_events()
    do(g, {"do": "crew_options", "rules": "advise", "wear": False})
    assert one(advance(g, 2 * H), "mission_end")["result"] == "won"
    save = home / "ended.json"
    save_game(g, save)
    return save


def run_on(home: Path, save: Path, lines: list[dict]) -> Path:
    """`kaleun run --load SAVE` with more lines, saved to a new file: the same game, run past its end."""
    later = home / "later.json"
    script = write_script(home / "more.jsonl", lines)
    result = run_kaleun("run", "--load", str(save), "--script", str(script), "--events", str(home / "ev.jsonl"),
                        "--save", str(later), home=home)
    assert result.returncode == 0, result.stderr
    return later


def test_4_3_a_booked_mission_run_on_by_a_script_and_resumed_is_not_booked_again(home):
    save = ended_part(home)
    assert record_mission(load_saved_game(save)) is not None  # the table booked it when it ended
    later = run_on(home, save, [{"t": 20000, "do": "report"}, {"t": 30000, "do": "end"}])
    resumed = run_kaleun("resume", "--save", str(later), home=home)
    assert "that mission is over" in resumed.stderr and "is booked in" not in resumed.stderr, resumed.stderr
    record = load_career()
    assert [m["mission"] for m in record["missions"]] == ["sc_convoy_1940"]
    assert record["totals"]["missions"] == 1 and record["totals"]["score"] == 1000
    assert record["patrol"]["next"] == "weather_1940"


def test_5_2_a_part_run_on_past_its_end_is_booked_late_once_as_it_ended(home):
    save = ended_part(home)  # never booked: the table could not write the record, or a script played it
    later = run_on(home, save, [{"t": 20000, "do": "report"}, {"t": 30000, "do": "end"}])
    resumed = run_kaleun("resume", "--save", str(later), home=home)
    assert "is booked in" in resumed.stderr, resumed.stderr  # booked now, once
    entry = load_career()["missions"][0]
    assert entry["end"] == "1940-10-17T15:00:00"  # the mission's end, an hour after its start, not the script's
    # the first save resumed, and the later one again: the same game, not booked again
    for path in (save, later):
        again = run_kaleun("resume", "--save", str(path), home=home)
        assert "is booked in" not in again.stderr, again.stderr
    assert len(load_career()["missions"]) == 1 and load_career()["totals"]["score"] == 1000


def test_a_record_that_booked_a_run_on_save_by_its_time_then_does_not_book_it_again(home):
    """A record written before: a save run on past its end and booked late was keyed by the game's time then."""
    from kaleun.career import save_career

    save = ended_part(home)
    later = load_saved_game(run_on(home, save, [{"t": 30000, "do": "end"}]))
    assert record_mission(later) is not None
    record = load_career()
    record["missions"][0]["key"] = f"3:sc_convoy_1940:1940-10-17T14:00:00:{round(later.t, 3)}"
    save_career(record)
    assert record_mission(later) is None and len(load_career()["missions"]) == 1


def test_4_3_two_games_of_one_mission_and_seed_that_both_ran_to_the_time_limit_are_both_booked(home):
    """A group that plays with a seed of its own (`kaleun play --seed 7`) plays the minefield twice: the first
    evening wins it, the second loses it, both when the patrol time runs out, at the same game time. Both are
    booked: the second evening's loss is not taken for the first evening's game."""
    import io

    from kaleun.boards.loader import default_board
    from kaleun.career import start_configured
    from kaleun.runtime.script import EventWriter, ScriptRun

    scripts = Path(__file__).resolve().parent / "scripts"
    ends = []
    for kind in ("win", "lose"):
        g = start_configured(GameSetup(mission="minefield_1939", seed=7))
        ScriptRun(g, default_board(), EventWriter(io.StringIO())).run(scripts / f"minefield_1939.{kind}.jsonl")
        mission = g.module("mission")
        ends.append((mission.result, mission.reason, mission.ended_at))
        assert record_mission(g) is not None, kind
        assert record_mission(g) is None  # and each once
    assert ends[0][1:] == ends[1][1:] == ("time_limit", 108000.0)
    assert [m["result"] for m in load_career()["missions"]] == ["won", "lost"]


def test_4_3_a_game_booked_as_it_ended_is_not_booked_again_from_its_save(home):
    """The table books the game it plays when its mission ends; the save it leaves, resumed, is that game."""
    import io

    from kaleun.boards.loader import default_board
    from kaleun.career import start_configured
    from kaleun.runtime.script import EventWriter, ScriptRun

    scripts = Path(__file__).resolve().parent / "scripts"
    for mission in ("prize_rules_1939", "agents_1941"):
        g = start_configured(GameSetup(mission=mission, seed=0))
        ScriptRun(g, default_board(), EventWriter(io.StringIO())).run(scripts / f"{mission}.win.jsonl")
        assert record_mission(g) is not None
        save = home / f"{mission}.json"
        save_game(g, save)
        resumed = run_kaleun("resume", "--save", str(save), home=home)
        assert "that mission is over" in resumed.stderr and "is booked in" not in resumed.stderr, resumed.stderr
    assert [m["mission"] for m in load_career()["missions"]] == ["prize_rules_1939", "agents_1941"]


def test_4_3_a_campaign_game_the_campaign_no_longer_waits_for_leaves_the_campaign_and_its_patrol_alone(home):
    """A campaign game booked late from its save (the table could not write the record, or a script played it)
    after the group began a new campaign: it is booked with the missions, and the running campaign, which waits for
    its first mission, keeps its next mission and has no linked patrol of that game's."""
    from kaleun.career import start_configured

    start_configured(GameSetup(mission="", mode="campaign"))  # a campaign begins: next prize_rules_1939
    old = GameSetup(mission="sc_convoy_1940", seed=3, mode="campaign")
    g = new_game(3, "sc_convoy_1940", {**changes_for(old), "time_limit_h": 1, "encounter": [], "radio": [],
                                       "air_cover": "none", "traffic": "none", "par_grt": 0, "objective": [FAR]})
    assert one(advance(g, 2 * H), "mission_end")["result"] == "won"
    assert record_mission(g) is not None
    record = load_career()
    assert [m["mission"] for m in record["missions"]] == ["sc_convoy_1940"]
    campaign = record["campaign"]
    assert campaign["next"] == "prize_rules_1939" and campaign["done"] == [] and campaign["patrol"] is None
    assert record["patrol"] is None
