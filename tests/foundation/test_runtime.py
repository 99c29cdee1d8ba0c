"""The wall-clock runtime: time compression, feed drops to real time, autosave, session record."""

from __future__ import annotations

import json

import pytest
from kaleun.boards.loader import default_board, load_board
from kaleun.runtime.loop import Runtime
from kaleun.runtime.outputs import Autosave
from kaleun.runtime.table import DIAL_SETTLE_S, Table
from kaleun.saves import load_saved_game
from kaleun.uboot.compression import FACTORS
from kaleun.uboot.game import new_game
from kit import BOARDS, FakeClock, named, play_script, write_script


def make_runtime(tmp_path, board=None, **kw):
    clock = FakeClock()
    game = new_game(1)
    table = Table(board or default_board(), game, clock=clock)
    runtime = Runtime(game, table, clock=clock, **kw)
    return runtime, clock


def test_compression_factors_are_documented_data():
    assert FACTORS == {"pause": 0, "real_time": 1, "action": 4, "fast_forward": 30, "transit": 360}


@pytest.mark.parametrize("mode", ["real_time", "action", "fast_forward", "transit"])
def test_game_time_runs_at_the_compression_factor(tmp_path, mode):
    runtime, clock = make_runtime(tmp_path)
    runtime.submit({"do": "ui", "action": "time_compression", "mode": mode})
    runtime.step()
    clock.now += 10
    runtime.step()
    assert runtime.game.t == pytest.approx(10 * FACTORS[mode])


def test_pause_stops_game_time(tmp_path):
    runtime, clock = make_runtime(tmp_path)
    runtime.post({"do": "ui", "action": "time_compression", "mode": "pause"})
    runtime.step()
    clock.now += 100
    runtime.step()
    assert runtime.game.t == 0


def test_a_feed_message_drops_transit_to_real_time_at_that_moment(tmp_path):
    """§8 time compression: every new feed message drops it back to real time."""
    runtime, clock = make_runtime(tmp_path)
    runtime.post({"do": "ui", "action": "time_compression", "mode": "transit"})
    runtime.step()
    clock.now += 60  # 60 s wall at 360x would be 21,600 game s; the 06:00 watch change is at 7,200
    events = runtime.step()
    change = named([e.to_json() for e in events], "time_compression")[-1]
    assert change["mode"] == "real_time" and change["reason"] == "feed"
    wall_to_bell = 7200 / 360
    assert runtime.game.t == pytest.approx(7200 + (60 - wall_to_bell))


def test_feed_drop_is_part_of_the_event_log(tmp_path):
    _, events = play_script(tmp_path, [
        {"t": 1, "do": "ui", "action": "time_compression", "mode": "fast_forward"},
        {"t": 2, "do": "order", "order": "new_speed", "speed": "slow_ahead"},
    ])
    modes = [(e["mode"], e["reason"]) for e in named(events, "time_compression")]
    assert modes == [("fast_forward", "crew"), ("real_time", "feed")]


def test_pause_is_not_dropped_by_feed_messages(tmp_path):
    _, events = play_script(tmp_path, [
        {"t": 1, "do": "ui", "action": "time_compression", "mode": "pause"},
        {"t": 2, "do": "order", "order": "new_speed", "speed": "slow_ahead"},
    ])
    assert [e["mode"] for e in named(events, "time_compression")] == ["pause"]


def test_autosave_at_watch_change_and_session_record_replays(tmp_path):
    save = tmp_path / "autosave.json"
    record = tmp_path / "session.script.jsonl"
    runtime, clock = make_runtime(tmp_path, autosave=Autosave(None, save), record=record)
    runtime.autosave.game = runtime.game
    runtime.table.set_telegraph("half_ahead")
    runtime.step()
    runtime.post({"do": "ui", "action": "time_compression", "mode": "transit"})
    runtime.step()
    clock.now += 30
    runtime.step()  # passes 06:00
    assert save.exists()
    assert load_saved_game(save).module("watch").changes == 1
    text = record.read_text().splitlines()
    assert text[0].startswith("# Kaleun session: replay with kaleun run --seed 1 --mission training")
    lines = [json.loads(x) for x in text[1:]]
    assert lines[0] == {"t": 0, "do": "order", "order": "new_speed", "speed": "half_ahead", "via": "telegraph"}
    # the recorded session is a table script: replaying it reproduces the boat's state
    runtime.close()
    replay, _ = play_script(tmp_path, [*lines, {"t": runtime.game.t, "do": "report"}], seed=1)
    assert replay.module("boat").to_state() == runtime.game.module("boat").to_state()


def test_a_bad_posted_command_is_reported_not_raised(tmp_path):
    runtime, _ = make_runtime(tmp_path)
    problems = []
    runtime.problems.append(problems.append)
    runtime.post({"do": "place", "figure": "nobody", "section": 2})
    runtime.step()
    assert "figure 'nobody' is not one of" in problems[0]


def test_a_real_dial_becomes_an_order_only_once_it_rests(tmp_path):
    """Swinging the real telegraph from stop to full ahead is one order, not three."""
    runtime, clock = make_runtime(tmp_path, board=load_board(BOARDS / "mock-gpio.toml"))
    try:
        dial = runtime.table.dials["telegraph"]
        accepted = []
        runtime.listeners.append(lambda e: e.name == "order_accepted" and accepted.append(e.data["speed"]))
        for _ in range(3):  # a hand turning detent by detent, the pins driven like a real encoder
            dial.turn(1)
            clock.now += 0.1
            runtime.step()
        assert accepted == []
        clock.now += DIAL_SETTLE_S
        runtime.step()
        assert accepted == ["full_ahead"]
    finally:
        runtime.close()


def test_read_script_skips_blank_and_comment_lines_and_keeps_line_numbers(tmp_path):
    from kaleun.runtime.script import read_script

    script = write_script(tmp_path / "s.jsonl", ["# setup", "", "// note", {"t": 3, "do": "press", "button": "x"}])
    lines = list(read_script(script))
    assert [(line.number, line.t, line.command) for line in lines] == [(4, 3.0, {"do": "press", "button": "x"})]


def test_commands_that_come_while_a_step_applies_its_own_wait_for_the_next_step(tmp_path):
    """A console asking for its status as fast as the game answers must not stop the clock: a step applies
    the commands waiting when it began; one posted meanwhile comes in the next step, after the clock moved."""
    runtime, clock = make_runtime(tmp_path)
    seen: list[float] = []

    def status() -> None:  # each answer asks again at once, as a flooding console does
        seen.append(runtime.game.t)
        if len(seen) < 10:
            runtime.call(status)

    runtime.call(status)
    for _ in range(3):
        runtime.step()
        clock.now += 1
    assert seen == [0, 1, 2]


def test_a_lever_moved_just_before_a_kill_gives_its_order_when_the_game_resumes(tmp_path):
    """Nothing lost: a hand moves the telegraph's lever, the save is taken before it has come
    to rest (DIAL_SETTLE_S) and the program is killed. The resumed table stands where the hand left it and
    gives the order it owed, once; a table whose move was fed before the save gives none."""
    from kaleun.uboot.game import load_game

    def resumed(state):
        clock = FakeClock()
        game = load_game(json.loads(json.dumps(state)))
        table = Table(default_board(), game, clock=clock)
        sent: list[dict] = []
        table.start(sent.append)
        clock.now += DIAL_SETTLE_S
        table.flush(clock.now)
        table.flush(clock.now + 10)
        return table, sent

    clock = FakeClock()
    game = new_game(1)
    table = Table(default_board(), game, clock=clock)
    given: list[dict] = []
    table.start(given.append)
    table.dials["telegraph"].turn(2)  # the lever's encoder (a hand at the table: fed once at rest)
    killed = game.to_state()  # the save of that moment: the lever moved, its order not yet given
    table2, sent = resumed(killed)
    assert table2.reading("telegraph") == "half_ahead" and [(c["order"], c["speed"], c["via"]) for c in sent] == [
        ("new_speed", "half_ahead", "telegraph")]
    assert "moving" not in table2.game.table_state
    clock.now += DIAL_SETTLE_S
    table.flush(clock.now)
    assert [c["speed"] for c in given] == ["half_ahead"] and "moving" not in game.table_state
    assert resumed(game.to_state())[1] == []  # its order given: nothing owed (whatever the game made of it)


def test_the_first_save_takes_no_game_time(tmp_path):
    """A slow card makes the first save take seconds before anyone can play: the clock starts after it."""
    from kaleun.ui.session import first_save

    runtime, clock = make_runtime(tmp_path, autosave=Autosave(None, tmp_path / "autosave.json"))
    runtime.autosave.game = runtime.game
    saving = runtime.autosave.save

    def slow_save() -> None:
        saving()
        clock.now += 4  # the card took its time

    runtime.autosave.save = slow_save
    first_save(runtime)
    runtime.step()
    assert runtime.game.t == 0
    clock.now += 1
    runtime.step()
    assert runtime.game.t == 1
