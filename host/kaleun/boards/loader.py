"""Load and validate a board file. Every problem is reported as `file:line: problem`."""

from __future__ import annotations

import re
import tomllib
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from kaleun.boards import model as m
from kaleun.boards.locate import KeyLines
from kaleun.core.args import finite_number, quoted, whole, wholes
from kaleun.core.messages import N_, Msg, join
from kaleun.files import decode_text, looks_utf16, parse_toml, read_file, toml_reason, utf16_text, why_unread
from kaleun.shipped import boards_dir, find_board
from kaleun.shipped import source_tree as source_tree
from kaleun.wiring.header import GPIO_TO_PIN, PI_NAMES

FORMAT = 0
#: a board file longer than this is not read (the shipped ones are a few kB)
MAX_BYTES = 1024 * 1024
#: GPIO numbers on the 40-pin header (BCM numbering)
HEADER_GPIO = range(0, 28)
#: GPIO 2 and 3 (header pins 3 and 5, the I2C bus) carry 1.8 kΩ pull-ups to 3.3 V on every Pi:
#: a pin there always reads high unless something pulls it to ground
PULLED_UP_GPIO = (2, 3)
#: GPIO 0 and 1 (header pins 27 and 28) are the HAT ID EEPROM's bus, which the Pi's firmware
#: reads at boot (Raspberry Pi documentation, "GPIO": reserved for advanced use)
HAT_ID_GPIO = (0, 1)
#: pins a feature takes from the header; a dial or button must not use them. SPI switched on
#: (`dtparam=spi=on`, which neopixel_spi needs) also gives both chip selects to the kernel's SPI
#: driver: gpioinfo shows GPIO 8 and 7 as "spi0 CS0"/"spi0 CS1" [used], and lgpio's claim of
#: either fails with 'GPIO busy'
RESERVED_BY = {
    "audio i2s": {18: "I2S BCLK", 19: "I2S LRCLK", 20: "I2S DIN", 21: "I2S DOUT"},
    "lamps neopixel_spi": {10: "SPI0 MOSI", 11: "SPI0 SCLK", 9: "SPI0 MISO", 8: "SPI0 CE0", 7: "SPI0 CE1"},
}
#: the PWM NeoPixel driver needs a PWM- or PCM-capable pin (rpi_ws281x); a Pi 5 drives the strip
#: with its RP1's PIO (Adafruit-Blinka-Raspberry-Pi5-Neopixel), from any header GPIO
NEOPIXEL_PINS = (10, 12, 18, 21)
NEOPIXEL_ANY_PIN = ("pi5",)
#: Pis without a 3.5 mm audio jack (the Pi 5 dropped it; the Zero 2 W never had one): sound goes
#: by HDMI, USB or an I2S amplifier
NO_AUDIO_JACK = ("pi5", "zero2w")


class BoardError(ValueError):
    """A board file cannot be used. `problems` holds one `file:line: problem` per entry (English);
    `str(exc)` is them one a line, and `of_error(exc)` the same as a `Msg` that renders in the
    table's language (`file:line:` stays as it is)."""

    def __init__(self, problems: list[Msg | str]) -> None:
        super().__init__(join(problems, "\n"))
        self.problems = [str(problem) for problem in problems]


def _at(where: str, problem: Msg | str) -> Msg:
    """A problem of a file as `file:line: problem` (the place stays as it is in every language)."""
    return Msg("{where}: {problem}", where=where, problem=problem)


def default_board() -> m.Board:
    """The shipped boards/sim.toml (of the source tree, or the copy in an installed wheel);
    without it, the same everything-simulated board built from the format's defaults."""
    folder = boards_dir()
    if folder is not None and (folder / "sim.toml").is_file():
        return load_board(folder / "sim.toml")
    return m.Board(path=Path("<built-in sim board>"), name="Simulated table")


class _Reader:
    """Walks one table of the file, collecting problems with line numbers."""

    def __init__(self, loader: _Loader, path: tuple[str | int, ...], table: dict[str, Any]) -> None:
        self.loader = loader
        self.path = path
        self.table = table
        self.seen: set[str] = set()
        #: keys given a value that was refused (what follows from them is not checked again)
        self.refused: set[str] = set()

    def where(self, key: str | None = None) -> str:
        path = self.path if key is None else (*self.path, key)
        return ".".join(str(p) for p in path)

    def problem(self, key: str | None, text: Msg | str) -> None:
        path = self.path if key is None else (*self.path, key)
        self.loader.problem(path, text)

    def get(self, key: str, kind: str, default: Any = None, *, required: bool = False,
            choices: tuple[str, ...] | None = None, lo: float | None = None,
            hi: float | None = None) -> Any:
        self.seen.add(key)
        if key not in self.table:
            if required:
                self.problem(None, Msg("[{table}] needs the key '{key}'", table=self.where(), key=key))
            return default
        value = written = self.table[key]
        if kind == "int" and finite_number(value) and whole(value) is not None:
            value = whole(value)  # a whole number written 15.0 is 15, as a table script or the console takes it
        ok = {
            "str": lambda: isinstance(value, str),
            "int": lambda: isinstance(value, int) and not isinstance(value, bool),
            "float": lambda: finite_number(value),  # a whole number of 400 digits is beyond a float too
            "bool": lambda: isinstance(value, bool),
            "table": lambda: isinstance(value, dict),
        }[kind]()
        if not ok:
            wrong = {"str": N_("{key} must be text, got {value}"),
                     "int": N_("{key} must be a whole number, got {value}"),
                     "float": N_("{key} must be a number, got {value}"),
                     "bool": N_("{key} must be true or false, got {value}"),
                     "table": N_("{key} must be a table, got {value}")}
            self.refused.add(key)
            if isinstance(value, int | float) and not isinstance(value, bool) and kind == "float":
                self.problem(key, Msg("{key} must be a finite number; got {value} (nan or inf, or a number beyond "
                                      "a float's range such as 1e999)", key=self.where(key), value=repr(value)))
                return default
            self.problem(key, Msg(wrong[kind], key=self.where(key), value=repr(value)))
            return default
        if choices is not None and value not in choices:
            self.refused.add(key)
            self.problem(key, Msg("{key} = {value} is not one of: {choices}", key=self.where(key), value=repr(value),
                                  choices=", ".join(choices)))
            return default
        if (lo is not None and value < lo) or (hi is not None and value > hi):
            self.refused.add(key)
            self.problem(key, Msg("{key} = {value} is out of range ({lo} to {hi})", key=self.where(key),
                                  value=repr(written), lo=str(lo), hi=str(hi)))
            return default
        return float(value) if kind == "float" else value

    def pin(self, key: str, owner: str, *, required: bool = False) -> int | None:
        pin = self.get(key, "int", required=required)
        if pin is None:
            return None
        if pin not in HEADER_GPIO:
            self.problem(key, Msg("{key} = {pin} is not a header GPIO (0-27)", key=self.where(key), pin=str(pin)))
            return None
        self.loader.claim(pin, f"{owner}.{key}", (*self.path, key))
        return pin

    def done(self) -> None:
        for key in self.table:
            if key not in self.seen:
                self.problem(key, Msg("unknown key '{key}' in [{table}]", key=key, table=self.where()))


class _Loader:
    def __init__(self, path: Path, text: str) -> None:
        self.path = path
        self.lines = KeyLines(text)
        self.problems: list[tuple[int, Msg | str]] = []
        self.pins: dict[int, tuple[str, tuple[str | int, ...]]] = {}

    def problem(self, key_path: tuple[str | int, ...], text: Msg | str) -> None:
        self.problems.append((self.lines.line(key_path), text))

    def claim(self, pin: int, owner: str, key_path: tuple[str | int, ...]) -> None:
        if pin in self.pins:
            other = self.pins[pin][0]
            self.problem(key_path, Msg("GPIO {pin} is used twice: {other} and {owner}", pin=str(pin), other=other,
                                       owner=owner))
        else:
            self.pins[pin] = (owner, key_path)

    def reader(self, path: tuple[str | int, ...], table: Any) -> _Reader | None:
        if not isinstance(table, dict):
            self.problem(path, Msg("{key} must be a table", key=".".join(map(str, path))))
            return None
        return _Reader(self, path, table)

    def tables(self, root: dict[str, Any], key: str) -> Iterator[tuple[str, _Reader]]:
        group = root.get(key, {})
        if not isinstance(group, dict):
            self.problem((key,), Msg("[{key}] must be a table of named entries", key=key))
            return
        for name, table in group.items():
            reader = self.reader((key, name), table)
            if reader is not None:
                yield name, reader


def load_board(path: str | Path) -> m.Board:
    """Read and validate a board file (a path, or the name of a shipped board such as
    `pico-hub`: `kaleun.shipped.find_board`). Raises BoardError listing every problem."""
    path = find_board(path)
    try:
        # a regular file only (a pipe or /dev/zero is refused); a byte-order mark (Windows editors) is no mistake
        text = decode_text(read_file(path, MAX_BYTES))
    except FileNotFoundError as exc:
        folder = boards_dir()
        names = sorted(p.stem for p in folder.glob("*.toml")) if folder is not None else []
        why = why_unread(exc)
        raise BoardError([_at(str(path), Msg("cannot read the board file ({why}); the boards Kaleun ships: {names}",
                                             why=why, names=", ".join(names)) if names else
                              Msg("cannot read the board file ({why})", why=why))]) from exc
    except OSError as exc:
        raise BoardError([_at(str(path), Msg("cannot read the board file ({why})",
                                             why=why_unread(exc)))]) from exc
    except UnicodeDecodeError as exc:
        raise BoardError([_at(f"{path}:1", utf16_text() if looks_utf16(exc.object)
                              else Msg("the board file is not UTF-8 text"))]) from exc
    except ValueError as exc:  # a name holding a NUL byte (from a damaged settings.json)
        raise BoardError([_at(repr(str(path)), Msg("cannot read the board file ({why})", why=str(exc)))]) from exc
    try:
        data = parse_toml(text)
    except tomllib.TOMLDecodeError as exc:
        found = re.search(r"at line (\d+)", str(exc))
        line = found.group(1) if found else "1"
        message = re.sub(r"\s*\(at line \d+, column \d+\)", "", str(exc))
        if message.startswith(("Cannot overwrite a value", "Cannot declare")):  # a line copied twice
            raise BoardError([_at(f"{path}:{line}", Msg("not valid TOML: {why}: this key or table is already "
                                                        "given above (a line copied twice?); each may appear once",
                                                        why=toml_reason(message)))]) from exc
        raise BoardError([_at(f"{path}:{line}", Msg("not valid TOML: {why}", why=toml_reason(message)))]) from exc
    loader = _Loader(path, text)
    board = _build(loader, data)
    if loader.problems:
        raise BoardError([_at(f"{path}:{line}", text) for line, text in sorted(loader.problems, key=_by_line)])
    assert board is not None
    return board


def _by_line(problem: tuple[int, Msg | str]) -> tuple[int, str]:
    """Problems in the order of the file, then of their English text (as they were always sorted)."""
    return problem[0], str(problem[1])


_Section = Callable[[_Loader, dict[str, Any]], Any]


def _whole_floats(value: Any) -> Any:
    """`value` with every whole number written as 15.0 made 15 (each of the hub's numbers is whole, and the hub
    is sent what the board file says: a hub would choke on 15.0 where it counts)."""
    if isinstance(value, dict):
        return {key: _whole_floats(item) for key, item in value.items()}
    if isinstance(value, list):
        return [_whole_floats(item) for item in value]
    if isinstance(value, float) and finite_number(value) and value.is_integer():
        return int(value)
    return value


def _build(ld: _Loader, data: dict[str, Any]) -> m.Board | None:
    known = {"board", "gpio", "figures", "hub", "dials", "buttons", "lamps", "audio", "power"}
    for key in data:
        if key not in known:
            ld.problem((key,), Msg("unknown section [{key}] (known: {known})", key=key, known=", ".join(sorted(known))))
    head = ld.reader(("board",), data.get("board", {}))
    if head is None:
        return None
    if "board" not in data:
        ld.problem((), Msg("the file needs a [board] section with name and format"))
    name = head.get("name", "str", required="board" in data)
    if name is not None and not name.strip():  # `board list`, the bring-up report and the log name the table by it
        head.problem("name", Msg("board.name is empty: give the table a name (name = \"My table\")"))
        name = None
    fmt = head.get("format", "int", required="board" in data)
    if fmt is not None and fmt != FORMAT:
        head.problem("format", Msg("board format {format} is not supported (this Kaleun reads format {reads})",
                                   format=str(fmt), reads=str(FORMAT)))
    pi = head.get("pi", "str", "none", choices=m.PI_MODELS)
    head.get("description", "str")
    head.done()

    gpio = ld.reader(("gpio",), data.get("gpio", {}))
    pin_factory = "auto"
    if gpio:
        pin_factory = gpio.get("pin_factory", "str", "auto", choices=m.PIN_FACTORIES)
        gpio.done()

    figures = ld.reader(("figures",), data.get("figures", {}))
    sensor = "sim"
    if figures:
        sensor = figures.get("sensor", "str", "sim", choices=tuple(m.FIGURE_SENSORS))
        figures.done()

    hub = m.HubSpec()
    hub_reader = ld.reader(("hub",), data.get("hub", {}))
    if hub_reader:
        url = hub_reader.get("url", "str", required=sensor == "hub" and "hub" in data)
        if url is not None:
            from kaleun.hub.options import check_url

            refused = check_url(url)
            if refused is not None:
                hub_reader.problem("url", refused)
                url = None
        options = {k: _whole_floats(v) for k, v in hub_reader.table.items() if k != "url"}
        hub_reader.seen.update(options)  # the hub's own keys: kaleun.hub.options
        hub = m.HubSpec(url=url, options=options)
    if sensor == "hub" and hub.url is None and "hub" not in data:
        ld.problem(("figures", "sensor"), Msg("figures.sensor = 'hub' needs a [hub] section with its url"))

    audio = _audio(ld, data)
    if pi in NO_AUDIO_JACK and audio.driver != "none" and audio.output == "analog":
        ld.problem(("audio", "output"), Msg("audio.output = 'analog': the {model} (board.pi = {pi}) has no 3.5 mm "
                                            "audio jack; use hdmi, usb or i2s", model=Msg.term(PI_NAMES[pi]),
                                            pi=repr(pi)))
    lamps = _lamps(ld, data, audio, pi)
    if hub_reader and "hub" in data:
        from kaleun.hub.options import check_hub_options  # the deck hub's keys

        check_hub_options(hub.options, lambda path, text: ld.problem(("hub", *path), text), lamps.driver, sensor)
    elif lamps.driver == "hub":  # no [hub] at all: the problem is where the hub is asked for, not at line 1
        ld.problem(("lamps", "driver"), Msg("lamps.driver = 'hub' needs hub.pixel_pin, the hub pin of the NeoPixel "
                                            "strip"))
    hub_unread: list[Msg | str] = []
    if hub_reader and "hub" in data:
        from kaleun.hub.options import unread_hub_keys

        hub_unread = [_at(f"{ld.path}:{ld.lines.line(('hub', *path))}", why)
                      for path, why in unread_hub_keys(hub.options, lamps.driver)]
    if lamps.driver == "hub" and sensor != "hub":
        hub_unread.append(_at(f"{ld.path}:{ld.lines.line(('lamps', 'driver'))}",
                              Msg("lamps.driver = 'hub': the game lights the hub's lamps only with figures.sensor = "
                                  "'hub' (it opens the hub's link for the figures); with figures.sensor = {sensor} "
                                  "only `kaleun hw check` lights them", sensor=repr(sensor))))
    dials = _dials(ld, data, hub, sensor)
    buttons = {}
    for button_name, rd in ld.tables(data, "buttons"):
        if not button_name or not button_name.isprintable() or any(c.isspace() for c in button_name):
            rd.problem(None, Msg("buttons: a button's name is one word of printable characters (the console's "
                                 "press NAME types it), got {name}", name=quoted(repr(button_name))))
        elif len(button_name) > m.NAME_MOST:  # its commands name it as their `via`, button.NAME
            rd.problem(None, Msg("buttons.{name}: a button's name is at most {most} characters (the game names the "
                                 "button in its commands), got {count}", name=quoted(button_name),
                                 most=str(m.NAME_MOST), count=str(len(button_name))))
        driver = rd.get("driver", "str", "sim", choices=m.DRIVERS)
        buttons[button_name] = m.ButtonSpec(
            name=button_name,
            action=rd.get("action", "str", "pause", required=True, choices=tuple(m.BUTTON_ACTIONS)),
            driver=driver,
            pin=rd.pin("pin", f"buttons.{button_name}", required=driver == "gpio"),
            pull_up=rd.get("pull_up", "bool", True),
            bounce_time=rd.get("bounce_time", "float", None, lo=0, hi=1),
        )
        rd.done()

    power = ld.reader(("power",), data.get("power", {}))
    supply = None
    if power:
        supply = power.get("supply_ma", "int", None, lo=100, hi=100_000)
        power.done()

    _check_reserved(ld, audio, lamps)
    _check_pulled_up(ld, dials, buttons)
    warnings: list[Msg | str] = [
        _at(f"{ld.path}:{ld.lines.line(key_path)}",
            Msg("GPIO {pin} of {owner} (header pin {header}) belongs to the HAT ID EEPROM, which the Pi reads at "
                "boot; it works, but another pin is safer", pin=str(pin), owner=owner, header=str(GPIO_TO_PIN[pin])))
        for pin, (owner, key_path) in sorted(ld.pins.items()) if pin in HAT_ID_GPIO]
    warnings += hub_unread
    # what each supply carries is the wiring's power budget, reckoned by `kaleun board check`
    # (kaleun.wiring.generate.rail_loads), not at every start
    supply_line = ld.lines.line(("power", "supply_ma")) if supply is not None else 0
    if not ld.problems and name is not None:
        return m.Board(path=ld.path, name=name, pi=pi, pin_factory=pin_factory, figure_sensor=sensor,
                       dials=dials, buttons=buttons, lamps=lamps, audio=audio, hub=hub,
                       supply_ma=supply, supply_line=supply_line, warnings=warnings,
                       rail_lines={"Strip 5V rail": ld.lines.line(("lamps", "pixels")),
                                   "Hub 5V rail": ld.lines.line(("hub",)),
                                   "Readers 3V3 rail": ld.lines.line(("hub", "readers", 0))})
    return None


def _check_pulled_up(ld: _Loader, dials: dict[str, m.DialSpec], buttons: dict[str, m.ButtonSpec]) -> None:
    """A switch to 3.3 V (no pull-up wanted) on GPIO 2 or 3 reads as closed all the time."""
    for button in buttons.values():
        if button.pin in PULLED_UP_GPIO and not button.pull_up:
            ld.problem(("buttons", button.name, "pull_up"),
                       Msg("buttons.{name}.pin = {pin} with pull_up = false: GPIO 2 and 3 have the Pi's own 1.8 kΩ "
                           "pull-ups to 3.3 V, so the button would read as pressed all the time; wire it to GND with "
                           "pull_up = true, or use another pin", name=button.name, pin=str(button.pin)))
    for dial in dials.values():
        if dial.home_pin in PULLED_UP_GPIO and not dial.home_pull_up:
            ld.problem(("dials", dial.name, "home_pull_up"),
                       Msg("dials.{name}.home_pin = {pin} with home_pull_up = false: GPIO 2 and 3 have the Pi's own "
                           "1.8 kΩ pull-ups to 3.3 V, so the ring would read as at its zero mark all the time; wire "
                           "the sensor to pull the pin to GND with home_pull_up = true, or use another pin",
                           name=dial.name, pin=str(dial.home_pin)))


#: keys of [dials.NAME] by what they apply to
DIAL_KEYS_GPIO = ("pin_a", "pin_b", "bounce_time", "home_pin", "home_pull_up")
DIAL_KEYS_KIND = {"positions": ("steps_per_position",), "ring": ("steps_per_revolution", "home_at")}


def _dials(ld: _Loader, data: dict[str, Any], hub: m.HubSpec, sensor: str) -> dict[str, m.DialSpec]:
    """[dials.NAME] of the dials declared in boards/dials.toml, and the hub's encoders."""
    encoders = hub.options.get("encoders", {})
    on_hub = {name: entry for name, entry in encoders.items() if isinstance(entry, dict)} \
        if isinstance(encoders, dict) else {}
    dials: dict[str, m.DialSpec] = {}
    for name, rd in ld.tables(data, "dials"):
        decl = m.DIALS.get(name)
        if decl is None:
            rd.problem(None, Msg("unknown dial '{name}' (known: {known})", name=name, known=", ".join(m.DIALS)))
            continue
        driver = rd.get("driver", "str", "hub" if name in on_hub else "sim", choices=m.DIAL_DRIVERS)
        if "driver" in rd.refused:  # which keys this dial may have hangs on its driver: none is called wrong now
            rd.seen.update(rd.table)
            continue
        if driver == "hub" and name not in on_hub:
            rd.problem("driver", Msg("dials.{name}.driver = 'hub' needs [hub.encoders.{name}] with the encoder's "
                                     "hub pins", name=name))
        if driver != "hub" and name in on_hub:
            rd.problem("driver", Msg("[hub.encoders.{name}] puts {name} on the deck hub: dials.{name}.driver must "
                                     "be 'hub' (or left out)", name=name))
        if driver == "hub" and sensor != "hub":
            rd.problem("driver", Msg("dials.{name}.driver = 'hub' needs the deck hub (figures.sensor = 'hub')",
                                     name=name))
        for key in rd.table:
            if key in DIAL_KEYS_GPIO and driver != "gpio":
                rd.problem(key, Msg("dials.{name}.{key}: only a dial on the Pi's GPIO (driver = 'gpio') has it; a "
                                    "hub dial's pins are in [hub.encoders.{name}]", name=name, key=key)
                           if driver == "hub" else
                           Msg("dials.{name}.{key}: only a dial on the Pi's GPIO (driver = 'gpio') has it",
                               name=name, key=key))
                rd.seen.add(key)
            for kind, keys in DIAL_KEYS_KIND.items():
                if key in keys and kind != decl.kind:
                    rd.problem(key, Msg("dials.{name}.{key} is for rings; {name} is a detented dial", name=name,
                                        key=key) if kind == "ring" else
                               Msg("dials.{name}.{key} is for detented dials; {name} is a ring", name=name, key=key))
                    rd.seen.add(key)
        dials[name] = _dial(ld, rd, decl, driver, on_hub.get(name))
        rd.done()
    for name in on_hub:
        if name in m.DIALS and name not in dials:
            dials[name] = m.DialSpec(name=name, driver="hub", home=m.default_home(m.DIALS[name], "hub"))
            _check_hub_home(ld, dials[name], on_hub[name])
    return {name: dials[name] for name in m.DIALS if name in dials}


def _dial(ld: _Loader, rd: _Reader, decl: m.DialDecl, driver: str, hub_entry: dict[str, Any] | None) -> m.DialSpec:
    name = decl.name
    gpio = driver == "gpio"
    homes = list(decl.home)
    if driver == "sim" and decl.is_ring:
        homes = [m.HOME_KNOWN, *(h for h in homes if h == "calibrate")]  # no switch on a screen
    home = rd.get("home", "str", m.default_home(decl, driver), choices=tuple(homes))
    # a home refused above is named once: its pin is checked against it once it is right
    home_refused = "home" in rd.refused
    if home == "index" and driver == "hub":
        rd.problem("home", Msg("dials.{name}.home = 'index': the deck hub reads its pins between scans and would "
                               "miss a short index pulse; use 'switch' (a switch or hall sensor closed over the zero "
                               "mark) or 'calibrate'", name=name))
    wants_pin = home in ("switch", "index")
    kind_keys = {}
    if decl.is_ring:
        kind_keys["steps_per_revolution"] = rd.get("steps_per_revolution", "int", 360, lo=1,
                                                   hi=m.MOST_STEPS_PER_REVOLUTION)
        kind_keys["home_at"] = rd.get("home_at", "int", 0, lo=0, hi=359)
    else:
        kind_keys["steps_per_position"] = rd.get("steps_per_position", "int", 1, lo=1, hi=64)
    spec = m.DialSpec(
        name=name, driver=driver,
        pin_a=rd.pin("pin_a", f"dials.{name}", required=gpio) if gpio else None,
        pin_b=rd.pin("pin_b", f"dials.{name}", required=gpio) if gpio else None,
        reverse=rd.get("reverse", "bool", False),
        bounce_time=rd.get("bounce_time", "float", None, lo=0, hi=1) if gpio else None,
        home=home,
        home_pin=rd.pin("home_pin", f"dials.{name}", required=wants_pin) if gpio else None,
        home_pull_up=rd.get("home_pull_up", "bool", True) if gpio else True,
        **kind_keys,
    )
    if gpio and not wants_pin and "home_pin" in rd.table and not home_refused:
        rd.problem("home_pin", Msg("dials.{name}.home_pin is only used with home = 'switch' or 'index' "
                                   "(home = {home})", name=name, home=repr(home))
                   if {"switch", "index"} & set(decl.home) else _no_home_sensor(f"dials.{name}.home_pin", decl))
    if driver == "hub" and hub_entry is not None and not home_refused:
        _check_hub_home(ld, spec, hub_entry)
    return spec


def _check_hub_home(ld: _Loader, spec: m.DialSpec, entry: dict[str, Any]) -> None:
    has_pin = entry.get("home_pin") is not None
    if spec.homing == "switch" and not has_pin:
        ld.problem(("hub", "encoders", spec.name), Msg("dials.{name}.home = 'switch' needs "
                                                       "hub.encoders.{name}.home_pin, the hub pin of its home switch",
                                                       name=spec.name))
    elif spec.homing != "switch" and has_pin:
        ld.problem(("hub", "encoders", spec.name, "home_pin"),
                   Msg("hub.encoders.{name}.home_pin is only used with dials.{name}.home = 'switch' (home = {home})",
                       name=spec.name, home=repr(spec.homing))
                   if "switch" in spec.decl.home else _no_home_sensor(f"hub.encoders.{spec.name}.home_pin", spec.decl))


def _no_home_sensor(key: str, decl: m.DialDecl) -> Msg:
    """A home pin on a dial whose declaration allows no sensor at its zero (the telegraph: its end stops and the
    saved game say where it stands): setting `home = 'switch'` would only be refused next."""
    return Msg("{key}: {name} has no home switch: it finds where it stands by home = {homes} (its declaration in "
               "dials.toml); leave the key out", key=key, name=decl.name, homes=" or ".join(repr(h) for h in decl.home))


def _audio(ld: _Loader, data: dict[str, Any]) -> m.AudioSpec:
    rd = ld.reader(("audio",), data.get("audio", {}))
    if rd is None:
        return m.AudioSpec()
    spec = m.AudioSpec(
        driver=rd.get("driver", "str", "pygame", choices=m.AUDIO_DRIVERS),
        output=rd.get("output", "str", "default", choices=m.AUDIO_OUTPUTS),
        volume=rd.get("volume", "float", 0.8, lo=0, hi=1),
    )
    rd.done()
    return spec


def _lamps(ld: _Loader, data: dict[str, Any], audio: m.AudioSpec, pi: str | None = None) -> m.LampSpec:
    rd = ld.reader(("lamps",), data.get("lamps", {}))
    if rd is None:
        return m.LampSpec()
    driver = rd.get("driver", "str", "sim", choices=m.LAMP_DRIVERS)
    pixels = rd.get("pixels", "int", 0, lo=0, hi=2000)
    pin = rd.pin("pin", "lamps", required=driver == "neopixel")
    if driver == "neopixel" and pin is not None:
        if pin not in NEOPIXEL_PINS and pi not in NEOPIXEL_ANY_PIN:
            rd.problem("pin", Msg("lamps.pin = {pin}: the PWM NeoPixel driver needs GPIO {pins} (a Pi 5, board.pi "
                                  "= 'pi5', drives the strip from any GPIO)", pin=str(pin),
                                  pins=", ".join(map(str, NEOPIXEL_PINS))))
        if audio.driver != "none" and audio.output == "analog":
            rd.problem("driver", Msg("lamps.driver = 'neopixel' uses the PWM hardware that the Pi's analogue "
                                     "audio (audio.output = 'analog') needs: use neopixel_spi or another audio output"))
    segments: dict[str, tuple[int, int]] = {}
    table = rd.get("segments", "table", {})
    used: dict[int, str] = {}
    for seg, value in table.items():
        key_path = ("lamps", "segments", seg)
        if not re.fullmatch(r"[a-z_]+(\.[a-z0-9_]+)?", seg):
            ld.problem(key_path, Msg("lamps.segments: bad segment name {name} (use e.g. section.3, tube.5, alarm)",
                                     name=quoted(repr(seg))))
            continue
        if len(seg) > m.NAME_MOST:
            ld.problem(key_path, Msg("lamps.segments: a segment's name is at most {most} characters, got {count} "
                                     "({name})", most=str(m.NAME_MOST), count=str(len(seg)), name=quoted(seg)))
            continue
        if isinstance(value, dict):  # `section.1 = [0, 1]`: TOML reads an unquoted dotted name as a table
            for sub in value:
                ld.problem((*key_path, sub), Msg("lamps.segments: write the segment's name in quotes, \"{name}\" = "
                                                 "[first_pixel, count]: unquoted, TOML reads {name} as a table",
                                                 name=f"{seg}.{sub}"))
            continue
        numbers = wholes(value) if isinstance(value, list) and all(map(finite_number, value)) else None
        if numbers is None or len(numbers) != 2:  # [3.0, 1] is [3, 1], as `pixels = 15.0` is 15
            ld.problem(key_path, Msg("lamps.segments.{name} must be [first_pixel, count], got {value}", name=seg,
                                     value=repr(value)))
            continue
        first, count = numbers
        if count < 1:
            ld.problem(key_path, Msg("lamps.segments.{name} = {value}: a segment needs at least one pixel "
                                     "([first_pixel, count], count 1 or more)", name=seg, value=str(value)))
            continue
        if "pixels" in rd.refused:  # the strip's length is refused above: no segment is told it lies outside it
            continue
        if first < 0 or first + count > pixels:
            ld.problem(key_path, Msg("lamps.segments.{name} = {value} lies outside the {pixels} pixels", name=seg,
                                     value=str(value), pixels=str(pixels)))
            continue
        for px in range(first, first + count):
            if px in used:
                ld.problem(key_path, Msg("lamps.segments.{name} overlaps {other} at pixel {pixel}", name=seg,
                                         other=used[px], pixel=str(px)))
                break
            used[px] = seg
        segments[seg] = (first, count)
    spec = m.LampSpec(driver=driver, pin=pin, pixels=pixels,
                      brightness=rd.get("brightness", "float", 0.3, lo=0, hi=1),
                      order=rd.get("order", "str", "GRB", choices=m.PIXEL_ORDERS), segments=segments,
                      segment_lines={seg: ld.lines.line(("lamps", "segments", seg)) for seg in segments},
                      segments_line=ld.lines.line(("lamps", "segments")))
    rd.done()
    return spec


def _check_reserved(ld: _Loader, audio: m.AudioSpec, lamps: m.LampSpec) -> None:
    active = []
    if audio.driver != "none" and audio.output == "i2s":
        active.append("audio i2s")
    if lamps.driver == "neopixel_spi":
        active.append("lamps neopixel_spi")
    for feature in active:
        for pin, role in RESERVED_BY[feature].items():
            if pin in ld.pins:
                owner, key_path = ld.pins[pin]
                ld.problem(key_path, Msg("GPIO {pin} of {owner} is taken by {feature} ({role})", pin=str(pin),
                                         owner=owner, feature=feature, role=role))
