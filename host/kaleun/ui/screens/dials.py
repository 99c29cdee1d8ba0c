"""The table's dials that have no control of their own on screen: every dial declared in boards/dials.toml
whose command no order sheet gives (the telegraph has the helm's scale and the speed sheet, the attack disc
its sheet). A crew without the built dial turns it here: a dial with positions by its positions, a ring by
degrees. A dial the board has as real hardware (an encoder on the deck hub, real pins) shows its reading only,
and why: a hand at the table turns it. The sheet is made from the declaration, and the dial turns as the
console's `dial NAME VALUE` turns it (`kaleun.ui.actions.perform`): the table sends the dial's command, as a
hand on the dial would."""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Any

from pygame import Rect

from kaleun.boards.dials import DIALS, DialDecl, position_name
from kaleun.core.errors import CommandError
from kaleun.core.messages import Msg, of_error
from kaleun.ui import actions, icons, theme
from kaleun.ui.layout import pack_in_order
from kaleun.ui.screens.base import Overlay
from kaleun.ui.stepper import stepper
from kaleun.ui.touch import Action, call, simple
from kaleun.ui.widgets import Canvas

ROW_H = 47
#: a ring's steps on the sheet, in degrees (our choice: as the order sheets step a ring of degrees,
#: `kaleun.ui.forms.DEGREE_STEPS`: any reading at most 12 touches from any other)
RING_STEPS = (1, 10, 90)


def has_own_control(decl: DialDecl) -> bool:
    """Does an order sheet of the window give the dial's command with a field for its reading (the telegraph's
    `new_speed` with `speed`, the attack disc's `attack_disc` with its rings)?"""
    from kaleun.ui.forms import FORMS

    do, order = decl.command.get("do"), decl.command.get("order")
    for form in FORMS.values():
        gives = form.order == order if do == "order" else form.order is None and form.command == do
        if gives and any(f.key == decl.field for f in form.fields):
            return True
    return False


def table_dials() -> list[DialDecl]:
    """The declared dials the window has no control of their own for, in declaration order."""
    return [decl for decl in DIALS.values() if not has_own_control(decl)]


def reading_name(decl: DialDecl, value: str | int | None) -> Msg | str:
    """A dial's reading as the sheet shows it: a position's name, a ring's degrees, or "?" before it is homed."""
    if value is None:
        return "?"
    return f"{int(value) % 360:03d}°" if decl.is_ring else position_name(str(value))


class DialSheet(Overlay):
    """The table's dials without a control of their own: one at a time, chosen along the top."""

    id = "dials"

    def __init__(self, win: Any) -> None:
        super().__init__(win)
        dials = table_dials()
        self.dial: str | None = dials[0].name if dials else None
        #: the reading chosen for each dial, before it is turned there
        self.chosen: dict[str, str | int] = {}
        self.readings: dict[str, str | int | None] = {}
        self.unset: set[str] = set()
        #: the page shown of each list that does not fit whole ("dial": the dials, "value": the chosen dial's
        #: positions); a list opens on the page of its lit button
        self.pages: dict[str, int] = {}

    @property
    def title(self) -> Msg:  # type: ignore[override]
        return Msg("Table dials")

    def read(self) -> Hashable:
        table = self.win.table
        self.readings = {decl.name: table.reading(decl.name) for decl in table_dials()}
        #: rings whose reading has not fed the game yet (a simulated ring nobody has turned): not set, as `status` says
        self.unset = {name for name in self.readings if table.unset(name)}
        return (self.dial, tuple(sorted(self.readings.items(), key=str)), tuple(sorted(self.chosen.items(), key=str)),
                tuple(sorted(self.unset)), tuple(sorted(self.pages.items())))

    def value(self, decl: DialDecl) -> str | int | None:
        """What the dial is to read: the crew's choice, else where it stands."""
        if decl.name in self.chosen:
            return self.chosen[decl.name]
        return self.readings.get(decl.name, self.win.table.reading(decl.name))

    # -- hands -----------------------------------------------------------------------------------
    def pick(self, name: str) -> None:
        self.dial = name
        self.pages.pop("value", None)  # its positions open on the page of the one it is to read
        self.win.touch()

    def turn_page(self, key: str, by: int, pages: int) -> None:
        self.pages[key] = (self.pages.get(key, 0) + by) % pages
        self.win.touch()

    def choose(self, name: str, value: str | int) -> None:
        self.chosen[name] = value
        self.win.touch()

    def step(self, decl: DialDecl, by: int) -> None:
        now = self.value(decl)
        self.chosen[decl.name] = (int(now or 0) + by) % 360
        self.win.touch()

    def turn(self) -> None:
        """Turn the chosen dial until it reads the value chosen, as the console's `dial` does."""
        decl = DIALS.get(self.dial or "")
        value = self.value(decl) if decl is not None else None
        if decl is None or value is None:
            return
        dial = actions.find("dial")
        assert dial is not None
        try:
            said = actions.perform(self.win.runtime, dial, {"dial": decl.name, "value": value}, "window")
        except CommandError as exc:
            self.win.say(of_error(exc))
            return
        self.chosen.pop(decl.name, None)
        if said is not None:
            self.win.note(said)
        self.win.touch()

    def why_not(self, decl: DialDecl) -> Msg | None:
        """Why the dial cannot be turned from the sheet: it is real hardware a hand turns, or its zero (or its
        reference ring's) is not known."""
        table = self.win.table
        if (by_hand := table.by_hand(decl.name)) is not None:
            return by_hand
        for name in (decl.name, decl.reference):
            if name is not None and table.steps.get(name) is None:
                return Msg("{dial}: its zero is not known yet; home it first ({homing})",
                           dial=Msg.term(DIALS[name].label), homing=table.board.dial(name).homing)
        return None

    # -- drawing ---------------------------------------------------------------------------------
    def draw(self, c: Canvas, area: Rect) -> None:
        s = c.size
        self.titled_frame(c, area, self.title)
        dials = [d for d in table_dials() if d.name in self.readings]
        inner = Rect(area.x + s(8), area.y + s(54), area.w - s(16), area.h - s(60))
        if not dials or self.dial not in DIALS:
            c.paragraph(Msg("Every dial of the table has its own control on screen."), inner, theme.TEXT_SIZE,
                        theme.TEXT_DIM)
            return
        buttons = Rect(inner.right - s(300), inner.bottom - s(ROW_H), s(300), s(ROW_H))
        # the dials take the rows left above the reading's line and one row of positions (or a ring's steps)
        lines = max(1, (buttons.y - s(6) - inner.y - s(24) - s(ROW_H)) // (s(ROW_H) + s(4)))
        y = self._dials(c, dials, inner, lines)
        decl = DIALS[str(self.dial)]
        reading = self.readings.get(decl.name)
        c.text(Msg("{dial} is not set yet", dial=Msg.term(decl.label)) if decl.name in self.unset else
               Msg("{dial} reads {value}", dial=Msg.term(decl.label), value=reading_name(decl, reading)),
               (inner.x, y), theme.MIN_TEXT, theme.TEXT_DIM, width=inner.w)
        y += s(24)
        row = Rect(inner.x, y, inner.w, buttons.y - y - s(6))
        why = self.why_not(decl)
        by_hand = self.win.table.by_hand(decl.name)
        if by_hand is not None:  # real hardware: its reading only, and why (as the console's `dial` refuses it)
            c.paragraph(by_hand, row, theme.TEXT_SIZE, theme.TEXT)
        elif decl.is_ring:
            self._ring(c, decl, row)
        else:
            self._positions(c, decl, row)
        half = (buttons.w - s(8)) // 2
        c.button("dials.cancel", Rect(buttons.x, buttons.y, half, buttons.h), Msg("Close"), simple(self.close))
        c.button("dials.turn", Rect(buttons.x + half + s(8), buttons.y, half, buttons.h), Msg("Turn the dial"),
                 simple(self.turn), active=why is None, enabled=why is None, why_not=why)

    def _dials(self, c: Canvas, dials: list[DialDecl], inner: Rect, lines: int) -> int:
        """The dials to choose from, a button each (on as many rows as `lines`, page by page when they need more);
        returns the y under them."""
        s = c.size
        labels = [Msg.term(d.label) for d in dials]
        widths = [c.text_width(label, theme.MIN_TEXT, True) + s(24) for label in labels]
        chosen = next((i for i, d in enumerate(dials) if d.name == self.dial), None)
        return self._paged(c, "dial", widths, Rect(inner.x, inner.y, inner.w, s(ROW_H)), lines, chosen,
                           lambda i, box: c.button(f"dials.dial={dials[i].name}", box, self._capital(c, labels[i]),
                                                   call(self.pick, dials[i].name), active=i == chosen,
                                                   size=theme.MIN_TEXT)) + s(4)

    def _paged(self, c: Canvas, key: str, widths: list[int], row: Rect, lines: int, lit: int | None,
               button: Callable[[int, Rect], object]) -> int:
        """Buttons of `widths` in order on up to `lines` rows of `row`'s height from `row`'s top; when they need
        more rows, page by page with the page's number and arrows to the previous and next pages at the right of
        the first row (as an order sheet's choices), opening on the page of the `lit` one. Returns the y under
        the rows drawn."""
        s = c.size
        gap = s(4)
        least = s(120) if key == "dial" else s(80)
        widths = [min(row.w, max(least, w)) for w in widths]
        rows = pack_in_order(widths, row.w, gap)
        arrows = 0
        if len(rows) > lines:  # room at the right of the rows for the arrows, the page's number between them
            arrows = s(48) * 3 + s(4)
            widths = [min(w, row.w - arrows) for w in widths]
            rows = pack_in_order(widths, row.w - arrows, gap)
        pages = -(-len(rows) // lines)
        if key not in self.pages:
            self.pages[key] = next((p for p in range(pages) if lit is not None
                                    and any(lit in line for line in rows[p * lines:(p + 1) * lines])), 0)
        page = min(self.pages[key], pages - 1)
        y = row.y
        for line in rows[page * lines:(page + 1) * lines]:
            x = row.x
            for i in line:
                button(i, Rect(x, y, widths[i], row.h))
                x += widths[i] + gap
            y += row.h + gap
        if pages > 1:
            back = Rect(row.right - arrows + s(4), row.y, s(48), row.h)
            more = Rect(row.right - s(48), row.y, s(48), row.h)
            c.button(f"dials.{key}.back", back, None, self._turning(key, -1, pages), icon=icons.arrow_left)
            c.button(f"dials.{key}.more", more, None, self._turning(key, +1, pages), icon=icons.arrow_right)
            c.text(f"{page + 1}/{pages}", ((back.right + more.x) // 2, row.centery), theme.MIN_TEXT, theme.TEXT_DIM,
                   "center")
        return y

    def _turning(self, key: str, by: int, pages: int) -> Action:
        return simple(lambda: self.turn_page(key, by, pages))

    @staticmethod
    def _capital(c: Canvas, text: Msg) -> str:
        words = c.tr(text)
        return words[:1].upper() + words[1:]

    def _positions(self, c: Canvas, decl: DialDecl, row: Rect) -> None:
        """A button for each position, in their order on the dial, on the rows `row` holds (page by page when they
        need more); the one to turn to is lit."""
        s = c.size
        names = [position_name(p) for p in decl.positions]
        widths = [c.text_width(self._capital(c, n), theme.MIN_TEXT, True) + s(20) for n in names]
        chosen = self.value(decl)
        lit = decl.positions.index(chosen) if chosen in decl.positions else None
        lines = max(1, (row.h + s(4)) // (s(ROW_H) + s(4)))

        def button(i: int, box: Rect) -> None:
            position = decl.positions[i]
            c.button(f"dials.value={position}", box, self._capital(c, names[i]), call(self.choose, decl.name, position),
                     active=i == lit, size=theme.MIN_TEXT)

        self._paged(c, "value", widths, Rect(row.x, row.y, row.w, s(ROW_H)), lines, lit, button)

    def _ring(self, c: Canvas, decl: DialDecl, row: Rect) -> None:
        """A ring's degrees to turn to: the order sheets' stepper (`kaleun.ui.stepper`) of 1, 10 and 90 degrees
        either side of the reading."""
        stepper(c, "dials.step", Rect(row.x, row.y, row.w, c.size(ROW_H)), RING_STEPS,
                reading_name(decl, self.value(decl)), lambda by: self.step(decl, by))
