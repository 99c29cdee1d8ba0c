# SPDX-License-Identifier: MIT
"""MFRC522 driver at register level: enumerates every ISO 14443A tag in the field.

The driver talks to a *port*: an object with `transfer(out) -> bytes` that runs one SPI
transaction (chip select low, full-duplex transfer, chip select high) and can be used as a
context manager around a series of transactions (`hardware.SpiPort` locks and configures
the bus there; the host's register model does nothing). One register access is one
transaction: address byte ``(reg << 1) & 0x7E`` (| 0x80 to read), then data.

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

Collision position: CollReg's CollPos counts bits from 1 at the first bit of the first
received byte *including* the RxAlign offset, i.e. at bit (known whole bytes * 8 + CollPos)
of the UID CLn field. CRC_A is computed in software (saves the CalcCRC round trips).
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

# ComIrqReg bits
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
#: ComIrqReg reads before the driver gives up on a transceive (the chip's own timer ends
#: every transceive after ~1 ms, so this only trips on a dead bus)
MAX_POLLS = 200


class ReaderError(Exception):
    def __init__(self, code, detail=""):
        Exception.__init__(self, code + (": " + detail if detail else ""))
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


class _NullContext:
    def __enter__(self):
        return self

    def __exit__(self, *exc):
        return False


class MFRC522:
    def __init__(self, port, timeout_ms=1):
        self.port = port
        self.timeout_ms = timeout_ms
        self.version = None

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

    def _session(self):
        enter = getattr(self.port, "__enter__", None)
        return self.port if enter is not None else _NullContext()

    # -- set-up -----------------------------------------------------------------------------
    def init(self):
        """Reset and configure the chip; raises ReaderError when no chip answers."""
        with self._session():
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
            ticks = max(1, self.timeout_ms * 40)
            self.write(T_MODE, 0x80)
            self.write(T_PRESCALER, 0xA9)
            self.write(T_RELOAD_H, ticks >> 8)
            self.write(T_RELOAD_L, ticks & 0xFF)
            self.write(TX_ASK, 0x40)  # 100 % ASK
            self.write(MODE, 0x3D)  # CRC preset 0x6363
            control = self.read(TX_CONTROL)
            if control & 0x03 != 0x03:
                self.write(TX_CONTROL, control | 0x03)  # antenna on

    def reset(self):
        self.init()

    # -- one exchange -----------------------------------------------------------------------
    def transceive(self, data, tx_bits=0, rx_align=0):
        """Send `data` (last byte holding `tx_bits` bits, 0 = 8), receive the answer.

        Returns (received bytes, valid bits in the last byte (0 = 8), collision) or None when
        no tag answered before the chip's timer ran out.
        """
        self.write(COMMAND, IDLE)
        self.write(COM_IRQ, 0x7F)  # clear every interrupt request bit
        self.write(FIFO_LEVEL, 0x80)  # flush the FIFO
        self.write_bytes(FIFO_DATA, data)
        framing = (rx_align << 4) | tx_bits
        self.write(BIT_FRAMING, framing)
        self.write(COMMAND, TRANSCEIVE)
        self.write(BIT_FRAMING, framing | 0x80)  # StartSend
        for _ in range(MAX_POLLS):
            irq = self.read(COM_IRQ)
            if irq & (RX_IRQ | IDLE_IRQ):
                break
            if irq & TIMER_IRQ:
                return None
        else:
            raise ReaderError("stuck", "no interrupt from the chip")
        error = self.read(ERROR)
        if error & (BUFFER_OVFL | PARITY_ERR | PROTOCOL_ERR):
            raise ReaderError("rf_error", "ErrorReg = 0x%02X" % error)
        count = self.read(FIFO_LEVEL) & 0x7F
        received = self.read_bytes(FIFO_DATA, count)
        last_bits = self.read(CONTROL) & 0x07
        return received, last_bits, bool(error & COLL_ERR)

    # -- ISO 14443A -------------------------------------------------------------------------
    def request(self, wake):
        """REQA (or WUPA): True when at least one tag answered."""
        answer = self.transceive(bytes((WUPA if wake else REQA,)), tx_bits=7)
        return answer is not None  # an ATQA collision still means "tags here"

    def halt(self):
        self.transceive(bytes((HLTA, 0)) + crc_a(bytes((HLTA, 0))))  # a halted tag never answers

    def _cascade(self, level):
        """Anticollision + SELECT at one cascade level. Returns (4 UID bytes, SAK) or None."""
        sel = SEL[level]
        known = bytearray(5)
        known_bits = 0
        for _ in range(40):
            whole, bits = known_bits // 8, known_bits % 8
            frame = bytes((sel, ((2 + whole) << 4) | bits)) + bytes(known[:whole + (1 if bits else 0)])
            answer = self.transceive(frame, tx_bits=bits, rx_align=bits)
            if answer is None:
                return None  # the tag left while we were talking to it
            received, _, collision = answer
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
        answer = self.transceive(frame + crc_a(frame))
        if answer is None:
            return None
        sak = answer[0]
        if len(sak) != 3 or crc_a(sak[:1]) != sak[1:]:
            raise ReaderError("bad_sak")
        return bytes(known[:4]), sak[0]

    def select(self):
        """Anticollision and SELECT over the cascade levels: the full UID, or None."""
        uid = b""
        for level in range(3):
            result = self._cascade(level)
            if result is None:
                return None
            part, sak = result
            if sak & 0x04:  # UID not complete: drop the cascade tag, go on
                if part[0] != CASCADE_TAG:
                    raise ReaderError("bad_cascade")
                uid += part[1:]
                continue
            return uid + part
        raise ReaderError("bad_cascade", "UID longer than three cascade levels")

    def scan(self):
        """Every tag in the field: a list of UIDs (bytes), each tag halted afterwards."""
        found = []
        with self._session():
            wake = True
            for _ in range(2 * MAX_TAGS):
                if len(found) >= MAX_TAGS or not self.request(wake):
                    break
                wake = False
                uid = self.select()
                if uid is None:
                    continue
                if uid not in found:
                    found.append(uid)
                self.halt()
        return found
