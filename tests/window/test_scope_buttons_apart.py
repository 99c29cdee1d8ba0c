"""Fingers and eyes (every touch target at least 9 mm, none under another) and §6.5 (a look through the periscope is a
periscope order): submerged with the periscope chosen, the scope's column holds the optics, the turning arrows, the
bearing, the target button and the periscope's own button. At 800x480 the target button reached 4 px under the
periscope's: a touch on its lower edge raised the periscope, an order paid for, instead of turning to the target.
Every button of the column now lies clear of the others, the bearing whole between them."""

from __future__ import annotations

import itertools

import pytest

from window.fingers import Table_, drawn_with_rects

LANGUAGES = ("en", "de", "ru")


@pytest.mark.parametrize("language", LANGUAGES)
def test_6_5_the_scope_columns_buttons_lie_apart(language: str) -> None:
    table = Table_(mission="exercise_escort", seed=0, language=language)
    assert table.game.module("boat").at_periscope_depth
    table.window.dismiss_alarms()
    table.tap("tab.scope")
    table.tap("optic.periscope")
    table.render()
    column = [t for t in table.window.targets.items if t.id.startswith(("scope.", "optic."))]
    assert {"scope.target", "scope.raise", "scope.left", "scope.right"} <= {t.id for t in column}
    for a, b in itertools.combinations(column, 2):
        assert not a.rect.colliderect(b.rect), f"{a.id} {a.rect} and {b.id} {b.rect} overlap"
    target = table.target("scope.target").rect
    under = table.window.targets.at((target.centerx, target.bottom - 1))
    assert under is not None and under.id == "scope.target"
    bearing = [rect for words, rect in drawn_with_rects(table) if words == "000°"]
    assert bearing and table.target("scope.left").rect.bottom <= bearing[0].centery <= target.y


def test_the_binoculars_column_keeps_its_spacing() -> None:
    """Surfaced, with no periscope button, the target button stands where it stood (34 px under the arrows)."""
    table = Table_(mission="exercise_convoy_battle", seed=1)
    table.window.dismiss_alarms()
    table.tap("tab.scope")
    table.render()
    assert table.window.targets.get("scope.raise") is None
    arrows, target = table.target("scope.left").rect, table.target("scope.target").rect
    assert target.y - arrows.bottom == 34
