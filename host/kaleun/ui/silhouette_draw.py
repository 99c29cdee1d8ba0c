"""Draw a ship class's silhouette (`kaleun.uboot.sea.silhouettes`) on a pygame Surface.

One drawing path for the identification sheet and the first-person views: the silhouette's
polygons in metres are placed with the midpoint of its waterline at a pixel, scaled by pixels
per metre, and optionally foreshortened for the angle on the bow it is seen at.
"""

from __future__ import annotations

import math
from typing import Any

import pygame
from pygame import Rect

from kaleun.uboot.sea.silhouettes import Silhouette, aspect_factor, silhouette
from kaleun.ui.theme import Color

Pixel = tuple[float, float]


def placed(sil: Silhouette, centre: Pixel, scale: float,
           aspect: float | None = None) -> list[tuple[str, list[Pixel]]]:
    """Each polygon of `sil` in pixels: (kind, points).

    `centre` is the pixel of the waterline's midpoint, `scale` pixels per metre (x to the
    right, up is up). `aspect` is the angle on the bow in degrees (+ starboard: bow to the
    right, - port: bow to the left; None or 90: the full side profile, bow to the right); it
    shortens the length as `Silhouette.seen_at` does and keeps the heights.
    """
    kx = scale
    if aspect is not None:
        kx = scale * aspect_factor(aspect) * (1 if aspect >= 0 else -1)
    mid = sil.length_m / 2
    cx, cy = centre
    return [(p.kind, [(cx + (x - mid) * kx, cy - y * scale) for x, y in p.points]) for p in sil.parts]


def _bounds(polygons: list[tuple[str, list[Pixel]]]) -> Rect:
    xs = [x for _, pts in polygons for x, _ in pts]
    ys = [y for _, pts in polygons for _, y in pts]
    left, top = math.floor(min(xs)), math.floor(min(ys))
    return Rect(left, top, math.floor(max(xs)) - left + 1, math.floor(max(ys)) - top + 1)


def pixel_bounds(sil: Silhouette, centre: Pixel, scale: float, aspect: float | None = None) -> Rect:
    """The pixels `draw_silhouette` may touch for these arguments."""
    return _bounds(placed(sil, centre, scale, aspect))


def draw_silhouette(surface: Any, ship: Silhouette | str, centre: Pixel, scale: float, color: Color,
                    aspect: float | None = None, colors: dict[str, Color] | None = None,
                    antialias: bool = True) -> Rect:
    """Draw a class's silhouette (a `Silhouette`, or a class id) and return the rectangle it covers.

    `colors` may give some part kinds (hull, house, bridge, funnel, mast, kingpost, crosstree,
    derrick, gun, rails) a colour of their own; everything else is drawn in `color`. With
    `antialias` the outlines are smoothed (blended into what is already on the surface).
    """
    sil = silhouette(ship) if isinstance(ship, str) else ship
    polygons = placed(sil, centre, scale, aspect)
    clip = surface.get_clip()
    bounds = _bounds(polygons).clip(clip)
    surface.set_clip(bounds)
    for kind, points in polygons:
        col = colors.get(kind, color) if colors else color
        pygame.draw.polygon(surface, col, points)
        if antialias:
            pygame.draw.aalines(surface, col, True, points)
    surface.set_clip(clip)
    return bounds
