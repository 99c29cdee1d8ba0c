"""Stand-in for CircuitPython's `busio.SPI` on the RP2040: the pins must be one SPI
block's SCK, TX (MOSI) and RX (MISO); each transaction goes to the chip whose chip select
is low (`CHIPS`: pin number -> object with `transfer(bytes) -> bytes`); with no chip there
MISO reads 0."""

import digitalio

#: pin number -> the chip model behind that chip select (tests fill it)
CHIPS = {}
SCK, TX, RX = 2, 3, 0  # pin number % 4 of each function


def _block(pin, function):
    if pin.id % 4 != function:
        return None
    return (pin.id // 8) % 2


class SPI:
    def __init__(self, clock, MOSI=None, MISO=None):
        blocks = {_block(clock, SCK), _block(MOSI, TX), _block(MISO, RX)}
        if None in blocks or len(blocks) != 1:
            raise ValueError("Invalid pins")
        for pin in (clock, MOSI, MISO):
            digitalio.claim(pin, self)
        self.locked = False
        self.transactions = 0

    def try_lock(self):
        if self.locked:
            return False
        self.locked = True
        return True

    def unlock(self):
        self.locked = False

    def configure(self, baudrate=100000, polarity=0, phase=0, bits=8):
        self.baudrate = baudrate

    def _selected(self):
        for number, holder in digitalio.CLAIMED.items():
            if isinstance(holder, digitalio.DigitalInOut) and holder.direction == "output" and not holder.value:
                return number
        return None

    def write_readinto(self, out, buf, out_start=0, out_end=None, in_start=0, in_end=None):
        if not self.locked:
            raise RuntimeError("SPI not locked")
        self.transactions += 1
        data = bytes(out)
        chip = CHIPS.get(self._selected())
        answer = chip.transfer(data) if chip is not None else bytes(len(data))
        for i in range(len(answer)):
            buf[i] = answer[i]

    def write(self, data):
        self.write_readinto(data, bytearray(len(data)))
