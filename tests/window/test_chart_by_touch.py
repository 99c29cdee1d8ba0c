"""§9 the protractor and the range ruler on the strategic map by touch: touching a square (or the
mission's area) shows the course, distance and hours at full ahead from the navigator's reckoning,
the very line the console's `chart` prints, in English, German and Russian, and its button opens the
course order preset to that course (console parity: the window keeps parity with the console)."""

from __future__ import annotations

import pytest
from kaleun.i18n import language as Language
from kaleun.uboot.sea.grid import naval_grid
from kaleun.ui import console_views, reckoning

from window.fingers import Table_
from window.test_order_warnings import joined, shown

LANGUAGES = ("en", "de", "ru")


def at(table: Table_, lat: float, lon: float) -> tuple[int, int]:
    """Where a position lies on the map just drawn."""
    area, lat0, lon0, k, coslat = table.window.screens["map"].frame
    return (round(area.centerx + ((lon - lon0 + 180) % 360 - 180) * coslat * k),
            round(area.centery - (lat - lat0) * k))


def sheet_values(table: Table_) -> dict:
    table.render()
    overlay = table.window.overlay
    assert overlay is not None and type(overlay).__name__ == "FormSheet"
    return overlay.values


@pytest.mark.parametrize("language", LANGUAGES)
def test_9_touching_a_square_lays_off_the_course_the_console_prints_and_orders_it(language: str) -> None:
    table = Table_(language=language)
    table.tap("tab.map")
    here = table.game.module("navigation").dr_square()
    grid = naval_grid()
    there = next(sq for sq in grid.squares.values()  # a square in sight to the east
                 if 60 < grid.course(here, sq.name)[0] < 120 and 40 < grid.course(here, sq.name)[1] < 120)
    table.render()
    table.tap("map.chart", at(table, *there.centre))
    console = console_views.chart(table.game, [there.name], Language(language))
    assert len(console) == 1 and there.name in console[0]
    assert console[0] in joined(shown(table))
    leg = reckoning.to_square(table.game, there.name)
    assert isinstance(leg, reckoning.Leg)
    table.tap("map.course")
    assert sheet_values(table)["course"] == leg.course
    table.tap("sheet.give")
    assert [e.data["course"] for e in table.named("order_accepted")] == [leg.course]


@pytest.mark.parametrize("language", LANGUAGES)
def test_9_touching_the_missions_area_gives_the_course_to_it_and_the_panel_closes(language: str) -> None:
    """Off Hatteras: hold station in CA87 and CA88; touching the hatched area answers as `chart` without a
    square does (to the area's centre), not with the square under the finger."""
    table = Table_(mission="hatteras_1942", seed=1, language=language)
    table.tap("tab.map")
    table.render()
    table.tap("map.chart", at(table, *naval_grid().centre("CA88")))
    console = console_views.chart(table.game, [], Language(language))
    text = joined(shown(table))
    assert console and all(line in text for line in console)
    (objective,) = list(reckoning.objectives_with_areas(table.game))
    table.tap("map.course")
    assert sheet_values(table)["course"] == reckoning.to_area(table.game, objective).course
    table.window.close_overlay()
    table.tap("map.leg_close")
    assert console[0] not in joined(shown(table))
    assert table.window.targets.get("map.course") is None


def test_9_the_boats_own_square_has_no_course_to_lay_off() -> None:
    table = Table_()
    table.tap("tab.map")
    table.render()
    here = table.game.module("navigation").dr_square()
    table.tap("map.chart", at(table, *naval_grid().centre(here)))
    assert console_views.chart(table.game, [here], Language("en")) == [f"The boat is in {here} (dead reckoning)."]
    assert f"The boat is in {here} (dead reckoning)." in joined(shown(table))
    assert table.window.targets.get("map.course") is None and table.window.targets.get("map.leg_close") is not None


@pytest.mark.parametrize(("mission", "size"), [("training", (800, 480)), ("exercise_convoy", (800, 480)),
                                               ("exercise_convoy", (1280, 800))])
def test_7_the_name_of_the_boats_square_is_not_under_its_mark(monkeypatch: pytest.MonkeyPatch, mission: str,
                                                              size: tuple[int, int]) -> None:
    """The squares named: the boat's mark sat on the middle of its own square, over that square's name
    ("AL●5"); the one name the crew most wants to read is drawn clear of the mark, inside its square."""
    from kaleun.ui.widgets import Canvas

    drawn: dict[str, object] = {}
    real = Canvas.text

    def spy(self, text, pos, *args, **kwargs):  # type: ignore[no-untyped-def]
        rect = real(self, text, pos, *args, **kwargs)
        drawn[self.tr(text)] = rect
        return rect

    table = Table_(mission=mission, size=size)
    table.tap("tab.map")
    monkeypatch.setattr(Canvas, "text", spy)
    table.render()
    here = table.game.module("navigation").dr_square()
    mark = at(table, *table.game.module("navigation").dr_position())
    scale = table.window.layout.scale
    r = 7 * scale
    label = drawn[here]
    assert not label.colliderect((mark[0] - r, mark[1] - r, 2 * r, 2 * r)), (here, label, mark)
    sq = naval_grid().square(here)
    top, bottom = at(table, sq.north, sq.west), at(table, sq.south, sq.east)
    assert top[1] <= label.centery <= bottom[1] and top[0] <= label.centerx <= bottom[0]
