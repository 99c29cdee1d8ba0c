"""Which weapons a major failure has put out of action now (§10.3.1: the component does not work until
it is repaired; technical.toml's `disables` says which orders it stops): the tubes that cannot be
flooded, fired or reloaded, the TDC, the guns. The window's attack screen and the console's `weapons`
view both show it from here, so a First Officer sees it where the weapons are, not only on the repair
list. Also the TDC's target when it has left the crew's picture: gone down (the TDC has no target, and a
fire order on it is refused), or lost from sight and hearing (the TDC runs on with its last data); the
screen says so instead of showing a live solution."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from kaleun.core.messages import Msg


@dataclass(frozen=True)
class WeaponFaults:
    #: tube number -> why it is out of action (the technical module's reason)
    tubes: dict[int, Msg] = field(default_factory=dict)
    #: why the TDC cannot be programmed, or None
    tdc: Msg | None = None
    #: gun order id (`gun_88`, `gun_20`) -> why it cannot fire
    guns: dict[str, Msg] = field(default_factory=dict)

    def __bool__(self) -> bool:
        return bool(self.tubes or self.tdc or self.guns)

    def key(self) -> tuple[Any, ...]:
        """What changes the picture (for a screen's snapshot)."""
        return (tuple(sorted(self.tubes)), self.tdc is not None, tuple(sorted(self.guns)))


def weapon_faults(game: Any) -> WeaponFaults:
    """The weapons out of action in `game` now (none when it has no technical or weapons module)."""
    if not (game.has_module("technical") and game.has_module("weapons") and game.has_module("boat")):
        return WeaponFaults()
    tech = game.module("technical")
    surfaced = bool(game.module("boat").status().get("surfaced"))
    tubes: dict[int, Msg] = {}
    for tube in game.module("weapons").status().get("tubes", []):
        room = (int(tube["room"]),)
        why = tech.blocks("fire_torpedoes", surfaced, room) or tech.blocks("flood_tubes", surfaced, room)
        if why is not None:
            tubes[int(tube["tube"])] = why
    guns = {gun: why for gun in ("gun_88", "gun_20") if (why := tech.blocks(gun, surfaced)) is not None}
    return WeaponFaults(tubes, tech.blocks("tdc", surfaced), guns)


def lost_target(game: Any) -> str | None:
    """The contact the TDC was set on when it is no longer in the crew's picture (sunk, or lost from
    sight and hearing), else None."""
    if not (game.has_module("weapons") and game.has_module("sea")):
        return None
    contact = game.module("weapons").status()["tdc"].get("contact")
    if not contact:
        return None
    active = {c.get("contact") for c in game.module("sea").status().get("contacts", [])}
    return None if contact in active else str(contact)


def sunk_target(game: Any) -> str | None:
    """The contact the TDC was set on when the crew saw her go down (a `ship_sunk` of hers), else None."""
    if not game.has_module("weapons"):
        return None
    return game.module("weapons").fire_control.target_sunk()


def target_gone(game: Any) -> Msg | None:
    """What the First Officer reads where the TDC is shown when its target has left the crew's picture: she has
    sunk (the TDC has no target), or she is off the plot (the TDC runs on its last data); None while she is
    there, or when the TDC was not set on a contact."""
    sunk = sunk_target(game)
    if sunk is not None:
        return Msg("{contact} has sunk: the TDC has no target. Program it on another ship.", contact=sunk)
    lost = lost_target(game)
    if lost is not None:
        return Msg("{contact} is off the plot: the TDC runs on its last data.", contact=lost)
    return None
