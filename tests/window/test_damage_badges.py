"""The damage screen's boat strip (the console's damage and repairs): a breached section shows its
countdown (rulebook §10.3.6) and the injured sailors in it (§6.9), each readable, neither drawn
over the other (the count of the injured once sat under the countdown's tag)."""

from __future__ import annotations

from typing import Any

import pygame
import pytest
from kaleun.ui import theme, widgets

from window.fingers import Table_


def breach_with_injured(language: str) -> Table_:
    """A hull breach in the crew quarters, then crew damage there: a sailor in it is hurt."""
    table = Table_(mission="exercise_convoy_battle", seed=0, language=language)
    rt = table.runtime
    rt.submit({"do": "damage", "kind": "hull_breach", "section": 4})
    rt.submit({"do": "damage", "kind": "crew", "sections": [4]})
    table.until(5)
    hurt = [i["figure"] for i in table.game.module("crew").status()["health"]["injuries_waiting"]]
    assert "navigator-hexagon" in hurt  # the navigator's mate in the crew quarters
    return table


@pytest.mark.parametrize("language", ["en", "ru"])
def test_10_3_6_the_injured_count_stays_clear_of_the_breach_countdown(language: str,
                                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    table = breach_with_injured(language)
    table.tap("tab.damage")
    tags: list[Any] = []
    texts: list[tuple[Any, str]] = []
    rect, text = pygame.draw.rect, widgets.Canvas.text

    def drawn_rect(surface: Any, color: Any, box: Any, width: int = 0, **kw: Any) -> Any:
        if tuple(color)[:3] == theme.ALARM_COLORS["breach"] and width == 0:
            tags.append(pygame.Rect(box))  # the countdown's tag (the section's frame is an outline)
        return rect(surface, color, box, width, **kw)

    def drawn_text(c: Any, words: Any, pos: Any, *args: Any, **kw: Any) -> Any:
        box = text(c, words, pos, *args, **kw)
        texts.append((box, c.tr(words)))
        return box

    with monkeypatch.context() as m:
        m.setattr(pygame.draw, "rect", drawn_rect)
        m.setattr(widgets.Canvas, "text", drawn_text)
        table.render()
    assert tags, "no countdown drawn"
    strip_bottom = max(t.bottom for t in tags)
    counts = [box for box, words in texts if words.isdigit() and box.bottom <= strip_bottom]
    assert counts, "no count of the injured drawn"
    assert not [(c, t) for c in counts for t in tags if c.clip(t).w > 0 and c.clip(t).h > 0]
