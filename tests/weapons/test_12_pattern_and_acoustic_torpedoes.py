"""The later torpedoes (the attack, torpedo stores and tubes: FAT and T5 only from their dates; torpedoes.toml, [FAT],
[T5]).

FAT, with numbers a reader can check by hand. The boat heading 000, stopped; a column of two tramp
steamers (125 m long, 16.5 m beam) on course 090 at 7.5 kn (3.858 m/s) along the line 1,000 m
ahead: the first dead ahead, the second 660 m astern of it. The TDC is given a speed 3 kn too high
(10.5 kn), so it leads by asin(10.5 / 30) = 20.49° and the shot crosses the first ship's track 44 m
clear of its bow (test_12_tdc_and_the_torpedo_run). A FAT at 30 kn (15.433 m/s) runs straight for
the TDC's run, 1,000 / cos 20.49° = 1,067.5 m, to (373.6, 1,000.0); then its ladder (legs of 800 m,
each turn run as 150 m across, alternately to port and starboard, stepping against the column's
course, west): 150 m on 290.49° to (233.1, 1,052.5) — clear ahead of the first ship's bow —, 800 m
on 200.49° to (-46.9, 303.1) — 37 m astern of it —, 150 m on 290.49° to (-187.4, 355.6), then north
on 020.49°: it reaches the near side of the second ship's track (y = 991.75) after 679.1 m more, at
x = 50.3, having run 2,846.6 m in 184.45 s; the second ship's centre is then at -660 + 3.858 ·
184.45 = 51.7: the FAT strikes it amidships. An electric torpedo on the same solution runs on
straight and misses both.

T5: an escort astern of the boat at 1,500 m, crossing at 14 kn, with a speed estimate 6 kn too low:
the straight run would pass far astern of it, but once armed (400 m) the T5 hears the escort's
propellers in its cone and steers for them; a ship at 8 kn is too slow to be heard (10 kn), and the
same T5 runs straight past it.
"""

from __future__ import annotations

import math

import pytest
from weaponskit import advance, named, order, range_game, weapons

KN = 1852 / 3600
COLUMN = [{"class": "tramp", "bearing": 0, "range_m": 1000, "course": 90, "speed_kn": 7.5},
          {"class": "tramp", "bearing": 360 - math.degrees(math.atan2(660, 1000)), "range_m": math.hypot(660, 1000),
           "course": 90, "speed_kn": 7.5}]


def _column_shot(tube: int, seed: int):
    g = range_game(seed, start="1943-03-01T12:00:00", vessels=COLUMN)  # tubes 1-2 FAT, 3-5 G7e (T III)
    order(g, "tdc", bearing=0, range_m=1000, course=90, speed_kn=10.5)
    fired = named(order(g, "fire_torpedoes", tubes=[tube]), "torpedo_fired")
    return fired, advance(g, 900)


def test_12_a_fat_that_misses_its_target_runs_its_ladder_into_the_next_ship_of_the_column():
    lead = math.asin(10.5 / 30)
    straight = 1000 / math.cos(lead)
    legs = [(straight, lead), (150, lead - math.pi / 2), (800, lead + math.pi), (150, lead - math.pi / 2)]
    x = sum(d * math.sin(a) for d, a in legs)
    y = sum(d * math.cos(a) for d, a in legs)
    last = (991.75 - y) / math.cos(lead)
    run = straight + 150 + 800 + 150 + last
    assert (round(straight, 1), round(last, 1), round(run, 1)) == (1067.5, 679.1, 2846.6)
    struck_at = run / (30 * KN)
    assert x + last * math.sin(lead) == pytest.approx(50.3, abs=0.05)
    assert -660 + 7.5 * KN * struck_at == pytest.approx(51.7, abs=0.05)  # the second ship's centre then
    for seed in range(4):
        fired, events = _column_shot(1, seed)
        assert fired[0]["type"] == "FAT"
        struck = [e for e in events if e["event"] in ("torpedo_hit", "torpedo_dud")]  # 1943: 4 % duds
        assert [(e["vessel"], e["t"]) for e in struck] == [("v2", pytest.approx(struck_at, abs=0.01))]
        assert named(events, "torpedo_miss") == []
    fired, events = _column_shot(3, 0)
    assert fired[0]["type"] == "G7e_t3"
    assert [e["event"] for e in events if e["event"].startswith("torpedo_")] == ["torpedo_miss"]


def _t5_shot(speed_kn: float, seed: int = 0):
    g = range_game(seed, start="1943-10-01T12:00:00", vessels=[{"class": "flower", "bearing": 180, "range_m": 1500,
                                                                  "course": 90, "speed_kn": speed_kn}])
    assert weapons(g).status()["tubes"][4]["torpedo"] == "T5"  # the autumn 1943 loadout: a T5 aft
    order(g, "tdc", bearing=180, range_m=1500, course=90, speed_kn=speed_kn - 6)
    fired = named(order(g, "fire_torpedoes", tubes=[5]), "torpedo_fired")
    return fired, advance(g, 900)


def test_12_a_t5_steers_for_an_escorts_propellers_and_not_for_a_slow_ship():
    for seed in range(3):
        fired, events = _t5_shot(14, seed)
        assert fired[0]["type"] == "T5" and fired[0]["speed_kn"] == 24.5
        struck = [e for e in events if e["event"] in ("torpedo_hit", "torpedo_dud")]
        assert [e["vessel"] for e in struck] == ["v1"] and named(events, "torpedo_miss") == []
    _fired, events = _t5_shot(8)  # too slow to be heard: it runs straight, astern of the corvette
    miss = [e for e in events if e["event"].startswith("torpedo_")]
    assert [e["event"] for e in miss] == ["torpedo_miss"] and miss[0]["passed_m"] < -300


@pytest.mark.parametrize("when, fat, t5", [("1942-10-31T12:00:00", False, False), ("1942-11-01T12:00:00", True, False),
                                           ("1943-08-31T12:00:00", True, False), ("1943-09-01T12:00:00", True, True)])
def test_the_fat_and_the_t5_come_aboard_only_from_their_dates(when, fat, t5):
    """torpedoes.toml: the FAT from November 1942, the T5 from September 1943 [later] — not a day before."""
    status = weapons(range_game(start=when, flooded=[])).status()
    aboard = ({t["torpedo"] for t in status["tubes"]} | {x for rack in status["racks"].values() for x in rack}
              | set(status["deck"]))
    assert ("FAT" in aboard, "T5" in aboard) == (fat, t5)


def test_a_mistake_in_the_fat_or_t5_data_is_named_with_its_line():
    """The steering figures are read only when the torpedo is fired: a mistake in them is found when
    the data is loaded, as `torpedoes.toml:LINE: problem`."""
    from importlib import resources

    from kaleun.uboot import data
    from kaleun.uboot.weapons import arsenal

    text = resources.files(data.__package__).joinpath("torpedoes.toml").read_text(encoding="utf-8")
    lines = text.splitlines()
    fat = next(i + 1 for i, x in enumerate(lines) if x.startswith("pattern = {"))
    broken = text.replace("leg_m = 800,", "leg_m = -800,")
    assert arsenal.check_text(broken) == [
        f"torpedoes.toml:{fat}: types.FAT.pattern must be {{ straight_m = [lo, hi], leg_m = M, turn_m = M }} with "
        "metres more than 0, got {'straight_m': [500, 6000], 'leg_m': -800, 'turn_m': 150}"]
    t5 = next(i + 1 for i, x in enumerate(lines) if x.startswith("homing = {"))
    found = arsenal.check_text(text.replace("arm_m = 400, ", ""))
    assert len(found) == 1 and found[0].startswith(f"torpedoes.toml:{t5}: types.T5.homing must have arm_m, cone_deg")
