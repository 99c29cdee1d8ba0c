# SPDX-License-Identifier: MIT
"""The hub's configuration: `kaleun_hub.json` at the root of the CIRCUITPY drive.

The host writes it from the board file (`kaleun hub config`, `kaleun firmware install`).
`parse` checks it and fills in defaults; a problem raises ConfigError naming the key.
"""

import json

CONFIG_FILE = "kaleun_hub.json"
CONFIG_FORMAT = 1
READER_KINDS = ("mfrc522", "pn532")

DEFAULTS = {
    "name": "deck-hub",
    "scan_ms": 50,
    "heartbeat_ms": 500,
    "debounce_misses": 3,
    "debounce_hits": 1,
    "fault_after": 5,
}
LIMITS = {
    "scan_ms": (0, 10000),
    "heartbeat_ms": (50, 10000),
    "debounce_misses": (1, 100),
    "debounce_hits": (1, 100),
    "fault_after": (1, 1000),
}
SPI_DEFAULTS = {"sck": "GP18", "mosi": "GP19", "miso": "GP16", "baudrate": 4000000}
#: most readers a hub drives (a Pico has 26 GPIO; the snapshot's fault list must stay short)
MAX_READERS = 24


class ConfigError(ValueError):
    pass


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
    cfg = {"format": CONFIG_FORMAT}
    for key, default in DEFAULTS.items():
        value = data.get(key, default)
        if key == "name":
            if not isinstance(value, str) or not value or " " in value or "*" in value:
                raise ConfigError("name must be one word, got %r" % (value,))
            cfg[key] = value
        else:
            lo, hi = LIMITS[key]
            cfg[key] = _whole(value, key, lo, hi)
    spi = data.get("spi", {})
    if not isinstance(spi, dict):
        raise ConfigError("spi must be an object")
    cfg["spi"] = {}
    for key, default in SPI_DEFAULTS.items():
        value = spi.get(key, default)
        cfg["spi"][key] = _whole(value, "spi.baudrate", 100000, 10000000) if key == "baudrate" else \
            _pin(value, "spi." + key)
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
        kind = reader.get("kind", "mfrc522")
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
    try:
        with open(path) as fh:
            data = json.load(fh)
    except OSError:
        raise ConfigError("no %s on the drive: run `kaleun hub config` on the Pi" % path) from None
    except ValueError as exc:
        raise ConfigError("%s is not valid JSON (%s)" % (path, exc)) from None
    return parse(data)


def sections(cfg):
    return [reader["section"] for reader in cfg["readers"]]
