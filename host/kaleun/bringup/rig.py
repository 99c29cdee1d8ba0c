"""The bring-up rig: a board's parts opened on their own, outside any game, with everything
they report gathered in one queue (dial turns, button presses, tags on readers, typed lines).

The same adapters as a game uses: gpiozero encoders and buttons (mock pins on a mock board),
the deck hub's dials (`HubDial`: the hub's counts turned into dial steps with the board's
`reverse`, steps per position or per revolution, exactly as in a game), the lamps port of the
board's driver, the sounder, and the deck hub's link (a fake hub inside Kaleun for
`hub.url = "fake"`), here read reader by reader rather than section by section.
"""

from __future__ import annotations

import logging
import queue
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from kaleun.boards.model import Board
from kaleun.core.messages import Msg, of_error
from kaleun.ports.base import ButtonPressed, DialHomed, DialTurned, Lamps, Sounder, TableInput

log = logging.getLogger(__name__)

#: seconds the scripted hands wait for the fake hub to report what they did (a failure guard,
#: never reached when it works)
SETTLE_S = 10.0
#: the kinds of part a check opens (`kaleun hw check --only`), all of them unless told
PARTS = ("lamps", "bell", "dials", "buttons", "readers")


@dataclass(frozen=True)
class TagMoved:
    """A tag arrived on (or left) reader `reader` of the deck hub."""

    reader: int
    uid: str
    arrived: bool


@dataclass(frozen=True)
class ReaderFault:
    """The deck hub reports reader `reader` faulty: it stopped answering on SPI."""

    reader: int


@dataclass(frozen=True)
class Typed:
    """A line the maker typed."""

    text: str


Happening = DialTurned | DialHomed | ButtonPressed | TagMoved | ReaderFault | Typed


class Rig:
    def __init__(self, board: Board) -> None:
        self.board = board
        self.inbox: queue.Queue[Happening] = queue.Queue()
        self.factory: Any = None
        self.dials: dict[str, Any] = {}
        self.buttons: dict[str, Any] = {}
        self.lamps: Lamps | None = None
        self.sounder: Sounder | None = None
        self.link: Any = None
        self.fake: Any = None
        self.options: Any = None
        #: the hub's encoder number -> the dial it turns
        self.hub_dials: dict[int, Any] = {}
        #: the hub has been online once (a later "online" is a hub that restarted: counts from zero)
        self._hub_seen = False
        #: part -> why it could not be opened
        self.problems: dict[str, Msg | str] = {}
        #: parts among `problems` that cannot be opened because of this machine (a library missing, not a
        #: Raspberry Pi), not because of their wires
        self.not_here: set[str] = set()
        #: why the board's GPIO pin factory cannot be made (gpiozero missing, no GPIO here): then no
        #: GPIO part opens, whatever its wires (None: it was made, or not needed)
        self.gpio_problem: Msg | str | None = None

    # -- opening ----------------------------------------------------------------------------
    def open(self, sound: bool = True, parts: Iterable[str] = PARTS) -> Rig:
        """Open the board's parts of the kinds in `parts` (`kaleun hw check --only`: a check of the lamps
        claims no GPIO pin of a dial or button, and one that cannot open says nothing of them); the
        speaker only with `sound` and "bell" among them (a check of other parts says nothing of a sound card
        it does not use). The deck hub's link opens for the kinds it serves: its readers, dials or lamps."""
        board = self.board
        kinds = set(parts)
        if board.hub.url is not None and ("readers" in kinds or "dials" in kinds  # its encoders are dials
                                          or ("lamps" in kinds and board.lamps.driver == "hub")):
            self._open_hub()
        for name, dial in board.dials.items() if "dials" in kinds else ():
            if dial.driver == "hub":
                continue  # made with the hub's link (_open_hub)
            try:
                self.dials[name] = self._dial(dial)
            except Exception as exc:
                self.problems[f"dial {name}"] = of_error(exc)
        for name, button in board.buttons.items() if "buttons" in kinds else ():
            try:
                self.buttons[name] = self._button(button)
            except Exception as exc:
                self.problems[f"button {name}"] = of_error(exc)
        for port in (*self.dials.values(), *self.buttons.values()):
            port.start(self._input)
        if "lamps" in kinds:
            self._open_lamps()
        if sound and "bell" in kinds and board.audio.driver != "none":
            from kaleun.ports.sound import PygameSounder
            from kaleun.settings import preferred_volume

            # as loud as the table will play: the volume kept by `kaleun config` applies over the board file's
            self.sounder = PygameSounder(volume=preferred_volume(board.audio.volume))
        return self

    def _gpio(self) -> Any:
        if self.factory is None:
            from kaleun.ports.gpio import GpioUnavailable, make_pin_factory

            if self.gpio_problem is not None:  # tried once for an earlier part: the same answer
                raise GpioUnavailable(self.gpio_problem)
            try:
                self.factory = make_pin_factory(self.board.pin_factory)
            except GpioUnavailable as exc:
                self.gpio_problem = of_error(exc)
                raise
        return self.factory

    def _dial(self, spec: Any) -> Any:
        if spec.driver == "gpio":
            from kaleun.ports.gpio import GpioDial

            return GpioDial(spec, self._gpio())
        from kaleun.ports.sim import SimDial

        return SimDial(spec.name)

    def _button(self, spec: Any) -> Any:
        if spec.driver == "gpio":
            from kaleun.ports.gpio import GpioButton

            return GpioButton(spec, self._gpio())
        from kaleun.ports.sim import SimButton

        return SimButton(spec.name)

    def _open_hub(self) -> None:
        from kaleun.hub.options import hub_options
        from kaleun.hub.reach import tool_link

        self.options = hub_options(self.board)
        # as `kaleun hub status` opens it: a fake hub inside Kaleun for "fake", else the port checked
        # against the hub the table played with (`kaleun.hub.known`), never learned here
        self.link, self.fake = tool_link(self.board, self._on_link, start=False)
        from kaleun.hub.dials import HubDial

        encoders = [encoder.dial for encoder in self.options.encoders]
        for name, spec in self.board.dials.items():
            if spec.driver == "hub" and name in encoders:  # before the link starts: no turn goes unheard
                index = encoders.index(name)
                self.dials[name] = self.hub_dials[index] = HubDial(spec, index, fake=self.fake)
        self.link.start()

    def _open_lamps(self) -> None:
        spec = self.board.lamps
        if spec.driver == "none":
            return
        try:
            if spec.driver == "hub":
                from kaleun.hub.lamps import HubLamps

                if self.link is None:
                    raise RuntimeError("lamps.driver = \"hub\" needs the deck hub ([hub] with its url)")
                self.lamps = HubLamps(self.link, spec.segments)
            elif spec.driver in ("neopixel", "neopixel_spi"):
                from kaleun.ports.neopixel import NeopixelLamps

                self.lamps = NeopixelLamps(spec)
            else:
                from kaleun.ports.sim import SimLamps

                self.lamps = SimLamps(spec.segments)
        except Exception as exc:
            self.problems["lamps"] = of_error(exc)
            if getattr(exc, "here", False):
                self.not_here.add("lamps")

    # -- what the parts report (any thread) ---------------------------------------------------
    def _input(self, item: TableInput) -> None:
        if isinstance(item, DialTurned | DialHomed | ButtonPressed):
            self.inbox.put(item)

    def _on_link(self, event: Any) -> None:
        if event.kind in ("arrived", "left"):
            self.inbox.put(TagMoved(event.reader, event.uid, event.kind == "arrived"))
        elif event.kind == "fault":
            self.inbox.put(ReaderFault(event.reader))
        elif event.kind in ("turn", "home"):
            # the hub's counts become dial steps as in a game (reverse, steps per position or turn)
            dial = self.hub_dials.get(event.reader)
            if dial is None:
                log.warning("deck hub encoder %d turns no dial of the board file; ignored", event.reader)
            elif event.kind == "turn":
                dial.turned(int(event.detail["delta"]), event.detail.get("pos"))
            else:
                dial.at_home()
        elif event.kind == "online":
            if self._hub_seen:  # the hub restarted: its encoders count from zero again
                for dial in self.hub_dials.values():
                    dial.restarted()
            self._hub_seen = True

    def settle(self) -> None:
        """Wait until the fake hub has reported what the scripted hands did (a turn, a home
        switch) and the link has handed it on; nothing to wait for without a fake hub."""
        fake, link = self.fake, self.link
        if fake is None or link is None or not link.wait_online(SETTLE_S):
            return
        if link.wait(lambda core: fake.settled(), SETTLE_S) and (seq := fake.last_seq()) is not None:
            link.wait_seq(seq, SETTLE_S)

    def drain(self) -> None:
        """Forget what the parts reported so far (a new step starts from a clean slate); lines
        typed ahead stay for the next question."""
        kept = []
        while True:
            try:
                item = self.inbox.get_nowait()
            except queue.Empty:
                break
            if isinstance(item, Typed):
                kept.append(item)
        for item in kept:
            self.inbox.put(item)

    # -- closing ----------------------------------------------------------------------------
    def close(self) -> None:
        for port in (*self.dials.values(), *self.buttons.values()):
            try:
                port.close()
            except Exception:
                log.exception("closing %s failed", port)
        if self.lamps is not None:
            try:
                self.lamps.close()
            except Exception:
                log.exception("switching the lamps off failed")
        if self.sounder is not None:
            self.sounder.close()
        if self.link is not None:
            self.link.close()
        if self.fake is not None:
            self.fake.stop()
        if self.factory is not None and hasattr(self.factory, "reset"):
            self.factory.reset()
