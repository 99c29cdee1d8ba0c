"""The tactical plot: the crew's contact picture around the boat, north up, on a grid of 1 nm
squares as the rulebook's tactical map. Only the crew's estimates are drawn (bearing, estimated
range, course and speed, how old the sighting is, the class once identified), never the truth.
Touch a contact for its target data and what can be done about it."""

from __future__ import annotations

import math
from collections.abc import Hashable
from typing import Any

import pygame
from pygame import Rect

from kaleun.core.messages import Msg
from kaleun.ui import contact_list, icons, theme
from kaleun.ui.scene import freeze
from kaleun.ui.screens.base import Screen
from kaleun.ui.touch import call, simple
from kaleun.ui.widgets import NARROWEST, Canvas, wrap

#: the plot's scales: nm from the boat to the top edge
SCALES = (1, 2, 4, 8, 16)
#: a course vector shows this much of a contact's run (hours)
VECTOR_H = 0.1
#: a sighting older than this (s) is drawn faded
OLD_S = 300
TYPE_WORDS: dict[str, Msg] = {"merchant": Msg("merchant"), "escort": Msg("escort"), "small": Msg("small vessel")}
#: the list's orders, as its sort button says them
SORT_WORDS: dict[str, Msg] = {order: Msg(label) for order, label in contact_list.SORT_LABELS.items()}
SENSOR_WORDS: dict[str, Msg] = {"lookouts": Msg("lookouts"), "periscope": Msg("periscope"),
                                "hydrophone": Msg("hydrophone"), "watch": Msg("the watch officer")}


def target_note(data: dict[str, Any]) -> Msg:
    """A `target_data` event as one line of the feed: the target data the crew took, with the figures of that
    moment (the console prints the same data as a table)."""
    kind = str(data.get("kind") or "ship")
    if data.get("identified") and (data.get("class_name") or data.get("class")):
        name = Msg.term(str(data.get("class_name") or data.get("class")))
        cls = Msg("{name} ({grt} GRT)", name=name, grt=Msg("{n:,}", n=int(data["grt"]))) if data.get("grt") else name
    else:
        cls = Msg("not identified")
    course = data.get("course")
    speed = data.get("speed_kn")
    return Msg("Target data {contact} ({kind}){lost}: bearing {b:03d}° (rel. {r:03d}°), range about {nm:.1f} nm, "
               "course {course}, speed {speed}, {seen}; {cls}.", contact=str(data.get("contact")),
               kind=Msg.term(kind), lost=Msg(", lost") if data.get("lost")
               else Msg(", going down") if data.get("going_down") else "",
               b=int(data.get("bearing") or 0) % 360, r=int(data.get("rel_bearing") or 0) % 360,
               nm=float(data.get("range_nm") or 0),
               course="—" if course is None else f"{int(course) % 360:03d}°",
               speed="—" if speed is None else Msg("{speed:.1f} kn", speed=float(speed)),
               seen=Msg("{s} s ago ({sensor})", s=round(float(data.get("age_s") or 0)),
                        sensor=SENSOR_WORDS.get(str(data.get("sensor")), Msg.term(str(data.get("sensor"))))),
               cls=cls)


def contact_color(c: dict[str, Any]) -> theme.Color:
    if c.get("kind") == "aircraft":
        return theme.ALARM_COLORS["aircraft"]
    return {"escort": (240, 90, 80), "merchant": (120, 210, 120), "small": (200, 200, 120)}.get(
        str(c.get("type")), (225, 225, 225))


def draw_contact_symbol(surface: Any, c: dict[str, Any], centre: tuple[int, int], size: int,
                        color: theme.Color) -> None:
    """Shape by what the crew knows: aircraft, escort (triangle), merchant (square), small vessel
    (circle), a ship not identified (diamond)."""
    x, y = centre
    h = size // 2
    if c.get("kind") == "aircraft":
        icons.aircraft(surface, Rect(x - h, y - h, size, size), color)
        return
    kind = c.get("type") if c.get("identified") else None
    if kind == "escort":
        pts = [(x, y - h), (x + h, y + h), (x - h, y + h)]
    elif kind == "merchant":
        pts = [(x - h, y - h), (x + h, y - h), (x + h, y + h), (x - h, y + h)]
    elif kind == "small":
        pygame.draw.circle(surface, color, centre, h, max(2, size // 6))
        return
    else:
        pts = [(x, y - h), (x + h, y), (x, y + h), (x - h, y)]
    pygame.draw.polygon(surface, color, pts, max(2, size // 6))


class PlotScreen(Screen):
    id = "plot"
    title = Msg("Plot")
    icon = "plot"

    def __init__(self, win: Any) -> None:
        super().__init__(win)
        self.contacts: list[dict[str, Any]] = []
        self.heading = 0.0
        self.page = 0
        #: where each contact's symbol is drawn on the plot (the last frame)
        self._marks: dict[str, tuple[int, int]] = {}
        #: the list's rows for the contacts' estimates, the order and the group open (`_entries`)
        self._listed: tuple[Hashable, tuple[list[contact_list.Entry], contact_list.Entry | None]] | None = None

    @property
    def selected(self) -> str | None:
        chosen = self.win.ui.get("contact")
        return chosen if isinstance(chosen, str) else None

    @property
    def scale(self) -> int:
        """The chosen scale; until one is chosen, the smallest that holds every contact."""
        chosen = self.win.ui.get("plot_scale")
        if isinstance(chosen, int):
            return chosen
        far = max((float(c["range_nm"]) for c in self.contacts), default=0.0)
        return next((sc for sc in SCALES if sc >= far * 1.1), SCALES[-1]) if far else 4

    def read(self) -> Hashable:
        game = self.game
        sea = game.module("sea").status() if game.has_module("sea") else {}
        self.contacts = sorted(sea.get("contacts", []), key=lambda c: float(c["range_nm"]))
        self.heading = round(float(game.module("boat").status().get("heading", 0.0)))
        return (freeze(self.contacts), self.heading, self.selected, self.scale, self.page, self.sort, self.opened)

    def select(self, contact: str | None) -> None:
        self.win.ui["contact"] = contact
        self.win.touch()

    def zoom(self, by: int) -> None:
        i = SCALES.index(self.scale) if self.scale in SCALES else 2
        self.win.ui["plot_scale"] = SCALES[max(0, min(len(SCALES) - 1, i + by))]
        self.win.touch()

    def draw(self, c: Canvas, area: Rect) -> None:
        s = c.size
        c.surface.fill(theme.PANEL, area)
        plot = Rect(area.x + s(4), area.y + s(4), s(520), area.h - s(8))
        side = Rect(plot.right + s(6), area.y + s(4), area.right - plot.right - s(10), area.h - s(8))
        self._plot(c, plot)
        chosen = next((x for x in self.contacts if x["contact"] == self.selected), None)
        if chosen is not None:
            self._target(c, side, chosen)
        else:
            self._list(c, side)

    def _plot(self, c: Canvas, rect: Rect) -> None:
        s = c.size
        surface = c.surface
        pygame.draw.rect(surface, theme.SEA_DEEP, rect)
        centre = rect.center
        px_per_nm = (rect.h / 2) / self.scale
        clip = surface.get_clip()
        surface.set_clip(rect.clip(clip))
        step = 1 if px_per_nm >= 10 else 5
        n = int(rect.w / 2 / px_per_nm) + 1
        for k in range(-n, n + 1):
            if k % step:
                continue
            color = theme.GRID_BRIGHT if k % 5 == 0 else theme.GRID
            x = round(centre[0] + k * px_per_nm)
            y = round(centre[1] + k * px_per_nm)
            pygame.draw.line(surface, color, (x, rect.y), (x, rect.bottom), 1)
            pygame.draw.line(surface, color, (rect.x, y), (rect.right, y), 1)
        h = math.radians(self.heading)
        pygame.draw.circle(surface, theme.OWN_BOAT, centre, s(7))
        pygame.draw.circle(surface, theme.OUTLINE, centre, s(7), s(2))
        pygame.draw.line(surface, theme.OWN_BOAT, centre,
                         (centre[0] + s(40) * math.sin(h), centre[1] - s(40) * math.cos(h)), s(2))
        marks: dict[str, Rect] = {}
        centres: dict[str, tuple[int, int]] = {}
        self._marks = centres  # where each contact's symbol is, for a touch on the plot
        named: list[tuple[dict[str, Any], tuple[int, int], theme.Color, bool]] = []
        for contact in sorted(self.contacts, key=lambda x: float(x["range_nm"])):
            b = math.radians(float(contact["bearing"]))
            r = float(contact["range_nm"]) * px_per_nm
            pos = (round(centre[0] + r * math.sin(b)), round(centre[1] - r * math.cos(b)))
            old = float(contact.get("age_s") or 0) > OLD_S
            color = contact_color(contact)
            if old:
                color = tuple(v // 2 + 30 for v in color)  # type: ignore[assignment]
            course, speed = contact.get("course"), contact.get("speed_kn")
            if course is not None and speed:
                cv = math.radians(float(course))
                run = float(speed) * VECTOR_H * px_per_nm
                pygame.draw.line(surface, color, pos, (pos[0] + run * math.sin(cv), pos[1] - run * math.cos(cv)), s(2))
            if contact["contact"] == self.selected:
                pygame.draw.circle(surface, theme.SELECTED, pos, s(16), s(3))
            draw_contact_symbol(surface, contact, pos, s(16), color)
            mark = Rect(0, 0, s(18), s(18))
            mark.center = pos
            marks[contact["contact"]] = mark
            named.append((contact, pos, color, old))
            if rect.collidepoint(pos):
                centres[contact["contact"]] = pos
            box = Rect(0, 0, s(47), s(47))
            box.center = pos
            if rect.collidepoint(pos):
                # a finger-sized box; where the boxes of a tight cluster overlap, the symbol nearest the finger is
                # chosen (the box drawn last took the touch: a tap on c14's symbol chose the convoy ship behind it)
                c.targets.add(f"contact.{contact['contact']}", box, self._nearest_to)
        # the labels after every symbol, the chosen contact's first: each where it covers neither another
        # label nor a symbol (beside its own symbol, right or left, below or above); one with no such
        # place in a tight cluster is left out (the list beside the plot names every contact)
        taken = [Rect(centre[0] - s(8), centre[1] - s(8), s(16), s(16)), *marks.values()]
        for contact, pos, color, old in sorted(named, key=lambda n: n[0]["contact"] != self.selected):
            label = contact["contact"]
            if old:
                label += f" · {round(float(contact['age_s']) / 60)}′"
            image = c.image(label, theme.MIN_TEXT, color)
            spots = [image.get_rect(topleft=(pos[0] + s(10), pos[1] + s(2))),
                     image.get_rect(bottomleft=(pos[0] + s(10), pos[1] - s(2))),
                     image.get_rect(topright=(pos[0] - s(10), pos[1] + s(2))),
                     image.get_rect(bottomright=(pos[0] - s(10), pos[1] - s(2)))]
            spot = next((sp for sp in spots if sp.collidelist(taken) < 0), None)
            if spot is None and contact["contact"] == self.selected:
                spot = spots[0]
            if spot is not None:
                surface.blit(image, spot)
                taken.append(spot)
        surface.set_clip(clip)
        pygame.draw.rect(surface, theme.PANEL_EDGE, rect, 1)
        c.text(Msg.plural("1 square = 1 nm · {n} nm to the edge", "1 square = 1 nm · {n} nm to the edge", n=self.scale),
               (rect.x + s(6), rect.bottom - s(4)),
               theme.MIN_TEXT, theme.TEXT_DIM, "bottomleft")
        c.text(Msg("N ↑"), (rect.x + s(6), rect.y + s(4)), theme.MIN_TEXT, theme.TEXT_DIM)
        zoom = Rect(rect.right - s(52), rect.y + s(4), s(48), s(48))
        c.button("plot.zoom_in", zoom, None, simple(lambda: self.zoom(-1)), icon=icons.plus,
                 enabled=self.scale > SCALES[0])
        c.button("plot.zoom_out", zoom.move(0, s(52)), None, simple(lambda: self.zoom(+1)), icon=icons.minus,
                 enabled=self.scale < SCALES[-1])

    @property
    def sort(self) -> str:
        chosen = self.win.ui.get("plot_sort")
        return chosen if chosen in contact_list.SORTS else contact_list.SORTS[0]

    @property
    def opened(self) -> str | None:
        """The group of ships whose contacts the list shows (its first-reported contact), or None."""
        chosen = self.win.ui.get("plot_group")
        return chosen if isinstance(chosen, str) else None

    def _nearest_to(self, pos: tuple[int, int]) -> None:
        """Choose the contact whose symbol on the plot is nearest the finger."""
        if self._marks:
            self.select(min(self._marks, key=lambda cid: (self._marks[cid][0] - pos[0]) ** 2
                            + (self._marks[cid][1] - pos[1]) ** 2))

    def _list(self, c: Canvas, rect: Rect) -> None:
        s = c.size
        title_h = s(3) + c.font(theme.MIN_TEXT, True).get_linesize() + s(2)  # as the panel's title takes it
        rows = max(2, (rect.bottom - rect.y - title_h - s(56)) // s(51))
        # ships sailing together are one row (a convoy's forty contacts took a dozen pages); touched, its ships
        entries, group = self._entries()
        if group is None and self.opened is not None:  # the group has gone (sunk, lost, scattered)
            self.win.ui["plot_group"] = None
        per_page = rows - 1 if group is not None else rows  # an open group's pages begin with the way back
        pages = max(1, math.ceil(len(entries) / per_page))
        page = min(self.page, pages - 1)
        n = len(group.contacts) if group is not None else len(self.contacts)
        # the page shown of how many
        if group is not None:
            title = (Msg("GROUP ({n})", n=n) if pages == 1 else
                     Msg("GROUP ({n}) · {p}/{pages}", n=n, p=page + 1, pages=pages))
        else:
            title = (Msg("CONTACTS ({n})", n=n) if pages == 1 else
                     Msg("CONTACTS ({n}) · {p}/{pages}", n=n, p=page + 1, pages=pages))
        top = c.panel(rect, title)
        if not self.contacts:
            c.paragraph(Msg("No contacts. Lookouts, the periscope or the hydrophone find them."),
                        Rect(rect.x + s(8), top + s(6), rect.w - s(16), s(120)), theme.TEXT_SIZE, theme.TEXT_DIM)
            return
        y = top + s(2)
        row_rect = Rect(rect.x + s(4), y, rect.w - s(8), s(47))
        if group is not None:
            c.button("list.all", row_rect, Msg("All contacts ({n})", n=len(self.contacts)),
                     simple(lambda: self._open(None)), size=theme.MIN_TEXT, icon=icons.arrow_left)
            row_rect = row_rect.move(0, s(51))
        for entry in entries[page * per_page:(page + 1) * per_page]:
            if entry.group:
                self._group_row(c, row_rect, entry)
            else:
                self._contact_row(c, row_rect, entry.first)
            row_rect = row_rect.move(0, s(51))
        nav = Rect(rect.x + s(4), rect.bottom - s(52), s(52), s(48))
        if pages > 1:
            c.button("list.back", nav, None, simple(lambda: self._page(-1)), icon=icons.arrow_up, enabled=page > 0)
            c.button("list.more", nav.move(rect.w - s(8) - nav.w, 0), None, simple(lambda: self._page(+1)),
                     icon=icons.arrow_down, enabled=page < pages - 1)
        # the order of the list: touched, the next one (nearest, newest reports, identified ships first)
        order = Rect(nav.right + s(4), nav.y, rect.w - s(8) - 2 * (nav.w + s(4)), nav.h)
        c.button("list.sort", order, SORT_WORDS[self.sort], simple(self._next_sort), size=theme.MIN_TEXT)

    def _entries(self) -> tuple[list[contact_list.Entry], contact_list.Entry | None]:
        """The list's rows, worked out again only when a contact's estimate changes (not as its age ticks)."""
        key = (tuple((c["contact"], c["bearing"], c["range_nm"], c.get("course"), c.get("identified"),
                      c.get("class_name")) for c in self.contacts), self.sort, self.opened)
        if self._listed is None or self._listed[0] != key:
            self._listed = (key, contact_list.entries(self.contacts, self.sort, self.opened))
        return self._listed[1]

    def _contact_row(self, c: Canvas, row: Rect, contact: dict[str, Any]) -> None:
        name = contact.get("class_name")
        label = Msg("{id} {b:03d}° {nm:.1f} nm", id=contact["contact"], b=int(contact["bearing"]),
                    nm=float(contact["range_nm"]))
        # a ship or an aircraft, by its shape as on the plot (not by the plot's colour alone)
        c.button(f"list.{contact['contact']}", row, label, call(self.select, contact["contact"]),
                 note=Msg.term(str(name)) if name else None, size=theme.MIN_TEXT,
                 icon=icons.aircraft if contact.get("kind") == "aircraft" else icons.ship)

    def _group_row(self, c: Canvas, row: Rect, entry: contact_list.Entry) -> None:
        ships = entry.contacts
        first, last = contact_list.span([float(x["bearing"]) for x in ships])
        near = min(float(x["range_nm"]) for x in ships)
        far = max(float(x["range_nm"]) for x in ships)
        label = Msg.plural("{n} ship {a:03d}°–{b:03d}°", "{n} ships {a:03d}°–{b:03d}°", n=len(ships),
                           a=round(first) % 360, b=round(last) % 360)
        c.button(f"list.group.{entry.key}", row, label, call(self._open, entry.key),
                 note=Msg("{near:.1f}–{far:.1f} nm", near=near, far=far), size=theme.MIN_TEXT, icon=icons.convoy)

    def _open(self, group: str | None) -> None:
        """Show a group's ships in the list (None: every contact again); the plot zooms in to hold the group."""
        self.win.ui["plot_group"] = group
        self.page = 0
        _, shown = contact_list.entries(self.contacts, self.sort, group)
        if shown is not None:
            far = max(float(x["range_nm"]) for x in shown.contacts)
            self.win.ui["plot_scale"] = next((sc for sc in SCALES if sc >= far * 1.1), SCALES[-1])
        self.win.touch()

    def _next_sort(self) -> None:
        sorts = contact_list.SORTS
        self.win.ui["plot_sort"] = sorts[(sorts.index(self.sort) + 1) % len(sorts)]
        self.page = 0
        self.win.touch()

    def _page(self, by: int) -> None:
        self.page = max(0, self.page + by)
        self.win.touch()

    def _gun_aboard(self, gun: str = "gun_88") -> bool:
        """Does the boat carry the gun this patrol? (the 88 mm landed from mid-1943: guns.toml `until`)"""
        game = self.game
        return bool(game.has_module("weapons") and game.module("weapons").gunnery.aboard(gun))

    def _target(self, c: Canvas, rect: Rect, contact: dict[str, Any]) -> None:
        s = c.size
        cid = contact["contact"]
        x, w = rect.x + s(8), rect.w - s(16)
        name = contact.get("class_name")
        if name:
            head: Msg | str = Msg("{id}: {name}", id=cid, name=Msg.term(str(name)))
        elif contact.get("kind") == "aircraft":
            head = Msg("{id}: an aircraft", id=cid)
        else:
            head = Msg("{id}: not identified", id=cid)
        if c.text_width(head, theme.TEXT_SIZE, True) * NARROWEST <= w:
            y = c.panel(rect, Msg("TARGET DATA"))
            c.text(head, (x, y), theme.TEXT_SIZE, theme.TEXT, bold=True, width=w)
            y += s(24)
        else:  # a class named at length ("c1: Шлюп типа «Блэк Свон»"): two lines in the panel title's room
            y = c.panel(rect)
            rows = wrap(c.font(theme.MIN_TEXT, True), c.tr(head), int(w / NARROWEST))
            for row in [rows[0], " ".join(rows[1:])] if len(rows) > 2 else rows:
                c.text(row, (x, y), theme.MIN_TEXT, theme.TEXT, bold=True, width=w)
                y += s(21)
            y += s(4)
        lines: list[Msg] = []
        if contact.get("going_down"):  # the crew was told she settles: no torpedo or round is aimed at her unasked
            lines.append(Msg("Going down"))
        if contact.get("grt"):
            lines.append(Msg("{type}, {grt:,} GRT", type=TYPE_WORDS.get(str(contact.get("type")), Msg("ship")),
                             grt=int(contact["grt"])))
        elif contact.get("type"):
            lines.append(Msg("{type}", type=TYPE_WORDS.get(str(contact.get("type")), Msg("ship"))))
        lines.append(Msg("Bearing {b:03d}° (rel. {r:03d}°)", b=int(contact["bearing"]),
                         r=int(contact.get("rel_bearing", 0)) % 360))
        lines.append(Msg("Range about {nm:.1f} nm", nm=float(contact["range_nm"])))
        if contact.get("course") is not None:
            lines.append(Msg("Course {c:03d}°, speed {kn:.1f} kn", c=int(contact["course"]),
                             kn=float(contact.get("speed_kn") or 0)))
        else:
            lines.append(Msg("No course estimate"))
        lines.append(Msg("{s} s ago ({sensor})", s=round(float(contact.get("age_s") or 0)),
                         sensor=SENSOR_WORDS.get(str(contact.get("sensor")), Msg.term(str(contact.get("sensor"))))))
        for line in lines:
            c.text(line, (x, y), theme.MIN_TEXT, theme.TEXT, width=w)
            y += s(21)
        win = self.win
        grid_top = rect.bottom - s(3 * 51 + 4)
        bw = (rect.w - s(12)) // 2
        cell = Rect(rect.x + s(4), grid_top, bw, s(47))
        ship = contact.get("kind") == "ship"
        buttons = [
            ("target.data", Msg("Target data"), lambda: win.submit({"do": "target", "contact": cid}), True),
            ("target.identify", Msg("Identify"), lambda: win.submit({"do": "identify", "contact": cid}), ship),
            ("target.tdc", Msg("TDC"), lambda: win.open_form("tdc", {"contact": cid}), ship),
            # the gun for the contact: the 88 mm at a ship, the flak at an aircraft
            ("target.gun", Msg("88 mm"), lambda: win.open_form("gun_88", {"target": cid}), ship and self._gun_aboard())
            if contact.get("kind") != "aircraft" else
            ("target.gun", Msg("20 mm"), lambda: win.open_form("gun_20", {"target": cid}), self._gun_aboard("gun_20")),
            ("target.scope", Msg("Look"), lambda: self.look(contact), True),
            ("target.close", Msg("Back"), lambda: self.select(None), True),
        ]
        for i, (bid, label, action, enabled) in enumerate(buttons):
            box = cell.move((i % 2) * (bw + s(4)), (i // 2) * s(51))
            c.button(bid, box, label, simple(action), enabled=enabled, size=theme.MIN_TEXT)

    def look(self, contact: dict[str, Any]) -> None:
        """The first-person view, turned to the contact's bearing."""
        self.win.ui["scope_bearing"] = int(contact["bearing"])
        self.win.show("scope")
