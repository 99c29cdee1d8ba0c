"""The boat's side view: 8 sections, the 16 figures on them, and the tray of lifted figures."""

from __future__ import annotations

import math
from typing import Any

import pygame
from pygame import Rect

from kaleun.ui import theme
from kaleun.ui.layout import Layout, figure_cells
from kaleun.ui.scene import Scene
from kaleun.ui.theme import Fonts
from kaleun.ui.widgets import blit_text

#: short section names that fit the 800x480 screen (rulebook 3: the boat's sections)
SECTION_NAMES: dict[int, str] = {
    1: "Bow torpedo", 2: "Officers", 3: "Control", 4: "Crew", 5: "Diesels", 6: "E-motors",
    7: "Deck", 8: "Bridge",
}
TRAY_LABEL = "Lifted off"

Places = dict[str, tuple[tuple[int, int], int]]


# -- where figures stand on screen ------------------------------------------------------------
def figure_area(layout: Layout, section: int) -> Rect:
    """The part of a section below its label, where figures stand."""
    rect = layout.sections[section]
    label = layout.size(15)
    pad = layout.size(2)
    return Rect(rect.x + pad, rect.y + label, rect.w - 2 * pad, rect.h - label - pad)


def tray_area(layout: Layout) -> Rect:
    tray = layout.tray
    label = layout.size(84)
    return Rect(tray.x + label, tray.y + layout.size(2), tray.w - label - layout.size(4), tray.h - layout.size(4))


def figure_places(layout: Layout, figures: tuple[tuple[str, int | None], ...]) -> Places:
    """Centre and cell size of every figure: in its section, or in the tray when lifted."""
    groups: dict[int | None, list[str]] = {}
    for figure, section in figures:
        groups.setdefault(section, []).append(figure)
    places: Places = {}
    for section, members in groups.items():
        if section is None:
            area = tray_area(layout)
            largest = area.h
        else:
            area = figure_area(layout, section)
            largest = layout.size(30)
        cell, centres = figure_cells(area, len(members), largest)
        for figure, centre in zip(members, centres, strict=True):
            places[figure] = (centre, cell)
    return places


def figure_at(places: Places, pos: tuple[int, int]) -> str | None:
    for figure, ((x, y), cell) in places.items():
        if abs(pos[0] - x) <= cell / 2 and abs(pos[1] - y) <= cell / 2:
            return figure
    return None


def drop_target(layout: Layout, pos: tuple[int, int]) -> int | str | None:
    """Section number, "tray", or None under `pos`."""
    section = layout.section_at(pos)
    if section is not None:
        return section
    if layout.tray.collidepoint(pos):
        return "tray"
    return None


# -- drawing ----------------------------------------------------------------------------------
def shape_points(shape: str, centre: tuple[int, int], size: float) -> list[tuple[float, float]]:
    """Polygon of a figure's base (square, triangle, hexagon); circles are drawn as circles."""
    cx, cy = centre
    half = size / 2
    if shape == "triangle":
        return [(cx, cy - half), (cx + half, cy + half * 0.8), (cx - half, cy + half * 0.8)]
    if shape == "hexagon":
        return [(cx + half * math.cos(math.radians(a)), cy + half * math.sin(math.radians(a)))
                for a in range(-90, 270, 60)]
    side = half * 0.86
    return [(cx - side, cy - side), (cx + side, cy - side), (cx + side, cy + side), (cx - side, cy + side)]


def draw_figure(surface: Any, fonts: Fonts, figure: str, centre: tuple[int, int], size: float,
                selected: bool = False) -> None:
    """One sailor figure: role colour and letter, base shape, dark outline."""
    role, _, shape = figure.partition("-")
    fill = theme.ROLE_COLORS.get(role, theme.UNKNOWN_ROLE)
    outline = max(1, round(size / 12))
    if selected:
        pygame.draw.circle(surface, theme.SELECTED, centre, round(size * 0.72))
        pygame.draw.circle(surface, theme.OUTLINE, centre, round(size * 0.72), max(1, outline))
    if shape == "circle":
        pygame.draw.circle(surface, fill, centre, round(size / 2))
        pygame.draw.circle(surface, theme.OUTLINE, centre, round(size / 2), outline)
    else:
        points = shape_points(shape, centre, size)
        pygame.draw.polygon(surface, fill, points)
        pygame.draw.polygon(surface, theme.OUTLINE, points, outline)
    letter = theme.ROLE_LETTERS.get(role, "?")
    font = fonts.exact(max(8, round(size * (0.62 if shape == "triangle" else 0.8))))
    centre_y = centre[1] + (round(size * 0.16) if shape == "triangle" else 0)
    blit_text(surface, font, letter, theme.ROLE_LETTER_COLORS.get(role, theme.TEXT_DARK),
              (centre[0], centre_y + 1), "center")


def draw_boat(surface: Any, layout: Layout, fonts: Fonts, scene: Scene, places: Places) -> None:
    panel = layout.boat_panel
    water = layout.waterline(scene.surfaced)
    surface.fill(theme.SKY, Rect(panel.x, panel.y, panel.w, max(0, water - panel.y)))
    surface.fill(theme.SEA, Rect(panel.x, water, panel.w, panel.bottom - water))
    if scene.surfaced:
        pygame.draw.line(surface, theme.TEXT_DIM, (panel.x, water), (panel.right - 1, water), 1)

    pygame.draw.polygon(surface, theme.HULL, layout.tower)
    pygame.draw.polygon(surface, theme.HULL_EDGE, layout.tower, layout.size(2))
    pygame.draw.polygon(surface, theme.HULL, layout.hull)
    pygame.draw.polygon(surface, theme.HULL_EDGE, layout.hull, layout.size(2))
    pygame.draw.polygon(surface, theme.HULL, layout.casing)
    pygame.draw.polygon(surface, theme.HULL_EDGE, layout.casing, 1)
    pygame.draw.line(surface, theme.HULL_EDGE, layout.gun[0], layout.gun[1], layout.size(5))
    if scene.bars:  # the crew's bars, kept by the controller: top right of the sky
        blit_text(surface, fonts.get(20), scene.bars.replace("command", "Command").replace("morale", "Morale"),
                  theme.TEXT, (panel.right - layout.size(8), panel.y + layout.size(6)), "topright")

    target = scene.drag.target if scene.drag else None
    lamps = {lamp.section: lamp for lamp in scene.lamps}
    label_font = fonts.get(16)
    for number, rect in layout.sections.items():
        fill = theme.SECTION if number <= 6 else theme.SECTION_OUTSIDE
        if target == number:
            fill = theme.SECTION_DROP
        pygame.draw.rect(surface, fill, rect, border_radius=layout.size(4))
        edge = layout.size(3) if target == number else 1
        pygame.draw.rect(surface, theme.OUTLINE if target == number else theme.PANEL_EDGE, rect, edge,
                         border_radius=layout.size(4))
        name = f"{number} {SECTION_NAMES[number]}"
        if label_font.size(name)[0] > rect.w - layout.size(16):
            name = f"{number} {SECTION_NAMES[number].split()[0][:7]}"
        blit_text(surface, label_font, name, theme.SECTION_LABEL, (rect.x + layout.size(3), rect.y + layout.size(3)))
        lamp = lamps.get(number)
        if lamp is not None:
            centre = (rect.right - layout.size(7), rect.y + layout.size(7))
            color = lamp.color if lamp.lit else theme.HULL
            pygame.draw.circle(surface, color, centre, layout.size(5))
            pygame.draw.circle(surface, theme.OUTLINE, centre, layout.size(5), 1)

    draw_tray(surface, layout, fonts, target == "tray")
    dragged = scene.drag.figure if scene.drag else None
    for figure, (centre, cell) in places.items():
        if figure != dragged:
            draw_figure(surface, fonts, figure, centre, cell * 0.84, selected=figure == scene.selected)

    if scene.mission_over:
        font = fonts.get(30)
        text = f"Mission over: {scene.mission_over}"
        w, h = font.size(text)
        box = Rect(0, 0, w + layout.size(24), h + layout.size(14))
        box.center = layout.boat_point(0.79, 0.19)  # in the sky aft of the tower, figures stay visible
        pygame.draw.rect(surface, theme.PANEL, box, border_radius=layout.size(6))
        pygame.draw.rect(surface, theme.ACCENT, box, layout.size(2), border_radius=layout.size(6))
        blit_text(surface, font, text, theme.TEXT, box.center, "center")


def draw_tray(surface: Any, layout: Layout, fonts: Fonts, target: bool) -> None:
    tray = layout.tray
    pygame.draw.rect(surface, theme.SECTION_DROP if target else theme.TRAY, tray, border_radius=layout.size(4))
    pygame.draw.rect(surface, theme.OUTLINE if target else theme.PANEL_EDGE, tray,
                     layout.size(3) if target else 1, border_radius=layout.size(4))
    color = theme.TEXT_DARK if target else theme.TEXT_DIM
    font = fonts.get(17)
    blit_text(surface, font, TRAY_LABEL, color, (tray.x + layout.size(8), tray.centery), "bottomleft")
    blit_text(surface, fonts.get(14), "the model", color, (tray.x + layout.size(8), tray.centery + layout.size(1)),
              "topleft")
