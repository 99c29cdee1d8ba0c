"""§8.4 (the 88 mm gun's view; host/README.md "The attack", `gun_88`): an order to the 88 mm gun that names no ship
is refused by the order's own check, as the TDC's is, and the refusal names the ships the crew can lay the gun on —
those in contact within the gun's reach by the crew's own estimates (guns.toml, 4 nm), nearest first, a ship told
going down left out — so the First Officer picks one. A table script gets the same words as the console."""

from __future__ import annotations

from typing import Any

import pytest
from kaleun.uboot.sea import shipdamage
from weaponskit import order, range_game, refused, ships_reported

NEAR = {"class": "tramp", "bearing": 40, "range_m": 2500, "course": 40, "speed_kn": 0}
ALSO_NEAR = {"class": "tramp", "bearing": 300, "range_m": 3000, "course": 40, "speed_kn": 0}
BEYOND = {"class": "tramp", "bearing": 200, "range_m": 9500, "course": 40, "speed_kn": 0}  # 5.1 nm


def _in_sight(vessels: list[dict[str, Any]]) -> tuple[Any, list[str]]:
    """The surfaced boat's lookouts have reported every ship: the game and the contacts, nearest first."""
    g = range_game(3, vessels=vessels, surfaced=True, flooded=[])
    assert len(ships_reported(g, len(vessels))) == len(vessels)
    contacts = g.module("sea").picture.active()
    return g, [str(c["id"]) for c in sorted(contacts, key=lambda c: float(c["range_nm"]))]


def _doom(g: Any, cid: str) -> None:
    """A blow dooms the ship of contact `cid`: the feed tells the crew she settles (her contact: going down)."""
    sea = g.module("sea")
    v = next(v for v in sea.vessels.values() if (sea.picture.of(v.id) or {}).get("id") == cid)
    assert shipdamage.hit(sea, v, v.cls.structure, "torpedo", g.t) == "sinking"


def test_8_4_two_ships_in_reach_the_refusal_names_both_nearest_first() -> None:
    g, (near, far) = _in_sight([ALSO_NEAR, NEAR])
    events = order(g, "gun_88", rounds=5)
    assert refused(events) == (f"the 88 mm gun needs a target, one of the ships in contact within its reach (4 nm): "
                               f"{near}, {far}")
    assert not [e for e in events if e["event"] in ("order_accepted", "gun_firing")]


def test_8_4_a_ship_beyond_the_gun_s_reach_is_not_named() -> None:
    g, (near, _beyond) = _in_sight([NEAR, BEYOND])
    assert refused(order(g, "gun_88")) == (f"the 88 mm gun needs a target, one of the ships in contact within its "
                                           f"reach (4 nm): {near}")


def test_8_4_a_ship_told_going_down_is_not_named() -> None:
    g, (near, far) = _in_sight([NEAR, ALSO_NEAR])
    _doom(g, near)
    assert refused(order(g, "gun_88")) == (f"the 88 mm gun needs a target, one of the ships in contact within its "
                                           f"reach (4 nm): {far}")
    _doom(g, far)
    assert refused(order(g, "gun_88")) == (f"the 88 mm gun needs a target, and every ship in contact within its "
                                           f"reach (4 nm) is going down ({near}, {far})")


def test_8_4_with_no_ship_in_reach_or_in_contact_the_refusal_says_so() -> None:
    g, _ships = _in_sight([BEYOND])
    assert refused(order(g, "gun_88")) == ("the 88 mm gun needs a target, and no ship in contact is within its reach "
                                           "(4 nm)")
    empty = range_game(3, surfaced=True, flooded=[])
    ships_reported(empty, 1, step=1)
    assert refused(order(empty, "gun_88")) == ("the 88 mm gun needs a target, and no ship is in contact yet (the "
                                               "lookouts find one)")


@pytest.mark.parametrize(("language", "said"), [
    ("de", "88-mm-Geschütz abgelehnt: das 88-mm-Geschütz braucht ein Ziel, eines der Schiffe in Kontakt in seiner "
           "Reichweite (4 sm): {near}, {far}."),
    ("ru", "88-мм орудие: отказано — 88-мм орудию нужна цель, одно из судов в контакте в пределах его дальности "
           "(4 мили): {near}, {far}."),
])
def test_8_4_the_refusal_reads_aloud_in_the_table_s_language(language: str, said: str) -> None:
    from kaleun.i18n import language as table_language

    g, (near, far) = _in_sight([NEAR, ALSO_NEAR])
    (event,) = [e for e in g.apply({"do": "order", "order": "gun_88"}) if e.name == "order_rejected"]
    assert table_language(language).render(event.feed) == said.format(near=near, far=far)
