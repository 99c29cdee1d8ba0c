"""Rulebook §4.1 (the game ends; the debrief shows the patrol track on the naval grid): however a mission ends (the
boat lost, the time limit, home, the objectives met, the crew's end of a practice piece), the debrief's track runs to
where the boat was at the end, that point once. A practice piece lost with the boat stopped at the last half-hourly
point, and an end on a half-hour mark drew its last point twice. Saves of games already over load as they were."""

from __future__ import annotations

import gzip
import json
from pathlib import Path

from kaleun.saves import load_saved_game, save_game
from kaleun.uboot.game import new_game
from kaleun.uboot.missions.debrief import debrief
from kit import advance, one, play_script

#: the Dogger Bank exercise (20 m of water): ordered to 40 m, the boat strikes the bottom a minute or so later
AGROUND: list[dict | str] = [{"t": 0, "do": "order", "order": "new_speed", "speed": "half_ahead"},
                             {"t": 0, "do": "order", "order": "dive"},
                             {"t": 60, "do": "order", "order": "new_depth", "depth_m": 40}]


def test_4_1_a_practice_piece_lost_with_the_boat_ends_its_track_where_it_was_lost(tmp_path: Path) -> None:
    game, events = play_script(tmp_path, AGROUND, game=new_game(0, "exercise_shoal"), until=1200)
    end = one(events, "mission_end")
    assert (end["result"], end["reason"]) == ("lost", "grounded")
    track = debrief(game)["track"]
    assert [p[0] for p in track] == [0.0, float(end["t"])]
    lat, lon = game.module("boat").position_at(end["t"])
    assert track[-1][1:3] == [round(lat, 4), round(lon, 4)]  # where the boat lies on the bottom


def test_4_1_an_end_on_the_half_hour_mark_draws_its_last_point_once() -> None:
    """A mission with objectives out of time at 1 h (the track's points every half hour: 0, 30 and 60 minutes)."""
    game = new_game(3, "prize_rules_1939", {"time_limit_h": 1, "encounter": [], "radio": [], "air_cover": "none",
                                            "traffic": "none"})
    advance(game, 4000)
    mission = game.module("mission")
    assert (mission.result, mission.reason, mission.ended_at) == ("lost", "time_limit", 3600.0)
    assert [p[0] for p in debrief(game)["track"]] == [0.0, 1800.0, 3600.0]


def test_4_1_the_crew_ending_a_practice_piece_on_the_half_hour_adds_no_second_point(tmp_path: Path) -> None:
    game, _ = play_script(tmp_path, [{"t": 0, "do": "order", "order": "new_speed", "speed": "half_ahead"},
                                     {"t": 3600, "do": "end_exercise"}], game=new_game(0, "patrol_atlantic"))
    assert [p[0] for p in debrief(game)["track"]] == [0.0, 1800.0, 3600.0]


def test_4_1_a_save_of_a_game_over_from_before_keeps_its_track_as_it_was(tmp_path: Path) -> None:
    """A save written before every end closed the track (a lost practice piece without its last point, an end with
    its last point twice) loads, is over, and its debrief shows the track it saved: nothing is added on loading."""
    game, _ = play_script(tmp_path, AGROUND, game=new_game(0, "exercise_shoal"), until=1200)
    path = tmp_path / "over.save.json"
    save_game(game, path)
    raw = path.read_bytes()
    opened = gzip.decompress(raw) if raw[:2] == b"\x1f\x8b" else raw
    state = json.loads(opened)
    track = state["modules"]["mission"]["log"]["track"]
    for old in ([track[0]], [track[0], track[-1], track[-1]]):
        state["modules"]["mission"]["log"]["track"] = old
        path.write_text(json.dumps(state))
        loaded = load_saved_game(path)
        assert loaded.module("mission").over
        assert debrief(loaded)["track"] == old
