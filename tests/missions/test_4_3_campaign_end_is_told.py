"""Rulebook §4.3: "at the end of a mission you must have reached at least an E to go on" in the campaign. The
table is told when it happens (the mission's end says the campaign ends here), and a group that starts the
campaign again on a later evening is told that a new one begins and what the last one came to, instead of
finding the ended campaign silently replaced."""

from __future__ import annotations

from kaleun.career import load_career, save_career, start_configured
from kaleun.uboot.game import new_game
from kaleun.uboot.missions.setup import GameSetup, changes_for
from missionkit import advance, one

H = 3600.0
FAR = {"id": "far", "kind": "reach", "square": "AL03", "text": "Be in AL03."}  # out of reach in an hour


def short_first_mission(mode: str) -> dict:
    """The campaign's first mission shortened to an hour, its objective out of reach: grade F."""
    setup = GameSetup(mission="prize_rules_1939", seed=3, mode=mode)
    g = new_game(3, "prize_rules_1939", {**changes_for(setup), "time_limit_h": 1, "encounter": [], "radio": [],
                                          "air_cover": "none", "traffic": "none", "par_grt": 0, "objective": [FAR]})
    g.take_events()
    return one(advance(g, 2 * H), "mission_end")


def test_4_3_a_campaign_mission_graded_below_e_says_the_campaign_ends_here():
    end = short_first_mission("campaign")
    assert end["grade"] == "F" and end["campaign_over"] is True
    assert end["feed"].endswith("Grade F is below E: the campaign ends here.")


def test_4_3_the_same_grade_played_as_a_single_mission_says_nothing_of_a_campaign():
    end = short_first_mission("single")
    assert end["grade"] == "F" and "campaign_over" not in end and "campaign" not in end["feed"]


def test_4_3_a_new_campaign_after_an_ended_one_tells_the_table_what_the_last_one_came_to(home):
    g = start_configured(GameSetup(mission="", mode="campaign"))
    assert g.config["mission"] == "prize_rules_1939"
    assert not [e for e in g.take_events() if e.name == "campaign_begins"]  # the first campaign: nothing ended
    record = load_career()
    record["campaign"].update(state="failed", next=None, done=["prize_rules_1939", "minefield_1939"],
                              grades=["B", "F"], score=1528)
    save_career(record)
    g = start_configured(GameSetup(mission="", mode="campaign"))
    (told,) = [e.to_json() for e in g.take_events() if e.name == "campaign_begins"]
    assert told["feed"] == ("A new campaign begins with Prize rules. The last one ended with a grade below E "
                            "after 2 missions (grades B F, score 1,528); the career record keeps its missions (Career "
                            "record on the set-up, or kaleun career).")
    assert told["last"] == {"state": "failed", "grades": ["B", "F"], "score": 1528}
    assert load_career()["campaign"]["state"] == "running"


def test_4_3_the_session_of_a_new_campaign_replays_with_what_the_last_one_came_to(home):
    """The table was told of the ended campaign by the career record alone, so the session's script, replayed
    with the options its first line names, gave a log without it (and a save of its own that was not the
    game's). The notice is part of the game's set-up now: the replay tells it too, word for word."""
    import json
    import shlex

    from kaleun.games import replay_args
    from kaleun.saves import load_checked

    start_configured(GameSetup(mission="", mode="campaign"))
    record = load_career()
    record["campaign"].update(state="failed", next=None, done=["prize_rules_1939", "minefield_1939"],
                              grades=["B", "F"], score=1528)
    save_career(record)
    played = start_configured(GameSetup(mission="", mode="campaign", seed=4))
    args = shlex.split(replay_args(played))
    assert args[:4] == ["--seed", "4", "--mission", "prize_rules_1939"] and args[4] == "--changes"
    replayed = new_game(4, "prize_rules_1939", json.loads(args[5]))
    told = [e.to_json() for e in played.take_events()]
    assert [e.to_json() for e in replayed.take_events()] == told
    assert [e["event"] for e in told].count("campaign_begins") == 1
    loaded = load_checked(json.loads(json.dumps(played.to_state())))
    assert loaded.config == played.config


def test_4_3_naming_the_first_mission_gives_up_a_running_campaign_and_begins_anew(home):
    """§4.3: the campaign plays the missions in order and goes on from the career record. A group that wants to
    begin again had no way but to delete the record: naming the campaign's first mission while a campaign runs
    further on gives it up and begins a new one, told at the start like an ended one; any other mission is
    refused with the way to begin anew."""
    import pytest
    from kaleun.career import CareerError, record_mission

    g = start_configured(GameSetup(mission="", mode="campaign"))
    replay_game(g, "prize_rules_1939")
    record_mission(g)
    running = load_career()["campaign"]
    assert running["next"] == "minefield_1939" and running["state"] == "running"
    with pytest.raises(CareerError, match=r"the campaign goes on with minefield_1939, not t5_1943 \(to give it up "
                                          r"and begin a new one: --campaign --mission prize_rules_1939\)"):
        start_configured(GameSetup(mission="t5_1943", mode="campaign"))
    again = start_configured(GameSetup(mission="prize_rules_1939", mode="campaign"))
    (told,) = [e.to_json() for e in again.take_events() if e.name == "campaign_begins"]
    assert told["feed"] == (f"A new campaign begins with Prize rules. The last one was given up after 1 mission "
                            f"(grades {running['grades'][0]}, score {running['score']:,}); the career record keeps "
                            f"its missions (Career record on the set-up, or kaleun career).")
    record = load_career()
    assert (record["campaign"]["next"], record["campaign"]["done"]) == ("prize_rules_1939", [])
    assert len(record["missions"]) == 1  # the given-up campaign's mission stays in the career
    # the new campaign's first mission named again goes on with it (nothing more to give up)
    assert start_configured(GameSetup(mission="prize_rules_1939", mode="campaign")).config["mission"] == \
        "prize_rules_1939"
    assert not [e for e in start_configured(GameSetup(mission="", mode="campaign")).take_events()
                if e.name == "campaign_begins"]


def replay_game(g, mission: str) -> None:
    import io
    from pathlib import Path

    from kaleun.boards.loader import default_board
    from kaleun.runtime.script import EventWriter, ScriptRun

    ScriptRun(g, default_board(), EventWriter(io.StringIO())).run(
        Path(__file__).resolve().parent / "scripts" / f"{mission}.win.jsonl")


def test_4_3_kaleun_play_says_before_it_plays_that_the_running_campaign_is_given_up(home):
    """`kaleun play --campaign --mission prize_rules_1939` while the campaign runs further on says first what it
    gives up (the window's set-up shows the same words before its Start)."""
    import subprocess
    import sys

    from kit import kaleun_env

    save_career({**load_career(), "campaign": {
        "state": "running", "started": "2025-03-14T20:00:00", "done": ["prize_rules_1939"], "next": "minefield_1939",
        "score": 900, "fame": 500, "grt": 10553, "grades": ["B"], "patrol": None}})

    def play(*args: str) -> str:
        return subprocess.run([sys.executable, "-m", "kaleun", "play", "--console", "--campaign", *args],
                              capture_output=True, text=True, input="quit\n", env=kaleun_env(home), timeout=120,
                              cwd=home).stderr

    assert "is given up" not in play()  # going on gives nothing up
    assert ("kaleun: A new campaign begins with Prize rules: the campaign running since 14 March 2025 (1 mission, "
            "score 900; next: The Hartlepool field) is given up when it starts. Its missions stay in the career record."
            ) in play("--mission", "prize_rules_1939")


def test_4_3_the_terminal_set_up_asks_whether_to_give_up_the_running_campaign(home):
    """`kaleun play --setup`: "campaign" while a campaign runs further on asks whether to give it up and begin anew
    (no, the default, goes on with its next mission and the difficulty it carries); yes says what is given up."""
    import io

    from kaleun.mission_commands import interactive_setup

    save_career({**load_career(), "campaign": {
        "state": "running", "started": "2025-03-14T20:00:00", "done": ["prize_rules_1939"], "next": "minefield_1939",
        "score": 900, "fame": 500, "grt": 10553, "grades": ["B"], "patrol": None, "difficulty": {"captain": "hard"}}})
    out = io.StringIO()
    setup = interactive_setup(io.StringIO("\ncampaign\n\n\n\n\n\n"), out, record=load_career())
    assert (setup.mission, setup.difficulty) == ("", {"captain": "hard"})
    assert "Give up this campaign and begin a new one with Prize rules? (y/n) [no]: " in out.getvalue()
    out = io.StringIO()
    setup = interactive_setup(io.StringIO("\ncampaign\nyes\n\n\n\n\n"), out, record=load_career())
    assert (setup.mission, setup.difficulty) == ("prize_rules_1939", {})
    assert "the campaign running since 14 March 2025 (1 mission, score 900; next: The Hartlepool field) is given up" \
        in out.getvalue()
    game = start_configured(setup)
    assert game.config["mission"] == "prize_rules_1939" and load_career()["campaign"]["done"] == []
