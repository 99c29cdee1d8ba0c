"""The referee: the engine module that keeps both teams' hidden state and answers their commands.

Every command names the `team` acting. A command the rules do not allow now is refused with a
`refused` event for that team only (its reason may mention the team's own hidden state); a
malformed command (unknown field, a cell that is no cell) is a `CommandError`. Every event is
tagged: public, or for one team (see `visibility.py`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, ClassVar

from kaleun.core.args import Args, whole
from kaleun.core.engine import Handler, Module
from kaleun.core.errors import CommandError, SaveError
from kaleun.core.events import Event
from kaleun.core.messages import N_, Msg, and_list, join, of_error
from kaleun.core.shape import BOOL, Int, Json, List, Map, Maybe, Num, Obj, Text, Whole
from kaleun.sonar import damage, data, route, systems, visibility
from kaleun.sonar.crew import Crew, crew, member_name
from kaleun.sonar.echo import clip_echoes
from kaleun.sonar.engineer import EngineerBoard, circuit_repaired, layout
from kaleun.sonar.gauges import SYSTEMS, Gauges
from kaleun.sonar.grid import DIRECTION_NAMES, LETTERS, Cell, cell_name, parse_direction, step, typed_cell
from kaleun.sonar.maps import SeaMap
from kaleun.sonar.plot import Plot
from kaleun.sonar.record import Record
from kaleun.sonar.savecheck import state_problem
from kaleun.sonar.scenarios import SYSTEMS as SCENARIO_SYSTEMS
from kaleun.sonar.scenarios import Scenario, ScenarioSystem
from kaleun.sonar.surfacing import repair_problem, sections_left
from kaleun.sonar.team import COLOUR_NAMES, READY, SYSTEM_NAMES, SYSTEM_TITLES, Team, system_name, team_name
from kaleun.sonar.turns import OTHER, TEAMS, TurnOrder

#: what a team may still do while it holds a Stop!
WHILE_STOPPED = ("activate", "detonate", "go", "status")
#: what a surfaced crew may do in real time (it works only on the repairs)
WHILE_SURFACED = ("repair", "dive", "status", "sonar_answer")
#: commands any team may give whoever's turn it is
ANY_TIME = ("status", "sonar_answer")


#: a course refused: `choices` are the ids a table script takes, COURSE_IDS (a console puts the words it takes in
#: their place); the same words refuse any value not among its field's choices (`Args.str`)
NOT_A_COURSE = N_("{command}: {field} '{value}' is not one of: {choices}")
COURSE_IDS = ", ".join(DIRECTION_NAMES)

class Refused(Exception):
    """The rules do not allow the command now; `reason` is read to the team."""

    def __init__(self, reason: Msg) -> None:
        super().__init__(str(reason))
        self.reason = reason


TEAM_NAME = Text(("yellow", "blue"))
CELL = Text(max_len=4, pattern=r"[A-Z][0-9]{1,2}")
#: the shape of `Referee.to_state()`, checked before a save is loaded (the cells are checked against the
#: map and the symbols against the board when the state loads)
SONAR_STATE = Obj(
    phase=Text(("setup", "play", "over")), winner=Maybe(Text(max_len=20)),
    turns=Obj(current=Maybe(TEAM_NAME), bonus_for=Maybe(TEAM_NAME), bonus_left=Int(0, 100),
              frozen_by=Maybe(TEAM_NAME), sonar=Maybe(List(Text(max_len=40), size=2))),
    teams=Map(Obj(position=Maybe(CELL), route=List(CELL, most=10_000), mines=List(CELL, most=1000),
                  damage=Int(0, 100), surfaced=BOOL, pending_mark=BOOL,
                  pending_cross=Maybe(Text(tuple(DIRECTION_NAMES))),
                  activated=BOOL, gauges=Map(Int(0, 100), keys=Text(max_len=40), most=20),
                  crossed=List(Text(max_len=40), most=200),
                  repairs=Map(Text(max_len=40), keys=Whole(0, 100), most=100), repaired=BOOL,
                  optional={"silent_run": BOOL, "last_activation": Maybe(Text(max_len=40))}),
              keys=TEAM_NAME, most=2),
    system=Maybe(Map(Json(depth=3), keys=Text(max_len=40), most=20)),
    optional={"plot": Map(List(CELL, most=10_000), keys=TEAM_NAME, most=2),
              # every blast so far (public: its cell and hits were announced): both teams' maps mark them
              "blasts": List(Obj(team=TEAM_NAME, weapon=Text(("torpedo", "mine", "archer_mine")), cell=CELL,
                                 hits=Map(Int(0, 2), keys=TEAM_NAME, most=2)), most=10_000),
              # what each team was told (record.py): its screen's feed and enemy track after a resume
              "record": Obj(count=Int(0), teams=Map(List(Obj(
                  n=Int(0), t=Num(0), clock=Text(max_len=40), event=Text(max_len=40), data=Json(depth=6),
                  optional={"audience": TEAM_NAME, "feed": Json(depth=12)}), most=200), keys=TEAM_NAME, most=2),
                  # the save left out the enemy's earliest announcements of a team's track (record.py)
                  optional={"cut": Map(BOOL, keys=TEAM_NAME, most=2)})})


class Referee(Module):
    name = "sonar"
    state_shape = SONAR_STATE

    def __init__(self, scenario: Scenario, sea: SeaMap, mode: str, crews: Mapping[str, int],
                 board: str = "standard", training_aid: bool = False) -> None:
        rules = data.load("rules")
        self.rules: dict[str, Any] = rules["rules"]
        self.activators: dict[str, tuple[str, ...]] = {k: tuple(v) for k, v in rules["activation"].items()}
        self.scenario = scenario
        self.sea = sea
        self.mode = mode
        self.phase = "setup"
        self.winner: str | None = None
        self.turns = TurnOrder(mode, bonus=int(self.rules["surfacing_bonus_turns"]))
        self.system: ScenarioSystem | None = (SCENARIO_SYSTEMS[scenario.system](sea) if scenario.system else None)
        self.teams: dict[str, Team] = {}
        for team in TEAMS:
            self.teams[team] = Team(team, crew(crews[team]),
                                    Gauges.from_data(rules["gauges"], scenario.scenario_gauge),
                                    EngineerBoard(layout(board)))
        #: the opt-in training aid: it hears the public announcements only (see `announce`)
        self.plot: Plot | None = Plot(sea, mode, TEAMS, self.rules) if training_aid else None
        #: the last events each team may see, for its screen after a resume (record.py)
        self.record = Record(TEAMS)
        #: every blast of the game as announced (whose weapon, which, the impact cell, the hits on each boat):
        #: public, so both teams' maps show where torpedoes, mines and Archer mines struck
        self.blasts: list[dict[str, Any]] = []

    # -- the table's vocabulary -------------------------------------------------------------
    @staticmethod
    def team_name(team: str) -> Msg:
        return team_name(team)

    def sector(self, cell: Cell) -> int:
        return self.sea.sector(cell, self.mode)

    # -- events -----------------------------------------------------------------------------
    def announce(self, name: str, feed: Msg | None = None, /, **data: Any) -> Event:
        """A public event: said aloud, both teams know it. Only its declared fields are allowed."""
        allowed = visibility.PUBLIC.get(name)
        if allowed is None or not allowed.issuperset(data):
            raise ValueError(f"public event {name!r} with fields {sorted(data)} is not declared in visibility.py")
        event = self.engine.emit(name, feed=feed, **data)
        self.record.add(event)
        if self.plot is not None:
            self.plot.hear(name, data)
        return event

    def tell(self, team: str, name: str, feed: Msg | None = None, /, **data: Any) -> Event:
        """An event for `team` only."""
        if name not in visibility.PRIVATE:
            raise ValueError(f"private event {name!r} is not declared in visibility.py")
        event = self.engine.emit(name, feed=feed, audience=team, team=team, **data)
        self.record.add(event)
        return event

    # -- commands ---------------------------------------------------------------------------
    #: the commands as a refusal names them
    #: (the call "Stop!" in Captain Sonar's own context: U-BOOT's telegraph says its "stop" another way; surface and
    #: dive as the names of actions, where U-BOOT's are the orders typed: German "Auftauchen", not "auftauchen")
    COMMAND_NAMES: ClassVar[Mapping[str, Msg]] = {
        "start": Msg.term("start"), "course": Msg.term("course"), "mark": Msg.term("mark"), "cross": Msg.term("cross"),
        "surface": Msg.pterm("Captain Sonar", "surface"), "repair": Msg.term("repair"),
        "dive": Msg.pterm("Captain Sonar", "dive"),
        "activate": Msg.term("activate"), "detonate": Msg.term("detonate"), "sonar_answer": Msg.term("sonar answer"),
        "stop": Msg.pterm("Captain Sonar", "stop"), "go": Msg.term("go"), "status": Msg.term("status"),
        "plot": Msg.term("plot")}

    def commands(self) -> Mapping[str, Handler]:
        table: dict[str, Callable[[str, Args], None]] = {
            "start": self._start, "course": self._course, "mark": self._mark, "cross": self._cross,
            "surface": self._surface_cmd, "repair": self._repair, "dive": self._dive,
            "activate": self._activate, "detonate": self._detonate, "sonar_answer": self._sonar_answer,
            "stop": self._stop, "go": self._go, "status": self._status, "plot": self._plot,
        }
        return {name: self._guarded(fn) for name, fn in table.items()}

    def _guarded(self, fn: Callable[[str, Args], None]) -> Handler:
        def handler(args: Args) -> None:
            try:
                team = args.str("team", choices=TEAMS)
                fn(team, args)
            except CommandError as error:  # a value typed far too long (a 400-digit cell) is echoed cut short
                said = of_error(error)
                if isinstance(said, Msg) and clip_echoes(said) is not said:
                    raise CommandError(clip_echoes(said)) from error
                raise
            except Refused as refused:
                reason = clip_echoes(refused.reason)
                if (self.turns.frozen_by == team and self.turns.sonar is None and args.name in ("activate", "detonate")
                        and not self.teams[team].silent_run):
                    # nothing was resolved: the crew's own Stop! still freezes both teams
                    reason = Msg("{reason}; your Stop! still holds: activate a system or call go", reason=reason)
                self.tell(team, "refused", Msg("{team}: {command} refused: {reason}.", team=team_name(team),
                                               command=self._refused_name(args),
                                               reason=reason),
                          command=args.name, reason=reason)
        return handler

    def _refused_name(self, args: Args) -> Msg | str:
        """What a refusal names: the system for an activation ("torpedo refused: ...", as the table typed
        `torpedo D6`), else the command."""
        system = args.raw.get("system") if args.name == "activate" else None
        if system == "scenario" and self.system is not None:
            return Msg.term(self.system.name)
        if isinstance(system, str) and system in SYSTEM_NAMES:
            return system_name(system)
        return self.COMMAND_NAMES.get(args.name, args.name)

    def _gate(self, team: str, command: str) -> None:
        """The checks every command passes first: phase, sonar answer, Stop!, turn, surfaced."""
        if command in ("status", "plot"):
            return
        if self.phase == "over":
            raise Refused(Msg("the game is over"))
        if self.phase == "setup":
            if command != "start":
                raise Refused(Msg("the game has not started: both Captains mark their start cells first"))
            return
        if command == "start":
            raise Refused(Msg("the game is under way; the start cell was marked"))
        sonar = self.turns.sonar
        if sonar is not None:
            if command == "sonar_answer" and team == sonar[1]:
                return
            if team == sonar[1]:  # the refused team's own answer is what everything waits for
                raise Refused(Msg("Stop! {asker}'s sonar waits for your answer first: two statements of different "
                                  "kinds, exactly one of them true", asker=team_name(sonar[0])))
            raise Refused(Msg("Stop! your sonar waits for {answerer}'s answer", answerer=team_name(sonar[1])))
        if command == "sonar_answer":
            raise Refused(Msg("no sonar asks you for an answer"))
        holder = self.turns.frozen_by
        if holder is not None:
            if holder != team:
                raise Refused(Msg("Stop! {holder} is activating a system: wait", holder=team_name(holder)))
            if self.teams[team].silent_run and command in ("mark", "cross"):
                pass  # [B] "Schleichfahrt aktivieren": the silent run's mark and cross resolve its Stop!
            elif self.teams[team].silent_run and command not in WHILE_STOPPED:
                raise Refused(self._handshake_reason(self.teams[team]))
            elif command not in WHILE_STOPPED:
                raise Refused(Msg("you called Stop!: activate a system or call go"))
        if (self.turns.turn_based and command not in ANY_TIME and self.turns.current != team
                and not (command == "detonate" and self.rules["detonate_in_any_turn"])
                and not (command == "activate" and not self.rules["activate_in_own_turn"])):
            if command == "activate":  # Kaleun's reading (rules.toml, [rules]), said in the same line
                raise Refused(Msg("it is {team}'s turn: in the turn-based game Kaleun keeps activations to the "
                                  "own turn (the rulebook alternates only the courses; a mine may be set off at "
                                  "any time)", team=team_name(OTHER[team])))
            moved = self.teams[team]
            if (command == "course" and moved.activated and moved.last_activation == "silence"
                    and not moved.surfaced and self.rules["silent_run_ends_turn"]):
                # the [gap] of turns.py: the silent run was this turn's move, said in the same line
                raise Refused(Msg("it is {team}'s turn: the silent run was {own}'s move of this turn (the rulebook "
                                  "leaves it open; Kaleun counts a silent run as the turn's move)",
                                  team=team_name(OTHER[team]), own=team_name(team)))
            raise Refused(Msg("it is {team}'s turn", team=team_name(OTHER[team])))
        state = self.teams[team]
        if state.surfaced and not self.turns.turn_based and command not in WHILE_SURFACED:
            raise Refused(Msg("the boat is surfaced: the crew works only on the repairs, then dives"))

    def _cell(self, args: Args, key: str = "cell") -> Cell:
        text = args.str(key)
        cell = typed_cell(text)
        if cell is None or not self.sea.on_map(cell):
            raise CommandError(Msg("{command}: {field} '{value}' is not a cell of the map (A1 to {last})",
                                   command=args.name, field=key, value=text,
                                   last=f"{LETTERS[self.sea.columns - 1]}{self.sea.rows}"))
        return cell

    @staticmethod
    def _direction(args: Args, key: str = "direction") -> str:
        text = args.str(key)
        direction = parse_direction(text)
        if direction is None:
            raise CommandError(Msg(NOT_A_COURSE, command=args.name, field=key, value=text, choices=COURSE_IDS))
        return direction

    def _member(self, args: Args, crew_: Crew, default_role: str) -> str:
        member = args.str("by", default=crew_.holder(default_role))
        if member not in crew_.members and any(member in roles for roles in crew_.members.values()):
            member = crew_.holder(member)  # a post held by another member (a crew of 3: the Captain is First Mate)
        if member not in crew_.members:
            raise CommandError(Msg("{command}: by '{member}' is not one of this crew: {crew}", command=args.name,
                                   member=member, crew=", ".join(crew_.members)))
        return member

    # -- start ------------------------------------------------------------------------------
    def _start(self, team: str, args: Args) -> None:
        cell = self._cell(args)
        args.finish()
        self._gate(team, "start")
        state = self.teams[team]
        if state.position is not None:
            raise Refused(Msg("the start cell is marked already"))
        if cell in self.sea.islands:
            raise Refused(Msg("{cell} is an island", cell=cell_name(cell)))
        if not route.legal_courses(self.sea, cell, {cell}, ()):  # an owner's map may enclose a cell of sea
            raise Refused(Msg("{cell} is walled in by islands and the map's edge: a boat there could never move",
                              cell=cell_name(cell)))
        if pocket := self.sea.pocket(cell):  # an owner's map may close off a bay: the boats could never meet there
            raise Refused(Msg.plural("{cell} lies in a pocket of {n} sea cell that islands and the map's edge close "
                                     "off from the open sea: the boats could never meet",
                                     "{cell} lies in a pocket of {n} sea cells that islands and the map's edge close "
                                     "off from the open sea: the boats could never meet", n=pocket,
                                     cell=cell_name(cell)))
        state.place(cell)
        self.tell(team, "start_cell", Msg("{team} starts at {cell} (sector {sector}); nobody else knows it.",
                                          team=team_name(team), cell=cell_name(cell), sector=self.sector(cell)),
                  cell=cell_name(cell), sector=self.sector(cell))
        self.announce("team_ready", Msg("{team}'s Captain has marked the start cell.", team=team_name(team)),
                      team=team)
        if all(t.position is not None for t in self.teams.values()):
            self.phase = "play"
            if self.turns.turn_based:
                first = self.rng.choice(TEAMS)
                self.announce("dive_stations", Msg("Dive stations! {team}'s Captain begins.", team=team_name(first)),
                              mode=self.mode, first=first)
                self.turns.begin(first)
                self._begin_turn(first)
            else:
                self.announce("dive_stations", Msg("Dive stations! Both crews play at will."), mode=self.mode,
                              first=None)

    # -- moving -----------------------------------------------------------------------------
    def _course(self, team: str, args: Args) -> None:
        direction = self._direction(args)
        mark = args.str("mark", default=None, choices=SYSTEMS) if args.has("mark") else None
        symbol = args.str("cross", default=None) if args.has("cross") else None
        args.finish()
        state = self.teams[team]
        if symbol is not None:
            self._symbol_known(state, symbol)
        self._gate(team, "course")
        if state.handshake_pending:
            raise Refused(self._handshake_reason(state))
        problem = route.course_problem(self.sea, state.cell, direction, state.route_set, state.mines)
        if problem is not None:
            raise Refused(Msg("course {direction}: {problem}", direction=Msg.term(DIRECTION_NAMES[direction]),
                              problem=problem))
        if mark is not None:
            self._mark_check(state, mark, after_move=True)
        if symbol is not None:
            self._cross_check(state, symbol, direction)
        target = step(state.cell, direction)
        self.announce("course", Msg("{team}: course {direction}!", team=team_name(team),
                                    direction=Msg.term(DIRECTION_NAMES[direction])),
                      team=team, direction=direction)
        self._moved(team, [target], direction, silent=False)
        if mark is not None:
            self._do_mark(team, mark)
        if symbol is not None and self.phase == "play":
            self._do_cross(team, symbol)
        self._after_step(team)

    def _moved(self, team: str, path: list[Cell], direction: str, silent: bool) -> None:
        state = self.teams[team]
        for cell in path:
            state.move(cell)
        if not silent or self.rules["silence_counts_as_move"]:
            state.activated = False
        state.pending_mark = bool(state.gauges.markable())
        state.pending_cross = direction
        where = state.cell
        self.tell(team, "moved", Msg("{team} is at {cell} (sector {sector}).", team=team_name(team),
                                     cell=cell_name(where), sector=self.sector(where)),
                  cell=cell_name(where), sector=self.sector(where), direction=direction,
                  path=[cell_name(c) for c in path], silent=silent, mark=state.pending_mark)

    def _handshake_reason(self, state: Team) -> Msg:
        waiting: list[Msg | str] = []
        if state.pending_mark:
            waiting.append(Msg("the First Mate marks a gauge"))
        if state.pending_cross is not None:
            waiting.append(Msg("the Engineer crosses a symbol of the {direction} section",
                               direction=Msg.term(DIRECTION_NAMES[state.pending_cross])))
        if state.silent_run:  # no course was announced: the Captain showed the silent run's direction to his crew
            return Msg("the silent run is not confirmed yet: {waiting}", waiting=and_list(waiting))
        return Msg("the last course is not confirmed yet: {waiting}", waiting=and_list(waiting))

    def _after_step(self, team: str) -> None:
        """After a mark or cross: once the move is confirmed, the turn passes or a stuck boat surfaces."""
        state = self.teams[team]
        if state.handshake_pending:
            return
        silent = state.silent_run
        if silent:
            # [B] silence: the First Mate marks a box (not on the full silence gauge) and the Engineer
            # crosses a symbol, "then the First Mate erases the silence gauge"
            state.silent_run = False
            state.gauges.clear("silence")
            if self.turns.frozen_by == team:
                self.turns.frozen_by = None  # the silent run is confirmed: its Stop! is resolved, said aloud (the
                # enemy, refused while it held, learns when to play on as it does after every other activation)
                self.announce("silence_done", Msg("{team}'s silent run is confirmed: play on.", team=team_name(team)),
                              team=team)
        if self.phase != "play":
            return
        if self.turns.turn_based and silent and not self.rules["silent_run_ends_turn"]:
            # rules.toml: the silent run was one more system before the turn's course; the turn goes on
            if self._stuck(team):
                self._forced_surface(team)
        elif self.turns.turn_based:
            self._end_turn(team)
        elif self._stuck(team):
            self._forced_surface(team)

    def _stuck(self, team: str) -> bool:
        state = self.teams[team]
        return not route.legal_courses(self.sea, state.cell, state.route_set, state.mines)

    def _forced_surface(self, team: str) -> None:
        state = self.teams[team]
        if len(state.route) <= 1:  # surfacing would change nothing: walled in by its own mines
            self.tell(team, "stuck", Msg("{team} has no open course even after surfacing: only a blast "
                                         "can free the boat.", team=team_name(team)))
            return
        self.tell(team, "stuck", Msg("{team} has no open course: the boat must surface.", team=team_name(team)))
        self._surface(team)

    # -- the First Mate and the Engineer ----------------------------------------------------
    def _mark(self, team: str, args: Args) -> None:
        system = args.str("system", choices=SYSTEMS)
        args.finish()
        self._gate(team, "mark")
        state = self.teams[team]
        self._mark_check(state, system, after_move=False)
        self._do_mark(team, system)
        self._after_step(team)

    def _mark_check(self, state: Team, system: str, after_move: bool) -> None:
        if not after_move and not state.pending_mark:
            raise Refused(Msg("there is no course to mark a gauge for"))
        if after_move and not state.gauges.markable():
            raise Refused(Msg("every gauge is full: there is no box to mark"))
        if state.silent_run and system == "silence":
            raise Refused(Msg("the silence gauge is erased only after this silent run: mark another gauge"))
        problem = state.gauges.mark_problem(system)
        if problem == "none":
            raise Refused(Msg("this scenario has no scenario system"))
        if problem == "full":
            raise Refused(Msg("the {system} gauge is full: use the system first", system=system_name(system)))

    def _do_mark(self, team: str, system: str) -> None:
        state = self.teams[team]
        ready = state.gauges.mark(system)
        state.pending_mark = False
        if ready:
            feed = Msg(READY[system])
        else:
            feed = Msg("{system} gauge: {filled} of {size}.", system=Msg.term(SYSTEM_TITLES[system]),
                       filled=state.gauges.filled[system], size=state.gauges.size(system))
        self.tell(team, "marked", feed, system=system, filled=state.gauges.filled[system],
                  size=state.gauges.size(system), ready=ready)

    def _cross(self, team: str, args: Args) -> None:
        symbol = args.str("symbol")
        args.finish()
        state = self.teams[team]
        self._symbol_known(state, symbol)  # a symbol the board does not have is wrong whenever it is typed
        self._gate(team, "cross")
        if state.pending_cross is None:
            raise Refused(Msg("there is no course to cross a symbol for"))
        self._cross_check(state, symbol, state.pending_cross)
        self._do_cross(team, symbol)
        self._after_step(team)

    @staticmethod
    def _symbol_known(state: Team, symbol: str) -> None:
        """Refuse a symbol the team's engineer board does not have (a typing mistake: said before whether a
        symbol may be crossed now, as a cell off the map is)."""
        if symbol not in state.board.layout.symbols:
            ranges = ", ".join(f"{ids[0]}-{ids[-1]}" for ids in state.board.layout.by_direction.values() if ids)
            raise CommandError(Msg("symbol '{symbol}' is not on the engineer board ({symbols})", symbol=symbol,
                                   symbols=ranges))

    def _cross_check(self, state: Team, symbol: str, direction: str) -> None:
        problem = state.board.cross_problem(symbol, direction)
        if problem == "unknown":
            self._symbol_known(state, symbol)
        if problem == "section":
            ids = state.board.layout.by_direction[direction]
            if state.silent_run:
                raise Refused(Msg("the silent run went {direction}: cross a symbol of that section ({first} to "
                                  "{last})", direction=Msg.term(DIRECTION_NAMES[direction]), first=ids[0],
                                  last=ids[-1]))
            raise Refused(Msg("the course was {direction}: cross a symbol of that section ({first} to {last})",
                              direction=Msg.term(DIRECTION_NAMES[direction]), first=ids[0], last=ids[-1]))
        if problem == "crossed":
            raise Refused(Msg("{symbol} is crossed already", symbol=symbol))

    def _do_cross(self, team: str, symbol: str) -> None:
        state = self.teams[team]
        result = state.board.cross(symbol)
        state.pending_cross = None
        broken = state.broken()
        colour = Msg.term(COLOUR_NAMES.get(result.symbol.colour, result.symbol.colour))
        if broken:
            feed = Msg("{symbol} crossed ({colour}); broken down: {systems}.", symbol=symbol,
                       colour=colour, systems=join(list(map(system_name, broken)), ", "))
        else:
            feed = Msg("{symbol} crossed ({colour}).", symbol=symbol, colour=colour)
        self.tell(team, "crossed", feed, symbol=symbol, colour=result.symbol.colour, broken=broken)
        if result.circuit is not None:
            self.tell(team, "circuit_repaired", circuit_repaired(state.board.layout, result.circuit),
                      circuit=result.circuit)
        if result.damage:
            section = Msg.term(DIRECTION_NAMES[symbol[0]])
            causes: list[Msg | str] = [Msg("the {direction} section is full", direction=section)
                                       if full == "section" else Msg("every radiation symbol is crossed")
                                       for full in result.full]
            self.tell(team, "breakdown", Msg("Damage ({causes})! Every breakdown is erased.",
                                             causes=join(causes, "; ")),
                      full=list(result.full), section=symbol[0])
            self.take_damage(team, result.damage, "breakdown")

    # -- surfacing --------------------------------------------------------------------------
    def _surface_cmd(self, team: str, args: Args) -> None:
        args.finish()
        self._gate(team, "surface")
        state = self.teams[team]
        if state.surfaced and not self.turns.turn_based:
            raise Refused(Msg("the boat is surfaced already"))
        if state.handshake_pending:
            raise Refused(self._handshake_reason(state))
        self._surface(team)

    def _surface(self, team: str) -> None:
        state = self.teams[team]
        sector = self.sector(state.cell)
        self.announce("surfaced", Msg("{team} surfaces in sector {sector}!", team=team_name(team), sector=sector),
                      team=team, sector=sector)
        state.clear_route()
        state.surfaced = True
        self.tell(team, "route_cleared", Msg("The route is erased; the boat at {cell} and its mines stay.",
                                             cell=cell_name(state.cell)), cell=cell_name(state.cell))
        scen = self.scenario
        if scen.surface_outside and state.cell not in self.sea.feature(scen.surface_outside):
            self.tell(team, "ice_damage", Msg("{team} breaks through the ice outside a water hole: "
                                              "{n} damage.", team=team_name(team), n=scen.surface_damage),
                      amount=scen.surface_damage)
            self.take_damage(team, scen.surface_damage, "ice", public=scen.surface_damage_public)
            if self.phase == "over":
                return
        if self.turns.turn_based:
            self._clear_breakdowns(team, Msg("the boat surfaced"))
            self._end_turn(team, surfaced=True)
        else:
            state.repairs, state.repaired = {}, False
            sections = int(self.rules["repair_sections"])
            if state.crew.size < sections:  # a crew of 2 or 3 passes the sheet round (surfacing.py)
                feed = Msg.plural("{team}: repair the hull: {n} section, outlined by the crew members in turn, the "
                                  "Engineer first, then dive.",
                                  "{team}: repair the hull: {n} sections, outlined by the crew members in turn, the "
                                  "Engineer first, then dive.", team=team_name(team), n=sections)
            else:
                feed = Msg.plural("{team}: repair the hull: {n} section, outlined by a crew member, then dive.",
                                  "{team}: repair the hull: {n} sections, each outlined by a different crew member, "
                                  "then dive.", team=team_name(team), n=sections)
            self.tell(team, "repair_needed", feed, left=sections_left({}, sections))

    def _clear_breakdowns(self, team: str, why: Msg) -> None:
        self.teams[team].board.clear()
        self.tell(team, "breakdowns_cleared", Msg("Every breakdown is erased: {why}.", why=why),
                  why=str(why))

    def _repair(self, team: str, args: Args) -> None:
        total = int(self.rules["repair_sections"])
        section = args.int("section", lo=1, hi=total)
        state = self.teams[team]
        member = self._member(args, state.crew, "engineer")
        args.finish()
        self._gate(team, "repair")
        if self.turns.turn_based:
            raise Refused(Msg("the turn-based game has no repair ritual: the boat dives at its next turn"))
        if not state.surfaced:
            raise Refused(Msg("the boat is not surfaced"))
        problem = repair_problem(state.crew, state.repairs, section, member)
        if problem is not None:
            raise Refused(problem)
        state.repairs[section] = member
        left = sections_left(state.repairs, total)
        self.tell(team, "repair_section", Msg("Hull section {section} outlined by the {member}.", section=section,
                                              member=member_name(member)),
                  section=section, by=member, left=left)
        if not left:
            state.repaired = True
            self._clear_breakdowns(team, Msg("the hull is repaired"))
            self.tell(team, "ready_to_dive", Msg("Ready to dive!"))

    def _dive(self, team: str, args: Args) -> None:
        args.finish()
        self._gate(team, "dive")
        state = self.teams[team]
        if self.turns.turn_based:
            raise Refused(Msg("in the turn-based game the boat dives at its next turn by itself"))
        if not state.surfaced:
            raise Refused(Msg("the boat is not surfaced"))
        if not state.repaired:
            left = sections_left(state.repairs, int(self.rules["repair_sections"]))
            raise Refused(Msg.plural("the repairs are not finished: hull section {left} is still to outline",
                                     "the repairs are not finished: hull sections {left} are still to outline",
                                     n=len(left), left=", ".join(str(s) for s in left)))
        self._dived(team)

    def _dived(self, team: str) -> None:
        state = self.teams[team]
        state.surfaced, state.repairs, state.repaired = False, {}, False
        self.announce("dived", Msg("{team} dives!", team=team_name(team)), team=team)

    # -- systems ----------------------------------------------------------------------------
    def _activate(self, team: str, args: Args) -> None:
        state = self.teams[team]
        system = args.str("system", choices=SYSTEMS)
        member = self._member(args, state.crew, "captain")
        target = self._target(system, args)
        args.finish()
        self._gate(team, "activate")
        roles = state.crew.members[member]
        if not any(system in self.activators.get(role, ()) for role in roles):
            allowed = self._allowed(roles)
            who = member_name(member)
            if not allowed:
                raise Refused(Msg("the {member} activates no system: the Captain activates every system, "
                                  "the First Mate the drone and the sonar", member=who))
            raise Refused(Msg("the {member} may activate only {systems}", member=who,
                              systems=and_list(list(map(system_name, allowed)))))
        problem = state.activation_problem(system)
        if problem is None and self.turns.turn_based and self.turns.current != team and state.surfaced:
            # out of turn (activate_in_own_turn = false) a surfaced boat uses no system, as it sets off no mine
            problem = Msg("the boat is surfaced: it dives at its next turn")
        if problem is None and system == "silence" and self.turns.turn_based and self.turns.current != team:
            # activations out of turn (rules.toml activate_in_own_turn = false): a silent run is a move all the same
            problem = Msg("it is {team}'s turn: a silent run moves the boat, and boats move in their own turn",
                          team=team_name(OTHER[team]))
        if problem is None and self.rules["activation_waits_for_ok"] and state.handshake_pending:
            problem = self._handshake_reason(state)  # rules.toml activation_waits_for_ok
        if problem is None:
            problem = self._target_problem(team, system, target)
        if problem is not None:
            raise Refused(problem)
        if system == "silence":  # the gauge is erased once the silent run is confirmed (_after_step)
            state.silent_run = True
        else:
            state.gauges.clear(system)
        state.activated, state.last_activation = True, system
        if system == "torpedo":
            cell = target["cell"]
            self.announce("torpedo", Msg("Stop! {team} fires a torpedo: impact at {cell}!", team=team_name(team),
                                         cell=cell_name(cell)), team=team, cell=cell_name(cell), by=member)
            self.blast(team, cell, "torpedo")
        elif system == "mine":
            state.mines.append(target["cell"])
            self.announce("mine_laid", Msg("Stop! {team} lays a mine.", team=team_name(team)), team=team)
            self.tell(team, "mine_placed", Msg("Mine laid at {cell}.", cell=cell_name(target["cell"])),
                      cell=cell_name(target["cell"]))
        elif system == "drone":
            enemy = self.teams[OTHER[team]].cell
            answer = systems.drone_answer(self.sea, self.mode, enemy, target["sector"])
            self.announce("drone", Msg("Stop! {team}'s drone asks: are you in sector {sector}? {other}: {answer}!",
                                       team=team_name(team), sector=target["sector"], other=team_name(OTHER[team]),
                                       answer=Msg("yes") if answer else Msg("no")),
                          team=team, by=member, sector=target["sector"], answer=answer)
        elif system == "sonar":
            self.turns.sonar = (team, OTHER[team])
            self.announce("sonar", Msg("Stop! {team} activates the sonar: {other}'s Captain gives two statements "
                                       "of different kinds, one true and one false.", team=team_name(team),
                                       other=team_name(OTHER[team])), team=team, by=member)
        elif system == "silence":
            self.announce("silence", Msg("Stop! {team} runs silent.", team=team_name(team)), team=team)
            self._moved(team, target["path"], target["direction"], silent=True)
        else:
            assert self.system is not None
            self.announce("scenario_system", Msg("Stop! {team} activates the {system}.", team=team_name(team),
                                                 system=Msg.term(self.system.name)),
                          team=team, system=self.system.id)
            self.system.resolve(self, team, target)
        if system == "silence" and not self.turns.turn_based and self.phase == "play":
            # [B] "Schleichfahrt aktivieren": the First Mate marks a box and the Engineer crosses a symbol, "und das
            # Spiel wird normal weitergeführt": the Stop! holds both teams until the silent run is confirmed
            self.turns.frozen_by = team
        elif self.turns.frozen_by == team and self.turns.sonar is None:
            self.turns.frozen_by = None
        # a mine laid on the last open cell walls the boat in: it must surface at once (digest §2); turn-based, a
        # mine laid in the other team's turn (rules.toml activate_in_own_turn = false) waits for the own turn's start
        if (self.phase == "play" and self.turns.sonar is None and not state.surfaced
                and not state.handshake_pending and (not self.turns.turn_based or self.turns.current == team)
                and self._stuck(team)):
            self._forced_surface(team)

    def _allowed(self, roles: tuple[str, ...]) -> list[str]:
        return [s for s in SYSTEMS if any(s in self.activators.get(r, ()) for r in roles)
                and (s != "scenario" or self.system is not None)]

    def _target(self, system: str, args: Args) -> dict[str, Any]:
        if system in ("torpedo", "mine"):
            return {"cell": self._cell(args)}
        if system == "drone":
            return {"sector": args.int("sector", lo=1, hi=self.sea.sector_count(self.mode))}
        if system == "silence":
            # a run of no cells is no silent run (a malformed line); one longer than silence_max is a silent run
            # the rules refuse (_target_problem), as a torpedo 5 cells away is
            return {"direction": self._direction(args),
                    "distance": args.int("distance", lo=int(self.rules["silence_min"]))}
        if system == "scenario":
            if self.system is None:
                # the console's `scenario CELL` on a map without a scenario system: a well-formed line
                # the rules refuse ("this scenario has no scenario system"), not a malformed one
                if args.has("cell"):
                    self._cell(args)
                return {}
            return self.system.read(args)
        return {}

    def _target_problem(self, team: str, system: str, target: dict[str, Any]) -> Msg | None:
        state = self.teams[team]
        if system == "torpedo":
            return systems.torpedo_problem(self.sea, state.cell, target["cell"], int(self.rules["torpedo_range"]),
                                           bool(self.rules["torpedo_islands_block"]))
        if system == "mine":
            return systems.mine_problem(self.sea, state.cell, target["cell"], state.route_set, state.mines)
        if system == "silence":
            least, most = int(self.rules["silence_min"]), int(self.rules["silence_max"])
            if target["distance"] > most:  # [B] "bis zu 4 Felder in gerade Linie", [Q] "1-4 Felder"
                return Msg("silence {direction} {distance}: a silent run goes {least} to {most} cells in a straight "
                           "line", direction=Msg.term(DIRECTION_NAMES[target["direction"]]),
                           distance=target["distance"], least=least, most=most)
            if state.handshake_pending:
                return self._handshake_reason(state)
            path, problem = route.silence_path(self.sea, state.cell, target["direction"], target["distance"],
                                               state.route_set, state.mines)
            if problem is not None:
                return Msg("silence {direction} {distance}: {problem}",
                           direction=Msg.term(DIRECTION_NAMES[target["direction"]]), distance=target["distance"],
                           problem=problem)
            target["path"] = path
            return None
        if system == "scenario" and self.system is not None:
            return self.system.problem(self, team, target)
        return None

    def _detonate(self, team: str, args: Args) -> None:
        cell = self._cell(args)
        args.finish()
        self._gate(team, "detonate")
        state = self.teams[team]
        if state.surfaced:
            raise Refused(Msg("a surfaced boat cannot set off its mines"))
        if cell not in state.mines:
            raise Refused(Msg("you have no mine at {cell}", cell=cell_name(cell)))
        counts = bool(self.rules["detonation_is_activation"])
        # the order of Team.activation_check: a breakdown before the missing move (a course seldom repairs one)
        if self.rules["detonation_needs_working_mine"] and state.board.is_broken("mine"):
            raise Refused(Msg("the {system} is broken down: a symbol of its colour is crossed on the Engineer's board",
                              system=system_name("mine")))
        if counts and state.activated:
            raise Refused(state.two_activations())
        state.mines.remove(cell)
        if counts:
            state.activated, state.last_activation = True, "detonation"
        self.announce("mine_detonated", Msg("Stop! {team} detonates a mine at {cell}!", team=team_name(team),
                                            cell=cell_name(cell)), team=team, cell=cell_name(cell))
        self.blast(team, cell, "mine")
        if self.turns.frozen_by == team:
            self.turns.frozen_by = None

    def _sonar_answer(self, team: str, args: Args) -> None:
        self._swapped_kinds(args)
        statements: dict[str, int | str] = {}
        if args.has("row"):
            statements["row"] = args.int("row", lo=1, hi=self.sea.rows)
        if args.has("column"):
            letter = args.str("column").upper()
            if len(letter) != 1 or letter not in self.sea.column_letters():
                raise CommandError(Msg("{command}: column '{value}' is not a column of the map (A to {last})",
                                       command=args.name, value=letter, last=LETTERS[self.sea.columns - 1]))
            statements["column"] = letter
        if args.has("sector"):
            statements["sector"] = args.int("sector", lo=1, hi=self.sea.sector_count(self.mode))
        args.finish()
        if len(statements) != 2:
            raise CommandError(Msg("{command}: a sonar answer is two statements of different kinds: "
                                   "two of row, column, sector", command=args.name))
        self._gate(team, "sonar_answer")
        problem = systems.sonar_problem(self.sea, self.mode, self.teams[team].cell, statements)
        if problem is not None:
            raise Refused(problem)
        said = and_list([systems.describe(k, v) for k, v in statements.items()])
        self.announce("sonar_answer", Msg("{team} answers the sonar: we are in {said}.", team=team_name(team),
                                          said=said), team=team, **statements)
        asker = OTHER[team]
        self.turns.sonar = None
        if self.turns.frozen_by == asker:
            self.turns.frozen_by = None

    def _swapped_kinds(self, args: Args) -> None:
        """A sonar answer whose row is a column's letter or whose column is a row's number ([B] "Das Sonar aktivieren":
        the rulebook's own example says "Reihe L" for column L): said as such, with the kind the value belongs to."""
        row, column = args.raw.get("row"), args.raw.get("column")
        letter = row.strip().upper() if isinstance(row, str) else ""
        if len(letter) == 1 and letter in self.sea.column_letters():
            raise CommandError(Msg("{command}: {field} '{value}' is a column's letter: the rows are numbered 1 to "
                                   "{rows}", command=args.name, field="row", value=letter, rows=self.sea.rows))
        typed = column.strip() if isinstance(column, str) else column
        number = int(typed) if isinstance(typed, str) and typed.isascii() and typed.isdigit() and len(typed) <= 3 \
            else whole(typed)
        if number is not None and 1 <= number <= self.sea.rows:
            raise CommandError(Msg("{command}: {field} '{value}' is a row's number: the columns are lettered A to "
                                   "{last}", command=args.name, field="column", value=number,
                                   last=LETTERS[self.sea.columns - 1]))
        if number is not None:  # a number no row has either (`answer column 99`): no column of the map
            raise CommandError(Msg("{command}: column '{value}' is not a column of the map (A to {last})",
                                   command=args.name, value=number, last=LETTERS[self.sea.columns - 1]))

    def _stop(self, team: str, args: Args) -> None:
        state = self.teams[team]
        member = self._member(args, state.crew, "captain")
        args.finish()
        self._gate(team, "stop")
        if self.turns.turn_based:
            raise Refused(Msg("Stop! is for the real-time game; in turn-based mode activate in your turn"))
        roles = state.crew.members[member]
        if not ({"captain", "first_mate"} & set(roles)):
            raise Refused(Msg("Stop! is called by the Captain or the First Mate only"))
        if self.turns.frozen_by == team:
            raise Refused(Msg("you called Stop! already"))
        problem = self.stop_problem(team, member)
        if problem is not None:
            raise Refused(problem)
        self.turns.frozen_by = team
        self.announce("stop", Msg("Stop! {team} activates a system: everybody freezes.", team=team_name(team)),
                      team=team, by=member)

    def stop_check(self, team: str, member: str = "captain") -> str | None:
        """Why `member` of `team` may not call Stop! now for want of anything to activate, as a word, else None.
        A Stop! comes with an activation (digest §5: full gauge, no breakdown of its colour, then "Stop!"; [Q]
        "Systeme aktivieren": "Voraussetzung: Alle Felder einer Anzeige sind markiert", then "Stopp"): a system
        the member activates that is ready (`Team.activation_check`; the scenario system while it has something
        left to use), or, for the Captain, a mine of the boat's own that may be set off now. The words:
        "handshake" (a ready system waits for the last course's mark and cross: the silent run, a move, always,
        every system with rules.toml activation_waits_for_ok), "move" (never two activations without a move in
        between), "first_mate" (neither the drone nor the sonar is ready), "spent" (the scenario gauge is full,
        but its system has nothing left to use: every Archer mine has gone off), "nothing". A Stop! lifted unused (the
        crew changed its mind) stays allowed: the rulebook does not forbid it. Only reads the game."""
        state = self.teams[team]
        roles = state.crew.members.get(member, ())
        allowed = [s for s in self._allowed(roles) if s != "scenario" or self.system is None or self.system.usable()]
        checks = {s: state.activation_check(s) for s in allowed}
        if state.handshake_pending and checks.get("silence", "") is None:
            checks["silence"] = "handshake"  # a silent run moves the boat: only once the last course is confirmed
        ready = any(check is None for check in checks.values())
        waits = bool(self.rules["activation_waits_for_ok"]) and state.handshake_pending
        if ready and not waits:
            return None
        mines = ("captain" in roles and bool(state.mines) and not state.surfaced
                 and not (self.rules["detonation_needs_working_mine"] and state.board.is_broken("mine")))
        if mines and not (self.rules["detonation_is_activation"] and state.activated):
            return None
        if ready or "handshake" in checks.values():
            return "handshake"
        if "move" in checks.values() or mines:
            return "move"
        if "captain" not in roles:
            return "first_mate"
        spent = "scenario" in self._allowed(roles) and "scenario" not in allowed
        return "spent" if spent and state.activation_check("scenario") is None else "nothing"

    def stop_problem(self, team: str, member: str = "captain") -> Msg | None:
        """`stop_check` as the refusal says it (None: the Stop! may be called)."""
        check = self.stop_check(team, member)
        if check is None:
            return None
        state = self.teams[team]
        if check == "handshake":
            why = self._handshake_reason(state)
        elif check == "move":
            why = state.two_activations()
        elif check == "spent":
            assert self.system is not None
            why = Msg("no system is ready and no mine of yours can be set off; the scenario gauge is full, but no "
                      "{system} is left on the map", system=Msg.term(self.system.name))
        elif check == "first_mate":
            why = Msg("the First Mate activates only the drone and the sonar, and neither is ready (a full gauge, "
                      "no breakdown of its colour)")
        else:
            why = Msg("no system is ready (a full gauge, no breakdown of its colour) and no mine of yours can be "
                      "set off")
        return Msg("a Stop! comes with an activation: {why}", why=why)

    def _go(self, team: str, args: Args) -> None:
        member = self._member(args, self.teams[team].crew, "captain")
        args.finish()
        self._gate(team, "go")
        if self.turns.frozen_by != team:
            raise Refused(Msg("there is no Stop! of yours to lift"))
        if self.teams[team].silent_run:  # the silent run's Stop! resolves with its mark and cross, not by a go
            raise Refused(self._handshake_reason(self.teams[team]))
        self.turns.frozen_by = None
        self.announce("go", Msg("{team} lifts the Stop!: play on.", team=team_name(team)), team=team, by=member)

    # -- blasts and damage ------------------------------------------------------------------
    def blast(self, owner: str, cell: Cell, weapon: str) -> None:
        """A blast at `cell` (mine, torpedo, Archer mine): both boats checked, mines on it destroyed."""
        reach = str(self.rules["blast_destroys_mines"])
        for team in TEAMS:
            state = self.teams[team]
            for mine in damage.mines_destroyed(cell, state.mines, reach):
                state.mines.remove(mine)
                self.tell(team, "mine_destroyed", Msg("The blast destroyed your mine at {mine}.",
                                                      mine=cell_name(mine)), cell=cell_name(mine))
            # [gap] the quick reference destroys every mine of the blast area, the base rules only one on
            # the impact cell: the owner of a mine the blast leaves is told so in one line
            for mine in damage.mines_kept(cell, state.mines):
                self.tell(team, "mine_kept", Msg("Your mine at {mine} lies in the blast area and stays: only a mine "
                                                 "on the impact cell is destroyed (the base rules; the quick "
                                                 "reference says the whole area).", mine=cell_name(mine)),
                          cell=cell_name(mine))
        if self.system is not None:
            self.system.blasted(self, cell, reach)
        hits = {team: damage.blast_damage(cell, self.teams[team].position) for team in TEAMS}
        results: list[Msg | str] = [self._hit_words(team, hits[team]) for team in TEAMS]
        self.announce("blast", Msg("Blast at {cell}: {results}.", cell=cell_name(cell), results=join(results, "; ")),
                      team=owner, weapon=weapon, cell=cell_name(cell), hits=hits)
        self.blasts.append({"team": owner, "weapon": weapon, "cell": cell_name(cell), "hits": dict(hits)})
        # both boats take their damage before the end is checked: one blast may sink both (rules.toml both_sunk)
        for team in TEAMS:
            if hits[team]:
                self.take_damage(team, hits[team], "blast", check=False)
        self._check_end()

    @staticmethod
    def _hit_words(team: str, hit: int) -> Msg:
        if hit == damage.DIRECT:
            return Msg("{team}: direct hit, 2 damage", team=team_name(team))
        if hit == damage.INDIRECT:
            return Msg("{team}: indirect hit, 1 damage", team=team_name(team))
        return Msg("{team}: no hit", team=team_name(team))

    def take_damage(self, team: str, amount: int, cause: str, public: bool = True, check: bool = True) -> None:
        """`team` takes `amount` damage; `check`: see at once whether the game is over (a blast checks
        once both boats took theirs)."""
        state = self.teams[team]
        state.damage += amount
        hull = int(self.rules["hull"])
        if public:
            self.announce("damage", Msg("{team} takes {n} damage.", n=amount, team=team_name(team)),
                          team=team, amount=amount, cause=cause)
        self.tell(team, "hull", Msg("Damage {total} of {hull}.", total=min(state.damage, hull), hull=hull),
                  damage=state.damage, hull=hull)
        if check:
            self._check_end()

    def _check_end(self) -> None:
        if self.phase == "over":
            return
        hull = int(self.rules["hull"])
        sunk = [t for t in TEAMS if self.teams[t].damage >= hull]
        if not sunk:
            return
        self.phase = "over"
        self.turns.frozen_by, self.turns.sonar = None, None
        winner, loser = damage.result(sunk, TEAMS, str(self.rules["both_sunk"]))
        self.winner = winner
        if winner is None:
            self.announce("game_over", Msg("Both boats sink in the same blast: nobody wins (the rulebook names no "
                                           "winner for that)."), winner=None, loser=None, reason="both_sunk")
        else:
            assert loser is not None
            self.announce("game_over", Msg("{loser}'s boat sinks: {winner} wins!", loser=team_name(loser),
                                           winner=team_name(winner)), winner=winner, loser=loser, reason="sunk")

    # -- turns ------------------------------------------------------------------------------
    def _end_turn(self, team: str, surfaced: bool = False) -> None:
        if self.phase != "play":
            return
        self._begin_turn(self.turns.end_turn(team, surfaced=surfaced))

    def _begin_turn(self, team: str) -> None:
        extra = self.turns.extra()
        if extra:
            feed = Msg("{team}'s turn (extra turn {n} of {of}).", team=team_name(team), n=extra, of=self.turns.bonus)
        else:
            feed = Msg("{team}'s turn.", team=team_name(team))
        self.announce("turn", feed, team=team, extra=extra)
        state = self.teams[team]
        if state.surfaced:
            self._dived(team)
        if self._stuck(team):
            self._forced_surface(team)

    # -- status -----------------------------------------------------------------------------
    def _status(self, team: str, args: Args) -> None:
        args.finish()
        self.tell(team, "status", None, **self.team_status(team))

    def _plot(self, team: str, args: Args) -> None:
        args.finish()
        if self.plot is None:
            raise Refused(Msg("the training aid is off: the Radio Operator plots the enemy's course "
                              "(start a game with --training-aid to have it)"))
        enemy = OTHER[team]
        cells = self.plot.possible(enemy)
        sectors = sorted({self.sector(c) for c in cells})
        names = ", ".join(cell_name(c) for c in cells)
        if not cells:  # the enemy has not marked its start cell yet (the aid never loses a placed boat)
            feed = Msg("Training aid: {enemy} has not marked the start cell yet.", enemy=team_name(enemy))
        elif len(cells) <= int(self.rules["training_aid_list"]):
            feed = Msg.plural("Training aid: {enemy} may be on {n} cell: {cells}.",
                              "Training aid: {enemy} may be on {n} cells: {cells}.",
                              n=len(cells), enemy=team_name(enemy), cells=names)
        else:
            feed = Msg.plural("Training aid: {enemy} may be on {n} cell, in sector {sectors}.",
                              "Training aid: {enemy} may be on {n} cells, in sectors {sectors}.", n=len(cells),
                       enemy=team_name(enemy), sectors=", ".join(map(str, sectors)))
        self.tell(team, "plot", feed, enemy=enemy, cells=[cell_name(c) for c in cells], sectors=sectors)

    def team_status(self, team: str) -> dict[str, Any]:
        """What `team` knows of its own boat and of the game (never the other team's secrets)."""
        state = self.teams[team]
        where = state.position
        return {
            "phase": self.phase,
            "mode": self.mode,
            "cell": cell_name(where) if where is not None else None,
            "sector": self.sector(where) if where is not None else None,
            "route": [cell_name(c) for c in state.route],
            "mines": [cell_name(c) for c in state.mines],
            "gauges": {s: [state.gauges.filled[s], state.gauges.size(s)] for s in SYSTEMS if state.gauges.size(s)},
            "crossed": sorted(state.board.crossed),
            "broken": state.broken(),
            "damage": min(state.damage, int(self.rules["hull"])),  # a sunk boat's hull is full, as its feed says
            "surfaced": state.surfaced,
            "waiting_for": (["mark"] if state.pending_mark else []) + (["cross"] if state.pending_cross else []),
            "course_to_cross": state.pending_cross,
            "activated_since_move": state.activated,
            # real time, a silent run's Stop! holds until its mark and cross (the First Mate's and the Engineer's)
            "silent_run": state.silent_run,
            "repairs": {str(k): v for k, v in sorted(state.repairs.items())},
            "turn": self.turns.current,
            # turn-based after a surfacing: which of the extra turns in a row this is, and of how many (public:
            # the turn event says it); None for a normal turn
            "extra_turn": [self.turns.extra(), self.turns.bonus] if self.turns.extra() else None,
            "stop": self.turns.frozen_by,
            "sonar_waits_for": self.turns.sonar[1] if self.turns.sonar else None,
            "winner": self.winner,
            "blasts": [dict(b, hits=dict(b["hits"])) for b in self.blasts],
            **(self.system.status() if self.system is not None else {}),
            **(self._surfacing_cost(state) if self.scenario.surface_outside else {}),
        }

    def _surfacing_cost(self, state: Team) -> dict[str, Any]:
        """Delta ([B] "Delta Karte"): the damage a surfacing at the boat's cell costs now (0 on a water hole; None
        before the start cell), and whether that damage sinks the boat: the window's Surface and the console's
        `status` say it beforehand (the boat's mark covers the water hole's on the map)."""
        here = state.position
        if here is None:
            return {"surface_damage": None, "surface_sinks": False}
        scen = self.scenario
        assert scen.surface_outside is not None
        cost = 0 if here in self.sea.feature(scen.surface_outside) else scen.surface_damage
        return {"surface_damage": cost,
                "surface_sinks": cost > 0 and state.damage + cost >= int(self.rules["hull"])}

    # -- saving -----------------------------------------------------------------------------
    def check_state(self, state: Any, path: str) -> None:
        """The shape of every field, then that the fields hold together (`savecheck.py`)."""
        super().check_state(state, path)
        problem = state_problem(self, state)
        if problem is not None:
            raise SaveError(Msg("the save is damaged at {where}", where=f"{path}.{problem}"))

    def to_state(self) -> dict[str, Any]:
        return {
            "phase": self.phase,
            "winner": self.winner,
            "turns": self.turns.to_state(),
            "teams": {t: s.to_state() for t, s in self.teams.items()},
            "system": self.system.to_state() if self.system is not None else None,
            **({"plot": self.plot.to_state()} if self.plot is not None else {}),
            "blasts": [dict(b, hits=dict(b["hits"])) for b in self.blasts],
            "record": self.record.to_state(),
        }

    def load_state(self, state: Mapping[str, Any]) -> None:
        if state["phase"] not in ("setup", "play", "over"):
            raise ValueError(f"unknown phase {state['phase']!r}")
        self.phase = state["phase"]
        self.winner = state["winner"]
        self.turns.load_state(state["turns"])
        for team in TEAMS:
            self.teams[team].load_state(state["teams"][team], self.sea.on_map)
        if self.system is not None:
            self.system.load_state(state["system"])
        if self.plot is not None:
            self.plot.load_state(state.get("plot", {}))
        self.record.load_state(state.get("record", {}))
        self.blasts = [dict(b, hits=dict(b["hits"])) for b in state.get("blasts", [])]
