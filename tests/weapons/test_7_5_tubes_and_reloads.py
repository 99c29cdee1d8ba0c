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


def test_later_torpedo_types_come_with_a_patrol_that_sails_after_their_date_not_to_a_boat_at_sea():
    """The torpedoes go by the day the boat sailed: a later part of a linked patrol finds the boat at sea, so
    one started without the last part's stores (a fresh boat) carries what its patrol sailed with — the
    autumn 1940 patrol's G7e T II in a part set in August 1942 —, while a patrol sailing then has the T III."""
    from kaleun.uboot.game import new_game

    def aboard(g) -> set[str]:
        status = weapons(g).status()
        return ({t["torpedo"] for t in status["tubes"]} | {t for rack in status["racks"].values() for t in rack}
                | set(status["deck"]))

    at_sea = new_game(0, "weather_1940", {"start": "1942-08-10T08:00:00"})  # part 2 of autumn_1940
    assert weapons(at_sea).sailed().isoformat() == "1940-10-17" and aboard(at_sea) == {"G7a", "G7e"}
    sailing = new_game(0, "sc_convoy_1940", {"start": "1942-08-10T08:00:00"})  # part 1: sails that day
    assert aboard(sailing) == {"G7a", "G7e_t3"}


@pytest.mark.parametrize("tube_no, room, minutes", [(1, 1, 15), (5, 6, 25)])
def test_7_5_one_reload_per_order_takes_its_time(tube_no, room, minutes):
    """§7.5 and the attack, tests (reload times; torpedoes.toml reload_min, our choice): a reload takes 15
    minutes in the bow room (900 s) and 25 in the stern room (1,500 s); the tube is loaded at that
    second and not one before, and the room's racks give up one torpedo."""
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



@pytest.mark.parametrize("fields, said", [
    ({"order": "reload_torpedo", "tube": 9}, "reload_torpedo: tube must be a tube number 1-5, got 9"),
    ({"order": "reload_torpedo", "tube": "x"}, "reload_torpedo: tube must be a tube number 1-5, got 'x'"),
    ({"order": "flood_tubes", "tube": 0}, "flood_tubes: tube must be a tube number 1-5, got 0"),
    ({"order": "fire_torpedoes", "tubes": [9]}, "fire_torpedoes: tubes must be a list of tube numbers 1-5, got [9]"),
])
def test_7_5_a_bad_tube_is_named_by_the_field_the_order_gave(fields, said):
    """The attack, interfaces: bad input gets a clear error. A script's `"tube": 9` (reload_torpedo's field, one tube)
    was told "tubes must be a list of tube numbers 1-5, got [9]": a field it never gave and a list it never wrote."""
    g = range_game(flooded=[1])
    with pytest.raises(CommandError) as err:
        g.apply({"do": "order", **fields})
    assert str(err.value) == said


def test_7_5_a_named_torpedo_must_be_in_the_rooms_racks():
    """A reload may name the torpedo to take; one the room's racks do not hold is refused and takes nothing."""
    g = range_game(flooded=[1])
    _fire(g, [1])
    racks = list(weapons(g).racks[1])
    assert "G7e_t3" not in racks  # issued from January 1942, but this boat sailed without one
    assert refused(order(g, "reload_torpedo", tube=1, torpedo="G7e_t3")) == (
        "there is no G7e (T III) in the bow room's racks")
    assert weapons(g).racks[1] == racks and tube(g, 1)["state"] == "fired"
    assert one(order(g, "reload_torpedo", tube=1, torpedo="G7e"), "tube_loading")["torpedo"] == "G7e"


@pytest.mark.parametrize("start, load, said", [
    ("1941-06-01T04:00:00", "T5", "the G7es (T5 Zaunkönig) is not issued to the boats until September 1943: none is "
                                  "aboard"),
    ("1942-06-20T12:00:00", "FAT", "the G7a FAT is not issued to the boats until November 1942: none is aboard"),
    ("1943-01-10T12:00:00", "G7e", "the G7e (T II) is no longer issued to the boats after June 1942: none is aboard"),
])
def test_7_5_a_reload_of_a_type_not_issued_on_the_day_says_its_date(start, load, said):
    """§7.5 and torpedoes.toml (types by date, `from`/`until` with their sources): a reload, or a deck torpedo
    brought in, that names a type the boats do not have on that day is refused with the date from the data, not
    with a look into the racks; nothing changes."""
    g = range_game(start=start, flooded=[1])
    _fire(g, [1])
    racks = list(weapons(g).racks[1])
    assert refused(order(g, "reload_torpedo", tube=1, torpedo=load)) == said
    assert weapons(g).racks[1] == racks and tube(g, 1)["state"] == "fired"
    surfaced = range_game(start=start, surfaced=True, weather="clear")
    deck = list(weapons(surfaced).deck)
    assert refused(order(surfaced, "reload_torpedo", **{"from": "deck", "torpedo": load})) == said
    assert weapons(surfaced).deck == deck


def test_10_3_a_fault_in_the_tube_gear_makes_a_reload_take_half_as_long_again():
    """A condition on the bow tubes short of a major failure slows the reload: 15 min x 1.5 = 22.5 min."""
    g = range_game(flooded=[1])
    _fire(g, [1])
    g.apply({"do": "damage", "kind": "technical", "component": "bow_tubes", "severity": "failure"})
    loading = one(order(g, "reload_torpedo", tube=1), "tube_loading")
    assert loading["ready_s"] == 1350 and tube(g, 1)["state"] == "loading"


def test_10_3_the_slower_reload_of_a_faulty_tube_is_the_data_files_choice(monkeypatch):
    """The rulebook leaves the effect of a fault short of a major failure open (§10.3.1): the factor is
    torpedoes.toml's `faulty_tubes_reload_factor` (our choice), read when the reload is ordered."""
    from kaleun.uboot.weapons.arsenal import BOAT

    assert BOAT["faulty_tubes_reload_factor"] == 1.5
    monkeypatch.setitem(BOAT, "faulty_tubes_reload_factor", 2.0)  # type: ignore[index]
    g = range_game(flooded=[1])
    _fire(g, [1])
    g.apply({"do": "damage", "kind": "technical", "component": "bow_tubes", "severity": "maintenance"})
    assert one(order(g, "reload_torpedo", tube=1), "tube_loading")["ready_s"] == 1800

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


def _stern_racks_spent(g):
    """Tube 5 fired, reloaded from the stern room's one reload and fired again: the stern racks are empty."""
    order(g, "tdc", bearing=180, range_m=1000, course=90, speed_kn=7.5)
    one(order(g, "fire_torpedoes", tubes=[5]), "torpedo_fired")
    one(order(g, "reload_torpedo", tube=5), "tube_loading")
    advance(g, g.t + 25 * 60)
    order(g, "flood_tubes", tubes=[5])
    advance(g, g.t + 30)
    one(order(g, "fire_torpedoes", tubes=[5]), "torpedo_fired")
    assert weapons(g).racks[6] == []


def test_7_5_deck_torpedoes_come_inside_into_the_racks_over_hours_then_load_as_any_reload():
    """The two torpedoes of the deck containers are moved inside surfaced, in a calm sea, over hours
    (torpedoes.toml: deck_transfer_h = 2, sea state 3 or calmer): each one through a torpedo room's
    hatch into its racks (the attack, torpedo stores and tubes). From there `reload_torpedo` loads it like any reload:
    here the stern room's single reload is spent, a G7a comes down into it in 2 h (7,200 s), and tube 5
    then loads it in the stern room's 25 min and fires it."""
    g = range_game(flooded=[5], surfaced=True)
    _stern_racks_spent(g)
    assert refused(order(g, "reload_torpedo", tube=5)) == "no reloads are left in the stern room"
    left = weapons(g).torpedoes_left()
    coming = one(order(g, "reload_torpedo", room=6, **{"from": "deck"}), "torpedo_stowing")
    assert (coming["room"], coming["torpedo"], coming["ready_s"]) == (6, "G7a", 2 * 3600)
    assert coming["feed"] == ("A G7a (T I) is coming down from the deck containers into the stern room: in its rack "
                              "in 120 min.")
    status = weapons(g).status()
    assert status["deck"] == ["G7a"] and status["racks"]["6"] == [] and status["tubes"][4]["state"] == "fired"
    assert status["stowing"] == [{"room": 6, "torpedo": "G7a", "ready_in_s": 7200}]
    assert status["torpedoes_left"] == left  # on its way down it is still aboard
    assert refused(order(g, "reload_torpedo", tube=5)) == ("no reloads are left in the stern room (a torpedo from the "
                                                           "deck containers is on its way down: 120 min)")
    assert named(advance(g, g.t + 2 * 3600 - 1), "torpedo_stowed") == []
    stowed = one(advance(g, g.t + 1), "torpedo_stowed")
    assert (stowed["room"], stowed["torpedo"]) == (6, "G7a")
    assert stowed["feed"] == "The G7a (T I) from the deck containers is down in the stern room's racks."
    assert weapons(g).racks[6] == ["G7a"] and tube(g, 5)["state"] == "fired"  # in the racks, not in a tube
    loading = one(order(g, "reload_torpedo", tube=5), "tube_loading")
    assert (loading["torpedo"], loading["source"], loading["ready_s"]) == ("G7a", "racks", 25 * 60)
    advance(g, g.t + 25 * 60)
    order(g, "flood_tubes", tubes=[5])
    advance(g, g.t + 30)
    order(g, "tdc", bearing=180, range_m=1000, course=90, speed_kn=7.5)
    assert one(order(g, "fire_torpedoes", tubes=[5]), "torpedo_fired")["type"] == "G7a"


def test_7_5_a_deck_torpedo_needs_a_free_rack_surfaced_and_a_calm_sea():
    """The racks hold what they hold (bow room 6, stern room 1): a full room takes no deck torpedo; the
    hatch opens only surfaced and in a sea of state 3 or calmer; one torpedo at a time per hatch."""
    g = range_game(flooded=[1, 2], surfaced=True)
    assert refused(order(g, "reload_torpedo", room=1, **{"from": "deck"})) == (
        "the bow room's racks are full (6 reloads): load a tube from them first")
    assert refused(order(g, "reload_torpedo", **{"from": "deck"})) == (  # default: the first room with a free rack
        "the bow room's racks are full (6 reloads): load a tube from them first")
    _fire(g, [1, 2])
    order(g, "reload_torpedo", tube=1)
    order(g, "reload_torpedo", tube=2)  # two free racks in the bow room
    assert refused(order(g, "reload_torpedo", room=1, torpedo="G7e", **{"from": "deck"})) == (
        "there is no G7e (T II) in the deck containers")
    assert one(order(g, "reload_torpedo", **{"from": "deck"}), "torpedo_stowing")["room"] == 1
    assert refused(order(g, "reload_torpedo", room=1, **{"from": "deck"})) == (
        "a torpedo is already coming down through the bow room's hatch")
    assert refused(order(g, "reload_torpedo", room=6, **{"from": "deck"})) == (
        "the stern room's racks are full (1 reload): load a tube from them first")
    submerged = range_game(flooded=[1])
    _fire(submerged, [1])
    order(submerged, "reload_torpedo", tube=1)
    assert refused(order(submerged, "reload_torpedo", **{"from": "deck"})) == (
        "a torpedo comes down from the deck containers only while the boat is surfaced")
    rough = range_game(flooded=[1], surfaced=True, weather="storm")
    _fire(rough, [1])
    order(rough, "reload_torpedo", tube=1)
    assert refused(order(rough, "reload_torpedo", **{"from": "deck"})).startswith(
        "the sea is too rough to open the torpedo hatch (sea state")
    for weather, state in (("fair", 3), ("cloudy", 4)):  # the edge: state 3 opens the hatch, state 4 does not
        edge = range_game(flooded=[1], surfaced=True, weather=weather)
        _fire(edge, [1])
        order(edge, "reload_torpedo", tube=1)
        answer = order(edge, "reload_torpedo", **{"from": "deck"})
        if state == 3:
            assert one(answer, "torpedo_stowing")["room"] == 1
        else:
            assert refused(answer) == "the sea is too rough to open the torpedo hatch (sea state 4; 3 or calmer needed)"
            assert weapons(edge).stowing == [] and len(weapons(edge).deck) == 2
    empty = range_game(flooded=[1, 2, 3], surfaced=True)
    _fire(empty, [1, 2, 3])
    for number in (1, 2, 3):
        order(empty, "reload_torpedo", tube=number)
    for _ in range(2):
        one(order(empty, "reload_torpedo", **{"from": "deck"}), "torpedo_stowing")
        advance(empty, empty.t + 2 * 3600)
    assert refused(order(empty, "reload_torpedo", **{"from": "deck"})) == "the deck containers are empty"
    assert weapons(empty).racks[1][-2:] == ["G7a", "G7a"] and weapons(empty).torpedoes_left() == 11


def test_7_5_bad_fields_for_a_deck_torpedo_change_nothing():
    """Bad input gets a clear error and changes nothing (the attack, interfaces)."""
    g = range_game(flooded=[1], surfaced=True)
    _fire(g, [1])
    order(g, "reload_torpedo", tube=1)
    before = json.dumps(g.to_state(), sort_keys=True)
    for fields, error in (({"tube": 1, "from": "deck"}, "a deck torpedo goes into a torpedo room's racks, not into a "
                                                        "tube: give the room (1 or 6), not a tube"),
                          ({"room": 3, "from": "deck"}, "room must be a torpedo room (1 or 6), got 3"),
                          ({"room": "bow", "from": "deck"}, "room must be a torpedo room (1 or 6), got 'bow'"),
                          ({"room": True, "from": "deck"}, "room must be a torpedo room (1 or 6), got True"),
                          ({"room": 1}, "room goes with from deck"),
                          ({"from": "casing"}, "from"),
                          ({"from": "deck", "torpedo": "V2"}, "torpedo")):
        with pytest.raises(CommandError, match=error.replace("(", r"\(").replace(")", r"\)")):
            do(g, {"do": "order", "order": "reload_torpedo", **fields})
        with pytest.raises(CommandError):
            g.module("orders").preview({"order": "reload_torpedo", **fields})
    assert json.dumps(g.to_state(), sort_keys=True) == before


def test_6_5_a_deck_torpedo_is_brought_in_by_the_hands_of_its_room():
    """Staffed as a reload (§6.5 order table: 3x reload symbol in the room, one torpedo per order), in
    the room whose hatch takes it: section 1 for the bow room, section 6 for the stern room."""
    from kaleun.uboot.crew.requirements import static_need

    for room in (1, 6):
        need = static_need("reload_torpedo", {"room": room, "from": "deck", "torpedo": None}, surfaced=True)
        assert [(gr.section, gr.needs) for gr in need.groups] == [(room, {"reload": 3})] and need.rooms == (room,)
    g = range_game(flooded=[5], surfaced=True)
    _stern_racks_spent(g)
    do(g, {"do": "crew_options", "rules": "enforce"})
    answer = g.module("orders").preview({"order": "reload_torpedo", "from": "deck", "room": 6})
    assert answer["accepted"] is False and "section 6" in str(answer["reason"]), answer


def test_7_5_a_deck_torpedo_stays_in_its_container_when_the_boat_dives():
    g = range_game(flooded=[1], surfaced=True)
    _fire(g, [1])
    order(g, "reload_torpedo", tube=1)
    one(order(g, "reload_torpedo", **{"from": "deck"}), "torpedo_stowing")
    stopped = one(order(g, "dive"), "torpedo_stowing_stopped")
    assert (stopped["room"], stopped["torpedo"], stopped["reason"]) == (1, "G7a", "dive")
    assert stopped["feed"] == ("The G7a (T I) could not be brought down into the bow room before the dive: it stays "
                               "in its deck container.")
    assert len(weapons(g).deck) == 2 and len(weapons(g).racks[1]) == 5 and weapons(g).stowing == []
    assert named(advance(g, g.t + 3 * 3600), "torpedo_stowed") == []

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
    order(g, "reload_torpedo", tube=1)
    one(order(g, "reload_torpedo", **{"from": "deck"}), "torpedo_stowing")
    advance(g, g.t + 3600)
    assert named(do(g, {"do": "weather", "kind": "fair"}), "torpedo_stowing_stopped") == []  # sea state 3: calm enough
    stopped = one(do(g, {"do": "weather", "kind": "storm"}), "torpedo_stowing_stopped")
    assert (stopped["room"], stopped["reason"]) == (1, "sea")
    assert stopped["feed"] == ("The sea is getting up, the bow room's torpedo hatch is shut: the G7a (T I) stays in "
                               "its deck container.")
    assert len(weapons(g).deck) == 2 and len(weapons(g).racks[1]) == 5
    assert named(advance(g, g.t + 3 * 3600), "torpedo_stowed") == []


def test_a_deck_torpedo_on_its_way_down_resumes_from_a_save_exactly():
    def run(split: bool):
        g = range_game(flooded=[1], surfaced=True)
        _fire(g, [1])
        order(g, "reload_torpedo", tube=1)
        events = order(g, "reload_torpedo", **{"from": "deck"}) + advance(g, 1800)
        if split:
            g = load_game(json.loads(json.dumps(g.to_state())))
        return [e for e in events + advance(g, 3 * 3600) if e["t"] >= 1800], weapons(g).status()["racks"]
    assert run(True) == run(False)
    assert run(False)[1]["1"][-1] == "G7a"


def test_the_window_and_the_console_bring_a_deck_torpedo_into_a_room():
    """The window's reload sheet sends `room` instead of `tube` when the torpedo comes from the deck
    containers (and `tube` otherwise); the console's `reload from=deck room=6` gives the same order."""
    from foundation.test_console_actions import Desk
    from kaleun.ui.forms import FORMS

    form = FORMS["reload_torpedo"]
    assert form.command_for({"from": "deck", "tube": 1, "room": 6}) == {
        "do": "order", "order": "reload_torpedo", "from": "deck", "room": 6}
    assert form.command_for({"from": "racks", "tube": 1, "room": 6}) == {
        "do": "order", "order": "reload_torpedo", "from": "racks", "tube": 1}
    desk = Desk(range_game(surfaced=True))
    desk.type("reload from=deck room=6")
    rejected = [e for e in desk.events if e.name == "order_rejected"]
    assert [(e.data["room"], e.data["from"]) for e in rejected] == [(6, "deck")]
    assert rejected[0].data["reason"] == "the stern room's racks are full (1 reload): load a tube from them first"


def test_a_deck_torpedo_half_way_down_when_the_mission_ends_is_back_in_its_container():
    """Nothing is lost (the attack, interfaces): a patrol whose time runs out while a deck torpedo comes
    down leaves it in its container — what a linked patrol carries on (missions/carry.py) still has it."""
    from kaleun.uboot.game import new_game

    g = new_game(0, "agents_1941", {"time_limit_h": 1, "surfaced": True, "crew_rules": "advise", "wear": False,
                                    "weather": "clear", "weather_hold": True, "tubes_flooded": [1]})
    g.take_events()
    _fire(g, [1])
    order(g, "reload_torpedo", tube=1)
    one(order(g, "reload_torpedo", **{"from": "deck"}), "torpedo_stowing")
    events = advance(g, 3700)
    one(events, "mission_end")
    assert named(events, "torpedo_stowed") == []
    assert weapons(g).deck == ["G7a", "G7a"] and weapons(g).stowing == [] and weapons(g).torpedoes_left() == 13


def test_12_the_tdc_aims_a_cold_g7e_for_the_28_kn_it_runs():
    """The attack (the TDC computes the lead "for the chosen torpedo speed"; torpedoes.toml: a G7e loaded
    from the racks runs cold at 28 kn until its battery is warm). The TDC is set on the truth — a tramp
    on 090 at 7.5 kn — when the reloaded tube 3 is flooded, its torpedo still cold: the gyro angle, the
    run and the salvo's run time are those of a 28 kn torpedo, whose lead is asin(7.5 · sin AOB / 28),
    and it hits. (Aimed for 30 kn it would lead too little: the gyro angle would be asin(7.5 · sin AOB
    / 30) off the bearing.)"""
    import math

    from kaleun.uboot.sea import geo

    g = range_game(vessels=[{"class": "tramp", "bearing": 290, "range_m": 3500, "course": 90, "speed_kn": 7.5}],
                   flooded=[3])
    _fire(g, [3])  # tube 3 empties (the shot misses: the tramp is far off the bow)
    one(order(g, "reload_torpedo", tube=3, torpedo="G7e"), "tube_loading")
    advance(g, g.t + 15 * 60)
    order(g, "flood_tubes", tubes=[3])
    advance(g, g.t + 30)
    assert tube(g, 3)["warm"] is False
    sea = g.module("sea")
    vessel = next(iter(sea.vessels))
    truth = sea.truth(vessel, g.t)
    heading = g.module("boat").heading_at(g.t)
    programmed = one(order(g, "tdc", bearing=geo.norm360(truth.bearing - heading), range_m=truth.range_nm * 1852,
                           course=90, speed_kn=7.5), "tdc_programmed")
    aob = math.radians(programmed["bow"]["aob"])
    lead = math.degrees(math.asin(7.5 * math.sin(aob) / 28))
    assert programmed["bow"]["lead"] == pytest.approx(lead, abs=0.1)
    fired = order(g, "fire_torpedoes", tubes=[3])
    torpedo = one(fired, "torpedo_fired")
    assert (torpedo["speed_kn"], torpedo["range_m"], torpedo["warm"]) == (28, 3000, False)
    assert torpedo["gyro"] == pytest.approx(geo.norm180(truth.bearing + lead - heading), abs=0.1)
    assert torpedo["run_s"] == pytest.approx(programmed["bow"]["run_m"] / (28 * 1852 / 3600), abs=0.2)
    assert one(fired, "salvo")["run_s"] == [round(torpedo["run_s"])]
    hit = one(advance(g, g.t + 600), "torpedo_hit")
    assert hit["aimed"] is True and hit["run_s"] == pytest.approx(torpedo["run_s"], abs=2.0)


def _cold_g7e_in_tube_3():
    """Tube 3 fired, reloaded with a G7e from the racks and flooded: its battery is cold for 3 h."""
    g = range_game(vessels=[{"class": "tramp", "bearing": 290, "range_m": 3500, "course": 90, "speed_kn": 7.5}],
                   flooded=[3])
    _fire(g, [3])
    one(order(g, "reload_torpedo", tube=3, torpedo="G7e"), "tube_loading")
    advance(g, g.t + 15 * 60)
    order(g, "flood_tubes", tubes=[3])
    advance(g, g.t + 30)
    assert tube(g, 3)["warm"] is False
    return g


def test_12_the_tdcs_report_says_its_solution_is_for_a_cold_g7e():
    """The attack (the TDC computes the lead "for the chosen torpedo speed"; torpedoes.toml: a cold G7e runs 28 kn,
    3,000 m): the lead and the range are the cold torpedo's, so the TDC's report says so — the feed line when it is
    programmed and the console's `weapons` view under the solution — not only the tubes' battery column. A warm
    torpedo's report says nothing of it."""
    from kaleun.i18n import language
    from kaleun.ui.console_views import weapons as weapons_view

    g = _cold_g7e_in_tube_3()
    programmed = one(order(g, "tdc", bearing=0, range_m=2000, course=90, speed_kn=7.5), "tdc_programmed")
    assert programmed["feed"].endswith(" The G7e (T II) in tube 3 is cold: solved for 28 kn, 3,000 m.")
    shown = weapons_view(g, language("en"))
    cold = [line for line in shown if "is cold" in line]
    assert cold == ["  bow: the G7e (T II) in tube 3 is cold: solved for 28 kn, 3,000 m (warm in 2:59:30)"]
    warm = range_game(flooded=[3])
    report = one(order(warm, "tdc", bearing=0, range_m=2000, course=90, speed_kn=7.5), "tdc_programmed")["feed"]
    assert "cold" not in report and not any("cold" in line for line in weapons_view(warm, language("en")))


def test_12_the_attack_screen_says_its_solution_is_for_a_cold_g7e():
    """The window's attack screen says it as the console does, under the bow's gyro angle."""
    from window.fingers import Table_, shown
    from window.test_order_warnings import joined

    table = Table_(game=_cold_g7e_in_tube_3())
    table.runtime.submit({"do": "order", "order": "tdc", "bearing": 0, "range_m": 2000, "course": 90,
                          "speed_kn": 7.5})
    table.runtime.step()
    table.tap("tab.attack")
    assert "cold G7e: 28 kn, 3,000 m" in joined(shown(table))


def test_7_5_a_reload_of_mines_the_boat_does_not_carry_is_refused_in_plain_words():
    """A reload naming mines the racks do not hold says so as a sentence ("there are no TMB ground mines
    ...", not "there is no TMB ground mines"); the deck containers hold torpedoes only (torpedoes.toml) and
    a deck transfer naming mines says that. Neither takes anything."""
    g = range_game(flooded=[1])
    _fire(g, [1])
    racks = list(weapons(g).racks[1])
    assert refused(order(g, "reload_torpedo", tube=1, torpedo="TMB")) == (
        "there are no TMB ground mines in the bow room's racks")
    assert weapons(g).racks[1] == racks and tube(g, 1)["state"] == "fired"
    surfaced = range_game(surfaced=True, weather="clear")
    deck = list(weapons(surfaced).deck)
    assert refused(order(surfaced, "reload_torpedo", **{"from": "deck", "torpedo": "TMB"})) == (
        "the deck containers hold torpedoes, not mines")
    assert weapons(surfaced).deck == deck


def test_7_5_a_reload_naming_no_tube_takes_an_empty_one_or_says_none_is():
    """§7.5 (one torpedo per reload order): without a tube named the order loads the lowest empty tube
    whose room still has a reload — here the bow room's racks are spent and tube 1 is empty, so the
    stern room's reload goes into tube 5. With every tube loaded the order is refused in words a player
    can read aloud, and names no tube (the order did not)."""
    g = range_game()  # all five tubes loaded and flooded
    rejected = one(order(g, "reload_torpedo"), "order_rejected")
    assert rejected["reason"] == "no tube is empty" and "tube" not in rejected
    _fire(g, [1, 2, 3, 4])
    assert [one(order(g, "reload_torpedo"), "tube_loading")["tube"] for _ in range(4)] == [1, 2, 3, 4]
    advance(g, g.t + 15 * 60)
    order(g, "flood_tubes", tubes=[1, 2])
    advance(g, g.t + 30)
    _fire(g, [1, 2])
    assert [one(order(g, "reload_torpedo"), "tube_loading")["tube"] for _ in range(2)] == [1, 2]
    advance(g, g.t + 15 * 60)
    order(g, "flood_tubes", tubes=[1])
    advance(g, g.t + 30)
    _fire(g, [1])
    order(g, "tdc", bearing=180, range_m=1000, course=90, speed_kn=7.5)
    one(order(g, "fire_torpedoes", tubes=[5]), "torpedo_fired")
    assert weapons(g).racks[1] == [] and tube(g, 1)["state"] == "fired" and tube(g, 5)["state"] == "fired"
    assert one(order(g, "reload_torpedo"), "tube_loading")["tube"] == 5  # not tube 1: its room has none left
    assert refused(order(g, "reload_torpedo")) == "no reloads are left in the bow room"


def test_10_3_1_a_major_failure_of_the_tubes_stops_a_reload_and_a_flooding_under_way():
    """§10.3.1: a major failure puts the component out of action until it is repaired (technical.toml:
    the bow tubes cannot be flooded, fired or reloaded). A reload under way in the bow room stops at
    that moment and its torpedo goes back into the racks; tubes being flooded stay dry, their outer
    doors shut. Both say so in the feed, and both orders must be given again after the repair. The
    stern room's work goes on: its tube has not failed."""
    g = range_game(flooded=[1, 5])
    _fire(g, [1])
    order(g, "tdc", bearing=180, range_m=1000, course=90, speed_kn=7.5)
    order(g, "fire_torpedoes", tubes=[5])
    racks = list(weapons(g).racks[1])
    one(order(g, "reload_torpedo", tube=1), "tube_loading")
    one(order(g, "reload_torpedo", tube=5), "tube_loading")
    one(order(g, "flood_tubes", tubes=[2, 3]), "order_accepted")
    advance(g, g.t + 10)
    failed = do(g, {"do": "damage", "kind": "technical", "component": "bow_tubes", "severity": "major_failure"})
    stopped = one(failed, "tube_loading_stopped")
    assert (stopped["tube"], stopped["torpedo"], stopped["component"]) == (1, racks[0], "bow_tubes")
    assert stopped["feed"] == ("Tube 1: loading stopped (the tube is out of action); the G7e (T II) goes back into "
                               "the bow room's racks.")
    dry = one(failed, "tube_flooding_stopped")
    assert (dry["tubes"], dry["component"]) == ([2, 3], "bow_tubes")
    assert dry["feed"] == "Tubes 2, 3: flooding stopped (the tubes are out of action)."
    assert weapons(g).racks[1] == racks and tube(g, 1)["state"] == "empty"
    assert [tube(g, n)["state"] for n in (2, 3)] == ["loaded", "loaded"]
    later = advance(g, g.t + 30 * 60)
    assert named(later, "tubes_flooded") == [] and [e["tube"] for e in named(later, "tube_loaded")] == [5]
    assert refused(order(g, "reload_torpedo", tube=1)).startswith("major failure of the bow torpedo tubes")


def _flood_section(g, section):
    """A hull breach in the section left unsealed until the section floods (§10.3.8)."""
    do(g, {"do": "damage", "kind": "hull_breach", "section": section})
    events = advance(g, g.t + 900)
    flooded = one(events, "section_flooded")
    assert flooded["section"] == section
    return events


def test_10_3_8_a_flooded_bow_room_loses_its_torpedoes_and_its_tubes_are_refused_by_name():
    """§10.3.8: a flooded section can never be entered again and what is inside is lost. The bow room's
    four tubes and six reloads go with it ([gap] our choice: the rulebook names chips); tube 5, the stern
    room's reload and the deck containers stay; every order on a bow tube says the room is flooded."""
    g = range_game(start="1941-06-01T04:00:00", flooded=[])
    lost = one(_flood_section(g, 1), "torpedoes_lost")
    assert lost["room"] == 1 and len(lost["loads"]) == 10 and lost["torpedoes"] == 10
    assert "(4 torpedoes left aboard)." in lost["feed"]
    status = weapons(g).status()
    assert status["torpedoes_left"] == 4 and "1" not in status["racks"] and len(status["deck"]) == 2
    assert [t["state"] for t in status["tubes"]] == ["empty"] * 4 + ["loaded"]
    why = "tube 2 is in the flooded bow room: nobody can reach it"
    assert refused(order(g, "reload_torpedo", tube=2)) == why
    assert refused(order(g, "flood_tubes", tubes=[5, 2])) == why
    order(g, "tdc", bearing=0, range_m=1000, course=90, speed_kn=7.5)
    assert refused(order(g, "fire_torpedoes", tubes=[2])) == why
    # a refusal changes nothing; the stern tube still works
    assert weapons(g).status()["torpedoes_left"] == 4
    assert named(order(g, "flood_tubes", tubes=[5]), "order_accepted")


def test_10_3_8_no_deck_torpedo_is_stowed_in_a_flooded_room():
    """§10.3.8 with the deck containers (§7.5): a deck torpedo goes into the stern room when the bow room
    is flooded, and one sent into the bow room is refused by name."""
    g = range_game(start="1941-06-01T04:00:00", flooded=[], surfaced=True)
    _flood_section(g, 1)
    assert refused(order(g, "reload_torpedo", **{"from": "deck", "room": 1})) == \
        "the bow room is flooded: nobody can stow a torpedo there"
    weapons(g).racks[6] = []  # the stern room's reload taken into its tube
    started = order(g, "reload_torpedo", **{"from": "deck"})
    assert named(started, "order_accepted") and weapons(g).stowing[0]["room"] == 6


def test_7_5_flood_and_fire_without_tubes_take_the_loaded_bow_tubes_and_the_lowest_flooded():
    """host/README.md, the attack's orders: `flood_tubes` without `tubes` floods the loaded bow tubes (1-4,
    not the stern tube), `fire_torpedoes` without `tubes` fires the lowest flooded tube — one torpedo, not
    the salvo; with none flooded it is refused for tube 1 with the reason."""
    g = range_game(flooded=[], vessels=[{"class": "tramp", "bearing": 0, "range_m": 1000, "course": 90,
                                         "speed_kn": 7.5}])
    order(g, "tdc", bearing=0, range_m=1000, course=90, speed_kn=7.5)
    assert refused(order(g, "fire_torpedoes")) == "tube 1 is not flooded (flood it first)"
    one(order(g, "flood_tubes"), "order_accepted")
    assert one(advance(g, 30), "tubes_flooded")["tubes"] == [1, 2, 3, 4]
    assert tube(g, 5)["state"] == "loaded"
    fired = named(order(g, "fire_torpedoes"), "torpedo_fired")
    assert [f["tube"] for f in fired] == [1]
    assert [named(order(g, "fire_torpedoes"), "torpedo_fired")[0]["tube"]] == [2]


def test_7_5_help_reload_names_the_two_torpedo_rooms_not_a_range():
    """A deck torpedo goes into the bow room (1) or the stern room (6), the only rooms with racks: `help reload`
    says so ("1 or 6", not "from 1 to 6"), and a room between them typed at the console is refused naming both."""
    from kit import console_typed

    typed = console_typed("en", "help reload", "reload from=deck room=3")
    assert "the torpedo room whose racks take it (1 bow, 6 stern) [1 or 6]" in typed
    assert "from 1 to 6" not in typed
    assert "! reload: room must be 1 or 6, not 3" in typed
    assert "(1 Bug, 6 Heck) [1 oder 6;" in console_typed("de", "hilfe reload")


def test_7_5_a_whole_number_written_as_6_0_names_the_room_and_the_tube_as_6_does():
    """Many JSON writers put a whole number as 6.0: every whole-number field takes it (as course, section or
    rounds do), so a script's deck torpedo into room 6.0 comes down into the stern room, and tube 1.0 is tube 1;
    a number that is not whole is refused naming the field, its choices and what was given."""
    g = range_game(flooded=[5], surfaced=True)
    _stern_racks_spent(g)
    coming = one(order(g, "reload_torpedo", room=6.0, **{"from": "deck"}), "torpedo_stowing")
    assert coming["room"] == 6 and isinstance(coming["room"], int)
    bow = range_game(flooded=[1, 2])
    _fire(bow, [1])
    assert one(order(bow, "reload_torpedo", tubes=[1.0]), "tube_loading")["tube"] == 1
    assert refused(order(bow, "flood_tubes", tube=2.0)) == "tube 2 is already flooded"
    with pytest.raises(CommandError, match=r"room must be a torpedo room \(1 or 6\), got 6.5"):
        order(g, "reload_torpedo", room=6.5, **{"from": "deck"})
    with pytest.raises(CommandError, match=r"tubes must be a list of tube numbers 1-5, got \[1.5\]"):
        order(g, "reload_torpedo", tubes=[1.5])


def test_7_5_the_console_takes_a_whole_number_written_as_6_0_as_scripts_do():
    """Typed at the console, a whole number written 6.0 is 6 as in a script (`reload from=deck room=6.0`, `flood
    1.0,2`), while 6.5 is refused; a room that is no number names the torpedo rooms, not a range."""
    from kit import console_typed

    assert "Order: flood tubes 1, 2." in console_typed("en", "mobilize", "flood 1.0,2")
    typed = console_typed("en", "reload from=deck room=6.0", "reload from=deck room=6.5", "reload from=deck room=x")
    assert "Reload torpedo refused: the stern room's racks are full (1 reload)" in typed
    assert "! reload: room must be 1 or 6, not 6.5" in typed and "! reload: room must be 1 or 6, not x" in typed


def test_12_the_order_assistant_warns_of_each_tubes_own_torpedos_range():
    """The order assistant (`?fire 4`) warned "the run of 3,9xx m is longer than the torpedo's range of 3,000 m"
    for tube 4's warm G7e (5,000 m), because tube 3 beside it held a cold one (28 kn, 3,000 m) and the bow's
    solution is made for the first tube ready. Each tube is checked with its own torpedo: tube 4 is in reach,
    tube 3 is not."""
    from kaleun.ui.order_warnings import order_warnings

    g = range_game(flooded=[3, 4])
    _fire(g, [3])
    one(order(g, "reload_torpedo", tube=3, torpedo="G7e"), "tube_loading")
    advance(g, g.t + 15 * 60)
    order(g, "flood_tubes", tubes=[3])
    advance(g, g.t + 30)
    assert (tube(g, 3)["warm"], tube(g, 4)["warm"]) == (False, True)
    order(g, "periscope")  # the TDC's view (§8.4): its warning is not the one this test is about
    one(order(g, "tdc", bearing=0, range_m=3800, course=90, speed_kn=2), "tdc_programmed")
    orders = g.module("orders")
    assert order_warnings(g, orders.preview({"order": "fire_torpedoes", "tubes": [4]})) == []
    far = [str(w) for w in order_warnings(g, orders.preview({"order": "fire_torpedoes", "tubes": [3]}))]
    assert len(far) == 1 and far[0].endswith("is longer than the torpedo's range of 3,000 m: the torpedoes stop "
                                             "short. Close in first.")
    both = order_warnings(g, orders.preview({"order": "fire_torpedoes", "tubes": [3, 4]}))
    assert [str(w) for w in both] == far


def test_7_5_3_the_bow_room_reloads_its_tubes_at_once_as_the_data_files_choice_says(monkeypatch):
    """§7.5.3: one torpedo per reload order ("nur 1 pro Befehl"); the book says nothing of how many reloads a room
    works at once. Our choice, torpedoes.toml `reloads_at_once` (a [gap]): every tube of a room at once, the crew
    check being the limit — two orders, two tubes loading side by side, both ready after 15 minutes. A group that
    wants one reload at a time in the bow room sets it to 1: the second order is then refused, saying when the
    first tube is ready, and changes nothing."""
    from kaleun.uboot.weapons.arsenal import BOAT

    assert BOAT["reloads_at_once"] == {"1": 4, "6": 1}
    g = range_game(flooded=[1, 2])
    _fire(g, [1, 2])
    one(order(g, "reload_torpedo", tube=1), "tube_loading")
    one(order(g, "reload_torpedo", tube=2), "tube_loading")
    assert [tube(g, n)["state"] for n in (1, 2)] == ["loading", "loading"]
    assert sorted(e["tube"] for e in named(advance(g, g.t + 15 * 60), "tube_loaded")) == [1, 2]

    monkeypatch.setitem(BOAT["reloads_at_once"], "1", 1)  # type: ignore[index]
    g = range_game(flooded=[1, 2])
    _fire(g, [1, 2])
    one(order(g, "reload_torpedo", tube=1), "tube_loading")
    advance(g, g.t + 60)
    racks = list(weapons(g).racks[1])
    assert refused(order(g, "reload_torpedo", tube=2)) == (
        "the bow room reloads 1 tube at a time: tube 1 is ready in 14 min")
    assert tube(g, 2)["state"] == "fired" and weapons(g).racks[1] == racks


def test_the_data_files_reloads_at_once_is_checked():
    """torpedoes.toml: a room left out of `reloads_at_once`, or no tube at once, is named with its line."""
    from importlib import resources

    from kaleun.uboot import data
    from kaleun.uboot.weapons.arsenal import check_text

    text = resources.files(data.__package__).joinpath("torpedoes.toml").read_text(encoding="utf-8")
    bad = text.replace("reloads_at_once = { 1 = 4, 6 = 1 }", "reloads_at_once = { 1 = 0 }")
    line = bad.splitlines().index(next(x for x in bad.splitlines() if x.startswith("reloads_at_once"))) + 1
    assert check_text(bad) == [f"torpedoes.toml:{line}: boat.reloads_at_once must give every torpedo room (1, 6) a "
                               "whole number of tubes of at least 1"]
