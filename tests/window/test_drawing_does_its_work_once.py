"""The first-person views and the order sheets, for a table that runs all evening: what a frame
draws is worked out once for what decides it, not again in every frame, and the picture stays exactly the same.

The night glow above the horizon (the first-person views under the daylight of the moment) is made once for the
view's size and light, not drawn a line a row in every frame; an order sheet's warnings (§8.3: the TDC refused for
want of a view; §8.4: the 88 mm gun in a storm) are wrapped once for their words and width, not three times a frame;
and a ship in sight off the scope's bearing, moving, does not draw the view again each second. Counted through the
modules' own functions, never by timing."""

from __future__ import annotations

from typing import Any

import pygame
import pytest
from kaleun.ui.screens import scope as scope_module
from kaleun.ui.screens import sheet as sheet_module
from kaleun.ui.screens.sheet import FormSheet
from weapons.weaponskit import range_game

from window.fingers import Table_, refused_gun_sheet

NIGHT = "1942-12-20T23:00:00"


def pixels(surface: Any) -> bytes:
    return pygame.image.tobytes(surface, "RGB")


def counting(monkeypatch: pytest.MonkeyPatch, module: Any, name: str) -> list[int]:
    """Count the calls of `module.name` from now on (it still does its work)."""
    calls = [0]
    real = getattr(module, name)

    def counted(*args: Any, **kwargs: Any) -> Any:
        calls[0] += 1
        return real(*args, **kwargs)

    monkeypatch.setattr(module, name, counted)
    return calls


def night_sight(optic: str, size: tuple[int, int] = (800, 480)) -> Table_:
    """The boat surfaced at night, a tramp 1,500 m dead ahead in sight, the scope on `optic`."""
    vessels = [{"class": "tramp", "bearing": 0, "range_m": 1500, "course": 90, "speed_kn": 0}]
    table = Table_(game=range_game(0, start=NIGHT, vessels=vessels, surfaced=True), size=size)
    table.window.dismiss_alarms()
    table.tap("tab.scope")
    table.tap(f"optic.{optic}")
    table.render()
    return table


def test_8_the_night_glow_is_the_rows_the_sky_fades_into_the_glow_by() -> None:
    """The glow's band has the pixels drawing it a line a row gives: from the sky's colour at its top to the glow's
    at the horizon."""
    sky, glow = (14, 18, 30), (56, 66, 96)
    like = pygame.Surface((10, 10))
    band = scope_module.glow_band(like, (300, 97), sky, glow)
    drawn = pygame.Surface((300, 97), 0, like)
    for row in range(97):
        colour = scope_module._mix(sky, glow, (row + 1) / 97)
        pygame.draw.line(drawn, colour, (0, row), (300, row))
    assert pixels(band) == pixels(drawn)
    assert band.get_at((0, 0))[:3] == scope_module._mix(sky, glow, 1 / 97)
    assert band.get_at((299, 96))[:3] == glow


@pytest.mark.parametrize("optic", ["binoculars", "gun_sight"])
def test_8_the_night_view_drawn_again_is_the_same_picture_and_makes_no_new_glow(
        optic: str, monkeypatch: pytest.MonkeyPatch) -> None:
    table = night_sight(optic)
    scope = table.window.screens["scope"]
    assert scope.weather["daylight"] == "night" and [s.cls for s in scope.seen] == ["tramp"]
    first = pixels(table.surface)
    made = counting(monkeypatch, scope_module, "glow_band")
    table.render()
    assert made[0] == 0  # the glow of the frame before
    assert pixels(table.surface) == first
    table.window.screens["scope"]._glow = None  # made afresh, it draws the same
    table.render()
    assert made[0] == 1 and pixels(table.surface) == first


def test_8_a_larger_window_makes_the_glow_again_for_its_size(monkeypatch: pytest.MonkeyPatch) -> None:
    table = night_sight("binoculars")
    larger = night_sight("binoculars", (1280, 800))
    made = counting(monkeypatch, scope_module, "glow_band")
    table.surface = pygame.Surface((1280, 800))
    table.render()  # the same window, now drawn larger
    assert made[0] == 1
    assert pixels(table.surface) == pixels(larger.surface)


def test_8_a_ship_moving_in_sight_off_the_scopes_bearing_does_not_draw_the_view_again() -> None:
    vessels = [{"class": "tramp", "bearing": 90, "range_m": 1500, "course": 0, "speed_kn": 10}]
    table = Table_(game=range_game(0, start=NIGHT, vessels=vessels, surfaced=True))
    win = table.window
    win.dismiss_alarms()
    table.tap("tab.scope")
    table.tap("optic.binoculars")
    scope = win.screens["scope"]
    key = win.view_key()
    before = list(scope.seen)
    table.until(table.game.t + 30, step=1)
    assert [s.cls for s in scope.seen] == ["tramp"]
    win.view_key()
    assert scope.seen != before  # it moved, in sight
    assert win.view_key() == key  # off the view: nothing to draw again
    win.ui["scope_bearing"] = 90  # turned to it, its moving is seen
    key = win.view_key()
    table.until(table.game.t + 30, step=1)
    assert win.view_key() != key


def tdc_sheet(language: str) -> Table_:
    """The TDC's sheet while nobody is on the bridge (§8.3: it has no view): a warning beside the refusal."""
    table = Table_(mission="exercise_convoy", seed=0, language=language)
    table.until(600, step=60)
    table.tap("tab.attack")
    table.tap("weapon.tdc")
    table.render()
    return table


def gun_sheet(language: str) -> Table_:
    """The 88 mm gun's sheet submerged, in a storm, its rounds spent (§8.4): several warnings."""
    return refused_gun_sheet(language)


@pytest.mark.parametrize("language", ["en", "de", "ru"])
@pytest.mark.parametrize("sheet", [tdc_sheet, gun_sheet])
def test_8_a_sheets_warnings_drawn_again_are_not_wrapped_again(sheet: Any, language: str,
                                                               monkeypatch: pytest.MonkeyPatch) -> None:
    table = sheet(language)
    win = table.window
    warnings = win.overlay._warnings()
    assert warnings
    first = pixels(table.surface)
    wrapped = counting(monkeypatch, sheet_module, "wrap")
    table.render()
    assert wrapped[0] == 0
    assert pixels(table.surface) == first
    # a sheet opened afresh wraps each warning once for each width it is weighed at (beside the verdict, under the
    # fields), not once more to draw it, and draws the same
    shown = win.overlay
    fresh = FormSheet(win, shown.form.id, shown.preset, shown.said)
    fresh.values, fresh.pages = dict(shown.values), dict(shown.pages)
    win.open(fresh)
    table.render()
    assert 0 < wrapped[0] <= 2 * len(warnings)
    assert pixels(table.surface) == first


def test_8_a_sheets_warnings_are_wrapped_again_in_another_language(monkeypatch: pytest.MonkeyPatch) -> None:
    table = gun_sheet("en")
    german = gun_sheet("de")
    wrapped = counting(monkeypatch, sheet_module, "wrap")
    table.window.set_language("de")
    table.runtime.language = "de"
    table.render()
    assert wrapped[0] > 0
    assert pixels(table.surface) == pixels(german.surface)
