"""The table's speaker through pygame.mixer: every cue of `kaleun.sounds.cues`.

Each channel group of the cue table gets mixer channels of its own (reserved, so nothing
else takes them): a ping never cuts the bell. Sounds on a group begin at least its spacing apart
(`cues.GROUP_SPACING_S`): a pattern's charges one after another, a ping that would cut the last
one at its start dropped, nothing queued beyond the group's channels. Every cue peaks at
`cues.HEADROOM` of full scale, and SDL's mixer adds the channels and clips the sum: a sound that
begins while others sound is played softer where needed (its channel's volume, `_duck`), so the
sum of what sounds at once never passes full scale, whatever the cues and however they line up.
The volume (board file `audio.volume`, the console's `volume`) scales the channels' volumes, so
changing it renders nothing again. Sounds are
synthesised on first use and kept; `warm()` renders them all ahead on a background thread.

With no audio device (a Pi without a speaker, a CI machine) pygame raises an error at
init: the sounder then warns once and stays silent, and the game carries on.
"""

from __future__ import annotations

import logging
import os
import threading
import time
from collections import deque
from collections.abc import Callable, Hashable, Mapping
from typing import Any

import numpy as np

from kaleun.core.messages import Msg
from kaleun.ports.sdl import audio_drivers, drivers_for
from kaleun.sounds import bell
from kaleun.sounds.cues import BY_NAME, CHANNELS, GROUP_SPACING_S, HEADROOM, SPACING_S, Cue

log = logging.getLogger(__name__)

#: samples per audio buffer: 1024 at 22,050 Hz is 46 ms, late enough for no ear to notice on a bell
#: or a depth charge, and half the audio thread's wake-ups of SDL's 512 (the idle table's CPU)
MIXER_BUFFER = 1024

#: seconds of a sound's loudness outline (`envelope`): the loudest sample of each block
BLOCK_S = 0.01
#: seconds either way a sound may be ahead of or behind where the wall clock puts it (the mixer
#: takes samples a buffer at a time, 46 ms): each outline holds the loudest sample this near
SLACK_S = 0.06
FULL_SCALE = 32767


def envelope(pcm: np.ndarray, rate: int) -> np.ndarray:
    """The loudest sample (at full volume) of every BLOCK_S of `pcm` and the SLACK_S around it:
    an upper bound of the sound's level at any moment, wherever the mixer has got to in it."""
    block = max(1, int(rate * BLOCK_S))
    level = np.abs(pcm.astype(np.int32))
    if level.ndim > 1:
        level = level.max(axis=1)
    level = np.pad(level, (0, -len(level) % block)).reshape(-1, block).max(axis=1)
    reach = int(np.ceil(SLACK_S / BLOCK_S))
    padded = np.pad(level, reach)
    return np.max([padded[i:i + len(level)] for i in range(2 * reach + 1)], axis=0).astype(np.float64)


class PygameSounder:
    def __init__(self, volume: float = 0.8, clock: Callable[[], float] = time.monotonic) -> None:
        self.volume = max(0.0, min(1.0, volume))
        self.clock = clock
        #: the latest cues played or dropped: (cue, seconds until it sounds, or None: dropped)
        self.starts: deque[tuple[str, float | None]] = deque(maxlen=256)
        #: group -> when (wall clock) its latest sound begins (later than now while one is delayed)
        self._next: dict[str, float] = {}
        self.available = False
        #: every cue asked for, in order (also when silent): what tests and the bring-up read
        self.cues: list[str] = []
        self.played: list[list[int]] = []
        self.pings = 0
        #: rendered samples (any thread) and the pygame sounds made of them (the loop's thread)
        self._pcm: dict[tuple[str, Hashable], np.ndarray] = {}
        self._sounds: dict[tuple[str, Hashable], Any] = {}
        self._lock = threading.Lock()
        self._channels: dict[str, list[Any]] = {}
        #: group -> when each of its channels last began a sound (a count of plays): the oldest is cut
        self._began: dict[str, list[int]] = {}
        self._plays = 0
        self._outputs = 1
        #: channel -> what it plays: (its outline, when it began (wall clock), its volume share)
        self._sounding: dict[Any, tuple[np.ndarray, float, float]] = {}
        self._outlines: dict[tuple[str, Hashable], np.ndarray] = {}
        os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
        drivers = audio_drivers()
        if drivers == []:
            log.warning(Msg("no sound: no sound card, PulseAudio or PipeWire here; the bell stays silent"))
            return
        try:
            import pygame

            if not pygame.mixer.get_init():
                with drivers_for("SDL_AUDIODRIVER", drivers):
                    pygame.mixer.init(frequency=bell.RATE, size=-16, channels=1, buffer=MIXER_BUFFER)
            init = pygame.mixer.get_init()
            if init:
                total = sum(CHANNELS.values())
                pygame.mixer.set_num_channels(max(total, pygame.mixer.get_num_channels()))
                pygame.mixer.set_reserved(total)
                index = 0
                for group, count in CHANNELS.items():
                    self._channels[group] = [pygame.mixer.Channel(index + i) for i in range(count)]
                    index += count
        except Exception as exc:  # pygame.error or missing SDL audio: play on silently
            log.warning("no sound: the table stays silent (%s)", exc)
            return
        if not init:
            log.warning("no sound: the mixer did not start")
            return
        self.rate, _size, self._outputs = init
        self.available = True
        self.set_volume(self.volume)

    # -- sounds -----------------------------------------------------------------------------
    def _samples(self, cue: Cue, data: Mapping[str, Any]) -> np.ndarray:
        key = (cue.name, cue.variant(data))
        with self._lock:
            pcm = self._pcm.get(key)
        if pcm is None:
            samples = np.clip(cue.render(self.rate, data) * (cue.gain * HEADROOM), -1.0, 1.0)
            pcm = (samples * 32767).astype(np.int16)
            if self._outputs > 1:
                pcm = np.repeat(pcm[:, None], self._outputs, axis=1)
            pcm = np.ascontiguousarray(pcm)
            with self._lock:
                self._pcm[key] = pcm
        return pcm

    def _sound(self, cue: Cue, data: Mapping[str, Any]) -> Any:
        key = (cue.name, cue.variant(data))
        sound = self._sounds.get(key)
        if sound is None:
            import pygame

            sound = self._sounds[key] = pygame.sndarray.make_sound(self._samples(cue, data))
        return sound

    def warm(self) -> threading.Thread | None:
        """Synthesise every cue (the bell as 4 and 8 bells) on a background thread, so the first
        depth charge does not hold up the loop while it is computed."""
        if not self.available:
            return None

        def render() -> None:
            for cue in BY_NAME.values():
                variants = [{"pattern": [2, 2]}, {"pattern": [2, 2, 2, 2]}] if cue.name == "bell" else [{}]
                for data in variants:
                    try:
                        self._samples(cue, data)
                    except Exception:
                        log.exception("rendering the sound %s failed", cue.name)

        thread = threading.Thread(target=render, name="sound-warm-up", daemon=True)
        thread.start()
        return thread

    def _channel(self, group: str) -> Any:
        """A free channel of the group, else the one whose sound began first (the oldest is cut)."""
        channels = self._channels[group]
        began = self._began.setdefault(group, [0] * len(channels))
        free = [i for i, channel in enumerate(channels) if not channel.get_busy()]
        index = free[0] if free else min(range(len(channels)), key=began.__getitem__)
        self._plays += 1
        began[index] = self._plays
        return channels[index]

    def _delay(self, group: str) -> float | None:
        """Seconds until a sound may begin on the group, its spacing after the one before; None
        when that is past what its channels hold (one channel: any wait at all)."""
        now = self.clock()
        spacing = GROUP_SPACING_S.get(group, SPACING_S)
        last = self._next.get(group)
        delay = 0.0 if last is None else max(0.0, last + spacing - now)
        if delay > spacing * (len(self._channels[group]) - 1) + 1e-9:
            return None
        self._next[group] = now + delay
        return delay

    def channel_of(self, cue: str) -> list[Any]:
        """The mixer channels a cue plays on (tests, the bring-up check)."""
        return list(self._channels.get(BY_NAME[cue].channel, []))

    def play(self, cue: str, data: Mapping[str, Any] | None = None) -> None:
        """Play a cue of the cue table; `data` is its event's data."""
        spec = BY_NAME[cue]
        data = data or {}
        self.cues.append(cue)
        if cue == "bell":
            self.played.append(list(data.get("pattern") or [1]))
        elif cue == "ping":
            self.pings += 1
        if not self.available:
            return
        try:
            delay = self._delay(spec.channel)
            self.starts.append((cue, delay))
            if delay is None:
                log.debug("the sound %s is dropped: its channels are taken by sounds just begun", cue)
                return
            sound = self._sound(spec, data)
            key = (spec.name, spec.variant(data))
            outline = self._outlines.get(key)
            if outline is None:
                outline = self._outlines[key] = envelope(self._samples(spec, data), self.rate)
            if delay > 0:  # a sound that begins later: the same samples after a silence
                import pygame

                pcm = self._samples(spec, data)
                silence = np.zeros((int(delay * self.rate), *pcm.shape[1:]), dtype=pcm.dtype)
                sound = pygame.sndarray.make_sound(np.ascontiguousarray(np.concatenate((silence, pcm))))
                outline = np.concatenate((np.zeros(int(delay / BLOCK_S)), outline))
            channel = self._channel(spec.channel)
            share = self._duck(channel, outline)
            self._sounding[channel] = (outline, self.clock(), share)
            channel.set_volume(self.volume * share)
            channel.play(sound)
        except Exception as exc:
            log.warning("the sound %s could not play: %s", cue, exc)

    def _duck(self, channel: Any, outline: np.ndarray) -> float:
        """The share of full volume a sound with this outline begins at on `channel`: 1.0 unless it
        and what the other channels still sound could together pass full scale; then every one of
        them is turned down alike (a louder sound beginning does not vanish under the quieter ones
        already sounding). At full volume the sum stays in range; a lower volume scales every
        channel alike."""
        now = self.clock()
        together = outline.copy()
        sounding = []
        for other, (playing, began, _share) in list(self._sounding.items()):
            if other is channel or not other.get_busy():
                continue
            skip = int(max(0.0, now - began) / BLOCK_S)  # where it has got to (its outline holds SLACK_S either way)
            rest = playing[skip:skip + len(outline)]
            together[:len(rest)] += rest
            sounding.append(other)
        loudest = float(together.max(initial=0.0))
        share = 1.0 if loudest <= FULL_SCALE else FULL_SCALE / loudest
        for other in sounding:
            playing, began, before = self._sounding[other]
            if share < before:
                self._sounding[other] = (playing, began, share)
                other.set_volume(self.volume * share)
        return share

    def bell(self, pattern: list[int]) -> None:
        """Strike the ship's bell: pattern [2, 2] = two pairs (4 bells)."""
        self.play("bell", {"pattern": list(pattern)})

    def ping(self) -> None:
        """An ASDIC ping on the hull (an escort has the boat)."""
        self.play("ping")

    # -- volume -----------------------------------------------------------------------------
    def set_volume(self, volume: float) -> None:
        self.volume = max(0.0, min(1.0, float(volume)))
        for channels in self._channels.values():
            for channel in channels:
                sounding = self._sounding.get(channel)
                share = sounding[2] if sounding is not None and channel.get_busy() else 1.0
                channel.set_volume(self.volume * share)

    def close(self) -> None:
        if self.available:
            import pygame

            pygame.mixer.quit()
            self.available = False
