"""The whole info feed, newest first, a page at a time; alarms keep their colour and icon,
refused inputs their `!`, warnings the warning sign."""

from __future__ import annotations

from collections.abc import Hashable

from pygame import Rect

from kaleun.core.messages import Msg
from kaleun.ui import icons, theme
from kaleun.ui.alarms import BY_NAME as ALARMS
from kaleun.ui.frame import line_color
from kaleun.ui.layout import pack_in_order
from kaleun.ui.screens.base import PagedSheet
from kaleun.ui.touch import simple
from kaleun.ui.widgets import Canvas


def feed_pages(heights: list[int], room: int) -> list[list[int]]:
    """The lines (by index) on each page, each line whole, pages filled in order."""
    return pack_in_order(heights, room)


class FeedLog(PagedSheet):
    id = "feed"
    title = Msg("Info feed")

    def read(self) -> Hashable:
        return (self.win.feed.version, self.page)

    def draw(self, c: Canvas, area: Rect) -> None:
        s = c.size
        side = self.frame(c, area)
        lines = list(reversed(self.win.feed.lines))
        size = theme.MIN_TEXT
        height = c.font(size).get_linesize()
        width = side.x - area.x - s(12)
        x = area.x + s(8)
        time_w = c.text_width("00:00", size) + s(30)
        room = area.h - s(8)
        # every line whole: a page holds as many as fit with all their rows (a line taller than a
        # page has a page of its own and is cut only there)
        rows = [len(c.lines(line.words, size, width - time_w)) * height + s(4) for line in lines]
        pages = feed_pages(rows, room)
        page = min(self.page, len(pages) - 1)
        y = area.y + s(4)
        for i in pages[page]:
            line = lines[i]
            c.text(line.clock, (x, y), size, theme.TEXT_DIM)
            mark = Rect(x + c.text_width("00:00", size) + s(4), y + s(1), s(18), s(18))
            if line.alarm is not None:
                kind = ALARMS[line.alarm]
                icons.ICONS[kind.icon](c.surface, mark, kind.color)
            elif line.problem:
                c.text("!", mark.center, size, theme.WARNING, "center", bold=True)
            elif line.notice:
                icons.warning(c.surface, mark, theme.WARNING)
            y = c.paragraph(line.words, Rect(x + time_w, y, width - time_w, min(rows[i], room)), size,
                            line_color(line)) + s(4)
        c.button("feed.newer", Rect(side.x, side.y + s(56), side.w, s(48)), None, simple(lambda: self.turn(-1)),
                 icon=icons.arrow_up, enabled=page > 0)
        c.button("feed.older", Rect(side.x, side.y + s(108), side.w, s(48)), None, simple(lambda: self.turn(+1)),
                 icon=icons.arrow_down, enabled=page < len(pages) - 1)
        c.text(f"{page + 1}/{len(pages)}", (side.centerx, side.y + s(162)), size, theme.TEXT_DIM, "midtop")
