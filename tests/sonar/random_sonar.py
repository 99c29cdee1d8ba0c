"""Random Captain Sonar crews for property tests and the benchmark.

`RandomCrews(game, rng).command()` returns the next command one of the two crews gives: mostly
sensible (courses that are open, marks and crosses that keep the boat alive, systems used now
and then, surfacing when the board is dangerous) with a share of commands the rules refuse.
Decisions are taken from what a team may know (`Referee.team_status`) and the map; a sonar
answer needs the answering boat's own cell, which its Captain knows.
"""

from __future__ import annotations

import random
from typing import Any

from kaleun.core.engine import Engine
from kaleun.sonar import route
from kaleun.sonar.crew import crew
from kaleun.sonar.engineer import EngineerBoard
from kaleun.sonar.game import referee
from kaleun.sonar.grid import DIRECTIONS, LETTERS, around, cell_name, parse_cell, step
from kaleun.sonar.turns import OTHER, TEAMS


class RandomCrews:
    def __init__(self, game: Engine, rng: random.Random, aggression: float = 0.15, blunders: float = 0.03,
                 inline: float = 0.5, weapons: bool = True) -> None:
        self.game = game
        self.ref = referee(game)
        self.rng = rng
        self.aggression = aggression
        self.blunders = blunders
        self.inline = inline
        self.weapons = weapons
        self.moves = dict.fromkeys(TEAMS, 0)

    # -- who acts ---------------------------------------------------------------------------
    def actor(self) -> str:
        turns = self.ref.turns
        if turns.sonar is not None:
            return turns.sonar[1]
        if turns.frozen_by is not None:
            return turns.frozen_by
        if self.ref.phase == "setup":
            return next(t for t in TEAMS if self.ref.teams[t].position is None)
        if turns.turn_based:
            return str(turns.current)
        return self.rng.choice(TEAMS)

    def command(self) -> dict[str, Any]:
        team = self.actor()
        command = self._command(team)
        command["team"] = team
        if command["do"] == "course" or (command["do"] == "activate" and command.get("system") == "silence"):
            self.moves[team] += 1
        return command

    # -- choices ----------------------------------------------------------------------------
    def _command(self, team: str) -> dict[str, Any]:
        ref, rng = self.ref, self.rng
        status = ref.team_status(team)
        sea = ref.sea
        if ref.phase == "setup":
            return {"do": "start", "cell": cell_name(rng.choice(sea.sea_cells()))}
        if ref.turns.sonar is not None:
            return self._sonar_answer(status)
        if ref.turns.frozen_by == team and not status["silent_run"]:   # a silent run's Stop!: its mark and cross
            return self._activation(team, status) or {"do": "go"}
        if rng.random() < self.blunders:
            return self._blunder(team)
        if status["surfaced"] and ref.mode == "realtime":
            return self._repair(team, status)
        if status["waiting_for"]:
            if "mark" in status["waiting_for"]:
                return {"do": "mark", "system": self._mark(status)}
            return {"do": "cross", "symbol": self._cross(status, str(status["course_to_cross"]))}
        if rng.random() < self.aggression:
            activation = self._activation(team, status)
            if activation is not None:
                if ref.mode == "realtime" and rng.random() < 0.3:
                    return {"do": "stop"}
                return activation
        return self._move(team, status)

    def _move(self, team: str, status: dict[str, Any]) -> dict[str, Any]:
        state = self.ref.teams[team]
        options = route.legal_courses(self.ref.sea, state.cell, state.route_set, state.mines)
        safe = [d for d in options if self._safe_cross(status, d)]
        if safe and self.rng.random() < 0.95:
            options = safe           # the Captain listens to the Engineer (mostly)
        if not options or self._dangerous(status) or not safe or \
                (len(status["route"]) > 12 and self.rng.random() < 0.05):
            return {"do": "surface"}
        direction = self.rng.choice(options)
        command: dict[str, Any] = {"do": "course", "direction": direction}
        if self.rng.random() < self.inline:
            mark = self._mark(status)
            if mark is not None:
                command["mark"] = mark
            command["cross"] = self._cross(status, direction)
        return command

    def _dangerous(self, status: dict[str, Any]) -> bool:
        layout = self.ref.teams["yellow"].board.layout
        crossed = set(status["crossed"])
        radiation = sum(s in crossed for s in layout.radiation)
        tight = [d for d in "NESW" if sum(s not in crossed for s in layout.by_direction[d]) <= 1]
        return radiation >= 5 or len(tight) >= 2

    def _safe_cross(self, status: dict[str, Any], direction: str) -> bool:
        layout = self.ref.teams["yellow"].board.layout
        crossed = set(status["crossed"])
        open_ = [s for s in layout.by_direction[direction] if s not in crossed]
        radiation_left = [s for s in layout.radiation if s not in crossed]
        return any(len(open_) > 1 and radiation_left != [s] for s in open_)

    def _mark(self, status: dict[str, Any]) -> Any:
        open_ = [s for s, (filled, size) in status["gauges"].items() if filled < size]
        return self.rng.choice(open_) if open_ else None

    def _cross(self, status: dict[str, Any], direction: str) -> str:
        board = EngineerBoard(self.ref.teams["yellow"].board.layout, set(status["crossed"]))
        options = board.open_symbols(direction)

        def harmful(symbol: str) -> bool:
            crossed = board.crossed | {symbol}
            return all(s in crossed for s in board.layout.by_direction[direction]) or \
                all(s in crossed for s in board.layout.radiation)

        safe = [s for s in options if not harmful(s)]
        return self.rng.choice(safe or options)

    def _repair(self, team: str, status: dict[str, Any]) -> dict[str, Any]:
        done = {int(k): v for k, v in status["repairs"].items()}
        left = [s for s in range(1, 5) if s not in done]
        if not left:
            return {"do": "dive"}
        if not done:  # the Engineer begins
            return {"do": "repair", "section": self.rng.choice(left),
                    "by": self.ref.teams[team].crew.holder("engineer")}
        members = list(crew(self.ref.teams[team].crew.size).members)
        counts = {m: sum(1 for v in done.values() if v == m) for m in members}
        fewest = min(counts.values())
        member = self.rng.choice([m for m, n in counts.items() if n == fewest])
        return {"do": "repair", "section": self.rng.choice(left), "by": member}

    def _sonar_answer(self, status: dict[str, Any]) -> dict[str, Any]:
        cell = parse_cell(status["cell"])
        assert cell is not None
        sea = self.ref.sea
        truth: dict[str, Any] = {"row": cell[1] + 1, "column": LETTERS[cell[0]],
                                 "sector": sea.sector(cell, self.ref.mode)}
        kinds = self.rng.sample(["row", "column", "sector"], 2)
        true_kind, false_kind = kinds
        false_values: dict[str, list[Any]] = {
            "row": [r for r in range(1, sea.rows + 1) if r != truth["row"]],
            "column": [c for c in sea.column_letters() if c != truth["column"]],
            "sector": [s for s in range(1, sea.sector_count(self.ref.mode) + 1) if s != truth["sector"]],
        }
        return {"do": "sonar_answer", true_kind: truth[true_kind],
                false_kind: self.rng.choice(false_values[false_kind])}

    def _activation(self, team: str, status: dict[str, Any]) -> dict[str, Any] | None:
        ref, rng = self.ref, self.rng
        if status["activated_since_move"]:
            return None
        state = ref.teams[team]
        ready = [s for s, (filled, size) in status["gauges"].items()
                 if filled >= size and s not in status["broken"]]
        if not self.weapons:
            ready = [s for s in ready if s not in ("torpedo", "mine", "scenario")]
        if state.mines and self.weapons and rng.random() < 0.2:
            return {"do": "detonate", "cell": cell_name(rng.choice(state.mines))}
        if not ready:
            return None
        system = rng.choice(ready)
        here = state.cell
        if system == "torpedo":
            cells = [(here[0] + dx, here[1] + dy) for dx in range(-4, 5) for dy in range(-4, 5)
                     if 0 < abs(dx) + abs(dy) <= 4]
            cells = [c for c in cells if ref.sea.is_sea(c)]
            return {"do": "activate", "system": "torpedo", "cell": cell_name(rng.choice(cells))} if cells else None
        if system == "mine":
            cells = [c for c in around(here) if ref.sea.is_sea(c) and c not in state.route_set and c not in state.mines]
            return {"do": "activate", "system": "mine", "cell": cell_name(rng.choice(cells))} if cells else None
        if system == "drone":
            return {"do": "activate", "system": "drone", "sector": rng.randint(1, ref.sea.sector_count(ref.mode)),
                    **({"by": "first_mate"} if state.crew.size == 4 and rng.random() < 0.5 else {})}
        if system == "sonar":
            return {"do": "activate", "system": "sonar"}
        if system == "silence":
            if status["waiting_for"]:
                return None
            options = []
            for direction in DIRECTIONS:
                for distance in range(1, 5):
                    cell = step(here, direction, distance)
                    if route.cell_problem(ref.sea, cell, state.route_set, state.mines) is not None:
                        break
                    options.append((direction, distance))
            if not options:
                return None
            direction, distance = rng.choice(options)
            return {"do": "activate", "system": "silence", "direction": direction, "distance": distance}
        if system == "scenario" and status.get("archer_mines"):
            return {"do": "activate", "system": "scenario", "cell": rng.choice(status["archer_mines"])}
        return None

    def _blunder(self, team: str) -> dict[str, Any]:
        """A command the rules will often refuse (out of turn, onto the route, a system not ready)."""
        rng = self.rng
        choice = rng.randrange(5)
        if choice == 0:
            return {"do": "course", "direction": rng.choice("NESW")}
        if choice == 1:
            return {"do": "activate", "system": "torpedo", "cell": cell_name(rng.choice(self.ref.sea.sea_cells()))}
        if choice == 2:
            return {"do": "mark", "system": rng.choice(["mine", "torpedo", "drone", "sonar", "silence", "scenario"])}
        if choice == 3:
            return {"do": "dive"}
        return {"do": "detonate", "cell": cell_name(rng.choice(self.ref.sea.sea_cells()))}


def play_random(game: Engine, rng: random.Random, moves: int = 200, limit: int = 20000,
                **options: Any) -> tuple[list[dict[str, Any]], list[Any]]:
    """Play until the game is over, each team made `moves` moves, or `limit` commands.
    Returns (the commands as script lines with game times, the events)."""
    crews = RandomCrews(game, rng, **options)
    lines: list[dict[str, Any]] = []
    events: list[Any] = game.take_events()
    t = game.t
    ref = referee(game)
    for _ in range(limit):
        if ref.phase == "over" or min(crews.moves.values()) >= moves:
            break
        command = crews.command()
        t += rng.choice((0, 0.5, 1, 1, 2)) if ref.mode == "realtime" else 1
        events += game.advance_to(t)
        lines.append({"t": t, **command})
        events += game.apply(command)
    return lines, events


def other(team: str) -> str:
    return OTHER[team]
