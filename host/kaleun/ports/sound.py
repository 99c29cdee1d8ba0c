"""The bell speaker through pygame.mixer.

With no audio device (a Pi without a speaker, a CI machine) pygame raises an error at
init: the sounder then warns once and stays silent, and the game carries on.
"""

from __future__ import annotations

import logging
import os

import numpy as np

from kaleun.ports.sdl import audio_drivers, drivers_for
from kaleun.sounds import bell, ping

log = logging.getLogger(__name__)


class PygameSounder:
    def __init__(self, volume: float = 0.8) -> None:
        self.volume = volume
        self.available = False
        self.played: list[list[int]] = []
        self.pings = 0
        self._ping: object | None = None
        self._cache: dict[tuple[int, ...], object] = {}
        self._channels = 1
        os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
        drivers = audio_drivers()
        if drivers == []:
            log.warning("no sound: no sound card, PulseAudio or PipeWire here; the bell stays silent")
            return
        try:
            import pygame

            if not pygame.mixer.get_init():
                with drivers_for("SDL_AUDIODRIVER", drivers):
                    pygame.mixer.init(frequency=bell.RATE, size=-16, channels=1)
            init = pygame.mixer.get_init()
        except Exception as exc:  # pygame.error or missing SDL audio: play on silently
            log.warning("no sound: the bell stays silent (%s)", exc)
            return
        if not init:
            log.warning("no sound: the mixer did not start")
            return
        self.rate, _size, self._channels = init
        self.available = True

    def _sound(self, pattern: list[int]) -> object:
        key = tuple(pattern)
        sound = self._cache.get(key)
        if sound is None:
            import pygame

            samples = bell.render(pattern, self.rate, self.volume)
            if self._channels > 1:
                samples = np.repeat(samples[:, None], self._channels, axis=1)
            sound = self._cache[key] = pygame.sndarray.make_sound(np.ascontiguousarray(samples))
        return sound

    def bell(self, pattern: list[int]) -> None:
        self.played.append(list(pattern))
        if not self.available:
            return
        try:
            self._sound(pattern).play()  # type: ignore[attr-defined]
        except Exception as exc:
            log.warning("the bell could not play: %s", exc)

    def ping(self) -> None:
        """An ASDIC ping on the hull (an escort has the boat)."""
        self.pings += 1
        if not self.available:
            return
        try:
            if self._ping is None:
                import pygame

                samples = ping.render(self.rate, self.volume)
                if self._channels > 1:
                    samples = np.repeat(samples[:, None], self._channels, axis=1)
                self._ping = pygame.sndarray.make_sound(np.ascontiguousarray(samples))
            self._ping.play()  # type: ignore[attr-defined]
        except Exception as exc:
            log.warning("the ping could not play: %s", exc)

    def close(self) -> None:
        if self.available:
            import pygame

            pygame.mixer.quit()
            self.available = False
