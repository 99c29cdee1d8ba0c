"""Weapons: with no contact chosen on the plot and exactly one ship in contact within the 88 mm gun's reach
(§8.4; guns.toml, 4 nm), the gun's sheet takes that ship as its target and says so on the sheet — from the orders
screen as from the attack screen, one touch less in a gun action. With two ships in reach it chooses neither."""

from __future__ import annotations

import pytest
from kaleun.core.messages import Msg
from weapons.weaponskit import range_game, ships_reported

from window.fingers import Table_, shown

TRAMP = {"class": "tramp", "bearing": 40, "range_m": 2500, "course": 40, "speed_kn": 0}
SECOND = {"class": "tramp", "bearing": 300, "range_m": 3000, "course": 40, "speed_kn": 0}


def _ships_in_sight(vessels: list[dict], language: str = "en") -> tuple[Table_, list[str]]:
    g = range_game(3, vessels=vessels, surfaced=True, flooded=[])
    ships = ships_reported(g, len(vessels))
    assert len(ships) == len(vessels), ships
    table = Table_(game=g, language=language)
    table.window.dismiss_alarms()
    return table, ships


@pytest.mark.parametrize(("screen", "button"), [("orders", "order.gun_88"), ("attack", "weapon.gun_88")])
@pytest.mark.parametrize("language", ["en", "de", "ru"])
def test_8_4_the_only_ship_in_reach_is_the_gun_s_target_and_the_sheet_says_so(screen: str, button: str,
                                                                              language: str) -> None:
    table, ships = _ships_in_sight([TRAMP], language)
    table.tap(f"tab.{screen}")
    table.tap(button)
    sheet = table.window.overlay
    assert sheet.values["target"] == ships[0]
    table.window.cut.clear()
    said = " ".join(shown(table))
    words = table.window.tr(Msg("{contact} is the only ship in contact within the gun's reach ({reach:g} nm): it "
                                "is the target unless another is chosen.", contact=ships[0], reach=4.0))
    assert " ".join(words.split()) in " ".join(said.split())
    assert not table.window.cut, table.window.cut
    assert sheet.problem is None


@pytest.mark.parametrize(("screen", "button"), [("orders", "order.gun_88"), ("attack", "weapon.gun_88")])
def test_8_4_with_two_ships_in_reach_the_gun_s_sheet_asks(screen: str, button: str) -> None:
    table, _ships = _ships_in_sight([TRAMP, SECOND])
    table.tap(f"tab.{screen}")
    table.tap(button)
    assert table.window.overlay.values.get("target") is None


def _doom(table: Table_, cid: str) -> None:
    """A blow dooms the ship of contact `cid`: the feed tells the crew she is settling and will go down."""
    from kaleun.uboot.sea import shipdamage

    sea = table.game.module("sea")
    v = next(v for v in sea.vessels.values() if (sea.picture.of(v.id) or {}).get("id") == cid)
    assert shipdamage.hit(sea, v, v.cls.structure, "torpedo", table.game.t) == "sinking"


@pytest.mark.parametrize(("screen", "button"), [("orders", "order.gun_88"), ("attack", "weapon.gun_88")])
def test_8_4_a_ship_seen_going_down_is_no_candidate_the_other_in_reach_is_the_target(screen: str,
                                                                                     button: str) -> None:
    """Two ships in reach, one of them seen settling: no round is wasted on her, the other is the only target."""
    table, ships = _ships_in_sight([TRAMP, SECOND])
    doomed = min(ships, key=lambda cid: float(table.game.module("sea").picture.get(cid)["range_nm"]))
    _doom(table, doomed)
    table.window.dismiss_alarms()
    table.tap(f"tab.{screen}")
    table.tap(button)
    other = next(cid for cid in ships if cid != doomed)
    assert table.window.overlay.values["target"] == other


@pytest.mark.parametrize("language", ["en", "de", "ru"])
def test_8_4_the_plot_s_target_data_says_a_ship_is_going_down(language: str) -> None:
    """The crew was told she settles (the feed): her target data on the plot says so, whole."""
    from window.test_convoy_by_touch import choose_contact

    table, ships = _ships_in_sight([TRAMP], language)
    going = table.window.tr(Msg("Going down"))
    table.tap("tab.plot")
    choose_contact(table, ships[0])
    assert going not in shown(table)
    _doom(table, ships[0])  # the target data still open: the crew's news shows at once
    table.window.dismiss_alarms()
    assert going in shown(table)
    assert not table.window.cut, table.window.cut
