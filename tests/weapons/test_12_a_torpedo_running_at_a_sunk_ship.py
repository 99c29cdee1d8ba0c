"""§12 (the TDC's reckoning of a torpedo's run, not the truth): a torpedo still running at a ship the crew has
seen go down said "hit expected in 0:15 by the TDC's solution" — a hit on a ship that is no more. Once her
`ship_sunk` is in, the console's `weapons` view, the attack screen and `weapons.status()["running"]` say her
target has sunk and give the run the torpedo has left, as the crew would reckon it."""

from __future__ import annotations

from kaleun.i18n import language
from kaleun.ui.console_views import running as running_line
from kaleun.ui.console_views import weapons as weapons_view
from kaleun.ui.screens.attack import AttackScreen
from weaponskit import advance, one, order, range_game, weapons


def _second_torpedo_as_she_sinks():
    """A tramp 1,000 m ahead, hit by tube 3 at 66 s; she goes down at 348 s. At 290 s the TDC is set on her again
    and tube 1 fired as a coup de grâce: its solution expects the hit about a minute later, after she has sunk."""
    g = range_game(vessels=[{"class": "tramp", "bearing": 0, "range_m": 1000, "course": 90, "speed_kn": 7.5}])
    order(g, "periscope")
    one(order(g, "tdc", contact="c1"), "tdc_programmed")
    order(g, "fire_torpedoes", tubes=[3])
    advance(g, 290)
    order(g, "periscope")
    one(order(g, "tdc", contact="c1"), "tdc_programmed")
    one(order(g, "fire_torpedoes", tubes=[1]), "torpedo_fired")
    advance(g, 300)
    before = weapons(g).status()["running"]
    assert [(r["tube"], r["target_sunk"]) for r in before] == [(1, False)] and before[0]["hit_in_s"] > 0
    sunk = [e for e in advance(g, 360) if e["event"] == "ship_sunk"]
    assert [e["ship"] for e in sunk] == ["c1"]
    return g


def test_12_a_torpedo_running_at_a_ship_seen_to_sink_expects_no_hit():
    g = _second_torpedo_as_she_sinks()
    runs = weapons(g).status()["running"]
    assert len(runs) == 1, "the coup de grâce is still running when she goes down"
    run = runs[0]
    assert run["contact"] == "c1" and run["target_sunk"] is True and run["hit_in_s"] is None
    en = language("en")
    line = en.render(running_line(run))
    assert line.startswith("  running: tube 1, its target c1 has sunk, ") and line.endswith(" of its run left")
    assert "hit expected" not in " ".join(weapons_view(g, en))
    row = en.render(AttackScreen._running(run))
    assert row.startswith("target sunk, ") and row.endswith(" of run left")
    assert language("de").render(running_line(run)).startswith("  läuft: Rohr 1, sein Ziel c1 ist gesunken")
