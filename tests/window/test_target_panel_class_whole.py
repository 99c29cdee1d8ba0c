"""§8.2 visual identification, the plot's target data at 800x480: once the crew has identified a ship, the panel's first
line names her class — and in German and Russian it was cut ("c1: Шлюп типа «Блэк Св…", "c1: Zerstörer der
Hunt-Kl…"), the one word the identification was for. A class named at length now takes two lines in the room of the
panel's title, every line of the panel whole and clear of its buttons."""

from __future__ import annotations

import pytest
from kaleun.core.messages import Msg
from weapons.weaponskit import range_game, ships_reported

from window.fingers import Table_, drawn_with_rects


def identified(cls: str, code: str) -> Table_:
    """A ship of `cls` 1.2 km off, reported by two lookouts and identified by touch on the plot."""
    g = range_game(3, vessels=[{"class": cls, "bearing": 20, "range_m": 1200, "course": 90, "speed_kn": 8}],
                   surfaced=True)
    assert ships_reported(g) == ["c1"]
    table = Table_(game=g, language=code)
    table.window.dismiss_alarms()
    table.tap("tab.plot")
    table.tap("list.c1")
    table.tap("target.identify")
    assert table.named("identified"), "the ship is identified"
    return table


@pytest.mark.parametrize(("cls", "code"), [("black_swan", "ru"), ("hog_islander", "ru"), ("hunt", "de"),
                                           ("black_swan", "en")])
def test_8_2_the_identified_class_reads_whole_in_the_target_data(cls: str, code: str) -> None:
    table = identified(cls, code)
    table.window.cut.clear()
    drawn = drawn_with_rects(table)
    assert not table.window.cut, table.window.cut
    name = table.game.module("sea").status()["contacts"][0]["class_name"]
    words = table.window.tr(Msg("{id}: {name}", id="c1", name=Msg.term(str(name))))
    said = " ".join(text for text, _ in drawn)  # a head on two lines: its rows one after the other
    assert words in said, (words, said)
    buttons = table.target("target.data").rect
    panel = [rect for _, rect in drawn if rect.x >= buttons.x - 8 and rect.y < buttons.y]
    assert panel and max(rect.bottom for rect in panel) <= buttons.y, "the panel's lines run into its buttons"
