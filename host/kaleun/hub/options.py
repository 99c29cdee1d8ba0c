"""The `[hub]` section of a board file: checked here, kept raw in `HubSpec.options`.

The board loader calls `check_hub_options` so problems come out as `file:line: ...`;
`hub_options(board)` then reads the checked keys with their defaults, and `hub_config`
turns them into the hub's own `kaleun_hub.json`.

The hub's settings, whole numbers such as `scan_ms` or `timeout_ms`, are declared once in the
firmware's `lib/kaleun_hub/settings.json` (default, lowest, highest, the part of the hub each
serves, whether the hub reads it, its meaning): `SETTINGS` here and the firmware's config.py both
read that file through the firmware's own reader (`kaleun_hub.config.declaration`). So are the
hub's default name (`NAME`), the SPI bus's defaults and its baudrate's range (`SPI_DEFAULTS`,
`SPI_BAUDRATE`) and the reader kinds (`READER_KINDS`, `READER_KIND`): this module takes them from
the firmware's config.py, which read them there. A Kaleun that cannot find its firmware checks a
board's [hub] without them and warns at its line (`MISSING`).
The other keys:

    url            serial port of the hub's data channel, or "fake" (an in-process fake hub)
    name           one word the hub reports in its hello (default: the declared `NAME`); a device
                   at the port with another name is not this table's hub
    id             the hub's unique id as `kaleun hub status` shows it (optional): only that hub
                   is trusted, also after Kaleun restarts (without it: the first hub met)
    spi            { sck, mosi, miso, baudrate } of the readers' shared SPI bus: the SCK,
                   TX and RX pins of one RP2040 SPI block
    pixel_pin      the hub pin of the NeoPixel strip when lamps.driver = "hub" (any GPIO)
    [[hub.readers]]  section (1-8), kind (one of `READER_KINDS`), cs (chip select), rst
    [hub.encoders.<dial>]  a, b (adjacent GPIOs: RP2040 rotaryio counts with PIO), divisor
                   (pin transitions per detent, default 4), home_pin (the dial's home switch,
                   with dials.<dial>.home = "switch"); dials: those of boards/dials.toml
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from kaleun.boards.dials import DIALS
from kaleun.core.messages import Msg
from kaleun.hub.firmware import FirmwareNotFound

Problem = Callable[[tuple[str | int, ...], Msg | str], None]

FAKE_URL = "fake"
#: pyserial URL schemes that only carry the serial stream (spy:// also writes a log of every byte
#: to a file or the terminal, and is refused; so is any URL naming a file)
URL_SCHEMES = ("loop", "socket", "rfc2217", "hwgrep")
#: RP2040 pins a Pico brings out (GP23-GP25 and GP29 are used on the board itself)
PICO_PINS = tuple(f"GP{n}" for n in (*range(0, 23), 26, 27, 28))
#: a hub name a board may give: one word of letters, digits, - _ .
NAME_PATTERN = r"[A-Za-z0-9_.\-]{1,32}"
#: what an RP2040 GPIO does for an SPI block: GPIO n is RX (MISO), CSn, SCK or TX (MOSI) by
#: n % 4, of block SPI0 or SPI1 by (n // 8) % 2 (RP2040 data sheet, GPIO function table)
SPI_FUNCTIONS = {"miso": 0, "sck": 2, "mosi": 3}


def board_takes_id(hub_id: object) -> bool:
    """Whether `hub_id` is an id a board's `hub.id` takes (as a hub gives it: whole bytes in upper-case hex,
    two digits each, 4 to 64 digits). The protocol carries any 4 to 64 digits, so a device may say another."""
    return isinstance(hub_id, str) and re.fullmatch(r"(?:[0-9A-F]{2}){2,32}", hub_id) is not None


def spi_block(pin: str, function: str) -> int | None:
    """The SPI block (0 or 1) whose `function` ("sck", "mosi", "miso") pin `pin` can be, or None."""
    number = int(pin[2:])
    return (number // 8) % 2 if number % 4 == SPI_FUNCTIONS[function] else None


@dataclass(frozen=True)
class Setting:
    """A hub setting as declared in the firmware's settings.json."""

    key: str
    default: int
    lowest: int
    highest: int
    #: the part of the hub it is for: "link" (always read), "readers" or "lamps" (see `served_part`)
    serves: str
    #: the hub reads it from its kaleun_hub.json (`hub_config` writes it there); else only the host does
    hub_reads: bool
    meaning: str


def _declaration(path: Path | str | None = None) -> tuple[str, dict[str, Any]]:
    """(where, the whole declaration) of `path` (default: the firmware's settings.json), read and checked by
    the firmware's own reader; its ConfigError names the file and the part that is wrong."""
    from kaleun.hub.proto import config  # the firmware's config.py

    where = str(path) if path is not None else config.SETTINGS_PATH
    return where, config.declaration(where)


def _settings_of(data: dict[str, Any]) -> dict[str, Setting]:
    return {key: Setting(key, **entry) for key, entry in data["settings"].items()}


Defaults = tuple[str, dict[str, Any], tuple[int, int], str, tuple[str, ...]]


def _defaults_of(where: str, data: dict[str, Any]) -> Defaults:
    from kaleun.hub.proto import config  # the firmware's config.py

    if not re.fullmatch(NAME_PATTERN, data["name"]["default"]):  # it names the fake hub's link file too
        raise config.ConfigError(f"{where}: name: default {data['name']['default']!r} must be one word of "
                                 "letters, digits, - _ . for a board file")
    rate = data["spi"]["baudrate"]
    return (data["name"]["default"], dict(data["spi"]["default"]), (rate["lowest"], rate["highest"]),
            data["reader_kinds"]["default"], tuple(data["reader_kinds"]["one_of"]))


def load_declaration(path: Path | str | None = None) -> dict[str, Setting]:
    """The hub settings declared in `path` (default: the firmware's settings.json), in file order.
    Raises the firmware's ConfigError naming the file and setting when the declaration is wrong."""
    return _settings_of(_declaration(path)[1])


def load_defaults(path: Path | str | None = None) -> Defaults:
    """NAME, SPI_DEFAULTS, SPI_BAUDRATE, READER_KIND and READER_KINDS as declared in `path` (default:
    the firmware's settings.json), read and checked by the firmware's own reader."""
    return _defaults_of(*_declaration(path))


#: the hub's name when a board gives none; the SPI bus's defaults (sck, mosi, miso, baudrate) and its
#: baudrate's (lowest, highest); the kind of a reader that names none, and every kind the hub drives
#: (without the firmware: none, and the board check leaves out what needs them)
_UNDECLARED: Defaults = ("", {}, (0, 0), "", ())
#: why there are no SETTINGS: no firmware next to this Kaleun (a board's settings are then not checked)
MISSING: str | None = None
try:
    _FILE, _DECLARED = _declaration()  # the file read once for both
except FirmwareNotFound as exc:
    MISSING = str(exc)
#: every hub setting, in declaration order (read it where it is needed: a test may add one)
SETTINGS: dict[str, Setting] = _settings_of(_DECLARED) if MISSING is None else {}
NAME, SPI_DEFAULTS, SPI_BAUDRATE, READER_KIND, READER_KINDS = (_defaults_of(_FILE, _DECLARED) if MISSING is None
                                                               else _UNDECLARED)


def known_keys() -> tuple[str, ...]:
    """Every key of [hub], the declared settings among them."""
    return ("url", "name", "id", *SETTINGS, "spi", "pixel_pin", "readers", "encoders")


#: the part of the hub a key that is no setting serves (a setting's part is declared with it)
SERVES = {"pixel_pin": "lamps", "spi": "readers"}


def served_part(key: str) -> str | None:
    """The part of the hub `key` serves when it does not serve the hub's link itself: the hub reads
    such a key only when the board puts that part on it ("readers": [[hub.readers]]; "lamps":
    lamps.driver = "hub"), and `kaleun board check` warns at the key's line that it has no effect
    when the board does not (the encoders' keys are checked against the dials themselves)."""
    if key in SETTINGS:
        part = SETTINGS[key].serves
        return None if part == "link" else part
    return SERVES.get(key)


def default_settings() -> dict[str, int]:
    return {key: setting.default for key, setting in SETTINGS.items()}


@dataclass(frozen=True)
class ReaderSpec:
    section: int
    kind: str = READER_KIND
    cs: str = "GP17"
    rst: str | None = None


@dataclass(frozen=True)
class EncoderSpec:
    dial: str
    a: str
    b: str
    divisor: int = 4
    home_pin: str | None = None


@dataclass(frozen=True)
class HubOptions:
    url: str | None = None
    name: str = NAME
    hub_id: str | None = None
    #: a hub whose hello names another `name` is not this table's (set for boards with a [hub])
    check_name: bool = False
    #: every declared setting (`SETTINGS`): the values given, the defaults filled in for the others
    settings: Mapping[str, int] = field(default_factory=default_settings)
    spi: dict[str, Any] = field(default_factory=lambda: dict(SPI_DEFAULTS))
    pixel_pin: str | None = None
    readers: tuple[ReaderSpec, ...] = ()
    encoders: tuple[EncoderSpec, ...] = ()

    def __post_init__(self) -> None:
        unknown = set(self.settings) - set(SETTINGS)
        if unknown:
            raise ValueError(f"no hub setting {', '.join(sorted(unknown))} (declared: {', '.join(SETTINGS)})")
        object.__setattr__(self, "settings", {**default_settings(), **self.settings})

    # the settings the host itself acts on
    @property
    def baudrate(self) -> int:
        return self.settings["baudrate"]

    @property
    def heartbeat_ms(self) -> int:
        return self.settings["heartbeat_ms"]

    @property
    def timeout_ms(self) -> int:
        return self.settings["timeout_ms"]

    @property
    def start_timeout_ms(self) -> int:
        return self.settings["start_timeout_ms"]

    @property
    def sections(self) -> list[int]:
        """Section of each reader, by reader number."""
        return [r.section for r in self.readers]

    @property
    def is_fake(self) -> bool:
        return self.url == FAKE_URL


def check_url(url: str, key: str = "hub.url") -> Msg | None:
    """Why `url` cannot be the hub's port, or None; `key` names where it was given (the board's
    hub.url, the command's --url). Device paths (/dev/ttyACM1, /dev/serial/by-id/...), "fake" and
    the pyserial URLs loop://, socket://, rfc2217:// and hwgrep:// are fine; spy:// and anything
    else that could write a file are refused."""
    if not url or "\x00" in url or len(url) > 1000:
        return Msg("{key} must name a serial port", key=key)
    if url == FAKE_URL or "://" not in url:
        return None
    scheme = url.split("://", 1)[0].lower()
    if scheme not in URL_SCHEMES:
        schemes = ", ".join(s + "://" for s in URL_SCHEMES)
        if scheme == "spy":
            return Msg("{key} {url}: the {scheme}:// kind of port is not allowed (it writes a log of every byte to a "
                       "file or the terminal); use a device path such as /dev/ttyACM1, \"fake\", or {schemes}",
                       key=key, url=repr(url), scheme=scheme, schemes=schemes)
        return Msg("{key} {url}: the {scheme}:// kind of port is not allowed; use a device path such as /dev/ttyACM1, "
                   "\"fake\", or {schemes}", key=key, url=repr(url), scheme=scheme, schemes=schemes)
    query = url.split("?", 1)[1] if "?" in url else ""
    keys = {part.split("=", 1)[0].strip().lower() for part in query.split("&") if part}
    if keys & {"file", "logfile", "log"}:
        return Msg("{key} {url}: a port URL may not name a file to write", key=key, url=repr(url))
    return None


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


class _Check:
    def __init__(self, problem: Problem) -> None:
        self.problem = problem
        self.pins: dict[str, str] = {}

    def pin(self, path: tuple[str | int, ...], value: Any, required: bool = True) -> str | None:
        where = _where(path)
        if value is None:
            if required:
                self.problem(path[:-1], Msg("{table} needs the key '{key}'", table=_where(path[:-1]),
                                            key=str(path[-1])))
            return None
        if not isinstance(value, str) or value not in PICO_PINS:
            self.problem(path, Msg("{key} = {value} is not a Pico pin (GP0-GP22, GP26-GP28)", key=where,
                                   value=repr(value)))
            return None
        if value in self.pins:
            self.problem(path, Msg("{pin} is used twice: {other} and {owner}", pin=value, other=self.pins[value],
                                   owner=where))
        else:
            self.pins[value] = where
        return value

    def table(self, path: tuple[str | int, ...], value: Any, known: tuple[str, ...]) -> dict[str, Any] | None:
        if not isinstance(value, dict):
            self.problem(path, Msg("{key} must be a table", key=_where(path)))
            return None
        for key in value:
            if key not in known:
                self.problem((*path, key), Msg("unknown key '{key}' in [{table}] (known: {known})", key=key,
                                               table=_where(path), known=", ".join(known)))
        return value


def _where(path: tuple[str | int, ...]) -> str:
    out = "hub"
    for part in path:
        out += f"[{part}]" if isinstance(part, int) else f".{part}"
    return out


def check_hub_options(options: Mapping[str, Any], problem: Problem, lamps_driver: str | None = None,
                      sensor: str | None = None) -> None:
    """Report every problem of the hub keys through `problem(key_path, text)`; the path is
    relative to [hub] (e.g. ("readers", 2, "cs"))."""
    ck = _Check(problem)
    known = known_keys()
    for key in options:
        if key not in known and MISSING is None:  # without the declaration a setting would look unknown
            problem((key,), Msg("unknown key '{key}' in [{table}] (known: {known})", key=key, table="hub",
                                known=", ".join(known)))
    name = options.get("name")  # the declared NAME, used without one, is one word too (test_hub_settings.py)
    if "name" in options and (not isinstance(name, str) or not re.fullmatch(NAME_PATTERN, name)):
        problem(("name",), Msg("hub.name = {name} must be one word (letters, digits, - _ .)", name=repr(name)))
    hub_id = options.get("id")
    if hub_id is not None and (not isinstance(hub_id, str) or not re.fullmatch(r"[0-9A-F]{4,64}", hub_id)):
        problem(("id",), Msg("hub.id = {id} must be the hub's id in upper-case hex, as `kaleun hub status` shows it",
                             id=repr(hub_id)))
    elif hub_id is not None and len(hub_id) % 2:  # whole bytes, two digits each: a digit was lost in the copy
        problem(("id",), Msg("hub.id = {id} has {digits} digits: an id is whole bytes, two digits each (16 on a "
                             "Pico); copy it again from `kaleun hub status`", id=repr(hub_id), digits=str(len(hub_id))))
    refused = set()
    for key, setting in SETTINGS.items():
        value = options.get(key)
        if value is not None and (not _whole(value) or not setting.lowest <= value <= setting.highest):
            refused.add(key)
            problem((key,), Msg("hub.{key} = {value} must be a whole number from {lo} to {hi}", key=key,
                                value=repr(value), lo=str(setting.lowest), hi=str(setting.highest)))
    heartbeat = options.get("heartbeat_ms", SETTINGS["heartbeat_ms"].default if SETTINGS else None)
    timeout = options.get("timeout_ms", SETTINGS["timeout_ms"].default if SETTINGS else None)
    # a value refused above is named once: the pair is checked once both are right (boards/README.md)
    if not refused & {"heartbeat_ms", "timeout_ms"} and _whole(heartbeat) and _whole(timeout) \
            and timeout < 2 * heartbeat:
        problem(("timeout_ms",), Msg("hub.timeout_ms = {timeout} must be at least twice hub.heartbeat_ms "
                                     "({heartbeat}), or one late heartbeat takes the hub offline",
                                     timeout=str(timeout), heartbeat=str(heartbeat)))
    spi = options.get("spi", {})
    # the bus's defaults are declared with the firmware: without it hub.spi goes unchecked (MISSING)
    table = ck.table(("spi",), spi, tuple(SPI_DEFAULTS)) if MISSING is None else None
    if table is not None:
        blocks = {}
        for key in ("sck", "mosi", "miso"):
            found = ck.pin(("spi", key), table.get(key, SPI_DEFAULTS[key]))
            if found is not None:
                blocks[key] = spi_block(found, key)
        if len(blocks) == 3 and (None in blocks.values() or len(set(blocks.values())) != 1):
            got = ", ".join(f"{key} {table.get(key, SPI_DEFAULTS[key])}" for key in blocks)
            problem(("spi",), Msg("hub.spi: sck, mosi and miso must be the SCK, TX and RX pins of one RP2040 SPI "
                                  "block (SPI0: sck GP2/6/18/22, mosi GP3/7/19, miso GP0/4/16/20; SPI1: sck "
                                  "GP10/14/26, mosi GP11/15/27, miso GP8/12/28), got {got}", got=got))
        rate: Any = table.get("baudrate", SPI_DEFAULTS["baudrate"])
        lowest, highest = SPI_BAUDRATE
        if not _whole(rate) or not lowest <= rate <= highest:
            problem(("spi", "baudrate"), Msg("hub.spi.baudrate = {rate} must be from {lowest} to {highest} "
                                             "(MFRC522: 10 MHz at most, keep it lower on long wires)", rate=repr(rate),
                                             lowest=str(lowest), highest=str(highest)))
    readers = options.get("readers", [])
    if not isinstance(readers, list):
        problem(("readers",), Msg("hub.readers must be an array of tables: [[hub.readers]]"))
        readers = []
    for index, reader in enumerate(readers):
        path: tuple[str | int, ...] = ("readers", index)
        entry = ck.table(path, reader, ("section", "kind", "cs", "rst"))
        if entry is None:
            continue
        section = entry.get("section")
        if section is None:
            problem(path, Msg("{reader} needs the key 'section' (1-8)", reader=_where(path)))
        elif not _whole(section) or not 1 <= section <= 8:
            problem((*path, "section"), Msg("{reader}.section = {section} is not a section (1-8)", reader=_where(path),
                                            section=repr(section)))
        kind = entry.get("kind", READER_KIND)
        if MISSING is None and kind not in READER_KINDS:
            problem((*path, "kind"), Msg("{key} = {value} is not one of: {choices}", key=f"{_where(path)}.kind",
                                         value=repr(kind), choices=", ".join(READER_KINDS)))
        cs = entry.get("cs")
        if isinstance(cs, str) and cs in ck.pins and ck.pins[cs].startswith("hub.readers"):
            problem((*path, "cs"), Msg("{reader} is a duplicate reader: chip select {cs} is already {other}'s",
                                       reader=_where(path), cs=cs, other=ck.pins[cs].removesuffix(".cs")))
        else:
            ck.pin((*path, "cs"), cs)
        if "rst" in entry:
            ck.pin((*path, "rst"), entry["rst"])
    if sensor == "hub" and not readers:
        problem(("readers",), Msg("figures.sensor = 'hub' needs at least one [[hub.readers]] (section, kind, cs)"))
    pixel_pin = options.get("pixel_pin")
    if lamps_driver == "hub" and pixel_pin is None:
        problem(("pixel_pin",), Msg("lamps.driver = 'hub' needs hub.pixel_pin, the hub pin of the NeoPixel strip"))
    if pixel_pin is not None:
        ck.pin(("pixel_pin",), pixel_pin)
    encoders = options.get("encoders", {})
    if not isinstance(encoders, dict):
        problem(("encoders",), Msg("hub.encoders must be a table of dials: [hub.encoders.{dial}]",
                                   dial=next(iter(DIALS))))
        encoders = {}
    for dial, spec in encoders.items():
        path = ("encoders", dial)
        if dial not in DIALS:
            problem(path, Msg("hub.encoders.{dial}: unknown dial (known: {known})", dial=dial, known=", ".join(DIALS)))
            continue
        entry = ck.table(path, spec, ("a", "b", "divisor", "home_pin"))
        if entry is None:
            continue
        a = ck.pin((*path, "a"), entry.get("a"))
        b = ck.pin((*path, "b"), entry.get("b"))
        if "home_pin" in entry:
            ck.pin((*path, "home_pin"), entry["home_pin"])
        if a is not None and b is not None and abs(int(a[2:]) - int(b[2:])) != 1:
            problem((*path, "b"), Msg("hub.encoders.{dial}: a = {a} and b = {b} must be adjacent GPIOs (e.g. GP6 and "
                                      "GP7): the Pico counts encoders with PIO, which needs sequential pins", dial=dial,
                                      a=a, b=b))
        divisor = entry.get("divisor", 4)
        if not _whole(divisor) or divisor not in (1, 2, 4):
            problem((*path, "divisor"), Msg("hub.encoders.{dial}.divisor = {divisor} must be 1, 2 or 4 (pin "
                                            "transitions per detent)", dial=dial, divisor=repr(divisor)))


def unread_hub_keys(options: Mapping[str, Any], lamps_driver: str | None) -> list[tuple[tuple[str, ...], Msg]]:
    """(path, why) of each key of [hub] that has no effect on this board: a key that serves a part
    (`served_part`) the board does not put on the hub. Without the firmware (`MISSING`), first a
    note at [hub] that its settings, which the firmware declares, went unchecked."""
    readers = options.get("readers")
    on_hub = {"readers": isinstance(readers, list) and bool(readers), "lamps": lamps_driver == "hub"}
    unread: list[tuple[tuple[str, ...], Msg]] = []
    if MISSING is not None:
        unread.append(((), Msg("the deck hub's settings are not checked: {why}", why=MISSING)))
    for key in options:
        part = served_part(key)
        if part is None or on_hub[part]:
            continue
        if part == "lamps":
            unread.append(((key,), Msg("hub.{key} has no effect: the hub drives a NeoPixel strip only with "
                                       "lamps.driver = 'hub', and this board has lamps.driver = {driver}", key=key,
                                       driver=repr(lamps_driver or "none"))))
        else:
            unread.append(((key,), Msg("hub.{key} has no effect: it serves the hub's NFC readers, and this board "
                                       "has no [[hub.readers]]", key=key)))
    return unread


def parse_hub_options(options: Mapping[str, Any], url: str | None = None, check_name: bool = True) -> HubOptions:
    """HubOptions from keys that passed `check_hub_options` (defaults filled in)."""
    settings = {key: options.get(key, setting.default) for key, setting in SETTINGS.items()}
    spi = dict(SPI_DEFAULTS)
    spi.update(options.get("spi", {}))
    readers = tuple(ReaderSpec(section=r["section"], kind=r.get("kind", READER_KIND), cs=r["cs"], rst=r.get("rst"))
                    for r in options.get("readers", []))
    declared = list(DIALS)  # the encoders in the order the dials are declared
    entries = sorted(options.get("encoders", {}).items(), key=lambda item: declared.index(item[0]))
    encoders = tuple(EncoderSpec(dial, e["a"], e["b"], e.get("divisor", 4), e.get("home_pin")) for dial, e in entries)
    return HubOptions(url=url, name=options.get("name", NAME), hub_id=options.get("id"), check_name=check_name,
                      settings=settings, spi=spi, pixel_pin=options.get("pixel_pin"), readers=readers,
                      encoders=encoders)


def hub_options(board: Any) -> HubOptions:
    """The board's hub settings; the hub's name is checked only when the board has a [hub]."""
    return parse_hub_options(board.hub.options, board.hub.url, check_name=board.hub.url is not None)


def hub_config(board: Any) -> dict[str, Any]:
    """The hub's `kaleun_hub.json` for a board (reader -> section map and settings)."""
    opts = hub_options(board)
    cfg: dict[str, Any] = {
        "format": 1,
        "name": opts.name,
        **{key: opts.settings[key] for key, setting in SETTINGS.items() if setting.hub_reads},
        "spi": dict(opts.spi),
        "readers": [{"kind": r.kind, "cs": r.cs, "section": r.section, **({"rst": r.rst} if r.rst else {})}
                    for r in opts.readers],
        "encoders": [{"a": e.a, "b": e.b, "divisor": e.divisor, **({"home_pin": e.home_pin} if e.home_pin else {})}
                     for e in opts.encoders],
    }
    if board.lamps.driver == "hub" and opts.pixel_pin:
        cfg["pixels"] = {"pin": opts.pixel_pin, "count": board.lamps.pixels, "order": board.lamps.order,
                         "brightness": board.lamps.brightness}
    return cfg
