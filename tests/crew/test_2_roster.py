"""§2, §6.2, §6.3 the roster: 16 figures, 32 sailors, two symbols each; every order staffable by
specialists in each watch."""

from __future__ import annotations

import pytest
from crewkit import WATCH_CHANGE_S, advance, do, game, named, stations
from kaleun.uboot import data
from kaleun.uboot.crew.requirements import ORDERS, Group, static_need
from kaleun.uboot.crew.roster import FACES, FIGURES, ROSTER, SYMBOLS, load_roster
from kaleun.uboot.crew.sailors import SailorState
from kaleun.uboot.crew.staffing import Member, staff_group
from kaleun.uboot.orders import Order


def test_2_sixteen_figures_stand_for_thirty_two_sailors_with_two_symbols_each():
    assert len(FIGURES) == 16 and all(len(ROSTER[f]) == FACES == 2 for f in FIGURES)
    sailors = [face for f in FIGURES for face in ROSTER[f]]
    assert len(sailors) == 32
    assert all(len(face.symbols) == 2 and face.symbols <= set(SYMBOLS) for face in sailors)
    assert len(SYMBOLS) == 17


def test_10_3_3_one_most_experienced_engineer_per_watch():
    for n in range(FACES):
        marked = [f for f in FIGURES if ROSTER[f][n].most_experienced]
        assert len(marked) == 1 and marked[0].startswith("engineer-")


def test_2_editing_the_roster_reports_every_mistake():
    raw = {k: dict(v) for k, v in data.load("sailors").items()}
    raw["captain-square"] = {"1": {"name": "x", "symbols": ["periscope"]}, "2": raw["captain-square"]["2"]}
    raw["officer-circle"] = {"1": {"name": "y", "symbols": ["helm", "warp_drive"]}, "2": raw["officer-circle"]["2"]}
    raw["cook-square"] = {}
    with pytest.raises(ValueError) as err:
        load_roster(raw)
    text = str(err.value)
    assert "[captain-square] face 1: needs exactly 2 different symbols" in text
    assert "[officer-circle] face 1: unknown symbol(s) warp_drive" in text
    assert "[cook-square] is not a figure" in text


def _assign(order: str, groups: list[Group], face: int) -> dict[str, int]:
    """Choose specialists of one watch for every group of an order (each figure in one section)."""
    free = set(FIGURES)
    places: dict[str, int] = {}
    for g in groups:
        members = [Member(f, SailorState(), ROSTER[f][face]) for f in FIGURES if f in free]
        picks, missing = staff_group(order, g, members, set())
        assert missing == 0, f"{order}: watch {face + 1} lacks specialists for {g.describe()}"
        assert all(p.specialist for p in picks), f"{order}: watch {face + 1} needs a non-specialist"
        for p in picks:
            places[p.figure] = g.section
            free.discard(p.figure)
    return places


STATIC = [o for o, spec in ORDERS.items() if spec.get("kind") not in ("mobilize", "repair", "first_aid", "lookouts")]


@pytest.mark.parametrize("watch", [1, 2])
@pytest.mark.parametrize("order", STATIC)
def test_2_every_order_can_be_staffed_by_specialists_in_each_watch(order, watch):
    """Place the specialists the roster offers, then let the crew engine staff the order.

    (Staffing only: whether the sea allows the order right now — periscope depth, a clear sky —
    is the sea's check, tested with the sea.)"""
    for surfaced in (True, False):
        if (order in ("dive",) and not surfaced) or (order in ("surface", "new_depth") and surfaced):
            continue
        params = {"tubes": [1, 5]} if order in ("flood_tubes", "fire_torpedoes") else {}
        if order == "prepare_meal":
            params = {"swap": [1, 2]}
        if order == "new_speed":
            params = {"speed": "half_ahead"}
        g = game()
        if watch == 2:
            advance(g, WATCH_CHANGE_S + 1)
        if not surfaced:
            g.module("boat").surfaced = False
        places = _assign(order, static_need(order, params, surfaced).groups, watch - 1)
        if any(s in (7, 8) for s in places.values()):
            g.module("boat").surfaced = True  # deck and bridge are reached through the conning tower
        stations(g, places)
        g.module("boat").surfaced = surfaced
        crew = g.module("crew")
        given = Order(order, params, "script")
        assert crew.validate(given) is None
        activated = crew.commit(given)["activated"]
        if order == "prepare_meal":
            continue
        assert activated and all(a["specialist"] for a in activated)


@pytest.mark.parametrize("watch", [1, 2])
def test_2_lookouts_repairs_first_aid_and_a_hull_breach_are_staffable_by_specialists(watch):
    for kind in ("observation", "repair", "first_aid"):
        g = game()
        if watch == 2:
            advance(g, WATCH_CHANGE_S + 1)
        roster = {f: ROSTER[f][watch - 1] for f in FIGURES}
        specialists = [f for f in FIGURES if kind in roster[f].symbols]
        if kind == "observation":
            stations(g, {f: 8 for f in specialists})
            order = {"do": "order", "order": "observe"}
        elif kind == "repair":
            assert len(specialists) >= 5
            stations(g, {f: 4 for f in specialists[:5]})
            do(g, {"do": "damage", "kind": "hull_breach", "section": 4})
            order = {"do": "order", "order": "repair", "breach": 4}
        else:
            medic = specialists[0]
            patient = next(f for f in FIGURES if f != medic and f.startswith("captain"))
            stations(g, {medic: 2, patient: 2})
            do(g, {"do": "ailment", "figure": patient, "deck": "wounds", "exhaustion": 1, "supplies": ["bandages"]})
            order = {"do": "order", "order": "first_aid", "patients": [patient]}
        events = do(g, order)
        accepted = named(events, "order_accepted")
        assert accepted, named(events, "order_rejected")
        assert accepted[0]["activated"] and all(a["specialist"] for a in accepted[0]["activated"])
