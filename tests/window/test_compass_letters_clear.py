"""The helm's compass rose (rulebook §10.1: a course is a bearing on the compass, 0° north): the
needle of the boat's heading never hides a cardinal letter. On a heading of exactly 000°, 090°,
180° or 270° the needle once ran across the letter it points at (N, E, S or W under a black bar);
the letter now reads as it does when the needle points elsewhere."""

from __future__ import annotations

from typing import Any

import pygame
import pytest
from kaleun.core.messages import Msg
from kaleun.ui import widgets

from window.fingers import Table_

CARDINALS = {0: "N", 90: "E", 180: "S", 270: "W"}


def letters(table: Table_, monkeypatch: pytest.MonkeyPatch) -> dict[str, tuple[pygame.Rect, bytes]]:
    """Each cardinal letter of the rose: its box and the pixels drawn there."""
    boxes: dict[str, pygame.Rect] = {}
    text = widgets.Canvas.text
    words = {table.window.tr(Msg(letter)): letter for letter in CARDINALS.values()}

    def recorded(self: widgets.Canvas, what: Any, pos: tuple[int, int], *args: Any, **kw: Any) -> Any:
        box = text(self, what, pos, *args, **kw)
        said = self.tr(what)
        if said in words:
            boxes[words[said]] = pygame.Rect(box)
        return box

    with monkeypatch.context() as m:
        m.setattr(widgets.Canvas, "text", recorded)
        surface = table.render()
    return {k: (box, pygame.image.tobytes(surface.subsurface(box), "RGB")) for k, box in boxes.items()}


def steer(table: Table_, course: int) -> None:
    table.runtime.submit({"do": "order", "order": "new_course", "course": course})
    start = table.game.t
    while table.game.module("boat").status().get("heading") != course:
        assert table.game.t < start + 600, f"the boat does not come to {course:03d}°"
        table.until(table.game.t + 10, step=10)


@pytest.mark.parametrize("language", ["en", "de", "ru"])
def test_10_1_the_heading_needle_leaves_the_cardinal_letters_readable(language: str,
                                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    table = Table_(language=language)
    table.runtime.submit({"do": "order", "order": "new_speed", "speed": "half_ahead"})
    table.window.show("helm")
    steer(table, 45)
    clear = letters(table, monkeypatch)  # the needle between N and E: no letter under it
    assert sorted(clear) == sorted(CARDINALS.values())
    for heading, letter in CARDINALS.items():
        steer(table, heading)
        box, pixels = letters(table, monkeypatch)[letter]
        assert box == clear[letter][0]
        assert pixels == clear[letter][1], f"{language}: on {heading:03d}° the needle covers {letter}"
