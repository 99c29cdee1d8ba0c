"""The crew: all 32 sailors behind the 16 figures (the watch on duty and the one off), each with
section, chips, task and ailments; the command and morale bars; medical supplies; the food
pyramid; cigarettes. Touch a sailor for his details and the corrections of §6.14."""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any

import pygame
from pygame import Rect

from kaleun.core.messages import Msg
from kaleun.uboot.figures import FIGURES
from kaleun.ui import icons, theme
from kaleun.ui.boat_view import draw_figure
from kaleun.ui.scene import freeze
from kaleun.ui.screens.base import Screen
from kaleun.ui.touch import call, simple
from kaleun.ui.widgets import Canvas

TASK_WORDS: dict[str, Msg] = {"observation": Msg("lookout"), "repair": Msg("repairing"), "breach": Msg("at the breach"),
                              "first_aid": Msg("medic")}
SUPPLY_SHORT: dict[str, Msg] = {"pills": Msg("pills"), "ointment": Msg("oint."), "bandages": Msg("band."),
                                "injections": Msg("inj."), "surgical_instruments": Msg("instr.")}
FOOD_LETTERS: dict[str, str] = {"egg": "Eg", "potato": "Po", "lemon": "Le", "canned_fish": "Fi", "meat": "Me",
                                "bread": "Br", "onion": "On"}


def off_duty(game: Any) -> dict[str, dict[str, Any]]:
    """The watch off duty: each figure's other sailor (name, chips, ailments, dead)."""
    if not game.has_module("crew"):
        return {}
    crew = game.module("crew")
    row = 1 - int(crew.row)
    out = {}
    for f in FIGURES:
        state = crew.sailor(f, row)
        out[f] = {"name": crew.face(f, row).name, "chips": len(state.chips), "dead": bool(state.dead),
                  "ailments": len(state.ailments)}
    return out


class CrewScreen(Screen):
    id = "crew"
    title = Msg("Crew")
    icon = "person"

    def __init__(self, win: Any) -> None:
        super().__init__(win)
        self.crew: dict[str, Any] = {}
        self.off: dict[str, dict[str, Any]] = {}

    @property
    def selected(self) -> str | None:
        chosen = self.win.ui.get("sailor")
        return chosen if isinstance(chosen, str) else None

    def read(self) -> Hashable:
        game = self.game
        self.crew = game.module("crew").status() if game.has_module("crew") else {}
        self.off = off_duty(game)
        return (freeze(self.crew), freeze(self.off), self.selected)

    def select(self, figure: str | None) -> None:
        self.win.ui["sailor"] = None if figure == self.selected else figure
        self.win.touch()

    def draw(self, c: Canvas, area: Rect) -> None:
        s = c.size
        c.surface.fill(theme.PANEL, area)
        if not self.crew:
            c.text(Msg("This game keeps no crew."), area.center, theme.TEXT_SIZE, theme.TEXT_DIM, "center")
            return
        grid = Rect(area.x + s(4), area.y + s(4), s(540), area.h - s(8))
        side = Rect(grid.right + s(6), area.y + s(4), area.right - grid.right - s(10), area.h - s(8))
        self._cards(c, grid)
        if self.selected in self.crew.get("sailors", {}):
            self._sailor(c, side, str(self.selected))
        else:
            self._ship(c, side)

    def _cards(self, c: Canvas, rect: Rect) -> None:
        s = c.size
        sailors = self.crew.get("sailors", {})
        waiting = {i["figure"] for i in self.crew.get("health", {}).get("injuries_waiting", [])}
        cols, rows = 4, 4
        w = (rect.w - s(4) * (cols - 1)) // cols
        h = (rect.h - s(4) * (rows - 1)) // rows
        for i, figure in enumerate(FIGURES):
            st = sailors.get(figure)
            if st is None:
                continue
            box = Rect(rect.x + (i % cols) * (w + s(4)), rect.y + (i // cols) * (h + s(4)), w, h)
            chosen = figure == self.selected
            fill = (60, 60, 60) if st["dead"] else theme.BUTTON_ACTIVE if chosen else theme.BUTTON
            pygame.draw.rect(c.surface, fill, box, border_radius=s(6))
            pygame.draw.rect(c.surface, theme.TEXT if chosen else theme.PANEL_EDGE, box, s(3) if chosen else 1,
                             border_radius=s(6))
            text = theme.TEXT_DARK if chosen else theme.TEXT
            dim = theme.TEXT_DARK if chosen else theme.TEXT_DIM
            draw_figure(c.surface, c.fonts, figure, (box.x + s(14), box.y + s(34)), s(20))
            c.text(Msg.term(str(st["name"])), (box.x + s(5), box.y + s(2)), theme.MIN_TEXT, text, width=box.w - s(8))
            name_w = box.right - box.x - s(30)
            where = st["section"]
            bits: list[Msg | str] = [Msg("in {n}", n=where) if where is not None else Msg("lifted")]
            task = (st.get("task") or {}).get("kind") if isinstance(st.get("task"), dict) else None
            if task:
                bits.append(TASK_WORDS.get(str(task), Msg.term(str(task))))
            line = Msg("{a}, {b}", a=bits[0], b=bits[1]) if len(bits) > 1 else bits[0]
            c.text(line, (box.x + s(27), box.y + s(24)), theme.MIN_TEXT, dim, width=name_w)
            y = box.y + s(46)
            x = box.x + s(6)
            for _ in range(min(3, len(st["chips"]))):
                pygame.draw.circle(c.surface, (250, 220, 60), (x + s(6), y + s(8)), s(6))
                pygame.draw.circle(c.surface, theme.OUTLINE, (x + s(6), y + s(8)), s(6), 1)
                x += s(15)
            if st["dead"]:
                icons.x_mark(c.surface, Rect(x, y, s(18), s(18)), theme.WARNING)
                x += s(22)
            elif st["ailments"] or figure in waiting:
                badge = Rect(x, y, s(18), s(18))
                pygame.draw.rect(c.surface, (255, 255, 255), badge.inflate(s(2), s(2)))
                icons.cross(c.surface, badge, (210, 20, 20))
                x += s(22)
            other = self.off.get(figure, {})
            if other:
                name = Msg.term(str(other["name"]))
                c.text(Msg("off: {name}", name=Msg("✝ {name}", name=name) if other.get("dead") else name),
                       (x + s(2), y - s(2)), theme.MIN_TEXT, dim, width=box.right - x - s(6))
            c.targets.add(f"sailor.{figure}", box, call(self.select, figure))

    def _ship(self, c: Canvas, rect: Rect) -> None:
        s = c.size
        crew = self.crew
        win = self.win
        bars = crew.get("bars", {})
        top = c.panel(rect, Msg("BARS AND STORES"))
        x, w = rect.x + s(6), rect.w - s(12)
        y = top
        said = c.text(Msg("Command {bar}", bar=bars.get("command")), (x, y), theme.MIN_TEXT, theme.ACCENT, bold=True,
                      width=w)
        c.text(Msg("{n} orders left", n=bars.get("command_fields_left")), (rect.right - s(6), y), theme.MIN_TEXT,
               theme.TEXT_DIM, "topright", width=max(1, rect.right - s(6) - said.right - s(8)))
        y += s(21)
        c.text(Msg("Morale {bar}", bar=bars.get("morale")), (x, y), theme.MIN_TEXT, theme.ACCENT, bold=True)
        if bars.get("exhausted"):
            c.text(Msg("exhausted"), (rect.right - s(6), y), theme.MIN_TEXT, theme.WARNING, "topright", bold=True)
        y += s(23)
        bw = (w - s(12)) // 4
        for i, (bid, label, cmd) in enumerate((
                ("bars.command-", "C−", {"do": "adjust_command", "by": -1}),
                ("bars.command+", "C+", {"do": "adjust_command", "by": 1}),
                ("bars.morale-", "M−", {"do": "adjust_morale", "by": -1}),
                ("bars.morale+", "M+", {"do": "adjust_morale", "by": 1}))):
            c.button(bid, Rect(x + i * (bw + s(4)), y, bw, s(47)), label, call(win.submit, dict(cmd)),
                     size=theme.MIN_TEXT)
        y += s(51)
        health = crew.get("health", {})
        supplies = dict(health.get("supplies", {}))
        items = [(SUPPLY_SHORT.get(k, Msg.term(k)), v) for k, v in supplies.items()] + [(Msg("kits"),
                                                                                         health.get("kits", 0))]
        col = w // 3
        for i, (word, n) in enumerate(items[:6]):
            c.text(Msg("{what} {n}", what=word, n=n), (x + (i % 3) * col, y + (i // 3) * s(21)), theme.MIN_TEXT,
                   theme.TEXT_DIM, width=col - s(4))
        y += s(44)
        food = crew.get("food", {})
        pyramid = list(food.get("pyramid", []))
        size = s(28)
        row_h = s(19)
        px = x
        index = 0
        for row in range(3):
            for k in range(row + 1):
                if index >= len(pyramid):
                    break
                kind = pyramid[index]
                box = Rect(px + (2 - row) * size // 2 + k * size, y + row * row_h, size - s(2), row_h - s(1))
                pygame.draw.rect(c.surface, (200, 180, 120) if kind else theme.BUTTON_DISABLED, box, border_radius=s(3))
                if kind:
                    c.text(FOOD_LETTERS.get(str(kind), str(kind)[:2].title()), box.center, theme.MIN_TEXT,
                           theme.TEXT_DARK, "center")
                index += 1
        fx = px + 3 * size + s(8)
        c.text(Msg("food supply {n}", n=food.get("supply", 0)), (fx, y), theme.MIN_TEXT, theme.TEXT_DIM,
               width=rect.right - fx - s(6))
        cigs = crew.get("cigarettes", {})
        c.text(Msg("cigarettes"), (fx, y + s(19)), theme.MIN_TEXT, theme.TEXT_DIM, width=rect.right - fx - s(6))
        c.text(f"C{cigs.get('captain', 0)} O{cigs.get('officer', 0)} N{cigs.get('navigator', 0)} "
               f"E{cigs.get('engineer', 0)}", (fx, y + s(38)), theme.MIN_TEXT, theme.TEXT_DIM,
               width=rect.right - fx - s(6))
        buttons = Rect(x, rect.bottom - s(51), (w - s(8)) // 3, s(47))
        c.button("crew.meal", buttons, Msg("Meal"), simple(lambda: win.open_form("prepare_meal")), size=theme.MIN_TEXT)
        c.button("crew.smoke", buttons.move(buttons.w + s(4), 0), Msg("Smoke"), simple(lambda: win.open_form("smoke")),
                 size=theme.MIN_TEXT)
        c.button("crew.address", buttons.move(2 * (buttons.w + s(4)), 0), Msg("Speech"),
                 simple(lambda: win.open_form("address_crew")), size=theme.MIN_TEXT)

    def _sailor(self, c: Canvas, rect: Rect, figure: str) -> None:
        s = c.size
        win = self.win
        st = self.crew["sailors"][figure]
        top = c.panel(rect, Msg.term(figure))
        x, w = rect.x + s(6), rect.w - s(12)
        y = top
        c.text(Msg.term(str(st["name"])), (x, y), theme.TEXT_SIZE, theme.TEXT, bold=True, width=w)
        y += s(24)
        lines: list[Msg | str] = [Msg("section {n}, {chips}", n=st["section"] if st["section"] is not None else "—",
                                      chips=Msg.plural("{n} chip", "{n} chips", n=len(st["chips"])))]
        task = (st.get("task") or {}).get("kind") if isinstance(st.get("task"), dict) else None
        if task:
            lines.append(Msg("task: {task}", task=TASK_WORDS.get(str(task), Msg.term(str(task)))))
        for a in st.get("ailments", []):
            lines.append(Msg("{deck} card, {state}", deck=Msg.term(str(a.get("deck"))),
                             state=Msg("treated") if a.get("treated") else Msg("untreated")))
        if st["dead"]:
            lines.append(Msg("dead"))
        other = self.off.get(figure, {})
        if other:
            lines.append(Msg("off duty: {name}", name=Msg.term(str(other["name"]))))
        for line in lines[:6]:
            c.text(line, (x, y), theme.MIN_TEXT, theme.TEXT_DIM, width=w)
            y += s(21)
        bw = (w - s(4)) // 2
        grid = Rect(x, rect.bottom - s(3 * 51) - s(2), bw, s(47))
        untreated = any(not a.get("treated") for a in st.get("ailments", []))
        buttons = [
            ("sailor.chip+", Msg("Chip +1"), lambda: win.submit({"do": "chips", "figure": figure, "add": 1}), True),
            ("sailor.chip-", Msg("Chip −1"), lambda: win.submit({"do": "chips", "figure": figure, "remove": 1}),
             bool(st["chips"])),
            ("sailor.first_aid", Msg("First aid"), lambda: win.open_form("first_aid", {"patients": [figure]}),
             untreated),
            ("sailor.cure", Msg("Cure card"), lambda: win.open_form("cure", {"figure": figure}), bool(st["ailments"])),
            ("sailor.stop", Msg("Stand down"), lambda: win.submit({"do": "stop_task", "figure": figure}), bool(task)),
            ("sailor.kill", Msg("Dead"), lambda: win.open_form("kill", {"figure": figure}), not st["dead"]),
        ]
        for i, (bid, label, action, enabled) in enumerate(buttons):
            box = grid.move((i % 2) * (bw + s(4)), (i // 2) * s(51))
            c.button(bid, box, label, simple(action), enabled=enabled, size=theme.MIN_TEXT)
