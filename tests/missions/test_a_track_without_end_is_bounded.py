"""A mission without a time limit (the training patrol, the exercises) runs as long as the table is left
on, and its patrol log keeps the boat's track for the debrief (mission_rules.toml, `[log]`): the track
is kept to `track_most` points however long the game runs (every other point goes when it grows past
them; the first and the newest stay), and a save of it loads back exactly. A mission with a time limit
never reaches the bound, so its track keeps every point."""

from __future__ import annotations

import copy
import json
from itertools import pairwise

from kaleun.saves import load_checked
from kaleun.uboot.mission import TRACK_MOST, TRACK_S
from missionkit import advance, game

DAY = 86400.0


def test_the_training_patrols_track_stays_within_its_bound_over_months_of_game_time():
    g = game("training")
    mission = g.module("mission")
    assert mission.limit_at is None  # the training patrol never ends by itself
    first = None
    most = 0
    days = int(TRACK_MOST * TRACK_S / DAY) + 20  # well past the bound
    for day in range(1, days + 1):
        advance(g, day * DAY)
        track = g.to_state()["modules"]["mission"]["log"]["track"]
        first = first or track[0]
        most = max(most, len(track))
        assert track[0] == first  # where the patrol began stays on the chart
        assert [p[0] for p in track] == sorted(p[0] for p in track)
    assert days * DAY / TRACK_S > 1.2 * TRACK_MOST  # without the bound, it would have held more
    assert most <= TRACK_MOST
    assert len(track) > TRACK_MOST // 2
    assert track[-1][0] >= days * DAY - TRACK_S  # the newest point is kept
    state = json.loads(json.dumps(g.to_state()))
    assert json.loads(json.dumps(load_checked(copy.deepcopy(state)).to_state())) == state


def test_a_timed_missions_track_keeps_every_point():
    g = game("long_patrol_1941")
    mission = g.module("mission")
    limit = mission.limit_at
    assert limit is not None and limit / TRACK_S < TRACK_MOST
    advance(g, 3 * DAY)
    track = g.to_state()["modules"]["mission"]["log"]["track"]
    gaps = [b[0] - a[0] for a, b in pairwise(track)]
    assert len(track) >= 3 * DAY / TRACK_S - 5 and max(gaps) < 2 * TRACK_S  # none thinned away
