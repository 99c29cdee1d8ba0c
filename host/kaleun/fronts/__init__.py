"""Each game's front end on the command line, named by its `GameEntry` (kaleun/games.py): its own
options of `kaleun play`, `kaleun resume` and `kaleun run`, the options that do not fit it, how
`kaleun play` starts it and opens its table, and what `kaleun run` writes after it. `kaleun/cli.py`
asks every entry's `Front` and names no game; a game's front subclasses `Front` (`uboot.py`,
`sonar.py` beside this file) and overrides what it needs.
"""

from __future__ import annotations

import argparse
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from kaleun.core.messages import Msg

if TYPE_CHECKING:
    from kaleun.core.engine import Engine
    from kaleun.games import GameEntry


@dataclass(frozen=True)
class Opening:
    """How `kaleun play` (or `kaleun resume`) opens a game's table."""

    #: the table's language (`--language`, else `kaleun config`, else en)
    language: str
    #: a new game keeps the game saved before it (the autosave's `Autosave`)
    keep_previous: bool
    #: `--fullscreen`: the window full screen
    fullscreen: bool
    #: a saved game goes on (`kaleun resume`, `kaleun play --continue`)
    resume: bool


class Front:
    """A game's front end on the command line. This one has no options of its own and no table to
    play at (`kaleun run` plays its table scripts); a game's front overrides what it has."""

    #: its own options (argparse dests whose default is None): `kaleun run --load` refuses them (the save
    #: holds them), and another game refuses them (`--scenario is for --game sonar`) unless
    #: `refused_elsewhere` is False
    options: tuple[str, ...] = ()
    refused_elsewhere: bool = True
    #: its options that choose what a run writes, not the game (argparse dests): the save does not hold
    #: them, so `kaleun run --load` takes them
    view_options: tuple[str, ...] = ()
    #: its options only a new game reads (argparse dests; the save holds what they chose): `kaleun play
    #: --continue` going on with a running game says it ignores them
    new_game_options: tuple[str, ...] = ()

    def add_arguments(self, parser: argparse.ArgumentParser, command: str) -> None:
        """Its own options on the parser of `command`: "play", "resume" or "run"."""

    def given(self, args: argparse.Namespace) -> list[str]:
        """Its `options` given on the command line, as typed (`--scenario`)."""
        return [f"--{name.replace('_', '-')}" for name in self.options if getattr(args, name, None) is not None]

    def given_for_game(self, args: argparse.Namespace) -> list[str]:
        """Its `options` given on the command line that choose the game (not `view_options`), as typed."""
        view = {f"--{name.replace('_', '-')}" for name in self.view_options}
        return [option for option in self.given(args) if option not in view]

    def ignored_on_continue(self, args: argparse.Namespace) -> list[str]:
        """Its `new_game_options` given on the command line, as typed (`--scenario`)."""
        return [f"--{name.replace('_', '-')}" for name in self.new_game_options
                if getattr(args, name, None) not in (None, False)]

    def problem(self, args: argparse.Namespace, command: str) -> Msg | None:
        """Options that do not fit this game when `--game` chooses it, as a message beginning with `command`
        (None: they fit)."""
        return None

    def elsewhere(self, args: argparse.Namespace, command: str, game_id: str) -> Msg | None:
        """Its own options given while another game is played (`game_id` is this game's)."""
        given = self.given(args) if self.refused_elsewhere else []
        if not given:
            return None
        return Msg.plural("{command}: {options} is for --game {game}", "{command}: {options} are for --game {game}",
                          n=len(given), command=command, options=", ".join(given), game=game_id)

    def on_save_of(self, args: argparse.Namespace, name: str, saved: str) -> Msg | None:
        """Its own options given while a save of another game (named `saved`; this one is `name`) is resumed."""
        given = self.given(args) if self.refused_elsewhere else []
        if not given:
            return None
        return Msg("kaleun: {options} are for a {game} game; the save holds a {saved} game",
                   options=", ".join(given), game=name, saved=saved)

    def start(self, entry: GameEntry, args: argparse.Namespace) -> Engine:
        """The new game `kaleun play` starts (its entry's `new`, from the options and `--seed`). Raises
        CommandError, or ValueError (`file:line: problem`), saying what is wrong."""
        return entry.new(args, args.seed)

    def play(self, game: Engine, board: Any, args: argparse.Namespace, opening: Opening) -> int:
        """Open its table (the window or the console) on `game` and play until it closes; the exit status.
        `board`: the table's board file when its entry has `board`, else None."""
        from kaleun.cli import EXIT_BAD_INPUT, _fail
        from kaleun.games import GAMES

        name = GAMES[game.game].name if game.game in GAMES else game.game
        return _fail(Msg("kaleun: {game} has no table to play at yet; kaleun run plays its table scripts",
                         game=name), EXIT_BAD_INPUT, opening.language)

    def over(self, game: Engine) -> bool:
        """The game has ended (`kaleun play --continue` starts a new one instead)."""
        return False

    def viewer(self, args: argparse.Namespace) -> str | None:
        """Whose view `kaleun run` writes to its events file (None: every event)."""
        return None

    def in_table_language(self, args: argparse.Namespace) -> bool:
        """`kaleun run` draws something in the table's language (then what it says on stderr is in it too)."""
        return False

    def run_files(self, args: argparse.Namespace) -> list[tuple[str, str]]:
        """The files `kaleun run` writes for it after the run (`after_run`), each with the option that names it as
        the run says it (`kaleun run` refuses a run where one would overwrite another of its files)."""
        return []

    def run_problem(self, args: argparse.Namespace) -> Msg | None:
        """Its options of `kaleun run` that cannot be met (a file it cannot write in the format its name asks for),
        said before anything runs (None: they can)."""
        return None

    def after_run(self, game: Engine, args: argparse.Namespace, language: str) -> Msg | None:
        """What `kaleun run` writes after a run that went through (`language`: the table's; `args.over_at_start`:
        the game was over before the run began); a message why it could not (the run's exit status is then 1)."""
        return None

    def epilog(self) -> str | None:
        """What `kaleun play --help` lists after the options (U-BOOT: the missions)."""
        return None


class PlayHelp(argparse.Action):
    """`kaleun play --help`: the options, then what each game lists (read only when help is asked for)."""

    def __call__(self, parser: argparse.ArgumentParser, namespace: argparse.Namespace, values: Any,
                 option_string: str | None = None) -> None:
        from kaleun.games import GAMES

        epilogs = [text for entry in GAMES.values() if (text := entry.front.epilog())]
        parser.epilog = "\n\n".join(epilogs) or None
        parser.print_help()
        parser.exit()
