"""Turn a board file into the maker's documents: a WireViz harness (YAML), a pinout table and a
bill of materials (Markdown). `kaleun wiring` writes them into wiring/; a test fails when the
committed files no longer match the board files."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from kaleun.boards.model import Board
from kaleun.wiring.header import (
    GPIO_TO_PIN,
    GROUND_PINS,
    PI_NAMES,
    PICO_GROUND_PINS,
    PICO_PIN,
    PICO_VBUS,
    PIN_3V3,
    PIN_5V,
)

#: MFRC522 breakout pins in the order printed on the common blue boards
MFRC522_PINS = ["SDA", "SCK", "MOSI", "MISO", "IRQ", "GND", "RST", "3.3V"]
PN532_PINS = ["SS", "SCK", "MOSI", "MISO", "GND", "VCC"]

I2S_PINS = {"BCLK": 18, "LRC": 19, "DIN": 21}
ACTIONS = {"pause": "pauses and resumes the game", "real_time": "back to real time",
           "cycle_compression": "steps through the time compressions"}
SPI_MOSI = 10


@dataclass
class Harness:
    """Connectors, cables and connections in WireViz's terms, plus the pinout and BOM rows."""

    connectors: dict[str, dict[str, Any]] = field(default_factory=dict)
    cables: dict[str, dict[str, Any]] = field(default_factory=dict)
    connections: list[list[dict[str, list[int]]]] = field(default_factory=list)
    pi_pins: dict[int, str] = field(default_factory=dict)  # header pin -> label
    pinout: list[tuple[int, str, str]] = field(default_factory=list)  # (header pin, signal, goes to)
    bom: list[tuple[int, str, str]] = field(default_factory=list)  # (qty, part, note)
    steps: list[str] = field(default_factory=list)
    _ground: int = 0

    def ground(self) -> int:
        pin = GROUND_PINS[self._ground % len(GROUND_PINS)]
        self._ground += 1
        return pin

    hub_pins: dict[int, str] = field(default_factory=dict)  # Pico pin -> label
    hub_pinout: list[tuple[int, str, str]] = field(default_factory=list)

    def wire(self, device: str, device_type: str, labels: list[str], pi: list[tuple[int, str]],
             colors: list[str], note: str, host: str = "Pi", device_pins: list[int] | None = None) -> None:
        """Connect `device` pins (1..n, or `device_pins`) to the `host` pins given as (pin, label)."""
        self.connectors.setdefault(device, {"type": device_type, "pinlabels": labels})
        pins_used = device_pins or list(range(1, len(pi) + 1))
        cable = f"W{len(self.cables) + 1}"
        self.cables[cable] = {"wirecount": len(pi), "colors": colors, "notes": note}
        table, pinout = (self.pi_pins, self.pinout) if host == "Pi" else (self.hub_pins, self.hub_pinout)
        for pin, label in pi:
            table[pin] = label
        self.connections.append([{host: [p for p, _ in pi]}, {cable: list(range(1, len(pi) + 1))},
                                 {device: pins_used}])
        for (pin, label), device_pin in zip(pi, pins_used, strict=True):
            pinout.append((pin, label, f"{device} {labels[device_pin - 1]}"))


def _signal(gpio: int) -> tuple[int, str]:
    return GPIO_TO_PIN[gpio], f"GPIO{gpio}"


def build(board: Board) -> Harness:
    h = Harness()
    h.bom.append((1, PI_NAMES.get(board.pi, board.pi), "with its official power supply"))
    for dial in board.dials.values():
        if dial.driver != "gpio" or dial.pin_a is None or dial.pin_b is None:
            continue
        name = f"{dial.name.capitalize()} encoder"
        h.wire(name, "detented rotary encoder (e.g. EC11, 20 detents)", ["A", "B", "C"],
               [_signal(dial.pin_a), _signal(dial.pin_b), (h.ground(), "GND")], ["YE", "GN", "BK"],
               "internal pull-ups: no resistors needed")
        h.bom.append((1, "rotary encoder with detents, EC11 type", f"{dial.name}; a cog or lever turns it"))
    for button in board.buttons.values():
        if button.driver != "gpio" or button.pin is None:
            continue
        other = (h.ground(), "GND") if button.pull_up else (PIN_3V3[0], "3V3")
        h.wire(f"{button.name.capitalize()} button", "momentary push button", ["1", "2"],
               [_signal(button.pin), other], ["WH", "BK" if button.pull_up else "RD"], ACTIONS[button.action])
        h.bom.append((1, "momentary push button, 12 mm", f"{button.name}: {ACTIONS[button.action]}"))
    lamps = board.lamps
    if lamps.driver in ("neopixel", "neopixel_spi") and lamps.pixels:
        data = SPI_MOSI if lamps.driver == "neopixel_spi" else lamps.pin
        assert data is not None
        h.wire("Level shifter", "74AHCT125 (3.3 V → 5 V)", ["1A", "1OE", "GND", "VCC"],
               [_signal(data), (h.ground(), "GND"), (h.ground(), "GND"), (PIN_5V[0], "5V")],
               ["BU", "BK", "BK", "RD"], "1Y goes to the strip's DIN")
        h.connectors["NeoPixel strip"] = {"type": f"WS2812B, {lamps.pixels} pixels ({lamps.order})",
                                          "pinlabels": ["DIN", "5V", "GND"]}
        h.connectors["Level shifter"]["pinlabels"].append("1Y")
        h.connectors["5 V supply"] = {"type": "5 V power supply for the pixels", "pinlabels": ["+5V", "GND"]}
        h.cables["W_DATA"] = {"wirecount": 1, "colors": ["BU"], "notes": "through a 330 Ω resistor"}
        h.cables["W_POWER"] = {"wirecount": 2, "colors": ["RD", "BK"], "notes": "short and thick"}
        h.connections += [[{"Level shifter": [5]}, {"W_DATA": [1]}, {"NeoPixel strip": [1]}],
                          [{"5 V supply": [1, 2]}, {"W_POWER": [1, 2]}, {"NeoPixel strip": [2, 3]}]]
        h.bom += [(1, "74AHCT125 level shifter", "NeoPixel data 3.3 V → 5 V"),
                  (1, f"WS2812B strip or pixels, {lamps.pixels} pixels", "one segment per section of the model"),
                  (1, "capacitor 1000 µF 6.3 V", "across the strip's 5 V and GND"),
                  (1, "resistor 330 Ω", "in series with DIN")]
        h.steps.append(f"NeoPixels: data from GPIO{data} through the 74AHCT125 (1A in, 1Y out, 1OE to GND) "
                       "and a 330 Ω resistor to DIN. Feed the strip's 5 V directly from the supply, not through "
                       "the Pi; join the grounds.")
    if board.audio.driver != "none" and board.audio.output == "i2s":
        pins = [_signal(gpio) for gpio in I2S_PINS.values()]
        h.wire("I2S amplifier", "MAX98357A I2S amplifier", [*I2S_PINS, "VIN", "GND"],
               [*pins, (PIN_5V[1], "5V"), (h.ground(), "GND")], ["VT", "OG", "BU", "RD", "BK"],
               "speaker on the amplifier's + and - terminals")
        h.bom += [(1, "MAX98357A I2S amplifier board", "add `dtoverlay=max98357a` to config.txt"),
                  (1, "speaker 4–8 Ω, 3 W", "the ship's bell")]
    elif board.audio.driver != "none" and board.audio.output in ("analog", "default"):
        h.bom += [(1, "powered speaker with 3.5 mm plug", "the ship's bell, on the Pi's audio jack")]
    elif board.audio.driver != "none":
        h.bom += [(1, f"speaker on {board.audio.output.upper()}", "the ship's bell")]
    if board.figure_sensor == "hub":
        _hub(board, h)
    if h.pi_pins:
        h.connectors["Pi"] = {"type": PI_NAMES.get(board.pi, board.pi) + " 40-pin header",
                              "pins": sorted(h.pi_pins), "pinlabels": [h.pi_pins[p] for p in sorted(h.pi_pins)]}
    if h.hub_pins:
        h.connectors["Pico"] = {"type": "Raspberry Pi Pico (deck hub)", "pins": sorted(h.hub_pins),
                                "pinlabels": [h.hub_pins[p] for p in sorted(h.hub_pins)]}
    return h


def _hub(board: Board, h: Harness) -> None:
    """The deck hub: readers on one SPI bus with their own chip selects, encoders, the pixel strip."""
    from kaleun.hub.options import hub_options

    options = hub_options(board)
    spi = options.spi
    grounds = iter(PICO_GROUND_PINS)
    bus = [(PICO_PIN[spi[line]], spi[line]) for line in ("sck", "mosi", "miso")]
    kinds: dict[str, int] = {}
    for number, reader in enumerate(options.readers):
        name = f"Reader {number} (section {reader.section})"
        labels = MFRC522_PINS if reader.kind == "mfrc522" else PN532_PINS
        cs = (PICO_PIN[reader.cs], reader.cs)
        if reader.kind == "mfrc522":
            pins = [cs, *bus]
            device_pins = [1, 2, 3, 4]
            if reader.rst:
                pins.append((PICO_PIN[reader.rst], reader.rst))
                device_pins.append(7)
        else:
            pins, device_pins = [cs, *bus], [1, 2, 3, 4]
        h.wire(name, f"{reader.kind.upper()} NFC reader", labels, pins, ["OG", "YE", "GN", "BU", "VT"][:len(pins)],
               "keep SPI runs short (≤ 20 cm)", host="Pico", device_pins=device_pins)
        kinds[reader.kind] = kinds.get(reader.kind, 0) + 1
    for encoder in options.encoders:
        name = f"{encoder.dial.capitalize()} encoder (hub)"
        h.wire(name, "detented rotary encoder (EC11)", ["A", "B", "C"],
               [(PICO_PIN[encoder.a], encoder.a), (PICO_PIN[encoder.b], encoder.b), (next(grounds), "GND")],
               ["YE", "GN", "BK"], "internal pull-ups", host="Pico")
        h.bom.append((1, "rotary encoder with detents, EC11 type", f"{encoder.dial}, read by the hub"))
    if board.lamps.driver == "hub" and options.pixel_pin:
        h.wire("NeoPixel strip (hub)", f"WS2812B, {board.lamps.pixels} pixels", ["DIN", "5V", "GND"],
               [(PICO_PIN[options.pixel_pin], options.pixel_pin), (PICO_VBUS, "VBUS"), (next(grounds), "GND")],
               ["BU", "RD", "BK"], "330 Ω in DIN; most WS2812B accept the Pico's 3.3 V data at short range",
               host="Pico")
        h.bom += [(1, f"WS2812B strip or pixels, {board.lamps.pixels} pixels", "on the hub, one per section"),
                  (1, "resistor 330 Ω", "in series with DIN")]
    h.bom.append((1, "Raspberry Pi Pico with CircuitPython and the deck-hub firmware", "USB cable to the Pi"))
    for kind, count in kinds.items():
        h.bom.append((count, f"{kind.upper()} NFC reader board", "one under each berth of a section"))
    h.bom += [(16, "NTAG213 sticker tags, 8–10 mm", "under the figures' bases; enroll with `kaleun figures enroll`"),
              (1, "3.3 V regulator, ≥ 1 A (e.g. AMS1117-3.3 from the Pico's VBUS)",
               "the readers draw up to 100 mA each: more than the Pico's own 3.3 V output gives")]
    h.steps.append("Deck hub: every reader shares SCK, MOSI and MISO; each has its own chip select (SDA). Feed the "
                   "readers' 3.3 V from the separate regulator and join all grounds with the Pico's.")


def has_hardware(board: Board) -> bool:
    """Boards worth a wiring document: real GPIO devices, pixels or a real hub (not mock or fake)."""
    if board.pin_factory == "mock" or board.hub.url == "fake":
        return False
    return board.uses_gpio or board.lamps.driver in ("neopixel", "neopixel_spi") or board.figure_sensor == "hub"


# -- writing ------------------------------------------------------------------------------------
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
            if isinstance(item, dict | list) and item and not _flat(item):
                lines.append(f"{pad}{_yaml_scalar(key) if ' ' in str(key) else key}:")
                lines += _yaml(item, indent + 1)
            else:
                lines.append(f"{pad}{_yaml_scalar(key) if ' ' in str(key) else key}: {_inline(item)}")
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
            "# Render: wireviz -f s FILE (needs Graphviz)."]
    body = {"connectors": harness.connectors, "cables": harness.cables, "connections": harness.connections}
    return "\n".join(head + _yaml(body)) + "\n"


def markdown(board: Board, harness: Harness, stem: str) -> str:
    out = [f"# {board.name}", "",
           f"Generated by `kaleun wiring` from `boards/{board.path.name}`: edit the board file, not this page.",
           "", board_description(board)]
    if harness.pinout:
        out += ["", "## Pi header", "", "| header pin | signal | goes to |", "|---|---|---|"]
        for pin, signal, target in sorted(harness.pinout):
            out.append(f"| {pin} | {signal} | {target} |")
    if harness.hub_pinout:
        out += ["", "## Deck hub (Pico) pins", "", "| Pico pin | signal | goes to |", "|---|---|---|"]
        for pin, signal, target in sorted(harness.hub_pinout):
            out.append(f"| {pin} | {signal} | {target} |")
    out += ["", "## Bill of materials", "", "| qty | part | note |", "|---|---|---|"]
    for qty, part, note in harness.bom:
        out.append(f"| {qty} | {part} | {note} |")
    if harness.steps:
        out += ["", "## Notes", ""] + [f"- {step}" for step in harness.steps]
    out += ["", "## Harness", "",
            f"[`{stem}.yml`]({stem}.yml) describes every wire for WireViz; `make wiring` renders it as "
            f"`{stem}.svg` with a BOM when Graphviz is installed.", ""]
    return "\n".join(out)


def board_description(board: Board) -> str:
    return f"{PI_NAMES.get(board.pi, board.pi)}. Figures: {board.figure_sensor}. " + \
        f"Lamps: {board.lamps.driver}, {board.lamps.pixels} pixels. Sound: {board.audio.driver} " + \
        f"({board.audio.output}). Estimated draw {board.power_ma} mA."


def documents(board: Board) -> dict[str, str]:
    stem = board.path.stem
    harness = build(board)
    return {f"{stem}.yml": harness_yaml(board, harness), f"{stem}.md": markdown(board, harness, stem)}


def write_all(boards: list[Board], out: Path) -> list[Path]:
    written = []
    out.mkdir(parents=True, exist_ok=True)
    for board in boards:
        if not has_hardware(board):
            continue
        for name, text in documents(board).items():
            path = out / name
            path.write_text(text, encoding="utf-8")
            written.append(path)
    return written
