"""The crew's commands: damage, corrections a First Officer enters in seconds, undo, and the
free actions of the table (smoke breaks, carried chips, the hull-breach puzzle...).

Every command is an ordinary game command: logged, replayable, usable from table scripts.
Each one (except `damage`, `crew_options` and `undo`) can be taken back with `undo`; one the rules
refuse changes nothing and keeps no undo entry. Once the mission is over all of them but `damage`
(ignored by the crew) and `crew_options` are refused.

    damage          {"kind": "environmental", "condition": "fire", "section": 5, "cause": "..."}
                    {"kind": "hull_breach", "section": 4} / {"kind": "crew", "sections": [7, 8]}
                    {"kind": "technical", "component": "diesels", "severity": "failure"}
    adjust_morale   {"by": -1, "why": "morale card"}          morale +-N (cards drawn as usual)
    adjust_command  {"by": 2, "why": "captain card"}           command bar +-N fields (+ = more orders)
    ailment         {"figure": F | "sailor": "F/2" | "injury": N, "deck": "burns", "wounds": 1,
                     "exhaustion": 0, "activation": 1, "forbid": ["gun_88"], "supplies": ["ointment"]}
    cure            {"figure": F, "ailment": N}                a card discarded (card effect)
    chips           {"figure": F, "add": N} / {"figure": F, "remove": N}   activation chips
    kill            {"figure": F, "why": "..."}
    move_item       {"item": "extinguisher" | "toolbox_1" ..., "section": 3}
    undo            {}
    end_mobilize    {}                                         "crew in position"
    move_fix        {"figure": F, "choice": "mobilize" | "put_back"}
    carry           {"figure": F, "item": "cables", "to": 6}   a chip carried in the mobilization
    puzzle          {"section": 4, "result": "solved" | "failed"}
    smoke           {"roles": ["navigator"], "sailors": [F, ...]}
    cook            {"take": [2, 5], "lemon": 6}               finish a meal after a swap/replace
    join_task       {"task": "observation", "figures": [F, ...] | "count": N}
                    {"task": "repair", "component": C, "figures": [F, ...]}
    stop_task       {"figure": F}
    first_aid_kit   {}                                          open a refill kit (linked missions)
    crew_options    {"rules": "enforce" | "advise", "difficulty": {"captain": "easy"},
                     "easy_watch_change": {"captain": true}, "linked_missions": 2, "wear": true}
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from kaleun.core.args import Args, wholes
from kaleun.core.errors import CommandError
from kaleun.core.messages import Msg, command_word, join
from kaleun.uboot.crew import food as food_rules
from kaleun.uboot.crew.bars import COMMAND_LAST, MORALE_LAST
from kaleun.uboot.crew.hazards import CONDITIONS, ITEMS
from kaleun.uboot.crew.health import DECKS, SUPPLIES
from kaleun.uboot.crew.requirements import Group
from kaleun.uboot.crew.roster import FIGURES, ROLES
from kaleun.uboot.crew.sailors import MAX_CHIPS, parse_sailor_id
from kaleun.uboot.crew.staffing import Pick, staff_group
from kaleun.uboot.crew.technical import component_name
from kaleun.uboot.figures import figure_term, figures_said
from kaleun.uboot.orders import ORDER_NAMES

if TYPE_CHECKING:
    from kaleun.uboot.crew.module import Crew

DAMAGE_KINDS = ("environmental", "hull_breach", "crew", "technical")


def _figure_list(args: Args, key: str) -> list[str] | None:
    if not args.has(key):
        return None
    raw = args.any(key)
    if not isinstance(raw, list) or any(f not in FIGURES for f in raw) or len(set(raw)) != len(raw):
        raise CommandError(Msg("{command}: {field} must be a list of different figures, got {got}",  # the field
                               command=command_word(args.name),  # as the console types it (`figuren`)
                               field=key, got=figures_said(raw)))
    return raw


def lookout_fields(args: Args) -> dict[str, Any]:
    """Who goes on lookout (§9.3 leaves the number to the players): `figures` (these sailors) or
    `count` (how many). Neither: the observation specialists on the bridge."""
    figures = _figure_list(args, "figures")
    count = args.int("count", default=None, lo=1, hi=6)
    if figures is not None and count is not None:
        raise CommandError(Msg("{command}: give the lookouts' figures or their count, not both",
                               command=command_word(args.name)))
    if figures is not None and not figures:
        raise CommandError(Msg("{command}: figures must name at least one sailor",
                               command=command_word(args.name)))
    out: dict[str, Any] = {}
    if figures is not None:
        out["figures"] = figures
    if count is not None:
        out["count"] = count
    return out


def _str_list(args: Args, key: str, choices: Mapping[str, Any] | tuple[str, ...]) -> list[str]:
    raw = args.any(key, default=[])
    if not isinstance(raw, list) or any(not isinstance(x, str) or x not in choices for x in raw):
        raise CommandError(Msg("{command}: {key} must be a list of: {choices}; got {got}",
                               command=command_word(args.name), key=key,
                               choices=", ".join(choices), got=repr(raw)))
    return raw


def handlers(crew: Crew) -> dict[str, Callable[[Args], None]]:
    def who(args: Args) -> tuple[str, int, dict[str, Any] | None]:
        """The sailor a command names: `figure` (on duty), `sailor` ("F/1", "F/2") or `injury` (its id)."""
        if args.has("injury"):
            injury = crew.health.injury(args.int("injury", lo=1))
            if injury is None:
                raise CommandError(Msg("{command}: no injury {injury} is waiting for its card",
                                       command=command_word(args.name),
                                       injury=str(args.raw["injury"])))
            figure, row = parse_sailor_id(injury["sailor"])
            return figure, row, injury
        if args.has("sailor"):
            text = args.str("sailor")
            try:
                figure, row = parse_sailor_id(text)
            except ValueError:
                figure, row = "", -1
            if figure not in FIGURES or row not in (0, 1):
                raise CommandError(Msg("{command}: sailor '{sailor}' is not <figure>/1 or <figure>/2",
                                       command=command_word(args.name), sailor=text))
            return figure, row, None
        return args.str("figure", choices=FIGURES), crew.row, None

    def damage(args: Args) -> None:
        kind = args.str("kind", choices=DAMAGE_KINDS)
        fields: dict[str, Any] = {"kind": kind, "cause": args.str("cause", default="script")}
        if kind == "environmental":
            fields["condition"] = args.str("condition", choices=list(CONDITIONS))
            fields["section"] = args.int("section", lo=1, hi=6)
        elif kind == "hull_breach":
            fields["section"] = args.int("section", lo=1, hi=6)
        elif kind == "crew":
            raw = args.any("sections", default=[7, 8])
            sections = wholes(raw)  # 7 or 7.0
            if not sections or any(not 1 <= s <= 8 for s in sections):
                raise CommandError(Msg("{command}: sections must be a list of sections 1-8, got {got}",
                                       command=command_word("damage"), got=repr(raw)))
            fields["sections"] = sections
        else:
            from kaleun.uboot.crew.technical import COMPONENTS, SEVERITIES

            fields["component"] = args.str("component", choices=list(COMPONENTS))
            fields["severity"] = args.str("severity", choices=SEVERITIES)
        args.finish()
        crew.emit("damage", **fields)

    def ready(action: str, label: Msg | None, reason: Msg | None = None) -> bool:
        """Checks passed: keep an undo snapshot (`label`) and go on. Otherwise refuse the action
        (the mission is over, or `reason`) and change nothing, the undo history included."""
        if crew.over:
            crew.refuse(action, Msg("the mission is over"))
            return False
        if reason is not None:
            crew.refuse(action, reason)
            return False
        if label is not None:
            crew.snapshot(label)
        return True

    def adjust_morale(args: Args) -> None:
        by = args.int("by", lo=-11, hi=11)
        why = _why(args.str("why", default="correction"))
        args.finish()
        unmoved = _unmoved(by, crew.bars.morale, MORALE_LAST,
                           Msg("morale already stands at XI: it never rises past XI"),
                           Msg("morale already stands on its last field: a loss never pushes the marker off the bar"))
        if ready("adjust_morale", Msg("morale {by:+d}", by=by), unmoved):
            crew.change_morale(by, why)

    def adjust_command(args: Args) -> None:
        by = args.int("by", lo=-8, hi=8)
        why = _why(args.str("why", default="correction"))
        args.finish()
        unmoved = _unmoved(by, crew.bars.command, COMMAND_LAST,
                           Msg("the command bar already stands at VIII: it never moves back past VIII"),
                           Msg("the command bar already stands on its last field"))
        if ready("adjust_command", Msg("command bar {by:+d}", by=by), unmoved):
            crew.adjust_command(by, why)

    def ailment(args: Args) -> None:
        figure, row, injury = who(args)
        deck = args.str("deck", default=injury["deck"] if injury else None, choices=[*DECKS, "event", "morale"])
        wounds = args.int("wounds", default=0, lo=0, hi=2)
        exhaustion = args.int("exhaustion", default=0, lo=0, hi=MAX_CHIPS)
        activation = args.int("activation", default=0, lo=0, hi=MAX_CHIPS)
        forbid = _str_list(args, "forbid", ORDER_NAMES)
        supplies = _str_list(args, "supplies", SUPPLIES)
        note = args.str("note", default="")
        args.finish()
        dead = crew.health.dead_problem(figure, row)
        if not ready("ailment", Msg("ailment on {figure}", figure=figure_term(figure)), dead):
            if dead is not None and injury is not None and not crew.over:
                crew.health.drop_injury(injury)  # its card can never be entered
            return
        crew.health.add(figure, row, deck, wounds, exhaustion, activation, forbid, supplies, note, injury)

    def cure(args: Args) -> None:
        figure, row, _ = who(args)
        ailment_id = args.int("ailment", default=None, lo=1)
        args.finish()
        ailment = crew.health.find(figure, row, ailment_id)
        if ready("cure", Msg("ailment of {figure} removed", figure=figure_term(figure)),
                 None if ailment is not None else Msg("{sailor} has no such ailment", sailor=crew.label(figure, row))):
            crew.health.remove(figure, row, ailment)  # type: ignore[arg-type]

    def chips(args: Args) -> None:
        figure, row, _ = who(args)
        add = args.int("add", default=0, lo=0, hi=MAX_CHIPS)
        remove = args.int("remove", default=0, lo=0, hi=MAX_CHIPS)
        args.finish()
        if bool(add) == bool(remove):
            raise CommandError(Msg("{command}: give either add or remove, a number 1-3",
                                   command=command_word("chips")))
        state = crew.sailor(figure, row)
        problem: Msg | None = None
        if state.dead:
            problem = Msg("{sailor} is dead", sailor=crew.label(figure, row))
        elif add and not state.free:
            problem = Msg("{sailor} has no free activation slot (3 chips at most)", sailor=crew.label(figure, row))
        elif remove and not state.count("A"):
            problem = Msg("{sailor} has no activation chip to remove", sailor=crew.label(figure, row))
        if not ready("chips", Msg("chips on {figure}", figure=figure_term(figure)), problem):
            return
        if add:
            done = min(add, state.free)
            state.chips.extend("A" * done)
        else:
            done = 0
            while done < remove and state.drop("A"):
                done += 1
        if add:
            feed = Msg.plural("{sailor}: {n} activation chip added ({chips} on his slots).",
                              "{sailor}: {n} activation chips added ({chips} on his slots).", n=done,
                              sailor=crew.label(figure, row), chips=len(state.chips))
        else:
            feed = Msg.plural("{sailor}: {n} activation chip removed ({chips} on his slots).",
                              "{sailor}: {n} activation chips removed ({chips} on his slots).", n=done,
                              sailor=crew.label(figure, row), chips=len(state.chips))
        crew.emit("chips", feed=feed,
                  figure=figure, sailor=crew.sid(figure, row), added=done if add else 0,
                  removed=0 if add else done, chips=list(state.chips))

    def kill(args: Args) -> None:
        figure, row, _ = who(args)
        why = _why(args.str("why", default="correction"))
        args.finish()
        dead = (Msg("{sailor} is already dead", sailor=crew.label(figure, row)) if crew.sailor(figure, row).dead
                else None)
        if ready("kill", Msg("{figure} killed", figure=figure_term(figure)), dead):
            crew.kill(figure, row, why)

    def move_item(args: Args) -> None:
        item = args.str("item", choices=ITEMS)
        section = args.int("section", lo=1, hi=6)
        args.finish()
        if ready("move_item", Msg("{item} moved", item=crew.hazards.item_term(item)),
                 Msg("section {section} is flooded", section=section) if section in crew.flooded else None):
            crew.hazards.move_item(item, section, Msg("correction"))

    def undo(args: Args) -> None:
        args.finish()
        if ready("undo", None):
            crew.take_back()

    def end_mobilize(args: Args) -> None:
        args.finish()
        if ready("end_mobilize", Msg("end of the mobilization"),
                 None if crew.moves.open else Msg("no mobilization is open")):
            crew.moves.end("crew in position")

    def move_fix(args: Args) -> None:
        figure = args.str("figure", choices=FIGURES)
        choice = args.str("choice", choices=["mobilize", "put_back"])
        args.finish()
        if ready("move_fix", None):
            crew.moves.fix(figure, choice)

    def carry(args: Args) -> None:
        figure = args.str("figure", choices=FIGURES)
        item = args.str("item", choices=ITEMS)
        to = args.int("to", default=None, lo=1, hi=8)
        args.finish()
        target = crew.moves.carry_problem(figure, item, to)
        if ready("carry", Msg("{item} carried", item=crew.hazards.item_term(item)),
                 target if isinstance(target, Msg) else None):
            crew.moves.carry(figure, item, target)  # type: ignore[arg-type]

    def puzzle(args: Args) -> None:
        section = args.int("section", lo=1, hi=6)
        result = args.str("result", choices=["solved", "failed"])
        args.finish()
        if ready("puzzle", Msg("puzzle result"), crew.breaches.result_problem(section)):
            crew.breaches.result(section, result == "solved")

    def smoke(args: Args) -> None:
        if args.has("role"):
            roles = [args.str("role", choices=ROLES)]
        else:
            roles = _str_list(args, "roles", tuple(ROLES))
            if not roles or len(set(roles)) != len(roles):
                # the roles as the table says them, the example as a console types it (`rollen=kapitän,offizier`)
                raise CommandError(Msg("{command}: name who spends a cigarette: a player's role ({roles}), or "
                                       "several as {example}, each once", command=command_word(args.name),
                                       roles=join([Msg.term(r) for r in ROLES]), example="roles=captain,officer"))
        sailors = _figure_list(args, "sailors")
        args.finish()
        chosen = crew.cigarettes.plan(roles, sailors)
        if ready("smoke", Msg("smoke break"), chosen if isinstance(chosen, Msg) else None):
            crew.cigarettes.smoke(roles, chosen)  # type: ignore[arg-type]

    def cook(args: Args) -> None:
        take = food_rules.positions(args.any("take"), "take")
        lemon = food_rules.positions(args.any("lemon"), "lemon", 1, 1)[0] if args.has("lemon") else None
        args.finish()
        if ready("cook", Msg("meal"), crew.food.cook_problem(take, lemon)):
            crew.food.cook(take, lemon)

    def join_task(args: Args) -> None:
        task = args.str("task", choices=["observation", "repair"])
        component = None
        count = None
        if task == "repair":
            from kaleun.uboot.crew.technical import COMPONENTS

            component = args.str("component", choices=list(COMPONENTS))
            figures = _figure_list(args, "figures")
        else:
            lookouts = lookout_fields(args)
            figures, count = lookouts.get("figures"), lookouts.get("count")
        args.finish()
        plan = _join_plan(crew, task, component, figures, count)
        joined = Msg("observation joined") if task == "observation" else Msg("repair joined")
        if ready("join_task", joined, plan if isinstance(plan, Msg) else None) and not isinstance(plan, Msg):
            _join(crew, task, component, *plan)

    def stop_task(args: Args) -> None:
        figure = args.str("figure", choices=FIGURES)
        args.finish()
        if ready("stop_task", Msg("{figure} stood down", figure=figure_term(figure)),
                 None if crew.sailor(figure).busy else Msg("{sailor} has no task", sailor=crew.label(figure))):
            crew.stop_task(figure, Msg("stood down"))

    def first_aid_kit(args: Args) -> None:
        args.finish()
        if ready("first_aid_kit", Msg("refill kit"), crew.health.refill_problem()):
            crew.health.refill()

    def crew_options(args: Args) -> None:
        from kaleun.uboot.crew.module import CREW_RULES, LEVELS

        rules = args.str("rules", default=None, choices=CREW_RULES)
        difficulty = args.any("difficulty", default={})
        easy = args.any("easy_watch_change", default={})
        linked = args.int("linked_missions", default=None, lo=0, hi=20)
        wear = args.bool("wear") if args.has("wear") else None
        args.finish()
        if not isinstance(difficulty, Mapping) or any(r not in ROLES or v not in LEVELS for r, v in difficulty.items()):
            raise CommandError(Msg("{command}: difficulty maps roles ({roles}) to levels ({levels}), got {got}",
                                   command=command_word("crew_options"), roles=", ".join(ROLES),
                                   levels=", ".join(LEVELS), got=repr(difficulty)))
        if not isinstance(easy, Mapping) or any(r not in ROLES or not isinstance(v, bool) for r, v in easy.items()):
            raise CommandError(Msg("{command}: easy_watch_change maps roles to true/false, got {got}",
                                   command=command_word("crew_options"), got=repr(easy)))
        # the settings are no crew action: never taken back, and no undo reaches back past them (an earlier
        # snapshot would put the old settings back with it)
        crew.undo.clear()
        if rules is not None:
            crew.rules = rules
        crew.difficulty.update(difficulty)
        for role, on in easy.items():
            if on and not crew.level(role)["easy_watch_change"]:
                crew.refuse("crew_options", Msg("the easy watch change is for roles on an easy difficulty; the {role} "
                                                "plays {level}", role=Msg.term(role),
                                                level=Msg.term(crew.difficulty[role])))
                continue
            crew.easy[role] = on
        # a role no longer on an easy difficulty loses the easy watch change with it (§6.8 optional rule)
        lapsed = [r for r in ROLES if crew.easy[r] and not crew.level(r)["easy_watch_change"]]
        for role in lapsed:
            crew.easy[role] = False
        if linked is not None:  # a refill kit per mission after the first (§5.2)
            crew.health.kits = max(0, linked - 1)
        tech = crew.engine.module("technical") if crew.engine.has_module("technical") else None
        if tech is not None and (wear is not None or "engineer" in difficulty):
            tech.set_wear(tech.wear if wear is None else wear, float(crew.level("engineer")["wear_factor"]))
        told = {"feed": Msg("The easy watch change is for roles on an easy difficulty only: the crew tiles of "
                            "the {roles} flip again at the watch change.", roles=join([Msg.term(r) for r in lapsed]))
                } if lapsed else {}
        crew.emit("crew_options", **told, rules=crew.rules, difficulty=dict(crew.difficulty),
                  easy_watch_change=dict(crew.easy), refill_kits=crew.health.kits,
                  wear=None if tech is None else tech.wear)

    return {"damage": damage, "adjust_morale": adjust_morale, "adjust_command": adjust_command,
            "ailment": ailment, "cure": cure, "chips": chips, "kill": kill, "move_item": move_item, "undo": undo,
            "end_mobilize": end_mobilize, "move_fix": move_fix, "carry": carry, "puzzle": puzzle, "smoke": smoke,
            "cook": cook, "join_task": join_task, "stop_task": stop_task, "first_aid_kit": first_aid_kit,
            "crew_options": crew_options}


def _unmoved(by: int, index: int, last: int, at_top: Msg, at_last: Msg) -> Msg | None:
    """Why a correction of a bar would change nothing (§7.2, §7.4: a marker never leaves its bar), or None.
    `index` counts fields from the bar's top (XI for morale, VIII for the command bar), `last` is its last
    field; `by` is + towards the top. `at_top`, `at_last`: the bar's own words for a marker already there."""
    if by == 0:
        return Msg("a change by 0 moves no marker")
    if by > 0 and index == 0:
        return at_top
    if by < 0 and index == last:
        return at_last
    return None


def _why(text: str) -> Msg | str:
    """A correction's reason as given; the default word is translated."""
    return Msg("correction") if text == "correction" else text


def _join_plan(crew: Crew, task: str, component: str | None, figures: list[str] | None,
               count: int | None = None) -> Msg | tuple[list[Pick], int]:
    """Why more sailors cannot join the running task, or the sailors who join and their section
    (§9.3 lookouts, §10.3.2 a paused repair)."""
    if task == "observation":
        if crew.lookouts() == 0:
            return Msg("no lookouts are posted: assign observation sectors first, then more sailors can join them")
        lookouts = crew.lookout_group(figures, count)
        if isinstance(lookouts, Msg):
            return lookouts
        group, section = lookouts, lookouts.section
    else:
        if component is None:
            return Msg("a repair to join needs its component")
        tech = crew.engine.module("technical")
        job = tech.job(component)
        if job is None or component not in crew.repairs:
            return Msg("no repair of the {component} has been ordered", component=Msg.term(component_name(component)))
        section = tech.section(component)
        have = len(crew.repair_crew(component))
        need = max(1, job.required - job.bonus - have)
        if figures is not None:
            need = max(need, len(figures))
        group = Group(section, {"repair": need}, chip="T")
    members = crew.members(section)
    if figures is not None:
        members = [m for m in members if m.figure in figures]
        missing = sorted(set(figures) - {m.figure for m in members})
        if missing:
            return Msg("{figures} not in section {section}", figures=join([figure_term(f) for f in missing]),
                       section=section)
    picks, short = staff_group("observe" if task == "observation" else "repair", group, members, set())
    if short or not picks:
        return Msg("not enough sailors in section {section} can take the {task}", section=section,
                   task=Msg("observation") if task == "observation" else Msg("repair"))
    return picks, section


def _join(crew: Crew, task: str, component: str | None, picks: list[Pick], section: int) -> None:
    for p in picks:
        crew.add_chips(p.figure, p.chips, "join_task", component)
    crew.emit("activation", order="join_task", sailors=[{"figure": p.figure, "sailor": crew.sid(p.figure),
                                                        "chips": len(p.chips), "specialist": p.specialist,
                                                        "section": section} for p in picks])
    if task == "repair" and component is not None:
        tech = crew.engine.module("technical")
        n = len(crew.repair_crew(component))
        crew.emit("technical_repair_resumed", feed=Msg.plural("Repair of the {component} goes on with {n} sailor.",
                                                              "Repair of the {component} goes on with {n} sailors.",
                                                              n=n, component=Msg.term(component_name(component))),
                  component=component,
                  sailors=crew.repair_crew(component), required=tech.job(component).required,
                  progress=round(tech.progress(component), 3))
        crew.sync_repair(component)
    crew.after_crew_change()
