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
from collections.abc import Callable
from pathlib import Path
from typing import Any

from kaleun.core.messages import Msg
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
    """Why the install cannot go on: str() in English, `of_error(exc)` as a `Msg` in the maker's language."""


def library_source(name: str) -> Path:
    """Where the pip-installed library `name` lives (a .py file or a package folder)."""
    spec = importlib.util.find_spec(name)
    if spec is None:
        from kaleun.shipped import install_command

        raise InstallError(Msg("the CircuitPython library {name} is not installed here: {command}", name=name,
                               command=install_command(LIBRARIES.get(name, name))))
    if spec.submodule_search_locations:
        return Path(next(iter(spec.submodule_search_locations)))
    assert spec.origin is not None
    return Path(spec.origin)


def library_sources() -> dict[str, Path]:
    """Where each library of `LIBRARIES` lives; InstallError naming every missing one with the one
    command that installs them all (not one round trip per library)."""
    missing = [name for name in LIBRARIES if importlib.util.find_spec(name) is None]
    if missing:
        from kaleun.shipped import install_command

        command = install_command(*(LIBRARIES[name] for name in missing))
        if len(missing) == 1:
            raise InstallError(Msg("the CircuitPython library {name} is not installed here: {command}",
                                   name=missing[0], command=command))
        raise InstallError(Msg("the CircuitPython libraries {names} are not installed here: {command}",
                               names=", ".join(missing), command=command))
    return {name: library_source(name) for name in LIBRARIES}


def _inside(drive: Path, dst: Path) -> None:
    """Refuse to write `dst` unless every part of its path below `drive` is a plain folder or
    file: a symbolic link there (a real CIRCUITPY drive is FAT and has none) could lead the
    write anywhere on this computer."""
    try:
        rel = dst.relative_to(drive)
    except ValueError:
        raise InstallError(Msg("{path} is not on {drive}", path=str(dst), drive=str(drive))) from None
    here = drive
    for part in rel.parts:
        here = here / part
        if here.is_symlink():
            raise InstallError(Msg("{path} is a symbolic link (a CIRCUITPY drive has none): refusing to write "
                                   "through it; remove it or install onto the real drive", path=str(here)))
    if ".." in rel.parts:
        raise InstallError(Msg("{path} is not on {drive}", path=str(dst), drive=str(drive)))


def _write_file(drive: Path, dst: Path, data: bytes) -> None:
    """Write `dst` on the drive through a temporary file, never following a link."""
    _inside(drive, dst)
    dst.parent.mkdir(parents=True, exist_ok=True)
    _inside(drive, dst)  # a folder made by someone else between the check and mkdir
    tmp = dst.with_name(dst.name + ".tmp")
    _inside(drive, tmp)
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC | os.O_NOFOLLOW, 0o644)
    with os.fdopen(fd, "wb") as fh:
        fh.write(data)
    os.replace(tmp, dst)


def _copy_file(drive: Path, src: Path, dst: Path, copied: list[Path]) -> None:
    _write_file(drive, dst, src.read_bytes())
    copied.append(dst)


def _copy_tree(drive: Path, src: Path, dst: Path, copied: list[Path], kinds: tuple[str, ...] = ("*.py",)) -> None:
    for path in sorted(p for kind in kinds for p in src.rglob(kind)):
        if "__pycache__" in path.parts:
            continue
        _copy_file(drive, path, dst / path.relative_to(src), copied)


def write_config(drive: Path, cfg: dict[str, Any]) -> Path:
    drive = Path(drive)
    path = drive / CONFIG_FILE
    _write_file(drive, path, (json.dumps(cfg, indent=2) + "\n").encode("utf-8"))
    return path


def check_drive(drive: Path, force: bool = False) -> None:
    """Raise InstallError unless `drive` is a folder that looks like a CircuitPython drive
    (it has boot_out.txt); with `force` any folder will do."""
    if not drive.is_dir():
        raise InstallError(Msg("{drive} is not a folder: mount the Pico's CIRCUITPY drive and give its path",
                               drive=str(drive)))
    if not force and ((drive / "boot_out.txt").is_symlink() or not (drive / "boot_out.txt").is_file()):
        raise InstallError(Msg("{drive} has no boot_out.txt, so it is not a CircuitPython drive "
                               "(use --force to write there anyway)", drive=str(drive)))


def boot_changes(drive: Path) -> bool:
    """True when installing would put a new or different boot.py on `drive`: it only runs
    at power-up, so the Pico must then be unplugged and plugged back in."""
    current = Path(drive) / "boot.py"
    try:
        return current.read_bytes() != (firmware_dir() / "boot.py").read_bytes()
    except FileNotFoundError:
        return True


def install(drive: Path, config: dict[str, Any] | None = None, force: bool = False,
            note: Callable[[Msg], None] | None = None) -> list[Path]:
    """Copy everything the hub needs to `drive`; returns the files written.

    Libraries first, `code.py` last: CircuitPython restarts on every write, and the last
    restart then finds everything in place. Without `force` the drive must look like a
    CircuitPython drive (it has boot_out.txt). `note` hears a warning for the maker (a drive
    left without the hub's config); without it the warning is logged."""
    drive = Path(drive)
    check_drive(drive, force)
    sources = library_sources()  # fail before writing anything
    source = firmware_dir()
    copied: list[Path] = []
    lib = drive / "lib"
    for name, path in sources.items():
        if path.is_dir():
            _copy_tree(drive, path, lib / name, copied)
        else:
            _copy_file(drive, path, lib / path.name, copied)
    # the firmware's data files too: settings.json declares the hub's settings
    _copy_tree(drive, source / "lib" / PACKAGE, lib / PACKAGE, copied, ("*.py", "*.json"))
    if config is not None:
        copied.append(write_config(drive, config))
    elif not (drive / CONFIG_FILE).exists():
        warning = Msg("no {file} on the drive and no board given: the hub will run without readers until "
                      "`kaleun hub config --board FILE --out {drive}`", file=CONFIG_FILE, drive=str(drive))
        if note is not None:
            note(warning)
        else:
            log.warning("%s", warning)
    _copy_file(drive, source / "boot.py", drive / "boot.py", copied)
    _copy_file(drive, source / "code.py", drive / "code.py", copied)
    return copied
