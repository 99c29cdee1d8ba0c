"""The boat screen (the console's damage and repairs, rulebook §10.3.6): a breached section's countdown
stands at its foot where no figure stands, in English, German and Russian, however many figures are
in it. In Russian the crew quarters' section is narrow ("4 Экипаж"), its two figures stacked, and
the countdown's tag once covered the lower one: neither the figure nor the time left read whole."""

from __future__ import annotations

from typing import Any

import pygame
import pytest
from kaleun.ui import theme

from window.test_screens_render import LANGUAGES, busy_table


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("extra", [(), ("officer-circle", "engineer-circle")])
def test_10_3_6_no_figure_stands_on_the_breach_countdown(language: str, extra: tuple[str, ...],
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    table = busy_table(language)  # a breach in section 4, a navigator's and an engineer's figure in it
    for figure in extra:
        table.runtime.table.actuate({"do": "place", "figure": figure, "section": 4})
    table.runtime.step()
    win = table.window
    win.close_overlay()
    win.show("boat")
    tags: list[Any] = []
    rect = pygame.draw.rect

    def drawn_rect(surface: Any, color: Any, box: Any, width: int = 0, **kw: Any) -> Any:
        if tuple(color)[:3] == theme.ALARM_COLORS["breach"] and width == 0:
            tags.append(pygame.Rect(box))  # the countdown's tag (the section's frame is an outline)
        return rect(surface, color, box, width, **kw)

    with monkeypatch.context() as m:
        m.setattr(pygame.draw, "rect", drawn_rect)
        table.render()
    section = win.targets.get("section.4")
    assert section is not None
    tags = [t for t in tags if section.rect.contains(t)]
    assert tags, "no countdown drawn in section 4"
    figures = [t for t in win.targets.items if t.kind == "figure" and section.rect.colliderect(t.rect)]
    assert len(figures) == 2 + len(extra)
    covered = [(f.id, f.rect, tag) for f in figures for tag in tags if f.rect.colliderect(tag)]
    assert not covered, f"the countdown covers figures in {language}: {covered}"
    assert all(min(f.rect.size) >= theme.MIN_TARGET for f in figures)  # still big enough to grab
