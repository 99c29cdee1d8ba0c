"""Captain Sonar's front end on the command line: `--scenario`, `--mode`, `--crew`, `--map`,
`--training-aid`, the screen's `--team` and `--tty`, `kaleun run --events-for`; its table takes game
commands (the window or a console per team, kaleun/ui/sonar_session.py)."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import TYPE_CHECKING, Any

from kaleun.core.messages import Msg
from kaleun.fronts import Front, Opening

if TYPE_CHECKING:
    from kaleun.core.engine import Engine
    from kaleun.games import GameEntry


def replay(game: Engine) -> str:
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


def new(options: Any, seed: int) -> Engine:
    """A Captain Sonar game from the options. Raises CommandError, or MapError (`file:line: problem`)."""
    from kaleun.core.errors import CommandError
    from kaleun.sonar.game import new_game

    map_text, map_source = None, "map"
    if options.map is not None:
        from kaleun.files import why_unread

        try:
            map_text = read_map(options.map)
        except (OSError, UnicodeDecodeError) as exc:
            raise CommandError(Msg("cannot read the map {path}: {why}", path=str(options.map),
                                   why=why_unread(exc))) from exc
        map_source = options.map
    scenario_id = scenario_word(options.scenario) if options.scenario is not None else None
    if scenario_id is None and map_text is not None:
        # an owner's map played without --scenario: the scenario its 'name:' names, as `kaleun map check` checks it
        # (a typed-in Delta map was refused for Alpha with "mark that cell '.'" of every water hole)
        from kaleun.sonar.maps import parse_map

        scenario_id = map_scenario(parse_map(map_text, map_source).name)
    return new_game(seed, scenario_id or "alpha", options.mode or "turn", _crews(options.crew),
                    map_text=map_text, map_source=map_source, training_aid=bool(options.training_aid))


def scenario_word(word: str) -> str:
    """The scenario id a typed `--scenario` names: its id in any case (`Delta`, `DELTA`) or its name in one of the
    table's languages (German and Russian tables read `Дельта`, `Эхо` on their screens); else the word as typed,
    which the game refuses naming the known scenarios."""
    return map_scenario(word) or word


def mode_word(word: str) -> str:
    """The mode id a typed `--mode` names: its id in any case (`Realtime`), as the map format spells it (`real-time`,
    `turn-based`) or as a table names it (`Echtzeit`, `"пошаговый режим"`); else the word as typed, which `--mode`'s
    choices refuse naming the two."""
    from kaleun.i18n import LANGUAGES
    from kaleun.sonar.game import MODES
    from kaleun.ui.sonar_commands import mode_id

    return next((mode for code in LANGUAGES if (mode := mode_id(word.strip(), code)) in MODES), word)


def map_scenario(name: str) -> str | None:
    """The scenario a name means, read as `--scenario` reads it (the id in any case, or the scenario's name in one
    of the table's languages): a map's `name:` too, so an owner's typed-in map named `Дельта` or `ЭХО` plays and is
    checked as Delta or Echo, as one named `Delta`. None: no scenario's name."""
    from kaleun.i18n import LANGUAGES, language
    from kaleun.sonar.scenarios import scenarios
    from kaleun.ui.console_words import fold

    typed = fold(name.strip())
    for sid, scen in scenarios().items():
        if typed == sid or any(typed == fold(language(code).text(scen.name)) for code in LANGUAGES):
            return sid
    return None


def read_map(path: str) -> str:
    """A map file's text: a regular file only (a named pipe hung the start, /dev/zero filled the memory),
    of at most four bytes per character a map may have (`sonar.maps.MAX_CHARS`); UTF-8, its byte order mark
    skipped (UTF-16 raises UnicodeDecodeError, which `files.why_unread` names)."""
    from kaleun.files import decode_text, read_file
    from kaleun.sonar.maps import MAX_CHARS

    return decode_text(read_file(Path(path), 4 * MAX_CHARS))


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
        raise CommandError(Msg("--crew takes the players of yellow and blue, e.g. 4,3 (or one number for both), got "
                               "{got}", got=repr(text)))
    return [int(p) for p in parts]


class SonarFront(Front):
    options = ("scenario", "mode", "crew", "map", "events_for", "team", "tty", "training_aid")
    new_game_options = ("scenario", "mode", "crew", "map", "training_aid")
    view_options = ("events_for",)

    def add_arguments(self, parser: argparse.ArgumentParser, command: str) -> None:
        if command in ("play", "run"):
            parser.add_argument("--scenario", default=None, metavar="ID",
                                help="Captain Sonar scenario: alpha, bravo, charlie, delta, echo, in any case or "
                                     "as the table names it (Дельта) (default: the one the --map's 'name:' names, "
                                     "read the same way, else alpha)")
            parser.add_argument("--mode", choices=("turn", "realtime"), type=mode_word, default=None,
                                help="Captain Sonar mode: turn (turn-based, the default) or realtime, in any case or "
                                     "as the table names it (Echtzeit)")
            parser.add_argument("--crew", default=None, metavar="Y,B",
                                help="Captain Sonar players per team, yellow,blue (2-4 each; default 4,4)")
            parser.add_argument("--map", default=None, metavar="FILE.map",
                                help="Captain Sonar: play on this map instead of the scenario's own")
            parser.add_argument("--training-aid", action="store_const", const=True, default=None,
                                help="Captain Sonar: each team may ask for the enemy's possible cells (plot; "
                                     "default off)")
        if command in ("play", "resume"):
            parser.add_argument("--team", choices=("yellow", "blue", "both"), default=None,
                                help="Captain Sonar: whose view this screen shows (window: both = side by side; "
                                     "console: both needs --tty for the second team; default yellow)")
            parser.add_argument("--tty", default=None, metavar="DEVICE",
                                help="Captain Sonar: the other team's console on this terminal (e.g. /dev/pts/3), "
                                     "beside this team's console or window")
        if command == "run":
            parser.add_argument("--events-for", default=None, choices=("yellow", "blue"), metavar="TEAM",
                                help="Captain Sonar: write only what this team may know (yellow or blue)")

    def problem(self, args: argparse.Namespace, command: str) -> Msg | None:
        if getattr(args, "mission", None) is not None:
            return Msg("{command}: --mission is a U-BOOT option; Captain Sonar takes --scenario", command=command)
        if getattr(args, "board", None) is not None:
            return Msg("{command}: --board is a U-BOOT option (the Captain Sonar table takes game commands)",
                       command=command)
        if getattr(args, "headless", False):
            return _headless(command)
        if getattr(args, "changes", None) is not None:
            return Msg("{command}: --changes is a U-BOOT option (a mission's fields)", command=command)
        if getattr(args, "debrief", None) is not None:
            return Msg("{command}: --debrief is a U-BOOT option (a mission's debrief chart)", command=command)
        return _set_up_options(args, command)

    def start(self, entry: GameEntry, args: argparse.Namespace) -> Engine:
        problem = _set_up_options(args, "kaleun")
        if problem is not None:
            from kaleun.core.errors import CommandError

            raise CommandError(problem)
        return new(args, args.seed)

    def play(self, game: Engine, board: Any, args: argparse.Namespace, opening: Opening) -> int:
        return self._play(game, args, opening)

    def _play(self, game: Engine, args: argparse.Namespace, opening: Opening,
              carried: dict[str, tuple[Any, Any, Any]] | None = None) -> int:
        """Play the game at its table; after its end a team's `new` (or the window's New game) plays a new game of
        the same settings (or of the scenario and mode `new` named) with a new seed, at the same consoles and window
        (`carried`: the terminals and readers of the game before). The finished game is saved as a quit leaves it,
        and kept aside as `kaleun play` keeps the game saved before a new one."""
        import secrets

        from kaleun.cli import EXIT_FAIL, _fail, _said, _say_kept, stop_words
        from kaleun.core.errors import CommandError
        from kaleun.runtime.outputs import AutosaveFailed
        from kaleun.runtime.signals import STOPPER, StopRequested
        from kaleun.sonar import game as sonar_game
        from kaleun.sonar.maps import MapError
        from kaleun.ui.sonar_session import SessionError, open_sonar_session

        language = opening.language

        def stopped(signum: int) -> int:  # before this game's first save: the save before it is the last
            return _fail(Msg("kaleun: stopped by {signal} before the game started; nothing was saved, the previous "
                             "save is as it was", signal=stop_words(signum)), 128 + signum, language)

        if args.headless:  # a save resumed (`kaleun resume --headless`)
            return _fail(_headless("kaleun"), code=language)
        try:
            sonar = open_sonar_session(game, team=args.team or "yellow", console=args.console, tty=args.tty,
                                       language=language, keep_previous=opening.keep_previous,
                                       fullscreen=opening.fullscreen, carried=carried)
        except SessionError as exc:
            return _fail(f"kaleun: {_said(exc, language)}")
        except AutosaveFailed as exc:  # a full disk, a folder where the autosave belongs: nothing is played
            return _fail(f"kaleun: {_said(exc, language)}", EXIT_FAIL)
        except StopRequested as exc:  # opening the consoles or the window, before the game's first save
            STOPPER.closing()
            return stopped(exc.signum)
        _say_kept(sonar.runtime.autosave, language)
        code = int(sonar.run())
        then = getattr(sonar, "then", None)  # a team's `new` after the end
        if code != 0 or then != "new" or sonar.runtime.stop_requested:  # a stop signal meanwhile: it stops
            return code
        # from here a stop signal stops the new game's making and start, as at `kaleun play`; one that came while the
        # finished game was being saved and closed (noted only) starts no new game
        signum = STOPPER.between_games()
        if signum is not None:
            STOPPER.closing()
            return 128 + signum  # the consoles and the window named it with the finished game's save (`saved_line`)
        try:  # a new game's seed, as `kaleun play` draws it; the scenario and mode `new` named (checked as typed)
            following = sonar_game.again(game, secrets.randbelow(2**31), sonar.settings)
        except (CommandError, MapError) as exc:
            return _fail(f"kaleun: {_said(exc, language)}")
        except StopRequested as exc:
            STOPPER.closing()
            return stopped(exc.signum)
        return self._play(following, args, Opening(language=language, keep_previous=True,
                                                   fullscreen=opening.fullscreen, resume=False),
                          carried=sonar.carried())

    def viewer(self, args: argparse.Namespace) -> str | None:
        return getattr(args, "events_for", None)

    def over(self, game: Engine) -> bool:
        from kaleun.sonar.game import referee

        return referee(game).phase == "over"


#: U-BOOT's options that set a mission game up (`mission_commands.wants_setup`), as typed
SET_UP_OPTIONS = (("linked", "--linked"), ("campaign", "--campaign"), ("difficulty", "--difficulty"),
                  ("easy_watch", "--easy-watch"), ("setup", "--setup"))


def _set_up_options(args: argparse.Namespace, command: str) -> Msg | None:
    """U-BOOT's set-up options given for a Captain Sonar game, named as given (`kaleun run` has no --setup, and a
    refusal naming it sent a player looking for it), with what sets a Captain Sonar game up."""
    given = [option for key, option in SET_UP_OPTIONS if getattr(args, key, None)]
    if not given:
        return None
    return Msg.plural("{command}: {options} is a U-BOOT option (missions, linked patrols, the campaign and their "
                      "difficulties); a Captain Sonar game is set up with --scenario, --mode and --crew",
                      "{command}: {options} are U-BOOT options (missions, linked patrols, the campaign and their "
                      "difficulties); a Captain Sonar game is set up with --scenario, --mode and --crew",
                      n=len(given), command=command, options=", ".join(given))


def _headless(command: str) -> Msg:
    return Msg("{command}: --headless is a U-BOOT option (Captain Sonar is played at a console per team or in "
               "the window)", command=command)
