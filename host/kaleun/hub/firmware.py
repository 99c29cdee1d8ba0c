"""Where the hub firmware lives, and loading its logic (`kaleun_hub`) into the host.

The firmware's logic modules are the single source of truth for the protocol: the host
imports the very files that `kaleun firmware install` copies to the Pico. They live in
`firmware/lib/kaleun_hub/` of the source tree (an installed wheel carries a copy:
`kaleun.shipped`); KALEUN_FIRMWARE may name another firmware folder (one holding `code.py`,
`boot.py` and `lib/kaleun_hub/`).
"""

from __future__ import annotations

import importlib.util
import os
import sys
from pathlib import Path
from types import ModuleType

from kaleun.core.messages import Msg
from kaleun.shipped import firmware_dir as shipped_firmware

PACKAGE = "kaleun_hub"


class FirmwareNotFound(RuntimeError):
    """No firmware folder: str() in English, `of_error(exc)` as a `Msg` in the maker's language."""


def firmware_dir() -> Path:
    env = os.environ.get("KALEUN_FIRMWARE")
    shipped = shipped_firmware()
    candidates = [Path(env)] if env else ([shipped] if shipped is not None else [])
    for candidate in candidates:
        if (candidate / "lib" / PACKAGE / "__init__.py").is_file():
            return candidate
    if env:
        raise FirmwareNotFound(Msg("KALEUN_FIRMWARE={folder} is not the deck hub's firmware folder (it has no "
                                   "lib/{package}/): point it at the firmware/ folder of Kaleun's source tree",
                                   folder=env, package=PACKAGE))
    raise FirmwareNotFound(Msg("the deck hub firmware (firmware/lib/kaleun_hub) is not next to this Kaleun: "
                               "reinstall it (the wheel carries the firmware), run it from its source tree, or set "
                               "KALEUN_FIRMWARE to the firmware folder"))


def load() -> ModuleType:
    """Import the firmware package as `kaleun_hub` (once) and return it."""
    loaded = sys.modules.get(PACKAGE)
    if loaded is not None:
        return loaded
    root = firmware_dir() / "lib" / PACKAGE
    spec = importlib.util.spec_from_file_location(PACKAGE, root / "__init__.py",
                                                  submodule_search_locations=[str(root)])
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[PACKAGE] = module
    try:
        spec.loader.exec_module(module)
    except BaseException:
        del sys.modules[PACKAGE]
        raise
    return module
