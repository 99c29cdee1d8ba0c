"""Turn a board file into the maker's documents: a WireViz harness (YAML, rendered to SVG), a
pinout, every pin of every part and where it goes, a power budget and a bill of materials
(Markdown). `kaleun wiring` writes them into wiring/; a test fails when the committed files no
longer match the board files.

Every part is drawn with all its pins (`parts.toml`). A pin a part needs (its power and
ground among them) must be wired, or the generator refuses the board (`WiringError`): a
maker following the page never builds a reader without power. A pin left open says why.
"""

from __future__ import annotations

import hashlib
import importlib.util
import os
import re
import shutil
import tomllib
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from kaleun.boards.dials import DIALS
from kaleun.boards.model import BUTTON_ACTIONS, Board, DialSpec
from kaleun.core.messages import N_, Msg
from kaleun.wiring.header import (
    GPIO_TO_PIN,
    GROUND_PINS,
    PI_NAMES,
    PI_SUPPLIES,
    PICO_GROUND_PINS,
    PICO_PIN,
    PICO_VSYS,
    PIN_5V,
)

PARTS_FILE = Path(__file__).with_name("parts.toml")
I2S_PINS = {"BCLK": 18, "LRC": 19, "DIN": 21}
SPI_MOSI = 10
#: the buck regulator's efficiency assumed for the 5 V side of the 3.3 V rail (small modules: 85-90 %)
BUCK_EFFICIENCY = 0.85
#: the Pico's own 3.3 V output: Raspberry Pi Pico data sheet, section 2.1 ("3V3 ... it is
#: recommended to keep the load on this pin less than 300 mA")
PICO_3V3_MA = 300
#: the Pi 4's USB ports together: 1.2 A (Raspberry Pi documentation, "Power supply")
PI4_USB_MA = 1200
#: the rail the Pi's own supply feeds (the Pi, its screen, its header's 5 V and its USB ports):
#: the supply a board file's `[power] supply_ma` rates
PI_SUPPLY = N_("Pi 5V supply")
#: what feeds the other rails can give (mA): the supplies and the regulator the bill of
#: materials lists for them, and how the budget names them (each rail's name is translated where
#: `kaleun board check` says it)
RAIL_RATINGS = {N_("Hub 5V rail"): (2000, N_("the hub's 2 A supply")),
                N_("Strip 5V rail"): (2000, N_("the strip's 2 A supply")),
                N_("Readers 3V3 rail"): (1500, N_("the 1.5 A regulator"))}
#: the readers of these sections hang on the fore trunk (the bow rooms, the control room, and
#: the deck and the bridge above them); the rest on the aft trunk
FORE_SECTIONS = (1, 2, 3, 7, 8)
#: the deck hub's two ribbon trunks, declared once: the wiring page labels each by its English name capitalised
#: ("Aft trunk wire 11 (CS 6)"), and `kaleun hw check` names it in the maker's language. Its sentences put it
#: where English says "the aft trunk's CS 6" (German "CS 6 des Achterstrangs", Russian "CS 6 кормового жгута"),
#: so the catalogues hold each name in that form (its context says so)
TRUNKS: dict[str, Msg] = {"fore trunk": Msg.pterm("harness trunk, genitive", "fore trunk"),
                          "aft trunk": Msg.pterm("harness trunk, genitive", "aft trunk")}

#: ribbon cable widths sold with IDC connectors
RIBBON_WAYS = (10, 14, 16, 20, 26, 34, 40)


def trunk_of(section: int) -> str:
    """The ribbon trunk (a key of TRUNKS) the reader of `section` hangs on."""
    return "fore trunk" if section in FORE_SECTIONS else "aft trunk"


class WiringError(ValueError):
    """A harness leaves a pin unwired that its part needs."""

    def __init__(self, problems: list[str]) -> None:
        super().__init__("\n".join(problems))
        self.problems = problems


@dataclass(frozen=True)
class PartType:
    key: str
    label: str
    pins: tuple[str, ...]
    needs: frozenset[str]
    power: str | None
    ground: str | None
    volts: float
    ma_typ: float
    ma_max: float


def load_parts(path: Path = PARTS_FILE) -> dict[str, PartType]:
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    return {key: PartType(key=key, label=e["label"], pins=tuple(e["pins"]), needs=frozenset(e["needs"]),
                          power=e.get("power"), ground=e.get("ground"), volts=float(e["volts"]),
                          ma_typ=float(e["ma_typ"]), ma_max=float(e["ma_max"])) for key, e in data.items()}


PARTS = load_parts()

#: WireViz colour codes for what a wire carries
RED, BLACK, YELLOW, GREEN, BLUE, ORANGE, VIOLET, WHITE, GREY, BROWN, PINK = (
    "RD", "BK", "YE", "GN", "BU", "OG", "VT", "WH", "GY", "BN", "PK")


@dataclass
class Placed:
    """A part in the harness: what it is, and where each of its pins goes."""

    name: str
    part: PartType
    wired: dict[str, list[str]] = field(default_factory=dict)
    open: dict[str, str] = field(default_factory=dict)
    note: str = ""


@dataclass
class Host:
    """A board whose pins are addressed by number (the Pi's header, the Pico): pin -> label."""

    name: str
    kind: str
    labels: dict[int | str, str] = field(default_factory=dict)
    rows: list[tuple[int | str, str, str]] = field(default_factory=list)  # (pin, signal, goes to)


@dataclass
class Rail:
    """A power or ground rail (a strip of perfboard, or lever connectors): one feed, many taps.
    A rail with a `source` is fed from it when its first part is tapped on."""

    name: str
    kind: str
    feeds: list[str] = field(default_factory=list)
    taps: list[str] = field(default_factory=list)
    source: tuple[str, Any, str] | None = None


@dataclass
class Harness:
    """The board as parts, hosts and rails, and the wires between them (WireViz terms at the end)."""

    parts: dict[str, Placed] = field(default_factory=dict)
    hosts: dict[str, Host] = field(default_factory=dict)
    rails: dict[str, Rail] = field(default_factory=dict)
    #: one cable per group of wires between two ends: (from, to) -> [(from pin, to pin, colour)]
    cables: dict[tuple[str, str, str], list[tuple[Any, Any, str]]] = field(default_factory=dict)
    notes: dict[tuple[str, str, str], str] = field(default_factory=dict)
    bom: list[tuple[int, str, str]] = field(default_factory=list)
    steps: list[str] = field(default_factory=list)
    budget: list[tuple[str, str, float, float]] = field(default_factory=list)  # (rail, what, typ, max)
    #: the ribbon trunks and their widths (ways), as the bill of materials lists them
    ribbons: dict[str, int] = field(default_factory=dict)
    #: each ribbon trunk's wires in ribbon order, wire 1 first (a signal beside a ground each)
    trunks: dict[str, list[str]] = field(default_factory=dict)
    _grounds: dict[str, int] = field(default_factory=dict)
    #: board settings the harness has no wire for (checked with the parts' pins)
    loose: list[str] = field(default_factory=list)

    # -- building ------------------------------------------------------------------------------
    def part(self, name: str, key: str, note: str = "") -> Placed:
        placed = Placed(name, PARTS[key], note=note)
        self.parts[name] = placed
        return placed

    def host(self, name: str, kind: str) -> Host:
        return self.hosts.setdefault(name, Host(name, kind))

    def rail(self, name: str, kind: str, source: tuple[str, Any, str] | None = None) -> Rail:
        """A rail; with `source` (host or part, pin, colour) it is fed once something taps it."""
        return self.rails.setdefault(name, Rail(name, kind, source=source))

    def trunk_wire(self, trunk: str, signal: str) -> str:
        """A ribbon trunk's wire by its number and signal: "Fore trunk wire 11 (CS 0)"."""
        return f"{trunk} wire {self.trunks[trunk].index(signal) + 1} ({signal})"

    def _end_label(self, end: str, pin: Any) -> str:
        if end in self.trunks:
            return self.trunk_wire(end, str(pin))
        if end in self.parts:
            return f"{end} {pin}"
        if end in self.rails:
            return end
        return f"{end} pin {pin}"

    def wire(self, a: str, a_pin: Any, b: str, b_pin: Any, color: str, cable: str = "", note: str = "") -> None:
        """One wire from `a`'s pin to `b`'s pin (parts by pin label, hosts by pin number, rails by
        "feed"/"tap"). Wires between the same two ends (and `cable`) share a cable."""
        key = (a, b, cable)
        if a in self.rails:
            a_pin = self._rail_pin(a, b, feed=a_pin == "feed")
        if b in self.rails:
            b_pin = self._rail_pin(b, a, feed=b_pin == "feed")
        self.cables.setdefault(key, []).append((a_pin, b_pin, color))
        if note:  # a cable's note names what each of its wires needs: every note is kept
            known = self.notes.get(key)
            if not known:
                self.notes[key] = note
            elif note not in known.split("; "):
                self.notes[key] = f"{known}; {note}"
        for end, pin, other, other_pin in ((a, a_pin, b, b_pin), (b, b_pin, a, a_pin)):
            if end in self.parts:
                self.parts[end].wired.setdefault(str(pin), []).append(self._end_label(other, other_pin))

    def _rail_pin(self, rail: str, other: str, feed: bool) -> str:
        r = self.rails[rail]
        if feed:
            r.feeds.append(other)
            return f"in {len(r.feeds)}"
        r.taps.append(other)
        return str(len(r.taps))

    def to_host(self, host: str, pin: int | str, signal: str, part: str, part_pin: str, color: str,
                cable: str = "", note: str = "") -> None:
        """A wire from a host's pin (header pin number) to a part's pin."""
        h = self.hosts[host]
        h.labels.setdefault(pin, signal)
        h.rows.append((pin, signal, part if part in self.rails else
                       self.trunk_wire(part, part_pin) if part in self.trunks else f"{part} {part_pin}"))
        self.wire(host, pin, part, part_pin, color, cable, note)

    def tap(self, rail: str, part: str, part_pin: str, color: str, note: str = "") -> None:
        """A part's pin on a rail."""
        source = self.rails[rail].source
        if source is not None:
            self.rails[rail].source = None
            host, pin, source_color = source
            self.feed(host, self.ground_pin(host) if pin == "GND" else pin, rail, source_color)
        self.wire(rail, "tap", part, part_pin, color, cable=f"{rail} tap {part}", note=note)

    def feed(self, source: str, source_pin: Any, rail: str, color: str, note: str = "") -> None:
        """What feeds a rail: a part's pin (a supply, a regulator) or a host's pin."""
        if source in self.hosts:
            h = self.hosts[source]
            label = "5V" if color == RED else "GND" if color == BLACK else str(source_pin)
            h.labels.setdefault(source_pin, label)
            h.rows.append((source_pin, label, rail))
        self.wire(source, source_pin, rail, "feed", color, cable=f"{source} feeds {rail}", note=note)

    def leave_open(self, part: str, pin: str, reason: str) -> None:
        self.parts[part].open[pin] = reason

    def ground_pin(self, host: str) -> int:
        """The next ground pin of a host, round the ones it has."""
        pins = GROUND_PINS if self.hosts[host].kind == "pi" else PICO_GROUND_PINS
        n = self._grounds.get(host, 0)
        self._grounds[host] = n + 1
        return pins[n % len(pins)]

    def count(self, qty: int, part: str, note: str) -> None:
        self.bom.append((qty, part, note))

    # -- checking ------------------------------------------------------------------------------
    def check(self) -> list[str]:
        """Every pin a part needs is wired; an open pin says why."""
        problems = list(self.loose)
        for placed in self.parts.values():
            missing = [pin for pin in placed.part.pins if pin in placed.part.needs and pin not in placed.wired]
            for pin in missing:
                what = "power" if pin == placed.part.power else "ground" if pin == placed.part.ground else "signal"
                problems.append(f"{placed.name}: {placed.part.label}: pin {pin} ({what}) is not wired")
            for pin in placed.part.pins:
                if pin not in placed.wired and pin not in placed.part.needs and pin not in placed.open:
                    problems.append(f"{placed.name}: pin {pin} is neither wired nor marked as left open")
        return problems


# -- building a board's harness --------------------------------------------------------------------
def _gpio(gpio: int) -> tuple[int, str]:
    return GPIO_TO_PIN[gpio], f"GPIO{gpio}"


def _dial_title(name: str) -> str:
    return DIALS[name].label[0].upper() + DIALS[name].label[1:]


def build(board: Board) -> Harness:
    """The board's harness; raises WiringError when a part would miss a pin it needs."""
    h = Harness()
    h.host("Pi", "pi")
    pi_name = PI_NAMES.get(board.pi, board.pi)
    h.count(1, pi_name, f"with its official power supply ({PI_SUPPLIES.get(board.pi, PI_SUPPLIES['none'])})")
    _display(h, board.pi)
    pi5v = h.rail("Pi 5V rail", "5 V from the Pi's header", source=("Pi", PIN_5V[0], RED))
    pi_gnd = h.rail("Pi GND rail", "ground", source=("Pi", "GND", BLACK))
    mocked = board.pin_factory == "mock"  # its GPIO parts are simulated: only its real parts are drawn
    gpio_rings = [d for d in board.dials.values() if d.driver == "gpio" and not mocked]
    for dial in gpio_rings:
        _gpio_dial(h, dial)
    for button in board.buttons.values():
        if button.driver != "gpio" or button.pin is None or mocked:
            continue
        name = f"{button.name.capitalize()} button"
        h.part(name, "button", BUTTON_ACTIONS[button.action].wiring)
        pin, signal = _gpio(button.pin)
        h.to_host("Pi", pin, signal, name, "1", WHITE)
        if button.pull_up:
            h.tap(pi_gnd.name, name, "2", BLACK)
        else:
            h.to_host("Pi", 1, "3V3", name, "2", RED)
        h.count(1, PARTS["button"].label, f"{button.name}: {BUTTON_ACTIONS[button.action].wiring}")
    lamps = board.lamps
    if lamps.driver in ("neopixel", "neopixel_spi") and lamps.pixels:
        data = SPI_MOSI if lamps.driver == "neopixel_spi" else lamps.pin
        assert data is not None
        pin, signal = _gpio(data)
        _strip(h, board, pi5v.name, pi_gnd.name, ("Pi", pin, signal), supply_rail=None)
    if board.audio.driver != "none" and board.audio.output == "i2s":
        amp = h.part("I2S amplifier", "i2s_amp", "speaker on its + and - terminals")
        for label, gpio in I2S_PINS.items():
            pin, signal = _gpio(gpio)
            h.to_host("Pi", pin, signal, amp.name, label, VIOLET)
        h.tap(pi5v.name, amp.name, "VIN", RED)
        h.tap(pi_gnd.name, amp.name, "GND", BLACK)
        h.leave_open(amp.name, "GAIN", "open: 9 dB gain")
        h.leave_open(amp.name, "SD", "open: left and right mixed")
        h.count(1, PARTS["i2s_amp"].label, "add `dtoverlay=max98357a` to /boot/firmware/config.txt")
        h.count(1, "speaker 4-8 ohm, 3 W", "the ship's bell")
        h.budget.append((pi5v.name, "I2S amplifier at full volume", PARTS["i2s_amp"].ma_typ, PARTS["i2s_amp"].ma_max))
    elif board.audio.driver != "none" and board.audio.output in ("analog", "default"):
        h.count(1, "powered speaker with 3.5 mm plug", "the ship's bell, on the Pi's audio jack")
    elif board.audio.driver != "none":
        h.count(1, f"speaker on {board.audio.output.upper()}", "the ship's bell")
        if board.audio.output == "usb":  # powered by the Pi's USB port: on the Pi's supply
            speaker = PARTS["usb_speaker"]
            h.budget.append((pi5v.name, "speaker on USB", speaker.ma_typ, speaker.ma_max))
    if board.figure_sensor == "hub" and board.hub.url != "fake":
        _hub(board, h)
    _rails_bought(h)
    pi_part = PARTS.get(board.pi, PARTS["pi4"])  # a board that names no Pi is reckoned as a Pi 4
    h.budget.insert(0, (pi5v.name, pi_name, pi_part.ma_typ, pi_part.ma_max))
    problems = h.check()
    if problems:
        raise WiringError([f"{board.path.name}: {p}" for p in problems])
    return h


def _rails_bought(h: Harness) -> None:
    """The rails are parts too: the page's drawing joins power and ground through them, one
    header pin taking one jumper. One strip or set of lever connectors per rail, as many wires
    as the drawing puts on it."""
    used = [(rail.name, len(rail.feeds) + len(rail.taps)) for rail in h.rails.values() if rail.feeds or rail.taps]
    if used:
        h.count(len(used), "strip of perfboard with a pin header, or 5-way lever connectors (e.g. WAGO 221-415)",
                "one per rail (join two lever connectors with a short wire for more than 5 wires), wires on "
                "each: " + ", ".join(f"{name} {wires}" for name, wires in used))


def _display(h: Harness, pi: str) -> None:
    """The touch screen: its DSI ribbon to the Pi's DSI port, power from the header (the
    Raspberry Pi documentation's way: 5 V on pin 4, ground on pin 6). A Pi 5's DSI ports are
    the small 22-way kind: the display's 15-way ribbon does not fit them, a Pi 5 display cable
    does. A Zero 2 W has no DSI port at all."""
    display = h.part("Touch display", "display", "the window: 800x480, touch works like the mouse")
    if pi == "zero2w":
        h.loose.append(f"Touch display: the {PI_NAMES[pi]} has no DSI port for it (board.pi = 'zero2w'): "
                       "build the table on a Pi 3, 4 or 5")
    ribbon = "a Raspberry Pi 5 display cable (22-way to 15-way)" if pi == "pi5" else "the display's 15-way DSI ribbon"
    h.to_host("Pi", "DSI", "DSI port", display.name, "DSI", GREY, note=ribbon)
    h.to_host("Pi", PIN_5V[1], "5V", display.name, "5V", RED, cable="display power")
    h.to_host("Pi", h.ground_pin("Pi"), "GND", display.name, "GND", BLACK, cable="display power")
    h.count(1, PARTS["display"].label, "with a Raspberry Pi 5 display cable (22-way to 15-way: the display's own "
            "ribbon does not fit the Pi 5) and the two power leads" if pi == "pi5" else
            "with its DSI ribbon and the two power leads")
    h.budget.append(("Pi 5V rail", "touch display", PARTS["display"].ma_typ, PARTS["display"].ma_max))


def segment_list(segments: Mapping[str, tuple[int, int]]) -> str:
    """The board's lamp segments in a few words, in pixel order: "section.1-8, tube.1-5, alarm, crew"."""
    runs: list[tuple[str, list[int]]] = []
    for name in sorted(segments, key=lambda n: segments[n][0]):
        prefix, dot, number = name.rpartition(".")
        if dot and number.isdigit() and runs and runs[-1][0] == prefix and runs[-1][1][-1] == int(number) - 1:
            runs[-1][1].append(int(number))
        elif dot and number.isdigit():
            runs.append((prefix, [int(number)]))
        else:
            runs.append((name, []))
    words = []
    for prefix, numbers in runs:
        if not numbers:
            words.append(prefix)
        elif len(numbers) == 1:
            words.append(f"{prefix}.{numbers[0]}")
        else:
            words.append(f"{prefix}.{numbers[0]}-{numbers[-1]}")
    return ", ".join(words)


def _encoder_kind(dial: DialSpec) -> str:
    return "optical_encoder" if dial.decl.is_ring else "ec11"


def _encoder(h: Harness, dial: DialSpec, host: str, a: tuple[int, str], b: tuple[int, str],
             home: tuple[int, str] | None, v5: str, gnd: str) -> None:
    """A dial's encoder (an EC11 for a detented dial, an optical encoder for a ring) and its
    home switch, wired to `host`'s pins, power and ground from the rails."""
    decl = dial.decl
    name = f"{_dial_title(dial.name)} encoder"
    kind = _encoder_kind(dial)
    enc = h.part(name, kind)
    labels = PARTS[kind].pins
    h.to_host(host, a[0], a[1], name, labels[0] if kind == "ec11" else "A (black)", YELLOW, cable=name)
    h.to_host(host, b[0], b[1], name, labels[1] if kind == "ec11" else "B (white)", GREEN, cable=name)
    if kind == "ec11":
        h.tap(gnd, name, "C", BLACK)
        h.count(1, PARTS["ec11"].label, f"{decl.label}: one detent per position "
                f"(steps_per_position = {dial.steps_per_position})")
        return
    h.tap(v5, name, "+V (brown)", RED)
    h.tap(gnd, name, "0V (blue)", BLACK)
    h.budget.append((v5, f"{decl.label}: optical encoder", PARTS[kind].ma_typ, PARTS[kind].ma_max))
    h.count(1, PARTS[kind].label, f"{decl.label}: {dial.steps_per_revolution} steps a ring turn")
    if dial.homing == "index" and home is not None:
        h.to_host(host, home[0], home[1], name, "Z (orange)", ORANGE, cable=name)
    else:
        h.leave_open(enc.name, "Z (orange)", f"open (insulate it): the ring is homed by {dial.homing}")
    if dial.homing == "switch" and home is not None:
        switch = f"{_dial_title(dial.name)} home switch"
        h.part(switch, "reed_switch", "closes as the ring's magnet passes its zero mark")
        h.to_host(host, home[0], home[1], switch, "1", ORANGE)
        h.tap(gnd, switch, "2", BLACK)
        h.count(1, PARTS["reed_switch"].label, f"{decl.label}: its zero (wiring/mechanics.md)")


def _gpio_dial(h: Harness, dial: DialSpec) -> None:
    assert dial.pin_a is not None and dial.pin_b is not None
    home = _gpio(dial.home_pin) if dial.home_pin is not None else None
    _encoder(h, dial, "Pi", _gpio(dial.pin_a), _gpio(dial.pin_b), home, "Pi 5V rail", "Pi GND rail")


def _strip(h: Harness, board: Board, logic_5v: str, gnd: str, data: tuple[str, int, str],
           supply_rail: str | None) -> None:
    """NeoPixels through a 74AHCT125: the strip wants 0.7 x VDD = 3.5 V for a high at 5 V
    (Worldsemi WS2812B data sheet), more than 3.3 V logic gives."""
    lamps = board.lamps
    shifter = h.part("Level shifter", "level_shifter", "3.3 V data in, 5 V data out to the strip")
    host, pin, signal = data
    h.to_host(host, pin, signal, shifter.name, "1A", BLUE)
    h.tap(logic_5v, shifter.name, "VCC", RED)
    h.tap(gnd, shifter.name, "GND", BLACK)
    for unused in ("2", "3", "4"):
        h.wire(shifter.name, f"{unused}OE", shifter.name, "VCC", RED, cable=f"{shifter.name} links",
               note="short links on the level shifter itself")
        h.wire(shifter.name, f"{unused}A", shifter.name, "GND", BLACK, cable=f"{shifter.name} links")
        h.leave_open(shifter.name, f"{unused}Y", "open: an unused buffer, switched off")
    h.wire(shifter.name, "1OE", shifter.name, "GND", BLACK, cable=f"{shifter.name} links")
    strip = h.part("NeoPixel strip", "strip",
                   f"{lamps.pixels} pixels ({lamps.order}), lamps {segment_list(lamps.segments)}")
    h.wire(shifter.name, "1Y", strip.name, "DIN", BLUE, cable="strip data", note="through a 330 ohm resistor at DIN")
    rail = supply_rail or "Strip 5V rail"
    if supply_rail is None:
        supply = h.part("Strip 5V supply", "supply_5v", "feeds the pixels directly, never through the Pi")
        h.rail(rail, "5 V for the pixels")
        h.feed(supply.name, "+5V", rail, RED, note="short and thick (0.75 mm²), a 1000 uF capacitor across it")
        h.feed(supply.name, "GND", gnd, BLACK, note="the grounds joined")
    h.tap(rail, strip.name, "5V", RED)
    h.tap(gnd, strip.name, "GND", BLACK)
    per = PARTS["strip"]
    h.budget.append((rail, f"{lamps.pixels} pixels at brightness {lamps.brightness:g}",
                     lamps.pixels * per.ma_typ * lamps.brightness, lamps.pixels * per.ma_max * lamps.brightness))
    h.count(1, "74AHCT125 quad buffer (DIP-14)", "NeoPixel data from 3.3 V to 5 V")
    h.count(1, f"WS2812B strip or pixels, {lamps.pixels} pixels", f"lamps {segment_list(lamps.segments)} "
            "(lamps.segments)")
    h.count(1, "capacitor 1000 uF 6.3 V", "across the strip's 5 V and GND")
    h.count(1, "resistor 330 ohm", "in series with DIN, at the strip")
    if supply_rail is None:
        h.count(1, "5 V power supply, 2 A", "for the pixels")
    h.steps.append(f"NeoPixels: data from {signal} into the 74AHCT125 (1A in, 1Y out, 1OE to GND; 2OE-4OE to VCC "
                   "and 2A-4A to GND so the unused buffers stay off), then through a 330 ohm resistor to DIN. The "
                   "strip's 5 V comes straight from its supply with a 1000 uF capacitor across; join the grounds. "
                   "(WS2812B: a high is 0.7 x VDD = 3.5 V at 5 V, more than 3.3 V logic gives; the 74AHCT125's "
                   "inputs take 2 V as high.)")


def _hub(board: Board, h: Harness) -> None:
    """The deck hub: its own 5 V supply, a 3.3 V regulator for the readers, two ribbon trunks
    (fore, aft) from the Pico amidships to the readers, the encoders, the strip."""
    from kaleun.hub.options import hub_options

    options = hub_options(board)
    pico = h.host("Pico", "pico")
    h.to_host("Pi", "USB", "USB port", "Pico", "USB", GREY, note="USB cable (data): the hub's link")
    pico.labels.setdefault("USB", "micro-USB")
    h.count(1, "Raspberry Pi Pico with CircuitPython and the deck-hub firmware", "amidships, under the control room")
    h.count(1, "USB cable, micro-USB, data-capable", "Pi to Pico")
    supply = h.part("Hub 5V supply", "supply_5v", "the hub's own supply: readers, strip and encoders")
    v5 = h.rail("Hub 5V rail", "5 V").name
    gnd = h.rail("Hub GND rail", "ground").name
    v33 = h.rail("Readers 3V3 rail", "3.3 V for the readers").name
    h.feed(supply.name, "+5V", v5, RED)
    h.feed(supply.name, "GND", gnd, BLACK)
    h.feed("Pico", h.ground_pin("Pico"), gnd, BLACK, note="the Pico's ground on the hub's")
    diode = h.part("VSYS diode", "schottky", "lets the hub supply feed the Pico without back-feeding USB")
    h.tap(v5, diode.name, "A", RED)
    h.to_host("Pico", PICO_VSYS, "VSYS", diode.name, "K", RED)
    buck = h.part("3V3 regulator", "buck_3v3", "set to 3.3 V before connecting the readers")
    h.tap(v5, buck.name, "VIN", RED)
    h.tap(gnd, buck.name, "GND", BLACK)
    h.feed(buck.name, "VOUT", v33, RED, note="470 uF across the rail at the regulator")
    h.count(1, "5 V power supply, 2 A", "the hub's own: readers, strip, encoders")
    h.count(1, PARTS["buck_3v3"].label, "the readers' 3.3 V")
    h.count(1, PARTS["schottky"].label, "hub 5 V into the Pico's VSYS (Pico data sheet, powering from VSYS)")
    h.count(1, "capacitor 470 uF 6.3 V", "across the readers' 3.3 V rail")
    h.budget.append((v5, "Pico", PARTS["pico"].ma_typ, PARTS["pico"].ma_max))
    spi = options.spi
    bus = {"SCK": (PICO_PIN[spi["sck"]], spi["sck"]), "MOSI": (PICO_PIN[spi["mosi"]], spi["mosi"]),
           "MISO": (PICO_PIN[spi["miso"]], spi["miso"])}
    trunks: dict[str, list[int]] = {name.capitalize(): [] for name in TRUNKS}
    for number, reader in enumerate(options.readers):
        trunks[trunk_of(reader.section).capitalize()].append(number)
    for trunk, numbers in trunks.items():  # the ribbon's wires first: the tables name each by its number
        if numbers:
            h.trunks[trunk] = ribbon_wires([(n, options.readers[n].rst is not None) for n in numbers])
    kinds: dict[str, int] = {}
    reader_ma = [0.0, 0.0]
    for trunk, numbers in trunks.items():
        if not numbers:
            continue
        for line, (pin, signal) in bus.items():
            note = "33 ohm in series at the Pico on SCK and MOSI" if line != "MISO" else ""
            h.to_host("Pico", pin, signal, trunk, line, YELLOW if line == "SCK" else GREEN if line == "MOSI" else BLUE,
                      cable=f"Pico to {trunk}", note=note)
        h.tap(v33, trunk, "3V3", RED)
        h.tap(gnd, trunk, "GND", BLACK)
        for number in numbers:
            reader = options.readers[number]
            name = f"Reader {number} (section {reader.section})"
            part = h.part(name, reader.kind)
            kinds[reader.kind] = kinds.get(reader.kind, 0) + 1
            labels = part.part.pins
            cs_label = labels[0]
            h.to_host("Pico", PICO_PIN[reader.cs], reader.cs, trunk, f"CS {number}", ORANGE, cable=f"Pico to {trunk}")
            h.wire(trunk, f"CS {number}", name, cs_label, ORANGE, cable=f"{trunk} to {name}")
            for line in ("SCK", "MOSI", "MISO"):
                h.wire(trunk, line, name, line, YELLOW if line == "SCK" else GREEN if line == "MOSI" else BLUE,
                       cable=f"{trunk} to {name}",
                       note="33 ohm in series at the reader's MISO" if line == "MISO" else "")
            power, ground = part.part.power, part.part.ground
            assert power is not None and ground is not None
            h.wire(trunk, "3V3", name, power, RED, cable=f"{trunk} to {name}", note="100 uF + 100 nF at the reader")
            h.wire(trunk, "GND", name, ground, BLACK, cable=f"{trunk} to {name}")
            if reader.kind == "mfrc522":
                if reader.rst:
                    h.to_host("Pico", PICO_PIN[reader.rst], reader.rst, trunk, f"RST {number}", PINK,
                              cable=f"Pico to {trunk}")
                    h.wire(trunk, f"RST {number}", name, "RST", PINK, cable=f"{trunk} to {name}")
                else:
                    h.wire(trunk, "3V3", name, "RST", RED, cable=f"{trunk} to {name}",
                           note="RST held high: the reader runs (no hard reset without a hub.readers rst pin)")
                h.leave_open(name, "IRQ", "open: the driver polls the chip")
            else:
                h.leave_open(name, "IRQ", "open: the driver polls the chip")
                h.leave_open(name, "RSTO", "open")
                if reader.rst:  # the board's reset pin would be wired to nothing
                    h.loose.append(f"{name}: hub.readers[{number}].rst = {reader.rst}: the {PARTS[reader.kind].label} "
                                   "has no reset input on its header (RSTO is an output), so no wire would go to "
                                   "that pin: leave rst out")
            ma = PARTS[reader.kind]
            reader_ma[0] += ma.ma_typ
            reader_ma[1] += ma.ma_max
    h.budget.append((v33, f"{len(options.readers)} readers, fields on", reader_ma[0], reader_ma[1]))
    h.budget.append((v5, f"the 3.3 V regulator for them ({BUCK_EFFICIENCY:.0%} efficient)",
                     reader_ma[0] * 3.3 / 5 / BUCK_EFFICIENCY, reader_ma[1] * 3.3 / 5 / BUCK_EFFICIENCY))
    for kind, count in kinds.items():
        h.count(count, PARTS[kind].label, "under the sections: wiring/placement.md")
    used = sum(1 for numbers in trunks.values() if numbers)
    h.count(2 * used + len(options.readers), "resistor 33 ohm", "SPI series termination: SCK and MOSI at the Pico "
            "(each trunk), MISO at each reader")
    h.count(len(options.readers), "capacitors 100 uF + 100 nF", "at each reader's 3.3 V")
    for trunk, numbers in trunks.items():
        if not numbers:
            continue
        wires = len(h.trunks[trunk])
        ways = next(w for w in RIBBON_WAYS if w >= wires)
        h.ribbons[trunk] = ways
        sections = ", ".join(str(options.readers[n].section) for n in numbers)
        h.count(1, f"ribbon cable 1.27 mm pitch, {ways}-way, up to 50 cm", f"the {trunk.lower()}: readers of sections "
                f"{sections} ({wires} wires used)")
        h.count(len(numbers) + 1, f"IDC socket, 2.54 mm, 2 x {ways // 2} ({ways}-way), for 1.27 mm ribbon",
                f"crimped onto the {trunk.lower()}: one at the hub's end, one per reader")
        h.count(len(numbers) + 1, f"pin header, 2.54 mm, 2 x {ways // 2}, on a scrap of perfboard",
                f"takes an IDC socket of the {trunk.lower()}: at the hub its pins wired to the Pico's, at each reader "
                "its GND pins joined and its two 3V3 pins joined (as at the hub), and short wires (at most 5 cm) from "
                "the pins that reader uses to its 8-pin header")
    h.count(16, "NTAG213 sticker tags, 10 mm", "under the figures' bases; enroll with `kaleun figures enroll`")
    for encoder in options.encoders:
        dial = board.dial(encoder.dial)
        home = (PICO_PIN[encoder.home_pin], encoder.home_pin) if encoder.home_pin else None
        _encoder(h, dial, "Pico", (PICO_PIN[encoder.a], encoder.a), (PICO_PIN[encoder.b], encoder.b), home, v5, gnd)
    if board.lamps.driver == "hub" and options.pixel_pin:
        _strip(h, board, v5, gnd, ("Pico", PICO_PIN[options.pixel_pin], options.pixel_pin), supply_rail=v5)
    if "pn532" in kinds:
        h.steps.append(
            "PN532 boards talk SPI only with their interface switches set for it, before power-up: on the common "
            "red PN532 V3 board switch 1 off (L) and switch 2 on (H), as the table printed on the board says (HSU "
            "0 0, I2C 1 0, SPI 0 1); the driver polls the chip, so IRQ stays open.")
    h.steps.append(
        f"Deck hub power: the readers with their fields on draw {reader_ma[0]:.0f} mA typical, {reader_ma[1]:.0f} mA "
        f"at most at 3.3 V; the Pico's own 3.3 V output is for {PICO_3V3_MA} mA at most (Pico data sheet), so a "
        "separate 3.3 V step-down regulator feeds them. The hub's 5 V rail (see the budget) is more than the Pi 4's "
        f"USB ports give together ({PI4_USB_MA} mA): the hub has its own 5 V supply, into the Pico's VSYS through a "
        "Schottky diode, grounds joined; the USB cable carries only data and the Pico's own share.")
    h.steps.append(
        "Long runs: the Pico sits amidships, under the control room; two ribbon trunks of at most 50 cm run along "
        "the keel, fore (the bow rooms, the control room, and the deck and the bridge above them) and aft (crew "
        "quarters, diesel and motor rooms), each reader on its own IDC socket crimped onto the trunk; the socket "
        "plugs onto a pin header on a scrap of perfboard, and short wires join the header's pins of that reader "
        "(its chip select, SCK, MOSI, MISO through its 33 ohm, 3V3 to 3.3V and RST, GND) to the reader's 8-pin "
        "header, as its table says. In the "
        "ribbon every signal runs beside a ground wire (GND SCK GND MOSI GND MISO GND 3V3 3V3 GND, then the chip "
        "selects and a last GND: \"Ribbon trunks\" above numbers them), and every header, the hub's and each "
        "reader's, joins all its GND pins (and its two 3V3 pins): a ground wire joined at both ends carries the "
        "return current next to its signal, one joined at the hub alone carries none. 33 ohm resistors in series "
        "at each driver (SCK and MOSI at the Pico, MISO at each reader) damp the ringing on the unterminated "
        f"ribbon, and the SPI clock is {spi['baudrate'] / 1e6:g} MHz (hub.spi.baudrate). If `kaleun hub status` "
        "shows readers faulting, shorten the trunk or lower the clock; 4 MHz is fine on runs under 20 cm. "
        "(Sources: the Sources of the wiring README, linked below.)")


def ribbon_wires(readers: list[tuple[int, bool]]) -> list[str]:
    """A trunk's wires in ribbon order for its readers (number, has a reset pin): every signal
    beside a ground (GND SCK GND MOSI GND MISO GND 3V3 3V3 GND), then each reader's chip select
    (and reset), and a last GND. Wire n of the ribbon is pin n of each IDC socket and header."""
    wires = ["GND", "SCK", "GND", "MOSI", "GND", "MISO", "GND", "3V3", "3V3", "GND"]
    for number, rst in readers:
        wires.append(f"CS {number}")
        if rst:
            wires.append(f"RST {number}")
    return [*wires, "GND"]


def _trunk_tables(harness: Harness) -> list[str]:
    """The page's table of each ribbon trunk: wire (= pin of its IDC sockets and headers) -> signal,
    and where the hub's end of it goes."""
    if not harness.trunks:
        return []
    out = ["", "## Ribbon trunks", "",
           "Wire n of a ribbon is pin n of every IDC socket crimped onto it and of the pin header it plugs onto "
           "(wire 1 is the ribbon's marked edge, pin 1 the socket's triangle). At the hub's header join all the GND "
           "pins to the hub's GND rail and both 3V3 pins to the readers' 3.3 V rail. At each reader's header join "
           "its GND pins to one another in the same way (a bare wire along them on the perfboard) and its two 3V3 "
           "pins, so that each ground wire carries the return current of the signal beside it from end to end (one "
           "joined at the hub alone carries none); then take the wires the reader's table names."]
    for trunk, wires in harness.trunks.items():
        hub_end: dict[str, str] = {}
        for host in harness.hosts.values():
            for pin, signal, target in host.rows:
                if target.startswith(f"{trunk} wire "):  # "Fore trunk wire 11 (CS 0)"
                    hub_end[target.rsplit(" (", 1)[1][:-1]] = f"{host.name} pin {pin} ({signal})"
        out += ["", f"**{trunk}** ({harness.ribbons[trunk]}-way, {len(wires)} wires used)", "",
                "| wire | signal | at the hub |", "|---|---|---|"]
        for n, signal in enumerate(wires, start=1):
            at_hub = hub_end.get(signal) or ("Hub GND rail" if signal == "GND" else
                                             "Readers 3V3 rail" if signal == "3V3" else "")
            out.append(f"| {n} | {signal} | {at_hub} |")
    return out


def has_hardware(board: Board) -> bool:
    """Boards worth a wiring document: real GPIO devices, pixels or a real hub (not mock or fake)."""
    return nothing_to_wire(board) is None


def simulated_parts(board: Board) -> list[str]:
    """The parts a board declares on GPIO pins or on the deck hub that are simulated all the same
    (gpiozero's mock pins, a fake hub inside Kaleun), each with the reason: its wiring page leaves
    them out and says so."""
    parts: list[str] = []
    if board.pin_factory == "mock":
        mock = "on gpiozero's mock pins (gpio.pin_factory = \"mock\")"
        parts += [f"{_dial_title(d.name)} encoder: {mock}" for d in board.dials.values() if d.driver == "gpio"]
        parts += [f"{b.name.capitalize()} button: {mock}" for b in board.buttons.values()
                  if b.driver == "gpio" and b.pin is not None]
    if board.figure_sensor == "hub" and board.hub.url == "fake":
        from kaleun.hub.options import hub_options

        fake = "on the fake deck hub inside Kaleun (hub.url = \"fake\")"
        parts.append(f"Deck hub (Pico) and its {len(hub_options(board).readers)} NFC readers: a fake hub inside Kaleun "
                     "(hub.url = \"fake\")")
        parts += [f"{_dial_title(d.name)} encoder: {fake}" for d in board.dials.values() if d.driver == "hub"]
        if board.lamps.driver == "hub":
            parts.append(f"NeoPixel strip: {fake}")
    return parts


def nothing_to_wire(board: Board) -> Msg | None:
    """Why a board gets no wiring page (gpiozero's mock pins, a fake hub, nothing real at all), or
    None when it has something real to wire (a NeoPixel strip beside mocked pins or a fake hub too)."""
    mocked, fake = board.pin_factory == "mock", board.hub.url == "fake"
    strip = board.lamps.driver in ("neopixel", "neopixel_spi") and board.lamps.pixels > 0
    if (board.uses_gpio and not mocked) or strip or (board.figure_sensor == "hub" and not fake):
        return None
    if mocked:
        return Msg("its GPIO parts are on gpiozero's mock pins (gpio.pin_factory = \"mock\"), which no wire reaches")
    if fake:
        return Msg("its deck hub is a fake hub inside Kaleun (hub.url = \"fake\")")
    return Msg("everything on it is simulated: no dial or button on GPIO pins, no NeoPixel strip, no deck hub")


# -- WireViz terms ------------------------------------------------------------------------------------
def _safe(value: Any) -> Any:
    """Text WireViz puts into Graphviz's HTML labels unescaped: no <, > or &."""
    if isinstance(value, str):
        return value.replace("&", "and").replace("<", "(").replace(">", ")")
    if isinstance(value, list):
        return [_safe(v) for v in value]
    if isinstance(value, dict):
        return {_safe(k): _safe(v) for k, v in value.items()}
    return value


def wireviz(board: Board, h: Harness) -> dict[str, Any]:
    """connectors, cables and connections for WireViz."""
    connectors: dict[str, dict[str, Any]] = {}
    for host in h.hosts.values():
        pins = sorted(host.labels, key=lambda p: (isinstance(p, str), p if isinstance(p, int) else 0, str(p)))
        kind = PI_NAMES.get(board.pi, board.pi) + " 40-pin header" if host.kind == "pi" \
            else "Raspberry Pi Pico (deck hub)"
        connectors[host.name] = {"type": kind, "pins": pins, "pinlabels": [host.labels[p] for p in pins]}
    for placed in h.parts.values():
        entry: dict[str, Any] = {"type": placed.part.label, "pinlabels": list(placed.part.pins)}
        if placed.note:
            entry["notes"] = placed.note
        connectors[placed.name] = entry
    for rail in h.rails.values():
        if not rail.feeds and not rail.taps:
            continue
        labels = [f"in {i + 1}" for i in range(len(rail.feeds))] + [str(i + 1) for i in range(len(rail.taps))]
        connectors[rail.name] = {"type": f"{rail.kind} (perfboard strip or lever connectors)", "pinlabels": labels}
    for trunk, labels in h.trunks.items():  # numbered as the ribbon's wires, the same on the page
        connectors[trunk] = {"type": f"{h.ribbons[trunk]}-way ribbon trunk, 1.27 mm pitch",
                             "pins": list(range(1, len(labels) + 1)), "pinlabels": labels}
    cables: dict[str, dict[str, Any]] = {}
    connections: list[list[dict[str, list[Any]]]] = []
    for number, ((a, b, _), wires) in enumerate(h.cables.items(), start=1):
        name = f"W{number}"
        cable: dict[str, Any] = {"wirecount": len(wires), "colors": [w[2] for w in wires]}
        note = h.notes.get((a, b, _))
        if note:
            cable["notes"] = note
        cables[name] = cable
        connections.append([{a: [_pin_ref(connectors[a], w[0], a in h.trunks) for w in wires]},
                            {name: list(range(1, len(wires) + 1))},
                            {b: [_pin_ref(connectors[b], w[1], b in h.trunks) for w in wires]}])
    return _safe({"connectors": connectors, "cables": cables, "connections": connections})


def _pin_ref(connector: dict[str, Any], pin: Any, by_label: bool = False) -> Any:
    """WireViz refers to a pin by its number: a host's own pin number, a trunk's first wire of
    that signal (`by_label`), else its place (1-based)."""
    if "pins" in connector and not by_label:
        return pin
    return connector["pinlabels"].index(str(pin)) + 1


# -- writing ------------------------------------------------------------------------------------------
def _yaml_scalar(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int | float):
        return str(value)
    text = str(value)
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def _yaml(value: Any, indent: int = 0) -> list[str]:
    pad = "  " * indent
    lines: list[str] = []
    if isinstance(value, dict):
        for key, item in value.items():
            name = _yaml_scalar(key) if not str(key).isidentifier() else key
            if isinstance(item, dict | list) and item and not _flat(item):
                lines.append(f"{pad}{name}:")
                lines += _yaml(item, indent + 1)
            else:
                lines.append(f"{pad}{name}: {_inline(item)}")
    elif isinstance(value, list):
        for item in value:
            sub = _yaml(item, indent + 1)
            lines.append(f"{pad}- {sub[0].strip()}")
            lines += sub[1:]
    return lines


def _flat(value: Any) -> bool:
    return isinstance(value, list) and all(not isinstance(v, dict | list) for v in value)


def _inline(value: Any) -> str:
    if isinstance(value, list):
        return "[" + ", ".join(_yaml_scalar(v) for v in value) + "]"
    return _yaml_scalar(value)


def harness_yaml(board: Board, harness: Harness) -> str:
    head = [f"# WireViz harness for the board file {board.path.name} ({board.name}).",
            "# Generated by `kaleun wiring`: edit the board file, not this file.",
            "# Render: wireviz -f s FILE (needs Graphviz); `kaleun wiring` does it when Graphviz is installed."]
    return "\n".join(head + _yaml(wireviz(board, harness))) + "\n"


def _pin_key(pin: int | str) -> tuple[int, int, str]:
    return (0, pin, "") if isinstance(pin, int) else (1, 0, str(pin))


def source_name(board: Board) -> str:
    """How a page in the source tree's wiring/ names its board file: `boards/NAME` for a board this
    Kaleun ships (the committed pages, the same on every machine), else the file as it was given (a
    maker's `my-table.toml` beside the checkout is not in boards/)."""
    from kaleun.shipped import boards_dir

    folder = boards_dir()
    try:
        shipped_board = folder is not None and board.path.resolve().parent == folder.resolve()
    except OSError:
        shipped_board = False
    return f"boards/{board.path.name}" if shipped_board else board.path.as_posix()


def markdown(board: Board, harness: Harness, stem: str, docs: str = "", drawn: bool = True) -> str:
    """The board's page; `docs` is the way from the page's folder to the wiring documents it links to
    (empty: they are beside it, as in the source tree's wiring/; see `docs_prefix`). Outside the
    source tree, and for a board file of a maker's own in it, the page names the board file as it was
    given; `drawn=False`: no drawing comes beside
    the page (no WireViz here, a maker's own board), so it says how to get one instead of showing none."""
    source = source_name(board) if not docs else board.path.as_posix()
    rails = ("Power and ground go through rails (a strip of perfboard, or lever connectors): one header pin "
             "takes one jumper.")
    if drawn:
        drawing = [f"![harness]({stem}.svg)", "",
                   f"The drawing is [`{stem}.svg`]({stem}.svg), rendered from [`{stem}.yml`]({stem}.yml) by "
                   f"WireViz. {rails}"]
    else:
        drawing = [f"No drawing yet: `kaleun wiring` draws `{stem}.svg` from [`{stem}.yml`]({stem}.yml) once "
                   "WireViz and Graphviz are installed (`pip install wireviz` into Kaleun's Python, `sudo apt "
                   f"install graphviz`); the tables below hold every wire. {rails}"]
    out = [f"# {board.name}", "",
           f"Generated by `kaleun wiring` from `{source}`: edit the board file, not this page.",
           "", board_description(board), "", *drawing]
    if skipped := simulated_parts(board):
        out += ["", "Simulated, so not on this page (nothing to wire for them):", ""]
        out += [f"- {part}" for part in skipped]
    for host in harness.hosts.values():
        if not host.rows:
            continue
        title = "Pi header" if host.kind == "pi" else "Deck hub (Pico) pins"
        out += ["", f"## {title}", "", "| pin | signal | goes to |", "|---|---|---|"]
        for pin, signal, target in sorted(host.rows, key=lambda r: (_pin_key(r[0]), r[2])):
            out.append(f"| {pin} | {signal} | {target} |")
    out += _trunk_tables(harness)
    out += ["", "## Every part, pin by pin", ""]
    for placed in harness.parts.values():
        note = f" — {placed.note}" if placed.note else ""
        out += [f"**{placed.name}**: {placed.part.label}{note}", "", "| pin | goes to |", "|---|---|"]
        for pin in placed.part.pins:
            where = ", ".join(placed.wired[pin]) if pin in placed.wired else placed.open.get(pin, "")
            out.append(f"| {pin} | {where} |")
        out.append("")
    out += _budget(board, harness)
    out += ["", "## Bill of materials", "", "| qty | part | note |", "|---|---|---|"]
    for qty, part, note in harness.bom:
        out.append(f"| {qty} | {part} | {note} |")
    if harness.steps:
        out += ["", "## Notes", ""] + [f"- {step}" for step in harness.steps]
    out += ["", f"See also [placement.md]({docs}placement.md) (readers and tags under the sections), "
            f"[mechanics.md]({docs}mechanics.md) (the telegraph and the attack disc) and the wiring "
            f"[README.md]({docs}README.md) (the steps of a build; its Sources say where the figures on this page "
            "come from).", ""]
    return "\n".join(out)


@dataclass(frozen=True)
class RailLoad:
    """What one rail of a harness carries (mA) and what feeds it can give."""

    rail: str
    typ_ma: float
    max_ma: float
    #: the rating of what feeds the rail (None: the board file does not say, for the Pi's supply)
    rating_ma: int | None
    #: the rating in words, for the budget's lines
    rating: str

    @property
    def over(self) -> bool:
        return self.rating_ma is not None and self.max_ma > self.rating_ma


def rail_loads(board: Board, harness: Harness | None = None) -> list[RailLoad]:
    """The power budget per rail, in the order the budget lists them: the Pi's supply (the Pi,
    its screen, what hangs on its header and its USB ports), then the deck hub's and the strip's
    own supplies. `kaleun board check` prints these and the wiring page's budget adds them up
    the same way. Raises WiringError like `build`."""
    harness = harness or build(board)
    totals: dict[str, list[float]] = {}
    for rail_name, _what, typ, most in harness.budget:
        total = totals.setdefault(PI_SUPPLY if rail_name == "Pi 5V rail" else rail_name, [0.0, 0.0])
        total[0] += typ
        total[1] += most
    loads = []
    for rail, (typ, most) in totals.items():
        if rail == PI_SUPPLY:
            rating_ma = board.supply_ma
            rating = f"the {board.supply_ma} mA supply (`[power] supply_ma`)" if board.supply_ma else ""
        else:
            rating_ma, rating = RAIL_RATINGS.get(rail, (None, ""))
        loads.append(RailLoad(rail, typ, most, rating_ma, rating))
    return loads


def _budget(board: Board, harness: Harness) -> list[str]:
    out = ["## Power budget", "",
           "What each rail carries at most (`parts.toml` says where each figure comes from):", "",
           "| rail | what | typical mA | at most mA |", "|---|---|---:|---:|"]
    for rail_name, what, typ, most in harness.budget:
        rail = PI_SUPPLY if rail_name == "Pi 5V rail" else rail_name
        out.append(f"| {rail} | {what} | {typ:.0f} | {most:.0f} |")
    out.append("")
    for load in rail_loads(board, harness):
        limit = f" of {load.rating}" if load.rating else ""
        if load.rail == "Readers 3V3 rail":
            limit += f" (the Pico's own 3V3 gives {PICO_3V3_MA} mA)"
        out.append(f"- {load.rail}: {load.typ_ma:.0f} mA typical, {load.max_ma:.0f} mA at most{limit}.")
    return out


def board_description(board: Board) -> str:
    figures = "hub (the fake hub, simulated)" if board.figure_sensor == "hub" and board.hub.url == "fake" \
        else board.figure_sensor
    return f"{PI_NAMES.get(board.pi, board.pi)}. Figures: {figures}. " + \
        f"Lamps: {board.lamps.driver}, {board.lamps.pixels} pixels. Sound: {board.audio.driver} " + \
        f"({board.audio.output}). The power budget per rail is below (`kaleun board check` prints it too)."


#: the wiring documents every board's page links to: in the source tree's wiring/, and shipped
#: with Kaleun (a wheel carries them as kaleun/share/wiring: kaleun.shipped)
DOCS = ("placement.md", "mechanics.md", "README.md")


def docs_prefix(out: Path) -> str:
    """How pages written into `out` reach the wiring documents (`DOCS`): nothing when they are there
    (the source tree's wiring/), else the path from `out` to the ones this Kaleun ships, so the links
    of pages written outside the source tree (an installed wheel, `--out`) still lead to them."""
    from kaleun.shipped import shipped

    if all((out / name).is_file() for name in DOCS):
        return ""
    folder = shipped("wiring")
    if folder is None:
        return ""
    try:
        way = os.path.relpath(folder.resolve(), out.resolve())
    except ValueError:  # another drive: no relative way
        way = str(folder.resolve())
    return Path(way).as_posix() + "/"


def documents(board: Board, docs: str = "", draw: bool = True) -> dict[str, str]:
    """The board's harness and page; `draw=False`: nothing draws the harness here, so the page shows the
    drawing only when Kaleun ships one for this very harness (a shipped board's)."""
    stem = board.path.stem
    harness = build(board)
    yml = harness_yaml(board, harness)
    drawn = draw or shipped_drawing(yml) is not None
    return {f"{stem}.yml": yml, f"{stem}.md": markdown(board, harness, stem, docs, drawn)}


SVG_STAMP = "<!-- kaleun harness sha256:{} -->"


def harness_digest(yml_text: str) -> str:
    return hashlib.sha256(yml_text.encode("utf-8")).hexdigest()


def svg_stamp(svg_text: str) -> str | None:
    """The digest of the harness an SVG was drawn from (its stamp), or None."""
    found = re.search(r"<!-- kaleun harness sha256:([0-9a-f]{64}) -->", svg_text)
    return found.group(1) if found else None


def cannot_render() -> str | None:
    """Why the drawings cannot be drawn here (None: they can): WireViz draws them with
    Graphviz's `dot`. WireViz comes with Kaleun's `dev` extra only, so an installed Kaleun
    (`pip install kaleun`, `make play`) may have Graphviz and still lack it."""
    missing = []
    if shutil.which("dot") is None:
        missing.append("Graphviz (sudo apt install graphviz)")
    if importlib.util.find_spec("wireviz") is None:
        from kaleun.shipped import install_command

        missing.append(f"WireViz ({install_command('wireviz')})")
    return " and ".join(missing) or None


def can_render() -> bool:
    """Graphviz's `dot` and WireViz are installed: the drawings can be drawn."""
    return cannot_render() is None


def render_svg(yml: Path, out_dir: Path | None = None) -> Path:
    """Draw a harness with WireViz (needs Graphviz) as `<stem>.svg`, stamped with the digest of
    the harness text so a test can tell a drawing that no longer matches its harness."""
    from wireviz import wireviz as wv

    text = yml.read_text(encoding="utf-8")
    folder = out_dir or yml.parent
    wv.parse(yml, output_formats=("svg",), output_dir=folder, output_name=yml.stem)
    svg = folder / f"{yml.stem}.svg"
    drawn = svg.read_text(encoding="utf-8")
    head, _, rest = drawn.partition("\n")
    svg.write_text(f"{head}\n{SVG_STAMP.format(harness_digest(text))}\n{rest}", encoding="utf-8")
    return svg


def shipped_drawing(yml_text: str) -> Path | None:
    """The drawing Kaleun ships (wiring/*.svg) that was drawn from this very harness, or None: a
    shipped board's page written without WireViz still gets its drawing."""
    from kaleun.shipped import shipped

    folder = shipped("wiring")
    if folder is None:
        return None
    digest = harness_digest(yml_text)
    for svg in sorted(folder.glob("*.svg")):
        if svg_stamp(svg.read_text(encoding="utf-8")) == digest:
            return svg
    return None


def undrawn(written: list[Path]) -> list[Path]:
    """The harnesses among `written` that have no drawing beside them drawn from them (none, or a
    drawing left from an earlier harness): their pages' pictures are missing or out of date."""
    missing = []
    for yml in written:
        if yml.suffix != ".yml":
            continue
        svg = yml.with_suffix(".svg")
        if not svg.is_file() or svg_stamp(svg.read_text(encoding="utf-8")) != \
                harness_digest(yml.read_text(encoding="utf-8")):
            missing.append(yml)
    return missing


def write_all(boards: list[Board], out: Path, draw: bool | None = None,
              wrote: Callable[[Path], None] | None = None) -> list[Path]:
    """Write each board's page and harness into `out`; draw the harness (SVG) when Graphviz is
    there (or `draw` says so), else copy the drawing Kaleun ships for that very harness (a
    shipped board's). `wrote` hears each file as soon as it is written."""
    written: list[Path] = []

    def keep(path: Path) -> None:
        written.append(path)
        if wrote is not None:
            wrote(path)

    out.mkdir(parents=True, exist_ok=True)
    draw = can_render() if draw is None else draw
    docs = docs_prefix(out)
    for board in boards:
        if not has_hardware(board):
            continue
        for name, text in documents(board, docs, draw).items():
            path = out / name
            path.write_text(text, encoding="utf-8")
            keep(path)
            if path.suffix != ".yml":
                continue
            if draw:
                keep(render_svg(path))
            elif (drawing := shipped_drawing(text)) is not None:
                svg = path.with_suffix(".svg")
                if not (svg.exists() and svg.samefile(drawing)):
                    shutil.copyfile(drawing, svg)
                    keep(svg)
    return written
