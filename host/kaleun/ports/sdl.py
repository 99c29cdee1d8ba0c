"""Which SDL drivers are worth trying here, chosen before pygame starts them.

Left to itself SDL tries every driver it was built with, and the ones that cannot work here
print to the terminal on every start: alsa-lib's "cannot find card '0'" lines on a machine
without a sound card, libwayland's "XDG_RUNTIME_DIR is invalid or not set" without a Wayland
session. So SDL gets only the drivers whose server or device is there (a list in
SDL_VIDEODRIVER / SDL_AUDIODRIVER for the moment it starts); with none, Kaleun does not start
that part of SDL at all and says so once. A driver that is there and still fails prints its
errors as before: they are real. A user's own SDL_VIDEODRIVER or SDL_AUDIODRIVER is left alone.
"""

from __future__ import annotations

import contextlib
import glob
import os
from collections.abc import Callable, Iterator, Mapping
from pathlib import Path

Exists = Callable[[str], bool]


def _runtime_dir(environ: Mapping[str, str]) -> str | None:
    folder = environ.get("XDG_RUNTIME_DIR")
    return folder if folder and folder.startswith("/") else None


def video_drivers(environ: Mapping[str, str] = os.environ,
                  dri: Callable[[], list[str]] = lambda: glob.glob("/dev/dri/card*")) -> list[str] | None:
    """SDL video drivers that could show a window here (in SDL's order), or None when the user
    named them in SDL_VIDEODRIVER."""
    if environ.get("SDL_VIDEODRIVER"):
        return None
    drivers = []
    if environ.get("DISPLAY"):
        drivers.append("x11")
    wayland = environ.get("WAYLAND_DISPLAY")
    if wayland and (wayland.startswith("/") or _runtime_dir(environ)):
        drivers.append("wayland")
    if dri():
        drivers.append("kmsdrm")  # a Pi's touch screen without a desktop
    return drivers


def _alsa_cards(read: Callable[[str], str]) -> bool:
    try:
        text = read("/proc/asound/cards")
    except OSError:
        return False
    return any(line.strip()[:1].isdigit() for line in text.splitlines())


def audio_drivers(environ: Mapping[str, str] = os.environ, exists: Exists = os.path.exists,
                  read: Callable[[str], str] = lambda p: Path(p).read_text()) -> list[str] | None:
    """SDL audio drivers with a server or a sound card here, or None when the user named them."""
    if environ.get("SDL_AUDIODRIVER"):
        return None
    drivers = []
    runtime = _runtime_dir(environ)
    if runtime and exists(f"{runtime}/pipewire-0"):
        drivers.append("pipewire")
    if environ.get("PULSE_SERVER") or (runtime and exists(f"{runtime}/pulse/native")):
        drivers.append("pulseaudio")
    if _alsa_cards(read):
        drivers.append("alsa")
    return drivers


@contextlib.contextmanager
def drivers_for(variable: str, drivers: list[str] | None) -> Iterator[None]:
    """Offer SDL `drivers` through `variable` (SDL_VIDEODRIVER, SDL_AUDIODRIVER) while SDL starts."""
    if drivers is None:
        yield
        return
    os.environ[variable] = ",".join(drivers)
    try:
        yield
    finally:
        os.environ.pop(variable, None)
