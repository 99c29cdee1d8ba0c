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
from missionkit import advance, one

H = 3600.0


def short(started) -> object:
    """The game `started` (a campaign mission from the career record) played again to its end in an hour, with one
    objective met at the start: the same set-up (its campaign too), won."""
    mission = started.config["mission"]
    here = {"id": "here", "kind": "reach", "square": catalogue().missions[mission]["square"], "text": "Be here."}
    g = new_game(started.seed, mission, {**started.config["changes"], "time_limit_h": 1, "encounter": [],
                                         "radio": [], "air_cover": "none", "traffic": "none", "par_grt": 0,
                                         "objective": [here]})
    g.take_events()
    assert one(advance(g, 2 * H), "mission_end")["result"] == "won"
    return g


def test_4_3_a_mission_of_an_earlier_campaign_is_not_booked_in_the_new_campaign(home):
    assert record_mission(short(start_configured(GameSetup(mission="", mode="campaign", seed=1)))) is not None
    old = start_configured(GameSetup(mission="", mode="campaign", seed=2))  # stopped midway, its save kept
    assert old.config["mission"] == "minefield_1939"
    # the group gives that campaign up and wins the new one's first mission: it waits for minefield_1939 too
    fresh = start_configured(GameSetup(mission="prize_rules_1939", mode="campaign", seed=3))
    assert record_mission(short(fresh)) is not None
    before = load_career()["campaign"]
    assert before["done"] == ["prize_rules_1939"] and before["next"] == "minefield_1939"
    resumed = short(old)  # the old save, played to its end
    entry = record_mission(resumed)
    assert entry is not None and entry["mission"] == "minefield_1939" and entry["mode"] == "campaign"
    record = load_career()
    assert len(record["missions"]) == 3 and record["totals"]["missions"] == 3  # booked with the career's missions
    assert record["campaign"] == before  # and not in the newer campaign
    said = str(_goes_on_with(resumed))
    assert said == ("the campaign this mission was played in is over, and a newer one has begun since: its result is "
                    "booked with the career's missions only. The newer campaign goes on with minefield_1939: kaleun "
                    "play --campaign."), said


def test_4_3_a_mission_of_the_running_campaign_is_booked_in_it(home):
    assert record_mission(short(start_configured(GameSetup(mission="", mode="campaign", seed=1)))) is not None
    g = short(start_configured(GameSetup(mission="", mode="campaign", seed=2)))
    assert record_mission(g) is not None
    campaign = load_career()["campaign"]
    assert campaign["done"] == ["prize_rules_1939", "minefield_1939"] and campaign["next"] == "torpedo_crisis_1940"
    assert str(_goes_on_with(g)) == "the campaign goes on with torpedo_crisis_1940: kaleun play --campaign."


def test_4_3_a_mission_of_an_earlier_campaign_after_the_newer_one_ended(home):
    record_mission(short(start_configured(GameSetup(mission="", mode="campaign", seed=1))))
    old = start_configured(GameSetup(mission="", mode="campaign", seed=2))
    start_configured(GameSetup(mission="prize_rules_1939", mode="campaign", seed=3))
    from kaleun.career import save_career

    record = load_career()
    record["campaign"].update(state="failed", next=None, done=["prize_rules_1939"], grades=["F"])
    save_career(record)
    resumed = short(old)
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

    record_mission(short(start_configured(GameSetup(mission="", mode="campaign", seed=1))))
    old = start_configured(GameSetup(mission="", mode="campaign", seed=2))
    save_game(old, home / "old.json")
    assert held_part(home / "old.json", "campaign", load_career()) == ("minefield_1939", "")
    record_mission(short(start_configured(GameSetup(mission="prize_rules_1939", mode="campaign", seed=3))))
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

    record_mission(short(start_configured(GameSetup(mission="", mode="campaign", seed=1))))
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
    crew (the front end's problems line) that it counts in no campaign now."""
    from kaleun.runtime.debrief_output import DebriefOutput

    record_mission(short(start_configured(GameSetup(mission="", mode="campaign", seed=1))))
    old = start_configured(GameSetup(mission="", mode="campaign", seed=2))
    start_configured(GameSetup(mission="prize_rules_1939", mode="campaign", seed=3))
    told: list = []
    output = DebriefOutput(short(old), home / "sessions", "s1")
    output.report = told.append
    output.book()
    assert [str(t) for t in told] == [
        "The campaign this mission was played in is over, and a newer one has begun since: its result is booked with "
        "the career's missions only, not in a campaign (kaleun career shows both)."]
    assert load_career()["campaign"]["done"] == []
