"""The mission as it stands, for the table to read again at any time (the console's `mission`): the
briefing, each objective with its progress, HQ's signals (coded until the Enigma decodes them), the
patrol time left and the passage home (rulebook §4.1, §8.4)."""

from __future__ import annotations

import math
from collections.abc import Hashable
from typing import Any

from pygame import Rect

from kaleun.core.messages import Msg
from kaleun.uboot.missions.practice import end_label
from kaleun.ui import icons, theme
from kaleun.ui.screens.base import PagedSheet
from kaleun.ui.touch import simple
from kaleun.ui.widgets import Canvas, wrap


def crew_words(lines: list[Msg], game: Any) -> list[Msg]:
    """The mission's lines as the crew reads them: the console's heading names the mission's id too
    (what `kaleun play --mission` takes), the sheet its name alone."""
    mission = game.module("mission")
    name = Msg.term(str(mission.spec.get("name", "")))
    return [name if any(v == mission.mission for v in line.values.values()) else line for line in lines[:1]] + lines[1:]


class MissionSheet(PagedSheet):
    id = "mission"
    title = Msg("Mission")

    def __init__(self, win: Any) -> None:
        super().__init__(win)
        self.lines: list[Msg] = []

    def read(self) -> Hashable:
        from kaleun.uboot.missions.debrief import mission_lines

        game = self.game
        self.lines = crew_words(mission_lines(game), game) if game.has_module("mission") else [
            Msg("This game has no mission.")]
        return (tuple(str(line) for line in self.lines), self.page, self.win.lang.code, self.practice())

    def practice(self) -> bool:
        """A practice piece still running (no objectives: nothing ends it but the boat's loss or the crew)."""
        game = self.game
        return game.has_module("mission") and not game.module("mission").scored and not game.module("mission").over

    def draw(self, c: Canvas, area: Rect) -> None:
        s = c.size
        side = self.frame(c, area)
        text = Rect(area.x + s(10), area.y + s(6), side.x - area.x - s(18), area.h - s(12))
        if self.practice():  # a practice piece ends when the crew says so: its sheet asks once more (Give)
            label = end_label(self.game.module("mission").practice)  # the piece as its file names it
            width = min(text.w, c.text_width(label, theme.MIN_TEXT) + s(32))
            c.button("mission.end_exercise", Rect(text.x, text.bottom - s(47), width, s(47)), label,
                     simple(lambda: self.win.open_form("end_exercise")), size=theme.MIN_TEXT)
            text.h -= s(53)
        size = theme.MIN_TEXT
        height = c.font(size).get_linesize()
        rows = max(1, text.h // height)
        # every line wrapped to the sheet's width, then shown a page at a time
        font = c.font(size)
        wrapped: list[tuple[str, theme.Color]] = []
        for i, line in enumerate(self.lines):
            words = c.tr(line)
            color = theme.ACCENT if i == 0 else theme.TEXT
            for row in wrap(font, words, text.w):
                wrapped.append((row, color))
        pages = max(1, math.ceil(len(wrapped) / rows))
        page = min(self.page, pages - 1)
        y = text.y
        for row, color in wrapped[page * rows:(page + 1) * rows]:
            c.text(row, (text.x, y), size, color)
            y += height
        if pages > 1:
            c.button("mission.up", Rect(side.x, side.bottom - s(100), side.w, s(48)), None,
                     simple(lambda: self.turn(-1)), icon=icons.arrow_up, enabled=page > 0)
            c.button("mission.down", Rect(side.x, side.bottom - s(48), side.w, s(48)), None,
                     simple(lambda: self.turn(+1)), icon=icons.arrow_down, enabled=page < pages - 1)
