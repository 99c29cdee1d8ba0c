"""Guns and ammunition, and every language: while a gun fires, the attack screen says its rounds
and that it fires, each word whole at 800x480. In Russian the flak's line "20 мм: 3 980 снар., ведёт огонь" was
wider than the panel and read "ведёт о…"; a line too long now says the rounds on one line and the fire on the
next (§8.4, the guns), and where the panel has no room for every line a count of nothing (no torpedo fired) gives
way, so the ships sunk stay above the feed instead of running into it."""

from __future__ import annotations

import pytest
from kaleun.core.messages import Msg
from kit import order
from weapons.weaponskit import range_game, ships_reported

from window.fingers import Table_, drawn_with_rects, shown

SUNDERLAND = {"type": "sunderland", "bearing": 90, "range_nm": 1.8}
TRAMP = {"class": "tramp", "bearing": 40, "range_nm": 2500 / 1852, "course": 40, "speed_kn": 0}


def _both_guns_firing(language: str) -> tuple[Table_, str]:
    """The flak firing at an aircraft not yet reported, the 88 mm gun at a tramp the lookouts have reported."""
    g = range_game(0, surfaced=True, flooded=[], aircraft=[SUNDERLAND], vessel=[TRAMP])
    ships = ships_reported(g, step=10)
    assert ships
    order(g, "gun_88", target=ships[0], rounds=40)
    order(g, "gun_20", bursts=30)
    guns = g.module("weapons").status()["guns"]
    assert guns["gun_88"]["firing"] and guns["gun_20"]["firing"]
    table = Table_(game=g, language=language)
    table.window.dismiss_alarms()
    return table, ships[0]


@pytest.mark.parametrize("language", ["en", "de", "ru"])
def test_8_4_the_firing_guns_lines_read_whole(language: str) -> None:
    table, ship = _both_guns_firing(language)
    table.tap("tab.attack")
    table.window.cut.clear()
    said = shown(table)
    assert not table.window.cut, table.window.cut
    tr = table.window.tr
    guns = table.game.module("weapons").status()["guns"]
    for gun, word, target in (("gun_88", "88 mm", ship), ("gun_20", "20 mm", None)):
        rounds = int(guns[gun]["rounds"])
        state = Msg("firing at {t}", t=target) if target else Msg("firing")
        whole = tr(Msg("{gun}: {n:,} {state}", gun=Msg(word), n=rounds, state=state))
        split = [tr(Msg("{gun}: {n:,} {state}", gun=Msg(word), n=rounds, state=Msg("rounds"))),
                 tr(Msg("now firing at {t}", t=target) if target else Msg("now firing"))]
        assert whole in said or all(part in said for part in split), (whole, said)


@pytest.mark.parametrize("language", ["en", "de", "ru"])
def test_8_4_the_tally_stays_above_the_feed_while_both_guns_fire(language: str) -> None:
    table, _ship = _both_guns_firing(language)
    table.tap("tab.attack")
    feed = table.target("feed").rect
    sunk = table.window.tr(Msg("Sunk {n} · {grt:,} GRT", n=0, grt=0))
    rects = [rect for text, rect in drawn_with_rects(table) if text == sunk]
    assert rects and all(rect.bottom <= feed.top for rect in rects), (rects, feed)
