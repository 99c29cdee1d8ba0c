"""U-BOOT's front end on the command line: `--mission`, the set-up of `kaleun play` (`--linked`,
`--campaign`, `--difficulty`, `--easy-watch`, `--setup`: kaleun/mission_commands.py), `kaleun run
--changes` and `--debrief`; its table from the board's adapters, the window or the console."""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import TYPE_CHECKING, Any

from kaleun.core.messages import Msg
from kaleun.files import why_unread
from kaleun.fronts import Front, Opening

if TYPE_CHECKING:
    from kaleun.core.engine import Engine
    from kaleun.games import GameEntry


def table(game: Engine, board: Any) -> Any:
    """U-BOOT's inputs come through the board's adapters (figures, telegraph, dials, buttons)."""
    from kaleun.runtime.table import Table

    return Table(board, game)


def replay(game: Engine) -> str:
    """The `kaleun run` options that replay the game, as a shell reads them: a group's own mission is named by its
    file, whose name may hold a space or a quote (`wolf watch.toml`)."""
    import shlex

    mission = shlex.quote(str(game.config.get("mission", "?")))
    out = f"--seed {game.seed} --mission{'=' if mission.startswith('-') else ' '}{mission}"
    if game.config.get("changes"):  # a set-up's difficulties, a linked patrol's carry-over
        out += " --changes '" + json.dumps(game.config["changes"], separators=(",", ":")).replace("'", "\\u0027") + "'"
    return out


def new(options: Any, seed: int) -> Engine:
    """A U-BOOT game from the options (`--mission`, default training; `kaleun run --changes`).
    Raises CommandError, or MissionError for changes that do not fit the mission."""
    from kaleun.mission_commands import tell_left_out
    from kaleun.own_missions import program_own
    from kaleun.uboot.game import check_changes, new_game

    tell_left_out(options)  # the group's own mission files with mistakes: file:line: problem, at the start
    mission = options.mission or "training"
    changes = _changes(getattr(options, "changes", None))
    group = program_own()  # the group's own missions, read at the program's start
    check_changes(mission, changes, group=group)  # from the command line: checked as a mission file is
    return new_game(seed, mission, changes, group=group)


def _changes(text: str | None) -> dict | None:
    """`--changes`: mission field changes as a JSON object, or @FILE holding one (CommandError)."""
    from kaleun.core import jsonin
    from kaleun.core.errors import CommandError
    from kaleun.files import read_file

    if text is None:
        return None
    name = text[1:] if text.startswith("@") else None
    if name == "":
        raise CommandError(Msg("--changes @ names no file: give @FILE, e.g. @changes.json, or the JSON object itself"))
    try:
        # @FILE: a regular file only (a named pipe hung the start, /dev/zero filled the memory)
        raw = read_file(Path(name), 1024 * 1024).decode("utf-8") if name is not None else text
        changes = jsonin.loads(raw)  # no NaN, no 1e999, no nesting without end
    except (OSError, UnicodeDecodeError, jsonin.JsonInputError) as exc:
        why = why_unread(exc)
        if name is None:
            raise CommandError(Msg("--changes must be a JSON object or @FILE holding one ({why})", why=why)) from exc
        if isinstance(exc, jsonin.JsonInputError):
            raise CommandError(Msg("--changes @{file}: the file must hold a JSON object of mission fields ({why})",
                                   file=name, why=why)) from exc
        raise CommandError(Msg("--changes @{file}: cannot read the changes file ({why})", file=name, why=why)) from exc
    if not isinstance(changes, dict):
        if name is not None:
            raise CommandError(Msg("--changes @{file}: the file must hold a JSON object of mission fields", file=name))
        raise CommandError(Msg("--changes must be a JSON object of mission fields"))
    return changes


def _write_debrief(game: Engine, png: Path, language: str = "en") -> None:
    """`kaleun run --debrief X.png`: the debrief chart in the table's language, and its data as X.json beside it."""
    from kaleun.saves import write_atomic
    from kaleun.uboot.missions.debrief import debrief
    from kaleun.ui.debrief_chart import write_debrief

    data = debrief(game)
    write_atomic(png.with_suffix(".json"), json.dumps(data, ensure_ascii=False, indent=1))
    write_debrief(data, png, language)


def books(args: argparse.Namespace) -> bool:
    """`kaleun run` books the mission that ends in it in the career record, as the table does: a game set up as
    `kaleun play` sets one up (--linked, --campaign, --difficulty, --easy-watch), or played on from a save (--load,
    as `kaleun resume`). A new game from --mission or --changes alone is a replay, or a test of a script: the
    career stays as it is."""
    from kaleun.mission_commands import wants_setup

    return bool(getattr(args, "load", None)) or wants_setup(args)


def _book(game: Engine, args: argparse.Namespace, language: str) -> Msg | None:
    """Book a mission that ended in the run (`books`), through the table's own booking (`kaleun.career`), and say
    so on standard error; a message why it could not (the run's exit status is then 1)."""
    import sys

    from kaleun.career import CareerError, career_path, leaves_the_patrol, record_mission
    from kaleun.core.messages import of_error
    from kaleun.i18n import language as in_language

    if getattr(args, "load", None) and getattr(args, "over_at_start", False) and game.has_module("mission") \
            and game.module("mission").over:
        _tell_over_before(game, args, language)
        return None
    if not books(args) or getattr(args, "over_at_start", False) or not game.has_module("mission") \
            or not game.module("mission").over:
        return None
    left = leaves_the_patrol(game)  # asked before the booking moves the record's patrol on
    try:
        entry = record_mission(game)
    except (CareerError, OSError) as exc:
        if getattr(args, "save", None):  # the ended game is in the save: resuming it books it late
            return Msg("kaleun run: the mission's result could not be booked in the career record: {problem}; once "
                       "the record can be written, kaleun resume --save {save} books it", problem=of_error(exc),
                       save=args.save)
        return Msg("kaleun run: the mission's result could not be booked in the career record: {problem}",
                   problem=of_error(exc))
    if entry is not None:
        print(in_language(language).render(Msg(
            "kaleun run: the mission's result ({result}, grade {grade}) is booked in {path}.",
            result=Msg.term(str(entry["result"])), grade=entry["grade"], path=str(career_path()))), file=sys.stderr)
        from kaleun.cli import _goes_on_with

        going_on = _goes_on_with(game, via="run", patrol_left=left)  # a linked patrol or the campaign, by script
        if going_on is not None:
            print(in_language(language).render(Msg("kaleun run: {next}", next=going_on)), file=sys.stderr)
    return None


def _tell_over_before(game: Engine, args: argparse.Namespace, language: str) -> None:
    """`kaleun run --load` of a save whose mission was over before the run: its clock stands and the script's
    orders are refused, so the run says so on standard error, and how a linked patrol or the campaign goes on by
    table script (the next evening's run is `--linked` or `--campaign`, not `--load` of the last one)."""
    import sys

    from kaleun.cli import _goes_on_with
    from kaleun.i18n import language as in_language

    mission = game.module("mission")
    render = in_language(language).render
    from kaleun.uboot.missions.debrief import why, word

    print(render(Msg("kaleun run: the mission in {save} was over before the run ({result}: {reason}) and cannot be "
                     "played on.", save=str(args.load), result=word(mission.result),
                     reason=why(mission.reason, mission.result, mission.practice))),
          file=sys.stderr)
    going_on = _goes_on_with(game, via="run")
    if going_on is not None:
        print(render(Msg("kaleun run: {next}", next=going_on)), file=sys.stderr)


class UbootFront(Front):
    #: a save holds them (`kaleun run --load` refuses them); U-BOOT is the default game, and another game
    #: says itself what it takes instead of U-BOOT's options (Captain Sonar: --scenario for --mission)
    options = ("mission", "changes")
    refused_elsewhere = False
    new_game_options = ("mission", "linked", "campaign", "difficulty", "easy_watch", "setup")

    def add_arguments(self, parser: argparse.ArgumentParser, command: str) -> None:
        if command == "play":
            from kaleun.mission_commands import add_play_options

            parser.add_argument("--mission", default=None,
                                help="U-BOOT: mission id (default: training; the list: kaleun missions)")
            add_play_options(parser)
        elif command == "run":
            from kaleun.mission_commands import add_play_options

            parser.add_argument("--mission", default=None, help="U-BOOT: mission id (default: training)")
            add_play_options(parser, setup=False)  # a linked patrol, the campaign: as `kaleun play`, booked
            parser.add_argument("--changes", metavar="JSON", default=None,
                                help="U-BOOT: mission field changes as a JSON object (or @FILE): a set-up's "
                                     "difficulties, a linked patrol's carry-over")
            parser.add_argument("--debrief", metavar="FILE.png", default=None,
                                help="U-BOOT: write the mission's debrief chart there at the end, as a PNG image "
                                     "(and its data as FILE.json)")

    def start(self, entry: GameEntry, args: argparse.Namespace) -> Engine:
        from kaleun.mission_commands import start_from_args, tell_left_out, wants_setup

        if asks_on_the_terminal(args):  # as the window opens on its set-up screen
            args.setup = True
        if wants_setup(args):
            if getattr(args, "changes", None) is not None:  # `kaleun run`: a replay's changes, or a set-up
                from kaleun.core.errors import CommandError

                raise CommandError(Msg("--changes replays a game as it was set up; --linked, --campaign, "
                                       "--difficulty and --easy-watch set a new one up from the career record: give "
                                       "one or the other"))
            tell_left_out(args)  # the group's own mission files with mistakes: file:line: problem, at the start
            engine: Engine = start_from_args(args)  # single, linked or campaign, with difficulties (kaleun.career)
        else:
            engine = new(args, args.seed)
        _tell_unbookable(engine, args)
        return engine

    def play(self, game: Engine, board: Any, args: argparse.Namespace, opening: Opening) -> int:
        from kaleun.cli import EXIT_FAIL, _fail, _said, _say_kept, stop_words
        from kaleun.core.messages import of_error
        from kaleun.mission_commands import wants_setup
        from kaleun.runtime.outputs import AutosaveFailed
        from kaleun.runtime.signals import STOPPER, StopRequested
        from kaleun.runtime.table import TableError
        from kaleun.ui.session import open_session

        language = opening.language
        # a game set up on the command line or the terminal (--linked, --campaign, --setup ...): the window
        # does not ask again
        set_up = not opening.resume and getattr(args, "mission", None) is None and not wants_setup(args)
        try:
            session = open_session(game, board, console=args.console or args.headless, headless=args.headless,
                                   fullscreen=opening.fullscreen, language=language,
                                   keep_previous=opening.keep_previous, setup=set_up)
        except TableError as exc:
            return _fail(Msg("kaleun: cannot set up the table: {problem}", problem=of_error(exc)), code=language)
        except AutosaveFailed as exc:  # a full disk, a folder where the autosave belongs: nothing is played
            return _fail(f"kaleun: {_said(exc, language)}", EXIT_FAIL)
        except StopRequested as exc:
            STOPPER.closing()
            return _fail(Msg("kaleun: stopped by {signal} before the game started; nothing was saved, the previous "
                             "save is as it was", signal=stop_words(exc.signum)), 128 + exc.signum, language)
        _say_kept(session.runtime.autosave, language)
        code = int(session.run())
        then = getattr(session, "then", None)  # the console's `next` or `new` after the mission's end
        if code != 0 or then is None or session.runtime.stop_requested:  # a stop signal meanwhile: it stops
            return code
        return self._play_next(then, board, args, opening)

    def _play_next(self, then: str, board: Any, args: argparse.Namespace, opening: Opening) -> int:
        """After the end, the console's `next` (`then` "linked" or "campaign": as `kaleun play --linked` or
        `--campaign` starts it, each role's difficulty asked first) or `new` (as `kaleun play --setup`: its questions on
        this terminal). The finished game was saved and booked as a quit leaves it; the new game keeps its save aside
        as `kaleun play` does. A start refused is said as `kaleun play` says it, the finished game kept as it was."""
        import secrets

        from kaleun.career import CareerError
        from kaleun.cli import _book_finished_autosave, _fail, _said, stop_words
        from kaleun.core.errors import CommandError
        from kaleun.games import GAMES
        from kaleun.runtime.signals import STOPPER, StopRequested

        def stopped(signum: int) -> int:  # before the next game's first save: the finished game's save is the last
            return _fail(Msg("kaleun: stopped by {signal} before the game started; nothing was saved, the previous "
                             "save is as it was", signal=stop_words(signum)), 128 + signum, opening.language)

        signum = STOPPER.between_games()  # a stop signal stops the set-up and the start again, as at `kaleun play`
        if signum is not None:  # one came while the finished game was being saved: no next game
            return stopped(signum)
        going = argparse.Namespace(**vars(args))
        going.mission = going.difficulty = going.easy_watch = None
        # `next` asks each role's difficulty on this terminal, as the window's debrief opens its crew's page; `new`
        # asks every question of the set-up
        going.linked, going.campaign, going.setup = then == "linked", then == "campaign", True
        going.going_on = then if then in ("linked", "campaign") else None
        going.seed, going.seed_given = secrets.randbelow(2**31), False  # a new game's seed, as `kaleun play` draws
        _book_finished_autosave(opening.language)  # a result the end could not book: booked now, as `kaleun play`
        try:
            game = self.start(GAMES["uboot"], going)
        except StopRequested as exc:  # answering the set-up's questions, reading the career record and the missions
            STOPPER.closing()
            return stopped(exc.signum)
        except (CommandError, CareerError) as exc:
            return _fail(f"kaleun: {_said(exc, opening.language)}")
        except ValueError as exc:  # a mission file with mistakes: file:line: problem
            return _fail(_said(exc, opening.language))
        return self.play(game, board, going, Opening(language=opening.language, keep_previous=True,
                                                     fullscreen=opening.fullscreen, resume=False))

    def over(self, game: Engine) -> bool:
        """The mission is over (won, lost, the time limit, home from the patrol): the clock stands."""
        return bool(game.module("compression").over) if game.has_module("compression") else \
            bool(game.has_module("mission") and game.module("mission").over)

    def in_table_language(self, args: argparse.Namespace) -> bool:
        return bool(getattr(args, "debrief", None))

    def run_files(self, args: argparse.Namespace) -> list[tuple[str, str]]:
        if not getattr(args, "debrief", None):
            return []
        png = Path(args.debrief)
        return [("--debrief", str(png)), ("--debrief (its data)", str(png.with_suffix(".json")))]

    def run_problem(self, args: argparse.Namespace) -> Msg | None:
        """`--debrief` draws a PNG: a name ending otherwise (out.jpg, out.html, none) is refused before the run,
        not written as a PNG under a name that says another format."""
        debrief = getattr(args, "debrief", None)
        if debrief and not Path(debrief).name.lower().endswith(".png"):
            return Msg("kaleun run: --debrief writes the debrief chart as a PNG image (its data beside it as .json): "
                       "name a file ending in .png, got {path}", path=debrief)
        return None

    def after_run(self, game: Engine, args: argparse.Namespace, language: str) -> Msg | None:
        if getattr(args, "debrief", None):
            try:
                _write_debrief(game, Path(args.debrief), language)
            except OSError as exc:
                return Msg("kaleun run: cannot write the debrief {path}: {why}", path=args.debrief,
                           why=why_unread(exc))
        return _book(game, args, language)

    def epilog(self) -> str | None:
        from kaleun.mission_commands import missions_epilog

        return missions_epilog()


def asks_on_the_terminal(args: argparse.Namespace) -> bool:
    """`kaleun play` of a new game on the text console with no `--mission` and no set-up option, its standard input a
    terminal: the set-up's questions are asked there (the mission, Enter taking the training; the mode; each role's
    difficulty), as the window opens on its set-up screen. Input from a pipe or a file (a table script, a test) and
    the service (`--headless`, `--fullscreen`) start the training patrol at once, as they always did."""
    import sys

    if getattr(args, "command", None) != "play" or getattr(args, "mission", None) is not None:
        return False
    from kaleun.mission_commands import wants_setup

    if wants_setup(args) or getattr(args, "headless", False) or getattr(args, "fullscreen", False):
        return False
    try:
        if sys.stdin is None or not sys.stdin.isatty():
            return False
    except (OSError, ValueError, AttributeError):  # closed, or a stand-in without isatty
        return False
    if getattr(args, "console", False):
        return True
    from kaleun.ui.display import has_display

    return not has_display(console_next=False)  # no display: the console plays (it says so as it opens)


def _tell_unbookable(game: Engine, args: argparse.Namespace) -> None:
    """A mission with objectives started while the career record cannot be read (damaged, a newer Kaleun's): the
    group hears it at the start, not only when the mission ends hours later, and that the result is kept for it."""
    import sys

    from kaleun.career import unbookable
    from kaleun.i18n import language
    from kaleun.mission_commands import _table_language

    problem = unbookable(game)
    if problem is not None:
        print(language(_table_language(args)).render(Msg(
            "kaleun: {problem}. The mission is played; its result is booked in the career record once the record is "
            "repaired or moved away (kaleun resume of its save books it).", problem=problem)), file=sys.stderr)

