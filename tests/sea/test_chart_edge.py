"""The edge of the strategic map (rulebook §9: the crew navigates on the naval grid; §11: the navigator's plot warns
of what lies ahead): a boat that drifts or steers off the map is warned as she would be of land ahead (`land_ahead`,
kind `chart_edge`), told when she leaves it (`off_chart`, her position in latitude and longitude) and when she comes
back (`on_chart`), and the console's status shows her reckoned position where no square holds it. The map's edge
is not land: she sails on [gap, our choice]."""

from __future__ import annotations

import pytest
from kaleun.uboot.game import load_game, new_game
from kit import console_typed

#: a training patrol left stopped just south of the map's northern edge (77.1°N), where the current sets her north-east
NEAR_EDGE = {"position": [76.95, 28.5]}


def _drift(hours: float):
    game = new_game(0, "training", NEAR_EDGE)
    game.take_events()
    return game, game.advance_to(hours * 3600.0)


def test_a_drifting_boat_is_warned_of_the_maps_edge_then_told_she_has_left_it() -> None:
    """§11: the navigator's warning comes before the boat leaves the map, as for land ahead; §9: leaving it is said
    with the position, once; the boat is not lost."""
    game, events = _drift(72)
    warned = [e for e in events if e.name == "land_ahead"]
    left = [e for e in events if e.name == "off_chart"]
    assert [e.data["kind"] for e in warned] == ["chart_edge"]
    assert "the current sets the boat off the strategic map" in str(warned[0].feed)
    assert len(left) == 1 and warned[0].t < left[0].t
    assert left[0].data["square"] is None and left[0].data["lat"] >= 77.1
    assert "has left the strategic map, at 77.1°N" in str(left[0].feed)
    assert game.module("boat").lost is None and game.module("mission").result is None


def test_off_the_map_survives_a_save_and_is_not_said_again() -> None:
    """A saved game off the map resumes off it: the crew is not told again that she left."""
    game, _ = _drift(72)
    resumed = load_game(game.to_state())
    assert resumed.module("navigation").off_chart
    later = resumed.advance_to(resumed.t + 24 * 3600.0)
    assert not [e for e in later if e.name in ("off_chart", "land_ahead")]


def test_the_console_shows_where_the_boat_is_off_the_map() -> None:
    """§9: off the map the status names no square but the reckoned latitude and longitude."""
    game = new_game(0, "training", NEAR_EDGE)
    game.module("navigation").dr_shift = [0.0, 20.0]  # the plot reckons her 20 nm further north: off the map
    said = console_typed("en", "status", game=game)
    assert "square none, off the strategic map at 77." in said, said


@pytest.mark.parametrize("language", ("en", "de", "ru"))
def test_the_window_map_names_the_boats_position_off_the_map(language: str) -> None:
    """§9 (issue 10 §7): the Map page's line of the reckoned square names the latitude and longitude off the map."""
    from window.fingers import Table_, shown

    game = new_game(0, "training", NEAR_EDGE)
    game.module("navigation").dr_shift = [0.0, 20.0]
    table = Table_(language=language, game=game)
    table.tap("tab.map")
    texts = " ".join(shown(table))
    assert "77." in texts and "°N" in texts and "—" not in texts.split("°N")[0][-40:], texts
