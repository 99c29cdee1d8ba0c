"""Objectives no game could meet are refused with `file:line: problem` (rulebook §4.1: the objectives decide the
mission; host/README.md, "The mission file format"): a ship class of another type than the objective's, a mines
objective on a boat without (enough) mines (rulebook §10.1: mines go out of the tubes)."""

from __future__ import annotations

import pytest
from kaleun.uboot.missions.catalogue import MissionError, check_text
from missionkit import MISSION_TOML

#: the test mission in 1939 off Wilhelmshaven, where the TMB loadout is issued
IN_1939 = MISSION_TOML.replace('start = "1941-06-01T04:00:00"', 'start = "1939-11-01T04:00:00"') \
    .replace('base = "lorient"', 'base = "wilhelmshaven"')


def refused(text: str) -> list[str]:
    with pytest.raises(MissionError) as err:
        check_text(text, "mine.toml", "mine")
    return err.value.problems


def test_4_1_a_sink_objective_naming_a_class_of_another_type_is_refused():
    text = MISSION_TOML.replace('kind = "reach"\nsquare = "BF45"', 'kind = "sink"\ntype = "merchant"\n'
                                'class = ["flower", "tramp"]')
    assert refused(text) == ["mine.toml:12: mine: objective[0].class: the Flower-class corvette is an escort, not a "
                             "merchant (type = 'merchant'): one sunk never counts"]
    assert check_text(text.replace('"flower", ', ""), "mine.toml", "mine")


def test_10_1_a_mines_objective_on_a_boat_without_mines_is_refused():
    assert refused(MISSION_TOML.replace('kind = "reach"', 'kind = "mines"')) == [
        "mine.toml:8: mine: objective[0]: a mines objective, but the date's loadout (the mission names none) holds no "
        "mines: name a loadout with mines (loadout = \"tmb_1939\")"]


@pytest.mark.parametrize(("count", "problems"), [
    (9, []),
    (40, ["mine.toml:12: mine: objective[0]: 40 mines to lay, but the loadout tmb_1939 holds 18 mines: it can never "
          "be met"]),
])
def test_10_1_a_mines_objective_asks_for_no_more_mines_than_the_loadout_holds(count, problems):
    text = IN_1939.replace('kind = "reach"', f'kind = "mines"\ncount = {count}') \
        .replace("time_limit_h", 'loadout = "tmb_1939"\ntime_limit_h')
    if problems:
        assert refused(text) == problems
    else:
        assert check_text(text, "mine.toml", "mine")


def test_an_unknown_loadout_is_refused_once_not_again_as_a_boat_without_mines():
    text = MISSION_TOML.replace('kind = "reach"', 'kind = "mines"').replace("time_limit_h", 'loadout = "nope"\n'
                                                                                          "time_limit_h")
    problems = refused(text)
    assert len(problems) == 1 and problems[0].startswith("mine.toml:5: mine: loadout: 'nope' is not one of: ")


def test_rounds_for_a_gun_landed_before_the_patrol_sailed_are_refused():
    """guns.toml: the 88 mm gun is landed from mid-1943 ([gap] day): a mission after it giving the gun rounds
    is a mistake of its file (the rounds would never be shown or fired)."""
    late = MISSION_TOML.replace('start = "1941-06-01T04:00:00"', 'start = "1943-09-01T04:00:00"')
    text = late.replace("time_limit_h", "ammo = { gun_88 = 100, gun_20 = 500 }\ntime_limit_h")
    assert [p.split(": ", 2)[2] for p in refused(text)] == [
        "ammo.gun_88: a boat sailing on 1943-09-01 has no gun_88 (landed after 1943-06-30, guns.toml): its rounds "
        "would go unused"]
    assert check_text(late.replace("time_limit_h", "ammo = { gun_20 = 500 }\ntime_limit_h"), "mine.toml", "mine")
    assert check_text(MISSION_TOML.replace("time_limit_h", "ammo = { gun_88 = 100 }\ntime_limit_h"), "mine.toml",
                      "mine")
