"""The games Kaleun referees, by the id a save and the command line use.

One entry per game (`GAMES`), read by every layer outside the game: its name, the module that
loads a save, how a new one is built from the command line's options, which table its inputs come
through, whether that table needs a board file, how a session says it is replayed, and its front end
on the command line (its own options, how `kaleun play` opens its table: `kaleun/fronts/`); `kaleun`'s
`--game` takes its choices from it. Entries import their game lazily, so running one game never
loads the other.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from kaleun.core.engine import Engine, check_state_header
from kaleun.core.errors import SaveError
from kaleun.core.messages import Msg
from kaleun.fronts import Front, sonar, uboot


def bare_table(game: Engine, board: Any) -> Any:
    """A table without adapters: the game's inputs are game commands (Captain Sonar)."""
    from kaleun.runtime.bare_table import BareTable

    return BareTable(GAMES[game.game].name if game.game in GAMES else game.game)


def sonar_table(game: Engine, board: Any) -> Any:
    """Captain Sonar's table: without adapters, its refusal of a hand in its console's words."""
    from kaleun.runtime.bare_table import SONAR_HAND_WORDS, BareTable

    return BareTable(GAMES[game.game].name, SONAR_HAND_WORDS)


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
    #: its front end on the command line (`kaleun.fronts.Front`): its own options of `kaleun play`,
    #: `kaleun resume` and `kaleun run`, the options that do not fit it, how `kaleun play` starts it and
    #: opens its table; by default none of its own and no table to play at
    front: Front = field(default_factory=Front)


#: game id (as a save, `--game` and the session script say it) -> the game; the first, U-BOOT, is the
#: default
GAMES: dict[str, GameEntry] = {
    "uboot": GameEntry("U-BOOT", "kaleun.uboot.game", uboot.table, uboot.replay, uboot.new, board=True,
                       front=uboot.UbootFront()),
    "sonar": GameEntry("Captain Sonar", "kaleun.sonar.game", sonar_table, sonar.replay, sonar.new,
                       front=sonar.SonarFront()),
}


def default_game() -> str:
    """The game played when `--game` names none (the first of `GAMES`)."""
    return next(iter(GAMES))


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
