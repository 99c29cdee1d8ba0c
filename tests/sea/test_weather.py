"""Weather and daylight: they change detection, the sextant and the deck guns."""

from __future__ import annotations

from datetime import timedelta

import pytest
from kaleun.core.errors import CommandError
from kaleun.uboot.game import new_game
from kaleun.uboot.sea.sensors import Conditions, visual_range
from kaleun.uboot.sea.weather import KINDS, LIGHT, TRANSITIONS

from .conftest import game_with, names


def test_transition_rows_are_probabilities_over_known_kinds():
    for kind, row in TRANSITIONS.items():
        assert kind in KINDS
        assert set(row) <= set(KINDS)
        assert sum(row.values()) == pytest.approx(1.0)


def test_the_weather_changes_over_days_and_the_seed_decides_how():
    def kinds(seed):
        game = new_game(seed, "training")
        return [(e.t, e.data["kind"]) for e in game.advance(5 * 86400) if e.name == "weather"]

    assert kinds(4) == kinds(4)
    assert len(kinds(4)) >= 5
    assert kinds(4) != kinds(5)


def test_held_weather_does_not_change():
    game = game_with("training", overrides={"weather": "fog", "weather_hold": True})
    assert "weather" not in names(game.advance(3 * 86400))
    assert game.module("weather").kind == "fog"


def test_referee_command_sets_the_weather():
    game = new_game(0, "training")
    game.take_events()
    events = game.apply({"do": "weather", "kind": "storm"})
    assert events[0].name == "weather" and events[0].data["sea_state"] == 7
    with pytest.raises(CommandError, match="kind 'hurricane' is not one of"):
        game.apply({"do": "weather", "kind": "hurricane"})


def test_daylight_phases_follow_the_sun():
    """A December day at 50 N: night, twilights, day and back, in order, about 8 h of daylight."""
    game = game_with("training", overrides={"start": "1941-12-15T00:00:00", "position": [50.0, -20.0]})
    events = [e for e in game.advance(86400) if e.name == "daylight"]
    phases = [e.data["phase"] for e in events]
    assert phases == ["nautical_twilight", "civil_twilight", "day", "civil_twilight", "nautical_twilight", "night"]
    sunrise = events[2].t
    sunset = events[3].t
    assert (sunset - sunrise) / 3600 == pytest.approx(8.0, abs=0.6)
    edges = [float(x["above"]) for x in LIGHT[:-1]]
    for e in events:  # each change comes when the sun crosses a phase's edge, to the second
        assert min(abs(e.data["sun_elevation"] - edge) for edge in edges) <= 0.1


def test_night_and_bad_weather_shorten_every_visual_range():
    day = Conditions(visibility_nm=20, sea_state=2, light=1.0)
    night = Conditions(visibility_nm=20, sea_state=2, light=0.2)
    fog = Conditions(visibility_nm=0.5, sea_state=2, light=1.0)
    rough = Conditions(visibility_nm=20, sea_state=7, light=1.0)
    for size in ("large", "medium", "small", "uboat"):
        assert visual_range(size, night) < visual_range(size, day)
        assert visual_range(size, fog) < visual_range(size, day)
    assert visual_range("uboat", rough) < visual_range("uboat", day)
    assert visual_range("large", day) > visual_range("uboat", day)


def test_deck_guns_need_a_moderate_sea():
    game = new_game(0, "training")
    weather = game.module("weather")
    game.apply({"do": "weather", "kind": "fair"})
    assert weather.guns_usable() is None
    game.apply({"do": "weather", "kind": "storm"})
    assert "too heavy" in weather.guns_usable()


@pytest.mark.parametrize("start, ahead", [
    ("1940-03-20T12:00:00", 1),   # before summer time began on 1 April 1940
    ("1941-01-15T12:00:00", 2),   # summer time kept through the winter 1940/41
    ("1941-06-20T12:00:00", 2),
    ("1943-01-15T12:00:00", 1),   # winter 1942/43 on Central European Time
    ("1943-07-01T12:00:00", 2),
    ("1944-12-01T12:00:00", 1),
])
def test_the_ships_clock_keeps_german_time_as_it_was_in_the_war(start, ahead):
    game = game_with("training", overrides={"start": start})
    weather = game.module("weather")
    assert game.clock.at(game.t) - weather.utc(game.t) == timedelta(hours=ahead)


def test_a_mission_may_fix_its_own_offset_from_utc():
    game = game_with("training", overrides={"start": "1943-01-15T12:00:00", "utc_offset_h": 0})
    assert game.clock.at(game.t) == game.module("weather").utc(game.t)
