"""Real GPIO adapters built on gpiozero: the dials' rotary encoders and push buttons.

On a Pi they use the board's pin factory (lgpio on Bookworm). With `pin_factory = "mock"`
they run on gpiozero's MockFactory, and `turn`/`press`/`home` drive the mock pins the way a
hand would turn the encoder: full quadrature cycles, callbacks firing synchronously.
"""

from __future__ import annotations

import logging
from typing import Any

from kaleun.boards.model import ButtonSpec, DialSpec
from kaleun.core.messages import Msg
from kaleun.ports.base import ButtonPressed, DialHomed, DialTurned, HardwareOnly, Sink
from kaleun.ports.encoder import StepCounter

log = logging.getLogger(__name__)


class GpioUnavailable(RuntimeError):
    """No GPIO here: gpiozero is missing or no pin factory works on this machine."""


#: the pin factories whose library the Pi extra does not install (it brings lgpio, Bookworm's): the module
#: gpiozero imports for it and the package that holds it (pigpio's factory also needs the pigpiod daemon running)
OWN_LIBRARY = {"pigpio": ("pigpio", "pigpio"), "rpigpio": ("RPi", "RPi.GPIO")}


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
        from kaleun.shipped import install_command, pi_extra

        if name in ("mock", "native"):  # gpiozero alone: the Pi extra's NeoPixel and NFC libraries are not needed
            gpiozero = next((p for p in pi_extra() if p.lower().startswith("gpiozero")), "gpiozero")
            raise GpioUnavailable(Msg("GPIO pin factory '{name}' is not installed ({why}); it needs only gpiozero: "
                                      "{command}", name=name, why=str(exc), command=install_command(gpiozero))) from exc
        own = OWN_LIBRARY.get(name)
        if own is not None and (exc.name or "").split(".")[0] == own[0]:  # gpiozero is there, its backend is not
            raise GpioUnavailable(Msg("GPIO pin factory '{name}' is not installed ({why}); it needs {package} "
                                      "beside gpiozero, which the Pi extra leaves out: {command}", name=name,
                                      why=str(exc), package=own[1], command=install_command(own[1]))) from exc
        raise GpioUnavailable(Msg("GPIO pin factory '{name}' is not installed ({why}); install the Pi extra: "
                                  "{command}", name=name, why=str(exc), command=install_command())) from exc
    except Exception as exc:  # gpiozero raises assorted errors off a Pi
        raise GpioUnavailable(Msg("GPIO pin factory '{name}' does not work here: {why}", name=name,
                                  why=str(exc))) from exc
    raise GpioUnavailable(Msg("unknown pin factory '{name}'", name=name))


def _is_mock(factory: Any) -> bool:
    try:
        from gpiozero.pins.mock import MockFactory
    except ImportError:  # pragma: no cover - gpiozero always ships it
        return False
    return isinstance(factory, MockFactory)


def _device_error(what: Msg, exc: Exception) -> GpioUnavailable:
    return GpioUnavailable(Msg("cannot open {what}: {why}", what=what, why=f"{type(exc).__name__}: {exc}"))


class GpioDial:
    """A rotary encoder read with gpiozero.RotaryEncoder; a ring's home switch or index pulse
    with a gpiozero.DigitalInputDevice on `home_pin`.

    gpiozero counts one step per full quadrature cycle; `StepCounter` turns those into steps
    of the dial (positions, or a ring's degrees) by the board's steps per position or per
    revolution. At the home mark the counter is zeroed, so the dial's zero is exactly there.
    """

    def __init__(self, spec: DialSpec, factory: Any) -> None:
        from gpiozero import DigitalInputDevice, RotaryEncoder

        self.name = spec.name
        self.spec = spec
        self.factory = factory
        self.counter = StepCounter(spec.counts_per_step)
        self.home_input: Any = None
        try:
            self.encoder = RotaryEncoder(spec.pin_a, spec.pin_b, max_steps=0,
                                         bounce_time=spec.bounce_time, pin_factory=factory)
        except Exception as exc:
            raise _device_error(Msg("dial {name} on GPIO {a}/{b}", name=spec.name, a=str(spec.pin_a),
                                    b=str(spec.pin_b)), exc) from exc
        if spec.homing in ("switch", "index"):
            try:
                self.home_input = DigitalInputDevice(spec.home_pin, pull_up=spec.home_pull_up, pin_factory=factory)
            except Exception as exc:
                self.encoder.close()
                raise _device_error(Msg("the {homing} of dial {name} on GPIO {pin}", homing=spec.homing,
                                        name=spec.name, pin=str(spec.home_pin)), exc) from exc
            self.home_input.when_activated = self._at_home
        #: dial steps reported so far (the mock's `turn` drives until its own are out)
        self.reported = 0
        self._sink: Sink | None = None
        self.encoder.when_rotated = self._rotated

    def start(self, sink: Sink) -> None:
        self._sink = sink

    def _rotated(self) -> None:
        clicks = self.counter.update(self.encoder.steps)
        if clicks == 0:
            return
        self.reported += clicks
        if self.spec.reverse:
            clicks = -clicks
        if self._sink is not None:
            self._sink(DialTurned(self.name, clicks))

    def _at_home(self) -> None:
        self.counter.zero(self.encoder.steps)
        if self._sink is not None:
            self._sink(DialHomed(self.name))

    @property
    def by_hand(self) -> Msg | None:
        """Why only a hand at the table turns the dial (real pins), or None on mock pins."""
        if not _is_mock(self.factory):
            return Msg("dial '{name}' is real hardware: turn it by hand", name=self.name)
        return None

    def turn(self, clicks: int) -> None:
        """Drive the mock pins through full quadrature cycles until the dial has turned `clicks` steps."""
        if (why := self.by_hand) is not None:
            raise HardwareOnly(why)
        a = self.factory.pin(self.spec.pin_a)
        b = self.factory.pin(self.spec.pin_b)
        clockwise = (clicks > 0) != self.spec.reverse
        first, second = (a, b) if clockwise else (b, a)
        goal = self.reported + (clicks if not self.spec.reverse else -clicks)
        # at most the cycles of |clicks| steps (rounded up) and one more: never forever
        for _ in range(abs(clicks) * (int(self.spec.counts_per_step) + 1) + 1):
            if self.reported == goal:
                break
            first.drive_low()
            second.drive_low()
            first.drive_high()
            second.drive_high()

    def home(self) -> None:
        """A `calibrate` dial: the crew confirms it stands at its zero. A switch or index: the
        mock pin is triggered as the ring passes its mark (real hardware: turn it there)."""
        if self.home_input is None:
            self._at_home()
            return
        if not _is_mock(self.factory):
            raise HardwareOnly(Msg("dial '{name}' finds its zero by its {homing}: turn it past its mark",
                                   name=self.name, homing=self.spec.homing))
        _pulse(self.factory.pin(self.spec.home_pin), self.spec.home_pull_up)

    def close(self) -> None:
        self._sink = None
        self.encoder.close()
        if self.home_input is not None:
            self.home_input.close()


def _pulse(pin: Any, pull_up: bool) -> None:
    """A mock pin closed and opened again: a switch closing to ground (pull-up) or to 3.3 V."""
    if pull_up:
        pin.drive_low()
        pin.drive_high()
    else:
        pin.drive_high()
        pin.drive_low()


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
            raise _device_error(Msg("button {name} on GPIO {pin}", name=spec.name, pin=str(spec.pin)), exc) from exc
        self._sink: Sink | None = None
        self.button.when_pressed = self._pressed

    def start(self, sink: Sink) -> None:
        self._sink = sink

    def _pressed(self) -> None:
        if self._sink is not None:
            self._sink(ButtonPressed(self.name))

    def press(self) -> None:
        if not _is_mock(self.factory):
            raise HardwareOnly(Msg("button '{name}' is real hardware: press it by hand", name=self.name))
        _pulse(self.factory.pin(self.spec.pin), self.spec.pull_up)

    def close(self) -> None:
        self._sink = None
        self.button.close()
