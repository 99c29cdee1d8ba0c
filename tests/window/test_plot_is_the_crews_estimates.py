"""The console's contacts and target data: the tactical plot (rulebook §10.1-10.2, the tactical map) is a grid of
1 nm squares with the crew's estimates on it, never the truth: each contact's mark stands at its
estimated bearing and range (the lookouts' errors, §9.3), not where the ship really is."""

from __future__ import annotations

import itertools
import math

import pygame
from kaleun.ui import theme

from window.fingers import Table_, lookouts_on_watch


def convoy_in_sight() -> Table_:
    table = Table_(mission="exercise_convoy", seed=0)
    lookouts_on_watch(table)
    table.until(600)
    table.window.dismiss_alarms()
    table.tap("tab.plot")
    return table


def test_10_1_the_plots_squares_are_one_nm_and_its_marks_the_crews_estimates_not_the_truth() -> None:
    table = convoy_in_sight()
    win = table.window
    sea = table.game.module("sea")
    contacts = sea.status()["contacts"]
    assert len(contacts) >= 3
    table.render()
    screen = win.screens["plot"]
    content = win.layout.content
    plot = pygame.Rect(content.x + 4, content.y + 4, 520, content.h - 8)  # the plot's square at 800x480
    centre = plot.center
    px_per_nm = plot.h / 2 / screen.scale
    # 1 square = 1 nm: the grid's lines along the row through the boat stand px_per_nm apart
    row = centre[1] + round(px_per_nm / 2)
    xs = [x for x in range(plot.x + 1, plot.right - 1)
          if tuple(table.surface.get_at((x, row))[:3]) in (theme.GRID, theme.GRID_BRIGHT)]
    assert len(xs) >= 4
    gaps = [b - a for a, b in itertools.pairwise(xs)]  # a line hidden under a mark leaves a double gap
    assert abs(min(gaps) - px_per_nm) < 1 and all(abs(g / px_per_nm - round(g / px_per_nm)) * px_per_nm < 1.5
                                                   for g in gaps), (gaps, px_per_nm)
    off_truth = 0
    for c in contacts:
        mark = win.targets.get(f"contact.{c['contact']}")
        if mark is None:  # beyond the plot's edge at this scale
            continue
        b = math.radians(float(c["bearing"]))
        r = float(c["range_nm"]) * px_per_nm
        estimated = (centre[0] + r * math.sin(b), centre[1] - r * math.cos(b))
        assert math.dist(mark.rect.center, estimated) <= 1.5, (c["contact"], mark.rect.center, estimated)
        entity = next(e for e, cid in sea.picture.by_entity.items() if cid == c["contact"])
        truth = sea.truth(entity, table.game.t)
        tb = math.radians(truth.bearing)
        true_pos = (centre[0] + truth.range_nm * px_per_nm * math.sin(tb),
                    centre[1] - truth.range_nm * px_per_nm * math.cos(tb))
        off_truth += math.dist(mark.rect.center, true_pos) > 3
    assert off_truth, "every mark stood where the ships really are: the lookouts' errors never showed"
