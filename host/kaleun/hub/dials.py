"""Dials whose encoders sit on the deck hub (`[hub.encoders.NAME]`, `dials.NAME.driver = "hub"`).

The hub counts each encoder with the RP2040's PIO and sends `turn` frames (detents turned) and,
for a ring with a home switch, `home` frames (the switch closed). `HubDial` turns them into
dial steps with the same `StepCounter` as the gpiozero adapter: the board's steps per
position or per revolution, a partial step waiting, the count zeroed at the home mark.
On the fake hub, `turn` and `home` move its simulated encoders and switches, so scripts go
through real frames; on a real hub a hand turns the dial.
"""

from __future__ import annotations

import logging
import math
from typing import Any

from kaleun.boards.model import DialSpec
from kaleun.core.messages import Msg
from kaleun.hub.proto import MAX_TURN
from kaleun.ports.base import DialHomed, DialLost, DialTurned, HardwareOnly, Sink
from kaleun.ports.encoder import StepCounter

log = logging.getLogger(__name__)


class HubDial:
    def __init__(self, spec: DialSpec, index: int, fake: Any = None) -> None:
        self.name = spec.name
        self.spec = spec
        #: the encoder's number on the hub (its place in kaleun_hub.json's encoders)
        self.index = index
        self.fake = fake
        self.counter = StepCounter(spec.counts_per_step)
        #: detents counted since the table started
        self.total = 0
        #: total minus the hub's own count (`pos` of its frames), once known: a frame lost on
        #: the way costs no detent, the next frame's position tells where the encoder is
        self.offset: int | None = None
        self._sink: Sink | None = None

    def start(self, sink: Sink) -> None:
        self._sink = sink

    def close(self) -> None:
        self._sink = None

    # -- from the link's thread --------------------------------------------------------------
    def turned(self, delta: int, pos: int | None = None) -> None:
        moved = pos + self.offset - self.total if pos is not None and self.offset is not None else delta
        if abs(delta) > MAX_TURN or abs(moved) > MAX_TURN:  # no hand's turn: a garbled count
            log.warning("deck hub encoder %d (dial %s) reported a turn of %d counts (its count %s), more than one "
                        "report holds (%d either way): ignored, the dial stays where it was", self.index, self.name,
                        moved if abs(moved) > abs(delta) else delta, "?" if pos is None else pos, MAX_TURN)
            if pos is not None:  # the next frames count on from here
                self.offset = self.total - pos
            return
        self.total += moved
        if pos is not None and self.offset is None:
            self.offset = self.total - pos
        clicks = self.counter.update(self.total)
        if clicks and self._sink is not None:
            self._sink(DialTurned(self.name, -clicks if self.spec.reverse else clicks))

    def at_home(self) -> None:
        """The hub saw the home switch close (after the turns that brought the ring there)."""
        self.counter.zero(self.total)
        if self._sink is not None:
            self._sink(DialHomed(self.name))

    def restarted(self) -> None:
        """The hub said hello again: its count starts over, and turns made while it was away
        were not counted. A homed dial's place is lost (the saved telegraph keeps its own)."""
        self.offset = None
        if self.spec.homing != "saved" and self._sink is not None:
            self._sink(DialLost(self.name))

    # -- hands -------------------------------------------------------------------------------
    @property
    def by_hand(self) -> Msg | None:
        """Why only a hand at the table turns the dial (an encoder on a real hub), or None on the fake hub."""
        if self.fake is None:
            return Msg("dial '{name}' is an encoder on the deck hub: turn it by hand", name=self.name)
        return None

    def turn(self, clicks: int) -> None:
        """Turn the fake hub's encoder by the detents that make `clicks` steps of the dial."""
        if (why := self.by_hand) is not None:
            raise HardwareOnly(why)
        steps = -clicks if self.spec.reverse else clicks
        goal = self.counter.counted + steps * self.counter.ratio
        target = math.ceil(goal) if steps > 0 else math.floor(goal)
        self.fake.turn_encoder(self.index, target - self.total)

    def home(self) -> None:
        if self.spec.homing == "calibrate":
            self.at_home()  # the crew confirms: the ring stands at its zero
            return
        if self.fake is None:
            raise HardwareOnly(Msg("dial '{name}' finds its zero by its home switch: turn it past its mark",
                                   name=self.name))
        self.fake.press_home(self.index)
