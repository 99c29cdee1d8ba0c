"""Figures moving between sections: mobilizations, unmobilized and illegal moves, carried chips
(rulebook §6.4, §10.3.9).

The table cannot be blocked: a figure may be put anywhere at any time. A move during an open
mobilization along a legal route takes effect; any other move is flagged in the feed and the
sailor keeps counting where he stood until the crew pays a mobilize (`move_fix` ... "mobilize")
or puts the figure back. A mobilization ends with the next order, a watch change or `end_mobilize`;
then sailors who entered, crossed or stayed in hazardous sections take crew damage (§6.12).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from kaleun.core.messages import Msg, from_json, to_json
from kaleun.uboot.crew import sections
from kaleun.uboot.figures import figure_term

if TYPE_CHECKING:
    from kaleun.uboot.crew.module import Crew


class Movement:
    def __init__(self, crew: Crew) -> None:
        self.crew = crew
        self.open = False
        self.start: dict[str, int] = {}      # where each mover stood when the mobilization began
        self.visited: dict[str, list[int]] = {}  # sections each mover entered or crossed
        self.carried: dict[str, str] = {}    # mover -> the chip he carried (one per mobilization)
        self.hatch: list[str] = []           # movers activated for a torpedo hatch
        self.flags: dict[str, dict[str, Any]] = {}  # figure -> unsettled move

    # -- figures on the table --------------------------------------------------------------------
    def physical(self, figure: str) -> int | None:
        engine = self.crew.engine
        return engine.module("figures").where.get(figure) if engine.has_module("figures") else None

    def on_placed(self, figure: str, section: int) -> None:
        crew = self.crew
        state = crew.sailor(figure)
        if state.dead:
            crew.emit("dead_figure_placed", feed=Msg("{figure} stands for a dead sailor ({name}): take the figure off "
                                                     "the model.", figure=figure_term(figure),
                                                     name=Msg.term(crew.face(figure).name)),
                      figure=figure, section=section)
            return
        if figure in crew.returning:
            problem = self.return_problem(section)
            if problem is not None:
                crew.emit("move_illegal", feed=Msg("{figure} cannot come on duty in section {section}: {problem}. "
                                                   "Put the figure in another section.", figure=figure_term(figure),
                                                   section=section, problem=problem),
                          figure=figure, to=section, reason=problem)
                return
            crew.returning.discard(figure)
            crew.pos[figure] = section
            crew.emit("sailor_returned", feed=Msg("{sailor} is on duty in section {section}.",
                                                  sailor=crew.label(figure), section=section),
                      figure=figure, sailor=crew.sid(figure), section=section)
            return
        here = crew.pos.get(figure)
        if here is None:
            crew.pos[figure] = section
            return
        if section == here:
            if self.flags.pop(figure, None) is not None:
                crew.emit("move_settled", figure=figure, section=section, how="put back")
            return
        if state.busy:
            crew.stop_task(figure, Msg("moved out of section {section}", section=here))
        if self.open:
            self.move(figure, here, section)
        else:
            self._flag(figure, here, section, "no_mobilize",
                       Msg("{figure} moved {here} → {to} without Mobilize", figure=figure_term(figure), here=here,
                           to=section))

    def return_problem(self, section: int) -> Msg | None:
        """Why a relief coming back on duty (§6.10) cannot be put in `section`, or None."""
        if section in self.crew.flooded:
            return Msg("section {section} is flooded", section=section)
        if section in sections.OUTSIDE and not self.crew.surfaced:
            return Msg("the boat is submerged: nobody can be on deck or bridge")
        return None

    def _flag(self, figure: str, here: int, to: int, reason: str, text: Msg) -> None:
        crew = self.crew
        self.flags[figure] = {"from": here, "to": to, "reason": reason, "why": to_json(text)}
        if reason == "no_mobilize":
            choices = [{"do": "move_fix", "figure": figure, "choice": "mobilize"},
                       {"do": "move_fix", "figure": figure, "choice": "put_back"}]
            crew.emit("move_unmobilized", feed=Msg("{problem}: pay a Mobilize or put the figure back in section "
                                                   "{section}.", problem=text, section=here),
                      figure=figure, sailor=crew.sid(figure), **{"from": here}, to=to, choices=choices)
        else:
            crew.emit("move_illegal", feed=Msg("{figure} cannot go {here} → {to}: {problem}. Put the figure back in "
                                               "section {here}.", figure=figure_term(figure), here=here, to=to,
                                               problem=text),
                      figure=figure, sailor=crew.sid(figure), **{"from": here}, to=to, reason=text)

    def unsettled(self) -> dict[str, dict[str, Any]]:
        """The flagged moves, each with why it is flagged as players read it."""
        return {k: {**v, "why": from_json(v.get("why"))} for k, v in self.flags.items()}

    def move(self, figure: str, here: int, to: int) -> bool:
        """Carry out a move during the open mobilization; flag it if the route is illegal."""
        crew = self.crew
        way = sections.route(here, to, crew.surfaced, crew.flooded)
        if isinstance(way, Msg):
            self._flag(figure, here, to, "illegal", way)
            return False
        if way.hatch:
            state = crew.sailor(figure)
            if state.free < sections.HATCH_CHIPS:
                self._flag(figure, here, to, "illegal",
                           Msg("the torpedo hatch needs a free activation slot and he has none"))
                return False
            crew.add_chips(figure, ("A",) * sections.HATCH_CHIPS, order="mobilize")
            self.hatch.append(figure)
        if crew.sailor(figure).busy:  # busy since a flagged move, which a mobilize now carries out (§6.7)
            crew.stop_task(figure, Msg("moved out of section {section}", section=here))
        self.flags.pop(figure, None)
        self.start.setdefault(figure, here)
        self.visited.setdefault(figure, []).extend(way.path[1:])
        crew.pos[figure] = to
        feed = (Msg("{sailor} bypasses the flooded section through the torpedo hatch (activated).",
                    sailor=crew.label(figure)) if way.hatch else None)
        crew.emit("sailor_moved", feed=feed, figure=figure, sailor=crew.sid(figure), **{"from": here}, to=to,
                  path=list(way.path), hatch=way.hatch)
        return True

    # -- the mobilize order --------------------------------------------------------------------
    def begin(self) -> None:
        """A mobilize order was carried out: moves are free until it ends. Flagged moves are
        carried out now if their route is legal (paying the mobilize settles them)."""
        self.open = True
        self.start, self.visited, self.carried, self.hatch = {}, {}, {}, []
        crew = self.crew
        for figure in sorted(self.flags):
            flag = self.flags[figure]
            to = self.physical(figure) or flag["to"]
            here = crew.pos.get(figure)
            if here is None or crew.sailor(figure).dead:
                continue
            if to == here:
                self.flags.pop(figure)
                continue
            if self.move(figure, here, to):
                crew.emit("move_settled", figure=figure, section=to, how="mobilize")

    def end(self, why: str) -> None:
        if not self.open:
            return
        self.open = False
        crew = self.crew
        crew.emit("mobilization_ended", feed=Msg("Mobilization over: crew in position."),
                  moved=sorted(self.start), why=why)
        crew.hazards.after_mobilization(self.start, self.visited)

    # -- corrections ---------------------------------------------------------------------------
    def fix(self, figure: str, choice: str) -> None:
        crew = self.crew
        flag = self.flags.get(figure)
        if flag is None:
            crew.refuse("move_fix", Msg("{figure} has no unsettled move", figure=figure_term(figure)))
            return
        if choice == "put_back":
            flag["choice"] = "put_back"
            crew.emit("move_fix", feed=Msg("Put {figure} back in section {section}.", figure=figure_term(figure),
                                           section=flag["from"]), figure=figure,
                      choice=choice, section=flag["from"])
            return
        crew.give_order("mobilize", via="move_fix")

    def carry_problem(self, figure: str, item: str, to: int | None) -> Msg | int:
        """Why `figure` cannot carry `item`, or the section he carries it to."""
        crew = self.crew
        who = figure_term(figure)
        if not self.open:
            return Msg("chips travel only with sailors moved in an open mobilization")
        if figure not in self.start:
            return Msg("{figure} has not moved in this mobilization", figure=who)
        if crew.sailor(figure).dead:
            return Msg("{sailor} is dead", sailor=crew.label(figure))
        if figure in self.carried:
            return Msg("{figure} already carried the {item} in this mobilization", figure=who,
                       item=crew.hazards.item_term(self.carried[figure]))
        route = [self.start[figure], *self.visited[figure]]
        where = crew.hazards.item_section(item)
        name = crew.hazards.item_term(item)
        if where is None:
            return Msg("the {item} went down with a flooded section", item=name)
        if where not in route[:-1]:
            return Msg("{figure}'s way {route} does not lead out of or through section {section}, which holds the "
                       "{item}", item=name, section=where, figure=who, route=" → ".join(map(str, route)))
        target = crew.pos[figure] if to is None else to
        if target is None or target not in self.visited[figure]:
            if to is not None:
                return Msg("{figure} did not pass section {section}", figure=who, section=to)
            return Msg("{figure} is not on the model", figure=who)
        # he picks the chip up where he first leaves its section and drops it further along his way (§6.4)
        after = route[route.index(where) + 1:]
        if target == where:
            return Msg("section {section} already holds the {item}", item=name, section=where)
        if target not in after:
            return Msg("{figure} passed section {section} before he took the {item} in section {where}", figure=who,
                       section=target, item=name, where=where)
        return target

    def carry(self, figure: str, item: str, target: int) -> None:
        self.carried[figure] = item
        self.crew.hazards.move_item(item, target, Msg("carried by {figure}", figure=figure_term(figure)))

    # -- state ----------------------------------------------------------------------------------
    def to_state(self) -> dict[str, Any]:
        return {"open": self.open, "start": dict(self.start),
                "visited": {k: list(v) for k, v in self.visited.items()}, "carried": dict(self.carried),
                "hatch": list(self.hatch), "flags": {k: dict(v) for k, v in self.flags.items()}}

    def load_state(self, state: dict[str, Any]) -> None:
        self.open = bool(state["open"])
        self.start = {k: int(v) for k, v in state["start"].items()}
        self.visited = {k: [int(s) for s in v] for k, v in state["visited"].items()}
        self.carried = dict(state["carried"])
        self.hatch = list(state["hatch"])
        self.flags = {k: dict(v) for k, v in state["flags"].items()}
