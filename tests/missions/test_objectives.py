"""The objectives' own checks (rulebook §4.1: what a mission asks; the kinds and their fields are described in
kaleun.uboot.missions.objectives): each field a mission file may give narrows what counts, and each is
tested by a case it lets through and a case it stops."""

from __future__ import annotations

from dataclasses import replace

from kaleun.uboot.missions.objectives import (
    Situation,
    advance,
    build,
    rendezvous_conditions,
    report_counts,
    sinking_counts,
    tonnage_counts,
)
from missionkit import advance as play_on
from missionkit import game, one


def objective(kind: str, **spec):
    return build({"id": "o", "kind": kind, "text": "An objective.", **spec}, primary=True, default_fame=100)


SHIP = {"type": "merchant", "class": "tramp", "cause": "torpedo", "convoy": True}


def test_4_1_a_sinking_counts_only_of_the_type_class_cause_and_convoy_asked_for():
    assert sinking_counts(objective("sink"), SHIP)
    assert sinking_counts(objective("sink", type="merchant"), SHIP)
    assert not sinking_counts(objective("sink", type="escort"), SHIP)
    assert sinking_counts(objective("sink", **{"class": ["tanker", "tramp"]}), SHIP)
    assert not sinking_counts(objective("sink", **{"class": "tanker"}), SHIP)
    assert sinking_counts(objective("sink", cause="torpedo"), SHIP)
    assert not sinking_counts(objective("sink", cause="gunfire"), SHIP)
    assert sinking_counts(objective("sink", convoy=True), SHIP)
    assert not sinking_counts(objective("sink", convoy=True), {**SHIP, "convoy": False})
    assert sinking_counts(objective("sink"), {**SHIP, "convoy": False})


def test_4_1_tonnage_counts_merchants_only_and_with_convoy_only_a_convoy_s():
    assert tonnage_counts(objective("grt", grt=1000), {**SHIP, "grt": 4800})
    assert tonnage_counts(objective("grt", grt=1000), {**SHIP, "grt": 4800, "convoy": False})
    assert not tonnage_counts(objective("grt", grt=1000), {**SHIP, "type": "escort", "grt": 0})
    assert tonnage_counts(objective("grt", grt=1000, convoy=True), {**SHIP, "grt": 4800})
    assert not tonnage_counts(objective("grt", grt=1000, convoy=True), {**SHIP, "grt": 4800, "convoy": False})


def test_4_1_the_slow_convoy_s_tonnage_is_sunk_from_the_convoy_not_from_a_lone_ship_met_by_chance():
    """sc_convoy_1940 asks for "10,000 GRT from the slow convoy": a lone tramp sunk on the way (the mission has
    light traffic) brings GRT fame but no progress; a ship of the convoy does."""
    g = game("sc_convoy_1940", changes={
        "vessel": [{"class": "tramp", "bearing": 90, "range_nm": 5}],
        "convoy": [{"kind": "SC", "bearing": 270, "range_nm": 12, "course": 110, "columns": 2,
                    "ships_per_column": 2, "escorts": ["flower"]}]})
    sea = g.module("sea")
    lone = next(vid for vid, v in sea.vessels.items() if v.group is None)
    sea.sink(lone, "torpedo")
    play_on(g, g.t + 60)
    tonnage = g.module("mission").objectives["tonnage"]
    assert tonnage.progress == 0
    in_convoy = next(vid for vid, v in sea.vessels.items() if v.group is not None and v.cls.type == "merchant")
    grt = sea.vessels[in_convoy].cls.grt
    sea.sink(in_convoy, "torpedo")
    events = play_on(g, g.t + 60)
    assert tonnage.progress == grt
    assert one(events, "objective")["progress"] == grt


def test_4_1_a_report_counts_by_its_kind_its_area_and_every_h_hours_after_the_last_that_counted():
    weather = objective("report", report="weather", every_h=10, count=3)
    assert report_counts(weather, "weather", 0.0, inside=True)
    assert not report_counts(weather, "position", 0.0, inside=True)
    weather.memo["last"] = 3600.0
    assert not report_counts(weather, "weather", 3600.0 + 9.9 * 3600, inside=True)
    assert report_counts(weather, "weather", 3600.0 + 10 * 3600, inside=True)
    placed = objective("report", report="position", square="BF46")
    assert report_counts(placed, "position", 0.0, inside=True)
    assert not report_counts(placed, "position", 0.0, inside=False)


AT_SEA = Situation(t=3600.0, dt=60.0, lat=50.0, lon=-20.0, surfaced=True, speed_kn=0.0, phase="night",
                   convoy_contact=True)


def test_4_1_shadowing_counts_only_the_time_with_a_convoy_ship_in_the_picture():
    shadow = objective("shadow", hours=1)
    advance(shadow, AT_SEA)
    advance(shadow, replace(AT_SEA, convoy_contact=False))
    assert shadow.progress * 60 == 1.0  # minutes: the minute without a contact does not count


def test_4_1_a_rendezvous_is_kept_surfaced_stopped_at_the_place_within_its_window():
    meet = objective("rendezvous", point=[50.0, -20.0], radius_nm=2, minutes=10, window_h=[0, 2])
    assert rendezvous_conditions(meet, AT_SEA) is None
    assert rendezvous_conditions(meet, replace(AT_SEA, surfaced=False)) == "submerged"
    assert rendezvous_conditions(meet, replace(AT_SEA, speed_kn=3.0)) == "under way"
    assert rendezvous_conditions(meet, replace(AT_SEA, t=3 * 3600.0)) == "outside the time window"
    assert rendezvous_conditions(meet, replace(AT_SEA, lat=51.0)) == "not at the place"
    submerged = objective("rendezvous", point=[50.0, -20.0], radius_nm=2, minutes=10, surfaced=False)
    assert rendezvous_conditions(submerged, replace(AT_SEA, surfaced=False)) is None
    # a break starts the count again
    assert not advance(meet, AT_SEA) and not advance(meet, replace(AT_SEA, t=AT_SEA.t + 300))
    assert meet.progress == 5.0
    advance(meet, replace(AT_SEA, t=AT_SEA.t + 360, surfaced=False))
    assert meet.progress == 0.0
    assert not advance(meet, replace(AT_SEA, t=AT_SEA.t + 420))
    assert advance(meet, replace(AT_SEA, t=AT_SEA.t + 420 + 600))
