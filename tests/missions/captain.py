"""Authoring the missions' table scripts: a captain who plays a mission in-process and writes down
every command at its game time, so the script replays the same game (`kaleun run --script`).

`python tests/missions/make_scripts.py [MISSION ...]` plays each mission's winning and losing
captain (`make_scripts.py`) and rewrites `tests/missions/scripts/<mission>.win.jsonl` and
`.lose.jsonl`. A captain may look at anything in the game to decide (the true positions of ships
included): what it writes is only what a crew at the table would do. Run it again when a change to
the sea, the weapons or the crew makes a script no longer reach its end (the tests say which).
"""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Any

from kaleun.core.engine import Engine
from kaleun.uboot.game import new_game
from kaleun.uboot.sea import geo

SCRIPTS = Path(__file__).resolve().parent / "scripts"
#: how the missions' scripts set the table: the crew rules only advise (the scripts test the missions,
#: not the staffing of every order) and random wear is off (an optional rule a group may choose)
SETUP = {"do": "crew_options", "rules": "advise", "wear": False}


class Captain:
    def __init__(self, mission: str, seed: int = 0, verbose: bool = False,
                 setup: dict[str, Any] | None = None) -> None:
        self.mission = mission
        self.seed = seed
        self.g: Engine = new_game(seed, mission)
        self.events: list[dict[str, Any]] = [e.to_json() for e in self.g.take_events()]
        self.lines: list[dict[str, Any]] = []
        self.verbose = verbose
        self.fed = -1  # the day of the last meal (its ordinal)
        self.mending = False  # repairs, breaches sealed, aircraft dodged during the patrol
        self.busy = False  # in an attack: no dodging
        self.dodging = False
        self.last_aircraft = -1e9
        self.do({**SETUP, **(setup or {})})

    # -- recording --------------------------------------------------------------------------------
    @property
    def t(self) -> float:
        return self.g.t

    def do(self, command: dict[str, Any]) -> list[dict[str, Any]]:
        self.lines.append({"t": round(self.g.t, 3), **command})
        out = [e.to_json() for e in self.g.apply(command)]
        self._seen(out)
        return out

    def order(self, name: str, **fields: Any) -> list[dict[str, Any]]:
        return self.do({"do": "order", "order": name, **fields})

    def wait(self, t: float) -> list[dict[str, Any]]:
        out = [e.to_json() for e in self.g.advance_to(max(self.g.t, float(t)))]
        self._seen(out)
        return out

    def _seen(self, events: list[dict[str, Any]]) -> None:
        self.events += events
        if self.verbose:
            for e in events:
                if e.get("feed"):
                    print(f"{e['t']:>9} {e['event']}: {e['feed']}")

    def end(self, until: float | None = None) -> None:
        if until is not None:
            self.wait(until)
        self.lines.append({"t": round(self.g.t, 3), "do": "end"})

    def write(self, kind: str) -> Path:
        SCRIPTS.mkdir(parents=True, exist_ok=True)
        path = SCRIPTS / f"{self.mission}.{kind}.jsonl"
        with open(path, "w", encoding="utf-8") as fh:
            fh.write(f"# {self.mission}: the {kind} script (seed {self.seed}); "
                     "written by tests/missions/make_scripts.py\n")
            for line in self.lines:
                fh.write(json.dumps(line) + "\n")
        return path

    # -- reading the game -------------------------------------------------------------------------
    def orders_left(self) -> int:
        """Orders the command bar still pays this watch (after it the morale bar pays)."""
        return int(self.g.module("crew").bars.status()["command_fields_left"])

    def orders_in_hand(self) -> int:
        """Orders the bars can still pay without exhausting the crew (the morale bar's blank field)."""
        status = self.g.module("crew").bars.status()
        return int(status["command_fields_left"]) + max(0, int(status["morale_value"]) - 1)

    @property
    def mission_module(self) -> Any:
        return self.g.module("mission")

    @property
    def over(self) -> bool:
        return bool(self.mission_module.over)

    def objective(self, ident: str) -> Any:
        return self.mission_module.objectives[ident]

    def contacts(self, kind: str = "ship") -> list[dict[str, Any]]:
        return [c for c in self.g.module("sea").picture.active() if c["kind"] == kind]

    def vessel(self, cid: str) -> Any:
        return self.g.module("sea").vessel_for_contact(cid)

    def true_range(self, cid: str) -> float:
        sea = self.g.module("sea")
        v = sea.vessel_for_contact(cid)
        return math.inf if v is None else sea.truth(v.id, self.g.t).range_nm

    def position(self) -> tuple[float, float]:
        return self.g.module("boat").position_at(self.g.t)

    def course_to(self, lat: float, lon: float) -> int:
        return round(geo.rhumb(*self.position(), lat, lon)[0]) % 360

    def distance_to(self, lat: float, lon: float) -> float:
        return geo.rhumb(*self.position(), lat, lon)[1]

    def named(self, name: str) -> list[dict[str, Any]]:
        return [e for e in self.events if e["event"] == name]

    # -- what a crew does -------------------------------------------------------------------------
    def stations(self, places: dict[str, int]) -> None:
        """Mobilize, move the figures, end the mobilization."""
        self.order("mobilize")
        for figure, section in places.items():
            self.do({"do": "place", "figure": figure, "section": section})
        self.do({"do": "end_mobilize"})

    def lookouts(self) -> None:
        self.stations({"navigator-square": 8, "navigator-triangle": 8, "navigator-hexagon": 8})
        self.order("observe")

    def speed(self, setting: str) -> None:
        if self.g.module("boat").telegraph != setting:
            self.order("new_speed", speed=setting)

    def course(self, course: float, slack: float = 0.0) -> None:
        """A new course unless the boat already steers within `slack` degrees of it (orders cost)."""
        course = round(course) % 360
        now = round(self.g.module("boat").course) % 360
        if abs((course - now + 180) % 360 - 180) > slack and course != now:
            self.order("new_course", course=course)

    def decode_all(self) -> None:
        coded = [m for m in self.mission_module.messages if m.state == "coded"]
        while coded:
            batch = coded[:3]
            self.order("enigma", decode=[m.id for m in batch])
            coded = coded[3:]

    def meal(self) -> None:
        """The best meal the pyramid allows: three touching ingredients if it can (morale +1)."""
        import itertools

        food = self.g.module("crew").food
        lemons = [i + 1 for i, chip in enumerate(food.pyramid) if chip == "lemon"]
        for size in (3, 2, 1):
            for take in itertools.combinations(range(1, 7), size):
                for lemon in (lemons or [None]):
                    if lemon in take:
                        continue
                    if food.problem(list(take), None, None, lemon) is None:
                        fields: dict[str, Any] = {"take": list(take)}
                        if lemon is not None:
                            fields["lemon"] = lemon
                        self.order("prepare_meal", **fields)
                        return

    def transit(self) -> None:
        self.do({"do": "ui", "action": "time_compression", "mode": "transit"})

    # -- attacks ----------------------------------------------------------------------------------
    def truth(self, vid: str) -> tuple[float, float, float, float]:
        """(bearing from the bow, range m, course, speed kn) of a vessel now, as a perfect attack disc."""
        sea = self.g.module("sea")
        tr = sea.truth(vid, self.g.t)
        heading = self.g.module("boat").heading_at(self.g.t)
        return (geo.norm360(tr.bearing - heading), tr.range_nm * geo.M_PER_NM, tr.course, tr.speed_kn)

    def view(self, order: str) -> None:
        """The view a weapon order is given from (rulebook §8.3/§8.4), if the boat lacks it: surfaced, the
        navigators to the bridge (section 8) on observation duty, as the lookouts' view the TDC and the guns
        are reached from needs; submerged at periscope depth, up periscope (the TDC's view is entered from
        the periscope's, and its look may have ended since the TDC was set)."""
        if self.g.module("weapons").view_missing(order) is None:
            return
        if self.g.module("boat").surfaced:
            crew = self.g.module("crew")
            moves = {f: 8 for f in ("navigator-square", "navigator-triangle", "navigator-hexagon")
                     if crew.pos.get(f) != 8 and not crew.sailor(f).dead}
            if moves:
                self.stations(moves)
            self.order("observe")
        else:
            self.order("periscope")

    def fire(self, tubes: list[int]) -> list[dict[str, Any]]:
        """Fire these tubes from the TDC's view (the periscope raised again if it went down since the TDC)."""
        self.view("fire_torpedoes")
        return self.order("fire_torpedoes", tubes=tubes)

    def gun(self, gun: str, **fields: Any) -> list[dict[str, Any]]:
        """Open fire with a deck gun from the lookouts' view (§8.3)."""
        self.view(gun)
        return self.order(gun, **fields)

    def aim(self, vid: str, spread: float = 0.0, depth: float | None = None, pistol: str | None = None,
            contact: str | None = None) -> list[dict[str, Any]]:
        """Program the TDC on a vessel (the truth, as a perfect attack disc), from the TDC's view (§8.3/§8.4)."""
        self.view("tdc")
        bearing, range_m, course, speed = self.truth(vid)
        fields: dict[str, Any] = {"source": "manual", "bearing": round(bearing, 1), "range_m": round(range_m),
                                  "course": round(course, 1), "speed_kn": round(speed, 1), "spread_deg": spread}
        if depth is not None:
            fields["depth_m"] = depth
        if pistol is not None:
            fields["pistol"] = pistol
        if contact is not None:
            fields["contact"] = contact
        return self.order("tdc", **fields)

    def group_of(self, vid: str) -> Any:
        sea = self.g.module("sea")
        v = sea.vessels.get(vid)
        return None if v is None or v.group is None else sea.groups.get(v.group)

    def merchants(self, group: Any = None) -> list[Any]:
        sea = self.g.module("sea")
        return [v for v in sea.vessels.values() if v.cls.type == "merchant"
                and (group is None or v.group == group.id)]

    def vpos(self, vid: str) -> tuple[float, float]:
        sea = self.g.module("sea")
        return sea.vpos(sea.vessels[vid], self.g.t)

    def ahead_of(self, lat: float, lon: float, course: float, ahead_nm: float, side_nm: float) -> tuple[float, float]:
        """A point `ahead_nm` along a course from a position and `side_nm` to its starboard side."""
        a = geo.destination(lat, lon, course, ahead_nm)
        return geo.destination(*a, course + 90.0, side_nm)

    def steer_to(self, lat: float, lon: float, speed: str = "full_ahead", slack: float = 8.0) -> float:
        """Head for a position (true); returns the distance left (nm)."""
        self.course(self.course_to(lat, lon), slack)
        self.speed(speed)
        return self.distance_to(lat, lon)

    def go(self, lat: float, lon: float, speed: str = "full_ahead", within: float = 1.0, step: float = 1200.0,
           until: float | None = None, slack: float = 8.0, until_east_of: float | None = None) -> bool:
        """Sail to a position (true), correcting the course now and then (with the patrol's meals and
        signals); False if `until` came first. `until_east_of`: done once past that longitude."""
        arrived = False

        def tick() -> bool:
            nonlocal arrived
            if until_east_of is not None and self.position()[1] >= until_east_of:
                arrived = True
                return True
            left = self.steer_to(lat, lon, speed, slack)
            arrived = left <= within
            return arrived

        while not self.over and not arrived and (until is None or self.t < until):
            knots = max(2.0, self.g.module("boat").speed_at(self.t), 0.0)
            left = self.distance_to(lat, lon)
            pause = max(60.0, min(step, left / knots * 3600.0 * 0.6))
            self.patrol(min(until or 1e12, self.t + pause), tick, step=pause)
        return arrived

    def clear_bridge(self) -> None:
        """Everyone off the deck and the bridge (a dive kills who is left outside)."""
        crew = self.g.module("crew")
        outside = {f: 3 for f, s in crew.pos.items() if s in (7, 8)}
        if outside:
            self.stations(outside)

    def dive(self, depth: int | None = None) -> None:
        self.clear_bridge()
        self.order("dive")
        if depth is not None:
            self.wait(self.t + 35)
            self.order("new_depth", depth_m=depth)

    def go_deep(self, depth: int, speed: str = "slow_ahead", patience: float = 3600.0) -> None:
        """Deep and slow away after an attack; while the bars refuse the orders (the attack spent them), again
        every minute as long as `patience` lasts."""
        boat = self.g.module("boat")
        until = self.t + patience
        while not self.over:
            if boat.surfaced:
                self.dive(depth)
            elif abs(boat.zt - depth) > 0.5:
                self.order("new_depth", depth_m=depth)
            self.speed(speed)
            if (not boat.surfaced and abs(boat.zt - depth) <= 0.5 and boat.telegraph == speed) or self.t >= until:
                return
            self.wait(self.t + 60)

    def surface(self, lookouts: bool = True) -> None:
        self.order("surface")
        boat = self.g.module("boat")
        while not boat.surfaced and not self.over:
            self.wait(self.t + 30)
        if lookouts:
            self.lookouts()

    def gyro_ok(self, vid: str, limit: float = 60.0) -> bool:
        bearing = self.truth(vid)[0]
        rel = (bearing + 180.0) % 360.0 - 180.0
        return abs(rel) <= limit

    # -- convoys --------------------------------------------------------------------------------------
    def groups(self) -> list[Any]:
        return list(self.g.module("sea").groups.values())

    def wait_for_group(self, until: float, step: float = 600.0) -> Any:
        while self.t < until and not self.over:
            if self.groups():
                return self.groups()[0]
            self.decode_all()
            self.wait(self.t + step)
        return self.groups()[0] if self.groups() else None

    def ambush_point(self, group: Any, ahead_nm: float, side_nm: float) -> tuple[float, float]:
        lat, lon = group.at(self.t)
        return self.ahead_of(lat, lon, group.base_course, ahead_nm, side_nm)

    def along_side(self, group: Any) -> tuple[float, float]:
        """(ahead, to starboard) nm of the boat from a convoy's centre, along its base course."""
        glat, glon = group.at(self.t)
        dx, dy = geo.offset(glat, glon, *self.position())
        s, c = geo.unit(group.base_course)
        return dx * s + dy * c, dx * c - dy * s

    def escort_within(self, nm: float) -> bool:
        sea = self.g.module("sea")
        return any(v.is_escort and sea.truth(v.id, self.t).range_nm <= nm for v in sea.vessels.values())

    def get_ahead(self, group: Any, ahead_nm: float = 10.0, side_nm: float = 2.2, until: float = 1e12,
                  dive_within_nm: float = 0.0) -> bool:
        """Get to a point ahead of a convoy and to its side (or just to its side when the boat is already
        further ahead), re-aiming as it moves; surfaced at full ahead, or submerged at half ahead once an
        escort comes within `dive_within_nm`."""
        while not self.over and self.t < until:
            ahead, _side = self.along_side(group)
            point = self.ambush_point(group, max(ahead_nm, ahead - 0.5), side_nm)
            boat = self.g.module("boat")
            if boat.surfaced and dive_within_nm and self.escort_within(dive_within_nm):
                self.dive()
            speed = "full_ahead" if boat.surfaced else "half_ahead"
            left = self.steer_to(*point, speed, slack=6.0)
            if left <= 0.6:
                return True
            knots = 15.0 if boat.surfaced else 4.0
            self.wait(self.t + max(60.0, min(900.0, left / knots * 3600.0 * 0.5)))
        return False

    def fire_at_nearest(self, group: Any, done: set[str], until: float, max_range_m: float = 1600.0,
                        per_ship: int = 2, ships: int = 2, spread: float = 2.0, gyro: float = 55.0,
                        depth: float | None = None, pistol: str | None = None, min_range_m: float = 500.0) -> int:
        """Wait for merchants of the convoy to come within range (and no closer than `min_range_m`: the
        pistols arm after 250 m of run) and the gyro limit; fire `per_ship` flooded bow tubes at each of
        `ships` of them. Returns how many ships were fired at."""
        sea = self.g.module("sea")
        while self.t < until and not self.over and len(done) < ships:
            self.wait(self.t + 15)
            hunted = any(v.is_escort and v.ai.get("mode") in ("attack", "run", "chase") for v in sea.vessels.values())
            if hunted and done:
                break
            if done and self.orders_in_hand() < 6:  # another ship's salvo (the periscope, the TDC, the fire)
                break  # and the orders to go deep after it would exhaust the crew

            tubes = self.g.module("weapons").status()["tubes"]
            flooded = [t["tube"] for t in tubes if t["state"] == "flooded" and t["tube"] <= 4]
            if not flooded:
                if any(t["state"] == "flooding" for t in tubes):
                    continue
                break
            candidates = [v for v in self.merchants(group) if v.id not in done]
            candidates.sort(key=lambda v: sea.truth(v.id, self.t).range_nm)
            for v in candidates[:2]:
                _b, r, _c, _s = self.truth(v.id)
                if min_range_m <= r <= max_range_m and self.gyro_ok(v.id, gyro):
                    self.aim(v.id, spread=spread, depth=depth, pistol=pistol)
                    self.fire(flooded[:per_ship])
                    done.add(v.id)
                    break
        return len(done)

    # -- the patrol's rhythm ----------------------------------------------------------------------------
    def patrol(self, until: float, tick: Any = None, step: float = 600.0, meal_hour: int = 11) -> None:
        """Keep the patrol going until `until` (or `tick()` returns True): HQ's signals decoded, a meal a day,
        (with `self.mending`) the vital machinery repaired."""
        while self.t < until - 1e-6 and not self.over:
            if tick is not None and tick():
                return
            self.decode_all()
            if self.mending:
                self.seal_breaches()
                self.repair()
                self.dodge_aircraft()
                if self.orders_left() >= 6 and self.g.module("boat").surfaced and not self.busy:
                    self.reload(count=1)
            when = self.g.clock.at(self.t)
            if when.toordinal() != self.fed and when.hour >= meal_hour:
                self.fed = when.toordinal()
                self.meal()
            self.wait(min(until, self.t + (min(step, 60.0) if self.mending else step)))

    def go_home(self, until: float) -> None:
        """Return to base, again after every interruption, until the mission ends (or `until`)."""
        def tick() -> bool:
            m = self.mission_module
            if m.passage is None and m.why_not_return() is None:
                self.do({"do": "return_to_base"})
            elif m.passage is None and not self.g.module("boat").surfaced and m.in_combat() is None:
                self.surface(lookouts=False)
            return False
        self.patrol(until, tick)

    # -- lone ships ---------------------------------------------------------------------------------
    def attack_lone(self, vid: str, side_nm: float = 0.6, until: float | None = None, tubes: int = 2,
                    **fire: Any) -> bool:
        """Lie in wait beside a lone ship's track (submerged, at periscope depth) where it passes nearest
        the boat, and fire `tubes` bow torpedoes as it passes; True if fired."""
        sea = self.g.module("sea")
        until = until if until is not None else self.t + 4 * 3600
        v = sea.vessels.get(vid)
        if v is None:
            return False
        lat, lon = sea.vpos(v, self.t)
        course, _speed = sea.vmotion(v)
        # the foot of the perpendicular from the boat to the ship's track, then `side_nm` back towards the boat
        dx, dy = geo.offset(lat, lon, *self.position())
        s, c = geo.unit(course)
        along = dx * s + dy * c
        across = dx * c - dy * s
        if along < 1.0:
            return False  # the ship has passed
        point = self.ahead_of(lat, lon, course, along, math.copysign(side_nm, across))
        boat = self.g.module("boat")
        if boat.surfaced:  # on the surface while the ship's lookouts cannot see the boat
            while not self.over and self.t < until:
                if vid not in sea.vessels or sea.truth(vid, self.t).range_nm < 4.5:
                    break
                if self.steer_to(*point, "full_ahead", slack=20.0) <= 0.4:
                    break
                self.wait(self.t + 60)
            self.dive()
        self.go(*point, speed="half_ahead", within=0.4, step=300, until=until, slack=20.0)
        self.speed("stop")
        self.course((course - 90) % 360 if across > 0 else (course + 90) % 360)
        loaded = [t["tube"] for t in self.g.module("weapons").status()["tubes"]
                  if t["state"] == "loaded" and t["tube"] <= 4][:max(tubes, 1)]
        if loaded:
            self.order("flood_tubes", tubes=loaded)
        while self.t < until and not self.over and vid in sea.vessels:
            self.wait(self.t + 15)
            if vid not in sea.vessels:
                break
            _b, r, _c, _s = self.truth(vid)
            if r < 300:  # too near to fire (the pistols arm after 250 m of run): below her keel, let her pass
                self.order("new_depth", depth_m=40)
                return False
            flooded = [t["tube"] for t in self.g.module("weapons").status()["tubes"]
                       if t["state"] == "flooded" and t["tube"] <= 4]
            if flooded and r <= 2800 and self.gyro_ok(vid, 60):
                self.aim(vid, spread=fire.get("spread", 2.0))
                self.fire(flooded[:tubes])
                self.finish_off(vid)
                return True
        return False

    def finish_off(self, vid: str, wait: float = 600.0) -> None:
        """A ship hit but still afloat gets another torpedo (the coup de grace), if a bow tube has one."""
        sea = self.g.module("sea")
        self.wait(self.t + wait)
        v = sea.vessels.get(vid)
        if v is None or "damage" not in v.ai or v.ai.get("sinking_at") is not None:
            return
        weapons = self.g.module("weapons")
        tubes = weapons.status()["tubes"]
        loaded = [t["tube"] for t in tubes if t["state"] == "flooded" and t["tube"] <= 4]
        if not loaded:  # no tube flooded still: flood one that is loaded
            loaded = [t["tube"] for t in tubes if t["state"] == "loaded" and t["tube"] <= 4]
            if not loaded:
                return
            self.order("flood_tubes", tubes=loaded[:1])
            self.wait(self.t + 35)
        if vid in sea.vessels and self.gyro_ok(vid, 80) and self.truth(vid)[1] >= 300:
            self.aim(vid)
            self.fire(loaded[:1])

    def closest_approach(self, vid: str) -> float:
        """How close (nm) a ship on its present course and speed passes the boat where it lies now."""
        sea = self.g.module("sea")
        v = sea.vessels[vid]
        lat, lon = sea.vpos(v, self.t)
        course, speed = sea.vmotion(v)
        dx, dy = geo.offset(*self.position(), lat, lon)
        s, c = geo.unit(course)
        vx, vy = s * speed, c * speed
        speed2 = vx * vx + vy * vy
        k = 0.0 if speed2 == 0 else max(0.0, -(dx * vx + dy * vy) / speed2)
        return math.hypot(dx + vx * k, dy + vy * k)

    def reload(self, count: int = 2) -> None:
        """Reload empty bow tubes from the racks, `count` at most (one order each)."""
        weapons = self.g.module("weapons")
        empty = [t["tube"] for t in weapons.status()["tubes"] if t["state"] in ("empty", "fired") and t["tube"] <= 4]
        for tube in empty[:count]:
            if weapons.racks.get(1):
                self.order("reload_torpedo", tube=tube)

    # -- repairs ------------------------------------------------------------------------------------
    VITAL = ("diesels", "e_motors", "batteries", "rudder", "hydroplanes", "compressor", "bow_tubes", "bilge_pump",
             "radio")

    def repair(self, components: tuple[str, ...] = VITAL, budget: int = 3) -> None:
        """Send repair crews to the open technical conditions of these components (the most vital first):
        the sailors with the repair symbol who are free, moved to the component's section."""
        tech = self.g.module("technical")
        crew = self.g.module("crew")
        for component in components:
            job = tech.job(component)
            if job is None or job.sailors or self.orders_left() < budget:
                continue
            section = tech.section(component)
            if section in crew.breaches.flooded:
                continue
            free = [f for f, s in crew.pos.items() if s is not None and s in range(1, 7)
                    and not crew.sailor(f).dead and not crew.sailor(f).busy and crew.sailor(f).free >= 2]
            free.sort(key=lambda f: ("repair" not in crew.face(f).symbols, f))
            team = free[:job.required]
            if len(team) < job.required:
                continue
            moves = {f: section for f in team if crew.pos[f] != section}
            if moves:
                self.stations(moves)
            self.order("repair", component=component, crew=job.required)

    def seal_breaches(self) -> None:
        """A hull breach: five repair sailors into the section, the repair order, the puzzle solved."""
        crew = self.g.module("crew")
        for section, breach in sorted(crew.breaches.open.items()):
            if breach.get("crewed") or breach.get("result"):
                continue
            free = [f for f, s in crew.pos.items() if s is not None and s in range(1, 7) and s != section
                    and s not in crew.breaches.flooded and not crew.sailor(f).dead and crew.sailor(f).free >= 2]
            free.sort(key=lambda f: ("repair" not in crew.face(f).symbols, f))
            here = [f for f, s in crew.pos.items() if s == section and not crew.sailor(f).dead]
            team = free[:max(0, 5 - len(here))]
            if team:
                self.stations({f: section for f in team})
            self.order("repair", breach=section)
            self.do({"do": "puzzle", "section": section, "result": "solved"})

    def dodge_aircraft(self, nm: float = 9.0) -> None:
        """Dive when an aircraft comes near; come up again half an hour after the last one has gone."""
        sea = self.g.module("sea")
        boat = self.g.module("boat")
        near = any(sea.truth(a.id, self.t).range_nm < nm for a in sea.aircraft.values())
        if near:
            self.last_aircraft = self.t
            if boat.surfaced and not self.busy:
                self.dive(40)
                self.dodging = True
        elif self.dodging and not boat.surfaced and self.t - self.last_aircraft > 1800 and not self.busy:
            self.surface(lookouts=False)
            self.dodging = False
