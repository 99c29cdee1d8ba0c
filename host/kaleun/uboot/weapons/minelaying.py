"""The mine laying of the `weapons` module: the `lay_mines` order — the tube loads of mines go to the
bottom along the boat's track (`sea/minefield.py`). Our rules: the rulebook has no mines."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from kaleun.core.args import Args
from kaleun.core.messages import Msg
from kaleun.uboot.orders import Effect, OrderDesk
from kaleun.uboot.sea import geo, minefield
from kaleun.uboot.sea.geo import M_PER_NM
from kaleun.uboot.sea.seabed import seabed
from kaleun.uboot.weapons.arsenal import BOAT, mine_type, tubes
from kaleun.uboot.weapons.part import WeaponsPart
from kaleun.uboot.weapons.stores import tube_list

if TYPE_CHECKING:
    from kaleun.uboot.weapons.module import Weapons


class MineLaying(WeaponsPart):
    """Mines laid from the tubes, and how many this patrol."""

    def __init__(self, weapons: Weapons) -> None:
        super().__init__(weapons)
        self.mines_laid = 0

    def register(self, desk: OrderDesk) -> None:
        desk.register("lay_mines", Effect(self._parse_tubes_to_lay, self._check_lay, self._lay,
                                          lambda p: Msg.plural("lay mines from tube {tubes}",
                                                               "lay mines from tubes {tubes}", n=len(p["tubes"]),
                                                               tubes=tube_list(p["tubes"])),
                                          reasons=lambda p: list(self._lay_refusals(p))))

    def _parse_tubes_to_lay(self, args: Args) -> dict[str, Any]:
        chosen = self.w.stores.tube_arg(args)
        if chosen is None:  # every tube loaded with mines (else the first holding any, to say why not)
            chosen = ([n for n, t in sorted(self.w.stores.tubes.items()) if t.get("mines") and t["state"] == "loaded"]
                      or [n for n, t in sorted(self.w.stores.tubes.items()) if t.get("mines")] or [min(tubes())])
        return {"tubes": chosen}

    def _check_lay(self, p: dict[str, Any]) -> Msg | None:
        """Why the mines cannot be laid now (our rules: the rulebook has no mines)."""
        return next(self._lay_refusals(p), None)

    def _lay_refusals(self, p: dict[str, Any]) -> Iterator[Msg]:
        """Every reason the mines cannot be laid now, first the one that refuses the order (the order assistant
        names them all: surfaced, and too much water under the keel). Changes nothing."""
        boat = self.boat
        refusal = self.tubes_refusal(p["tubes"])
        if refusal is not None:
            yield refusal
            return
        if self.w.mines_left() == 0:  # not a tube's matter: none of them, nor the racks, holds a mine
            yield Msg("the boat carries no mines: it sailed with torpedoes only")
            return
        for number in p["tubes"]:
            tube = self.w.stores.tubes[number]
            if tube["state"] == "loading":
                yield Msg("tube {tube} is still being loaded", tube=number)
            elif tube["torpedo"] is not None:
                yield Msg("tube {tube} holds a torpedo, not mines", tube=number)
            elif not tube.get("mines"):
                yield Msg("tube {tube} is empty", tube=number)
        now = self.engine.t
        if boat.surfaced:
            yield Msg("mines are laid submerged, unseen: dive first")
        else:
            depth = boat.depth_at(now)
            limit = float(BOAT["max_laying_depth_m"])
            if depth > limit + 1e-6:
                yield Msg("the boat is too deep to lay mines ({depth:.0f} m): the tubes eject at {limit:.0f} m or "
                          "shallower", depth=depth, limit=limit)
        water = seabed().depth_at(*boat.position_at(now))
        laid = {str(self.w.stores.tubes[n]["mines"]) for n in p["tubes"]
                if self.w.stores.tubes[n].get("mines") and self.w.stores.tubes[n]["state"] != "loading"}
        for kind in sorted(laid):
            mine = mine_type(kind)
            if water > mine.max_water_m + 1e-6:
                yield Msg("the water is {water:.0f} m deep here: {mines} must lie in {most:.0f} m of water or less",
                          water=water, mines=Msg.term(mine.name), most=mine.max_water_m)

    def _lay(self, p: dict[str, Any]) -> None:
        """The tubes' mines go to the bottom along the boat's track: the last one under the boat, each
        earlier one `spacing_m` further astern (the boat lays them one after another as it creeps ahead)."""
        now = self.engine.t
        boat = self.boat
        lat, lon = boat.position_at(now)
        astern = geo.norm360(boat.heading_at(now) + 180.0)
        water = seabed().depth_at(lat, lon)
        kinds = []
        for number in p["tubes"]:
            tube = self.w.stores.tubes[number]
            kinds += [mine_type(str(tube["mines"]))] * mine_type(str(tube["mines"])).per_tube
            tube.update({"state": "fired", "torpedo": None, "mines": None, "loaded_at": None, "until": None,
                         "source": None})
        specs: list[dict[str, Any]] = []
        back_m = 0.0
        for kind in reversed(kinds):
            mlat, mlon = geo.destination(lat, lon, astern, back_m / M_PER_NM) if back_m > 0 else (lat, lon)
            specs.append({"type": kind.id, "lat": mlat, "lon": mlon, "water_m": water,
                          "armed": now + kind.arm_min * 60.0, "radius_m": kind.radius_m, "fire_p": kind.fire_p,
                          "damage": list(kind.damage)})
            back_m += kind.spacing_m
        specs.reverse()
        field = minefield.lay(self.sea, specs)
        self.mines_laid += len(specs)
        arm = max(k.arm_min for k in kinds)
        names = sorted({k.id for k in kinds})
        feed = Msg.plural("{tubes}: {mines} laid in {water} m of water; they arm in {n} minute.",
                          "{tubes}: {mines} laid in {water} m of water; they arm in {n} minutes.",
                          tubes=Msg.plural("Tube {tubes}", "Tubes {tubes}", n=len(p["tubes"]),
                                           tubes=tube_list(p["tubes"])),
                          mines=Msg.plural("{n} mine", "{n} mines", n=len(specs)), water=round(water), n=round(arm))
        self.emit("mines_laid", feed=feed, tubes=list(p["tubes"]), type=names[0] if len(names) == 1 else names,
                  count=len(specs), field=field, water_m=round(water, 1), arm_min=round(arm, 1))
