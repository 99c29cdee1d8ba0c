"""Stand-in for CircuitPython's `digitalio`: a pin can be claimed once until `deinit()`
(CircuitPython raises "GP17 in use"), and every output level is recorded."""

#: pin number -> the object that holds it (busio and the others claim through `claim`)
CLAIMED = {}


def claim(pin, holder):
    if pin.id in CLAIMED:
        raise ValueError(f"GP{pin.id} in use")
    CLAIMED[pin.id] = holder


def release(pin):
    CLAIMED.pop(pin.id, None)


class Direction:
    INPUT = "input"
    OUTPUT = "output"


class DigitalInOut:
    def __init__(self, pin):
        claim(pin, self)
        self.pin = pin
        self.direction = Direction.INPUT
        self._value = False
        #: every level written while an output, in order
        self.levels = []

    @property
    def value(self):
        return self._value

    @value.setter
    def value(self, level):
        self._value = bool(level)
        self.levels.append(self._value)

    def switch_to_output(self, value=False, drive_mode=None):
        self.direction = Direction.OUTPUT
        self.value = value

    def deinit(self):
        release(self.pin)
