# SPDX-License-Identifier: MIT
"""MFRC522 driver at register level: enumerates every ISO 14443A tag in the field.

The driver talks to a *port*: an object with `transfer(out) -> bytes` that runs one SPI
transaction (chip select low, full-duplex transfer, chip select high) and, optionally,
`release()`, called whenever the driver waits for the radio (`hardware.SpiPort` takes the
shared bus on its first transfer and gives it back there, so other readers' drivers can
use it). One register access is one transaction: address byte ``(reg << 1) & 0x7E``
(| 0x80 to read), then data.

`scan_steps()` is a generator that yields each time the chip is busy on the air; the
scanner steps the generators of all readers in turn, so while one reader's RF exchange
runs the CPU talks to the others (the RF time of 8 readers overlaps). `scan()` runs the
same steps for one reader alone.

One `scan()`:

1. WUPA wakes every tag in the field, halted ones included (a tag halted by the previous
   scan only answers WUPA); later rounds in the same scan use REQA, which halted tags ignore.
2. Anticollision, cascade level by level (1, 2, 3 for 4-, 7- and 10-byte UIDs): on a bit
   collision the driver takes the branch with that bit set and asks again with one more
   known bit, until a single tag answers with a whole UID CLn and a matching BCC.
3. SELECT (with CRC_A) fixes that tag; its SAK tells whether the UID continues at the
   next cascade level.
4. HLTA sends the tag to sleep, so the next REQA finds the others. A REQA that nothing
   answers ends the scan.

Collision position. The MFRC522 data sheet (CollReg) says CollPos is "the bit position of
the first detected collision in a received frame" (01h = 1st bit, 00h = 32nd bit) without
saying where counting starts when RxAlign is not 0. Its successor's data sheet (MFRC631,
RxColl) does: RxAlign is included in CollPos (RxAlign = 4, a collision in the 4th received
bit: CollPos names the 8th bit). NXP's own reader library for this register set (the
RC523 HAL) reads it the same way: (CollPos - 1) split into whole FIFO bytes and valid bits
of the last byte, which only fits if CollPos counts in the FIFO's bit layout, where the
first received bit sits at position RxAlign. The known whole bytes are not received again,
so the collided bit of UID CLn is bit (known whole bytes * 8 + CollPos - 1), counting from 0.
The common Arduino library (miguelbalboa/rfid) takes CollPos as counted from the start of
UID CLn instead; the two agree only while no whole byte is known yet. The chip model in
kaleun.hub.simchips follows the data sheets, and tests/hub/test_readers.py pins both.
CRC_A is computed in software (saves the CalcCRC round trips).
"""

# registers
COMMAND = 0x01
COM_IRQ = 0x04
ERROR = 0x06
FIFO_DATA = 0x09
FIFO_LEVEL = 0x0A
CONTROL = 0x0C
BIT_FRAMING = 0x0D
COLL = 0x0E
MODE = 0x11
TX_MODE = 0x12
RX_MODE = 0x13
TX_CONTROL = 0x14
TX_ASK = 0x15
MOD_WIDTH = 0x24
T_MODE = 0x2A
T_PRESCALER = 0x2B
T_RELOAD_H = 0x2C
T_RELOAD_L = 0x2D
VERSION = 0x37

# commands
IDLE = 0x00
TRANSCEIVE = 0x0C
SOFT_RESET = 0x0F

# ISO 14443A
REQA = 0x26
WUPA = 0x52
HLTA = 0x50
SEL = (0x93, 0x95, 0x97)
CASCADE_TAG = 0x88

TRANSMIT = 0x04

# ComIrqReg bits
TX_IRQ = 0x40
TIMER_IRQ = 0x01
ERR_IRQ = 0x02
IDLE_IRQ = 0x10
RX_IRQ = 0x20
# ErrorReg bits
PROTOCOL_ERR = 0x01
PARITY_ERR = 0x02
COLL_ERR = 0x08
BUFFER_OVFL = 0x10

#: VersionReg values of genuine and clone chips
KNOWN_VERSIONS = (0x88, 0x90, 0x91, 0x92, 0x12, 0xB2)
#: most tags one reader enumerates in a scan (a guard against a tag that never halts)
MAX_TAGS = 16
#: ComIrqReg reads before the driver gives up on an exchange (the chip's own timer ends
#: every transceive after `timeout_us`, so this only trips on a dead bus)
MAX_POLLS = 500


class ReaderError(Exception):
    def __init__(self, code, detail=""):
        super().__init__(code + (": " + detail if detail else ""))
        self.code = code


def _crc_table():
    table = []
    for i in range(256):
        crc = i
        for _ in range(8):
            crc = (crc >> 1) ^ 0x8408 if crc & 1 else crc >> 1
        table.append(crc)
    return table


_CRC_A = _crc_table()


def crc_a(data):
    """ISO 14443A CRC_A (init 0x6363, reflected polynomial 0x8408), low byte first."""
    crc = 0x6363
    for byte in data:
        crc = (crc >> 8) ^ _CRC_A[(crc ^ byte) & 0xFF]
    return bytes((crc & 0xFF, crc >> 8))


class MFRC522:
    def __init__(self, port, timeout_us=500):
        self.port = port
        #: how long the chip waits for a tag's answer after sending (its timer starts at the
        #: end of transmission and stops when an answer begins: ISO 14443A tags answer
        #: ~86 us after the frame)
        self.timeout_us = timeout_us
        self.version = None
        #: results of the step generators (MicroPython-friendly: no generator return values)
        self.answer = None
        self.part = None
        self.uid = None
        self.found = []

    # -- register access --------------------------------------------------------------------
    def write(self, reg, *values):
        self.port.transfer(bytes(((reg << 1) & 0x7E,) + values))

    def write_bytes(self, reg, data):
        self.port.transfer(bytes(((reg << 1) & 0x7E,)) + bytes(data))

    def read(self, reg):
        return self.port.transfer(bytes((((reg << 1) & 0x7E) | 0x80, 0)))[1]

    def read_bytes(self, reg, count):
        if count <= 0:
            return b""
        address = ((reg << 1) & 0x7E) | 0x80
        return bytes(self.port.transfer(bytes((address,) * count + (0,)))[1:])

    def release(self):
        """Give the shared bus back (the driver waits for the radio, or is done)."""
        release = getattr(self.port, "release", None)
        if release is not None:
            release()

    # -- set-up -----------------------------------------------------------------------------
    def init(self):
        """Reset and configure the chip; raises ReaderError when no chip answers."""
        try:
            self.write(COMMAND, SOFT_RESET)
            for _ in range(50):
                if not self.read(COMMAND) & 0x10:  # PowerDown bit clears when the reset is done
                    break
            else:
                raise ReaderError("no_reset")
            version = self.read(VERSION)
            if version not in KNOWN_VERSIONS:
                raise ReaderError("no_chip", "VersionReg = 0x%02X" % version)
            self.version = version
            self.write(TX_MODE, 0x00)
            self.write(RX_MODE, 0x00)
            self.write(MOD_WIDTH, 0x26)
            # timer: TAuto, 13.56 MHz / (2 * 169 + 1) = 40 kHz; reload = timeout in 25 us ticks
            ticks = max(1, (self.timeout_us + 24) // 25)
            self.write(T_MODE, 0x80)
            self.write(T_PRESCALER, 0xA9)
            self.write(T_RELOAD_H, ticks >> 8)
            self.write(T_RELOAD_L, ticks & 0xFF)
            self.write(TX_ASK, 0x40)  # 100 % ASK
            self.write(MODE, 0x3D)  # CRC preset 0x6363
            control = self.read(TX_CONTROL)
            if control & 0x03 != 0x03:
                self.write(TX_CONTROL, control | 0x03)  # antenna on
        finally:
            self.release()

    def reset(self):
        """Bring a chip that stopped answering back: a hard reset through the port's RST
        pin when it has one (`port.hard_reset()`), then `init()` again."""
        hard_reset = getattr(self.port, "hard_reset", None)
        if hard_reset is not None:
            hard_reset()
        self.init()

    # -- one exchange -----------------------------------------------------------------------
    def _load(self, data):
        self.write(COMMAND, IDLE)  # stop whatever the chip still does
        self.write(COM_IRQ, 0x7F)  # clear every interrupt request bit
        self.write(FIFO_LEVEL, 0x80)  # flush the FIFO
        self.write_bytes(FIFO_DATA, data)

    def _wait(self, done):
        """Poll ComIrqReg until a bit of `done` or the timer is set; yields while waiting.
        Sets self.answer to the last ComIrqReg value."""
        for _ in range(MAX_POLLS):
            irq = self.read(COM_IRQ)
            if irq & (done | TIMER_IRQ):
                self.answer = irq
                return
            self.release()
            yield
        raise ReaderError("stuck", "no interrupt from the chip")

    def transceive_steps(self, data, tx_bits=0, rx_align=0):
        """Send `data` (last byte holding `tx_bits` bits, 0 = 8) and receive the answer.

        Sets self.answer to (received bytes, collision) or None when no tag answered before
        the chip's timer ran out."""
        self._load(data)
        self.write(COMMAND, TRANSCEIVE)
        self.write(BIT_FRAMING, (rx_align << 4) | tx_bits | 0x80)  # framing + StartSend
        yield from self._wait(RX_IRQ | IDLE_IRQ)
        if not self.answer & (RX_IRQ | IDLE_IRQ):
            self.answer = None
            return
        error = self.read(ERROR)
        if error & (BUFFER_OVFL | PARITY_ERR | PROTOCOL_ERR):
            raise ReaderError("rf_error", "ErrorReg = 0x%02X" % error)
        count = self.read(FIFO_LEVEL) & 0x7F
        self.answer = (self.read_bytes(FIFO_DATA, count), bool(error & COLL_ERR))

    def transceive(self, data, tx_bits=0, rx_align=0):
        for _ in self.transceive_steps(data, tx_bits, rx_align):
            pass
        return self.answer

    # -- ISO 14443A -------------------------------------------------------------------------
    def request_steps(self, wake):
        """REQA (or WUPA): self.answer is not None when at least one tag answered
        (an ATQA collision still means "tags here")."""
        yield from self.transceive_steps(bytes((WUPA if wake else REQA,)), tx_bits=7)

    def request(self, wake):
        for _ in self.request_steps(wake):
            pass
        return self.answer is not None

    def halt_steps(self):
        """HLTA. A halted tag never answers, so send it with Transmit, not Transceive: the
        chip need not wait out its timer."""
        frame = bytes((HLTA, 0))
        self._load(frame + crc_a(frame))
        self.write(COMMAND, TRANSMIT)
        yield from self._wait(TX_IRQ)

    def _cascade_steps(self, level):
        """Anticollision + SELECT at one cascade level. Sets self.part to (4 UID bytes, SAK)
        or None when the tag went away."""
        self.part = None
        sel = SEL[level]
        known = bytearray(5)
        known_bits = 0
        for _ in range(40):
            whole, bits = known_bits // 8, known_bits % 8
            frame = bytes((sel, ((2 + whole) << 4) | bits)) + bytes(known[:whole + (1 if bits else 0)])
            yield from self.transceive_steps(frame, tx_bits=bits, rx_align=bits)
            if self.answer is None:
                return  # the tag left while we were talking to it
            received, collision = self.answer
            for offset, byte in enumerate(received):
                index = whole + offset
                if index > 4:
                    break
                if offset == 0 and bits:
                    mask = (1 << bits) - 1
                    byte = (known[index] & mask) | (byte & ~mask & 0xFF)
                known[index] = byte
            if not collision:
                if known[0] ^ known[1] ^ known[2] ^ known[3] != known[4]:
                    raise ReaderError("bad_bcc")
                break
            coll = self.read(COLL)
            if coll & 0x20:
                raise ReaderError("collision", "position not valid")
            position = whole * 8 + ((coll & 0x1F) or 32)
            if position <= known_bits or position > 32:
                raise ReaderError("collision", "no progress at bit %d" % position)
            bit = position - 1
            known[bit // 8] = (known[bit // 8] & ((1 << (bit % 8)) - 1)) | (1 << (bit % 8))
            known_bits = position
        else:
            raise ReaderError("collision", "anticollision did not converge")
        frame = bytes((sel, 0x70)) + bytes(known)
        yield from self.transceive_steps(frame + crc_a(frame))
        if self.answer is None:
            return
        sak = self.answer[0]
        if len(sak) != 3 or crc_a(sak[:1]) != sak[1:]:
            raise ReaderError("bad_sak")
        self.part = (bytes(known[:4]), sak[0])

    def select_steps(self):
        """Anticollision and SELECT over the cascade levels: self.uid = the full UID or None."""
        self.uid = None
        uid = b""
        for level in range(3):
            yield from self._cascade_steps(level)
            if self.part is None:
                return
            part, sak = self.part
            if sak & 0x04:  # UID not complete: drop the cascade tag, go on
                if part[0] != CASCADE_TAG:
                    raise ReaderError("bad_cascade")
                uid += part[1:]
                continue
            self.uid = uid + part
            return
        raise ReaderError("bad_cascade", "UID longer than three cascade levels")

    def scan_steps(self):
        """Every tag in the field into self.found (UIDs as bytes), each tag halted afterwards.
        Yields whenever the chip is busy on the air."""
        self.found = []
        try:
            wake = True
            for _ in range(2 * MAX_TAGS):
                if len(self.found) >= MAX_TAGS:
                    break
                yield from self.request_steps(wake)
                if self.answer is None:
                    break
                wake = False
                yield from self.select_steps()
                if self.uid is None:
                    continue
                if self.uid not in self.found:
                    self.found.append(self.uid)
                yield from self.halt_steps()
        finally:
            self.release()

    def scan(self):
        """Every tag in the field: a list of UIDs (bytes)."""
        for _ in self.scan_steps():
            pass
        return self.found
