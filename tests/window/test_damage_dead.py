"""The console's damage and repairs (the damage screen: injured and dead sailors) and rulebook §10.3.5
(a flooded section drowns whoever is in it): seven sailors drowned in the flooded control room and
the damage screen said "Nothing to repair. Nobody hurt." with no dead marked on its strip (a dead
sailor has no section of his own any more). The strip now counts the dead where their figures lie,
and the list ends with the losses by name."""

from __future__ import annotations

from typing import Any

import pytest
from kaleun.core.messages import Msg

from window.fingers import Table_, shown


def drowned(language: str = "en") -> Table_:
    table = Table_(mission="exercise_convoy", seed=0, language=language)
    rt = table.runtime
    rt.submit({"do": "damage", "kind": "hull_breach", "section": 3})
    rt.submit({"do": "puzzle", "section": 3, "result": "failed"})
    table.until(table.game.t + 200, step=10)
    table.window.dismiss_alarms()
    return table


@pytest.mark.parametrize("language", ["en", "de", "ru"])
def test_10_3_5_the_damage_screen_names_the_drowned(language: str) -> None:
    table = drowned(language)
    dead = [st["name"] for st in table.game.module("crew").status()["sailors"].values() if st["dead"]]
    assert len(dead) == 7
    table.tap("tab.damage")
    said = shown(table)
    tr = table.window.tr
    assert tr(Msg.plural("{n} sailor dead", "{n} sailors dead", n=7)) in said
    assert tr(Msg("Nothing to repair. Nobody hurt.")) not in said
    assert all(tr(Msg.term(name)) in " ".join(said) for name in dead)


def test_10_3_5_the_damage_strip_counts_the_dead_where_they_lie(monkeypatch: pytest.MonkeyPatch) -> None:
    from kaleun.ui import icons

    table = drowned()
    table.tap("tab.damage")
    marks: list[Any] = []
    x_mark = icons.x_mark

    def counting(surface: Any, box: Any, colour: Any) -> None:
        marks.append(box)
        x_mark(surface, box, colour)

    monkeypatch.setattr(icons, "x_mark", counting)
    said = shown(table)
    strip = table.window.layout.content.copy()
    strip.h = 110
    mine = [box for box in marks if strip.contains(box)]
    assert mine, "no dead marked on the strip"
    # beside the section's number, clear of the word "Flooded" at its foot
    assert all(box.y < strip.y + 70 for box in mine), mine
    assert "7" in said  # the count beside the mark
