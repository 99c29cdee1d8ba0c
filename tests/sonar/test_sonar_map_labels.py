"""The window's map names its rows and columns legibly on any map (digest §2: an owner may enter a printed map
of any size): on a map whose cells are smaller than their names, every second (third ...) row and column is
named, and no two names overlap; the shipped maps keep every name."""

from __future__ import annotations

import os
from itertools import pairwise

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest
from kaleun.sonar.game import new_game
from kaleun.sonar.grid import LETTERS
from kaleun.ui.sonar_session import make_sonar_runtime
from kaleun.ui.sonar_window import SonarWindow


def owner_map(columns: int, rows: int) -> str:
    """An owner's open map of that size, in the documented map format."""
    third_c, third_r = columns // 3, rows // 3
    return "\n".join([
        "name: Owner's", f"size: {columns} x {rows}",
        f"sectors realtime: {columns - 2 * third_c} {third_c} {third_c} / {rows - 2 * third_r} {third_r} {third_r}",
        f"sectors turn: {columns - columns // 2} {columns // 2} / {rows - rows // 2} {rows // 2}", "grid:",
        "    " + " ".join(LETTERS[:columns]),
        *(f"{r:>2}  " + " ".join("." * columns) for r in range(1, rows + 1))]) + "\n"


def names_drawn(home, map_text: str | None, size: tuple[int, int] = (800, 480)) -> tuple[list, list]:
    """(row numbers, column letters) the team's map draws, each as (text, rect)."""
    pygame.font.init()
    game = (new_game(1, "alpha", "turn", map_text=map_text, map_source="owner.map") if map_text is not None
            else new_game(1, "alpha", "turn"))
    runtime = make_sonar_runtime(game)
    try:
        win = SonarWindow(runtime, ["yellow"], size=size)
        runtime.step()
        drawn: list = []
        line = win.labels.line

        def recording(surface, text, pos, *args, **kwargs):
            rect = line(surface, text, pos, *args, **kwargs)
            drawn.append((win.labels.render(text), rect))
            return rect

        win.labels.line = recording
        win.render(pygame.Surface(size))
    finally:
        runtime.close()
    view = win.screens[0].overview
    rows = [(t, r) for t, r in drawn if t.isdigit() and r.right == view.left - 3]  # anchored left of the map
    columns = [(t, r) for t, r in drawn if t in LETTERS and r.bottom == view.top - 2]  # and above it
    return rows, columns


def overlapping(names: list) -> list:
    return [(a[0], b[0]) for i, a in enumerate(names) for b in names[i + 1:] if a[1].colliderect(b[1])]


@pytest.mark.parametrize(("columns", "rows"), [(15, 40), (26, 26), (26, 99)])
def test_2_an_owners_large_map_names_its_rows_and_columns_without_overlap(home, columns, rows):
    row_names, column_names = names_drawn(home, owner_map(columns, rows))
    assert overlapping(row_names) == [] and overlapping(column_names) == []
    assert row_names[0][0] == "1" and column_names[0][0] == "A"
    # every second row at least is left out, the named ones evenly spaced
    numbers = [int(t) for t, _ in row_names]
    assert len(numbers) <= (rows + 1) // 2 and len({b - a for a, b in pairwise(numbers)}) == 1, numbers
    assert len(row_names) >= 5 and len(column_names) >= 3


def test_2_the_shipped_map_names_every_row_and_column(home):
    row_names, column_names = names_drawn(home, None)
    assert [t for t, _ in row_names] == [str(n) for n in range(1, 16)]
    assert [t for t, _ in column_names] == list(LETTERS[:15])
    assert overlapping(row_names) == [] and overlapping(column_names) == []
