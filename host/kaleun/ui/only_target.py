"""The only ship a weapon can be aimed at: with no target named, the TDC's and the 88 mm gun's order takes the one
ship the crew has in contact within that weapon's reach (§8.4), by the crew's own estimates, and says so. One rule
for both fronts: the window's order sheets preset it (`forms.target_preset`), the console's typed `tdc` and `gun`
put it into the order they send (the order names the contact, so the game's log holds it and replays as given).

A ship the crew was told is going down (the contact's `going_down`: "settling and will go down") is never the
target of this rule: no torpedo or round is wasted on her. Pure: reads the game, changes nothing."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from kaleun.core.messages import Msg
from kaleun.uboot.weapons.guns import GUN

#: the orders this rule aims and the field that names their target
TARGET_FIELDS = {"tdc": "contact", "gun_88": "target"}
#: the `tdc` order's fields that give the target's picture by hand: typed, the TDC is not aimed at a contact
MANUAL_TDC_FIELDS = ("bearing", "range_m", "range_nm", "course", "aob", "speed_kn")


def _ships(game: Any) -> list[dict[str, Any]]:
    """The crew's ship contacts (estimates), nearest first."""
    found = game.module("sea").status().get("contacts", []) if game.has_module("sea") else []
    return sorted((c for c in found if c.get("kind") == "ship"), key=lambda c: float(c["range_nm"]))


def torpedo_reach_nm(game: Any) -> float | None:
    """How far the boat's torpedoes run now (nm): the longer of the bow's and the stern's, each the run of the torpedo
    the TDC's solution that way is made for (`reach_m`); None when no tube holds a torpedo."""
    if not game.has_module("weapons"):
        return None
    weapons = game.module("weapons")
    runs = [r for r in (weapons.reach_m(facing) for facing in ("bow", "stern")) if r is not None]
    return max(runs) / 1852.0 if runs else None


def weapon_reach_nm(game: Any, order: str) -> float | None:
    """The reach (nm) of the weapon an order that takes a ship aims: the 88 mm gun's (§8.4; guns.toml) or the
    torpedoes' the TDC's solution is made for; None for another order or with no torpedo in a tube."""
    if order == "gun_88":
        return float(GUN["gun_88"]["range_nm"])
    if order == "tdc":
        return torpedo_reach_nm(game)
    return None


def only_ship_in_reach(game: Any, order: str) -> tuple[str, float] | None:
    """The one ship the crew has in contact within the reach of the weapon `order` aims (the 88 mm gun's, the
    torpedoes' for the TDC) by its own estimates (§8.4), leaving out a ship it was told is going down, and that
    reach (nm, to a tenth). None when there is none or more than one to choose from."""
    reach = weapon_reach_nm(game, order)
    if reach is None:
        return None
    near = [c for c in _ships(game) if float(c["range_nm"]) <= reach and not c.get("going_down")]
    return (str(near[0]["contact"]), round(reach, 1)) if len(near) == 1 else None


def only_ship_words(order: str, contact: str, reach: float) -> Msg:
    """Why the order takes `contact`: the same sentence on the window's sheet and at the console."""
    if order == "tdc":
        return Msg("{contact} is the only ship in contact within the torpedoes' reach ({reach:g} nm): it is the "
                   "target unless another is chosen.", contact=contact, reach=reach)
    return Msg("{contact} is the only ship in contact within the gun's reach ({reach:g} nm): it "
               "is the target unless another is chosen.", contact=contact, reach=reach)


def no_only_ship_words(game: Any, order: str) -> Msg | None:
    """Why an order that must name its target (`gun`, TARGET_FIELDS; the TDC leaves it to its own check) takes
    none by itself: no ship in contact within the weapon's reach, or several to choose from (named, nearest first);
    None for another order."""
    reach = weapon_reach_nm(game, order)
    if order != "gun_88" or reach is None:
        return None
    near = [str(c["contact"]) for c in _ships(game) if float(c["range_nm"]) <= reach and not c.get("going_down")]
    if not near:
        return Msg("no ship in contact within the gun's reach ({reach:g} nm) to aim at", reach=round(reach, 1))
    return Msg.plural("{n} ship in contact within the gun's reach ({reach:g} nm): name the target, {contacts}",
                      "{n} ships in contact within the gun's reach ({reach:g} nm): name the target, {contacts}",
                      n=len(near), reach=round(reach, 1), contacts=", ".join(near))


def aims_at_a_contact(order: str, fields: Mapping[str, Any]) -> bool:
    """Would the order, as given, take its target from a contact it does not name? (`gun` always; `tdc` unless
    its source is the disc or the target's picture is given by hand)"""
    key = TARGET_FIELDS.get(order)
    if key is None or fields.get(key) is not None:
        return False
    if order == "tdc":
        return fields.get("source") in (None, "contact") and not any(f in fields for f in MANUAL_TDC_FIELDS)
    return True


def typed_target(game: Any, order: str, fields: Mapping[str, Any]) -> tuple[dict[str, Any], Msg | None]:
    """The target an order given without one takes (the field and the contact), with the words that say why; ({},
    None) when the order names its own, takes none, or there is not exactly one ship to take."""
    if not aims_at_a_contact(order, fields):
        return {}, None
    only = only_ship_in_reach(game, order)
    if only is None:
        return {}, None
    cid, reach = only
    return {TARGET_FIELDS[order]: cid}, only_ship_words(order, cid, reach)
