"""NeoPixel lamps through Adafruit's drivers on Blinka: PWM (`neopixel`) or SPI (`neopixel_spi`).

The pixel object can be injected (tests pass a plain list-like buffer); otherwise it is built
from the board file. On a PC, set BLINKA_OS_AGNOSTIC=1 to get Blinka's generic no-op board.
"""

from __future__ import annotations

import logging
import os
from collections.abc import Mapping
from typing import Any

from kaleun.boards.model import LampSpec
from kaleun.core.messages import N_, Msg
from kaleun.ports.base import Lamp

log = logging.getLogger(__name__)


class LampsUnavailable(RuntimeError):
    """The strip cannot be driven. `here`: because of this machine (a library missing, not a
    Raspberry Pi), not its wires or settings: the bring-up check says so instead of naming wires."""

    def __init__(self, message: Msg | str, here: bool = False) -> None:
        super().__init__(message)
        self.here = here


#: Blinka 10 offers, at `import board` on a terminal, to pip-install the Pi backends it misses
#: (the optional ones too: PWM, rpi_ws281x) and waits for an answer on standard input: in the
#: middle of `kaleun hw check` or the console. Kaleun names what is missing itself (below).
SKIP_BLINKA_PROMPT = ("BLINKA_SKIP_DEPENDENCY_CHECK", "1")


#: the module of rpi_ws281x, Blinka's PWM backend on the Pis before the 5 (`lamps.driver = "neopixel"`)
RPI_WS281X_MODULE = "_rpi_ws281x"
#: why the `pi` extra leaves rpi_ws281x out, and how a maker adds it (the README says the same)
RPI_WS281X_MISSING = N_(
    "NeoPixels ({driver}) on this Pi are driven by rpi_ws281x, which the pi extra leaves out: it has no "
    "wheel for the Pi and is compiled while it installs (and a Pi 5 cannot use it). Install it with `sudo apt "
    "install build-essential python3-dev`, then `{install}`, "
    "or wire the strip to SPI MOSI (GPIO 10) and set lamps.driver = "
    "\"neopixel_spi\", which needs neither")


def make_pixels(spec: LampSpec) -> Any:
    os.environ.setdefault(*SKIP_BLINKA_PROMPT)
    try:
        import board
        import neopixel
    except ImportError as exc:
        from kaleun.shipped import install_command

        raise LampsUnavailable(Msg("NeoPixels need the Pi extra ({why}): {install}", why=str(exc),
                                   install=install_command()), here=True) from exc
    except (NotImplementedError, RuntimeError) as exc:
        if isinstance(exc.__cause__, ModuleNotFoundError):  # Blinka's word for a backend it misses
            # (PWM: the Pi 5's Adafruit-Blinka-Raspberry-Pi5-Neopixel, which the pi extra brings on
            # 64-bit Pi OS; rpi_ws281x on the older Pis, which builds from source and stays out of it)
            if exc.__cause__.name == RPI_WS281X_MODULE:
                from kaleun.shipped import install_command

                raise LampsUnavailable(Msg(RPI_WS281X_MISSING, driver=spec.driver,
                                           install=install_command("rpi_ws281x")), here=True) from exc
            raise LampsUnavailable(Msg("NeoPixels ({driver}) need a library Blinka drives them with on this Pi: {why}",
                                       driver=spec.driver, why=str(exc)), here=True) from exc
        raise LampsUnavailable(Msg("NeoPixels need a supported board ({why}); on a PC set BLINKA_OS_AGNOSTIC=1",
                                   why=str(exc)), here=True) from exc
    order = getattr(neopixel, spec.order)
    try:
        if spec.driver == "neopixel_spi":
            import busio
            import neopixel_spi

            spi = busio.SPI(board.SCK, board.MOSI, board.MISO)
            return neopixel_spi.NeoPixel_SPI(spi, spec.pixels, brightness=spec.brightness, auto_write=False,
                                             pixel_order=order)
        pin = getattr(board, f"D{spec.pin}", None) or board.NEOPIXEL
        return neopixel.NeoPixel(pin, spec.pixels, brightness=spec.brightness, auto_write=False, pixel_order=order)
    except Exception as exc:  # permissions (PWM needs root), SPI disabled, ...
        raise LampsUnavailable(Msg("cannot open the NeoPixels ({driver}): {why}", driver=spec.driver,
                                   why=str(exc))) from exc


class NeopixelLamps:
    segments: Mapping[str, tuple[int, int]]
    animates = False  # the Pi shades every frame itself

    def __init__(self, spec: LampSpec, pixels: Any = None) -> None:
        self.spec = spec
        self.segments = dict(spec.segments)
        self.pixels = pixels if pixels is not None else make_pixels(spec)

    def show(self, frame: Mapping[str, Lamp]) -> None:
        colors: list[tuple[int, int, int]] = [(0, 0, 0)] * self.spec.pixels
        for name, lamp in frame.items():
            first, count = self.segments.get(name, (0, 0))
            for i in range(first, first + count):
                colors[i] = lamp.color
        for i, color in enumerate(colors):
            self.pixels[i] = color
        if hasattr(self.pixels, "show"):
            self.pixels.show()

    def close(self) -> None:
        self.show({})
        if hasattr(self.pixels, "deinit"):
            self.pixels.deinit()
