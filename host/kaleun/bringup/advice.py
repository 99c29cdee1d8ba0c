"""What to look at when a part fails the bring-up check: the exact wire or board-file setting,
worked out from the board file (pins, drivers, segments). Each is a `Msg` in the maker's language;
pins, keys and commands stay as the board file and the shell spell them."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from kaleun.boards.dials import DIALS
from kaleun.boards.model import Board, ButtonSpec, DialSpec
from kaleun.core.messages import N_, Msg, and_list, join
from kaleun.hub.options import EncoderSpec, HubOptions, ReaderSpec, board_takes_id
from kaleun.wiring.generate import PARTS, TRUNKS, trunk_of
from kaleun.wiring.header import GPIO_TO_PIN, PICO_PIN


def gpio(pin: int | None) -> Msg:
    """GPIO 17 (header pin 11)."""
    if pin is None:
        return Msg("no GPIO set")
    header = GPIO_TO_PIN.get(pin)
    return Msg("GPIO {pin} (header pin {header})", pin=str(pin), header=str(header)) if header else \
        Msg("GPIO {pin}", pin=str(pin))


def pico(pin: str | None) -> Msg | str:
    """GP18 (Pico pin 24)."""
    if pin is None:
        return Msg("no pin set")
    physical = PICO_PIN.get(pin)
    return Msg("{pin} (Pico pin {physical})", pin=pin, physical=str(physical)) if physical else pin


def pixels(first: int, count: int) -> Msg:
    """pixel 3, or pixels 3-5."""
    return (Msg("pixel {first}", first=str(first)) if count == 1 else
            Msg("pixels {first}-{last}", first=str(first), last=str(first + count - 1)))


def strip(board: Board) -> Msg:
    """Where the strip's data comes from."""
    lamps = board.lamps
    if lamps.driver == "neopixel_spi":
        return Msg("the strip's DIN on SPI0 MOSI, {pin}, through the level shifter and the 330 Ω resistor, its 5 V "
                   "and GND (GND shared with the Pi), and SPI switched on (sudo raspi-config → Interface Options → "
                   "SPI)", pin=gpio(10))
    if lamps.driver == "neopixel" and board.pi == "pi5":
        # a Pi 5 drives the strip with its RP1's PIO (Adafruit-Blinka-Raspberry-Pi5-Neopixel), not the PWM
        return Msg("the strip's DIN on {pin} (lamps.pin) through the level shifter, its 5 V and GND (GND shared "
                   "with the Pi); the Pi 5's PIO driver needs read and write access to /dev/pio0 (an up-to-date "
                   "Raspberry Pi OS gives it to the user's groups)", pin=gpio(lamps.pin))
    if lamps.driver == "neopixel":
        return Msg("the strip's DIN on {pin} (lamps.pin) through the level shifter, its 5 V and GND (GND shared "
                   "with the Pi); the PWM driver needs root", pin=gpio(lamps.pin))
    if lamps.driver == "hub":
        pin = board.hub.options.get("pixel_pin")
        return Msg("the strip's DIN on the hub's {pin} (hub.pixel_pin) through the level shifter, its 5 V and GND "
                   "(shared with the Pico), and the hub's firmware (kaleun firmware install)", pin=pico(pin))
    return Msg("the simulated lamps (nothing to wire)")


def lamp(board: Board, segment: str, earlier_lit: bool, later_lit: bool = False) -> Msg:
    """A dark segment. `earlier_lit`: a segment before it on the strip lit; `later_lit`: one after
    it lit, so the data went through this one (a WS2812B passes it on only while it is powered):
    not the strip's data line, but the pixel itself or where the board file puts the segment."""
    first, count = board.lamps.segments[segment]
    where = pixels(first, count)
    values = {"segment": segment, "first": str(first), "count": str(count), "total": str(board.lamps.pixels)}
    setting = (Msg("lamps.segments.\"{segment}\" = [{first}, {count}] and lamps.pixels = {total} (the strip's "
                   "length, which the hub reads from its kaleun_hub.json: kaleun hub config)", **values)
               if board.lamps.driver == "hub" else
               Msg("lamps.segments.\"{segment}\" = [{first}, {count}] and lamps.pixels = {total} (the strip's length)",
                   **values))
    if later_lit:
        return Msg("{where}: pixels after it light, so the data passes through it: this pixel itself (its LED, its "
                   "5 V and GND pads), or the segment is not where the board file puts it; check {setting}",
                   where=where, setting=setting)
    if earlier_lit and first > 0:
        return Msg("{where}: the pixels before it light, so look at the joint from pixel {before}'s DOUT to pixel "
                   "{first}'s DIN and at this pixel's 5 V and GND; check {setting}", where=where,
                   before=str(first - 1), first=str(first), setting=setting)
    return Msg("{where}: {strip}; check {setting}", where=where, strip=strip(board), setting=setting)


def to_hub(board: Board) -> Msg:
    """What a change to a setting the deck hub keeps in its own kaleun_hub.json (its readers'
    chip selects, its encoders' pins and divisor, its strip's pixels and order) needs."""
    return Msg("; the hub reads that from its own kaleun_hub.json: write it with kaleun hub config --board {path} "
               "--out /media/$USER/CIRCUITPY", path=str(board.path))


def hub_firmware(board: Board) -> Msg:
    """The hub runs older firmware than this Kaleun's (or one that does not say its id): the install brings it up to
    date and writes the board's config with it."""
    return Msg("the hub's firmware: kaleun firmware install /media/$USER/CIRCUITPY --board {path}, which writes the "
               "board's kaleun_hub.json too and says whether to plug the Pico in again", path=str(board.path))


def hub_config(board: Board) -> Msg:
    """The hub's own config does not match the board file (or the hub could not set a part up)."""
    return Msg("the hub's own config (kaleun_hub.json on its CIRCUITPY drive) is written from the board file: "
               "kaleun hub config --board {path} --out /media/$USER/CIRCUITPY (the hub restarts by itself), and its "
               "REPL console prints why a part could not be set up", path=str(board.path))


def colour_order(board: Board) -> Msg:
    return Msg("lamps.order = \"{order}\": most WS2812B strips are GRB; if red showed green, try \"RGB\" (RGBW "
               "strips: \"GRBW\"){to_hub}", order=board.lamps.order,
               to_hub=to_hub(board) if board.lamps.driver == "hub" else "")


#: the speaker each audio.output means
OUTPUTS = {"analog": N_("the 3.5 mm jack"), "hdmi": N_("the screen's HDMI"),
           "usb": N_("a USB port (a USB speaker or sound card)"),
           "i2s": N_("the I2S amplifier on GPIO 18-21"), "default": N_("the Pi's default sound device")}


def bell(board: Board, reason: str = "") -> Msg:
    audio = board.audio
    output = OUTPUTS.get(audio.output)
    if audio.output == "default":  # "the default sound device must be the same output" said it of itself
        text = Msg("the speaker on the Pi's default sound device (audio.output = \"default\"; sudo raspi-config → "
                   "System Options → Audio chooses it; test it with speaker-test -c1 -t sine); audio.volume = "
                   "{volume} and the speaker's own volume knob", volume=f"{audio.volume:g}")
    else:
        text = Msg("the speaker on {where} (audio.output = \"{output}\"); the Pi's default sound device must be the "
                   "same output (sudo raspi-config → System Options → Audio; test it with speaker-test -c1 -t sine); "
                   "audio.volume = {volume} and the speaker's own volume knob",
                   where=Msg.term(output) if output else audio.output, output=audio.output,
                   volume=f"{audio.volume:g}")
    from kaleun.settings import kept_volume, volume_percent

    if (kept := kept_volume()) is not None:  # the bell rang at it, as the table plays: raising audio.volume won't help
        text = Msg("{text}; the volume kept by kaleun config, {percent}%, applies over audio.volume (kaleun config set "
                   "volume 80%, or kaleun config unset volume)", text=text, percent=volume_percent(kept))
    return Msg("{reason}; {text}", reason=reason, text=text) if reason else text


def dial_wires(board: Board, spec: DialSpec) -> Msg:
    if spec.decl.is_ring:  # an optical encoder (wiring/mechanics.md): four wires, powered from 5 V
        return Msg("the optical encoder's A (black) on {a}, B (white) on {b}, +V (brown) on the 5 V rail (header pin "
                   "2) and 0V (blue) on GND (header pin 9): its outputs only pull low, so they need the Pi's "
                   "pull-ups; and gpio.pin_factory = \"{factory}\"", a=gpio(spec.pin_a), b=gpio(spec.pin_b),
                   factory=board.pin_factory)
    return Msg("the encoder's A on {a}, B on {b}, its middle pin C on GND (header pin 9), and gpio.pin_factory = "
               "\"{factory}\"", a=gpio(spec.pin_a), b=gpio(spec.pin_b), factory=board.pin_factory)


def home_mark(spec: DialSpec, enc: EncoderSpec | None = None) -> Msg:
    """A ring turned a whole turn, but its switch or index pulse never came."""
    if spec.driver == "hub":
        pin = enc.home_pin if enc is not None and enc.home_pin else None
        on_hub = {"name": spec.name, "home": spec.homing}
        return (Msg("the ring's home switch (the reed switch at its zero mark, closed by the magnet in the ring) on "
                    "the hub's {pin} (hub.encoders.{name}.home_pin) and on the hub's GND rail; dials.{name}.home = "
                    "\"{home}\"", pin=pico(pin), **on_hub) if pin else
                Msg("the ring's home switch (the reed switch at its zero mark, closed by the magnet in the ring) on "
                    "the hub's (hub.encoders.{name}.home_pin) and on the hub's GND rail; dials.{name}.home = "
                    "\"{home}\"", **on_hub))
    values: dict[str, Msg | str] = {"pin": gpio(spec.home_pin), "name": spec.name}
    if spec.homing == "index":
        return (Msg("the encoder's index (Z) output on {pin}, its ground, and dials.{name}.home_pull_up (now the "
                    "pull-up: a switch closing to ground needs the pull-up); or dials.{name}.home = \"calibrate\" if "
                    "the ring has no sensor", **values) if spec.home_pull_up else
                Msg("the encoder's index (Z) output on {pin}, its ground, and dials.{name}.home_pull_up (now the "
                    "pull-down: a switch closing to ground needs the pull-up); or dials.{name}.home = \"calibrate\" "
                    "if the ring has no sensor", **values))
    return (Msg("the encoder's home switch (the reed switch at its zero mark, closed by the magnet in the ring) on "
                "{pin}, its ground, and dials.{name}.home_pull_up (now the pull-up: a switch closing to ground needs "
                "the pull-up); or dials.{name}.home = \"calibrate\" if the ring has no sensor", **values)
            if spec.home_pull_up else
            Msg("the encoder's home switch (the reed switch at its zero mark, closed by the magnet in the ring) on "
                "{pin}, its ground, and dials.{name}.home_pull_up (now the pull-down: a switch closing to ground "
                "needs the pull-up); or dials.{name}.home = \"calibrate\" if the ring has no sensor", **values))


def encoder_wires(enc: EncoderSpec) -> Msg:
    if DIALS[enc.dial].is_ring:
        return Msg("the optical encoder's A (black) on the hub's {a}, B (white) on {b} (two adjacent pins), +V "
                   "(brown) on the hub's 5 V rail and 0V (blue) on its GND (hub.encoders.{dial})", a=pico(enc.a),
                   b=pico(enc.b), dial=enc.dial)
    return Msg("the encoder's A on the hub's {a}, B on {b} (two adjacent pins), its middle pin C on the hub's GND "
               "(hub.encoders.{dial})", a=pico(enc.a), b=pico(enc.b), dial=enc.dial)


def dial_one_way(clockwise_right: bool, wires: Msg | str) -> Msg:
    """A dial that counted as expected one way and not the other: its settings are right (the right way proves
    them), so no setting is offered; the other turn was short or long, or a loose contact lost steps."""
    if clockwise_right:
        said = Msg("the turn clockwise counted as expected, so its settings are right: turn it back the whole way, "
                   "to where it started, and check it again")
        loose = Msg("{said}; if the turn back keeps counting wrong, look for a loose contact: {wires}", said=said,
                    wires=wires)
    else:
        said = Msg("the turn back counted as expected, so its settings are right: turn it clockwise the whole way "
                   "and check it again")
        loose = Msg("{said}; if the turn clockwise keeps counting wrong, look for a loose contact: {wires}",
                    said=said, wires=wires)
    return loose if wires else said


def dial_count(name: str, counted: int, expected: int, spec: DialSpec, ring: bool = False,
               enc: EncoderSpec | None = None) -> Msg | str:
    """The dial moved, but counted `counted` where a hand turned `expected` (detents of a dial
    with end stops; a ring's degrees of a whole turn). `enc`: the dial's encoder is on the deck hub."""
    if counted == 0:
        return ""
    ratio = abs(counted) / expected
    # counting the wrong way: flip the board's reverse, whatever it says now
    flip = {"name": name, "reverse": str(not spec.reverse).lower()}
    if enc is not None:
        direction = Msg("set dials.{name}.reverse = {reverse} (or swap the A and B wires, or hub.encoders.{name}.a "
                        "and .b and then kaleun hub config)", **flip)
        if ring:
            key, now = f"dials.{name}.steps_per_revolution", spec.steps_per_revolution
            hint = Msg("the hub's counts a turn of the ring, each count {divisor} pin transitions "
                       "(hub.encoders.{name}.divisor)", divisor=str(enc.divisor), name=name)
        else:
            key, now = f"hub.encoders.{name}.divisor", enc.divisor
            hint = Msg("pin transitions per count, which the hub reads from its kaleun_hub.json: kaleun hub config; "
                       "or dials.{name}.steps_per_position, the counts per detent", name=name)
    elif ring:
        # a ring counts degrees: too many means the encoder makes more steps a turn than the board says
        key, now = f"dials.{name}.steps_per_revolution", spec.steps_per_revolution
        direction = Msg("set dials.{name}.reverse = {reverse} (or swap the A and B wires)", **flip)
        hint = Msg("full quadrature cycles per turn of the ring: the encoder's pulses per revolution times its "
                   "gearing")
    else:
        key, now = f"dials.{name}.steps_per_position", spec.steps_per_position
        direction = Msg("set dials.{name}.reverse = {reverse} (or swap the A and B wires)", **flip)
        hint = Msg("full quadrature cycles per detent")
    parts: list[Msg | str] = []
    if counted * expected < 0:
        parts.append(Msg("it counted the wrong way: {direction}", direction=direction))
    values = {"counted": str(abs(counted)), "expected": str(expected), "key": key, "now": str(now)}
    settings = _hub_detent(name, spec, enc, ratio) if enc is not None and not ring else None
    # a detent miscounted by less than half is a bounce, not a setting; a ring the check failed (a whole turn
    # off by more than a hand's slack, counted alike both ways) has its steps a turn wrong: a 500 or 720 step
    # encoder on a board that says 600 reads 300 or 432 a turn, and its wires are fine
    more, fewer = (ratio > 1, ratio < 1) if ring else (ratio >= 1.5, ratio < 0.75)
    if settings is not None and (ratio >= 1.5 or ratio < 0.75):
        parts.append(Msg("it counted {counted} for {expected} detents: {suggestion}", suggestion=settings, **values)
                     if ratio >= 1.5 else
                     Msg("it counted only {counted} for {expected} detents: {suggestion}", suggestion=settings,
                         **values))
    elif more:
        parts.append(Msg("it counted {counted}° for the {expected}° of a whole turn: set {key} = {value} (now {now}; "
                          "{hint})", value=str(round(now * ratio)), hint=hint, **values) if ring else
                      Msg("it counted {counted} for {expected} detents: set {key} = {value} (now {now}; {hint})",
                          value=str(round(now * ratio)), hint=hint, **values))
    elif fewer:
        suggestion = (Msg("set {key} = {value}", key=key, value=str(max(1, round(now * ratio))))
                      if round(now * ratio) >= 1 else
                      Msg("this encoder makes one full cycle every second detent: use a full-cycle encoder, or turn "
                          "two detents per position"))
        short = (Msg("it counted only {counted}° for the {expected}° of a whole turn: {suggestion}",
                     suggestion=suggestion, **values) if ring else
                 Msg("it counted only {counted} for {expected} detents: {suggestion}", suggestion=suggestion, **values))
        parts.append(Msg("{short}; a long bounce_time also swallows steps", short=short) if enc is None else short)
    return join(parts, "; ") if parts else ""


#: the hub's divisors (pin transitions per count), the largest first: fewer `turn` frames
HUB_DIVISORS = (4, 2, 1)


def _hub_detent(name: str, spec: DialSpec, enc: EncoderSpec, ratio: float) -> Msg | None:
    """The hub encoder's divisor and the dial's steps per position that count one position per
    detent, for a detented dial that counted `ratio` times the detents turned: the pin transitions
    a detent makes split into a divisor the hub has (1, 2 or 4) and whole counts per detent (1-64).
    None when no pair fits (fewer transitions than detents: a wire, not a setting)."""
    transitions = round(enc.divisor * spec.steps_per_position * ratio)
    for divisor in HUB_DIVISORS:
        steps, rest = divmod(transitions, divisor)
        if rest == 0 and 1 <= steps <= 64:
            break
    else:
        return None
    changes: list[Msg | str] = []
    if divisor != enc.divisor:
        changes.append(Msg("{key} = {value} (now {now}; {hint})", key=f"hub.encoders.{name}.divisor",
                           value=str(divisor), now=str(enc.divisor),
                           hint=Msg("pin transitions per count, 1, 2 or 4, which the hub reads from its "
                                    "kaleun_hub.json: kaleun hub config")))
    if steps != spec.steps_per_position:
        changes.append(Msg("{key} = {value} (now {now}; {hint})", key=f"dials.{name}.steps_per_position",
                           value=str(steps), now=str(spec.steps_per_position),
                           hint=Msg("the hub's counts per detent")))
    if not changes:
        return None
    return Msg("set {settings}", settings=changes[0] if len(changes) == 1 else and_list(changes))


def button(board: Board, spec: ButtonSpec) -> Msg:
    values: dict[str, Msg | str] = {"pin": gpio(spec.pin), "name": spec.name, "factory": board.pin_factory}
    if spec.pull_up:
        return Msg("one leg of the button on {pin}, the other on GND (header pin 9), as buttons.{name}.pull_up = true "
                   "wants, and gpio.pin_factory = \"{factory}\"", **values)
    return Msg("one leg of the button on {pin}, the other on 3.3 V (header pin 1), as buttons.{name}.pull_up = false "
               "wants, and gpio.pin_factory = \"{factory}\"", **values)


def foreign_hub(options: HubOptions, url: str, hello: Mapping[str, Any] | None, board: Any = None,
                remembered: bool = False) -> Msg:
    """A device answered at the hub's port and was refused: not the cable. What makes the board file and the
    hub agree depends on why it was refused: another name (hub.name), another id than the board's hub.id,
    or another id than the hub this table remembers (only then does `kaleun hub trust` accept it)."""
    hello = hello or {}
    name, hub_id = hello.get("name"), hello.get("id")
    path = str(board.path) if board is not None else "FILE"
    if options.check_name and name is not None and name != options.name:
        return Msg("not its cable: the hub at {url} calls itself '{seen}', the board file names '{name}' (hub.name): "
                   "plug the table's own hub in there, or, if this is it, write the board's settings to it: kaleun "
                   "hub config --board {path} --out /media/$USER/CIRCUITPY", url=url, seen=str(name),
                   name=options.name, path=path)
    if options.hub_id and hub_id is not None and hub_id != options.hub_id and not board_takes_id(hub_id):
        return Msg("not its cable: the hub at {url} has the id {seen}, the board file names {id} (hub.id): plug "
                   "that hub in there ({seen} is not an id a deck hub gives, so no board file can name it)",
                   url=url, seen=str(hub_id), id=options.hub_id)
    if options.hub_id and hub_id is not None and hub_id != options.hub_id:
        return Msg("not its cable: the hub at {url} has the id {seen}, the board file names {id} (hub.id): plug "
                   "that hub in there, or, if this one replaces it, set hub.id = \"{seen}\" in the board's [hub]",
                   url=url, seen=str(hub_id), id=options.hub_id)
    if remembered and hub_id is not None:
        return Msg("not its cable: the hub at {url} is not the one this table played with: plug that one in there, "
                   "or, if this one replaces it on purpose, accept it: kaleun hub trust --board {path}", url=url,
                   path=path)
    return Msg("not its cable: plug the table's own hub in at {url}, or do what the reason above says", url=url)


def hub_link(options: HubOptions, url: str, reason: Msg | str) -> Msg:
    from kaleun.hub.link import PORT_HELD

    if PORT_HELD in str(reason):  # the hub may be fine: a table playing holds its port
        return Msg("the deck hub at {url} is in use: {held}; then run this check again", url=url, held=Msg(PORT_HELD))
    return Msg("the deck hub at {url} did not answer ({reason}): its USB cable, hub.url in the board file (ls "
               "/dev/serial/by-id/ lists the Pico's ports: the data port ends in -if02), the firmware on the Pico "
               "(kaleun firmware install), then kaleun hub status", url=url, reason=reason)


def trunk(reader: ReaderSpec) -> Msg:
    """The ribbon trunk a reader hangs on, as the wiring page names it (wiring/pico-hub.md), said in the maker's
    language (the catalogues)."""
    return TRUNKS[trunk_of(reader.section)]


def reader_wires(options: HubOptions, index: int, reader: ReaderSpec) -> Msg:
    """A reader's wires by the names of the wiring page: its own pins (SDA or SS, 3.3V or VCC),
    the trunk it hangs on and that trunk's wires (CS n, SCK, MOSI, MISO, 3V3, GND)."""
    spi: dict[str, Any] = options.spi
    part = PARTS[reader.kind]
    line = trunk(reader)  # the wiring page's name, as the harness is labelled
    at = {"line": line, "index": str(index)}
    # a reader whose RST (NRSTPD) is open or low stays powered down: it never answers
    rst: Msg | str = ""
    if reader.kind == "mfrc522":
        rst = (Msg(", its RST on {pin} (hub.readers[{index}].rst, the {line}'s RST {index})", pin=pico(reader.rst),
                   **at) if reader.rst else
               Msg(", its RST on the {line}'s 3V3 (open or on GND, the reader stays powered down)", line=line))
    power = (Msg("its {power} pin on the {line}'s 3V3 (the readers' own 3.3 V regulator, never 5 V)",
                 power=part.power, line=line) if reader.kind == "mfrc522" else
             Msg("its {power} pin on the {line}'s 3V3", power=part.power, line=line))
    return Msg("reader {index}'s chip select (its {cs_pin} pin, the {line}'s CS {index}) on {cs} "
               "(hub.readers[{index}].cs), the shared SPI wires of the {line} SCK {sck}, MOSI {mosi}, MISO {miso} "
               "(through the reader's 33 ohm), {power}, its GND on the {line}'s GND{rst}", cs_pin=part.pins[0],
               cs=pico(reader.cs), sck=pico(spi["sck"]), mosi=pico(spi["mosi"]), miso=pico(spi["miso"]), power=power,
               rst=rst, **at)


def reader_no_tag(options: HubOptions, index: int, reader: ReaderSpec) -> Msg:
    return Msg("hold the figure's tag flat over the middle of the reader's antenna (through the model's floor the "
               "range is a few millimetres); if no tag ever shows, check {wires}",
               wires=reader_wires(options, index, reader))


def readers_overlap(options: HubOptions, index: int, others: list[int]) -> Msg:
    """One figure seen by readers of two sections: their fields overlap (placement, not wires)."""
    return Msg("the readers' fields overlap: readers of different sections must not see each other's figures, so "
               "move the antennas of reader {index} and reader {others} further apart, at least the read range you "
               "measured (wiring/placement.md, \"Spacing\"); if they lie under the same section, give them the "
               "same hub.readers[...].section (berths) and write the hub's kaleun_hub.json again: kaleun hub config",
               index=str(index), others=", ".join(map(str, others)))
