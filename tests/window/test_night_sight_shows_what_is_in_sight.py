"""The first-person views under the daylight of the moment, and eyes: at night a merchant 1,500 m
off, well inside what the dark lets the crew see, was drawn through the 88 mm sight as a grey barely lighter than the
night sky (a difference of 15 in 255), so the gun layer at the screen saw no ship. In the dark the sky now keeps the
glow a dark-adapted eye finds ships against just above the horizon and a ship stands black against it; a ship nearer
the edge of sight is fainter, and one beyond it is still not drawn at all (the view never shows more than the crew
can see). The strip under the view says how far ships show in the light of the moment."""

from __future__ import annotations

from typing import Any

import pytest
from kaleun.core.messages import Msg
from kaleun.uboot.sea.sensors import visual_range
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


def dark_words(table: Table_) -> Msg:
    """What the strip under the view says of the dark: how far a large ship and a burning one show through the
    optic in the weather and light of the moment (sensors.toml [visual]: the sighting range of a large ship, and of
    one lit by her own fire), to a tenth of a mile."""
    scope = table.window.screens["scope"]
    cond = table.game.module("sea").conditions()
    return Msg("in this light a large ship shows at most {large:g} nm off, a burning one {burning:g} nm",
               large=round(visual_range("large", cond) * scope.optic.reach, 1),
               burning=round(visual_range("large", cond, burning=True) * scope.optic.reach, 1))


@pytest.mark.parametrize("language", ["en", "de", "ru"])
@pytest.mark.parametrize("optic", ["gun_sight", "binoculars"])
def test_8_the_sight_says_how_far_the_eye_reaches_in_the_dark(language: str, optic: str) -> None:
    """The strip said "ships show at most 4 nm off" on a clear night, where a large ship unlit shows 2.4 nm off and
    only a burning one (lit as by day) further: it now gives both figures, the unlit one less than the burning one."""
    night = sight(NIGHT, 1500, language)
    night.tap(f"optic.{optic}")
    night.render()
    words = dark_words(night)
    assert words.values["large"] < words.values["burning"]
    night.window.cut.clear()
    said = " ".join(shown(night))
    assert not night.window.cut, night.window.cut  # each line whole
    assert night.window.tr(words) in " ".join(said.split())
    day = sight("1942-12-20T12:00:00", 1500, language)
    said = " ".join(shown(day))
    assert night.window.tr(words) not in said
    assert "nm off, a burning one" not in said


def test_8_a_burning_ship_shows_in_the_binoculars_as_far_as_the_lookouts_see_her() -> None:
    """sensors.toml `fire_light`: a ship on fire lights herself, seen as by day; the lookouts keep a burning T2
    tanker 8 nm astern in sight on a December night. The binoculars drew no ship beyond the 4 nm the night's light
    gives (visibility x light), so the bridge's view was empty on her bearing: she now shows there, as far as the
    strip under the view says a burning ship shows."""
    from kit import advance, named, order
    from weapons.weaponskit import post_lookout

    for seed in range(6):
        g = range_game(seed, start=NIGHT, surfaced=True,
                       vessels=[{"class": "t2_tanker", "bearing": 0, "range_m": 1000, "course": 90, "speed_kn": 7.5}])
        post_lookout(g)
        order(g, "tdc", bearing=0, range_m=1000, course=90, speed_kn=7.5)
        damaged = named(order(g, "fire_torpedoes", tubes=[1]) + advance(g, g.t + 120), "ship_damaged")
        if damaged and damaged[0]["state"] == "crippled":
            break
    else:
        pytest.fail("no seed left the tanker crippled and burning")
    assert damaged[-1]["burning"]
    order(g, "new_course", course=180)
    order(g, "new_speed", speed="full_ahead")
    advance(g, g.t + 1800)
    vessel = damaged[0]["vessel"]
    truth = g.module("sea").truth(vessel, g.t)
    table = Table_(game=g)
    table.window.dismiss_alarms()
    table.tap("tab.scope")
    table.tap("optic.binoculars")
    table.render()
    scope = table.window.screens["scope"]
    assert truth.range_nm > scope.visible_nm  # beyond what the night shows of any unlit ship
    seen = [s for s in scope.seen if s.entity == vessel]
    assert seen and seen[0].range_nm <= dark_words(table).values["burning"]
