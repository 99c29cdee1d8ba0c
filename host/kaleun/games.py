"""The games Kaleun referees, by the id a save and the command line use.

One entry per game (`GAMES`), read by every layer outside the game: its name, the module that
builds a new one and loads a save, which table its inputs come through, whether that table needs a
board file, and how a session says it is replayed; `kaleun`'s `--game` takes its choices from it.
Entries import their game lazily, so running one game never loads the other.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass
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
    return (f"--game sonar --seed {game.seed} --scenario {game.config.get('scenario', '?')} "
            f"--mode {game.config.get('mode', '?')}")


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
    #: its table is built from a board file (`--board`, the preferred board)
    board: bool = False


#: game id (as a save, `--game` and the session script say it) -> the game; the first is the default
GAMES: dict[str, GameEntry] = {
    "uboot": GameEntry("U-BOOT", "kaleun.uboot.game", _uboot_table, _uboot_replay, board=True),
    "sonar": GameEntry("Captain Sonar", "kaleun.sonar.game", _bare_table, _sonar_replay),
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
