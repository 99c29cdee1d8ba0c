"""The crew engine module (name "crew"): the sailors, what they carry and what orders cost.

It validates every order at the order desk (sailors in place with their symbols, the command
and morale bars), carries out the crew's own orders (mobilize, repair, first aid, address crew,
prepare meal), follows the figures on the table, hands over at watch changes, applies damage
and keeps the books the players used to keep with chips and cards.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Container, Iterator, Mapping
from typing import Any

from kaleun.core.args import Args
from kaleun.core.engine import Handler, Module
from kaleun.core.errors import CommandError
from kaleun.core.events import Event
from kaleun.core.messages import N_, Msg, and_list, from_json, join
from kaleun.uboot import data
from kaleun.uboot.crew import corrections, sections
from kaleun.uboot.crew.bars import (
    COMMAND_LAST,
    MORALE_CHANGES,
    MORALE_FIELDS,
    MORALE_LAST,
    Bars,
    MoraleMove,
    command_label,
    field_term,
    morale_label,
    morale_value,
)
from kaleun.uboot.crew.breach import BREACH_REPAIR, Breaches
from kaleun.uboot.crew.cigarettes import Cigarettes
from kaleun.uboot.crew.food import MEAL_HOUR, Food
from kaleun.uboot.crew.hazards import CONDITIONS, Hazards
from kaleun.uboot.crew.health import Health
from kaleun.uboot.crew.movement import Movement
from kaleun.uboot.crew.requirements import ORDERS, Group, Need, static_need
from kaleun.uboot.crew.roster import FIGURES, ROLES, ROSTER, Face, role_of
from kaleun.uboot.crew.sailors import RULES, SailorState, sailor_id, task_text
from kaleun.uboot.crew.saved import check_crew_state
from kaleun.uboot.crew.staffing import Member, Pick, extra_sailor, found, staff_group
from kaleun.uboot.crew.technical import component_name, is_plural
from kaleun.uboot.crew.undo import UndoStack
from kaleun.uboot.crew.watch_change import hand_over
from kaleun.uboot.figures import figure_term, figures_said
from kaleun.uboot.orders import ORDER_NAMES, Effect, Order, OrderDesk, Reason, Validator, order_term

log = logging.getLogger(__name__)

DIFFICULTY = data.load("difficulty")
LEVELS: tuple[str, ...] = tuple(DIFFICULTY["levels"])
CREW_RULES: tuple[str, ...] = tuple(RULES["rules"])
MAX_LOOKOUTS = int(ORDERS["observe"]["max"])
LOOKOUT_SECTION = int(ORDERS["observe"]["section"])
#: what a refusal of each of the crew's commands says
ACTION_REFUSALS: Mapping[str, str] = {
    "adjust_morale": N_("Adjust morale refused: {reason}."), "adjust_command": N_("Adjust command refused: {reason}."),
    "ailment": N_("Ailment refused: {reason}."), "cure": N_("Cure refused: {reason}."),
    "chips": N_("Chips refused: {reason}."), "kill": N_("Kill refused: {reason}."),
    "move_item": N_("Move item refused: {reason}."), "undo": N_("Undo refused: {reason}."),
    "end_mobilize": N_("End mobilize refused: {reason}."), "move_fix": N_("Move fix refused: {reason}."),
    "carry": N_("Carry refused: {reason}."), "puzzle": N_("Puzzle refused: {reason}."),
    "smoke": N_("Smoke refused: {reason}."), "cook": N_("Cook refused: {reason}."),
    "join_task": N_("Join task refused: {reason}."), "stop_task": N_("Stop task refused: {reason}."),
    "first_aid_kit": N_("First aid kit refused: {reason}."), "crew_options": N_("Crew options refused: {reason}."),
}


class Crew(Module, Validator):
    name = "crew"
    subscribes = ("figure_placed", "watch_change", "boat_submerged", "boat_surfaced", "damage", "ship_sunk",
                  "technical_condition", "technical_repaired")

    def __init__(self, rules: str = "enforce") -> None:
        if rules not in CREW_RULES:
            raise ValueError(f"crew rules {rules!r} not one of {CREW_RULES}")
        self.rules = rules
        self.row = 0  # the activation row (watch) on duty
        self.faces: dict[str, list[int]] = {r: [0, 1] for r in ROLES}  # tile face shown on each row
        self.difficulty: dict[str, str] = dict.fromkeys(ROLES, DIFFICULTY["default"])
        self.easy: dict[str, bool] = dict.fromkeys(ROLES, False)
        self.pos: dict[str, int | None] = dict.fromkeys(FIGURES)
        self.states: list[dict[str, SailorState]] = [{f: SailorState() for f in FIGURES} for _ in range(2)]
        self.returning: set[str] = set()
        self.repairs: set[str] = set()  # components whose repair was ordered and is not finished
        self.bars = Bars()
        self.moves = Movement(self)
        self.hazards = Hazards(self)
        self.breaches = Breaches(self)
        self.health = Health(self)
        self.food = Food(self)
        self.cigarettes = Cigarettes(self)
        self.undo = UndoStack(int(RULES["undo"]["depth"]))
        self.announced_lookouts = 0
        self._faces: list[dict[str, Face]] | None = None  # cache: the face on duty per row and figure
        self._plan: list[Pick] = []
        self._prepared: tuple[Order | None, Need | Msg] = (None, Need())
        self._warning: Reason | None = None
        self._short: Reason | None = None  # the last validation's refusal for want of sailors (rules enforced)
        #: the sailors an order refused as impossible (bars, a major failure) would be short of as well (enforced)
        self._also: Reason | None = None
        self._announce: list[Callable[[], Any]] = []
        self._ended = False  # the crew ended the mission in a game without a mission module

    def attach(self, engine: Any) -> None:
        super().attach(engine)
        if engine.has_module("figures"):
            self.pos.update(engine.module("figures").where)
        desk: OrderDesk = engine.module("orders")
        desk.add_validator(self)
        desk.register("mobilize", Effect(self._no_params, self._ok, lambda p: self.moves.begin(),
                                         lambda p: Msg("mobilize the crew")))
        desk.register("repair", Effect(self._parse_repair, self._check_repair, self._repair, self._describe_repair,
                                       reasons=lambda p: list(self._repair_refusals(p))))
        desk.register("first_aid", Effect(self._parse_first_aid, self._check_first_aid,
                                          lambda p: self.health.treat(p["patients"]),
                                          lambda p: Msg("first aid for {patients}",
                                                        patients=and_list([figure_term(f) for f in p["patients"]])),
                                          reasons=lambda p: list(self._first_aid_refusals(p))))
        desk.register("address_crew", Effect(self._no_params, self._ok, self._address,
                                             lambda p: Msg("the Captain addresses the crew")))
        desk.register("prepare_meal", Effect(self._parse_meal, self._check_meal, self._meal,
                                             lambda p: Msg("prepare a meal")))
        self.food.setup()
        self.food.next_call = engine.clock.next_time_of_day(engine.t, (MEAL_HOUR,))

    # -- who is who -------------------------------------------------------------------------------
    def r(self, row: int | None) -> int:
        return self.row if row is None else row

    def sid(self, figure: str, row: int | None = None) -> str:
        return sailor_id(figure, self.r(row))

    def sailor(self, figure: str, row: int | None = None) -> SailorState:
        return self.states[self.r(row)][figure]

    def face(self, figure: str, row: int | None = None) -> Face:
        if self._faces is None:
            self._faces = [{f: ROSTER[f][self.faces[role_of(f)][r]] for f in FIGURES} for r in (0, 1)]
        return self._faces[self.row if row is None else row][figure]

    def next_face(self, role: str) -> int:
        shown = self.faces[role][self.row]
        return shown if self.easy[role] else 1 - shown

    def face_for(self, figure: str, row: int, flipping: bool = False) -> Face:
        if flipping:
            return ROSTER[figure][self.next_face(role_of(figure))]
        return self.face(figure, row)

    def flip_tile(self, role: str) -> None:
        """Called by the watch change after the row changed: show the next face on the new row."""
        out = 1 - self.row
        shown = self.faces[role][out]
        self.faces[role][self.row] = shown if self.easy[role] else 1 - shown
        self._faces = None

    def label(self, figure: str, row: int | None = None) -> Msg:
        """A sailor as the feed names him: "captain-square (Kaleun)"."""
        return Msg("{figure} ({name})", figure=figure_term(figure), name=Msg.term(self.face(figure, row).name))

    def level(self, role: str) -> Mapping[str, Any]:
        return DIFFICULTY[self.difficulty[role]]

    @property
    def surfaced(self) -> bool:
        return bool(self.engine.module("boat").surfaced) if self.engine.has_module("boat") else True

    @property
    def over(self) -> bool:
        """The mission has ended: no more orders, crew actions or damage."""
        if self.engine.has_module("mission"):
            return bool(self.engine.module("mission").over)
        return self._ended

    @property
    def flooded(self) -> list[int]:
        return self.breaches.flooded

    def members(self, section: int) -> list[Member]:
        return self.by_section().get(section, [])

    def by_section(self, sections: Container[int] | None = None) -> dict[int, list[Member]]:
        """Living on-duty sailors by the section they count in (only in `sections`, if given)."""
        states = self.states[self.row]
        self.face(FIGURES[0])
        faces = self._faces[self.row]  # type: ignore[index]
        out: dict[int, list[Member]] = {}
        for f, s in self.pos.items():
            if s is not None and (sections is None or s in sections):
                st = states[f]
                if not st.dead:
                    if s in out:
                        out[s].append(Member(f, st, faces[f]))
                    else:
                        out[s] = [Member(f, st, faces[f])]
        return out

    def lookouts(self) -> int:
        """Sailors on observation duty on the bridge (0-6): the sea's detection uses it."""
        states = self.states[self.row]
        n = 0
        for f in FIGURES:
            task = states[f].task
            if self.pos[f] == LOOKOUT_SECTION and not states[f].dead and task is not None \
                    and task["kind"] == "observation":
                n += 1
        return min(MAX_LOOKOUTS, n)

    # -- shared rules actions ------------------------------------------------------------------------
    def emit(self, name: str, /, feed: Msg | str | None = None, **data: Any) -> Event:
        return self.engine.emit(name, feed=feed, **data)

    def refuse(self, action: str, reason: Reason) -> None:
        template = ACTION_REFUSALS.get(action)
        feed = (Msg(template, reason=reason) if template is not None else
                Msg("{action} refused: {reason}.", action=action.replace("_", " ").capitalize(), reason=reason))
        self.emit("action_refused", feed=feed, action=action, reason=reason)

    def give_order(self, order: str, via: str, **fields: Any) -> None:
        self.engine.module("orders").give(order, fields, via=via)

    def add_chips(self, figure: str, chips: tuple[str, ...], order: str, component: str | None = None) -> None:
        state = self.sailor(figure)
        state.chips.extend(chips)
        if "O" in chips:
            state.task = {"kind": "observation"}
        elif "T" in chips:
            state.task = {"kind": "repair", "component": component}

    def stop_task(self, figure: str, reason: Reason, discard: bool = False, row: int | None = None,
                  quiet: bool = False) -> None:
        """End the sailor's long task. `quiet`: the caller tells it (and the lookouts) in its own words."""
        state = self.sailor(figure, row)
        task = state.discard_busy_chip() if discard else state.flip_busy_chip()
        if task is None:
            return
        feed = None if quiet else Msg("{sailor} stops his {task}: {reason}.", sailor=self.label(figure, row),
                                      task=task_text(task), reason=reason)
        self.emit("task_stopped", feed=feed, figure=figure, sailor=self.sid(figure, row), task=task, why=reason)
        if task["kind"] == "repair":
            self.sync_repair(task["component"])
        if not quiet:
            self.after_crew_change()

    def repair_crew(self, component: str) -> list[str]:
        states = self.states[self.row]
        return [f for f in FIGURES if not states[f].dead and (task := states[f].task) is not None
                and task.get("component") == component]

    def sync_repair(self, component: str) -> None:
        """Tell the technical conditions how many sailors repair `component`; pause below the crew size
        (all its chips turn to their activation side, §10.3.2)."""
        if not self.engine.has_module("technical"):
            return
        tech = self.engine.module("technical")
        job = tech.job(component)
        crew = self.repair_crew(component)
        if job is None:
            for f in crew:
                self.sailor(f).flip_busy_chip()
            self.repairs.discard(component)
            return
        if crew and len(crew) + job.bonus >= job.required:
            tech.set_crew(component, len(crew))
            return
        was_active = job.active
        for f in crew:
            self.sailor(f).flip_busy_chip()
        tech.set_crew(component, 0)
        if was_active or crew:
            section = tech.section(component)
            self.emit("technical_repair_paused", feed=Msg.plural(
                "Repair of the {component} paused: {left} of {n} sailor left. Activate enough sailors in "
                "section {section} and let them join the repair to resume it.",
                "Repair of the {component} paused: {left} of {n} sailors left. Activate enough sailors in "
                "section {section} and let them join the repair to resume it.",
                component=Msg.term(component_name(component)), left=len(crew), n=job.required, section=section),
                component=component, sailors=crew, required=job.required, progress=round(tech.progress(component), 3))
        self.after_crew_change()

    def change_morale(self, change: int, cause: Reason) -> None:
        was_exhausted, could_pay = self.bars.exhausted, self.bars.can_pay
        self._morale_told(self.bars.move_morale(change), cause, was_exhausted, asked=change)
        self._bars_told(could_pay)

    def _bars_told(self, could_pay: bool) -> None:
        """Say it when the last order has been paid: both bars on their last fields (§7.3)."""
        if could_pay and not self.bars.can_pay and not self.over:
            self.emit("bars_spent", feed=Msg("Both the command bar and the morale bar are spent: no more orders "
                                             "until a field frees up (the watch change at {hour} gives the "
                                             "command bar back).", hour=self._next_watch_change()))

    def _next_watch_change(self) -> str:
        """The clock time of the next watch change (hh:mm), which moves the command marker back (§6.8)."""
        from kaleun.uboot.watch import HOURS

        clock = self.engine.clock
        return clock.at(clock.next_time_of_day(self.engine.t, HOURS)).strftime("%H:%M")

    def _morale_told(self, move: MoraleMove, cause: Reason, was_exhausted: bool, asked: int = -1) -> None:
        label = morale_label(move.after)
        if move.change == 0:
            self.emit("morale", value=morale_value(move.after), field=label, change=0, asked=asked, cause=cause)
            return
        said = field_term(MORALE_FIELDS[move.after] or "blank")  # as printed; the exhaustion is told below
        feed = (Msg("Morale rises to {field} ({cause}).", field=said, cause=cause) if move.change > 0
                else Msg("Morale falls to {field} ({cause}).", field=said, cause=cause))
        self.emit("morale", feed=feed, value=morale_value(move.after),
                  field=label, change=move.change, asked=asked, cause=cause)
        landed = MORALE_FIELDS[move.after] or "blank"
        for field, deck in move.cards:
            reached = field_term("its last field" if field == "blank" else field)
            feed = (Msg("Captain: draw a card from morale deck {deck} (morale reached {field}).", deck=deck,
                        field=reached) if field == landed  # onto the field, or past it on its way (§7.3)
                    else Msg("Captain: draw a card from morale deck {deck} (morale passed {field}).", deck=deck,
                             field=reached))
            self.emit("morale_card", feed=feed, deck=deck, field=field)
        if move.after == MORALE_LAST and not was_exhausted:
            self.emit("crew_exhausted", feed=Msg("The crew is exhausted: any new fire, electrical fault, toxic gas, "
                                                 "leak or hull breach means all hands lost."))
        elif was_exhausted and move.after != MORALE_LAST:
            self.emit("crew_recovered", feed=Msg("The crew is no longer exhausted: morale is back to {field}.",
                                                 field=said), field=label)

    def kill(self, figure: str, row: int | None, cause: Reason, morale: bool = True, announce: bool = True) -> bool:
        """A sailor dies (§6.10). One feed line says so, and what task ends with him; `announce=False`
        leaves the roll call of lookouts to the caller (several deaths at once)."""
        row = self.r(row)
        state = self.sailor(figure, row)
        if state.dead:
            return False
        label = self.label(figure, row)
        task = state.task
        if task is not None:
            self.stop_task(figure, Msg("killed"), discard=True, row=row, quiet=True)
        state.dead = True
        self.health.forget_injuries(sailor_id(figure, row))
        self.health.bury(state)
        on_duty = row == self.row
        if on_duty:
            self.pos[figure] = None
            self.moves.flags.pop(figure, None)
            self.returning.discard(figure)
        if task is not None:
            feed = Msg("{sailor} is dead ({cause}); his {task} ends.", sailor=label, cause=cause, task=task_text(task))
        else:
            feed = Msg("{sailor} is dead ({cause}).", sailor=label, cause=cause)
        if on_duty:
            feed = Msg("{report} Take the figure off the model.", report=feed)
        self.emit("sailor_killed", feed=feed,
                  figure=figure, sailor=sailor_id(figure, row), cause=cause, on_duty=on_duty)
        if morale:
            self.change_morale(MORALE_CHANGES["sailor_killed"], Msg("{figure} killed", figure=figure_term(figure)))
        if all(s.dead for states in self.states for s in states.values()):
            self.mission_lost("crew_dead", Msg("The whole crew is dead: the boat is lost."))
        if announce:
            self.after_crew_change()
        return True

    def mission_lost(self, reason: str, feed: Msg | str) -> None:
        if self.engine.has_module("mission"):
            self.engine.module("mission").end("lost", reason, feed)
        elif not self._ended:
            self._ended = True
            self.emit("mission_end", feed=feed, result="lost", reason=reason)

    def all_hands_lost(self, what: Msg) -> None:
        """Every sailor of both watches dies with the boat; the mission is lost."""
        self.emit("all_hands_lost", feed=Msg("All hands lost: {what}.", what=what), why=what)
        self.go_down()
        scored = self.engine.has_module("mission") and self.engine.module("mission").scored
        # a scored mission's end goes on "Mission over (lost): grade F, ...": said once
        self.mission_lost("all_hands_lost", Msg("All hands lost: {what}.", what=what) if scored else
                          Msg("All hands lost: {what}. The mission is over.", what=what))

    def go_down(self) -> None:
        """The boat is lost with everyone aboard (rulebook §4.1): every sailor of both watches is dead, no
        figure stands anywhere, no task or repair goes on. The crew's view then agrees with the debrief,
        which counts the whole crew lost with the boat. Silent: the loss itself is told by its cause."""
        self.engine.touch(self)  # the mission calls it when the boat is lost
        for states in self.states:
            for state in states.values():
                state.task = None
                state.dead = True
        self.pos = dict.fromkeys(FIGURES)
        self.health.injuries = []  # no card is entered for the dead (§7.6)
        self.returning.clear()
        self.moves.flags.clear()
        self.moves.open = False
        self.announced_lookouts = 0
        if self.engine.has_module("technical"):
            tech = self.engine.module("technical")
            for component in sorted(self.repairs):
                tech.set_crew(component, 0)
        self.repairs.clear()

    def adjust_command(self, by: int, why: Reason) -> None:
        """A correction of the command bar: + moves the marker left (more orders)."""
        could_pay = self.bars.can_pay
        moved = self.bars.move_command(by)
        self.emit("command_bar", feed=Msg("Command bar set to {field} ({why}).",
                                          field=field_term(command_label(self.bars.command)), why=why),
                  value=command_label(self.bars.command), change=moved, cause=why)
        self._bars_told(could_pay)

    def after_crew_change(self) -> None:
        n = self.lookouts()
        if n != self.announced_lookouts and not self.over:
            self.announced_lookouts = n
            self.emit("lookouts", feed=Msg("Lookouts on the bridge: {n}.", n=n), count=n)

    # -- undo ---------------------------------------------------------------------------------------
    def snapshot(self, label: Msg | str) -> None:
        state = self._state(with_undo=False, like=self.undo.entries[-1]["state"]["crew"] if self.undo.entries else None)
        tech = self.engine.module("technical").to_state() if self.engine.has_module("technical") else None
        self.undo.push(label, {"crew": state, "technical": tech})

    def take_back(self) -> None:
        entry = self.undo.pop()
        if entry is None:
            self.refuse("undo", Msg("there is nothing to undo: undo reaches back only to the last thing that "
                                    "happened on its own (a watch change, damage, diving or surfacing, a ship sunk, a "
                                    "finished repair, the meal call), the last change of the crew options or the last "
                                    "random draw"))
            return
        entries = self.undo.to_state()
        physical = {f: self.moves.physical(f) for f in FIGURES}
        reminded = self.food.reminded  # the meal reminder was said: undo never says it again
        self._load(entry["state"]["crew"])
        self.food.reminded = reminded
        self.undo.load_state(entries)
        if entry["state"]["technical"] is not None:
            self.engine.module("technical").load_state(entry["state"]["technical"])
        label = from_json(entry["label"])
        feed = (Msg("Undone: {action}: its chips and payment. What it did to the boat, her weapons or sensors "
                    "stays: give a new order to change it.", action=label) if _acted_at_sea(entry["label"])
                else Msg("Undone: {action}.", action=label))
        self.emit("undone", feed=feed, action=label)
        for figure in FIGURES:
            where, here = physical[figure], self.pos[figure]
            if (where is not None and here is not None and where != here and figure not in self.moves.flags
                    and not self.sailor(figure).dead):
                self.moves.on_placed(figure, where)
        self.after_crew_change()

    # -- the order desk's validator ------------------------------------------------------------------
    def parse(self, order: str, args: Args) -> dict[str, Any]:
        """Order fields the crew owns: which sailors go on lookout (`observe`)."""
        if ORDERS.get(order, {}).get("kind") == "lookouts":
            return corrections.lookout_fields(args)
        return {}

    def lookout_group(self, figures: list[str] | None, count: int | None) -> Group | Msg:
        """The lookouts to post on the bridge (§9.3: the players choose how many): the named sailors,
        `count` of them, or by default the observation specialists there (everyone there if none is)."""
        spec = ORDERS["observe"]
        room = MAX_LOOKOUTS - self.lookouts()
        if room <= 0:
            return Msg.plural("{n} lookout is already on duty", "{n} lookouts are already on duty", n=MAX_LOOKOUTS)
        want = len(figures) if figures else count
        if want is not None and want > room:
            return Msg.plural("{n} lookouts at most: room for {room} more",
                              "{n} lookouts at most: room for {room} more", n=MAX_LOOKOUTS, room=room)
        limits = (want, want) if want is not None else (int(spec["min"]), room)
        return Group(LOOKOUT_SECTION, {spec["symbol"]: 1}, chip="O", lookouts=limits, figures=tuple(figures or ()))

    def _need(self, order: Order) -> Need | Msg:
        spec = ORDERS.get(order.order, {})
        kind = spec.get("kind")
        params = order.params
        if kind == "lookouts":
            group = self.lookout_group(params.get("figures"), params.get("count"))
            return group if isinstance(group, Msg) else Need([group])
        if kind == "repair":
            target = params["target"]
            if target == "technical":
                n = params["sailors"]
                return Need([Group(params["section"], {"repair": n}, chip="T")])
            # a card counts for sailors, but a card alone never repairs (§10.3.3, §10.3.8)
            count = max(1, BREACH_REPAIR - params.get("card", 0)) if target == "breach" else 1
            return Need([Group(params["section"], {"repair": count})])
        if kind == "first_aid":  # one medic in the patients' section, one activation per patient (§8.6)
            section = self.pos[params["patients"][0]]
            medic = params.get("medic")
            if medic is not None and self.sailor(medic).dead:
                # the order's own check says so; no sailor the crew could place would put it right (the preview
                # names it once, not again as sailors short)
                return Msg("{sailor} is dead", sailor=self.label(medic))
            if medic is not None and section is not None:
                # the medic named stands away from his patients: as above, said once
                away = self._medic_away(medic, section)
                if away is not None:
                    return away
            return Need([Group(section, {"first_aid": 1}, repeat=len(params["patients"]),  # type: ignore[arg-type]
                               figures=(medic,) if medic else ())])
        return static_need(order.order, params, self.surfaced)

    def prepare(self, order: Order) -> None:
        """The order's crew requirement, worked out before anything changes (CommandError if malformed)."""
        self._plan, self._warning, self._short, self._also = [], None, None, None
        self._prepared = (order, self._need(order))

    def given(self, order: Order) -> None:
        """Giving any order ends an open mobilization (§6.4), whether the order is carried out or not."""
        if self.moves.open and not self.over:
            self.snapshot(Msg("end of the mobilization"))
            self.moves.end("next order")

    def closed(self, order: Order) -> Reason | None:
        """Once the mission is over no order is carried out (§4.1: the game is over), whatever else it lacks; when
        the boat is lost, that is why, and the crew hears it so."""
        if not self.over:
            return None
        if self.engine.has_module("boat") and self.engine.module("boat").lost:
            return Msg("the boat is lost")
        return Msg("the mission is over")

    def validate(self, order: Order) -> Reason | None:
        prepared, need = self._prepared
        if prepared is not order:  # validated without prepare(): work the requirement out now
            need = self._need(order)
        self._short = None
        if self.over:  # never advisory
            return Msg("the mission is over")
        blocked = self._blocked(order, need)
        if blocked is not None:  # never advisory: nobody can carry it out
            if not isinstance(need, Msg):  # the sailors short as well, for the preview to name (§6.5)
                short = self._staff(order.order, need.groups)
                self._warning, self._also = (short, None) if self.rules == "advise" else (None, short)
            return blocked
        assert not isinstance(need, Msg)
        reason = self._staff(order.order, need.groups)
        if reason is not None and self.rules == "advise":
            self._warning = reason
            return None
        self._short = reason
        return reason

    def refused(self, order: Order, reason: Reason) -> dict[str, Any]:
        """An order refused for want of its sailors at their stations says what is missing (`missing`, as a
        `crew_warning` does where the rules only advise): the console then shows where to look. A refusal for
        any other reason (the order's own check, the bars, a major failure) carries no `missing`."""
        return {"missing": reason} if reason is not None and reason is self._short else {}

    def _blocked(self, order: Order, need: Need | Msg) -> Reason | None:
        """Why the order is impossible whoever stands where: bars exhausted, a major failure."""
        if not self.bars.can_pay:
            return Msg("both the command bar and the morale bar are exhausted: no orders until a field frees up "
                       "(the watch change at {hour} gives the command bar back)", hour=self._next_watch_change())
        if isinstance(need, Msg):
            return need
        if self.engine.has_module("technical"):
            return self.engine.module("technical").blocks(order.order, self.surfaced, need.rooms,
                                                          order.params.get("condition"))
        return None

    def _staff(self, order: str, groups: list[Group]) -> Msg | None:
        index = self.by_section({g.section for g in groups})
        taken: set[str] = set()
        picks: list[Pick] = []
        problems: list[Msg | str] = []
        for g in groups:
            members = index.get(g.section, [])
            got, missing = staff_group(order, g, members, taken)
            if missing:
                strangers = [f for f, fl in self.moves.flags.items() if fl["to"] == g.section]
                problems.append(g.missing(found(order, g, members, strangers)))
            picks.extend(got)
            taken.update(p.figure for p in got)
        for section in sorted({g.section for g in groups}):
            if self.hazards.light_failure(section):
                extra = extra_sailor(section, index.get(section, []), taken, order)
                if extra is None:
                    problems.append(Msg("the light failure in section {section} needs one more sailor; nobody is left",
                                        section=section))
                else:
                    picks.append(extra)
                    taken.add(extra.figure)
        self._plan = picks
        return join(problems, "; ") if problems else None

    def preview(self, order: Order) -> dict[str, Any]:
        """Who would execute the order just validated, with how many chips; what is missing (advise mode); for an
        order refused as impossible now (both bars exhausted, a major failure), the sailors it would be short of
        as well (`also`, enforced; advised, `missing`)."""
        paid = "command" if self.bars.command < COMMAND_LAST else "morale" if self.bars.can_pay else None
        out: dict[str, Any] = {"activated": [{"figure": p.figure, "sailor": self.sid(p.figure), "chips": len(p.chips),
                                             "specialist": p.specialist, "section": p.section}
                                            for p in self._plan], "missing": self._warning, "paid": paid,
                              "also": [self._also] if self._also is not None else []}
        if order.order == "dive":  # diving kills every sailor left in 7 and 8 (§3)
            out["left_outside"] = [f for f in FIGURES if self.pos[f] in sections.OUTSIDE and not self.sailor(f).dead]
        return out

    def commit(self, order: Order) -> dict[str, Any]:
        """Pay the order and put the chips on the executing sailors. What the First Officer reads aloud
        about it (morale, cards, lookouts, a warning) follows the order itself, in `after`."""
        self.snapshot(Msg("{order} order", order=order_term(order.order)))
        self._announce = []
        could_pay = self.bars.can_pay
        paid = None
        if self.bars.command < COMMAND_LAST:
            self.bars.move_command(-1)
            paid = "command"
        elif self.bars.can_pay:
            paid = "morale"
            was_exhausted = self.bars.exhausted
            move = self.bars.move_morale(-1)
            self._announce.append(lambda: self._morale_told(move, Msg("order paid from the morale bar"), was_exhausted))
        self._announce.append(lambda: self._bars_told(could_pay))
        component = order.params.get("component")
        activated = []
        for pick in self._plan:
            self.add_chips(pick.figure, pick.chips, order.order, component)
            activated.append({"figure": pick.figure, "sailor": self.sid(pick.figure), "chips": len(pick.chips),
                              "specialist": pick.specialist, "section": pick.section})
        if activated:
            self._announce.append(lambda: self.emit("activation", order=order.order, sailors=activated))
        warning = self._warning
        if warning:
            self._announce.append(lambda: self.emit(
                "crew_warning", feed=Msg("{order} went ahead without its crew: {missing}.",
                                         order=order_term(order.order), missing=warning),
                order=order.order, missing=warning))
        return {"activated": activated, "paid": paid, "command_bar": command_label(self.bars.command),
                "morale_bar": morale_label(self.bars.morale)}

    def after(self, order: Order) -> None:
        for tell in self._announce:
            tell()
        self._announce = []
        self.after_crew_change()

    # -- the crew's own orders -----------------------------------------------------------------------
    @staticmethod
    def _no_params(args: Args) -> dict[str, Any]:
        return {}

    @staticmethod
    def _ok(params: dict[str, Any]) -> str | None:
        return None

    def _address(self, params: dict[str, Any]) -> None:
        # the order is paid (a morale card drawn for it included) and its sailor activated before the
        # card's effect (§7.7): the feed says so in that order
        self._announce.append(lambda: self.emit("captain_card", feed=Msg("Captain: play one Captain card now.")))

    # repair
    def _parse_repair(self, args: Args) -> dict[str, Any]:
        tech = self.engine.module("technical") if self.engine.has_module("technical") else None
        if args.has("component"):
            from kaleun.uboot.crew.technical import COMPONENTS

            component = args.str("component", choices=list(COMPONENTS))
            bonus = args.int("card", default=0, lo=0, hi=2)
            advanced = args.bool("advanced", default=False)
            job = tech.job(component) if tech else None
            required = job.required if job else 1
            in_play = job.bonus if job else 0  # a card already played on this repair (§10.3.3)
            sailors = args.int("crew", default=max(1, required - (bonus or in_play)), lo=1, hi=6)
            section = int(COMPONENTS[component]["section"])
            return {"target": "technical", "component": component, "section": section, "sailors": sailors,
                    "card": bonus, "advanced": advanced}
        if args.has("breach"):
            section = args.int("breach", lo=1, hi=6)
            # §10.3.8: the Chief Engineer may play one engineer card while sealing a breach (+1/+2 crew)
            return {"target": "breach", "section": section, "card": args.int("card", default=0, lo=0, hi=2)}
        if not args.has("condition"):  # nothing named (it said only "needs the field 'condition'"): what can be
            # the examples are fields, so a console names them in the words its table types
            raise CommandError(Msg("{command}: say what to repair: a component ({component}), a condition in a "
                                   "section ({condition}) or a hull breach ({breach})", command=args.name,
                                   component="component=radio", condition="condition=fire section=3",
                                   breach="breach=3"))
        condition = args.str("condition", choices=list(CONDITIONS))
        section = args.int("section", lo=1, hi=6)
        return {"target": "condition", "condition": condition, "section": section}

    def _check_repair(self, p: dict[str, Any]) -> Msg | None:
        """Why the repair is refused: the first of its refusals."""
        return next(self._repair_refusals(p), None)

    def _repair_refusals(self, p: dict[str, Any]) -> Iterator[Msg]:
        """Every reason the repair is refused for now, first the one that refuses it (the order assistant names
        them all: a breach already crewed and an engineer card without its toolbox). Nothing to repair, or a
        repair that cannot be made at all, is said alone: nothing else to put right. Changes nothing."""
        section = p["section"]
        if p["target"] == "technical":
            tech = self.engine.module("technical") if self.engine.has_module("technical") else None
            job = tech.job(p["component"]) if tech else None
            component = p["component"]
            name = Msg.term(component_name(component))
            many = is_plural(component)
            if job is None:
                yield (Msg("the {component} have no technical condition to repair", component=name) if many
                       else Msg("the {component} has no technical condition to repair", component=name))
                return
            if job.sailors:
                yield (Msg("the {component} are already being repaired", component=name) if many
                       else Msg("the {component} is already being repaired", component=name))
            if p["card"] and job.bonus:
                yield Msg("an engineer card is already in play on this repair (one card per repair)")
            elif p["card"] and not self._toolbox_in(section):
                yield Msg("an engineer card needs its toolbox in section {section}", section=section)
            return
        if p["target"] == "breach":
            breach = self.breaches.open.get(section)
            if breach is None:
                yield Msg("there is no hull breach in section {section}", section=section)
                return
            if breach["result"] == "failed":  # §10.3.7: the Chief Engineer has failed and stops at once
                yield Msg("the puzzle for section {section} failed: evacuate the section", section=section)
                return
            if breach["crewed"]:
                yield Msg("the repair crew for the breach in section {section} is already at work", section=section)
            if p["card"]:
                if not self._toolbox_in(section):
                    yield Msg("an engineer card needs its toolbox in section {section}", section=section)
                if not any("repair" in m.face.symbols and m.state.free >= 1 for m in self.members(section)):
                    yield Msg("an engineer card needs a sailor with the repair symbol in the repair crew (section "
                              "{section})", section=section)
            return
        condition = p["condition"]
        spec = CONDITIONS[condition]
        what = Msg.term(spec["name"])
        if self.hazards.find(condition, section) is None:
            yield Msg("there is no {condition} in section {section}", condition=what, section=section)
            return
        if spec.get("vented_by_surfacing"):
            yield Msg("{condition} cannot be repaired: surface the boat to vent it", condition=what)
            return
        item = spec["equipment"]
        where = self.hazards.items.get(item)
        if where != section:
            tool = self.hazards.item_term(item)
            if where is None:
                yield Msg("repairing the {condition} needs the {item} in section {section}; the chip went down with a "
                          "flooded section",
                          condition=what, item=tool, section=section)
            else:
                yield Msg("repairing the {condition} needs the {item} in section {section}; the chip lies in section "
                          "{where}", condition=what, item=tool, section=section, where=where)

    def _toolbox_in(self, section: int) -> bool:
        """Is a toolbox chip in the section (an engineer card is played with it, §10.3.3)?"""
        return any(k.startswith("toolbox") and s == section for k, s in self.hazards.items.items())

    def _describe_repair(self, p: dict[str, Any]) -> Msg:
        if p["target"] == "technical":
            return Msg("repair the {component}", component=Msg.term(component_name(p["component"])))
        if p["target"] == "breach":
            if p.get("card"):
                return Msg("seal the hull breach in section {section} with an engineer card (+{card})",
                           section=p["section"], card=p["card"])
            return Msg("seal the hull breach in section {section}", section=p["section"])
        condition = Msg.term(CONDITIONS[p["condition"]]["name"])
        return Msg("repair the {condition} in section {section}", condition=condition, section=p["section"])

    def _repair(self, p: dict[str, Any]) -> None:
        if p["target"] == "technical":
            component = p["component"]
            crew = self.repair_crew(component)
            bonus = p["card"]
            if bonus and not any("repair" in self.face(f).symbols for f in crew):
                bonus = 0
                self.emit("card_note", feed=Msg("An engineer card needs a repair specialist in the repair crew: "
                                                "the card has no effect."), component=component)
            elif bonus and p.get("advanced") and not any(self.face(f).most_experienced for f in crew):
                self.emit("card_note", feed=Msg("The card's advanced effect needs the most experienced sailor in the "
                                                "repair crew: only its basic effect applies."), component=component)
            tech = self.engine.module("technical")
            if not p["card"]:  # a card played on this repair stays in play until it is done (§10.3.3)
                bonus = tech.job(component).bonus
            tech.set_crew(component, 0, bonus)
            self.repairs.add(component)
            job = tech.job(component)
            name = Msg.term(component_name(component))
            if bonus:
                feed = Msg.plural("Repair of the {component} under way: {n} sailor (+{bonus} card) of {required} "
                                  "needed.", "Repair of the {component} under way: {n} sailors (+{bonus} card) of "
                                  "{required} needed.", n=len(crew), component=name, bonus=bonus,
                                  required=job.required)
            else:
                feed = Msg.plural("Repair of the {component} under way: {n} sailor of {required} needed.",
                                  "Repair of the {component} under way: {n} sailors of {required} needed.",
                                  n=len(crew), component=name, required=job.required)
            self.emit("technical_repair_started", feed=feed,
                      component=component, sailors=crew, card=bonus, required=job.required,
                      progress=round(tech.progress(component), 3))
            self.sync_repair(component)
        elif p["target"] == "breach":
            self.breaches.crewed(p["section"])
        else:
            chip = self.hazards.find(p["condition"], p["section"])
            if chip is not None:
                self.hazards.remove(chip, "repaired")

    # first aid
    def _parse_first_aid(self, args: Args) -> dict[str, Any]:
        raw = args.any("patients") if args.has("patients") else [args.str("patient")]
        if (not isinstance(raw, list) or not raw or any(p not in FIGURES for p in raw)
                or len(set(raw)) != len(raw)):
            raise CommandError(Msg("{command}: patients must be a list of different figures, got {value}",
                                   command=args.name, value=figures_said(raw)))
        if not args.has("medic"):  # the crew engine chooses him: a first-aid specialist there first
            return {"patients": list(raw)}
        medic = args.any("medic")
        if not isinstance(medic, str) or medic not in FIGURES:
            raise CommandError(Msg("{command}: medic must be a figure, got {value}", command=args.name,
                                   value=repr(medic)))
        return {"patients": list(raw), "medic": medic}

    def _check_first_aid(self, p: dict[str, Any]) -> Msg | None:
        """Why the first aid is refused: the first of its refusals."""
        return next(self._first_aid_refusals(p), None)

    def _first_aid_refusals(self, p: dict[str, Any]) -> Iterator[Msg]:
        """Every reason the first aid is refused for now, first the one that refuses it (the order assistant names
        them all: each patient who cannot be treated, the medic away from them, the chest short). Changes
        nothing."""
        patients = p["patients"]
        places: set[int] = set()
        treatable = True
        for f in patients:
            if self.sailor(f).dead:
                yield Msg("{sailor} is dead", sailor=self.label(f))
                treatable = False
                continue
            where = self.pos[f]
            if where is None:
                yield Msg("{figure} is not on the model", figure=figure_term(f))
                treatable = False
                continue
            places.add(where)
            if not self.health.untreated(f):
                yield Msg("{sailor} has no untreated ailment", sailor=self.label(f))
                treatable = False
        if len(places) > 1:
            yield Msg("the medic treats patients in his own section only: the patients stand in different sections")
        medic = p.get("medic")
        if medic is not None:  # the sailor the players chose gives it, with his patients (§8.6)
            where = self.pos[medic]
            if self.sailor(medic).dead:
                yield Msg("{sailor} is dead", sailor=self.label(medic))
            elif where is None:
                yield Msg("{figure} is not on the model", figure=figure_term(medic))
            elif len(places) == 1:
                away = self._medic_away(medic, next(iter(places)))
                if away is not None:
                    yield away
        if treatable:  # the chest is reckoned for patients who can be treated
            short = self.health.shortage(patients)
            if short is not None:
                yield short

    def _medic_away(self, medic: str, section: int) -> Msg | None:
        """Why the medic the players named cannot treat patients in `section`: he stands elsewhere, or his figure
        was moved there without a legal Mobilize and he still counts where he was (§6.4). None: he is there."""
        where = self.pos[medic]
        if where is None or where == section:
            return None
        flag = self.moves.flags.get(medic)
        if flag is not None and flag.get("to") == section:  # his figure is there, the sailor is not (§6.4)
            return Msg("the medic {sailor} moved to section {to} without a legal Mobilize and still counts in "
                       "section {section}", sailor=self.label(medic), to=flag["to"], section=where)
        return Msg("the medic {sailor} stands in section {section}, not with the patients in section {patients}",
                   sailor=self.label(medic), section=where, patients=section)

    # meals
    def _parse_meal(self, args: Args) -> dict[str, Any]:
        from kaleun.uboot.crew.food import positions

        take = positions(args.any("take"), "take") if args.has("take") else None
        swap = positions(args.any("swap"), "swap", 2, 2) if args.has("swap") else None
        replace = positions(args.any("replace"), "replace", 1, 1)[0] if args.has("replace") else None
        lemon = positions(args.any("lemon"), "lemon", 1, 1)[0] if args.has("lemon") else None
        if swap is not None and replace is not None:
            raise CommandError(Msg("{command}: swap two chips or replace one, not both", command=args.name))
        return {"take": take, "swap": swap, "replace": replace, "lemon": lemon}

    def _check_meal(self, p: dict[str, Any]) -> Msg | None:
        return self.food.problem(p["take"], p["swap"], p["replace"], p["lemon"])

    def _meal(self, p: dict[str, Any]) -> None:
        self.food.prepare(p["take"], p["swap"], p["replace"], p["lemon"])

    # -- commands ------------------------------------------------------------------------------------
    def commands(self) -> Mapping[str, Handler]:
        return corrections.handlers(self)

    # -- events from the rest of the game ---------------------------------------------------------------
    def on_event(self, event: Event) -> None:
        name, d = event.name, event.data
        if self.over:  # the crew is gone or home: nothing happens to it any more
            if name == "damage":
                self.emit("damage_ignored", feed=Msg("Damage ignored: the mission is over."), kind=d.get("kind"),
                          reason=Msg("the mission is over"))
            return
        if name == "figure_placed":
            figure, section = d.get("figure"), d.get("section")
            if figure in self.pos and isinstance(section, int):
                self.moves.on_placed(figure, section)
                self.after_crew_change()
            return
        self.undo.clear()
        if name == "watch_change":
            hand_over(self)
        elif name == "boat_submerged":
            self._dive()
        elif name == "boat_surfaced":
            self.hazards.vent_gas()
        elif name == "damage":
            self._damage(d)
        elif name == "ship_sunk":
            # a ship the crew never had as a contact has no contact (`ship` null): say "a ship"
            seen = d.get("ship")
            self.change_morale(MORALE_CHANGES["ship_sunk"], Msg("{ship} sunk", ship=seen or Msg("a ship")))
        elif name == "technical_repaired":
            component = d["component"]
            for f in self.repair_crew(component):
                self.sailor(f).flip_busy_chip()
            self.repairs.discard(component)
            self.after_crew_change()
        elif name == "technical_condition" and d.get("escalated") and d["component"] in self.repairs:
            self.sync_repair(d["component"])

    def _dive(self) -> None:
        victims = [f for f in FIGURES if self.pos[f] in sections.OUTSIDE and not self.sailor(f).dead]
        for f in victims:
            self.kill(f, None, Msg("left outside when the boat dived"), morale=False, announce=False)
        if victims:
            loss = min(int(MORALE_CHANGES["dive_deaths_cap"]), -MORALE_CHANGES["sailor_killed"] * len(victims))
            self.change_morale(-loss, Msg.plural("{n} sailor lost in the dive", "{n} sailors lost in the dive",
                                                 n=len(victims)))
            self.after_crew_change()

    def _damage(self, d: Mapping[str, Any]) -> None:
        kind = d.get("kind")
        cause = str(d.get("cause", "enemy action"))
        try:
            if kind == "environmental":
                self.hazards.place(d["condition"], int(d["section"]), cause)
            elif kind == "hull_breach":
                self.breaches.breach(int(d["section"]), cause)
            elif kind == "crew":
                from kaleun.uboot.crew.damage import crew_damage

                # each section resolves separately; 7 and 8 count as one (§6.12)
                for where in sorted({sections.damage_group(int(sec)) for sec in d["sections"]}):
                    exposed = [m.figure for s in where for m in self.members(s)]
                    crew_damage(self, where, exposed, 1, "wounds", Msg("enemy attack"), cause)
            elif kind != "technical":
                log.warning("ignored damage of unknown kind %r", kind)
        except (KeyError, TypeError, ValueError) as exc:
            log.warning("ignored malformed damage %r (%s)", dict(d), exc)
        self.after_crew_change()

    # -- time -------------------------------------------------------------------------------------------
    def next_wake(self) -> float | None:
        if self.over:
            return None
        times = [t for t in (self.food.next_call, self.food.next_reminder(), self.breaches.next_wake())
                 if t is not None]
        return min(times) if times else None

    def wake(self, now: float) -> None:
        if not self.over:
            self.food.remind(now)  # only a feed line: the crew's last actions can still be undone
        breach = self.breaches.next_wake()
        meal = self.food.next_call
        if (breach is None or breach > now) and (meal is None or meal > now):
            return
        self.undo.clear()
        self.breaches.wake(now)
        if self.food.next_call is not None and self.food.next_call <= now:
            self.food.next_call = self.engine.clock.next_time_of_day(now, (MEAL_HOUR,))
            self.food.meal_call()

    # -- state ------------------------------------------------------------------------------------------
    def status(self) -> dict[str, Any]:
        states = self.states[self.row]
        sailors = {}
        for f in FIGURES:
            st = states[f]
            sailors[f] = {"sailor": self.sid(f), "name": self.face(f).name, "symbols": sorted(self.face(f).symbols),
                          "section": self.pos[f], "chips": list(st.chips), "task": st.task, "dead": st.dead,
                          "ailments": [dict(a) for a in st.ailments]}
        return {"rules": self.rules, "watch": self.row + 1, "bars": self.bars.status(), "lookouts": self.lookouts(),
                "mobilization": self.moves.open, "unsettled": self.moves.unsettled(),
                "sailors": sailors, **self.hazards.status(), **self.breaches.status(), "food": self.food.status(),
                "health": self.health.status(), "cigarettes": dict(self.cigarettes.left),
                "difficulty": dict(self.difficulty), "easy_watch_change": dict(self.easy),
                "captain_hand": int(self.level("captain")["captain_hand"]),
                "undo": self.undo.last, "repairs": sorted(self.repairs)}

    def _state(self, with_undo: bool = True, like: Mapping[str, Any] | None = None) -> dict[str, Any]:
        """The crew's state. `like`: an earlier state (an undo entry's) whose sailors' states are shared where
        a sailor is still exactly so (the saved states are never changed, so sharing them is safe)."""
        if like is None:
            sailors = [{f: s.to_state() for f, s in states.items()} for states in self.states]
        else:
            sailors = [{f: old if s.saved_as(old := before[f]) else s.to_state() for f, s in states.items()}
                       for states, before in zip(self.states, like["sailors"], strict=True)]
        out = {
            "rules": self.rules, "row": self.row, "faces": {r: list(v) for r, v in self.faces.items()},
            "difficulty": dict(self.difficulty), "easy": dict(self.easy), "pos": dict(self.pos),
            "sailors": sailors,
            "returning": sorted(self.returning), "repairs": sorted(self.repairs), "bars": self.bars.to_state(),
            "moves": self.moves.to_state(), "hazards": self.hazards.to_state(), "breaches": self.breaches.to_state(),
            "health": self.health.to_state(), "food": self.food.to_state(),
            "cigarettes": self.cigarettes.to_state(), "lookouts": self.announced_lookouts,
            "ended": self._ended,
        }
        if with_undo:
            out["undo"] = self.undo.to_state()
        return out

    def to_state(self) -> dict[str, Any]:
        return self._state()

    def check_state(self, state: Any, path: str) -> None:
        check_crew_state(state, path)

    def _load(self, state: Mapping[str, Any]) -> None:
        if state["rules"] not in CREW_RULES:
            raise ValueError(f"unknown crew rules {state['rules']!r}")
        self.rules = state["rules"]
        self.row = int(state["row"])
        self.faces = {r: [int(x) for x in state["faces"][r]] for r in ROLES}
        self._faces = None
        self.difficulty = {r: state["difficulty"][r] for r in ROLES}
        if any(v not in LEVELS for v in self.difficulty.values()):
            raise ValueError(f"unknown difficulty in {self.difficulty}")
        self.easy = {r: bool(state["easy"][r]) for r in ROLES}
        self.pos = {f: None if state["pos"][f] is None else int(state["pos"][f]) for f in FIGURES}
        self.states = [{f: SailorState.from_state(row[f]) for f in FIGURES} for row in state["sailors"]]
        self.returning = set(state["returning"])
        self.repairs = set(state["repairs"])
        self.bars.load_state(state["bars"])
        self.moves.load_state(state["moves"])
        self.hazards.load_state(state["hazards"])
        self.breaches.load_state(state["breaches"])
        self.health.load_state(state["health"])
        self.food.load_state(state["food"])
        self.cigarettes.load_state(state["cigarettes"])
        self.announced_lookouts = int(state["lookouts"])
        self._ended = bool(state.get("ended", False))  # saves from before it was kept: False

    def load_state(self, state: Mapping[str, Any]) -> None:
        self._load(state)
        self.undo.load_state(state.get("undo", []))


#: the orders whose whole effect is the crew's own bookkeeping, which an undo takes back with the rest
CREW_ONLY_ORDERS = ("mobilize", "repair", "first_aid", "address_crew", "prepare_meal")
_ORDER_IDS = {name: order for order, name in ORDER_NAMES.items()}


def _acted_at_sea(label: Any) -> bool:
    """Whether an undo entry is an order that also acted on the boat, her weapons or sensors (speed, course,
    a torpedo fired...): an undo takes back only its chips and payment (§6.14)."""
    if not isinstance(label, Mapping) or label.get("msg") != "{order} order":
        return False
    name = label.get("values", {}).get("order")
    order = _ORDER_IDS.get(str(name.get("msg") if isinstance(name, Mapping) else name))
    return order is not None and order not in CREW_ONLY_ORDERS
