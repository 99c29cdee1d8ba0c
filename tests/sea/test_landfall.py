"""Ships and the coast: a convoy sails one base course and a lone merchant one track for ever, so one that
would run onto land makes port before it does and leaves the sea (`made_port`); chance traffic appears only
where the water floats it (rulebook §11 has ships at sea only; [gap]: convoys.toml [landfall], ships.toml
[traffic.spawn] tries)."""

from __future__ import annotations

import json
import math

from kaleun.core.rng import GameRandom
from kaleun.uboot.game import load_game, new_game
from kaleun.uboot.sea import escorts, geo, landfall, scenario
from kaleun.uboot.sea.seabed import seabed

from .conftest import FakeCrew, game_with, order

#: west of Donegal: the Irish coast lies some 26 nm east of the boat, 36 nm east of the convoy's start
OFF_DONEGAL = [54.9, -9.3]
#: an SC convoy 10 nm south and 10 nm west of the boat, steaming east for Ireland with its screen
INBOUND = {"kind": "SC", "bearing": 225, "range_nm": 14.0, "course": 90, "escorts": ["flower", "flower", "flower"]}
CALM = {"weather": "clear", "weather_hold": True, "start": "1940-10-10T10:00:00"}


def _inbound(seed: int = 0, **extra) -> object:
    return new_game(seed, "training", {"position": OFF_DONEGAL, "convoy": [INBOUND], **CALM, **extra})


def _afloat_every_ten_minutes(game, hours: float) -> list:
    """Run the game in ten-minute steps, checking that every ship is on water deep enough for its draught;
    the events."""
    sea, bed = game.module("sea"), seabed()
    events = []
    for _ in range(int(hours * 6)):
        events += game.advance(600)
        for v, lat, lon in sea.vpositions(game.t):
            assert bed.depth_at(lat, lon) >= v.cls.draft_m, (v.id, game.t / 3600, bed.place_at(lat, lon))
    return events


def test_11_a_convoy_heading_for_a_coast_makes_port_before_it_reaches_land():
    game = _inbound()
    sea = game.module("sea")
    (gid, group), = sea.groups.items()
    ships = sorted(group.offsets)
    events = _afloat_every_ten_minutes(game, 12)
    port = [e for e in events if e.name == "made_port"]
    assert len(port) == 1
    assert port[0].data["group"] == gid and sorted(port[0].data["ships"]) == ships
    assert port[0].data["coast"] == "Ireland"
    assert gid not in sea.groups and not set(ships) & set(sea.vessels)
    assert not any(key.endswith(f":{gid}") for key in sea.sched)


def test_11_a_convoy_makes_port_when_the_coast_comes_within_its_look_ahead():
    """Straight for the north-south coast of County Mayo (10.1 W, seabed.toml): the convoy goes in when a leg
    begins with the coast within `look_nm` of its front ship, so between one leg's run (plan_a: 10 min at
    7.5 kn, 1.25 nm) and `look_nm` short of it."""
    game = new_game(0, "training", {"position": [53.75, -11.2], "convoy": [
        {"kind": "SC", "bearing": 225, "range_nm": 10.0, "course": 90, "escorts": ["flower"]}], **CALM})
    sea = game.module("sea")
    (_gid, group), = sea.groups.items()
    front = max(east for east, _north in group.offsets.values())  # the screen's van, nm ahead (east)
    port = next(e for e in _afloat_every_ten_minutes(game, 12) if e.name == "made_port")
    lat, lon = group.at(port.t)
    to_coast = (-10.1 - lon) * 60.0 * math.cos(math.radians(lat)) - front
    assert landfall.LOOK_NM - 1.25 - 0.1 < to_coast <= landfall.LOOK_NM


def test_11_a_convoy_nobody_saw_makes_port_without_a_word_in_the_feed():
    game = _inbound()
    events = game.advance(12 * 3600)
    port = next(e for e in events if e.name == "made_port")
    assert port.data["contacts"] == [] and not port.feed
    assert not [e for e in events if e.name == "contact_lost" and e.data["reason"] == "made port"]


def test_11_the_crew_hears_that_the_contacts_it_held_made_port():
    game = game_with("training", replace=[FakeCrew(4)],
                     overrides={"position": OFF_DONEGAL, "convoy": [INBOUND], **CALM})
    order(game, "observe")
    events = game.advance(12 * 3600)
    port = next(e for e in events if e.name == "made_port")
    held = port.data["contacts"]
    assert held, "the lookouts held the convoy"
    assert port.text.startswith("Contacts ") and port.text.endswith(" have run in to the coast and made port.")
    assert all(c in port.text for c in held)
    lost = {e.data["contact"] for e in events if e.name == "contact_lost" and e.data["reason"] == "made port"}
    assert lost == set(held)


def test_11_a_convoy_steaming_along_a_coast_keeps_the_sea():
    """Fourteen nm off the north-south coast of County Mayo and parallel to it, the convoy's way ahead is
    clear: it sails on."""
    game = new_game(0, "training", {"position": [53.5, -10.5], "convoy": [
        {"kind": "SC", "bearing": 180, "range_nm": 8.0, "course": 0, "zigzag": "none"}], **CALM})
    events = _afloat_every_ten_minutes(game, 3)
    assert not [e for e in events if e.name == "made_port"]


#: 25 nm west of Rockall (seabed.toml: rocks and reef some 2 nm across, alone in the ocean); an SC convoy
#: 10 nm south of the boat steams due east for Liverpool, straight for the rocks
WEST_OF_ROCKALL = [57.75, -14.45]
FOR_ROCKALL = {"kind": "SC", "bearing": 180, "range_nm": 10.0, "course": 90, "escorts": ["flower"]}


def test_11_a_convoy_steers_round_an_island_and_takes_its_base_course_up_again():
    """An island is not a destination: the convoy turns by the smallest step that clears the rocks, never
    runs onto them, and comes back to its base course once they are passed (convoys.toml [landfall])."""
    game = new_game(0, "training", {"position": WEST_OF_ROCKALL, "convoy": [FOR_ROCKALL], **CALM})
    sea = game.module("sea")
    (gid, group), = sea.groups.items()
    events = _afloat_every_ten_minutes(game, 5)
    assert not [e for e in events if e.name == "made_port"]
    detours = [e.data for e in events if e.name == "convoy_detour"]
    assert detours[0]["group"] == gid and detours[0]["island"] == "Rockall"
    turn = geo.norm180(detours[0]["course"] - 90.0)
    assert turn != 0.0 and abs(turn) % landfall.DETOUR_STEP_DEG == 0.0 and abs(turn) <= landfall.DETOUR_MOST_DEG
    assert detours[-1]["island"] is None and detours[-1]["course"] == 90.0
    assert gid in sea.groups and group.base_course == 90.0 and group.resume is None
    _lat, lon = group.at(game.t)
    assert lon > -13.64 + 0.1  # past the rocks (their east edge) to the east


def test_11_a_convoy_makes_port_at_a_coast_and_steers_round_only_islands():
    """Ireland is wider than `round_nm`: a coast, where the convoy makes port; Rockall is an island."""
    assert landfall.is_island("Rockall") and landfall.is_island("Corvo (Azores)")
    assert not landfall.is_island("Ireland") and not landfall.is_island("Great Britain")


def test_11_a_lone_merchant_steers_round_an_island_and_takes_its_course_up_again():
    """A tramp 10 nm west of Rockall, steaming due east at it: it turns clear of the rocks (never onto them,
    no `made_port`) and comes back to course 090 once past them."""
    game = new_game(0, "training", {"position": [57.75, -14.0], "vessel": [
        {"class": "tramp", "bearing": 180, "range_nm": 9.0, "course": 90, "speed_kn": 8.0}], **CALM})
    v = next(iter(game.module("sea").vessels.values()))
    courses = set()
    for _ in range(6 * 6):
        events = _afloat_every_ten_minutes(game, 1 / 6)
        assert not [e for e in events if e.name == "made_port"]
        courses.add(v.track.course)
    assert courses - {90.0} and v.track.course == 90.0 and "resume" not in v.ai
    assert v.track.at(game.t)[1] > -13.64 + 0.1  # past the rocks to the east


def test_11_an_escort_hunting_a_datum_ashore_searches_off_the_coast_and_never_runs_onto_land():
    """A Flower 16 nm east of the boat off Donegal is sent to a datum 15 nm inland (a bad bearing): it steams
    for it, stops at the coast to search the water off it, gives up, and patrols on, afloat all the while
    ([gap] attacks.toml [escort] coast_look_nm, coast_turn_deg)."""
    game = new_game(0, "training", {"position": OFF_DONEGAL, "vessel": [
        {"class": "flower", "bearing": 90, "range_nm": 16.0, "course": 0, "mode": "patrol"}], **CALM})
    sea = game.module("sea")
    v = next(iter(sea.vessels.values()))
    escorts.start_hunt(sea, v, game.t, 54.9, -7.6, 0.5)
    modes = []
    for _ in range(8 * 6):
        _afloat_every_ten_minutes(game, 1 / 6)
        modes.append(v.ai["mode"])
    assert "search" in modes and modes[-1] == "patrol"


def test_a_save_on_a_detour_round_an_island_resumes_to_the_same_log():
    game = new_game(0, "training", {"position": WEST_OF_ROCKALL, "convoy": [FOR_ROCKALL], **CALM})
    events = []
    while not [e for e in events if e.name == "convoy_detour"]:
        events += game.advance(600)
    (group,) = game.module("sea").groups.values()
    assert group.resume == 90.0
    again = load_game(json.loads(json.dumps(game.to_state())))
    ours = [(e.t, e.name, e.data) for e in game.advance(4 * 3600)]
    theirs = [(e.t, e.name, e.data) for e in again.advance(4 * 3600)]
    assert ours == theirs and any(name == "convoy_detour" for _t, name, _d in ours)


def test_11_a_lone_merchant_on_a_track_for_the_coast_makes_port_before_it_reaches_land():
    game = new_game(0, "training", {"position": OFF_DONEGAL, "vessel": [
        {"class": "tramp", "bearing": 180, "range_nm": 3.0, "course": 90, "speed_kn": 8.0}], **CALM})
    vid = next(iter(game.module("sea").vessels))
    events = _afloat_every_ten_minutes(game, 8)
    port = [e for e in events if e.name == "made_port"]
    assert [(p.data["group"], p.data["ships"], p.data["coast"]) for p in port] == [(None, [vid], "Ireland")]
    assert vid not in game.module("sea").vessels


def test_a_save_with_a_merchants_look_ahead_on_the_agenda_resumes_to_the_same_log():
    game = new_game(0, "training", {"position": OFF_DONEGAL, "vessel": [
        {"class": "tramp", "bearing": 180, "range_nm": 3.0, "course": 90, "speed_kn": 8.0}], **CALM})
    game.advance(1800)
    assert any(key.startswith("port:") for key in game.module("sea").sched)
    again = load_game(json.loads(json.dumps(game.to_state())))
    ours = [(e.t, e.name, e.data) for e in game.advance(8 * 3600)]
    theirs = [(e.t, e.name, e.data) for e in again.advance(8 * 3600)]
    assert ours == theirs and any(name == "made_port" for _t, name, _d in ours)


#: 4 nm off the Breton coast west of Lorient (Ile de Groix lies east): most of the compass within 20 nm is land
OFF_LORIENT = [47.55, -3.75]


def test_11_chance_traffic_is_never_placed_on_land_nor_in_water_too_shallow_for_it():
    bed = seabed()
    assert bed.depth_at(*OFF_LORIENT) >= bed.draft_m  # the boat itself floats
    placed = 0
    for seed in range(25):
        game = new_game(seed, "training", {"position": OFF_LORIENT, "traffic": "heavy", **CALM})
        sea = game.module("sea")
        for _ in range(20):
            before = set(sea.vessels)
            scenario.spawn_traffic(sea, game.t)
            for vid in set(sea.vessels) - before:
                v = sea.vessels[vid]
                lat, lon = v.track.at(game.t)
                assert bed.depth_at(lat, lon) >= v.cls.draft_m, (seed, vid, bed.place_at(lat, lon))
                placed += 1
                sea.remove_vessel(vid, "test")
    assert placed > 250  # the boat is not so deep among the land that nobody comes


def test_traffic_placed_on_open_water_draws_as_before():
    """Out in the ocean the first draw floats: a newcomer is placed exactly as it always was (its bearing and
    range the generator's first two draws), so the same seed places the same ship in the same place."""
    game = new_game(3, "patrol_atlantic")
    sea = game.module("sea")
    twin = GameRandom.from_json(sea.rng.to_json())
    scenario.spawn_traffic(sea, game.t)
    (_vid, v), = sea.vessels.items()
    bearing, dist = twin.uniform(0.0, 360.0), twin.uniform(14.0, 20.0)
    assert v.track.at(game.t) == geo.destination(*game.module("boat").position_at(game.t), bearing, dist)
