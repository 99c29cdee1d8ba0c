"""A mission's convoy belongs to a series that really sailed that day, on that route (rulebook §11 of the
digest: the enemy of the mission's year; sea facts: HX and SC homeward, SC only from August 1940, OB and
ON outbound, PQ to North Russia). `convoys.toml` gives each series its dates, heading and waters; the
catalogue refuses a convoy outside them with `file:line: problem`."""

from __future__ import annotations

import pytest
from kaleun.uboot.missions.catalogue import MissionError, catalogue, check_text

CONVOY = """\
name = "Convoy series"
start = "{start}"
base = "kiel"
square = "AF31"
position = [{lat}, {lon}]
time_limit_h = 24
briefing = "A test."

[[objective]]
id = "ship"
kind = "sink"
convoy = true
text = "Sink a ship of the convoy."

[[encounter]]
at_h = 1
convoy = {{ kind = "{kind}", course = {course} }}
"""


def refused(kind: str, start: str, course: float, lat: float, lon: float) -> list[str]:
    text = CONVOY.format(kind=kind, start=start, course=course, lat=lat, lon=lon)
    with pytest.raises(MissionError) as err:
        check_text(text, "series.toml", "series")
    return err.value.problems


def test_11_no_sc_convoy_sails_before_sc_1_in_august_1940():
    """The torpedo crisis of April 1940 had an SC convoy off the Lofoten: the slow Sydney (Cape Breton)
    convoys began with SC 1 on 15 August 1940, and never sailed off Norway."""
    assert refused("SC", "1940-04-15T20:00:00", 55, 68.1, 11.6) == [
        "series.toml:17: series: encounter[0].convoy.kind: the SC convoy (slow, Sydney, Cape Breton, to "
        "Liverpool) series sailed from 15 August 1940 to 27 May 1945 (the mission starts on 15 April 1940)",
        "series.toml:17: series: encounter[0].convoy.kind: the SC convoy (slow, Sydney, Cape Breton, to "
        "Liverpool) sails between 38 and 63 N, -72 and 0 E, not at 68.1 N 11.6 E",
    ]
    assert check_text(CONVOY.format(kind="NP", start="1940-04-15T20:00:00", course=55, lat=68.1, lon=11.6),
                      "series.toml", "series")


def test_11_an_hx_convoy_steams_home_east_never_outbound_west():
    """An outbound convoy in the air gap in May 1941 (course 240) was an OB convoy, not HX (Halifax to the UK)."""
    assert refused("HX", "1941-05-18T10:00:00", 240, 55.5, -33.0) == [
        "series.toml:17: series: encounter[0].convoy.course: the HX convoy (fast, Halifax to Liverpool) steers "
        "between 0 and 180 degrees, got 240"]
    assert check_text(CONVOY.format(kind="OB", start="1941-05-18T10:00:00", course=240, lat=55.5, lon=-33.0),
                      "series.toml", "series")


def test_11_an_ob_convoy_after_july_1941_is_an_on_convoy():
    assert refused("OB", "1941-09-01T10:00:00", 240, 55.5, -33.0) == [
        "series.toml:17: series: encounter[0].convoy.kind: the OB convoy (outbound from Liverpool) series sailed "
        "from 7 September 1939 to 31 July 1941 (the mission starts on 1 September 1941)"]
    assert check_text(CONVOY.format(kind="ON", start="1941-09-01T10:00:00", course=240, lat=55.5, lon=-33.0),
                      "series.toml", "series")


def test_11_the_barents_sea_in_july_1942_sees_a_pq_convoy_not_an_hx_convoy():
    assert refused("HX", "1942-07-04T06:00:00", 80, 73.2, 22.0) == [
        "series.toml:17: series: encounter[0].convoy.kind: the HX convoy (fast, Halifax to Liverpool) sails "
        "between 38 and 63 N, -72 and 0 E, not at 73.2 N 22 E"]
    assert check_text(CONVOY.format(kind="PQ", start="1942-07-04T06:00:00", course=80, lat=73.2, lon=22.0),
                      "series.toml", "series")


@pytest.mark.parametrize(("mission", "kind"), [("shadow_1941", "OB"), ("arctic_1942", "PQ"),
                                               ("torpedo_crisis_1940", "NP")])
def test_11_the_shipped_missions_send_the_convoy_series_of_their_date_and_place(mission, kind):
    (encounter,) = [e for e in catalogue().missions[mission]["encounter"] if "convoy" in e]
    assert encounter["convoy"]["kind"] == kind


def test_11_hq_finds_the_convoy_in_the_air_gap_by_a_boat_of_the_patrol_line_not_by_aircraft():
    """May 1941, 33° West: the air gap lay beyond the reach of the German long-range aircraft as well; HQ's
    contact signal comes from a boat of the patrol line."""
    (signal,) = [r for r in catalogue().missions["shadow_1941"]["radio"] if r.get("encounter") == "outbound"]
    assert "patrol line" in signal["text"] and "air reconnaissance" not in signal["text"]
