"""Files Kaleun ships beside its code: the board files, the deck hub's firmware, the wiring guide.

In a source checkout they are the tree's `boards/`, `firmware/` and `wiring/`. A wheel carries
copies inside the package (`kaleun/share/boards`, `kaleun/share/firmware`, `kaleun/share/wiring`,
put there by setup.py when the wheel is built), so an installed Kaleun finds them wherever it runs.
"""

from __future__ import annotations

import shlex
import sys
from collections.abc import Mapping
from pathlib import Path

PACKAGE_DIR = Path(__file__).resolve().parent


def source_tree() -> Path | None:
    """The project's folder when running from a checkout (it holds boards/ and firmware/)."""
    for parent in PACKAGE_DIR.parents:
        if (parent / "pyproject.toml").is_file() and (parent / "boards").is_dir():
            return parent
    return None


def shipped(name: str) -> Path | None:
    """The folder `name` ("boards", "firmware" or "wiring") this Kaleun came with, or None.

    An installed wheel's own copy comes first (it matches the installed code); from a
    checkout (or an editable install) the tree's folder."""
    inside = PACKAGE_DIR / "share" / name
    if inside.is_dir():
        return inside
    root = source_tree()
    if root is not None and (root / name).is_dir():
        return root / name
    return None


def boards_dir() -> Path | None:
    return shipped("boards")


def firmware_dir() -> Path | None:
    return shipped("firmware")


def find_board(path: str | Path) -> Path:
    """A board file as given, or, when there is no such file, the shipped board of that name:
    `pico-hub`, `pico-hub.toml` and `boards/pico-hub.toml` all find the shipped
    boards/pico-hub.toml from any folder. A name without `.toml` finds the maker's own file of that
    name here first (`my-table` is ./my-table.toml), as the name with `.toml` does."""
    from kaleun.files import exists

    given = Path(path)
    if exists(given):
        return given
    if given.name and given.suffix != ".toml" and exists(own := given.with_name(given.name + ".toml")):
        return own
    folder = boards_dir()
    if folder is None or given.parent not in (Path("."), Path("boards")):
        return given
    name = given.name if given.suffix == ".toml" else given.name + ".toml"
    candidate = folder / name
    try:
        return candidate if candidate.is_file() else given
    except (OSError, ValueError):  # a name too long to look up: reading `given` says so
        return given


def board_reference(path: str | Path) -> str:
    """How to write a board down for a later start in another folder (the preferred board,
    the service's --board): a file that exists here as its absolute path; otherwise, when it
    is the name of a shipped board (`pico-hub`), that name, which `find_board` finds again
    from any folder and in any later install of Kaleun; anything else as its absolute path
    (the caller has checked that it loads)."""
    from kaleun.files import exists

    given = Path(path).expanduser()
    if exists(given):
        return str(given.resolve())
    found = find_board(given)
    if found != given:  # the shipped board of that name, or the maker's own file of the name with .toml
        return found.stem if found.parent == boards_dir() else str(found.resolve())
    return str(given.resolve())


def install_command(*packages: str) -> str:
    """The command that installs `packages`, or without any the Pi extra (GPIO, NeoPixels, the
    hub firmware's libraries), into the Python that runs this Kaleun: from a checkout (`make play`
    installs it into .venv without the extra) the checkout's own extra, never a package of
    Kaleun's name from the index; from a wheel the extra's packages by name."""
    python = shlex.quote(sys.executable)
    if not packages:
        root = source_tree()
        if root is not None:
            return f"{python} -m pip install -e {shlex.quote(f'{root}[pi]')}"
        packages = tuple(pi_extra())
    return f"{python} -m pip install " + " ".join(shlex.quote(p) for p in packages)


def pi_extra(environment: Mapping[str, str] | None = None) -> list[str]:
    """The packages of the installed Kaleun's `pi` extra (its metadata) that pip would install here:
    a package whose environment markers leave it out on this machine (gpiod off a Pi) is left out of
    the hint too. `environment` overrides marker variables (`platform_machine`, ...)."""
    from importlib.metadata import PackageNotFoundError, requires

    from packaging.requirements import InvalidRequirement, Requirement

    try:
        wanted = requires("kaleun") or []
    except PackageNotFoundError:
        wanted = []
    extra = []
    for line in wanted:
        try:
            req = Requirement(line)
        except InvalidRequirement:
            continue
        if req.marker is None or not req.marker.evaluate({**(environment or {}), "extra": "pi"}):
            continue  # another extra's, or not for this machine
        extra.append(f"{req.name}{''.join(f'[{e}]' for e in sorted(req.extras))}{req.specifier}")
    return extra or ["gpiozero", "lgpio", "adafruit-blinka", "adafruit-circuitpython-neopixel",
                     "adafruit-circuitpython-neopixel-spi", "adafruit-circuitpython-pn532"]
