"""The orders screen: every order and crew action of the game by touch. An order opens its sheet
with the order assistant; orders without choices show at once whether they could be given now."""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any

from pygame import Rect

from kaleun.core.errors import CommandError
from kaleun.core.messages import Msg, of_error
from kaleun.ui import icons, theme
from kaleun.ui.actions import aboard
from kaleun.ui.forms import FORMS, ORDER_GROUPS, target_preset
from kaleun.ui.order_warnings import order_warnings
from kaleun.ui.screens.base import Screen
from kaleun.ui.screens.dials import table_dials
from kaleun.ui.touch import call, simple
from kaleun.ui.widgets import Canvas

#: names short enough for a button (the torpedoes' "Fire!" is an order, never the "Fire" alarm)
SHORT: dict[str, Msg] = {
    "observe": Msg("Lookouts"), "tdc": Msg("TDC"), "address_crew": Msg("Address"),
    "prepare_meal": Msg("Meal"), "reload_torpedo": Msg("Reload"), "fire_torpedoes": Msg("Fire!"),
    "flood_tubes": Msg("Flood"), "new_speed": Msg("Speed"), "new_course": Msg("Course"),
    "new_depth": Msg("Depth"), "lay_mines": Msg("Mines"), "gun_88": Msg("88 mm"), "gun_20": Msg("20 mm"),
}
#: the Helm column's button for the table's dials without a control of their own (`screens/dials.py`)
TABLE_DIALS = "table_dials"
#: orders with nothing to choose: their buttons show whether they could be given now
PLAIN = ("mobilize", "dive", "surface", "periscope", "hydrophone", "sextant", "address_crew")


def rows(items: list[str], room: int) -> list[list[str]]:
    """The buttons of a column, a row each; when there are more than `room` rows fit, the last
    ones share their rows two by two (half-width buttons) so none falls off the screen."""
    pairs = max(0, min(len(items) - room, len(items) // 2))
    single = len(items) - 2 * pairs
    return [[o] for o in items[:single]] + [items[i:i + 2] for i in range(single, len(items), 2)]


class OrdersScreen(Screen):
    id = "orders"
    title = Msg("Orders")
    icon = "orders"

    def __init__(self, win: Any) -> None:
        super().__init__(win)
        self.ready: dict[str, Any] = {}
        self.crew: dict[str, Any] = {}

    def read(self) -> Hashable:
        game = self.game
        desk = game.module("orders")
        self.ready = {}
        for order in PLAIN:
            try:
                p = desk.preview({"order": order})
            except CommandError as exc:
                self.ready[order] = of_error(exc)
                continue
            # a tick only where the order's sheet says "It can be given.": one refused, one that would go ahead
            # short of its crew (the crew rules only advise) and one with something to mind first (a dive with
            # sailors still on the bridge: they die) carry the warning mark
            if not p.get("accepted"):
                self.ready[order] = p.get("reason") or Msg("It would be refused:")
            elif p.get("missing"):
                self.ready[order] = p["missing"]
            else:
                warned = order_warnings(game, p)
                self.ready[order] = warned[0] if warned else None
        crew = game.module("crew").status() if game.has_module("crew") else {}
        self.crew = {"mobilization": bool(crew.get("mobilization")), "undo": crew.get("undo"),
                     "injuries": len(crew.get("health", {}).get("injuries_waiting", []))}
        return (tuple(sorted(self.ready.items())), tuple(sorted(self.crew.items())))

    def draw(self, c: Canvas, area: Rect) -> None:
        s = c.size
        c.surface.fill(theme.PANEL, area)
        win = self.win
        columns = [*ORDER_GROUPS, (Msg("Crew actions"), ())]
        col_w = (area.w - s(8)) / len(columns)
        for i, (title, orders) in enumerate(columns):
            x = area.x + s(4) + round(i * col_w)
            w = round(col_w) - s(4)
            c.text(title, (x + s(2), area.y + s(2)), theme.MIN_TEXT, theme.TEXT_DIM, bold=True, width=w)
            y = area.y + s(25)
            items = [o for o in orders if aboard(self.game, o)]
            if i == 0 and "return_to_base" in self.game.command_names:
                items.append("return_to_base")
            if i == 1 and table_dials():  # dials declared without a control of their own: turned on a sheet
                items.append(TABLE_DIALS)
            for row in rows(items, (area.bottom - y + s(4)) // s(51)):
                half = (w - s(4)) // 2 if len(row) > 1 else w
                for j, order in enumerate(row):
                    rect = Rect(x + j * (half + s(4)), y, half, s(47))
                    if order == TABLE_DIALS:
                        c.button("action.table_dials", rect, Msg("Table dials"), simple(win.open_dials),
                                 size=theme.MIN_TEXT)
                        continue
                    label = SHORT.get(order, FORMS[order].title)
                    why = self.ready.get(order)
                    icon = None
                    if order in self.ready:
                        icon = icons.check if why is None else icons.warning
                    c.button(f"order.{order}", rect, label, call(self.open, order), icon=icon,
                             size=theme.MIN_TEXT)
                y += s(51)
            if i == len(columns) - 1:
                self._actions(c, x, y, w)

    def open(self, order: str) -> None:
        """An order's sheet, its target the contact chosen on the plot where it takes one (as the attack screen's
        TDC, 88 mm and 20 mm buttons open it: chosen there, c3 had to be chosen again on the sheet from here), or the
        only ship in reach of the 88 mm gun or of the torpedoes (the TDC's)."""
        self.win.open_form(order, *target_preset(self.game, order, self.win.ui.get("contact")))

    def _actions(self, c: Canvas, x: int, y: int, w: int) -> None:
        s = c.size
        win = self.win
        crew = self.crew

        def row(id: str, label: Msg, action: Any, enabled: bool = True, why: Msg | None = None,
                icon: Any = None) -> None:
            nonlocal y
            c.button(id, Rect(x, y, w, s(47)), label, simple(action), enabled=enabled, why_not=why, icon=icon,
                     size=theme.MIN_TEXT)
            y += s(51)

        row("action.smoke", Msg("Smoke break"), lambda: win.open_form("smoke"))
        row("action.lookouts", Msg("More lookouts"), lambda: win.open_form("join_lookouts"))
        row("action.end_mobilize", Msg("End mobilization"), lambda: win.submit({"do": "end_mobilize"}),
            enabled=bool(crew.get("mobilization")), why=Msg("No mobilization is open."))
        row("action.first_aid_kit", Msg("First aid kit"), lambda: win.submit({"do": "first_aid_kit"}))
        row("action.ailment", Msg("Injury card"), lambda: win.open_form("ailment"), enabled=bool(crew.get("injuries")),
            why=Msg("No injury waits for its card."))
        row("action.undo", Msg("Undo"), lambda: win.submit({"do": "undo"}), enabled=bool(crew.get("undo")),
            why=Msg("There is nothing to undo."), icon=icons.undo)
