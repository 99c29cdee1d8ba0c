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


def built_video_drivers() -> list[str] | None:
    """The video drivers the SDL inside this pygame was built with (SDL_GetVideoDriver), or None
    when that cannot be read. The pygame wheels from pip bring an SDL without kmsdrm, the one a
    Pi without a desktop draws with; Raspberry Pi OS's own SDL2 has it."""
    import ctypes

    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    try:
        import pygame  # noqa: F401  (loads its SDL)

        with open("/proc/self/maps", encoding="utf-8") as maps:
            # address perms offset dev inode path: the path is the sixth field, spaces and all
            path = next((line.split(maxsplit=5)[-1].strip() for line in maps
                         if "libSDL2-2" in line or "libSDL2.so" in line), None)
        if path is None:
            return None
        sdl = ctypes.CDLL(path)
        sdl.SDL_GetVideoDriver.restype = ctypes.c_char_p
        return [sdl.SDL_GetVideoDriver(i).decode() for i in range(sdl.SDL_GetNumVideoDrivers())]
    except (ImportError, OSError, AttributeError, UnicodeDecodeError):
        return None


def unbuilt_video_drivers(environ: Mapping[str, str] = os.environ) -> tuple[list[str], list[str]] | None:
    """(the drivers SDL_VIDEODRIVER names, the ones SDL was built with) when SDL has none of the
    named ones: it would fail with "kmsdrm not available" however the screen is wired; else None."""
    wanted = [d.strip() for d in environ.get("SDL_VIDEODRIVER", "").split(",") if d.strip()]
    built = built_video_drivers() if wanted else None
    if not wanted or built is None or any(d in built for d in wanted):
        return None
    return wanted, built
