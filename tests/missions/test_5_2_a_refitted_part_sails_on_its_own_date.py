"""Rulebook §5.2 (linked missions) with §4.2 (return to base): a later part of a linked patrol finds the boat at sea
with what it sailed with on the first part's day; a later part that sails again refitted from its base, after the
boat came home from the part before (the campaign, or mission_rules.toml [linked] `return_home_ends_patrol =
false`), sails on its own date: its torpedoes are the types issued that day (torpedoes.toml `[[loadout]]` by
`from`) and its 88 mm gun is aboard or landed by that day (guns.toml `until`), not by the first part's day.

The shipped patrols change neither within them, so the tests set a loadout, and the gun's last day, between the
two parts of Autumn 1940 (Slow convoy sails on 1940-10-17, Weather boat on 1940-10-22)."""

from __future__ import annotations

from datetime import date

import pytest
from kaleun.career import career_lines, load_career, record_mission, save_career, start_configured
from kaleun.uboot.game import new_game
from kaleun.uboot.missions.setup import GameSetup, changes_for
from kaleun.uboot.weapons import arsenal, guns
from missionkit import advance, do, one

H = 3600.0
NEAR_HOME = {"encounter": [], "radio": [], "air_cover": "none", "position": [47.0, -6.0]}
HOME_OBJECTIVE = [{"id": "home", "kind": "return", "text": "Bring the boat home."}]
#: a loadout of steam torpedoes only, issued between the two parts' days (our test's, not the data's)
LATER = {"from": "1940-10-20", "tubes": ["G7a"] * 5, "racks": {"1": ["G7a"] * 6, "6": ["G7a"]},
         "deck": ["G7a", "G7a"]}


@pytest.fixture
def later_stores(monkeypatch):
    """A loadout from 1940-10-20, and the 88 mm gun landed at refits after 1940-10-20."""
    monkeypatch.setitem(arsenal.TORPEDOES, "loadout", [*arsenal.TORPEDOES["loadout"], LATER])
    monkeypatch.setitem(guns.LAST_DAY, "gun_88", date(1940, 10, 20))


def loads(g) -> list[str]:
    weapons = g.module("weapons")
    return [t["torpedo"] for _, t in sorted(weapons.tubes.items())] + [x for r in weapons.racks.values() for x in r]


def home_from_part_one(setup: GameSetup, changes: dict | None = None) -> None:
    """Slow convoy played as `setup`, sent home at once, brought home and booked."""
    g = new_game(setup.seed, "sc_convoy_1940", {**changes_for(setup), **NEAR_HOME, **(changes or {})})
    g.take_events()
    do(g, {"do": "crew_options", "rules": "advise", "wear": False})
    do(g, {"do": "return_to_base"})
    end = one(advance(g, 24 * H), "mission_end")
    assert end["reason"] == "returned", end
    assert record_mission(g) is not None


def test_5_2_a_later_part_at_sea_keeps_what_the_boat_sailed_with_on_the_first_parts_day(later_stores):
    g = new_game(5, "weather_1940")
    assert g.module("weapons").sailed() == date(1940, 10, 17)
    assert "G7e" in loads(g)  # the loadout of 1939 the boat sailed with
    assert g.module("weapons").gunnery.aboard("gun_88")


def test_5_2_a_linked_patrols_part_sailing_again_refitted_takes_its_own_days_torpedoes(home, monkeypatch,
                                                                                      later_stores):
    monkeypatch.setattr("kaleun.uboot.missions.carry.home_ends_patrol", lambda: False)
    home_from_part_one(GameSetup(mission="sc_convoy_1940", seed=3, mode="linked"))
    assert load_career()["patrol"]["refitted"] is True
    assert "Linked patrol Autumn 1940 goes on with Weather boat (linked): the boat is home, so it sails again " \
           "refitted, with a fresh crew and full stores." in [str(line) for line in career_lines(load_career())]
    nxt = start_configured(GameSetup(mission="", seed=5, mode="linked"))
    assert nxt.config["mission"] == "weather_1940"
    assert nxt.module("weapons").sailed() == date(1940, 10, 22)
    assert set(loads(nxt)) == {"G7a"}
    assert not nxt.module("weapons").gunnery.aboard("gun_88")  # landed at the refit after the gun's last day


def test_4_3_the_campaigns_next_part_after_a_return_home_takes_its_own_days_torpedoes(home, later_stores):
    record = load_career()
    record["campaign"] = {"state": "running", "started": "2025-03-14T20:00:00", "done": [], "next": "sc_convoy_1940",
                          "score": 0, "fame": 0, "grt": 0, "grades": [], "patrol": None}
    save_career(record)
    started = start_configured(GameSetup(mission="", seed=3, mode="campaign"))
    home_from_part_one(GameSetup(mission="sc_convoy_1940", seed=3, mode="campaign", campaign="2025-03-14T20:00:00"),
                       {**started.config["changes"], "objective": HOME_OBJECTIVE, "par_grt": 0})
    nxt = start_configured(GameSetup(mission="", seed=5, mode="campaign"))
    assert nxt.config["mission"] == "weather_1940"
    assert nxt.config["changes"]["setup"]["refitted"] is True
    assert set(loads(nxt)) == {"G7a"}


def test_5_2_a_part_carried_over_at_sea_keeps_the_first_parts_stores(home, later_stores):
    """The boat not home (the part's time ran out at sea): the next part goes on with what the boat has."""
    setup = GameSetup(mission="sc_convoy_1940", seed=3, mode="linked")
    g = new_game(3, "sc_convoy_1940", {**changes_for(setup), **NEAR_HOME, "time_limit_h": 1})
    g.take_events()
    do(g, {"do": "crew_options", "rules": "advise", "wear": False})
    assert one(advance(g, 2 * H), "mission_end")["reason"] == "time_limit"
    assert record_mission(g) is not None
    assert "refitted" not in load_career()["patrol"]
    nxt = start_configured(GameSetup(mission="", seed=5, mode="linked"))
    assert nxt.config["mission"] == "weather_1940" and "refitted" not in nxt.config["changes"]["setup"]
    assert nxt.module("weapons").sailed() == date(1940, 10, 17)
    assert "G7e" in loads(nxt)
