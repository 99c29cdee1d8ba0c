"""The table: the board's input adapters, turned into game commands.

Figures seen by the sensor become `place`/`lift`, buttons become time-compression changes,
and the dials feed what `boards/dials.toml` declares: the telegraph a `new_speed` order, the
attack disc's rings an `attack_disc` command. A dial feeds the game only once the hand has
let go: a script line or console command is one whole movement; on real hardware the dials of
a group must rest for `DIAL_SETTLE_S` (swinging the telegraph from stop to full ahead is one
order, not three). Scripts and the on-screen table act on the same adapters (`actuate`), so a
script's `turn` goes through exactly the code a hand on the real telegraph would.

Where a dial stands is kept as a step against the table's fixed scale (a position of a
detented dial, a ring's angle); a ring whose zero the table has not found yet (`home`) stands
nowhere known, and its reading (and that of a ring read against it) is unknown and feeds
nothing. A simulated ring always knows where it stands (at its zero in a new game), but the game
has its reading only once the ring has fed it: until it is turned (or dialled to where it
stands) it is `unset`, as the game's attack disc says. Positions are saved in
`engine.table_state` (the telegraph's by name, a ring's angle in whole degrees) once known and,
for a ring, fed to the game: a ring saved there has fed it. A ring that had fed the game and whose
reading the table has lost (relative encoders after a start, a deck hub restarted) is cleared in
the game until it is homed and set again, so the game never holds a mix of old and new rings.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable, Mapping
from typing import Any

from kaleun.boards.dials import DIALS, HOME_KNOWN, DialDecl, groups
from kaleun.boards.model import BUTTON_ACTIONS, Board
from kaleun.core.args import MAX_FIELD_TEXT, Args
from kaleun.core.engine import Engine
from kaleun.core.errors import CommandError
from kaleun.core.messages import Msg, command_word, of_error
from kaleun.ports.base import (
    ButtonPressed,
    DialHomed,
    DialLost,
    DialTurned,
    FigureGone,
    FigureSeen,
    HardwareOnly,
    HubLinkChanged,
    TableInput,
    UnknownTag,
)
from kaleun.ports.sim import SimButton, SimDial, SimFigureSensor
from kaleun.uboot.figures import FIGURES, figure_term

log = logging.getLogger(__name__)

#: script actions that a hand performs on the table (everything else goes to the game)
TABLE_ACTIONS = ("place", "lift", "turn", "home", "press")
#: seconds a real dial must rest before its position becomes an order
DIAL_SETTLE_S = 0.6
#: the table state's key for the dial groups moved and not yet fed to the game (a save taken in the
#: moment between a move and its order, a kill -9 then: the resumed table gives the order)
MOVING = "moving"

Submit = Callable[[dict[str, Any]], None]


def turn_steps(args: Args, decl: DialDecl) -> int:
    """The steps of a `turn` line: a whole number the dial turns at most (`DialDecl.most_turn`) either way.
    Refused in the words the console's `turn` uses for the same mistake, so a script and the console say one
    thing ("turn: steps must be from -360 to 360, not 361")."""
    value = args.float("steps")
    most = decl.most_turn
    if not value.is_integer():
        raise CommandError(Msg("{command}: {problem}", command=args.name, problem=Msg(
            "{field} must be a whole number from {lo} to {hi}, not '{value}'", field="steps", lo=f"{-most:g}",
            hi=f"{most:g}", value=f"{value:g}")))
    if not -most <= value <= most:
        raise CommandError(Msg("{command}: {problem}", command=args.name, problem=Msg(
            "{field} must be from {lo} to {hi}, not {value}", field="steps", lo=f"{-most:g}", hi=f"{most:g}",
            value=f"{value:g}")))
    return int(value)


def _clip(value: Any) -> Any:
    """A text a device gave, cut to what a command's text field takes (`MAX_FIELD_TEXT`); anything else as it is."""
    return value[:MAX_FIELD_TEXT] if isinstance(value, str) else value


class TableError(RuntimeError):
    """An adapter the board file asks for cannot be opened here (no GPIO, no pixels, no hub)."""


class Table:
    """Owns the board's input adapters; converts what they report into game commands."""

    def __init__(self, board: Board, game: Engine, clock: Callable[[], float] = time.monotonic) -> None:
        self.board = board
        self.clock = clock
        self._lock = threading.RLock()
        self.game = game
        self.factory: Any = None
        self.dials: dict[str, Any] = {}
        self.buttons: dict[str, Any] = {}
        try:
            self.sensor = self._make_sensor()
            for name in DIALS:
                self.dials[name] = self._make_dial(name)
            for name, spec in board.buttons.items():
                self.buttons[name] = self._make_button(name, spec)
        except Exception as exc:
            self.close()
            raise TableError(Msg("{path}: {problem}", path=str(board.path), problem=of_error(exc))) from exc
        #: where each dial stands (a step against the fixed scale), None until it is homed
        self.steps: dict[str, int | None] = {name: self._start_step(decl) for name, decl in DIALS.items()}
        #: what each dial last fed the game (its reading then; None: nothing yet). A ring saved in the game's
        #: table state has fed it; a simulated ring the game never had (a new game) has not, wherever it stands
        self._sent: dict[str, str | int | None] = {
            name: self.reading(name) if not decl.is_ring or name in game.table_state else None
            for name, decl in DIALS.items()}
        #: group -> when a dial of it last moved, while it has not fed the game yet
        self._moved: dict[str, float] = {}
        #: the dials moved (or homed) since their group last fed the game
        self._touched: set[str] = set()
        self._submit: Submit | None = None
        self.unknown_tags: list[UnknownTag] = []
        #: rings turned before they were homed, told once each (their turns feed nothing until homed)
        self._told_unhomed: set[str] = set()
        #: rings that fed the game before this start and whose reading the table does not know now (relative
        #: encoders after a restart): the game still holds what they read, which no ring shows once the crew homes
        #: them; `start` clears them in the game (`_forget`), so it never holds a mix of old and new rings
        self._stale = [name for name, decl in DIALS.items()
                       if decl.is_ring and self.steps[name] is None and name in game.table_state]
        for name, step in self.steps.items():
            # a ring still to be homed, or not yet fed to the game, leaves what was saved alone
            if step is not None and (not DIALS[name].is_ring or self._sent[name] is not None):
                self._save(name)
        self._resume_moving()

    def _resume_moving(self) -> None:
        """Dials a hand had moved when the game was saved, their order not yet given (the program was killed
        in the moment between): they feed the game once they have come to rest, as if just moved."""
        moving = self.game.table_state.get(MOVING)
        wanted = groups()
        for group in moving if isinstance(moving, list) else []:
            dials = wanted.get(group) if isinstance(group, str) else None
            if not dials:
                continue
            self._moved[group] = self.clock()
            for decl in dials:
                self._touched.add(decl.name)
                # what the game has: a dial that follows the game has fed it where the game stands
                self._sent[decl.name] = decl.value(self._followed(decl)) if decl.follows is not None else None
        self._save_moving()

    def _save_moving(self) -> None:
        if self._moved:
            self.game.table_state[MOVING] = sorted(self._moved)
        else:
            self.game.table_state.pop(MOVING, None)

    # -- building ---------------------------------------------------------------------------
    def _gpio_factory(self) -> Any:
        if self.factory is None:
            from kaleun.ports.gpio import make_pin_factory

            self.factory = make_pin_factory(self.board.pin_factory)
        return self.factory

    def _make_sensor(self) -> Any:
        if self.board.figure_sensor == "sim":
            return SimFigureSensor()
        from kaleun.runtime.sensors import make_sensor  # the deck hub's adapters

        return make_sensor(self.board)

    def _make_dial(self, name: str) -> Any:
        spec = self.board.dial(name)
        if spec.driver == "gpio":
            from kaleun.ports.gpio import GpioDial

            return GpioDial(spec, self._gpio_factory())
        if spec.driver == "hub":
            return self.sensor.dial(spec)  # an encoder on the deck hub: its frames come over the link
        return SimDial(name)

    def _start_step(self, decl: DialDecl) -> int | None:
        """Where a dial stands when the table starts: saved (the telegraph's lever, a simulated
        ring), else where the game has it (`follows`); a real ring is unknown until homed."""
        homing = self.board.dial(decl.name).homing
        if homing not in ("saved", HOME_KNOWN):
            return None
        saved = self.game.table_state.get(decl.name)
        try:
            return decl.step_of(saved) if saved is not None else self._followed(decl)
        except ValueError:
            log.warning("table state of %s (%r) is not a reading of it; starting from the game's", decl.name, saved)
            return self._followed(decl)

    def _followed(self, decl: DialDecl) -> int:
        if decl.follows is None:
            return 0
        module, _, attribute = decl.follows.partition(".")
        try:
            return decl.step_of(getattr(self.game.module(module), attribute))
        except (KeyError, AttributeError, ValueError) as exc:  # a dial declared before the game has its value
            raise TableError(f"dials.toml: {decl.name}: follows = {decl.follows!r}, which this game does not have "
                             f"as one of its positions ({type(exc).__name__}: {exc})") from exc

    def _make_button(self, name: str, spec: Any) -> Any:
        if spec.driver == "gpio":
            from kaleun.ports.gpio import GpioButton

            return GpioButton(spec, self._gpio_factory())
        return SimButton(name)

    # -- running ----------------------------------------------------------------------------
    def start(self, submit: Submit, strict: bool = True) -> None:
        """Connect every adapter; `submit` receives game commands (from any thread).

        `strict`: hardware that is not there yet stops the start (scripts); otherwise the
        table starts and the adapter reports it offline until it answers (play)."""
        self._submit = submit
        if hasattr(self.sensor, "strict"):
            self.sensor.strict = strict
        self.sensor.start(self._on_input)
        for port in (*self.dials.values(), *self.buttons.values()):
            port.start(self._on_input)
        stale, self._stale = self._stale, []
        self._forget(stale)

    def _forget(self, names: list[str]) -> None:
        """The rings `names` had fed the game, and the table no longer knows their reading (a start on relative
        encoders, a deck hub restarted, a ring read against one of those): their group's command clears them in the
        game (the field `null`: the attack disc's ring "not set"), as the rings of a new game are, until the crew has
        homed and set each again. Without it, homing one ring fed its 0 beside the others' old readings, and the TDC
        took its solution from that mix."""
        commands: dict[str, dict[str, Any]] = {}
        with self._lock:
            for name in names:
                decl = DIALS[name]
                commands.setdefault(decl.group, {**decl.command, "via": decl.group})[decl.field] = None
                self._sent[name] = None
                if self.steps[name] is None:
                    self.game.table_state.pop(name, None)  # it feeds the game again once homed and set
        if names:
            log.info("%s: reading unknown until homed; what it fed the game is cleared there until it is set again",
                     "; ".join(DIALS[name].label for name in names))
        for command in commands.values():
            self._send(command)

    def close(self) -> None:
        ports = [getattr(self, "sensor", None), *self.dials.values(), *self.buttons.values()]
        for port in filter(None, ports):
            try:
                port.close()
            except Exception:  # closing must never stop the others closing
                log.exception("closing %s failed", port)
        if self.factory is not None and hasattr(self.factory, "reset"):
            self.factory.reset()  # mock pins would otherwise stay claimed

    # -- where the dials stand -----------------------------------------------------------------
    def reading(self, name: str) -> str | int | None:
        """What dial `name` reads now: a position name, or whole degrees of a ring (read against
        its reference ring when it has one); None while it or its reference is not homed."""
        decl = DIALS[name]
        step = self.steps.get(name)
        if step is None:
            return None
        if decl.reference is None:
            return decl.value(step)
        ref = self.steps.get(decl.reference)
        if ref is None:
            return None
        return (decl.degrees(step) - DIALS[decl.reference].degrees(ref)) % 360

    def by_hand(self, name: str) -> Msg | None:
        """Why dial `name` turns only by a hand at the table (an encoder on a real deck hub, real pins), or None
        when the table turns it itself (a simulated dial, the fake hub, mock pins): the window's dials sheet then
        shows its reading only."""
        return getattr(self.dials.get(name), "by_hand", None)

    def unset(self, name: str) -> bool:
        """Is dial `name` a ring whose reading is known but has not fed the game yet (a simulated ring
        nobody has turned)? The game's attack disc does not have it: turn the ring, or dial it to where
        it stands (`set_dial`)."""
        return DIALS[name].is_ring and self._sent[name] is None and self.reading(name) is not None

    def _unanswered(self, decl: DialDecl, step: int) -> bool:
        """Does dial `decl`, which follows the game, stand where the game is not (its order was refused:
        the telegraph's handle at full ahead, the engine room at stop) with no move of it waiting? Dialled
        there again, it gives its order again, as a hand pulling the handle back and forth would."""
        if decl.follows is None:
            return False
        with self._lock:
            if decl.group in self._moved:
                return False
        return self._followed(decl) != step

    @property
    def telegraph(self) -> int:
        """The telegraph lever's position (index of its positions)."""
        return self.steps["telegraph"] or 0

    @telegraph.setter
    def telegraph(self, index: int) -> None:
        with self._lock:
            self.steps["telegraph"] = DIALS["telegraph"].wrap(index)
            self._save("telegraph")

    def _save(self, name: str) -> None:
        step = self.steps[name]
        decl = DIALS[name]
        if step is None:
            self.game.table_state.pop(name, None)
        else:
            self.game.table_state[name] = decl.value(step)

    def _send(self, command: dict[str, Any]) -> None:
        if self._submit is None:
            log.warning("table not started; dropped %s", command)
            return
        self._submit(command)

    def _on_input(self, item: TableInput) -> None:
        match item:
            case FigureSeen(figure, section):
                self._send({"do": "place", "figure": figure, "section": section})
            case FigureGone(figure):
                self._send({"do": "lift", "figure": figure})
            case UnknownTag():
                self.unknown_tags.append(item)
                log.warning("unknown figure tag %s in section %d: run `kaleun figures enroll`",
                            item.uid, item.section)
                if "unknown_tag" in self.game.command_names:  # a prompt in the feed, and logged
                    self._send({"do": "unknown_tag", "uid": item.uid, "section": item.section})
            case HubLinkChanged(state, reason, detail):
                if "hub" in self.game.command_names:  # its texts (an error of the port, the hub's firmware) clipped to
                    # what a command's text field takes: the crew is told, whatever a device answered
                    self._send({"do": "hub", "state": state, **({"reason": _clip(reason)} if reason else {}),
                                **{k: _clip(v) for k, v in (detail or {}).items() if v is not None}})
            case DialTurned(dial, clicks):
                self._dial(dial, clicks)
            case DialHomed(dial):
                self._homed(dial)
            case DialLost(dial):
                self._lost(dial)
            case ButtonPressed(button):
                self._button(button)

    def _dial(self, dial: str, clicks: int) -> None:
        decl = DIALS.get(dial)
        if decl is None:
            return
        unhomed = False
        with self._lock:
            step = self.steps[dial]
            if step is None:  # a ring not homed yet: where it went is as unknown as where it was
                unhomed = dial not in self._told_unhomed
                self._told_unhomed.add(dial)
            else:
                moved = decl.wrap(step + clicks)
                # a ring turned a whole turn round stands where it stood, yet a hand has set it there: a real
                # encoder, counting step by step, says so; one turn reported at once (a script, a hub's count) too
                if moved != step or (decl.is_ring and clicks):
                    self.steps[dial] = moved
                    self._moved[decl.group] = self.clock()
                    self._touched.add(dial)
                    self._save(dial)
                    self._save_moving()
        if unhomed:  # its turns feed nothing: said once, else the crew sets the disc and the TDC says "not set"
            log.warning("%s turned before it was homed: its reading is unknown and feeds nothing until it is "
                        "homed (%s)", decl.label, self.board.dial(dial).homing)

    def _homed(self, dial: str) -> None:
        decl = DIALS.get(dial)
        if decl is None:
            return
        spec = self.board.dial(dial)
        with self._lock:
            self.steps[dial] = decl.step_of(spec.home_at) if decl.is_ring else 0
            self._moved[decl.group] = self.clock()
            self._touched.add(dial)
            self._save(dial)
            self._save_moving()
            self._told_unhomed.discard(dial)
        reading = self.reading(dial)
        if reading is None and decl.reference is not None:  # its own zero found, the ring it is read against not
            log.info("%s homed; it is read against the %s, which is not homed yet: its reading is unknown and "
                     "feeds nothing until that ring is homed", decl.label, DIALS[decl.reference].label)
        else:
            log.info("%s homed: it reads %s", decl.label, reading)

    def _lost(self, dial: str) -> None:
        if dial not in DIALS:
            return
        with self._lock:
            self.steps[dial] = None
            self._save(dial)
            # the ring and those read against it no longer read what they fed the game
            fed = [name for name, decl in DIALS.items()
                   if (name == dial or decl.reference == dial) and self._sent[name] is not None]
        log.warning("%s: turns went uncounted; home it again", DIALS[dial].label)
        self._forget(fed)

    @property
    def dial_pending(self) -> bool:
        return bool(self._moved)

    def flush(self, now: float | None = None) -> None:
        """Feed the game from dials that have come to rest. Without `now`: at once."""
        commands = []
        with self._lock:
            for group, dials in groups().items():
                moved = self._moved.get(group)
                if moved is None or (now is not None and now - moved < DIAL_SETTLE_S):
                    continue
                del self._moved[group]
                fields: dict[str, Any] = {}
                for decl in dials:
                    value = self.reading(decl.name)
                    # a ring the game has not had yet feeds it once the hand has moved it (or the ring it is
                    # read against): one left alone stays unset, wherever it stands
                    moved = (self._sent[decl.name] is not None or decl.name in self._touched
                             or decl.reference in self._touched)
                    if value is not None and value != self._sent[decl.name] and moved:
                        fields[decl.field] = value
                        self._sent[decl.name] = value
                        self._save(decl.name)  # fed: saved (a ring read against another moves with it)
                self._touched.difference_update(d.name for d in dials)
                self._save_moving()
                if fields:
                    commands.append({**dials[0].command, **fields, "via": group})  # dials.toml: at most MAX_VIA
        for command in commands:
            self._send(command)

    def _button(self, name: str) -> None:
        spec = self.board.buttons.get(name)
        if spec is None:
            return
        # the board loader refuses a button named longer than the command's `via` holds (`NAME_MOST`)
        self._send({**BUTTON_ACTIONS[spec.action].command, "via": f"button.{name}"})

    # -- hands on the table (scripts, the on-screen table) -----------------------------------
    def actuate(self, line: Mapping[str, Any]) -> None:
        """Do what a script line asks a hand to do. Raises CommandError if it cannot."""
        args = Args(line)
        action = args.str("do", choices=TABLE_ACTIONS)
        try:
            if action == "place":
                figure = args.str("figure", choices=FIGURES)
                section = args.int("section", lo=1, hi=8)
                args.finish()
                self.sensor.place(figure, section)
            elif action == "lift":
                figure = args.str("figure", choices=FIGURES)
                args.finish()
                if lifts_nothing(self.game, line):
                    # nothing to lift: refused as the console refuses it (a script line says its FILE:LINE too)
                    raise CommandError(Msg("{command}: {problem}", command=command_word("lift"), problem=Msg(
                        "{figure} is not on the model", figure=figure_term(figure))))
                self.sensor.lift(figure)
            elif action == "turn":
                dial = args.str("dial", choices=list(self.dials))
                steps = turn_steps(args, DIALS[dial])
                args.finish()
                self.dials[dial].turn(steps)
            elif action == "home":
                dial = args.str("dial", choices=list(self.dials))
                args.finish()
                homing = self.board.dial(dial).homing
                if homing not in ("switch", "index", "calibrate"):
                    raise CommandError(Msg("{command}: the {dial} needs no homing (home = {homing}: the table knows "
                                           "where it stands)", command=command_word("home"),
                                           dial=Msg.term(DIALS[dial].label), homing=repr(homing)))
                self.dials[dial].home()
            elif action == "press":
                if not self.buttons:
                    raise CommandError(Msg("{command}: the board {board} has no buttons", command=command_word("press"),
                                           board=repr(self.board.name)))
                button = args.str("button", choices=list(self.buttons))
                args.finish()
                self.buttons[button].press()
            self.sensor.settle()
            self.flush()
        except HardwareOnly as exc:  # what it says, in any language (its English text as before)
            raise CommandError(of_error(exc)) from exc

    def set_telegraph(self, position: str) -> bool:
        """Move the telegraph handle to `position` (on-screen table, console); False when it stood there
        already and nothing went to the game (`set_dial`)."""
        return self.set_dial("telegraph", position)

    def set_dial(self, name: str, value: str | int) -> bool:
        """Turn dial `name` until it reads `value` (a position name, or degrees of a ring, read as
        the crew reads it: a pointer against its reference ring), the short way round. For the
        on-screen table and the console; it turns the board's adapter like a script's `turn`.
        False when it already reads `value` and the game has that reading: nothing turned, nothing sent."""
        decl = DIALS.get(name)
        if decl is None:
            raise CommandError(Msg("no dial '{name}' (dials: {dials})", name=name, dials=", ".join(DIALS)))
        try:
            target = decl.step_of(value)
        except ValueError as exc:
            raise CommandError(of_error(exc)) from exc
        with self._lock:
            step = self.steps[name]
            ref = self.steps[decl.reference] if decl.reference else 0
        if step is None or ref is None:
            unknown = name if step is None else decl.reference
            raise CommandError(Msg("{dial}: its zero is not known yet; home it first ({homing})",
                                   dial=Msg.term(DIALS[str(unknown)].label),
                                   homing=self.board.dial(str(unknown)).homing))
        if decl.reference is not None:
            target = (target + ref) % decl.steps
        clicks = target - step
        if decl.is_ring:
            clicks = (clicks + decl.steps // 2) % decl.steps - decl.steps // 2  # the short way round
        if clicks:
            self.actuate({"do": "turn", "dial": name, "steps": clicks})
        elif self.unset(name) or self._unanswered(decl, step):  # dialled to where it stands: the crew
            with self._lock:                                     # means that reading (again)
                self._moved[decl.group] = self.clock()
                self._touched.add(name)
                self._sent[name] = None
            self.flush()
        else:
            return False
        return True

    def home_dial(self, name: str) -> None:
        """The crew confirms that a `calibrate` dial stands at its zero (console, screen)."""
        self.actuate({"do": "home", "dial": name})


def lifts_nothing(game: Any, command: Mapping[str, Any]) -> bool:
    """Is `command` a `lift` of a figure the game has off the model (it would change nothing)?"""
    if command.get("do") != "lift" or not game.has_module("figures"):
        return False
    figure = command.get("figure")
    return isinstance(figure, str) and bool(game.module("figures").off_model(figure))
