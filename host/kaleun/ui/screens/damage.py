"""Damage and repairs: the boat's sections with their conditions, flooding, a breach counting
down, injured and dead sailors; and the list of what to do about it — hull breaches, conditions,
technical jobs (severity, the crew needed and present, progress, paused jobs), the injured."""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable
from functools import partial
from typing import Any

import pygame
from pygame import Rect

from kaleun.core.messages import Msg
from kaleun.uboot.crew.hazards import CONDITIONS
from kaleun.uboot.crew.technical import component_name
from kaleun.ui import icons, theme
from kaleun.ui.actions import PUZZLE_RESULTS
from kaleun.ui.boat_view import (
    CONDITION_ICONS,
    CONDITION_WORDS,
    SECTION_NAMES,
    BoatView,
    draw_section,
    read_boat,
    section_icons,
)
from kaleun.ui.forms import SEVERITY_WORDS
from kaleun.ui.scene import freeze
from kaleun.ui.screens.base import Screen
from kaleun.ui.touch import simple
from kaleun.ui.widgets import Canvas, wrap

ITEM_WORDS: dict[str, Msg] = {"extinguisher": Msg("extinguisher"), "cables": Msg("cables"),
                              "breathing_set": Msg("breathing set"), "light_bulb": Msg("light bulb"),
                              "water_pump": Msg("water pump")}


#: the widest a row's button grows (px at 800x480; our choice: a label wider takes two lines in it)
WIDEST_BUTTON = 150
#: (id, label, action) of a row's buttons
Buttons = list[tuple[str, Msg, Callable[[], None]]]
#: (id, icon, words, detail, colour, buttons)
Row = tuple[str, Any, Msg | str, Msg | str | None, theme.Color, Buttons]


def _clock(seconds: int) -> str:
    return f"{seconds // 60}:{seconds % 60:02d}"



def button_width(c: Canvas, label: Msg) -> int:
    """A row's button: as wide as its label on one line, at most WIDEST_BUTTON px (at 800x480) — a longer label
    ("Медицинская помощь") takes two lines in it — so the row's words keep their room and the rows their height."""
    s = c.size
    return max(s(86), min(s(WIDEST_BUTTON), c.text_width(label, theme.MIN_TEXT, True) + s(20)))

class DamageScreen(Screen):
    id = "damage"
    title = Msg("Damage")
    icon = "wrench"

    def __init__(self, win: Any) -> None:
        super().__init__(win)
        self.view: BoatView | None = None
        self.crew: dict[str, Any] = {}
        self.jobs: list[dict[str, Any]] = []
        self.page = 0

    def read(self) -> Hashable:
        game = self.game
        where = game.module("figures").where
        figures = tuple((f, where.get(f)) for f in where)
        boat = game.module("boat").status()
        self.view = read_boat(game, figures, bool(boat["surfaced"]))
        crew = game.module("crew").status() if game.has_module("crew") else {}
        self.crew = {k: crew.get(k) for k in ("conditions", "breaches", "items", "health", "sailors", "flooded",
                                              "repairs", "mobilization")}
        self.jobs = list(game.module("technical").status().get("jobs", [])) if game.has_module("technical") else []
        return (self.view, freeze(self.crew), freeze(self.jobs), self.page)

    def draw(self, c: Canvas, area: Rect) -> None:
        s = c.size
        c.surface.fill(theme.PANEL, area)
        boat = Rect(area.x + s(4), area.y + s(4), area.w - s(8), s(106))
        self._boat(c, boat)
        self._list(c, Rect(area.x + s(4), boat.bottom + s(4), area.w - s(8), area.bottom - boat.bottom - s(8)))

    def _boat(self, c: Canvas, rect: Rect) -> None:
        s = c.size
        view = self.view
        assert view is not None
        pygame.draw.rect(c.surface, theme.SEA, rect, border_radius=s(6))
        top_h = s(38)
        w = (rect.w - s(7 * 4)) / 6
        hull_y = rect.y + top_h + s(4)
        sailors = self.crew.get("sailors") or {}
        waiting = {i["figure"] for i in (self.crew.get("health") or {}).get("injuries_waiting", [])}
        where = dict(view.figures)
        for n in range(1, 9):
            if n <= 6:
                box = Rect(round(rect.x + s(4) + (n - 1) * (w + s(4))), hull_y, round(w), rect.bottom - hull_y - s(4))
            else:
                box = Rect(round(rect.x + s(4) + (n - 7) * (w + s(4)) + w * (0.5 if n == 7 else 1.5)), rect.y + s(3),
                           round(w), top_h - s(2))
            draw_section(c, n, box, view, False, compact=True)
            # a dead sailor has no section of his own any more: his figure shows where he lies
            here = [f for f, st in sailors.items()
                    if (st.get("section") if st.get("section") is not None else where.get(f)) == n]
            dead = sum(1 for f in here if sailors[f]["dead"])
            hurt = sum(1 for f in here if not sailors[f]["dead"] and (sailors[f]["ailments"] or f in waiting))
            x = box.x + s(22)
            y = box.y + s(1) if n > 6 else box.bottom - s(22)
            badges = [(count, icon, color) for count, icon, color in
                      ((hurt, icons.cross, (210, 20, 20)), (dead, icons.x_mark, theme.OUTLINE)) if count]
            flooded = n in view.flooded
            if n <= 6 and badges and (flooded or any(b.section == n for b in view.breaches)):
                # the breach's countdown (or "Flooded") holds the bottom: the badges go up beside the
                # number, clear of the section's icons where they fit, else between the number and the foot
                wide = len(badges) * s(40)
                icons_w = section_icons(view, n) * (s(18) + s(2)) + s(4)  # as the section draws them
                y = box.y + s(4) if x + wide <= box.right - icons_w else box.y + s(21)
            for count, icon, color in badges:
                badge = Rect(x, y, s(18), s(18))
                pygame.draw.rect(c.surface, (255, 255, 255), badge.inflate(s(2), s(2)), border_radius=s(3))
                icon(c.surface, badge, color)
                c.text(str(count), (badge.right + s(2), badge.centery), theme.MIN_TEXT,
                       (235, 235, 250) if flooded else theme.TEXT_DARK, "midleft", bold=True)
                x += s(40)

    def _rows(self) -> list[Row]:
        """(id, icon, words, detail, colour, buttons) of everything to do, most urgent first."""
        win = self.win
        rows: list[Row] = []
        now = self.game.t
        for sec, b in sorted((self.crew.get("breaches") or {}).items()):
            left = max(0, math.ceil(float(b["deadline"]) - now))
            words = Msg("Hull breach in section {n}: {t} left", n=sec, t=_clock(left))
            color = theme.ALARM_COLORS["breach"]
            if b.get("result") == "failed":
                rows.append((f"breach.{sec}", icons.breach, words, Msg("The puzzle failed: get everybody out!"),
                             color, []))
            elif b.get("crewed"):
                rows.append((f"breach.{sec}", icons.breach, words,
                             Msg("The repair crew is at work: the puzzle's result?"),
                             color, [
                                 (f"puzzle.{sec}.{result}", Msg(label),
                                  partial(win.submit, {"do": "puzzle", "section": int(sec), "result": result}))
                                 for result, label in PUZZLE_RESULTS.items()]))
            else:
                rows.append((f"breach.{sec}", icons.breach, words, Msg("5 sailors with the repair symbol seal it"),
                             color,
                             [(f"repair.breach.{sec}", Msg("Seal"),
                               partial(win.open_form, "repair", {"job": {"breach": int(sec)}}))]))
        items = self.crew.get("items") or {}
        for cond in self.crew.get("conditions") or []:
            kind, sec = str(cond["condition"]), int(cond["section"])
            name = CONDITION_WORDS.get(kind, Msg.term(kind))
            words = Msg("{what} in section {n} ({room})", what=name, n=sec, room=SECTION_NAMES[sec])
            spec = CONDITIONS.get(kind, {})
            item = spec.get("equipment")
            detail: Msg | None = None
            if spec.get("vented_by_surfacing"):
                detail = Msg("surface the boat to vent it")
            elif item:
                where = items.get(item)
                thing = ITEM_WORDS.get(str(item), Msg.term(str(item)))
                detail = (Msg("equipment in place: {item}", item=thing) if where == sec else
                          Msg("needs equipment: {item} (lost)", item=thing) if where is None else
                          Msg("needs equipment: {item} (now in section {w})", item=thing, w=where))
            icon = icons.ICONS[CONDITION_ICONS.get(kind, "warning")]
            color = theme.CONDITION_COLORS.get(kind, theme.WARNING)
            if kind == "light_failure":
                color = theme.TEXT_DIM
            buttons: Buttons = []
            if (item and not spec.get("vented_by_surfacing") and items.get(item) not in (sec, None)
                    and self.crew.get("mobilization")):
                # §6.4: a sailor moving in this mobilization takes the chip along on his way
                buttons.append((f"carry.{item}.{sec}", Msg("Carry"),
                                partial(win.open_form, "carry", {"item": item, "to": sec})))
            if item and not spec.get("vented_by_surfacing") and items.get(item) != sec:
                # a correction (§6.14): the crew has carried the equipment chip here on the board
                buttons.append((f"item.{item}.{sec}", Msg("Moved here"),
                                partial(win.submit, {"do": "move_item", "item": item, "section": sec})))
            if not spec.get("vented_by_surfacing"):
                buttons.append((f"repair.{kind}.{sec}", Msg("Repair"),
                                partial(win.open_form, "repair", {"job": {"condition": kind, "section": sec}})))
            rows.append((f"condition.{kind}.{sec}", icon, words, detail, color, buttons))
        for job in self.jobs:
            comp = str(job["component"])
            severity = SEVERITY_WORDS.get(str(job["severity"]), Msg.term(str(job["severity"])))
            words = Msg("{what}: {severity}", what=Msg.term(component_name(comp)), severity=severity)
            present, needed = int(job.get("sailors", 0)), int(job.get("crew", 1))
            progress = round(float(job.get("progress", 0.0)) * 100)
            job_buttons: Buttons = []
            ordered = comp in (self.crew.get("repairs") or ())
            if ordered and not job.get("active"):
                # too few sailors left (§10.3.2): those left turned their chips over and the job waits;
                # joining it again is a crew action, no new order
                present = self._repairing(comp)
                detail = Msg.plural("paused: {p} of {n} sailor, {pc} % done", "paused: {p} of {n} sailors, {pc} % done",
                                    p=present, n=needed, pc=progress)
                job_buttons = [(f"join.{comp}", Msg("Join"),
                            partial(win.submit, {"do": "join_task", "task": "repair", "component": comp}))]
            elif present:
                detail = Msg.plural("{p} of {n} sailor at work, {pc} % done", "{p} of {n} sailors at work, {pc} % done",
                                    p=present, n=needed, pc=progress)
            else:
                detail = Msg.plural("needs {n} sailor in section {s}", "needs {n} sailors in section {s}", n=needed,
                                    s=job.get("section"))
                job_buttons = [(f"repair.{comp}", Msg("Repair"),
                            partial(win.open_form, "repair", {"job": {"component": comp}}))]
            color = theme.SEVERITY_COLORS.get(str(job.get("colour")), theme.TEXT_DIM)
            rows.append((f"job.{comp}", icons.wrench, words, detail, color, job_buttons))
        health = self.crew.get("health") or {}
        sailors = self.crew.get("sailors") or {}
        for injury in health.get("injuries_waiting", []):
            who = str(sailors.get(injury["figure"], {}).get("name", injury["figure"]))
            rows.append((f"injury.{injury['id']}", icons.cross, Msg("{name} is injured", name=Msg.term(who)),
                         Msg("draw a {deck} card and enter it", deck=Msg.term(str(injury["deck"]))), (230, 60, 60),
                         [(f"card.{injury['id']}", Msg("Card"),
                           partial(win.open_form, "ailment", {"injury": injury["id"]}))]))
        for figure, st in sailors.items():
            untreated = [a for a in st.get("ailments", []) if not a.get("treated")]
            if untreated and not st.get("dead"):
                rows.append((f"patient.{figure}", icons.cross, Msg("{name} needs first aid",
                                                                   name=Msg.term(str(st["name"]))),
                             Msg("in section {n}", n=st.get("section")), (230, 60, 60),
                             [(f"first_aid.{figure}", Msg("First aid"),
                               partial(win.open_form, "first_aid", {"patients": [figure]}))]))
        # the crew's losses on this watch, by name, last: nothing is left to do for them
        dead = [Msg.term(str(st["name"])) for st in sailors.values() if st.get("dead")]
        if dead:
            names = ", ".join(self.win.tr(name) for name in dead)
            rows.append(("dead", icons.x_mark, Msg.plural("{n} sailor dead", "{n} sailors dead", n=len(dead)), names,
                         theme.TEXT_DIM, []))
        return rows

    def _repairing(self, component: str) -> int:
        """How many living sailors have the repair of `component` as their task."""
        sailors = self.crew.get("sailors") or {}
        return sum(1 for st in sailors.values() if not st.get("dead") and isinstance(st.get("task"), dict)
                   and st["task"].get("kind") == "repair" and st["task"].get("component") == component)

    def _layout(self, c: Canvas, rows: list[Row], width: int) -> list[tuple[Row, list[str], list[str], int]]:
        """Each row with its title and detail wrapped to the width its buttons leave, and its height
        (at least a finger's 47 px; taller when a text needs more lines)."""
        s = c.size
        bold, plain = c.font(theme.MIN_TEXT, True), c.font(theme.MIN_TEXT)
        line = plain.get_linesize()
        out = []
        for row in rows:
            _rid, _icon, words, detail, _color, buttons = row
            bx = width - s(4)
            for _bid, label, _action in buttons:
                bx -= button_width(c, label) + s(4)
            text_w = max(1, bx - s(48))
            said = c.tr(words)
            # a row's title starts a sentence: "Diesels: failure" (a machine's name from the data is lower case)
            title = wrap(bold, said[:1].upper() + said[1:], text_w)
            more = wrap(plain, c.tr(detail), text_w) if detail is not None else []
            height = max(s(47), len(title) * bold.get_linesize() + len(more) * line + s(4))
            out.append((row, title, more, height))
        return out

    def _list(self, c: Canvas, rect: Rect) -> None:
        s = c.size
        rows = self._rows()
        if not rows:
            icons.check(c.surface, Rect(rect.x + s(8), rect.y + s(10), s(28), s(28)), theme.GOOD)
            c.text(Msg("Nothing to repair. Nobody hurt."), (rect.x + s(44), rect.y + s(24)), theme.TEXT_SIZE,
                   theme.TEXT,
                   "midleft")
            return
        laid = self._layout(c, rows, rect.w)
        if sum(h + s(4) for *_, h in laid) - s(4) > rect.h:  # more than a page: room for the arrows
            laid = self._layout(c, rows, rect.w - s(52))
        pages: list[list[tuple[Row, list[str], list[str], int]]] = [[]]
        used = 0
        for item in laid:
            if pages[-1] and used + item[3] > rect.h:
                pages.append([])
                used = 0
            pages[-1].append(item)
            used += item[3] + s(4)
        page = min(self.page, len(pages) - 1)
        nav_w = s(52) if len(pages) > 1 else 0
        y = rect.y
        for (_rid, icon, _words, _detail, color, buttons), title, more, height in pages[page]:
            row = Rect(rect.x, y, rect.w - nav_w, height)
            pygame.draw.rect(c.surface, theme.PANEL_DARK, row, border_radius=s(6))
            pygame.draw.rect(c.surface, color, Rect(row.x, row.y, s(6), row.h), border_radius=s(3))
            icon(c.surface, Rect(row.x + s(12), row.y + s(10), s(26), s(26)), color)
            bx = row.right - s(4)
            for bid, label, action in reversed(buttons):
                bw = button_width(c, label)
                bx -= bw
                c.button(bid, Rect(bx, row.y, bw, row.h), label, simple(action), size=theme.MIN_TEXT)
                bx -= s(4)
            text_w = bx - row.x - s(48)
            ty = row.y + s(2)
            parts = [*((t, True, theme.TEXT) for t in title), *((m, False, theme.TEXT_DIM) for m in more)]
            for part, bold, tone in parts:
                drawn = c.text(part, (row.x + s(46), ty), theme.MIN_TEXT, tone, bold=bold, width=text_w)
                ty = drawn.bottom
            y += height + s(4)
        if len(pages) > 1:
            nav = Rect(rect.right - s(48), rect.y, s(48), s(47))
            c.button("damage.back", nav, None, simple(lambda: self._page(-1)), icon=icons.arrow_up, enabled=page > 0)
            c.button("damage.more", nav.move(0, s(51)), None, simple(lambda: self._page(+1)), icon=icons.arrow_down,
                     enabled=page < len(pages) - 1)
            c.text(f"{page + 1}/{len(pages)}", (nav.centerx, nav.bottom + s(56)), theme.MIN_TEXT, theme.TEXT_DIM,
                   "midtop")

    def _page(self, by: int) -> None:
        self.page = max(0, self.page + by)
        self.win.touch()
