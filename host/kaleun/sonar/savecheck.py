"""What a saved Captain Sonar game must hold together, beyond the shape of each field.

`Referee.state_shape` checks each field on its own; a save put together by hand (or damaged) can
still hold a game the rules never reach: a game under way with a boat that has no cell, a route
that does not end where the boat is, a gauge fuller than its size, an Engineer's board with a whole
section crossed (that gives damage and is erased at once), a mark awaited when every gauge is full, a
silent run awaiting no mark and no cross, a Stop! in the turn-based game or held by a surfaced boat, a
repair by somebody not of the crew, a sonar answer awaited from nobody. Such a save would stop the game
later (a course with no boat) or hold it for ever (a section whose every symbol is crossed takes no more
crosses, a full gauge no more marks, a Stop! nobody can lift); it is refused
when it is loaded, with the field and the reason.

The fields kept per team beside the boats (`plot`, `record.teams`, a blast's `hits`) are optional, as a save
of an earlier release lacks them; once there, they hold both teams: a save that keeps one team's and not the
other's is damaged, not older, and would lose that team's part quietly (its Radio Operator's record of the
enemy's courses, the training aid's cells). A team's record holds only what that team may know (another team's
hidden event in it would show on its screen after the resume) and the fields its screen reads of each kept
announcement. The winner is a team whose boat is afloat while the other's sank, in a game that is over.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from kaleun.sonar.gauges import SYSTEMS, Gauges
from kaleun.sonar.grid import DIRECTIONS, Cell, parse_cell
from kaleun.sonar.record import TRACKED
from kaleun.sonar.turns import TEAMS

if TYPE_CHECKING:
    from kaleun.sonar.referee import Referee


def state_problem(referee: Referee, state: Mapping[str, Any]) -> str | None:
    """The first way `state` (the shape already checked) does not hold together, as `field: reason`;
    None when it does."""
    phase = state["phase"]
    missing = [team for team in TEAMS if team not in state["teams"]]
    if missing:  # every part of the game reads both teams: a save without one would fail as it loads
        return f"teams: a game holds both teams' boats, {missing[0]}'s is missing"
    for team in TEAMS:
        problem = _team_problem(referee, team, state["teams"][team], phase)
        if problem is not None:
            return f"teams.{team}.{problem}"
    turns = state["turns"]
    sonar = turns["sonar"]
    if sonar is not None and (sorted(sonar) != sorted(TEAMS)):
        return f"turns.sonar: a sonar answer is awaited by one team from the other, not {sonar}"
    if turns["bonus_left"] > referee.turns.bonus or (turns["bonus_for"] is None) != (turns["bonus_left"] == 0):
        return (f"turns.bonus_left: {turns['bonus_left']} extra turns for {turns['bonus_for']} "
                f"(a surfacing gives the other team {referee.turns.bonus})")
    for i, blast in enumerate(state.get("blasts", [])):
        cell = parse_cell(blast["cell"])
        if cell is None or not referee.sea.on_map(cell):
            return f"blasts[{i}].cell: '{blast['cell']}' is not a cell of the map"
        if (unhit := _missing(blast["hits"])) is not None:
            return f"blasts[{i}].hits: a blast's hits name both boats, {unhit}'s is missing"
    if referee.system is not None and not isinstance(state["system"], Mapping):
        return f"system: the scenario's {referee.system.id} system keeps its state, the save holds none"
    problem = _kept_problem(referee, state)
    if problem is not None:
        return problem
    problem = _end_problem(referee, state)
    if problem is not None:
        return problem
    if referee.turns.turn_based and turns["frozen_by"] is not None:
        # nobody calls Stop! in the turn-based game, so nobody could lift it: both boats would be held for ever
        return f"turns.frozen_by: the turn-based game has no Stop!, not one of {turns['frozen_by']}"
    holder = turns["frozen_by"]
    if holder is not None and state["teams"][holder]["surfaced"]:
        # a surfaced crew works only on its repairs and calls no Stop!: its go would be refused (surfaced), its
        # repairs and dive (the Stop! holds)
        return f"turns.frozen_by: {holder} is surfaced, and a surfaced crew holds no Stop!"
    if phase == "play" and referee.turns.turn_based and turns["current"] is None:
        return "turns.current: a turn-based game under way needs the team whose turn it is"
    return None


#: the fields a team's screen reads of each of the enemy's announcements its record keeps (`sonar_text.track_word`)
TRACK_FIELDS: dict[str, tuple[str, ...]] = {"course": ("direction",), "torpedo": ("cell",), "mine_detonated": ("cell",),
                                            "archer_mine": ("cell",), "surfaced": ("sector",)}


def _missing(keyed: Mapping[str, Any]) -> str | None:
    """The first team a field kept per team lacks (the shape refuses any other key), or None."""
    return next((team for team in TEAMS if team not in keyed), None)


def _kept_problem(referee: Referee, state: Mapping[str, Any]) -> str | None:
    """The training aid's plot and the record of what each team was told: both teams' or none (an earlier release)."""
    plot = state.get("plot")
    if referee.plot is not None and plot is None and state["phase"] != "setup":
        return "plot: the training aid is on, and the save holds no cells of the boats for it"
    if plot is not None and (missing := _missing(plot)) is not None:
        return f"plot: the training aid keeps both boats' possible cells, {missing}'s are missing"
    record = state.get("record")
    if record is None:
        return None
    if (missing := _missing(record["teams"])) is not None:
        return f"record.teams: the record keeps what each team was told, {missing}'s is missing"
    for team in TEAMS:
        for i, item in enumerate(record["teams"][team]):
            where = f"record.teams.{team}[{i}]"
            audience = item.get("audience")
            if audience not in (None, team):
                return f"{where}.audience: {team}'s record holds only what {team} may know, not {audience}'s"
            if not 0 < item["n"] <= record["count"]:
                return f"{where}.n: event {item['n']} of the {record['count']} recorded"
            data, name = item["data"], item["event"]
            if not isinstance(data, Mapping):
                return f"{where}.data: an event's fields are an object, not {type(data).__name__}"
            if audience is not None or name not in TRACKED or data.get("team") in (None, team):
                continue
            if data["team"] not in TEAMS:
                return f"{where}.data.team: '{data['team']}' is no team"
            for field in TRACK_FIELDS.get(name, ()):
                if field not in data:
                    return f"{where}.data.{field}: the enemy's {name} keeps its {field}"
            if name == "course" and (not isinstance(data["direction"], str) or data["direction"] not in DIRECTIONS):
                return f"{where}.data.direction: '{data['direction']}' is not a course (N, E, S, W)"
    return None


def _end_problem(referee: Referee, state: Mapping[str, Any]) -> str | None:
    """The winner and the sunk boats hold together with the phase."""
    hull = int(referee.rules["hull"])
    sunk = sorted(team for team in TEAMS if state["teams"][team]["damage"] >= hull)
    winner = state["winner"]
    if winner is not None and winner not in TEAMS:
        return f"winner: '{winner}' is no team (yellow or blue)"
    if state["phase"] != "over":
        if winner is not None:
            return f"winner: {winner} won a game that is not over"
        if sunk:
            return f"teams.{sunk[0]}.damage: the boat has sunk ({hull} damage) in a game that is not over"
        return None
    if winner is None and len(sunk) != len(TEAMS):
        return "winner: a game over without a winner is one where both boats sank"
    if winner is not None and (winner in sunk or not sunk):
        return f"winner: {winner} wins when the other boat sank and its own did not"
    return None


def _team_problem(referee: Referee, team: str, state: Mapping[str, Any], phase: str) -> str | None:
    sea = referee.sea

    def cells(texts: list[str]) -> list[Cell | None]:
        return [parse_cell(t) for t in texts]

    for field in ("route", "mines"):
        for text in state[field]:
            found = parse_cell(text)
            if found is None or not sea.on_map(found):
                return f"{field}: '{text}' is not a cell of the map"
    position = parse_cell(state["position"]) if state["position"] is not None else None
    route, mines = cells(state["route"]), cells(state["mines"])
    if position is None:
        if phase != "setup":
            return "position: a game under way needs both boats' cells"
        if route or mines:
            return "route: a boat without a start cell has no route and no mines"
    else:
        if not sea.is_sea(position):
            return f"position: {state['position']} is not a sea cell of the map"
        if not route or route[-1] != position:
            return f"route: the route ends where the boat is ({state['position']})"
        if len(set(route)) != len(route) or not all(c is not None and sea.is_sea(c) for c in route):
            return "route: a route runs over sea cells and never crosses itself"
    if len(set(mines)) != len(mines) or not all(c is not None and sea.is_sea(c) for c in mines):
        return "mines: each mine lies on its own sea cell"
    gauges = referee.teams[team].gauges
    absent = [system for system in SYSTEMS if system not in state["gauges"]]
    if absent:  # the loader would start it empty: the First Mate's marks on it would be lost
        return f"gauges.{absent[0]}: the boat keeps every gauge ({', '.join(SYSTEMS)}), this one is missing"
    for system, filled in state["gauges"].items():
        if not 0 <= filled <= gauges.size(system):
            return f"gauges.{system}: {filled} boxes marked, the gauge has {gauges.size(system)}"
    if state.get("silent_run", False) and not state["pending_mark"] and state["pending_cross"] is None:
        # a silent run ends with its mark and cross (its Stop! held till then): with neither awaited it never ends
        return "silent_run: a silent run awaits its mark or cross, and this one awaits neither"
    if state["pending_mark"] and not Gauges(dict(gauges.sizes), dict(state["gauges"])).markable():
        # a course awaits a mark only when a gauge has an empty box: every command would wait for a mark that
        # no gauge takes, the boat (and in turns the other one) held for ever
        return "pending_mark: a mark is awaited, but every gauge is full"
    board = referee.teams[team].board.layout
    crossed = set(state["crossed"])
    if crossed - set(board.symbols):
        return f"crossed: unknown engineer symbols {sorted(crossed - set(board.symbols))}"
    full = [d for d, ids in board.by_direction.items() if set(ids) <= crossed]
    if full or set(board.radiation) <= crossed:
        return "crossed: a full section or reactor gives damage and is erased at once; it is never left crossed"
    crew = referee.teams[team].crew
    total = int(referee.rules["repair_sections"])
    for section, member in state["repairs"].items():
        if not 1 <= int(section) <= total or member not in crew.members:
            return f"repairs.{section}: hull sections 1 to {total}, outlined by the crew ({', '.join(crew.members)})"
    return None
