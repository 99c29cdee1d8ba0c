"""Small drawing pieces: text with an anchor, wrapped text, buttons."""

from __future__ import annotations

from typing import Any

import pygame
from pygame import Rect

from kaleun.ui import theme
from kaleun.ui.theme import Color


def blit_text(surface: Any, font: Any, text: str, color: Color, pos: tuple[int, int],
              anchor: str = "topleft") -> Rect:
    """Draw `text` with its `anchor` point (a pygame.Rect attribute name) at `pos`."""
    image = font.render(text, True, color)
    rect = image.get_rect(**{anchor: pos})
    surface.blit(image, rect)
    return rect


def wrap(font: Any, text: str, width: int) -> list[str]:
    """Break `text` into lines no wider than `width` (a word longer than that is cut)."""
    lines: list[str] = []
    line = ""
    for word in text.split():
        candidate = f"{line} {word}" if line else word
        if font.size(candidate)[0] <= width:
            line = candidate
            continue
        if line:
            lines.append(line)
        while font.size(word)[0] > width and len(word) > 1:
            cut = len(word)
            while cut > 1 and font.size(word[:cut])[0] > width:
                cut -= 1
            lines.append(word[:cut])
            word = word[cut:]
        line = word
    if line:
        lines.append(line)
    return lines


def fit(font: Any, text: str, width: int) -> str:
    """`text`, shortened with an ellipsis if it is wider than `width`."""
    if font.size(text)[0] <= width:
        return text
    while text and font.size(text + "...")[0] > width:
        text = text[:-1]
    return text + "..."


def draw_button(surface: Any, rect: Rect, fonts: theme.Fonts, label: str, note: str = "",
                active: bool = False, pressed: bool = False, radius: int = 4) -> None:
    """A touch button. The active one is filled and framed, not only coloured."""
    fill = theme.BUTTON_ACTIVE if active else theme.BUTTON
    if pressed:
        fill = tuple(max(0, c - 40) for c in fill)  # type: ignore[assignment]
    pygame.draw.rect(surface, fill, rect, border_radius=radius)
    edge = theme.TEXT if active else theme.PANEL_EDGE
    pygame.draw.rect(surface, edge, rect, 3 if active else 1, border_radius=radius)
    color = theme.TEXT_DARK if active else theme.TEXT
    if note:
        blit_text(surface, fonts.get(19), label, color, (rect.centerx, rect.centery + 1), "midbottom")
        blit_text(surface, fonts.get(15), note, color, (rect.centerx, rect.centery + 2), "midtop")
    else:
        blit_text(surface, fonts.get(19), label, color, rect.center, "center")
