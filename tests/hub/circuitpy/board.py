"""Stand-in for CircuitPython's `board` on a Raspberry Pi Pico: pins GP0-GP29."""


class Pin:
    def __init__(self, number):
        self.id = number

    def __repr__(self):
        return f"board.GP{self.id}"


for _number in range(30):
    globals()[f"GP{_number}"] = Pin(_number)
