"""Rulebook §5.2 (a linked patrol played in parts over several evenings): where a player reads a sentence about the
linked patrol (its next part at a part's end, the career record, a new patrol that gives one up) it is named by the
title its first part gives it (`patrol_name`), in the table's language, not by its id; the id is never typed. A
mission file that leaves the title out, or puts it on a later part, is refused with its file and line. A career
record whose patrol goes on with a mission this Kaleun no longer has is refused with a reason a group can act on."""

from __future__ import annotations

import json

import pytest
from kaleun.career import CareerError, career_messages, load_career
from kaleun.i18n import language
from kaleun.uboot.missions.catalogue import MissionError, catalogue, check_text, patrol_titled
from kaleun.uboot.missions.own import read_own
from kit import run_kaleun
from missionkit import MISSION_TOML, catalogue_refused

RECORD = {"format": "kaleun-career", "version": 1, "missions": [],
          "totals": {"missions": 1, "score": 0, "fame": 0, "grt": 0, "ships": 0, "crew_lost": 0},
          "campaign": None,
          "patrol": {"id": "autumn_1940", "mode": "linked", "from": "sc_convoy_1940", "next": "weather_1940",
                     "carry": None}}


def test_5_2_every_shipped_linked_patrol_has_a_title_in_each_language():
    patrols = {spec["patrol"] for spec in catalogue().missions.values() if "patrol" in spec}
    assert patrols == {"autumn_1940", "spring_1941"}
    assert {p: str(patrol_titled(p)) for p in patrols} == {"autumn_1940": "Autumn 1940", "spring_1941": "Spring 1941"}
    assert language("de").render(patrol_titled("autumn_1940")) == "Herbst 1940"
    assert language("ru").render(patrol_titled("spring_1941")) == "Весна 1941"


@pytest.mark.parametrize(("code", "title"), [
    ("en", "Linked patrol Autumn 1940 goes on with Weather boat"),
    ("de", "Verknüpfte Feindfahrt „Herbst 1940“ geht weiter mit „Wetterboot“"),
    ("ru", "Связанный поход «Осень 1940» продолжается миссией «Метеоразведчик»")])
def test_5_2_the_career_record_names_the_patrol_in_progress_by_its_title(code, title):
    said = [language(code).render(m) for m in career_messages(RECORD)]
    assert any(line.startswith(title) for line in said), said
    assert not [line for line in said if "autumn_1940" in line], said


def test_5_2_the_first_part_must_give_the_patrol_its_title_and_only_the_first(tmp_path, monkeypatch):
    from kaleun.uboot.missions import catalogue as cat

    first = MISSION_TOML.replace('time_limit_h = 24', 'time_limit_h = 24\npatrol = "p"\npart = 1')
    second = MISSION_TOML.replace('start = "1941-06-01T04:00:00"', 'start = "1941-06-05T04:00:00"') \
        .replace('time_limit_h = 24', 'time_limit_h = 24\npatrol = "p"\npart = 2\npatrol_name = "P"')
    data = tmp_path / "data"
    (data / "missions").mkdir(parents=True)
    (data / "missions.toml").write_text("")
    (data / "missions" / "one.toml").write_text(first)
    (data / "missions" / "two.toml").write_text(second)
    monkeypatch.setattr(cat.resources, "files", lambda package: data)
    assert catalogue_refused(monkeypatch) == [
        "missions/one.toml:1: one: the first part of patrol 'p' needs patrol_name, the patrol's title players read "
        "(\"Autumn 1940\")",
        "missions/two.toml:1: two: patrol_name goes on the first part of patrol 'p' only (one)"]


def test_5_2_a_patrol_title_without_a_patrol_is_refused_at_its_line():
    text = MISSION_TOML.replace('time_limit_h = 24', 'time_limit_h = 24\npatrol_name = "Lost title"')
    with pytest.raises(MissionError) as err:
        check_text(text, "mine.toml", "mine")
    assert [str(p) for p in err.value.problems] == [
        "mine.toml:6: mine: patrol_name needs patrol: it is the title of the linked patrol the mission is the first "
        "part of"]


def test_5_2_a_groups_own_mission_may_not_title_a_patrol():
    own = read_own([("mine.toml", MISSION_TOML.replace('time_limit_h = 24',
                                                       'time_limit_h = 24\npatrol_name = "Lost title"'))])
    assert "mine" not in own.missions
    problems = [str(p) for p in own.refused["mine.toml"]]
    assert any("patrol_name: a group's own mission is played as a single mission" in p for p in problems), problems


def test_5_2_a_record_going_on_with_a_mission_this_kaleun_lacks_says_so(home):
    """A part renamed or removed by an update: `kaleun career` names the mission and what the group can do, not
    the list of every mission id expected."""
    record = json.loads(json.dumps(RECORD))
    record["patrol"]["next"] = "weather_1939"
    (home / "career.json").write_text(json.dumps(record), encoding="utf-8")
    with pytest.raises(CareerError) as err:
        load_career()
    said = str(err.value)
    assert said == (f"{home / 'career.json'}: the career record's linked patrol goes on with weather_1939, a mission "
                    "this Kaleun does not have (its file was removed or renamed, or a newer Kaleun wrote the record): "
                    "play on with the Kaleun that has it, or move the record away to begin a new career; the file was "
                    "kept as it is")
    result = run_kaleun("career", "--language", "ru", home=home)
    assert result.returncode != 0
    problem = result.stderr.splitlines()[0]  # the record's problem; the lines after it say what to do, in general
    assert "кампания" not in problem and "связанный поход в записи карьеры продолжается миссией weather_1939, " \
        "которой нет в этой версии Kaleun" in problem, result.stderr
    assert "agents_1941" not in result.stderr


def test_4_3_a_campaign_going_on_with_a_mission_this_kaleun_lacks_says_so(home):
    record = json.loads(json.dumps(RECORD))
    record["patrol"] = None
    record["campaign"] = {"state": "running", "started": "2025-03-14T20:00:00.000000", "done": ["prize_rules_1939"],
                          "next": "minefield_1938", "score": 0, "fame": 0, "grt": 0, "grades": ["C"], "patrol": None}
    (home / "career.json").write_text(json.dumps(record), encoding="utf-8")
    with pytest.raises(CareerError) as err:
        load_career()
    assert "the career record's campaign goes on with minefield_1938, a mission this Kaleun does not have" \
        in str(err.value)


def test_5_2_the_missions_json_gives_each_part_its_patrols_title(home):
    rows = {row["id"]: row for row in json.loads(run_kaleun("missions", "--json", home=home).stdout)}
    assert (rows["weather_1940"]["patrol"], rows["weather_1940"]["patrol_name"]) == ("autumn_1940", "Autumn 1940")
    assert rows["training"]["patrol_name"] is None
