"""Rulebook §5.2: a linked patrol carries the boat and crew from part to part, and the career record keeps one linked
patrol in progress. A group that began a new patrol (giving the old one up) and later resumes a save of the old
patrol's part and plays it to its end must not lose the new patrol: the old part is booked with the career's
missions only, the patrol in progress stays as it is (its next part, its carry-over), and the group is told so."""

from __future__ import annotations

import argparse

from kaleun.career import leaves_the_patrol, load_career, record_mission, start_configured
from kaleun.cli import _goes_on_with, _resume_game
from kaleun.saves import save_game
from kaleun.uboot.missions.setup import GameSetup
from missionkit import short_win


def given_up_part(home) -> tuple[object, dict]:
    """autumn_1940's first part booked; its second part begun and kept in a save; then spring_1941 begun as a new
    patrol and its first part booked. Returns the old second part (played to its end, not booked) and the patrol
    in progress."""
    assert record_mission(short_win(start_configured(GameSetup(mission="sc_convoy_1940", mode="linked", seed=1))))
    old = start_configured(GameSetup(mission="", mode="linked", seed=2))
    assert old.config["mission"] == "weather_1940"
    save_game(old, home / "old.json")
    assert record_mission(short_win(start_configured(GameSetup(mission="shadow_1941", mode="linked", seed=3))))
    patrol = load_career()["patrol"]
    assert patrol["id"] == "spring_1941" and patrol["next"] == "agents_1941"
    return short_win(old), patrol


def test_5_2_a_part_of_a_patrol_given_up_leaves_the_patrol_in_progress_as_it_is(home):
    ended, patrol = given_up_part(home)
    assert leaves_the_patrol(ended)
    entry = record_mission(ended)
    assert entry is not None and entry["mission"] == "weather_1940" and entry["mode"] == "linked"
    record = load_career()
    assert len(record["missions"]) == 3 and record["patrol"] == patrol  # spring_1941 and its carry-over kept
    said = str(_goes_on_with(ended, patrol_left=True))
    assert said == ("the career record's linked patrol has changed since this part began: its result is booked with "
                    "the career's missions only. The linked patrol Spring 1941 goes on with Two passengers: kaleun "
                    "play --linked."), said
    nxt = start_configured(GameSetup(mission="", mode="linked", seed=4))
    assert nxt.config["mission"] == "agents_1941" and nxt.config["changes"]["carry"] == patrol["carry"]


def test_5_2_the_next_part_of_the_patrol_in_progress_goes_on_with_it(home):
    """The usual evening: the part the record's patrol waits for moves the patrol on."""
    assert record_mission(short_win(start_configured(GameSetup(mission="shadow_1941", mode="linked", seed=1))))
    g = short_win(start_configured(GameSetup(mission="", mode="linked", seed=2)))
    assert not leaves_the_patrol(g)
    assert record_mission(g) is not None and load_career()["patrol"] is None  # agents_1941 was the last part
    assert str(_goes_on_with(g)) == "the linked patrol is over: start a new game with kaleun play."


def test_5_2_resuming_the_given_up_part_says_so_first_and_its_end_at_the_table_too(home, capsys):
    from kaleun.runtime.debrief_output import DebriefOutput

    ended, patrol = given_up_part(home)
    _resume_game(argparse.Namespace(save=str(home / "old.json"), table_language="en"))
    assert ("kaleun: the career record's linked patrol has changed since this part began: when it ends, its result "
            "is booked with the career's missions only, and the linked patrol in the record is left as it is.") \
        in capsys.readouterr().err
    told: list = []
    output = DebriefOutput(ended, home / "sessions", "s1")
    output.report = told.append
    output.book()
    assert [str(t) for t in told] == [
        "The career record's linked patrol has changed since this part began: its result is booked with the career's "
        "missions only, and the linked patrol in the record is left as it is (kaleun career shows both)."]
    assert load_career()["patrol"] == patrol


def test_5_2_a_saved_part_of_a_patrol_given_up_is_not_offered_as_the_way_to_go_on(home):
    """`kaleun play --linked` (and the window's set-up) name a part held in the autosave, not over yet, as the way to
    go on with the patrol instead; a part begun before the record's patrol changed is not one."""
    from kaleun.career import held_part

    assert record_mission(short_win(start_configured(GameSetup(mission="sc_convoy_1940", mode="linked", seed=1))))
    save_game(start_configured(GameSetup(mission="", mode="linked", seed=2)), home / "old.json")
    assert held_part(home / "old.json", "linked", load_career()) == ("weather_1940", "autumn_1940")
    assert record_mission(short_win(start_configured(GameSetup(mission="shadow_1941", mode="linked", seed=3))))
    assert held_part(home / "old.json", "linked", load_career()) is None
