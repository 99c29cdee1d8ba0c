"""Helpers for the Captain Sonar tests: run table scripts in-process, read views, find events, write a team's lines
and an owner's small map.

Each test is named by the rules digest's section (§) and cites where the rule stands in the German
rulebook, by the heading a reader finds there: [B] "Einen Torpedo abfeuern" (the base rules), [Q] "..."
(the quick reference); [gap] marks a value the rulebook leaves open (its choice is in the data file).
"""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

from kaleun.core.engine import Engine
from kaleun.games import make_table
from kaleun.runtime.script import EventWriter, ScriptRun
from kaleun.sonar.engineer import EngineerBoard, layout
from kaleun.sonar.game import new_game, referee
from kaleun.sonar.referee import Referee

HERE = Path(__file__).resolve().parent
SCRIPTS = HERE / "scripts"


def first_team(seed: int) -> str:
    """Who begins a turn-based game of this seed (the referee draws it from its own stream)."""
    g = new_game(seed, "alpha", "turn")
    g.apply({"do": "start", "team": "yellow", "cell": "A1"})
    g.apply({"do": "start", "team": "blue", "cell": "O1"})
    return str(referee(g).turns.current)


#: a seed whose turn-based games begin with yellow
YELLOW_FIRST = next(s for s in range(100) if first_team(s) == "yellow")


def run_lines(lines: list[dict[str, Any] | str], tmp_path: Path, scenario: str = "alpha", mode: str = "realtime",
              seed: int = 0, crews: Any = None, game: Engine | None = None,
              viewer: str | None = None) -> tuple[Engine, list[dict[str, Any]]]:
    """Run a table script through the public ScriptRun; returns (game, events as JSON objects).
    Lines without `t` get the next whole second."""
    path = tmp_path / "script.jsonl"
    with open(path, "w", encoding="utf-8") as fh:
        t = 0
        for line in lines:
            if isinstance(line, dict) and "t" not in line:
                line = {"t": t, **line}
                t += 1
            elif isinstance(line, dict):
                t = int(line["t"]) + 1
            fh.write((line if isinstance(line, str) else json.dumps(line)) + "\n")
    game = game if game is not None else new_game(seed, scenario, mode, crews)
    out = io.StringIO()
    ScriptRun(game, None, EventWriter(out, viewer=viewer), table=make_table(game, None)).run(path)
    return game, [json.loads(line) for line in out.getvalue().splitlines()]


def named(events: list[dict[str, Any]], name: str, **fields: Any) -> list[dict[str, Any]]:
    return [e for e in events if e["event"] == name and all(e.get(k) == v for k, v in fields.items())]


def refusals(events: list[dict[str, Any]], team: str | None = None) -> list[str]:
    return [e["reason"] for e in events if e["event"] == "refused" and (team is None or e["team"] == team)]


def ref(game: Engine) -> Referee:
    return referee(game)


def start(yellow: str, blue: str) -> list[dict[str, Any]]:
    return [{"team": "yellow", "do": "start", "cell": yellow}, {"team": "blue", "do": "start", "cell": blue}]


def course(team: str, direction: str, mark: str | None = None, cross: str | None = None) -> dict[str, Any]:
    """A course line; with `mark` and `cross` the First Mate's mark and the Engineer's cross go with it."""
    line: dict[str, Any] = {"team": team, "do": "course", "direction": direction}
    if mark:
        line["mark"] = mark
    if cross:
        line["cross"] = cross
    return line


def activate(team: str, system: str, **fields: Any) -> dict[str, Any]:
    return {"team": team, "do": "activate", "system": system, **fields}


def five_by_five(name: str, *rows: str) -> str:
    """An owner's 5 x 5 map in the map format (sectors 2 2 1 in real time, 3 2 turn-based): `rows` are the grid's
    rows 1 to 5, one cell a character apart (`". # . . ."`)."""
    head = (f"name: {name}\nsize: 5 x 5\nsectors realtime: 2 2 1 / 2 2 1\nsectors turn: 3 2 / 3 2\n"
            "grid:\n    A B C D E\n")
    return head + "".join(f"{n:>2}  {row}\n" for n, row in enumerate(rows, 1))


#: the order the test crews fill their gauges in, and their sizes (data/rules.toml)
MARK_ORDER = (("torpedo", 3), ("mine", 3), ("sonar", 3), ("drone", 4), ("silence", 6))


class Engineer:
    """A careful Engineer: crosses circuit symbols first and never the one that would fill a section
    or the reactor (if it can help it). Keeps its own copy of the board to choose."""

    def __init__(self) -> None:
        self.boards = {t: EngineerBoard(layout()) for t in ("yellow", "blue")}

    def pick(self, team: str, direction: str) -> str:
        board = self.boards[team]
        options = board.open_symbols(direction)

        def harmful(symbol: str) -> bool:
            crossed = board.crossed | {symbol}
            return all(s in crossed for s in board.layout.by_direction[direction]) or \
                all(s in crossed for s in board.layout.radiation)

        safe = [s for s in options if not harmful(s)] or options
        choice = min(safe, key=lambda s: (board.layout.symbols[s].circuit is None, s))
        board.cross(choice)
        return choice

    def clear(self, team: str) -> None:
        self.boards[team].clear()


class Crews:
    """Writes courses for both teams with a First Mate's mark and an Engineer's cross in each line
    (the way a 2-player crew's Captain gives them): gauges are filled in MARK_ORDER, crosses by a
    careful `Engineer`. `used(team, system)` empties a gauge again."""

    def __init__(self) -> None:
        self.filled: dict[str, dict[str, int]] = {t: {s: 0 for s, _ in MARK_ORDER} for t in ("yellow", "blue")}
        self.engineer = Engineer()

    def mark(self, team: str) -> str | None:
        for system, size in MARK_ORDER:
            if self.filled[team][system] < size:
                self.filled[team][system] += 1
                return system
        return None

    def used(self, team: str, system: str) -> None:
        self.filled[team][system] = 0

    def surfaced(self, team: str) -> None:
        self.engineer.clear(team)

    def move(self, team: str, direction: str, **extra: Any) -> dict[str, Any]:
        line: dict[str, Any] = {"team": team, "do": "course", "direction": direction}
        if "cross" in extra:
            self.engineer.boards[team].cross(extra["cross"])
        else:
            line["cross"] = self.engineer.pick(team, direction)
        if "mark" not in extra:
            mark = self.mark(team)
            if mark is not None:
                line["mark"] = mark
        return {**line, **extra}

    def moves(self, team: str, directions: str) -> list[dict[str, Any]]:
        return [self.move(team, d) for d in directions]


def read_json_lines(path: Path) -> list[dict[str, Any]]:
    with open(path, encoding="utf-8") as fh:
        return [json.loads(line) for line in fh if line.strip()]


def seated(scenario: str = "alpha", mode: str = "realtime", code: str = "en", cells: tuple[str, str] = ("B2", "N12"),
           seed: int = 4, crews: Any = None) -> tuple[Any, dict[str, Any], dict[str, io.StringIO]]:
    """Both teams seated at consoles of one table in language `code` (the runtime, each team's console and what
    it printed), their start cells marked (yellow's first) and the table stepped once; `crews` as `new_game` takes
    them (each team's crew size)."""
    from typing import cast

    from kaleun.runtime.loop import Runtime
    from kaleun.ui.sonar_console import TeamConsole

    game = new_game(seed, scenario, mode, crews)
    runtime = Runtime(game, cast(Any, make_table(game, None)), [])
    runtime.language = code
    outs = {team: io.StringIO() for team in ("yellow", "blue")}
    seats = {team: TeamConsole(runtime, team, io.StringIO(), outs[team], interactive=False) for team in outs}
    for team, cell in zip(("yellow", "blue"), cells, strict=True):
        seats[team].handle(f"start {cell}")
    runtime.step()
    return runtime, seats, outs


def printed(runtime: Any, console: Any, out: io.StringIO, line: str) -> str:
    """What a team console prints for one typed line, the table stepped after it."""
    before = len(out.getvalue())
    console.handle(line)
    runtime.step()
    return out.getvalue()[before:]


def said_to_yellow(line: str, code: str = "en") -> str:
    """What the yellow team's console prints for one line typed at a fresh table in language `code` (`seated`)."""
    runtime, seats, outs = seated(code=code)
    return printed(runtime, seats["yellow"], outs["yellow"], line)
