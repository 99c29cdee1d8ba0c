"""The `weapons` engine module: tubes and torpedo stores, the TDC, the attack disc, the guns.

Orders it carries out (rulebook §6.5 order table, §7.5.3, §9.2; the crew engine checks who executes
them): `reload_torpedo`, `flood_tubes`, `tdc`, `fire_torpedoes`, `lay_mines`, `gun_88`, `gun_20`.
The table's attack disc reaches it as the `attack_disc` command. Torpedoes it fires leave the boat
into the sea (`sea/torpedo_run.py`); mines it lays go to the bottom (`sea/minefield.py`); shells and
flak hit ships and aircraft of the sea directly. Every tally the missions need — torpedoes fired,
hits, ships and GRT sunk — is kept here.

The module owns its parts, each with its own state and orders:
- `stores.py` (`TorpedoStores`): the tubes, the racks, the deck containers; `reload_torpedo`, `flood_tubes`;
- `fire_control.py` (`FireControl`): the TDC and the attack disc; `tdc`, `attack_disc`;
- `firing.py` (`TorpedoFiring`): `fire_torpedoes`, torpedoes fired, hits, torpedoes running;
- `minelaying.py` (`MineLaying`): `lay_mines`;
- `gunnery.py` (`Gunnery`): `gun_88`, `gun_20`, `cease_fire`, the rounds left;
- `weapons_state.py`: the status the screens read and the saved state.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping
from datetime import date
from typing import Any

from kaleun.core.engine import Handler, Module
from kaleun.core.events import Event
from kaleun.core.messages import N_, Msg
from kaleun.uboot.orders import OrderDesk
from kaleun.uboot.sea.machinery import component_state
from kaleun.uboot.weapons import arsenal, guns, weapons_state
from kaleun.uboot.weapons.arsenal import BOAT
from kaleun.uboot.weapons.disc import Disc
from kaleun.uboot.weapons.fire_control import FireControl
from kaleun.uboot.weapons.firing import TorpedoFiring
from kaleun.uboot.weapons.gunnery import Gunnery
from kaleun.uboot.weapons.minelaying import MineLaying
from kaleun.uboot.weapons.stores import TorpedoStores
from kaleun.uboot.weapons.tdc import Solution

# what callers import from here
from kaleun.uboot.weapons.weapons_state import LOAD, TORPEDO_TYPE, TUBE_STATES, WEAPONS_STATE

__all__ = ["LOAD", "TORPEDO_TYPE", "TUBE_STATES", "WEAPONS_STATE", "Weapons"]

log = logging.getLogger(__name__)


class Weapons(Module):
    name = "weapons"
    state_shape = WEAPONS_STATE
    subscribes = ("boat_submerged", "ship_sunk", "mission_end", "torpedo_hit", "torpedo_dud", "torpedo_miss",
                  "torpedo_premature", "weather", "technical_condition", "section_flooded")

    def __init__(self, loadout: Mapping[str, Any] | None = None, flooded: list[int] | None = None,
                 ammo: Mapping[str, int] | None = None) -> None:
        """`loadout` overrides the date's (torpedoes.toml); `flooded` tubes start flooded (a set piece
        that begins at action stations); `ammo` sets the guns' rounds."""
        self.loadout = loadout
        self.stores = TorpedoStores(self, flooded)
        self.fire_control = FireControl(self)
        self.torpedo_firing = TorpedoFiring(self)
        self.mining = MineLaying(self)
        self.gunnery = Gunnery(self, ammo)
        self.sunk: list[dict[str, Any]] = []
        self._sailed: date | None = None  # worked out from the mission once asked (not saved: the config holds it)

    def attach(self, engine: Any) -> None:
        super().attach(engine)
        desk: OrderDesk = engine.module("orders")
        self.stores.register(desk)  # reload_torpedo, flood_tubes
        self.fire_control.register(desk)  # tdc
        self.mining.register(desk)  # lay_mines
        self.torpedo_firing.register(desk)  # fire_torpedoes
        self.gunnery.register(desk)  # gun_88, gun_20
        if not self.tubes:  # what the boat sailed with: a later part of a linked patrol, by its first part's day
            # (unless it sailed again refitted: `sailed`)
            self.stores.stow(self.loadout or arsenal.loadout(self.sailed()))

    def commands(self) -> Mapping[str, Handler]:
        return {"attack_disc": self.fire_control.attack_disc, "cease_fire": self.gunnery.cease_fire}

    # -- what the parts share ------------------------------------------------------------------------
    @property
    def boat(self) -> Any:
        return self.engine.module("boat")

    @property
    def sea(self) -> Any:
        return self.engine.module("sea")

    def now_date(self) -> Any:
        return self.engine.clock.at(self.engine.t)

    def sailed(self) -> date:
        """The day the boat sailed on this patrol (`guns.patrol_sailed`): the game's start, or the first
        part's for a later part of a linked patrol. What the boat carries (its torpedo types, the 88 mm gun)
        follows it, not the day the game has come to. A later part that sails again refitted from its base
        (the boat came home from the part before: the set-up's `refitted`) sailed on its own start."""
        if self._sailed is None:
            spec = self.engine.module("mission").spec if self.engine.has_module("mission") else None
            refitted = spec is not None and bool((spec.get("setup") or {}).get("refitted"))
            if spec is not None and spec.get("patrol") is not None and "start" in spec and not refitted:
                from kaleun.uboot.missions.catalogue import catalogue

                self._sailed = guns.patrol_sailed(spec, catalogue().missions)
            else:
                self._sailed = self.engine.clock.start.date()
        return self._sailed

    def period(self) -> arsenal.Period:
        return arsenal.period(self.now_date())

    def tech(self, component: str) -> tuple[bool, bool]:
        return component_state(self.engine, component)

    def out_of_action(self, component: str) -> bool:
        """A major failure of the component (technical.toml): its orders are refused, a gun stops firing."""
        return self.tech(component)[0]

    # -- what others read ----------------------------------------------------------------------------
    def seen_sunk(self, contact: Any) -> bool:
        """Did the crew see the ship of this contact go down (a `ship_sunk` of it)?"""
        return any(s.get("ship") == contact for s in self.sunk)

    def torpedoes_left(self) -> int:
        return self.stores.torpedoes_left()

    def mines_left(self) -> int:
        """Mines aboard: in the tubes and in the racks (a rack slot holds one tube load)."""
        return self.stores.mines_left()

    def solution(self, facing: str, torpedo_kn: float | None = None) -> Solution | None:
        return self.fire_control.solution(facing, torpedo_kn)

    def reach_m(self, facing: str) -> float | None:
        return self.fire_control.reach_m(facing)

    def tdc_status(self) -> dict[str, Any]:
        return self.fire_control.tdc_status()

    def torpedo_for(self, facing: str) -> dict[str, Any] | None:
        """The torpedo the TDC's solution for the tubes facing bow or stern is made for (`FireControl.torpedo_for`:
        tube, type, speed and range now, warm or cold)."""
        return self.fire_control.torpedo_for(facing)

    def view_missing(self, order: str) -> Msg | None:
        """The view a weapon order lacks now (§8.3/§8.4: the bridge's lookouts surfaced, the periscope's
        submerged), whatever the crew rules; None: it is there, or the order needs none."""
        return self.fire_control.view_missing(order)

    def view_refusal(self, order: str) -> Msg | None:
        """The refusal a weapon order's own check gives for want of its view (the crew rules enforced), as the
        order would read it; None: the view is there, the crew rules only advise, or the order needs none.
        Changes nothing."""
        if order in ("tdc", "fire_torpedoes"):
            return self.fire_control.no_view()
        if order in ("gun_88", "gun_20"):
            return self.gunnery.no_bridge_view()
        return None

    def cease(self, gun: str, why: Msg | None) -> None:
        self.gunnery.cease(gun, why)

    # the parts' state under the names callers and saves know
    @property
    def tubes(self) -> dict[int, dict[str, Any]]:
        return self.stores.tubes

    @tubes.setter
    def tubes(self, value: dict[int, dict[str, Any]]) -> None:
        self.stores.tubes = value

    @property
    def racks(self) -> dict[int, list[str]]:
        return self.stores.racks

    @racks.setter
    def racks(self, value: dict[int, list[str]]) -> None:
        self.stores.racks = value

    @property
    def deck(self) -> list[str]:
        return self.stores.deck

    @deck.setter
    def deck(self, value: list[str]) -> None:
        self.stores.deck = value

    @property
    def stowing(self) -> list[dict[str, Any]]:
        return self.stores.stowing

    @property
    def tdc(self) -> dict[str, Any] | None:
        return self.fire_control.tdc

    @property
    def disc(self) -> Disc:
        return self.fire_control.disc

    @property
    def fired(self) -> int:
        return self.torpedo_firing.fired

    @property
    def hits(self) -> int:
        return self.torpedo_firing.hits

    @property
    def running(self) -> list[dict[str, Any]]:
        return self.torpedo_firing.running

    @running.setter
    def running(self, value: list[dict[str, Any]]) -> None:
        self.torpedo_firing.running = value

    @property
    def mines_laid(self) -> int:
        return self.mining.mines_laid

    @property
    def ammo(self) -> dict[str, int]:
        return self.gunnery.ammo

    @ammo.setter
    def ammo(self, value: dict[str, int]) -> None:
        self.gunnery.ammo = value

    @property
    def firing(self) -> dict[str, dict[str, Any] | None]:
        return self.gunnery.firing

    # -- time ----------------------------------------------------------------------------------------
    def next_wake(self) -> float | None:
        times = self.stores.wake_times() + self.gunnery.wake_times()
        return min(times) if times else None

    def wake(self, now: float) -> None:
        self.stores.wake_tubes(now)
        self.stores.wake_stowing(now)
        self.gunnery.wake(now)

    # -- what others tell us -------------------------------------------------------------------------
    def on_event(self, event: Event) -> None:
        name, d = event.name, event.data
        if name == "boat_submerged":
            for gun in guns.GUNS:
                self.gunnery.cease(gun, Msg("the boat dived"))
            self.stores.stop_deck_transfers(N_("The {torpedo} could not be brought down into the {room} before "
                                               "the dive: it stays in its deck container."), "dive")
        elif name == "weather":
            if int(d.get("sea_state") or 0) > int(BOAT["deck_transfer_max_sea"]):
                self.stores.stop_deck_transfers(N_("The sea is getting up, the {room}'s torpedo hatch is shut: the "
                                                   "{torpedo} stays in its deck container."), "sea")
        elif name == "technical_condition":
            if d.get("severity") == "major_failure":
                self.stores.stop_tube_work(str(d.get("component")))
                if d.get("component") == "tdc" and self.fire_control.tdc is not None:
                    # [gap] our choice: an out-of-action TDC no longer tracks the target (§10.3.1: the component
                    # does not work until repaired), so the solution it held is lost with it
                    self.fire_control.tdc = None
                    self.emit("tdc_lost", feed=Msg("The TDC is out of action: its solution is lost."))
        elif name == "section_flooded":
            if str(d.get("section")) in BOAT["stores"]:
                self.stores.lose_room(int(d["section"]))
        elif name == "torpedo_hit":
            self.torpedo_firing.hits += 1
            self.torpedo_firing.reported(d.get("torpedo"))
        elif name in ("torpedo_dud", "torpedo_miss", "torpedo_premature"):
            self.torpedo_firing.reported(d.get("torpedo"))
        elif name == "ship_sunk":
            self.sunk.append({"ship": d.get("ship"), "class": d.get("class"), "type": d.get("type"),
                              "grt": int(d.get("grt") or 0), "cause": d.get("cause"), "t": round(self.engine.t, 3)})
        elif name == "mission_end":
            self.gunnery.end()
            self.stores.end()
            self.torpedo_firing.running = []

    # -- state ---------------------------------------------------------------------------------------
    def status(self) -> dict[str, Any]:
        return weapons_state.status(self)

    def to_state(self) -> dict[str, Any]:
        return weapons_state.to_state(self)

    def load_state(self, state: Mapping[str, Any]) -> None:
        weapons_state.load_state(self, state)
