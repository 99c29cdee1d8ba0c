"""A rendezvous whose point drifts (mission file `drift` of a `rendezvous` objective; host/README.md, "Missions,
HQ and the patrol"): a ditched aircrew's dinghy is carried by the sea's surface current (currents.toml) and by
leeway, a share of the wind's speed, downwind. The place the game checks and the mark the lookouts report move
with it; the crew knows only where it was ditched (rulebook §9.1: the navigator's reckoning, the currents)."""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

import pytest
from kaleun.saves import open_save, save_game
from kaleun.uboot.missions.objectives import Objective, Situation, drifted_point, rendezvous_conditions
from kaleun.uboot.sea import geo
from missionkit import advance, game, lookouts, named

DITCHED = (49.5, -12.5)  # in the North Atlantic Drift of currents.toml: set 050, 0.4 kn
MISSIONS = Path(__file__).resolve().parents[2] / "host" / "kaleun" / "uboot" / "data" / "missions"


def _rescue(drift: dict[str, Any] | None) -> dict[str, Any]:
    """aircrew_1942's rescue, with the given drift (None: none), without the airmen's flares."""
    spec = tomllib.loads((MISSIONS / "aircrew_1942.toml").read_text())["objective"][0]
    spec = {k: v for k, v in spec.items() if k not in ("drift", "sighted")}
    return spec if drift is None else {**spec, "drift": drift}


#: a south-west wind of 20 kn and 3 % leeway: 0.6 kn towards 050, with the current's 0.4 kn 1.0 kn towards 050
SOUTH_WESTERLY = {"leeway": 0.03, "wind_from": 230, "wind_kn": 20}


def test_9_1_the_dinghy_drifts_1_nm_an_hour_down_wind_and_current_10_nm_in_10_hours():
    spec = _rescue(SOUTH_WESTERLY)
    assert drifted_point(spec, 0.0) == DITCHED
    course, dist = geo.rhumb(*DITCHED, *drifted_point(spec, 10 * 3600.0))
    assert dist == pytest.approx(10.0, abs=0.01) and course == pytest.approx(50.0, abs=0.1)


def test_9_1_a_wind_across_the_current_adds_its_leeway_at_right_angles():
    """Wind from 320 (north-west), 30 kn, 2 %: 0.6 kn towards 140, across the current's 0.4 kn towards 050, so
    0.72 kn (the square root of 0.36 + 0.16) on 050 + atan(0.6 / 0.4) = 106.3 deg: 7.2 nm in 10 hours."""
    spec = _rescue({"leeway": 0.02, "wind_from": 320, "wind_kn": 30})
    course, dist = geo.rhumb(*DITCHED, *drifted_point(spec, 10 * 3600.0))
    assert dist == pytest.approx(7.21, abs=0.01) and course == pytest.approx(106.3, abs=0.1)


def test_no_drift_no_leeway_the_point_stays():
    assert drifted_point(_rescue(None), 36 * 3600.0) == DITCHED


def _now(t: float, lat: float, lon: float) -> Situation:
    return Situation(t=t, dt=60.0, lat=lat, lon=lon, surfaced=True, speed_kn=0.0, phase="day", convoy_contact=False)


def test_9_1_the_rendezvous_is_kept_at_the_drifted_point_only():
    """10 hours after the ditching the boat stopped on the ditching point is 10 nm from the dinghy: not there;
    stopped where the dinghy has drifted to it is."""
    obj = Objective(id="rescue", kind="rendezvous", text="Rescue.", primary=True, fame=0,
                    spec=_rescue(SOUTH_WESTERLY), state="given", given_at=0.0)
    t = 10 * 3600.0
    assert rendezvous_conditions(obj, _now(t, *DITCHED)) == "not at the place"
    assert rendezvous_conditions(obj, _now(t, *geo.destination(*DITCHED, 50.0, 10.0))) is None
    assert rendezvous_conditions(obj, _now(t, *geo.destination(*DITCHED, 50.0, 11.4))) is None
    assert rendezvous_conditions(obj, _now(t, *geo.destination(*DITCHED, 50.0, 11.6))) == "not at the place"


def _waiting(drift: dict[str, Any] | None, seed: int = 0):
    """A boat stopped 2.4 nm down-drift of the ditching point by day, lookouts on the bridge, the dinghy seen."""
    spec = _rescue(drift)
    spec["sighted"] = {"what": "the dinghy", "day_nm": 2.0, "night_nm": 5.0}
    g = game("aircrew_1942", seed, changes={"position": list(geo.destination(*DITCHED, 50.0, 2.4)), "weather": "fair",
                                            "start": "1942-02-10T09:00:00", "objective": [spec]})
    lookouts(g)
    return g


def _rescued(events: list[dict[str, Any]]) -> bool:
    return any(e["objective"] == "rescue" and e["state"] == "met" for e in named(events, "objective"))


def test_9_1_the_drifting_dinghy_comes_down_to_a_boat_waiting_down_wind_and_is_seen_coming_from_up_wind():
    """The boat drifts with the current only (0.4 kn), the dinghy with current and leeway (1.0 kn): it closes
    on the boat from the south-west and the airmen are taken aboard; the same boat waiting for a dinghy that
    does not drift is carried away from it and takes nobody aboard."""
    g = _waiting(SOUTH_WESTERLY)
    events = advance(g, 6 * 3600.0)
    seen = named(events, "mark_sighted")
    assert seen and 200 <= seen[0]["bearing"] <= 260, seen
    assert _rescued(events)
    still = _waiting(None)
    events = advance(still, 6 * 3600.0)
    assert not _rescued(events)


def test_a_game_saved_while_the_dinghy_drifts_resumes_byte_exact(tmp_path):
    g = _waiting(SOUTH_WESTERLY)
    advance(g, 1.5 * 3600.0)
    save_game(g, tmp_path / "autosave.json")
    resumed = open_save(tmp_path / "autosave.json").engine
    events = advance(resumed, 6 * 3600.0)
    assert events == advance(g, 6 * 3600.0)
    assert _rescued(events)


def test_a_drift_with_a_mistake_is_refused_with_its_line():
    from kaleun.uboot.missions.catalogue import MissionError, check_text

    text = (MISSIONS / "aircrew_1942.toml").read_text().split("sighted =")[0]
    lines = text.count("\n") + 1
    bad = text + "drift = { leeway = 0.03, wind_from = 250 }\n"
    with pytest.raises(MissionError) as err:
        check_text(bad, "dinghy.toml", "dinghy")
    assert err.value.problems == [f"dinghy.toml:{lines}: dinghy: objective[0].drift: needs 'leeway', 'wind_from' "
                                  "and 'wind_kn'"]
    with pytest.raises(MissionError) as err:
        check_text(text + "drift = { leeway = 3, wind_from = 250, wind_kn = 20 }\n", "dinghy.toml", "dinghy")
    assert err.value.problems == [f"dinghy.toml:{lines}: dinghy: objective[0].drift: leeway = 3 is out of range: "
                                  "it must be at least 0 and at most 0.2"]
    assert check_text(text + "drift = { leeway = 0.03, wind_from = 250, wind_kn = 20 }\n", "dinghy.toml", "dinghy")


def test_9_1_aircrew_1942_s_dinghy_drifts_1_13_kn_towards_063_and_the_winning_crew_finds_it_downwind():
    """The mission file's drift (its comment's figures): the North Atlantic Drift's 0.4 kn towards 050 and 3 % of
    a 25 kn west-south-westerly, 0.75 kn towards 070: 22.7 nm towards 063 in the 20 hours a boat takes to get
    there. The winning script takes the airmen aboard that far downwind of the briefing's position, not at it."""
    from test_missions import replay

    spec = tomllib.loads((MISSIONS / "aircrew_1942.toml").read_text())["objective"][0]
    course, dist = geo.rhumb(*DITCHED, *drifted_point(spec, 20 * 3600.0))
    assert dist == pytest.approx(22.7, abs=0.05) and course == pytest.approx(63.1, abs=0.1)
    game, events = replay("aircrew_1942", "win")
    met = next(e["t"] for e in named(events, "objective") if e["objective"] == "rescue" and e["state"] == "met")
    where = [(lat, lon) for t, lat, lon, *_ in game.module("mission").log["track"] if t <= met][-1]
    assert geo.rhumb(*DITCHED, *where)[1] > 15.0
    assert geo.rhumb(*drifted_point(spec, met), *where)[1] <= 1.5 + 0.2  # the track's last point before


def test_9_1_a_drift_that_carries_the_dinghy_ashore_before_its_time_is_up_is_refused_with_its_line():
    """Off Kerry, a westerly gale blows a dinghy 4 kn east: it is on the Irish coast within hours, long before
    its 36 h window closes. The mission file is refused (its line, the hour, the place), as a point set on land is."""
    from kaleun.uboot.missions.catalogue import MissionError, check_text

    text = (MISSIONS / "aircrew_1942.toml").read_text().split("sighted =")[0]
    text = text.replace("point = [49.5, -12.5]", "point = [52.0, -10.8]")
    lines = text.count("\n") + 1
    with pytest.raises(MissionError) as err:
        check_text(text + "drift = { leeway = 0.1, wind_from = 270, wind_kn = 40 }\n", "kerry.toml", "kerry")
    (problem,) = err.value.problems
    assert problem.startswith(f"kerry.toml:{lines}: kerry: objective[0].drift: the drift carries the point "
                              "ashore within "), problem
    assert "before its time is up at 36 h" in problem and "Ireland" in problem, problem
    # the same dinghy in a breeze from the east drifts out to sea: the mission stands
    assert check_text(text + "drift = { leeway = 0.1, wind_from = 90, wind_kn = 40 }\n", "kerry.toml", "kerry")
