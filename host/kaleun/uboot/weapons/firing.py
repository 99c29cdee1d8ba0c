"""The torpedo firing of the `weapons` module: the `fire_torpedoes` order (rulebook §6.5 order table,
§7.5.3, §8.4) — a salvo from flooded tubes on the TDC's solution, each torpedo launched into the sea
(`sea/torpedo_run.py`) — and the tally of torpedoes fired, hits, and the torpedoes the crew reckons
still running until their results are reported."""

from __future__ import annotations

import math
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from kaleun.core.args import Args
from kaleun.core.messages import Msg, and_list, join
from kaleun.uboot.orders import Effect, OrderDesk
from kaleun.uboot.sea import geo, torpedo_run
from kaleun.uboot.sea.geo import M_PER_NM
from kaleun.uboot.weapons import arsenal
from kaleun.uboot.weapons.arsenal import torpedo_type, tubes
from kaleun.uboot.weapons.fire_control import GYRO_LIMIT, MONTHS, gyro_said, pistol_name
from kaleun.uboot.weapons.part import WeaponsPart
from kaleun.uboot.weapons.stores import tube_list
from kaleun.uboot.weapons.tdc import Solution, Target, spread_offsets

if TYPE_CHECKING:
    from kaleun.uboot.weapons.module import Weapons


def _salvo_said(runs: list[tuple[int, float, bool]]) -> Msg:
    """The salvo's feed line from (tube, run s by the TDC's solution, run beyond the torpedo's range) of each
    torpedo: one run time when they all run alike, else each with its own (a G7a at 40 kn beside a G7e at
    30 kn reaches the target later: "Run times 104 s for tubes 1, 2; 138 s for tube 3"), never the shortest
    for all; a run beyond the range is said for the tubes it concerns."""
    fired = [n for n, _r, _f in runs]
    by_time: dict[int, list[int]] = {}
    for number, run_s, _far in runs:
        by_time.setdefault(round(run_s), []).append(number)
    if len(by_time) == 1:
        feed = Msg.plural("Tube {tubes}: torpedo away! Run time {seconds} s.",
                          "Tubes {tubes}: torpedoes away! Run time {seconds} s.", n=len(runs),
                          tubes=tube_list(fired), seconds=next(iter(by_time)))
    else:
        times = join([Msg.plural("{seconds} s for tube {tubes}", "{seconds} s for tubes {tubes}", n=len(ts),
                                 seconds=seconds, tubes=tube_list(ts)) for seconds, ts in by_time.items()], "; ")
        feed = Msg("Tubes {tubes}: torpedoes away! Run times {times}.", tubes=tube_list(fired), times=times)
    far = [n for n, _r, too_far in runs if too_far]
    if far and far == fired:
        feed = feed + Msg(" The run is longer than the torpedo's range.")
    elif far:
        feed = feed + Msg.plural(" The run of tube {tubes} is longer than its torpedo's range.",
                                 " The runs of tubes {tubes} are longer than their torpedoes' range.", n=len(far),
                                 tubes=tube_list(far))
    return feed


class TorpedoFiring(WeaponsPart):
    """Salvoes on the TDC's solution; torpedoes fired, hits, and the torpedoes running as the crew reckons them."""

    def __init__(self, weapons: Weapons) -> None:
        super().__init__(weapons)
        self.fired = 0
        self.hits = 0
        #: torpedoes in the water as the crew reckons them (`RUNNING`), until their result is reported
        self.running: list[dict[str, Any]] = []

    def register(self, desk: OrderDesk) -> None:
        desk.register("fire_torpedoes", Effect(self._parse_tubes_to_fire, self._check_fire, self._fire,
                                               lambda p: Msg.plural("fire tube {tubes}", "fire tubes {tubes}",
                                                                    n=len(p["tubes"]), tubes=tube_list(p["tubes"])),
                                               lambda p, reason: self.w.fire_control.refused_for_view(
                                                   "fire_torpedoes", reason), self._fire_reasons))

    @property
    def tdc(self) -> dict[str, Any] | None:
        """The TDC's programme the salvo is fired on."""
        return self.w.fire_control.tdc

    def reported(self, torpedo: Any) -> None:
        """A torpedo's result is in (hit, dud, miss, premature): it is no longer counted as running."""
        self.running = [r for r in self.running if r["torpedo"] != torpedo]

    def _parse_tubes_to_fire(self, args: Args) -> dict[str, Any]:
        chosen = self.w.stores.tube_arg(args)
        if chosen is None:
            chosen = [min((n for n, t in self.w.stores.tubes.items() if t["state"] == "flooded"), default=1)]
        return {"tubes": chosen}

    def _check_fire(self, p: dict[str, Any]) -> Msg | None:
        """Why the salvo is refused: the first of its refusals."""
        return next(self._refusals(p), None)

    def _fire_reasons(self, p: dict[str, Any]) -> list[Msg]:
        """Every reason the salvo is refused for now, in the order the check finds them (the order assistant
        names them all: a tube not flooded and the gyro angle beyond the limit), but its view (`besides_view`)."""
        return self.besides_view("fire_torpedoes", self._refusals(p))

    def _refusals(self, p: dict[str, Any]) -> Iterator[Msg]:
        """The salvo's refusals, first the one that refuses it. Changes nothing."""
        boat = self.boat
        refusal = self.tubes_refusal(p["tubes"])
        if refusal is not None:
            yield refusal
            return  # the boat lost, or a tube's room flooded: nothing else to put right first
        depth = boat.depth_at(self.engine.t)
        limit = float(boat.periscope_depth_m)  # §8.4: fired from the periscope's view or the bridge's
        if not boat.surfaced and depth > limit + 1e-6:
            yield Msg("the boat is too deep to fire ({depth:.0f} m): torpedoes are fired surfaced or at periscope "
                      "depth, {limit:.0f} m or shallower", depth=depth, limit=limit)
        solved = False
        if self.tdc is None:
            if self.w.out_of_action("tdc"):
                yield Msg("no TDC solution: the TDC is out of action until it is repaired")
            else:
                yield Msg("no TDC solution: program the TDC first")
        elif (sunk := self.w.fire_control.target_sunk()) is not None:
            # the crew saw her go down: the TDC tracks nothing
            yield Msg("no TDC solution: {contact} has sunk, the TDC has no target; program it on another ship",
                      contact=sunk)
        else:
            solved = True
            # a TDC set before the pistol was withdrawn (the magnetic pistol from July 1940, torpedoes.toml
            # [[periods]]) holds a pistol the boats no longer fire: programmed again, it takes one issued now
            pistol = str(self.tdc["pistol"])
            period = self.w.period()
            if pistol not in period.pistols:
                when = self.w.now_date()
                yield Msg("the TDC is set for the {pistol} pistol, not issued in {month} {year}: program the TDC "
                          "again (the boats carry {pistols} pistols only)", pistol=pistol_name(pistol),
                          month=Msg.term(MONTHS[when.month - 1]), year=str(when.year),
                          pistols=and_list([pistol_name(x) for x in period.pistols]))
        no_view = self.w.fire_control.no_view()  # §8.4: fired from the lookouts' view or the periscope's
        if no_view is not None and solved:
            yield no_view
        for number in p["tubes"]:
            tube = self.w.stores.tubes[number]
            if tube["state"] != "flooded":
                what = {"empty": Msg("it is empty"), "fired": Msg("it is empty"), "loading": Msg("it is being loaded"),
                        "loaded": Msg("flood it first"), "flooding": Msg("it is still flooding")}[tube["state"]]
                yield Msg("tube {tube} is not flooded ({what})", tube=number, what=what)
        if not solved or self.tdc is None:
            return
        offsets = spread_offsets(len(p["tubes"]), float(self.tdc["spread_deg"]))
        for number, offset in zip(p["tubes"], offsets, strict=True):
            if self.w.stores.tubes[number]["torpedo"] is None:
                continue  # an empty tube is named above; it has no torpedo to aim
            sol = self.w.fire_control.solution(tubes()[number].facing, self.w.fire_control.run_of(number)[0])
            assert sol is not None
            if not sol.reachable:
                yield Msg("no TDC solution for tube {tube}: the torpedo cannot catch the target", tube=number)
                continue
            gyro = sol.gyro + offset
            if abs(gyro) > GYRO_LIMIT + 1e-9:
                yield Msg("gyro angle {gyro}° is beyond the limit of {limit}° for tube {tube}", gyro=gyro_said(gyro),
                          tube=number, limit=round(GYRO_LIMIT))

    def _fire(self, p: dict[str, Any]) -> None:
        assert self.tdc is not None
        now = self.engine.t
        boat = self.boat
        lat, lon = boat.position_at(now)
        heading = boat.heading_at(now)
        period = self.w.period()
        rng = self.w.rng
        tdc_sick = self.w.tech("tdc")[1]
        offsets = spread_offsets(len(p["tubes"]), float(self.tdc["spread_deg"]))
        aim = self._aim()
        runs = []
        for number, offset in zip(p["tubes"], offsets, strict=True):
            tube = self.w.stores.tubes[number]
            spec = tubes()[number]
            kind = torpedo_type(tube["torpedo"])
            speed, reach, warm = self.w.fire_control.run_of(number)
            sol = self.w.fire_control.solution(spec.facing, speed)  # the TDC leads for the speed it will run at
            assert sol is not None
            gyro = sol.gyro + offset
            if tdc_sick:  # a faulty TDC sets the gyro angles a little wrong
                gyro += rng.gauss(0.0, float(arsenal.BOAT["faulty_tdc_gyro_sigma_deg"]))
            line = heading + (180.0 if spec.facing == "stern" else 0.0)
            pistol = str(self.tdc["pistol"])
            premature = None
            if pistol == "magnetic" and rng.random() < period.premature:
                # once armed, anywhere on the run to the target (after it, a premature would be none)
                arm = float(arsenal.TORPEDOES["pistols"]["arming_m"])
                premature = rng.uniform(arm, max(arm, min(reach, sol.run_m)))
            self.fired += 1
            launch = {
                "number": self.fired, "tube": number, "type": kind.id, "name": kind.name, "speed": speed,
                "range_m": reach, "depth": float(self.tdc["depth_m"]) + period.deeper_m,
                "set_depth": float(self.tdc["depth_m"]), "pistol": pistol, "course": geo.norm360(line + gyro),
                "lat": lat, "lon": lon, "wake": kind.wake, "premature_m": premature, "aim": aim,
                "rates": {"dud": period.dud, "shallow_factor": period.shallow_factor,
                          "shallow_deg": float(arsenal.TORPEDOES["pistols"]["shallow_track_deg"]),
                          "magnetic_fail": period.magnetic_fail,
                          "reach": float(arsenal.TORPEDOES["pistols"]["magnetic_reach_m"]),
                          "under_keel": float(arsenal.TORPEDOES["pistols"]["under_keel_factor"]),
                          "arming": float(arsenal.TORPEDOES["pistols"]["arming_m"]),
                          "warhead": kind.warhead_kg},
                "pattern": self._pattern(kind, sol, geo.norm360(line + gyro)),
                "homing": dict(kind.homing) if kind.homing else None,
            }
            tube.update({"state": "fired", "torpedo": None, "loaded_at": None, "until": None})
            self.emit("torpedo_fired", torpedo=f"t{self.fired}", number=self.fired, tube=number, type=kind.id,
                      speed_kn=speed, range_m=round(reach), gyro=round(gyro, 1), depth_m=launch["set_depth"],
                      pistol=pistol, run_s=round(sol.run_s, 1), warm=warm)
            torpedo_run.launch(self.sea, launch)
            self.running.append({"torpedo": f"t{self.fired}", "tube": number, "contact": self.tdc["contact"],
                                 "fired": now, "hit_at": None if sol.run_m > reach else now + sol.run_s,
                                 "spent_at": now + reach / (speed * M_PER_NM / 3600.0)})
            runs.append((number, sol.run_s, sol.run_m > reach))
        fired = [n for n, _r, _f in runs]
        seconds = [round(r) for _n, r, _far in runs]
        # the contact whose target data the TDC's solution came from (None: a manual or attack disc solution)
        target = self.tdc["contact"] if self.tdc.get("source") == "contact" else None
        self.emit("salvo", feed=_salvo_said(runs), tubes=fired, run_s=seconds, target=target)
        self.w.fire_control.warn_without_view("fire_torpedoes")

    def _aim(self) -> str | None:
        """The ship the TDC is laid on: its contact's ship, else the ship nearest the TDC's point."""
        assert self.tdc is not None
        sea = self.sea
        if self.tdc["contact"] is not None:
            v = sea.vessel_for_contact(self.tdc["contact"])
            if v is not None:
                return str(v.id)
        now = self.engine.t
        tlat, tlon = Target.from_json(self.tdc["target"]).at(now)
        best, best_d = None, 0.5  # nm
        for v in sea.vessels.values():
            lat, lon = sea.vpos(v, now)
            d = math.hypot(*geo.offset(tlat, tlon, lat, lon))
            if d < best_d:
                best, best_d = v.id, d
        return best

    def _pattern(self, kind: arsenal.TorpedoType, sol: Solution, course: float) -> dict[str, Any] | None:
        """A FAT's ladder (torpedoes.toml `pattern`): straight for the TDC's run to the target (within
        `straight_m`), then legs of `leg_m` that step towards the ships coming on — against the target's
        course as the TDC has it: the first turn is away from the side the target is heading for."""
        if kind.pattern is None:
            return None
        assert self.tdc is not None
        lo, hi = (float(x) for x in kind.pattern["straight_m"])
        target_course = Target.from_json(self.tdc["target"]).course
        heading_right = math.sin(math.radians(target_course - course)) > 0
        return {"straight_m": max(lo, min(hi, sol.run_m)), "leg_m": float(kind.pattern["leg_m"]),
                "side": -1.0 if heading_right else 1.0, "turn_m": float(kind.pattern["turn_m"])}
