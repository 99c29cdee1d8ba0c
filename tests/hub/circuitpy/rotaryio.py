"""Stand-in for CircuitPython's `rotaryio` on the RP2040 (PIO): A and B must be adjacent
GPIOs, else "Pins must be sequential GPIO pins"."""

import digitalio


class IncrementalEncoder:
    def __init__(self, pin_a, pin_b, divisor=4):
        if abs(pin_a.id - pin_b.id) != 1:
            raise RuntimeError("Pins must be sequential GPIO pins")
        digitalio.claim(pin_a, self)
        digitalio.claim(pin_b, self)
        self.divisor = divisor
        self.position = 0
