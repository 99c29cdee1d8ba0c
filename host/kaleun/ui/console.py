"""The text console: the info feed printed as it happens, commands typed at a prompt.

Used when there is no display (a Pi without a screen, a terminal over SSH) or with `--console`.
Every action the window offers is a command here, made from the one declaration both read
(`kaleun.ui.actions.ACTIONS`); the console adds its views (`status`, `contacts`, `target`, `crew`,
`repairs`, `weapons`), the order assistant (`check ORDER ...` or `?ORDER ...`) and its own commands.
`help` lists them, `help COMMAND` shows a command's fields. Everything typed runs on the runtime's
thread; a line that cannot be read is answered with what is wrong and changes nothing.

Commands and the names of their fields are typed in the table's language (`--language`): a German First
Officer types `kurs 90`, `hilfe`, `beobachter anzahl=2`, `fahrt halbe`, a Russian one `курс 90`; the English
words work at every table (`kaleun.ui.console_words`). `help` lists the table's words, `help COMMAND` adds the
English ones, and refusals and hints name words the player can type; the game only ever sees the ids.

The feed is grouped as the window groups it (`kaleun.ui.feedlog`): a line that grows (a convoy coming
into view ship by ship, or leaving sight) is not printed again: each addition prints only what is new. On
start (`run`) it prints the feed's recent past the game keeps, as the window shows it: after `kaleun resume`
the last lines the crew saw.
"""

from __future__ import annotations

import logging
import string
import sys
import threading
from collections.abc import Callable, Mapping
from typing import IO, Any

from kaleun.core.errors import CommandError
from kaleun.core.events import Event
from kaleun.core.messages import N_, Msg, join, of_error
from kaleun.i18n import language
from kaleun.runtime.loop import Runtime, failure_message
from kaleun.runtime.signals import STOPPER
from kaleun.session_log import through_console
from kaleun.uboot.boat import TELEGRAPH
from kaleun.uboot.missions.practice import how_to_end
from kaleun.uboot.orders import ORDER_NAMES
from kaleun.ui import console_views as views
from kaleun.ui import only_target, typed
from kaleun.ui.actions import ACTIONS, FIGURE, GROUPS, Action, Field, aboard, find, for_order, in_words, perform, plain
from kaleun.ui.alarms import alarm_for
from kaleun.ui.console_wait import ALARM_CHOICES
from kaleun.ui.console_words import UBOOT_ALSO_CALLED, fold, typed_word
from kaleun.ui.contact_list import SORT_LABELS, SORTS
from kaleun.ui.feedlog import FeedLog, Recalled, recall
from kaleun.ui.sentences import begun
from kaleun.ui.terminal_out import Prompting, echoes
from kaleun.ui.typed import parse_value

log = logging.getLogger(__name__)

#: `help commands` (German `hilfe kommandos`, Russian `помощь команды`): the game's commands, as `do` sends them
GAME_COMMANDS = Msg.pterm("U-BOOT console", "commands")
#: the console's own commands (views, the order assistant, the session), declared like the actions
CONSOLE_GROUP = N_("The console")
CONSOLE: tuple[Action, ...] = (
    Action("help", "console",
           N_("the commands; {help} COMMAND shows its fields; {help} {commands}: every game command"),
           (Field("command", "text", N_("a command"), positional=True),), example="help course"),
    Action("status", "console",
           N_("clock, watch, telegraph, speed, course, depth, battery, fuel, position, weather, bars"),
           example="status"),
    Action("contacts", "console", N_("the contacts: the crew's estimates of bearing, range, course and speed"),
           (Field("sort", "choice", N_("nearest (the default), newest or identified first"), key="order",
                  choices=SORTS, positional=True, words=True, names=lambda order: Msg(SORT_LABELS[order])),),
           example="contacts newest"),
    Action("crew", "console", N_("the sailors on duty: sections, chips, tasks, ailments; bars, supplies, food"),
           example="crew"),
    Action("repairs", "console", N_("hull breaches, conditions and technical jobs, with the line that orders each"),
           example="repairs"),
    Action("weapons", "console", N_("tubes, reloads, the TDC's solution, the disc, the guns, the tally"),
           example="weapons"),
    Action("check", "console",
           N_("the order assistant: who would carry an order out, or what is missing (also ?ORDER)"),
           (Field("order", "text", N_("an order, as its command (speed, observe, ...)"), required=True,
                  positional=True),), example="check speed half_ahead", free=True),
    Action("order", "console", N_("give any order by its id with its fields as key=value"),
           (Field("order", "choice", N_("an order id"), choices=tuple(ORDER_NAMES), required=True, positional=True),),
           example="order new_speed speed=half_ahead", free=True),
    Action("do", "console", N_("send any game command with key=value fields ({help} {commands} lists them)"),
           (Field("command", "text", N_("a game command"), required=True, positional=True),),
           example="do adjust_morale by=-1", free=True),
    Action("mission", "console", N_("the briefing, the objectives and HQ's signals (U-BOOT missions)"),
           example="mission"),
    Action("chart", "console", N_("the protractor and range ruler: course, distance and hours at full ahead from "
                                  "the boat's square (dead reckoning) to a square of the strategic map"),
           (Field("square", "text", N_("a square of the naval grid, e.g. AL28 (without it: the mission's areas)"),
                  positional=True),),
           example="chart AL28"),
    Action("wait", "console", N_("let the game's time run on at once: for a while (90s, 30m, 2h, 3d), until the "
                                 "ship's clock reads a time (06:00), until the next line of the info feed (feed), HQ's "
                                 "next signal (signal) or the next contact reported (contact), or to a game time "
                                 "(at=SECONDS, a table script's t); it stops at an alarm (a contact, gunfire, an "
                                 "aircraft, depth charges, a breach, a fire) and says which, unless told to run "
                                 "through (wait 3d through)"),
           (Field("for", "text", N_("how long, a time of the ship's clock, feed, signal or contact"),
                  positional=True),
            Field("alarms", "choice", N_("stop at an alarm (the default), or through: run through every alarm "
                                         "(for testing)"), choices=ALARM_CHOICES, positional=True),
            Field("at", "number", N_("game seconds since the mission's start, as a table script's t"), lo=0)),
           example="wait 2h"),
    Action("volume", "console", N_("the speaker's volume, 0 to 1 or 0% to 100% (without a level: show it)"),
           (Field("level", "text", N_("the new volume"), positional=True),), example="volume 60%"),
    Action("save", "console", N_("save now (the game also saves at every watch change and on quit)"), example="save"),
    Action("next", "console", N_("after the mission's end: the linked patrol's next part or the campaign's next "
                                 "mission, started here once each role's difficulty is asked (the finished game saved "
                                 "as a quit leaves it)"),
           example="next"),
    Action("new", "console", N_("after the mission's end: a new game, its set-up asked here (the finished game saved "
                                "as a quit leaves it)"), example="new"),
    Action("quit", "console", N_("save and leave"), example="quit", aliases=("exit",)),
)


class Console(Prompting):
    def __init__(self, runtime: Runtime, stdin: IO[str] | None = None, stdout: IO[str] | None = None,
                 interactive: bool = True) -> None:
        self.runtime = runtime
        self.interactive = interactive
        self.game = runtime.game
        self.table = runtime.table
        self.stdin = stdin or sys.stdin
        self.stdout = stdout or sys.stdout
        self.stopping = False
        self.gone = False
        #: a quit whose save failed was said once: the next quit leaves
        self.quit_unsaved = False
        #: the first order the crew could not carry out was answered with where to look (once a session)
        self.crew_hint_told = False
        self.card_hint_told = False
        #: after the mission's end, what the crew typed to go on with (`next`, `new`): "linked" or "campaign" (the
        #: career record's next mission), "new" (a new game's set-up); the front end starts it once `run` returns
        self.then: str | None = None
        #: notified each time a typed line has run (`Prompting._lines_run`)
        self._ran = threading.Condition()
        #: the prompt's state (`Prompting`): the input shows what is typed when it is a terminal
        self.echoes = echoes(self.stdin)
        self.lang = language(getattr(runtime, "language", "en"))
        self.feed = FeedLog(language=self.lang.code)
        #: the past `recall` printed (the same events still waiting in the runtime print once)
        self._told = Recalled()
        runtime.listeners.append(self._on_event)
        runtime.problems[:] = [self._problem]
        #: the command being typed, while its line runs: its refusals name it in the table's words
        self._acting: Action | None = None
        self.actions: tuple[Action, ...] = (*ACTIONS, *CONSOLE)
        self.views: dict[str, Callable[[list[str]], None]] = {
            "help": self._help,
            "status": lambda words: self._show(views.status(self.game, TELEGRAPH[self.table.telegraph], self.lang)
                                               + views.rings(self.table, self.lang, views.disc_held(self.game))
                                               + views.game_disc(self.game, self.lang)),
            "contacts": lambda words: self._show(views.contacts(
                self.game, self.lang, self._view_fields("contacts", words).get("order") or SORTS[0], self.width())),
            "crew": lambda words: self._show(views.crew(self.game, self.lang, self.width())),
            "repairs": lambda words: self._show(views.repairs(self.game, self.lang, self.width())),
            "weapons": lambda words: self._show(views.weapons(self.game, self.lang, self.width())),
            "check": self._check,
            "order": self._order,
            "do": self._do,
            "mission": self._mission,
            "chart": lambda words: self._show(views.chart(self.game, words, self.lang)),
            "wait": self._wait,
            "volume": self._volume,
            "save": self._save,
            "next": lambda words: self._go_on("next"),
            "new": lambda words: self._go_on("new"),
            "quit": self._quit,
        }

    def _view_fields(self, name: str, words: list[str]) -> dict[str, Any]:
        """A view's fields read from what was typed after it (CommandError names what is wrong)."""
        action = find(name, self.actions)
        assert action is not None
        return action.read(words, self.lang)

    def _find(self, word: str) -> Action | None:
        """The command a typed word names: its id or alias, or its word in the table's language."""
        return find(word, self.actions, self.lang.code)

    def _word(self, name: str) -> Msg:
        """A command's word as a sentence names it (rendered in the table's language)."""
        action = find(name, self.actions)
        assert action is not None, name
        return action.word

    def summary(self, action: Action) -> str:
        """What a command does, in the table's language; the commands its summary names (`{help} COMMAND`) in
        the table's words (`hilfe KOMMANDO`), `{commands}` as `help commands` takes it (`hilfe kommandos`)."""
        names = {name for _, name, _, _ in string.Formatter().parse(action.summary) if name}
        if not names:
            return self.lang.text(action.summary)
        words = {name: GAME_COMMANDS if name == "commands" else self._word(name) for name in names}
        return self.lang.render(Msg(action.summary, **words))

    @property
    def commands(self) -> list[str]:
        """Every word the console takes as a command: the ids and aliases, then the table's words."""
        local = [a.local(self.lang) for a in self.actions if self._find(a.local(self.lang)) is a]
        return list(dict.fromkeys([*(word for action in self.actions for word in action.words), *local]))

    # -- output -----------------------------------------------------------------------------
    def _show(self, lines: list[str]) -> None:
        for line in lines:
            self.say(line)

    def recall(self) -> None:
        """Print the feed's recent past the game keeps (`kaleun.ui.feedlog.recall`), grouped as the
        window shows it: after a resume the last lines the crew saw; in a new game its opening lines."""
        self._told = recall(self.feed, self.game)
        for line in self.feed.lines:
            self.say(f"[{line.clock}] {begun(line.message, line.text)}")

    def _on_event(self, event: Event) -> None:
        fresh = self._told.fresh(event)  # not one the start has printed already (`recall`)
        change = self.feed.add(event) if fresh else None
        if change is not None and change.news is not None:  # a sentence naming a sailor first: "Square navigator..."
            alarm = alarm_for(event.name, event.data) if change.raises else None
            if alarm is not None:  # it stands out as the window's banner does: its word, never a routine line
                self.say(f"*** {self.lang.render(alarm.word).upper()} ***")
            self.say(f"[{change.line.clock}] {begun(event.feed, change.news)}")
        if event.name == "time_compression":
            self.say(self.lang.render(views.compression(event.data)))
        if event.name == "move_unmobilized" and change is not None:  # the console's way to settle it
            settle = Msg("  To settle it: {mobilize} (pays the Mobilize), or {line}.", mobilize=self._word("mobilize"),
                         line=in_words(f"move_fix {event.data.get('figure', '')} put_back", self.lang))
            self.say(self.lang.render(settle))
        if event.name == "sailor_moved" and not event.data.get("hatch") and fresh:
            # a typed `place` is answered (the window shows the figure move; the console said nothing)
            self.say(self.lang.render(Msg("  {figure}: section {start} → {end}.", figure=self._figure(event.data),
                                          start=event.data.get("from"), end=event.data.get("to"))))
        if event.name == "figure_lifted" and fresh:  # a typed `lift` said nothing (the window shows it in the tray)
            self.say(self.lang.render(Msg("  {figure}: lifted off section {section}.",
                                          figure=self._figure(event.data), section=event.data.get("section"))))
        if change is not None and crew_short(event.name, event.data):
            self._crew_hint(str(event.data.get("order", "")))
        if change is not None and event.name in ("morale_card", "event_card", "captain_card"):
            self._card_hint()
        if event.name == "report" and fresh:  # a referee's status report: no feed, so say where it went
            self.say(self.lang.render(self._report_written()))
        if event.name == "weather" and event.data.get("reason") == "referee" and fresh:  # no feed: say what it is
            d = event.data
            self.say(self.lang.render(Msg("  Weather set: {kind}, visibility {vis:g} nm, cloud {cloud}/8, sea state "
                                          "{sea}.", kind=Msg.term(str(d.get("kind"))), vis=float(d["visibility_nm"]),
                                          cloud=d.get("cloud_oktas"), sea=d.get("sea_state"))))
        if event.name == "crew_options" and fresh:  # no feed: say what the crew now plays with
            self.say(self.lang.render(crew_settings(event.data)))
        if event.name == "target_data":
            self._show(views.target(event.data, self.lang, self.game))
        elif event.name == "attack_disc":
            self._show(views.disc(event.data, self.lang))
        if event.name == "mission_end" and self.game.game == "uboot":
            from kaleun.uboot.missions.debrief import debrief, lines

            for line in lines(debrief(self.game)):
                self.say(self.lang.render(line))
            output = getattr(self.runtime, "debrief", None)  # the session's saved debrief: where to look at it
            for path in getattr(output, "paths", []):
                if str(path).endswith(".png"):
                    self.say(self.lang.render(Msg("Saved debrief: {file}", file=str(path))))
            if self.interactive:  # a crew that types (headless, nobody does: its end line names the command)
                self.say(self.lang.render(self._what_next()))

    def _what_next(self) -> Msg:
        """After the mission's end (booked by then): the words that go on, in the table's words, and what each
        starts (the window's debrief offers the same as buttons)."""
        from kaleun.uboot.missions.catalogue import titled
        from kaleun.ui.session import goes_on_with

        words = {"next": self._word("next"), "new": self._word("new"), "quit": self._word("quit")}
        going = goes_on_with(self.game)
        if going is None:
            return Msg("What comes next: {new}: a new game, set up here; {quit}: leave, the game saved.", **words)
        mode, mission = going
        again = mission == str(self.game.config.get("mission"))
        if mode == "linked":
            what = Msg("this part again, {mission}", mission=titled(mission)) if again else \
                Msg("the linked patrol's next part, {mission}", mission=titled(mission))
        else:
            what = Msg("this campaign mission again, {mission}", mission=titled(mission)) if again else \
                Msg("the campaign's next mission, {mission}", mission=titled(mission))
        return Msg("What comes next: {next}: {what}; {new}: a new game, set up here; {quit}: leave, the game saved "
                   "(kaleun play --{mode} goes on later).", what=what, mode=mode, **words)

    def _report_written(self) -> Msg:
        """Where the `report` event (every module's status) went: the session's event log, when it keeps one."""
        from kaleun.runtime.outputs import EventLog

        logs = [o for o in getattr(self.runtime, "outputs", []) if isinstance(o, EventLog) and not o.failed]
        if logs:
            return Msg("  Report of every module's status written to the event log {file}.", file=str(logs[0].path))
        return Msg("  Report of every module's status given (this session keeps no event log).")

    def _figure(self, data: dict[str, Any]) -> str:
        """An event's figure as the table types it (`navigator-square`, German `navigator-quadrat`)."""
        return FIGURE.choice_local(str(data.get("figure")), self.lang)

    def _crew_hint(self, order: str) -> None:
        """The first order refused (or gone ahead without its crew) this session: the commands that show who
        could carry it out and how to bring them there, as a newcomer needs them (once: the table learns)."""
        action = for_order(order)
        if self.crew_hint_told or action is None:
            return
        self.crew_hint_told = True
        self.say(self.lang.render(Msg(
            "  {crew} shows each sailor's section and symbols; {mobilize}, then {place} FIGURE SECTION brings a sailor "
            "where the order needs him; ?{command} with the order's fields asks again without giving it.",
            command=action.word, crew=self._word("crew"), mobilize=self._word("mobilize"), place=self._word("place"))))

    def _card_hint(self) -> None:
        """The first card the game asks the table to draw this session: the commands that tell the game what the
        card does (§6.14 corrections), once."""
        if self.card_hint_told:
            return
        self.card_hint_told = True
        figure = self.lang.render(Msg("FIGURE"))  # a placeholder, as help's usage lines write it
        lines = ", ".join(in_words(line, self.lang) for line in (
            "morale -1", "command_bar 1", f"ailment {figure} deck=wounds wounds=1", f"chips {figure} add=1",
            f"kill {figure}"))
        self.say(self.lang.render(Msg("  Tell the game what a card does with the corrections ({help} lists them under "
                                      "{group}): {lines}.", help=self._word("help"),
                                      group=Msg(GROUPS["corrections"]), lines=lines)))

    def _mission(self, args: list[str]) -> None:
        from kaleun.uboot.missions.debrief import mission_lines

        for line in mission_lines(self.game):
            self.say(self.lang.render(line))

    def _in_typed_words(self, text: Msg | str) -> Msg | str:
        """A refusal of the command being typed, naming it and its fields as this table types them (the game
        words it with ids: `damage: needs the field 'section'` is `schaden: braucht das Feld „sektion“`)."""
        if self._acting is None or not isinstance(text, Msg):
            return text
        return self._acting.in_its_words(text, self.lang)

    def _problem(self, text: Msg | str) -> None:
        text = self._in_typed_words(text)
        self.feed.problem(self.game.clock.at(self.game.t).strftime("%H:%M:%S"), text)
        self.say(f"! {self.lang.render(text)}")

    # -- the console's own commands -----------------------------------------------------------
    def _help(self, words: list[str]) -> None:
        if len(words) == 1 and fold(words[0]) in ("commands", fold(typed_word(GAME_COMMANDS, self.lang))):
            self.say(self.lang.render(Msg("Game commands (use: {do} COMMAND key=value ...): {names}",
                                          names=", ".join(self.game.command_names), do=self._word("do"))))
            return
        if words:
            action = self._find(words[0])
            if action is None:
                raise CommandError(Msg("{help}: no command '{word}': type {help}", word=words[0],
                                       help=self._word("help")))
            self._show(self.describe(action))
            return
        lang = self.lang
        text = lang.text
        self.say(lang.render(Msg("Commands ({help} COMMAND shows its fields; figures are <role>-<shape>, e.g. "
                                 "engineer-square; sections 1-8):", help=self._word("help"))))
        groups = {**GROUPS, "console": CONSOLE_GROUP}
        width = max(len(a.usage(short=True, lang=lang)) for a in self.actions)
        for group, title in groups.items():
            members = [a for a in self.actions if a.group == group and aboard(self.game, a.order)]
            if not members:
                continue
            self.say(text(title) + ":")
            for action in members:
                self.say(f"  {action.usage(short=True, lang=lang).ljust(min(width, 34))}  {self.summary(action)}")
        self.say("  {...}  " + text(N_('any table-script line as JSON, without "t"')))
        self._first_steps()

    def _first_steps(self) -> None:
        """Where a crew begins (a new game's greeting, the end of `help`), as the boat lies now."""
        from kaleun.ui.session import first_steps

        steps = first_steps(self.game)
        if steps is not None:
            self.say(self.lang.render(steps))

    def describe(self, action: Action) -> list[str]:
        """`help COMMAND`: its usage, what it does, each field, an example (all from its declaration), in the
        table's words; `also:` the other words that name it (the English ones at a German or Russian table)."""
        lang = self.lang
        text = lang.text
        out = [action.usage(lang=lang), f"  {self.summary(action)}"]
        if action.detail is not None:
            out.append(f"  {lang.render(action.detail)}")
        also = [w for w in action.words if w != action.local(lang)]
        also += [w for w in (typed_word(c, lang) for c in UBOOT_ALSO_CALLED if c.template == action.name)
                 if w not in also and w != action.local(lang) and self._find(w) is action]
        if also:
            out.append(lang.render(Msg("  also: {words}", words=", ".join(also))))
        if action.order:
            out.append(lang.render(Msg("  gives the order \"{name}\"; {check} {command} ... shows first who "
                                       "would carry it out",
                                       name=Msg.term(ORDER_NAMES[action.order]), command=action.word,
                                       check=self._word("check"))))
        for f in action.fields:
            notes = []
            if f.choices:  # the table's words, each with its id where they differ (both are typed)
                short = {c: w for w, c in f.short_words().items()} if lang.code == "en" else {}  # `half`
                notes.append(", ".join(word if word == c else f"{word} ({c})"
                                       for c in f.choices for word in [short.get(c) or f.choice_local(c, lang)]))
            elif f.only:  # some whole numbers only (the torpedo rooms): those, not a range
                notes.append(lang.render(f.only_text()))
            elif f.lo is not None or f.hi is not None:
                notes.append(self.lang.render(Msg("from {lo} to {hi}", lo=plain(f.lo), hi=plain(f.hi))
                                              if f.lo is not None and f.hi is not None else
                                              Msg("at least {lo}", lo=plain(f.lo)) if f.lo is not None else
                                              Msg("at most {hi}", hi=plain(f.hi))))
            if f.kind in ("choices", "wholes", "words"):
                notes.append(text(N_("a list: a,b,c")))
            if action.asked(f):
                notes.append(text(N_("required")))
            if f.positional:
                notes.append(lang.render(Msg("may be given without {name}=", name=f.word)))
            if f.local(lang) != f.name:  # the English name works at every table
                notes.append(lang.render(Msg("also as {name}=value", name=f.name)))
            stem = f.local(lang).rpartition("_")[0]
            if stem and action._field(stem, lang) is f:  # typed without its unit: `tiefe=4` for `tiefe_m=4`
                notes.append(lang.render(Msg("also as {name}=value", name=stem)))
            key = f" ({f.key})" if f.key else ""
            out.append(f"  {f.local(lang)}{key}: {text(f.help)}" + (f" [{'; '.join(notes)}]" if notes else ""))
        if action.example:
            line = action.example_in(lang)
            if action.name in ("check", "help"):  # the command it names in the table's words too: `prüfen fahrt
                # halbe`, `hilfe kurs` (it read `hilfe course`)
                line = " ".join([action.local(lang), in_words(action.example.split(None, 1)[1], lang)])
            out.append(lang.render(Msg("  example: {line}", line=line)))
        return out

    def _check(self, words: list[str]) -> None:
        if not words:
            speed = find("speed")
            assert speed is not None
            raise CommandError(Msg("usage: {check} ORDER [fields...], e.g. {check} {example}",
                                   check=self._word("check"), example=speed.line_in("speed half_ahead", self.lang)))
        action = self._find(words[0])
        if action is not None and action.command == "return_to_base":  # a crew action, but heading home gives up
            self._show(self._return_check())                        # what the mission still asks (§4.2)
            return
        if action is None or action.order is None:
            action = for_order(words[0])
        if action is None or action.order is None:
            orders = ", ".join(a.local(self.lang) for a in ACTIONS if a.order)
            raise CommandError(Msg("{check}: '{word}' is not an order (orders: {orders})", word=words[0], orders=orders,
                                   check=self._word("check")))
        self._acting = action  # a refusal of the order checked names it as the table types it (`! ремонт: ...`)
        fields = action.read(words[1:], self.lang, fill=self._only_target(action))
        answer = self.game.module("orders").preview({"order": action.order, **fields})
        self._show(views.preview(answer, Msg.term(ORDER_NAMES[action.order]), self.lang, self.game,
                                 mobilize=self._word("mobilize"), width=self.width()))

    def _return_check(self) -> list[str]:
        """`check return`: why the return would be refused now (in combat, submerged ...: the window's sheet greys
        its button so), then what heading home now gives up (each primary objective still open, as the window's
        Return to base sheet says), else that nothing is."""
        from kaleun.ui.order_warnings import return_warnings

        refusal = self.game.module("mission").why_not_return() if self.game.has_module("mission") else None
        said = [] if refusal is None else [self.lang.render(Msg("Return to base refused: {reason}.", reason=refusal))]
        warnings = return_warnings(self.game)
        if not warnings and said and not self.game.module("mission").has_hq:
            # a practice piece: no objectives to give up, no base; the crew ends it with end_exercise
            return [*said, self.lang.render(how_to_end(self.game.module("mission").practice,
                                                       self._word("end_exercise")))]
        if not warnings:
            return [*said, self.lang.render(Msg("Return to base: no primary objective is still open."))]
        return [*said, *(self.lang.render(w) for w in warnings)]

    @staticmethod
    def _fields(pairs: list[str]) -> dict[str, Any]:
        fields: dict[str, Any] = {}
        for pair in pairs:
            key, sep, value = pair.partition("=")
            if not sep or not key:
                raise CommandError(Msg("'{pair}' is not key=value", pair=pair))
            fields[key] = parse_value(value)
        return fields

    def _order(self, args: list[str]) -> None:
        if not args:
            raise CommandError(Msg("usage: {order} ORDER [key=value ...]", order=self._word("order")))
        order = args[0]
        if order not in ORDER_NAMES:  # an order's console word names it too (`order course course=90`)
            action = self._find(order)
            if action is None or action.order is None:  # said as `check` says it, naming the command typed
                raise CommandError(Msg("{check}: '{word}' is not an order (orders: {orders})", word=order,
                                       orders=", ".join(ORDER_NAMES), check=self._word("order")))
            order = action.order
        self.runtime.submit({"do": "order", "order": order, "via": "console", **self._fields(args[1:])})

    def _do(self, args: list[str]) -> None:
        if not args:
            raise CommandError(Msg("usage: {do} COMMAND [key=value ...]", do=self._word("do")))
        self._json({"do": args[0], **self._fields(args[1:])})

    def _wait(self, args: list[str]) -> None:
        """`wait`: the game's time runs on at once to where the wait ends (`kaleun.ui.console_wait`), the feed printed
        as it comes; the next typed line runs there, as a table script's next line does."""
        from kaleun.ui import console_wait
        from kaleun.ui.session import is_over

        fields = self._view_fields("wait", console_wait.choice_named(args))
        if is_over(self.game) or self.runtime.game_over:
            raise CommandError(Msg("wait: the mission is over, its clock stands"))
        end, until = console_wait.target(fields, self.game.t, self.game.now_iso, self.lang)
        want = console_wait.UNTIL[until] if until is not None else None
        watch = None if fields.get("alarms") == console_wait.THROUGH else console_wait.AlarmWatch(self.game)

        def stop(events: list[Event]) -> bool:
            return (watch is not None and watch(events)) or (want is not None and want(events))

        events = self.runtime.pass_time(end, stop)
        self.say(self.lang.render(console_wait.waited(
            self.game.now_iso.replace("T", " "), self.game.t, want is not None and want(events),
            self.runtime.game_over, alarm=watch.alarm if watch is not None else None,
            signalled=self.runtime.stop_requested, word=typed_word(self._word("wait"), self.lang))))

    def _volume(self, args: list[str]) -> None:
        sounder = getattr(self.runtime, "sounder", None)
        if sounder is None:
            raise CommandError(Msg("this table has no speaker (audio.driver = 'none' in the board file)"))
        if args:
            if len(args) != 1:
                raise CommandError(Msg("usage: {volume} LEVEL (0 to 1, or 0% to 100%)", volume=self._word("volume")))
            from kaleun.settings import SettingsError, parse_volume, remember_volume, stepped_volume

            try:
                level = stepped_volume(parse_volume(args[0]))  # the volume's step, as `kaleun config set volume`
            except SettingsError as exc:
                raise CommandError(of_error(exc)) from exc
            sounder.set_volume(level)
            if (problem := remember_volume(sounder.volume)) is not None:  # kept for the next start
                self.say(self.lang.render(problem))
        self.say(self.lang.render(Msg("volume {percent}%", percent=round(sounder.volume * 100))))

    def _save(self, args: list[str]) -> None:
        problem = self._saved()
        autosave = self.runtime.autosave
        if problem is None and autosave is not None:
            from kaleun.ui.session import saved_line

            self.say(self.lang.render(saved_line(self.game, autosave.path)))
        elif autosave is None:  # a table without an autosave (embedded, tests): nothing was written
            self.say(self.lang.render(Msg("This table keeps no save: nothing was written.")))

    def _saved(self) -> Msg | None:
        """Save now; what went wrong (said here unless the autosave has just told it)."""
        autosave = self.runtime.autosave
        told = autosave.told if autosave is not None else 0
        self.runtime.save()
        problem = self.runtime.save_problem
        if problem is not None and autosave is not None and autosave.told == told:
            self.say(f"! {self.lang.render(problem)}")
        return problem

    def _go_on(self, word: str) -> None:
        """`next` or `new` after the mission's end: save and leave as `quit` does, then the front end starts the
        career record's next mission or asks a new game's set-up on this terminal (`then`)."""
        from kaleun.career import going_on_command
        from kaleun.ui.session import career_unread, goes_on_with, is_over

        words = {"next": self._word("next"), "new": self._word("new"), "quit": self._word("quit")}
        if not is_over(self.game):
            raise CommandError(Msg("the mission is not over yet: after its end {next} or {new} goes on to the next "
                                   "game; until then {quit} saves and leaves", **words))
        if word == "next":
            output = getattr(self.runtime, "debrief", None)
            if output is not None and getattr(output, "unbooked", False):
                output.book()  # a career record repaired or moved away since the end: booked now, so it goes on
            going = goes_on_with(self.game)
            unread = career_unread(self.game) if going is None else None
            if unread is not None and unread[0] == "campaign":  # it goes on only from its own record, repaired
                raise CommandError(Msg("the career record cannot be read, so the campaign cannot go on from it: "
                                       "{problem}. Repair the file, then type {next} again: this mission's result is "
                                       "booked then, and the campaign goes on ({quit} and {how} later do the same); a "
                                       "file moved away keeps the campaign; {new} sets up a new game now",
                                       problem=unread[1], how=going_on_command(unread[0]), **words))
            if unread is not None:
                raise CommandError(Msg("the career record cannot be read, so the linked patrol or campaign cannot go "
                                       "on from it: {problem}. Repair the file or move it away, then type {next} "
                                       "again: this mission's result is booked then, and the game goes on ({quit} and "
                                       "{how} later do the same); {new} sets up a new game now", problem=unread[1],
                                       how=going_on_command(unread[0]), **words))
            if going is None:
                raise CommandError(Msg("nothing goes on after this mission (a single mission, or its linked patrol or "
                                       "campaign is over): {new} sets up a new game", **words))
            self.then = going[0]
        else:
            self.then = "new"
        self._quit([], again=word)
        if not self.stopping:  # the save failed (said): the crew decides again
            self.then = None

    def _leave(self) -> None:
        """The input ended: leave (the closing save says what it could not write)."""
        self.stopping = True

    def _quit(self, args: list[str], again: str = "quit") -> None:
        """Save and leave. A save that fails (a full disk) keeps the console open once, to make room; `again` is the
        command that left (`quit`, or `next`/`new` going on to the next game), which the crew types again."""
        if self.runtime.autosave is not None and not self.quit_unsaved and not self.gone \
                and self._saved() is not None:
            self.quit_unsaved = True
            no_writes = self.runtime.autosave.no_writes  # a read-only or vanished storage: more room does not help
            if again != "quit":
                said = Msg("Check the storage (it takes no writes) and type {word} again, or type {word} again now to "
                           "go on without this save.", word=self._word(again)) if no_writes else \
                    Msg("Make room and type {word} again, or type {word} again now to go on without this save.",
                        word=self._word(again))
            elif no_writes:
                said = Msg("Check the storage (it takes no writes) and type {quit} again, or type {quit} again now "
                           "to leave without this save.", quit=self._word("quit"))
            else:
                said = Msg("Make room and type {quit} again, or type {quit} again now to leave without this save.",
                           quit=self._word("quit"))
            self.say(f"! {self.lang.render(said)}")
            return
        self.stopping = True

    # -- reading a line ------------------------------------------------------------------------
    def handle(self, line: str) -> None:
        """Run one typed line (on the runtime's thread)."""
        self.begin_line()
        try:
            text = typed.line_text(line)
            if not text:
                return
            if text.startswith("{"):
                self._json(typed.json_command(text))
                return
            if text.startswith("?"):
                text = "check " + text[1:]
            words = self._joined(typed.words(text))
            action = self._acting = self._find(words[0])
            if action is not None and action.name in ("check", "help"):  # `?first aid`, `help smoke break`
                words = [words[0], *self._joined(words[1:])]
            if action is None:
                raise CommandError(Msg("unknown command '{word}': type {help}", word=words[0], help=self._word("help")))
            if action.name in self.views:
                if words[1:] and not action.fields:  # `crew x`, `status 3`: said, and the view shown all the same
                    self.say(self.lang.render(Msg("{command} takes nothing more: '{words}' not understood.",
                                                  command=action.word, words=" ".join(words[1:]))))
                self.views[action.name](words[1:])
            else:
                fields = action.read(words[1:], self.lang, fill=self._only_target(action))
                note = perform(self.runtime, action, fields, via="console")
                if note is not None:  # the hand moved nothing the game answers: the console does, as a sentence
                    said = self.lang.render(note)
                    self.say(said[:1].upper() + said[1:])
        except CommandError as exc:
            self.say(f"! {self.lang.render(self._in_typed_words(of_error(exc)))}")
        finally:
            self._acting = None
            self.end_line()

    def _only_target(self, action: Action) -> Callable[[Mapping[str, Any]], Mapping[str, Any]] | None:
        """For `tdc` and `gun` typed without a target: the only ship in contact within the weapon's reach, said as
        the window's sheet says it and named in the order sent (`only_target`: the log holds the contact)."""
        order = action.order
        if order not in only_target.TARGET_FIELDS:
            return None

        def fill(fields: Mapping[str, Any]) -> Mapping[str, Any]:
            found, words = only_target.typed_target(self.game, str(order), fields)
            if words is not None:
                self.say(self.lang.render(words))
            return found
        return fill

    def _joined(self, words: list[str]) -> list[str]:
        """A command of several words typed with spaces, as its button shows it (`smoke break`, `end mobilization`,
        `erste hilfe`, `первая помощь`): the longest start of the line that names a command, as one word."""
        for n in (3, 2):
            if len(words) >= n and self._find("_".join(words[:n])) is not None:
                return ["_".join(words[:n]), *words[n:]]
        return words

    def _json(self, command: dict[str, Any]) -> None:
        from kaleun.runtime.table import TABLE_ACTIONS

        if command.get("do") in TABLE_ACTIONS:
            self.table.actuate(command)
        else:
            self.runtime.submit(command)

    # -- running ----------------------------------------------------------------------------
    def _read(self) -> None:
        """Read the typed lines (on a thread of its own) as `Prompting.read_input` does, but stop reading after a
        `next` or `new` that goes on: the next game's set-up reads this input from there."""
        self.read_input(self.stdin, self._leave, self._hands_on)  # None: started with its standard input closed

    def _hands_on(self, line: str, taken: int) -> bool:
        """After the `taken`th typed line was handed over: a `next` or `new` is waited for, to run; True: it goes
        on (the reader stops)."""
        if not self._goes_on_word(line):
            return False
        self.wait_run(taken)
        return self.then is not None

    def _goes_on_word(self, line: str) -> bool:
        """A typed line that is `next` or `new` (in the table's words too); a line that cannot be read is not (its
        refusal is said when it runs)."""
        try:
            text = typed.line_text(line)
            words = typed.words(text) if text and not text.startswith(("{", "?")) else []
        except CommandError:
            return False
        action = self._find(words[0]) if words else None
        return action is not None and action.name in ("next", "new")

    def run(self) -> int:
        """Play until quit, end of input or a stop signal (SIGTERM, SIGINT, SIGHUP: the
        runtime's stop request); then save. Returns the exit status (1: the game failed)."""
        if self.interactive:
            self.say(self.lang.render(Msg("Kaleun console. Type {help} for the commands.", help=self._word("help"))))
            if self.game.t == 0:  # a new game: where a crew begins
                self._first_steps()
            threading.Thread(target=self._read, name="console-input", daemon=True).start()
        else:
            self.say(self.lang.render(Msg("Kaleun running headless; stop it with SIGTERM or Ctrl-C.")))
        self.recall()
        self.prompt()
        # the terminal is the player's while he types: only warnings and errors, through the console (the
        # prompt again after them); every log line is in the session's log file (kaleun.session_log)
        restore = through_console(self.say, self.runtime.call) if self.interactive and self.echoes else None
        try:
            self.runtime.run(lambda: self.stopping)
        except KeyboardInterrupt:  # Ctrl-C where no stop signal handler is installed (tests, embedding)
            self.say("")
        finally:
            STOPPER.closing()
            self.runtime.close()
            if restore is not None:
                restore()
        if self.runtime.failure is not None:
            self.say(self.lang.render(failure_message(self.runtime)))
            return 1
        autosave = self.runtime.autosave
        if autosave is not None and autosave.problem is not None:  # the storage could not take the last save
            self.say(f"! {self.lang.render(autosave.left_behind())}")
            return 1
        if STOPPER.signum is not None:  # a stop signal with `next` or `new`: it stops here, and says so
            self.then = None
        if self.then is not None:  # `next` or `new`: the front end goes on with the next game
            self.say(self.lang.render(Msg("Game saved, as a quit leaves it. Now the next game.")))
            return 0
        from kaleun.ui.session import saved_line

        self.say(self.lang.render(saved_line(self.game)))  # a stop signal named, as in every front end
        return 0


def crew_settings(data: dict[str, Any]) -> Msg:
    """The crew's settings after a `crew_options` (§5.3 difficulty per role, §6.8 easy watch change), read out."""
    levels = join([Msg("{role} {level}", role=Msg.term(role), level=Msg.term(str(level)))
                   for role, level in data.get("difficulty", {}).items()], ", ")
    easy = [Msg.term(role) for role, on in data.get("easy_watch_change", {}).items() if on]
    return Msg("  Crew settings: rules {rules}; difficulty {levels}; easy watch change {easy}; wear {wear}.",
               rules=Msg.term(str(data.get("rules"))), levels=levels, easy=join(easy, ", ") if easy else Msg("none"),
               wear=Msg("yes") if data.get("wear") else Msg("no"))


def crew_short(name: str, data: dict[str, Any]) -> bool:
    """Was an order refused, or did it go ahead with a warning, for want of sailors where the order needs them?
    That is what the crew hint (crew, mobilize/place, ?ORDER) helps with: an `order_rejected` that says what is
    `missing` (the crew check's sailors, or a weapon order's lookout on the bridge), or a `crew_warning` — not one
    for the periscope being down (an order to give, not a sailor to place), and not a refusal by the order's own
    check ("no TDC solution", "tube 3 is not flooded")."""
    if name == "order_rejected":
        return data.get("missing") is not None
    return name == "crew_warning" and data.get("view") != "periscope"

