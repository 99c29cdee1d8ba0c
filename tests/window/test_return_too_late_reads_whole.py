"""The window's feed (rulebook §4.2 return to base, the mission's end by its time limit): when the passage home
outlasts the patrol time with a primary objective open, the line that says so reads whole in the feed, in every
language of the table. The boat starts at 52 N 14 W, some 42 hours from St-Nazaire with 40 left."""

from __future__ import annotations

import pytest
from kaleun.core.events import Event
from kaleun.uboot.game import new_game

from window.fingers import Table_


def sent_home(table: Table_) -> list[Event]:
    """The boat ordered home (the rules advised, no wear), one step and one frame drawn: the game's events that say
    the patrol time runs out."""
    table.runtime.submit({"do": "crew_options", "rules": "advise", "wear": False})
    table.runtime.submit({"do": "return_to_base"})
    table.runtime.step()
    table.render()
    return [e for e in table.events if e.name == "patrol_time"]


@pytest.mark.parametrize("language", ["en", "de", "ru"])
def test_4_2_the_line_that_the_time_runs_out_on_the_way_home_reads_whole(language: str) -> None:
    table = Table_(language=language, game=new_game(7, "agents_1941", {"position": [52.0, -14.0]}))
    late = sent_home(table)
    assert late and late[0].data["left_h"] == 40
    assert not table.window.cut, table.window.cut


@pytest.mark.parametrize("language", ["en", "de", "ru"])
def test_5_2_the_line_that_a_linked_part_sails_on_reads_whole(language: str) -> None:
    """§5.2: the same for a part of a linked patrol, whose time-out sends the boat on to the next part."""
    from kaleun.uboot.missions.setup import GameSetup, changes_for

    setup = GameSetup(mission="sc_convoy_1940", seed=3, mode="linked")
    table = Table_(language=language, game=new_game(3, "sc_convoy_1940", {**changes_for(setup), "time_limit_h": 20}))
    late = sent_home(table)
    assert late and late[0].data["left_h"] == 20
    assert not table.window.cut, table.window.cut
