"""§6.3 a figure lifted off the model is in the First Officer's hand until it is put down: the crew views show it
lifted, not standing in the section it left (the crew keeps that section until the figure is placed)."""

from __future__ import annotations

import pytest
from kit import console_typed

from window.fingers import Table_, shown


@pytest.mark.parametrize(("code", "lines", "said"), [
    ("en", ("lift engineer-square", "crew"), "engineer-square     Chief mechanic       lifted from 4"),
    ("de", ("heben maschinist-quadrat", "mannschaft"), "abgehoben von 4"),
    ("ru", ("снять механик-квадрат", "экипаж"), "снят с 4"),
])
def test_6_3_crew_shows_a_lifted_figure_as_lifted(code, lines, said):
    out = console_typed(code, *lines)
    assert said in out, out


def test_6_3_crew_shows_the_figure_in_its_section_again_once_put_down():
    out = console_typed("en", "lift engineer-square", "place engineer-square 4", "crew")
    assert "lifted from" not in out.split("Crew of watch")[-1], out


def test_6_3_the_windows_crew_view_shows_a_lifted_figure_as_lifted():
    table = Table_()
    table.window.show("crew")
    assert "lifted" not in shown(table)
    table.runtime.table.actuate({"do": "lift", "figure": "engineer-square"})  # the hand takes it off the model
    table.runtime.step()
    assert table.game.module("figures").where["engineer-square"] is None
    assert "lifted" in shown(table)
    table.window.ui["sailor"] = "engineer-square"
    assert "lifted from section 4, 0 chips" in shown(table)
