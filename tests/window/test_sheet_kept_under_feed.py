"""The console's order sheets (every order by touch) and its feed: a First Officer half way through an order's sheet
who touches the ticker to read the whole feed (a new line came in), or the gear for the settings, lost the sheet and
every choice made on it; closing the feed went back to the bare screen. The sheet waits beneath now and comes back
as it was, in the language chosen meanwhile."""

from __future__ import annotations

from pathlib import Path

import pygame

from window.fingers import Table_


def half_filled_course() -> Table_:
    table = Table_(mission="exercise_convoy", seed=0, language="de")
    table.tap("tab.orders")
    table.tap("order.new_course")
    table.tap("field.course.+10")
    table.tap("field.course.+10")
    assert table.window.overlay.values == {"course": 20}
    return table


def test_6_5_an_order_sheet_comes_back_as_it_was_after_a_look_at_the_whole_feed() -> None:
    table = half_filled_course()
    sheet = table.window.overlay
    table.tap("feed")
    assert type(table.window.overlay).__name__ == "FeedLog"
    table.tap("feed")  # touched again: still one feed over the sheet
    table.tap("feed.close")
    assert table.window.overlay is sheet and sheet.values == {"course": 20}
    table.tap("sheet.give")
    assert table.window.overlay is None
    assert [e.data["course"] for e in table.named("order_accepted") if e.data.get("order") == "new_course"] == [20]


def test_6_5_an_order_sheet_comes_back_after_the_settings_and_the_escape_key(home: Path) -> None:
    table = half_filled_course()  # (its own home: the language chosen is kept as the preferred one)
    sheet = table.window.overlay
    table.tap("settings")
    table.tap("language.ru")
    table.tap("settings.close")
    assert table.window.overlay is sheet and sheet.values == {"course": 20} and table.window.lang.code == "ru"
    table.tap("feed")
    table.window.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE))
    assert table.window.overlay is sheet
    table.tap("tab.helm")  # another screen: the sheet goes, as it always did
    assert table.window.overlay is None
