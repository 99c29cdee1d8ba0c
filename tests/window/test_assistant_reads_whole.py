"""The First Officer's console, every order by touch, the order assistant: "exactly what is missing — before it is
given". On the 7" screen the account of what is missing can be longer than the assistant's panel: the first dive of a
game ("1 sailor with the engines symbol needed in section 5; found nobody; 1 sailor with the
engines symbol needed in section 6; found nobody") ended in "…" after section 5, and the crew never
read that section 6 was empty too. The panel now shows the account page by page: a page mark says
there is more, a touch on the account shows the next lines, and every line is read in turn."""

from __future__ import annotations

import pytest

from window.fingers import Table_
from window.test_screens_render import LANGUAGES


def dive_sheet(language: str) -> Table_:
    table = Table_(language=language)  # the training patrol: the engine room is empty
    table.tap("tab.helm")
    table.tap("order.dive")
    return table


@pytest.mark.parametrize("language", LANGUAGES)
def test_10_what_is_missing_reads_whole_page_by_page(language: str) -> None:
    table = dive_sheet(language)
    win = table.window
    sheet = win.overlay
    table.render()
    missing = win.tr(sheet.preview["missing"])
    assert "6" in missing  # the second section's need
    win.cut.clear()
    table.render()
    assert missing not in win.cut, f"the assistant cut what is missing in {language}"
    read: list[str] = []
    for _ in range(6):
        read += sheet.verdict_rows
        if sheet.verdict_rows and sheet.verdict_rows[-1] == sheet.verdict_all[-1]:
            break
        table.tap("sheet.verdict")
        table.render()
    assert " ".join(read).split() == missing.split(), (language, read)
    table.tap("sheet.verdict")  # after the last page: the first again
    table.render()
    assert sheet.verdict_rows[0] == sheet.verdict_all[0]
    table.tap("sheet.give")  # the order still goes ahead with its warning
    assert [e.data["order"] for e in table.named("order_accepted")] == ["dive"]


def test_10_a_short_account_shows_in_one_piece_with_nothing_to_touch() -> None:
    table = Table_()
    table.tap("tab.helm")
    table.tap("order.surface")
    table.render()
    assert table.window.targets.get("sheet.verdict") is None
