"""Captain Sonar consoles: one per team, each showing only what its team may know.

A console prints its team's view of the game as it happens (public announcements and the
team's own events, `kaleun.core.events.visible_to`) and turns typed lines into that team's
commands. Two consoles may run in one process, each on its own terminal (`--tty`); typed lines
run on the runtime's thread, so the game sees one command at a time.
"""

from __future__ import annotations

import functools
import logging
import signal
import threading
from collections.abc import Callable
from typing import IO, Any

from kaleun.core import jsonin
from kaleun.core.errors import CommandError
from kaleun.core.events import Event, visible_to
from kaleun.core.messages import Msg, of_error
from kaleun.i18n import language
from kaleun.runtime.loop import Runtime
from kaleun.sonar.game import referee
from kaleun.sonar.referee import Referee
from kaleun.ui import typed
from kaleun.ui.sonar_text import describe_status, draw_board, draw_map, track_text

log = logging.getLogger(__name__)


HELP = """\
Commands for {team} (cells are letter + number, e.g. C6; courses N, E, S, W):
  status | map | board          your boat, your map (route, mines), the Engineer's board
  start CELL                    the Captain marks the secret start cell
  n | e | s | w                 announce a course (also: course DIR [mark=SYSTEM] [cross=SYMBOL])
  mark SYSTEM                   the First Mate marks a gauge: mine torpedo drone sonar silence scenario
  cross SYMBOL                  the Engineer crosses a symbol of the course's section, e.g. N2
  torpedo CELL | mine CELL      fire a torpedo / lay a mine next to the boat
  drone SECTOR | sonar          ask a sector / activate the sonar (add by=first_mate for the First Mate)
  silence DIR DISTANCE          run silent 1-4 cells
  scenario CELL                 the scenario system (Echo: set off the Archer mine at CELL)
  detonate CELL                 detonate an own mine
  answer KIND=VALUE KIND=VALUE  answer the enemy sonar: two of row=N column=L sector=S, one true
  stop | go                     real time: Stop! (freeze both teams) / lift it
  surface | repair SECTION [MEMBER] | dive    surface; outline hull section 1-4 (real time); dive
  track                         the enemy's announced courses, silent runs and surfacings (the Radio Operator's)
  plot                          the training aid: the enemy's possible cells (games with --training-aid)
  save | quit                   save now / save and leave
  {{...}}                         any table-script line as JSON (without t and team)"""

#: typed words that are an activation: word -> (system, the fields of its positional values)
ACTIVATIONS: dict[str, tuple[str, tuple[str, ...]]] = {
    "torpedo": ("torpedo", ("cell",)), "mine": ("mine", ("cell",)), "drone": ("drone", ("sector",)),
    "sonar": ("sonar", ()), "silence": ("silence", ("direction", "distance")),
    "scenario": ("scenario", ("cell",)), "archer": ("scenario", ("cell",)),
}


def parse_value(text: str) -> Any:
    """A typed value: JSON when it is JSON (numbers, true, lists...), else the text itself.
    Numbers beyond a float's range (1e999) and NaN are refused (CommandError)."""
    try:
        return jsonin.loads(text)
    except jsonin.JsonSyntaxError:
        return text
    except jsonin.JsonInputError as exc:
        raise CommandError(str(exc)) from exc


class TeamConsole:
    """One team's console on one terminal (text in, text out)."""

    def __init__(self, runtime: Runtime, team: str, stdin: IO[str], stdout: IO[str], interactive: bool = True) -> None:
        self.runtime = runtime
        self.team = team
        self.stdin = stdin
        self.stdout = stdout
        self.interactive = interactive
        self.stopping = False
        self.referee: Referee = referee(runtime.game)
        #: the past events `recall` printed (the same events still waiting in the runtime print once)
        self._told: list[Event] = []
        runtime.listeners.append(self._on_event)

    # -- output -----------------------------------------------------------------------------
    def say(self, text: str) -> None:
        safe = text.encode("utf-8", "backslashreplace").decode("utf-8")
        self.stdout.write(safe + "\n")
        self.stdout.flush()

    def prompt(self) -> None:
        if self.interactive:
            self.stdout.write(f"{self.team}> ")
            self.stdout.flush()

    def recall(self) -> None:
        """Print what this team was told before this console started (the referee's record: the last
        feed lines after `kaleun resume`; in a new game the opening announcements)."""
        self._told = self.referee.record.past(self.team)
        for event in self._told:
            self._print(event)

    def _on_event(self, event: Event) -> None:
        if self._told:
            if any(event is e for e in self._told):
                return
            self._told = []
        self._print(event)

    def _print(self, event: Event) -> None:
        if not visible_to(event, self.team):
            return
        if event.feed is not None:
            mark = "! " if event.name == "refused" else ""
            self.say(f"[{event.clock[11:]}] {mark}{language(self.runtime.language).render(event.feed)}")

    def _problem(self, text: Msg | str) -> None:
        self.say(f"! {language(self.runtime.language).render(text)}")

    # -- input ------------------------------------------------------------------------------
    def send(self, command: dict[str, Any]) -> None:
        """Give the game one command of this team; a malformed one is reported here only."""
        command = {**command, "team": self.team}
        problems = self.runtime.problems[:]
        self.runtime.problems[:] = [self._problem]
        try:
            self.runtime.submit(command)
        finally:
            self.runtime.problems[:] = problems

    def handle(self, line: str) -> None:
        """Run one typed line (on the runtime's thread)."""
        try:
            text = typed.line_text(line)
            if not text:
                return
            if text.startswith("{"):
                self._json(typed.json_command(text))
                return
            words = typed.words(text)
            self._words(words[0].lower(), words[1:])
        except CommandError as exc:
            self._problem(of_error(exc))
        finally:
            if not self.stopping:
                self.prompt()

    def _json(self, command: dict[str, Any]) -> None:
        if command.get("team", self.team) != self.team:
            raise CommandError(f"this console speaks for {self.team} only")
        self.send(command)

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

    def _words(self, verb: str, rest: list[str]) -> None:
        plain, fields = self._fields(rest)
        status = self.referee.team_status(self.team)
        if verb in ("help", "?"):
            self.say(HELP.format(team=self.team.capitalize()))
        elif verb == "status":
            self.say(describe_status(status))
        elif verb == "map":
            self.say(draw_map(self.referee.sea, status))
        elif verb == "board":
            self.say(draw_board(self.referee.teams[self.team].board.layout, status))
        elif verb == "track":
            self._need(plain, 0, "track")
            self.say(language(self.runtime.language).render(track_text(self.referee.record.past(self.team), self.team)))
        elif verb in ("n", "e", "s", "w", "north", "east", "south", "west"):
            self._need(plain, 0, verb)
            self.send({"do": "course", "direction": verb[0].upper(), **fields})
        elif verb == "course":
            self._need(plain, 1, "course DIRECTION")
            self.send({"do": "course", "direction": plain[0], **fields})
        elif verb in ("start", "mark", "cross", "detonate"):
            key = {"start": "cell", "mark": "system", "cross": "symbol", "detonate": "cell"}[verb]
            self._need(plain, 1, f"{verb} {key.upper()}")
            value = plain[0].upper() if key in ("cell", "symbol") else plain[0].lower()
            self.send({"do": verb, key: value, **fields})
        elif verb in ACTIVATIONS:
            system, keys = ACTIVATIONS[verb]
            self._need(plain, len(keys), " ".join([verb, *(k.upper() for k in keys)]))
            values = {k: (parse_value(v) if k in ("sector", "distance") else v.upper() if k == "cell" else v)
                      for k, v in zip(keys, plain, strict=True)}
            self.send({"do": "activate", "system": system, **values, **fields})
        elif verb == "answer":
            self._need(plain, 0, "answer KIND=VALUE KIND=VALUE")
            self.send({"do": "sonar_answer", **fields})
        elif verb in ("surface", "dive", "stop", "go", "plot"):
            self._need(plain, 0, verb)
            self.send({"do": verb, **fields})
        elif verb == "repair":
            if len(plain) not in (1, 2):
                raise CommandError("usage: repair SECTION [MEMBER]")
            member = {"by": plain[1]} if len(plain) == 2 else {}
            self.send({"do": "repair", "section": parse_value(plain[0]), **member, **fields})
        elif verb == "save":
            self.runtime.save()
            self.say(str(Msg("Saved.")))
        elif verb in ("quit", "exit"):
            self.stopping = True
        else:
            raise CommandError(f"unknown command '{verb}': type help")

    @staticmethod
    def _need(plain: list[str], count: int, usage: str) -> None:
        if len(plain) != count:
            raise CommandError(f"usage: {usage}")

    # -- reading ----------------------------------------------------------------------------
    def start_reading(self, on_end: Callable[[], None]) -> None:
        def read() -> None:
            for line in self.stdin:
                self.runtime.call(functools.partial(self.handle, line))
            self.runtime.call(on_end)

        threading.Thread(target=read, name=f"console-{self.team}", daemon=True).start()


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

    def _terminate(self, signum: int, frame: object) -> None:
        self.stopping = True

    def run(self) -> int:
        previous = signal.signal(signal.SIGTERM, self._terminate)
        for console in self.consoles:
            console.say(str(Msg("Kaleun: Captain Sonar, {team}'s console. Type help for the commands.",
                                team=console.team.capitalize())))
            if len(self.consoles) == 1:
                other = "blue" if console.team == "yellow" else "yellow"
                console.say(str(Msg("Only {team}'s console runs here: give {other} a terminal with --tty DEVICE, "
                                    "or play in the window with --team both.", team=console.team.capitalize(),
                                    other=other.capitalize())))
            console.recall()
            console.start_reading(self._stop)
            console.prompt()
        try:
            self.runtime.run(lambda: self.stopping or any(c.stopping for c in self.consoles))
        except KeyboardInterrupt:
            pass
        finally:
            self.runtime.close()
            signal.signal(signal.SIGTERM, previous)
            autosave = self.runtime.autosave
            unsaved = autosave.left_behind() if autosave is not None and autosave.problem is not None else None
            for console in self.consoles:  # never "saved" when the storage could not take it (a full disk)
                console.say(str(unsaved or Msg("Game saved. Continue with: kaleun resume")))
            for fh in self.files:
                fh.close()
        return 0 if self.runtime.save_problem is None else 1
