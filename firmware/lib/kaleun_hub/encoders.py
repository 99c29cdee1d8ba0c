# SPDX-License-Identifier: MIT
"""Rotary encoders on the hub (rotaryio.IncrementalEncoder, counted by the RP2040's PIO).

`poll` reports each encoder whose detent position changed since the last poll.
"""


class EncoderWatch:
    def __init__(self, encoders):
        self.encoders = list(encoders)
        self.last = [enc.position for enc in self.encoders]

    def poll(self):
        changes = []
        for index, enc in enumerate(self.encoders):
            position = enc.position
            if position != self.last[index]:
                changes.append((index, position - self.last[index], position))
                self.last[index] = position
        return changes
