"""The first-person views, and guns.toml `until`: a boat that sailed after the 88 mm gun was landed (from
1 July 1943) has no gun and every screen shows no 88 mm — but the scope still offered the 88 mm sight, its range
marks laid for a gun that is not there. It offers binoculars and periscope only; a boat that sailed with the gun
keeps its sight."""

from __future__ import annotations

from weapons.weaponskit import range_game

from window.fingers import Table_


def scope(start: str) -> Table_:
    table = Table_(game=range_game(0, start=start, surfaced=True, flooded=[]))
    table.window.dismiss_alarms()
    table.tap("tab.scope")
    table.render()
    return table


def test_8_4_no_88mm_sight_on_a_boat_without_the_gun() -> None:
    late = scope("1943-07-01T12:00:00")
    assert not late.game.module("weapons").gunnery.aboard("gun_88")
    ids = late.window.targets.ids()
    assert "optic.binoculars" in ids and "optic.periscope" in ids
    assert "optic.gun_sight" not in ids
    late.window.ui["optic"] = "gun_sight"  # chosen on an earlier patrol's window: the binoculars instead
    late.render()
    assert late.window.screens["scope"].optic.name == "binoculars"


def test_8_4_the_88mm_sight_on_a_boat_with_the_gun() -> None:
    early = scope("1943-06-30T12:00:00")
    early.tap("optic.gun_sight")
    assert early.window.screens["scope"].optic.name == "gun_sight"
