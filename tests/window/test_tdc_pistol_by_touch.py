"""The window's TDC sheet chooses the pistol as the console's `tdc pistol=...` does (the attack: contact and
magnetic pistols; torpedoes.toml [[periods]]: both issued until June 1940 and from December 1942, the contact
pistol alone between). While two are issued the sheet offers both; while one is, it offers no choice."""

from __future__ import annotations

from weapons.weaponskit import advance, post_lookout, range_game

from window.fingers import Table_

TRAMP = {"class": "tramp", "bearing": 0, "range_m": 1000, "course": 90, "speed_kn": 7.5}


def _sheet(start: str) -> Table_:
    """Surfaced, a lookout on the bridge who has reported the tramp with its course, the TDC's sheet open."""
    game = range_game(vessels=[TRAMP], flooded=[1], start=start, surfaced=True)
    post_lookout(game)
    for _ in range(30):
        if any(c.get("course") is not None for c in game.module("sea").status()["contacts"]):
            break
        advance(game, game.t + 30)
    table = Table_(game=game)
    table.tap("tab.orders")
    table.tap("order.tdc")
    table.render()
    return table


def test_the_tdc_sheet_sets_the_magnetic_pistol_in_april_1940():
    table = _sheet("1940-04-10T12:00:00")
    ids = table.window.targets.ids()
    assert "field.pistol=contact" in ids and "field.pistol=magnetic" in ids
    assert table.window.overlay.values["contact"] == "c1"  # the only ship in the torpedoes' reach: the target
    table.tap("field.pistol=magnetic")
    table.tap("sheet.give")
    programmed = table.named("tdc_programmed")
    assert programmed and programmed[-1].data["pistol"] == "magnetic"


def test_the_tdc_sheet_offers_no_pistol_when_one_is_issued():
    table = _sheet("1942-06-20T12:00:00")
    assert not [i for i in table.window.targets.ids() if i.startswith("field.pistol")]
