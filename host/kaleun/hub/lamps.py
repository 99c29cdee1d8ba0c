"""Lamps through the deck hub (`lamps.driver = "hub"`): the Lamps port over the hub link.

`show(looks)` sends a `lamp` frame for each segment whose look (unshaded colour and pattern)
changed and switches off the segments that left; the patterns run on the hub itself
(`animates`), so a blinking lamp costs one frame, not one per change of brightness. After a
reconnect the hub has lost its pixels, so `resend()` (called by the sensor when the link
comes back) repeats the whole frame.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping
from typing import Any

from kaleun.ports.base import Lamp

log = logging.getLogger(__name__)


def _color(lamp: Lamp) -> str:
    r, g, b = (max(0, min(255, int(c))) for c in lamp.color)
    return f"{r:02X}{g:02X}{b:02X}"


class HubLamps:
    #: the hub runs the patterns itself: it gets each look once (the lamp contract)
    animates = True
    segments: Mapping[str, tuple[int, int]]

    def __init__(self, link: Any, segments: Mapping[str, tuple[int, int]]) -> None:
        self.link = link
        self.segments = dict(segments)
        self.frame: dict[str, Lamp] = {}

    def _send(self, name: str, lamp: Lamp | None) -> None:
        first, count = self.segments[name]
        if lamp is None or lamp.pattern == "off":
            fields: tuple[tuple[str, Any], ...] = (("first", first), ("count", count), ("color", "000000"),
                                                   ("pattern", "off"))
        else:
            fields = (("first", first), ("count", count), ("color", _color(lamp)), ("pattern", lamp.pattern))
        if not self.link.send("lamp", fields):
            log.debug("lamp %s not sent: the hub link is down", name)

    def show(self, frame: Mapping[str, Lamp]) -> None:
        new = {name: lamp for name, lamp in frame.items() if name in self.segments}
        for name in self.frame:
            if name not in new:
                self._send(name, None)
        for name, lamp in new.items():
            if self.frame.get(name) != lamp:
                self._send(name, lamp)
        self.frame = new

    def resend(self) -> None:
        self.link.send("dark")
        for name, lamp in self.frame.items():
            self._send(name, lamp)

    def close(self) -> None:
        self.link.send("dark")
        self.frame = {}
