"""The games Kaleun referees, by the id a save and the command line use.

One entry per game (`GAMES`), read by every layer outside the game: its name, the module that
loads a save, how a new one is built from the command line's options, which table its inputs come
through, whether that table needs a board file, and how a session says it is replayed; `kaleun`'s
`--game` takes its choices from it. Entries import their game lazily, so running one game never
loads the other.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from kaleun.core.engine import Engine, check_state_header
from kaleun.core.errors import SaveError
from kaleun.core.messages import Msg


def _uboot_table(game: Engine, board: Any) -> Any:
    """U-BOOT's inputs come through the board's adapters (figures, telegraph, dials, buttons)."""
    from kaleun.runtime.table import Table

    return Table(board, game)


def _bare_table(game: Engine, board: Any) -> Any:
    """A table without adapters: the game's inputs are game commands (Captain Sonar)."""
    from kaleun.runtime.bare_table import BareTable

    return BareTable(GAMES[game.game].name if game.game in GAMES else game.game)


def _uboot_replay(game: Engine) -> str:
    out = f"--seed {game.seed} --mission {game.config.get('mission', '?')}"
    if game.config.get("changes"):  # a set-up's difficulties, a linked patrol's carry-over
        import json

        out += " --changes '" + json.dumps(game.config["changes"], separators=(",", ":")).replace("'", "\\u0027") + "'"
    return out


def _sonar_replay(game: Engine) -> str:
    out = (f"--game sonar --seed {game.seed} --scenario {game.config.get('scenario', '?')} "
           f"--mode {game.config.get('mode', '?')}")
    from kaleun.sonar.turns import TEAMS

    crews = game.config.get("crews")
    if isinstance(crews, dict) and set(crews) == set(TEAMS):  # the seats decide who may act: a 3,2 game
        out += " --crew " + ",".join(str(crews[team]) for team in TEAMS)  # replayed with 4,4 is another game
    if isinstance(game.config.get("map"), dict):  # an owner's map: the file it was read from
        import shlex

        source = Path(str(game.config["map"].get("source", "?")))
        out += " --map " + shlex.quote(str(source.resolve() if source.is_file() else source))
    if game.config.get("training_aid"):
        out += " --training-aid"
    return out


def _uboot_new(options: Any, seed: int) -> Engine:
    """A U-BOOT game from the options (`--mission`, default training; `kaleun run --changes`).
    Raises CommandError, or MissionError for changes that do not fit the mission."""
    from kaleun.uboot.game import check_changes, new_game

    mission = options.mission or "training"
    changes = _changes(getattr(options, "changes", None))
    check_changes(mission, changes)  # from the command line: checked as a mission file is
    return new_game(seed, mission, changes)


def _changes(text: str | None) -> dict | None:
    """`--changes`: mission field changes as a JSON object, or @FILE holding one (CommandError)."""
    from kaleun.core import jsonin
    from kaleun.core.errors import CommandError
    from kaleun.files import read_file

    if text is None:
        return None
    try:
        # @FILE: a regular file only (a named pipe hung the start, /dev/zero filled the memory)
        raw = read_file(Path(text[1:]), 1024 * 1024).decode("utf-8") if text.startswith("@") else text
        changes = jsonin.loads(raw)  # no NaN, no 1e999, no nesting without end
    except (OSError, UnicodeDecodeError, jsonin.JsonInputError) as exc:
        why = exc.strerror if isinstance(exc, OSError) and exc.strerror else exc
        raise CommandError(f"--changes must be a JSON object or @FILE holding one ({why})") from exc
    if not isinstance(changes, dict):
        raise CommandError("--changes must be a JSON object of mission fields")
    return changes


def _sonar_new(options: Any, seed: int) -> Engine:
    """A Captain Sonar game from the options. Raises CommandError, or MapError (`file:line: problem`)."""
    from kaleun.core.errors import CommandError
    from kaleun.sonar.game import new_game

    map_text, map_source = None, "map"
    if options.map is not None:
        try:
            map_text = read_map(options.map)
        except (OSError, UnicodeDecodeError) as exc:
            raise CommandError(f"cannot read the map {options.map}: {getattr(exc, 'strerror', None) or exc}") from exc
        map_source = options.map
    return new_game(seed, options.scenario or "alpha", options.mode or "turn", _crews(options.crew),
                    map_text=map_text, map_source=map_source, training_aid=bool(options.training_aid))


def read_map(path: str) -> str:
    """A map file's text: a regular file only (a named pipe hung the start, /dev/zero filled the memory),
    of at most four bytes per character a map may have (`sonar.maps.MAX_CHARS`)."""
    from kaleun.files import read_file
    from kaleun.sonar.maps import MAX_CHARS

    return read_file(Path(path), 4 * MAX_CHARS).decode("utf-8")


def _crews(text: str | None) -> list[int] | None:
    """`--crew`: the players of yellow and blue ("4,3", or one number for both)."""
    from kaleun.core.errors import CommandError

    if text is None:
        return None
    parts = text.split(",")
    if len(parts) == 1:
        parts = parts * 2
    # (a crew is a few players: thousands of digits are no number Python reads)
    if len(parts) != 2 or not all(p.strip().isdigit() and p.strip().isascii() and len(p.strip()) <= 3 for p in parts):
        raise CommandError(f"--crew takes the players of yellow and blue, e.g. 4,3 (or one number for both), "
                           f"got {text!r}")
    return [int(p) for p in parts]


@dataclass(frozen=True)
class GameEntry:
    """One game Kaleun referees: everything the layers outside the game need to know of it."""

    #: its name, as the table and `kaleun --help` say it
    name: str
    #: the module with its new_game and load_game (imported only when the game is played)
    module: str
    #: the table its inputs come through, from the game and the board (`make_table`)
    table: Callable[[Engine, Any], Any]
    #: the `kaleun run` options that replay a session of it (the session script's first line)
    replay: Callable[[Engine], str]
    #: a new game from the command line's options (`kaleun run`, `kaleun play`) and a seed; raises
    #: CommandError or ValueError (`file:line: problem`) with what is wrong
    new: Callable[[Any, int], Engine]
    #: its table is built from a board file (`--board`, the preferred board)
    board: bool = False


#: game id (as a save, `--game` and the session script say it) -> the game; the first, U-BOOT, is the
#: default
GAMES: dict[str, GameEntry] = {
    "uboot": GameEntry("U-BOOT", "kaleun.uboot.game", _uboot_table, _uboot_replay, _uboot_new, board=True),
    "sonar": GameEntry("Captain Sonar", "kaleun.sonar.game", _bare_table, _sonar_replay, _sonar_new),
}


def game_module(game_id: str) -> Any:
    if game_id not in GAMES:
        raise KeyError(game_id)
    return importlib.import_module(GAMES[game_id].module)


def load_game(state: Mapping[str, Any]) -> Engine:
    """Rebuild any game from `Engine.to_state()`. Raises SaveError with the reason."""
    check_state_header(state)
    game_id = state.get("game")
    if not isinstance(game_id, str) or game_id not in GAMES:
        raise SaveError(Msg("this save belongs to the game {game}, which this Kaleun does not play (known: {known})",
                            game=repr(game_id), known=", ".join(GAMES)))
    engine: Engine = game_module(game_id).load_game(state)
    return engine


def make_table(game: Engine, board: Any) -> Any:
    """The table a game's inputs come through (its entry's `table`): U-BOOT's board adapters
    (figures, telegraph, buttons), or a table without adapters for Captain Sonar (its inputs are
    game commands)."""
    return GAMES[game.game].table(game, board)


def replay_args(game: Engine) -> str:
    """The `kaleun run` options that replay a session of `game` (for the session script's first line)."""
    return GAMES[game.game].replay(game)


def game_choices_help() -> str:
    """`--game`'s help: each game's id and name, the first the default."""
    said = [f"{gid} ({entry.name}, the default)" if i == 0 else f"{gid} ({entry.name})"
            for i, (gid, entry) in enumerate(GAMES.items())]
    return "the game: " + (", ".join(said[:-1]) + " or " + said[-1] if len(said) > 1 else said[0])
