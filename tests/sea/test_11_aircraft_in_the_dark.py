"""Rulebook §11 (aircraft attacks) with the aircraft data's `night` flag (aircraft.toml, `[night]`): an aircraft
without night equipment (ASV radar, Leigh Light) neither finds nor attacks a surfaced boat in full night — it
flies over and on; by day the same aircraft finds and attacks it, and a night aircraft (the Leigh Light
Wellington) finds it in the dark. Played through table scripts, over several seeds."""

from __future__ import annotations

import pytest
from kaleun.uboot.game import new_game
from kit import named, play_script

NIGHT = "1942-12-20T02:00:00"  # December in the Atlantic: the sun far below the horizon
DAY = "1942-12-20T13:00:00"
SEEDS = range(4)
#: lookouts on the bridge, the boat stopped on the surface, while an aircraft flies right over it
LOOKOUTS = [{"t": 0, "do": "order", "order": "mobilize"},
            {"t": 2, "do": "place", "figure": "navigator-square", "section": 8},
            {"t": 4, "do": "place", "figure": "navigator-triangle", "section": 8},
            {"t": 10, "do": "order", "order": "observe"},
            {"t": 1800, "do": "end"}]


def _attacks(tmp_path, seed: int, start: str, aircraft: str) -> list[dict]:
    setup = {"surfaced": True, "course": 0, "start": start, "crew_rules": "advise", "wear": False,
             "weather": "clear", "weather_hold": True, "air_cover": "none",
             "aircraft": [{"type": aircraft, "bearing": 90, "range_nm": 6.0}]}
    game = new_game(seed, "training", setup)
    phase = game.module("weather").phase
    assert phase == ("night" if start == NIGHT else "day"), phase
    _game, events = play_script(tmp_path, LOOKOUTS, game=game)
    return named(events, "aircraft_attacking") + named(events, "aircraft_attack")


@pytest.mark.parametrize("seed", SEEDS)
def test_11_a_sunderland_without_night_equipment_does_not_attack_in_the_dark(tmp_path, seed):
    assert _attacks(tmp_path, seed, NIGHT, "sunderland") == []


def test_11_the_same_sunderland_attacks_by_day(tmp_path):
    assert all(_attacks(tmp_path, seed, DAY, "sunderland") for seed in SEEDS)


def test_11_a_leigh_light_wellington_attacks_in_the_dark(tmp_path):
    assert all(_attacks(tmp_path, seed, NIGHT, "wellington") for seed in SEEDS)


def test_11_the_convoy_battle_s_sunderlands_leave_the_surfaced_boat_alone_at_night(tmp_path):
    """The convoy battle exercise (September 1941, 02:00): its two escorting Sunderlands have no Leigh Light;
    a boat lying on the surface among the columns for an hour is not attacked from the air."""
    for seed in SEEDS:
        _game, events = play_script(tmp_path, [*LOOKOUTS[:-1], {"t": 3600, "do": "end"}],
                                    game=new_game(seed, "exercise_convoy_battle"))
        assert named(events, "aircraft_attack") == [] and named(events, "aircraft_attacking") == []
