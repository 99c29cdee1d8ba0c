"""The boat screen: the boat from the side with the 16 figures (drag one to another section or to
the tray, or touch it and then where it goes), what is wrong in each section, the mobilization,
moves that wait for a Mobilize, and undo."""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any

import pygame
from pygame import Rect

from kaleun.core.errors import CommandError
from kaleun.core.messages import Msg, of_error
from kaleun.uboot.figures import figure_term
from kaleun.ui import icons, theme
from kaleun.ui.actions import MOVE_FIX_CHOICES
from kaleun.ui.boat_view import (
    BoatPlan,
    BoatView,
    boat_plan,
    draw_boat,
    draw_figure,
    figure_places,
    label_widths,
    read_boat,
    role_letter,
)
from kaleun.ui.scene import Drag, freeze, lamp_looks
from kaleun.ui.screens.base import Screen
from kaleun.ui.touch import call, simple
from kaleun.ui.widgets import NARROWEST, Canvas


class BoatScreen(Screen):
    id = "boat"
    title = Msg("Boat")
    icon = "boat"

    def __init__(self, win: Any) -> None:
        super().__init__(win)
        self.view: BoatView | None = None
        self.crew: dict[str, Any] = {}
        self.boat: dict[str, Any] = {}
        self.square: str | None = None
        self.plan: BoatPlan | None = None
        #: each section's label as drawn in the last frame, whole (None: it had to be cut)
        self.labels: dict[int, str | None] = {}
        #: why the Mobilize that settles a move made without one would be refused now (the order assistant's
        #: answer; None: it would be given)
        self.pay_refused: Msg | str | None = None

    def read(self) -> Hashable:
        game = self.game
        where = game.module("figures").where
        figures = tuple((f, where.get(f)) for f in where)
        boat = game.module("boat").status()
        drag = self.win.drag
        self.view = read_boat(game, figures, bool(boat["surfaced"]), lamp_looks(getattr(self.win.runtime, "lamps",
                                                                                        None)),
                              self.win.selected, drag.figure if drag else None, drag.target if drag else None)
        self.boat = boat
        crew = game.module("crew").status() if game.has_module("crew") else {}
        self.crew = {"mobilization": crew.get("mobilization", False), "unsettled": crew.get("unsettled", {}),
                     "undo": crew.get("undo"), "rules": crew.get("rules")}
        self.square = game.module("navigation").status().get("dr_square") if game.has_module("navigation") else None
        self.pay_refused = self._pay_refused(game)
        return (self.view, freeze(self.crew), freeze(self.pay_refused), round(float(boat["speed_kn"]), 1),
                int(boat.get("course", 0)), round(float(boat.get("depth_m", 0.0))), self.square)

    def _pay_refused(self, game: Any) -> Msg | str | None:
        """Why paying a Mobilize for a move made without one would be refused now (both bars exhausted, the mission
        over), as the order desk's preview says it; None when no move waits for one or it would be given."""
        unsettled = self.crew.get("unsettled") or {}
        if not any(flag.get("reason") == "no_mobilize" for flag in unsettled.values()):
            return None
        try:
            answer = game.module("orders").preview({"order": "mobilize"})
        except CommandError as exc:
            return of_error(exc)
        return None if answer.get("accepted") else answer.get("reason")

    def places(self) -> dict[str, tuple[tuple[int, int], int]]:
        if self.view is None:
            self.read()
        assert self.view is not None
        layout = self.win.layout
        footed = frozenset({b.section for b in self.view.breaches} | set(self.view.flooded))
        self.plan = boat_plan(layout, self.view.figures, label_widths(layout, self.win.fonts, self.win.tr, self.view),
                              footed)
        return figure_places(self.win.layout, self.plan, self.view.figures)

    def draw(self, c: Canvas, area: Rect) -> None:
        if self.view is None:
            self.read()
        view = self.view
        assert view is not None
        places = self.places()
        plan = self.plan
        assert plan is not None
        self.labels = draw_boat(c, plan, view, places, area)
        win = self.win
        for number, rect in plan.sections.items():
            c.targets.add(f"section.{number}", rect, call(win.drop_selected, number), "section")
        c.targets.add("tray", plan.tray, lambda pos: win.drop_selected("tray"), "tray")
        for figure, (centre, cell) in places.items():
            box = Rect(0, 0, cell, cell)
            box.center = centre
            c.targets.add(f"figure.{figure}", box, None, "figure")
        self._controls(c, plan.controls)

    def _controls(self, c: Canvas, rect: Rect) -> None:
        s = c.size
        win = self.win
        crew = self.crew
        unsettled: dict[str, Any] = crew.get("unsettled") or {}
        if unsettled:
            figure, flag = next(iter(unsettled.items()))
            box = rect.inflate(-s(2), -s(2))
            pygame.draw.rect(c.surface, theme.PANEL, box, border_radius=s(6))
            pygame.draw.rect(c.surface, theme.WARNING, box, s(3), border_radius=s(6))
            icons.warning(c.surface, Rect(box.x + s(6), box.y + s(6), s(22), s(22)), theme.WARNING)
            if flag.get("reason") == "no_mobilize":
                words = Msg("{figure} moved {a} → {b} without a Mobilize", figure=figure_term(figure),
                            a=flag["from"], b=flag["to"])
            else:
                words = Msg("{figure} cannot go {a} → {b}", figure=figure_term(figure), a=flag["from"], b=flag["to"])
            text = Rect(box.x + s(32), box.y + s(4), box.w - s(36), s(44))
            if len(unsettled) > 1:
                # "+N more" at the end of the warning's last line (narrowing the warning where needed),
                # clear of the buttons under it
                more = Msg("+{n} more", n=len(unsettled) - 1)
                room = c.text_width(more, theme.MIN_TEXT) + s(10)
                rows = c.lines(words, theme.MIN_TEXT, text.w)
                if len(rows) > 1 and c.text_width(rows[-1], theme.MIN_TEXT) + room > text.w:
                    text.w -= room
                second = text.y + int(c.font(theme.MIN_TEXT).get_linesize())
                c.text(more, (box.right - s(6), second), theme.MIN_TEXT, theme.TEXT_DIM, "topright")
            c.paragraph(words, text, theme.MIN_TEXT)
            y = box.bottom - s(52)
            half = (box.w - s(18)) // 2
            if flag.get("reason") == "no_mobilize":
                # an order: greyed, saying why, where the order desk would refuse it (both bars exhausted)
                refused = self.pay_refused
                c.button("move_fix.mobilize", Rect(box.x + s(6), y, half, s(47)), Msg(MOVE_FIX_CHOICES["mobilize"]),
                         simple(lambda: win.submit({"do": "move_fix", "figure": figure, "choice": "mobilize"})),
                         enabled=refused is None, why_not=refused)
            c.button("move_fix.put_back", Rect(box.x + s(12) + half, y, half, s(47)), Msg(MOVE_FIX_CHOICES["put_back"]),
                     simple(lambda: self.put_back(figure, int(flag["from"]))))
            return
        # the buttons a finger's 9 mm high and three lines under them, all inside the box above the boat
        row = Rect(rect.x + s(4), rect.y + s(1), (rect.w - s(16)) // 2, s(47))
        if crew.get("mobilization"):
            c.button("end_mobilize", row, Msg("End mobilization"), simple(lambda: win.submit({"do": "end_mobilize"})),
                     active=True)
        else:
            c.button("mobilize", row, Msg("Mobilize"), simple(lambda: win.open_form("mobilize")), icon=icons.person)
        undo = crew.get("undo")
        c.button("undo", row.move(row.w + s(8), 0), Msg("Undo"), simple(lambda: win.submit({"do": "undo"})),
                 icon=icons.undo, enabled=bool(undo), why_not=Msg("There is nothing to undo."))
        y = row.bottom + s(4)
        boat = self.boat
        where = Msg("surfaced") if boat.get("surfaced") else Msg("{depth} m deep", depth=round(float(boat["depth_m"])))
        speed, course = float(boat["speed_kn"]), int(boat.get("course", 0))
        line = Msg("{speed:.1f} kn · course {course:03d}° · {where}", speed=speed, course=course, where=where)
        lines: list[tuple[Msg, int, theme.Color]] = [(line, theme.TEXT_SIZE, theme.TEXT)]
        if c.text_width(line, theme.TEXT_SIZE) * NARROWEST > rect.w - s(8):
            # beside a crowded deck and bridge the line is split rather than cut ("в надводном…"): where the
            # boat is on a line of its own, and the undo's line, the last, left out where no room is left for it
            lines = [(Msg("{speed:.1f} kn · course {course:03d}°", speed=speed, course=course), theme.TEXT_SIZE,
                      theme.TEXT), (where, theme.MIN_TEXT, theme.TEXT)]
        if self.square:
            lines.append((Msg("Square {square} by dead reckoning", square=self.square), theme.MIN_TEXT,
                          theme.TEXT_DIM))
        if undo:
            lines.append((Msg("Undo: {what}", what=undo), theme.MIN_TEXT, theme.TEXT_DIM))
        for words, size, color in lines:  # a little closer than the font's own line distance
            if y + int(c.font(size).get_height()) > rect.bottom + s(2):
                break
            c.text(words, (rect.x + s(6), y), size, color, width=rect.w - s(8))
            y += int(c.font(size).get_linesize()) - s(2)

    def put_back(self, figure: str, section: int) -> None:
        """The figure goes back where it stood; on a table whose figures only hands move, the crew is told."""
        try:
            self.win.table.actuate({"do": "place", "figure": figure, "section": section})
        except CommandError:
            self.win.submit({"do": "move_fix", "figure": figure, "choice": "put_back"})
        self.win.touch()

    def draw_drag(self, c: Canvas, drag: Drag) -> None:
        places = self.places()
        cell = places.get(drag.figure, ((0, 0), c.size(47)))[1]
        draw_figure(c.surface, c.fonts, drag.figure, drag.pos, max(cell, c.size(47)) * 0.9, selected=True,
                    letter=role_letter(c, drag.figure))
