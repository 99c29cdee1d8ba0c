"""The debrief's chart on the 7" screen (rulebook §4.1, the companion app's patrol report): the saved
debrief is a 1600x1000 picture; the window shows its chart at about a quarter of its size, where the
saved legend's words were 3 px high. The window draws the legend beside the chart in its own text,
every row whole, in English, German and Russian; the saved PNG keeps its own legend."""

from __future__ import annotations

import pygame
import pytest
from kaleun.uboot.missions.debrief import debrief
from kaleun.ui import theme
from kaleun.ui.debrief_chart import legend_rows

from window.fingers import Table_, shown


@pytest.mark.parametrize("language", ["en", "de", "ru"])
def test_4_1_the_debrief_chart_has_a_legend_the_crew_can_read(language: str) -> None:
    table = Table_(mission="prize_rules_1939", seed=0, language=language)
    table.until(3600, step=600)
    win = table.window
    win.open_debrief()
    table.tap("debrief.chart")
    win.cut.clear()
    win.fonts.sizes.clear()
    said = shown(table)
    for label, _ in legend_rows(debrief(table.game)):  # the patrol runs on: its last mark is where the boat is now
        assert win.tr(label) in said, f"{language}: the legend's row {label} is not drawn by the window"
    assert not win.cut, win.cut
    assert min(win.fonts.sizes) >= theme.MIN_TEXT
    chart = win.overlay.chart_image  # type: ignore[union-attr]
    assert chart.get_size() == (1600, 1000)


def test_4_1_the_saved_debrief_keeps_its_own_legend() -> None:
    """The PNG written to the session folder is read on its own: its legend stays drawn on the chart."""
    from kaleun.uboot.game import new_game
    from kaleun.uboot.missions.debrief import debrief
    from kaleun.ui.debrief_chart import _legend_frame, render_debrief

    d = debrief(new_game(0, "prize_rules_1939"))
    frame = _legend_frame()
    with_legend = render_debrief(d).subsurface(frame)
    without = render_debrief(d, legend=False).subsurface(frame)
    assert pygame.image.tobytes(with_legend, "RGB") != pygame.image.tobytes(without, "RGB")


@pytest.mark.parametrize(("mission", "began", "ended"), [
    ("exercise_escort", "where the exercise began", "where the exercise ended"),
    ("training", "where the training patrol began", "where the training patrol ended")])
@pytest.mark.parametrize("language", ["en", "de", "ru"])
def test_4_1_the_legend_names_the_ends_of_the_track_by_what_was_played(language: str, mission: str, began: str,
                                                                       ended: str) -> None:
    """An exercise's track began and ended where the exercise did, not "where the patrol began": the window's legend
    and the saved chart's name what the crew played."""
    from kaleun.core.messages import Msg

    table = Table_(mission=mission, seed=0, language=language)
    table.game.apply({"do": "end_exercise"})
    win = table.window
    win.open_debrief()
    table.tap("debrief.chart")
    said = shown(table)
    for label in (began, ended):
        assert win.tr(Msg(label)) in said, f"{language}: {label} is not drawn by the window"
    assert win.tr(Msg("where the patrol began")) not in said
    assert not win.cut, win.cut
