"""The games Kaleun referees, by the id a save and the command line use.

One entry per game: how to build a new one from the command line's options, how to load a save,
which table its inputs come through and how a session says it is replayed. Entries import their
game lazily, so running one game never loads the other.
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from typing import Any

from kaleun.core.engine import Engine, check_state_header
from kaleun.core.errors import SaveError
from kaleun.core.messages import Msg

#: game id -> the module with its new_game and load_game
GAMES: dict[str, str] = {"uboot": "kaleun.uboot.game", "sonar": "kaleun.sonar.game"}
NAMES = {"uboot": "U-BOOT", "sonar": "Captain Sonar"}


def game_module(game_id: str) -> Any:
    if game_id not in GAMES:
        raise KeyError(game_id)
    return importlib.import_module(GAMES[game_id])


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
    """The table a game's inputs come through: U-BOOT's board adapters (figures, telegraph,
    buttons), or a table without adapters for Captain Sonar (its inputs are game commands)."""
    if game.game == "uboot":
        from kaleun.runtime.table import Table

        return Table(board, game)
    from kaleun.runtime.bare_table import BareTable

    return BareTable(NAMES.get(game.game, game.game))


def replay_args(game: Engine) -> str:
    """The `kaleun run` options that replay a session of `game` (for the session script's first line)."""
    if game.game == "sonar":
        out = (f"--game sonar --seed {game.seed} --scenario {game.config.get('scenario', '?')} "
               f"--mode {game.config.get('mode', '?')}")
        from kaleun.sonar.turns import TEAMS

        crews = game.config.get("crews")
        if isinstance(crews, dict) and set(crews) == set(TEAMS):  # the seats decide who may act: a 3,2 game
            out += " --crew " + ",".join(str(crews[team]) for team in TEAMS)  # replayed with 4,4 is another game
        if isinstance(game.config.get("map"), dict):  # an owner's map: the file it was read from
            import shlex
            from pathlib import Path

            source = Path(str(game.config["map"].get("source", "?")))
            out += " --map " + shlex.quote(str(source.resolve() if source.is_file() else source))
        if game.config.get("training_aid"):
            out += " --training-aid"
        return out
    out = f"--seed {game.seed} --mission {game.config.get('mission', '?')}"
    if game.config.get("changes"):  # a set-up's difficulties, a linked patrol's carry-over
        import json

        out += " --changes '" + json.dumps(game.config["changes"], separators=(",", ":")).replace("'", "\\u0027") + "'"
    return out
