"""The Radio Operator's training aid (digest §9): where each boat may be, from public events only.

Off by default (`new_game(training_aid=True)`, `--training-aid`): the Radio Operator's deduction
is the heart of the game. When on, the referee hands every **public** event it announces — and
nothing else — to `Plot.hear`, so the aid knows exactly what both teams heard across the table:

- a boat that marked its start cell may be on any sea cell;
- "course east": every possible cell moves one step east; cells that would leave the map or
  enter an island drop out;
- "silence": every possible cell spreads 1 to 4 cells straight in any direction over sea;
- a surfacing names the boat's sector; a drone answer says whether it is in the asked sector;
- a sonar answer: exactly one of the two statements holds;
- a torpedo was fired from within its reach of the impact cell;
- a blast's hits: 2 on the impact cell, 1 on one of the 8 around it, 0 elsewhere.

The aid does not know the boat's own route (a boat never crosses it) or its mines, so it may keep
cells a careful Radio Operator has already ruled out; it never drops the boat's true cell.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from kaleun.sonar import systems
from kaleun.sonar.damage import blast_damage
from kaleun.sonar.grid import DIRECTIONS, Cell, cell_name, parse_cell, step
from kaleun.sonar.maps import SeaMap


class Plot:
    """The possible cells of each team's boat, as the public announcements tell them."""

    def __init__(self, sea: SeaMap, mode: str, teams: Iterable[str], rules: Mapping[str, Any]) -> None:
        self.sea = sea
        self.mode = mode
        self.silence = (int(rules["silence_min"]), int(rules["silence_max"]))
        self.torpedo = (int(rules["torpedo_range"]), bool(rules["torpedo_islands_block"]))
        self.cells: dict[str, set[Cell]] = {team: set() for team in teams}

    def possible(self, team: str) -> list[Cell]:
        """The cells `team`'s boat may be on, in reading order (row by row)."""
        return sorted(self.cells[team], key=lambda c: (c[1], c[0]))

    def hear(self, name: str, data: Mapping[str, Any]) -> None:
        """One public event (its name and fields)."""
        team = str(data.get("team"))
        if name == "team_ready":
            self.cells[team] = set(self.sea.sea_cells())
        elif name == "course":
            self._keep(team, {step(c, data["direction"]) for c in self.cells[team]}, self.sea.is_sea)
        elif name == "silence":
            self.cells[team] = self._silent_runs(self.cells[team])
        elif name == "surfaced":
            self._keep(team, self.cells[team], lambda c: self.sea.sector(c, self.mode) == data["sector"])
        elif name == "drone":
            enemy = self._other(team)
            self._keep(enemy, self.cells[enemy],
                       lambda c: (self.sea.sector(c, self.mode) == data["sector"]) == bool(data["answer"]))
        elif name == "sonar_answer":
            said = {k: data[k] for k in systems.SONAR_KINDS if k in data}
            self._keep(team, self.cells[team], lambda c: systems.sonar_problem(self.sea, self.mode, c, said) is None)
        elif name == "torpedo":
            target = parse_cell(data["cell"])
            assert target is not None
            reach, islands = self.torpedo
            self._keep(team, self.cells[team], lambda c: c != target and systems.torpedo_distance(
                self.sea, c, target, reach, islands) is not None)
        elif name == "blast":
            impact = parse_cell(data["cell"])
            assert impact is not None
            for hit_team, hit in data["hits"].items():
                if hit_team in self.cells:
                    self._keep(hit_team, self.cells[hit_team], lambda c, h=hit: blast_damage(impact, c) == h)

    def _other(self, team: str) -> str:
        return next(t for t in self.cells if t != team)

    def _keep(self, team: str, cells: Iterable[Cell], test: Any) -> None:
        self.cells[team] = {c for c in cells if test(c)}

    def _silent_runs(self, cells: set[Cell]) -> set[Cell]:
        lo, hi = self.silence
        out = set(cells) if lo == 0 else set()
        for cell in cells:
            for direction in DIRECTIONS:
                for n in range(1, hi + 1):
                    nxt = step(cell, direction, n)
                    if not self.sea.is_sea(nxt):
                        break
                    if n >= lo:
                        out.add(nxt)
        return out

    # -- saving ---------------------------------------------------------------------------
    def to_state(self) -> dict[str, list[str]]:
        return {team: [cell_name(c) for c in self.possible(team)] for team in self.cells}

    def load_state(self, state: Mapping[str, list[str]]) -> None:
        for team in self.cells:
            cells = [parse_cell(c) for c in state.get(team, [])]
            if any(c is None or not self.sea.is_sea(c) for c in cells):
                raise ValueError("a cell of the training aid's plot is not a sea cell of the map")
            self.cells[team] = {c for c in cells if c is not None}
