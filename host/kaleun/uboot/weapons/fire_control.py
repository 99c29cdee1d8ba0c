"""The fire control of the `weapons` module: the TDC (`tdc` order, rulebook §7.5.3, §8.4) and the
attack disc (`attack_disc` command, §9.2.1) — the TDC's picture of the target, its solution for the
bow and stern tubes, and the report the crew gives when it is programmed.

The picture comes from a contact's target data, from the attack disc, or from values the Captain
gives; the solution is made for the torpedo of the first tube ready to fire that way, at the speed
it will run (`tdc.py` holds the geometry).
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Mapping
from typing import TYPE_CHECKING, Any

from kaleun.core.args import Args
from kaleun.core.errors import CommandError
from kaleun.core.messages import N_, Msg, and_list, join
from kaleun.uboot.orders import Effect, OrderDesk, order_term
from kaleun.uboot.sea import geo
from kaleun.uboot.sea.classes import ship_classes
from kaleun.uboot.sea.geo import M_PER_NM
from kaleun.uboot.weapons import arsenal
from kaleun.uboot.weapons.arsenal import BOAT, PISTOLS, torpedo_type, tubes
from kaleun.uboot.weapons.disc import RINGS, VIA, Disc
from kaleun.uboot.weapons.part import WeaponsPart
from kaleun.uboot.weapons.tdc import Solution, Target, angle_said, solve, target_from

if TYPE_CHECKING:
    from kaleun.uboot.weapons.module import Weapons

#: the pistols as players read them (in their own context: "contact" is also the plot's word for a ship seen)
PISTOL_NAMES = {"contact": Msg.pterm("pistol", "contact"), "magnetic": Msg.pterm("pistol", "magnetic")}


def pistol_name(pistol: str) -> Msg:
    """A pistol's name as players read it."""
    return PISTOL_NAMES.get(pistol) or Msg.term(pistol)


MONTHS = (N_("January"), N_("February"), N_("March"), N_("April"), N_("May"), N_("June"), N_("July"),
          N_("August"), N_("September"), N_("October"), N_("November"), N_("December"))
GYRO_LIMIT = float(BOAT["gyro_limit_deg"])
#: which tube's torpedo the TDC works with: the one nearest to firing
READINESS = {"flooded": 0, "flooding": 1, "loaded": 2, "loading": 3}
DEPTHS = (float(BOAT["depth_setting_m"][0]), float(BOAT["depth_setting_m"][1]))


def gyro_said(gyro: float) -> int | float:
    """A gyro angle as the crew is told it: whole degrees, unless rounding would put it on the other side
    of the limit (90.3° is beyond 90°: said as 90.3°, never as 90°)."""
    angle = abs(gyro)
    beyond = angle > GYRO_LIMIT + 1e-9
    whole = round(angle)
    if (whole > GYRO_LIMIT + 1e-9) == beyond:
        return whole
    tenths = round(angle, 1)
    if beyond:
        return tenths if tenths > GYRO_LIMIT + 1e-9 else round(GYRO_LIMIT + 0.1, 1)
    return min(tenths, GYRO_LIMIT)


def _beyond_limits(sol: Solution, reach: float | None) -> list[Msg]:
    """What the TDC's report warns of for one facing: a gyro angle beyond the limit, a run longer than
    the torpedo of those tubes goes."""
    out = []
    if not sol.within(GYRO_LIMIT):
        out.append(Msg(" The gyro angle is beyond the limit of {limit}°: turn the boat.", limit=round(GYRO_LIMIT)))
    if reach is not None and sol.run_m > reach + 1e-6:
        out.append(Msg(" The run of {run:,} m is longer than the torpedo's range of {reach:,} m: close in.",
                       run=round(sol.run_m), reach=round(reach)))
    return out


class FireControl(WeaponsPart):
    """The TDC (its programme: the target's picture, torpedo speed, depth, pistol, spread) and the attack disc."""

    def __init__(self, weapons: Weapons) -> None:
        super().__init__(weapons)
        self.tdc: dict[str, Any] | None = None
        self.disc = Disc()

    def register(self, desk: OrderDesk) -> None:
        desk.register("tdc", Effect(self._parse_tdc, self._check_tdc, self._program, self._describe_tdc,
                                    lambda p, reason: self.refused_for_view("tdc", reason), self._tdc_reasons))

    # -- the attack disc -----------------------------------------------------------------------------
    def attack_disc(self, args: Args) -> None:
        values: dict[str, int | None] = {}
        for ring in RINGS:
            if args.has(ring) and args.any(ring) is None:  # null: the ring is not set (the table lost its reading)
                values[ring] = None
            elif args.has(ring):
                values[ring] = args.int(ring, lo=0, hi=360) % 360  # 360 is 000, as a sailor writes north
        args.str("via", default="script", choices=VIA)
        args.finish()
        if not values:
            raise CommandError(Msg("{command}: needs at least one of: {fields}", command=args.name,
                                   fields=", ".join(RINGS)))
        self.disc.set(values)
        self.emit("attack_disc", **self.disc.status())

    # -- TDC -----------------------------------------------------------------------------------------
    def _parse_tdc(self, args: Args) -> dict[str, Any]:
        p: dict[str, Any] = {
            "contact": args.str("contact", default=None),
            "source": args.str("source", default=None, choices=("contact", "disc", "manual")),
            "bearing": args.float("bearing", default=None, lo=0, hi=360),
            "range_m": args.float("range_m", default=None, lo=50, hi=25000),
            "course": args.float("course", default=None, lo=0, hi=360),
            "aob": args.float("aob", default=None, lo=-180, hi=180),
            "speed_kn": args.float("speed_kn", default=None, lo=0, hi=40),
            "torpedo_kn": args.float("torpedo_kn", default=None, lo=1, hi=60),
            # depth, pistol and spread not given keep the TDC's settings (see `_settings`)
            "depth_m": args.float("depth_m", default=None, lo=DEPTHS[0], hi=DEPTHS[1]),
            "pistol": args.str("pistol", default=None, choices=PISTOLS),
            "spread_deg": args.float("spread_deg", default=None, lo=0, hi=BOAT["spread_max_deg"]),
        }
        if args.has("range_nm"):
            if p.get("range_m") is not None:
                raise CommandError(Msg("{command}: give {field} or {field_nm}, not both", command=args.name,
                                       field="range_m", field_nm="range_nm"))
            p["range_m"] = args.float("range_nm", lo=0.03, hi=13.5) * M_PER_NM
        if p.get("course") is not None and p.get("aob") is not None:
            raise CommandError(Msg("{command}: give the target's course or its angle on the bow ({field}), not both",
                                   command=args.name, field="aob"))
        if p["source"] is None:
            p["source"] = "contact" if p.get("contact") is not None else "manual"
        if p["source"] == "contact" and p.get("contact") is None:
            raise CommandError(Msg("{command}: source 'contact' needs the field 'contact'", command=args.name))
        return {k: v for k, v in p.items() if v is not None}  # what was given (echoed in the order's events)

    def _describe_tdc(self, p: dict[str, Any]) -> Msg:
        if p["source"] == "disc":
            return Msg("program the TDC from the attack disc")
        if p.get("contact") is not None:
            return Msg("program the TDC on {contact}", contact=p["contact"])
        return Msg("program the TDC")

    def _check_tdc(self, p: dict[str, Any]) -> Msg | None:
        return next(self._tdc_refusals(p), None)

    def _tdc_reasons(self, p: dict[str, Any]) -> list[Msg]:
        """Every reason the `tdc` order is refused for now (the order assistant names them all: too deep, and no
        course estimate for the target), but its view (`besides_view`)."""
        return self.besides_view("tdc", self._tdc_refusals(p))

    def _tdc_refusals(self, p: dict[str, Any]) -> Iterator[Msg]:
        """The `tdc` order's refusals, first the one that refuses it. Changes nothing."""
        if self.boat.lost:
            yield Msg("the boat is lost")
            return
        refusal = self._out_of_sight()
        if refusal is not None:
            yield refusal
        model = self._model(p)
        if isinstance(model, Msg):
            yield model
        period = self.w.period()
        if p.get("pistol") is not None and p.get("pistol") not in period.pistols:
            when = self.w.now_date()
            yield Msg("the {pistol} pistol is not issued in {month} {year} (the boats carry {pistols} pistols only)",
                      pistol=pistol_name(p["pistol"]),
                      month=Msg.term(MONTHS[when.month - 1]), year=str(when.year),
                      pistols=and_list([pistol_name(x) for x in period.pistols]))
        wanted = p.get("torpedo_kn")
        if wanted is not None:
            aboard = sorted({kn for t in self.w.stores.tubes.values() if t["torpedo"] for kn in
                             torpedo_type(t["torpedo"]).speeds()}, reverse=True)
            if not any(abs(kn - wanted) < 1e-6 for kn in aboard):
                settings = join([f"{kn:g}" for kn in aboard]) if aboard else Msg("none")
                yield Msg("no torpedo in the tubes runs at {speed:g} kn (settings: {settings})", speed=wanted,
                          settings=settings)

    def _out_of_sight(self) -> Msg | None:
        """Why the crew cannot take the target's data for the TDC at this depth (rulebook §8.4 "TDC": the TDC
        view is reached from the periscope view, at periscope depth, or from the lookouts' view on the bridge,
        surfaced; the book gives no TDC from the hydrophone, so none deeper — torpedoes.toml [boat])."""
        boat = self.boat
        if boat.surfaced:
            return self.no_view()
        depth = boat.depth_at(self.engine.t)
        limit = float(boat.periscope_depth_m)
        if depth <= limit + 1e-6:
            return self.no_view()
        return Msg("the TDC needs the target in sight: come to periscope depth or surface (the boat is at {depth:.0f} "
                   "m; periscope depth is {limit:.0f} m or shallower)", depth=depth, limit=limit)

    def no_view(self) -> Msg | None:
        """Why the TDC's view is not to be had for a `tdc` or `fire_torpedoes` order (§8.4: the TDC view, whence
        torpedoes are fired, is entered from the lookouts' view surfaced, from the periscope's submerged), with
        the crew rules enforced; None when it is there, or the rules only advise (`warn_without_view`)."""
        if self.boat.surfaced:
            return self.no_bridge_view()
        return self.no_periscope_view()

    def no_bridge_view(self) -> Msg | None:
        """Why the surfaced boat has no lookouts' view for the TDC (rulebook §8.3: the lookouts' view needs at
        least one busy lookout in section 8; §8.3/§8.4: from it, and only from it while surfaced, the TDC is
        reached and torpedoes are fired). A lookout is a sailor on the bridge on observation duty, as the
        sea's own lookouts count them. None: submerged, a lookout on watch, or the crew rules only advising.

        Who stands where is the crew rules' business: enforced, this refuses the order; advised (the training
        mission), the order goes ahead and a `crew_warning` says what was missing (`warn_without_view`), as
        for an order short of its sailors."""
        if not self.boat.surfaced or self.sea.lookouts() > 0 or self._advised():
            return None
        return Msg("the TDC needs the lookouts' view from the bridge: post at least one lookout in section 8 "
                   "(the observation order)")

    def no_periscope_view(self) -> Msg | None:
        """Why the submerged boat has no periscope view for the TDC (§8.4 "Periskop": the periscope order opens
        the periscope view, and the TDC view is entered from it): the periscope is down (never raised, or its
        look is over and no `tdc` order kept it up, torpedoes.toml `tdc_periscope_s`). None: surfaced, the
        periscope up, or the crew rules only advising."""
        if self.boat.surfaced or self.sea.periscope_up() or self._advised():
            return None
        return Msg("the TDC needs the periscope's view: up periscope first (the periscope order)")

    def view_missing(self, order: str) -> Msg | None:
        """What view a `tdc` or `fire_torpedoes` order (`gun_88`, `gun_20`: the guns' view) lacks now, whatever
        the crew rules (the order assistant's warning; enforced, the order's check refuses it): None when the
        view is there or the order needs none (the boat lost, a gun it does not carry)."""
        boat = self.boat
        if boat.lost or (order in ("gun_88", "gun_20") and not self.w.gunnery.aboard(order)):
            return None
        if boat.surfaced:
            if self.sea.lookouts() > 0:
                return None
            if order in ("gun_88", "gun_20"):
                return Msg("no lookout on the bridge (section 8) for the guns' view")
            if order in ("tdc", "fire_torpedoes"):
                return Msg("no lookout on the bridge (section 8) for the TDC's view")
            return None
        if order not in ("tdc", "fire_torpedoes") or self.sea.periscope_up():
            return None
        if boat.depth_at(self.engine.t) > float(boat.periscope_depth_m) + 1e-6:
            return None  # too deep: the order's own check says so
        return Msg("the periscope is not up for the TDC's view (the periscope order)")

    def refused_for_view(self, order: str, reason: Any) -> dict[str, Any]:
        """What an `order_rejected` of a weapon order adds when its own check refused it for want of its view
        (the crew rules enforced): `view` (`bridge`, `periscope`), and for the bridge `missing` — a lookout to
        place, as a `crew_warning` says it where the rules only advise. Any other reason: nothing. Changes
        nothing."""
        if order in ("gun_88", "gun_20"):
            bridge, periscope = self.w.gunnery.no_bridge_view(), None
        else:
            bridge, periscope = self.no_bridge_view(), self.no_periscope_view()
        if bridge is not None and reason == bridge:
            return {"view": "bridge", "missing": self.view_missing(order)}
        if periscope is not None and reason == periscope:
            return {"view": "periscope"}
        return {}

    def _advised(self) -> bool:
        engine = self.engine
        return bool(engine.has_module("crew") and engine.module("crew").rules == "advise")

    def warn_without_view(self, order: str) -> None:
        """A weapon order the crew rules only advise on went ahead without its view (`view_missing`: the TDC's or
        the guns' view surfaced, no lookout on the bridge; the TDC's submerged, the periscope down): say so in a
        `crew_warning`."""
        if not self._advised():
            return
        missing = self.view_missing(order)
        if missing is not None:
            self._warn(order, missing, "bridge" if self.boat.surfaced else "periscope")

    def _warn(self, order: str, missing: Msg, view: str) -> None:
        """The `crew_warning` of an order gone ahead without its view; `view` names the one missing: `bridge` (no
        lookout on the bridge: a sailor to place) or `periscope` (the periscope down: an order to give)."""
        self.emit("crew_warning", feed=Msg("{order} went ahead without its crew: {missing}.",
                                           order=order_term(order), missing=missing),
                  order=order, missing=missing, view=view)

    def keep_periscope_up(self) -> None:
        """A `tdc` order given through the periscope keeps it up while the TDC tracks the target (torpedoes.toml
        `tdc_periscope_s`): the salvo is fired from the same view. A periscope that was down stays down."""
        if not self.boat.surfaced and self.sea.periscope_up():
            self.sea.keep_periscope_up(self.engine.t + float(BOAT["tdc_periscope_s"]))

    def _model(self, p: Mapping[str, Any]) -> Target | Msg:
        """The TDC's picture of the target from the order's inputs, or why it cannot be made."""
        boat = self.boat
        now = self.engine.t
        heading = boat.heading_at(now)
        blat, blon = boat.position_at(now)
        bearing = course = speed = range_m = None
        t0 = now
        contact = None
        if p.get("contact") is not None:
            contact = self.sea.picture.get(p.get("contact"))
            if contact is None:
                return self.sea.picture.unknown(p["contact"])
            if self.w.seen_sunk(p["contact"]):  # the crew saw her go down
                return Msg("{contact} has sunk: choose another ship", contact=p["contact"])
            if contact["lost"]:
                return Msg("contact {contact} is lost", contact=p["contact"])
            if contact["kind"] != "ship":
                return Msg("{contact} is an aircraft, not a ship", contact=p["contact"])
            range_m = float(contact["range_nm"]) * M_PER_NM
            speed = float(contact["speed_kn"])
            course = contact["course"]
            if p["source"] == "contact":
                t0 = float(contact["t"])
                bearing = float(contact["bearing"])
                if "from" in contact:
                    blat, blon = (float(x) for x in contact["from"])
        if p["source"] == "disc":
            unset = self.disc.missing()
            if unset:
                return Msg("the attack disc is not set: set the {missing}",
                           missing=and_list([Msg.term(m) for m in unset]))
            disc = self.disc
            assert disc.bearing is not None and disc.own_course is not None and disc.enemy_course is not None
            bearing = geo.norm360(heading + disc.bearing)
            course = geo.norm360(heading + disc.enemy_course - disc.own_course)
            t0 = now
            blat, blon = boat.position_at(now)
        # explicit inputs override
        given = {k: float(v) for k, v in p.items() if k in ("bearing", "range_m", "speed_kn", "course", "aob")}
        if "bearing" in given:
            bearing = geo.norm360(heading + given["bearing"])
            t0 = now
            blat, blon = boat.position_at(now)
        range_m = given.get("range_m", range_m)
        speed = given.get("speed_kn", speed)
        if "course" in given:
            course = given["course"]
        elif "aob" in given and bearing is not None:
            course = geo.norm360(bearing + 180.0 - given["aob"])
        missing: list[Msg | str] = [Msg(name) for name, v in (
            (N_("bearing"), bearing), (N_("range"), range_m),
            (N_("course or angle on the bow"), course if "aob" not in given else 0.0),  # the aob waits for a bearing
            (N_("speed"), speed)) if v is None]
        if missing:
            if contact is None and p["source"] != "disc" and len(missing) == 4:  # nothing to go on: whence a target
                # the ships the crew can aim at, by the one rule the console's only ship follows (`ships_within`:
                # never one it was told is going down), at any range
                ships = sorted((str(c["id"]) for c in self.sea.picture.ships_within(math.inf)
                                if not self.w.seen_sunk(str(c["id"]))), key=lambda c: int(c[1:]))
                if ships:
                    return Msg("the TDC needs a target, one of the ships in contact ({ships})", ships=", ".join(ships))
                going = sorted((str(c["id"]) for c in self.sea.picture.active()
                                if c["kind"] == "ship" and c.get("going_down") and not self.w.seen_sunk(str(c["id"]))),
                               key=lambda c: int(c[1:]))
                if going:  # as the gun's refusal says it: not "no ship in contact yet" with ships in sight
                    return Msg("the TDC needs a target, and every ship in contact is going down ({ships})",
                               ships=", ".join(going))
                return Msg("the TDC needs a target, and no ship is in contact yet (the lookouts, the periscope or the "
                           "hydrophone find one)")
            if contact is not None and course is None:
                return Msg("the TDC needs the target's {missing} ({contact} has no course estimate: the hydrophone "
                           "gives none)", missing=and_list(missing), contact=p["contact"])
            if p["source"] == "disc" and contact is None:  # the disc gives no range or speed: say where they come from
                return Msg("the TDC needs the target's {missing} (the attack disc gives only the bearing and the "
                           "courses: choose a target for the rest)", missing=and_list(missing))
            return Msg("the TDC needs the target's {missing}", missing=and_list(missing))
        assert bearing is not None and range_m is not None and course is not None and speed is not None
        return target_from(blat, blon, t0, bearing, range_m, course, speed)

    def _program(self, p: dict[str, Any]) -> None:
        target = self._model(p)
        assert isinstance(target, Target)
        self.tdc = {"target": target.to_json(), "source": p["source"], "contact": p.get("contact"),
                    **self._settings(p), "programmed": self.engine.t}
        sol = self.solution("bow")
        assert sol is not None
        parts = [Msg("TDC set{on}: range {range:,} m, speed {speed} kn, angle on the bow {aob}.",
                     on=Msg(" on {contact}", contact=p.get("contact")) if p.get("contact") else "",
                     range=round(sol.range_m), speed=round(target.speed, 1), aob=angle_said(sol.aob))]
        if self.reach_m("bow") is None and self.reach_m("stern") is not None:
            # only the stern tube holds a torpedo: the bow's gyro angle (and "turn the boat") would mislead
            parts.append(Msg(" No torpedo in the bow tubes."))
        elif not sol.reachable:
            parts.append(Msg(" The torpedo cannot catch the target."))
        else:
            parts.append(Msg(" Gyro angle {gyro}, run {seconds} s.", gyro=angle_said(sol.gyro, gyro_said(sol.gyro)),
                             seconds=round(sol.run_s)))
            parts += self._cold_said("bow")
            parts += _beyond_limits(sol, self.reach_m("bow"))
        parts += self._stern_report(sol)
        parts += self._disc_course_said(p)
        parts += self._depth_said()
        contact = self.sea.picture.get(p["contact"]) if p.get("contact") else None
        if contact is not None and contact.get("going_down"):  # the crew was told she settles: a coup de grâce
            parts.append(Msg(" {contact} is going down already: a torpedo only hastens her end.",
                             contact=p["contact"]))
        self.emit("tdc_programmed", feed=join(parts, ""), **self.tdc_status())
        self.keep_periscope_up()
        self.warn_without_view("tdc")

    def _disc_course_said(self, p: Mapping[str, Any]) -> list[Msg]:
        """The TDC's word when it took the attack disc's rings and the own course ring is not at the boat's course:
        the rings are read against each other (§9.2.1), so a ring the navigator left behind a turn of the boat turns
        the enemy's course in the TDC by as much. Said, not put right: the disc is the crew's. Nothing when the
        ring stands at the boat's course (to the whole degree) or the TDC took no ring."""
        own = self.disc.own_course
        if p["source"] != "disc" or own is None:
            return []
        heading = round(self.boat.heading_at(self.engine.t)) % 360
        if own == heading:
            return []
        return [Msg(" The attack disc's own course ring reads {ring:03d}°, the boat heads {heading:03d}°.", ring=own,
                    heading=heading)]

    def _depth_said(self) -> list[Msg]:
        """The TDC's word on the depth setting against the target's draught, when the crew knows it (the contact
        it is set on identified: the identification sheet gives the class's draught): set as deep as the draught
        or deeper, a contact pistol runs under her keel; deeper than the magnetic pistol reaches under the keel,
        that one does not fire either (torpedoes.toml [pistols]). Only what the crew knows: never a depth fault
        of the torpedoes (the torpedo crisis) it was not told of. Nothing when the setting suits her."""
        assert self.tdc is not None
        contact = self.sea.picture.get(self.tdc["contact"]) if self.tdc.get("contact") else None
        if contact is None or not contact.get("identified") or contact.get("class") not in ship_classes():
            return []
        cls = ship_classes()[str(contact["class"])]
        depth, draught = float(self.tdc["depth_m"]), float(cls.draft_m)
        ship = Msg("{contact} ({ship})", contact=contact["id"], ship=Msg.term(cls.name))
        if self.tdc["pistol"] == "contact" and depth >= draught:
            return [Msg(" Depth {depth:g} m: {ship} draws {draught:g} m, a contact pistol runs under her keel.",
                        depth=depth, ship=ship, draught=draught)]
        reach = float(arsenal.TORPEDOES["pistols"]["magnetic_reach_m"])
        if self.tdc["pistol"] == "magnetic" and depth > draught + reach:
            return [Msg(" Depth {depth:g} m: {ship} draws {draught:g} m, the magnetic pistol does not fire more "
                        "than {reach:g} m under her keel.", depth=depth, reach=reach, ship=ship, draught=draught)]
        return []

    def _settings(self, p: Mapping[str, Any]) -> dict[str, Any]:
        """The torpedo speed, depth setting, pistol and spread a `tdc` order sets: those it gives, and for those it
        leaves out the settings the TDC already holds (a crew turning from one ship of a convoy to the next
        re-aims without setting them again, as on the real TDC), or the defaults on a TDC never programmed
        (depth 3 m, spread 0, the first pistol issued, the torpedo's first speed). A kept pistol no longer
        issued gives way to the first one issued."""
        old = self.tdc or {}
        issued = self.w.period().pistols
        pistol = p.get("pistol") or old.get("pistol")
        return {"torpedo_kn": p.get("torpedo_kn", old.get("torpedo_kn")),
                "depth_m": float(p.get("depth_m", old.get("depth_m", BOAT["default_depth_m"]))),
                "pistol": pistol if pistol in issued else issued[0],
                "spread_deg": float(p.get("spread_deg", old.get("spread_deg", 0.0)))}

    def _stern_report(self, bow: Solution) -> list[Msg]:
        """The stern tube's solution too, when it holds a torpedo and is the better shot (the bow
        tubes cannot reach or would turn further), with its own limits: its torpedo may be another
        type with another range (a T5 aft, G7a forward)."""
        reach = self.reach_m("stern")
        sol = self.solution("stern")
        if reach is None or sol is None:
            return []
        if not sol.reachable:  # said only when the stern is the one shot there is
            return [Msg(" From the stern tube: the torpedo cannot catch the target.")] if self.reach_m("bow") is None \
                else []
        if bow.reachable and self.reach_m("bow") is not None and abs(bow.gyro) <= abs(sol.gyro):
            return []
        return [Msg(" From the stern tube: gyro angle {gyro}, run {seconds} s.",
                    gyro=angle_said(sol.gyro, gyro_said(sol.gyro)), seconds=round(sol.run_s)),
                *self._cold_said("stern"), *_beyond_limits(sol, reach)]

    def _cold_said(self, facing: str) -> list[Msg]:
        """The TDC's report of a solution made for a cold torpedo (a G7e whose battery is not warm yet runs
        slower and shorter: the lead and the range change): which tube, and the speed and range it is solved
        for. Nothing for a warm torpedo."""
        torpedo = self.torpedo_for(facing)
        if torpedo is None or torpedo["warm"]:
            return []
        return [Msg(" The {torpedo} in tube {tube} is cold: solved for {speed:g} kn, {reach:,} m.",
                    torpedo=Msg.term(torpedo["name"]), tube=torpedo["tube"], speed=torpedo["speed_kn"],
                    reach=round(torpedo["range_m"]))]

    def torpedo_for(self, facing: str) -> dict[str, Any] | None:
        """The torpedo the solution for the tubes facing bow or stern is made for (the first tube ready to fire
        that way): its tube, type, name, the speed and range it runs at now, whether it is warm, and for a cold
        one the seconds until its battery is warm (None while it is still being loaded). None: no torpedo."""
        first = self._first_ready(facing)
        if first is None:
            return None
        tube = self.w.stores.tubes[first]
        kind = torpedo_type(tube["torpedo"])
        speed, reach, warm = self.run_of(first)
        warm_in = None
        if not warm and tube["loaded_at"] is not None:
            warm_in = max(0.0, kind.warm_h * 3600.0 - (self.engine.t - float(tube["loaded_at"])))
        return {"tube": first, "torpedo": kind.id, "name": kind.name, "speed_kn": speed, "range_m": reach,
                "warm": warm, "warm_in_s": warm_in}

    def _torpedo_speed(self, kind: arsenal.TorpedoType) -> float:
        """The speed the TDC works with for a torpedo of this type (its setting when warm)."""
        wanted = self.tdc["torpedo_kn"] if self.tdc else None
        if wanted is not None:
            try:
                return kind.setting(wanted)[0]
            except ValueError:
                pass
        return kind.settings[0][0]

    def run_of(self, number: int) -> tuple[float, float, bool]:
        """(speed kn, range m, warm) of the torpedo in a tube as it would run if fired now: at its setting
        (the TDC's torpedo speed), or cold (a G7e's 28 kn, 3,000 m) until its battery is warm."""
        tube = self.w.stores.tubes[number]
        kind = torpedo_type(tube["torpedo"])
        speed, reach = kind.setting(self._torpedo_speed(kind))
        warm = (tube["loaded_at"] is not None
                and self.engine.t - float(tube["loaded_at"]) >= kind.warm_h * 3600.0 - 1e-6)
        if kind.cold is not None and not warm:
            return kind.cold[0], kind.cold[1], False
        return speed, reach, True

    def solution(self, facing: str, torpedo_kn: float | None = None) -> Solution | None:
        """The TDC's solution now for a tube facing bow or stern (None when it is not programmed), for the
        speed its torpedo runs at (`torpedo_kn`; default: the first tube ready to fire that way)."""
        if self.tdc is None:
            return None
        if torpedo_kn is None:  # the torpedo of the first tube ready to fire (flooded, else loaded)
            first = self._first_ready(facing)
            torpedo_kn = (self.run_of(first)[0] if first is not None
                          else float(self.tdc["torpedo_kn"] or 30.0))
        now = self.engine.t
        boat = self.boat
        lat, lon = boat.position_at(now)
        return solve(Target.from_json(self.tdc["target"]), now, lat, lon, boat.heading_at(now), torpedo_kn, facing)

    def _first_ready(self, facing: str) -> int | None:
        """The tube facing bow or stern whose torpedo fires first: flooded, else flooding, loaded, loading."""
        ready = [(READINESS.get(t["state"], 9), n) for n, t in self.w.stores.tubes.items()
                 if t["torpedo"] and tubes()[n].facing == facing]
        return min(ready)[1] if ready else None

    def reach_m(self, facing: str) -> float | None:
        """How far the torpedo the solution is made for would run (None: no torpedo that way): the first tube
        ready to fire facing bow or stern, at its speed setting, or its cold range when it is not warm yet."""
        first = self._first_ready(facing)
        if first is None:
            return None
        return float(self.run_of(first)[1])

    def target_sunk(self) -> str | None:
        """The contact the TDC is set on when she has gone down (a `ship_sunk` the crew saw): the TDC has no
        target then, and a salvo on its solution is refused. None: not set on a contact, or she still floats."""
        contact = self.tdc.get("contact") if self.tdc else None
        if contact is None:
            return None
        return str(contact) if self.w.seen_sunk(contact) else None

    def tdc_status(self) -> dict[str, Any]:
        """The TDC as the `report` shows it: what it was set with and its solution now for bow and stern. Once the
        crew saw the ship it was set on go down, `sunk` is true and no solution is given (the `weapons` view and
        the attack screen say "c3 has sunk: the TDC has no target"; a salvo is refused)."""
        if self.tdc is None:
            return {"programmed": False}
        target = Target.from_json(self.tdc["target"])
        out: dict[str, Any] = {"programmed": True, "source": self.tdc["source"], "contact": self.tdc["contact"],
                               "course": round(target.course), "speed_kn": round(target.speed, 1),
                               "depth_m": self.tdc["depth_m"], "pistol": self.tdc["pistol"],
                               "spread_deg": self.tdc["spread_deg"], "gyro_limit": GYRO_LIMIT}
        if self.target_sunk() is not None:  # the crew saw her go down: no solution aims at her, as the views say
            out["sunk"] = True
            return out
        for facing in ("bow", "stern"):
            sol = self.solution(facing)
            assert sol is not None
            out[facing] = {"bearing": round(sol.bearing, 1), "rel_bearing": round(sol.rel_bearing, 1),
                           "range_m": round(sol.range_m), "aob": round(sol.aob, 1), "gyro": round(sol.gyro, 1),
                           "lead": round(sol.lead, 1), "run_s": round(sol.run_s, 1), "run_m": round(sol.run_m),
                           "track_angle": round(sol.track_angle, 1), "reachable": sol.reachable,
                           "within_limit": sol.within(GYRO_LIMIT)}
        return out
