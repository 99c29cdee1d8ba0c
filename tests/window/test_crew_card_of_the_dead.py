"""The crew view (32 sailors: duty, section, chips) and rulebook §10.3.5 (a flooded section drowns whoever is in it):
the card of a sailor killed aboard said "lifted", as if his figure were in the First Officer's hand, while the figure
lay on the model where he fell (the boat drawing shows it there, crossed, and his details say that section). His
card now shows that section; a dead man's figure lifted off the model still says "lifted"."""

from __future__ import annotations

import pytest
from kaleun.core.messages import Msg

from window.fingers import Table_, drawn_with_rects
from window.test_damage_dead import drowned


def card_words(table: Table_, figure: str) -> list[str]:
    """The texts drawn inside a sailor's card on the crew screen's watch page."""
    table.render()
    card = table.target(f"sailor.{figure}").rect
    return [words for words, rect in drawn_with_rects(table) if card.contains(rect)]


@pytest.mark.parametrize("language", ["en", "ru"])
def test_10_3_5_a_drowned_sailors_card_shows_where_his_figure_lies(language: str) -> None:
    table = drowned(language)
    sailors = table.game.module("crew").status()["sailors"]
    dead = [figure for figure, st in sailors.items() if st["dead"]]
    assert dead
    where = table.game.module("figures").where
    table.tap("tab.crew")
    lifted = table.window.tr(Msg("lifted"))
    for figure in dead:
        words = card_words(table, figure)
        assert lifted not in words, f"{figure}'s card says {lifted!r}: {words}"
        assert str(where[figure]) in words, f"{figure}'s card does not show section {where[figure]}: {words}"


def test_a_dead_mans_figure_lifted_off_the_model_says_lifted() -> None:
    table = drowned()
    figure = next(f for f, st in table.game.module("crew").status()["sailors"].items() if st["dead"])
    table.runtime.table.actuate({"do": "lift", "figure": figure})
    table.runtime.step()
    table.tap("tab.crew")
    assert "lifted" in card_words(table, figure)
