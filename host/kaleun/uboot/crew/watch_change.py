"""The crew's part of a watch change (rulebook §6.8, §6.10, §10.3.2).

1. The command marker moves left by the Captain's difficulty (never past VIII).
2. Crew damage for every sailor in a hazardous section (drawn once: a mobilization still open
   ends first and its draw, which also covers sailors who crossed such a section, is this one).
3. Every outgoing sailor discards one activation chip. A busy sailor instead hands his
   observation or repair chip to his relief, who takes one more chip if he lacks the symbol; a
   dead or full relief, or one whose ailment forbids the task (§6.9), cannot take it and the chip
   is discarded ([gap] it then counts as the outgoing sailor's discarded chip). A sailor with a
   treated ailment sheds one of its chips instead of an activation chip, even if he handed over a
   task.
   Then the tiles flip (or slide, with the easy watch change: the same symbols stay on duty).
4. Figures of dead sailors leave the model; a living relief's figure is put back anywhere
   (not in a flooded section, nor on deck or bridge while submerged). A figure nobody took
   off brings its relief on duty where it stands.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from kaleun.core.messages import Msg, join
from kaleun.uboot.crew.bars import command_label, field_term
from kaleun.uboot.crew.roster import FIGURES, ROLES
from kaleun.uboot.crew.sailors import task_text
from kaleun.uboot.figures import figure_term

if TYPE_CHECKING:
    from kaleun.uboot.crew.module import Crew



def hand_over(crew: Crew) -> None:
    mobilizing = crew.moves.open
    crew.moves.end("watch change")  # crew damage for those in or through hazardous sections (§6.4)
    crew.bars.move_command(int(crew.level("captain")["command_recovery"]))
    if not mobilizing:  # step 2; after a mobilization its draw was this one: once per sailor (§6.12)
        crew.hazards.at_watch_change()

    out_row, in_row = crew.row, 1 - crew.row
    handed: list[dict[str, Any]] = []
    stopped: list[dict[str, Any]] = []
    shed: list[str] = []
    healed: list[str] = []
    for figure in FIGURES:
        outgoing = crew.sailor(figure, out_row)
        if outgoing.dead:
            continue
        task = outgoing.task
        if task is not None:
            relief = crew.sailor(figure, in_row)
            symbol = "observation" if task["kind"] == "observation" else "repair"
            face = crew.face_for(figure, in_row, flipping=True)
            cost = 1 if symbol in face.symbols else 2
            chip = "O" if task["kind"] == "observation" else "T"
            outgoing.discard_busy_chip()
            order = "observe" if task["kind"] == "observation" else "repair"
            if relief.dead or relief.free < cost or relief.forbids(order):
                why = (Msg("his relief is dead") if relief.dead else Msg("his relief has no free slot")
                       if relief.free < cost else Msg("an ailment forbids it to his relief"))
                stopped.append({"figure": figure, "task": task, "why": why})
            else:
                relief.chips.append(chip)
                if cost == 2:
                    relief.chips.append("A")
                relief.task = dict(task)
                handed.append({"figure": figure, "task": task, "extra_chip": cost == 2})
        # a treated ailment sheds one of its chips INSTEAD of an activation chip, and even after a
        # task was handed over (§6.8, §8.6): at most one chip of either kind per sailor
        if crew.health.watch_change_heal(figure, out_row):
            healed.append(figure)
        elif task is None and outgoing.drop("A"):
            shed.append(figure)

    crew.row = in_row
    for role in ROLES:
        crew.flip_tile(role)
    crew.cigarettes.smoked = False

    leave: list[str] = []
    back: list[str] = []
    returned: dict[str, int] = {}
    for figure in FIGURES:
        was_dead = crew.sailor(figure, out_row).dead
        now_dead = crew.sailor(figure, in_row).dead
        if now_dead and not was_dead:
            leave.append(figure)
            crew.pos[figure] = None
            crew.returning.discard(figure)
        elif was_dead and not now_dead:
            back.append(figure)
            crew.returning.discard(figure)
            # a figure still standing on the model (nobody took it off) brings the relief on duty
            # where it stands, if he may stand there; otherwise it is put in a section of choice
            where = crew.moves.physical(figure)
            if where is not None and crew.moves.return_problem(where) is None:
                crew.pos[figure] = where
                returned[figure] = where
            else:
                crew.pos[figure] = None
                crew.returning.add(figure)
        elif now_dead:
            crew.pos[figure] = None
    for figure, where in returned.items():
        crew.emit("sailor_returned", figure=figure, sailor=crew.sid(figure), section=where)
    for item in stopped:
        crew.emit("task_stopped", feed=Msg("{figure}: the {task} stops at the watch change: {why}.",
                                           figure=figure_term(item["figure"]), task=task_text(item["task"]),
                                           why=item["why"]), figure=item["figure"], task=item["task"], why=item["why"])
    for component in sorted({h["task"]["component"] for h in handed + stopped if h["task"]["kind"] == "repair"}):
        crew.sync_repair(component)
    crew.after_crew_change()
    sliding = [r for r in ROLES if crew.easy[r]]
    if not sliding:
        tiles = Msg("flip the crew tiles")
    elif len(sliding) == len(ROLES):
        tiles = Msg("slide the crew tiles up (easy watch change)")
    else:
        tiles = Msg("flip the crew tiles (slide the {roles}'s up)", roles=join([Msg.term(r) for r in sliding]))
    parts: list[Msg | str] = [Msg("command bar back to {field}", field=field_term(command_label(crew.bars.command))),
                              tiles]
    if handed:
        parts.append(Msg.plural("{n} task handed over", "{n} tasks handed over", n=len(handed)))
    if leave:
        parts.append(Msg("take off the model: {figures}", figures=join([figure_term(f) for f in leave])))
    if returned:
        parts.append(Msg("back on duty where the figure stands: {figures}",
                         figures=join([Msg("{figure} ({section})", figure=figure_term(f), section=s)
                                       for f, s in returned.items()])))
    waiting = [f for f in back if f not in returned]
    if waiting:
        parts.append(Msg("put back in any section: {figures}", figures=join([figure_term(f) for f in waiting])))
    crew.emit("crew_watch_change", feed=Msg("The crew at the watch change: {what}.", what=join(parts, "; ")),
              watch=in_row + 1, command_bar=command_label(crew.bars.command), shed=shed, handed=handed, stopped=stopped,
              healed=healed, leave=leave, back=back, returned=returned, faces={r: list(crew.faces[r]) for r in ROLES})
