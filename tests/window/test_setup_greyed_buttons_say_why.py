"""The window's new-game set-up (rulebook §5.2, §5.3) greys what cannot be chosen: "linked patrol" for a single
mission, the easy watch change for a role not on easy, a new patrol that is no part of another. Their touch was to
say why, but the set-up covers the whole window and with it the feed where the reason went: a touch-only crew saw
nothing happen. The page says it now, whole, in the table's language."""

from __future__ import annotations

import pytest

from window.fingers import choose_mission, shown
from window.test_setup_screen import set_up_window


@pytest.mark.parametrize("language", ["en", "de", "ru"])
def test_5_3_a_greyed_button_of_the_set_up_says_why_on_the_page(home, language: str) -> None:
    table, made = set_up_window(language)
    win = table.window
    choose_mission(table, "hatteras_1942")
    table.tap("setup.next")
    for button in ("setup.easy_watch.captain", "setup.mode.linked"):
        why = win.tr(table.target(button).why_not)
        assert why and why not in shown(table)
        table.tap(button)
        win.cut.clear()
        assert why in shown(table) and not win.cut, (button, win.cut)
    table.tap("setup.difficulty.captain.easy")  # a choice made: the reason goes
    assert why not in shown(table)
    table.tap("setup.start")
    assert made and not win.holding
