"""Mines laid through the torpedo tubes (host/README.md, "The attack": mines).

The rulebook has no mines: the order, its refusals, who executes it and what a mine does are our
rules, with the facts and the "[gap]" values in torpedoes.toml ([mines.TMB]: three TMB to a tube,
laid in 25 m of water or less, armed after 60 minutes, firing under a ship passing within 50 m with
a chance of 0.8). Who executes the order follows the order table's style (§6.5: as flood tubes,
one torpedo-symbol activation per torpedo room); reloading a tube with mines is the §7.5 reload.

The boat lies in seabed.toml's coastal shallows off Hartlepool (20 m of water) at periscope depth,
heading west, in November 1939, with the mission loadout `tmb_1939` (mines in tubes 1-4 and two
tube loads in the bow racks, a G7e in tube 5).
"""

from __future__ import annotations

import itertools
import json
import math

import pytest
from kaleun.uboot.game import load_game
from kaleun.uboot.sea import geo
from kaleun.uboot.sea.geo import M_PER_NM
from kaleun.uboot.weapons import arsenal
from weaponskit import advance, named, one, order, range_game, refused, tube, weapons

SHALLOWS = [54.7, -0.86]  # 20 m of water
INSHORE = [54.7, -0.6]  # 40 m
OFFSHORE = [54.7, 0.0]  # 80 m, the Central North Sea


def mine_game(seed: int = 0, position: list[float] = SHALLOWS, vessels=(), **changes):
    return range_game(seed, start="1939-11-20T22:00:00", vessels=vessels, flooded=[], position=position,
                      course=270, loadout="tmb_1939", **changes)


def field(g) -> list[dict]:
    return list(g.module("sea").minefield.mines.values())


def test_the_mine_loadout_carries_three_tmb_to_a_tube():
    status = weapons(mine_game()).status()
    assert [(t["tube"], t["mines"], t["mine_count"], t["name"]) for t in status["tubes"][:4]] == \
        [(n, "TMB", 3, "TMB ground mines") for n in (1, 2, 3, 4)]
    assert status["tubes"][4]["torpedo"] == "G7e" and status["tubes"][4]["mines"] is None
    assert status["mines_left"] == 6 * 3  # four tubes and two rack slots, three mines each
    assert status["torpedoes_left"] == 8  # tube 5, four in the bow racks, one aft, two on deck
    assert status["racks"]["1"].count("TMB") == 2


def test_mines_go_to_the_bottom_along_the_track_and_leave_the_tubes_empty():
    g = mine_game()
    lat, lon = g.module("boat").position_at(g.t)
    events = order(g, "lay_mines")
    accepted = one(events, "order_accepted")
    assert accepted["feed"] == "Order: lay mines from tubes 1, 2, 3, 4."
    laid = one(events, "mines_laid")
    assert laid["feed"] == "Tubes 1, 2, 3, 4: 12 mines laid in 20 m of water; they arm in 60 minutes."
    assert (laid["tubes"], laid["type"], laid["count"], laid["field"], laid["water_m"], laid["arm_min"]) == \
        ([1, 2, 3, 4], "TMB", 12, "f1", 20.0, 60.0)
    assert [tube(g, n)["state"] for n in (1, 2, 3, 4, 5)] == ["fired"] * 4 + ["loaded"]
    assert all(tube(g, n)["mines"] is None for n in (1, 2, 3, 4))
    mines = field(g)
    assert len(mines) == 12 and {m["field"] for m in mines} == {"f1"}
    assert all(m["armed"] == pytest.approx(3600.0) and m["water_m"] == 20.0 for m in mines)
    # the last one under the boat, each earlier one 100 m further astern (east: the boat heads west)
    assert (mines[-1]["lat"], mines[-1]["lon"]) == pytest.approx((lat, lon))
    for k, mine in enumerate(reversed(mines)):
        east, north = geo.offset(lat, lon, mine["lat"], mine["lon"])
        assert east * M_PER_NM == pytest.approx(100.0 * k, abs=0.5) and abs(north * M_PER_NM) < 0.5
    status = weapons(g).status()
    assert status["mines_laid"] == 12 and status["mines_left"] == 6


@pytest.mark.parametrize("setup, before, reason", [
    ({"surfaced": True}, [], "mines are laid submerged, unseen: dive first"),
    ({"position": OFFSHORE}, [], "the water is 80 m deep here: TMB ground mines must lie in 25 m of water or less"),
    ({"position": INSHORE}, [], "the water is 40 m deep here: TMB ground mines must lie in 25 m of water or less"),
    ({"position": INSHORE}, [("new_depth", {"depth_m": 30})],
     "the boat is too deep to lay mines (30 m): the tubes eject at 20 m or shallower"),
    ({}, [], None),
], ids=["surfaced", "offshore", "inshore", "too-deep", "in-the-shallows"])
def test_the_first_officer_reads_why_the_mines_cannot_be_laid(setup, before, reason):
    g = mine_game(**setup)
    for name, fields in before:
        order(g, name, **fields)
        advance(g, g.t + 120)
    events = order(g, "lay_mines")
    if reason is None:
        one(events, "mines_laid")
        return
    assert refused(events) == reason
    assert one(events, "order_rejected")["feed"] == f"Lay mines refused: {reason}."
    assert field(g) == [] and tube(g, 1)["mines"] == "TMB" and tube(g, 1)["state"] == "loaded"


def test_a_tube_without_mines_is_refused_by_name():
    g = mine_game()
    assert refused(order(g, "lay_mines", tubes=[4, 5])) == "tube 5 holds a torpedo, not mines"
    one(order(g, "lay_mines", tubes=[1]), "mines_laid")
    assert refused(order(g, "lay_mines", tubes=[1])) == "tube 1 is empty"
    assert refused(order(g, "flood_tubes", tubes=[2])) == \
        "tube 2 holds mines: the lay mines order floods it and lays them"
    assert [m["field"] for m in field(g)] == ["f1"] * 3


def test_7_5_a_tube_is_reloaded_with_mines_from_the_racks_one_load_per_order():
    g = mine_game()
    one(order(g, "lay_mines"), "mines_laid")
    loading = one(order(g, "reload_torpedo", tube=1, torpedo="TMB"), "tube_loading")
    assert loading["feed"] == "Tube 1: loading TMB ground mines, ready in 15 min." and loading["torpedo"] == "TMB"
    assert refused(order(g, "lay_mines", tubes=[1])) == "tube 1 is still being loaded"
    loaded = one(advance(g, g.t + 15 * 60), "tube_loaded")
    assert loaded["feed"] == "Tube 1 loaded (TMB ground mines)."
    assert tube(g, 1)["mines"] == "TMB" and weapons(g).racks[1].count("TMB") == 1
    assert one(order(g, "lay_mines"), "mines_laid")["tubes"] == [1]
    assert weapons(g).status()["mines_laid"] == 15


def test_6_5_the_torpedo_room_crew_lays_them_one_activation_per_room():
    """Our rule in the style of §6.5's table: as flood tubes, a sailor with the torpedo symbol in the
    room of the tubes, one activation per room (order_requirements.toml)."""
    from kaleun.uboot.crew.requirements import static_need

    bow = static_need("lay_mines", {"tubes": [1, 2, 3, 4]}, surfaced=False)
    assert [(gr.section, gr.needs) for gr in bow.groups] == [(1, {"torpedo": 1})] and bow.rooms == (1,)
    both = static_need("lay_mines", {"tubes": [1, 5]}, surfaced=False)
    assert [(gr.section, gr.needs) for gr in both.groups] == [(1, {"torpedo": 1}), (6, {"torpedo": 1})]
    g = mine_game(crew_rules="enforce")
    answer = g.module("orders").preview({"order": "lay_mines"})
    assert answer["accepted"] is True, answer
    assert [(a["section"], a["chips"]) for a in answer["activated"]] == [(1, 1)]


def test_10_3_a_major_failure_of_the_bow_tubes_refuses_the_order():
    g = mine_game(crew_rules="enforce")
    g.apply({"do": "damage", "kind": "technical", "component": "bow_tubes", "severity": "major_failure"})
    reason = refused(order(g, "lay_mines"))
    assert reason.startswith("major failure of the bow torpedo tubes") and "lay mines" in reason


# -- what a mine does ----------------------------------------------------------------------------------
def away(g) -> None:
    """The boat creeps out to sea (east, over its own field) at slow ahead: off the ships' track and
    clear of the coast two miles west."""
    order(g, "new_course", course=90)
    order(g, "new_speed", speed="slow_ahead")


def _ship_over_the_field(seed: int, start_after_s: float, **laid):
    """A tramp steamer 10 nm north of the stopped boat steams south at 8 kn over the boat's spot (after
    75 minutes). The boat lays its field after `start_after_s` (heading west: the last mine under the
    boat, on the tramp's track, the others east of it) and creeps away east at slow ahead."""
    g = mine_game(seed, vessels=[{"class": "tramp", "bearing": 0, "range_m": 10 * M_PER_NM, "course": 180,
                                  "speed_kn": 8}])
    lat, lon = g.module("boat").position_at(g.t)
    advance(g, start_after_s)
    events = order(g, "lay_mines", **laid)
    away(g)
    return g, events + advance(g, 3 * 3600), (lat, lon)


def test_a_ship_passing_over_an_armed_mine_is_damaged_and_sunk_by_it():
    g, events, _where = _ship_over_the_field(0, 0.0)
    hit = one(events, "mine_hit")
    assert hit["feed"] == "A mine of the boat's field has gone off under a Tramp steamer."
    assert hit["class"] == "tramp" and hit["field"] == "f1" and 0.8 <= hit["damage"] <= 1.8
    assert hit["t"] == pytest.approx(4500.0, abs=60.0)  # over the boat's spot after 75 minutes: armed
    sunk = one(events, "ship_sunk")
    assert (sunk["class"], sunk["cause"], sunk["grt"]) == ("tramp", "mine", 4800)
    assert len(field(g)) == 11  # the one that went off is gone
    assert weapons(g).status()["sunk"][0]["cause"] == "mine"


def test_a_mine_does_not_fire_before_it_is_armed():
    """Laid 20 minutes late, the mines arm 80 minutes after the start: the tramp passes over them at
    75 minutes and steams on unharmed."""
    g, events, _where = _ship_over_the_field(0, 1200.0)
    assert named(events, "mine_hit") == [] and named(events, "ship_sunk") == []
    assert len(field(g)) == 12


def test_a_mine_fires_under_a_passing_ship_with_its_chance():
    """fire_p = 0.8 ([gap]): over twenty seeds most ships passing over the field are hit, not all."""
    hits = sum(bool(named(_ship_over_the_field(seed, 0.0)[1], "mine_hit")) for seed in range(20))
    assert 12 <= hits <= 19


def test_a_ship_passing_clear_of_the_field_is_never_hit():
    for seed in range(5):
        g = mine_game(seed, vessels=[{"class": "tramp", "bearing": 3, "range_m": 10 * M_PER_NM, "course": 180,
                                      "speed_kn": 8}])  # its track passes about 970 m east of the boat
        order(g, "lay_mines", tubes=[1])  # three mines: 200 m of field east of the boat
        events = advance(g, 4 * 3600)
        assert named(events, "mine_hit") == []


def test_a_quiet_field_costs_a_handful_of_looks():
    """The field is looked at on the sea's agenda: with no ship near, every half hour (not every step)."""
    g = mine_game(traffic="none", air_cover="none")
    order(g, "lay_mines")
    sea = g.module("sea")
    looks = []
    while g.t < 6 * 3600:
        due = sea.sched.get("mines")
        assert due is not None
        looks.append(due[0])
        g.advance_to(due[0])
    assert looks[0] == pytest.approx(3600.0)  # when they arm
    assert len(looks) == 11 and all(b - a == pytest.approx(1800.0) for a, b in itertools.pairwise(looks))


# -- saved with the game ----------------------------------------------------------------------------
def test_laid_mines_are_saved_and_a_resumed_game_goes_on_alike():
    g = mine_game(0, vessels=[{"class": "tramp", "bearing": 0, "range_m": 10 * M_PER_NM, "course": 180,
                               "speed_kn": 8}])
    order(g, "lay_mines", tubes=[1, 2])
    away(g)
    advance(g, 1800.0)
    state = json.loads(json.dumps(g.to_state()))
    assert len(state["modules"]["sea"]["minefield"]["mines"]) == 6
    assert state["modules"]["weapons"]["mines_laid"] == 6
    resumed = load_game(state)
    assert resumed.module("sea").minefield.to_json() == g.module("sea").minefield.to_json()
    assert resumed.module("weapons").status() == weapons(g).status()
    later = [e.to_json() for e in g.advance_to(4 * 3600)]
    again = [e.to_json() for e in resumed.advance_to(4 * 3600)]
    assert later == again and named(later, "mine_hit")


def test_a_damaged_minefield_in_a_save_is_refused_with_its_place():
    from kaleun.core.errors import SaveError

    g = mine_game()
    order(g, "lay_mines", tubes=[1])
    state = json.loads(json.dumps(g.to_state()))
    state["modules"]["sea"]["minefield"]["mines"]["m2"]["fire_p"] = 7
    with pytest.raises(SaveError, match=r"modules\.sea\.minefield\.mines\.m2\.fire_p"):
        load_game(state)
    state["modules"]["sea"]["minefield"]["mines"]["m2"]["fire_p"] = 0.5
    state["modules"]["weapons"]["tubes"]["2"]["mines"] = "TMX"
    with pytest.raises(SaveError, match=r"modules\.weapons\.tubes\.2\.mines"):
        load_game(state)


def test_a_save_from_before_mines_still_loads():
    g = range_game()
    state = json.loads(json.dumps(g.to_state()))
    del state["modules"]["sea"]["minefield"]
    del state["modules"]["weapons"]["mines_laid"]
    for item in state["modules"]["weapons"]["tubes"].values():
        del item["mines"]
    resumed = load_game(state)
    assert resumed.module("sea").minefield.mines == {} and resumed.module("weapons").mines_laid == 0


# -- the data ----------------------------------------------------------------------------------------
def test_the_mine_data_is_checked_with_file_and_line():
    from importlib import resources

    text = resources.files("kaleun.uboot.data").joinpath("torpedoes.toml").read_text(encoding="utf-8")
    assert arsenal.check_text(text) == []
    lines = text.splitlines()
    broken = text.replace("per_tube = 3 ", "per_tube = 0 ").replace(
        'tubes = ["TMB", "TMB", "TMB", "TMB", "G7e"]', 'tubes = ["TMB", "TMB", "TMB", "TMB"]')
    problems = arsenal.check_text(broken)
    line = next(i + 1 for i, x in enumerate(lines) if x.startswith("per_tube = 3 "))
    assert problems == [f"torpedoes.toml:{line}: mines.TMB.per_tube must be a whole number of at least 1, got 0"]
    broken = text.replace('tubes = ["TMB", "TMB", "TMB", "TMB", "G7e"]', 'tubes = ["TMB", "TMB", "TMB", "TMB"]')
    line = next(i + 1 for i, x in enumerate(lines) if x.startswith('tubes = ["TMB"'))
    assert arsenal.check_text(broken) == [f"torpedoes.toml:{line}: loadouts.tmb_1939.tubes must fill 5 tubes, not 4"]
    broken = text.replace('deck = ["G7a", "G7a"]\n', 'deck = ["G7a", "TMB"]\n').replace(
        'from = "1939-09-01"\ntubes', 'from = "1939-08-01"\ntubes')
    found = arsenal.check_text(broken)
    assert any("loadouts.tmb_1939: TMB not issued on 1939-08-01" in p for p in found)
    assert any("the deck containers hold torpedoes, not TMB" in p for p in found)
    dated = text.replace('tubes = ["G7a", "G7a", "G7e", "G7e", "G7e"]', 'tubes = ["G7a", "G7a", "G7e", "G7e", "TMB"]')
    assert any("loadout[0] names unknown torpedo types (mines go in a mission's named loadout) ['TMB']" in p
               for p in arsenal.check_text(dated))


def test_a_mine_radius_is_small_against_the_field_spacing():
    """The spacing (100 m) is at most twice the radius (50 m): a ship crossing the line square on passes
    within reach of a mine wherever it crosses."""
    tmb = arsenal.mine_type("TMB")
    assert tmb.spacing_m <= 2 * tmb.radius_m
    assert math.isclose(tmb.max_water_m, 25.0) and tmb.per_tube == 3


def test_a_boat_without_mines_is_told_so_not_that_tube_1_holds_a_torpedo():
    """A lay mines order on a boat that sailed with torpedoes only (the date's loadout) is refused with what
    is wrong — no mines aboard — not with the torpedo in the tube the order fell back on; nothing changes."""
    g = range_game(flooded=[])  # at periscope depth: only the mines are missing
    before = json.dumps(weapons(g).to_state(), sort_keys=True)
    assert refused(order(g, "lay_mines")) == "the boat carries no mines: it sailed with torpedoes only"
    assert refused(order(g, "lay_mines", tubes=[2])) == "the boat carries no mines: it sailed with torpedoes only"
    assert json.dumps(weapons(g).to_state(), sort_keys=True) == before


def test_the_window_order_menu_offers_mine_laying_only_to_a_boat_with_mines():
    """The orders screen lists no order for a weapon the boat does not carry: a boat that sailed with
    torpedoes only has no "Mines" button; the minelayer has one."""
    from window.fingers import Table_

    torpedo_boat = Table_(game=range_game(flooded=[]))
    torpedo_boat.tap("tab.orders")
    assert torpedo_boat.target("order.fire_torpedoes") is not None
    assert torpedo_boat.window.targets.get("order.lay_mines") is None
    minelayer = Table_(game=mine_game())
    minelayer.tap("tab.orders")
    assert minelayer.target("order.lay_mines") is not None
