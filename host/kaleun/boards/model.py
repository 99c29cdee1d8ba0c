"""What a board file describes, after validation."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

#: dials the games know; the attack disc's three rings arrive with the attack issue
DIAL_NAMES = ("telegraph",)
#: what a button can do
BUTTON_ACTIONS = ("pause", "real_time", "cycle_compression")
DRIVERS = ("sim", "gpio")
PIN_FACTORIES = ("auto", "mock", "lgpio", "rpigpio", "pigpio", "native")
LAMP_DRIVERS = ("none", "sim", "neopixel", "neopixel_spi", "hub")
AUDIO_DRIVERS = ("none", "pygame")
AUDIO_OUTPUTS = ("default", "analog", "hdmi", "usb", "i2s")
PI_MODELS = ("none", "pi3", "pi4", "pi5", "zero2w")
FIGURE_SENSORS = ("sim", "hub")
PIXEL_ORDERS = ("GRB", "RGB", "GRBW", "RGBW")


@dataclass(frozen=True)
class DialSpec:
    name: str
    driver: str = "sim"
    pin_a: int | None = None
    pin_b: int | None = None
    steps_per_position: int = 1
    reverse: bool = False
    bounce_time: float | None = None


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
    supply_ma: int | None = None
    #: estimated worst-case current draw in mA of what the board file lists
    power_ma: int = 0
    warnings: list[str] = field(default_factory=list)

    @property
    def uses_gpio(self) -> bool:
        return any(d.driver == "gpio" for d in self.dials.values()) or any(
            b.driver == "gpio" for b in self.buttons.values())

    def dial(self, name: str) -> DialSpec:
        return self.dials.get(name) or DialSpec(name)
