"""The frame around the screens: the top bar (ship's time, watch, the crew's bars, time
compression, settings), the feed ticker, the tabs, and the alarm banner."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pygame
from pygame import Rect

from kaleun.core.messages import Msg
from kaleun.uboot.compression import FACTORS
from kaleun.ui import icons, theme
from kaleun.ui.alarms import BY_NAME as ALARMS
from kaleun.ui.alarms import banner_words
from kaleun.ui.scene import FeedLine, Scene
from kaleun.ui.touch import call, simple
from kaleun.ui.widgets import NARROWEST, Canvas, split_wide, words_of

if TYPE_CHECKING:
    from kaleun.ui.window import Window

MODE_WORDS: dict[str, Msg] = {"pause": Msg("Pause"), "real_time": Msg("Real time"), "action": Msg("Action"),
                              "fast_forward": Msg("Fast forward"), "transit": Msg("Transit")}
WATCH_WORDS: dict[str, Msg] = {"first": Msg("first watch"), "second": Msg("second watch")}


def bar_reading(bar: str, label: object) -> Msg:
    """The command or morale bar's field as the First Officer reads it: "Command VI", or on its last,
    blank field "Command blank" (the crew's label "blank" / "blank (exhausted)" is not a word of
    the table's language)."""
    field = str(label)
    if bar == "command":
        return Msg("Command blank") if field.startswith("blank") else Msg("Command {bar}", bar=field)
    return Msg("Morale blank") if field.startswith("blank") else Msg("Morale {bar}", bar=field)


def draw_top_bar(c: Canvas, win: Window, scene: Scene) -> None:
    layout = win.layout
    bar = layout.top_bar
    c.surface.fill(theme.PANEL, bar)
    pygame.draw.line(c.surface, theme.PANEL_EDGE, bar.bottomleft, (bar.right - 1, bar.bottom - 1))
    draw_clock(c, win, scene)
    for mode, rect in layout.buttons.items():
        label = None if mode == "pause" else f"×{FACTORS[mode]:g}"
        icon = icons.pause if mode == "pause" else None
        pressed = scene.pressed == mode
        c.button(f"mode.{mode}", rect, label, call(win.set_mode, mode), active=scene.mode == mode,
                 icon=icon, tone=(30, 36, 46) if pressed else None, size=theme.MIN_TEXT)
    c.button("settings", layout.gear, None, simple(win.open_settings), icon=icons.gear)


def clock_area(win: Window) -> Rect:
    """The part of the top bar that changes as the ship's clock runs (time, date, watch, bars)."""
    layout = win.layout
    clock = layout.clock
    return Rect(clock.x, clock.y + 1, layout.buttons["pause"].x - clock.x - 1, clock.h - 2)


def draw_clock(c: Canvas, win: Window, scene: Scene) -> None:
    layout, s = win.layout, c.size
    c.surface.fill(theme.PANEL, clock_area(win))
    clock = layout.clock
    time_rect = c.text(scene.time, (clock.x, clock.centery + s(1)), 32, theme.TEXT, "midleft", bold=True)
    x = time_rect.right + s(8)
    watch = WATCH_WORDS.get(scene.watch, scene.watch)
    column = max(c.text_width(scene.date, theme.MIN_TEXT), c.text_width(watch, theme.MIN_TEXT))
    command, _, morale = scene.bars.partition(" · ")
    command, morale = command.removeprefix("command "), morale.removeprefix("morale ")
    readings = (bar_reading("command", command), bar_reading("morale", morale)) if scene.bars else ()
    font = c.font(theme.MIN_TEXT)
    wanted = max((font.size(win.lang.render(r))[0] for r in readings), default=0)  # measured, not yet drawn
    free = layout.buttons["pause"].x - x - s(8) - s(6)
    if column + wanted > free:
        # too little room for the date and the bars side by side ("Боевой дух VIII" lost its numeral): the date
        # and watch are squeezed a little first, then the bars
        column = max(int(column * NARROWEST) + 1, free - wanted)
    c.text(scene.date, (x, clock.centery + s(1)), theme.MIN_TEXT, theme.TEXT, "bottomleft", width=column)
    c.text(watch, (x, clock.centery + s(1)), theme.MIN_TEXT, theme.TEXT_DIM, "topleft", width=column)
    bars_x = x + column + s(8)
    if readings:
        room = layout.buttons["pause"].x - bars_x - s(6)
        # a bar on its blank field (orders now cost morale, or the crew is spent) in the warning colour,
        # besides its word "blank"
        c.text(readings[0], (bars_x, clock.centery + s(1)), theme.MIN_TEXT,
               theme.WARNING if command.startswith("blank") else theme.ACCENT, "bottomleft", width=room)
        c.text(readings[1], (bars_x, clock.centery + s(1)), theme.MIN_TEXT,
               theme.WARNING if morale.startswith("blank") else theme.ACCENT, "topleft", width=room)


def draw_tab_bar(c: Canvas, win: Window, scene: Scene) -> None:
    layout, s = win.layout, c.size
    c.surface.fill(theme.PANEL_DARK, layout.tab_bar)
    badges = dict(scene.badges)
    for tab, rect in layout.tabs.items():
        screen = win.screens[tab]
        active = tab == scene.screen and (win.overlay is None or win.overlay.full)
        box = rect.inflate(-s(3), -s(4))
        fill = theme.BUTTON_ACTIVE if active else theme.BUTTON
        pygame.draw.rect(c.surface, fill, box, border_radius=s(6))
        pygame.draw.rect(c.surface, theme.TEXT if active else theme.PANEL_EDGE, box, s(3) if active else 1,
                         border_radius=s(6))
        color = theme.TEXT_DARK if active else theme.TEXT
        icon_box = Rect(0, 0, s(18), s(18))
        icon_box.midtop = (box.centerx, box.y + s(3))
        icons.ICONS[screen.icon](c.surface, icon_box, color)
        c.text(screen.title, (box.centerx, box.bottom - s(2)), theme.MIN_TEXT, color, "midbottom", width=box.w - s(2))
        mark = badges.get(tab)
        if mark is not None:
            kind = ALARMS.get(mark)
            dot = Rect(0, 0, s(20), s(20))
            dot.topright = (box.right - s(2), box.y + s(2))
            pygame.draw.circle(c.surface, kind.color if kind else theme.ACCENT, dot.center, s(11))
            pygame.draw.circle(c.surface, theme.OUTLINE, dot.center, s(11), s(2))
            if kind is not None:
                icons.ICONS[kind.icon](c.surface, dot.inflate(-s(6), -s(6)), theme.OUTLINE)
        c.targets.add(f"tab.{tab}", rect, call(win.show, tab))


def line_color(line: FeedLine) -> theme.Color:
    if line.problem or line.notice:
        return theme.WARNING
    if line.alarm is not None:
        return ALARMS[line.alarm].color
    return theme.TEXT


def _time_and_mark(c: Canvas, line: FeedLine, x: int, y: int, size: int, height: int,
                   clock_color: theme.Color) -> int:
    """A feed line's time and its mark (an alarm's icon, ! for a refused input, the warning sign for a warning) at
    `x, y`; returns where its words begin."""
    s = c.size
    c.text(line.clock, (x, y), size, clock_color)
    mark_x = x + c.text_width("00:00", size) + s(6)
    if line.alarm is not None:
        kind = ALARMS[line.alarm]
        icons.ICONS[kind.icon](c.surface, Rect(mark_x, y + (height - s(18)) // 2, s(18), s(18)), kind.color)
    elif line.problem:
        c.text("!", (mark_x + s(6), y), size, theme.WARNING, bold=True)
    elif line.notice:
        icons.warning(c.surface, Rect(mark_x, y + (height - s(18)) // 2, s(18), s(18)), theme.WARNING)
    return mark_x + s(22)


def draw_feed_line(c: Canvas, line: FeedLine, x: int, y: int, width: int, size: int, newest: bool,
                   rows: int = 1, squeeze: bool = False) -> int:
    """One feed line: time, a mark (an alarm's icon, ! for a refused input) and the words, on up to
    `rows` rows when they do not fit on one (the rows after the first under the words; with `squeeze`
    every row holds as much as it does squeezed a little, not only the last). Returns its height."""
    font = c.font(size)
    height = font.get_linesize()
    text_x = _time_and_mark(c, line, x, y, size, height, theme.ACCENT if newest else theme.TEXT_DIM)
    color = line_color(line) if (newest or line.problem or line.alarm or line.notice) else theme.TEXT_DIM
    room = x + width - text_x
    words = c.tr(line.words)
    used = 1
    while used < rows and font.size(words)[0] * NARROWEST > room:
        first, words = _fill(font, words, int(room / NARROWEST) if squeeze else room)
        if not first or not words:
            break
        c.text(first, (text_x, y), size, color, width=room)
        y += height
        used += 1
    rest = words
    c.text(rest, (text_x, y), size, color, width=room)
    if used > 1 and rest in c.cut:  # too long even for its rows: the line is reported cut as a whole
        whole = c.tr(line.words)
        c.cut.setdefault(whole, c.cut.pop(rest))
    return int(height) * used


def fits_on_a_row(c: Canvas, line: FeedLine, width: int, size: int) -> bool:
    """Does the feed line's text fit on one row of the ticker (squeezed a little at most)?"""
    return fits_on_rows(c, line, width, size, 1)


def fits_on_rows(c: Canvas, line: FeedLine, width: int, size: int, rows: int, squeeze: bool = False) -> bool:
    """Does the feed line's text fit on `rows` rows of the ticker, broken as `draw_feed_line` breaks it (its last
    row squeezed a little at most, with `squeeze` every row)?"""
    room = width - c.text_width("00:00", size) - c.size(28)
    font = c.font(size)
    words = c.tr(line.words)
    for _ in range(rows - 1):
        if font.size(words)[0] * NARROWEST <= room:
            break
        first, words = _fill(font, words, int(room / NARROWEST) if squeeze else room)
        if not first:
            return False
    return bool(font.size(words)[0] * NARROWEST <= room)


def squeezed_rows(font: Any, words: str, room_of: Callable[[int], int]) -> list[str]:
    """`words` broken into as many rows as they need, row `i` holding what fits in `room_of(i)` pixels squeezed a
    little (to NARROWEST of its width, as `Canvas.text` squeezes a line with a width); a word wider than its row (a
    long file path) is cut where it must and goes on in the next."""
    rows: list[str] = []
    while words:
        room = int(room_of(len(rows)) / NARROWEST)
        if font.size(words)[0] <= room:
            rows.append(words)
            break
        first, rest = _fill(font, words, room)
        if not first:  # one word wider than the row
            word, _, rest = words.partition(" ")
            first = split_wide(font, word, room)[0]
            rest = f"{word[len(first):]} {rest}".strip()
        rows.append(first)
        words = rest
    return rows


def feed_rows(c: Canvas, line: FeedLine, width: int, size: int) -> list[str]:
    """The feed line's words broken into rows of the ticker in the smallest text, each row holding as much as it
    does squeezed a little (`draw_feed_line` with `squeeze`), as many rows as the words need."""
    room = width - c.text_width("00:00", size) - c.size(28)
    return squeezed_rows(c.font(size), c.tr(line.words), lambda _: room)


def draw_feed_page(c: Canvas, line: FeedLine, rows: list[str], page: int, x: int, y: int, width: int,
                   size: int) -> None:
    """Two of a long feed line's rows (its page `page`, from 0): the line's time and mark on the first, the page
    and how many there are ("2/3") under the time."""
    height = c.font(size).get_linesize()
    pages = -(-len(rows) // 2)
    text_x = _time_and_mark(c, line, x, y, size, height, theme.ACCENT)
    c.text(f"{page + 1}/{pages}", (x, y + height), size, theme.TEXT_DIM)
    room = x + width - text_x
    for i, row in enumerate(rows[2 * page:2 * page + 2]):
        c.text(row, (text_x, y + i * height), size, line_color(line), width=room)


#: what marks a piece of a feed line that goes on in the next piece, or goes on from the one before
GOES_ON = "…"


def ticker_pieces(c: Canvas, line: FeedLine, width: int, size: int) -> list[str]:
    """The feed line's words in pieces of one ticker row each in text of `size` (squeezed a little at most), with
    an ellipsis at the end of each piece the next goes on from and at the start of each piece that goes on from
    the one before."""
    font = c.font(size)
    room = width - c.text_width("00:00", size) - c.size(28) - 2 * font.size(f"{GOES_ON} ")[0]
    rows = squeezed_rows(font, c.tr(line.words), lambda _: room)
    last = len(rows) - 1
    return [("" if k == 0 else f"{GOES_ON} ") + row + ("" if k == last else f" {GOES_ON}")
            for k, row in enumerate(rows)]


def draw_feed_piece(c: Canvas, line: FeedLine, piece: str, x: int, y: int, width: int, size: int,
                    newest: bool = False) -> None:
    """One piece of a feed line (`ticker_pieces`) on a ticker row, after its time and mark."""
    height = c.font(size).get_linesize()
    text_x = _time_and_mark(c, line, x, y, size, height, theme.ACCENT if newest else theme.TEXT_DIM)
    color = line_color(line) if (newest or line.problem or line.alarm or line.notice) else theme.TEXT_DIM
    c.text(piece, (text_x, y), size, color, width=x + width - text_x)


def draw_ticker(c: Canvas, win: Window, scene: Scene) -> None:
    """The two newest feed lines above the tabs (the newest alone on both rows when it is too long for
    one, and in pages of two rows that turn by themselves when it is too long for two; the line before it a row's
    piece at a time when it is too long for its row; the table's own word,
    a new game's first steps, only while it is the newest); touching them opens the whole feed."""
    s = c.size
    rect = win.layout.ticker
    c.surface.fill(theme.PANEL_DARK, rect)
    pygame.draw.line(c.surface, theme.PANEL_EDGE, rect.topleft, (rect.right - 1, rect.y))
    # the table's own word (a new game's first steps) shows while it is the newest; then the game's lines
    lines = [line for line in scene.feed[-3:-1] if line.event or line.problem][-1:] + list(scene.feed[-1:])
    y = rect.y + s(2)
    width = rect.w - s(60)
    pages = 1
    # contacts lost after an alarm (a convoy leaving sight ship by ship while an aircraft attacks): the line of
    # losses grows with each, and took both rows once too long for one, the alarm gone from the ticker; it keeps
    # to its own row (a piece at a time when it is longer), the alarm on the other
    lost = (len(lines) == 2 and lines[-1].event == "contact_lost" and lines[-1].alarm is None
            and lines[0].alarm is not None and not lines[0].problem)
    if lines and not lost and not fits_on_a_row(c, lines[-1], width, theme.TEXT_SIZE):
        # the newest line is long (an order to draw a card, a damage report): it takes both rows, the
        # line before it stays in the whole feed; in the smallest text, and then squeezed a little on both rows,
        # when that is what holds it whole (the Russian TDC solution: range, speed, angle on the bow, gyro angle
        # and run)
        newest = lines[-1]
        size, squeeze = next(((size, squeeze) for size, squeeze in ((theme.TEXT_SIZE, False), (theme.MIN_TEXT, False),
                                                                    (theme.MIN_TEXT, True))
                              if fits_on_rows(c, newest, width, size, 2, squeeze)), (theme.MIN_TEXT, None))
        if squeeze is not None:
            draw_feed_line(c, newest, rect.x + s(6), y, width, size, newest=True, rows=2, squeeze=squeeze)
        else:
            # too long even for both rows (a crew damage naming four injured, in German): its rows show two at a
            # time, turning by themselves, so every word of it comes round
            rows = feed_rows(c, newest, width, theme.MIN_TEXT)
            pages = -(-len(rows) // 2)
            page = win.ticker_page((newest.id, newest.clock, c.tr(newest.words)), pages)
            draw_feed_page(c, newest, rows, page, rect.x + s(6), y, width, theme.MIN_TEXT)
        lines = []
    before: FeedLine | None = None
    if len(lines) == 2 and not fits_on_a_row(c, lines[0], width, theme.MIN_TEXT):
        before = lines.pop(0)
    if lost and lines and not fits_on_a_row(c, lines[-1], width, theme.MIN_TEXT):
        newest = lines.pop()
        if before is None:  # its row a piece at a time, turning by itself
            rows = ticker_pieces(c, newest, width, theme.MIN_TEXT)
            page = win.ticker_page((newest.id, newest.clock, c.tr(newest.words), "lost"), len(rows))
            draw_feed_piece(c, newest, rows[page], rect.x + s(6), y, width, theme.MIN_TEXT, newest=True)
        else:  # the alarm's row turns its pieces: the losses' row shows what it holds (all of it in the whole feed)
            draw_feed_line(c, newest, rect.x + s(6), y, width, theme.MIN_TEXT, newest=True)
        y += c.font(theme.MIN_TEXT).get_linesize()
        pages = 2  # (the ticker's pages are in use)
    if pages == 1 and before is None:
        win.ticker_page(None, 1)
    for i, line in enumerate(reversed(lines)):
        # the line before the newest takes the smallest text when that is what holds it whole on its row (the
        # salvo's run times in Russian), as does a line of losses kept to its row
        size = (theme.TEXT_SIZE if (i == 0 and not lost) or fits_on_a_row(c, line, width, theme.TEXT_SIZE)
                else theme.MIN_TEXT)
        y += draw_feed_line(c, line, rect.x + s(6), y, width, size, newest=line is scene.feed[-1])
    if before is not None:
        # longer still (a repair going ahead short of its crew, in Russian: where the crew is needed and who is
        # there come last), its row shows it a piece at a time, turning by itself as a long newest line's pages
        # do, each piece ending in an ellipsis where the line goes on and the next beginning with one
        rows = ticker_pieces(c, before, width, theme.MIN_TEXT)
        page = win.ticker_page((before.id, before.clock, c.tr(before.words), "before"), len(rows))
        draw_feed_piece(c, before, rows[page], rect.x + s(6), y, width, theme.MIN_TEXT)
    more = Rect(rect.right - s(50), rect.y + s(1), s(48), rect.h - s(2))
    icons.feed(c.surface, more.inflate(-s(18), -s(18)), theme.TEXT_DIM)
    c.targets.add("feed", rect, lambda pos: win.open_feed())


def draw_alarm_banner(c: Canvas, win: Window, scene: Scene) -> None:
    """The most urgent alarm waiting, over the feed: its colour, icon, word and feed line (on both
    rows, after the word, when the line is long)."""
    assert scene.alarm is not None
    s = c.size
    kind_name, line = scene.alarm
    kind = ALARMS[kind_name]
    rect = win.layout.ticker
    pygame.draw.rect(c.surface, kind.color, rect)
    pygame.draw.rect(c.surface, theme.OUTLINE, rect, s(3))
    icon = Rect(rect.x + s(8), rect.y + s(6), s(36), s(36))
    pygame.draw.rect(c.surface, theme.OUTLINE, icon.inflate(s(6), s(6)), border_radius=s(6))
    icons.ICONS[kind.icon](c.surface, icon, kind.color)
    ok = Rect(rect.right - s(66), rect.y, s(62), rect.h)
    x, right = icon.right + s(12), ok.x - s(8)
    font = c.font(theme.MIN_TEXT)
    # the feed line without what only repeats the alarm's word: the banner says what is new
    words = banner_words(c.tr(kind.word), c.tr(line.words))
    more = Msg("+{n} more", n=scene.alarms_waiting) if scene.alarms_waiting else None
    if font.size(words)[0] * NARROWEST <= right - x:
        # the alarm's word above its feed line
        word = c.text(kind.word, (x, rect.y + s(1)), 22, theme.TEXT_DARK, bold=True)
        if more is not None:
            c.text(more, (word.right + s(10), word.centery), theme.MIN_TEXT, theme.TEXT_DARK, "midleft")
        c.text(words, (x, word.bottom - s(2)), theme.MIN_TEXT, theme.TEXT_DARK, width=right - x)
    else:
        # a long line (a breach says what to do about it) takes both rows, after the word, squeezed a little; one
        # longer still (a breach in the Russian bow room with other alarms waiting lost its puzzle's letters) shows
        # two rows at a time, in pages that turn by themselves as the ticker's do ("1/2" after the word)
        height = font.get_linesize()
        top = rect.centery - height
        word = c.text(kind.word, (x, top), theme.MIN_TEXT, theme.TEXT_DARK, bold=True)
        start = word.right + s(8)
        if more is not None:
            start = c.text(more, (start, top), theme.MIN_TEXT, theme.TEXT_DARK).right + s(8)
        mark = c.text_width("0/0", theme.MIN_TEXT) + s(8)
        rows = squeezed_rows(font, words, lambda i: right - start - s(10) if i % 2 == 0 else right - x)
        if len(rows) > 2:  # room for the page's mark after the word
            rows = squeezed_rows(font, words, lambda i: right - start - mark - s(10) if i % 2 == 0 else right - x)
        pages = -(-len(rows) // 2)
        # the banner's line keeps its pages while its countdown runs (its words change every second)
        page = win.ticker_page(("banner", line.id, line.clock, kind_name) if pages > 1 else None, pages)
        if pages > 1:
            start = c.text(f"{page + 1}/{pages}", (start, top), theme.MIN_TEXT, theme.TEXT_DARK).right + s(8)
        # a bar between the alarm's own words and the feed line's
        pygame.draw.line(c.surface, theme.TEXT_DARK, (start, top + s(3)), (start, top + height - s(3)), s(2))
        start += s(10)
        shown = rows[2 * page:2 * page + 2]
        c.text(shown[0], (start, top), theme.MIN_TEXT, theme.TEXT_DARK, width=right - start)
        if len(shown) > 1:
            c.text(shown[1], (x, top + height), theme.MIN_TEXT, theme.TEXT_DARK, width=right - x)
    c.targets.add("alarm", rect, lambda pos: win.acknowledge_alarm())
    c.button("alarm.dismiss", ok, Msg("OK"), lambda pos: win.dismiss_alarms(), tone=(250, 250, 250))


def _fill(font: Any, words: str, width: int) -> tuple[str, str]:
    """The words that fit in `width` (whole words, a unit kept with its figure: "2.2 nm"), and the rest."""
    parts = words_of(words)
    taken = 0
    while taken < len(parts) and font.size(" ".join(parts[:taken + 1]))[0] <= width:
        taken += 1
    return " ".join(parts[:taken]), " ".join(parts[taken:])
