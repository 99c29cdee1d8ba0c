"""Weapons: as the 88 mm gun's sheet does, the TDC's sheet with no contact chosen on the plot takes the only
ship in contact within the torpedoes' reach (§8.4: the run of the torpedo the TDC's solution is made for,
torpedoes.toml) and says so — from the orders screen as from the attack screen, by the one rule both sheets share.
A ship beyond that reach is not a candidate; with two in reach it chooses neither; a ship chosen on the plot comes
first."""

from __future__ import annotations

from typing import Any

import pytest
from kaleun.core.messages import Msg
from weapons.weaponskit import range_game, ships_reported

from window.fingers import Table_, shown

NEAR = {"class": "tramp", "bearing": 40, "range_m": 2500, "course": 40, "speed_kn": 0}
BEYOND = {"class": "tramp", "bearing": 300, "range_m": 9500, "course": 40, "speed_kn": 0}  # 5.1 nm
ALSO_NEAR = {"class": "tramp", "bearing": 300, "range_m": 3000, "course": 40, "speed_kn": 0}
SCREENS = [("orders", "order.tdc"), ("attack", "weapon.tdc")]


def _in_sight(vessels: list[dict[str, Any]], language: str = "en") -> tuple[Table_, list[str]]:
    """The surfaced boat's lookouts report every ship (nearest first)."""
    g = range_game(3, vessels=vessels, surfaced=True, flooded=[])
    ships = ships_reported(g, len(vessels))
    assert len(ships) == len(vessels), ships
    ranges = {c["contact"]: float(c["range_nm"]) for c in g.module("sea").status()["contacts"]}
    table = Table_(game=g, language=language)
    table.window.dismiss_alarms()
    return table, sorted(ships, key=ranges.__getitem__)


def _torpedo_reach_nm(table: Table_) -> float:
    """The longest run of a torpedo in the tubes now (the bow's or the stern's first to fire), in nm."""
    weapons = table.game.module("weapons")
    return max(r for r in (weapons.reach_m("bow"), weapons.reach_m("stern")) if r is not None) / 1852.0


@pytest.mark.parametrize(("screen", "button"), SCREENS)
@pytest.mark.parametrize("language", ["en", "de", "ru"])
def test_8_4_the_only_ship_in_torpedo_reach_is_the_tdc_s_target_and_the_sheet_says_so(
        screen: str, button: str, language: str) -> None:
    table, ships = _in_sight([NEAR, BEYOND], language)
    reach = _torpedo_reach_nm(table)
    ranges = {c["contact"]: float(c["range_nm"]) for c in table.game.module("sea").status()["contacts"]}
    assert ranges[ships[0]] <= reach < ranges[ships[1]]  # one ship in reach, the other beyond it
    table.tap(f"tab.{screen}")
    table.tap(button)
    sheet = table.window.overlay
    assert sheet.values["contact"] == ships[0]
    table.window.cut.clear()
    said = " ".join(shown(table))
    words = table.window.tr(Msg("{contact} is the only ship in contact within the torpedoes' reach ({reach:g} nm): "
                                "it is the target unless another is chosen.", contact=ships[0],
                                reach=round(reach, 1)))
    assert " ".join(words.split()) in " ".join(said.split())
    assert not table.window.cut, table.window.cut


@pytest.mark.parametrize(("screen", "button"), SCREENS)
def test_8_4_with_two_ships_in_torpedo_reach_the_tdc_s_sheet_asks(screen: str, button: str) -> None:
    table, _ships = _in_sight([NEAR, ALSO_NEAR])
    table.tap(f"tab.{screen}")
    table.tap(button)
    assert table.window.overlay.values.get("contact") is None


@pytest.mark.parametrize(("screen", "button"), SCREENS)
def test_8_4_the_ship_chosen_on_the_plot_is_the_tdc_s_target_before_the_only_one_in_reach(
        screen: str, button: str) -> None:
    table, ships = _in_sight([NEAR, BEYOND])
    table.tap("tab.plot")
    table.tap(f"list.{ships[1]}")  # chosen on the plot, beyond the torpedoes' reach
    assert table.window.ui["contact"] == ships[1]
    table.tap(f"tab.{screen}")
    table.tap(button)
    sheet = table.window.overlay
    assert sheet.values["contact"] == ships[1] and sheet.said is None


@pytest.mark.parametrize("language", ["en", "de", "ru"])
def test_8_4_with_the_attack_disc_set_the_tdc_sheet_says_why_above_the_feed(language: str) -> None:
    """§12: once a ring of the attack disc is set the sheet shows a fourth field (where the target data comes
    from); the words on the only ship in reach were then drawn under the last field, below the sheet and under the
    feed. They now stand whole on the sheet, the fields on pages where they take the room."""
    from window.fingers import drawn_with_rects

    table, ships = _in_sight([NEAR, BEYOND], language)
    table.runtime.submit({"do": "attack_disc", "own_course": 20, "enemy_course": 140, "bearing": 30})
    table.until(table.game.t + 2)
    table.window.dismiss_alarms()
    table.tap("tab.attack")
    table.tap("weapon.tdc")
    assert table.window.overlay.values["contact"] == ships[0]
    win = table.window
    words = win.tr(Msg("{contact} is the only ship in contact within the torpedoes' reach ({reach:g} nm): it is "
                       "the target unless another is chosen.", contact=ships[0],
                       reach=round(_torpedo_reach_nm(table), 1)))
    feed_top = table.target("feed").rect.top
    win.cut.clear()
    drawn = drawn_with_rects(table)
    assert not win.cut, win.cut
    above = " ".join(text for text, rect in drawn if rect.bottom <= feed_top)
    assert " ".join(words.split()) in " ".join(above.split())
