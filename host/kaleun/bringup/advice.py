"""What to look at when a part fails the bring-up check: the exact wire or board-file setting,
worked out from the board file (pins, drivers, segments)."""

from __future__ import annotations

from typing import Any

from kaleun.boards.dials import DIALS
from kaleun.boards.model import Board, ButtonSpec, DialSpec
from kaleun.hub.options import EncoderSpec, HubOptions, ReaderSpec
from kaleun.wiring.generate import FORE_SECTIONS, PARTS
from kaleun.wiring.header import GPIO_TO_PIN, PICO_PIN


def gpio(pin: int | None) -> str:
    """GPIO 17 (header pin 11)."""
    if pin is None:
        return "no GPIO set"
    header = GPIO_TO_PIN.get(pin)
    return f"GPIO {pin} (header pin {header})" if header else f"GPIO {pin}"


def pico(pin: str | None) -> str:
    """GP18 (Pico pin 24)."""
    if pin is None:
        return "no pin set"
    physical = PICO_PIN.get(pin)
    return f"{pin} (Pico pin {physical})" if physical else pin


def strip(board: Board) -> str:
    """Where the strip's data comes from."""
    lamps = board.lamps
    if lamps.driver == "neopixel_spi":
        return (f"the strip's DIN on SPI0 MOSI, {gpio(10)}, through the level shifter and the 330 Ω resistor, "
                "its 5 V and GND (GND shared with the Pi), and SPI switched on (sudo raspi-config → Interface "
                "Options → SPI)")
    if lamps.driver == "neopixel":
        return (f"the strip's DIN on {gpio(lamps.pin)} (lamps.pin) through the level shifter, its 5 V and GND "
                "(GND shared with the Pi); the PWM driver needs root")
    if lamps.driver == "hub":
        pin = board.hub.options.get("pixel_pin")
        return (f"the strip's DIN on the hub's {pico(pin)} (hub.pixel_pin) through the level shifter, its 5 V "
                "and GND (shared with the Pico), and the hub's firmware (kaleun firmware install)")
    return "the simulated lamps (nothing to wire)"


def lamp(board: Board, segment: str, earlier_lit: bool) -> str:
    first, count = board.lamps.segments[segment]
    last = first + count - 1
    where = f"pixel {first}" if count == 1 else f"pixels {first}-{last}"
    setting = (f"lamps.segments.\"{segment}\" = [{first}, {count}] and lamps.pixels = {board.lamps.pixels} "
               "(the strip's length" + (", which the hub reads from its kaleun_hub.json: kaleun hub config" if
                                        board.lamps.driver == "hub" else "") + ")")
    if earlier_lit and first > 0:
        return (f"{where}: the pixels before it light, so look at the joint from pixel {first - 1}'s DOUT to pixel "
                f"{first}'s DIN and at this pixel's 5 V and GND; check {setting}")
    return f"{where}: {strip(board)}; check {setting}"


def to_hub(board: Board) -> str:
    """What a change to a setting the deck hub keeps in its own kaleun_hub.json (its readers'
    chip selects, its encoders' pins and divisor, its strip's pixels and order) needs."""
    return (f"; the hub reads that from its own kaleun_hub.json: write it with kaleun hub config --board "
            f"{board.path} --out /media/$USER/CIRCUITPY")


def hub_config(board: Board) -> str:
    """The hub's own config does not match the board file (or the hub could not set a part up)."""
    return ("the hub's own config (kaleun_hub.json on its CIRCUITPY drive) is written from the board file: "
            f"kaleun hub config --board {board.path} --out /media/$USER/CIRCUITPY (the hub restarts by itself), "
            "and its REPL console prints why a part could not be set up")


def colour_order(board: Board) -> str:
    return (f"lamps.order = \"{board.lamps.order}\": most WS2812B strips are GRB; if red showed green, try "
            "\"RGB\" (RGBW strips: \"GRBW\")" + (to_hub(board) if board.lamps.driver == "hub" else ""))


def bell(board: Board, reason: str = "") -> str:
    audio = board.audio
    outputs = {"analog": "the 3.5 mm jack", "hdmi": "the screen's HDMI", "usb": "a USB speaker",
               "i2s": "the I2S amplifier on GPIO 18-21", "default": "the Pi's default sound device"}
    text = (f"the speaker on {outputs.get(audio.output, audio.output)} (audio.output = \"{audio.output}\"); the "
            "Pi's default sound device must be the same output (sudo raspi-config → System Options → Audio; "
            f"test it with speaker-test -c1 -t sine); audio.volume = {audio.volume:g} and the speaker's own "
            "volume knob")
    return f"{reason}; {text}" if reason else text


def dial_wires(board: Board, spec: DialSpec) -> str:
    if spec.decl.is_ring:  # an optical encoder (wiring/mechanics.md): four wires, powered from 5 V
        return (f"the optical encoder's A (black) on {gpio(spec.pin_a)}, B (white) on {gpio(spec.pin_b)}, +V "
                "(brown) on the 5 V rail (header pin 2) and 0V (blue) on GND (header pin 9): its outputs only "
                "pull low, so they need the Pi's pull-ups; and gpio.pin_factory = "
                f"\"{board.pin_factory}\"")
    return (f"the encoder's A on {gpio(spec.pin_a)}, B on {gpio(spec.pin_b)}, its middle pin C on GND "
            f"(header pin 9), and gpio.pin_factory = \"{board.pin_factory}\"")


def home_mark(spec: DialSpec, enc: EncoderSpec | None = None) -> str:
    """A ring turned a whole turn, but its switch or index pulse never came."""
    if spec.driver == "hub":
        where = f" {pico(enc.home_pin)}" if enc is not None and enc.home_pin else ""
        return (f"the ring's home switch (the reed switch at its zero mark, closed by the magnet in the ring) on the "
                f"hub's{where} (hub.encoders.{spec.name}.home_pin) and on the hub's GND rail; "
                f"dials.{spec.name}.home = \"{spec.homing}\"")
    what = ("index (Z) output" if spec.homing == "index" else
            "home switch (the reed switch at its zero mark, closed by the magnet in the ring)")
    pull = "pull-up" if spec.home_pull_up else "pull-down"
    return (f"the encoder's {what} on {gpio(spec.home_pin)}, its ground, and dials.{spec.name}.home_pull_up "
            f"(now the {pull}: a switch closing to ground needs the pull-up); or dials.{spec.name}.home = "
            "\"calibrate\" if the ring has no sensor")


def encoder_wires(enc: EncoderSpec) -> str:
    if DIALS[enc.dial].is_ring:
        return (f"the optical encoder's A (black) on the hub's {pico(enc.a)}, B (white) on {pico(enc.b)} (two "
                "adjacent pins), +V (brown) on the hub's 5 V rail and 0V (blue) on its GND "
                f"(hub.encoders.{enc.dial})")
    return (f"the encoder's A on the hub's {pico(enc.a)}, B on {pico(enc.b)} (two adjacent pins), its middle "
            f"pin C on the hub's GND (hub.encoders.{enc.dial})")


def dial_count(name: str, counted: int, expected: int, spec: DialSpec, ring: bool = False,
               enc: EncoderSpec | None = None) -> str:
    """The dial moved, but counted `counted` where a hand turned `expected` (detents of a dial
    with end stops; a ring's steps of a whole turn). `enc`: the dial's encoder is on the deck hub."""
    if counted == 0:
        return ""
    ratio = abs(counted) / expected
    unit = "steps of a whole turn" if ring else "detents"
    # counting the wrong way: flip the board's reverse, whatever it says now
    flip = f"set dials.{name}.reverse = {str(not spec.reverse).lower()}"
    if enc is not None:
        direction = (f"{flip} (or swap the A and B wires, or hub.encoders.{name}.a and .b and then kaleun hub "
                     "config)")
        if ring:
            key, now = f"dials.{name}.steps_per_revolution", spec.steps_per_revolution
            hint = (f"the hub's counts a turn of the ring, each count {enc.divisor} pin transitions "
                    f"(hub.encoders.{name}.divisor)")
        else:
            key, now = f"hub.encoders.{name}.divisor", enc.divisor
            hint = (f"pin transitions per count, which the hub reads from its kaleun_hub.json: kaleun hub config; "
                    f"or dials.{name}.steps_per_position, the counts per detent")
    elif ring:
        # a ring counts degrees: too many means the encoder makes more steps a turn than the board says
        key, now = f"dials.{name}.steps_per_revolution", spec.steps_per_revolution
        direction = f"{flip} (or swap the A and B wires)"
        hint = "full quadrature cycles per turn of the ring: the encoder's pulses per revolution times its gearing"
    else:
        key, now = f"dials.{name}.steps_per_position", spec.steps_per_position
        direction = f"{flip} (or swap the A and B wires)"
        hint = "full quadrature cycles per detent"
    parts = []
    if counted * expected < 0:
        parts.append(f"it counted the wrong way: {direction}")
    if ratio >= 1.5:
        parts.append(f"it counted {abs(counted)} for {expected} {unit}: set {key} = {round(now * ratio)} "
                     f"(now {now}; {hint})")
    elif ratio < 0.75:
        suggestion = (f"set {key} = {max(1, round(now * ratio))}" if round(now * ratio) >= 1 else
                      "this encoder makes one full cycle every second detent: use a full-cycle encoder, or turn "
                      "two detents per position")
        parts.append(f"it counted only {abs(counted)} for {expected} {unit}: {suggestion}"
                     + ("; a long bounce_time also swallows steps" if enc is None else ""))
    return "; ".join(parts)


def button(board: Board, spec: ButtonSpec) -> str:
    other = "GND (header pin 9)" if spec.pull_up else "3.3 V (header pin 1)"
    return (f"one leg of the button on {gpio(spec.pin)}, the other on {other}, as buttons.{spec.name}.pull_up = "
            f"{str(spec.pull_up).lower()} wants, and gpio.pin_factory = \"{board.pin_factory}\"")


def hub_link(options: HubOptions, url: str, reason: str) -> str:
    from kaleun.hub.link import PORT_HELD

    if PORT_HELD in reason:  # the hub may be fine: a table playing holds its port
        return f"the deck hub at {url} is in use: {PORT_HELD}; then run this check again"
    return (f"the deck hub at {url} did not answer ({reason}): its USB cable, hub.url in the board file "
            "(ls /dev/serial/by-id/ lists the Pico's ports: the data port ends in -if02), the firmware on the "
            "Pico (kaleun firmware install), then kaleun hub status")


def trunk(reader: ReaderSpec) -> str:
    """The ribbon trunk a reader hangs on, as the wiring page names it (wiring/pico-hub.md)."""
    return "fore trunk" if reader.section in FORE_SECTIONS else "aft trunk"


def reader_wires(options: HubOptions, index: int, reader: ReaderSpec) -> str:
    """A reader's wires by the names of the wiring page: its own pins (SDA or SS, 3.3V or VCC),
    the trunk it hangs on and that trunk's wires (CS n, SCK, MOSI, MISO, 3V3, GND)."""
    spi: dict[str, Any] = options.spi
    part = PARTS[reader.kind]
    line = trunk(reader)
    # a reader whose RST (NRSTPD) is open or low stays powered down: it never answers
    rst = (f", its RST on {pico(reader.rst)} (hub.readers[{index}].rst, the {line}'s RST {index})" if reader.rst else
           f", its RST on the {line}'s 3V3 (open or on GND, the reader stays powered down)")
    power = (f"its {part.power} pin on the {line}'s 3V3 (the readers' own 3.3 V regulator, never 5 V)"
             if reader.kind == "mfrc522" else f"its {part.power} pin on the {line}'s 3V3")
    return (f"reader {index}'s chip select (its {part.pins[0]} pin, the {line}'s CS {index}) on {pico(reader.cs)} "
            f"(hub.readers[{index}].cs), the shared SPI wires of the {line} SCK {pico(spi['sck'])}, MOSI "
            f"{pico(spi['mosi'])}, MISO {pico(spi['miso'])} (through the reader's 33 ohm), {power}, its GND on "
            f"the {line}'s GND{rst if reader.kind == 'mfrc522' else ''}")


def reader_no_tag(options: HubOptions, index: int, reader: ReaderSpec) -> str:
    return ("hold the figure's tag flat over the middle of the reader's antenna (through the model's floor the "
            f"range is a few millimetres); if no tag ever shows, check {reader_wires(options, index, reader)}")
