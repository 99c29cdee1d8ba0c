"""What a board file describes, after validation."""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path
from typing import Any

from kaleun.boards.dials import DIAL_NAMES as DIAL_NAMES
from kaleun.boards.dials import DIALS, HOME_KNOWN, DialDecl
from kaleun.core.args import MAX_VIA
from kaleun.core.messages import Msg


@dataclass(frozen=True)
class ButtonAction:
    """What a board's button can be set to do (`[buttons.NAME] action`): the game command a press
    sends (the table adds `via`) and the words the wiring pages give the button."""

    command: dict[str, str]
    wiring: str


#: what a button can do: the one declaration the board loader, the table and the wiring read
BUTTON_ACTIONS: dict[str, ButtonAction] = {
    "pause": ButtonAction({"do": "ui", "action": "toggle_pause"}, "pauses and resumes the game"),
    "real_time": ButtonAction({"do": "ui", "action": "time_compression", "mode": "real_time"}, "back to real time"),
    "cycle_compression": ButtonAction({"do": "ui", "action": "next_compression"},
                                      "steps through the time compressions"),
}
DRIVERS = ("sim", "gpio")
#: the longest name of a button or a lamp segment in a board file: a button's command names it as its `via`,
#: `button.NAME`, which a command holds up to MAX_VIA characters (a segment's: the same, our choice)
NAME_MOST = MAX_VIA - len("button.")
#: the most steps a ring's revolution may have: a whole turn fits in one `turn` report of the deck hub, so this is
#: the hub protocol's MAX_TURN (firmware/lib/kaleun_hub/codec.py; tests/hub/test_hub_dials.py checks they agree). Kept
#: here so that a board loads where the firmware folder cannot be found, as its [hub] settings do (unchecked)
MOST_STEPS_PER_REVOLUTION = 100_000
#: a dial may also be an encoder on the deck hub ([hub.encoders.NAME])
DIAL_DRIVERS = ("sim", "gpio", "hub")
PIN_FACTORIES = ("auto", "mock", "lgpio", "rpigpio", "pigpio", "native")
LAMP_DRIVERS = ("none", "sim", "neopixel", "neopixel_spi", "hub")
AUDIO_DRIVERS = ("none", "pygame")
AUDIO_OUTPUTS = ("default", "analog", "hdmi", "usb", "i2s")
PI_MODELS = ("none", "pi3", "pi4", "pi5", "zero2w")
#: the figure sensors a board can name (`[figures] sensor`) -> the adapter a table builds for it, as
#: "module:Class" (called with the board, imported only when a board uses it; behind
#: `ports/base.py`'s FigureSensor); None: the table's own simulated sensor
FIGURE_SENSORS: dict[str, str | None] = {"sim": None, "hub": "kaleun.hub.sensor:HubFigureSensor"}
PIXEL_ORDERS = ("GRB", "RGB", "GRBW", "RGBW")


def default_home(decl: DialDecl, driver: str) -> str:
    """How a dial finds its zero when the board file does not say: a detented dial where it
    was saved; a simulated ring is always known; a real ring is calibrated by the crew."""
    if not decl.is_ring:
        return decl.home[0]
    return HOME_KNOWN if driver == "sim" else "calibrate"


@dataclass(frozen=True)
class DialSpec:
    """A dial of the board (`[dials.NAME]`); what the dial is comes from its declaration."""

    name: str
    driver: str = "sim"
    pin_a: int | None = None
    pin_b: int | None = None
    #: encoder steps per position (detented dials)
    steps_per_position: int = 1
    #: encoder steps per revolution (rings): gpiozero steps on the Pi, detents on the hub
    steps_per_revolution: int = 360
    reverse: bool = False
    bounce_time: float | None = None
    #: how the dial finds its zero; "" = the default for its kind and driver
    home: str = ""
    #: GPIO of the home switch or index pulse (gpio dials; a hub dial's is in [hub.encoders])
    home_pin: int | None = None
    home_pull_up: bool = True
    #: a ring's reading (degrees) at its home mark
    home_at: int = 0

    @property
    def decl(self) -> DialDecl:
        return DIALS[self.name]

    @property
    def homing(self) -> str:
        return self.home or default_home(self.decl, self.driver)

    @property
    def counts_per_step(self) -> Fraction:
        """Encoder steps per step of the dial's reading."""
        decl = self.decl
        if decl.is_ring:
            return Fraction(self.steps_per_revolution, decl.steps)
        return Fraction(self.steps_per_position)


@dataclass(frozen=True)
class ButtonSpec:
    name: str
    action: str
    driver: str = "sim"
    pin: int | None = None
    pull_up: bool = True
    bounce_time: float | None = None


@dataclass(frozen=True)
class LampSpec:
    driver: str = "sim"
    pin: int | None = None
    pixels: int = 0
    brightness: float = 0.3
    order: str = "GRB"
    #: segment name -> (first pixel, pixel count)
    segments: dict[str, tuple[int, int]] = field(default_factory=dict)
    #: segment name -> its line in the board file (for `kaleun board check`'s warnings)
    segment_lines: dict[str, int] = field(default_factory=dict, compare=False, repr=False)
    #: the line of the segments (`[lamps.segments]`, `segments = ...`, else `[lamps]`): where a
    #: segment the lamp scenes need but the board lacks would go (`kaleun board check`)
    segments_line: int = field(default=1, compare=False, repr=False)


@dataclass(frozen=True)
class AudioSpec:
    driver: str = "pygame"
    output: str = "default"
    volume: float = 0.8


@dataclass(frozen=True)
class HubSpec:
    url: str | None = None
    options: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Board:
    path: Path
    name: str
    pi: str = "none"
    pin_factory: str = "auto"
    figure_sensor: str = "sim"
    dials: dict[str, DialSpec] = field(default_factory=dict)
    buttons: dict[str, ButtonSpec] = field(default_factory=dict)
    lamps: LampSpec = field(default_factory=LampSpec)
    audio: AudioSpec = field(default_factory=AudioSpec)
    hub: HubSpec = field(default_factory=HubSpec)
    #: the rating of the Pi's 5 V supply (`[power] supply_ma`); what each supply carries is the
    #: wiring's power budget (`kaleun.wiring.generate.rail_loads`, printed by `kaleun board check`)
    supply_ma: int | None = None
    #: the line of `supply_ma` in the board file (0: not given), for the warning that names it
    supply_line: int = 0
    #: the board file's line behind each of the other supplies (`kaleun.wiring.generate`'s rails:
    #: the strip's pixels, the `[hub]`, its first reader), for the warning that one is overloaded
    rail_lines: dict[str, int] = field(default_factory=dict, compare=False, repr=False)
    #: what works but is unwise (`file:line: warning`, each in the table's language when rendered)
    warnings: list[Msg | str] = field(default_factory=list)

    @property
    def uses_gpio(self) -> bool:
        """A dial, button or home switch on the Pi's GPIO."""
        return any(d.driver == "gpio" for d in self.dials.values()) or any(
            b.driver == "gpio" for b in self.buttons.values())

    def dial(self, name: str) -> DialSpec:
        return self.dials.get(name) or DialSpec(name)
