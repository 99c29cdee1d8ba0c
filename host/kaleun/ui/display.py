"""Is there a screen to draw on?"""

from __future__ import annotations

import logging
import os

from kaleun.core.messages import Msg
from kaleun.ports.sdl import drivers_for, video_drivers

log = logging.getLogger(__name__)

#: SDL drivers that draw nowhere a person could see
INVISIBLE = {"offscreen", "dummy"}


def has_display(console_next: bool = True) -> bool:
    """True when a pygame window would be visible (or SDL_VIDEODRIVER asks for one explicitly).

    SDL falls back to its invisible "offscreen" driver when no display server is running;
    that counts as no display, unless SDL_VIDEODRIVER names the driver on purpose (tests).
    Without a display the console takes over and says so; `console_next=False` (`--fullscreen`,
    which fails instead) keeps that line to the debugging log.
    """
    if os.environ.get("SDL_VIDEODRIVER"):
        return True

    def say(level: int, msg: Msg) -> None:
        log.log(level if console_next else logging.DEBUG, msg)

    drivers = video_drivers()
    if not drivers:
        say(logging.INFO, Msg("no display (no X11, Wayland or KMS screen here): using the console"))
        return False
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    try:
        import pygame
    except ImportError:
        say(logging.WARNING, Msg("pygame is not installed: using the console"))
        return False
    try:
        with drivers_for("SDL_VIDEODRIVER", drivers):
            pygame.display.init()
    except pygame.error as exc:
        say(logging.INFO, Msg("no display ({why}): using the console", why=str(exc)))
        return False
    driver = pygame.display.get_driver()
    if driver in INVISIBLE:
        pygame.display.quit()
        say(logging.INFO, Msg("no display (SDL chose {driver}): using the console", driver=driver))
        return False
    return True
