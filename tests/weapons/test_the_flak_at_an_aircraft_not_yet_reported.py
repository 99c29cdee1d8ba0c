"""The 20 mm gun fires at an aircraft its gunners see before the lookouts have reported it (no contact yet:
rulebook §8.4, the flak on the bridge; guns.toml). The console's `weapons` and the window's attack screen say
it fires at an aircraft (the screen, short of room: that it fires) — never "firing at ?" or "firing at None"."""

from __future__ import annotations

from kaleun.i18n import language
from kaleun.ui.console_views import weapons as weapons_view
from weaponskit import do, named, one, order, range_game, weapons

SUNDERLAND = {"type": "sunderland", "bearing": 90, "range_nm": 1.8}


def _firing():
    g = range_game(0, surfaced=True, flooded=[], aircraft=[SUNDERLAND])
    order(g, "mobilize")
    for figure in ("navigator-square", "navigator-triangle"):
        do(g, {"do": "place", "figure": figure, "section": 8})
    order(g, "observe")
    one(order(g, "gun_20", bursts=30), "gun_firing")
    gun = weapons(g).status()["guns"]["gun_20"]
    assert gun["firing"] and gun["target"] is None  # not on the crew's plot yet
    assert named(g.take_events(), "order_rejected") == []
    return g


def test_the_console_says_the_flak_fires_at_an_aircraft():
    text = "\n".join(weapons_view(_firing(), language("en")))
    assert "20 mm gun: 4,000 rounds, firing at an aircraft" in text
    assert "?" not in text


def test_the_attack_screen_says_the_flak_fires_at_an_aircraft():
    from window.fingers import Table_, shown
    from window.test_order_warnings import joined

    table = Table_(game=_firing())
    table.tap("tab.attack")
    text = joined(shown(table))
    assert "20 mm: 4,000 firing" in text
    assert "None" not in text
