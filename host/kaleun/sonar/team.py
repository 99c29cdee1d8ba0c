"""One team's state: the boat, its route and mines, the First Mate's gauges, the Engineer's board,
the damage, surfacing and the course handshake. Everything here is that team's hidden state.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from kaleun.core.messages import N_, Msg
from kaleun.sonar.crew import Crew
from kaleun.sonar.engineer import EngineerBoard
from kaleun.sonar.gauges import Gauges
from kaleun.sonar.grid import Cell, cell_name, parse_cell

#: systems as a player names them
SYSTEM_NAMES = {"mine": N_("mine"), "torpedo": N_("torpedo"), "drone": N_("drone"), "sonar": N_("sonar"),
                "silence": N_("silence"), "scenario": N_("scenario system")}
#: systems at the start of a sentence
SYSTEM_TITLES = {"mine": N_("Mine"), "torpedo": N_("Torpedo"), "drone": N_("Drone"), "sonar": N_("Sonar"),
                 "silence": N_("Silence"), "scenario": N_("Scenario system")}
#: what the First Mate calls when a gauge is full
READY = {"mine": N_("Mine ready!"), "torpedo": N_("Torpedo ready!"), "drone": N_("Drone ready!"),
         "sonar": N_("Sonar ready!"), "silence": N_("Silence ready!"), "scenario": N_("Scenario system ready!")}


def system_name(system: str) -> Msg:
    return Msg.term(SYSTEM_NAMES[system])


#: the teams as the feed names them
TEAM_NAMES = {"blue": N_("Blue"), "yellow": N_("Yellow")}
#: the colours of the Engineer's symbols
COLOUR_NAMES = {"red": N_("red"), "green": N_("green"), "yellow": N_("yellow"), "radiation": N_("radiation")}


def team_name(team: str) -> Msg:
    return Msg.term(TEAM_NAMES.get(team, team.capitalize()))


@dataclass
class Team:
    name: str
    crew: Crew
    gauges: Gauges
    board: EngineerBoard
    position: Cell | None = None
    #: cells since the last surfacing, the current cell last
    route: list[Cell] = field(default_factory=list)
    route_set: set[Cell] = field(default_factory=set)
    mines: list[Cell] = field(default_factory=list)
    damage: int = 0
    surfaced: bool = False
    #: the course handshake: a gauge box still to mark, the direction of a symbol still to cross
    pending_mark: bool = False
    pending_cross: str | None = None
    #: a system was activated since the boat last moved
    activated: bool = False
    #: what that activation was (a system, or "detonation"): a refusal names it
    last_activation: str | None = None
    #: a silent run waits for its handshake; its full gauge is erased once it is confirmed
    silent_run: bool = False
    #: the repair ritual while surfaced in real time: hull section -> crew member
    repairs: dict[int, str] = field(default_factory=dict)
    #: the ritual is complete: ready to dive
    repaired: bool = False

    # -- the boat -------------------------------------------------------------------------
    @property
    def cell(self) -> Cell:
        assert self.position is not None, "the boat has no start cell yet"
        return self.position

    def place(self, cell: Cell) -> None:
        self.position = cell
        self.route = [cell]
        self.route_set = {cell}

    def move(self, cell: Cell) -> None:
        self.position = cell
        self.route.append(cell)
        self.route_set.add(cell)

    def clear_route(self) -> None:
        self.route = [self.cell]
        self.route_set = {self.cell}

    @property
    def handshake_pending(self) -> bool:
        return self.pending_mark or self.pending_cross is not None

    def broken(self) -> list[str]:
        """The boat's systems out of action for a crossed symbol of their colour, sorted (a scenario
        without a scenario system has none to break down)."""
        return sorted(s for s in self.board.broken() if self.gauges.size(s) > 0)

    def activation_check(self, system: str) -> str | None:
        """Which of the activation rules (digest §5) stops `system` now, as a word: "none" (the scenario has
        no scenario system), "gauge" (not full), "broken" (a symbol of its colour crossed), "move" (never
        two activations without a move in between); None: it may be activated. Only reads the team.

        The order names the reason that still stands once the other is put right: a gauge fills only by
        the First Mate's marks, each after a course, so filling it makes the move too, while one move
        leaves a gauge short by two still short (gauge before move); a breakdown is repaired by a
        surfacing, which is no move, and a course seldom repairs one (breakdown before move); a gauge and
        a breakdown are put right apart, and the rulebook names the full gauge first."""
        gauges = self.gauges
        if gauges.size(system) <= 0:
            return "none"
        if not gauges.full(system):
            return "gauge"
        if self.board.is_broken(system):
            return "broken"
        if self.activated:
            return "move"
        return None

    def activation_problem(self, system: str) -> Msg | None:
        """Why `system` cannot be activated now (digest §5), in the order of `activation_check`."""
        check = self.activation_check(system)
        if check == "none":
            return Msg("this scenario has no scenario system")
        if check == "gauge":
            return Msg("the {system} gauge is not full ({filled} of {size})", system=system_name(system),
                       filled=self.gauges.filled[system], size=self.gauges.size(system))
        if check == "broken":
            return Msg("the {system} is broken down: a symbol of its colour is crossed on the Engineer's board",
                       system=system_name(system))
        if check == "move":
            return self.two_activations()
        return None

    def two_activations(self) -> Msg:
        """The refusal of a second activation without a move; where the last one counted only by a
        [gap] choice of rules.toml (a detonation, a silent run's own cells), the line says so."""
        if self.last_activation == "detonation":
            return Msg("never two activations without a move in between: the mine set off was the last one "
                       "(the rulebook leaves open whether a detonation counts; Kaleun counts it)")
        if self.last_activation == "silence":
            return Msg("never two activations without a move in between: the silent run was the last one "
                       "(the rulebook leaves open whether its own cells count as a move; Kaleun does not count them)")
        return Msg("never two activations without a move in between")

    # -- saving ---------------------------------------------------------------------------
    def to_state(self) -> dict[str, Any]:
        return {
            "position": cell_name(self.position) if self.position is not None else None,
            "route": [cell_name(c) for c in self.route],
            "mines": [cell_name(c) for c in self.mines],
            "damage": self.damage,
            "surfaced": self.surfaced,
            "pending_mark": self.pending_mark,
            "pending_cross": self.pending_cross,
            "activated": self.activated,
            "last_activation": self.last_activation,
            "silent_run": self.silent_run,
            "gauges": self.gauges.to_state(),
            "crossed": sorted(self.board.crossed),
            "repairs": {str(k): v for k, v in sorted(self.repairs.items())},
            "repaired": self.repaired,
        }

    def load_state(self, state: dict[str, Any], on_map: Callable[[Cell], bool]) -> None:
        def cell(text: str) -> Cell:
            found = parse_cell(text)
            if found is None or not on_map(found):
                raise ValueError(f"{text!r} is not a cell of the map")
            return found

        self.position = cell(state["position"]) if state["position"] is not None else None
        self.route = [cell(c) for c in state["route"]]
        self.route_set = set(self.route)
        self.mines = [cell(c) for c in state["mines"]]
        self.damage = int(state["damage"])
        self.surfaced = bool(state["surfaced"])
        self.pending_mark = bool(state["pending_mark"])
        self.pending_cross = state["pending_cross"]
        self.activated = bool(state["activated"])
        last = state.get("last_activation")
        self.last_activation = str(last) if last is not None else None
        self.silent_run = bool(state.get("silent_run", False))
        for system, filled in state["gauges"].items():
            if system not in self.gauges.filled:
                raise ValueError(f"unknown gauge {system!r}")
            self.gauges.filled[system] = int(filled)
        crossed = set(state["crossed"])
        unknown = crossed - set(self.board.layout.symbols)
        if unknown:
            raise ValueError(f"unknown engineer symbols {sorted(unknown)}")
        self.board.crossed = crossed
        self.repairs = {int(k): str(v) for k, v in state["repairs"].items()}
        self.repaired = bool(state["repaired"])
