"""§11 aircraft by their dates (aircraft.toml `from_year`, optional `from_date`): the Leigh Light Wellington
came into service in June 1942 (en.wikipedia "Leigh light": operational June 1942, first successful attack
on 5 July 1942), so it flies no patrols from January to May 1942; a type without a `from_date` flies from
1 January of its year, so the missions of the other years draw the aircraft they always drew."""

from __future__ import annotations

import sys
from datetime import date
from pathlib import Path

import pytest
from kaleun.uboot.game import new_game
from kaleun.uboot.missions.catalogue import MissionError, check_text
from kaleun.uboot.sea.classes import aircraft_types
from kaleun.uboot.sea.scenario import reachable_types

sys.path.insert(0, str(Path(__file__).parents[1] / "missions"))
from missionkit import MISSION_TOML

SEEDS = range(4)
OFF_BRITTANY = (47.2, -6.5)  # within every type's reach from Cornwall (St Eval)


def _patrol_types(start: str, seed: int, hours: int = 72) -> set[str]:
    """The aircraft types that fly over a surfaced boat off Brittany under heavy air cover."""
    game = new_game(seed, "patrol_atlantic", {"start": start, "air_cover": "heavy", "traffic": "none"})
    seen: set[str] = set()
    for _ in range(hours):
        game.advance(3600)
        seen |= {a.tid for a in game.module("sea").aircraft.values()}
    return seen


def test_11_no_leigh_light_wellington_patrols_before_june_1942():
    flown = set().union(*(_patrol_types("1942-03-01T08:00:00", seed) for seed in SEEDS))
    assert "sunderland" in flown and "wellington" not in flown


def test_11_the_leigh_light_wellington_patrols_from_june_1942():
    flown = set().union(*(_patrol_types("1942-07-01T08:00:00", seed) for seed in SEEDS))
    assert "wellington" in flown


def test_11_the_first_day_is_data_and_a_type_without_one_flies_from_january():
    types = aircraft_types()
    assert types["wellington"].first_day == date(1942, 6, 1)
    assert types["sunderland"].first_day == date(1939, 1, 1)
    assert types["liberator"].first_day == date(1943, 1, 1)
    assert "wellington" not in reachable_types(date(1942, 5, 31), *OFF_BRITTANY)
    assert "wellington" in reachable_types(date(1942, 6, 1), *OFF_BRITTANY)


@pytest.mark.parametrize("day", [date(1939, 9, 3), date(1940, 6, 1), date(1941, 12, 31), date(1943, 1, 1),
                                 date(1944, 6, 6)])
def test_11_missions_of_other_years_draw_the_aircraft_of_their_year(day):
    """Outside 1942 the day decides nothing the year did not: the types are those whose from_year is the
    mission's year or earlier (replays of those missions are unchanged)."""
    by_year = {tid for tid, kind in aircraft_types().items() if kind.from_year <= day.year}
    for where in (OFF_BRITTANY, (58.0, -12.0), (55.0, -30.0)):
        assert set(reachable_types(day, *where)) <= by_year
        assert set(reachable_types(day, *where)) == set(reachable_types(date(day.year, 12, 31), *where))


def _mission_starting(start: str) -> str:
    return MISSION_TOML.replace('start = "1941-06-01T04:00:00"', f'start = "{start}"') + """
[[encounter]]
at_h = 2
convoy = { kind = "HX", escorts = ["flower"], air_escort = ["wellington"] }
"""


def test_11_a_mission_giving_a_convoy_a_leigh_light_escort_before_june_1942_is_refused_with_the_day():
    with pytest.raises(MissionError) as err:
        check_text(_mission_starting("1942-05-31T22:00:00"), "mine.toml", "mine")
    assert err.value.problems == ["mine.toml:16: mine: encounter[0].convoy.air_escort: the Vickers Wellington "
                                  "(Leigh Light) flies no patrols before 1 June 1942 (the mission starts on 31 May "
                                  "1942)"]
    check_text(_mission_starting("1942-06-01T04:00:00"), "mine.toml", "mine")  # from that day it may
