"""Linked patrol (§5.2) and campaign (§4.3): the difficulty of each role and the easy watch change (§5.3, §6.8)
the group played a part with go with the patrol or campaign to its next part. The set-up offers them as its
defaults (the terminal's questions, `kaleun play --linked` and `--campaign`) and says so in the carry-over line;
a role the set-up names plays as named."""

from __future__ import annotations

import io
from pathlib import Path

from kaleun.boards.loader import default_board
from kaleun.career import career_lines, load_career, record_mission, start_configured
from kaleun.runtime.script import EventWriter, ScriptRun
from kaleun.uboot.game import new_game
from kaleun.uboot.missions.setup import GameSetup, changes_for
from missionkit import advance, do, one

H = 3600.0
SCRIPTS = Path(__file__).resolve().parent / "scripts"
PLAYED = {"captain": "hard", "officer": "easy"}


def part_one_played(difficulty: dict[str, str], easy: dict[str, bool]) -> None:
    """Part 1 of the autumn 1940 patrol, shortened to two hours, played with the difficulty given and booked."""
    setup = GameSetup(mission="sc_convoy_1940", seed=3, mode="linked", difficulty=difficulty,
                      easy_watch_change=easy)
    g = new_game(3, "sc_convoy_1940", {**changes_for(setup), "time_limit_h": 2, "encounter": [], "radio": [],
                                       "air_cover": "none"})
    g.take_events()
    do(g, {"do": "crew_options", "rules": "advise", "wear": False})
    assert one(advance(g, 3 * H), "mission_end")["reason"] == "time_limit"
    assert record_mission(g) is not None


def test_5_2_the_next_part_plays_with_the_difficulty_the_last_part_ended_with(home):
    part_one_played(PLAYED, {"officer": True})
    patrol = load_career()["patrol"]
    assert patrol["difficulty"] == PLAYED and patrol["easy_watch_change"] == {"officer": True}
    # the next evening, `kaleun play --linked` without --difficulty: as the last part
    g = start_configured(GameSetup(mission="", seed=5, mode="linked"))
    crew = g.module("crew")
    assert g.config["mission"] == "weather_1940"
    assert crew.difficulty == {**crew.difficulty, **PLAYED} and crew.easy["officer"]
    # a role named plays as named, the others as carried; an officer on normal drops the easy watch change
    g = start_configured(GameSetup(mission="", seed=5, mode="linked", difficulty={"officer": "normal"}))
    crew = g.module("crew")
    assert crew.difficulty["captain"] == "hard" and crew.difficulty["officer"] == "normal"
    assert not crew.easy["officer"]
    # the carry-over line of the record says it
    line = next(line for line in career_lines(load_career()) if line.startswith("Linked patrol Autumn 1940"))
    assert line.endswith("Carried over: difficulty Captain hard, First Officer easy; easy watch change for "
                         "First Officer.")


def test_5_2_a_difficulty_changed_during_the_part_is_the_one_carried(home):
    """The group may change a role's difficulty in the settings during a part: the next part starts with it."""
    setup = GameSetup(mission="sc_convoy_1940", seed=3, mode="linked")
    g = new_game(3, "sc_convoy_1940", {**changes_for(setup), "time_limit_h": 2, "encounter": [], "radio": [],
                                       "air_cover": "none"})
    g.take_events()
    do(g, {"do": "crew_options", "rules": "advise", "wear": False, "difficulty": {"engineer": "easy"}})
    one(advance(g, 3 * H), "mission_end")
    record_mission(g)
    assert load_career()["patrol"]["difficulty"] == {"engineer": "easy"}


def test_5_2_a_new_patrol_or_a_single_mission_does_not_take_the_carried_difficulty(home):
    part_one_played(PLAYED, {"officer": True})
    single = start_configured(GameSetup(mission="weather_1940", seed=5))
    assert single.module("crew").difficulty["captain"] == "normal"
    other = start_configured(GameSetup(mission="shadow_1941", seed=5, mode="linked"))
    assert other.module("crew").difficulty["captain"] == "normal"


def test_5_3_the_terminal_set_up_offers_the_carried_difficulty_as_its_defaults(home):
    from kaleun.mission_commands import interactive_setup

    part_one_played(PLAYED, {"officer": True})
    out = io.StringIO()
    setup = interactive_setup(io.StringIO("weather_1940\nlinked\n\n\n\n\n\n"), out, record=load_career())
    asked = out.getvalue()
    assert "Carried over: difficulty Captain hard, First Officer easy; easy watch change for First Officer." in asked
    assert "Difficulty of the Captain (easy, normal, hard) [hard]: " in asked
    assert "Easy watch change for the First Officer? (y/n) [yes]: " in asked
    assert (setup.difficulty, setup.easy_watch_change) == (PLAYED, {"officer": True})
    # a role set back to normal at the questions plays normal (the carried value is a default, not a rule)
    setup = interactive_setup(io.StringIO("weather_1940\nlinked\nnormal\n\n\n\n\n"), io.StringIO(),
                              record=load_career())
    assert setup.difficulty == {"officer": "easy"}
    g = start_configured(setup)
    assert g.module("crew").difficulty["captain"] == "normal"
    # "linked patrol" with another mission goes on with the patrol: its line says what it carries, once
    out = io.StringIO()
    interactive_setup(io.StringIO("training\nlinked\n\n\n\n\n\n"), out, record=load_career())
    assert out.getvalue().count("Carried over: difficulty Captain hard") == 1


def test_5_2_kaleun_play_linked_says_what_difficulty_it_carries(home):
    import subprocess
    import sys

    from kit import kaleun_env

    part_one_played(PLAYED, {"officer": True})
    stderr = subprocess.run([sys.executable, "-m", "kaleun", "play", "--console", "--linked", "--difficulty",
                             "engineer=hard"], capture_output=True, text=True, input="quit\n", env=kaleun_env(home),
                            timeout=120, cwd=home).stderr
    assert ("kaleun: Carried over: difficulty Captain hard, First Officer easy; easy watch change for First "
            "Officer. A role named with --difficulty or --easy-watch plays as named instead.") in stderr


def test_4_3_the_campaign_s_next_mission_plays_with_the_difficulty_of_the_last(home):
    g = start_configured(GameSetup(mission="", mode="campaign", difficulty={"engineer": "easy"},
                                   easy_watch_change={"engineer": True}))
    ScriptRun(g, default_board(), EventWriter(io.StringIO())).run(SCRIPTS / "prize_rules_1939.win.jsonl")
    record_mission(g)
    campaign = load_career()["campaign"]
    assert campaign["difficulty"] == {"engineer": "easy"} and campaign["easy_watch_change"] == {"engineer": True}
    assert "Carried over: difficulty Chief Engineer easy" in career_lines(load_career())[1]
    g = start_configured(GameSetup(mission="", mode="campaign"))
    assert g.config["mission"] == "minefield_1939"
    assert g.module("crew").difficulty["engineer"] == "easy" and g.module("crew").easy["engineer"]
