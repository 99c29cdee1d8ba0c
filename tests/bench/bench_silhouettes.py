"""Benchmark: drawing ship silhouettes (a convoy through the periscope) and writing the
identification sheet.

Prints the time to draw one silhouette at an angle on the bow onto an 800x480 view, a
40-ship convoy frame, and the sheet's layout, drawing and PNG encoding.
"""

from __future__ import annotations

import os
import time

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame
from kaleun.uboot.sea.classes import ship_classes
from kaleun.ui.idsheet import DPI, layout_sheet, png_bytes, render_sheet
from kaleun.ui.silhouette_draw import draw_silhouette


def per_call(fn, repeat: int) -> float:
    start = time.perf_counter()
    for _ in range(repeat):
        fn()
    return (time.perf_counter() - start) / repeat


def main() -> None:
    view = pygame.Surface((800, 480))
    ids = list(ship_classes())
    one = per_call(lambda: draw_silhouette(view, "liberty", (400, 300), 2.0, (30, 30, 30), aspect=40.0), 2000)
    print(f"one silhouette (Liberty ship, 2 px/m, 40° on the bow): {one * 1e6:.0f} µs")

    convoy = [(ids[i % len(ids)], (20 + (i * 37) % 760, 200 + (i % 5) * 10), 0.6 + (i % 4) * 0.3, -150 + i * 7.5)
              for i in range(40)]

    def frame(antialias: bool = True) -> None:
        view.fill((0, 0, 0))
        for cid, centre, scale, aob in convoy:
            draw_silhouette(view, cid, centre, scale, (40, 44, 48), aspect=aob, antialias=antialias)

    print(f"a 40-ship convoy frame: {per_call(frame, 200) * 1e3:.1f} ms")
    print(f"  without antialiasing: {per_call(lambda: frame(False), 200) * 1e3:.1f} ms")
    layout = per_call(lambda: layout_sheet(None), 20)
    print(f"sheet layout: {layout * 1e3:.1f} ms")
    sheet = layout_sheet(None)
    drawing = per_call(lambda: render_sheet(sheet), 5)
    print(f"sheet drawing ({sheet.size[0]}x{sheet.size[1]} px): {drawing * 1e3:.0f} ms")
    surface = render_sheet(sheet)
    print(f"PNG encoding at {DPI} dpi: {per_call(lambda: png_bytes(surface, DPI), 3) * 1e3:.0f} ms")


if __name__ == "__main__":
    main()
