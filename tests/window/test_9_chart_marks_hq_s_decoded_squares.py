"""§9 the strategic map with HQ's signals (§8.4, Enigma): the window's map marks the square a decoded signal of
HQ names (the convoy's square: the mission's target area), as the console's `chart` lays off the way to it; a
signal still coded marks nothing."""

from __future__ import annotations

from kaleun.uboot.game import new_game

from window.fingers import Table_


def test_9_the_map_marks_the_square_of_a_decoded_signal_only():
    game = new_game(0, "sc_convoy_1940")
    game.apply({"do": "crew_options", "rules": "advise", "wear": False})
    mission = game.module("mission")
    while not (mission.messages and mission.messages[0].state == "coded"):
        game.advance(600)
        assert game.t < 5 * 3600, "HQ's convoy signal never came"
    square = str(mission.messages[0].values["square"])
    table = Table_(game=game)
    table.tap("tab.map")
    table.render()
    assert square not in table.window.screens["map"].area  # still coded
    game.apply({"do": "order", "order": "enigma"})
    assert mission.messages[0].state == "decoded"
    table.render()
    assert square in table.window.screens["map"].area
