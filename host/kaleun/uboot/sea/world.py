"""The `sea` engine module: everything around the boat.

It owns the ships, convoys and aircraft, the crew's contact picture, the boat's sensors (the
`observe`, `periscope` and `hydrophone` orders), the enemy's behaviour and its attacks.

Time: the module keeps its own agenda of tasks (a heap of (time, seq, key)); `next_wake` is
the earliest. Each task chooses its next time from the situation: escorts far from the boat
sleep until they could possibly notice it, near it they look every `enemy.check_s`, in ASDIC
contact they wake at every ping; lookouts sweep every `lookouts.sweep_s` while anything could
be in sight; convoys wake only to turn onto their next zigzag leg. Between wakes every ship
and aircraft moves on a straight line (see `vessels`), so a day without contacts costs a
handful of wakes.

Events: `contact_report` (feed), `contact`, `contact_lost`, `target_data`, `identified`,
`identification` (feed), `observation` (feed), `periscope_view` (feed), `hydrophone_report`
(feed), `ping`, `depth_charges` (feed), `explosion`, `damage` (feed), `gunfire` (feed),
`aircraft_attacking` (feed: the lookouts see an aircraft turn in; none when it turned in unseen and their first
report of it says it attacks), `aircraft_attack` (feed), `collision`, `ship_turning_away` (feed: the lookouts
see a lone merchant that has sighted the boat turn away, `convoys.py`; none when nobody had her in sight),
`convoy_turning_away` (feed: the same for a convoy's emergency turn),
`ship_seen_settling` (feed: the lookouts or the periscope find a ship settling that the crew was never told was
hit; her contact is `going_down` from then on), `convoy_alarm`, `convoy_scattered`, `ship_sunk`, `mine_hit`
(feed: a mine of the boat's field went off under a ship, `minefield.py`), `made_port` (feed when the crew held one
of the ships as a contact: a convoy or a lone merchant reached the coast, `landfall.py`).

Its parts elsewhere: the convoys (`convoys.py`), the collision watch (`collisions.py`), the boat at one moment
(`boatnow.py`), the wording of the sensors' reports (`reports.py`), the escorts (`escorts.py`), the aircraft
(`aircraft.py`).
"""

from __future__ import annotations

import copy
import heapq
import logging
import math
from collections.abc import Iterator, Mapping
from typing import Any

from kaleun.core.args import Args
from kaleun.core.engine import Handler, Module
from kaleun.core.events import Event
from kaleun.core.messages import Msg, and_list, command_word
from kaleun.uboot import data
from kaleun.uboot.orders import Effect, OrderDesk
from kaleun.uboot.sea import aircraft as air_ai
from kaleun.uboot.sea import (
    attacks,
    collisions,
    convoys,
    escorts,
    geo,
    landfall,
    minefield,
    scenario,
    shipdamage,
    torpedo_run,
)
from kaleun.uboot.sea.boatnow import BoatNow
from kaleun.uboot.sea.collisions import MAX_SLEEP_S, SHIP_CLOSING_KN
from kaleun.uboot.sea.contacts import Picture, Truth
from kaleun.uboot.sea.machinery import component_state
from kaleun.uboot.sea.minefield import Minefield
from kaleun.uboot.sea.reports import LOST_SAID, describe, identification_feed, lost_feed, too_far
from kaleun.uboot.sea.saved import check_sea_state
from kaleun.uboot.sea.sensors import (
    HYDROPHONE,
    LOOKOUTS,
    PERISCOPE,
    Conditions,
    hydrophone_range,
    notice_p,
    periscope_share,
    ship_range,
    sight_blur,
    visual_range,
)
from kaleun.uboot.sea.vessels import Aircraft, Group, Track, Vessel

log = logging.getLogger(__name__)

SHIPS = data.load("ships")
AIR = data.load("aircraft")
AIR_CLOSING_KN = 240.0
#: the sea's tasks that never steer a ship (an aircraft's step, a depth charge going off): after them no
#: torpedo needs to look again (`torpedo_run.turned`)
_STEERS_NO_SHIP = frozenset(("air", "charge", "airspawn"))


class Sea(Module):
    name = "sea"
    subscribes = ("boat_submerged", "boat_surfaced", "speed_set", "course_set", "depth_set", "surfacing",
                  "ship_sunk", "mission_end", "weather", "daylight")

    def __init__(self, setup: Mapping[str, Any] | None = None) -> None:
        self.setup: Mapping[str, Any] = setup or {}
        self.groups: dict[str, Group] = {}
        self.vessels: dict[str, Vessel] = {}
        self.aircraft: dict[str, Aircraft] = {}
        self.charges: dict[str, dict[str, Any]] = {}
        self.torpedoes: dict[str, dict[str, Any]] = {}
        self.minefield = Minefield()  # the boat's mines on the bottom
        self.picture = Picture()
        self.observing = False
        self.periscope_until = -1.0
        self.dived_at = -1e9
        self.traffic = "none"
        self.air_cover = "none"
        self.stopped = False
        self.attacked_at: dict[str, float] = {}
        self.ids: dict[str, int] = {"v": 0, "g": 0, "a": 0, "k": 0, "p": 0}
        self.sched: dict[str, tuple[float, int]] = {}
        self.heap: list[tuple[float, int, str]] = []
        self.seq = 0
        self._boat_cache: BoatNow | None = None
        self._weather: Any = None
        self._boat: Any = None
        #: the ship nearest the boat at the last collision watch (it is looked at first the next time)
        self._nearest_hint: str | None = None
        #: in its own wake (the engine asks for the next wake after it: a change of the agenda needs no touch)
        self._waking = False

    def attach(self, engine: Any) -> None:
        super().attach(engine)
        #: the weather module (the engine's modules are all there before any is attached)
        self._weather = engine.module("weather") if engine.has_module("weather") else None
        self._boat = engine.module("boat") if engine.has_module("boat") else None
        desk: OrderDesk = engine.module("orders")
        desk.register("observe", Effect(self._no_params, self._check_observe, self._observe,
                                        lambda p: Msg("assign observation sectors")))
        desk.register("periscope", Effect(self._no_params, self._check_periscope, self._periscope,
                                          lambda p: Msg("up periscope")))
        desk.register("hydrophone", Effect(self._no_params, self._check_hydrophone, self._hydrophone,
                                           lambda p: Msg("listen on the hydrophone")))
        scenario.build(self, self.setup)

    # -- ids and the agenda --------------------------------------------------------------------------
    def new_id(self, prefix: str) -> str:
        self.ids[prefix] += 1
        return f"{prefix}{self.ids[prefix]}"

    def schedule(self, key: str, t: float) -> None:
        self.seq += 1
        self.sched[key] = (t, self.seq)
        heapq.heappush(self.heap, (t, self.seq, key))
        if not self._waking:  # other modules (the weapons) put things on the agenda too; within its own wake
            self.engine.touch(self)  # the engine asks the sea for its next wake afterwards anyway

    def cancel(self, key: str) -> None:
        if self.sched.pop(key, None) is not None and not self._waking:
            self.engine.touch(self)

    def _clean_top(self) -> None:
        heap, sched = self.heap, self.sched
        while heap:
            t, seq, key = heap[0]
            if sched.get(key) == (t, seq):
                return
            heapq.heappop(heap)

    def next_wake(self) -> float | None:
        self._clean_top()
        return self.heap[0][0] if self.heap else None

    def wake(self, now: float) -> None:
        heap, sched = self.heap, self.sched
        self._waking = True
        try:
            while heap:
                t, seq, key = heap[0]
                if sched.get(key) != (t, seq):  # cancelled or moved: as _clean_top drops it
                    heapq.heappop(heap)
                    continue
                if t > now:
                    return
                heapq.heappop(heap)
                del sched[key]
                if self.stopped:
                    continue
                self._dispatch(key, now)
                if self.torpedoes:  # a ship that turned near a torpedo: it looks again at once
                    kind, _, ident = key.partition(":")
                    if kind == "ai":  # a ship's own step steers that ship alone
                        torpedo_run.turned(self, now, ident)
                    elif kind not in _STEERS_NO_SHIP:
                        torpedo_run.turned(self, now)
        finally:
            self._waking = False

    def _dispatch(self, key: str, now: float) -> None:
        kind, _, ident = key.partition(":")
        if kind == "ai":
            vessel = self.vessels.get(ident)
            if vessel is not None and shipdamage.disabled(vessel):
                return
            if vessel is not None and vessel.is_escort:
                escorts.step(self, vessel, now)
            elif vessel is not None:
                convoys.merchant_step(self, vessel, now)
        elif kind == "air":
            plane = self.aircraft.get(ident)
            if plane is not None:
                air_ai.step(self, plane, now)
        elif kind == "leg":
            group = self.groups.get(ident)
            if group is not None:
                convoys.next_leg(self, group, now)
        elif kind == "gwatch":
            group = self.groups.get(ident)
            if group is not None:
                convoys.convoy_lookouts(self, group, now)
        elif kind == "charge":
            charge = self.charges.pop(ident, None)
            if charge is not None:
                attacks.explode(self, charge, now)
        elif kind == "watch":
            self._lookout_sweep(now)
        elif kind == "prox":
            collisions.proximity(self, now)
        elif kind == "spawn":
            scenario.spawn_traffic(self, now)
        elif kind == "airspawn":
            scenario.spawn_patrol(self, now)
        elif kind == "cleanup":
            self._cleanup(now)
        elif kind == "sink":
            vessel = self.vessels.get(ident)
            if vessel is not None:
                self.sink(ident, str(vessel.ai.get("sink_cause", "damage")))
        elif kind == "torp":
            torpedo_run.step(self, ident, now)
        elif kind == minefield.TASK:
            minefield.check(self, now)
        elif kind == landfall.TASK:
            vessel = self.vessels.get(ident)
            if vessel is not None:
                landfall.ship_look(self, vessel, now)

    # -- the boat and the conditions ----------------------------------------------------------------
    def boat_now(self, t: float | None = None) -> BoatNow:
        t = self.engine.t if t is None else t
        cache = self._boat_cache
        if cache is None or cache.t != t:
            cache = self._boat_cache = BoatNow(self, t)
        return cache

    def invalidate(self) -> None:
        """The boat changed (an order, a dive): forget the snapshot."""
        self._boat_cache = None

    @property
    def weather(self) -> Any:
        return self._weather

    @property
    def boat_module(self) -> Any:
        """The boat module (looked up once)."""
        boat = self._boat
        return self.engine.module("boat") if boat is None else boat

    def conditions(self) -> Conditions:
        weather = self._weather
        return Conditions() if weather is None else weather.conditions()

    def look_out(self, now: float) -> None:
        """Something new came into the area: lookouts sweep now (if surfaced), collisions are
        looked for again."""
        due = self.sched.get("watch")
        if self.engine.module("boat").surfaced and (due is None or due[0] > now):
            self.schedule("watch", now)
        self._soon("prox", now)
        if self.minefield.mines:
            self._soon(minefield.TASK, now)

    def _soon(self, key: str, now: float) -> None:
        due = self.sched.get(key)
        if due is None or due[0] > now:
            self.schedule(key, now)

    def lookouts(self) -> int:
        engine = self.engine
        if engine.has_module("crew"):
            return max(0, min(6, int(engine.module("crew").lookouts())))
        if engine.has_module("figures"):
            return min(6, len(engine.module("figures").in_section(8)))
        return 0

    def tech(self, component: str) -> tuple[bool, bool]:
        return component_state(self.engine, component)

    def mission_over(self) -> bool:
        return self.engine.has_module("mission") and self.engine.module("mission").over

    # -- positions of things ------------------------------------------------------------------------
    def vpos(self, v: Vessel, t: float) -> tuple[float, float]:
        if v.track is not None:
            return v.track.at(t)
        return self.groups[v.group].member_at(v.id, t)  # type: ignore[index]

    def vlats(self, t: float) -> list[tuple[Vessel, float]]:
        """Every vessel with its latitude at `t`, as `vpos` gives it, without the longitudes (and their cosines):
        for the sweeps that pass over most ships on their north-south distance alone."""
        out = []
        groups = self.groups
        frames: dict[str | None, tuple[float, dict[str, tuple[float, float]]]] = {}
        for v in self.vessels.values():
            track = v.track
            if track is not None:  # Track.lat_at and Group.member_at, without the calls
                out.append((v, track.lat0 + track.vn * (t - track.t0)))
                continue
            frame = frames.get(v.group)
            if frame is None:
                group = groups[v.group]  # type: ignore[index]
                frame = frames[v.group] = (group.frame(t)[0], group.offsets)
            out.append((v, frame[0] + frame[1][v.id][1] / 60.0))
        return out

    def vpositions(self, t: float) -> Iterator[tuple[Vessel, float, float]]:
        """Every vessel with its position at `t`, as `vpos` gives it, each convoy's reference point
        reckoned once for all its ships."""
        groups = self.groups
        for v in self.vessels.values():
            track = v.track
            if track is not None:
                lat, lon = track.at(t)
            else:  # Group.member_at, without the call
                group = groups[v.group]  # type: ignore[index]
                glat, glon, scale = group.frame(t)
                east, north = group.offsets[v.id]
                lat, lon = glat + north / 60.0, glon + east / scale
            yield v, lat, lon

    def vtrack(self, v: Vessel) -> Track:
        """The track a vessel sails now: its own, or its group's reference track."""
        if v.track is not None:
            return v.track
        return self.groups[v.group].ref  # type: ignore[index]

    def vmotion(self, v: Vessel) -> tuple[float, float]:
        """(course, speed) of a vessel now (`vtrack`'s, without the call: it is asked on every step)."""
        track = v.track if v.track is not None else self.groups[v.group].ref  # type: ignore[index]
        return track.course, track.speed

    def truth(self, entity: str, t: float) -> Truth | None:
        bn = self.boat_now(t)
        if entity in self.vessels:
            v = self.vessels[entity]
            lat, lon = self.vpos(v, t)
            course, speed = self.vmotion(v)
        elif entity in self.aircraft:
            a = self.aircraft[entity]
            lat, lon = a.track.at(t)
            course, speed = a.track.course, a.track.speed
        else:
            return None
        dx, dy, r = bn.rel(lat, lon)
        return Truth(geo.bearing_to(dx, dy), r, course, speed)

    def entities(self) -> list[tuple[str, str, str, float, float, bool]]:
        """(entity, kind, size, lat, lon, burning) of everything afloat or airborne now (burning: a ship on
        fire, seen by her own light)."""
        t = self.engine.t
        out = []
        for v in self.vessels.values():
            lat, lon = self.vpos(v, t)
            out.append((v.id, "ship", v.cls.size, lat, lon, bool(v.ai.get("burning"))))
        for a in self.aircraft.values():
            lat, lon = a.track.at(t)
            out.append((a.id, "aircraft", "aircraft", lat, lon, False))
        return out

    # -- own sensors: lookouts ------------------------------------------------------------------------
    def _lookout_sweep(self, now: float) -> None:
        boat = self.engine.module("boat")
        if not boat.surfaced or boat.lost:
            return
        bn = self.boat_now(now)
        cond = self.conditions()
        # lookouts with observation sectors see to the visual range; without them (or with nobody
        # on the bridge but the watch officer) only what comes close is noticed
        eyes = self.lookouts() if self.observing else 0
        cap = None
        if eyes <= 0:
            eyes, cap = 1, float(LOOKOUTS["unassigned_range_nm"])
        p_one = float(LOOKOUTS["p_per_lookout"])
        lose = float(LOOKOUTS["lose_share"])
        ranges: dict[tuple[str, bool], float] = {}
        new: list[dict[str, Any]] = []
        nearest_gap = math.inf
        rng = self.rng
        for entity, kind, size, lat, lon, burning in self.entities():
            rmax = ranges.get((size, burning))
            if rmax is None:
                rmax = visual_range(size, cond, burning)
                if cap is not None:
                    rmax = min(rmax, cap)
                ranges[size, burning] = rmax
            _dx, _dy, r = bn.rel(lat, lon)
            gap = (r - rmax * lose) / (AIR_CLOSING_KN if kind == "aircraft" else SHIP_CLOSING_KN)
            nearest_gap = min(nearest_gap, gap)
            contact = self.picture.of(entity)
            if contact is not None and contact["tracked"]:
                if r <= rmax * lose:
                    self._report(entity, kind, "lookouts", now, blur=sight_blur(cond))
                else:
                    self._lost(entity, "out of sight")
                continue
            if rng.random() < notice_p(p_one, eyes, r, rmax):
                contact, _fresh = self._report(entity, kind, "lookouts", now, blur=sight_blur(cond))
                new.append(contact)
        if new:
            self._announce("lookouts", new, now)
            self._seen_settling("lookouts", new)
        sweep = float(LOOKOUTS["sweep_s"])
        wait = sweep if nearest_gap <= 0 else min(MAX_SLEEP_S, max(sweep, nearest_gap * 3600.0))
        self.schedule("watch", now + wait)

    def _report(self, entity: str, kind: str, sensor: str, now: float, blur: float = 1.0) -> tuple[dict, bool]:
        truth = self.truth(entity, now)
        assert truth is not None
        contact, fresh = self.picture.report(entity, kind, sensor, truth, now, self.rng, blur)
        bn = self.boat_now(now)
        contact["from"] = [bn.lat, bn.lon]  # where the bearing and range were taken (the TDC plots from it)
        if fresh:
            self.emit("contact", **self.picture.view(contact, now, self.boat_now(now).heading))
            self._enemy_about()
        return contact, fresh

    def _seen_settling(self, sensor: str, contacts: list[dict[str, Any]]) -> None:
        """Ships a look has just found settling that the crew was never told of (struck while nobody had them in
        the picture: a fan's miss running on into the next ship of a convoy): the lookouts or the periscope see
        them go down, their contacts say so from now on (`going_down`, as the feed's "is settling" line gives a
        reported ship) and the feed says it (`ship_seen_settling`)."""
        settling = [c for c in contacts if c["kind"] == "ship" and not c.get("going_down")
                    and c["entity"] in self.vessels
                    and shipdamage.state_of(self.vessels[c["entity"]]) == "sinking"]
        if not settling:
            return
        for contact in settling:
            contact["going_down"] = True
        ships = and_list([shipdamage.who(self, self.vessels[c["entity"]]) for c in settling])
        n = len(settling)
        if sensor == "periscope":
            feed = Msg.plural("Periscope: {ships} is settling and will go down.",
                              "Periscope: {ships} are settling and will go down.", n=n, ships=ships)
        else:
            feed = Msg.plural("Lookouts: {ships} is settling and will go down.",
                              "Lookouts: {ships} are settling and will go down.", n=n, ships=ships)
        self.emit("ship_seen_settling", feed=feed, sensor=sensor, contacts=[c["id"] for c in settling])

    def _lost(self, entity: str, why: str) -> None:
        """A contact leaves the crew's picture. The feed says it as the crew knows it (`reports.lost_feed`: the
        lookouts lost sight of it, or it is no longer reported), never why it is gone; none for a ship that
        sank, made port, or an aircraft shot down (their own lines say it)."""
        contact = self.picture.lose(entity)
        if contact is not None:
            said = LOST_SAID.get(why)
            self.emit("contact_lost", feed=None if said is None else lost_feed(said, [contact["id"]]),
                      contact=contact["id"], reason=why, sensor=contact["sensor"])
            self._enemy_about()

    def _enemy_about(self) -> None:
        """Tell the boat whether the crew has a contact (full ahead surfaced runs faster then)."""
        boat = self.engine.module("boat")
        about = any(not c["lost"] for c in self.picture.contacts.values())
        if about != boat.in_action:
            boat.set_in_action(about)
            self.invalidate()

    def _announce(self, sensor: str, contacts: list[dict[str, Any]], now: float) -> None:
        """One feed message for everything a sensor newly reported in one look."""
        ships = [c for c in contacts if c["kind"] == "ship"]
        planes = [c for c in contacts if c["kind"] == "aircraft"]
        parts = []
        if planes:
            parts.append(describe(planes, "aircraft"))
        if ships:
            parts.append(describe(ships, "noise" if sensor == "hydrophone" else "ship"))
        what = and_list(parts)
        alarm = bool(planes) and len(ships) < 6
        if sensor == "lookouts":
            feed = Msg("Lookouts report {what}!", what=what) if alarm else Msg("Lookouts report {what}.", what=what)
        elif sensor == "periscope":
            feed = Msg("Periscope: {what}!", what=what) if alarm else Msg("Periscope: {what}.", what=what)
        else:
            feed = Msg("Hydrophone: {what}!", what=what) if alarm else Msg("Hydrophone: {what}.", what=what)
        if len(ships) >= 6:
            feed = Msg("{report} A convoy!", report=feed)
        # an aircraft that saw the boat first (out of the sun, the clouds, the dark) is running in already when the
        # lookouts first see it: their report says so, the first warning the crew has
        attacking = [c for c in planes if c["entity"] in self.aircraft and air_ai.attacking(self.aircraft[c["entity"]])]
        for plane in attacking:
            feed = feed + Msg(" The {aircraft} ({contact}) is running in to attack the boat!",
                              aircraft=Msg.term(self.aircraft[plane["entity"]].type.name), contact=plane["id"])
        self.emit("contact_report", feed=feed, sensor=sensor, contacts=[c["id"] for c in contacts],
                  ships=len(ships), aircraft=len(planes))
        for plane in attacking:  # its turn in, not seen: the report above said it
            air_ai.attacking_seen(self, self.aircraft[plane["entity"]], plane, turned_unseen=True)

    # -- orders: observe, periscope, hydrophone ----------------------------------------------------------
    def _no_params(self, args: Args) -> dict[str, Any]:
        return {}

    def _check_observe(self, params: dict[str, Any]) -> Msg | None:
        boat = self.engine.module("boat")
        if boat.lost:
            return Msg("the boat is lost")
        if not boat.surfaced:
            return Msg("the boat must be surfaced (lookouts stand on the bridge)")
        return None

    def _observe(self, params: dict[str, Any]) -> None:
        self.observing = True
        n = self.lookouts()
        feed = Msg.plural("Observation sectors assigned: {n} lookout on the bridge.",
                          "Observation sectors assigned: {n} lookouts on the bridge.", n=n)
        if n == 0:  # gone ahead where the crew rules only warn: said plainly, not "0 lookouts on the bridge"
            feed = Msg("Observation sectors assigned, but nobody is on the bridge: no one keeps watch until a sailor "
                       "stands in section 8.")
        self.emit("observation", feed=feed, lookouts=n, active=True)
        self.schedule("watch", self.engine.t)

    def _check_periscope(self, params: dict[str, Any]) -> Msg | None:
        boat = self.engine.module("boat")
        if boat.lost:
            return Msg("the boat is lost")
        if not boat.at_periscope_depth:
            return Msg("the boat must be at periscope depth ({depth:.0f} m or shallower, submerged)",
                       depth=boat.periscope_depth_m)
        return None

    def _periscope(self, params: dict[str, Any]) -> None:
        now = self.engine.t
        self.invalidate()
        self.periscope_until = now + float(PERISCOPE["exposure_s"])
        cond = self.conditions()
        share = periscope_share(self.tech("periscope")[1])
        bn = self.boat_now(now)
        seen, new = [], []
        for entity, kind, size, lat, lon, burning in self.entities():
            _dx, _dy, r = bn.rel(lat, lon)
            if self.rng.random() < notice_p(float(PERISCOPE["p"]), 1, r, visual_range(size, cond, burning) * share):
                contact, fresh = self._report(entity, kind, "periscope", now, blur=sight_blur(cond))
                seen.append(contact)
                if fresh:
                    new.append(contact)
        if seen:
            ships = [c for c in seen if c["kind"] == "ship"]
            planes = [c for c in seen if c["kind"] == "aircraft"]
            parts = []
            if ships:
                parts.append(describe(ships, "ship"))
            if planes:
                parts.append(describe(planes, "aircraft"))
            feed = Msg("Periscope: {what} in sight.", what=and_list(parts))
        else:
            feed = Msg("Periscope: nothing in sight.")
        self.emit("periscope_view", feed=feed, contacts=[c["id"] for c in seen], new=[c["id"] for c in new])
        self._seen_settling("periscope", seen)

    def periscope_up(self) -> bool:
        """Whether the periscope's view is up now (rulebook §8.4 "Periskop"): raised by the `periscope` order,
        for sensors.toml [periscope] exposure_s, and the boat at periscope depth."""
        boat = self.engine.module("boat")
        now = self.engine.t
        return (not boat.surfaced and boat.depth_at(now) <= float(boat.periscope_depth_m) + 1e-6
                and now < self.periscope_until)

    def keep_periscope_up(self, until: float) -> None:
        """Keep the periscope up until `until` (the TDC worked through it, §8.4); never shortens its look."""
        if until > self.periscope_until:
            self.invalidate()
            self.periscope_until = until

    def _check_hydrophone(self, params: dict[str, Any]) -> Msg | None:
        boat = self.engine.module("boat")
        if boat.lost:
            return Msg("the boat is lost")
        if boat.surfaced:
            return Msg("the hydrophone works only submerged")
        return None

    def _hydrophone(self, params: dict[str, Any]) -> None:
        now = self.engine.t
        cond = self.conditions()
        bn = self.boat_now(now)
        degraded = self.tech("hydrophone")[1]
        heard = []
        for v in self.vessels.values():
            lat, lon = self.vpos(v, now)
            _dx, _dy, r = bn.rel(lat, lon)
            _course, speed = self.vmotion(v)
            cls = v.cls
            rmax = hydrophone_range(cls.noise_nm, speed, cls.cruise_kn, bn.speed, cond, degraded)
            if self.rng.random() < notice_p(float(HYDROPHONE["p"]), 1, r, rmax):
                contact, _fresh = self._report(v.id, "ship", "hydrophone", now)
                heard.append(contact)
        if heard:
            feed = Msg("Hydrophone: {what}.", what=describe(heard, "noise"))
        else:
            feed = Msg("Hydrophone: no propeller noises.")
        self.emit("hydrophone_report", feed=feed, contacts=[c["id"] for c in heard])

    # -- crew commands: target data and identification ------------------------------------------------
    def commands(self) -> Mapping[str, Handler]:
        return {"target": self._target, "identify": self._identify}

    def _contact_arg(self, args: Args, required: bool) -> dict[str, Any] | None:
        if not required and not args.has("contact"):
            return None
        cid = args.str("contact")
        contact = self.picture.get(cid)
        if contact is None:
            known = ", ".join(sorted(self.picture.contacts, key=lambda c: int(c[1:])))
            from kaleun.core.errors import CommandError

            raise CommandError(Msg("{command}: no contact '{contact}' (contacts: {known})",
                                   command=command_word(args.name),
                                   contact=cid, known=known or Msg("none yet")))
        return contact

    def _over(self, action: str) -> bool:
        """Once the boat is lost or the mission over nobody keeps the plot: a free crew action is
        refused (`action_refused`, as the crew's are) and tells nothing."""
        boat = self.engine.module("boat")
        mission = self.engine.module("mission") if self.engine.has_module("mission") else None
        reason = "the boat is lost" if boat.lost else "the mission is over" if mission and mission.over else None
        if reason is not None:
            why = Msg("the boat is lost") if boat.lost else Msg("the mission is over")
            feed = (Msg("Identify refused: {why}.", why=why) if action == "identify"
                    else Msg("Target refused: {why}.", why=why))
            self.emit("action_refused", feed=feed, action=action, reason=reason)
        return reason is not None

    def _target(self, args: Args) -> None:
        contact = self._contact_arg(args, required=True)
        args.finish()
        assert contact is not None
        if self._over("target"):
            return
        now = self.engine.t
        self.emit("target_data", lost=contact["lost"], **self.picture.view(contact, now, self.boat_now(now).heading))

    def _identify(self, args: Args) -> None:
        contact = self._contact_arg(args, required=False)
        args.finish()
        if self._over("identify"):
            return
        now = self.engine.t
        candidates = [contact] if contact is not None else [c for c in self.picture.active() if c["kind"] == "ship"]
        done, failed = [], []
        for c in candidates:
            why = self._why_not_identify(c, now)
            if why is None:
                self._reveal(c)
                done.append(c)
            else:
                failed.append((c, why))
        if contact is not None and failed:
            self.emit("identification_failed", feed=Msg("{contact}: {reason}.", contact=contact["id"],
                                                        reason=failed[0][1]), contact=contact["id"],
                      reason=failed[0][1])
        if done:
            far = [c["id"] for c, why in failed if too_far(why)]
            self.emit("identification", feed=identification_feed(done, len(far)), contacts=[c["id"] for c in done],
                      too_far=far,
                      merchants=sum(1 for c in done if c["type"] == "merchant"),
                      escorts=sum(1 for c in done if c["type"] == "escort"),
                      small=sum(1 for c in done if c["type"] == "small"),
                      grt=sum(c["grt"] or 0 for c in done if c["type"] != "escort"))
        elif contact is None:
            far = [c["id"] for c, why in failed if too_far(why)]
            reach = max((float(why.values["reach"]) for c, why in failed if isinstance(why, Msg) and too_far(why)),
                        default=0.0)
            text = (Msg.plural("{n} ship in sight, too far to identify: come within about {reach:.1f} nm.",
                               "{n} ships in sight, all too far to identify: come within about {reach:.1f} nm.",
                               n=len(far), reach=reach) if far
                    else Msg("Nothing in sight to identify."))
            self.emit("identification", feed=text, contacts=[], too_far=far, merchants=0, escorts=0, small=0, grt=0)

    def _why_not_identify(self, contact: Mapping[str, Any], now: float) -> Msg | None:
        if contact["kind"] != "ship":
            return Msg("aircraft are not identified")
        entity = contact["entity"]
        if entity not in self.vessels or contact["lost"]:
            return Msg("contact lost")
        boat = self.engine.module("boat")
        truth = self.truth(entity, now)
        assert truth is not None
        seen = ship_range(self.vessels[entity], self.conditions())  # a burning ship by her fire's light
        if boat.surfaced and self.observing and contact["tracked"]:
            reach = seen * float(LOOKOUTS["identify_share"])
        elif boat.at_periscope_depth and now < self.periscope_until:
            reach = seen * float(PERISCOPE["range_share"]) * float(PERISCOPE["identify_share"])
        else:
            return Msg("not in sight")
        if truth.range_nm > reach:
            # the reach against the true range (what the lookouts can make out); the crew sees only its estimate of
            # the range, so the refusal says that the figure it shows is one
            return Msg("too far to identify: its class is made out at about {reach:.1f} nm or nearer (the range "
                       "shown is an estimate)", reach=reach)
        return None

    def _reveal(self, contact: dict[str, Any]) -> None:
        cls = self.vessels[contact["entity"]].cls
        first = not contact["identified"]
        contact.update({"identified": True, "type": cls.type, "class": cls.id, "name": cls.name, "grt": cls.grt})
        if first:
            self.emit("identified", contact=contact["id"], type=cls.type, **{"class": cls.id}, class_name=cls.name,
                      grt=cls.grt)

    # -- housekeeping ---------------------------------------------------------------------------------
    def _cleanup(self, now: float) -> None:
        bn = self.boat_now(now)
        far_ship = float(SHIPS["traffic"]["spawn"]["despawn_nm"])
        far_air = float(AIR["patrol"]["despawn_nm"])
        for v in list(self.vessels.values()):
            lat, lon = self.vpos(v, now)
            if bn.rel(lat, lon)[2] > far_ship and not (v.is_escort and v.ai.get("mode") not in ("screen", "patrol")):
                self.remove_vessel(v.id, "out of range")
        for a in list(self.aircraft.values()):
            lat, lon = a.track.at(now)
            if bn.rel(lat, lon)[2] > far_air and a.ai.get("mode") in ("leave", "patrol"):
                self.remove_aircraft(a.id)
        stale = float(LOOKOUTS["stale_h"]) * 3600.0
        for c in self.picture.active():
            if not c["tracked"] and now - c["t"] > stale:
                self._lost(c["entity"], "no longer reported")
        for gid in [g for g in self.groups if not any(v.group == g for v in self.vessels.values())]:
            del self.groups[gid]
            self.cancel(f"leg:{gid}")
            self.cancel(f"gwatch:{gid}")
        self.schedule("cleanup", now + 600.0)

    def remove_vessel(self, vid: str, why: str) -> None:
        v = self.vessels.pop(vid, None)
        if v is None:
            return
        if v.group in self.groups:
            self.groups[v.group].offsets.pop(vid, None)
        self.cancel(f"ai:{vid}")
        self._lost(vid, why)

    def remove_aircraft(self, aid: str, why: str = "out of range") -> None:
        if self.aircraft.pop(aid, None) is not None:
            self.cancel(f"air:{aid}")
            self._lost(aid, why)

    # -- what others tell the sea ---------------------------------------------------------------------
    def on_event(self, event: Event) -> None:
        now = self.engine.t
        self.invalidate()
        if event.name in ("depth_set", "surfacing"):
            self._soon("prox", now)
        elif event.name == "boat_submerged":
            self.dived_at = now
            if self.observing:
                self.observing = False
                self.emit("observation", lookouts=0, active=False)
            for c in self.picture.active():
                if c["tracked"]:
                    c["tracked"] = False
            self.cancel("watch")
            self.schedule("prox", now)
        elif event.name == "boat_surfaced":
            self.schedule("watch", now)
            self.schedule("prox", now)
        elif event.name == "ship_sunk":
            vid = self._vessel_of(event.data.get("vessel", event.data.get("ship")))
            if vid is not None and "damage" not in self.vessels[vid].ai:  # a hit's sinking is that hit's blow
                self.attacked(vid, "ship sunk")
        elif event.name in ("weather", "daylight"):
            self._light_changed(now)
        elif event.name == "mission_end":
            self.stopped = True
            self.sched.clear()
            self.heap.clear()

    def _light_changed(self, now: float) -> None:
        """Dawn, dusk or a change of weather: everything that slept on the old sighting ranges
        looks again now (the lookouts, the convoys' and lone merchants' lookouts)."""
        if self.stopped:
            return
        if self.engine.module("boat").surfaced:
            self._soon("watch", now)
        for gid in self.groups:
            self._soon(f"gwatch:{gid}", now)
        for v in self.vessels.values():
            if not v.is_escort and v.track is not None and v.ai.get("mode") == "lone":
                self._soon(f"ai:{v.id}", now)

    def _vessel_of(self, ident: Any) -> str | None:
        if not isinstance(ident, str):
            return None
        if ident in self.vessels:
            return ident
        contact = self.picture.get(ident)
        return contact["entity"] if contact and contact["entity"] in self.vessels else None

    # -- public API for the weapons -------------------------------------------------------------------
    def vessel_for_contact(self, cid: str) -> Vessel | None:
        vid = self._vessel_of(cid)
        return None if vid is None else self.vessels[vid]

    def attacked(self, vid: str, why: Msg | str, datum: tuple[float, float, float] | None = None) -> None:
        """A ship was hit: its convoy turns away or scatters, a lone ship flees, escorts hunt.

        `datum` (lat, lon, error nm) is where the escorts look for the boat; by default back along
        the line from the ship to the boat at a guessed run (a torpedo that left no wake)."""
        v = self.vessels.get(vid)
        now = self.engine.t
        if v is None or not escorts.one_blow(self, vid, now):
            return  # two torpedoes of one salvo are one blow
        if datum is None:
            datum = self._torpedo_datum(v, now)
        if v.track is None and v.group in self.groups:
            convoys.alarm(self, self.groups[v.group], now, why, datum)
        elif not v.is_escort:
            convoys.flee(self, v, now)
            escorts.alert(self, datum[0], datum[1], now, why, error_nm=datum[2])

    def _torpedo_datum(self, v: Vessel, now: float) -> tuple[float, float, float]:
        """Where the escorts look for the boat after a hit: along the torpedo's track from the ship
        hit, at a guessed run (lat, lon, error nm)."""
        esc = escorts.ESC
        lat, lon = self.vpos(v, now)
        bn = self.boat_now(now)
        track = geo.bearing_to(*geo.offset(lat, lon, bn.lat, bn.lon))  # back along the torpedo's run
        track += self.rng.gauss(0.0, float(esc["torpedo_bearing_sigma_deg"]))
        dlat, dlon = geo.destination(lat, lon, track, float(esc["torpedo_run_nm"]))
        return dlat, dlon, float(esc["torpedo_datum_error_nm"])

    def sink(self, vid: str, cause: str) -> None:
        """Sink a ship: `ship_sunk {ship, class, grt}` (the crew gains morale), alarm, gone."""
        v = self.vessels.get(vid)
        if v is None:
            return
        contact = self.picture.of(vid)
        name = contact["id"] if contact else None  # a ship the crew never had as a contact: no name, as for a hit
        cls = v.cls
        feed = (Msg("The {ship} ({grt:,} GRT) has gone down!", ship=Msg.term(cls.name), grt=cls.grt) if cls.grt
                else Msg("The {ship} has gone down!", ship=Msg.term(cls.name)))
        self.emit("ship_sunk", feed=feed, ship=name, vessel=vid, type=cls.type, **{"class": cls.id}, grt=cls.grt,
                  cause=cause)
        self.remove_vessel(vid, "sunk")

    # -- state ---------------------------------------------------------------------------------------
    def status(self) -> dict[str, Any]:
        now = self.engine.t
        heading = self.boat_now(now).heading if self.engine.has_module("boat") else 0.0
        return {"observing": self.observing, "lookouts": self.lookouts() if self.observing else 0,
                "periscope_up": now < self.periscope_until,
                "contacts": [self.picture.view(c, now, heading) for c in self.picture.active()]}

    def check_state(self, state: Any, path: str) -> None:
        check_sea_state(state, path)

    def _name_the_droppers(self) -> None:
        """Charges still sinking in a save from before a charge kept who dropped it (`escort`): the one escort or
        aircraft of the charge's `source` class at sea dropped it, so the depth-charge alarm names it as the crew
        knows it; with two of that class, or none left, the charge keeps no dropper (the alarm says no contact)."""
        by_name: dict[str, list[str]] = {}
        for v in self.vessels.values():
            by_name.setdefault(v.cls.name, []).append(v.id)
        for a in self.aircraft.values():
            by_name.setdefault(a.type.name, []).append(a.id)
        for charge in self.charges.values():
            if "escort" not in charge:
                droppers = by_name.get(str(charge["source"]), [])
                if len(droppers) == 1:
                    charge["escort"] = droppers[0]

    def to_state(self) -> dict[str, Any]:
        return {
            "groups": {k: g.to_json() for k, g in self.groups.items()},
            "vessels": {k: v.to_json() for k, v in self.vessels.items()},
            "aircraft": {k: a.to_json() for k, a in self.aircraft.items()},
            "charges": {k: dict(c) for k, c in self.charges.items()},
            "torpedoes": copy.deepcopy(self.torpedoes),
            "minefield": self.minefield.to_json(),
            "picture": self.picture.to_json(),
            "observing": self.observing, "periscope_until": self.periscope_until, "dived_at": self.dived_at,
            "traffic": self.traffic, "air_cover": self.air_cover, "stopped": self.stopped,
            "attacked_at": dict(self.attacked_at),
            "ids": dict(self.ids), "sched": {k: [t, s] for k, (t, s) in self.sched.items()}, "seq": self.seq,
        }

    def load_state(self, state: Mapping[str, Any]) -> None:
        self.groups = {k: Group.from_json(g) for k, g in state["groups"].items()}
        self.vessels = {k: Vessel.from_json(v) for k, v in state["vessels"].items()}
        self.aircraft = {k: Aircraft.from_json(a) for k, a in state["aircraft"].items()}
        self.charges = {k: dict(c) for k, c in state["charges"].items()}
        self._name_the_droppers()
        self.torpedoes = copy.deepcopy(dict(state.get("torpedoes", {})))
        self.minefield = Minefield.from_json(state["minefield"]) if "minefield" in state else Minefield()
        self.picture = Picture()
        self.picture.load(state["picture"])
        self.observing = bool(state["observing"])
        self.periscope_until = float(state["periscope_until"])
        self.dived_at = float(state["dived_at"])
        self.traffic = str(state["traffic"])
        self.air_cover = str(state["air_cover"])
        self.stopped = bool(state["stopped"])
        self.attacked_at = {k: float(v) for k, v in state["attacked_at"].items()}
        self.ids = {k: int(v) for k, v in state["ids"].items()}
        self.sched = {k: (float(v[0]), int(v[1])) for k, v in state["sched"].items()}
        self.heap = sorted((t, s, k) for k, (t, s) in self.sched.items())
        self.seq = int(state["seq"])
        self._boat_cache = None
        self._nearest_hint = None


