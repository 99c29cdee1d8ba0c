"""Simulated adapters: the table on screen and in scripts. Inputs are delivered at once."""

from __future__ import annotations

import logging
from collections.abc import Mapping
from typing import Any

from kaleun.ports.base import (
    ButtonPressed,
    DialHomed,
    DialTurned,
    FigureGone,
    FigureSeen,
    Lamp,
    Sink,
    TableInput,
)

log = logging.getLogger(__name__)


class _SimInput:
    def __init__(self) -> None:
        self._sink: Sink | None = None

    def start(self, sink: Sink) -> None:
        self._sink = sink

    def _send(self, item: TableInput) -> None:
        if self._sink is None:
            log.warning("%s not started; dropped %s", type(self).__name__, item)
            return
        self._sink(item)

    def close(self) -> None:
        self._sink = None


class SimFigureSensor(_SimInput):
    """Figures moved by mouse or script."""

    def place(self, figure: str, section: int) -> None:
        self._send(FigureSeen(figure, section))

    def lift(self, figure: str) -> None:
        self._send(FigureGone(figure))

    def settle(self) -> None:
        return None


class SimDial(_SimInput):
    def __init__(self, name: str) -> None:
        super().__init__()
        self.name = name

    def turn(self, clicks: int) -> None:
        if clicks:
            self._send(DialTurned(self.name, clicks))

    def home(self) -> None:
        self._send(DialHomed(self.name))


class SimButton(_SimInput):
    def __init__(self, name: str) -> None:
        super().__init__()
        self.name = name

    def press(self) -> None:
        self._send(ButtonPressed(self.name))


class SimLamps:
    """Keeps the current frame so the window can draw it and tests can read it."""

    segments: Mapping[str, tuple[int, int]]
    animates = False  # the window draws the shaded frames the director hands it

    def __init__(self, segments: Mapping[str, tuple[int, int]]) -> None:
        self.segments = dict(segments)
        self.frame: dict[str, Lamp] = {}

    def show(self, frame: Mapping[str, Lamp]) -> None:
        self.frame = {name: lamp for name, lamp in frame.items() if name in self.segments}

    def close(self) -> None:
        self.frame = {}


class SilentSounder:
    """Remembers what it was asked to play (audio driver 'none', scripts)."""

    def __init__(self, volume: float = 0.8) -> None:
        self.volume = volume
        self.cues: list[str] = []
        self.played: list[list[int]] = []
        self.pings = 0

    def play(self, cue: str, data: Mapping[str, Any] | None = None) -> None:
        self.cues.append(cue)
        if cue == "bell":
            self.played.append(list((data or {}).get("pattern") or [1]))
        elif cue == "ping":
            self.pings += 1

    def set_volume(self, volume: float) -> None:
        self.volume = max(0.0, min(1.0, float(volume)))

    def bell(self, pattern: list[int]) -> None:
        self.play("bell", {"pattern": list(pattern)})

    def ping(self) -> None:
        self.play("ping")

    def close(self) -> None:
        pass
