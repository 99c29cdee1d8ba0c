"""The debrief, when the mission is over: how it ended and why, the score, grade and fame when the
mission gives them, the objectives, the tally of the attack and what the crew lost.

It reads the `mission_end` event's fields (`result`, `reason`, and `score`, `grade`, `fame`,
`grt`, `objectives` when the mission has them) and the weapons' tally; anything missing is
left out. A game resumed after its end opens with it (the event has gone by then: the mission's
status says how it ended)."""

from __future__ import annotations

from collections.abc import Hashable, Mapping
from typing import Any

import pygame
from pygame import Rect

from kaleun.core.messages import Msg
from kaleun.uboot.missions.practice import over
from kaleun.ui import icons, theme
from kaleun.ui.scene import freeze
from kaleun.ui.screens.base import Overlay
from kaleun.ui.touch import call, simple
from kaleun.ui.widgets import Canvas, wrap

RESULTS: dict[str, tuple[Msg, theme.Color, str]] = {
    "won": (Msg("Mission accomplished"), (110, 200, 120), "check"),
    "returned": (Msg("Back in port"), (236, 180, 64), "boat"),
    "lost": (Msg("The boat is lost"), (235, 70, 60), "x"),
    "ended": (Msg("Exercise over"), (110, 170, 230), "check"),
}
#: a mission lost by its time limit (a primary objective not met): the boat itself is not lost
OUT_OF_TIME: tuple[Msg, theme.Color, str] = (Msg("Mission failed"), (236, 140, 60), "warning")


def objective_lines(objectives: Any) -> list[tuple[Msg | str, bool | None]]:
    """(words, done) of each objective, whatever form the mission gives them in; a mission's objective
    (`text` from its file) in the table's language, an objective whose signal was never decoded as such."""
    out: list[tuple[Msg | str, bool | None]] = []
    if isinstance(objectives, Mapping):
        objectives = [{"name": k, "done": v} if not isinstance(v, Mapping) else {"name": k, **v}
                      for k, v in objectives.items()]
    if not isinstance(objectives, list | tuple):
        return out
    for item in objectives:
        if isinstance(item, str):
            out.append((item, None))
        elif isinstance(item, Mapping):
            words: Msg | str = next((str(item[k]) for k in ("text", "name", "title", "id", "objective")
                                     if item.get(k)), "?")
            if item.get("coded"):
                words = Msg("a signal never decoded")
            elif item.get("text"):
                words = Msg.term(str(item["text"]))
            done = next((bool(item[k]) for k in ("done", "met", "achieved", "complete", "completed") if k in item),
                        None)
            out.append((words, done))
    return out


def class_name(cid: Any) -> str:
    """A ship class's name from the sea's data ("Hog Islander" for `hog_islander`); an unknown one as given."""
    from kaleun.uboot.sea.classes import ship_classes

    found = ship_classes().get(str(cid))
    return found.name if found is not None else str(cid or "?")


#: the last attacks the summary names with their targets (the saved debrief lists more)
ATTACKS_SHOWN = 3


def next_label(mode: str) -> Msg:
    """The debrief's button that goes on after a linked part ("linked") or a campaign mission ("campaign")."""
    return Msg("Next part") if mode == "linked" else Msg("Next mission")


class Debrief(Overlay):
    id = "debrief"
    title = Msg("Debrief")

    def __init__(self, win: Any) -> None:
        super().__init__(win)
        self.end: dict[str, Any] = {}
        self.weapons: dict[str, Any] = {}
        self.dead = 0
        self.hours = 0.0
        #: the patrol's chart (the saved debrief's picture) shown instead of the summary
        self.chart = False
        self.chart_image: Any = None
        #: the chart's legend rows (`debrief_chart.legend_rows`), read with its picture
        self.legend: tuple[tuple[Msg, str], ...] = ()
        self.saved: str | None = None
        #: the patrol's attacks (kind, the contact aimed at, its class as the crew knew it), from the mission's log
        self.attacks: list[dict[str, Any]] = []
        self.fuel_used: float | None = None
        #: what the career record plays after this game's end: (mode, mission), read once the game is over
        self.going_on: tuple[str, str] | None = None
        #: a linked patrol's or campaign's part whose career record cannot be read: its mode ("linked", "campaign")
        #: and the record's problem ("": it reads again since, the result still to be booked); the next part's button
        #: then says why and goes on once the record is mended
        self.unread: tuple[str, Msg | str] | None = None
        self._looked = False

    def toggle_chart(self) -> None:
        self.chart = not self.chart
        if self.chart and self.chart_image is None:
            from kaleun.uboot.missions.debrief import debrief
            from kaleun.ui.debrief_chart import legend_rows, render_debrief

            language = self.win.lang
            english = language.code == "en"
            told = debrief(self.game)
            # the legend is the window's own, beside the chart at a size read from the table
            self.chart_image = render_debrief(told, None if english else language.text,
                                              None if english else language.plural,
                                              language.localise, legend=False)
            self.legend = legend_rows(told)  # the track's ends named by what was played
        self.win.touch()

    def read(self) -> Hashable:
        game = self.game
        event = self.win.mission_end
        mission = game.module("mission").status() if game.has_module("mission") else {}
        self.end = {"result": mission.get("result"), "reason": mission.get("reason")}
        output = getattr(self.win.runtime, "debrief", None)
        if event is not None:
            self.end.update(event.data)
            # the end as the session tells it: a mission of a campaign given up since goes on with the newer one
            shown = output.end_line() if output is not None and getattr(output, "ended", None) is event else None
            self.end["feed"] = shown if shown is not None else event.feed
        self.weapons = game.module("weapons").status() if game.has_module("weapons") else {}
        crew = game.module("crew") if game.has_module("crew") else None
        self.dead = 0
        if crew is not None:
            self.dead = sum(1 for row in (0, 1) for f in crew.status()["sailors"] if crew.sailor(f, row).dead)
        self.hours = round(game.t / 3600, 1)
        boat = game.module("boat") if game.has_module("boat") else None
        self.fuel_used = round(max(0.0, boat.fuel_start - boat.fuel_at(game.t)), 1) if boat is not None else None
        pngs = [p for p in getattr(output, "paths", []) if str(p).endswith(".png")]
        self.saved = pngs[-1].name if pngs else None
        log = getattr(game.module("mission"), "log", {}) if game.has_module("mission") else {}
        self.attacks = [dict(a) for a in log.get("attacks", [])]
        if not self._looked and self.win.after is not None:
            from kaleun.ui.session import career_mode, career_unread, goes_on_with, is_over

            if is_over(game):  # booked in the career record at the end: read once
                self._looked = True
                self.going_on = goes_on_with(game)
                self.unread = career_unread(game) if self.going_on is None else None
                mode = career_mode(game)
                if self.going_on is None and self.unread is None and mode is not None \
                        and getattr(output, "unbooked", False):
                    # the record that could not book the end reads again (repaired or moved away since): the next
                    # part's button still books the result and goes on (`go_on_unread`), without the record's problem
                    self.unread = (mode, "")
        return (self.going_on, self.unread[0] if self.unread else None,
                freeze({k: v for k, v in self.end.items() if k != "feed"}), freeze(self.weapons), self.dead, self.hours,
                self.chart, self.saved, freeze(self.attacks), self.fuel_used)

    def headline(self) -> tuple[Msg, theme.Color, str]:
        """The debrief's headline (words, colour, icon) for how the mission ended: a mission lost by its time
        limit says so, not that the boat is lost (it sails on; only its orders were not carried out)."""
        result = str(self.end.get("result") or "")
        if result == "lost" and self.end.get("reason") == "time_limit":
            return OUT_OF_TIME
        if result == "ended" and self.game.has_module("mission"):  # the piece as its file names it (the patrol ...)
            return (over(self.game.module("mission").practice), *RESULTS["ended"][1:])
        return RESULTS.get(result, (Msg("The mission is over"), theme.ACCENT, "warning"))

    def draw(self, c: Canvas, area: Rect) -> None:
        s = c.size
        pygame.draw.rect(c.surface, theme.PANEL, area)
        if self.chart and self.chart_image is not None:
            self._draw_chart(c, area)
            return
        word, color, icon = self.headline()
        pygame.draw.rect(c.surface, color, area, s(3))
        icons.ICONS[icon](c.surface, Rect(area.x + s(12), area.y + s(10), s(40), s(40)), color)
        # the next part's button at the headline's right: the summary's columns keep their rows
        head_w = (self._next_rect(c, area).x - s(8) if self._next_offered() else area.right - s(18)) - area.x - s(62)
        c.text(word, (area.x + s(62), area.y + s(8)), 28, color, bold=True, width=head_w)
        reason = self.end.get("feed") or self.end.get("reason")
        y = area.y + (s(53) if self._next_offered() else s(48))
        if reason:  # up to four rows: how a part of a linked patrol or a campaign mission ended, and what follows
            font = c.font(theme.MIN_TEXT)
            rows = min(4, max(3, len(wrap(font, c.tr(reason), area.w - s(80)))))
            y = c.paragraph(reason, Rect(area.x + s(62), y, area.w - s(80), rows * font.get_linesize()),
                            theme.MIN_TEXT, theme.TEXT)
        left = Rect(area.x + s(12), y + s(6), area.w // 2 - s(20), area.bottom - y - s(64))
        right = Rect(area.centerx + s(4), y + s(6), area.w // 2 - s(16), left.h)
        lines: list[tuple[Msg | str, theme.Color]] = []
        for key, label in (("score", Msg("Score")), ("grade", Msg("Grade")), ("fame", Msg("Fame"))):
            value = self.end.get(key)
            if isinstance(value, int) and not isinstance(value, bool):
                lines.append((Msg("{what}: {value:,}", what=label, value=value), theme.ACCENT))
            elif value is not None:
                lines.append((Msg("{what}: {value}", what=label, value=value), theme.ACCENT))
        for text, done in objective_lines(self.end.get("objectives")):
            mark = "✓" if done else "✗" if done is False else "·"
            tone = theme.GOOD if done else theme.WARNING if done is False else theme.TEXT
            lines.append((Msg("{mark} {text}", mark=mark, text=text), tone))
        saved: list[tuple[Msg | str, theme.Color]] = []
        if self.saved:
            saved.append((Msg("Saved debrief: {file}", file=self.saved), theme.TEXT_DIM))
        w = self.weapons
        tally: list[tuple[Msg | str, theme.Color]] = []
        # the time at sea and the dead under the tally: the objectives beside them may take several rows each
        hours = int(self.hours) if float(self.hours).is_integer() else self.hours
        patrol = [(Msg.plural("{n} hour at sea", "{n} hours at sea", n=hours), theme.TEXT_DIM),
                  (Msg("{n} of the crew dead", n=self.dead), theme.WARNING if self.dead else theme.TEXT_DIM)]
        if self.fuel_used is not None:
            patrol.append((Msg("{used} t of fuel used", used=round(self.fuel_used, 1)), theme.TEXT_DIM))
        if w:
            grt = self.end.get("grt", w.get("grt_sunk", 0))
            tally.append((Msg.plural("{n} ship sunk, {grt:,} GRT", "{n} ships sunk, {grt:,} GRT",
                                     n=len(w.get("sunk", [])), grt=int(grt or 0)), theme.ACCENT))
            tally.append((Msg.plural("{n} torpedo fired, {hits}", "{n} torpedoes fired, {hits}", n=w.get("fired", 0),
                                     hits=Msg.plural("{n} hit", "{n} hits", n=w.get("hits", 0))), theme.TEXT))
            for ship in w.get("sunk", [])[:5]:
                name = Msg.term(class_name(ship.get("class")))  # an escort carries no GRT: its class alone
                grt_sunk = int(ship.get("grt") or 0)
                tally.append((Msg("{name}, {grt:,} GRT", name=name, grt=grt_sunk) if grt_sunk else name,
                              theme.TEXT_DIM))
        from kaleun.uboot.missions.debrief import attack_target
        from kaleun.uboot.missions.debrief import word as said

        for attack in self.attacks[-ATTACKS_SHOWN:]:  # what each was aimed at, as the crew knew it
            tally.append((Msg("{kind}: {target}", kind=said(str(attack.get("kind"))), target=attack_target(attack)),
                          theme.TEXT_DIM))
        tally = tally[:2] + patrol + tally[2:] if w else patrol + tally
        # the saved debrief's file where it is read whole: below the objectives, else below the tally (a Russian
        # headline of three rows and two objectives of two fill the left column at 800x480), else across both
        # columns below them (one row, the screen's whole width)
        across = None
        if saved and self._fits(c, left, lines + saved):
            lines += saved
        elif saved and self._fits(c, right, tally + saved):
            tally += saved
        elif saved:
            across = saved[0]
        below = max(self._column(c, left, lines), self._column(c, right, tally))
        if across is not None:
            c.text(across[0], (left.x, min(below, left.bottom - s(21))), theme.MIN_TEXT, across[1],
                   width=right.right - left.x)
        self._buttons(c, area)

    def _fits(self, c: Canvas, rect: Rect, lines: list[tuple[Msg | str, theme.Color]]) -> bool:
        """Would every line of the column be drawn whole in `rect` (as `_column` lays them out)?"""
        s = c.size
        font = c.font(theme.MIN_TEXT)
        y = rect.y
        for i, (text, _) in enumerate(lines):
            if y + s(21) > rect.bottom:
                return False
            if i == 0:
                if c.text_width(text, theme.TEXT_SIZE) > rect.w:
                    return False
                y += s(24)
                continue
            rows = len(wrap(font, c.tr(text), max(1, rect.w)))
            if rows > 4 or y + rows * font.get_linesize() > rect.bottom:
                return False
            y += rows * font.get_linesize()
        return True

    def _next_shown(self) -> bool:
        """Is what comes next offered here (the window can start another game, the game is over, the summary shown)?"""
        return self.win.after is not None and self._looked and not self.chart

    def _next_offered(self) -> bool:
        """Is the next part's (or next mission's) button drawn: one goes on, or would once the record is mended?"""
        return self._next_shown() and (self.going_on is not None or self.unread is not None)

    def go_on_unread(self) -> None:
        """The next part's button with a career record that could not be read: booked now and gone on to the next
        part when the record was repaired or moved away since; else the crew is told why, where the file is and what
        to do, as the console's `next` says it."""
        from kaleun.career import going_on_command
        from kaleun.ui.screens.settings import quit_words
        from kaleun.ui.session import career_unread, goes_on_with

        output = getattr(self.win.runtime, "debrief", None)
        if output is not None and getattr(output, "unbooked", False):
            output.book()  # a career record repaired or moved away since the end: booked now, so it goes on
        self.going_on = goes_on_with(self.game)
        if self.going_on is not None:
            self.unread = None
            self.win.new_game(self.going_on[0])
            return
        unread = career_unread(self.game)
        if unread is None:  # read now, and nothing goes on from it: the campaign stayed in the record moved away
            was, self.unread = self.unread, None
            self.win.say(Msg("the campaign is not in the career record read now: it stayed in the file moved away, "
                             "which goes on with it once put back repaired; {new} sets up a new game (kaleun play "
                             "--campaign begins a new campaign)", new=Msg("New game"))
                         if was is not None and was[0] == "campaign" else
                         Msg("nothing goes on after this mission (a single mission, or its linked patrol or campaign "
                             "is over): {new} sets up a new game", new=Msg("New game")))
            return
        self.unread = unread
        if unread[0] == "campaign":  # a campaign goes on only from its own record: moved away, it stays in that file
            self.win.say(Msg("the career record cannot be read, so the campaign cannot go on from it: {problem}. "
                             "Repair the file, then touch {next} again: this mission's result is booked then, and the "
                             "campaign goes on ({quit} and {how} later do the same); a file moved away keeps the "
                             "campaign; {new} sets up a new game now", problem=unread[1],
                             next=self._next_label(unread[0], None), quit=quit_words(),
                             how=going_on_command(unread[0]), new=Msg("New game")))
            return
        self.win.say(Msg("the career record cannot be read, so the linked patrol or campaign cannot go on from it: "
                         "{problem}. Repair the file or move it away, then touch {next} again: this mission's result "
                         "is booked then, and the game goes on ({quit} and {how} later do the same); {new} sets up a "
                         "new game now", problem=unread[1], next=self._next_label(unread[0], None), quit=quit_words(),
                         how=going_on_command(unread[0]), new=Msg("New game")))

    def _next_label(self, mode: str, mission: str | None) -> Msg:
        own = self.game.module("mission").mission if self.game.has_module("mission") else None
        if mission == own:  # a primary objective not met (§4.3): the part or the mission is played again
            return Msg("Play the part again") if mode == "linked" else Msg("Play the mission again")
        return next_label(mode)

    def _buttons(self, c: Canvas, area: Rect) -> None:
        s = c.size
        row = area.bottom - s(53)
        buttons: list[tuple[str, Msg, Any, dict[str, Any]]] = [
            ("debrief.close", Msg("Look around"), simple(self.close), {})]
        if self.game.has_module("mission"):  # the patrol's track, as the saved debrief draws it
            buttons.append(("debrief.chart", Msg("Summary") if self.chart else Msg("Chart"), simple(self.toggle_chart),
                            {"active": self.chart}))
        if self._next_shown():  # a new game by touch (a touch-only crew has no keyboard to type kaleun play)
            buttons.append(("debrief.new", Msg("New game"), simple(self.win.new_game), {}))
        from kaleun.ui.screens.settings import quit_words

        buttons.append(("debrief.quit", quit_words(), simple(self.win.quit), {"tone": (200, 90, 70)}))
        # each as wide as its words need (at least a third of the old 200), what is left shared out; in the
        # table's language
        gap, room = s(6), area.w - s(24)
        need = [max(s(130), c.text_width(label, theme.MIN_TEXT) + s(24)) for _, label, _, _ in buttons]
        spare = max(0, room - gap * (len(buttons) - 1) - sum(need)) // len(buttons)
        x = area.x + s(12)
        for (name, label, action, more), width in zip(buttons, need, strict=True):
            c.button(name, Rect(x, row, width + spare, s(47)), label, action, size=theme.MIN_TEXT, **more)
            x += width + spare + gap
        if not self._next_offered():
            return
        if self.going_on is None and self.unread is not None:  # the record cannot be read: touched, it says why
            why = Msg("the career record cannot be read") if self.unread[1] else None  # "": it reads again since
            c.button("debrief.next", self._next_rect(c, area), self._next_label(self.unread[0], None),
                     simple(self.go_on_unread), note=why, size=theme.MIN_TEXT)
            return
        from kaleun.uboot.missions.catalogue import titled

        assert self.going_on is not None
        mode, mission = self.going_on
        # the mission named on a row of its own, so a long title (in Russian) is read whole
        c.button("debrief.next", self._next_rect(c, area), self._next_label(mode, mission),
                 call(self.win.new_game, mode), active=True, note=titled(mission), size=theme.MIN_TEXT)

    def _next_rect(self, c: Canvas, area: Rect) -> Rect:
        """Where the next part's (or next mission's) button goes: the headline row's right half."""
        s = c.size
        return Rect(area.centerx + s(4), area.y + s(4), area.right - s(8) - area.centerx - s(4), s(47))

    def _draw_chart(self, c: Canvas, area: Rect) -> None:
        """The saved debrief's chart (its outcome panel is the summary's), scaled into the sheet above its
        buttons, and its legend beside it in the window's own text (on the 7" screen the chart is drawn
        at about a quarter of its size: the saved legend's words would be 3 px high)."""
        from kaleun.ui.debrief_chart import CHART, HEIGHT, INK, LEGEND_MARK_W, PAPER, legend_mark

        rows = self.legend

        s = c.size
        room = Rect(area.x + s(4), area.y + s(4), area.w - s(8), area.h - s(66))
        font = c.font(theme.MIN_TEXT)
        row = max(font.get_linesize(), s(22))
        mark_w = s(LEGEND_MARK_W)
        words_w = max(c.text_width(label, theme.MIN_TEXT) for label, _ in rows)
        legend = Rect(0, 0, s(8) + mark_w + s(10) + words_w + s(8), s(8) + row * len(rows))
        image = self.chart_image.subsurface(Rect(0, 0, CHART, HEIGHT))
        room_w = room.w - legend.w - s(8)
        scale = min(room_w / image.get_width(), room.h / image.get_height())
        size = (max(1, int(image.get_width() * scale)), max(1, int(image.get_height() * scale)))
        fitted = pygame.transform.smoothscale(image, size)
        left = room.x + (room.w - size[0] - s(8) - legend.w) // 2
        chart = fitted.get_rect(topleft=(left, room.y + (room.h - size[1]) // 2))
        c.surface.blit(fitted, chart)
        legend.topleft = (chart.right + s(8), chart.y)
        pygame.draw.rect(c.surface, PAPER, legend, border_radius=s(4))
        x = legend.x + s(8)
        for i, (label, kind) in enumerate(rows):
            cy = legend.y + s(4) + row * i + row // 2
            legend_mark(c.surface, kind, x, cy, c.layout.scale)
            c.text(label, (x + mark_w + s(10), cy), theme.MIN_TEXT, INK, "midleft", width=words_w)
        self._buttons(c, area)

    def _column(self, c: Canvas, rect: Rect, lines: list[tuple[Msg | str, theme.Color]]) -> int:
        """Draw the lines down the column; returns the y below the last."""
        s = c.size
        y = rect.y
        for text, color in lines:
            if y + s(21) > rect.bottom:
                break
            if y == rect.y:
                c.text(text, (rect.x, y), theme.TEXT_SIZE, color, width=rect.w)
                y += s(24)
                continue
            # a line too long for the half screen (a mission's objective in Russian) goes on in further rows
            # (aircrew_1942's rescue in German, "stopped 20 minutes within 1.5 nm, within 36 hours", takes four)
            y = c.paragraph(text, Rect(rect.x, y, rect.w, min(4 * s(21), rect.bottom - y)), theme.MIN_TEXT, color)
            y = max(y, rect.y)
        return int(y)
