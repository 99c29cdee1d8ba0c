"""A playing session: the runtime with its outputs, shown in a window or on the console."""

from __future__ import annotations

import contextlib
import glob
import logging
from collections.abc import Callable
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Protocol

from kaleun import session_log
from kaleun.boards.model import Board
from kaleun.core.engine import Engine
from kaleun.core.errors import SaveError
from kaleun.core.messages import Msg, When, of_error
from kaleun.paths import autosave_path, state_dir
from kaleun.ports.base import Lamps, Sounder
from kaleun.ports.sim import SilentSounder, SimLamps
from kaleun.runtime.lamps import LampDirector, SceneError, load_scenes
from kaleun.runtime.loop import Runtime
from kaleun.runtime.outputs import Autosave, AutosaveFailed, EventLog, SoundOutput
from kaleun.runtime.signals import STOPPER
from kaleun.runtime.table import Table, TableError
from kaleun.ui.feedlog import AlarmGate

if TYPE_CHECKING:
    from kaleun.uboot.missions.setup import GameSetup

log = logging.getLogger(__name__)

#: a session's script (`<stamp>.script.jsonl`), beside its event log and its log of the same stamp
SCRIPT_SUFFIX = ".script.jsonl"


class Session(Protocol):
    runtime: Runtime

    def run(self) -> int: ...



def saved_line(game: Engine | None = None, path: Path | None = None, touch: bool = False,
               next_button: Msg | None = None) -> Msg:
    """The last line of a game that ended saved, the same in every front end (the U-BOOT console and
    window, the Captain Sonar consoles and window): a stop signal is named as `kaleun: stopped by ...`
    names it before the game runs (`Stopped by SIGTERM: game saved. Continue with: kaleun resume`).

    With the `game` and the save's `path` it answers a `save` typed during play: what was saved (the game as
    it stands at its clock) and where, and how to continue it later
    (`Game saved as of 1 June 1941, 04:00:11 in .../autosave.json. Play on, or leave and continue it later
    with: kaleun resume`). A mission that is over is not sent to `kaleun resume`, which refuses it: the line
    says what comes next (`Game saved. The mission is over (lost) and cannot be played on; start a new game
    with kaleun play.`). `touch`: said on the window, whose group may have no keyboard: a career record that cannot
    be read is explained on the set-up's Career record page, not by `kaleun career`, and the game goes on, once it is
    repaired, by what the group touches, not by a command: the debrief's `next_button` (its Next part or Next
    mission) where the window offers one, else its Save and quit (the next start books the result)."""
    over = _over(game, touch, next_button)
    if STOPPER.signum is not None:
        from kaleun.cli import stop_words

        if over is not None:
            return Msg("Stopped by {signal}: game saved. {over}", signal=stop_words(STOPPER.signum), over=over)
        return Msg("Stopped by {signal}: game saved. Continue with: kaleun resume", signal=stop_words(STOPPER.signum))
    if over is not None:
        return Msg("Game saved in {path}. {over}", path=str(path), over=over) if path is not None \
            else Msg("Game saved. {over}", over=over)
    if game is not None and path is not None:
        if game.game != "uboot":  # Captain Sonar's clock is no calendar: where alone
            return Msg("Game saved in {path}. Play on, or leave and continue it later with: kaleun resume",
                       path=str(path))
        return Msg("Game saved as of {when} in {path}. Play on, or leave and continue it later with: kaleun resume",
                   path=str(path), when=When.moment(game.now_iso, seconds=True))
    return Msg("Game saved. Continue with: kaleun resume")


def _over(game: Engine | None, touch: bool = False, next_button: Msg | None = None) -> Msg | None:
    """A U-BOOT mission that is over cannot be resumed (`kaleun resume` refuses it): what comes next instead
    (the linked patrol's or the campaign's next mission, else a new game). A Captain Sonar game that is over
    (a boat sank) is not played on either (`kaleun play --continue` starts a new one). None: the game goes on."""
    if game is not None and not game.has_module("mission"):
        from kaleun.games import GAMES

        entry = GAMES.get(game.game)
        if entry is not None and entry.front.over(game):
            return Msg("The game is over and cannot be played on; start a new game with kaleun play.")
        return None
    if game is None or not game.module("mission").over:
        return None
    from kaleun.cli import _goes_on_with
    from kaleun.uboot.missions.debrief import WORDS

    result = str(game.module("mission").result)
    going_on = _goes_on_with(game)
    unread = career_unread(game) if going_on is None else None
    if unread is not None and touch:  # on the window: what to touch once the record is mended, not a command
        going_on = _touched_on_with_the_record_mended(unread[0], next_button)
    elif unread is not None:  # the patrol or campaign goes on once the record is mended, not with a new game
        from kaleun.career import going_on_command

        going_on = Msg("the career record cannot be read (kaleun career says why): once it is repaired or moved away, "
                       "{how} books this mission's result and goes on.", how=going_on_command(unread[0]))
    elif going_on is None:
        going_on = Msg("start a new game with kaleun play.")
    return Msg("The mission is over ({result}) and cannot be played on; {next}",
               result=Msg.term(WORDS.get(result, result)), next=going_on)


def _touched_on_with_the_record_mended(mode: str, next_button: Msg | None) -> Msg:
    """How a group at the window goes on after a linked part or campaign mission (`mode`) whose career record cannot be
    read, once it is repaired (a linked patrol's also once it is moved away: its next part is booked from the finished
    part's save; a campaign stays in its own file): the debrief's `next_button` where the window offers one, else Save
    and quit (the next start books the mission's result, as `kaleun play` does)."""
    if next_button is not None:
        return Msg("the career record cannot be read (Career record on the set-up's first page says why): once it is "
                   "repaired, touch {next} on the debrief (Map, then Debrief): this mission's result is booked then "
                   "and the campaign goes on.", next=next_button) if mode == "campaign" else \
            Msg("the career record cannot be read (Career record on the set-up's first page says why): once it is "
                "repaired or moved away, touch {next} on the debrief (Map, then Debrief): this mission's result is "
                "booked then and the game goes on.", next=next_button)
    from kaleun.ui.screens.settings import quit_words

    return Msg("the career record cannot be read (Career record on the set-up's first page says why): once it is "
               "repaired, touch {quit}: the next start books this mission's result and the campaign goes on from it.",
               quit=quit_words()) if mode == "campaign" else \
        Msg("the career record cannot be read (Career record on the set-up's first page says why): once it is "
            "repaired or moved away, touch {quit}: the next start books this mission's result and goes on from it.",
            quit=quit_words())


def is_over(game: Engine) -> bool:
    """A U-BOOT mission that has ended (won, lost, returned, out of time): nothing more is played in it."""
    return game.has_module("mission") and bool(game.module("mission").over)


def goes_on_with(game: Engine) -> tuple[str, str] | None:
    """After the end of a part of a linked patrol or of a campaign mission, what the career record plays next:
    ("linked", the patrol's next part) or ("campaign", the campaign's next mission); None: nothing goes on (a single
    mission, the patrol or campaign over, a record that cannot be read). A newer patrol or campaign begun since in the
    record is the one that goes on, as the set-up's "linked patrol" and "campaign" go on with it."""
    from kaleun.cli import next_in_career, played_in_career

    if not is_over(game):
        return None
    played = played_in_career(game)
    return None if played is None else next_in_career(*played)


def career_mode(game: Engine) -> str | None:
    """How the game was set up to go on in the career record: "linked" (a part of a linked patrol), "campaign" (a
    campaign mission); None: a single mission."""
    mode = (game.config.get("changes", {}).get("setup") or {}).get("mode")
    return str(mode) if mode in ("linked", "campaign") else None


def career_unread(game: Engine) -> tuple[str, Msg | str] | None:
    """Why nothing goes on after the end of a part of a linked patrol or of a campaign mission: the career record
    that keeps the patrol or the campaign cannot be read. The game's mode ("linked", "campaign") and the record's
    problem, naming the file; None: it can be read, or the game was a single mission."""
    from kaleun.career import CareerError, load_career
    from kaleun.core.messages import of_error

    mode = career_mode(game)
    if mode is None:
        return None
    try:
        load_career()
    except CareerError as exc:
        return str(mode), of_error(exc)
    except OSError as exc:
        return str(mode), str(exc.strerror or exc)
    return None


def first_steps(game: Engine, touch: bool = False) -> Msg | None:
    """Where a crew begins, as the boat lies now (surfaced or submerged): a new U-BOOT game's greeting in
    the console (also the end of its `help`) and in the window's feed, worded for typing or for `touch`.
    None for a game without these steps (Captain Sonar) and for a mission that is over (nothing is begun then)."""
    if game.game != "uboot" or not game.has_module("boat") or _over(game) is not None:
        return None
    surfaced = game.module("boat").status()["surfaced"]
    if touch:
        return (Msg("First steps: Mobilize, then drag a navigator to 8 Bridge; Orders, then Lookouts, sends him up "
                    "to keep watch.") if surfaced
                else Msg("First steps: the boat is submerged: Mobilize; Orders, then Hydrophone, listens for the "
                         "enemy; Helm shows the depth."))
    # the commands as the table types them (the console's words, `kaleun.ui.actions`)
    said = {word: Msg.pterm("U-BOOT console", word) for word in ("mission", "mobilize", "place", "observe",
                                                                 "hydrophone", "status")}
    return (Msg("First steps: {mission} reads the briefing; {mobilize} lets the figures move; {place} "
                "navigator-square 8 puts a lookout on the bridge; {observe} sends the lookouts up; "
                "?ORDER shows who would carry an order out.", **said) if surfaced
            else Msg("First steps: {mission} reads the briefing; the boat is submerged: {mobilize} lets the "
                     "figures move; {hydrophone} listens for the enemy; {status} shows the depth and the "
                     "bottom; ?ORDER shows who would carry an order out.", **said))


def make_sounder(board: Board) -> Sounder:
    if board.audio.driver == "none":
        return SilentSounder()
    from kaleun.ports.sound import PygameSounder
    from kaleun.settings import preferred_volume

    sounder = PygameSounder(volume=preferred_volume(board.audio.volume))
    sounder.warm()
    return sounder


def make_lamps(board: Board, table: Table) -> Lamps | None:
    """The board's lamps; real pixels that cannot be opened are reported and left dark.
    Hub lamps go over the deck hub's link, so the table must have been started."""
    spec = board.lamps
    if spec.driver == "none":
        return None
    if spec.driver == "hub":
        if hasattr(table.sensor, "lamps"):
            return table.sensor.lamps(spec.segments)
        log.warning("lamps off: lamps.driver = 'hub' needs figures.sensor = 'hub'")
        return None
    if spec.driver in ("neopixel", "neopixel_spi"):
        from kaleun.ports.neopixel import LampsUnavailable, NeopixelLamps

        try:
            return NeopixelLamps(spec)
        except LampsUnavailable as exc:
            log.warning("lamps off: %s", exc)
            return None
    return SimLamps(spec.segments)


def _session_stem(folder: Path) -> str:
    """A new session's name: the start's date and time, `-2`, `-3` ... when any file of that name is there.
    Not only its event log: a Pi without a real-time clock may start at a time it had before (fake-hwclock
    after a power cut, or 1970 offline), and a session pruned long ago keeps its debrief, which a new
    session of the same name would write over."""
    stamp = f"{datetime.now():%Y%m%d-%H%M%S}"
    stem, n = stamp, 1
    while (folder / f"{stem}.events.jsonl").exists() or any(folder.glob(f"{glob.escape(stem)}.*")):
        n += 1
        stem = f"{stamp}-{n}"
    return stem


#: events after which a U-BOOT game writes a full save (besides the start, `save` and quit): the watch change, which
#: starts the journal afresh, and the mission's end, so the save itself says the mission is over (a table unplugged
#: after the debrief: the next start books it, neither keeps it as an unfinished game nor offers to go on with it)
SAVE_ON = ("watch_change", "mission_end")


def make_runtime(game: Engine, board: Board, keep_previous: bool = False, language: str = "en",
                 unstarted: bool = False, placeholder: bool = False) -> Runtime:
    """The runtime with the board's adapters, the bell, the lamps, the session log and the autosave.

    Nothing is saved before the table has started: a board that cannot start here, or a stop
    signal while waiting for the deck hub, leaves the previous autosave as it was. With
    `keep_previous` (a new game, or a game resumed from another file) the first save keeps the
    game saved there before under an earlier-game name (`saves.keep_aside`). `language` is the table's: the
    first save keeps it with the game (`kaleun resume` speaks it).

    `unstarted`: a game chosen at the window's set-up, which the set-up refuses when it cannot start; its session
    files go then (`forget_session`), so a refused Start leaves no session that looks like a game played.

    `placeholder`: the game the window's set-up opens on, nobody's game until Start: its first save is noted as
    unplayed (`saves.mark_unplayed`), so a crash on the set-up resumes the game saved before (`setup_started`
    deletes the note at Start)."""
    sessions = state_dir() / "sessions"
    with contextlib.suppress(OSError):  # a file or a read-only folder there: the logs say so, the game goes on
        sessions.mkdir(parents=True, exist_ok=True)
    stamp = _session_stem(sessions)
    session_log.attach(sessions / f"{stamp}.log")  # every log line of the session, whatever the terminal shows
    try:
        return _made_runtime(game, board, keep_previous, language, sessions, stamp, placeholder)
    except BaseException:
        if unstarted:
            _forget_files(sessions, stamp)
        raise


def _made_runtime(game: Engine, board: Board, keep_previous: bool, language: str, sessions: Path,
                  stamp: str, placeholder: bool = False) -> Runtime:
    """`make_runtime` once its session's log is open."""
    try:  # before the table starts: a mistake in lamp_scenes.toml stops the start, naming it, with nothing opened
        scenes = load_scenes()
    except SceneError as exc:
        raise TableError(str(exc)) from exc
    table = Table(board, game)
    sounder = make_sounder(board)
    # a window alarm sounds when the feed raises it (a convoy's first report, not each ship added to it)
    outputs: list = [SoundOutput(sounder, raises=AlarmGate(game).raises), EventLog(sessions / f"{stamp}.events.jsonl")]
    runtime = Runtime(game, table, outputs, autosave=Autosave(game, autosave_path(), keep_previous=keep_previous,
                                                           triggers=SAVE_ON),
                      record=sessions / f"{stamp}{SCRIPT_SUFFIX}")
    runtime.language = language
    if runtime.autosave is not None:
        runtime.autosave.unplayed = placeholder
        runtime.autosave.session = stamp  # a crash on the set-up deletes the placeholder's session files too
    lamps = make_lamps(board, table)  # after the table started: hub lamps use its link
    if lamps is not None:
        runtime.outputs.append(LampDirector(lamps, game=game, scenes=scenes))
    runtime.lamps = lamps
    # the speaker the console's `volume` and the window's settings turn: none on a board without one
    # (audio.driver = "none": they say so instead of showing a volume nothing plays at)
    runtime.sounder = sounder if board.audio.driver != "none" else None
    from kaleun.runtime.debrief_output import DebriefOutput

    # on mission_end: the debrief PNG (in the table's language then) and JSON, the career's entry
    runtime.debrief = DebriefOutput(game, sessions, stamp, language=lambda: str(getattr(runtime, "language", "en")))
    runtime.debrief.report = lambda text: [tell(text) for tell in runtime.problems]  # a record it cannot book: said
    runtime.outputs.append(runtime.debrief)
    STOPPER.running(runtime.request_stop, runtime.continued)  # from here on a signal stops the loop, which saves
    first_save(runtime)  # a power cut before the first watch change loses nothing
    return runtime


def first_save(runtime: Runtime) -> None:
    """Save a game that is about to start (U-BOOT and Captain Sonar alike). Nothing is played that
    cannot be saved: a save that fails (a full disk, a folder where the autosave belongs) closes the
    runtime and raises AutosaveFailed, the previous save as it was."""
    autosave = runtime.autosave
    undo = _begin_campaign(runtime)
    if autosave is not None:
        autosave.report, told = (lambda text: None), autosave.report  # a failure here is said below
    runtime.save()
    if autosave is not None:
        autosave.report = told
    if autosave is not None and autosave.problem is not None:
        autosave.abandon("the first save failed")
        runtime.close()
        if autosave.no_writes:  # read-only or gone: more room does not help
            failed = Msg("the game cannot be saved in {path} ({reason}), so it was not started; the previous save is "
                         "as it was. The storage takes no writes at all (made read-only by the system, or pulled out): "
                         "check the storage and start again.", path=str(autosave.path), reason=autosave.reason)
        else:
            failed = Msg("the game cannot be saved in {path} ({reason}), so it was not started; the previous save is "
                         "as it was. Make room on the storage (or move away what is in the way) and start again.",
                         path=str(autosave.path), reason=autosave.reason)
        campaign = _campaign_taken_back(undo)
        raise AutosaveFailed(failed if campaign is None else Msg("{failed} {campaign}", failed=failed,
                                                                 campaign=campaign))
    runtime.rest()  # the game's clock starts now: nobody could play while it was saved (a slow card)


def _campaign_taken_back(undo: Callable[[], bool] | None) -> Msg | None:
    from kaleun.career import campaign_taken_back

    return campaign_taken_back(undo)


def _begin_campaign(runtime: Runtime) -> Callable[[], bool] | None:
    """A new campaign the start began is written into the career record now, just before the game's first save
    (`career.begin_campaign`): a start that failed before left the running campaign as it was. A record that cannot
    be written now stops the start as a first save that fails does (nothing is played, the previous save as it
    was): the game would not be booked in its campaign."""
    from kaleun.career import CareerError, begin_campaign
    from kaleun.files import why_unread

    try:
        return begin_campaign(runtime.game)
    except (CareerError, OSError) as exc:
        if runtime.autosave is not None:
            runtime.autosave.abandon("the campaign could not be begun")
        runtime.close()
        raise AutosaveFailed(Msg("the campaign cannot be begun in the career record ({problem}), so the game was not "
                                 "started; the previous save and the running campaign are as they were",
                                 problem=of_error(exc) if isinstance(exc, CareerError) else why_unread(exc))) from exc


def retire(runtime: Runtime) -> None:
    """The game a window opened with gives way to the one chosen at its set-up (before the new
    runtime is made). That game never ran: nothing of it is saved again (closing it later wrote it
    over the chosen game's autosave and journal), and it is closed now: its table lets go of the deck
    hub's port and the GPIO pins, its lamps of their pixels and its speaker of the mixer, so the new
    game takes them (closed later, it shut the mixer the new game's speaker shares: a silent evening)."""
    if runtime.autosave is not None:
        runtime.autosave.abandon("the game gave way to the one chosen at the set-up")
    runtime.close()
    forget_session(runtime)


def setup_started(runtime: Runtime) -> None:
    """Start pressed on the window's set-up: the placeholder is the game played from now on (or it gave way to the
    game chosen, saved already), so the note that marked it unplayed goes (`saves.recover_unplayed_setup`)."""
    from kaleun.saves import drop_setup_mark

    if runtime.autosave is not None:
        runtime.autosave.unplayed = False
        drop_setup_mark(runtime.autosave.path)


def forget_session(runtime: Runtime) -> None:
    """The session files of a game that never ran (its event log, its script and its log in the session folder)
    are deleted: a set-up left before Start, or a game that gave way to the one chosen there, leaves no session that
    looks like a game played, nor one that pushes a played one out of the sessions kept (`kaleun.housekeeping`).
    Its log is closed first (not left writing to a deleted file); its lines, with those from here on, wait for the
    next session's log file (`session_log.detach`): the start's lines are the game chosen's too."""
    record = runtime.record_path  # `<stamp>.script.jsonl`: its event log and log share the stamp
    if record is None or not record.name.endswith(SCRIPT_SUFFIX):
        return
    _forget_files(record.parent, record.name.removesuffix(SCRIPT_SUFFIX))


def _forget_files(folder: Path, stem: str) -> None:
    """The session files named `stem` in `folder` deleted, its log closed first (`forget_session`)."""
    session_log.detach(folder / f"{stem}.log")
    try:
        for path in folder.glob(f"{glob.escape(stem)}.*"):
            if path.is_file() and not path.is_symlink():
                path.unlink(missing_ok=True)
    except OSError as exc:  # a read-only folder: the files stay, the game chosen goes on
        log.warning("the session files of the game never started cannot be deleted: %s", exc)


def leave_setup(runtime: Runtime) -> Msg:
    """The set-up left before its Start (its Quit button, Escape, the window closed): the game the window opened
    on never ran, so nothing of it is kept. It is retired (closed, written no more), its first save goes, and the
    game saved before it (kept aside under an earlier-game name when the window opened) is put back where
    `kaleun resume` finds it, with its journal. Returns what the terminal is told."""
    from kaleun.files import regular_or_missing, sync_folder
    from kaleun.journal import journal_path
    from kaleun.saves import drop_setup_mark, put_back

    autosave = runtime.autosave
    retire(runtime)
    # its Quit, Escape, the window closed or a stop signal: the line names none of them (it said "(Quit)" for all)
    left = Msg("kaleun: {note}", note=Msg("the set-up was left before Start: no game was started"))
    if autosave is None or autosave.saves == 0:
        return left
    path, kept = autosave.path, autosave.kept
    journal = journal_path(path)
    try:
        if kept is not None and kept.is_file():
            put_back(path, kept)  # a crash half way: the set-up's note has the next start finish it
            drop_setup_mark(path)
            return Msg("{left}; the game saved before is in its place again (kaleun resume continues it)", left=left)
        for unplayed in (path, journal):
            if regular_or_missing(unplayed) is None:
                unplayed.unlink(missing_ok=True)
        sync_folder(path.parent)
        drop_setup_mark(path)
    except OSError as exc:  # the game saved before stays kept aside, under the name the terminal was told
        log.warning("leaving the set-up: the save of the game before cannot be put back: %s", exc)
    return left


def in_place_of(runtime: Runtime, game: Engine, board: Board, keep_previous: bool) -> Runtime:
    """The runtime of `game` (chosen or continued at the set-up) made in place of `runtime`, which gave way to it
    (closed or retired already). A table whose hardware cannot be opened again (GPIO taken) raises ValueError, which
    the set-up shows; on any failure a stop signal still ends the window through `runtime`."""
    try:
        return make_runtime(game, board, keep_previous=keep_previous, language=runtime.language, unstarted=True)
    except TableError as exc:
        STOPPER.running(runtime.request_stop, runtime.continued)
        raise ValueError(Msg("cannot set up the table: {problem}", problem=of_error(exc))) from exc
    except BaseException:
        STOPPER.running(runtime.request_stop, runtime.continued)
        raise


def resume_kept(runtime: Runtime, kept: Path, board: Board) -> tuple[Runtime, list[Msg | str]]:
    """The game saved before, kept aside as `kept` when the window opened on the set-up, continued in the window
    instead of the placeholder `runtime` (the set-up's Go on with it), as `kaleun resume --save` continues it: its
    journal replayed, the same mission, time and crew. The placeholder is retired (nothing of it kept) and the game
    continued is saved where the autosave is (`kaleun resume` finds it there); its copy kept aside goes once it is.
    Raises SaveError (a save that cannot be continued, or a mission over) or ValueError (the table cannot be set up
    again) with nothing changed: the placeholder stays, the game kept aside as it was. Returns the runtime and what
    the load found that `kaleun resume` says before the game (a journal cut short, an entry that failed), and, as it
    says it too, how its campaign or linked patrol changed in the career record since it began."""
    from kaleun.career import changed_since_saved
    from kaleun.journal import journal_path
    from kaleun.saves import open_save
    from kaleun.ui.sentences import sentence

    opened = open_save(kept)
    game = opened.engine
    if is_over(game):  # not one to go on with (the set-up names only games not over)
        raise SaveError(Msg("{path}: the mission saved there is over and cannot be played on; the file was kept as it "
                            "is", path=str(kept)))
    retire(runtime)
    resumed = in_place_of(runtime, game, board, keep_previous=False)
    if resumed.autosave is not None and resumed.autosave.problem is None and kept != resumed.autosave.path:
        try:  # saved in the autosave's place now: the copy kept aside is no game left to go on with
            journal_path(kept).unlink(missing_ok=True)
            kept.unlink(missing_ok=True)
        except OSError as exc:  # a read-only folder: the copy stays, an earlier game like any other
            log.warning("the game continued stays kept aside as %s too: %s", kept, exc)
    changed = changed_since_saved(game)  # the career record changed since it began: said as `kaleun resume` says it
    return resumed, [*opened.notes, *([sentence(changed)] if changed is not None else [])]


def open_session(game: Engine, board: Board, console: bool = False, headless: bool = False,
                 fullscreen: bool = False, language: str = "en", keep_previous: bool = False,
                 setup: bool = False) -> Session:
    """The window when a display is there (full screen: always), else the console. `language`
    is the table's language, kept on the runtime for the front ends; `keep_previous`: a new game
    keeps the game saved before it (`Autosave`). With `setup` a new game's window opens on the
    set-up screen (language, mission, crew rules; the mode, difficulty and easy watch change per
    role) before its clock starts."""
    from kaleun.ui.display import has_display

    runtime = make_runtime(game, board, keep_previous, language, placeholder=setup and not console)
    if fullscreen or (not console and has_display()):
        from kaleun.ui.screens.setup import Setup
        from kaleun.ui.window import Window

        current = [runtime]

        def restart(chosen: GameSetup) -> Runtime:
            from kaleun.career import start_configured

            ended = is_over(current[0].game)
            output = getattr(current[0], "debrief", None)
            if ended and output is not None and output.unbooked:  # a result the end could not book: tried again
                output.book()  # before the record is read, as a quit does on leaving
            # a refusal leaves the game on the screen as it is; a new campaign is written into the record
            # just before the chosen game's first save (`first_save`)
            game = start_configured(chosen, later=True)
            if ended:  # a game played to its end gives way as a quit leaves it: saved, its session and debrief kept
                current[0].close()
            else:
                retire(current[0])
            # after a game's end the new one keeps the finished game's save aside, as `kaleun play` does
            current[0] = in_place_of(current[0], game, board, keep_previous=ended)
            return current[0]

        def resume(kept: Path) -> tuple[Runtime, list[Msg | str]]:
            """The game saved before, kept aside as `kept` when the window opened, continued instead of the one the
            set-up opened on (its Go on with it), as `kaleun resume --save` continues it: `go_on_with_kept`."""
            current[0], notes = resume_kept(current[0], kept, board)
            return current[0], notes

        def after(win: Window, mode: str | None) -> Setup:
            """The set-up opened from a game's end (the debrief's New game or the next part): leaving it closes the
            window as a quit does, the finished game saved as it was."""
            return Setup(win, restart, begin=lambda: setup_started(current[0]), going_on=mode)

        if setup:
            return Window(runtime, fullscreen=True if fullscreen else None, after=after,
                          setup=lambda w: Setup(w, restart, leave=lambda: leave_setup(current[0]),
                                                begin=lambda: setup_started(current[0]), resume=resume))
        return Window(runtime, fullscreen=True if fullscreen else None, after=after)
    if setup and not console:  # no display, so no set-up: the game opened on is played at once
        setup_started(runtime)
    from kaleun.ui.console import Console

    return Console(runtime, interactive=not headless)
