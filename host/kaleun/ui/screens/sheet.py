"""The order sheet and its order assistant: an order's (or crew action's) fields as buttons, and,
before the order is given, who would carry it out from where the figures stand and with how many
chips — or exactly what is missing (the order desk's `preview`, which changes nothing)."""

from __future__ import annotations

import re
from collections.abc import Callable, Hashable, Mapping
from typing import Any

import pygame
from pygame import Rect

from kaleun.core.errors import CommandError
from kaleun.core.messages import Msg, of_error
from kaleun.ui import icons, theme
from kaleun.ui.boat_view import draw_figure, role_letter
from kaleun.ui.forms import FORMS, Field, Form, Option, Values
from kaleun.ui.layout import pack_in_order
from kaleun.ui.scene import freeze
from kaleun.ui.screens.base import Overlay
from kaleun.ui.stepper import stepper
from kaleun.ui.touch import call, simple
from kaleun.ui.widgets import NARROWEST, Canvas, wrap

LEFT_W = 490
#: the fields' column at its narrowest, beside an order assistant widened for warnings
LEAST_W = 300
#: a choice's label that begins with an id keeps its case ("c3 031°")
ID_START = re.compile(r"[a-z]+\d")
ROW_H = 47
LABEL_H = 20
#: how many wrapped texts a sheet keeps (its warnings at the widths they are weighed and drawn at)
WRAPS_KEPT = 64


def option_id(value: Any) -> str:
    """The part of a target id that names an option's value (`c3`, `1`, `breach:4`)."""
    if isinstance(value, Mapping):
        return ",".join(f"{k}:{v}" for k, v in value.items())
    return str(value)


class FormSheet(Overlay):
    id = "sheet"

    def __init__(self, win: Any, form: str, preset: Values, said: Msg | None = None) -> None:
        super().__init__(win)
        self.form: Form = FORMS[form]
        self.values: Values = {}
        #: why the preset's values were chosen for the player (the only ship in the gun's or the torpedoes' reach),
        #: said while they stand
        self.said = said
        self.preset = dict(preset)
        self.pages: dict[str, int] = {}
        for f in self.form.fields:
            if f.key in preset:
                self.values[f.key] = preset[f.key]
            elif f.default is not None:
                self.values[f.key] = f.default(self.game, self.values)
            elif f.kind == "multi":
                self.values[f.key] = []
        self.options: dict[str, list[Option]] = {}
        self.preview: dict[str, Any] | None = None
        self.problem: Msg | str | None = None
        self.names: dict[str, str] = {}
        #: the first sailor the assistant lists (a touch on a long list shows the next ones)
        self.crew_from = 0
        #: the first line shown of an account too long for the panel (a touch shows the next lines)
        self.verdict_from = 0
        #: the first line of the warnings shown under the fields, when they take more than one page there
        self.warnings_from = 0
        #: the first field shown, when the fields take more than the sheet's height (the injury card's five at
        #: 800x480): the arrows under them show the others
        self.fields_from = 0
        #: that account's lines, all of them and those on the panel in the last frame
        self.verdict_all: list[str] = []
        self.verdict_rows: list[str] = []
        #: the warnings' lines by font, words and width (`_wrapped`): wrapped when they or the sheet's size change,
        #: not again in every frame
        self._wraps: dict[Hashable, list[str]] = {}

    @property
    def title(self) -> Msg:  # type: ignore[override]
        return self.form.title_in(self.game)

    def fields(self) -> list[Field]:
        return [f for f in self.form.fields if f.when is None or f.when(self.values)]

    def read(self) -> Hashable:
        game = self.game
        self.options = {f.key: f.options(game, self.values) for f in self.fields() if f.options is not None}
        for f in self.fields():  # a choice that followed another field's, no longer offered, goes
            if f.follows and self.values.get(f.key) is not None and all(
                    o.value != self.values[f.key] for o in self.options.get(f.key, [])):
                self.values[f.key] = None
        self.problem = None
        self.preview = None
        unset = next((f for f in self.fields() if self.values.get(f.key) in (None, []) and (
            not f.optional or (f.needed is not None and f.needed(self.values) and self.options.get(f.key)))), None)
        short = next((f for f in self.fields() if f.least and 0 < len(self.values.get(f.key) or []) < f.least), None)
        if unset is not None:
            self.problem = Msg("Choose: {what}", what=unset.title)
        elif short is not None:
            self.problem = Msg("Choose {n}: {what}", n=short.least, what=short.title)
        elif self.form.refusal is not None:
            reason = self.form.refusal(game)
            if reason is not None:
                self.preview = {"accepted": False, "reason": reason}
        elif self.form.order is not None:
            try:
                self.preview = game.module("orders").preview({"order": self.form.order, **self.form.build(self.values)})
            except CommandError as exc:
                self.problem = of_error(exc)
        crew = game.module("crew").status() if game.has_module("crew") else {}
        self.names = {f: str(s.get("name", f)) for f, s in crew.get("sailors", {}).items()}
        options = tuple((k, tuple((freeze(o.value), o.label, o.note) for o in v)) for k, v in self.options.items())
        return (freeze(self.values), options, freeze(self.preview), self.problem, tuple(sorted(self.pages.items())),
                self.crew_from, self.verdict_from, self.warnings_from, self.fields_from)

    # -- choosing --------------------------------------------------------------------------------
    def choose(self, f: Field, value: Any) -> None:
        if f.kind == "multi":
            picked = list(self.values.get(f.key) or [])
            if value in picked:
                picked.remove(value)
            elif not f.most or len(picked) < f.most:
                picked.append(value)
            self.values[f.key] = sorted(picked, key=str)
        elif self.values.get(f.key) == value and f.optional:
            self.values[f.key] = None
        else:
            self.values[f.key] = value
        self.crew_from = self.verdict_from = self.warnings_from = 0
        self.win.touch()

    def step(self, f: Field, by: int) -> None:
        lo, hi = int(f.lo or 0), int(f.hi or 0)  # a stepper's bounds: its action field's
        value = int(self.values.get(f.key) or lo) + by
        if f.wrap:
            value %= hi + 1
        else:
            value = max(lo, min(hi, value))
        self.values[f.key] = value
        self.crew_from = self.verdict_from = self.warnings_from = 0
        self.win.touch()

    def page_fields(self, by: int) -> None:
        self.fields_from = max(0, self.fields_from + by)
        self.warnings_from = 0
        self.win.touch()

    def page(self, f: Field, by: int) -> None:
        self.pages[f.key] = max(0, self.pages.get(f.key, 0) + by)
        self.win.touch()

    def give(self) -> None:
        body = self.form.build(self.values)
        self.close()
        if self.form.order is not None:
            self.win.give(self.form.order, body)
        else:
            self.win.submit({"do": self.form.command, **body})

    # -- drawing ---------------------------------------------------------------------------------
    def draw(self, c: Canvas, area: Rect) -> None:
        s = c.size
        self.titled_frame(c, area, self.title)
        y = area.y + s(42)
        shown = [f for f in self.fields() if not (f.hide_empty and not self.options.get(f.key))]
        warnings = self._warnings()
        # with warnings to read, the fields' column narrows to what its fields need and the order assistant beside
        # it widens to hold them
        left = Rect(area.x + s(8), y, self._column(c, shown) if warnings else s(LEFT_W), area.bottom - y - s(4))
        labels = {f.key: c.rows(f.title, theme.MIN_TEXT, left.w) for f in shown}
        each = s(LABEL_H) + s(ROW_H) + s(4)
        #: the fields' height, each label on as many lines as it needs
        tall = sum(len(labels[f.key]) * s(LABEL_H) + s(ROW_H) + s(4) for f in shown)

        def fields_fit(keep: int) -> bool:
            """Do the fields, each label on as many lines as it needs, fit above `keep` pixels?"""
            return tall <= left.h - keep

        def room_under(keep: int) -> int:
            """The height left under the fields (on a page of them where they need pages) and the form's words,
            with `keep` pixels kept there for the warnings."""
            if fields_fit(keep):
                used = tall
            elif len(shown) * each > left.h - keep:  # a page of them above the arrows (as `_field_page`)
                used = s(ROW_H) + s(4) + min(len(shown), max(1, (left.h - s(ROW_H) - s(4) - keep) // each)) * each
            else:
                used = len(shown) * each
            if not self.form.fields:
                used += len(c.lines(Msg("This order has nothing to choose."), theme.TEXT_SIZE, left.w)) * int(
                    c.font(theme.TEXT_SIZE).get_linesize()) + s(6)
            for note in self._notes():
                used += len(c.lines(note, theme.MIN_TEXT, left.w)) * int(c.font(theme.MIN_TEXT).get_linesize()) + s(6)
            return left.h - used

        # the warnings' least room under the fields: two lines and the line of their page's number (the TDC's four
        # fields, its target source among them once the disc is set, filled the sheet and drew its warning and page
        # number under the feed)
        least = 3 * int(c.font(theme.MIN_TEXT, True).get_linesize()) if warnings else 0
        under_fields = Rect(left.x, left.y, left.w, room_under(least))
        placed: list[bool] = []  # the warnings drawn in the order assistant

        def warn(beside: Rect) -> int:
            """What to mind before giving the order: under the order assistant's verdict they add to (`beside`),
            where the eye reads it, unless the room under the fields shows them on fewer pages (a refused gun order's
            warnings sat under its fields, a page of three, the panel half empty beside them)."""
            if not warnings or self._warning_pages(c, warnings, beside) > self._warning_pages(c, warnings,
                                                                                              under_fields):
                return beside.y
            placed.append(True)
            return self._warn(c, warnings, beside)

        right = Rect(left.right + s(12), area.y + s(52), area.right - left.right - s(20), area.h - s(56))
        self._assistant(c, right, warn)
        if placed:
            warnings = []
        # the form's words under the fields too (why the target was chosen: the TDC's four fields with the disc's
        # source among them filled the sheet and drew it under the feed)
        notes_h = sum(len(c.lines(note, theme.MIN_TEXT, left.w)) * int(c.font(theme.MIN_TEXT).get_linesize()) + s(6)
                      for note in self._notes())
        keep = (least if warnings else 0) + notes_h
        # a long label takes a second line, unless that would push a field's buttons off the sheet
        wrap = fields_fit(keep)
        if not wrap and len(shown) * each > left.h - keep:
            shown = self._field_page(c, shown, left, keep)  # more fields than the sheet holds: a page of them
        # the room left under the fields (and their warnings) lets a field with more choices than one row
        # holds show them on more rows instead of pages: the jobs of a repair in Russian, a long contact list
        spare = left.h - (tall if wrap else len(shown) * each)
        spare -= sum(len(self._rows(c, w, left.w - s(30))) * s(22) + s(6) for w in warnings) + notes_h
        for f in shown:
            for line in labels[f.key] if wrap else [f.title]:
                c.text(line, (left.x, y), theme.MIN_TEXT, theme.TEXT_DIM, width=left.w)
                y += s(LABEL_H)
            row = Rect(left.x, y, left.w, s(ROW_H))
            if f.kind == "number":
                self._number(c, f, row)
            else:
                more = max(0, min(self._lines(c, f, row.w) - 1, spare // (s(ROW_H) + s(4))))
                spare -= more * (s(ROW_H) + s(4))
                self._options(c, f, row, 1 + more)
                y += more * (s(ROW_H) + s(4))
            y += s(ROW_H) + s(4)
        if not self.form.fields:
            y = c.paragraph(Msg("This order has nothing to choose."), Rect(left.x, y, left.w, s(60)),
                            theme.TEXT_SIZE, theme.TEXT_DIM) + s(6)
        for note in self._notes():
            y = c.paragraph(note, Rect(left.x, y, left.w, max(s(22), left.bottom - y)), theme.MIN_TEXT,
                            theme.TEXT) + s(6)
        if warnings:  # under the fields, where they show on fewer pages than beside the verdict
            self._warn(c, warnings, Rect(left.x, y, left.w, left.bottom - y))

    def _notes(self) -> list[Msg | str]:
        """The form's own note, and why its preset was chosen while the preset's values still stand."""
        notes: list[Msg | str] = [] if self.form.note is None else [self.form.note]
        if self.said is not None and all(self.values.get(k) == v for k, v in self.preset.items()):
            notes.append(self.said)
        return notes

    def _column(self, c: Canvas, fields: list[Field]) -> int:
        """The width the fields' column needs (LEFT_W at most, LEAST_W at least): each field's title on one line
        and its choices on one row, a stepper's whole row, the form's note or "nothing to choose" at LEFT_W."""
        s = c.size
        if self.form.note is not None or not fields:
            return s(LEFT_W)
        need = s(LEAST_W)
        for f in fields:
            need = max(need, c.text_width(f.title, theme.MIN_TEXT))
            options = self.options.get(f.key)
            if f.kind == "number" or (not options and f.empty is not None):
                return s(LEFT_W)
            if not options:
                need = max(need, c.text_width(Msg("nothing to choose now"), theme.TEXT_SIZE))
                continue
            widths = self._widths(c, f, s(LEFT_W))
            need = max(need, sum(widths) + s(4) * (len(widths) - 1))
        return min(s(LEFT_W), need + s(4))

    def _field_page(self, c: Canvas, fields: list[Field], left: Rect, keep: int = 0) -> list[Field]:
        """The fields from `fields_from` that fit above a row of arrows at the bottom of `left` (which the
        arrows take: the fields are drawn above it) and `keep` pixels for the warnings, each with its one-line
        label."""
        s = c.size
        each = s(LABEL_H) + s(ROW_H) + s(4)
        room = max(1, (left.h - s(ROW_H) - s(4) - keep) // each)
        first = min(self.fields_from, max(0, len(fields) - room))
        self.fields_from = first
        nav = Rect(left.right - s(48) * 2 - s(4), left.bottom - s(ROW_H), s(48), s(ROW_H))
        c.button("sheet.fields.back", nav, None, simple(lambda: self.page_fields(-room)), icon=icons.arrow_up,
                 enabled=first > 0, why_not=None)
        c.button("sheet.fields.more", nav.move(s(52), 0), None, simple(lambda: self.page_fields(+room)),
                 icon=icons.arrow_down, enabled=first + room < len(fields), why_not=None)
        c.text(Msg("choices {first}–{last} of {n}", first=first + 1, last=min(len(fields), first + room),
                   n=len(fields)), (left.x, nav.centery), theme.MIN_TEXT, theme.TEXT_DIM, "midleft",
               width=nav.x - left.x - s(8))
        left.h -= s(ROW_H) + s(4)  # the fields and their warnings above the arrows
        return fields[first:first + room]

    def _number(self, c: Canvas, f: Field, row: Rect) -> None:
        """The field's stepper (`kaleun.ui.stepper`): a course as three figures, any other number as it is."""
        value = self.values.get(f.key)
        shown = None if value is None else (f"{int(value):03d}" if f.wrap else str(value))
        stepper(c, f"field.{f.key}", row, f.steps, shown, lambda by: self.step(f, by))

    def _widths(self, c: Canvas, f: Field, most: int) -> list[int]:
        """The width of each option's button of a field, never wider than the field's row (`most`): a longer
        label or note is squeezed into it rather than drawn under the order assistant."""
        s = c.size
        widths = []
        for o in self.options.get(f.key, []):
            text_w = max(c.text_width(self._label(c, o.label), theme.MIN_TEXT, True), c.text_width(o.note,
                                                                                   theme.MIN_TEXT) if o.note else 0)
            widths.append(min(most, max(s(56), text_w + s(16))))
        return widths

    @staticmethod
    def _label(c: Canvas, label: Any) -> str:
        """A choice's label as its button shows it: beginning with a capital, as every button does ("Fire in 5",
        "Elektrischer Defekt in 6", "Volle Fahrt zurück"), unless it begins with an id ("c3 031°")."""
        words = c.tr(label)
        if words[:1].islower() and not ID_START.match(words):
            return words[0].upper() + words[1:]
        return words

    def _lines(self, c: Canvas, f: Field, width: int) -> int:
        """How many rows the field's options take when all are shown at once."""
        return len(pack_in_order(self._widths(c, f, width), width, c.size(4))) if self.options.get(f.key) else 1

    def _options(self, c: Canvas, f: Field, row: Rect, lines: int = 1) -> None:
        s = c.size
        options = self.options.get(f.key, [])
        if not options:
            if f.empty is not None:
                c.paragraph(f.empty, row, theme.MIN_TEXT, theme.TEXT_DIM)
            else:
                c.text(Msg("nothing to choose now"), (row.x, row.centery), theme.TEXT_SIZE, theme.TEXT_DIM, "midleft")
            return
        arrows = s(48) * 2 + s(8)
        widths = self._widths(c, f, row.w)
        # pages: as many options as fit on the field's rows (with room for the arrows when they do not all fit)
        rows = pack_in_order(widths, row.w, s(4))
        if len(rows) > lines:
            widths = [min(w, row.w - arrows) for w in widths]
            rows = pack_in_order(widths, row.w - arrows, s(4))
        pages = range(0, len(rows), lines)  # each page: `lines` rows
        chosen = self.values.get(f.key)
        if f.key not in self.pages:  # a sheet opens on the page of the choice made for it (a job, a chip)
            picked = [i for i, o in enumerate(options)
                      if (o.value in chosen if f.kind == "multi" and isinstance(chosen, list) else o.value == chosen)]
            self.pages[f.key] = next((k for k, start in enumerate(pages)
                                      if picked and any(picked[0] in row for row in rows[start:start + lines])), 0)
        page = min(self.pages[f.key], len(pages) - 1)
        for n, line in enumerate(rows[page * lines:(page + 1) * lines]):
            x, y = row.x, row.y + n * (row.h + s(4))
            for i in line:
                o = options[i]
                active = o.value in chosen if f.kind == "multi" and isinstance(chosen, list) else o.value == chosen
                c.button(f"field.{f.key}={option_id(o.value)}", Rect(x, y, widths[i], row.h), self._label(c, o.label),
                         call(self.choose, f, o.value), active=active, note=o.note, size=theme.MIN_TEXT)
                x += widths[i] + s(4)
        if len(pages) > 1:
            back = Rect(row.right - arrows + s(8), row.y, s(48), row.h)
            c.button(f"field.{f.key}.back", back, None, simple(lambda: self.page(f, -1)), icon=icons.arrow_left,
                     enabled=page > 0, why_not=None)
            c.button(f"field.{f.key}.more", back.move(s(52), 0), None, simple(lambda: self.page(f, +1)),
                     icon=icons.arrow_right, enabled=page < len(pages) - 1, why_not=None)

    def _assistant(self, c: Canvas, rect: Rect, warn: Callable[[Rect], int]) -> None:
        """The order assistant: its verdict (and what is missing, or why not); `warn` given the room under it for
        the order's warnings (it returns the y under what it drew there); who would carry it out; the bar it is
        paid from."""
        s = c.size
        pygame.draw.rect(c.surface, theme.PANEL_DARK, rect, border_radius=s(6))
        inner = rect.inflate(-s(12), -s(10))
        y = inner.y
        buttons = Rect(inner.x, rect.bottom - s(53), inner.w, s(48))
        give_label = Msg("Give order") if self.form.order else Msg("Do it")
        enabled, why_not = True, None
        p = self.preview or {}
        crew_rows = min(1, len(p.get("activated") or [])) if p.get("accepted") else 0
        # what is missing gets the room above the crew who would carry it out and the bar it is paid from
        # (an order that would be refused, or is not complete, has no bar's line: what is missing takes its room)
        bottom = buttons.y - (s(26) if p.get("accepted") else s(8)) - (s(22) + crew_rows * s(30) if crew_rows else 0)
        if self.problem is not None:  # an order's or a crew action's choice still open
            enabled, why_not = False, self.problem
            y = self._verdict(c, inner, y, icons.warning, theme.WARNING, Msg("Not complete:"), self.problem,
                              bottom)
            y = warn(Rect(inner.x, y, inner.w, bottom - y))
        elif self.form.order is None and (self.preview is None or self.preview.get("accepted")):
            y = c.paragraph(Msg("A crew action: it costs no order."), Rect(inner.x, y, inner.w, s(48)),
                            theme.MIN_TEXT, theme.TEXT_DIM) + s(6)
            y = warn(Rect(inner.x, y, inner.w, bottom - y))
        elif self.preview is not None:
            p = self.preview
            if not p.get("accepted"):
                enabled, why_not = False, p.get("reason")
                y = self._verdict(c, inner, y, icons.x_mark, theme.WARNING, Msg("It would be refused:"),
                                  p.get("reason"), bottom)
            elif p.get("missing"):
                y = self._verdict(c, inner, y, icons.warning, theme.ACCENT, Msg("It goes ahead without its crew:"),
                                  p["missing"], bottom)
            else:
                y = self._verdict(c, inner, y, icons.check, theme.GOOD, Msg("It can be given."), None, bottom)
            y = warn(Rect(inner.x, y, inner.w, bottom - y))
            activated = p.get("activated") or []
            if activated and p.get("accepted"):
                top = y
                c.text(Msg("Carried out by:"), (inner.x, y), theme.MIN_TEXT, theme.TEXT_DIM)
                y += s(22)
                limit = buttons.y - s(26)
                first = self.crew_from if self.crew_from < len(activated) else 0
                shown = 0
                for a in activated[first:]:
                    # each sailor whole, on two lines where the name needs them
                    lines, height = self._sailor(c, a, inner.w)
                    # each sailor above the bar's line, with room left for "+N more" while others follow
                    if y + height > limit - (s(22) if first + shown < len(activated) - 1 else 0):
                        break
                    draw_figure(c.surface, c.fonts, a["figure"], (inner.x + s(13), y + s(13)), s(24),
                                letter=role_letter(c, a["figure"]))
                    for k, line in enumerate(lines):
                        c.text(line, (inner.x + s(32), y + s(3) + k * s(20)), theme.MIN_TEXT, theme.TEXT,
                               width=inner.w - s(32))
                    y += height
                    shown += 1
                if not shown:  # no room for any of them under what is missing
                    c.text(Msg.plural("{n} sailor", "{n} sailors", n=len(activated)), (inner.x, y), theme.MIN_TEXT,
                           theme.TEXT_DIM)
                elif shown < len(activated):
                    # the others, with their chips; a touch on the list shows them (and then the first again)
                    rest = activated[first + shown:]
                    if rest:
                        chips = Msg.plural("{n} chip", "{n} chips", n=sum(int(a["chips"]) for a in rest))
                        c.text(Msg("+{n} more: {chips}", n=len(rest), chips=chips), (inner.x, y), theme.MIN_TEXT,
                               theme.TEXT_DIM)
                    c.text(f"{first + 1}–{first + shown}/{len(activated)}", (inner.right, top), theme.MIN_TEXT,
                           theme.TEXT_DIM, "topright")
                    seen = first + shown
                    c.targets.add("sheet.crew", Rect(inner.x, top, inner.w, max(s(47), y + s(22) - top)),
                                  simple(lambda: self.more_crew(seen)))
            paid = p.get("paid")
            words = {"command": Msg("Paid from the command bar."), "morale": Msg("Paid from the morale bar."),
                     None: Msg("Both bars are spent: no orders now.")}.get(paid, Msg(""))
            if p.get("accepted"):
                c.text(words, (inner.x, buttons.y - s(24)), theme.MIN_TEXT, theme.TEXT_DIM, width=inner.w)
        half = (buttons.w - s(8)) // 2
        c.button("sheet.cancel", Rect(buttons.x, buttons.y, half, buttons.h), Msg("Cancel"), simple(self.close))
        c.button("sheet.give", Rect(buttons.x + half + s(8), buttons.y, half, buttons.h), give_label,
                 simple(self.give), active=enabled, enabled=enabled, why_not=why_not)

    def _wrapped(self, c: Canvas, warnings: list[Msg], width: int) -> list[list[str]]:
        """Each warning's lines `width` wide in their bold font. Each text is wrapped once for its font and width,
        not in every frame nor for each of the places weighed for it (beside the verdict, under the fields)."""
        font = c.font(theme.MIN_TEXT, True)
        out = []
        for w in warnings:
            words = c.tr(w)
            key = ("warning", font, words, width)
            lines = self._wraps.get(key)
            if lines is None:
                lines = self._keep_wrap(key, wrap(font, words, width))
            out.append(lines)
        return out

    def _rows(self, c: Canvas, text: Msg, width: int) -> list[str]:
        """`c.rows` of a warning (the room kept for it under the fields), once for its words and width."""
        key = ("rows", c.font(theme.MIN_TEXT), c.tr(text), width)
        lines = self._wraps.get(key)
        return lines if lines is not None else self._keep_wrap(key, c.rows(text, theme.MIN_TEXT, width))

    def _keep_wrap(self, key: Hashable, lines: list[str]) -> list[str]:
        if len(self._wraps) >= WRAPS_KEPT:  # a sheet open for hours over changing warnings keeps only the recent
            self._wraps.clear()
        self._wraps[key] = lines
        return lines

    def _warning_pages(self, c: Canvas, warnings: list[Msg], room: Rect) -> int:
        """On how many pages `_warn` shows the warnings in `room` (1: whole; a room with no line for them: a page
        each line, more than any room that has one)."""
        s = c.size
        font = c.font(theme.MIN_TEXT, True)
        height = int(font.get_linesize())
        wrapped = [len(lines) for lines in self._wrapped(c, warnings, max(1, room.w - s(30)))]
        if sum(n * height + s(6) for n in wrapped) - s(6) <= room.h:
            return 1
        per_page = room.h // height - 1
        return len(warning_pages(wrapped, per_page)) if per_page >= 1 else 1000 + sum(wrapped)

    def _warn(self, c: Canvas, warnings: list[Msg], room: Rect) -> int:
        """The warnings, each whole under its icon where the room holds them all; else page by page, the page's
        number on the last line and the next page a touch away (as the assistant's account): a long warning under a
        sheet's fields was cut short ("the order would go ahead witho…"). A page ends where a warning ends
        (`warning_pages`), so each is read aloud whole from one page, not begun on one and ended on the next.
        Returns the y under them."""
        s = c.size
        font = c.font(theme.MIN_TEXT, True)
        height = int(font.get_linesize())
        text_w = room.w - s(30)
        wrapped = self._wrapped(c, warnings, max(1, text_w))
        rows = [(k == 0, line) for lines in wrapped for k, line in enumerate(lines)]
        if sum(len(lines) * height + s(6) for lines in wrapped) - s(6) <= room.h:
            y = room.y
            for lines in wrapped:
                icons.warning(c.surface, Rect(room.x, y, s(24), s(24)), theme.WARNING)
                for line in lines:
                    c.text(line, (room.x + s(30), y), theme.MIN_TEXT, theme.WARNING, bold=True, width=text_w)
                    y += height
                y += s(6)
            return y
        per_page = max(1, room.h // height - 1)  # the last line tells the page
        starts = warning_pages([len(lines) for lines in wrapped], per_page)
        page = starts.index(self.warnings_from) if self.warnings_from in starts else 0
        first = starts[page]
        end = starts[page + 1] if page + 1 < len(starts) else len(rows)
        y = room.y
        for starts_warning, line in rows[first:end]:
            if starts_warning:
                icons.warning(c.surface, Rect(room.x, y, s(24), s(24)), theme.WARNING)
            c.text(line, (room.x + s(30), y), theme.MIN_TEXT, theme.WARNING, bold=True, width=text_w)
            y += height
        c.text(f"{page + 1}/{len(starts)} ▸", (room.right, room.y + per_page * height), theme.MIN_TEXT,
               theme.TEXT_DIM, "topright")
        after = end if end < len(rows) else 0
        c.targets.add("sheet.warnings", Rect(room.x, room.y, room.w, max(s(47), (per_page + 1) * height)),
                      simple(lambda: self.more_warnings(after)))
        return room.y + (per_page + 1) * height + s(6)

    def more_warnings(self, first: int) -> None:
        """The warnings' next lines (from line `first`), or their first ones again."""
        self.warnings_from = first
        self.win.touch()

    def more_crew(self, seen: int) -> None:
        """The assistant's next sailors (after the `seen` first), or the first ones again."""
        self.crew_from = seen
        self.win.touch()

    def _warnings(self) -> list[Msg]:
        """What to mind before giving the order (the console's `check` says the same)."""
        from kaleun.ui.order_warnings import order_warnings, return_warnings

        if self.form.id == "return_to_base" and self.preview is None:  # heading home with the mission not done
            return return_warnings(self.game)
        return order_warnings(self.game, self.preview) if self.preview is not None else []

    def _sailor(self, c: Canvas, a: Mapping[str, Any], width: int) -> tuple[list[str], int]:
        """A sailor who would carry the order out, as the assistant lists him: his lines and their height."""
        s = c.size
        words = Msg("{name} in {section}: {chips}", name=Msg.term(self.names.get(a["figure"], a["figure"])),
                    section=a["section"], chips=Msg.plural("{n} chip", "{n} chips", n=a["chips"]))
        room = width - s(32)
        # one line each where the words fit squeezed a little, so five sailors show in the panel
        one = c.rows(words, theme.MIN_TEXT, room, rows=1)
        if len(one) == 1 and c.text_width(one[0], theme.MIN_TEXT) * NARROWEST <= room:
            return one, s(26)
        lines = c.rows(words, theme.MIN_TEXT, room)
        return lines, max(s(30), len(lines) * s(20) + s(8))

    def _verdict(self, c: Canvas, inner: Rect, y: int, icon: Any, color: theme.Color, head: Msg,
                 detail: Msg | str | None, bottom: int) -> int:
        """The assistant's answer: a headline (wrapped, never cut) and what is missing, using all
        the room down to `bottom`."""
        s = c.size
        icon(c.surface, Rect(inner.x, y, s(24), s(24)), color)
        y = max(y + s(28), c.paragraph(head, Rect(inner.x + s(30), y, inner.w - s(30), s(66)), theme.MIN_TEXT, color,
                                       bold=True) + s(4))
        self.verdict_all = self.verdict_rows = []
        if detail:
            y = self._account(c, c.lines(detail, theme.MIN_TEXT, inner.w), Rect(inner.x, y, inner.w, bottom - y))
        return y

    def _account(self, c: Canvas, rows: list[str], room: Rect) -> int:
        """What is missing (or why not), whole where the room allows; else page by page, the page's
        number on the line under it, the next lines a touch away (after the last page, the first)."""
        s = c.size
        height = int(c.font(theme.MIN_TEXT).get_linesize())
        lines = max(1, room.h // height)
        if len(rows) > lines:
            lines = max(1, lines - 1)  # the last line tells the page
        first = self.verdict_from if self.verdict_from < len(rows) else 0
        shown = rows[first:first + lines]
        self.verdict_all, self.verdict_rows = rows, shown
        y = room.y
        for row in shown:
            c.text(row, (room.x, y), theme.MIN_TEXT, theme.TEXT, width=room.w)
            y += height
        if len(rows) > lines:
            pages = -(-len(rows) // lines)
            y = room.y + lines * height
            c.text(f"{first // lines + 1}/{pages} ▸", (room.right, y), theme.MIN_TEXT, theme.TEXT_DIM, "topright")
            y += height
            after = first + lines if first + lines < len(rows) else 0
            c.targets.add("sheet.verdict", Rect(room.x, room.y, room.w, max(s(47), y - room.y)),
                          simple(lambda: self.more_verdict(after)))
        return y + s(4)

    def more_verdict(self, first: int) -> None:
        """The account's next lines (from line `first`), or its first ones again."""
        self.verdict_from = first
        self.win.touch()


def warning_pages(lengths: list[int], per_page: int) -> list[int]:
    """The first line of each page of warnings `lengths` lines long, `per_page` lines to a page: a warning that
    does not fit in what is left of a page begins the next one; only a warning longer than a whole page is split
    (at the page's end)."""
    starts = [0]
    used = line = 0
    for length in lengths:
        if used and used + length > per_page:
            starts.append(line)
            used = 0
        for _ in range(length):
            if used == per_page:
                starts.append(line)
                used = 0
            used += 1
            line += 1
    return starts
