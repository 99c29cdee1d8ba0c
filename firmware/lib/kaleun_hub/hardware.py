# SPDX-License-Identifier: MIT
"""Build the hub's devices from its config. CircuitPython only (board, busio, digitalio...).

Imported by code.py on the Pico; the host never imports this module.
"""

import board
import busio
import digitalio

from kaleun_hub.mfrc522 import MFRC522
from kaleun_hub.pn532 import PN532Reader


def pin(name):
    found = getattr(board, name, None)
    if found is None:
        raise ValueError("this board has no pin %s" % name)
    return found


class SpiPort:
    """One MFRC522 on the shared bus: its chip select, transactions of raw bytes.

    The bus is taken (locked and set to this chip's speed and mode) on the first transfer
    and given back by `release()`, which the driver calls whenever it waits for the radio:
    the other readers, PN532s included, use the bus meanwhile."""

    def __init__(self, spi, cs_name, baudrate):
        self.spi = spi
        self.baudrate = baudrate
        self.cs = digitalio.DigitalInOut(pin(cs_name))
        self.cs.switch_to_output(value=True)
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
        self.spi.write_readinto(out, buf, in_end=size)
        self.cs.value = True
        return bytes(buf[:size])

    def release(self):
        if self.locked:
            self.spi.unlock()
            self.locked = False


class FailedReader:
    """A reader that could not be set up at boot: every scan fails until it comes up."""

    def __init__(self, make):
        self.make = make
        self.reader = None
        self.found = []

    def scan_steps(self):
        if self.reader is None:
            raise OSError("reader not initialised")
        steps = getattr(self.reader, "scan_steps", None)
        if steps is None:
            self.found = self.reader.scan()
            return
        yield from steps()
        self.found = self.reader.found

    def reset(self):
        self.reader = self.make()


def make_reader(spi, spi_cfg, entry):
    def make():
        if entry["kind"] == "pn532":
            from adafruit_pn532.spi import PN532_SPI

            cs = digitalio.DigitalInOut(pin(entry["cs"]))
            reader = PN532Reader(PN532_SPI(spi, cs))
        else:
            reader = MFRC522(SpiPort(spi, entry["cs"], spi_cfg["baudrate"]))
        reader.init()
        return reader

    wrapper = FailedReader(make)
    try:
        wrapper.reset()
    except Exception as exc:  # report as a fault from the first scans on
        print("reader on", entry["cs"], "failed:", exc)
    return wrapper


def build(cfg):
    """(readers, lamps or None, encoders or None) for the config."""
    spi_cfg = cfg["spi"]
    # every chip select high before the first transaction, or two chips answer at once
    selects = []
    for entry in cfg["readers"]:
        cs = digitalio.DigitalInOut(pin(entry["cs"]))
        cs.switch_to_output(value=True)
        selects.append(cs)
    for cs in selects:
        cs.deinit()
    spi = busio.SPI(pin(spi_cfg["sck"]), MOSI=pin(spi_cfg["mosi"]), MISO=pin(spi_cfg["miso"]))
    readers = [make_reader(spi, spi_cfg, entry) for entry in cfg["readers"]]
    lamps = None
    if cfg.get("pixels") and cfg["pixels"]["count"]:
        import neopixel

        from kaleun_hub.lamps import HubLamps

        px = cfg["pixels"]
        strip = neopixel.NeoPixel(pin(px["pin"]), px["count"], brightness=px["brightness"],
                                  auto_write=False, pixel_order=px["order"])
        lamps = HubLamps(strip, px["count"])
    encoders = None
    if cfg["encoders"]:
        import rotaryio

        from kaleun_hub.encoders import EncoderWatch

        encoders = EncoderWatch([rotaryio.IncrementalEncoder(pin(e["a"]), pin(e["b"]), divisor=e["divisor"])
                                 for e in cfg["encoders"]])
    return readers, lamps, encoders
