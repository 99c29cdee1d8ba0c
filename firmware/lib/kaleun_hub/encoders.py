# SPDX-License-Identifier: MIT
"""Rotary encoders on the hub (rotaryio.IncrementalEncoder, counted by the RP2040's PIO) and
their home switches (keypad.Keys: scanned and debounced in the background, presses queued,
so a switch closed for a moment while the hub reads its NFC readers is not missed).

`poll` reports each encoder whose detent position changed since the last poll, then each
home switch that closed, with its encoder's position then: ("turn", encoder, delta,
position) and ("home", encoder, 0, position), in that order. An encoder that moved further than
one `turn` frame carries (codec.MAX_TURN either way: the main loop held up while the PIO counted on)
is reported as several turns, each of at most MAX_TURN counts, their positions counting on to
where it stands: the host counts every one instead of ignoring one over-long frame.
"""

from kaleun_hub.codec import MAX_TURN


class EncoderWatch:
    def __init__(self, encoders, homes=None, home_of=()):
        self.encoders = list(encoders)
        self.last = [enc.position for enc in self.encoders]
        #: a keypad.Keys-like object (`events.get()` -> event with key_number, pressed, or None)
        self.homes = homes
        #: key number of `homes` -> encoder number
        self.home_of = list(home_of)

    def poll(self):
        changes = []
        for index, enc in enumerate(self.encoders):
            position = enc.position
            last = self.last[index]
            while position != last:
                delta = max(-MAX_TURN, min(MAX_TURN, position - last))
                last += delta
                changes.append(("turn", index, delta, last))
            self.last[index] = position
        if self.homes is not None:
            while True:
                event = self.homes.events.get()
                if event is None:
                    break
                if event.pressed and 0 <= event.key_number < len(self.home_of):
                    index = self.home_of[event.key_number]
                    changes.append(("home", index, 0, self.last[index]))
        return changes

    def settled(self):
        """True when every turn has been reported (the fake hub waits for it)."""
        for index, enc in enumerate(self.encoders):
            if enc.position != self.last[index]:
                return False
        return True
