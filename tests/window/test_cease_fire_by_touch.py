"""The Captain's "cease fire!" by touch: while the 88 mm gun fires, its button on the attack screen
is the cease fire (the command cease_fire, a word to the gun crew, no order); the gun stops with the
shots it fired and the button is the gun's order sheet again."""

from __future__ import annotations

from typing import Any

import pytest
from kaleun.core.messages import Msg
from kit import order
from weapons.weaponskit import range_game, ships_reported

from window.fingers import Table_, shown

TARGET = {"class": "tramp", "bearing": 40, "range_m": 2500, "course": 40, "speed_kn": 0}


def _tramp_in_sight() -> tuple[Any, list[str]]:
    """A surfaced boat whose lookouts on the bridge have the tramp (2,500 m, stopped) in sight: the game and the
    ships seen."""
    g = range_game(3, vessels=[TARGET], surfaced=True, flooded=[])
    ships = ships_reported(g)
    return g, ships


def test_the_88mm_gun_ceases_fire_at_a_touch() -> None:
    g, ships = _tramp_in_sight()
    order(g, "gun_88", target=ships[0], rounds=60)
    table = Table_(game=g)
    table.tap("tab.attack")
    table.render()
    assert table.target("weapon.cease.gun_88") is not None
    table.tap("weapon.cease.gun_88")
    table.runtime.step()
    ceased = table.named("gun_ceased")
    assert ceased and ceased[0].data["gun"] == "gun_88" and ceased[0].data["reason"] is None
    table.render()
    assert table.target("weapon.gun_88") is not None


def test_the_attack_screen_counts_the_guns_rounds_as_they_are_fired() -> None:
    """The attack, deck guns: "Ammunition is counted and shown": the attack screen reads the 88 mm gun's 220 rounds
    and the flak's 4,000 (guns.toml) before a shot, and after the gun has fired at the tramp the rounds it
    has left — the count the weapons keep, not the count it sailed with."""
    from window.test_order_warnings import shown

    g, ships = _tramp_in_sight()
    table = Table_(game=g)
    table.tap("tab.attack")
    before = shown(table)
    assert "88 mm: 220 rounds" in before and "20 mm: 4,000 rounds" in before
    order(g, "gun_88", target=ships[0], rounds=10)
    g.advance_to(g.t + 120)
    left = g.module("weapons").ammo["gun_88"]
    assert left == 210
    table.runtime.step()
    after = shown(table)
    assert "88 mm: 210 rounds" in after and "88 mm: 220 rounds" not in after


@pytest.mark.parametrize("code", ["en", "de", "ru"])
def test_the_cease_fire_button_reads_whole_in_every_language(code: str) -> None:
    """The attack, deck guns at 800x480: the cease fire button keeps the gun's name and the word to stop it whole.
    In Russian "88 мм: прекратить огонь" needs three rows where the button has two, and read "88 мм:
    прекратить…"."""
    g, ships = _tramp_in_sight()
    order(g, "gun_88", target=ships[0], rounds=60)
    table = Table_(game=g, language=code)
    table.window.dismiss_alarms()
    table.tap("tab.attack")
    table.window.cut.clear()
    said = shown(table)
    label = table.window.tr(Msg("{gun}: cease fire", gun=Msg("88 mm")))
    assert label in said
    assert label not in table.window.cut, table.window.cut[label]
    assert not table.window.cut, table.window.cut
