# SPDX-License-Identifier: MIT
"""The hub's configuration: `kaleun_hub.json` at the root of the CIRCUITPY drive.

The host writes it from the board file (`kaleun hub config`, `kaleun firmware install`).
`parse` checks it and fills in defaults; a problem raises ConfigError naming the key.
The whole-number settings (scan_ms, heartbeat_ms, ...) are declared once, with their
defaults and ranges, in settings.json beside this module, and so are the hub's default
name, the SPI bus's defaults with the range of its baudrate, and the reader kinds: the
host reads that file too (`declaration`) to check a board's [hub] keys and to write this
config. NAME, SPI_DEFAULTS, SPI_BAUDRATE, READER_KIND and READER_KINDS below are read
from it.
"""

import json

CONFIG_FILE = "kaleun_hub.json"
CONFIG_FORMAT = 1
#: the declaration of the hub's settings, beside this module (firmware/lib/kaleun_hub/)
SETTINGS_FILE = "settings.json"
SETTING_FIELDS = ("default", "lowest", "highest", "serves", "hub_reads", "meaning")
#: the parts of the hub a setting may serve (settings.json, "serves")
PARTS = ("link", "readers", "lamps")
#: the keys of the SPI bus's object (kaleun_hub.json "spi"; settings.json "spi" "default")
SPI_KEYS = ("sck", "mosi", "miso", "baudrate")
#: what settings.json holds besides its "about"
DECLARED = ("settings", "name", "spi", "reader_kinds")
#: most readers a hub drives (a Pico has 26 GPIO; the snapshot's fault list must stay short)
MAX_READERS = 24


class ConfigError(ValueError):
    pass


def _beside(name):
    """The path of `name` in this module's folder (on the Pico /lib/kaleun_hub/)."""
    try:
        here = __file__
    except NameError:  # a port that sets no __file__
        here = "/lib/kaleun_hub/config.py"
    cut = max(here.rfind("/"), here.rfind("\\"))
    return here[:cut + 1] + name


def _one_word(name):
    return isinstance(name, str) and name != "" and " " not in name and "*" not in name


#: what a hub's name may hold: it travels in every hello as printable ASCII, and the host takes
#: the same (letters, digits, - _ .; at most NAME_MOST)
NAME_CHARS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_."
NAME_MOST = 32


def is_hub_name(name):
    if not isinstance(name, str) or not 0 < len(name) <= NAME_MOST:
        return False
    for ch in name:
        if ch not in NAME_CHARS:
            return False
    return True


def _exactly(entry, fields, where):
    if not isinstance(entry, dict) or sorted(entry) != sorted(fields):
        raise ConfigError("%s must be an object with exactly %s" % (where, ", ".join(fields)))


def _whole_number(value):
    return isinstance(value, int) and not isinstance(value, bool)


def _check_setting(entry, where):
    _exactly(entry, SETTING_FIELDS, where)
    for field in ("default", "lowest", "highest"):
        if not _whole_number(entry[field]):
            raise ConfigError("%s: %s must be a whole number, got %r" % (where, field, entry[field]))
    if not entry["lowest"] <= entry["default"] <= entry["highest"]:
        raise ConfigError("%s: default %d is not from lowest %d to highest %d"
                          % (where, entry["default"], entry["lowest"], entry["highest"]))
    if entry["serves"] not in PARTS:
        raise ConfigError("%s: serves %r is not one of %s" % (where, entry["serves"], ", ".join(PARTS)))
    if not isinstance(entry["hub_reads"], bool):
        raise ConfigError("%s: hub_reads must be true or false" % where)
    if not isinstance(entry["meaning"], str) or not entry["meaning"]:
        raise ConfigError("%s: meaning must be a line of text" % where)


def _check_spi(spi, where):
    _exactly(spi, ("default", "baudrate"), where)
    _exactly(spi["baudrate"], ("lowest", "highest"), where + " baudrate")
    lo = spi["baudrate"]["lowest"]
    hi = spi["baudrate"]["highest"]
    if not _whole_number(lo) or not _whole_number(hi) or not 0 < lo <= hi:
        raise ConfigError("%s baudrate: lowest %r and highest %r must be whole numbers, lowest at most highest"
                          % (where, lo, hi))
    _exactly(spi["default"], SPI_KEYS, where + " default")
    for key in SPI_KEYS:
        value = spi["default"][key]
        if key == "baudrate":
            if not _whole_number(value) or not lo <= value <= hi:
                raise ConfigError("%s default: baudrate %r is not from lowest %d to highest %d"
                                  % (where, value, lo, hi))
        elif not isinstance(value, str) or not value:
            raise ConfigError("%s default: %s must be a pin name such as GP18, got %r" % (where, key, value))


def _check_kinds(kinds, where):
    _exactly(kinds, ("default", "one_of"), where)
    one_of = kinds["one_of"]
    if not isinstance(one_of, list) or not one_of:
        raise ConfigError("%s: one_of must be a list of reader kinds" % where)
    for kind in one_of:
        if not _one_word(kind) or one_of.count(kind) > 1:
            raise ConfigError("%s: one_of has %r, each kind must be one word, once" % (where, kind))
    if kinds["default"] not in one_of:
        raise ConfigError("%s: default %r is not one of %s" % (where, kinds["default"], ", ".join(one_of)))


def _read_json(path, missing):
    """The JSON in `path`; ConfigError with `missing` when there is no such file, or naming the mistake."""
    try:
        with open(path) as fh:
            return json.load(fh)
    except OSError:
        raise ConfigError(missing) from None
    except ValueError as exc:
        raise ConfigError("%s is not valid JSON (%s)" % (path, exc)) from None
    except (RuntimeError, MemoryError) as exc:  # nested too deeply (RecursionError), or too big for the Pico
        raise ConfigError("%s is nested too deeply or too big to read (%s)" % (path, type(exc).__name__)) from None


def declaration(path):
    """The whole declaration in `path` (settings.json), checked: "settings" (key -> its entry,
    an object with exactly SETTING_FIELDS), "name" ({"default": one word}), "spi" ({"default":
    the SPI_KEYS, "baudrate": {"lowest", "highest"}}) and "reader_kinds" ({"default", "one_of"}).
    Raises ConfigError naming the file and the part that is wrong."""
    data = _read_json(path, "no %s: install the firmware again (kaleun firmware install)" % path)
    settings = data.get("settings") if isinstance(data, dict) else None
    if not isinstance(settings, dict):
        raise ConfigError("%s must be an object with a \"settings\" object" % path)
    for key, entry in settings.items():
        _check_setting(entry, "%s: setting %s" % (path, key))
    for part in DECLARED:
        if part not in data:
            raise ConfigError("%s: no %s declared (it declares %s)" % (path, part, ", ".join(DECLARED)))
    _exactly(data["name"], ("default",), path + ": name")
    if not _one_word(data["name"]["default"]):
        raise ConfigError("%s: name: default must be one word, got %r" % (path, data["name"]["default"]))
    _check_spi(data["spi"], path + ": spi")
    _check_kinds(data["reader_kinds"], path + ": reader_kinds")
    return data


def declared(path):
    """The settings declared in `path` (settings.json): key -> its entry, an object with
    exactly SETTING_FIELDS. Raises ConfigError naming the file and the setting."""
    return declaration(path)["settings"]


SETTINGS_PATH = _beside(SETTINGS_FILE)


def _read_declaration():
    """What the hub takes from settings.json (read once; the meanings are not kept)."""
    data = declaration(SETTINGS_PATH)
    settings = {}
    for key, entry in data["settings"].items():
        if entry["hub_reads"]:
            settings[key] = (entry["default"], entry["lowest"], entry["highest"])
    rate = data["spi"]["baudrate"]
    return (settings, data["name"]["default"], data["spi"]["default"], (rate["lowest"], rate["highest"]),
            data["reader_kinds"]["default"], tuple(data["reader_kinds"]["one_of"]))


#: the settings the hub reads from kaleun_hub.json: key -> (default, lowest, highest); the hub's
#: default name; the SPI bus's defaults (SPI_KEYS) and its baudrate's (lowest, highest); the
#: reader kind a reader without "kind" is, and every kind the hub drives
SETTINGS, NAME, SPI_DEFAULTS, SPI_BAUDRATE, READER_KIND, READER_KINDS = _read_declaration()


def _whole(value, key, lo, hi):
    if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= hi:
        raise ConfigError("%s must be a whole number from %d to %d, got %r" % (key, lo, hi, value))
    return value


def _fraction(value, key):
    # a comparison fails for NaN and infinity too (no math.isfinite needed on small ports)
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not 0 <= value <= 1:
        raise ConfigError("%s must be a number from 0 to 1, got %r" % (key, value))
    return value


def _pin(value, key):
    if not isinstance(value, str) or not value:
        raise ConfigError("%s must be a pin name such as GP17, got %r" % (key, value))
    return value


def parse(data):
    """Check a decoded config (a dict) and return it with every default filled in."""
    if not isinstance(data, dict):
        raise ConfigError("the config must be a JSON object")
    if data.get("format") != CONFIG_FORMAT:
        raise ConfigError("config format %r is not %d" % (data.get("format"), CONFIG_FORMAT))
    name = data.get("name", NAME)
    if not is_hub_name(name):  # a letter beyond ASCII would make every hello unreadable to the host
        raise ConfigError("name must be one word of letters, digits, - _ . (at most %d), got %r" % (NAME_MOST, name))
    cfg = {"format": CONFIG_FORMAT, "name": name}
    for key, (default, lo, hi) in SETTINGS.items():
        cfg[key] = _whole(data.get(key, default), key, lo, hi)
    spi = data.get("spi", {})
    if not isinstance(spi, dict):
        raise ConfigError("spi must be an object")
    cfg["spi"] = {}
    for key, default in SPI_DEFAULTS.items():
        value = spi.get(key, default)
        cfg["spi"][key] = _whole(value, "spi.baudrate", SPI_BAUDRATE[0], SPI_BAUDRATE[1]) if key == "baudrate" \
            else _pin(value, "spi." + key)
    readers = data.get("readers", [])
    if not isinstance(readers, list):
        raise ConfigError("readers must be a list")
    if len(readers) > MAX_READERS:
        raise ConfigError("at most %d readers, got %d" % (MAX_READERS, len(readers)))
    cfg["readers"] = []
    for index, reader in enumerate(readers):
        where = "readers[%d]" % index
        if not isinstance(reader, dict):
            raise ConfigError(where + " must be an object")
        kind = reader.get("kind", READER_KIND)
        if kind not in READER_KINDS:
            raise ConfigError("%s.kind %r is not one of %s" % (where, kind, ", ".join(READER_KINDS)))
        entry = {"kind": kind, "cs": _pin(reader.get("cs"), where + ".cs"),
                 "section": _whole(reader.get("section"), where + ".section", 1, 8)}
        if reader.get("rst") is not None:
            entry["rst"] = _pin(reader["rst"], where + ".rst")
        cfg["readers"].append(entry)
    pixels = data.get("pixels")
    if pixels is not None:
        if not isinstance(pixels, dict):
            raise ConfigError("pixels must be an object")
        cfg["pixels"] = {"pin": _pin(pixels.get("pin"), "pixels.pin"),
                         "count": _whole(pixels.get("count", 0), "pixels.count", 0, 1000),
                         "order": pixels.get("order", "GRB"),
                         "brightness": _fraction(pixels.get("brightness", 0.3), "pixels.brightness")}
    encoders = data.get("encoders", [])
    if not isinstance(encoders, list):
        raise ConfigError("encoders must be a list")
    cfg["encoders"] = []
    for index, enc in enumerate(encoders):
        where = "encoders[%d]" % index
        if not isinstance(enc, dict):
            raise ConfigError(where + " must be an object")
        entry = {"a": _pin(enc.get("a"), where + ".a"), "b": _pin(enc.get("b"), where + ".b"),
                 "divisor": _whole(enc.get("divisor", 4), where + ".divisor", 1, 16)}
        if enc.get("home_pin") is not None:
            entry["home_pin"] = _pin(enc["home_pin"], where + ".home_pin")
        cfg["encoders"].append(entry)
    return cfg


def load(path=CONFIG_FILE):
    """Read and check the config file. Raises ConfigError (also for a missing file)."""
    return parse(_read_json(path, "no %s on the drive: on the Pi run `kaleun hub config --board FILE --out DRIVE` "
                                  "(DRIVE: where CIRCUITPY is mounted)" % path))



def sections(cfg):
    return [reader["section"] for reader in cfg["readers"]]
