"""The firmware's logic modules, loaded from the firmware folder (one source of truth)."""

from __future__ import annotations

import importlib

from kaleun.hub.firmware import load

_package = load()

FIRMWARE_VERSION: str = _package.FIRMWARE_VERSION
PROTOCOL_VERSION: int = _package.PROTOCOL_VERSION
codec = importlib.import_module("kaleun_hub.codec")
#: the most counts one `turn` frame carries (the protocol's limit: a whole turn of the finest ring)
MAX_TURN: int = codec.MAX_TURN
config = importlib.import_module("kaleun_hub.config")
debounce = importlib.import_module("kaleun_hub.debounce")
scanner = importlib.import_module("kaleun_hub.scanner")
hub = importlib.import_module("kaleun_hub.hub")
mfrc522 = importlib.import_module("kaleun_hub.mfrc522")
pn532 = importlib.import_module("kaleun_hub.pn532")
lamps = importlib.import_module("kaleun_hub.lamps")
encoders = importlib.import_module("kaleun_hub.encoders")
