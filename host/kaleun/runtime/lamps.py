"""The lamp director: plays the lamp scenes (uboot/data/lamp_scenes.toml) on the board's lamps.

Events start effects on segments; every tick the director resolves the newest effect per
segment into a colour (blinking and pulsing are computed here, from wall time) and hands the
frame to the lamps port. Presentation only: it never touches the game.
"""

from __future__ import annotations

import fnmatch
import math
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from kaleun.core.events import Event
from kaleun.ports.base import Lamp, Lamps
from kaleun.uboot import data

PATTERNS = ("steady", "blink", "pulse")
BLINK_HZ = 1.0
PULSE_HZ = 0.5


class SceneError(ValueError):
    pass


@dataclass(frozen=True)
class Scene:
    event: str
    segments: tuple[str, ...]
    color: tuple[int, int, int]
    pattern: str
    seconds: float
    until: str | None


@dataclass
class Effect:
    segments: tuple[str, ...]
    color: tuple[int, int, int]
    pattern: str
    start: float
    end: float
    until: str | None


def load_scenes(raw: Mapping[str, Any] | None = None) -> list[Scene]:
    raw = raw if raw is not None else data.load("lamp_scenes")
    colors = {name: tuple(rgb) for name, rgb in raw.get("colors", {}).items()}
    scenes = []
    for i, item in enumerate(raw.get("scene", [])):
        color = item.get("color")
        if color not in colors:
            raise SceneError(f"scene {i + 1} ({item.get('event')}): unknown colour {color!r}")
        if item.get("pattern", "steady") not in PATTERNS:
            raise SceneError(f"scene {i + 1}: pattern must be one of {', '.join(PATTERNS)}")
        scenes.append(Scene(item["event"], tuple(item["segments"]), colors[color],
                            item.get("pattern", "steady"), float(item.get("seconds", 0)), item.get("until")))
    return scenes


def _shade(color: tuple[int, int, int], level: float) -> tuple[int, int, int]:
    return (round(color[0] * level), round(color[1] * level), round(color[2] * level))


class LampDirector:
    def __init__(self, lamps: Lamps, scenes: list[Scene] | None = None,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.lamps = lamps
        self.scenes = scenes if scenes is not None else load_scenes()
        self.clock = clock
        self.effects: list[Effect] = []
        self._last: dict[str, Lamp] | None = None

    def _segments(self, patterns: tuple[str, ...], event: Event) -> tuple[str, ...]:
        names: list[str] = []
        for pattern in patterns:
            try:
                pattern = pattern.format(**event.data)
            except (KeyError, IndexError, ValueError):
                continue  # the event lacks the field: the scene does not apply
            names += [s for s in self.lamps.segments if fnmatch.fnmatchcase(s, pattern)]
        return tuple(dict.fromkeys(names))

    def handle(self, event: Event) -> None:
        now = self.clock()
        self.effects = [e for e in self.effects if e.until != event.name]
        for scene in self.scenes:
            if scene.event != event.name:
                continue
            segments = self._segments(scene.segments, event)
            if segments:
                end = math.inf if scene.seconds <= 0 else now + scene.seconds
                self.effects.append(Effect(segments, scene.color, scene.pattern, now, end, scene.until))

    @property
    def animating(self) -> bool:
        return any(e.pattern != "steady" for e in self.effects)

    def frame(self, now: float) -> dict[str, Lamp]:
        out: dict[str, Lamp] = {}
        for effect in self.effects:  # newest last: it wins
            phase = now - effect.start
            if effect.pattern == "blink":
                level = 1.0 if (phase * BLINK_HZ) % 1.0 < 0.5 else 0.0
            elif effect.pattern == "pulse":
                level = 0.3 + 0.7 * (0.5 - 0.5 * math.cos(2 * math.pi * PULSE_HZ * phase))
            else:
                level = 1.0
            for segment in effect.segments:
                out[segment] = Lamp(_shade(effect.color, level), effect.pattern)
        return out

    def tick(self, now: float | None = None) -> None:
        now = self.clock() if now is None else now
        self.effects = [e for e in self.effects if e.end > now]
        frame = self.frame(now)
        if frame != self._last:
            self.lamps.show(frame)
            self._last = frame

    def close(self) -> None:
        self.effects = []
        self.lamps.close()
