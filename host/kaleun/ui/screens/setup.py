"""The new-game set-up: the table's language, the mission and how strict the crew rules are,
chosen by touch before the game's clock starts."""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Any

import pygame
from pygame import Rect

from kaleun.core.messages import Msg
from kaleun.uboot.game import MISSIONS
from kaleun.uboot.missions.setup import mission_lines
from kaleun.ui import icons, theme
from kaleun.ui.screens.base import Overlay
from kaleun.ui.screens.settings import language_buttons, remember_language
from kaleun.ui.touch import call, simple
from kaleun.ui.widgets import Canvas

#: (mission id) -> a runtime for a new game of that mission (the session builds it)
Restart = Callable[[str], Any]


class Setup(Overlay):
    id = "setup"
    title = Msg("New game")
    full = True

    def __init__(self, win: Any, restart: Restart | None = None) -> None:
        super().__init__(win)
        self.restart = restart
        self.mission = str(self.game.module("mission").mission) if self.game.has_module("mission") else "training"
        self.rules: str | None = None
        self.page = 0

    def read(self) -> Hashable:
        return (self.mission, self.rules, self.win.lang.code, self.page)

    def choose(self, mission: str) -> None:
        self.mission = mission
        self.win.touch()

    def set_rules(self, rules: str | None) -> None:
        self.rules = None if rules == self.rules else rules
        self.win.touch()

    def language(self, code: str) -> None:
        self.win.set_language(code)
        remember_language(code)

    def start(self) -> None:
        """The clock starts: a new game of the chosen mission if it is another one."""
        win = self.win
        current = win.game.module("mission").mission if win.game.has_module("mission") else None
        if self.mission != current and self.restart is not None:
            old = win.runtime
            old.close()
            runtime = self.restart(self.mission)
            runtime.language = win.lang.code
            win.rebind(runtime)
        win.close_overlay()
        win.runtime.rest()
        win.runtime.step()
        if self.rules is not None:
            win.submit({"do": "crew_options", "rules": self.rules})

    def draw(self, c: Canvas, area: Rect) -> None:
        s = c.size
        surface = c.surface
        surface.fill(theme.PANEL_DARK, area)
        title = Rect(area.x, area.y, area.w, s(52))
        surface.fill(theme.PANEL, title)
        icons.boat(surface, Rect(title.x + s(10), title.y + s(8), s(40), s(36)), theme.ACCENT)
        c.text(Msg("Kaleun: a new game"), (title.x + s(60), title.centery), 28, theme.TEXT, "midleft", bold=True)
        body = Rect(area.x + s(10), title.bottom + s(8), area.w - s(20), area.bottom - title.bottom - s(16))
        y = body.y
        c.text(Msg("Language"), (body.x, y), theme.MIN_TEXT, theme.TEXT_DIM)
        y = language_buttons(c, body.x, y + s(20), s(480), self.win.lang.code, self.language)
        c.text(Msg("Mission"), (body.x, y), theme.MIN_TEXT, theme.TEXT_DIM)
        y += s(20)
        missions = [(line.id, MISSIONS[line.id]) for line in mission_lines()]  # by date, then the practice
        cols = 2
        bw = (body.w - s(4)) // cols
        rows = max(1, (body.bottom - y - s(56)) // s(51))
        per_page = rows * cols
        pages = max(1, -(-len(missions) // per_page))
        page = min(self.page, pages - 1)
        for i, (mid, spec) in enumerate(missions[page * per_page:(page + 1) * per_page]):
            box = Rect(body.x + (i % cols) * (bw + s(4)), y + (i // cols) * s(51), bw - (s(52) if pages > 1 and
                                                                                      i % cols == 1 else 0), s(47))
            c.button(f"mission.{mid}", box, Msg.term(str(spec.get("name", mid))), call(self.choose, mid),
                     active=self.mission == mid, size=theme.MIN_TEXT)
        if pages > 1:
            more = Rect(body.right - s(48), y, s(48), s(47))
            c.button("mission.more", more, None, simple(lambda: self._page(pages)), icon=icons.arrow_down)
        bottom = Rect(body.x, body.bottom - s(47), body.w, s(47))
        label = Msg("Crew rules")
        rx = bottom.x + min(max(s(110), c.text_width(label, theme.MIN_TEXT) + s(8)), s(160))
        c.text(label, (bottom.x, bottom.centery), theme.MIN_TEXT, theme.TEXT_DIM, "midleft", width=rx - bottom.x - s(6))
        for i, (rule, word) in enumerate(((None, Msg("as the mission says")), ("enforce", Msg("enforce")),
                                          ("advise", Msg("advise")))):
            box = Rect(rx + i * s(150), bottom.y, s(146), bottom.h)
            c.button(f"setup.rules.{rule or 'mission'}", box, word, call(self.set_rules, rule),
                     active=self.rules == rule, size=theme.MIN_TEXT)
        start = Rect(bottom.right - s(170), bottom.y, s(170), bottom.h)
        pygame.draw.rect(surface, theme.PANEL_DARK, start.inflate(s(8), s(8)))
        c.button("setup.start", start, Msg("Start"), simple(self.start), active=True, icon=icons.play)

    def _page(self, pages: int) -> None:
        self.page = (self.page + 1) % pages
        self.win.touch()
