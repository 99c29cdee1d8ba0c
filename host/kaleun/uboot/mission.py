"""The `mission` engine module: the briefing, objectives, HQ's radio traffic, the patrol's end and
its score (rulebook §4.1-§4.3, §8; the companion app did all of this).

Any module ends the mission through `end()` (the boat lost, the crew dead): it ends once. A mission
with objectives (a mission file's `[[objective]]`) also ends itself: when its time limit runs out
(`time_limit`), or when the boat is home after a return to base (`returned`). Then:

- `won`: every primary objective is met (by the time limit, or home);
- `returned`: home with a primary objective not met (the patrol broken off, §4.2);
- `lost`: the boat or the crew lost (any time), or the time limit reached with a primary objective
  not met.

Its `mission_end` event then carries the score and grade (scoring.py), and `part_again` when a linked part
that needs its primary objective met is to be played again (`part_again()`, §4.3), and `campaign_over` when
a campaign mission's grade is below E (§4.3: the campaign ends; its feed line says so). Missions without objectives
(training, the exercises, the open patrol) end when the boat is lost, when the crew ends them (`end_exercise`:
result `ended`) or, the open patrol, home after a return to base, with just `result`, `reason` and `crew_lost`
(lost: every sailor, those still alive "lost with the boat"). However a mission ends, its track gets the point where
the boat is then (once: `_track` keeps one point a moment).

The helpers live in `kaleun.uboot.missions`: objectives, radio (Enigma), passage (return to base),
scoring, carry (linked missions), debrief. The catalogue of missions checks every mission file.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Mapping
from typing import Any

from kaleun.core.args import Args
from kaleun.core.engine import Handler, Module
from kaleun.core.events import Event
from kaleun.core.messages import Msg, to_json
from kaleun.uboot import data
from kaleun.uboot.missions import objectives as objs
from kaleun.uboot.missions import passage, practice, radio, scoring
from kaleun.uboot.missions.catalogue import patrol_titled, titled
from kaleun.uboot.missions.debrief import word
from kaleun.uboot.missions.hq_timing import DEFAULT_DELAY_H
from kaleun.uboot.missions.objectives import Objective, Situation
from kaleun.uboot.missions.radio import Message
from kaleun.uboot.missions.saved import LOGS, MISSION_STATE, RESULTS
from kaleun.uboot.sea import geo
from kaleun.uboot.sea.boat import TELEGRAPH_NAMES
from kaleun.uboot.sea.grid import naval_grid

RULES = data.load("mission_rules")
RADIO = RULES["radio"]
QUIET_S = float(RULES["combat"]["quiet_min"]) * 60.0
TICK_S = float(RULES["log"]["check_every_min"]) * 60.0
TRACK_S = float(RULES["log"]["track_every_min"]) * 60.0
TRACK_MOST = int(RULES["log"]["track_most"])
RESTEER_S = float(RULES["passage"]["resteer_min"]) * 60.0
ARRIVE_NM = float(RULES["passage"]["arrive_nm"])
JOIN_NM = float(RULES["encounters"]["join_nm"])
WARN_BEFORE_S = 12 * 3600.0
SIGHT_REBEARING = float(RULES["sighting"]["rebearing_deg"])
SIGHT_RERANGE = float(RULES["sighting"]["rerange_nm"])
#: events that mean the boat is in combat (return to base waits until they have stopped); a contact lost
#: counts too: the quiet time is counted from the moment the crew's picture lost the last contact
COMBAT = ("contact", "contact_report", "contact_lost", "ping", "depth_charges", "explosion", "aircraft_attack",
          "gunfire", "escort_chase", "torpedo_fired", "torpedo_hit", "ship_sunk", "gun_firing", "damage",
          "ship_damaged")
#: what interrupts the passage home
INTERRUPT = {"contact_report": Msg("a contact is reported"), "aircraft_attack": Msg("an aircraft attacks"),
             "depth_charges": Msg("depth charges"), "gunfire": Msg("gunfire"),
             "escort_chase": Msg("an escort gives chase"), "damage": Msg("the boat is hit"),
             "boat_submerged": Msg("the boat dived")}
#: crew orders that take the boat out of the passage's hands
HELM_ORDERS = ("new_course", "new_speed", "dive")


class Mission(Module):
    name = "mission"
    state_shape = MISSION_STATE
    subscribes = (*COMBAT, "sextant_fix", "salvo", "boat_surfaced", "boat_submerged", "depth_reached",
                  "order_accepted", "sailor_killed", "mines_laid", "fuel", "engines_stopped")

    def __init__(self, mission: str, spec: Mapping[str, Any] | None = None) -> None:
        self.mission = mission
        self.spec: dict[str, Any] = dict(spec or {})
        self.result: str | None = None
        self.reason: str | None = None
        self.scored = bool(self.spec.get("objective"))
        #: the kind of practice piece (missions/practice.py: training, exercise, patrol), None: a mission proper
        self.practice = practice.kind_of(self.spec)
        self.has_hq = self.scored or bool(self.spec.get("radio"))
        self.objectives: dict[str, Objective] = {}
        self.messages: list[Message] = []
        self.reports: list[dict[str, Any]] = []
        self.plans: list[dict[str, Any]] = []  # HQ signals and encounters still to come: {kind, index, at}
        self.answers_due: list[dict[str, Any]] = []
        self.answered: list[str] = []  # report kinds HQ has answered
        self.encounters: list[dict[str, Any]] = []  # placed at a position, sailing on until the boat is near
        self.next_tick: float | None = None
        self.last_tick = 0.0
        self.next_track: float | None = None
        self.next_card: float | None = None
        self.cards = 0
        self.limit_at: float | None = None
        self.warn_at: float | None = None
        self.last_combat = -1e12
        self.passage: dict[str, Any] | None = None
        self.log: dict[str, list[Any]] = {key: [] for key in LOGS}
        self.final: dict[str, Any] | None = None
        self.started_dead: list[str] = []
        self.ended_at: float | None = None
        self.end_distance: float | None = None  # the ship's log at the end (nm)

    # -- building -------------------------------------------------------------------------------
    def attach(self, engine: Any) -> None:
        super().attach(engine)
        # the Enigma order checks its fields in every mission; without HQ (the training patrol, the
        # exercises) no signal comes and no report is heard, and it is refused saying so
        from kaleun.uboot.orders import Effect

        engine.module("orders").register("enigma", Effect(radio.parse_enigma, self._check_enigma, self._enigma,
                                                          radio.describe_enigma))

    def begin(self) -> None:
        """The mission starts (called once by `new_game`, after `mission_start`): set-up choices, what
        carries over from the last part of a linked patrol, the briefing, the Captain's hand."""
        engine = self.engine
        now = engine.t
        setup = self.spec
        if engine.has_module("crew") and any(k in setup for k in ("difficulty", "easy_watch_change",
                                                                   "linked_missions")):
            options: dict[str, Any] = {"do": "crew_options"}
            for key in ("difficulty", "easy_watch_change", "linked_missions"):
                if key in setup:
                    options[key] = setup[key]
            engine.module("crew").commands()["crew_options"](Args(options))
        if "fuel_t" in setup and engine.has_module("boat"):  # the boat came a long way out (a carry-over overrides)
            engine.module("boat").set_fuel(float(setup["fuel_t"]))
        if "carry" in setup:
            from kaleun.uboot.missions.carry import apply_carry

            self.started_dead = apply_carry(engine, setup["carry"])
        self.next_track = now
        self.next_tick = now + TICK_S  # places, contacts, the passage home
        self.last_tick = now
        if not self.has_hq:
            self._tell_new_campaign()
            return
        fame = scoring.FAME
        for table in setup.get("objective", []):
            obj = objs.build(table, True, int(fame["primary"] if table.get("primary", True) else fame["secondary"]))
            self.objectives[obj.id] = obj
        for i, table in enumerate(setup.get("radio", [])):
            if "objective" in table:
                obj = objs.build(table["objective"], False, int(fame["secondary"]))
                self.objectives[obj.id] = obj
            if "at_h" in table:
                self.plans.append({"kind": "radio", "index": i, "at": now + self._draw_h(table["at_h"])})
        for i, table in enumerate(setup.get("encounter", [])):
            if "at_h" in table:
                self.plans.append({"kind": "encounter", "index": i, "at": now + self._draw_h(table["at_h"])})
        self.plans.sort(key=lambda p: (p["at"], p["kind"], p["index"]))
        if "time_limit_h" in setup:
            self.limit_at = now + float(setup["time_limit_h"]) * 3600.0
            if float(setup["time_limit_h"]) * 3600.0 > 2 * WARN_BEFORE_S:
                self.warn_at = self.limit_at - WARN_BEFORE_S
        cards = setup.get("event_cards", RULES["event_cards"]["every_h"] if self.scored else False)
        if cards is not False:
            self.next_card = now + self._draw_h(cards)
        self._briefing()
        self._tell_new_campaign()

    def _tell_new_campaign(self) -> None:
        """A new campaign takes the place of one that had ended (§4.3: a grade below E, or every mission done) or
        that the group gave up (its first mission named while it ran further on): the table is told, with what the
        last one came to (its missions stay in the career record)."""
        last = (self.spec.get("setup") or {}).get("last_campaign")
        if not last:
            return
        state = {"failed": Msg("ended with a grade below E"), "given_up": Msg("was given up")}.get(
            last["state"], Msg("was complete"))
        self.emit("campaign_begins", feed=Msg.plural(
            "A new campaign begins with {mission}. The last one {state} after {n} mission (grades {grades}, score "
            "{score:,}); the career record keeps its missions (Career record on the set-up, or kaleun career).",
            "A new campaign begins with {mission}. The last one {state} after {n} missions (grades {grades}, score "
            "{score:,}); the career record keeps its missions (Career record on the set-up, or kaleun career).",
            n=int(last["missions"]), mission=titled(self.mission),
            state=state,
            grades=" ".join(last["grades"]) or "-", score=int(last["score"])),
            mission=self.mission, last={"state": last["state"], "grades": list(last["grades"]), "score": last["score"]})

    def _draw_h(self, window: Any) -> float:
        if isinstance(window, list):
            return self.rng.uniform(float(window[0]), float(window[1])) * 3600.0
        return float(window) * 3600.0

    def _briefing(self) -> None:
        spec = self.spec
        # the briefing's objectives: every [[objective]] of the mission, a secondary one (`primary = false`) too;
        # HQ's come with their signals
        briefed = {str(t.get("id")) for t in spec.get("objective", [])}
        given = [o for o in self.objectives.values() if o.primary or o.id in briefed]
        for obj in given:
            obj.state, obj.given_at = "given", self.engine.t
        base = passage.base(spec["base"]).name if "base" in spec else None
        text = spec.get("briefing")
        feed = Msg("Briefing: {text}", text=Msg.term(text)) if text else Msg("Briefing: {name}.",
                                                                             name=Msg.term(spec.get("name", "")))
        self.emit("briefing", feed=feed, mission=self.mission, name=spec.get("name"), start=self.engine.now_iso,
                  base=base, square=spec.get("square"), text=text, time_limit_h=spec.get("time_limit_h"),
                  objectives=[o.view() for o in given], par=self.par())
        for obj in given:
            self._give(obj)
        if self.scored and self.engine.has_module("crew"):
            crew = self.engine.module("crew")
            cards = int(crew.level("captain")["captain_hand"])
            # §6.8/§7.2: the app says before the game how many fields the command bar moves back at each watch change
            fields = int(crew.level("captain")["command_recovery"])
            hand = Msg.plural("Captain: deal yourself {n} Captain card ({level} difficulty).",
                              "Captain: deal yourself {n} Captain cards ({level} difficulty).", n=cards,
                              level=Msg.term(crew.difficulty["captain"]))
            recovery = Msg.plural("At each watch change the command bar moves {n} field back, never past VIII.",
                                  "At each watch change the command bar moves {n} fields back, never past VIII.",
                                  n=fields)
            self.emit("captain_hand", feed=Msg("{hand} {recovery}", hand=hand, recovery=recovery), cards=cards,
                      difficulty=crew.difficulty["captain"], command_recovery=fields)

    # -- reading ----------------------------------------------------------------------------------
    @property
    def over(self) -> bool:
        return self.result is not None

    def par(self) -> int:
        """The mission's par: the fame of the objectives the crew was given (see `given_to_crew`) plus
        the `par_grt`'s fame."""
        given = [o.fame for o in self.objectives.values() if self.given_to_crew(o)]
        return scoring.par(given, int(self.spec.get("par_grt", 0)))

    def given_to_crew(self, obj: Objective) -> bool:
        """Is `obj` part of the mission? The briefing's objectives once briefed, HQ's once its signal is
        received (decoded or not: an undecoded signal's objective counts, unmet). A secondary objective
        HQ never sent, or sent to a boat that never received it, is not part of the mission: neither
        the score, the par nor the debrief count it."""
        if obj.state != "pending":
            return True
        if obj.message is None:
            return False
        return any(m.id == obj.message and m.received_at is not None for m in self.messages)

    def in_combat(self, now: float | None = None) -> Msg | None:
        """Why the boat is in combat now (None: it is not): a contact, or an attack not long ago."""
        now = self.engine.t if now is None else now
        if self.engine.has_module("sea"):
            active = self.engine.module("sea").picture.active()
            if active:  # how long it takes: the quiet time counts from the last contact report
                ids = ", ".join(c["id"] for c in active[:3])
                return Msg.plural("contact {ids} is still plotted; {need} once it is lost",
                                  "contacts {ids} are still plotted; {need} once they are lost",
                                  n=len(active), ids=ids, need=self._quiet_needed())
        quiet = now - self.last_combat
        if quiet < QUIET_S:  # how long until the boat may head home, in whole minutes still to wait
            left = max(1, math.ceil((QUIET_S - quiet) / 60.0 - 1e-6))
            return Msg.plural("the last contact or attack was {n} minute ago; {need}",
                              "the last contact or attack was {n} minutes ago; {need}", n=int(quiet // 60),
                              need=Msg.plural("{need}: {n} minute to go", "{need}: {n} minutes to go", n=left,
                                              need=self._quiet_needed()))
        return None

    @staticmethod
    def _quiet_needed() -> Msg:
        return Msg.plural("{n} minute of quiet is needed", "{n} minutes of quiet are needed", n=int(QUIET_S // 60))

    def _boat(self) -> Any:
        return self.engine.module("boat")

    # -- time -------------------------------------------------------------------------------------
    def next_wake(self) -> float | None:
        if self.over:
            return None
        times = [t for t in (self.next_tick, self.next_track, self.next_card, self.limit_at, self.warn_at)
                 if t is not None]
        if self.plans:
            times.append(self.plans[0]["at"])
        if self.answers_due:
            times.append(self.answers_due[0]["at"])
        return min(times) if times else None

    def wake(self, now: float) -> None:
        if self.next_track is not None and now >= self.next_track - 1e-6:
            self._track(now)
            self.next_track = now + TRACK_S
        if self.limit_at is not None and now >= self.limit_at - 1e-6:
            self._tick(now)
            self.finish("time_limit")
            return
        if self.warn_at is not None and now >= self.warn_at - 1e-6:
            self.warn_at = None
            self.emit("patrol_time", feed=Msg("Twelve hours of patrol time are left."), left_h=12)
        while self.plans and self.plans[0]["at"] <= now + 1e-6:
            plan = self.plans.pop(0)
            if plan["kind"] == "radio":
                self._hq_signal(plan["index"], now)
            else:
                self._encounter(plan["index"], now)
        while self.answers_due and self.answers_due[0]["at"] <= now + 1e-6:
            self._answer(self.answers_due.pop(0), now)
        if self.next_card is not None and now >= self.next_card - 1e-6:
            self._event_card(now)
        if self.next_tick is not None and now >= self.next_tick - 1e-6:
            self._tick(now)
            self.next_tick = now + TICK_S

    def _tick(self, now: float) -> None:
        dt = max(0.0, now - self.last_tick)
        self.last_tick = now
        self._deliver(now)
        self._join_encounters(now)
        if self.passage is not None:
            self._steer_home(now)
            if self.over:
                return
        else:
            self._resumable()
        situation = self._situation(now, dt)
        for obj in list(self.objectives.values()):
            if not obj.active:
                continue
            if obj.kind == "rendezvous" and "sighted" in obj.spec:
                self._look_out(obj, situation)
            if obj.kind in ("reach", "station", "shadow", "rendezvous") and objs.advance(obj, situation):
                self._meet(obj)
            elif obj.deadline is not None and now > obj.deadline + 1e-6:
                self._fail(obj, Msg("the time ran out"))

    def _situation(self, now: float, dt: float) -> Situation:
        boat = self._boat()
        lat, lon = boat.position_at(now)
        weather = self.engine.module("weather") if self.engine.has_module("weather") else None
        crew = self.engine.module("crew") if self.engine.has_module("crew") else None
        return Situation(t=now, dt=dt, lat=lat, lon=lon, surfaced=bool(boat.surfaced),
                         speed_kn=abs(boat.speed_at(now)), phase=weather.phase if weather else "day",
                         convoy_contact=self._convoy_contact(now),
                         light=weather.light_factor if weather else 1.0,
                         visibility_nm=weather.visibility_nm if weather else 15.0,
                         lookouts=crew.lookouts() if crew is not None else 0)

    def _look_out(self, obj: Objective, now: Situation) -> None:
        """The lookouts' reports of a rendezvous's mark (a dinghy, a coast): when it comes into sight, when
        its bearing or range has moved (mission_rules.toml [sighting]), and when it is lost."""
        since = obj.memo.get("look_from")
        seen = objs.mark_in_sight(obj, now, (float(since[0]), float(since[1])) if since else None)
        obj.memo["look_from"] = [round(now.lat, 6), round(now.lon, 6)]
        what = Msg.term(str(obj.spec["sighted"]["what"]))
        last = obj.memo.get("seen")
        if seen is None:
            if last is not None:
                obj.memo.pop("seen")
                self.emit("mark_lost", feed=Msg("Lookouts: {what} is out of sight.", what=what), objective=obj.id)
            return
        bearing, range_nm = round(seen[0]) % 360, round(seen[1] * 10) / 10
        if last is not None and abs(range_nm - float(last[1])) < SIGHT_RERANGE \
                and (float(last[1]) < 1.0 or abs(geo.norm180(bearing - float(last[0]))) < SIGHT_REBEARING):
            return  # close aboard (under a mile) a bearing that swings says nothing new
        obj.memo["seen"] = [bearing, range_nm]
        self.emit("mark_sighted", feed=Msg("Lookouts: {what} in sight, bearing {bearing:03d}, {range:.1f} nm.",
                                           what=what, bearing=bearing, range=range_nm),
                  objective=obj.id, what=str(obj.spec["sighted"]["what"]), bearing=bearing, range_nm=range_nm)

    def _convoy_contact(self, now: float) -> bool:
        """The crew's picture holds a convoy ship seen in the last half hour (shadowing)."""
        if not self.engine.has_module("sea"):
            return False
        sea = self.engine.module("sea")
        for c in sea.picture.active():
            v = sea.vessels.get(c["entity"])
            if v is not None and v.group is not None and now - float(c["t"]) <= 1800.0:
                return True
        return False

    def _track(self, now: float) -> None:
        boat = self._boat()
        lat, lon = boat.position_at(now)
        if self.engine.has_module("navigation"):
            dlat, dlon = self.engine.module("navigation").dr_position(now)
        else:
            dlat, dlon = lat, lon
        track = self.log["track"]
        point = [round(now, 1), round(lat, 4), round(lon, 4), round(dlat, 4), round(dlon, 4)]
        if track and track[-1][0] == point[0]:  # a point at this time already (the half-hourly one, then the end)
            track[-1] = point
            return
        track.append(point)
        if len(track) > TRACK_MOST:  # a mission without end: every other point goes, the first and newest stay
            track[:] = track[:-1:2] + track[-1:]

    # -- objectives -------------------------------------------------------------------------------
    def _give(self, obj: Objective) -> None:
        now = self.engine.t
        obj.state, obj.given_at = "given", now
        if obj.kind == "sink" or obj.kind == "grt":
            obj.progress = 0.0
        what = (Msg("Primary objective: {text}", text=obj.text_msg()) if obj.primary
                else Msg("Secondary objective: {text}", text=obj.text_msg()))
        self.emit("objective", feed=what, objective=obj.id, state="given", primary=obj.primary, kind=obj.kind,
                  text=obj.text, fame=obj.fame, progress=obj.progress, target=obj.target)
        if obj.deadline is not None and now > obj.deadline:
            self._fail(obj, Msg("it came too late"))

    def _meet(self, obj: Objective) -> None:
        if not obj.active:
            return
        now = self.engine.t
        obj.state, obj.done_at = "met", now
        obj.progress = max(obj.progress, obj.target)
        primaries = [o for o in self.objectives.values() if o.primary]
        done = obj.primary and all(o.met for o in primaries)
        # the way home is open: told once the last primary is met, or only coming home is left; never at home
        # (the return objective met) nor on the passage home already
        home_left = obj.primary and not done and all(o.met or o.kind == "return" for o in primaries)
        heading_home = obj.kind == "return" or self.passage is not None or "base" not in self.spec
        if done and not self.spec.get("ends_when_met") and not heading_home:
            feed = Msg("Objective met: {text} Every primary objective is met: the boat may return to base.",
                       text=obj.text_msg())
        elif home_left and not heading_home:
            feed = Msg("Objective met: {text} Only the way home is left: the boat may return to base.",
                       text=obj.text_msg())
        else:
            feed = Msg("Objective met: {text}", text=obj.text_msg())
        self.emit("objective", feed=feed, objective=obj.id, state="met", primary=obj.primary, kind=obj.kind,
                  text=obj.text, fame=obj.fame, progress=round(obj.progress, 2), target=obj.target)
        if done and self.spec.get("ends_when_met"):  # the orders are carried out: no way home to make
            self.end("won", "objectives_met", Msg("Every primary objective is met: the boat's orders are carried out."))
            return
        self._follow(obj.id, now)

    def _fail(self, obj: Objective, why: Msg) -> None:
        obj.state, obj.done_at = "failed", self.engine.t
        self.emit("objective", feed=Msg("Objective failed ({why}): {text}", text=obj.text_msg(), why=why),
                  objective=obj.id, state="failed", primary=obj.primary, kind=obj.kind, text=obj.text,
                  fame=obj.fame, progress=round(obj.progress, 2), target=obj.target)

    def _follow(self, ident: str, now: float) -> None:
        """Plan the signals and encounters that come `after` this objective (met) or signal (sent by HQ)."""
        for kind in ("radio", "encounter"):
            for i, table in enumerate(self.spec.get(kind, [])):
                if table.get("after") == ident:
                    self._plan(kind, i, now + self._draw_h(table.get("delay_h", DEFAULT_DELAY_H[kind])))

    def _plan(self, kind: str, index: int, at: float) -> None:
        self.plans.append({"kind": kind, "index": index, "at": at})
        self.plans.sort(key=lambda p: (p["at"], p["kind"], p["index"]))

    def _progress(self, obj: Objective, amount: float) -> None:
        obj.progress += amount
        if obj.progress >= obj.target - 1e-9:
            self._meet(obj)
        else:
            self.emit("objective", objective=obj.id, state="progress", primary=obj.primary, kind=obj.kind,
                      text=obj.text, fame=obj.fame, progress=round(obj.progress, 2), target=obj.target)

    # -- HQ's signals -----------------------------------------------------------------------------
    def _new_message(self, text: str, kind: str, values: dict[str, Any], objective: str | None) -> Message:
        message = Message(id=f"m{len(self.messages) + 1}", text=text, sent_at=self.engine.t, kind=kind,
                          values=values, objective=objective)
        self.messages.append(message)
        if objective is not None:
            self.objectives[objective].message = message.id
        self._deliver(self.engine.t)
        return message

    def _hq_signal(self, index: int, now: float) -> None:
        table = self.spec["radio"][index]
        values: dict[str, Any] = {}
        if "encounter" in table:
            values = self._encounter_values(str(table["encounter"]), now)
        objective = table["objective"]["id"] if "objective" in table else None
        self._new_message(str(table["text"]), "order", values, objective)
        if "id" in table:  # what comes `after` this signal
            self._follow(str(table["id"]), now)

    def can_receive(self) -> bool:
        boat = self._boat()
        if boat.lost:
            return False
        if self.engine.has_module("technical") and self.engine.module("technical").disabled("radio"):
            return False
        return bool(boat.surfaced) or boat.depth_at(self.engine.t) <= float(RADIO["receive_max_depth_m"]) + 1e-6

    def _deliver(self, now: float) -> None:
        waiting = [m for m in self.messages if m.received_at is None]
        if not waiting or not self.can_receive():
            return
        for message in waiting:
            message.received_at = now
            self.emit("radio_message", feed=Msg("Radio: a coded signal from HQ ({id}). Decode it with the Enigma.",
                                                id=message.id),
                      message=message.id, state="received", coded=True, kind=message.kind,
                      objective=message.objective, sent_at=round(message.sent_at, 3))

    # the Enigma order
    def _check_enigma(self, params: dict[str, Any]) -> Msg | None:
        coded = [m for m in self.messages if m.state == "coded"]
        decode = params["decode"]
        if decode is not None:
            for ident in decode:
                found = next((m for m in self.messages if m.id == ident), None)
                if found is None or found.state == "on_air":
                    return Msg("no signal {id} has been received", id=ident)
                if found.state == "decoded":
                    return Msg("signal {id} is already decoded", id=ident)
        else:
            wanted = params["messages"] - (1 if params["report"] else 0)
            if wanted > 0 and not coded:
                return Msg("no coded signal is waiting")
            if wanted > len(coded):
                return Msg.plural("only {n} coded signal is waiting", "only {n} coded signals are waiting",
                                  n=len(coded))
        report = params["report"]
        if report is not None and not self.has_hq:
            return practice.no_hq(self.practice)
        if report is not None:
            boat = self._boat()
            if boat.lost:
                return Msg("the boat is lost")
            if RADIO["send_surfaced"] and not boat.surfaced:
                return Msg("reports are sent on the surface: the aerial is on the bridge")
            if report in ("convoy", "contact"):
                contact = self._report_contact(params["contact"])
                if isinstance(contact, Msg):
                    return contact
        return None

    def _report_contact(self, cid: str | None) -> dict[str, Any] | Msg:
        """The ship contact a report names (by default the nearest), or why there is none."""
        sea = self.engine.module("sea")
        if cid is not None:
            contact = sea.picture.get(cid)
            if contact is None:
                return Msg("there is no contact {id}", id=cid)
            if contact["lost"]:
                return Msg("contact {id} is lost", id=cid)
            if contact["kind"] != "ship":
                return Msg("{id} is an aircraft, not a ship", id=cid)
            return dict(contact)
        ships = [c for c in sea.picture.active() if c["kind"] == "ship"]
        if not ships:
            return Msg("there is no ship in contact to report")
        return dict(min(ships, key=lambda c: (c["range_nm"], c["id"])))

    def _enigma(self, params: dict[str, Any]) -> None:
        now = self.engine.t
        coded = [m for m in self.messages if m.state == "coded"]
        if params["decode"] is not None:
            todo = [m for m in self.messages if m.id in params["decode"]]
        else:
            todo = coded[:params["messages"] - (1 if params["report"] else 0)]
        for message in todo:
            message.decoded_at = now
            self.emit("radio_message", feed=Msg("HQ ({id}): {text}", id=message.id, text=message.text_msg()),
                      message=message.id, state="decoded", coded=False, kind=message.kind,
                      text=str(message.text_msg()), objective=message.objective)
            if message.objective is not None:
                obj = self.objectives[message.objective]
                if obj.state == "pending":
                    self._give(obj)
        if params["report"] is not None:
            self._send_report(params["report"], params["contact"], now)

    def _send_report(self, report: str, cid: str | None, now: float) -> None:
        nav = self.engine.module("navigation") if self.engine.has_module("navigation") else None
        square = nav.dr_square() if nav is not None else None
        entry: dict[str, Any] = {"id": f"r{len(self.reports) + 1}", "report": report, "t": round(now, 3),
                                 "square": square}
        convoy = False
        if report in ("convoy", "contact"):
            contact = self._report_contact(cid)
            assert not isinstance(contact, Msg)
            sea = self.engine.module("sea")
            vessel = sea.vessels.get(contact["entity"])
            convoy = vessel is not None and vessel.group is not None
            entry.update(contact=contact["id"], course=contact.get("course"), speed_kn=contact.get("speed_kn"),
                         convoy=convoy)
        elif report == "weather" and self.engine.has_module("weather"):
            weather = self.engine.module("weather")
            entry.update(weather=weather.kind, sea_state=weather.sea_state)
        self.reports.append(entry)
        where = square or "?"
        feed = {"convoy": Msg("Convoy contact report sent to HQ: {contact} in {square}.",
                              contact=entry.get("contact"), square=where),
                "contact": Msg("Contact report sent to HQ: {contact} in {square}.", contact=entry.get("contact"),
                               square=where),
                "weather": Msg("Weather report sent to HQ from {square}.", square=where),
                "position": Msg("Position report sent to HQ: square {square}.", square=where)}[report]
        lat, lon = self._boat().position_at(now)
        counted = report if not (report == "convoy" and not convoy) else "contact"
        # an objective asking for this kind of report that it does not count for: the table is told why, not left
        # to find "0 of 3 reports" later (the first such objective; the others say the same or nothing)
        for obj in self.objectives.values():
            if not (obj.active and obj.kind == "report" and obj.spec.get("report") == report):
                continue
            area = obj.area
            reckoned = nav is not None and area is not None and area.contains(*nav.dr_position(now))
            why = (Msg("the ship reported does not sail in a convoy") if counted != report
                   else objs.why_not_counted(obj, now, area is None or area.contains(lat, lon), reckoned))
            if why is not None:
                feed = Msg("{sent} It does not count for the objective \"{objective}\": {why}.", sent=feed,
                           objective=obj.text_msg(), why=why)
            break
        self.emit("radio_message", feed=feed, message=entry["id"], state="sent", coded=False, kind="report",
                  report=report, square=square, contact=entry.get("contact"))
        for obj in list(self.objectives.values()):
            if obj.active and obj.kind == "report":
                area = obj.area
                if objs.report_counts(obj, counted, now, area is None or area.contains(lat, lon)):
                    obj.memo["last"] = now
                    self._progress(obj, 1.0)
        self._plan_answer(counted, square)

    def _plan_answer(self, report: str, square: str | None) -> None:
        if report in self.answered:
            return
        answers = self.spec.get("answers", {}).get(report) or RULES.get("answers", {}).get(report)
        if not answers:
            return
        self.answered.append(report)
        keys = list(range(len(answers)))
        pick = self.rng.choices(keys, weights=[float(a.get("weight", 1)) for a in answers])[0]
        delay = self.rng.uniform(*(float(x) for x in RADIO["answer_delay_min"])) * 60.0
        fewest, most = (int(x) for x in RADIO["answer_boats"])
        boats = self.rng.randint(fewest, most)
        self.answers_due.append({"at": self.engine.t + delay, "report": report, "index": pick,
                                 "values": {"square": square or "?", "boats": boats}})
        self.answers_due.sort(key=lambda a: a["at"])

    def _answer(self, due: Mapping[str, Any], now: float) -> None:
        answers = self.spec.get("answers", {}).get(due["report"]) or RULES["answers"][due["report"]]
        answer = answers[int(due["index"])]
        objective = None
        if "objective" in answer:
            obj = objs.build(answer["objective"], False, int(scoring.FAME["secondary"]))
            if obj.id not in self.objectives:
                self.objectives[obj.id] = obj
                objective = obj.id
        self._new_message(str(answer["text"]), "answer", dict(due["values"]), objective)

    # -- the enemy HQ sends the boat to -------------------------------------------------------------
    def _encounter(self, index: int, now: float) -> None:
        table = self.spec["encounter"][index]
        kind = next(k for k in ("convoy", "vessel", "aircraft") if k in table)
        ident = str(table.get("id", f"e{index + 1}"))
        if "square" in table or "point" in table:
            lat, lon = (naval_grid().centre(table["square"]) if "square" in table
                        else (float(table["point"][0]), float(table["point"][1])))
            spec = dict(table[kind])
            origin = geo.destination(lat, lon, float(spec.get("bearing", 0)), float(spec.get("range_nm", 0)))
            speed = float(spec.get("speed_kn", _convoy_speed(spec) if kind == "convoy" else 8.0))
            self.encounters.append({"id": ident, "index": index, "kind": kind, "origin": list(origin), "t0": now,
                                    "course": float(spec.get("course", 90.0)), "speed": speed, "joined": False})
            self._join_encounters(now)
            return
        self._spawn(ident, kind, dict(table[kind]), None, now)

    def _encounter_values(self, ident: str, now: float) -> dict[str, Any]:
        """What an HQ signal says of an encounter placed at a position: its square, course and speed now."""
        for enc in self.encounters:
            if enc["id"] == ident:
                lat, lon = self._encounter_at(enc, now)
                # a course in three figures, as every course the crew reads ("course 080")
                return {"square": naval_grid().name_at(lat, lon) or "?", "course": f"{round(enc['course']) % 360:03d}",
                        "speed": round(enc["speed"], 1)}
        return {"square": "?", "course": "?", "speed": "?"}

    @staticmethod
    def _encounter_at(enc: Mapping[str, Any], now: float) -> tuple[float, float]:
        lat, lon = enc["origin"]
        return geo.destination(lat, lon, enc["course"], enc["speed"] * (now - float(enc["t0"])) / 3600.0)

    def _join_encounters(self, now: float) -> None:
        if not self.encounters:
            return
        blat, blon = self._boat().position_at(now)
        for enc in self.encounters:
            if enc["joined"]:
                continue
            lat, lon = self._encounter_at(enc, now)
            if math.hypot(*geo.offset(blat, blon, lat, lon)) <= JOIN_NM:
                enc["joined"] = True
                spec = dict(self.spec["encounter"][enc["index"]][enc["kind"]])
                spec.update(bearing=0.0, range_nm=0.0, course=enc["course"])
                self._spawn(enc["id"], enc["kind"], spec, (lat, lon), now)

    def _spawn(self, ident: str, kind: str, spec: dict[str, Any], at: tuple[float, float] | None,
               now: float) -> None:
        from kaleun.uboot.sea import scenario

        if not self.engine.has_module("sea"):
            return
        sea = self.engine.module("sea")
        if sea.stopped:
            return
        lat, lon = at if at is not None else self._boat().position_at(now)
        if kind == "convoy":
            entity = scenario.add_convoy(sea, spec, lat, lon, now).id
        elif kind == "vessel":
            entity = scenario.add_vessel(sea, spec, lat, lon, now).id
        else:
            entity = scenario.add_aircraft(sea, spec, lat, lon, now).id
        self.emit("encounter", encounter=ident, kind=kind, entity=entity)

    # -- event cards --------------------------------------------------------------------------------
    def _event_card(self, now: float) -> None:
        if self.in_combat(now) is not None:
            self.next_card = now + 1800.0  # not in the middle of a fight
            return
        self.cards += 1
        self.emit("event_card", feed=Msg("First Officer: draw the top event card and carry it out."),
                  number=self.cards)
        cards = self.spec.get("event_cards", RULES["event_cards"]["every_h"])
        self.next_card = now + self._draw_h(cards)

    # -- what happens elsewhere ---------------------------------------------------------------------
    def on_event(self, event: Event) -> None:
        if self.over:
            return
        name, d = event.name, event.data
        now = self.engine.t
        if name in COMBAT and not (name == "ping" and not d.get("echo")):
            self.last_combat = now
        if self.passage is not None and name in INTERRUPT:
            self.interrupt(INTERRUPT[name], by_the_sea=True)
        elif self.passage is not None and name == "fuel" and d.get("level") == "empty":
            self.interrupt(Msg("the fuel is spent"))  # the diesels stop: the boat lies stopped, not on its way
        elif self.passage is not None and name == "engines_stopped":  # the diesels out of action: the same
            reason = d.get("reason")
            self.interrupt(reason if isinstance(reason, Msg) else Msg("the diesels are out of action"))
        if name == "ship_sunk":
            self._sunk(d, now)
        elif name == "sextant_fix":
            lat, lon = self._boat().position_at(now)
            self.log["fixes"].append({"t": round(now, 1), "lat": d.get("lat"), "lon": d.get("lon"),
                                      "square": d.get("square"), "true": [round(lat, 4), round(lon, 4)]})
            self._track(now)
        elif name in ("salvo", "gun_firing"):
            lat, lon = self._boat().position_at(now)
            attack = {"t": round(now, 1), "lat": round(lat, 4), "lon": round(lon, 4),
                      "kind": "torpedoes" if name == "salvo" else str(d.get("gun")),
                      "target": d.get("target"), "class_name": self._known_class(d.get("target"))}
            aimed = self._aimed() if name == "salvo" and d.get("target") is None else None
            if aimed is not None:
                attack["aimed"] = aimed
            self.log["attacks"].append(attack)
        elif name == "sailor_killed":
            self.log["deaths"].append({"t": round(now, 1), "sailor": d.get("sailor"), "figure": d.get("figure"),
                                       "cause": to_json(d.get("cause"))})  # kept to be read in any language
        elif name in ("boat_surfaced", "depth_reached"):
            self._deliver(now)
        elif name == "mines_laid":
            self._mines_laid(d, now)
        elif name == "order_accepted" and self.passage is not None and d.get("order") in HELM_ORDERS:
            self.interrupt(Msg("the crew took the helm"))

    def _aimed(self) -> str | None:
        """How the TDC's solution of a salvo at no contact was made: "disc" (the attack disc) or "manual"."""
        if not self.engine.has_module("weapons"):
            return None
        tdc = self.engine.module("weapons").fire_control.tdc
        source = tdc.get("source") if tdc else None
        return source if source in ("disc", "manual") else None

    def _known_class(self, target: Any) -> str | None:
        """The class of the contact an attack was aimed at as the crew knew it then (None: not identified)."""
        if target is None or not self.engine.has_module("sea"):
            return None
        contact = self.engine.module("sea").picture.get(str(target))
        return str(contact["name"]) if contact is not None and contact.get("identified") and contact.get("name") \
            else None

    def _mines_laid(self, d: Mapping[str, Any], now: float) -> None:
        """A field laid (the weapons' `mines_laid`): logged where it truly lies, and counted for `mines`
        objectives by the mines inside their areas."""
        if not self.engine.has_module("sea"):
            return
        mines = self.engine.module("sea").minefield.of_field(str(d.get("field")))
        if not mines:
            return
        lat = sum(float(m["lat"]) for m in mines) / len(mines)
        lon = sum(float(m["lon"]) for m in mines) / len(mines)
        self.log["mines"].append({"t": round(now, 1), "field": d.get("field"), "type": d.get("type"),
                                  "count": len(mines), "lat": round(lat, 4), "lon": round(lon, 4),
                                  "water_m": d.get("water_m")})
        for obj in list(self.objectives.values()):
            if obj.active and obj.kind == "mines":
                counted = objs.mines_counting(obj, mines)
                if counted:
                    self._progress(obj, float(counted))

    def _sunk(self, d: Mapping[str, Any], now: float) -> None:
        sea = self.engine.module("sea") if self.engine.has_module("sea") else None
        vessel = sea.vessels.get(d.get("vessel")) if sea is not None else None
        convoy = vessel is not None and vessel.group is not None
        if sea is not None and vessel is not None:
            lat, lon = sea.vpos(vessel, now)
        else:
            lat, lon = self._boat().position_at(now)
        name = vessel.cls.name if vessel is not None else str(d.get("class"))
        entry = {"t": round(now, 1), "ship": d.get("ship"), "class": d.get("class"), "class_name": name,
                 "type": d.get("type"), "grt": int(d.get("grt") or 0), "cause": d.get("cause"), "convoy": convoy,
                 "lat": round(lat, 4), "lon": round(lon, 4)}
        self.log["sunk"].append(entry)
        for obj in list(self.objectives.values()):
            if not obj.active:
                continue
            if obj.kind == "sink" and objs.sinking_counts(obj, entry):
                self._progress(obj, 1.0)
            elif obj.kind == "grt" and objs.tonnage_counts(obj, entry):
                self._progress(obj, float(entry["grt"]))

    # -- return to base ---------------------------------------------------------------------------
    def commands(self) -> Mapping[str, Handler]:
        return {"return_to_base": self._return_command, "end_exercise": self._end_exercise_command}

    def _end_exercise_command(self, args: Args) -> None:
        """The crew ends a practice piece (no objectives: else it ends only with the boat, or at home after a return
        to base): the debrief follows as after any other end, with no grade and nothing booked. Its line says the
        piece as its file names it (missions/practice.py: the training patrol, the exercise, the patrol)."""
        args.finish()
        reason = self.why_not_end_exercise()
        if reason is not None:
            self.emit("action_refused", feed=practice.end_refused(self.practice, reason), action="end_exercise",
                      reason=reason)
            return
        self.end("ended", "exercise_ended", practice.ended(self.practice))

    def why_not_end_exercise(self) -> Msg | None:
        """Why the crew cannot end the game now (None: it can): only a practice piece, and only once."""
        if self.over:
            return Msg("the mission is over")
        if self.scored:
            return Msg("a mission with objectives ends by its time limit, the return to base or the loss of the boat")
        return None

    def _return_command(self, args: Args) -> None:
        args.finish()
        reason = self.why_not_return()
        if reason is not None:
            self.emit("action_refused", feed=Msg("Return to base refused: {reason}.", reason=reason),
                      action="return_to_base", reason=reason)
            return
        self.return_to_base()

    def why_not_return(self) -> Msg | None:
        """Why the crew cannot head home now (None: it can). Rulebook §4.2: only out of combat."""
        if self.over:
            return Msg("the mission is over")
        if "base" not in self.spec:
            return Msg("this mission has no base to return to")
        if self.passage is not None:
            return Msg("the boat is already on its way home")
        boat = self._boat()
        if boat.lost:
            return Msg("the boat is lost")
        combat = self.in_combat()
        if combat is not None:
            return Msg("the boat is in combat: {why}", why=combat)
        if not boat.surfaced:
            return Msg("the passage home runs on the diesels: surface first")
        if self.engine.has_module("technical") and self.engine.module("technical").disabled("diesels"):
            return Msg("the diesels are out of action")
        if boat.dry:
            return Msg("the fuel is spent")
        if not self._has_sailed():
            home = passage.base(self.spec["base"])
            return Msg("the boat has not left {base} yet: the patrol has not begun", base=Msg.term(home.name))
        return None

    def _has_sailed(self) -> bool:
        """Whether the boat has been out of its base's approaches (beyond `arrive_nm` of the approach point) at
        some time in this mission: a return to base from the quay would end the patrol before it began."""
        home = passage.base(self.spec["base"])
        # where the boat is now, then its track from the start (the sheet asks each frame: out at the first point
        # beyond, not the whole track read)
        points = itertools.chain([self._boat().position_at(self.engine.t)], ((p[1], p[2]) for p in self.log["track"]))
        return any(math.hypot(*geo.offset(float(a), float(b), *home.arrival)) > ARRIVE_NM for a, b in points)

    def way_home(self, route: list[tuple[float, float]] | None = None
                 ) -> tuple[passage.Base, list[tuple[float, float]], float, float, float]:
        """The passage home from where the boat is now (the mission must have a base): the base, the route, its
        length (nm), the hours it takes at full ahead surfaced (as the diesels run now: degraded, they give less)
        and the first course. `route`: the waypoints to sail by (default: the shortest route from here,
        `passage.route`)."""
        home = passage.base(self.spec["base"])
        lat, lon = self._boat().position_at(self.engine.t)
        route = passage.route(home, lat, lon) if route is None else route
        distance = passage.distance(lat, lon, route)
        course = geo.rhumb(lat, lon, *route[0])[0]
        speed = self._boat().passage_kn()
        return home, route, distance, (distance / speed if speed > 0 else 0.0), course

    def late_home(self, hours: float) -> tuple[Msg, int] | None:
        """What it means that a passage home of `hours` set off now ends after the time limit (the line said
        after a return to base, and warned of before it), with the whole hours left; None: home in time, or it
        does not matter (every primary objective met, no linked part to go on to)."""
        now = self.engine.t
        if self.limit_at is None or now + hours * 3600.0 <= self.limit_at:
            return None
        open_primary = any(o.primary and not o.met for o in self.objectives.values())
        following = self._part_after()
        left = max(0, round((self.limit_at - now) / 3600.0))
        if following is not None and self._sails_on(not open_primary):
            # a linked part's time-out hands the boat, wherever it is, to the next part: it never gets home (§5.2)
            said = Msg.plural("This part's time is up in {n} hour, before the boat is home: HQ then sends it on to "
                              "{next}, as it is, and the linked patrol goes on.",
                              "This part's time is up in {n} hours, before the boat is home: HQ then sends it on to "
                              "{next}, as it is, and the linked patrol goes on.", n=left, next=titled(following))
            if open_primary:  # a time-out with a primary objective open is a loss (`finish`), the patrol going on
                said = Msg("{said} This part is lost then unless its primary objectives are met.", said=said)
            return said, left
        if open_primary:
            # the time limit comes first, and a time-out with a primary objective open is a loss (`finish`)
            return Msg.plural(
                "The patrol's time is up in {n} hour, before the boat is home: the mission is lost then unless its "
                "primary objectives are met.",
                "The patrol's time is up in {n} hours, before the boat is home: the mission is lost then unless its "
                "primary objectives are met.", n=left), left
        return None

    def short_of_fuel(self, hours: float) -> Msg | None:
        """The warning that the fuel left does not last a passage home of `hours` at full ahead (the transit speed)
        and about how far short of the base the diesels stop; None: it lasts. The need counts what the diesels
        burn charging the battery on the way, until it is full, as the passage does."""
        boat = self._boat()
        left = boat.fuel_at(self.engine.t)
        need = boat.fuel_for(hours)
        if need <= left:
            return None
        short = max(0.0, hours - boat.fuel_lasts()) * boat.passage_kn()
        return Msg("Warning: the fuel left ({left} t) does not last the passage home at full ahead ({need} t): the "
                   "diesels stop about {short} nm short of the base.", left=round(left, 1), need=round(need, 1),
                   short=max(1, round(short)))

    def return_to_base(self) -> None:
        """Set off home (checked by `why_not_return`): full ahead in transit along the route."""
        now = self.engine.t
        home, route, distance, hours, course = self.way_home()
        self.passage = {"base": home.id, "route": [list(p) for p in route], "started": now, "next_steer": now}
        self.log["passages"].append({"t": round(now, 1), "event": "start"})
        self.emit("return_to_base", feed=Msg.plural("Return to base: course {course:03d} for {base}, {distance}, "
                                                    "about {n} hour at full ahead.",
                                                    "Return to base: course {course:03d} for {base}, {distance}, "
                                                    "about {n} hours at full ahead.", course=round(course) % 360,
                                                    base=Msg.term(home.name), n=round(hours),
                                                    distance=Msg.plural("{n:,} nm", "{n:,} nm", n=round(distance))),
                  base=home.id, distance_nm=round(distance, 1), eta_h=round(hours, 1), course=round(course) % 360)
        late = self.late_home(hours)
        if late is not None:
            self.emit("patrol_time", feed=late[0], left_h=late[1], eta_h=round(hours, 1))
        short = self.short_of_fuel(hours)
        if short is not None:
            boat = self._boat()
            self.emit("fuel_short", feed=short, fuel_t=round(boat.fuel_at(now), 1),
                      need_t=round(boat.fuel_for(hours), 1), eta_h=round(hours, 1))
        self._steer_home(now)

    def _steer_home(self, now: float) -> None:
        assert self.passage is not None
        lat, lon = self._boat().position_at(now)
        route = [tuple(p) for p in self.passage["route"]]
        home = passage.base(self.passage["base"])
        if math.hypot(*geo.offset(lat, lon, *home.arrival)) <= ARRIVE_NM:
            self.log["passages"].append({"t": round(now, 1), "event": "arrived"})
            self.finish("returned")
            return
        turned = False
        # a waypoint is passed once the boat is near it and the next leg is clear of land from here with
        # the lanes' margin (a corner is cut only where no coast lies near the way), or once the boat is
        # at it; the boat turns for the next one at once
        margin = passage.MARGIN_NM
        while len(route) > 1 and (near := math.hypot(*geo.offset(lat, lon, *route[0]))) <= ARRIVE_NM and (
                near <= margin or passage.clear(lat, lon, route[1][0], route[1][1], margin_nm=margin)):
            route.pop(0)
            turned = True
        self.passage["route"] = [list(p) for p in route]
        if not turned and now + 1e-6 < float(self.passage["next_steer"]):
            return
        self.passage["next_steer"] = now + RESTEER_S
        course = round(geo.rhumb(lat, lon, *route[0])[0]) % 360
        desk = self.engine.module("orders")
        for order, params in (("new_course", {"course": course}), ("new_speed", {"speed": "full_ahead"})):
            effect = desk.effect(order)
            if effect is not None and effect.check(params) is None:
                effect.execute(params)
        compression = self.engine.module("compression") if self.engine.has_module("compression") else None
        if compression is not None and compression.mode == "real_time":
            compression.set_mode("transit", "passage")

    def interrupt(self, why: Msg, by_the_sea: bool = False) -> None:
        """The passage home stops here (the crew may head home again once out of combat). Stopped `by_the_sea` (a
        contact, an attack, damage: not the crew's order, not the diesels stopping), the line says what the boat does
        now and what to order next, and once it is out of combat again `_resumable` says the way home is open."""
        if self.passage is None:
            return
        base = self.passage["base"]
        self.passage = None
        entry: dict[str, Any] = {"t": round(self.engine.t, 1), "event": "interrupted", "why": str(why)}
        feed = Msg("Passage home interrupted: {why}.", why=why)
        if by_the_sea:
            entry["base"] = base  # `_resumable` waits for the quiet to say the way home is open again
            boat = self._boat()
            feed = Msg("Passage home interrupted: {why}. The boat holds course {course:03d} at {speed} until the crew "
                       "orders otherwise; once it is out of combat, order the return to base again.", why=why,
                       course=round(boat.course) % 360, speed=Msg.term(TELEGRAPH_NAMES[boat.telegraph]))
        self.log["passages"].append(entry)
        self.emit("passage_interrupted", feed=feed, reason=why)

    def _resumable(self) -> None:
        """After a passage home interrupted by the sea: once the boat may head home again (out of combat, surfaced,
        diesels working), one line says so (`passage_resumable`); the crew gives the order, as it may want the boat
        elsewhere."""
        passages = self.log["passages"]
        last = passages[-1] if passages else None
        if self.passage is not None or last is None or last["event"] != "interrupted" or "base" not in last \
                or "resumable" in last or self.why_not_return() is not None:
            return
        last["resumable"] = round(self.engine.t, 1)
        home = passage.base(str(last["base"]))
        self.emit("passage_resumable", feed=Msg("The boat is out of combat: order the return to base to go on home to "
                                                "{base}.", base=Msg.term(home.name)), base=home.id)

    # -- the end ------------------------------------------------------------------------------------
    def finish(self, reason: str) -> None:
        """The mission ends by its own rules: `time_limit` or `returned` (see the module's doc)."""
        for obj in self.objectives.values():
            if obj.kind == "return" and obj.active and reason == "returned":
                self._meet(obj)
        primaries_met = self.scored and all(o.met for o in self.objectives.values() if o.primary)
        if reason == "returned":
            result = "won" if primaries_met else "returned"
            home = passage.base(self.spec["base"]).name
            feed = Msg("The boat is home in {base}.", base=Msg.term(home))
        else:
            result = "won" if primaries_met else "lost"
            feed = Msg("The patrol's time is up: HQ recalls the boat.")
            if self._sails_on(primaries_met):  # the boat stays at sea for the patrol's next part (§5.2)
                feed = Msg("This part's time is up: HQ sends the boat on to the patrol's next part.")
        self.end(result, reason, feed)

    def _part_after(self) -> str | None:
        """The next part of this mission's linked patrol when it is played linked or in the campaign (None: a single
        mission, the patrol's last part, a mission of no patrol)."""
        from kaleun.uboot.missions.carry import unsailed

        patrol = self.spec.get("patrol")
        if (self.spec.get("setup") or {}).get("mode") not in ("linked", "campaign") or not patrol:
            return None
        following = unsailed(str(patrol), self.mission)
        return following[0] if following else None

    def _sails_on(self, primaries_met: bool) -> bool:
        """Does a part of a linked patrol whose time is up hand the boat, at sea as it is, to the patrol's next part
        (rulebook §5.2)? Played linked: unless it is played again (`next_needs_primary`, a primary objective not
        met); in the campaign, which plays a linked patrol by its rules (§4.3), the same and only with a grade that
        goes on (below E the campaign ends): a part failed at its time limit with an E or better goes on as the career
        record books it, with the boat as it is."""
        if self._part_after() is None:
            return False
        goes_on = primaries_met or not self.spec.get("next_needs_primary")
        if (self.spec.get("setup") or {}).get("mode") == "campaign":
            return goes_on and scoring.passes_campaign(str(self.outcome()["grade"]))
        return goes_on

    def end(self, result: str, reason: str, feed: Msg | str) -> None:
        """End the mission (`result` in RESULTS). Later calls are ignored: the first cause stands."""
        if result not in RESULTS:
            raise ValueError(f"unknown mission result {result!r}")
        if self.over:
            return
        self.result, self.reason = result, reason
        self.ended_at = self.engine.t
        if self.engine.has_module("boat"):
            self.end_distance = round(self._boat().distance_at(self.engine.t), 1)
        self.passage = None
        if self.engine.has_module("boat"):  # the debrief's track ends where the boat is, however the mission ended
            self._track(self.engine.t)
        if result == "lost" and reason != "time_limit":
            self._lost_with_the_boat()
        if not self.scored:
            self.emit("mission_end", feed=feed, result=result, reason=reason, crew_lost=len(self.log["deaths"]))
            return
        self.final = self.outcome()
        score = self.final
        told = Msg("{feed} Mission over ({result}): grade {grade}, score {score:,}.", feed=feed,
                   result=word(result), grade=score["grade"], score=score["score"])
        if self.part_again():
            told = Msg("{told} A primary objective is not met: the patrol cannot go on to its next part, and this "
                       "part is played again from where it began.", told=told)
            score = {**score, "part_again": True}
        elif (self.spec.get("setup") or {}).get("mode") == "campaign" \
                and not scoring.passes_campaign(str(score["grade"])):
            # §4.3: E or better to go on; the career record ends the campaign when it books the mission
            told = Msg("{told} Grade {grade} is below {least}: the campaign ends here.", told=told,
                       grade=score["grade"], least=str(scoring.GRADES["campaign_pass"]))
            score = {**score, "campaign_over": True}
        else:
            told = self._goes_on(told)
        self.emit("mission_end", feed=told, result=result, reason=reason, **score)

    def _goes_on(self, told: Msg) -> Msg:
        """The end of a part of a linked patrol or of a campaign mission that goes on (rulebook §4.3, §5.2): the
        table is told what comes next on another evening (the career record books it). A lost boat ends both: the
        linked patrol's end is said here (the campaign's is said with its grade, an F)."""
        mode = (self.spec.get("setup") or {}).get("mode")
        if mode not in ("linked", "campaign"):
            return told
        if self.result == "lost" and self.reason != "time_limit":
            patrol = self.spec.get("patrol")
            if mode == "linked" and patrol:
                return Msg("{told} The linked patrol {patrol} has ended with the boat.",
                           told=told, patrol=patrol_titled(patrol))
            return told
        from kaleun.core.messages import and_list
        from kaleun.uboot.missions.carry import came_home, home_ends_patrol, unsailed
        from kaleun.uboot.missions.setup import campaign_order, patrol_parts

        patrol = self.spec.get("patrol")
        if mode == "linked":
            parts = patrol_parts(str(patrol)) if patrol else []
            if self.mission not in parts:
                return told
            following = parts[parts.index(self.mission) + 1:]
            if not following:
                return Msg("{told} The linked patrol {patrol} is over.", told=told, patrol=patrol_titled(patrol))
            if came_home(self) and home_ends_patrol():  # mission_rules.toml [linked]: the patrol is the voyage
                return Msg.plural("{told} The return home ends the linked patrol {patrol}: its part {parts} is not "
                                  "sailed, and the career record books nothing for it.",
                                  "{told} The return home ends the linked patrol {patrol}: its parts {parts} are not "
                                  "sailed, and the career record books nothing for them.", n=len(following),
                                  told=told, patrol=patrol_titled(patrol),
                                  parts=and_list([titled(m) for m in following]))
            if came_home(self):
                return Msg("{told} The linked patrol {patrol} goes on with {next}: the boat is home, so it sails again "
                           "refitted, with a fresh crew and full stores.", told=told, patrol=patrol_titled(patrol),
                           next=titled(following[0]))
            return Msg("{told} The linked patrol {patrol} goes on with {next}, the boat and crew as they are now.",
                       told=told, patrol=patrol_titled(patrol), next=titled(following[0]))
        order = campaign_order()
        if self.mission not in order:
            return told
        following = order[order.index(self.mission) + 1:]
        if not following:
            return Msg("{told} The campaign is complete.", told=told)
        if came_home(self) and patrol and following[0] in unsailed(str(patrol), self.mission):
            return Msg("{told} The campaign goes on with {next}: the boat is home, so it sails again refitted, with a "
                       "fresh crew and full stores.", told=told, next=titled(following[0]))
        return Msg("{told} The campaign goes on with {next}.", told=told, next=titled(following[0]))

    def part_again(self) -> bool:
        """Must this part of a linked patrol be played again? Rulebook §4.3 [R]: "some linked missions
        require the primary objective to be met first to go on to the next mission"; a part's file says
        it is one (`next_needs_primary`). It applies played linked or in the campaign (which plays linked
        missions by their rules), once the mission is over with a primary objective not met, the boat
        not lost; in the campaign only with a grade that goes on (an F ends the campaign, §4.3). Played linked, a
        return home ends the patrol instead (mission_rules.toml [linked] `return_home_ends_patrol`)."""
        mode = (self.spec.get("setup") or {}).get("mode")
        if not (self.scored and self.over and self.final is not None and self.spec.get("next_needs_primary")
                and mode in ("linked", "campaign")):
            return False
        if self.result == "lost" and self.reason != "time_limit":
            return False
        if all(o.met for o in self.objectives.values() if o.primary):
            return False
        from kaleun.uboot.missions.carry import came_home, home_ends_patrol

        if mode == "linked" and came_home(self) and home_ends_patrol():  # the return home ended the patrol
            return False
        return mode == "linked" or scoring.passes_campaign(str(self.final["grade"]))

    def _lost_with_the_boat(self) -> None:
        """The boat or its crew is lost (rulebook §4.1: "you lose the game together"): every sailor not
        yet in the log goes down with it, so the debrief and the career count the whole crew, and the crew's
        own view shows them dead. A sailor who died in an earlier part of a linked patrol (rulebook §5.2) was
        lost there and is counted there: not again."""
        if not self.engine.has_module("crew"):
            return
        crew = self.engine.module("crew")
        logged = {d["sailor"] for d in self.log["deaths"]} | set(self.started_dead)
        cause = to_json(Msg("lost with the boat"))
        for row, states in enumerate(crew.states):
            for figure in states:
                sid = crew.sid(figure, row)
                if sid not in logged:
                    self.log["deaths"].append({"t": round(self.engine.t, 1), "sailor": sid, "figure": figure,
                                               "cause": cause})
        crew.go_down()

    def outcome(self) -> dict[str, Any]:
        """The score as the mission stands (its final value once it is over)."""
        met = [o.fame for o in self.objectives.values() if o.met]
        grt = sum(int(s["grt"]) for s in self.log["sunk"] if s.get("type") != "escort")
        primaries_met = all(o.met for o in self.objectives.values() if o.primary)
        s = scoring.score(met, grt, self.par(), primaries_met, self.result == "lost" and self.reason
                          not in ("time_limit",))
        return {"score": s.score, "grade": s.grade, "fame": s.fame, "grt": s.grt, "grt_fame": s.grt_fame,
                "par": s.par, "objectives": [o.view() for o in self.objectives.values() if self.given_to_crew(o)],
                "ships_sunk": len(self.log["sunk"]), "crew_lost": len(self.log["deaths"])}

    # -- state --------------------------------------------------------------------------------------
    def status(self) -> dict[str, Any]:
        out: dict[str, Any] = {"mission": self.mission, "result": self.result, "reason": self.reason}
        if self.has_hq:
            out.update(objectives=[o.view() for o in self.objectives.values() if o.state != "pending"],
                       signals=[{"id": m.id, "state": m.state, "kind": m.kind,
                                 "text": str(m.text_msg()) if m.state == "decoded" else None}
                                for m in self.messages if m.state != "on_air"],
                       reports=len(self.reports), passage=self.passage is not None,
                       time_left_h=None if self.limit_at is None else round((self.limit_at - self.engine.t) / 3600, 1),
                       score=self.outcome() if not self.over else self.final)
        return out

    def to_state(self) -> dict[str, Any]:
        return {"mission": self.mission, "result": self.result, "reason": self.reason,
                "objectives": [o.to_json() for o in self.objectives.values()],
                "messages": [m.to_json() for m in self.messages], "reports": [dict(r) for r in self.reports],
                "plans": [dict(p) for p in self.plans], "answers_due": [dict(a) for a in self.answers_due],
                "answered": list(self.answered), "encounters": [dict(e) for e in self.encounters],
                "next_tick": self.next_tick, "last_tick": self.last_tick, "next_track": self.next_track,
                "next_card": self.next_card, "cards": self.cards, "limit_at": self.limit_at, "warn_at": self.warn_at,
                "last_combat": self.last_combat, "passage": _passage_copy(self.passage),
                "log": {k: [dict(x) if isinstance(x, dict) else list(x) for x in v] for k, v in self.log.items()},
                "final": None if self.final is None else dict(self.final), "started_dead": list(self.started_dead),
                "ended_at": self.ended_at,
                "end_distance": self.end_distance}

    def load_state(self, state: Mapping[str, Any]) -> None:
        result = state["result"]
        if result is not None and result not in RESULTS:
            raise ValueError(f"unknown mission result {result!r}")
        mission, reason = state["mission"], state["reason"]
        if not isinstance(mission, str) or not (reason is None or isinstance(reason, str)):
            raise ValueError("the mission's name and end reason must be text")
        self.mission, self.result, self.reason = mission, result, reason
        self.ended_at = None if state.get("ended_at") is None else float(state["ended_at"])
        self.end_distance = None if state.get("end_distance") is None else float(state["end_distance"])
        if "objectives" not in state:  # a save from before missions had objectives
            return
        self.objectives = {o["id"]: Objective.from_json(o) for o in state["objectives"]}
        self.messages = [Message.from_json(m) for m in state["messages"]]
        self.reports = [dict(r) for r in state["reports"]]
        self.plans = [dict(p) for p in state["plans"]]
        self.answers_due = [dict(a) for a in state["answers_due"]]
        self.answered = [str(a) for a in state["answered"]]
        self.encounters = [dict(e) for e in state["encounters"]]
        for key in ("next_tick", "next_track", "next_card", "limit_at", "warn_at"):
            setattr(self, key, None if state[key] is None else float(state[key]))
        self.last_tick = float(state["last_tick"])
        self.cards = int(state["cards"])
        self.last_combat = float(state["last_combat"])
        self.passage = _passage_copy(state["passage"])
        self.log = {k: [dict(x) if isinstance(x, dict) else list(x) for x in v] for k, v in state["log"].items()}
        for key in LOGS:  # a save from before a log was kept
            self.log.setdefault(key, [])
        self.final = None if state["final"] is None else dict(state["final"])
        self.started_dead = [str(s) for s in state["started_dead"]]
        self._check_indexes()

    def _check_indexes(self) -> None:
        """Planned signals, encounters and HQ's answers name tables of the mission file by number:
        a save whose numbers the file does not have cannot be played on."""
        for what, entries in (("plans", self.plans), ("encounters", self.encounters)):
            for entry in entries:
                key = "radio" if entry.get("kind") == "radio" else "encounter"
                if int(entry["index"]) >= len(self.spec.get(key, [])):
                    raise ValueError(f"{what}: the mission {self.mission} has no {key} table number "
                                     f"{int(entry['index']) + 1}")
        for due in self.answers_due:
            answers = self.spec.get("answers", {}).get(due["report"]) or RULES.get("answers", {}).get(due["report"])
            if int(due["index"]) >= len(answers or []):
                raise ValueError(f"answers_due: there is no answer number {int(due['index']) + 1} to a "
                                 f"{due['report']} report")


def _convoy_speed(spec: Mapping[str, Any]) -> float:
    convoys = data.load("convoys")["types"]
    return float(convoys[str(spec.get("kind", "HX"))]["speed_kn"])


def _passage_copy(passage: Mapping[str, Any] | None) -> dict[str, Any] | None:
    """The passage home as a save holds it, copied (its next steer changes in place as the boat sails): a state
    taken stays as it was taken, and a state loaded twice gives the same game twice."""
    if passage is None:
        return None
    return {**passage, "route": [list(p) for p in passage["route"]]}


__all__ = ["RESULTS", "Mission"]
