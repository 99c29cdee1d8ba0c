"""The team's own map on the Captain Sonar screen: the whole sea, or an enlarged part to pick a cell.

A 15 x 15 map on the 7" screen has cells of about 4 mm, too small for a finger. So the whole map
(`overview`) only shows: islands, water holes, sectors and their numbers, the own route, mines and boat, Archer
mines and, with the training aid, the enemy's possible cells; and where every blast struck (an X in the colour
of the team whose weapon it was, the newest with its blast area framed: the impact cells are announced aloud).
When the crew has to pick a cell (the start cell, a target, the false value of a sonar answer) a tap on the map
enlarges the `ZOOM` x `ZOOM` cells around the finger (`zoom_around`) to cells of at least 9 mm; the next tap
picks one of them.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pygame
from pygame import Rect

from kaleun.sonar.grid import LETTERS, Cell, parse_cell
from kaleun.sonar.maps import SeaMap
from kaleun.ui import theme
from kaleun.ui.sonar_labels import Labels

SEA = (18, 48, 80)
SEA_HOLE = (150, 220, 240)
LAND = (132, 110, 74)
LAND_EDGE = (84, 68, 44)
GRID_LINE = (36, 70, 104)
SECTOR_LINE = (120, 160, 200)
#: a sector's number on the map: the sector lines' colour, faint (0-255), so the cells stay readable through it
SECTOR_NUMBER = SECTOR_LINE
SECTOR_NUMBER_ALPHA = 70
ROUTE = (240, 240, 240)
MINE = (220, 60, 50)
ARCHER = (240, 140, 40)
#: cells across the enlarged part of the map (7 x 7 cells of 49 design px: 9.4 mm each)
ZOOM = 7


@dataclass(frozen=True)
class MapView:
    """Cells x0 .. x0 + columns - 1, y0 .. y0 + rows - 1, each `size` pixels, the first at (left, top)."""

    left: int
    top: int
    size: int
    x0: int
    y0: int
    columns: int
    rows: int

    def shows(self, cell: Cell) -> bool:
        return self.x0 <= cell[0] < self.x0 + self.columns and self.y0 <= cell[1] < self.y0 + self.rows

    def rect(self, cell: Cell) -> Rect:
        return Rect(self.left + (cell[0] - self.x0) * self.size, self.top + (cell[1] - self.y0) * self.size,
                    self.size, self.size)

    def centre(self, cell: Cell) -> tuple[int, int]:
        return self.rect(cell).center

    def cell_at(self, pos: tuple[int, int]) -> Cell | None:
        x = self.x0 + (pos[0] - self.left) // self.size
        y = self.y0 + (pos[1] - self.top) // self.size
        return (x, y) if self.shows((x, y)) else None

    @property
    def area(self) -> Rect:
        return Rect(self.left, self.top, self.size * self.columns, self.size * self.rows)


def view_in(area: Rect, label: int, x0: int, y0: int, columns: int, rows: int) -> MapView:
    """The cells given, as large as they fit into `area` beside a band of `label` pixels for their names."""
    size = max(1, min((area.width - label) // columns, (area.height - label) // rows))
    return MapView(area.x + label, area.y + label, size, x0, y0, columns, rows)


def zoom_around(sea: SeaMap, cell: Cell) -> tuple[int, int, int, int]:
    """The enlarged part around `cell`: (x0, y0, columns, rows), inside the map."""
    columns, rows = min(ZOOM, sea.columns), min(ZOOM, sea.rows)
    x0 = min(max(0, cell[0] - columns // 2), sea.columns - columns)
    y0 = min(max(0, cell[1] - rows // 2), sea.rows - rows)
    return x0, y0, columns, rows


def label_step(extent: int, size: int) -> int:
    """Every how many cells of `size` pixels a name `extent` pixels long (a row number's height, a column
    letter's width) is drawn so that no two names overlap: 1 on the shipped maps, more on a large owner's map."""
    return max(1, -(-extent // max(1, size)))


def draw_map(surface: Any, view: MapView, sea: SeaMap, mode: str, status: dict[str, Any], colours: tuple[Any, Any],
             plotted: list[Cell], labels: Labels, fonts: theme.Fonts, label_size: int,
             team: str | None = None) -> list[tuple[Rect, Cell]]:
    """Draw the cells of `view` with their column letters and row numbers; returns the sea cells drawn.
    `colours`: the own team's (`team`) and the enemy's."""
    own, enemy = colours
    font = labels.font(label_size)
    # an owner's map of many rows or columns has cells smaller than their names: every second (third ...) is named
    every_column = label_step(max(font.size(LETTERS[view.x0 + i])[0] for i in range(view.columns)) + 2, view.size)
    every_row = label_step(font.get_height(), view.size)
    for i in range(view.columns):
        x = view.x0 + i
        if x % every_column == 0:
            labels.line(surface, LETTERS[x], (view.left + i * view.size + view.size // 2, view.top - 2),
                        theme.TEXT_DIM, label_size, "midbottom")
    for j in range(view.rows):
        y = view.y0 + j
        if y % every_row == 0:
            labels.line(surface, str(y + 1), (view.left - 3, view.top + j * view.size + view.size // 2),
                        theme.TEXT_DIM, label_size, "midright")
    size = view.size
    holes = set(sea.feature("water_hole"))
    archers = {parse_cell(c) for c in status.get("archer_mines", [])}
    sea_cells: list[tuple[Rect, Cell]] = []
    mark = fonts.exact(max(8, size // 2))
    for j in range(view.rows):
        for i in range(view.columns):
            cell = (view.x0 + i, view.y0 + j)
            box = view.rect(cell)
            if cell in sea.islands:
                pygame.draw.rect(surface, LAND, box)
                pygame.draw.rect(surface, LAND_EDGE, box, 1)
            else:
                pygame.draw.rect(surface, SEA, box)
                pygame.draw.rect(surface, GRID_LINE, box, 1)
                sea_cells.append((box, cell))
    _sector_numbers(surface, view, sea, mode, fonts)  # under every mark: a water hole or Archer mine stays whole
    for cell in holes:
        if view.shows(cell):
            pygame.draw.circle(surface, SEA_HOLE, view.centre(cell), size // 3, 2)
    for archer in archers:
        if archer is not None and view.shows(archer):
            box = view.rect(archer)
            inset = max(2, size // 8)
            points = [(box.centerx, box.y + inset), (box.right - inset, box.bottom - inset),
                      (box.x + inset, box.bottom - inset)]
            pygame.draw.polygon(surface, ARCHER, points, 2)
            image = mark.render("A", True, ARCHER)
            surface.blit(image, image.get_rect(center=box.center))
    _sector_lines(surface, view, sea, mode)
    for cell in plotted:
        if view.shows(cell):
            pygame.draw.circle(surface, enemy, view.centre(cell), max(2, size // 5))
    route = [c for c in (parse_cell(name) for name in status["route"]) if c is not None]
    points = [view.centre(c) for c in route]
    clip = surface.get_clip()
    surface.set_clip(view.area.clip(clip) if clip else view.area)
    if len(points) > 1:
        pygame.draw.lines(surface, ROUTE, False, points, max(2, size // 8))
    _blasts(surface, view, status.get("blasts", []), {team: own} if team else {}, enemy)
    surface.set_clip(clip)
    for mine in (parse_cell(c) for c in status["mines"]):
        if mine is None or not view.shows(mine):
            continue
        c = view.centre(mine)
        half = size // 2 - 2
        pygame.draw.polygon(surface, MINE, [(c[0], c[1] - half), (c[0] + half, c[1]), (c[0], c[1] + half),
                                            (c[0] - half, c[1])])
        image = mark.render("M", True, theme.TEXT)
        surface.blit(image, image.get_rect(center=c))
    here = parse_cell(status["cell"]) if status["cell"] else None
    if here is not None and view.shows(here):
        c = view.centre(here)
        pygame.draw.circle(surface, own, c, size // 2 - 1)
        pygame.draw.circle(surface, theme.OUTLINE, c, size // 2 - 1, 2)
        if status["surfaced"]:
            pygame.draw.circle(surface, theme.TEXT, c, size // 2 + 2, 2)
    pygame.draw.rect(surface, SECTOR_LINE, view.area, 2)
    return sea_cells


def _blasts(surface: Any, view: MapView, blasts: list[dict[str, Any]], own: dict[str, Any], enemy: Any) -> None:
    """Where each blast struck: an X over the impact cell in the colour of the team whose weapon it was (on a
    light edge, so the blue X shows on the dark sea); the newest blast's area (the 3 x 3 cells its hits count in)
    framed in that colour. Under the mines and the boat: a boat on the impact cell stays visible."""
    size = view.size
    inset = max(2, size // 8)
    width = max(3, size // 6)
    for i, blast in enumerate(blasts):
        cell = parse_cell(blast["cell"])
        if cell is None:
            continue
        colour = own.get(blast["team"], enemy)
        box = view.rect(cell)
        if i == len(blasts) - 1:
            area = Rect(box.x - size, box.y - size, 3 * size, 3 * size)
            pygame.draw.rect(surface, theme.TEXT, area, 4)
            pygame.draw.rect(surface, colour, area.inflate(-2, -2), 2)
        if not view.shows(cell):
            continue
        lines = (((box.x + inset, box.y + inset), (box.right - inset - 1, box.bottom - inset - 1)),
                 ((box.right - inset - 1, box.y + inset), (box.x + inset, box.bottom - inset - 1)))
        for start, end in lines:
            pygame.draw.line(surface, theme.TEXT, start, end, width + 3)
        for start, end in lines:
            pygame.draw.line(surface, colour, start, end, width)


def sector_labels(view: MapView, sea: SeaMap, mode: str) -> list[tuple[int, Rect]]:
    """Each sector the view shows, and its part of the view: its number goes in the middle (the printed
    map's big faint numbers; the game says sectors by number: "surfaces in sector 6", the drone's
    question, a sonar answer)."""
    boxes: dict[int, list[int]] = {}
    for j in range(view.rows):
        for i in range(view.columns):
            x, y = view.x0 + i, view.y0 + j
            box = boxes.setdefault(sea.sector((x, y), mode), [x, y, x, y])
            box[:] = [min(box[0], x), min(box[1], y), max(box[2], x), max(box[3], y)]
    return [(n, view.rect((x0, y0)).union(view.rect((x1, y1)))) for n, (x0, y0, x1, y1) in sorted(boxes.items())]


def _sector_numbers(surface: Any, view: MapView, sea: SeaMap, mode: str, fonts: theme.Fonts) -> None:
    """The sectors' numbers, large and faint under the route, the mines and the boat; inside the sector's part
    of the view (an enlarged part may show a strip of one cell)."""
    for number, part in sector_labels(view, sea, mode):
        font = fonts.exact(max(8, min(view.size * 3, min(part.size) * 9 // 10)))
        image = font.render(str(number), True, SECTOR_NUMBER)
        image.set_alpha(SECTOR_NUMBER_ALPHA)
        surface.blit(image, image.get_rect(center=part.center))


def _sector_lines(surface: Any, view: MapView, sea: SeaMap, mode: str) -> None:
    widths, heights = sea.sector_bands[mode]
    area = view.area
    x = 0
    for w in widths[:-1]:
        x += w
        if view.x0 < x < view.x0 + view.columns:
            px = view.left + (x - view.x0) * view.size
            pygame.draw.line(surface, SECTOR_LINE, (px, area.top), (px, area.bottom - 1), 3)
    y = 0
    for h in heights[:-1]:
        y += h
        if view.y0 < y < view.y0 + view.rows:
            py = view.top + (y - view.y0) * view.size
            pygame.draw.line(surface, SECTOR_LINE, (area.left, py), (area.right - 1, py), 3)
