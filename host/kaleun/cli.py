"""The `kaleun` command."""

from __future__ import annotations

import argparse
import logging
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

from kaleun import __version__
from kaleun.cli_numbers import as_typed, number
from kaleun.core.messages import Msg, When, of_error
from kaleun.files import why_unread

if TYPE_CHECKING:
    from collections.abc import Callable

    from kaleun.boards.model import Board
    from kaleun.core.engine import Engine
    from kaleun.runtime.outputs import Autosave
    from kaleun.saves import Opened

log = logging.getLogger("kaleun")

EXIT_OK = 0
EXIT_FAIL = 1
EXIT_BAD_INPUT = 2


def _board(path: str | None) -> Board:
    from kaleun.boards.loader import default_board, load_board

    return load_board(path) if path else default_board()


def _table_board(path: str | None) -> Board:
    """The board a table is played with: --board, else the preferred one (`kaleun config`)."""
    from kaleun.settings import load_preferred_board

    return load_preferred_board(path, _board)


def cmd_run(args: argparse.Namespace) -> int:
    from kaleun.boards.loader import BoardError
    from kaleun.career import CareerError
    from kaleun.core.errors import CommandError, SaveError
    from kaleun.files import exists
    from kaleun.games import GAMES, default_game, make_table
    from kaleun.runtime.script import MAX_T, EventsUnwritable, EventWriter, ScriptError, ScriptRun, check_readable
    from kaleun.runtime.signals import STOPPER
    from kaleun.runtime.table import TableError
    from kaleun.saves import keep_aside, load_saved_game, prune_kept, save_game

    script, events_path = Path(args.script), Path(args.events)
    from kaleun.mission_commands import listing_language

    drawn = any(entry.front.in_table_language(args) for entry in GAMES.values())  # U-BOOT: --debrief
    debrief_language = listing_language(args) if drawn or args.language else "en"  # as `kaleun play`
    if debrief_language is None:  # a --language Kaleun does not speak, said on stderr
        return EXIT_BAD_INPUT
    said = debrief_language  # what the run says on stderr: --language (with --debrief the table's), else English
    if exists(events_path) and exists(script) and events_path.resolve() == script.resolve():
        return _fail(Msg("kaleun run: --events would overwrite the script itself"), code=said)
    if (clash := _run_files_clash(args)) is not None:  # a save, the events or a debrief written over another
        return _fail(clash, code=said)
    if (odd := _run_output_not_a_file(args)) is not None:  # --save /dev/null: the save would replace the device
        return _fail(odd, code=said)
    for entry in GAMES.values():  # U-BOOT: a --debrief in a format it does not write
        if (unmet := entry.front.run_problem(args)) is not None:
            return _fail(unmet, code=said)
    if args.until is not None and not 0 <= args.until <= MAX_T:
        return _fail(Msg("kaleun run: --until must be a game time from 0 to {most} s, got {until}",
                         most=f"{MAX_T:.0f}", until=as_typed(args.until)), code=said)
    if args.load and (args.seed is not None or any(entry.front.given_for_game(args)
                                                   or entry.front.ignored_on_continue(args)
                                                   for entry in GAMES.values())):
        return _fail(Msg("kaleun run: --seed, --mission and the game's options come from the save when --load is "
                         "given"), code=said)
    problem = _game_options_problem(args, "kaleun run")
    if problem:
        return _fail(problem, code=said)
    try:
        if args.load:
            game = load_saved_game(Path(args.load))
            if args.game is not None and game.game != args.game:
                return _fail(Msg("kaleun run: {save} holds a game of {game}, not {wanted}", save=args.load,
                                 game=game.game, wanted=args.game), code=said)
        else:
            game = None
        game_id = game.game if game is not None else (args.game or default_game())
        board = _board(args.board) if GAMES[game_id].board else None
        if game is None:  # as `kaleun play` starts it: --linked, --campaign ... from the career record
            args.seed = args.seed or 0
            game = GAMES[game_id].front.start(GAMES[game_id], args)
    except BoardError as exc:
        return _fail(_said(exc, said))
    except (SaveError, CommandError, CareerError) as exc:
        return _fail(f"kaleun run: {_said(exc, said)}")
    except ValueError as exc:  # a map with mistakes: file:line: problem
        return _fail(_said(exc, said))
    try:  # a script that cannot be read leaves the events file of an earlier run as it was
        check_readable(script)
    except ScriptError as exc:
        return _fail(_said(exc, said))
    from kaleun.homelock import HomeLock, TableBusy

    lock: HomeLock | None = None
    if args.save and _is_autosave(Path(args.save)):  # the home's autosave: taken before the run plays, held to its save
        from kaleun.paths import state_dir

        try:  # a game playing in this home is told at once, not after a run of hours that then cannot save
            lock = HomeLock(state_dir()).acquire()
        except TableBusy as exc:
            return _fail(Msg("{command}: {problem}", command="kaleun run", problem=of_error(exc)), EXIT_FAIL, said)
        except OSError as exc:
            return _fail(Msg("kaleun run: cannot save to {path}: {why}", path=args.save, why=why_unread(exc)),
                         EXIT_FAIL, said)

    def played() -> int:
        try:  # emptied once the table has started (`empty_first`): a table that cannot be set up, or a stop signal
            # while it waits for the deck hub, leaves the events of an earlier run as they were
            fh = open(events_path, "a", encoding="utf-8", errors="backslashreplace")  # noqa: SIM115 - closed below
        except OSError as exc:
            return _fail(Msg("kaleun run: cannot write {path}: {why}", path=str(events_path), why=why_unread(exc)),
                         EXIT_FAIL, said)
        status = EXIT_OK
        unwritten: OSError | None = None  # the events file could not be written (a full disk): said, exit status 1
        front = GAMES[game.game].front
        args.over_at_start = front.over(game)  # a game over before the run: its end is not the run's (after_run)
        loaded_at = game.t  # a save's game time (a new game: 0): a run goes on from there, never back
        writer = EventWriter(fh, viewer=front.viewer(args), empty_first=True)
        run: ScriptRun | None = None
        try:
            from kaleun.i18n import language as in_language

            run = ScriptRun(game, board, writer, table=make_table(game, board),
                            stopped=lambda: STOPPER.signum is not None,
                            tell=lambda note: log.info("%s", in_language(said).render(note)))
            # from here a stop signal (SIGTERM, Ctrl-C, SIGHUP ...) ends the run after the wake it came in: what was
            # played is in the events file and is saved (--save) as when the script ends, and the run says where it
            # stopped
            STOPPER.running(lambda: None)
            run.run(script, until=args.until)
        except TableError as exc:
            status = _fail(Msg("kaleun run: cannot set up the table: {problem}", problem=of_error(exc)), code=said)
        except (ScriptError, CommandError) as exc:
            status = _fail(_said(exc, said))
        except EventsUnwritable as exc:
            unwritten = exc
        finally:
            STOPPER.closing()  # a stop signal from here waits: the events file is closed and the game saved first
            try:
                fh.close()
            except OSError as exc:
                unwritten = unwritten or exc
        if unwritten is not None:
            return _fail(Msg("kaleun run: cannot write {path}: {why}", path=str(events_path),
                             why=why_unread(unwritten)), EXIT_FAIL, said)
        undo: Callable[[], bool] | None = None  # takes a campaign begun by this run back out (its save failed)
        if status == EXIT_OK:
            from kaleun.career import begin_campaign

            try:  # `--campaign` beginning a new campaign: written into the record now that its run went through
                undo = begin_campaign(game)
            except (CareerError, OSError) as exc:
                return _fail(Msg("kaleun run: the campaign cannot be begun in the career record ({problem}); the "
                                 "running campaign is as it was", problem=of_error(exc)
                                 if isinstance(exc, CareerError) else why_unread(exc)), EXIT_FAIL, said)
        if args.save and status == EXIT_OK:
            from kaleun.paths import autosave_path

            kept: Path | None = None
            try:
                # the autosave (its lock held): another game than the one played on is kept aside first
                if lock is not None and not (args.load and _one_file(args.load, args.save)):
                    kept = keep_aside(autosave_path())  # kept as `kaleun play` keeps it: not written over unseen
                    if kept is not None:
                        prune_kept(autosave_path().parent)
                save_game(game, Path(args.save))
                if kept is not None:
                    from kaleun.i18n import language as in_language

                    print(in_language(said).render(_kept_line(kept)), file=sys.stderr)
            except OSError as exc:
                return _fail(_unsaved_campaign(Msg("kaleun run: cannot save to {path}: {why}", path=args.save,
                                                   why=why_unread(exc)), undo), EXIT_FAIL, said)
        if status == EXIT_OK and (unwritten_after := front.after_run(game, args, debrief_language)) is not None:
            return _fail(unwritten_after, EXIT_FAIL, said)  # U-BOOT: the --debrief chart
        from kaleun.i18n import language

        if status == EXIT_OK and run is not None and run.stopped_at is not None and STOPPER.signum is not None:
            log.info("%s", language(said).render(Msg.plural(
                "{n} event written to {path} (game time {t} s)", "{n} events written to {path} (game time {t} s)",
                n=writer.count, path=str(events_path), t=f"{game.t:.0f}")))
            return _fail(_stopped_run(args, STOPPER.signum, game.t, run.unplayed_line), 128 + STOPPER.signum, said)
        if run is not None and run.asked_after_end is not None:  # lines or --until after the end: the clock stood
            log.info("%s", language(said).render(Msg(
                "The game was over at game time {end} s: its clock stood there, and what the script or --until timed "
                "later (up to {asked} s) ran at that moment.", end=f"{game.t:.0f}",
                asked=f"{run.asked_after_end:.0f}")))
        elif run is not None and status == EXIT_OK and args.until is not None and args.until < game.t:
            log.info("%s", language(said).render(_until_passed(args, loaded_at, game.t)))
        if writer.begun:  # else the table never started: the events file is as it was
            log.info("%s", language(said).render(Msg.plural(
                "{n} event written to {path} (game time {t} s)", "{n} events written to {path} (game time {t} s)",
                n=writer.count, path=str(events_path), t=f"{game.t:.0f}")))
        return status

    try:
        return played()
    finally:
        if lock is not None:
            lock.release()


def _stopped_run(args: argparse.Namespace, signum: int, now: float, line: int | None) -> Msg:
    """`kaleun run` ended by a stop signal before its script and `--until` were played: where it stopped (before which
    line of the script), and where what was played is (the events file; the save with --save)."""
    where = Msg("before line {line} of {script} was played", line=str(line), script=args.script) if line is not None \
        else Msg("after the script's last line, on the way to --until {until} s", until=as_typed(args.until))
    if args.save:
        return Msg("kaleun run: stopped by {signal} at game time {t} s, {where}; the events up to then are in {events} "
                   "and the game is saved to {save} (kaleun run --load {save} goes on from there with the lines not "
                   "played yet)", signal=stop_words(signum), t=f"{now:.0f}", where=where, events=args.events,
                   save=args.save)
    return Msg("kaleun run: stopped by {signal} at game time {t} s, {where}; the events up to then are in {events} "
               "(with --save the game would have been saved too)", signal=stop_words(signum), t=f"{now:.0f}",
               where=where, events=args.events)


def _until_passed(args: argparse.Namespace, loaded_at: float, now: float) -> Msg:
    """`kaleun run --until T` with T before the game's time at the run's end: the game ran no further for it (a save
    loaded later than T, or script lines timed after T), which the run says rather than nothing."""
    if args.load and args.until < loaded_at:
        return Msg("--until {until} s asked for no time: the save {save} was at game time {saved} s already, and a "
                   "run goes on from its save, never back.", until=as_typed(args.until), save=str(args.load),
                   saved=f"{loaded_at:.0f}")
    return Msg("--until {until} s asked for no time: the script's lines took the game to game time {now} s, and "
               "--until runs on only after the last line.", until=as_typed(args.until), now=f"{now:.0f}")


def _say_outdated_service(code: str) -> None:
    """A table its service started, whose unit an older Kaleun wrote: said in the log (the journal), with the command
    that brings it up to date, as the unit lacks what this Kaleun expects of it (the crew's shut-down)."""
    from kaleun.i18n import language
    from kaleun.service import outdated_units, under_a_service

    if under_a_service():
        for old in outdated_units():
            log.warning("%s", language(code).render(old))


def _unsaved_campaign(failed: Msg, undo: Callable[[], bool] | None) -> Msg:
    """A save of `kaleun run --save` that failed, and the campaign its run began taken back out of the career record
    (`career.campaign_taken_back`), as a start whose first save fails does: the campaign it gave up runs on."""
    from kaleun.career import campaign_taken_back

    campaign = campaign_taken_back(undo)
    return failed if campaign is None else Msg("{failed} {campaign}", failed=failed, campaign=campaign)


def _run_files_clash(args: argparse.Namespace) -> Msg | None:
    """Two files of `kaleun run` that are one: a file it writes (the events, the save, a game's own such as the
    debrief and its data) that is the script, the save it loads or another file it writes (None: none). The save
    it loads may be saved again."""
    from kaleun.games import GAMES

    read = [("--script", args.script)] + ([("--load", args.load)] if args.load else [])
    written = [("--events", args.events)] + ([("--save", args.save)] if args.save else [])
    for entry in GAMES.values():
        written += entry.front.run_files(args)
    for i, (option, name) in enumerate(written):
        for other, other_name in written[:i] + read:
            if (option, other) != ("--save", "--load") and _one_file(name, other_name):
                return Msg("kaleun run: {option} would overwrite the file of {other}: {path}", option=option,
                           other=other, path=name)
    return None


def _run_output_not_a_file(args: argparse.Namespace) -> Msg | None:
    """A file `kaleun run` writes atomically (the save, a game's own such as the debrief and its data) whose name
    holds a device, a named pipe or a socket, which the write would replace (None: none). The events are written
    into what is there, so --events /dev/null keeps none."""
    from kaleun.files import not_a_file_to_write
    from kaleun.games import GAMES

    written = [("--save", args.save)] if args.save else []
    for entry in GAMES.values():
        written += entry.front.run_files(args)
    for option, name in written:
        if (what := not_a_file_to_write(Path(name))) is not None:
            if option == "--save":
                return Msg("kaleun run: cannot save to {path}: {why}", path=name, why=what)
            return Msg("kaleun run: cannot write the debrief {path}: {why}", path=name, why=what)
    return None


def _one_file(a: str, b: str) -> bool:
    """Do two names given on the command line name one file (there or not yet)?"""
    import os

    try:
        if os.path.exists(a) and os.path.exists(b):
            return os.path.samefile(a, b)
        return Path(a).resolve() == Path(b).resolve()
    except (OSError, RuntimeError, ValueError):  # a name too long, a loop of links: its own use says so
        return False


def _game_options_problem(args: argparse.Namespace, command: str) -> Msg | None:
    """Options that do not fit the chosen game (its front's `problem`), or that are another game's (that game's
    front's `elsewhere`), as a message (None: they fit). With --load, or resuming without --game, the save says
    the game."""
    from kaleun.core.engine import SEEDS
    from kaleun.games import GAMES, default_game

    seed = getattr(args, "seed", None)
    if seed is not None and not SEEDS[0] <= seed <= SEEDS[1]:  # its save could not be resumed
        written = str(seed) if len(str(seed)) <= 24 else f"{str(seed)[:12]}...{str(seed)[-6:]}"
        return Msg("{command}: --seed must be a whole number from {lo} to {hi}, got {seed}", command=command,
                   lo=str(SEEDS[0]), hi=str(SEEDS[1]), seed=written)
    game = getattr(args, "game", None)
    if game is not None and (problem := GAMES[game].front.problem(args, command)) is not None:
        return problem
    if getattr(args, "load", None) or (game is None and getattr(args, "resume", False)):
        return None
    played = game or default_game()
    for game_id, entry in GAMES.items():
        if game_id != played and (problem := entry.front.elsewhere(args, command, game_id)) is not None:
            return problem
    return None


def _say_kept(autosave: Autosave | None, table_language: str = "en") -> None:
    """Tell the table where a new game put the game saved before it, and what was pruned (in the
    table's language)."""
    from kaleun.i18n import language
    from kaleun.saves import KEEP_GAMES

    if autosave is None or autosave.kept is None:
        return
    render = language(table_language).render
    print(render(_kept_line(autosave.kept)), file=sys.stderr)
    pruned = autosave.pruned
    if pruned is not None and pruned.deleted:
        print(render(Msg.plural("kaleun: {n} older finished game deleted (the newest {keep} earlier games are kept)",
                                "kaleun: {n} older finished games deleted (the newest {keep} earlier games are kept)",
                                n=len(pruned.deleted), keep=KEEP_GAMES)), file=sys.stderr)
    if pruned is not None and pruned.unfinished_over:
        print(render(Msg("kaleun: {folder} holds more than {keep} earlier games that are not finished; they are "
                         "never deleted by themselves: delete the ones you no longer want",
                         folder=str(autosave.kept.parent), keep=KEEP_GAMES)), file=sys.stderr)


def _kept_line(kept: Path) -> Msg:
    """Where the previous game went, and how it goes on: a damaged save or a game that is over cannot be
    continued, so neither is told `kaleun resume --save` (which would only refuse it)."""
    from kaleun.core.errors import SaveError
    from kaleun.saves import read_save

    state: object = {}
    try:
        state, _ = read_save(kept)
    except SaveError:
        if kept.exists():  # there, and no save to read
            return Msg("kaleun: the damaged save was kept as it was, as {path}", path=str(kept))
    modules = state.get("modules") if isinstance(state, dict) else None
    mission = modules.get("mission") if isinstance(modules, dict) else None
    sonar = modules.get("sonar") if isinstance(modules, dict) else None
    from kaleun.uboot.missions.saved import RESULTS

    if (isinstance(mission, dict) and mission.get("result") in RESULTS) or \
            (isinstance(sonar, dict) and sonar.get("phase") == "over"):
        return Msg("kaleun: the previous game, which is over, was kept as {path}", path=str(kept))
    return Msg("kaleun: the previous game was kept as {path} (continue it with: kaleun resume --save {path})",
               path=str(kept))


def _fail(message: Msg | str, status: int = EXIT_BAD_INPUT, code: str = "en") -> int:
    """Say why a command stops (a `Msg` in the language `code`), and return its exit status."""
    from kaleun.i18n import language
    from kaleun.session_log import journal_marked, to_the_journal

    said = language(code).render(message)
    print(journal_marked(said, logging.ERROR) if to_the_journal(sys.stderr) else said, file=sys.stderr)
    return status


def _resume_game(args: argparse.Namespace) -> Engine:
    """The saved game with its journal replayed. Raises SaveError; a mission that is over is
    refused (MissionOver): it cannot be played on."""
    from kaleun.core.errors import SaveError
    from kaleun.paths import autosave_path
    from kaleun.saves import open_save

    path = Path(args.save) if args.save else autosave_path()
    try:
        opened = open_save(path)
    except SaveError:  # a save that cannot be loaded is refused in the game's language too, when it names one
        if not getattr(args, "language", None):
            args.table_language = _TABLE_LANGUAGE["code"] = _peeked_language(path, getattr(args, "table_language",
                                                                                              "en"))
        raise
    game = opened.engine
    from kaleun.i18n import language

    if not getattr(args, "language", None):  # what the load found is said in the game's language, as all that follows
        args.table_language = _TABLE_LANGUAGE["code"] = _saved_language(game, getattr(args, "table_language", "en"))
    for note in opened.notes:
        print(language(getattr(args, "table_language", "en")).render(Msg("kaleun: {note}", note=note)),
              file=sys.stderr)
    if not game.has_module("mission"):  # Captain Sonar: where it resumes, as for U-BOOT (a crash before: what was kept)
        from kaleun.games import GAMES

        if GAMES[game.game].front.over(game):  # a boat sank: as a U-BOOT mission that is over
            raise MissionOver(Msg("that game is over (a boat sank) and cannot be played on. The save stays in {path}; "
                                  "start a new game with kaleun play.", path=str(path)))
        said = Msg.plural("kaleun: resuming {game} at {clock} of game time (the save of {saved} and {n} command from "
                          "its journal).", "kaleun: resuming {game} at {clock} of game time (the save of {saved} and "
                          "{n} commands from its journal).", game=GAMES[game.game].name,
                          clock=game.now_iso[11:19], saved=game.clock.iso(opened.saved_t)[11:19], n=opened.replayed)
        print(language(getattr(args, "table_language", "en")).render(said), file=sys.stderr)
        _complete_cut_script(opened)
        return game
    mission = game.module("mission")
    if mission.over:
        from kaleun.uboot.missions.debrief import why, word

        left = _book_late(game, getattr(args, "table_language", "en"))
        # in the table's words ("returned: returned" before)
        result, reason = word(mission.result), why(mission.reason, mission.result, mission.practice)
        # the autosave is the table's (`kaleun play`); another save may be a table script's (`kaleun run --save`)
        via = "either" if args.save and path.resolve() != autosave_path().resolve() else "play"
        going_on = _goes_on_with(game, via=via, patrol_left=left)
        if going_on is not None:  # the next evening of a linked patrol or a campaign: say how it goes on
            raise MissionOver(Msg("that mission is over ({result}: {reason}) and cannot be played on. The save stays "
                                  "in {path}; {next}", result=result, reason=reason, path=str(path),
                                  next=going_on))
        raise MissionOver(Msg(
            "that mission is over ({result}: {reason}) and cannot be played on. The save stays in {path}; "
            "start a new game with kaleun play.", result=result, reason=reason, path=str(path)))

    said = Msg.plural("kaleun: resuming {mission} at {clock} (the save of {saved} and {n} command from its journal).",
                      "kaleun: resuming {mission} at {clock} (the save of {saved} and {n} commands from its journal).",
                      mission=Msg.term(str(mission.spec.get("name") or mission.mission)),
                      clock=When.moment(game.now_iso, seconds=True),
               saved=When.moment(game.clock.iso(opened.saved_t), seconds=True), n=opened.replayed)
    print(language(getattr(args, "table_language", "en")).render(said), file=sys.stderr)
    from kaleun.career import changed_since_saved

    changed = changed_since_saved(game)  # its end speaks of its own campaign or patrol: say how things stand
    if changed is not None:
        print(language(getattr(args, "table_language", "en")).render(Msg("kaleun: {note}", note=changed)),
              file=sys.stderr)
    _complete_cut_script(opened)
    return game


def _complete_cut_script(opened: Opened) -> None:
    """Before the resumed session's script begins: the script of the session a crash cut short completed from the
    journal replayed (`kaleun.runtime.script_completion`), so the scripts joined replay the game as it was played."""
    from kaleun.games import replay_args
    from kaleun.paths import state_dir
    from kaleun.runtime.script_completion import complete_cut_script

    complete_cut_script(state_dir() / "sessions", replay_args(opened.engine), opened.entries)


def played_in_career(game: Engine) -> tuple[str | None, dict[str, Any]] | None:
    """How `game` was set up to be played ("linked", "campaign"; None: a single mission) and the career record as it
    stands now; None: the record cannot be read (damaged, or not to be opened)."""
    from kaleun.career import CareerError, load_career

    mode = (game.config.get("changes", {}).get("setup") or {}).get("mode")
    try:
        return mode, load_career()
    except (CareerError, OSError):
        return None


def next_in_career(mode: str | None, record: dict[str, Any]) -> tuple[str, str] | None:
    """What the career record plays next for a game set up as `mode` (`played_in_career`): ("linked", the record's
    linked patrol's next part) or ("campaign", the running campaign's next mission); None: nothing goes on (a single
    mission, the patrol or the campaign over)."""
    if mode == "linked":
        patrol = record.get("patrol")
        if patrol is not None and patrol.get("mode") == "linked" and patrol.get("next"):
            return ("linked", str(patrol["next"]))
    if mode == "campaign":
        campaign = record.get("campaign") or {}
        if campaign.get("state") == "running" and campaign.get("next"):
            return ("campaign", str(campaign["next"]))
    return None


def _goes_on_with(game: Engine, via: str = "play", patrol_left: bool = False) -> Msg | None:
    """How a group goes on after an ended mission of a linked patrol or a campaign, from the career record:
    `kaleun play` alone would start a single training mission (None: a single mission, or no record). `via`: how
    the group plays its next mission (`kaleun.career.VIAS`): `kaleun resume` of a save cannot tell whether the
    game was played at the table or by a table script (`kaleun run --linked ... --save`), and names both.
    `patrol_left`: the game, a part played linked, was booked just now and left the record's linked patrol as it
    was (`kaleun.career.leaves_the_patrol`, asked before the booking)."""
    from kaleun.career import going_on_command, last_booked, of_an_earlier_campaign
    from kaleun.core.messages import and_list
    from kaleun.uboot.missions.carry import came_home, unsailed
    from kaleun.uboot.missions.catalogue import patrol_titled, titled

    played = played_in_career(game)
    if played is None:
        return None
    mode, record = played
    going = next_in_career(mode, record)
    if mode == "linked":
        patrol = record.get("patrol") or {}
        if patrol_left:  # a save of a part begun before the record's patrol changed: booked, the patrol left as it is
            if going is not None:
                return Msg("the career record's linked patrol has changed since this part began: its result is booked "
                           "with the career's missions only. The linked patrol {patrol} goes on with {next}: {how}.",
                           patrol=patrol_titled(patrol["id"]), next=titled(going[1]),
                           how=going_on_command("linked", via))
            return Msg("the career record's linked patrol has changed since this part began: its result is booked "
                       "with the career's missions only; start a new game with kaleun play.")
        if going is not None and patrol.get("from") == going[1]:
            return Msg("the linked patrol {patrol} plays {next} again (a primary objective was not met): {how}.",
                       patrol=patrol_titled(patrol["id"]), next=titled(going[1]),
                       how=going_on_command("linked", via))
        if going is not None:
            return Msg("the linked patrol {patrol} goes on with {next}: {how}.", patrol=patrol_titled(patrol["id"]),
                       next=titled(going[1]), how=going_on_command("linked", via))
        mission = game.module("mission")
        unsailed_parts = unsailed(str(mission.spec["patrol"]), mission.mission) if mission.spec.get("patrol") else []
        if came_home(mission) and unsailed_parts:  # mission_rules.toml [linked]: the return home ended the patrol
            return Msg.plural("the return home ended the linked patrol {patrol}, its part {parts} not sailed: start "
                              "a new game with kaleun play.", "the return home ended the linked patrol {patrol}, its "
                              "parts {parts} not sailed: start a new game with kaleun play.", n=len(unsailed_parts),
                              patrol=patrol_titled(mission.spec.get("patrol")),
                              parts=and_list([titled(m) for m in unsailed_parts]))
        if mission.result == "lost" and mission.reason != "time_limit" and mission.spec.get("patrol"):
            return Msg("the linked patrol {patrol} ended with the boat: start a new game with kaleun play.",
                       patrol=patrol_titled(mission.spec.get("patrol")))
        return Msg("the linked patrol is over: start a new game with kaleun play.")
    if mode == "campaign":
        campaign = record.get("campaign") or {}
        if of_an_earlier_campaign(record, game):  # a save of a campaign given up: the newer one is not its doing
            if going is not None:
                return Msg("the campaign this mission was played in is over, and a newer one has begun since: its "
                           "result is booked with the career's missions only. The newer campaign goes on with {next}: "
                           "{how}.",
                           next=titled(going[1]), how=going_on_command("campaign", via))
            return Msg("the campaign this mission was played in is over, and a newer one has begun since: its result "
                       "is booked with the career's missions only. The newer campaign is over too (kaleun career "
                       "shows it); a new one begins with {how}.", how=going_on_command("campaign", via))
        if going is not None:
            return Msg("the campaign goes on with {next}: {how}.", next=titled(going[1]),
                       how=going_on_command("campaign", via))
        done = list(campaign.get("done") or [])
        if campaign.get("state") == "failed" and (not done or last_booked(record, game, "campaign")):
            return Msg("the campaign ended there (a mission graded below E, kaleun career shows it); a new one "
                       "begins with {how}.", how=going_on_command("campaign", via))
        if campaign.get("state") == "failed":  # the save is of an earlier mission: the campaign ended later
            return Msg("the campaign ended at {mission}, not at this mission (a mission graded below E, kaleun "
                       "career shows it); a new one begins with {how}.", mission=titled(done[-1]),
                       how=going_on_command("campaign", via))
        if campaign.get("state") == "complete":
            return Msg("the campaign is complete (kaleun career shows it); a new one begins with {how}.",
                       how=going_on_command("campaign", via))
    return None


def _book_late(game: Engine, table_language: str) -> bool:
    """A mission that ended while its result could not be booked in the career record (a full
    disk) is booked when its save is resumed (a booked game is never booked twice). True: booked now, a part
    played linked that left the record's linked patrol as it was (`kaleun.career.leaves_the_patrol`)."""
    from kaleun.career import CareerError, career_path, leaves_the_patrol, record_mission
    from kaleun.i18n import language

    render = language(table_language).render
    left = leaves_the_patrol(game)
    try:
        entry = record_mission(game)
    except (CareerError, OSError) as exc:
        print(render(Msg("kaleun: the mission's result could not be booked in the career record: {problem}",
                         problem=str(exc))), file=sys.stderr)
        return False
    if entry is not None:
        print(render(Msg("kaleun: the mission's result ({result}, grade {grade}) is booked in {path} now: it was "
                         "not booked when the mission ended.", result=Msg.term(str(entry["result"])),
                         grade=entry["grade"], path=str(career_path()))), file=sys.stderr)
    return left and entry is not None


def _book_finished_autosave(table_language: str) -> None:
    """Before a new game keeps the autosaved one aside: a mission that ended while its result could not be booked
    (a full disk, a damaged career record since repaired or moved away) is booked now, so a linked patrol goes on to
    its next part and the campaign to its next mission instead of playing that one again. Said when it books; a
    record that still cannot be read says nothing here (the start says it for a mission with objectives)."""
    from kaleun.career import CareerError, career_path, record_mission
    from kaleun.core.errors import SaveError
    from kaleun.i18n import language
    from kaleun.paths import autosave_path
    from kaleun.saves import game_finished, open_save

    path = autosave_path()
    if game_finished(path) is not True:  # only a mission over in its full save (a cheap look): the rest resume
        return
    try:
        entry = record_mission(open_save(path, trial=False).engine)
    except (CareerError, OSError, SaveError) as exc:
        log.info("the finished mission in %s is not booked now: %s", path, exc)
        return
    if entry is not None:
        print(language(table_language).render(Msg(
            "kaleun: the mission's result ({result}, grade {grade}) is booked in {path} now: it was not booked when "
            "the mission ended.", result=Msg.term(str(entry["result"])), grade=entry["grade"],
            path=str(career_path()))), file=sys.stderr)


class MissionOver(Exception):
    pass


def _foreign_to_save(args: argparse.Namespace, saved: str) -> Msg | None:
    """Options of another game given while a save of the game `saved` is resumed (None: none)."""
    from kaleun.games import GAMES

    for game_id, entry in GAMES.items():
        if game_id != saved and (foreign := entry.front.on_save_of(args, entry.name, GAMES[saved].name)) is not None:
            return foreign
    return None


def _say_ignored(args: argparse.Namespace, saved: str, code: str) -> None:
    """`kaleun play --continue` goes on with a running game of `saved`: one line (in the table's language) naming
    the new-game options given, which it ignores, and how to start a new game instead."""
    from kaleun.games import GAMES
    from kaleun.i18n import language

    ignored = ["--seed"] if getattr(args, "seed_given", False) else []
    for game_id, entry in GAMES.items():
        if game_id == saved or not entry.front.refused_elsewhere:  # another game's own are refused before
            ignored += entry.front.ignored_on_continue(args)
    if ignored:
        print(language(code).render(Msg.plural(
            "kaleun: {options} is ignored: --continue goes on with the running game; for a new game give the same "
            "command without --continue (the running game is kept)",
            "kaleun: {options} are ignored: --continue goes on with the running game; for a new game give the same "
            "command without --continue (the running game is kept)", n=len(ignored), options=", ".join(ignored))),
            file=sys.stderr)


def _start_game(args: argparse.Namespace, resume: bool) -> Engine:
    if resume:
        return _resume_game(args)
    from kaleun.games import GAMES, default_game

    entry = GAMES[args.game or default_game()]
    return entry.front.start(entry, args)  # U-BOOT: single, linked or campaign, with difficulties (kaleun.career)


def _unfinished_autosave(code: str = "en", wanted: str | None = None) -> Engine | None:
    """The autosaved game, its journal replayed, if its mission is still running (`kaleun play --continue`);
    with `--game` (`wanted`), only a game of that game (`--game sonar --continue` resumed a U-BOOT patrol)."""
    from kaleun.core.errors import SaveError
    from kaleun.games import GAMES
    from kaleun.paths import autosave_path
    from kaleun.saves import NewerJournal, open_save

    path = autosave_path()
    if not path.exists():
        return None
    try:
        opened = open_save(path)
    except NewerJournal as exc:  # not "move the journal away": the new game's journal takes that place next
        from kaleun.journal import VERSION

        _fail(Msg("kaleun: the autosave cannot be continued by this Kaleun: its journal {path} was written by a "
                  "newer Kaleun (journal version {version}; this one reads version {reads}). A new game starts, and "
                  "the saved game is kept whole with its journal as an earlier game (named below): update Kaleun to "
                  "continue it",
                  path=str(exc.journal), version=str(exc.version), reads=str(VERSION)), code=code)
        return None
    except SaveError as exc:
        _fail(Msg("kaleun: the autosave cannot be continued ({problem}); a new game starts", problem=of_error(exc)),
              code=code)
        return None
    game = opened.engine
    if game.has_module("mission") and game.module("mission").over:
        return None
    if (wanted is not None and game.game != wanted) or (game.game in GAMES and GAMES[game.game].front.over(game)):
        return None
    _complete_cut_script(opened)
    return game


def _saved_language(game: Engine, otherwise: str) -> str:
    """The table's language a resumed game was last played in (kept in its save), else `otherwise`."""
    from kaleun.i18n import LANGUAGES
    from kaleun.runtime.loop import LANGUAGE_KEY

    saved = game.table_state.get(LANGUAGE_KEY)
    return saved if isinstance(saved, str) and saved in LANGUAGES else otherwise


def _peeked_language(path: Path, otherwise: str) -> str:
    """The table's language kept in a save's `table` part, read from the file when the game cannot be loaded from it
    (its refusal is then said in that language), else `otherwise`."""
    from kaleun.core.errors import SaveError
    from kaleun.i18n import LANGUAGES
    from kaleun.runtime.loop import LANGUAGE_KEY
    from kaleun.saves import read_save

    try:
        state, _ = read_save(path)
    except SaveError:  # said when the game is loaded
        return otherwise
    table = state.get("table") if isinstance(state, dict) else None
    saved = table.get(LANGUAGE_KEY) if isinstance(table, dict) else None
    return saved if isinstance(saved, str) and saved in LANGUAGES else otherwise


def _said(exc: Exception, code: str) -> str:
    """An exception's message in the table's language (a set-up's or the career record's refusal)."""
    from kaleun.i18n import language

    return language(code).render(of_error(exc))


def _nothing_at(path: Path) -> bool:
    """No save at `path`, and only folders not there yet in its way (a file where a folder of it belongs is said
    by the home's lock, naming it)."""
    from kaleun.files import exists

    try:
        if exists(path) or path.is_symlink():
            return False
    except OSError:  # a name too long to look up: opening it says so
        return False
    for folder in path.parents:
        if exists(folder):
            return folder.is_dir()
    return True


def cmd_play(args: argparse.Namespace, resume: bool = False) -> int:
    """`kaleun play` / `kaleun resume`. Until the game runs nothing is written: a board that
    cannot start here, a damaged save or a stop signal leave the previous autosave untouched."""
    from kaleun.boards.loader import BoardError
    from kaleun.career import CareerError
    from kaleun.core.errors import CommandError, SaveError
    from kaleun.fronts import Opening
    from kaleun.games import GAMES
    from kaleun.homelock import HomeLock, TableBusy
    from kaleun.paths import autosave_path, state_dir
    from kaleun.runtime.signals import STOPPER, StopRequested
    from kaleun.settings import SettingsError, check_language, preferred_table_language

    args.resume = resume
    from kaleun.mission_commands import _table_language

    said = _table_language(args)  # the table's language, English while a --language given is not one
    problem = _game_options_problem(args, "kaleun")
    if problem:
        return _fail(problem, code=said)
    fullscreen = bool(getattr(args, "fullscreen", False))
    if fullscreen:
        from kaleun.ports.sdl import unbuilt_video_drivers
        from kaleun.ui.display import has_display

        if unbuilt := unbuilt_video_drivers():  # the service's kmsdrm with pip's pygame: it can never draw
            return _fail(Msg("kaleun: --fullscreen: SDL_VIDEODRIVER={wanted}, but the SDL inside this pygame was "
                             "built without it (it has {built}): the pygame wheels from pip cannot draw without a "
                             "desktop; build pygame on Raspberry Pi OS's own SDL2 (host/README.md, \"A Pi that "
                             "starts the table by itself\")", wanted=",".join(unbuilt[0]), built=", ".join(unbuilt[1])),
                         EXIT_FAIL, said)
        if not has_display(console_next=False):  # a service started before the desktop: fail, systemd tries again
            return _fail(Msg("kaleun: --fullscreen needs a display and there is none (no desktop session, "
                             "or SDL_VIDEODRIVER=kmsdrm cannot open the screen)"), EXIT_FAIL, said)
        _say_outdated_service(said)
    try:
        language = check_language(args.language) if args.language else preferred_table_language()
    except SettingsError as exc:
        return _fail(f"kaleun: {_said(exc, said)}")
    args.table_language = language
    _TABLE_LANGUAGE["code"] = language  # a stop signal from now on is said in it (`main`)
    saved = Path(args.save) if resume and args.save else autosave_path() if resume else None
    if saved is not None and _nothing_at(saved):
        # nothing to resume: said before the lock, so a missing home is not made (with its kaleun.lock) for nothing
        from kaleun.i18n import language as in_language

        missing = (Msg("{path}: no such save file", path=str(saved)) if args.save else
                   Msg("{path}: no such save file: there is no game to continue yet; start one with: kaleun play",
                       path=str(saved)))
        return _fail("kaleun: " + in_language(language).render(missing))
    try:
        lock = HomeLock(state_dir()).acquire()
    except TableBusy as exc:
        return _fail(f"kaleun: {_said(exc, language)}", EXIT_FAIL)
    except OSError as exc:
        return _fail(Msg("kaleun: cannot use {folder} ({why})", folder=str(exc.filename or state_dir()),
                         why=why_unread(exc)),
                     EXIT_FAIL, language)
    from kaleun.housekeeping import tidy

    tidy()  # what saves cut short left, the older sessions (kaleun.housekeeping)
    if not (resume and args.save and not _is_autosave(Path(args.save))):  # --save: that file, wherever it is
        _recover_setup(language)
    try:
        try:
            continuing = getattr(args, "continue_game", False) and not resume
            game = _unfinished_autosave(language, args.game) if continuing else None
            continued = game is not None
            if game is not None:
                resume = True
            else:
                if not resume:  # before a linked patrol's or the campaign's next mission is read from the record
                    _book_finished_autosave(language)
                if not resume and _asks_set_up_here(args):  # a board that cannot be used: said before the
                    _table_board(args.board)  # questions, as the window refuses it before its set-up screen
                try:
                    game = _start_game(args, resume)
                except StopRequested as exc:  # the set-up's questions on the terminal: said as after `next`
                    if not getattr(args, "setup", False):
                        raise
                    STOPPER.closing()
                    return _fail(Msg("kaleun: stopped by {signal} before the game started; nothing was saved, the "
                                     "previous save is as it was", signal=stop_words(exc.signum)),
                                 128 + exc.signum, language)
            if resume and (foreign := _foreign_to_save(args, game.game)) is not None:
                return _fail(foreign, code=language)
            if resume and not args.language:  # the language the game was played in, unless --language says
                language = _saved_language(game, language)
                args.table_language = _TABLE_LANGUAGE["code"] = language
            if continued:
                _say_ignored(args, game.game, language)
            board = _table_board(args.board) if GAMES[game.game].board else None
        except BoardError as exc:
            return _fail(_said(exc, language))
        except (SaveError, CommandError, MissionOver) as exc:  # a resume: in the saved game's language
            return _fail(f"kaleun: {_said(exc, args.table_language)}")
        except ValueError as exc:  # a map or mission file with mistakes: file:line: problem; a bad set-up
            return _fail(_said(exc, language))
        except CareerError as exc:
            return _fail(f"kaleun: {_said(exc, language)}")
        # a new game, or one resumed from another file, must not overwrite the game in the autosave
        save = getattr(args, "save", None)  # `play --continue` resumes the autosave: it has no --save
        elsewhere = resume and save and Path(save).resolve() != autosave_path().resolve()
        opening = Opening(language=language, keep_previous=not resume or bool(elsewhere), fullscreen=fullscreen,
                          resume=resume)
        return GAMES[game.game].front.play(game, board, args, opening)  # its window or console
    finally:
        lock.release()


def _asks_set_up_here(args: argparse.Namespace) -> bool:
    """A new U-BOOT game whose set-up is asked on this terminal (`--setup`, or `kaleun.fronts.uboot.
    asks_on_the_terminal`, which then sets `args.setup`: the game's start asks without probing the display again)."""
    from kaleun.fronts.uboot import asks_on_the_terminal
    from kaleun.games import default_game

    if (args.game or default_game()) != "uboot":
        return False
    if not getattr(args, "setup", False) and asks_on_the_terminal(args):
        args.setup = True
    return bool(getattr(args, "setup", False))


def _is_autosave(path: Path) -> bool:
    from kaleun.paths import autosave_path

    try:
        return path.resolve() == autosave_path().resolve()
    except (OSError, RuntimeError):  # a link loop, a name too long: opening it says so
        return False


def _recover_setup(table_language: str) -> None:
    """A crash on the window's set-up left its unplayed placeholder as the autosave: the game saved before is put back
    (`saves.recover_unplayed_setup`), and the terminal is told in one line."""
    from kaleun.i18n import language
    from kaleun.paths import autosave_path
    from kaleun.saves import recover_unplayed_setup

    said = recover_unplayed_setup(autosave_path())
    if said is not None:
        print(language(table_language).render(said), file=sys.stderr)


def cmd_map_check(args: argparse.Namespace) -> int:
    """`kaleun map check`: each map's summary or its problems (`file:line: problem`), in the preferred
    language of `kaleun config`."""
    from kaleun.core.errors import CommandError
    from kaleun.core.messages import join
    from kaleun.files import why_unread
    from kaleun.fronts.sonar import read_map, scenario_word
    from kaleun.settings import in_preferred_language
    from kaleun.sonar.game import build_map
    from kaleun.sonar.maps import MapError, feature_count

    status = EXIT_OK
    for path in args.files:
        try:
            text = read_map(path)
        except (OSError, UnicodeDecodeError) as exc:
            print(in_preferred_language(Msg("{path}: cannot read the map ({why})", path=path,
                                            why=why_unread(exc))), file=sys.stderr)
            status = EXIT_BAD_INPUT
            continue
        try:
            scenario_id = scenario_word(args.scenario) if args.scenario else _map_scenario(text, path)
            modes = [args.mode] if args.mode else _map_modes(scenario_id, text, path)
            for mode in modes:
                sea = build_map(scenario_id, mode, text, path)
        except MapError as exc:
            print(in_preferred_language(exc), file=sys.stderr)
            status = EXIT_BAD_INPUT
            continue
        except CommandError as exc:
            return _fail(f"kaleun map check: {in_preferred_language(exc)}")
        cells = join([feature_count("island", len(sea.islands)),
                      *(feature_count(name, len(found)) for name, found in sorted(sea.features.items()))])
        sectors = ", ".join(f"{mode} {sea.sector_count(mode)}" for mode in sea.sector_bands)  # the file's words
        print(in_preferred_language(Msg("{path}: ok: {name}, {columns} x {rows}, {cells}; sectors: {sectors}; fits "
                                        "scenario {scenario} ({mode})", path=path, name=sea.name,
                                        columns=sea.columns, rows=sea.rows, cells=cells, sectors=sectors,
                                        scenario=scenario_id, mode=", ".join(modes))))
        if closed := sea.closed_off():  # a '#' typed once too often closes a bay: no boat may start there
            print(in_preferred_language(Msg.plural(
                "{path}: note: {n} sea cell lies in bays that islands close off from the open sea (no boat may start "
                "there)", "{path}: note: {n} sea cells lie in bays that islands close off from the open sea (no boat "
                "may start there)", n=closed, path=path)))
    return status


def sonar_mode(word: str) -> str:
    """`kaleun map check --mode`, read as `kaleun play --mode` reads it (`Realtime`, `real-time`, `Echtzeit`)."""
    from kaleun.fronts.sonar import mode_word

    return mode_word(word)


def _map_modes(scenario_id: str, text: str, path: str) -> list[str]:
    """The modes a map is checked for without --mode: each the scenario is played in that the map gives the
    sectors of (one with none of them: the real-time game, whose refusal says what is missing).
    Raises MapError for a map that does not read."""
    from kaleun.sonar.game import MODES
    from kaleun.sonar.maps import parse_map
    from kaleun.sonar.scenarios import scenario

    sea, played = parse_map(text, path), scenario(scenario_id).modes
    return [mode for mode in MODES if mode in played and sea.has_mode(mode)] or ["realtime"]


def _map_scenario(text: str, path: str) -> str:
    """The scenario a map is checked for without --scenario: the one its 'name:' names (an owner's
    typed-in Echo map is named Echo, or Эхо), else alpha. Raises MapError for a map that does not read."""
    from kaleun.fronts.sonar import map_scenario
    from kaleun.sonar.maps import parse_map

    return map_scenario(parse_map(text, path).name) or "alpha"


def cmd_board_check(args: argparse.Namespace) -> int:
    """`kaleun board check`: each board file's summary or its problems (`file:line: problem`), in the
    preferred language of `kaleun config`."""
    from kaleun.boards.loader import BoardError, load_board
    from kaleun.boards.words import DRIVERS, HOMES, OUTPUTS, said
    from kaleun.core.messages import join, of_error
    from kaleun.i18n import language
    from kaleun.settings import preferred, preferred_language

    say = language(preferred_language()).render
    status = EXIT_OK
    files = args.files
    if not files:
        chosen = preferred("board")
        if chosen is None:
            print(say(Msg("kaleun board check: name a board file (or a shipped board such as pico-hub); "
                          "no preferred board is set (kaleun config set board FILE)")), file=sys.stderr)
            return EXIT_BAD_INPUT
        print(say(Msg("checking the preferred board: {board}", board=chosen)))
        files = [chosen]
    for path in files:
        try:
            board = load_board(path)
        except BoardError as exc:
            print(say(of_error(exc)), file=sys.stderr)
            status = EXIT_BAD_INPUT
            continue
        dials = join([Msg("{dial} ({driver}, zero: {home})", dial=d.name, driver=said(DRIVERS, d.driver),
                          home=said(HOMES, d.homing))
                      if d.decl.is_ring else Msg("{dial} ({driver})", dial=d.name, driver=said(DRIVERS, d.driver))
                      for d in board.dials.values()]) if board.dials else Msg("none")
        estimate, _power_warnings = _power_estimate(board)
        print(say(Msg("{path}: ok: {name}; figures: {figures}; dials: {dials}; lamps: {lamps} ({pixels} px); "
                      "audio: {audio} ({output}); estimated draw: {estimate}", path=str(board.path), name=board.name,
                      figures=said(DRIVERS, board.figure_sensor), dials=dials, lamps=said(DRIVERS, board.lamps.driver),
                      pixels=str(board.lamps.pixels), audio=said(DRIVERS, board.audio.driver),
                      output=said(OUTPUTS, board.audio.output),
                      estimate=estimate)))
        for warning in board_check_warnings(board, str(path)):
            print(say(warning), file=sys.stderr)
        if board.figure_sensor == "hub" and board.hub.url not in (None, "fake") and not board.hub.options.get("id"):
            from kaleun.hub.options import hub_options

            name = hub_options(board).name
            print(say(Msg("note: {path}: no hub.id: the table remembers the first hub named '{name}' it meets at "
                          "its port and refuses any other (kaleun hub trust accepts a new one); to name your hub in "
                          "the board file, put the id `kaleun hub status` shows into [hub] id", path=str(board.path),
                          name=str(name))),
                  file=sys.stderr)
    return status


def board_check_warnings(board: Board, path: str) -> list[Msg]:
    """What `kaleun board check` warns of in a board that loads (as `path` names it): the loader's warnings, a
    supply it would overload, a segment no lamp scene lights, a lamp scene no segment shows."""
    said = [Msg("warning: {warning}", warning=warning)
            for warning in [*board.warnings, *_power_estimate(board)[1], *_segment_warnings(board)]]
    return said + [Msg("warning: {path}: {warning}", path=f"{path}:{board.lamps.segments_line}", warning=warning)
                   for warning in _lamp_warnings(board)]


def _power_estimate(board: Board) -> tuple[Msg, list[Msg]]:
    """Each supply's worst-case load as the wiring page's power budget reckons it (the Pi's own
    supply carries the Pi, its screen and what hangs on its header and USB ports; the deck hub
    and a strip have supplies of their own), and a warning for each supply it would overload."""
    from kaleun.core.messages import join
    from kaleun.wiring.generate import PI_SUPPLY, WiringError, has_hardware, rail_loads

    if not has_hardware(board):  # a real strip alone has its wiring page, and its loads reckoned below
        return Msg("none (no real hardware: simulated, mocked or a fake hub)"), []
    try:
        loads = rail_loads(board)
    except WiringError as exc:
        return Msg("not reckoned"), [Msg("the wiring cannot be drawn: {problem}", problem=problem)
                                     for problem in exc.problems]
    estimate = join([Msg("{rail} up to {most} of {rating} mA", rail=Msg.term(load.rail), most=f"{load.max_ma:.0f}",
                         rating=str(load.rating_ma)) if load.rating_ma else
                     Msg("{rail} up to {most} mA", rail=Msg.term(load.rail), most=f"{load.max_ma:.0f}")
                     for load in loads])
    warnings = []
    for load in loads:
        if not load.over:
            continue
        if load.rail == PI_SUPPLY:
            warnings.append(Msg("{where}: the {rail} would carry up to {most} mA, more than its [power] supply_ma = "
                                "{supply}", where=f"{board.path}:{board.supply_line}", rail=Msg.term(load.rail),
                                most=f"{load.max_ma:.0f}", supply=str(board.supply_ma)))
        else:
            warnings.append(Msg("{path}: the {rail} would carry up to {most} mA, more than {rating} gives ({rating_ma} "
                                "mA): see the power budget of `kaleun wiring`",
                                path=f"{board.path}:{board.rail_lines.get(load.rail, 1)}", rail=Msg.term(load.rail),
                                most=f"{load.max_ma:.0f}", rating=Msg.term(load.rating),
                                rating_ma=str(load.rating_ma)))
    return estimate, warnings


def _lamp_warnings(board: Board) -> list[Msg]:
    """Lamp scenes the board's segments leave dark (none for a board without lamps)."""
    if board.lamps.driver == "none" or board.lamps.pixels == 0:
        return []
    from kaleun.hub.firmware import FirmwareNotFound

    try:
        from kaleun.runtime.lamps import SceneError, unlit_scenes
    except FirmwareNotFound as exc:  # the lamp patterns live in the hub firmware
        return [Msg("lamp scenes not checked: {why}", why=of_error(exc))]
    try:
        return unlit_scenes(board.lamps.segments)
    except SceneError as exc:  # a mistake in lamp_scenes.toml: `lamp_scenes.toml: state 3 (fire): ...`
        return [Msg("lamp scenes not checked: {why}", why=of_error(exc))]


def _segment_warnings(board: Board) -> list[Msg]:
    """`file:line:` of each lamp segment no lamp scene lights: a typo in its name (`sectoin.3`,
    `alarms`) or a section or tube the boat does not have (`section.9`)."""
    if board.lamps.driver == "none" or not board.lamps.segments:
        return []
    from kaleun.hub.firmware import FirmwareNotFound

    try:
        from kaleun.runtime.lamps import SceneError, scene_segment_names, unlit_segments
    except FirmwareNotFound:  # said once by _lamp_warnings
        return []
    from kaleun.wiring.generate import segment_list

    try:
        lit = segment_list({name: (n, 1) for n, name in enumerate(scene_segment_names())})  # section.1-8, ...
    except SceneError:  # said once by _lamp_warnings
        return []
    return [Msg("{where}: lamps.segments.{name}: no lamp scene lights a segment of this name (the scenes light "
                "{names})", where=f"{board.path}:{board.lamps.segment_lines.get(name, 1)}", name=name, names=lit)
            for name in unlit_segments(board.lamps.segments)]


def cmd_wiring(args: argparse.Namespace) -> int:
    from kaleun.boards.loader import BoardError, load_board, source_tree
    from kaleun.settings import in_preferred_language, preferred
    from kaleun.wiring.generate import write_all

    root = source_tree()
    files = [Path(f) for f in args.boards] or sorted((root / "boards").glob("*.toml") if root else [])
    if not files and (mine := preferred("board")):  # an installed Kaleun: the board `kaleun config` names
        print(in_preferred_language(Msg("the pages of the preferred board: {board}", board=mine)))
        files = [Path(mine)]
    if not files:
        print("kaleun wiring: " + in_preferred_language(Msg(
            "name the board files (kaleun wiring boards/my-table.toml, or a shipped board such as pico-hub), or "
            "set a preferred board (kaleun config set board FILE): only in Kaleun's source folder does it take "
            "every file of its boards/")), file=sys.stderr)
        return EXIT_BAD_INPUT
    try:
        boards = [load_board(f) for f in files]
    except BoardError as exc:
        print(in_preferred_language(exc), file=sys.stderr)
        return EXIT_BAD_INPUT
    out = Path(args.out) if args.out else (root / "wiring" if root else Path("wiring"))
    from kaleun.wiring.generate import WiringError, cannot_render, nothing_to_wire, undrawn

    for board in boards:  # said, not passed over in silence: a maker who names sim.toml learns why nothing came
        if (why := nothing_to_wire(board)) is not None:
            print("kaleun wiring: " + in_preferred_language(Msg("{board}: nothing to wire, so no page: {why}",
                                                                board=board.path.name, why=why)), file=sys.stderr)
    if not any(nothing_to_wire(board) is None for board in boards):
        return EXIT_BAD_INPUT
    try:
        written = write_all(boards, out, wrote=lambda path: print(in_preferred_language(Msg("wrote {path}",
                                                                                        path=str(path)))))
    except WiringError as exc:  # a part would miss a wire: that board's pages are not written
        for problem in exc.problems:
            print(f"kaleun wiring: {problem}", file=sys.stderr)
        return EXIT_BAD_INPUT
    except OSError as exc:  # --out a file, a folder not there or not writable, a full disk
        said = (Msg("--out {path} is a file, not a folder", path=str(out)) if out.exists() and not out.is_dir() else
                Msg("cannot write {path}: {why}", path=str(exc.filename or out), why=why_unread(exc)))
        print("kaleun wiring: " + in_preferred_language(said), file=sys.stderr)
        return EXIT_FAIL
    if (undone := undrawn(written)) and (missing := cannot_render()):
        names = ", ".join(path.with_suffix(".svg").name for path in undone)
        print("kaleun wiring: " + in_preferred_language(Msg(
            "not drawn: {drawings} (install {missing}, then run kaleun wiring again)", drawings=names,
            missing=missing)), file=sys.stderr)
    return EXIT_OK


def cmd_idsheet(args: argparse.Namespace) -> int:
    from kaleun.settings import preferred_language
    from kaleun.ui.idsheet import run_command

    return run_command(args.out, args.year, args.language or preferred_language())


def build_parser() -> argparse.ArgumentParser:
    from kaleun.settings import board_argument

    parser = argparse.ArgumentParser(prog="kaleun",
                                     description="Table controller for U-BOOT: The Board Game and Captain Sonar.",
                                     epilog="A first evening without hardware: kaleun play (a window on its set-up "
                                            "screen; without a display, or with --console, its questions in the "
                                            "terminal); kaleun missions lists the missions; kaleun COMMAND "
                                            "--help explains a command.")
    parser.add_argument("--version", action="version", version=f"kaleun {__version__}")
    verbose_help = ("every log line on the terminal, with debugging detail (a game at a terminal shows only "
                    "warnings and errors; every line is in the session's log file)")
    parser.add_argument("-v", "--verbose", action="store_true", help=verbose_help)
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")

    def verbose_option(p: argparse.ArgumentParser) -> None:
        """`kaleun play --verbose` as well as `kaleun --verbose play` (SUPPRESS keeps the latter's value)."""
        p.add_argument("-v", "--verbose", action="store_true", default=argparse.SUPPRESS, help=verbose_help)

    def game_options(p: argparse.ArgumentParser) -> None:
        p.add_argument("--board", metavar="FILE", type=board_argument,
                       help="U-BOOT: board file (default: boards/sim.toml)")

    def table_options(p: argparse.ArgumentParser) -> None:
        p.add_argument("--board", metavar="FILE", type=board_argument,
                       help="U-BOOT: board file (default: the preferred board of `kaleun config`, else "
                            "boards/sim.toml)")
        p.add_argument("--fullscreen", action="store_true",
                       help="the window full screen, and fail when there is no display (the service)")
        p.add_argument("--language", metavar="CODE", help="the table's language (default: `kaleun config`, else en)")

    def games_options(p: argparse.ArgumentParser, command: str, new: bool = True) -> None:
        """--game (for a new game), then each game's own options (its front's `add_arguments`)."""
        from kaleun.games import GAMES, game_choices_help

        if new:
            p.add_argument("--game", choices=tuple(GAMES), default=None, help=game_choices_help())
        for entry in GAMES.values():
            entry.front.add_arguments(p, command)

    from kaleun.fronts import PlayHelp

    play = sub.add_parser("play", help="play at the table (window, or console without a display)", add_help=False,
                          formatter_class=argparse.RawDescriptionHelpFormatter,
                          description="Start a new game at the table: the window when there is a display, else the\n"
                                      "text console (type help there). Without --mission the window opens on its\n"
                                      "set-up screen and the console at a terminal asks the same (input from a pipe\n"
                                      "plays the training patrol). quit saves the game; kaleun resume continues it.")
    play.add_argument("-h", "--help", action=PlayHelp, nargs=0, help="show this help (and the missions) and exit")
    table_options(play)
    play.add_argument("--seed", type=int, default=None, help="random seed (default: a new one)")
    games_options(play, "play")
    play.add_argument("--console", action="store_true", help="use the text console even with a display")
    play.add_argument("--headless", action="store_true",
                      help="U-BOOT: no screen and no typed input: run until stopped (a service); the feed goes to "
                           "stdout")
    play.add_argument("--continue", dest="continue_game", action="store_true",
                      help="continue the autosaved game if its mission is still running, else start a new one")
    verbose_option(play)
    play.set_defaults(func=cmd_play)

    resume = sub.add_parser("resume", help="continue the last game from its autosave",
                            description="Continue the last game from its autosave (a game saves itself as it goes and "
                                        "on quit), or with --save FILE another save, such as the previous game a new "
                                        "one kept aside.")
    table_options(resume)
    resume.add_argument("--save", metavar="FILE", help="save file (default: the autosave)")
    resume.add_argument("--console", action="store_true", help="use the text console even with a display")
    resume.add_argument("--headless", action="store_true", help="no screen and no typed input: run until stopped")
    games_options(resume, "resume", new=False)
    verbose_option(resume)
    resume.set_defaults(func=lambda a: cmd_play(a, resume=True))

    run = sub.add_parser("run", help="run a table script headless, as fast as possible")
    game_options(run)
    run.add_argument("--script", required=True, metavar="FILE.jsonl", help="table script to run")
    run.add_argument("--events", required=True, metavar="OUT.jsonl", help="where to write the events")
    run.add_argument("--seed", type=int, default=None, help="random seed (default: 0)")
    run.add_argument("--until", type=number, metavar="T",
                     help="after the last line, keep running to game second T (an `end` line stops at once; "
                          "once the game is over its clock stands)")
    run.add_argument("--load", metavar="SAVE", help="start from a saved game instead of a new one")
    run.add_argument("--save", metavar="SAVE", help="save the game at the end of the run")
    run.add_argument("--language", metavar="CODE",
                     help="the language of what the run says on stderr (default: en) and, U-BOOT, of the --debrief "
                          "chart (default: `kaleun config`, else en)")
    games_options(run, "run")
    verbose_option(run)
    run.set_defaults(func=cmd_run)

    board = sub.add_parser("board", help="board files")
    board_sub = board.add_subparsers(dest="board_command", metavar="ACTION", required=True)
    check = board_sub.add_parser("check", help="validate board files (none named: the preferred board)")
    check.add_argument("files", nargs="*", metavar="FILE", type=board_argument)
    check.set_defaults(func=cmd_board_check)
    from kaleun.setup_commands import cmd_board_list

    board_sub.add_parser("list", help="the boards Kaleun ships, and where their files are").set_defaults(
        func=cmd_board_list)

    wiring = sub.add_parser("wiring", help="generate wiring documents (harness, pinout, BOM) from board files")
    wiring.add_argument("boards", nargs="*", metavar="BOARD",
                        help="board files (in Kaleun's source folder the default is every file of its boards/)")
    wiring.add_argument("--out", metavar="DIR", help="output folder (default: the wiring/ folder of Kaleun's source "
                        "folder, from any folder; an installed Kaleun: wiring/ in the current folder)")
    wiring.set_defaults(func=cmd_wiring)

    idsheet = sub.add_parser("idsheet", help="write the ship identification sheet (A4 PNG)")
    idsheet.add_argument("--out", metavar="FILE.png",
                         help="where to write it, a .png (default: idsheet.png, or idsheet-YEAR.png)")
    idsheet.add_argument("--year", type=int, metavar="YYYY", help="only the classes at sea in that year")
    from kaleun.settings import language_argument

    idsheet.add_argument("--language", metavar="CODE", type=language_argument,
                         help="language of the sheet (default: `kaleun config`, else en)")
    idsheet.set_defaults(func=cmd_idsheet)

    maps = sub.add_parser("map", help="Captain Sonar map files")
    maps_sub = maps.add_subparsers(dest="map_command", metavar="ACTION", required=True)
    map_check = maps_sub.add_parser("check", help="validate map files (problems as file:line: problem)")
    map_check.add_argument("files", nargs="+", metavar="FILE.map")
    map_check.add_argument("--scenario", default=None,
                           help="the scenario the map is for, its id in any case or its name in the table's "
                                "languages (default: the one its 'name:' names, read the same way, else alpha)")
    map_check.add_argument("--mode", choices=("turn", "realtime"), type=sonar_mode, default=None,
                           help="the mode it is played in (default: each mode the map gives the sectors of)")
    map_check.set_defaults(func=cmd_map_check)

    from kaleun.hub.commands import add_commands as add_hub_commands  # hub, figures, firmware
    from kaleun.mission_commands import add_commands as add_mission_commands  # missions, career
    from kaleun.setup_commands import add_commands as add_setup_commands  # hw, service, config

    add_hub_commands(sub)
    add_setup_commands(sub)
    add_mission_commands(sub)
    _language_option_for_each_command(sub)
    for command in sub.choices.values():  # a command without its ACTION shows its actions (`_main`)
        for action in command._actions:
            if isinstance(action, argparse._SubParsersAction):
                action.required = False
    return parser


#: `--language` of every command that declares none of its own (`_language_option_for_each_command`)
LANGUAGE_HELP = "the language it speaks in (default: `kaleun config`, else en)"


def _language_option_for_each_command(sub: argparse._SubParsersAction) -> None:
    """Every command (each ACTION of one that has actions) takes `--language CODE`, declared here once: one that
    declares its own (`play`, `run`, `missions`, `idsheet`) keeps it. `_main` checks the code given and has the
    command speak it (`kaleun.settings.speak_in`): the command's own words read `preferred_language()`."""
    for command in dict.fromkeys(sub.choices.values()):  # an alias names the same parser
        actions = [a for a in command._actions if isinstance(a, argparse._SubParsersAction)]
        for action in actions:
            _language_option_for_each_command(action)
        if actions or "--language" in command._option_string_actions:
            continue
        command.add_argument("--language", metavar="CODE", help=LANGUAGE_HELP)
        command.set_defaults(language_of=command.prog)


def _command_language(args: argparse.Namespace) -> int | None:
    """The shared `--language` given: an unknown code is refused (in the preferred language, naming the
    command, exit 2), a known one is what the command speaks from now on."""
    from kaleun.settings import SettingsError, check_language, in_preferred_language, speak_in

    command = getattr(args, "language_of", None)
    if command is None or not getattr(args, "language", None):
        return None
    try:
        speak_in(check_language(args.language))
    except SettingsError as exc:
        print(f"{command}: {in_preferred_language(exc)}", file=sys.stderr)
        return EXIT_BAD_INPUT
    return None


def main(argv: list[str] | None = None) -> int:
    from kaleun.runtime.signals import STOPPER, StopRequested

    STOPPER.install()  # first: a stop signal at any moment leaves the files as they were
    _TABLE_LANGUAGE.clear()
    from kaleun.settings import speak_in

    speak_in(None)  # a command's --language holds for that command only
    _tolerant_terminal()
    try:
        return _main(argv)
    except StopRequested as exc:
        try:
            line = _in_table_language(Msg("kaleun: stopped by {signal}", signal=stop_words(exc.signum)))
        except (Exception, StopRequested):  # a settings file that cannot be read, a second signal: in English
            line = f"kaleun: stopped by {exc}"
        print(line, file=sys.stderr)
        return 128 + exc.signum
    finally:
        STOPPER.uninstall()


#: the language a start found for its table (`kaleun play --language`, or `kaleun config`), once known
_TABLE_LANGUAGE: dict[str, str] = {}


def _in_table_language(text: Msg) -> str:
    """`text` in the table's language: the one this start found (`--language` or `kaleun config`), else the
    preferred one of `kaleun config` (a small JSON file read at once), else English."""
    from kaleun.i18n import language
    from kaleun.settings import preferred_language

    return language(_TABLE_LANGUAGE.get("code") or preferred_language()).render(text)


#: the maker's tools that print a report of their own (`hw check`, `hub status`, `hub fake`, `figures enroll`):
#: their terminal shows warnings and errors only, not the deck hub link's and the fake hub's INFO lines that
#: say again what the report says (`--verbose` shows every line)
REPORTING_TOOLS = ("hw", "hub", "figures")


class _TableFormatter(logging.Formatter):
    """A line logged as a `Msg` is said to the players (no display: the console takes over; no sound card):
    `kaleun: ...` in the table's language. Other log lines keep `LEVEL logger: message`."""

    def format(self, record: logging.LogRecord) -> str:
        if isinstance(record.msg, Msg) and not record.args and not record.exc_info:
            try:
                return "kaleun: " + _in_table_language(record.msg)
            except Exception:  # a settings file that cannot be read: in English, as it was logged
                return f"kaleun: {record.msg}"
        return super().format(record)


def stop_words(signum: int) -> Msg | str:
    """A stop signal as a sentence names it (`stopped by SIGINT (Ctrl-C)`), in the sentence's language."""
    import signal

    from kaleun.runtime.stop_signals import signal_name

    said: dict[int, Msg] = {signal.SIGINT: Msg("SIGINT (Ctrl-C)"), signal.SIGHUP: Msg("SIGHUP (the terminal closed)")}
    return said.get(signum) or signal_name(signum)  # a real-time signal has no name of its own: SIGRTMIN+3


def _at_a_terminal(stream: object) -> bool:
    try:
        return bool(stream.isatty())  # type: ignore[attr-defined]
    except (OSError, ValueError, AttributeError):  # closed, or a stand-in without isatty
        return False


def _tolerant_terminal() -> None:
    """A byte typed that is not UTF-8 (a terminal set to Latin-1, line noise on a serial console) is
    read as U+FFFD and refused like any unknown word; a letter the terminal cannot show (Cyrillic on a
    Latin-1 terminal) is printed as '?'. Python reads and writes a terminal strictly: the consoles took
    such a line for their input gone and left the game, or at the first such letter took the terminal
    for gone and printed nothing more."""
    import contextlib

    for stream in (sys.stdin, sys.stdout):
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None:
            with contextlib.suppress(ValueError, OSError):  # not a text stream that can change (a test's stand-in)
                reconfigure(errors="replace")


def _main(argv: list[str] | None) -> int:
    import os

    if os.environ.get("KALEUN_CHECK_WAKES") == "1":  # the test suite: every cached module wake is checked
        from kaleun.core.engine import Engine

        Engine.check_wakes = True
    from kaleun.own_missions import load_own_missions

    load_own_missions()  # the group's own mission files join the shipped ones (`kaleun play --help` lists them)
    from kaleun.usage_words import install as usage_in_the_tables_words

    words = sys.argv[1:] if argv is None else argv
    usage_in_the_tables_words(words)  # argparse's errors in de or ru too
    if words and words[0] in ("campaign", "linked"):  # a mode of `kaleun play` typed as a command: the way to it
        from kaleun.usage_words import _language

        return _fail(Msg("kaleun: campaign is not a command: kaleun play --campaign plays the campaign's next mission "
                         "(kaleun run --campaign by table script), and kaleun career shows the career record.")
                     if words[0] == "campaign" else
                     Msg("kaleun: linked is not a command: kaleun play --linked plays the linked patrol's next part "
                         "(kaleun run --linked by table script), and kaleun career shows the career record."),
                     code=_language(words))
    parser = build_parser()
    args = parser.parse_args(argv)
    if (refused := _command_language(args)) is not None:
        return refused
    said = logging.StreamHandler()
    said.setFormatter(_TableFormatter("%(levelname)s %(name)s: %(message)s"))
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO, handlers=[said])
    from kaleun.session_log import mark_for_the_journal

    mark_for_the_journal(said)  # a service's log: each line's level as its priority (journalctl -p warning)
    if args.command in ("play", "resume") and not args.verbose and _at_a_terminal(sys.stderr):
        from kaleun.session_log import quiet_terminal

        quiet_terminal(said)  # warnings only on the players' terminal; every line in the session's log file
    elif args.command in REPORTING_TOOLS and not args.verbose:
        said.setLevel(logging.WARNING)  # the tool's own report, not the hub link's lines again (-v shows them)
    if not getattr(args, "func", None):  # no command, or a command without its ACTION: what there is to type
        sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
        (sub.choices[args.command] if args.command else parser).print_help()
        return EXIT_BAD_INPUT
    args.seed_given = getattr(args, "seed", None) is not None  # `play --continue` says it ignores --seed
    if getattr(args, "seed", 0) is None and args.command == "play":
        import secrets

        args.seed = secrets.randbelow(2**31)
    return int(args.func(args))
