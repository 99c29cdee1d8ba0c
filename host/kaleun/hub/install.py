"""`kaleun firmware install PATH`: the firmware and its libraries onto a CIRCUITPY drive.

The CircuitPython libraries come from the Adafruit packages installed with pip (plain .py
files that run on CircuitPython): no download at install time. circup's bundles are the
usual way on a crew's own machine and work as well.
"""

from __future__ import annotations

import importlib.util
import json
import logging
import os
import shutil
from pathlib import Path
from typing import Any

from kaleun.hub.firmware import PACKAGE, firmware_dir

log = logging.getLogger(__name__)

#: module or package the firmware imports -> the pip package that holds it
LIBRARIES = {
    "adafruit_pn532": "adafruit-circuitpython-pn532",
    "adafruit_bus_device": "adafruit-circuitpython-busdevice",
    "neopixel": "adafruit-circuitpython-neopixel",
}
CONFIG_FILE = "kaleun_hub.json"


class InstallError(RuntimeError):
    pass


def library_source(name: str) -> Path:
    """Where the pip-installed library `name` lives (a .py file or a package folder)."""
    spec = importlib.util.find_spec(name)
    if spec is None:
        raise InstallError(f"the CircuitPython library {name} is not installed here: "
                           f"pip install {LIBRARIES.get(name, name)}")
    if spec.submodule_search_locations:
        return Path(next(iter(spec.submodule_search_locations)))
    assert spec.origin is not None
    return Path(spec.origin)


def _copy_file(src: Path, dst: Path, copied: list[Path]) -> None:
    dst.parent.mkdir(parents=True, exist_ok=True)
    tmp = dst.with_name(dst.name + ".tmp")
    shutil.copyfile(src, tmp)
    os.replace(tmp, dst)
    copied.append(dst)


def _copy_tree(src: Path, dst: Path, copied: list[Path]) -> None:
    for path in sorted(src.rglob("*.py")):
        if "__pycache__" in path.parts:
            continue
        _copy_file(path, dst / path.relative_to(src), copied)


def write_config(drive: Path, cfg: dict[str, Any]) -> Path:
    path = drive / CONFIG_FILE
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_text(json.dumps(cfg, indent=2) + "\n", encoding="utf-8")
    os.replace(tmp, path)
    return path


def check_drive(drive: Path, force: bool = False) -> None:
    """Raise InstallError unless `drive` is a folder that looks like a CircuitPython drive
    (it has boot_out.txt); with `force` any folder will do."""
    if not drive.is_dir():
        raise InstallError(f"{drive} is not a folder: mount the Pico's CIRCUITPY drive and give its path")
    if not force and not (drive / "boot_out.txt").is_file():
        raise InstallError(f"{drive} has no boot_out.txt, so it is not a CircuitPython drive "
                           "(use --force to write there anyway)")


def boot_changes(drive: Path) -> bool:
    """True when installing would put a new or different boot.py on `drive`: it only runs
    at power-up, so the Pico must then be unplugged and plugged back in."""
    current = Path(drive) / "boot.py"
    try:
        return current.read_bytes() != (firmware_dir() / "boot.py").read_bytes()
    except FileNotFoundError:
        return True


def install(drive: Path, config: dict[str, Any] | None = None, force: bool = False) -> list[Path]:
    """Copy everything the hub needs to `drive`; returns the files written.

    Libraries first, `code.py` last: CircuitPython restarts on every write, and the last
    restart then finds everything in place. Without `force` the drive must look like a
    CircuitPython drive (it has boot_out.txt)."""
    drive = Path(drive)
    check_drive(drive, force)
    sources = {name: library_source(name) for name in LIBRARIES}  # fail before writing anything
    source = firmware_dir()
    copied: list[Path] = []
    lib = drive / "lib"
    for name, path in sources.items():
        if path.is_dir():
            _copy_tree(path, lib / name, copied)
        else:
            _copy_file(path, lib / path.name, copied)
    _copy_tree(source / "lib" / PACKAGE, lib / PACKAGE, copied)
    if config is not None:
        copied.append(write_config(drive, config))
    elif not (drive / CONFIG_FILE).exists():
        log.warning("no %s on the drive and no board given: the hub will run without readers "
                    "until `kaleun hub config --board FILE --out %s`", CONFIG_FILE, drive)
    _copy_file(source / "boot.py", drive / "boot.py", copied)
    _copy_file(source / "code.py", drive / "code.py", copied)
    return copied
