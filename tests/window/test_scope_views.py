"""The first-person views show what the crew would see (item 8 of the console's issue): through the
attack periscope only while it is raised (rulebook §6.5: every look through the periscope is an
order, and only at periscope depth); a lowered periscope shows no ships and says how to raise it.
"""

from __future__ import annotations

from kaleun.core.messages import Msg

from window.fingers import Table_, shown


def at_periscope_depth() -> Table_:
    """The convoy exercise by day, the boat dived to periscope depth with the convoy in sight."""
    table = Table_(mission="exercise_convoy", seed=0)
    table.runtime.submit({"do": "order", "order": "dive"})
    table.until(200)
    assert table.game.module("boat").at_periscope_depth
    table.tap("tab.scope")
    table.tap("optic.periscope")
    return table


def test_6_5_a_lowered_periscope_shows_no_ships() -> None:
    table = at_periscope_depth()
    scope = table.window.screens["scope"]
    said = shown(table)
    assert not scope.periscope_up
    assert not scope.seen, "ships drawn through a lowered periscope"
    assert table.window.tr(Msg("The periscope is down: raise it (a periscope order).")) in said


def test_6_5_the_raised_periscope_shows_the_convoy() -> None:
    table = at_periscope_depth()
    table.tap("scope.raise")
    table.tap("sheet.give")
    table.until(table.game.t + 5)
    table.render()
    scope = table.window.screens["scope"]
    assert scope.periscope_up and scope.seen
    assert all(s.range_nm <= scope.visible_nm for s in scope.seen if s.cls is not None)
