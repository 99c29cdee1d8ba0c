"""Real GPIO adapters built on gpiozero: the telegraph's rotary encoder and push buttons.

On a Pi they use the board's pin factory (lgpio on Bookworm). With `pin_factory = "mock"`
they run on gpiozero's MockFactory, and `turn`/`press` drive the mock pins the way a hand
would turn the encoder: full quadrature cycles, callbacks firing synchronously.
"""

from __future__ import annotations

import logging
from typing import Any

from kaleun.boards.model import ButtonSpec, DialSpec
from kaleun.ports.base import ButtonPressed, DialTurned, HardwareOnly, Sink

log = logging.getLogger(__name__)


class GpioUnavailable(RuntimeError):
    """No GPIO here: gpiozero is missing or no pin factory works on this machine."""


def make_pin_factory(name: str) -> Any:
    """The gpiozero pin factory a board asks for; None lets gpiozero choose ("auto")."""
    try:
        if name == "auto":
            return None
        if name == "mock":
            from gpiozero.pins.mock import MockFactory

            return MockFactory()
        if name == "lgpio":
            from gpiozero.pins.lgpio import LGPIOFactory

            return LGPIOFactory()
        if name == "rpigpio":
            from gpiozero.pins.rpigpio import RPiGPIOFactory

            return RPiGPIOFactory()
        if name == "pigpio":
            from gpiozero.pins.pigpio import PiGPIOFactory

            return PiGPIOFactory()
        if name == "native":
            from gpiozero.pins.native import NativeFactory

            return NativeFactory()
    except ImportError as exc:
        raise GpioUnavailable(f"GPIO pin factory '{name}' is not installed ({exc}); "
                              "install the Pi extra: pip install 'kaleun[pi]'") from exc
    except Exception as exc:  # gpiozero raises assorted errors off a Pi
        raise GpioUnavailable(f"GPIO pin factory '{name}' does not work here: {exc}") from exc
    raise GpioUnavailable(f"unknown pin factory '{name}'")


def _is_mock(factory: Any) -> bool:
    try:
        from gpiozero.pins.mock import MockFactory
    except ImportError:  # pragma: no cover - gpiozero always ships it
        return False
    return isinstance(factory, MockFactory)


def _device_error(what: str, exc: Exception) -> GpioUnavailable:
    return GpioUnavailable(f"cannot open {what}: {type(exc).__name__}: {exc}")


class GpioDial:
    """A detented rotary encoder read with gpiozero.RotaryEncoder."""

    def __init__(self, spec: DialSpec, factory: Any) -> None:
        from gpiozero import RotaryEncoder

        self.name = spec.name
        self.spec = spec
        self.factory = factory
        try:
            self.encoder = RotaryEncoder(spec.pin_a, spec.pin_b, max_steps=0,
                                         bounce_time=spec.bounce_time, pin_factory=factory)
        except Exception as exc:
            raise _device_error(f"dial {spec.name} on GPIO {spec.pin_a}/{spec.pin_b}", exc) from exc
        self._counted = 0  # encoder steps already turned into clicks
        self._sink: Sink | None = None
        self.encoder.when_rotated = self._rotated

    def start(self, sink: Sink) -> None:
        self._sink = sink

    def _rotated(self) -> None:
        steps = self.encoder.steps
        per = self.spec.steps_per_position
        clicks = int((steps - self._counted) / per)  # toward zero: partial detents wait
        if clicks == 0:
            return
        self._counted += clicks * per
        if self.spec.reverse:
            clicks = -clicks
        if self._sink is not None:
            self._sink(DialTurned(self.name, clicks))

    def turn(self, clicks: int) -> None:
        """Drive the mock pins through `clicks` detents of full quadrature cycles."""
        if not _is_mock(self.factory):
            raise HardwareOnly(f"dial '{self.name}' is real hardware: turn it by hand")
        a = self.factory.pin(self.spec.pin_a)
        b = self.factory.pin(self.spec.pin_b)
        clockwise = (clicks > 0) != self.spec.reverse
        first, second = (a, b) if clockwise else (b, a)
        for _ in range(abs(clicks) * self.spec.steps_per_position):
            first.drive_low()
            second.drive_low()
            first.drive_high()
            second.drive_high()

    def close(self) -> None:
        self._sink = None
        self.encoder.close()


class GpioButton:
    def __init__(self, spec: ButtonSpec, factory: Any) -> None:
        from gpiozero import Button

        self.name = spec.name
        self.spec = spec
        self.factory = factory
        try:
            self.button = Button(spec.pin, pull_up=spec.pull_up, bounce_time=spec.bounce_time,
                                 pin_factory=factory)
        except Exception as exc:
            raise _device_error(f"button {spec.name} on GPIO {spec.pin}", exc) from exc
        self._sink: Sink | None = None
        self.button.when_pressed = self._pressed

    def start(self, sink: Sink) -> None:
        self._sink = sink

    def _pressed(self) -> None:
        if self._sink is not None:
            self._sink(ButtonPressed(self.name))

    def press(self) -> None:
        if not _is_mock(self.factory):
            raise HardwareOnly(f"button '{self.name}' is real hardware: press it by hand")
        pin = self.factory.pin(self.spec.pin)
        if self.spec.pull_up:
            pin.drive_low()
            pin.drive_high()
        else:
            pin.drive_high()
            pin.drive_low()

    def close(self) -> None:
        self._sink = None
        self.button.close()
