"""HQ's signals and the encounters come while the patrol lasts (rulebook §4.2: the mission ends at its time limit;
§8: HQ sends the secondary objectives during the mission): a mission file timing one at or after its time limit,
or asking what can never be, is refused with `file:line: problem` (host/README.md, "The mission file format"). A
signal's `id` is what a later signal or encounter's `after` names: it comes `delay_h` after HQ sent that signal."""

from __future__ import annotations

import pytest
from kaleun.uboot.game import new_game
from kaleun.uboot.missions.catalogue import MissionError, check_text
from missionkit import MISSION_TOML, advance, named

H = 3600.0


def refused(extra: str, mission: str = MISSION_TOML) -> list[str]:
    with pytest.raises(MissionError) as err:
        check_text(mission + extra, "mine.toml", "mine")
    return err.value.problems


@pytest.mark.parametrize("extra, problem", [
    ('\n[[radio]]\nat_h = 30\ntext = "Come home."\n',
     "mine.toml:15: mine: radio[0].at_h: the signal comes 30 h after the start at the earliest, not before the time "
     "limit (time_limit_h = 24): the patrol is over first and it never comes"),
    ('\n[[radio]]\nat_h = 24\ntext = "Come home."\n',  # the patrol ends at the limit, before the signal
     "mine.toml:15: mine: radio[0].at_h: the signal comes 24 h after the start at the earliest, not before the time "
     "limit (time_limit_h = 24): the patrol is over first and it never comes"),
    ('\n[[radio]]\nat_h = [20, 30]\ntext = "Report the weather."\n'
     'objective = { id = "w", kind = "report", report = "weather", text = "Send a weather report." }\n',
     "mine.toml:15: mine: radio[0].at_h: the signal and the objective it carries may come as late as 30 h after the "
     "start, not before the time limit (time_limit_h = 24): in some games the patrol is over first"),
    ('\n[[radio]]\nafter = "go"\ndelay_h = [25, 26]\ntext = "Well done."\n',
     "mine.toml:15: mine: radio[0].after: the signal comes 25 h after the start at the earliest, not before the time "
     "limit (time_limit_h = 24): the patrol is over first and it never comes"),
    ('\n[[encounter]]\nat_h = 26\nvessel = { class = "flower" }\n',
     "mine.toml:15: mine: encounter[0].at_h: the encounter comes 26 h after the start at the earliest, not before the "
     "time limit (time_limit_h = 24): the patrol is over first and it never comes"),
])
def test_4_2_a_signal_or_encounter_timed_after_the_time_limit_is_refused_with_its_line(extra, problem):
    assert refused(extra) == [problem]


def test_4_2_a_signal_just_before_the_time_limit_or_after_an_objective_is_accepted():
    found = check_text(MISSION_TOML + '\n[[radio]]\nat_h = [20, 23.9]\ntext = "Hurry."\n\n[[radio]]\nafter = "go"\n'
                       'delay_h = [1, 30]\ntext = "Well done."\n', "mine.toml", "mine")
    assert len(found["mine"]["radio"]) == 2


def test_4_2_a_game_may_shorten_the_time_limit_and_its_late_signals_do_not_come():
    """The checks against the time limit are the file's: a set-up's changes (an exercise ending after an hour)
    may shorten it, and what would come later does not come."""
    g = new_game(0, "weather_1940", {"time_limit_h": 1, "surfaced": True})
    events = advance(g, 2 * H)
    assert named(events, "mission_end") and not named(events, "radio_message")


def test_4_2_an_objective_that_cannot_be_met_before_the_time_limit_is_refused():
    station = MISSION_TOML.replace('kind = "reach"', 'kind = "station"\nhours = 30\nby_h = 25')
    assert refused("", station) == [
        "mine.toml:11: mine: objective[0].hours = 30: a station that long takes the whole patrol or more "
        "(time_limit_h = 24): it can never be met",
        "mine.toml:12: mine: objective[0].by_h = 25 is after the time limit (time_limit_h = 24): the patrol is over "
        "first"]


def test_4_1_an_objective_that_takes_longer_than_its_own_deadline_leaves_it_is_refused():
    """An objective fails when its `by_h` passes unmet (§4.1). A station, shadow or run of reports that needs more
    time than its deadline leaves it, from the moment it is given (a secondary's signal at the earliest), can never
    be met: the file is refused with its line, as one longer than the whole patrol is."""
    station = MISSION_TOML.replace('kind = "reach"', 'kind = "station"\nhours = 5\nby_h = 3')
    assert refused("", station) == [
        "mine.toml:11: mine: objective[0].hours = 5: a station that long cannot be over by its deadline (by_h = 3): it "
        "can never be met"]
    problems = refused('\n[[radio]]\nat_h = [6, 8]\ntext = "Shadow it."\n'
                       'objective = { id = "s", kind = "shadow", hours = 4, text = "Shadow.", by_h = 9 }\n'
                       '\n[[radio]]\nat_h = 2\ntext = "Report the weather."\n'
                       'objective = { id = "w", kind = "report", report = "weather", count = 3, every_h = 4, '
                       'text = "Report.", by_h = 9 }\n')
    assert problems == [
        "mine.toml:17: mine: radio[0].objective.hours = 4: a shadow that long cannot be over by its deadline (by_h = "
        "9, 6 h after the start its signal comes at the earliest): it can never be met",
        "mine.toml:22: mine: radio[1].objective.every_h: 3 reports 4 h apart take 8 h, more than its deadline allows "
        "(by_h = 9, 2 h after the start its signal comes at the earliest): it can never be met"]
    # just enough time is accepted
    check_text(MISSION_TOML.replace('kind = "reach"', 'kind = "station"\nhours = 3\nby_h = 3'), "mine.toml", "mine")


def test_8_a_secondary_objective_whose_deadline_passes_before_its_signal_comes_is_refused():
    problems = refused('\n[[radio]]\nat_h = [6, 8]\ntext = "Report the weather."\n'
                       'objective = { id = "w", kind = "report", report = "weather", text = "Report.", by_h = 5 }\n')
    assert problems == ["mine.toml:17: mine: radio[0].objective.by_h: the objective's deadline (5 h after the start) "
                        "has passed before the signal carrying it can come (6 h at the earliest): it would fail at "
                        "once"]


# -- a signal's id ----------------------------------------------------------------------------------------
def test_8_a_later_signal_and_an_encounter_may_come_after_a_named_signal():
    found = check_text(MISSION_TOML + '\n[[radio]]\nid = "warning"\nat_h = 2\ntext = "Aircraft expected."\n\n'
                       '[[radio]]\nafter = "warning"\ndelay_h = 3\ntext = "Aircraft overhead."\n\n'
                       '[[encounter]]\nafter = "warning"\ndelay_h = 1\naircraft = { type = "sunderland" }\n',
                       "mine.toml", "mine")
    assert found["mine"]["radio"][1]["after"] == "warning"


def test_8_a_signal_after_a_named_signal_comes_its_delay_after_hq_sent_that_one():
    changes = {"surfaced": True, "encounter": [], "radio": [
        {"id": "first", "at_h": 1, "text": "Convoy expected."},
        {"after": "first", "delay_h": 2, "text": "Convoy turned north."}]}
    g = new_game(0, "prize_rules_1939", changes)
    g.take_events()
    received = [e for e in named(advance(g, 5 * H), "radio_message") if e["state"] == "received"]
    assert [(e["message"], e["sent_at"]) for e in received] == [("m1", 1 * H), ("m2", 3 * H)]


@pytest.mark.parametrize("extra, problem", [
    ('\n[[radio]]\nid = "a"\nat_h = 1\ntext = "A."\n\n[[radio]]\nid = "a"\nat_h = 2\ntext = "B."\n',
     "mine.toml:20: mine: radio[1].id: 'a' is used twice (also radio[0].id)"),
    ('\n[[radio]]\nid = "go"\nat_h = 1\ntext = "A."\n',
     "mine.toml:15: mine: radio[0].id: 'go' is also an objective's id: an after naming it would not say which it "
     "waits for"),
    ('\n[[radio]]\nafter = "nothing"\ntext = "A."\n\n[[radio]]\nid = "a"\nat_h = 1\ntext = "B."\n',
     "mine.toml:15: mine: radio[0].after: no objective 'nothing' (objectives: go; signals: a)"),
])
def test_8_a_signal_id_used_twice_or_named_by_no_after_is_refused(extra, problem):
    assert refused(extra) == [problem]


def test_8_signals_waiting_for_each_other_never_come_and_are_refused():
    problems = refused('\n[[radio]]\nid = "a"\nafter = "b"\ntext = "A."\n\n'
                       '[[radio]]\nid = "b"\nafter = "a"\ntext = "B."\n')
    assert problems == [
        "mine.toml:16: mine: radio[0].after: the signals 'b', 'a' wait for each other: none of them ever comes",
        "mine.toml:21: mine: radio[1].after: the signals 'a', 'b' wait for each other: none of them ever comes"]


def test_8_a_chain_of_signals_is_timed_against_the_time_limit_too():
    problems = refused('\n[[radio]]\nid = "a"\nat_h = 10\ntext = "A."\n\n'
                       '[[radio]]\nafter = "a"\ndelay_h = [10, 15]\ntext = "B."\n')
    assert problems == ["mine.toml:20: mine: radio[1].after: the signal may come as late as 25 h after the start, not "
                        "before the time limit (time_limit_h = 24): in some games the patrol is over first"]


# -- what the feed would read wrongly ---------------------------------------------------------------------------
@pytest.mark.parametrize("extra, problem", [
    ('\n[[radio]]\nat_h = 1\ntext = "Convoy in {square}."\n',
     "mine.toml:16: mine: radio[0].text: {square} is given no value: a signal's text takes {square}, {course} and "
     "{speed} only with the signal's encounter, or the feed reads the braces"),
    ('\n[answers]\nconvoy = [{ answer = "shadow", weight = 1, text = "Convoy at {where} received." }]\n',
     "mine.toml:15: mine: answers.convoy[0].text: {where} is given no value: an answer's text takes {square} and "
     "{boats}, or the feed reads the braces"),
])
def test_8_a_text_naming_a_value_it_is_not_given_is_refused(extra, problem):
    assert refused(extra) == [problem]


def test_8_a_signal_text_without_an_encounter_may_hold_a_brace():
    text = MISSION_TOML + '\n[[radio]]\nat_h = 1\ntext = "Stay clear of the { marked } zone."\n'
    assert check_text(text, "mine.toml", "mine")["mine"]["radio"][0]["text"] == "Stay clear of the { marked } zone."


def test_8_an_encounter_id_used_twice_is_refused():
    problems = refused('\n[[encounter]]\nat_h = 1\nvessel = { class = "flower" }\n\n'
                       '[[encounter]]\nid = "e1"\nat_h = 2\nvessel = { class = "flower" }\n')
    assert problems == ["mine.toml:19: mine: encounter[1].id: 'e1' is used twice (also encounter[0]; an encounter "
                        "without an id is e1, e2 ... in file order)"]


def test_8_a_signal_telling_where_an_encounter_is_comes_once_it_is_there():
    """A signal's text tells the encounter's square, course and speed; sent before the encounter is placed it
    read "?" for each."""
    convoy = ('\n[[encounter]]\nid = "c"\nat_h = [2, 4]\nsquare = "BF45"\n'
              'convoy = { kind = "OB", course = 270, columns = 2, ships_per_column = 2 }\n\n'
              '[[radio]]\nat_h = {at}\nencounter = "c"\ntext = "Convoy in {{square}}."\n')
    problems = refused(convoy.replace("{at}", "3"))
    assert problems == ["mine.toml:22: mine: radio[0].encounter: the signal may come 3 h after the start, before "
                        "encounter 'c' is there (it comes up to 4 h after the start): the text would tell '?' for its "
                        "square, course and speed"]
    assert check_text(MISSION_TOML + convoy.replace("{at}", "[4, 5]").replace("{{", "{").replace("}}", "}"),
                      "mine.toml", "mine")


def test_4_2_reports_further_apart_than_the_patrol_is_long_are_refused():
    reports = MISSION_TOML.replace('kind = "reach"\nsquare = "BF45"', 'kind = "report"\nreport = "weather"\n'
                                   'count = 3\nevery_h = 12')
    assert refused("", reports) == ["mine.toml:13: mine: objective[0].every_h: 3 reports 12 h apart take 24 h, the "
                                    "whole patrol or more (time_limit_h = 24): it can never be met"]


@pytest.mark.parametrize("extra", [
    '\n[[radio]]\nat_h = [5, 6]\ntext = "A."\nobjective = { id = "w", kind = "report", report = "weather", '
    'text = "W.", by_h = "soon" }\n',
    '\n[[radio]]\nid = 5\nafter = ["go"]\ndelay_h = "x"\ntext = "A {b"\nencounter = 7\n',
    '\n[[encounter]]\nid = ["e"]\nat_h = "late"\nvessel = { class = "flower" }\n',
    '\n[answers]\nconvoy = "x"\n',
])
def test_a_mistake_in_a_timed_field_is_refused_by_its_own_check_and_never_crashes_the_check(extra):
    assert refused(extra)
    assert refused(extra, MISSION_TOML.replace("time_limit_h = 24", 'time_limit_h = "a day"'))


def test_objectives_that_are_no_list_are_refused_without_a_crash():
    assert refused("", MISSION_TOML.replace("[[objective]]\n", "objective = 5\n[[radio]]\n"))
