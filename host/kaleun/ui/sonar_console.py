"""Captain Sonar consoles: one per team, each showing only what its team may know.

A console prints its team's view of the game as it happens (public announcements and the
team's own events, `kaleun.core.events.visible_to`) and turns typed lines into that team's
commands. Two consoles may run in one process, each on its own terminal (`--tty`); typed lines
run on the runtime's thread, so the game sees one command at a time. Everything it prints is in
the table's language (`Runtime.language`); the commands are declared in `kaleun.ui.sonar_commands`
(`help COMMAND` shows a command's fields); commands, their fields, courses, systems and crew members
may be typed in the table's language, the English words at every table.
"""

from __future__ import annotations

import collections
import functools
import logging
import threading
from collections.abc import Callable
from typing import IO, Any

from kaleun.core.errors import CommandError
from kaleun.core.events import Event, visible_to
from kaleun.core.messages import N_, Msg, join, of_error
from kaleun.i18n import Language, language
from kaleun.runtime.loop import Runtime, failure_message
from kaleun.runtime.signals import STOPPER
from kaleun.session_log import through_console
from kaleun.sonar import data
from kaleun.sonar.crew import Crew, member_name
from kaleun.sonar.echo import clip_echoes
from kaleun.sonar.game import referee
from kaleun.sonar.grid import COURSE_LETTERS
from kaleun.sonar.referee import COURSE_IDS, NOT_A_COURSE, Referee
from kaleun.sonar.team import team_name
from kaleun.ui import typed
from kaleun.ui.console_words import fold
from kaleun.ui.session import saved_line
from kaleun.ui.sonar_commands import (
    COMMANDS,
    SYSTEMS,
    Command,
    call_words,
    cell_words,
    command_word,
    course_call_words,
    course_id,
    course_words,
    field_word,
    find,
    latin_cell,
    member_id,
    member_words,
    mode_id,
    mode_words,
    quit_words,
    set_off_words,
    symbol_id,
    system_id,
    system_words,
)
from kaleun.ui.sonar_commands import command as sonar_command
from kaleun.ui.sonar_text import (
    Told,
    describe_status,
    draw_board,
    draw_map,
    feed_line,
    first_steps,
    owed_line,
    track_text,
)
from kaleun.ui.terminal_out import Prompting, echoes
from kaleun.ui.typed import parse_value

log = logging.getLogger(__name__)


#: typed words that are an activation: word -> (system, the fields of its positional values)
ACTIVATIONS: dict[str, tuple[str, tuple[str, ...]]] = {
    "torpedo": ("torpedo", ("cell",)), "mine": ("mine", ("cell",)), "drone": ("drone", ("sector",)),
    "sonar": ("sonar", ()), "silence": ("silence", ("direction", "distance")),
    "scenario": ("scenario", ("cell",)), "archer": ("scenario", ("cell",)),
}


def called(words: list[str]) -> list[str]:
    """A line typed as the rulebook prints the calls ("Stop!", "Kurs Nord!", "Auftauchen!", "Tauchen!") and the
    drone's question („Seid ihr in Sektor 5?“): the exclamation and question marks that end a word are no part of it
    (a word of nothing but '!' is none; `?` alone stays the help)."""
    out = []
    for word in words:
        shouted = word.rstrip("!")
        bare = shouted.rstrip("?") or shouted
        if bare:
            out.append(bare)
    return out


class TeamConsole(Prompting):
    """One team's console on one terminal (text in, text out)."""

    def __init__(self, runtime: Runtime, team: str, stdin: IO[str] | None, stdout: IO[str],
                 interactive: bool = True) -> None:
        self.runtime = runtime
        self.team = team
        self.stdin = stdin
        self.stdout = stdout
        self.interactive = interactive
        self.stopping = False
        self.gone = False
        self.who = team
        #: the prompt's state (`Prompting`): the input shows what is typed when it is a terminal
        self.echoes = echoes(stdin)
        #: a quit whose save failed was said once: the next quit leaves (as at the U-BOOT console)
        self.quit_unsaved = False
        #: the input ended (Ctrl-D, a terminal closed or hung up): the game stops for both teams
        self.input_ended = False
        self.referee: Referee = referee(runtime.game)
        #: the past events `recall` printed (the same events still waiting in the runtime print once)
        self._told = Told([])
        #: after the game's end, what the team typed to go on with: "new" (a new game of the same settings); the front
        #: end starts it once the session has ended
        self.then: str | None = None
        #: the new game's scenario and mode (`new delta realtime`)
        self.settings: dict[str, str] = {}
        #: the session's: the game goes on with a new one (`new`): every console's reader waits for the next game
        self.going_on: Callable[[], None] | None = None
        #: the team's input, read on a thread of its own (carried over to the next game's console after `new`)
        self.reader: LineReader | None = None
        #: notified each time a typed line has run (`Prompting._lines_run`): the reader waits for a `new` to have run
        self._ran = threading.Condition()
        #: typed lines its reader handed over (on the reader's thread)
        self.handed = 0
        #: the console's game goes no further (`Prompting.finished`; both teams typed `new` at once: the other's
        #: never runs)
        self.finished = False
        #: Delta: the last line was a surface off the water holes, told what it costs (this warning); the next surface
        #: surfaces while the cost is still the same (a blast in between may have made it the boat's last damage)
        self._surfacing_told: Msg | None = None
        runtime.listeners.append(self._on_event)

    @property
    def lang(self) -> Language:
        """The table's language."""
        return language(getattr(self.runtime, "language", "en"))

    # -- output -----------------------------------------------------------------------------
    def prompt_text(self) -> str:
        return f"{self.lang.render(team_name(self.team)).lower()}> "

    def recall(self) -> None:
        """Print what this team was told before this console started (the referee's record: the last
        feed lines after `kaleun resume`; in a new game the opening announcements), then how to type what
        the game waits for from this team now (a game saved at the enemy's sonar, during the repairs, or between a
        course and its First Mate's mark or Engineer's cross)."""
        self._told = Told(self.referee.record.past(self.team))
        for event in self._told.past:
            self._print(event)
        ref, state = self.referee, self.referee.teams[self.team]
        if ref.phase == "play" and ref.turns.sonar is not None and ref.turns.sonar[1] == self.team:
            self._answer_hint()
        if ref.phase == "play" and state.surfaced and not ref.turns.turn_based and not state.repaired:
            self._repair_hint()
        if ref.phase == "play":  # a game saved between a course and its mark or cross: the next course waits for it
            self._owed_hint()
        if ref.phase == "play" and ref.turns.frozen_by == self.team and ref.turns.sonar is None \
                and not state.silent_run:  # saved after this team's Stop!: both teams wait for its activation
            self.say(self.lang.render(Msg("  Your Stop! holds both teams: activate the system, or type {go} to lift "
                                          "it.", go=command_word("go"))))

    def _owed_hint(self) -> None:
        """What the team's last course still owes (the First Mate's mark, the Engineer's cross), if anything."""
        owed = owed_line(self.referee.team_status(self.team))
        if owed is not None:
            self.say("  " + self.lang.render(owed))

    def _on_event(self, event: Event) -> None:
        if self._told.fresh(event):
            self._print(event)
            sonar = self.referee.turns.sonar
            asked = event.name == "sonar" and event.data.get("team") not in (None, self.team)
            # whatever else this team typed, the game waits for its answer: how it is typed, again
            owed = event.name == "refused" and event.audience == self.team and sonar is not None \
                and sonar[1] == self.team
            if asked or owed:
                self._answer_hint()
            elif event.name == "repair_needed" and event.audience == self.team:
                self._repair_hint()
            elif event.name == "moved" and event.audience == self.team:  # a course or silent run without both
                self._owed_hint()                                            # its mark and its cross
            elif event.name == "status" and event.audience == self.team:  # `{"do": "status"}` typed as JSON
                self.say(describe_status(event.data, self.lang, self.team, self._crew()))
            elif event.name == "game_over" and self.interactive:  # as the U-BOOT console after the mission's end
                self.say(self.lang.render(what_next(self.lang)))

    def _answer_hint(self) -> None:
        """The enemy's sonar waits for this team's answer, and the whole game with it: how it is typed."""
        answer = find("answer")
        assert answer is not None
        row, column, sector = (f.local(self.lang) for f in answer.fields)
        self.say(self.lang.render(Msg("  To answer: {answer} {row}=ROW {column}=COLUMN (or {sector}=SECTOR): two "
                                      "kinds, exactly one of them true, e.g. {example}.",
                                      answer=command_word("answer"), row=row, column=column, sector=sector,
                                      example=answer.example_in(self.lang))))

    def _crew(self) -> Crew:
        return self.referee.teams[self.team].crew

    def _repair_hint(self) -> None:
        """The real-time repair ritual at a console: which words outline the hull sections."""
        crew = self.referee.teams[self.team].crew
        word_of = {member: text for text, member in member_words(self.lang.code).items()}  # the table's word last
        self.say(self.lang.render(Msg("  To repair: {repair} SECTION MEMBER for each hull section, the Engineer first "
                                      "({repair} 1 {engineer}), the sheet passed on among {members}; then {dive}.",
                                      repair=command_word("repair"), dive=command_word("dive"),
                                      engineer=word_of[crew.holder("engineer")],
                                      members=", ".join(word_of[m] for m in crew.members))))

    def _print(self, event: Event) -> None:
        if not visible_to(event, self.team):
            return
        if event.feed is not None:
            self.say(f"[{event.clock[11:]}] {feed_line(event, self.lang, self.team)}")

    def _problem(self, text: Msg | str) -> None:
        """A refusal of what this console typed: a value typed far too long is echoed cut short."""
        self.say(f"! {self.lang.render(clip_echoes(text) if isinstance(text, Msg) else text)}")

    # -- input ------------------------------------------------------------------------------
    def send(self, command: dict[str, Any], typed_as: str | None = None, typed: bool = True) -> None:
        """Give the game one command of this team; a malformed one is reported here only, named as it was
        typed (`typed_as`: `torpedo A` is an `activate`, and its problem begins "torpedo:"). A course refused
        lists the words this console takes for it (`typed`; a JSON line: the ids a table script takes)."""
        command = {**command, "team": self.team}
        problems = self.runtime.problems[:]

        def problem(text: Msg | str) -> None:
            if isinstance(text, Msg):
                values = dict(text.values)
                if typed_as and values.get("command") == command["do"]:
                    values["command"] = typed_as
                if typed and text.template == NOT_A_COURSE and values.get("choices") == COURSE_IDS:
                    values["choices"] = self.course_letters()
                if typed and isinstance(values.get("field"), str):  # a field named as this table types it
                    values["field"] = field_word(values["field"], self.lang)
                if typed and values.get("choices") == ", ".join(SYSTEMS):  # the gauges as the status names them
                    values["choices"] = self.system_words()
                if values != text.values:
                    renamed = Msg(text.template, **values)
                    renamed.plural_form = text.plural_form
                    text = renamed
            self._problem(text)

        self.runtime.problems[:] = [problem]
        try:
            self.runtime.submit(command)
        finally:
            self.runtime.problems[:] = problems

    def handle(self, line: str) -> None:
        """Run one typed line (on the runtime's thread)."""
        self.begin_line()
        told, self._surfacing_told = self._surfacing_told, None
        try:
            text = typed.line_text(line)
            if not text:
                return
            if text.startswith("{"):
                self._json(typed.json_command(text))
                return
            words = called(typed.words(text))
            if not words:
                return
            self._words(words[0].lower(), words[1:], told)
        except CommandError as exc:
            self._problem(of_error(exc))
        finally:
            self.end_line()

    def _json(self, command: dict[str, Any]) -> None:
        if command.get("team", self.team) != self.team:
            raise CommandError(Msg("this console speaks for {team} only", team=team_name(self.team)))
        name = command.get("do")
        if not isinstance(name, str):  # the engine would say it in English at every table
            raise CommandError(Msg("the JSON line has no field 'do' naming the command"))
        known = [n for n in self.runtime.game.command_names if n != "report"]  # report shows no team anything
        if name not in known:
            raise CommandError(Msg("unknown command '{word}' in the JSON line (known: {known})", word=name,
                                   known=", ".join(known)))
        self.send(command, typed=False)

    @staticmethod
    def _fields(words: list[str]) -> tuple[list[str], dict[str, Any]]:
        plain, fields = [], {}
        for word in words:
            key, sep, value = word.partition("=")
            if sep:
                fields[key] = parse_value(value)
            else:
                plain.append(word)
        return plain, fields

    def _words(self, verb: str, rest: list[str], surfacing_told: Msg | None = None) -> None:
        lang = self.lang
        command = find(verb, lang.code)
        leaving = quit_words(lang.code)
        if command is None and any(word.startswith(verb) for word in leaving):
            # only the whole word leaves, as at the U-BOOT console: `q` sits next to the course `w`
            raise CommandError(Msg("'{word}' does not leave the game: type {quit} (or {other}) to save and leave",
                                   word=verb, quit=leaving[0], other=", ".join(leaving[1:])))
        if command is None:
            raise CommandError(Msg("unknown command '{word}': type {help}", word=verb, help=command_word("help")))
        #: how a refusal names the command: as typed, or in the table's words for a course typed as a letter
        said = command.local(lang) if verb in course_words(lang.code) else verb
        set_off = set_off_words(lang.code)
        if command.name == "mine" and any(fold(w) in set_off for w in rest):
            # [Q] "Mine": „Mine in <Zeile><Spalte> ausgelöst“: the line is the detonation, said as the call says it
            rest = [w for w in rest if fold(w) not in set_off]
            command = sonar_command("detonate")
            said = command.local(lang)
        if command.name in (*ACTIVATIONS, "detonate"):
            # a system's call as it is said („Sonar aktiviert“, „Zünde Mine auf G7“): its words that are no value
            calls = call_words(lang.code, cell=[f.name for f in command.positional] == ["cell"],
                               sector=[f.name for f in command.positional] == ["sector"])
            rest = [w for w in rest if fold(w.rstrip(",")) not in calls and
                    (command.name != "detonate" or system_id(w.rstrip(","), lang.code) != "mine")]
        if (command.name == "course" and verb not in course_words(lang.code)) or command.name == "silence":
            # «Курс на восток!», as the feed says it; a silent run the same way (`тишина на восток 3`)
            rest = [w for w in rest if fold(w) not in course_call_words(lang.code)]
        name = command.name
        if name == "surface" and rest:  # „Auftauchen in Sektor 4“
            rest = self._surfacing_sector(rest, self.referee.team_status(self.team))
        # a sentence's commas are no part of a value (`answer row 7, column A`)
        rest = self._members([w.rstrip(",") for w in rest if w.rstrip(",")])
        plain, typed_fields = self._fields(self._paired(command, rest))
        fields = {command.field_id(key, lang): value for key, value in typed_fields.items()}
        plain = self._named(command, plain, fields)
        if [f.name for f in command.positional] == ["cell"]:  # `torpedo B 3`, as a cell is said aloud: B3
            plain = cell_words(plain)
        if isinstance(fields.get("by"), str):  # who activates, typed in the table's language too
            fields["by"] = member_id(fields["by"], lang.code)
        if isinstance(fields.get("mark"), str):  # the gauge, named as the status names it
            fields["mark"] = system_id(fields["mark"], lang.code)
        status = self.referee.team_status(self.team)
        if name == "help":
            self._need(plain, command)
            self._help(plain)
        elif name == "status":
            self._need(plain, command)
            self.say(describe_status(status, self.lang, self.team, self._crew()))
        elif name == "map":
            self._need(plain, command)
            self.say(draw_map(self.referee.sea, status, self.lang, self.team))
        elif name == "board":
            self._need(plain, command)
            self.say(draw_board(self.referee.teams[self.team].board.layout, status, self.lang))
        elif name == "track":
            self._need(plain, command)
            record = self.referee.record
            self.say(self.lang.render(track_text(record.past(self.team), self.team, record.dropped(self.team))))
        elif name == "course" and verb in course_words(lang.code):  # n, e, s, w, north ... or a course in the
            self._need(plain, command, 0)                            # table's language
            self.send({"do": "course", "direction": course_id(verb, lang.code), **self._local(fields)}, said)
        elif name == "course":
            self._need(plain, command)
            self.send({"do": "course", "direction": course_id(plain[0], lang.code), **self._local(fields)}, said)
        elif name in ("start", "mark", "cross", "detonate"):
            self._need(plain, command)
            key = command.fields[0].name
            value = (symbol_id(plain[0], lang.code) if key == "symbol" else latin_cell(plain[0]) if key == "cell"
                     else system_id(plain[0], lang.code).lower())
            self.send({"do": name, key: value, **fields}, said)
        elif name in ACTIVATIONS:
            system, keys = ACTIVATIONS[name]
            self._need(plain, command)
            values = {k: (parse_value(v) if k in ("sector", "distance") else latin_cell(v) if k == "cell"
                          else course_id(v, lang.code) if k == "direction" else v)
                      for k, v in zip(keys, plain, strict=True)}
            self.send({"do": "activate", "system": system, **values, **fields}, said)
        elif name == "answer" and plain:  # `answer 7 N`: which kind each value is (row 7 or sector 7?) is not said
            self._problem(Msg("usage: {usage}", usage=command.usage(lang)))
            self._answer_hint()
        elif name == "answer":
            if isinstance(fields.get("column"), str):  # a column letter typed in Cyrillic as it looks (`С`)
                fields["column"] = latin_cell(fields["column"])
            self.send({"do": "sonar_answer", **fields}, said)
        elif name == "surface" and (cost := self._surfacing_cost(status)) is not None and cost != surfacing_told:
            self._need(plain, command)
            self._surfacing_told = cost  # Delta: said first, as the window's Surface says it; typed again, it surfaces
            self._problem(cost)
        elif name in ("surface", "dive", "stop", "go", "plot"):
            self._need(plain, command)
            self.send({"do": name, **fields}, said)
        elif name == "repair":
            self._need(plain, command)
            member = {"by": member_id(plain[1], lang.code)} if len(plain) == 2 else {}
            self.send({"do": "repair", "section": parse_value(plain[0]), **member, **fields}, said)
        elif name == "save":
            self._need(plain, command)
            autosave = self.runtime.autosave
            if self._saved() is None:  # what was saved, where, and how to continue it later
                self.say(self.lang.render(saved_line(self.runtime.game, autosave.path) if autosave is not None
                                          else Msg("This table keeps no save: nothing was written.")))
        elif name == "new":
            self._new(plain)
        else:  # quit, exit
            self._quit()

    def _new(self, words: list[str]) -> None:
        """`new [SCENARIO] [MODE]` after the game's end: save and leave as `quit` does, then the front end starts a new
        game (`then`, of the `settings` named, else this game's), both teams' consoles reading on in it. A scenario
        or mode the game's map cannot be played in is refused here, the finished game kept open."""
        if self.referee.phase != "over":
            raise CommandError(Msg("the game is not over yet: after its end {new} starts a new game; until then "
                                   "{quit} saves and leaves", new=command_word("new"), quit=command_word("quit")))
        self.settings = self._new_settings(words)
        self.then = "new"
        self._quit()
        if not self.stopping:  # the save failed (said): the team decides again
            self.then = None
        elif self.going_on is not None:
            self.going_on()

    def _new_settings(self, words: list[str]) -> dict[str, str]:
        """The new game's scenario and mode as typed after `new` (a mode of two words, `реальное время`, too), each
        this game's where none is named; checked against the game's map (CommandError says why not)."""
        from kaleun.fronts.sonar import scenario_word
        from kaleun.sonar.game import build_map
        from kaleun.sonar.maps import MapError

        config = self.runtime.game.config
        settings = {"scenario": str(config["scenario"]), "mode": str(config["mode"])}
        if words:
            settings["scenario"] = scenario_word(words[0])
        if len(words) > 1:
            settings["mode"] = mode_id("_".join(words[1:]), self.lang.code)
        if settings == {"scenario": config["scenario"], "mode": config["mode"]}:
            return settings
        custom = config.get("map")
        try:
            build_map(settings["scenario"], settings["mode"], custom["text"] if custom else None,
                      custom["source"] if custom else "map")
        except MapError as exc:  # an owner's map: `file:line: problem`
            raise CommandError(of_error(exc)) from exc
        return settings

    def finish(self) -> None:
        """This console's game goes no further: its reader waits for no line of it any more."""
        with self._ran:
            self.finished = True
            self._ran.notify_all()

    def goes_on_word(self, line: str) -> bool:
        """A typed line that is `new` (in the table's words too); a line that cannot be read is not."""
        try:
            text = typed.line_text(line)
            words = typed.words(text) if text and not text.startswith("{") else []
        except CommandError:
            return False
        command = find(words[0].lower(), self.lang.code) if words else None
        return command is not None and command.name == "new"

    def _surfacing_cost(self, status: dict[str, Any]) -> Msg | None:
        """Delta ([B] "Delta Karte"): a surfacing the referee would take now off the water holes costs damage (the
        boat's mark covers a water hole's on the map): what it costs, to be said before the boat surfaces; None when
        it costs nothing or the referee refuses the surfacing anyway (with its own reason)."""
        cost = status.get("surface_damage")
        if not cost or status["phase"] != "play" or status["surfaced"] or status["waiting_for"] or status["stop"] \
                or status["sonar_waits_for"] or status["turn"] not in (None, self.team):
            return None
        again = command_word("surface")
        if status.get("surface_sinks"):
            return Msg("No water hole at {cell}: surfacing here costs {n} damage and sinks the boat. Type {surface} "
                       "again to surface all the same.", cell=status["cell"], n=cost, surface=again)
        return Msg("No water hole at {cell}: surfacing here costs {n} damage. Type {surface} again to surface all "
                   "the same.", cell=status["cell"], n=cost, surface=again)

    def _saved(self) -> Msg | None:
        """Save now; what went wrong (said here unless the autosave has just told it)."""
        autosave = self.runtime.autosave
        told = autosave.told if autosave is not None else 0
        self.runtime.save()
        problem = self.runtime.save_problem
        if problem is not None and (autosave is None or autosave.told == told):
            self._problem(problem)
        return problem

    def _quit(self) -> None:
        """Save and leave, as at the U-BOOT console: a save that fails (a full disk) keeps the console open
        once, to make room; the next quit leaves (the goodbye says what the storage holds)."""
        autosave = self.runtime.autosave
        if autosave is not None and not self.quit_unsaved and not self.gone and self._saved() is not None:
            self.quit_unsaved = True
            if autosave.no_writes:  # a read-only or vanished storage: more room does not help
                again = Msg("Check the storage (it takes no writes) and type {quit} again, or type {quit} again now "
                            "to leave without this save.", quit=command_word("quit"))
            else:
                again = Msg("Make room and type {quit} again, or type {quit} again now to leave without this save.",
                            quit=command_word("quit"))
            self._problem(again)
            return
        self.stopping = True

    def _surfacing_sector(self, rest: list[str], status: dict[str, Any]) -> list[str]:
        """[Q] "Auftauchen": „Auftauchen in Sektor <Nr.>“: the surfacing typed with the sector it announces. The
        game announces the boat's sector itself; the words are taken when they name it (`auftauchen in sektor 4`,
        `surface 4`) and refused with the true sector when they name another (the Captain cannot announce a false
        one). Other words are left for the usage line."""
        lang = self.lang
        words = [w for w in rest if fold(w) not in call_words(lang.code, sector=True)]
        if len(words) != 1 or not words[0].isdigit() or not words[0].isascii():
            return rest
        if status.get("sector") is not None and int(words[0]) != status.get("sector"):
            raise CommandError(Msg("your boat is in sector {sector}, not {typed}: surfacing announces the sector it is "
                                   "in", sector=status.get("sector"), typed=words[0]))
        return []

    def _members(self, words: list[str]) -> list[str]:
        """A crew member named in two words as the feed says it (`repair 3 first mate`, `by radio operator`,
        `erster offizier`) is one word (`first_mate`)."""
        members = member_words(self.lang.code)
        out: list[str] = []
        for word in words:
            if out and f"{out[-1].partition('=')[2] or out[-1]}_{word}".lower() in members:
                out[-1] = f"{out[-1]}_{word}"
            else:
                out.append(word)
        return out

    def _paired(self, command: Command, words: list[str]) -> list[str]:
        """A field's name typed as a word of its own before its value (`answer row 7 column A`, `drone sector 4`,
        `n mark torpedo cross N1`, as it is said aloud) is `name=value`."""
        names = {f.name for f in command.fields}
        out: list[str] = []
        index = 0
        while index < len(words):
            word = words[index]
            if "=" not in word and index + 1 < len(words) and "=" not in words[index + 1] \
                    and command.field_id(word, self.lang) in names:
                out.append(f"{word}={words[index + 1]}")
                index += 2
            else:
                out.append(word)
                index += 1
        return out

    def _named(self, command: Command, plain: list[str], fields: dict[str, Any]) -> list[str]:
        """A value typed by position given as `name=value` (`torpedo cell=G5`, `drone sector=4`, as the U-BOOT
        console takes its fields either way) joins the plain words in its place; it is taken out of `fields`."""
        out = list(plain)
        for index, field in enumerate(command.positional):
            if field.name in fields:
                if index > len(out):  # a value named while one before it is missing
                    raise CommandError(Msg("usage: {usage}", usage=command.usage(self.lang)))
                value = fields.pop(field.name)
                out.insert(index, value if isinstance(value, str) else str(value))
        return out

    def _local(self, fields: dict[str, Any]) -> dict[str, Any]:
        """A course's `cross=` symbol typed in the table's language, as its id."""
        cross = fields.get("cross")
        return {**fields, "cross": symbol_id(cross, self.lang.code)} if isinstance(cross, str) else fields

    def _need(self, plain: list[str], command: Command, count: int | None = None) -> None:
        """Refuse a wrong number of plain words with the command's usage."""
        fields = command.positional
        most = len(fields) if count is None else count
        least = len([f for f in fields if f.required]) if count is None else count
        if not least <= len(plain) <= most:
            raise CommandError(Msg("usage: {usage}", usage=command.usage(self.lang)))

    # -- help -------------------------------------------------------------------------------
    def _help(self, words: list[str]) -> None:
        if words:
            command = find(words[0], self.lang.code)
            if command is None:
                raise CommandError(Msg("{help}: no command '{word}': type {help}", word=words[0],
                                       help=command_word("help")))
            for line in self.describe(command):
                self.say(line)
            return
        lang = self.lang
        courses = ", ".join(lang.text(COURSE_LETTERS[d]) for d in COURSE_LETTERS)
        self.say(lang.render(Msg("Commands for {team} ({help} COMMAND shows its fields; cells are letter + number, "
                                 "e.g. C6; courses {courses}):", team=team_name(self.team), courses=courses,
                                 help=command_word("help"))))
        width = max(len(c.usage(lang)) for c in COMMANDS)
        for command in COMMANDS:
            self.say(f"  {command.usage(lang).ljust(min(width, 34))}  {lang.text(command.summary)}")
        self.say("  {...}  " + lang.render(Msg("any table-script line as JSON, without t and team")))
        self.first_steps()

    def first_steps(self) -> None:
        """Where the team begins, as its game stands (a new game's greeting, the end of `help`)."""
        steps = first_steps(self.referee.team_status(self.team), self.lang)
        if steps is not None:
            self.say(self.lang.render(steps))

    def system_words(self) -> str:
        """The words this console takes for a system: the table's names (`drohne`, `дрон`), then the ids."""
        lang = self.lang
        local = [w for w in system_words(lang.code) if w not in SYSTEMS] if lang.code != "en" else []
        return ", ".join([*local, *SYSTEMS])

    def course_letters(self) -> str:
        """The letters this console takes for a course: the ids and the table's own (German O, Russian С В Ю З)."""
        lang = self.lang
        return ", ".join(dict.fromkeys([*COURSE_LETTERS, *(lang.text(COURSE_LETTERS[d]) for d in COURSE_LETTERS)]))

    def describe(self, command: Command) -> list[str]:
        """`help COMMAND`: its usage, what it does, each field in the table's language, an example."""
        lang = self.lang
        out = [command.usage(lang), f"  {lang.text(command.summary)}"]
        words = [command.name, *command.aliases] if command.local(lang) != command.name else list(command.aliases)
        if command.name == "course":
            words += [w for w in course_words(lang.code) if w not in words]
        if words:
            out.append(lang.render(Msg("  also: {words}", words=", ".join(words))))
        for f in command.fields:
            notes = []
            if f.name == "direction":
                notes.append(self.course_letters())
            elif f.choices == SYSTEMS:  # as the status names them, and the ids
                notes.append(self.system_words())
            elif f.name == "mode":  # as the feed names them, and the ids
                notes.append(", ".join(mode_words(lang.code)))
            elif f.name == "member":  # the members this crew has, in the table's words and as ids
                word_of = {member: text for text, member in member_words(lang.code).items()}
                notes.append(", ".join(dict.fromkeys([*(word_of[m] for m in self._crew().members),
                                                      *self._crew().members])))
            elif f.choices:
                members = {member: text for text, member in member_words(lang.code).items()}
                notes.append(", ".join(dict.fromkeys([*(members.get(c, c) for c in f.choices), *f.choices])))
            if f.required:
                notes.append(lang.text(N_("required")))
            if not f.positional:
                notes.append(lang.render(Msg("typed as {name}=value", name=f.local(lang))))
            else:  # `_named`: `torpedo cell=G5` is `torpedo G5`
                notes.append(lang.render(Msg("also as {name}=value", name=f.local(lang))))
            out.append(f"  {f.local(lang)}: {lang.text(f.help)}" + (f" [{'; '.join(notes)}]" if notes else ""))
        example = command.example_in(lang)
        if command.name == "repair":
            out.append(self._crew_posts())
            # the first section, by the member who keeps the Engineer's post in this crew (a crew of 2: the Captain)
            word_of = {member: text for text, member in member_words(lang.code).items()}
            example = f"{command.local(lang)} 1 {word_of[self._crew().holder('engineer')]}"
        if example:
            out.append(lang.render(Msg("  example: {line}", line=example)))
        return out

    def _crew_posts(self) -> str:
        """How this crew outlines the four hull sections: its members, the posts each keeps, who begins (digest §1:
        a crew of 3 or 2 has members who keep more than one post; §2: each section by a different member, the
        Engineer first)."""
        lang, crew = self.lang, self._crew()
        word_of = {member: text for text, member in member_words(lang.code).items()}
        sections = int(data.load("rules")["rules"]["repair_sections"])
        kept = [lang.render(Msg("{member} (also {posts})", member=word_of[m],
                                posts=join([member_name(r) for r in roles if r != m]))) if len(roles) > 1
                else word_of[m] for m, roles in crew.members.items()]
        return lang.render(Msg.plural("  a crew of {n}: {members}; they outline the {sections} hull sections in turn, "
                                      "the {engineer} first",
                                      "  a crew of {n}: {members}; they outline the {sections} hull sections in turn, "
                                      "the {engineer} first", n=crew.size, members=", ".join(kept),
                                      sections=sections, engineer=word_of[crew.holder("engineer")]))

    # -- reading ----------------------------------------------------------------------------
    def start_reading(self, on_end: Callable[[], None]) -> None:
        """Read the team's lines until its input ends (a closed standard input, a terminal that hangs up): with the
        reader of the game before (`reader`, after `new`), else a reader of its own."""
        def ended() -> None:
            self.input_ended = True
            on_end()

        if self.reader is None:
            self.reader = LineReader(self.stdin)
        self.reader.attach(self, ended)


class LineReader:
    """A team's input, read on a thread of its own and kept from one game to the next: after `new` the next game's
    console of that team takes the lines typed from there on (a second reader of the same terminal would take every
    other line). Each line runs in its turn on the runtime's thread of the console it is handed to; a `new` is
    waited for, to run, before the next line is read; once the game goes on, lines wait for the next console.

    The hand-over is one step under one lock: a line (or the end of the input) handed to a console whose game went on
    before it ran there (the other team's `new` ran first, the finished game's loop ended) is not run in the finished
    game but handed to the next game's console when it takes the reader (`attach`), a late `new` excepted (the game
    has gone on already). So a line typed at the moment of `new` runs in the new game, and a terminal that closes then
    is the new game's closed terminal (its console told, the game saved and left) rather than lost with the old."""

    def __init__(self, stream: IO[str] | None) -> None:
        self.stream = stream
        self._console: TeamConsole | None = None
        self._on_end: Callable[[], None] = lambda: None
        self._attached = threading.Lock()
        self._thread: threading.Thread | None = None
        #: lines handed over that have not run yet, in order (each run takes the first): the next console's if the
        #: game goes on before they run
        self._waiting: collections.deque[str] = collections.deque()
        #: the input has ended: every console that takes the reader from here on is told
        self._ended = False

    def attach(self, console: TeamConsole, on_end: Callable[[], None]) -> None:
        """Hand the lines from here on to `console` (`on_end`: its input ended); the reading begins at the first. The
        lines the console before did not run are this one's first (a late `new` is not: the game went on), then the
        end of the input if it has ended."""
        with self._attached:
            self._console, self._on_end = console, on_end
            left, self._waiting = list(self._waiting), collections.deque()
            for line in left:
                if console.goes_on_word(line):
                    log.info("%s's new came as the game went on already: not run again", console.who)
                else:
                    self._hand(console, line)
            if self._ended:
                console.runtime.call(functools.partial(self._tell_end, console, on_end))
        if self._thread is None:
            self._thread = threading.Thread(target=self._read, name=f"console-{console.team}", daemon=True)
            self._thread.start()

    def detach(self) -> None:
        """The game goes on with a new one: lines read from now on, and those handed over and not run yet, wait for its
        console."""
        with self._attached:
            self._console = None

    def _hand(self, console: TeamConsole, line: str) -> None:
        """(Under the lock.) `line` runs in its turn at `console`, unless its game goes on first."""
        self._waiting.append(line)
        console.took_line()
        console.handed += 1
        console.runtime.call(functools.partial(self._run, console, line))

    def _run(self, console: TeamConsole, line: str) -> None:
        """(On the runtime's thread.) A handed line runs, if `console` still has the reader; else it waits for the
        next game's console."""
        with self._attached:
            if self._console is not console:
                return
            self._waiting.popleft()
        console.typed_line(line)

    def _tell_end(self, console: TeamConsole, on_end: Callable[[], None]) -> None:
        """(On the runtime's thread.) The input ended: told to `console` if it still has the reader; else the next
        game's console is told when it takes the reader."""
        with self._attached:
            if self._console is not console:
                return
        on_end()

    def _read(self) -> None:
        console: TeamConsole | None = None
        try:
            for line in self.stream or ():  # None: started with its standard input closed
                with self._attached:
                    console = self._console
                    if console is None:  # between two games: the next game's console takes it
                        self._waiting.append(line)
                        continue
                    self._hand(console, line)
                    taken = console.handed
                if console.goes_on_word(line):  # the next line is the next game's, once `new` went on
                    console.wait_run(taken)
        except (OSError, ValueError):  # the terminal hung up
            log.info("%s's input is gone", console.who if console is not None else "a team")
        with self._attached:
            self._ended = True
            if self._console is not None:
                self._console.runtime.call(functools.partial(self._tell_end, self._console, self._on_end))


class SonarConsoles:
    """The session: one console per seated team, the runtime's loop on this thread."""

    def __init__(self, runtime: Runtime, consoles: list[TeamConsole], files: tuple[Any, ...] = ()) -> None:
        self.runtime = runtime
        self.consoles = consoles
        #: terminals the session opened (closed when it ends)
        self.files = files
        self.stopping = False

    def _stop(self) -> None:
        self.stopping = True

    @property
    def then(self) -> str | None:
        """After the end, what a team typed to go on with (`new`), once the session stopped for it; else None."""
        return next((c.then for c in self.consoles if c.then is not None and c.stopping), None)

    @property
    def settings(self) -> dict[str, str]:
        """The new game's scenario and mode a team named with `new` (empty: this game's)."""
        return next((c.settings for c in self.consoles if c.then is not None and c.stopping), {})

    def carried(self) -> dict[str, tuple[Any, Any, LineReader | None]]:
        """Each team's terminal and reader, for the next game's consoles (`new`)."""
        return carried(self.consoles)

    def run(self) -> int:
        """Play until quit, the end of input or a stop signal (SIGTERM, SIGINT, SIGHUP: the runtime's
        stop request); then save. Returns the exit status (1: the game failed or could not be saved)."""
        going_on(self.consoles)
        start_consoles(self.consoles, self._stop)
        # the terminal is the players' while they type: only warnings and errors, through the console on this
        # process's own terminal (the prompt again after them); every log line is in the session's log file
        own = self.consoles[0] if self.consoles else None
        restore = through_console(own.say, self.runtime.call) if own is not None and own.echoes else None
        try:
            self.runtime.run(lambda: self.stopping or any(c.stopping for c in self.consoles))
        except KeyboardInterrupt:  # Ctrl-C where no stop signal handler is installed (tests, embedding)
            pass
        finally:
            STOPPER.closing()
            self.runtime.close()
            if restore is not None:
                restore()
            say_goodbye(self.runtime, self.consoles, self.files,
                        going_on=self.then is not None and not self.runtime.stop_requested)
        return 0 if self.runtime.failure is None and self.runtime.save_problem is None else 1


def new_example(lang: Language) -> str:
    """`new delta realtime` in the table's words."""
    declared = find("new")
    assert declared is not None
    return declared.example_in(lang)


def what_next(lang: Language) -> Msg:
    """After the game's end, at a team's console: the words that go on and what each starts (the window's Captain's
    station offers the same as buttons)."""
    return Msg("What comes next: {new}: a new game of the same scenario, mode and crews ({example}: another "
               "scenario or mode); {quit}: leave, the game saved.", new=command_word("new"),
               example=new_example(lang), quit=command_word("quit"))


def going_on(consoles: list[TeamConsole]) -> None:
    """A `new` at any console: every console's reader waits for the next game (the line typed at the other team's
    terminal meanwhile is that game's)."""
    for console in consoles:
        console.going_on = functools.partial(detach_readers, consoles)


def detach_readers(consoles: list[TeamConsole]) -> None:
    """The game goes on with a new one (`new`, the window's New game): every console's reader waits for the next
    game's console, and no line of this game is waited for any more."""
    for console in consoles:
        if console.reader is not None:
            console.reader.detach()
        console.finish()


def carried(consoles: list[TeamConsole]) -> dict[str, tuple[Any, Any, LineReader | None]]:
    """Each console's team: its input, its output and its reader, for the next game's consoles (`new`)."""
    return {c.team: (c.stdin, c.stdout, c.reader) for c in consoles}


def start_consoles(consoles: list[TeamConsole], on_end: Callable[[], None], alone: bool = True) -> None:
    """Greet each console's team, print what it was told before, and read its lines (`on_end`: its input
    ended). `alone`: a single console says the other team has no input here."""
    for console in consoles:
        lang = console.lang
        console.say(lang.render(Msg("Kaleun: Captain Sonar, {team}'s console. Type {help} for the commands.",
                                    team=team_name(console.team), help=command_word("help"))))
        if alone and len(consoles) == 1:
            other = "blue" if console.team == "yellow" else "yellow"
            console.say(lang.render(Msg("Only {team}'s console runs here: give {other} a terminal with --tty "
                                        "DEVICE, or play in the window with --team both.",
                                        team=team_name(console.team), other=team_name(other))))
        console.recall()
        if console.referee.teams[console.team].position is None and console.referee.phase == "setup":
            console.first_steps()  # a new game (or one resumed before this team marked its start cell)
        console.start_reading(on_end)
        console.prompt()


def ended_inputs(consoles: list[TeamConsole], told: TeamConsole | None = None) -> list[Msg]:
    """Why the game stopped, for a team whose console (`told`; None: the window) did not end it: the other
    team's console lost its input (Ctrl-D, its terminal closed) rather than anyone quitting."""
    return [Msg("{team}'s console has no more input (Ctrl-D, or its terminal was closed): the game stops here.",
                team=team_name(c.team)) for c in consoles if c is not told and c.input_ended and not c.stopping]


def say_goodbye(runtime: Runtime, consoles: list[TeamConsole], files: tuple[Any, ...], going_on: bool = False) -> None:
    """After the game closed: tell each console whether it was saved, and close the terminals opened (`going_on`: a
    new game follows on them, `new`: they stay open, and the line says that it begins)."""
    # a stop signal while the game was being saved and closed (it waited for the save): no new game follows
    going_on = going_on and STOPPER.signum is None
    autosave = runtime.autosave
    unsaved = autosave.left_behind() if autosave is not None and autosave.problem is not None else None
    failed = failure_message(runtime) if runtime.failure is not None else None
    for console in consoles:  # never "saved" when the game failed or the storage could not take it
        for gone in ended_inputs(consoles, console):  # why the game stops for this team too
            console.say(console.lang.render(gone))
        console.say(console.lang.render(failed or unsaved or (Msg("Game saved. A new game begins.") if going_on
                                                              else saved_line(runtime.game))))  # a stop signal named
    if going_on and failed is None and unsaved is None:
        return
    for fh in files:
        try:
            fh.close()
        except OSError:  # a terminal gone
            log.debug("closing a team's terminal failed", exc_info=True)
