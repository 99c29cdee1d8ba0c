"""The mission's date against the data's dates (rulebook §4.1: the briefing's date and base; §11 of the
digest: the enemy of the mission's year): a mission may not sail from a base before U-boats used it, and
its enemy may not bring a ship class before the first of the class was in service. The catalogue refuses
such a mission with `file:line: problem` when it is read."""

from __future__ import annotations

from datetime import date

import pytest
from kaleun.uboot.missions import catalogue as cat
from kaleun.uboot.missions.catalogue import MissionError, catalogue, check_text
from missionkit import MISSION_TOML, catalogue_refused

ST_NAZAIRE = MISSION_TOML.replace('start = "1941-06-01T04:00:00"', 'start = "{start}"').replace(
    'base = "lorient"', 'base = "st_nazaire"')


def test_4_1_no_boat_sails_from_st_nazaire_before_the_first_u_boat_put_in_on_29_september_1940():
    """U-46 was the first U-boat at St-Nazaire, on 29 September 1940; the 7th Flotilla moved there only in
    1941 (bases.toml names the sources). A mission from St-Nazaire a week earlier is refused, to the day."""
    assert cat.base_dates()["st_nazaire"] == date(1940, 9, 29)
    with pytest.raises(MissionError) as err:
        check_text(ST_NAZAIRE.format(start="1940-09-22T08:00:00"), "early.toml", "early")
    assert err.value.problems == ["early.toml:3: early: base: St-Nazaire took U-boats only from 29 September 1940; "
                                  "the mission starts on 22 September 1940"]
    assert check_text(ST_NAZAIRE.format(start="1940-10-01T08:00:00"), "early.toml", "early")


def test_4_1_every_shipped_mission_sails_from_a_base_already_in_use():
    for mid, spec in catalogue().missions.items():
        if "base" in spec:
            assert date.fromisoformat(spec["start"][:10]) >= cat.base_dates()[spec["base"]], mid


def test_a_base_without_a_day_stops_the_catalogue_with_file_and_line(monkeypatch):
    bases = {bid: dict(spec) for bid, spec in cat.BASES.items()}
    bases["st_nazaire"]["from_date"] = "autumn 1940"
    monkeypatch.setattr(cat, "BASES", bases)
    problems = catalogue_refused(monkeypatch)
    from importlib import resources

    lines = resources.files("kaleun.uboot.data").joinpath("bases.toml").read_text(encoding="utf-8").splitlines()
    table = lines.index("[st_nazaire]")
    line = next(n for n in range(table, len(lines)) if lines[n].startswith("from_date")) + 1
    assert problems == [f"bases.toml:{line}: bases: st_nazaire: from_date must be a day like \"1940-09-29\", "
                                  "got 'autumn 1940'"]


HUNTED = """\
name = "Early escort"
start = "{start}"
base = "kiel"
square = "AN16"
time_limit_h = 24
briefing = "A test."

[[objective]]
id = "escort"
kind = "sink"
class = ["{sink}"]
text = "Sink an escort."

[[encounter]]
at_h = 1
convoy = {{ kind = "HX", escorts = ["black_swan", "{escort}"] }}

[[encounter]]
at_h = 2
vessel = {{ class = "{vessel}", bearing = 10, range_nm = 5 }}
"""


def test_11_a_ship_class_is_refused_before_the_first_of_it_was_in_service_to_the_day():
    """The year alone let a Hunt-class destroyer escort a convoy in March 1940; the first Hunt, HMS Atherstone,
    was commissioned on 23 March 1940, the first Flower on 6 April 1940 (ships.toml names the sources). The
    escorts, the vessels and a sink objective's classes are all checked against the mission's day."""
    early = HUNTED.format(start="1940-03-15T08:00:00", escort="hunt", vessel="flower", sink="flower")
    with pytest.raises(MissionError) as err:
        check_text(early, "early.toml", "early")
    assert err.value.problems == [
        "early.toml:11: early: objective[0].class: the Flower-class corvette is not at sea before 6 April 1940 "
        "(the mission starts on 15 March 1940)",
        "early.toml:16: early: encounter[0].convoy.escorts: the Hunt-class destroyer is not at sea before "
        "23 March 1940 (the mission starts on 15 March 1940)",
        "early.toml:20: early: encounter[1].vessel.class: the Flower-class corvette is not at sea before "
        "6 April 1940 (the mission starts on 15 March 1940)",
    ]
    later = HUNTED.format(start="1940-04-10T08:00:00", escort="hunt", vessel="flower", sink="flower")
    assert check_text(later, "later.toml", "later")


def test_11_every_ship_class_has_its_day_and_every_shipped_mission_sets_up_classes_already_in_service():
    dates = cat.class_dates()
    assert set(dates) == set(cat.ship_classes())
    assert dates["hunt"] == date(1940, 3, 23) and dates["flower"] == date(1940, 4, 6)
    assert dates["black_swan"] == date(1939, 11, 3) and dates["river"] == date(1942, 4, 3)
    assert all(cat.ship_classes()[cid].from_year >= day.year for cid, day in dates.items())
    assert catalogue().missions  # every shipped mission passed the check when it was read


def test_4_1_the_narvik_troop_convoy_of_april_1940_is_escorted_by_sloops_that_were_there():
    """torpedo_crisis_1940 (15 April 1940, off the Lofoten) had a Hunt among the escorts: the one Hunt in
    commission was three weeks old and working up for the Channel. The Black Swan-class sloops served off
    Norway that April (HMS Black Swan was bombed at Andalsnes on 27 April 1940; en.wikipedia "HMS Black
    Swan"), so the troop convoy has two of them."""
    (troops,) = [e for e in catalogue().missions["torpedo_crisis_1940"]["encounter"] if "convoy" in e]
    assert troops["convoy"]["escorts"] == ["black_swan", "black_swan"]


def test_a_ship_class_without_a_day_stops_the_catalogue_with_file_and_line(monkeypatch):
    ships = {**cat.SHIPS, "classes": {cid: dict(spec) for cid, spec in cat.SHIPS["classes"].items()}}
    ships["classes"]["hunt"]["from_date"] = 1940
    ships["classes"]["river"]["from_year"] = 1941
    monkeypatch.setattr(cat, "SHIPS", ships)
    problems = catalogue_refused(monkeypatch)
    found = [p.split(": ", 2) for p in problems]
    assert [(where.split(":")[0], what, problem) for where, what, problem in found] == [
        ("ships.toml", "ships", "river: from_year = 1941 is before from_date (1942-04-03): the sea would draw the "
                                "class before it existed"),
        ("ships.toml", "ships", "hunt: from_date must be a day like \"1940-09-29\", got 1940"),
    ]
