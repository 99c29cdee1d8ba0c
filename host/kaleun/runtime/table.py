"""The table: the board's input adapters, turned into game commands.

Figures seen by the sensor become `place`/`lift`, the telegraph dial becomes `new_speed`
orders, buttons become time-compression changes. A dial becomes an order only once the hand
has let go: a script line or console command is one whole movement; on real hardware the
handle must rest for `DIAL_SETTLE_S` (swinging from stop to full ahead is one order, not
three). Scripts and the on-screen table act on the same adapters (`actuate`), so a script's
`turn` goes through exactly the code a hand on the real telegraph would.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable, Mapping
from typing import Any

from kaleun.boards.model import Board
from kaleun.core.args import Args
from kaleun.core.engine import Engine
from kaleun.core.errors import CommandError
from kaleun.ports.base import (
    ButtonPressed,
    DialTurned,
    FigureGone,
    FigureSeen,
    HardwareOnly,
    HubLinkChanged,
    TableInput,
    UnknownTag,
)
from kaleun.ports.sim import SimButton, SimDial, SimFigureSensor
from kaleun.uboot.boat import TELEGRAPH
from kaleun.uboot.figures import FIGURES

log = logging.getLogger(__name__)

#: script actions that a hand performs on the table (everything else goes to the game)
TABLE_ACTIONS = ("place", "lift", "turn", "press")
#: seconds a real dial must rest before its position becomes an order
DIAL_SETTLE_S = 0.6

Submit = Callable[[dict[str, Any]], None]


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
            for name in ("telegraph",):
                self.dials[name] = self._make_dial(name)
            for name, spec in board.buttons.items():
                self.buttons[name] = self._make_button(name, spec)
        except Exception as exc:
            self.close()
            raise TableError(f"{board.path}: {exc}") from exc
        #: physical telegraph position (index into TELEGRAPH): where it stood when the game was
        #: saved, else where the boat's telegraph stands
        lever = game.table_state.get("telegraph", game.module("boat").telegraph)
        self.telegraph = TELEGRAPH.index(lever if lever in TELEGRAPH else game.module("boat").telegraph)
        self._requested = self.telegraph  # the position last sent as an order
        self._moved_at: float | None = None  # when the handle last moved, while not yet requested
        self._submit: Submit | None = None
        self.unknown_tags: list[UnknownTag] = []

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
        return SimDial(name)

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

    def close(self) -> None:
        ports = [getattr(self, "sensor", None), *self.dials.values(), *self.buttons.values()]
        for port in filter(None, ports):
            try:
                port.close()
            except Exception:  # closing must never stop the others closing
                log.exception("closing %s failed", port)
        if self.factory is not None and hasattr(self.factory, "reset"):
            self.factory.reset()  # mock pins would otherwise stay claimed

    def sync(self) -> None:
        """Forget the physical telegraph position and take the boat's (after a load)."""
        with self._lock:
            self.telegraph = self._requested = TELEGRAPH.index(self.game.module("boat").telegraph)
            self._moved_at = None
            self.game.table_state["telegraph"] = TELEGRAPH[self.telegraph]

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
                if "hub" in self.game.command_names:
                    self._send({"do": "hub", "state": state, **({"reason": reason} if reason else {}),
                                **{k: v for k, v in (detail or {}).items() if v is not None}})
            case DialTurned(dial, clicks):
                self._dial(dial, clicks)
            case ButtonPressed(button):
                self._button(button)

    def _dial(self, dial: str, clicks: int) -> None:
        if dial != "telegraph":
            return
        with self._lock:
            position = max(0, min(len(TELEGRAPH) - 1, self.telegraph + clicks))
            if position != self.telegraph:
                self.telegraph = position
                self._moved_at = self.clock()
                self.game.table_state["telegraph"] = TELEGRAPH[position]

    @property
    def dial_pending(self) -> bool:
        return self._moved_at is not None

    def flush(self, now: float | None = None) -> None:
        """Turn a dial that has come to rest into its order. Without `now`: at once."""
        with self._lock:
            if self._moved_at is None:
                return
            if now is not None and now - self._moved_at < DIAL_SETTLE_S:
                return
            self._moved_at = None
            if self.telegraph == self._requested:
                return
            self._requested = self.telegraph
            command = {"do": "order", "order": "new_speed", "speed": TELEGRAPH[self.telegraph], "via": "telegraph"}
        self._send(command)

    def _button(self, name: str) -> None:
        spec = self.board.buttons.get(name)
        if spec is None:
            return
        via = f"button.{name}"
        if spec.action == "pause":
            self._send({"do": "ui", "action": "toggle_pause", "via": via})
        elif spec.action == "real_time":
            self._send({"do": "ui", "action": "time_compression", "mode": "real_time", "via": via})
        else:
            self._send({"do": "ui", "action": "next_compression", "via": via})

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
                self.sensor.lift(figure)
            elif action == "turn":
                dial = args.str("dial", choices=list(self.dials))
                steps = args.int("steps", lo=-100, hi=100)
                args.finish()
                self.dials[dial].turn(steps)
            elif action == "press":
                if not self.buttons:
                    raise CommandError(f"'press': the board {self.board.name!r} has no buttons")
                button = args.str("button", choices=list(self.buttons))
                args.finish()
                self.buttons[button].press()
            self.sensor.settle()
            self.flush()
        except HardwareOnly as exc:
            raise CommandError(str(exc)) from exc

    def set_telegraph(self, position: str) -> None:
        """Move the telegraph handle to `position` (on-screen table, console)."""
        if position not in TELEGRAPH:
            raise CommandError(f"telegraph position '{position}' is not one of: {', '.join(TELEGRAPH)}")
        clicks = TELEGRAPH.index(position) - self.telegraph
        if clicks:
            self.actuate({"do": "turn", "dial": "telegraph", "steps": clicks})
