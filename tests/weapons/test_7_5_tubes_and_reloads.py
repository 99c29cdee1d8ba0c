"""Torpedo stores and tubes (rulebook §7.5: one torpedo per reload order; tubes 1-4 in section 1,
tube 5 in section 6). A Type VIIC sails with 14: five in the tubes, six reloads in the bow room, one
in the stern room and two in the pressure-tight deck containers (torpedoes.toml, [VIIC])."""

from __future__ import annotations

import json

import pytest
from kaleun.core.errors import CommandError
from kaleun.uboot.game import load_game
from weaponskit import advance, do, named, one, order, range_game, refused, tube, weapons


def _fire(g, tubes):
    order(g, "tdc", bearing=0, range_m=1000, course=90, speed_kn=7.5)
    return order(g, "fire_torpedoes", tubes=tubes)


def test_7_5_a_type_viic_sails_with_14_torpedoes():
    status = weapons(range_game(start="1941-06-01T04:00:00", flooded=[])).status()
    assert [t["state"] for t in status["tubes"]] == ["loaded"] * 5
    assert len(status["racks"]["1"]) == 6 and len(status["racks"]["6"]) == 1 and len(status["deck"]) == 2
    assert status["torpedoes_left"] == 14
    assert {t["torpedo"] for t in status["tubes"]} == {"G7a", "G7e"}


@pytest.mark.parametrize("when, types", [("1941-06-01T04:00:00", {"G7a", "G7e"}),
                                         ("1942-08-01T04:00:00", {"G7a", "G7e_t3"}),
                                         ("1943-10-01T04:00:00", {"FAT", "G7e_t3", "T5", "G7a"})])
def test_later_torpedo_types_only_from_their_dates(when, types):
    status = weapons(range_game(start=when, flooded=[])).status()
    aboard = {t["torpedo"] for t in status["tubes"]} | {t for rack in status["racks"].values() for t in rack}
    assert aboard | set(status["deck"]) == types


@pytest.mark.parametrize("tube_no, room, minutes", [(1, 1, 15), (5, 6, 25)])
def test_7_5_one_reload_per_order_takes_its_time(tube_no, room, minutes):
    g = range_game(flooded=[tube_no])
    order(g, "tdc", bearing=0 if room == 1 else 180, range_m=1000, course=90, speed_kn=7.5)
    one(order(g, "fire_torpedoes", tubes=[tube_no]), "torpedo_fired")
    racks = len(weapons(g).racks[room])
    loading = one(order(g, "reload_torpedo", tube=tube_no), "tube_loading")
    assert loading["ready_s"] == minutes * 60 and tube(g, tube_no)["state"] == "loading"
    assert len(weapons(g).racks[room]) == racks - 1
    assert named(advance(g, g.t + minutes * 60 - 1), "tube_loaded") == []
    loaded = one(advance(g, g.t + 1), "tube_loaded")
    assert loaded["tube"] == tube_no and tube(g, tube_no)["state"] == "loaded"


def test_7_5_reload_refusals_say_why():
    g = range_game(flooded=[1])
    assert refused(order(g, "reload_torpedo", tube=2)) == "tube 2 is already loaded"
    assert refused(order(g, "reload_torpedo", tube=1)) == "tube 1 is loaded and flooded: fire it first"
    with pytest.raises(CommandError, match="one torpedo is reloaded per order"):
        g.apply({"do": "order", "order": "reload_torpedo", "tubes": [1, 2]})


def test_7_5_the_stern_room_holds_one_reload():
    g = range_game(flooded=[5])
    order(g, "tdc", bearing=180, range_m=1000, course=90, speed_kn=7.5)
    order(g, "fire_torpedoes", tubes=[5])
    order(g, "reload_torpedo", tube=5)
    advance(g, g.t + 25 * 60)
    order(g, "flood_tubes", tubes=[5])
    advance(g, g.t + 30)
    order(g, "fire_torpedoes", tubes=[5])
    assert refused(order(g, "reload_torpedo", tube=5)) == "no reloads are left in the stern room"


def test_a_g7e_just_loaded_runs_cold_until_its_battery_is_warm():
    g = range_game(flooded=[3])
    _fire(g, [3])
    one(order(g, "reload_torpedo", tube=3, torpedo="G7e"), "tube_loading")
    advance(g, g.t + 15 * 60)
    assert tube(g, 3)["warm"] is False
    order(g, "flood_tubes", tubes=[3])
    advance(g, g.t + 30)
    cold = one(_fire(g, [3]), "torpedo_fired")
    assert (cold["speed_kn"], cold["range_m"], cold["warm"]) == (28, 3000, False)
    # the next one sits in the tube's heater for its three hours: then it runs at 30 kn for 5,000 m
    one(order(g, "reload_torpedo", tube=3, torpedo="G7e"), "tube_loading")
    advance(g, g.t + 15 * 60 + 3 * 3600 - 60)
    assert tube(g, 3)["warm"] is False
    advance(g, g.t + 60)
    assert tube(g, 3)["warm"] is True
    order(g, "flood_tubes", tubes=[3])
    advance(g, g.t + 30)
    warm = one(_fire(g, [3]), "torpedo_fired")
    assert (warm["speed_kn"], warm["range_m"], warm["warm"]) == (30, 5000, True)


def test_deck_torpedoes_come_down_only_surfaced_in_a_calm_sea_over_hours():
    g = range_game(flooded=[1], surfaced=True)
    _fire(g, [1])
    loading = one(order(g, "reload_torpedo", tube=1, **{"from": "deck"}), "tube_loading")
    assert loading["ready_s"] == 2 * 3600 + 15 * 60 and len(weapons(g).deck) == 1
    # a dive before it is down: the torpedo goes back into its container
    stopped = one(order(g, "dive"), "tube_loading_stopped")
    assert stopped["tube"] == 1 and len(weapons(g).deck) == 2 and tube(g, 1)["state"] == "empty"
    assert refused(order(g, "reload_torpedo", tube=1, **{"from": "deck"})) == (
        "a torpedo comes down from the deck containers only while the boat is surfaced")
    assert stopped["reason"] == "dive"
    rough = range_game(flooded=[1], surfaced=True, weather="storm")
    _fire(rough, [1])
    assert refused(order(rough, "reload_torpedo", tube=1, **{"from": "deck"})).startswith(
        "the sea is too rough to open the torpedo hatch (sea state")


def test_the_weapons_resume_from_a_save_exactly():
    """A reload half done and a torpedo in the water continue after a save as if never saved."""
    def run(split: bool):
        g = range_game(vessels=[{"class": "tramp", "bearing": 0, "range_m": 1000, "course": 90, "speed_kn": 7.5}],
                       flooded=[3])
        events = _fire(g, [3]) + order(g, "reload_torpedo", tube=3)
        events += advance(g, 30)
        if split:
            g = load_game(json.loads(json.dumps(g.to_state())))
        events += advance(g, 1200)
        return [e for e in events if e["t"] >= 30]
    assert run(True) == run(False)


def test_every_weapon_order_checks_its_fields():
    g = range_game()
    for bad in ({"order": "gun_88", "target": "c1", "rounds": 5, "aim": "low"},
                {"order": "tdc", "bearing": 0, "range_m": 10},
                {"order": "flood_tubes", "tubes": [6]},
                {"order": "gun_20", "bursts": 0}):
        with pytest.raises(CommandError):
            do(g, {"do": "order", **bad})


def test_a_deck_torpedo_goes_back_into_its_container_when_the_sea_gets_up():
    """Calm sea only, all the while the hatch is open: a gale rising before the torpedo is down shuts
    the hatch and the torpedo stays in its container; a sea still calm enough lets the work go on."""
    g = range_game(flooded=[1, 2], surfaced=True)
    _fire(g, [1])
    one(order(g, "reload_torpedo", tube=1, **{"from": "deck"}), "tube_loading")
    advance(g, g.t + 3600)
    assert named(do(g, {"do": "weather", "kind": "fair"}), "tube_loading_stopped") == []  # sea state 3: calm enough
    stopped = one(do(g, {"do": "weather", "kind": "storm"}), "tube_loading_stopped")
    assert stopped["tube"] == 1 and stopped["reason"] == "sea"
    assert stopped["feed"] == ("Tube 1: the sea is getting up, the torpedo hatch is shut; the deck torpedo stays in "
                               "its container.")
    assert len(weapons(g).deck) == 2 and tube(g, 1)["state"] == "empty"
    assert named(advance(g, g.t + 3 * 3600), "tube_loaded") == []
