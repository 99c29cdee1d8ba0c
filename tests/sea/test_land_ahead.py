"""The navigator's plot (rulebook §11: running aground or striking an underwater object loses the
boat; §12: the crew steers the boat): when the present course, speed and depth bring the boat onto
land, or over water shallower than it needs, within the look ahead (`boat.toml` [navigator]), the
feed warns once (`land_ahead`), and the warning changes nothing else in the game."""

from __future__ import annotations

import json

import pytest
from kaleun.uboot.game import load_game, new_game
from kaleun.uboot.sea import boat as boat_module
from kaleun.uboot.sea.boat import LOOK_AHEAD_S

from .conftest import game_with, names, order

#: the campaign's first mission starts east of the Orkneys on course 270
FIRST = "prize_rules_1939"
#: the crew carries out every order (the crew rules only advise): the sea's own rules are tested
ADVISE = {"crew_rules": "advise"}


def first_mission(seed: int = 1):
    game = new_game(seed, FIRST, ADVISE)
    game.take_events()
    return game


def run(game, hours: float) -> list:
    events = []
    for _ in range(round(hours * 60)):
        events += game.advance(60)
        if game.module("boat").lost:
            break
    return events


def of(events, name: str) -> list:
    return [e for e in events if e.name == name]


def test_11_the_first_mission_at_full_ahead_warns_well_before_the_orkneys_and_grounds_if_ignored():
    game = first_mission()
    order(game, "new_speed", speed="full_ahead")
    events = run(game, 6)
    warnings, grounded = of(events, "land_ahead"), of(events, "grounded")
    assert len(warnings) == 1 and len(grounded) == 1
    warning = warnings[0]
    assert warning.data["kind"] == "land" and warning.data["place"] == "Orkney"
    assert warning.data["course"] == 270 and warning.data["telegraph"] == "full_ahead"
    assert 45 * 60 <= warning.data["eta_s"] <= LOOK_AHEAD_S
    assert 9.0 < warning.data["distance_nm"] < 13.0 and 260 <= warning.data["bearing"] <= 280
    assert warning.text.startswith("Navigator: land ahead — Orkney, ")
    assert warning.text.endswith("on this course (60 min at full ahead). Alter course!")
    # ignored, the warning came about an hour before the boat ran aground there
    assert grounded[0].t - warning.t >= 45 * 60 and grounded[0].data["place"] == "Orkney"
    assert game.module("mission").reason == "grounded"


def test_11_altering_course_clears_the_warning_and_re_arms_it():
    game = first_mission()
    order(game, "new_speed", speed="full_ahead")
    events = run(game, 6)
    first = of(events, "land_ahead")[0]
    game = first_mission()
    order(game, "new_speed", speed="full_ahead")
    game.advance(first.t - game.t)
    assert names(game.advance(60)).count("land_ahead") <= 1
    assert game.module("boat").ahead_warned
    order(game, "new_course", course=90)  # away from the islands: the danger has passed
    events = run(game, 2)
    assert "land_ahead" not in names(events) and not game.module("boat").lost
    assert not game.module("boat").ahead_warned
    order(game, "new_course", course=270)  # back towards them: warned again once in the window
    events = run(game, 6)
    assert names(events).count("land_ahead") == 1 and "grounded" in names(events)
    warning = of(events, "land_ahead")[0]
    assert warning.data["place"] == "Orkney" and warning.data["eta_s"] <= LOOK_AHEAD_S


def test_11_a_new_speed_re_arms_the_warning():
    game = first_mission()
    order(game, "new_speed", speed="full_ahead")
    assert len(of(run(game, 3.5), "land_ahead")) == 1
    order(game, "new_speed", speed="slow_ahead")
    events = run(game, 0.1)
    warning = of(events, "land_ahead")
    assert len(warning) == 1 and warning[0].data["telegraph"] == "slow_ahead"
    assert "slow ahead" in warning[0].text


def test_11_a_submerged_boat_is_warned_of_a_shoal_shallower_than_its_depth():
    """Dogger Bank has 20 m over it: at 40 m the boat would strike it, at periscope depth it passes."""
    game = game_with("training", overrides={"position": [55.9, 2.5], "course": 180})
    game.take_events()
    order(game, "dive")
    order(game, "new_speed", speed="half_ahead")
    game.advance(120)
    order(game, "new_depth", depth_m=40)
    events = run(game, 5)
    warning = of(events, "land_ahead")
    assert len(warning) == 1 and warning[0].data["kind"] == "shoal"
    assert warning[0].data["place"] == "Dogger Bank" and warning[0].data["seabed_m"] == 20.0
    assert warning[0].text.startswith("Navigator: shoal water ahead — Dogger Bank, 20 m deep, ")
    assert of(events, "grounded")[0].t - warning[0].t >= 45 * 60

    game = game_with("training", overrides={"position": [55.9, 2.5], "course": 180})
    game.take_events()
    order(game, "dive")
    order(game, "new_speed", speed="half_ahead")
    events = run(game, 3)
    assert "land_ahead" not in names(events) and "grounded" not in names(events)


def test_11_no_warning_on_the_open_ocean():
    game = game_with("training", overrides={"position": [50.0, -25.0], "course": 270})
    order(game, "new_speed", speed="full_ahead")
    events = run(game, 12)
    order(game, "dive")
    events += run(game, 2)
    assert "land_ahead" not in names(events) and not game.module("boat").lost


def _lines(events, drop: str | None = None) -> list[str]:
    return [json.dumps([e.t, e.name, e.data, e.text], default=str) for e in events if e.name != drop]


def test_the_warning_changes_nothing_else_in_the_game(monkeypatch):
    """The same game with and without the navigator's look ahead: the event logs differ only by
    the warning (the plot draws no random numbers and moves no plan)."""
    def play():
        game = first_mission(seed=4)
        events = order(game, "new_speed", speed="full_ahead")
        events += run(game, 0.5)
        events += order(game, "new_course", course=260)
        events += run(game, 6)
        return events

    with_warning = play()
    assert "land_ahead" in names(with_warning)
    monkeypatch.setattr(boat_module, "LOOK_AHEAD_S", -1e9)  # nothing is ever within the look ahead
    without = play()
    assert "land_ahead" not in names(without)
    assert _lines(with_warning, drop="land_ahead") == _lines(without)


def test_a_saved_game_keeps_the_plot():
    """Saved just after the warning and loaded, the game does not warn again and plays on as the original."""
    game = first_mission()
    order(game, "new_speed", speed="full_ahead")
    events = run(game, 3.5)
    assert len(of(events, "land_ahead")) == 1
    copy = load_game(json.loads(json.dumps(game.to_state())))
    rest, rest_copy = run(game, 3), run(copy, 3)
    assert "land_ahead" not in names(rest)
    assert _lines(rest) == _lines(rest_copy)


@pytest.mark.parametrize("hours", [1, 3])
def test_a_boat_lying_stopped_is_not_warned(hours):
    game = first_mission()
    assert "land_ahead" not in names(run(game, hours))


def test_8_the_warning_drops_transit_compression_to_real_time():
    """The newcomer's evening: full ahead, transit compression; the navigator's line stops the
    clock racing (rulebook 8: every new feed message drops the compression to real time) well
    before the boat would run aground."""
    game = first_mission()
    order(game, "new_speed", speed="full_ahead")
    game.apply({"do": "ui", "action": "time_compression", "mode": "transit"})
    compression = game.module("compression")
    events = []
    while compression.mode == "transit" and game.t < 6 * 3600:
        events += game.advance(60)
    warning = of(events, "land_ahead")
    drop = next(e for e in events if e.name == "time_compression")
    assert warning and drop.data == {"mode": "real_time", "factor": 1.0, "reason": "feed"}
    assert drop.t == warning[0].t and not game.module("boat").lost


def test_the_console_and_the_window_feed_show_the_warning_as_a_warning():
    """The console prints the navigator's line as it prints every feed line; the window's feed
    gives it the warning alarm, as the echo sounder's."""
    import io

    from kaleun.boards.loader import default_board
    from kaleun.runtime.loop import Runtime
    from kaleun.runtime.table import Table
    from kaleun.ui.console import Console
    from kaleun.ui.feedlog import alarm_of

    game = new_game(1, FIRST, ADVISE)
    out = io.StringIO()
    runtime = Runtime(game, Table(default_board(), game), clock=lambda: 0.0)
    console = Console(runtime, stdin=io.StringIO(), stdout=out, interactive=False)
    runtime.step()
    console.handle("speed full_ahead")
    runtime.step()
    seen: list = []
    while not of(seen, "land_ahead") and game.t < 6 * 3600:
        events = game.advance(600)
        seen += events
        runtime._dispatch(events)
    warning = of(seen, "land_ahead")[0]
    assert alarm_of(warning) == "warning"
    assert f"] {warning.text}" in out.getvalue()


#: a boat lying stopped two miles south of Jan Mayen, where the current (currents.toml's open ocean, 45 deg) sets it
#: onto the island in about a day
OFF_JAN_MAYEN = {"position": [70.82, -8.6], "crew_rules": "advise"}


def test_11_a_boat_lying_stopped_that_the_current_sets_onto_land_is_warned_an_hour_before():
    """§9.1 (the currents) and §11 (running aground loses the boat): a boat left stopped in transit drifts with the
    current. Its plot looked a mile ahead at a time, longer than the whole plot at a drifting boat's speed, so the
    danger was always dated at the plot's end and never came within the look ahead: a group left its boat in transit
    and lost it with all hands on the pack ice after 141 days without a word. The navigator now says the current sets
    the boat onto land about an hour before; the warning drops transit compression to real time."""
    game = new_game(0, "training", OFF_JAN_MAYEN)
    game.take_events()
    events: list = []
    while not game.module("boat").lost and game.t < 24 * 3600:
        if game.module("compression").mode != "transit" and not of(events, "land_ahead"):
            game.apply({"do": "ui", "action": "time_compression", "mode": "transit"})  # the group leaves it in transit
        events += game.advance(60)
    warning, grounded = of(events, "land_ahead"), of(events, "grounded")
    assert len(warning) == 1 and len(grounded) == 1, names(events)
    assert (warning[0].data["kind"], warning[0].data["place"], warning[0].data["telegraph"]) == ("land", "Jan Mayen",
                                                                                                "stop")
    assert 45 * 60 <= warning[0].data["eta_s"] <= LOOK_AHEAD_S
    assert 45 * 60 <= grounded[0].t - warning[0].t <= LOOK_AHEAD_S + 60
    assert warning[0].text.startswith("Navigator: the current sets the boat onto land — Jan Mayen, ")
    assert warning[0].text.endswith("min). Get under way!")
    assert any(e.name == "time_compression" and e.t == warning[0].t and e.data["mode"] == "real_time"
               for e in events)


def test_11_a_drifting_boat_warned_gets_under_way_and_clear():
    game = new_game(0, "training", OFF_JAN_MAYEN)
    game.take_events()
    events = []
    while not of(events, "land_ahead") and not game.module("boat").lost and game.t < 24 * 3600:
        events += game.advance(60)
    assert of(events, "land_ahead") and not game.module("boat").lost
    order(game, "new_course", course=180)
    order(game, "new_speed", speed="half_ahead")
    assert "grounded" not in names(run(game, 3)) and not game.module("boat").lost


@pytest.mark.parametrize("code", ["de", "ru"])
def test_the_drifting_boats_warning_is_said_in_the_tables_language(code: str) -> None:
    from kaleun.i18n import language

    game = new_game(0, "training", OFF_JAN_MAYEN)
    game.take_events()
    warning = of(run(game, 24), "land_ahead")[0]
    assert language(code).missing(warning.feed) == []
