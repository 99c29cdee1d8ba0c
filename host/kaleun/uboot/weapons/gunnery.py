"""The gunnery of the `weapons` module: the `gun_88` and `gun_20` orders (rulebook §6.5 order table,
§7.5.3, §8.4), the Captain's `cease_fire`, the rounds left, and each gun's fire while an order lasts
(`guns.py` holds how a round or a burst is fired and what it hits)."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import TYPE_CHECKING, Any

from kaleun.core.args import MAX_VIA, Args
from kaleun.core.errors import CommandError
from kaleun.core.messages import Msg
from kaleun.core.rng import GameRandom
from kaleun.uboot.orders import Effect, OrderDesk
from kaleun.uboot.weapons import guns
from kaleun.uboot.weapons.fire_control import MONTHS
from kaleun.uboot.weapons.part import WeaponsPart

if TYPE_CHECKING:
    from kaleun.uboot.weapons.module import Weapons


class Gunnery(WeaponsPart):
    """The 88 mm gun and the 20 mm flak: their rounds and their fire (`guns.shoot` works on this part)."""

    def __init__(self, weapons: Weapons, ammo: Mapping[str, int] | None = None) -> None:
        """`ammo` sets the guns' rounds (else guns.toml's)."""
        super().__init__(weapons)
        self.ammo: dict[str, int] = {gun: int(guns.GUN[gun]["rounds"]) for gun in guns.GUNS}
        for gun, rounds in (ammo or {}).items():
            if gun not in guns.GUNS or isinstance(rounds, bool) or not isinstance(rounds, int) or rounds < 0:
                raise ValueError(f"ammo: {gun!r} = {rounds!r} (guns: {', '.join(guns.GUNS)}; whole rounds)")
            self.ammo[gun] = rounds
        self.firing: dict[str, dict[str, Any] | None] = dict.fromkeys(guns.GUNS)
        #: each gun's shots and hits of the patrol in engagements that have ceased (`tally` adds the one firing)
        self.ceased: dict[str, dict[str, int]] = {gun: {"shots": 0, "hits": 0} for gun in guns.GUNS}

    def tally(self, gun: str) -> dict[str, int]:
        """The gun's shots (rounds of the 88 mm, bursts of the flak) and hits of the patrol so far."""
        firing = self.firing[gun] or {}
        return {key: self.ceased[gun][key] + int(firing.get(key, 0)) for key in ("shots", "hits")}

    def register(self, desk: OrderDesk) -> None:
        desk.register("gun_88", Effect(self._parse_gun_88, self._check_gun_88, self._open_88,
                                       lambda p: Msg("88 mm gun, open fire on {target}", target=p["target"]),
                                       lambda p, reason: self.w.fire_control.refused_for_view("gun_88", reason),
                                       lambda p: self._reasons("gun_88", p)))
        desk.register("gun_20", Effect(self._parse_gun_20, self._check_gun_20, self._open_20,
                                       lambda p: Msg("20 mm gun, open fire on {target}", target=p["target"])
                                       if p["target"] else Msg("20 mm gun, open fire"),
                                       lambda p, reason: self.w.fire_control.refused_for_view("gun_20", reason),
                                       lambda p: self._reasons("gun_20", p)))

    @property
    def rng(self) -> GameRandom:
        """The weapons module's random stream (each round's hit)."""
        return self.w.rng

    def out_of_action(self, component: str) -> bool:
        return self.w.out_of_action(component)

    def aboard(self, gun: str) -> bool:
        """Does the boat carry the gun on this patrol? (guns.toml `until`: the 88 mm gun is landed from
        mid-1943, by the day the patrol sailed — a linked patrol's first part —, never by the game's day)"""
        return guns.aboard(gun, self.w.sailed())

    def _not_aboard(self, gun: str) -> Msg | None:
        """Why a gun the boat does not carry cannot fire: it was landed before the patrol sailed."""
        if self.aboard(gun):
            return None
        last = guns.LAST_DAY[gun]
        assert last is not None
        return Msg("the boat has no {gun}: boats sailing after {month} {year} have it landed at their refit "
                   "(more flak on the tower instead)", gun=Msg.term(str(guns.GUN[gun]["name"])),
                   month=Msg.term(MONTHS[last.month - 1]), year=str(last.year))

    def no_bridge_view(self) -> Msg | None:
        """Why no gun can be laid for want of the lookouts' view (rulebook §8.3: "while the First Officer is in
        the lookouts' view he has access to the TDC and the deck guns", and that view needs at least one busy
        lookout in section 8): refused with the crew rules enforced; advised, a crew warning follows."""
        if self.w.fire_control.no_bridge_view() is None:
            return None
        return Msg("the guns are laid from the lookouts' view: post at least one lookout in section 8 (the "
                   "observation order)")

    def _parse_gun_88(self, args: Args) -> dict[str, Any]:
        most = int(guns.GUN["gun_88"]["max_rounds_per_order"])
        # no target named: refused by the order's own check, which names the ships the crew can choose from
        return {"target": args.str("target", default=None), "rounds": args.int("rounds", default=10, lo=1, hi=most)}

    def _parse_gun_20(self, args: Args) -> dict[str, Any]:
        most = int(guns.GUN["gun_20"]["max_bursts_per_order"])
        return {"target": args.str("target", default=None), "bursts": args.int("bursts", default=10, lo=1, hi=most)}

    def _refusals(self, gun: str, p: dict[str, Any]) -> Iterator[Msg]:
        """Every reason the gun's order is refused for now, first the one that refuses it (the boat surfaced, the
        gun's view, the sea, its rounds, its target). Changes nothing."""
        if self.boat.lost:
            yield Msg("the boat is lost")
            return
        landed = self._not_aboard(gun)
        if landed is not None:
            yield landed
            return  # no gun: nothing else to put right
        if not self.boat.surfaced:
            yield Msg("the boat must be surfaced to man the guns")
        no_view = self.no_bridge_view()
        if no_view is not None:
            yield no_view
        weather = self.sea.weather
        if weather is not None:
            heavy = weather.guns_usable()
            if heavy:
                yield heavy
        if self.ammo[gun] <= 0:
            yield Msg("no ammunition left for the {gun}", gun=Msg.term(str(guns.GUN[gun]["name"])))
        # submerged no gunner is on deck to look: only the crew's picture may say the target is wrong (the preview
        # must not tell of a ship or aircraft nobody can see)
        looking = self.boat.surfaced
        found = (guns.target_ship(self, p["target"], looking) if gun == "gun_88"
                 else guns.target_aircraft(self, p["target"], looking))
        if isinstance(found, Msg):
            yield found

    def _reasons(self, gun: str, p: dict[str, Any]) -> list[Msg]:
        """Every reason the gun's order is refused for now (the order assistant names them all: below the
        surface, in too heavy a sea, the target out of range), but its view (`besides_view`)."""
        return self.besides_view(gun, self._refusals(gun, p))

    def _gun_ready_at(self, gun: str) -> float:
        """When a gun ordered to open fire fires its first round: now, or — when it is firing already (the
        order given again) — when its next round is due: a repeated order never fires faster than the gun's
        rate (guns.toml)."""
        firing = self.firing[gun]
        return self.engine.t if firing is None else max(self.engine.t, float(firing["next"]))

    def _check_gun_88(self, p: dict[str, Any]) -> Msg | None:
        return next(self._refusals("gun_88", p), None)

    def _firing_at(self, gun: str, target: str) -> bool:
        """Is the gun firing at `target` already (its order given again: the feed says it fires on, not
        "open fire")?"""
        firing = self.firing[gun]
        return firing is not None and firing["target"] == target

    def _tally_so_far(self, gun: str, target: str) -> tuple[int, int]:
        """(shots, hits) an order given again carries on from: the gun's own while it fires at the same target (its
        cease fire then tells the whole engagement, not the last order's rounds alone); at another target the
        first engagement ceases with its own tally and the new one starts from nothing."""
        firing = self.firing[gun]
        if firing is None:
            return 0, 0
        if firing["target"] == target:
            return int(firing["shots"]), int(firing["hits"])
        self.cease(gun, None)
        return 0, 0

    def _open_88(self, p: dict[str, Any]) -> None:
        v = guns.target_ship(self, p["target"])
        assert not isinstance(v, Msg)
        ready = self._gun_ready_at("gun_88")
        again = self._firing_at("gun_88", v.id)
        shots, hits = self._tally_so_far("gun_88", v.id)
        rounds = min(p["rounds"], self.ammo["gun_88"])  # never more than the boat still has
        self.firing["gun_88"] = {"target": v.id, "contact": p["target"], "left": rounds, "shots": shots,
                                 "hits": hits, "next": ready}
        if again:  # the order given again: the gun fires on, with the rounds of this order from now
            feed = Msg.plural("88 mm gun: already firing on {target}; {n} more round.",
                              "88 mm gun: already firing on {target}; {n} more rounds.", target=p["target"],
                              n=rounds)
        elif rounds < p["rounds"]:
            feed = Msg.plural("88 mm gun: open fire on {target} with its last round.",
                              "88 mm gun: open fire on {target} with its last {n} rounds.", target=p["target"],
                              n=rounds)
        else:
            feed = Msg.plural("88 mm gun: open fire on {target}, {n} round.",
                              "88 mm gun: open fire on {target}, {n} rounds.", target=p["target"], n=rounds)
        self.emit("gun_firing", feed=feed, gun="gun_88", target=p["target"], rounds=rounds)
        self.w.fire_control.warn_without_view("gun_88")

    def _check_gun_20(self, p: dict[str, Any]) -> Msg | None:
        return next(self._refusals("gun_20", p), None)

    def _open_20(self, p: dict[str, Any]) -> None:
        plane = guns.target_aircraft(self, p["target"])
        assert not isinstance(plane, Msg)
        contact = self.sea.picture.of(plane.id)
        ready = self._gun_ready_at("gun_20")
        again = self._firing_at("gun_20", plane.id)
        shots, hits = self._tally_so_far("gun_20", plane.id)
        burst = int(guns.GUN["gun_20"]["burst"])
        bursts = min(p["bursts"], -(-self.ammo["gun_20"] // burst))  # what is left (the last burst short)
        # the order's bursts stay its time at the gun: one is let pass while the aircraft is out of reach (but for
        # one running in to attack: the gunners wait for it, sea.aircraft.attacking)
        self.firing["gun_20"] = {"target": plane.id, "contact": contact["id"] if contact else None,
                                 "left": p["bursts"], "shots": shots, "hits": hits, "next": ready}
        if again:  # the order given again: the gun fires on, with the bursts of this order from now
            feed = Msg.plural("20 mm gun: already firing at the aircraft; {n} more burst.",
                              "20 mm gun: already firing at the aircraft; {n} more bursts.", n=bursts)
        elif bursts < p["bursts"]:
            feed = Msg.plural("20 mm gun: open fire with its last burst.",
                              "20 mm gun: open fire with its last {n} bursts.", n=bursts)
        else:
            feed = Msg.plural("20 mm gun: open fire, {n} burst.", "20 mm gun: open fire, {n} bursts.", n=bursts)
        self.emit("gun_firing", feed=feed, gun="gun_20", target=contact["id"] if contact else None, rounds=bursts)
        self.w.fire_control.warn_without_view("gun_20")

    def cease(self, gun: str, why: Msg | None) -> None:
        firing = self.firing[gun]
        if firing is None:
            return
        self.firing[gun] = None
        for key in ("shots", "hits"):
            self.ceased[gun][key] += int(firing[key])
        name = Msg.term(str(guns.GUN[gun]["name"]))
        hits = Msg.plural("{n} hit", "{n} hits", n=firing["hits"])
        # the flak's shots are bursts, as its order gives them ("open fire, 30 bursts"), the 88 mm gun's rounds
        fired = (Msg.plural("{n} burst", "{n} bursts", n=firing["shots"]) if gun == "gun_20"
                 else Msg.plural("{n} shot", "{n} shots", n=firing["shots"]))
        if why is None:
            feed = Msg("{gun}: cease fire, {fired}, {hits}.", gun=name, fired=fired, hits=hits)
        elif firing["shots"]:  # why it stopped, and what it did: the rounds' count on the feed line is replaced
            feed = Msg("{gun}: cease fire ({why}), {fired}, {hits}.", gun=name, why=why, fired=fired, hits=hits)
        else:
            feed = Msg("{gun}: cease fire ({why}).", gun=name, why=why)
        self.emit("gun_ceased", feed=feed, gun=gun, shots=firing["shots"], hits=firing["hits"],
                  target=firing["contact"], reason=why)

    def cease_fire(self, args: Args) -> None:
        """The Captain's "cease fire!" to a gun crew: a word, not an order (no activation; [gap] our
        choice, the rulebook has no order for it). Without `gun`, every gun that fires stops."""
        gun = args.str("gun", default=None, choices=tuple(guns.GUNS))
        args.str("via", default="script", most=MAX_VIA)
        args.finish()
        firing = [g for g in ((gun,) if gun else guns.GUNS) if self.firing[g] is not None]
        if not firing:
            # named by its command, as every refusal of a command is (`cease: no gun is firing`)
            raise CommandError(Msg("{command}: {problem}", command=args.name,
                                   problem=Msg("{gun} is not firing", gun=Msg.term(str(guns.GUN[gun]["name"])))
                                   if gun else Msg("no gun is firing")))
        for g in firing:
            self.cease(g, None)

    # -- time ----------------------------------------------------------------------------------------
    def wake_times(self) -> list[float]:
        return [float(f["next"]) for f in self.firing.values() if f is not None]

    def wake(self, now: float) -> None:
        """Each gun fires its round or burst that is due."""
        for gun in guns.GUNS:
            firing = self.firing[gun]
            if firing is not None and float(firing["next"]) <= now + 1e-9:
                guns.shoot(self, gun, firing, now)

    def end(self) -> None:
        """The mission is over: the guns stop, without a word; what they fired stays in the tally."""
        for gun in guns.GUNS:
            firing = self.firing[gun]
            if firing is not None:
                for key in ("shots", "hits"):
                    self.ceased[gun][key] += int(firing[key])
            self.firing[gun] = None
