"""Encoder counts to dial steps: one rule for every adapter (gpiozero, deck hub).

A board file says how many encoder steps make one step of a dial (`steps_per_position` of a
detented dial, `steps_per_revolution` of a ring over the ring's declared steps); the ratio
may be fractional (600 encoder steps per revolution for a ring read in 360 degrees). A dial
step is counted once the encoder has turned all of it; a partial step waits, in either
direction, so an encoder resting on the edge between two counts never flickers.
"""

from __future__ import annotations

from fractions import Fraction


class StepCounter:
    def __init__(self, counts_per_step: Fraction | int) -> None:
        self.ratio = Fraction(counts_per_step)
        if self.ratio <= 0:
            raise ValueError("an encoder needs a positive number of counts per step")
        #: encoder counts already turned into steps (on the lattice of whole steps since `zero`)
        self.counted = Fraction(0)

    def update(self, total: int) -> int:
        """Steps turned since the last call, the encoder's running count now being `total`."""
        steps = int((total - self.counted) / self.ratio)  # toward zero: a partial step waits
        self.counted += steps * self.ratio
        return steps

    def zero(self, total: int) -> None:
        """The dial stands on a whole step at encoder count `total` (its home mark)."""
        self.counted = Fraction(total)
