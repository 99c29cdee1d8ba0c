"""Rulebook §4.3: the campaign keeps fame, GRT and the grades of its own missions. A group that gives its campaign up
for a new one (`--campaign --mission prize_rules_1939`) and later resumes a save of the given-up campaign's mission
finds that mission booked with the career's missions, not in the new campaign, and is told how things stand: the
game's campaign was given up, and the newer one goes on where it was."""

from __future__ import annotations

from kaleun.career import load_career, record_mission, start_configured
from kaleun.cli import _goes_on_with
from kaleun.uboot.game import new_game
from kaleun.uboot.missions.catalogue import catalogue
from kaleun.uboot.missions.setup import GameSetup
from missionkit import short_win

H = 3600.0


def test_4_3_a_mission_of_an_earlier_campaign_is_not_booked_in_the_new_campaign(home):
    assert record_mission(short_win(start_configured(GameSetup(mission="", mode="campaign", seed=1)))) is not None
    old = start_configured(GameSetup(mission="", mode="campaign", seed=2))  # stopped midway, its save kept
    assert old.config["mission"] == "minefield_1939"
    # the group gives that campaign up and wins the new one's first mission: it waits for minefield_1939 too
    fresh = start_configured(GameSetup(mission="prize_rules_1939", mode="campaign", seed=3))
    assert record_mission(short_win(fresh)) is not None
    before = load_career()["campaign"]
    assert before["done"] == ["prize_rules_1939"] and before["next"] == "minefield_1939"
    resumed = short_win(old)  # the old save, played to its end
    entry = record_mission(resumed)
    assert entry is not None and entry["mission"] == "minefield_1939" and entry["mode"] == "campaign"
    record = load_career()
    assert len(record["missions"]) == 3 and record["totals"]["missions"] == 3  # booked with the career's missions
    assert record["campaign"] == before  # and not in the newer campaign
    said = str(_goes_on_with(resumed))
    assert said == ("the campaign this mission was played in is over, and a newer one has begun since: its result is "
                    "booked with the career's missions only. The newer campaign goes on with The Hartlepool field: "
                    "kaleun play --campaign."), said


def test_4_3_a_mission_of_the_running_campaign_is_booked_in_it(home):
    assert record_mission(short_win(start_configured(GameSetup(mission="", mode="campaign", seed=1)))) is not None
    g = short_win(start_configured(GameSetup(mission="", mode="campaign", seed=2)))
    assert record_mission(g) is not None
    campaign = load_career()["campaign"]
    assert campaign["done"] == ["prize_rules_1939", "minefield_1939"] and campaign["next"] == "torpedo_crisis_1940"
    assert str(_goes_on_with(g)) == "the campaign goes on with The torpedo crisis: kaleun play --campaign."


def test_4_3_a_mission_of_an_earlier_campaign_after_the_newer_one_ended(home):
    record_mission(short_win(start_configured(GameSetup(mission="", mode="campaign", seed=1))))
    old = start_configured(GameSetup(mission="", mode="campaign", seed=2))
    start_configured(GameSetup(mission="prize_rules_1939", mode="campaign", seed=3))
    from kaleun.career import save_career

    record = load_career()
    record["campaign"].update(state="failed", next=None, done=["prize_rules_1939"], grades=["F"])
    save_career(record)
    resumed = short_win(old)
    record_mission(resumed)
    assert load_career()["campaign"]["done"] == ["prize_rules_1939"]
    assert str(_goes_on_with(resumed)).endswith("The newer campaign is over too (kaleun career shows it); a new one "
                                                "begins with kaleun play --campaign.")


def test_4_3_a_saved_mission_of_an_earlier_campaign_is_not_offered_as_the_campaigns_own(home):
    """`kaleun play --campaign` (and the window's set-up) tells a group whose autosave holds the campaign's next
    mission not over yet that it plays it again, and how to go on with the one kept instead. A save of the same
    mission from a campaign given up since is no way to go on with the campaign: it is not named so."""
    from kaleun.career import held_part
    from kaleun.saves import save_game

    record_mission(short_win(start_configured(GameSetup(mission="", mode="campaign", seed=1))))
    old = start_configured(GameSetup(mission="", mode="campaign", seed=2))
    save_game(old, home / "old.json")
    assert held_part(home / "old.json", "campaign", load_career()) == ("minefield_1939", "")
    record_mission(short_win(start_configured(GameSetup(mission="prize_rules_1939", mode="campaign", seed=3))))
    assert load_career()["campaign"]["next"] == "minefield_1939"
    assert held_part(home / "old.json", "campaign", load_career()) is None
    mine = start_configured(GameSetup(mission="", mode="campaign", seed=4))
    save_game(mine, home / "mine.json")
    assert held_part(home / "mine.json", "campaign", load_career()) == ("minefield_1939", "")


def test_4_3_resuming_a_mission_of_an_earlier_campaign_says_so_first(home, capsys):
    """`kaleun resume` of such a save says, before the game goes on, that the mission's campaign was given up: its
    end (which speaks of the campaign it was played in) will not go on with the campaign running now."""
    import argparse

    from kaleun.cli import _resume_game
    from kaleun.saves import save_game

    record_mission(short_win(start_configured(GameSetup(mission="", mode="campaign", seed=1))))
    save_game(start_configured(GameSetup(mission="", mode="campaign", seed=2)), home / "old.json")
    args = argparse.Namespace(save=str(home / "old.json"), table_language="en")
    _resume_game(args)
    assert "given up" not in capsys.readouterr().err  # its campaign still runs
    start_configured(GameSetup(mission="prize_rules_1939", mode="campaign", seed=3))
    _resume_game(args)
    assert ("kaleun: the campaign this mission was played in is over, and a newer one has begun since: when it "
            "ends, its result is booked with the career's missions only, not in the campaign running now.") \
        in capsys.readouterr().err


def test_4_3_the_table_is_told_at_the_end_that_the_mission_counts_in_no_campaign(home):
    """At the table the mission's end speaks of the campaign it was played in; booking it, the session tells the
    crew (the front end's problems line) that it counts in no campaign now, and how the newer campaign goes on:
    after the step's events are shown (`tick`), so that it follows the game's own end line."""
    from kaleun.runtime.debrief_output import DebriefOutput

    record_mission(short_win(start_configured(GameSetup(mission="", mode="campaign", seed=1))))
    old = start_configured(GameSetup(mission="", mode="campaign", seed=2))
    start_configured(GameSetup(mission="prize_rules_1939", mode="campaign", seed=3))
    told: list = []
    output = DebriefOutput(short_win(old), home / "sessions", "s1")
    output.report = told.append
    output.book()
    assert told == []
    output.tick(0.0)
    assert [str(t) for t in told] == [
        "The campaign this mission was played in was given up for a newer one: its result is booked with the "
        "career's missions only (kaleun career shows both). The newer campaign goes on with Prize rules: kaleun "
        "play --campaign."]
    assert load_career()["campaign"]["done"] == []


def test_4_3_at_the_table_the_last_word_on_a_given_up_campaigns_mission_is_the_newer_campaign(home):
    """Rulebook §4.3: the game's own end of a mission of a campaign given up since says "The campaign goes on with
    ..." of the campaign it was played in, and was the last line the table read (the session's notice came before
    it). The session that books the result says, after that line, how the career's newer campaign goes on; the
    window's debrief shows that in place of the game's clause."""
    import io

    from kaleun.boards.loader import default_board
    from kaleun.ui.console import Console
    from kaleun.ui.session import make_runtime
    from kit import FakeClock

    record_mission(short_win(start_configured(GameSetup(mission="", mode="campaign", seed=1))))
    old = start_configured(GameSetup(mission="", mode="campaign", seed=2))
    assert record_mission(short_win(start_configured(GameSetup(mission="prize_rules_1939", mode="campaign",
                                                           seed=3)))) is not None
    mission = old.config["mission"]
    here = {"id": "here", "kind": "reach", "square": catalogue().missions[mission]["square"], "text": "Be here."}
    g = new_game(old.seed, mission, {**old.config["changes"], "time_limit_h": 1, "encounter": [], "radio": [],
                                     "air_cover": "none", "traffic": "none", "par_grt": 0, "objective": [here]})
    clock = FakeClock()
    runtime = make_runtime(g, default_board())
    runtime.clock = clock
    runtime.rest()
    out = io.StringIO()
    Console(runtime, stdin=io.StringIO(""), stdout=out, interactive=False)
    while not g.module("mission").over:
        clock.now += 600
        runtime.step()
    said = [line for line in out.getvalue().splitlines() if line.strip()]
    runtime.close()
    ends = [i for i, line in enumerate(said) if "Mission over (won)" in line]
    assert len(ends) == 1 and "The campaign goes on with The torpedo crisis." in said[ends[0]]  # the game's own
    assert said[-1] == ("! The campaign this mission was played in was given up for a newer one: its result is booked "
                        "with the career's missions only (kaleun career shows both). The newer campaign goes on with "
                        "The Hartlepool field: kaleun play --campaign."), said[-3:]
    shown = str(runtime.debrief.end_line())
    assert shown == ("The patrol's time is up: HQ recalls the boat. Mission over (won): grade A, score 1,000. The "
                     "campaign this mission was played in was given up for a newer one: its result is booked with the "
                     "career's missions only (kaleun career shows both). The newer campaign goes on with "
                     "The Hartlepool field: kaleun play --campaign."), shown
    assert "torpedo_crisis_1940" not in shown


def test_4_3_the_windows_debrief_of_a_given_up_campaigns_mission_names_the_newer_campaign(home):
    """Rulebook §4.3: the window's debrief screen shows the mission's end as the session tells it: the result, then
    how the career's newer campaign goes on, not the game's "The campaign goes on with ..." of the campaign given up."""
    import pygame
    from kaleun.boards.loader import default_board
    from kaleun.runtime.debrief_output import DebriefOutput
    from kaleun.runtime.loop import Runtime
    from kaleun.runtime.table import Table
    from kaleun.ui.window import Window
    from kit import FakeClock

    record_mission(short_win(start_configured(GameSetup(mission="", mode="campaign", seed=1))))
    old = start_configured(GameSetup(mission="", mode="campaign", seed=2))
    start_configured(GameSetup(mission="prize_rules_1939", mode="campaign", seed=3))
    mission = old.config["mission"]
    here = {"id": "here", "kind": "reach", "square": catalogue().missions[mission]["square"], "text": "Be here."}
    g = new_game(old.seed, mission, {**old.config["changes"], "time_limit_h": 1, "encounter": [], "radio": [],
                                     "air_cover": "none", "traffic": "none", "par_grt": 0, "objective": [here]})
    end = next(e for e in g.advance_to(2 * H) if e.name == "mission_end")
    assert "The campaign goes on with The torpedo crisis." in str(end.feed)  # the game's own line
    clock = FakeClock(0.0)
    runtime = Runtime(g, Table(default_board(), g), clock=clock)
    runtime.debrief = DebriefOutput(g, home / "sessions", "s1")
    runtime.debrief.handle(end)
    win = Window(runtime, size=(800, 480), clock=clock)
    win.guard = False
    win._on_event(end)
    win.render(pygame.Surface((800, 480)))
    shown = str(win.overlay.end["feed"])
    assert shown.endswith("Mission over (won): grade A, score 1,000. The campaign this mission was played in was "
                          "given up for a newer one: its result is booked with the career's missions only (kaleun "
                          "career shows both). The newer campaign goes on with Prize rules: kaleun play "
                          "--campaign."), shown
