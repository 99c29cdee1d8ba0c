"""The text console: the info feed printed as it happens, commands typed at a prompt.

Used when there is no display (a Pi without a screen, a terminal over SSH) or with
`--console`. `help` lists the commands. Everything typed runs on the runtime's thread.
"""

from __future__ import annotations

import functools
import json
import logging
import shlex
import signal
import sys
import threading
from collections.abc import Callable
from typing import IO, Any

from kaleun.core.errors import CommandError
from kaleun.core.events import Event
from kaleun.runtime.loop import Runtime
from kaleun.uboot.boat import TELEGRAPH, TELEGRAPH_NAMES
from kaleun.uboot.compression import MODE_NAMES, MODES

log = logging.getLogger(__name__)

#: longest line the console reads (a table-script line is a few hundred characters)
MAX_LINE = 4096

HELP = """\
Commands (figures are <role>-<shape>, e.g. engineer-square; sections 1-8):
  status                      clock, watch, telegraph, speed, distance run
  place FIGURE SECTION        put a figure on the model
  lift FIGURE                 take a figure off the model
  telegraph POSITION          move the engine telegraph to a position:
                              full_astern, stop, slow_ahead, half_ahead, full_ahead
  turn telegraph STEPS        turn the telegraph STEPS detents (negative: towards astern)
  order ORDER [key=value ...] give an order, e.g. order new_speed speed=half_ahead
  do COMMAND [key=value ...]  any game command, e.g. do target contact=c1; help commands lists them
  time MODE                   time compression: real_time, action, fast_forward, transit, pause
  pause                       pause the game (again: real time)
  press BUTTON                press a button of the board
  volume [LEVEL]              the speaker's volume, 0 to 1 or 0% to 100% (without a level: show it)
  mission                     the briefing, objectives and HQ's signals (U-BOOT missions)
  return                      return to base (only out of combat; the passage home runs in transit)
  save                        save now (the game also saves at every watch change and on quit)
  {...}                       any table-script line as JSON, without "t"
  help                        this list
  quit                        save and leave"""


def parse_value(text: str) -> Any:
    try:
        return json.loads(text)
    except json.JSONDecodeError:
        return text


class Console:
    def __init__(self, runtime: Runtime, stdin: IO[str] | None = None, stdout: IO[str] | None = None,
                 interactive: bool = True) -> None:
        self.runtime = runtime
        self.interactive = interactive
        self.game = runtime.game
        self.table = runtime.table
        self.stdin = stdin or sys.stdin
        self.stdout = stdout or sys.stdout
        self.stopping = False
        runtime.listeners.append(self._on_event)
        runtime.problems[:] = [lambda text: self.say(f"! {text}")]
        self.commands: dict[str, Callable[[list[str]], None]] = {
            "help": self._help,
            "status": self._status,
            "place": self._place,
            "lift": self._lift,
            "telegraph": self._telegraph,
            "turn": self._turn,
            "order": self._order,
            "do": self._do,
            "time": self._time,
            "pause": self._pause,
            "press": self._press,
            "save": self._save,
            "mission": self._mission,
            "return": lambda args: self.runtime.submit({"do": "return_to_base"}),
            "volume": self._volume,
            "quit": self._quit,
            "exit": self._quit,
        }

    # -- output -----------------------------------------------------------------------------
    def say(self, text: str) -> None:
        safe = text.encode("utf-8", "backslashreplace").decode("utf-8")  # lone surrogates from JSON input
        self.stdout.write(safe + "\n")
        self.stdout.flush()

    def prompt(self) -> None:
        if self.interactive:
            self.stdout.write("> ")
            self.stdout.flush()

    def _on_event(self, event: Event) -> None:
        if event.feed is not None:
            self.say(f"[{event.clock[11:]}] {event.feed}")
        if event.name == "mission_end" and self.game.game == "uboot":
            from kaleun.uboot.missions.debrief import debrief, lines

            for line in lines(debrief(self.game)):
                self.say(str(line))

    def _mission(self, args: list[str]) -> None:
        from kaleun.uboot.missions.debrief import mission_lines

        for line in mission_lines(self.game):
            self.say(str(line))

    def _status(self, args: list[str]) -> None:
        boat = self.game.module("boat").status()
        watch = self.game.module("watch").status()
        mode = self.game.module("compression").mode
        lever = TELEGRAPH_NAMES[TELEGRAPH[self.table.telegraph]]
        self.say(f"{self.game.now_iso.replace('T', ' ')}  {watch['on_duty']} watch on duty  "
                 f"time: {MODE_NAMES[mode]}\n"
                 f"telegraph: {TELEGRAPH_NAMES[boat['telegraph']]} (lever at {lever})  "
                 f"speed {boat['speed_kn']:.1f} kn of {boat['target_kn']:.1f} kn "
                 f"({boat['propulsion']}, {'surfaced' if boat['surfaced'] else 'submerged'})  "
                 f"distance run {boat['distance_nm']:.2f} nm")
        if "course" in boat:
            where = self.game.module("navigation").status() if self.game.has_module("navigation") else {}
            depth = "surfaced" if boat["surfaced"] else f"depth {boat['depth_m']:.0f} m"
            self.say(f"course {boat['course']:03d}  {depth}  battery {boat['battery_pct']:.0f} %  "
                     f"square {where.get('dr_square', '?')} (dead reckoning)")
        if self.game.has_module("crew"):
            bars = self.game.module("crew").status()["bars"]
            self.say(f"command bar {bars['command']}  morale {bars['morale']}")

    # -- commands ---------------------------------------------------------------------------
    def _need(self, args: list[str], count: int, usage: str) -> None:
        if len(args) != count:
            raise CommandError(f"usage: {usage}")

    def _place(self, args: list[str]) -> None:
        self._need(args, 2, "place FIGURE SECTION")
        self.table.actuate({"do": "place", "figure": args[0], "section": parse_value(args[1])})

    def _lift(self, args: list[str]) -> None:
        self._need(args, 1, "lift FIGURE")
        self.table.actuate({"do": "lift", "figure": args[0]})

    def _telegraph(self, args: list[str]) -> None:
        self._need(args, 1, "telegraph POSITION")
        self.table.set_telegraph(args[0])

    def _turn(self, args: list[str]) -> None:
        self._need(args, 2, "turn DIAL STEPS")
        self.table.actuate({"do": "turn", "dial": args[0], "steps": parse_value(args[1])})

    def _press(self, args: list[str]) -> None:
        self._need(args, 1, "press BUTTON")
        self.table.actuate({"do": "press", "button": args[0]})

    @staticmethod
    def _fields(pairs: list[str]) -> dict[str, Any]:
        fields: dict[str, Any] = {}
        for pair in pairs:
            key, sep, value = pair.partition("=")
            if not sep:
                raise CommandError(f"'{pair}' is not key=value")
            fields[key] = parse_value(value)
        return fields

    def _order(self, args: list[str]) -> None:
        if not args:
            raise CommandError("usage: order ORDER [key=value ...]")
        self.runtime.submit({"do": "order", "order": args[0], "via": "console", **self._fields(args[1:])})

    def _help(self, args: list[str]) -> None:
        if args == ["commands"]:
            self.say("Game commands (use: do COMMAND key=value ...): " + ", ".join(self.game.command_names))
        else:
            self.say(HELP)

    def _do(self, args: list[str]) -> None:
        if not args:
            raise CommandError("usage: do COMMAND [key=value ...]")
        self._json(json.dumps({"do": args[0], **self._fields(args[1:])}))

    def _time(self, args: list[str]) -> None:
        self._need(args, 1, "time MODE")
        if args[0] not in MODES:
            raise CommandError(f"time compression '{args[0]}' is not one of: {', '.join(MODES)}")
        self.runtime.submit({"do": "ui", "action": "time_compression", "mode": args[0]})

    def _pause(self, args: list[str]) -> None:
        mode = self.game.module("compression").mode
        self._time(["real_time" if mode == "pause" else "pause"])

    def _volume(self, args: list[str]) -> None:
        sounder = getattr(self.runtime, "sounder", None)
        if sounder is None:
            raise CommandError("this table has no speaker (audio.driver = 'none' in the board file)")
        if args:
            self._need(args, 1, "volume LEVEL (0 to 1, or 0% to 100%)")
            text = args[0].strip()
            try:
                level = float(text[:-1]) / 100 if text.endswith("%") else float(text)
            except ValueError:
                level = float("nan")
            if not 0.0 <= level <= 1.0:  # also NaN
                raise CommandError(f"the volume is a number from 0 to 1 or a percentage such as 60%, not '{text}'")
            sounder.set_volume(level)
        self.say(f"volume {round(sounder.volume * 100)}%")

    def _save(self, args: list[str]) -> None:
        self.runtime.save()
        self.say("saved.")

    def _quit(self, args: list[str]) -> None:
        self.stopping = True

    def handle(self, line: str) -> None:
        """Run one typed line (on the runtime's thread)."""
        text = line.strip()
        try:
            if not text:
                return
            if len(text) > MAX_LINE:
                raise CommandError(f"that line is {len(text)} characters long; the console takes {MAX_LINE}")
            if text.startswith("{"):
                self._json(text)
                return
            try:
                words = shlex.split(text)
            except ValueError as exc:
                raise CommandError(str(exc)) from exc
            handler = self.commands.get(words[0].lower())
            if handler is None:
                raise CommandError(f"unknown command '{words[0]}': type help")
            handler(words[1:])
        except CommandError as exc:
            self.say(f"! {exc}")
        finally:
            if not self.stopping:
                self.prompt()

    def _json(self, text: str) -> None:
        from kaleun.runtime.table import TABLE_ACTIONS

        try:
            command = json.loads(text)
        except json.JSONDecodeError as exc:
            raise CommandError(f"not valid JSON: {exc.msg}") from exc
        if not isinstance(command, dict):
            raise CommandError("a JSON command must be an object")
        command.pop("t", None)
        if command.get("do") in TABLE_ACTIONS:
            self.table.actuate(command)
        else:
            self.runtime.submit(command)

    # -- running ----------------------------------------------------------------------------
    def _read(self) -> None:
        for line in self.stdin:
            self.runtime.call(functools.partial(self.handle, line))
        self.runtime.call(lambda: self._quit([]))

    def _terminate(self, signum: int, frame: object) -> None:
        self.stopping = True  # SIGTERM (systemctl stop): leave the loop, save, exit

    def run(self) -> int:
        previous = signal.signal(signal.SIGTERM, self._terminate)
        if self.interactive:
            self.say("Kaleun console. Type help for the commands.")
            threading.Thread(target=self._read, name="console-input", daemon=True).start()
        else:
            self.say("Kaleun running headless; stop it with SIGTERM or Ctrl-C.")
        self.prompt()
        try:
            self.runtime.run(lambda: self.stopping)
        except KeyboardInterrupt:
            self.say("")
        finally:
            self.runtime.close()
            signal.signal(signal.SIGTERM, previous)
            self.say("Game saved. Continue with: kaleun resume")
        return 0
