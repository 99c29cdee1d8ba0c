"""The crew: all 32 sailors behind the 16 figures, each with section, chips, task and ailments; the
command and morale bars; medical supplies; the food pyramid; cigarettes. Touch a sailor for his
details and the corrections of §6.14.

Three pages under a strip of buttons, so every name shows whole at 800x480 in all three languages
(a card four to a row across the whole screen holds "Старшина центрального поста" on two lines):
the watch on duty, the watch off duty (the reliefs), the bars and stores."""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Any

import pygame
from pygame import Rect

from kaleun.core.messages import Msg, join
from kaleun.uboot.crew.food import MEAL_HOUR, NAMES, morale_effect
from kaleun.uboot.crew.roster import SYMBOL_NAMES
from kaleun.uboot.figures import FIGURES, ROLES, figure_term
from kaleun.ui import icons, theme
from kaleun.ui.boat_view import Sailor, draw_figure, role_letter
from kaleun.ui.console_views import in_hand
from kaleun.ui.frame import bar_reading
from kaleun.ui.scene import freeze
from kaleun.ui.screens.base import Screen
from kaleun.ui.touch import call, simple
from kaleun.ui.widgets import Canvas

TASK_WORDS: dict[str, Msg] = {"observation": Msg("lookout"), "repair": Msg("repairing"), "breach": Msg("at the breach"),
                              "first_aid": Msg("medic")}
SUPPLY_SHORT: dict[str, Msg] = {"pills": Msg("pills"), "ointment": Msg("oint."), "bandages": Msg("band."),
                                "injections": Msg("inj."), "surgical_instruments": Msg("instr.")}
#: the crew screen's pages: the strip's buttons (id, label)
PAGES: tuple[tuple[str, Msg], ...] = (("on", Msg("On watch")), ("off", Msg("Off watch")),
                                      ("stores", Msg("Bars and stores")))


def meal_call_line(food: dict[str, Any]) -> Msg:
    """What the evening's meal call (§9.4.2) will find: the ingredients cooked since the last one and
    what they do to morale (the food's status), so a crew sees the call coming before it costs them."""
    cooked = int(food.get("cooked", 0))
    effect = morale_effect(int(food.get("meal_morale", 0)))
    if not cooked:
        line = Msg("Meal call at {hour}:00: nothing cooked yet ({effect}).", hour=MEAL_HOUR, effect=effect)
    else:
        line = Msg.plural("Meal call at {hour}:00: {n} ingredient cooked ({effect}).",
                          "Meal call at {hour}:00: {n} ingredients cooked ({effect}).", n=cooked, hour=MEAL_HOUR,
                          effect=effect)
    if food.get("waiting"):
        return Msg("{line} A meal waits to be cooked: touch Meal.", line=line)
    return line


def food_letters(tr: Callable[[Any], str], kind: str) -> str:
    """A food chip of the pyramid as its box shows it: the first two letters of the ingredient's name
    in the table's language ("Ei" for Ei, "Яй" for яйцо)."""
    letters = [ch for ch in tr(Msg.term(NAMES.get(kind, kind))) if ch.isalpha()][:2]
    return "".join(letters).title()


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

    @property
    def page(self) -> str:
        page = self.win.ui.get("crew_page")
        return page if page in {p for p, _ in PAGES} else "on"

    def read(self) -> Hashable:
        game = self.game
        self.crew = game.module("crew").status() if game.has_module("crew") else {}
        self.off = off_duty(game)
        return (freeze(self.crew), freeze(self.off), tuple(sorted(in_hand(game))), self.selected, self.page)

    def select(self, figure: str | None) -> None:
        self.win.ui["sailor"] = None if figure == self.selected else figure
        self.win.touch()

    def turn(self, page: str) -> None:
        self.win.ui["crew_page"] = page
        self.win.ui["sailor"] = None
        self.win.touch()

    def draw(self, c: Canvas, area: Rect) -> None:
        s = c.size
        c.surface.fill(theme.PANEL, area)
        if not self.crew:
            c.text(Msg("This game keeps no crew."), area.center, theme.TEXT_SIZE, theme.TEXT_DIM, "center")
            return
        strip = Rect(area.x + s(4), area.y + s(3), area.w - s(8), s(47))
        w = (strip.w - s(8)) // len(PAGES)
        for i, (page, label) in enumerate(PAGES):
            c.button(f"crew.page.{page}", Rect(strip.x + i * (w + s(4)), strip.y, w, strip.h), label,
                     call(self.turn, page), active=page == self.page and self.selected is None, size=theme.MIN_TEXT)
        body = Rect(area.x + s(4), strip.bottom + s(4), area.w - s(8), area.bottom - strip.bottom - s(7))
        if self.selected in self.crew.get("sailors", {}):
            self._sailor(c, body, str(self.selected))
        elif self.page == "stores":
            self._ship(c, body)
        else:
            self._cards(c, body, self.page == "off")

    def _name(self, c: Canvas, name: Msg, pos: tuple[int, int], width: int, color: theme.Color,
              rows: int = 2, size: int = theme.MIN_TEXT, bold: bool = False) -> int:
        """A sailor's name on up to `rows` lines (a line a little too wide is squeezed, never cut
        while it fits); returns the y below it."""
        lines = c.rows(name, size, width, rows, bold)
        x, y = pos
        for line in lines:
            y = c.text(line, (x, y), size, color, bold=bold, width=width).y + s_line(c, size, bold)
        return y

    def _cards(self, c: Canvas, rect: Rect, off: bool) -> None:
        """The 16 figures' sailors of one watch, each on a card: the name (two lines where it
        needs them), the figure with its chips and wounds, the section and the task."""
        s = c.size
        sailors = self.crew.get("sailors", {})
        waiting = {i["figure"] for i in self.crew.get("health", {}).get("injuries_waiting", [])}
        lifted = in_hand(self.game)
        cols, rows = 4, 4
        w = (rect.w - s(4) * (cols - 1)) // cols
        h = (rect.h - s(4) * (rows - 1)) // rows
        for i, figure in enumerate(FIGURES):
            st = sailors.get(figure)
            if st is None:
                continue
            box = Rect(rect.x + (i % cols) * (w + s(4)), rect.y + (i // cols) * (h + s(4)), w, h)
            if off:
                other = self.off.get(figure, {})
                name = Msg.term(str(other.get("name", "")))
                dead, chips = bool(other.get("dead")), int(other.get("chips", 0))
                hurt = bool(other.get("ailments"))
            else:
                name = Msg.term(str(st["name"]))
                dead, chips = bool(st["dead"]), len(st["chips"])
                hurt = bool(st["ailments"]) or figure in waiting
            fill = (60, 60, 60) if dead else theme.BUTTON
            pygame.draw.rect(c.surface, fill, box, border_radius=s(6))
            pygame.draw.rect(c.surface, theme.PANEL_EDGE, box, 1, border_radius=s(6))
            self._name(c, Msg("✝ {name}", name=name) if dead else name, (box.x + s(5), box.y + s(1)),
                       box.w - s(10), theme.TEXT)
            line_y = box.bottom - s(12)
            draw_figure(c.surface, c.fonts, figure, (box.x + s(15), line_y - s(2)), s(20),
                        sailor=Sailor(0, hurt, dead, None), letter=role_letter(c, figure))
            x = box.x + s(29)
            words: Msg | str | None = None
            if not off:
                where = None if figure in lifted else self._lies(figure) if dead else st["section"]
                if where is None:  # in the First Officer's hand (a dead man's figure too, lifted to clear it away)
                    words = Msg("lifted") if figure in lifted else Msg("dead")
                else:  # the section on a section's colour as the boat drawing shows it, with the boat's icon
                    # before its number (a bare number there read as his chips)
                    number = str(where)
                    badge = Rect(x, line_y - s(10), s(24) + c.text_width(number, theme.MIN_TEXT, bold=True), s(20))
                    pygame.draw.rect(c.surface, theme.SECTION, badge, border_radius=s(3))
                    icons.boat(c.surface, Rect(badge.x + s(2), badge.y + s(3), s(15), s(14)), theme.SECTION_LABEL)
                    c.text(number, (badge.x + s(19), badge.centery), theme.MIN_TEXT, theme.SECTION_LABEL, "midleft",
                           bold=True)
                    x = badge.right + s(5)
                task = (st.get("task") or {}).get("kind") if isinstance(st.get("task"), dict) else None
                if task:
                    words = TASK_WORDS.get(str(task), Msg.term(str(task)))
            right = box.right - s(5)
            if chips:  # the chips: a coin with their number
                centre = (right - s(9), line_y)
                pygame.draw.circle(c.surface, (250, 220, 60), centre, s(9))
                pygame.draw.circle(c.surface, theme.OUTLINE, centre, s(9), 1)
                c.text(str(chips), centre, theme.MIN_TEXT, theme.TEXT_DARK, "center", bold=True)
                right -= s(22)
            if words is not None:
                c.text(words, (x, line_y), theme.MIN_TEXT, theme.TEXT_DIM, "midleft", width=right - x)
            c.targets.add(f"sailor.{figure}", box, call(self.select, figure))

    def _lies(self, figure: str) -> int | None:
        """Where a dead sailor's figure lies: he has no section of his own any more, his figure stays where he fell
        until it is lifted (as the boat drawing and his details show it)."""
        if not self.game.has_module("figures"):
            return None
        where = self.game.module("figures").where.get(figure)
        return int(where) if isinstance(where, int) else None

    def _ship(self, c: Canvas, rect: Rect) -> None:
        s = c.size
        crew = self.crew
        win = self.win
        bars = crew.get("bars", {})
        half = (rect.w - s(8)) // 2
        left = Rect(rect.x, rect.y, half, rect.h)
        right = Rect(left.right + s(8), rect.y, rect.w - half - s(8), rect.h)
        top = c.panel(left, Msg("BARS AND STORES"))
        x, w = left.x + s(8), left.w - s(16)
        y = top
        said = c.text(bar_reading("command", bars.get("command")), (x, y), theme.MIN_TEXT, theme.ACCENT, bold=True,
                      width=w)
        orders_left = Msg.plural("{n} order left", "{n} orders left", n=bars.get("command_fields_left") or 0)
        c.text(orders_left, (left.right - s(8), y), theme.MIN_TEXT,
               theme.TEXT_DIM, "topright", width=max(1, left.right - s(8) - said.right - s(8)))
        y += s(22)
        said = c.text(bar_reading("morale", bars.get("morale")), (x, y), theme.MIN_TEXT, theme.ACCENT, bold=True,
                      width=w)
        if bars.get("exhausted"):
            c.text(Msg("exhausted"), (left.right - s(8), y), theme.MIN_TEXT, theme.WARNING, "topright", bold=True,
                   width=max(1, left.right - s(8) - said.right - s(8)))
        y += s(26)
        bw = (w - s(12)) // 4
        for i, (bid, label, cmd) in enumerate((
                ("bars.command-", Msg("C−"), {"do": "adjust_command", "by": -1}),
                ("bars.command+", Msg("C+"), {"do": "adjust_command", "by": 1}),
                ("bars.morale-", Msg("M−"), {"do": "adjust_morale", "by": -1}),
                ("bars.morale+", Msg("M+"), {"do": "adjust_morale", "by": 1}))):
            c.button(bid, Rect(x + i * (bw + s(4)), y, bw, s(47)), label, call(win.submit, dict(cmd)),
                     size=theme.MIN_TEXT)
        y += s(53)
        health = crew.get("health", {})
        supplies = dict(health.get("supplies", {}))
        items = [(SUPPLY_SHORT.get(k, Msg.term(k)), v) for k, v in supplies.items()] + [(Msg("kits"),
                                                                                         health.get("kits", 0))]
        col = w // 3
        for i, (word, n) in enumerate(items[:6]):
            c.text(Msg("{what} {n}", what=word, n=n), (x + (i % 3) * col, y + (i // 3) * s(22)), theme.MIN_TEXT,
                   theme.TEXT_DIM, width=col - s(4))
        # the right half: food, cigarettes, the crew's actions
        top = c.panel(right)
        x, w = right.x + s(8), right.w - s(16)
        y = top + s(4)
        food = crew.get("food", {})
        pyramid = list(food.get("pyramid", []))
        size = s(34)
        row_h = s(24)
        index = 0
        for row in range(3):
            for k in range(row + 1):
                if index >= len(pyramid):
                    break
                kind = pyramid[index]
                box = Rect(x + (2 - row) * size // 2 + k * size, y + row * row_h, size - s(2), row_h - s(2))
                pygame.draw.rect(c.surface, (200, 180, 120) if kind else theme.BUTTON_DISABLED, box, border_radius=s(3))
                if kind:
                    c.text(food_letters(c.tr, str(kind)), box.center, theme.MIN_TEXT,
                           theme.TEXT_DARK, "center")
                index += 1
        fx = x + 3 * size + s(10)
        fw = right.right - fx - s(8)
        c.text(Msg("food supply {n}", n=food.get("supply", 0)), (fx, y), theme.MIN_TEXT, theme.TEXT_DIM, width=fw)
        cigs = crew.get("cigarettes", {})
        c.text(Msg("cigarettes"), (fx, y + s(24)), theme.MIN_TEXT, theme.TEXT_DIM, width=fw)
        # each role's by the letter its figures carry (in the table's language: German K, O, N, M)
        c.text(" ".join(f"{role_letter(c, role)}{cigs.get(role, 0)}" for role in ROLES), (fx, y + s(46)),
               theme.MIN_TEXT, theme.TEXT_DIM, width=fw)
        buttons = Rect(x, right.bottom - s(53), (w - s(8)) // 3, s(47))
        below = y + 3 * row_h + s(6)
        c.paragraph(meal_call_line(food), Rect(x, below, w, buttons.y - below - s(4)), theme.MIN_TEXT, theme.TEXT)
        c.button("crew.meal", buttons, Msg("Meal"), simple(lambda: win.open_form("prepare_meal")), size=theme.MIN_TEXT)
        c.button("crew.smoke", buttons.move(buttons.w + s(4), 0), Msg("Smoke"), simple(lambda: win.open_form("smoke")),
                 size=theme.MIN_TEXT)
        c.button("crew.address", buttons.move(2 * (buttons.w + s(4)), 0), Msg("Speech"),
                 simple(lambda: win.open_form("address_crew")), size=theme.MIN_TEXT)

    def _sailor(self, c: Canvas, rect: Rect, figure: str) -> None:
        """One figure's two sailors in words, and the corrections of §6.14 for the one on duty."""
        s = c.size
        win = self.win
        st = self.crew["sailors"][figure]
        half = (rect.w - s(8)) // 2
        left = Rect(rect.x, rect.y, half, rect.h)
        top = c.panel(left, figure_term(figure))
        x, w = left.x + s(8), left.w - s(16)
        y = self._name(c, Msg.term(str(st["name"])), (x, top), w, theme.TEXT, size=theme.TEXT_SIZE, bold=True)
        section = st["section"]
        if section is None and st["dead"]:  # a dead sailor has no section of his own: his figure lies there
            section = self._lies(figure)
        chips = Msg.plural("{n} chip", "{n} chips", n=len(st["chips"]))
        shown = section if section is not None else "—"
        lines: list[Msg | str] = [Msg("lifted from section {n}, {chips}", n=shown, chips=chips)
                                  if not st["dead"] and figure in in_hand(self.game)  # in the hand, not put down
                                  else Msg("section {n}, {chips}", n=shown, chips=chips)]
        if st.get("symbols") and not st["dead"]:  # the orders he can carry out: a refusal names the symbol it lacks
            lines.append(Msg("symbols: {symbols}", symbols=join(
                [Msg.term(SYMBOL_NAMES.get(str(x), str(x))) for x in st["symbols"]])))
        task = (st.get("task") or {}).get("kind") if isinstance(st.get("task"), dict) else None
        if task:
            lines.append(Msg("task: {task}", task=TASK_WORDS.get(str(task), Msg.term(str(task)))))
        waiting = [i for i in self.crew.get("health", {}).get("injuries_waiting", []) if i["figure"] == figure]
        for injury in waiting:  # hurt by crew damage, his card not entered yet (the red cross on his card)
            lines.append(Msg("injured: draw a {deck} card and enter it", deck=Msg.term(str(injury["deck"]))))
        for a in st.get("ailments", []):
            lines.append(Msg("{deck} card, {state}", deck=Msg.term(str(a.get("deck"))),
                             state=Msg("treated") if a.get("treated") else Msg("untreated")))
        if st["dead"]:
            lines.append(Msg("dead"))
        other = self.off.get(figure, {})
        if other:
            name = Msg.term(str(other["name"]))
            lines.append(Msg("off duty: {name}", name=Msg("✝ {name}", name=name) if other.get("dead") else name))
        for line in lines:
            if y + s(20) > left.bottom:
                break
            y = c.paragraph(line, Rect(x, y, w, left.bottom - y - s(2)), theme.MIN_TEXT, theme.TEXT_DIM)
        right = Rect(left.right + s(8), rect.y, rect.w - half - s(8), rect.h)
        bw = (right.w - s(4)) // 2
        grid = Rect(right.x, right.y, bw, s(47))
        untreated = any(not a.get("treated") for a in st.get("ailments", []))
        dead = bool(st["dead"])
        # (id, label, action, usable now, why not): a greyed button says why when touched
        buttons = [
            ("sailor.chip+", Msg("Chip +1"), lambda: win.submit({"do": "chips", "figure": figure, "add": 1}),
             not dead, None),
            ("sailor.chip-", Msg("Chip −1"), lambda: win.submit({"do": "chips", "figure": figure, "remove": 1}),
             bool(st["chips"]), Msg("He has no chips.")),
            ("sailor.first_aid", Msg("First aid"), lambda: win.open_form("first_aid", {"patients": [figure]}),
             untreated and not dead, Msg("No ailment of his waits for first aid.")),
            ("sailor.cure", Msg("Cure card"), lambda: win.open_form("cure", {"figure": figure}),
             bool(st["ailments"]) and not dead, Msg("He has no ailment.")),
            ("sailor.stop", Msg("Stand down"), lambda: win.submit({"do": "stop_task", "figure": figure}), bool(task),
             Msg("He has no task.")),
            ("sailor.kill", Msg("Dead"), lambda: win.open_form("kill", {"figure": figure}), not dead, None),
        ]
        for i, (bid, label, action, enabled, why) in enumerate(buttons):
            box = grid.move((i % 2) * (bw + s(4)), (i // 2) * s(51))
            c.button(bid, box, label, simple(action), enabled=enabled, why_not=Msg("He is dead.") if dead else why,
                     size=theme.MIN_TEXT)
        injury = waiting[0]["id"] if waiting else None
        # his waiting injury's card, else any card that ails him (an event or morale card, §6.14)
        card = {"injury": injury} if injury is not None else {"figure": figure}
        c.button("sailor.card", grid.move(0, 3 * s(51)), Msg("Injury card") if injury is not None else
                 Msg("Ailment card"), simple(lambda: win.open_form("ailment", card)),
                 enabled=injury is not None or not st["dead"], why_not=Msg("He is dead."), size=theme.MIN_TEXT)
        c.button("crew.back", Rect(right.x, right.bottom - s(47), right.w, s(47)), Msg("Back to the watch"),
                 call(self.select, figure), size=theme.MIN_TEXT)


def s_line(c: Canvas, size: int, bold: bool = False) -> int:
    """The distance between two lines of a name (a little closer than the font's own)."""
    return int(c.font(size, bold).get_linesize()) - c.size(2)
