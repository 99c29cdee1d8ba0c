"""A rendezvous the lookouts can see (mission file `sighted`; mission_rules.toml [sighting]): the
dinghy of `aircrew_1942` is seen from the bridge at 2 nm by day and, by its flares, at 5 nm by night.
The lookouts report its bearing and range, so a crew whose reckoning is miles out (the briefing's
overcast sky) can find it by searching and then steer by the reports alone, never by the truth
(rulebook §9.1: the navigator's reckoning; §8.1: the lookouts on the bridge)."""

from __future__ import annotations

import pytest
from kaleun.uboot.sea import geo
from missionkit import advance, game, lookouts, named, order

DINGHY = (49.5, -12.5)


def _near(east_nm: float, north_nm: float = 0.0, start: str = "1942-02-10T13:00:00", **more):
    lat, lon = geo.shift(*DINGHY, east_nm, north_nm)
    return game("aircrew_1942", changes={"position": [lat, lon], "weather": "fair", "start": start, **more})


def test_9_1_a_crew_finds_the_dinghy_by_searching_and_steering_by_the_lookouts_reports():
    """The boat 6 nm west of the dinghy (the reckoning that far out) searches eastward at half ahead; the
    first report gives a bearing, the crew steers by each report and stops when it is close: the airmen are
    taken aboard, won by what the lookouts said."""
    g = _near(-6.0, 0.8)
    lookouts(g)
    order(g, "new_course", course=90)
    order(g, "new_speed", speed="half_ahead")
    reports = []
    stopped = False
    for _ in range(40):
        events = advance(g, g.t + 600)
        for report in named(events, "mark_sighted"):
            reports.append(report)
            if report["range_nm"] <= 0.5 and not stopped:
                order(g, "new_speed", speed="stop")
                stopped = True
            elif not stopped:
                order(g, "new_course", course=report["bearing"])
        if any(e["objective"] == "rescue" and e["state"] == "met" for e in named(events, "objective")):
            break
    else:
        raise AssertionError(f"not rescued; the lookouts reported {reports}")
    first = reports[0]
    assert first["feed"].startswith("Lookouts: the dinghy in sight, bearing ")
    assert first["range_nm"] <= 2.0


def test_9_1_no_lookouts_no_report_and_the_dinghy_is_not_seen_beyond_2_nm_by_day():
    g = _near(-1.5)
    assert not named(advance(g, g.t + 1200), "mark_sighted")  # nobody on the bridge
    lookouts(g)
    seen = named(advance(g, g.t + 1200), "mark_sighted")
    # the current sets the stopped boat about; the report is from where it lies now
    assert len(seen) == 1 and 80 <= seen[0]["bearing"] <= 100 and 1.0 <= seen[0]["range_nm"] <= 2.0
    far = _near(-3.0)
    lookouts(far)
    assert not named(advance(far, far.t + 1800), "mark_sighted")


def test_9_1_by_night_the_airmen_s_flares_are_seen_at_5_nm():
    g = _near(0.0, -4.0, start="1942-02-10T23:00:00")
    lookouts(g)
    seen = named(advance(g, g.t + 1200), "mark_sighted")
    assert len(seen) == 1 and geo.norm180(seen[0]["bearing"]) ** 2 <= 100 and 3.5 <= seen[0]["range_nm"] <= 4.5


def test_a_boat_passing_the_dinghy_between_two_looks_still_sees_it_and_is_told_when_it_is_lost():
    """The looks come every 10 minutes; a boat at full ahead runs 2.8 nm between two: the track between them
    counts, and the lookouts say when the dinghy is out of sight."""
    g = _near(-2.0, 1.0)
    lookouts(g)
    order(g, "new_course", course=90)
    order(g, "new_speed", speed="full_ahead")
    events = advance(g, g.t + 3600)
    assert named(events, "mark_sighted")
    lost = named(events, "mark_lost")
    assert lost and lost[0]["feed"] == "Lookouts: the dinghy is out of sight."


def test_a_sighted_mark_with_a_mistake_is_refused_with_its_line():
    from kaleun.uboot.missions.catalogue import MissionError, check_text

    text = """\
name = "Dinghy"
start = "1942-02-10T13:00:00"
base = "la_pallice"
square = "BF46"
time_limit_h = 24
briefing = "A test."

[[objective]]
id = "rescue"
kind = "rendezvous"
point = [49.5, -12.5]
radius_nm = 1.5
minutes = 20
text = "Rescue."
sighted = { what = "the dinghy", night_nm = 5.0 }
"""
    with pytest.raises(MissionError) as err:
        check_text(text, "dinghy.toml", "dinghy")
    assert err.value.problems == ["dinghy.toml:15: dinghy: objective[0].sighted: needs 'what' and 'day_nm'"]
    assert check_text(text.replace("night_nm = 5.0", "day_nm = 2.0, night_nm = 5.0"), "dinghy.toml", "dinghy")
