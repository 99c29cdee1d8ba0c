"""§8.4 at the console as at the window: `gun` and `tdc` typed without a target take the only ship the crew has in
contact within the weapon's reach, say so in the sentence the window's sheets say, and send the order naming that
contact (the log holds it: a replay gives the same order). A ship the crew was told is going down is no candidate,
at the console nor on the window's sheets (one rule, `ui/only_target.py`)."""

from __future__ import annotations

from typing import Any

from kaleun.core.events import Event
from kaleun.uboot.sea import shipdamage
from kit import console_on_a_clock
from weapons.weaponskit import range_game, ships_reported

NEAR = {"class": "tramp", "bearing": 40, "range_m": 2500, "course": 40, "speed_kn": 0}
ALSO_NEAR = {"class": "tramp", "bearing": 300, "range_m": 3000, "course": 40, "speed_kn": 0}
GUN_WORDS = "{c} is the only ship in contact within the gun's reach (4 nm): it is the target unless another is chosen."


def _in_sight(vessels: list[dict[str, Any]]) -> Any:
    g = range_game(3, vessels=vessels, surfaced=True, flooded=[])
    assert len(ships_reported(g, len(vessels))) == len(vessels)
    return g


def _ships(g: Any) -> list[str]:
    return [str(c["contact"]) for c in sorted(g.module("sea").status()["contacts"], key=lambda c: c["range_nm"])]


def _typed(g: Any, line: str) -> tuple[str, list[Event]]:
    runtime, console, out, _now = console_on_a_clock(g, "en")
    heard: list[Event] = []
    runtime.listeners.append(heard.append)
    start = len(out.getvalue())
    console.handle(line)
    runtime.step()
    return out.getvalue()[start:], heard


def _given(heard: list[Event], order_id: str) -> dict[str, Any]:
    return next(e.data for e in heard if e.name == "order_accepted" and e.data.get("order") == order_id)


def test_8_4_typed_gun_without_a_target_takes_the_only_ship_in_reach_and_names_it_in_the_order() -> None:
    g = _in_sight([NEAR])
    (ship,) = _ships(g)
    said, heard = _typed(g, "gun rounds=2")
    assert GUN_WORDS.format(c=ship) in said
    assert _given(heard, "gun_88")["target"] == ship  # the order sent names the contact: the log replays it


def test_8_4_typed_tdc_without_a_contact_takes_the_only_ship_in_torpedo_reach() -> None:
    g = _in_sight([NEAR])
    (ship,) = _ships(g)
    said, heard = _typed(g, "tdc spread_deg=4")
    assert f"{ship} is the only ship in contact within the torpedoes' reach" in said
    assert _given(heard, "tdc")["contact"] == ship


def test_8_4_typed_tdc_with_a_picture_by_hand_takes_no_contact() -> None:
    g = _in_sight([NEAR])
    said, heard = _typed(g, "tdc bearing=40 range_m=2000 course=90 speed_kn=5")
    assert "only ship" not in said
    assert "contact" not in _given(heard, "tdc")


def test_8_4_with_two_ships_in_reach_typed_gun_is_refused_naming_the_ships_to_choose_from() -> None:
    """As the TDC's refusal does: the First Officer hears which ships the gun can be laid on, and picks one."""
    g = _in_sight([NEAR, ALSO_NEAR])
    near, far = _ships(g)
    said, heard = _typed(g, "gun")
    assert "only ship" not in said
    assert (f"88 mm gun refused: the 88 mm gun needs a target, one of the ships in contact within its reach (4 nm): "
            f"{near}, {far}.") in said
    assert not [e for e in heard if e.name == "order_accepted"]
    said, heard = _typed(g, f"gun {far}")  # the one picked
    assert _given(heard, "gun_88")["target"] == far


def test_8_4_with_no_contact_typed_gun_is_refused_saying_so_and_its_help_shows_the_target_optional() -> None:
    """`help gun` shows the target as the command takes it: left out, the only ship in reach (`gun [CONTACT]`, not
    "required"); typed so with no ship in contact, the gun's order is refused saying so, in the table's words."""
    from kit import console_typed

    assert ("88 mm gun refused: the 88 mm gun needs a target, and no ship is in contact yet (the lookouts find "
            "one).") in console_typed("en", "gun")
    assert ("88-mm-Geschütz abgelehnt: das 88-mm-Geschütz braucht ein Ziel, und noch ist kein Schiff in Kontakt (die "
            "Beobachter finden eines).") in console_typed("de", "geschütz")
    helped = console_typed("en", "help gun")
    assert helped.startswith("gun [CONTACT] [rounds=ROUNDS]\n") and "required" not in helped
    assert "орудие [ЦЕЛЬ] [выстрелы=ВЫСТРЕЛЫ]" in console_typed("ru", "помощь орудие")


def test_8_4_a_ship_the_crew_saw_settle_is_no_candidate_and_her_contact_says_she_is_going_down() -> None:
    """Two tramps in reach; one is doomed (the feed: "settling and will go down"): her contact carries
    `going_down`, and `gun` typed without a target takes the other, the only one worth a round."""
    g = _in_sight([NEAR, ALSO_NEAR])
    near, other = _ships(g)
    sea = g.module("sea")
    doomed = next(v for v in sea.vessels.values() if sea.picture.of(v.id)["id"] == near)
    assert not any(c.get("going_down") for c in sea.status()["contacts"])  # nothing told yet: nothing known
    assert shipdamage.hit(sea, doomed, doomed.cls.structure, "torpedo", g.t) == "sinking"
    views = {c["contact"]: c for c in sea.status()["contacts"]}
    assert views[near].get("going_down") is True and "going_down" not in views[other]
    said, heard = _typed(g, "gun rounds=2")
    assert GUN_WORDS.format(c=other) in said
    assert _given(heard, "gun_88")["target"] == other


def test_8_4_a_resumed_game_keeps_what_the_crew_knows_of_a_ship_going_down() -> None:
    import json

    from kaleun.uboot.game import load_game

    g = _in_sight([NEAR, ALSO_NEAR])
    near, other = _ships(g)
    sea = g.module("sea")
    doomed = next(v for v in sea.vessels.values() if sea.picture.of(v.id)["id"] == near)
    shipdamage.hit(sea, doomed, doomed.cls.structure, "torpedo", g.t)
    resumed = load_game(json.loads(json.dumps(g.to_state())))
    views = {c["contact"]: c for c in resumed.module("sea").status()["contacts"]}
    assert views[near].get("going_down") is True and "going_down" not in views[other]


def test_8_4_target_data_at_the_console_says_a_ship_is_going_down() -> None:
    """`target c1` of a ship the crew was told is settling heads her data "going down", as the window's plot does."""
    g = _in_sight([NEAR])
    (ship,) = _ships(g)
    said, _heard = _typed(g, f"target {ship}")
    assert f"Target data {ship} (ship):" in said and "going down" not in said
    sea = g.module("sea")
    doomed = next(iter(sea.vessels.values()))
    shipdamage.hit(sea, doomed, doomed.cls.structure, "torpedo", g.t)
    said, _heard = _typed(g, f"target {ship}")
    assert f"Target data {ship} (ship), going down:" in said


def test_8_4_check_gun_without_a_target_previews_the_order_on_the_only_ship_in_reach() -> None:
    """The order assistant reads `?gun` as `gun` is given: on the only ship in reach, said first; nothing is sent."""
    g = _in_sight([NEAR])
    (ship,) = _ships(g)
    said, heard = _typed(g, "check gun")
    assert GUN_WORDS.format(c=ship) in said
    assert "give target" not in said
    assert not [e for e in heard if e.name == "order_accepted"]


def test_8_4_the_tdc_refusal_names_no_ship_the_crew_was_told_is_going_down() -> None:
    """The TDC's refusal for want of a target lists the ships the crew can aim at by the rule the console's only
    ship follows (`picture.ships_within`): a ship the crew was told is going down is not offered to it."""
    from weapons.weaponskit import order, refused

    g = _in_sight([NEAR, ALSO_NEAR])
    near, other = _ships(g)
    both = ", ".join(sorted((near, other), key=lambda c: int(c[1:])))
    assert refused(order(g, "tdc")) == f"the TDC needs a target, one of the ships in contact ({both})"
    sea = g.module("sea")
    doomed = next(v for v in sea.vessels.values() if sea.picture.of(v.id)["id"] == near)
    assert shipdamage.hit(sea, doomed, doomed.cls.structure, "torpedo", g.t) == "sinking"
    assert refused(order(g, "tdc")) == f"the TDC needs a target, one of the ships in contact ({other})"
    last = next(v for v in sea.vessels.values() if sea.picture.of(v.id)["id"] == other)
    assert shipdamage.hit(sea, last, last.cls.structure, "torpedo", g.t) == "sinking"
    assert refused(order(g, "tdc")) == f"the TDC needs a target, and every ship in contact is going down ({both})"
