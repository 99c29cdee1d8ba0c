"""Item 8, the first-person views under the daylight of the moment, and item 10, eyes: at night a merchant 1,500 m
off, well inside what the dark lets the crew see, was drawn through the 88 mm sight as a grey barely lighter than the
night sky (a difference of 15 in 255), so the gun layer at the screen saw no ship. In the dark the sky now keeps the
glow a dark-adapted eye finds ships against just above the horizon and a ship stands black against it; a ship nearer
the edge of sight is fainter, and one beyond it is still not drawn at all (the view never shows more than the crew
can see). The strip under the view says how far ships show in the light of the moment."""

from __future__ import annotations

from typing import Any

import pytest
from kaleun.ui.screens.scope import waterline_y
from weapons.weaponskit import range_game

from window.fingers import Table_, shown


def luminance(c: Any) -> float:
    return 0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2]


def sight(start: str, range_m: float | None, language: str = "en") -> Table_:
    """The 88 mm sight on a surfaced boat at `start`, a tramp dead ahead `range_m` off (or none), broadside on."""
    vessels = [] if range_m is None else [{"class": "tramp", "bearing": 0, "range_m": range_m, "course": 90,
                                           "speed_kn": 0}]
    table = Table_(game=range_game(0, start=start, vessels=vessels, surfaced=True), language=language)
    table.window.dismiss_alarms()
    table.tap("tab.scope")
    table.tap("optic.gun_sight")
    table.render()
    return table


def contrast(table: Table_, range_m: float) -> float:
    """How far the tramp, just above the horizon's line, stands out from the sky beside it at its most (luminance,
    0-255): the rows of its hull and upperworks against the sky, off the reticle's line."""
    scope = table.window.screens["scope"]
    px_per_deg, horizon = scope.sight_scale
    waterline = waterline_y(horizon, px_per_deg, scope.optic.eye_m, range_m)
    top = round(min(horizon, waterline))
    view_centre = table.target("scope.left").rect.left // 2  # the view fills the left of the screen
    most = 0.0
    for y in range(top - 12, top - 1):
        sky = luminance(table.surface.get_at((12, y)))
        most = max([most, *(abs(luminance(table.surface.get_at((x, y))) - sky)
                            for x in range(view_centre - 40, view_centre + 40) if abs(x - view_centre) > 3)])
    return most


NIGHT = "1942-12-20T23:00:00"


def test_8_a_ship_in_sight_at_night_stands_out_through_the_88mm_sight() -> None:
    near = sight(NIGHT, 1500)
    scope = near.window.screens["scope"]
    assert scope.weather["daylight"] == "night"
    assert [s.cls for s in scope.seen] == ["tramp"] and scope.seen[0].range_nm < scope.visible_nm
    assert contrast(near, 1500) >= 30
    far = sight(NIGHT, 4000)  # 2.2 nm: nearer the edge of sight, where the dark hides a tramp
    assert [s.cls for s in far.window.screens["scope"].seen] == ["tramp"]
    assert 0 < contrast(far, 4000) < contrast(near, 1500)


def test_8_a_ship_beyond_sight_at_night_is_not_drawn() -> None:
    beyond = sight(NIGHT, 5000)  # 2.7 nm: beyond what the dark lets the crew see of a tramp
    assert beyond.window.screens["scope"].seen == []
    empty = sight(NIGHT, None)
    size = beyond.surface.get_size()
    assert all(beyond.surface.get_at((x, y)) == empty.surface.get_at((x, y))
               for x in range(0, size[0] // 2, 3) for y in range(60, 330, 3))


@pytest.mark.parametrize("language", ["en", "de", "ru"])
def test_8_the_sight_says_how_far_the_eye_reaches_in_the_dark(language: str) -> None:
    from kaleun.core.messages import Msg

    night = sight(NIGHT, 1500, language)
    reach = night.window.screens["scope"].visible_nm
    night.window.cut.clear()
    said = " ".join(shown(night))
    assert not night.window.cut, night.window.cut  # each line whole
    assert night.window.tr(Msg("in this light, ships show at most {vis:g} nm off", vis=reach)) in said
    day = sight("1942-12-20T12:00:00", 1500, language)
    said = " ".join(shown(day))
    assert night.window.tr(Msg("in this light, ships show at most {vis:g} nm off", vis=reach)) not in said
