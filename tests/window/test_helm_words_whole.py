"""The helm screen at 800x480 (the console's manoeuvring and instruments) in English, German and Russian:
- §8 the engine telegraph: for every position the handle's and the engine room's lines read whole
  (the German "Maschinenraum: langsame Fahrt voraus" was cut to "Maschinenraum: langsame F…");
- §3 test and crush depth: below test depth the depth gauge's brown and red bands are said in words
  (the depth in the warning colour, "below test depth 230 m!", the crush depth), not by colour alone."""

from __future__ import annotations

import pytest
from kaleun.core.messages import Msg
from kaleun.i18n import language as lang_of
from kaleun.uboot.boat import TELEGRAPH

from window.fingers import Table_, shown


def cut_outside_feed(table: Table_) -> list[str]:
    win = table.window
    feed = {line.text for line in win.feed.lines} | {win.tr(line.words) for line in win.feed.lines}
    return [k for k in win.cut if k not in feed]


@pytest.mark.parametrize("language", ["en", "de", "ru"])
def test_8_every_telegraph_position_reads_whole_on_the_helm(language: str) -> None:
    table = Table_(mission="exercise_convoy_battle", seed=0, language=language)
    table.tap("tab.helm")
    for position in TELEGRAPH:
        table.render()
        scale = table.window.screens["helm"].telegraph  # type: ignore[attr-defined]
        table.tap("telegraph", scale.point(TELEGRAPH.index(position), 0.7))
        table.until(table.game.t + 30, step=5)
        table.window.cut.clear()
        table.render()
        assert table.game.module("boat").status()["telegraph"] == position
        assert not cut_outside_feed(table), (language, position, table.window.cut)


@pytest.mark.parametrize("language", ["en", "de", "ru"])
def test_3_below_test_depth_the_helm_says_so_in_words(language: str) -> None:
    table = Table_(mission="exercise_convoy_battle", seed=0, language=language)
    r = lang_of(language).render
    below, crush = r(Msg("below test depth {m} m!", m=230)), r(Msg("crush depth {m} m", m=280))
    table.runtime.submit({"do": "order", "order": "dive"})
    table.until(60)
    table.tap("tab.helm")
    said = shown(table)
    assert r(Msg("test depth {m} m", m=230)) in said and below not in said
    table.runtime.submit({"do": "order", "order": "new_depth", "depth_m": 240})
    table.until(400, step=10)
    assert table.game.module("boat").status()["depth_m"] > 230
    table.window.cut.clear()
    said = shown(table)
    assert below in said and crush in said
    assert not cut_outside_feed(table), table.window.cut


def test_2_the_helm_shows_the_last_fix_after_a_sextant_sight() -> None:
    """The console's manoeuvring and instruments: the helm shows the grid square by dead reckoning and the last
    fix; before a sight "No fix yet", after the sextant (given by touch) the fix's square and age."""
    table = Table_(mission="training")
    table.window.dismiss_alarms()
    table.tap("tab.helm")
    said = shown(table)
    square = table.game.module("navigation").status()["dr_square"]
    assert "No fix yet" in said and f"DR square {square}" in said, said
    table.tap("tab.orders")
    table.tap("order.sextant")
    table.tap("sheet.give")
    nav = table.game.module("navigation")
    for _ in range(60):
        if nav.status().get("fix_square") is not None:
            break
        table.until(table.game.t + 60)
    where = nav.status()
    assert where.get("fix_square") is not None
    table.tap("tab.helm")
    said = shown(table)
    assert f"Fix {where['fix_square']}, {where['fix_age_h']} h ago" in said and "No fix yet" not in said, said
