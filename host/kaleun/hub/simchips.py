"""Simulated reader chips and tags, for the fake hub, the tests and the scan benchmark.

- `SimMFRC522`: a register-level model of the MFRC522 behind the SPI `transfer` the
  firmware's driver uses: registers, FIFO, bit framing, the transceive command, the timer,
  and the ISO 14443A tags in its field with their IDLE/READY/ACTIVE/HALT states, bit-wise
  anticollision (CollReg, CollErr) and cascade levels. It counts every SPI transaction.
- `SimPN532`: the two calls of adafruit_pn532 that the firmware's PN532 reader makes.
- `TagField`: a reader reduced to "these tags are in the field" (fast, for big fakes).

Every model holds its tags in `field`; `put`/`remove` move tags in and out. `broken`
makes the chip stop answering (a pulled wire); `flaky` (0..1) makes each tag miss a scan
with that probability, drawn from the model's own seeded generator.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from kaleun.hub.proto import mfrc522 as drv
from kaleun.hub.proto import pn532 as pn

IDLE, READY, ACTIVE, HALT = "idle", "ready", "active", "halt"
NTAG_ATQA = b"\x44\x00"


def uid_bytes(uid: str | bytes) -> bytes:
    return bytes.fromhex(uid) if isinstance(uid, str) else bytes(uid)


@dataclass
class SimTag:
    """One ISO 14443A tag (an NTAG213 sticker by default: 7-byte UID, SAK 0x00)."""

    uid: bytes
    state: str = IDLE
    level: int = 0
    absent: bool = False  # missing this scan (flaky)
    sak: int = 0x00

    def cascade(self, level: int) -> bytes:
        """UID CLn (4 bytes) + BCC at one cascade level."""
        uid = self.uid
        parts = {4: [uid], 7: [b"\x88" + uid[:3], uid[3:]], 10: [b"\x88" + uid[:3], b"\x88" + uid[3:6], uid[6:]]}
        part = parts[len(uid)][level]
        return part + bytes((part[0] ^ part[1] ^ part[2] ^ part[3],))

    def levels(self) -> int:
        return {4: 1, 7: 2, 10: 3}[len(self.uid)]


def _bits(data: bytes, count: int, start: int = 0) -> list[int]:
    return [(data[i // 8] >> (i % 8)) & 1 for i in range(start, start + count)]


def _pack(bits: list[int], align: int) -> bytes:
    total = align + len(bits)
    out = bytearray((total + 7) // 8)
    for i, bit in enumerate(bits):
        pos = align + i
        out[pos // 8] |= bit << (pos % 8)
    return bytes(out)


class _Field:
    def __init__(self, seed: int = 0) -> None:
        self.field: list[SimTag] = []
        self.broken = False
        self.flaky = 0.0
        self.random = random.Random(seed)

    def put(self, uid: str | bytes) -> SimTag:
        tag = SimTag(uid_bytes(uid))
        if any(t.uid == tag.uid for t in self.field):
            raise ValueError(f"tag {tag.uid.hex().upper()} is already in this field")
        self.field.append(tag)
        return tag

    def remove(self, uid: str | bytes) -> None:
        raw = uid_bytes(uid)
        self.field = [t for t in self.field if t.uid != raw]

    def uids(self) -> list[str]:
        return [t.uid.hex().upper() for t in self.field]


class TagField(_Field):
    """A reader that simply reports the tags in its field."""

    def scan(self) -> list[bytes]:
        if self.broken:
            raise OSError("reader not answering")
        return [t.uid for t in self.field if not (self.flaky and self.random.random() < self.flaky)]


@dataclass
class Timeline:
    """Virtual time for chip models (the scan benchmark): every SPI transaction costs CPU
    time, and an RF exchange ends (its interrupt bits appear) only when its air time and
    the tag's answer are over, so polling and overlapping readers are modelled as they'd run.
    All times in microseconds."""

    per_transaction: float = 35.0
    per_byte: float = 2.0
    per_exchange_logic: float = 150.0
    rf_bit: float = 9.44
    frame_delay: float = 86.0
    now: float = 0.0

    def air(self, bits: int) -> float:
        return bits * 9 / 8 * self.rf_bit  # a parity bit per byte


class SimMFRC522(_Field):
    """Register model of one MFRC522 and its field. Use as the driver's port."""

    VERSION = 0x92

    def __init__(self, seed: int = 0, timeline: Timeline | None = None) -> None:
        super().__init__(seed)
        self.timeline = timeline
        self.transactions = 0
        self.bytes = 0
        #: RF exchanges: (frame kind, bits sent, bits answered or 0, answered?)
        self.exchanges: list[tuple[str, int, int, bool]] = []
        #: (time the exchange ends, ComIrqReg bits then, FIFO then, other registers then)
        self._pending: tuple[float, int, list[int], dict[int, int]] | None = None
        self._reset()

    def _reset(self) -> None:
        self._pending = None
        self.regs = [0] * 64
        self.regs[drv.COMMAND] = 0x20  # RcvOff clear, PowerDown clear, Idle
        self.regs[drv.T_MODE] = 0x00
        self.fifo: list[int] = []

    # -- the port the driver talks to -------------------------------------------------------
    def __enter__(self) -> SimMFRC522:
        return self

    def __exit__(self, *exc: object) -> None:
        return None

    def transfer(self, out: bytes) -> bytes:
        self.transactions += 1
        self.bytes += len(out)
        if self.timeline is not None:
            self.timeline.now += self.timeline.per_transaction + self.timeline.per_byte * len(out)
            self._deliver()
        if self.broken:
            return bytes(len(out))  # MISO stuck low: every register reads 0
        if not out:
            return b""
        if out[0] & 0x80:  # read: each address byte clocks out the next register value
            answer = bytearray(len(out))
            for i in range(1, len(out)):
                answer[i] = self._read((out[i - 1] >> 1) & 0x3F)
            return bytes(answer)
        reg = (out[0] >> 1) & 0x3F
        for value in out[1:]:
            self._write(reg, value)
        return bytes(len(out))

    def _read(self, reg: int) -> int:
        if reg == drv.FIFO_DATA:
            return self.fifo.pop(0) if self.fifo else 0
        if reg == drv.FIFO_LEVEL:
            return len(self.fifo)
        if reg == drv.VERSION:
            return self.VERSION
        return self.regs[reg]

    def _write(self, reg: int, value: int) -> None:
        if reg == drv.COMMAND:
            command = value & 0x0F
            if command == drv.SOFT_RESET:
                self._reset()
                return
            if command == drv.IDLE:
                self._pending = None  # Idle aborts a running command
            self.regs[reg] = (self.regs[reg] & 0xF0) | command
            if command == drv.TRANSMIT:
                self._transmit()
        elif reg == drv.COM_IRQ:
            mask = value & 0x7F
            self.regs[reg] = self.regs[reg] | mask if value & 0x80 else self.regs[reg] & ~mask
        elif reg == drv.FIFO_LEVEL:
            if value & 0x80:
                self.fifo = []
        elif reg == drv.FIFO_DATA:
            if len(self.fifo) < 64:
                self.fifo.append(value)
        elif reg == drv.BIT_FRAMING:
            self.regs[reg] = value & 0x7F
            if value & 0x80 and self.regs[drv.COMMAND] & 0x0F == drv.TRANSCEIVE:
                self._transceive()
        else:
            self.regs[reg] = value

    # -- the air interface ------------------------------------------------------------------
    def _timeout_us(self) -> float:
        prescaler = ((self.regs[drv.T_MODE] & 0x0F) << 8) | self.regs[drv.T_PRESCALER]
        reload = (self.regs[drv.T_RELOAD_H] << 8) | self.regs[drv.T_RELOAD_L]
        return reload * (2 * prescaler + 1) / 13.56

    def _finish(self, after_us: float, irq: int, fifo: list[int], regs: dict[int, int]) -> None:
        """The exchange's results appear now (no timeline) or after `after_us` of virtual time."""
        if self.timeline is None:
            self._pending = (0.0, irq, fifo, regs)
        else:
            self.timeline.now += self.timeline.per_exchange_logic
            self._pending = (self.timeline.now + after_us, irq, fifo, regs)
        self._deliver()

    def _deliver(self) -> None:
        if self._pending is None:
            return
        at, irq, fifo, regs = self._pending
        if self.timeline is not None and self.timeline.now < at:
            return
        self._pending = None
        self.fifo = fifo
        for reg, value in regs.items():
            self.regs[reg] = value
        self.regs[drv.COM_IRQ] |= irq

    def _transmit(self) -> None:
        data = bytes(self.fifo)
        self.fifo = []
        if self.regs[drv.TX_CONTROL] & 0x03 == 0x03:
            self._answers(data, 0)  # tags hear it (HLTA); nobody answers a Transmit
        self.exchanges.append((self._kind(data, 0), len(data) * 8, 0, False))
        air = self.timeline.air(len(data) * 8) if self.timeline else 0.0
        self._finish(air, drv.TX_IRQ, [], {})

    def _transceive(self) -> None:
        data = bytes(self.fifo)
        self.fifo = []
        framing = self.regs[drv.BIT_FRAMING]
        tx_bits = framing & 0x07
        rx_align = (framing >> 4) & 0x07
        antenna = self.regs[drv.TX_CONTROL] & 0x03 == 0x03
        answers = self._answers(data, tx_bits) if antenna else []
        sent_bits = len(data) * 8 - ((8 - tx_bits) if tx_bits else 0)
        air = self.timeline.air(sent_bits) if self.timeline else 0.0
        regs = {drv.ERROR: 0, drv.COLL: 0x20}  # CollPosNotValid until a collision says otherwise
        if not answers:
            self.exchanges.append((self._kind(data, tx_bits), sent_bits, 0, False))
            self._finish(air + self._timeout_us(), drv.TIMER_IRQ, [], regs)
            return
        length = max(len(a) for a in answers)
        merged: list[int] = []
        collision = None
        for i in range(length):
            values = {a[i] for a in answers if i < len(a)}
            if len(values) > 1 and collision is None:
                collision = i
            merged.append(max(values))
        self.exchanges.append((self._kind(data, tx_bits), sent_bits, length, True))
        regs[drv.CONTROL] = (rx_align + length) % 8
        irq = drv.RX_IRQ | drv.IDLE_IRQ
        if collision is not None:
            regs[drv.ERROR] = drv.COLL_ERR
            # CollPos counts from 1 at the first bit of the first FIFO byte, RxAlign's bits
            # included (see the driver's docstring); 0 stands for 32. A collision beyond bit
            # 32 cannot be shown: CollPosNotValid
            position = rx_align + collision + 1
            regs[drv.COLL] = position & 0x1F if position <= 32 else 0x20
            irq |= drv.ERR_IRQ
        if self.timeline is not None:
            air += self.timeline.frame_delay + self.timeline.air(length)
        self._finish(air, irq, list(_pack(merged, rx_align)), regs)

    @staticmethod
    def _kind(data: bytes, tx_bits: int) -> str:
        if tx_bits == 7 and len(data) == 1:
            return "wupa" if data[0] == drv.WUPA else "reqa"
        if data[:1] == bytes((drv.HLTA,)):
            return "hlta"
        if len(data) >= 2 and data[1] == 0x70:
            return "select"
        return "anticollision"

    def _answers(self, data: bytes, tx_bits: int) -> list[list[int]]:
        """Each present tag's answer as a list of bits (tags change state as they hear it)."""
        out: list[list[int]] = []
        if tx_bits == 7 and len(data) == 1 and data[0] in (drv.REQA, drv.WUPA):
            wake = data[0] == drv.WUPA
            for tag in self.field:
                if wake:
                    tag.absent = bool(self.flaky) and self.random.random() < self.flaky
                if tag.absent:
                    continue
                if tag.state == IDLE or (wake and tag.state == HALT):
                    tag.state, tag.level = READY, 0
                    out.append(_bits(NTAG_ATQA, 16))
                elif tag.state in (READY, ACTIVE):
                    tag.state = IDLE  # not a command these states expect
            return out
        if data[:1] == bytes((drv.HLTA,)) and tx_bits == 0:
            for tag in self.field:
                if tag.state == ACTIVE and data == bytes((drv.HLTA, 0)) + drv.crc_a(bytes((drv.HLTA, 0))):
                    tag.state = HALT
            return out
        if len(data) < 2 or data[0] not in drv.SEL:
            return out
        level = drv.SEL.index(data[0])
        nvb = data[1]
        if nvb == 0x70:  # SELECT
            if tx_bits or len(data) != 9 or drv.crc_a(data[:7]) != data[7:]:
                return out
            for tag in self.field:
                if tag.state != READY or tag.absent or tag.level != level:
                    continue
                if tag.cascade(level) == data[2:7]:
                    if level + 1 < tag.levels():
                        tag.level = level + 1
                        sak = 0x04
                    else:
                        tag.state = ACTIVE
                        sak = tag.sak
                    out.append(_bits(bytes((sak,)) + drv.crc_a(bytes((sak,))), 24))
                else:
                    tag.state = IDLE
            return out
        known = ((nvb >> 4) - 2) * 8 + (nvb & 0x0F)
        if not 0 <= known < 40 or (nvb & 0x0F) != tx_bits:
            return out
        for tag in self.field:
            if tag.state != READY or tag.absent or tag.level != level:
                continue
            full = tag.cascade(level)
            if _bits(full, known) == _bits(data[2:], known):
                out.append(_bits(full, 40 - known, known))
        return out


class SimPN532:
    """What the firmware's PN532Reader calls of adafruit_pn532, answering from the field."""

    def __init__(self, seed: int = 0) -> None:
        self.chip = _Field(seed)
        self.calls = 0
        self.resets = 0

    @property
    def field(self) -> list[SimTag]:
        return self.chip.field

    def SAM_configuration(self) -> None:
        if self.chip.broken:
            raise RuntimeError("no answer from the PN532")

    def reset(self) -> None:
        """adafruit_pn532's reset: reset pin pulse (when given), wake-up, SAM configuration."""
        self.resets += 1
        self.SAM_configuration()

    def call_function(self, command: int, params: list[int] | None = None, response_length: int = 0,
                      timeout: float = 1) -> bytes | None:
        self.calls += 1
        if self.chip.broken:
            raise RuntimeError("no answer from the PN532")
        if command == pn.IN_RELEASE:
            return b"\x00"
        if command != pn.IN_LIST_PASSIVE_TARGET:
            return None
        wanted = (params or [1])[0]
        present = [t for t in self.chip.field
                   if not (self.chip.flaky and self.chip.random.random() < self.chip.flaky)][:wanted]
        out = bytearray((len(present),))
        for number, tag in enumerate(present, start=1):
            out += bytes((number,)) + NTAG_ATQA[::-1] + bytes((tag.sak, len(tag.uid))) + tag.uid
        return bytes(out)


@dataclass
class SimReader:
    """One simulated reader as the firmware sees it (`scan`/`reset`), with its chip model."""

    kind: str
    chip: object
    driver: object
    uids_field: _Field = field(init=False)

    def __post_init__(self) -> None:
        self.uids_field = self.chip.chip if isinstance(self.chip, SimPN532) else self.chip  # type: ignore[assignment]

    def scan(self) -> list[bytes]:
        return self.driver.scan()  # type: ignore[attr-defined]

    def reset(self) -> None:
        self.driver.reset()  # type: ignore[attr-defined]

    def __getattr__(self, name: str) -> object:
        # scan_steps/found of the MFRC522 driver, so the scanner interleaves the readers
        if name in ("scan_steps", "found"):
            return getattr(self.driver, name)
        raise AttributeError(name)


def make_reader(kind: str, model: str = "chip", seed: int = 0) -> SimReader:
    """A simulated reader: model "chip" runs the firmware's driver against a chip model,
    "field" only reports the tags in the field."""
    if model == "field":
        chip = TagField(seed)
        return SimReader(kind, chip, chip)
    if kind == "pn532":
        sim = SimPN532(seed)
        reader = pn.PN532Reader(sim)
        reader.init()
        return SimReader(kind, sim, reader)
    model_chip = SimMFRC522(seed)
    driver = drv.MFRC522(model_chip)
    driver.init()
    return SimReader(kind, model_chip, driver)


class SimEncoder:
    """A rotary encoder as rotaryio reports it: `position` in detents."""

    def __init__(self) -> None:
        self.position = 0


class SimKeyEvent:
    def __init__(self, key_number: int, pressed: bool) -> None:
        self.key_number = key_number
        self.pressed = pressed
        self.released = not pressed


class SimKeys:
    """keypad.Keys as the firmware reads it: presses queued until `events.get()` takes them."""

    def __init__(self, count: int) -> None:
        self.key_count = count
        self.queued: list[SimKeyEvent] = []
        self.events = self

    def get(self) -> SimKeyEvent | None:
        return self.queued.pop(0) if self.queued else None

    def press(self, key: int) -> None:
        self.queued += [SimKeyEvent(key, True), SimKeyEvent(key, False)]
