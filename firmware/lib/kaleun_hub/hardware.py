# SPDX-License-Identifier: MIT
"""Build the hub's devices from its config. CircuitPython only (board, busio, digitalio...).

Imported by code.py on the Pico; the host never imports this module (its tests do, with
stand-ins for the CircuitPython modules).

Every pin is claimed once, here, and kept: a reader that fails is re-initialised through
its own driver (`init`/`reset`, with a pulse on its RST pin when it has one), never by
claiming its pins again (CircuitPython refuses a pin that is still in use). A part that
cannot be set up (the SPI bus, the strip, an encoder, a reader's pins) is reported by name
and left out; the hub runs on with the rest and says so in its `hello` (`setup=`).
"""

import time

import board
import busio
import digitalio

from kaleun_hub.mfrc522 import MFRC522
from kaleun_hub.pn532 import PN532Reader, quick
from kaleun_hub.scanner import error_name

#: RST held low for a hard reset (the MFRC522 needs > 100 ns), then the wait for the chip's
#: oscillator to start (the data sheet leaves it to the crystal; 50 ms is the usual choice)
RESET_LOW_S = 0.001
RESET_SETTLE_S = 0.05


def pin(name):
    found = getattr(board, name, None)
    if found is None:
        raise ValueError("this board has no pin %s" % name)
    return found


def output(name, value=True):
    """Claim pin `name` as an output at `value` (once; the object is kept)."""
    io = digitalio.DigitalInOut(pin(name))
    io.switch_to_output(value=value)
    return io


class ReaderDown(OSError):
    """A reader whose driver is not up; `code` is the word for its `fault` frame."""

    def __init__(self, code):
        super().__init__(code)
        self.code = code


class SpiPort:
    """One MFRC522 on the shared bus: its chip select (and RST), transactions of raw bytes.

    The bus is taken (locked and set to this chip's speed and mode) on the first transfer
    and given back by `release()`, which the driver calls whenever it waits for the radio:
    the other readers, PN532s included, use the bus meanwhile."""

    def __init__(self, spi, cs, baudrate, rst=None):
        self.spi = spi
        self.baudrate = baudrate
        self.cs = cs
        self.rst = rst
        self.locked = False
        self._in = bytearray(64)

    def transfer(self, out):
        if not self.locked:
            while not self.spi.try_lock():
                pass
            self.spi.configure(baudrate=self.baudrate, polarity=0, phase=0)
            self.locked = True
        size = len(out)
        buf = self._in if size <= len(self._in) else bytearray(size)
        self.cs.value = False
        try:
            self.spi.write_readinto(out, buf, in_end=size)
        finally:
            self.cs.value = True
        return bytes(buf[:size])

    def release(self):
        if self.locked:
            self.spi.unlock()
            self.locked = False

    def hard_reset(self):
        """Pulse RST low (the MFRC522's NRSTPD): a hard reset. Nothing without an RST pin."""
        if self.rst is None:
            return
        self.rst.value = False
        time.sleep(RESET_LOW_S)
        self.rst.value = True
        time.sleep(RESET_SETTLE_S)


class ReaderSlot:
    """One reader's place on the bus. `make()` builds its driver from pins claimed at
    start-up (a PN532's constructor already talks to the chip, so it may fail and is tried
    again); `reset()` brings the driver up: the first time `make()` + `init()`, later the
    driver's own `reset()`. Scans fail with the last set-up error until it is up."""

    def __init__(self, make):
        self.make = make
        self.driver = None
        self.up = False
        self.error = "not_initialised"
        self.found = []

    def scan_steps(self):
        if not self.up:
            raise ReaderDown(self.error)
        steps = getattr(self.driver, "scan_steps", None)
        if steps is None:
            self.found = self.driver.scan()
            return
        yield from steps()
        self.found = self.driver.found

    def reset(self):
        self.up = False
        try:
            if self.driver is None:
                driver = self.make()
                self.driver = driver
                driver.init()
            else:
                self.driver.reset()
        except Exception as exc:
            self.error = error_name(exc)
            raise
        self.up = True


def _failing(code):
    def make():
        raise ReaderDown(code)

    return make


def claim(entry, report=print):
    """(cs, rst or None) of a reader entry, claimed as outputs at high, or None when a pin
    cannot be had (a chip select that was claimed stays high: that chip keeps quiet)."""
    try:
        cs = output(entry["cs"])
    except Exception as exc:
        report("reader on", entry["cs"], "cannot claim its chip select:", exc)
        return None
    try:
        rst = output(entry["rst"]) if entry.get("rst") else None
    except Exception as exc:
        report("reader on", entry["cs"], "cannot claim its reset pin", entry["rst"], ":", exc)
        return None
    return cs, rst


def make_reader(spi, spi_cfg, entry, pins, report=print):
    """The ReaderSlot of one config entry with its claimed `pins`; its first set-up is
    tried here."""
    if pins is None:
        return ReaderSlot(_failing("pin"))
    cs, rst = pins
    if spi is None:
        make = _failing("no_spi")
    elif entry["kind"] == "pn532":
        def make():
            from adafruit_pn532.spi import PN532_SPI

            return PN532Reader(quick(PN532_SPI)(spi, cs, reset=rst))
    else:
        port = SpiPort(spi, cs, spi_cfg["baudrate"], rst)

        def make():
            return MFRC522(port)
    slot = ReaderSlot(make)
    try:
        slot.reset()
    except Exception as exc:  # reported as a fault from the first scans on
        report("reader on", entry["cs"], "failed:", exc)
    return slot


class StillEncoder:
    """Stands in for an encoder that could not be set up (its number stays taken)."""

    position = 0


def build(cfg, report=print):
    """(readers, lamps or None, encoders or None, setup problems) for the config.

    Never raises for a part that cannot be set up: it is reported, left out (a reader then
    fails every scan and becomes a `fault`) and named in the returned problem words."""
    problems = []
    spi_cfg = cfg["spi"]
    spi = None
    try:
        spi = busio.SPI(pin(spi_cfg["sck"]), MOSI=pin(spi_cfg["mosi"]), MISO=pin(spi_cfg["miso"]))
    except Exception as exc:
        report("SPI bus on", spi_cfg["sck"], spi_cfg["mosi"], spi_cfg["miso"], "failed:", exc)
        problems.append("spi")
    # every chip select high before the first transaction, or two chips answer at once
    pins = [claim(entry, report) for entry in cfg["readers"]]
    readers = [make_reader(spi, spi_cfg, entry, pins[i], report) for i, entry in enumerate(cfg["readers"])]
    lamps = None
    px = cfg.get("pixels")
    if px and px["count"]:
        try:
            import neopixel

            from kaleun_hub.lamps import HubLamps

            strip = neopixel.NeoPixel(pin(px["pin"]), px["count"], brightness=px["brightness"],
                                      auto_write=False, pixel_order=px["order"])
            lamps = HubLamps(strip, px["count"])
        except Exception as exc:
            report("NeoPixel strip on", px["pin"], "failed:", exc)
            problems.append("pixels")
    encoders = None
    if cfg["encoders"]:
        from kaleun_hub.encoders import EncoderWatch

        found = []
        home_pins, home_of = [], []
        for index, enc in enumerate(cfg["encoders"]):
            try:
                import rotaryio

                found.append(rotaryio.IncrementalEncoder(pin(enc["a"]), pin(enc["b"]), divisor=enc["divisor"]))
            except Exception as exc:  # e.g. RP2040: "Pins must be sequential"
                report("encoder", index, "on", enc["a"], enc["b"], "failed:", exc)
                problems.append("encoder%d" % index)
                found.append(StillEncoder())
            if enc.get("home_pin"):
                try:
                    home_pins.append(pin(enc["home_pin"]))
                    home_of.append(index)
                except Exception as exc:
                    report("home switch of encoder", index, "on", enc["home_pin"], "failed:", exc)
                    problems.append("home%d" % index)
        homes = None
        if home_pins:
            try:
                import keypad

                # a switch to ground, the pin pulled up inside: pressed = low
                homes = keypad.Keys(home_pins, value_when_pressed=False, pull=True)
            except Exception as exc:
                report("home switches on", home_pins, "failed:", exc)
                problems.append("homes")
                home_of = []
        encoders = EncoderWatch(found, homes, home_of)
    return readers, lamps, encoders, problems
