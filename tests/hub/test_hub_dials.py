"""Dials whose encoders sit on the deck hub: the engine telegraph and the attack disc's rings
(rulebook §9.2.1) turned on the fake hub's simulated encoders reach the game through real
`turn` and `home` frames, counted and homed exactly as on the Pi's GPIO."""

from __future__ import annotations

import io
import json
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from disckit import disc_game, disc_sets
from hubkit import ROOT
from kaleun.boards.loader import load_board
from kaleun.hub.dials import HubDial
from kaleun.hub.options import hub_config
from kaleun.ports.base import DialHomed, DialLost, DialTurned
from kaleun.runtime.script import EventWriter, ScriptRun
from kaleun.runtime.table import Table
from kit import write_script

FAKE_BOARD = ROOT / "boards" / "fake-hub.toml"
GUARD = 15.0

ENCODERS = '''
[hub.encoders.telegraph]
a = "GP8"
b = "GP9"

[hub.encoders.disc_own_course]
a = "GP10"
b = "GP11"
home_pin = "GP14"

[hub.encoders.disc_enemy_course]
a = "GP12"
b = "GP13"

[hub.encoders.disc_bearing]
a = "GP26"
b = "GP27"
home_pin = "GP15"

[dials.disc_own_course]
steps_per_revolution = 600
home = "switch"

[dials.disc_enemy_course]
steps_per_revolution = 600
home = "calibrate"

[dials.disc_bearing]
steps_per_revolution = 600
home = "switch"
'''


@pytest.fixture
def hub_board(tmp_path: Path) -> Path:
    """The fake hub's board with the telegraph and the disc on the hub's encoders."""
    text = FAKE_BOARD.read_text(encoding="utf-8")
    text = text[:text.index("[dials.telegraph]")] + text[text.index("[lamps]"):] + ENCODERS
    path = tmp_path / "hub-dials.toml"
    path.write_text(text, encoding="utf-8")
    return path


def test_the_board_puts_the_dials_on_the_hubs_encoders(hub_board):
    board = load_board(hub_board)
    assert {name: spec.driver for name, spec in board.dials.items()} == {
        "telegraph": "hub", "disc_own_course": "hub", "disc_enemy_course": "hub", "disc_bearing": "hub"}
    assert hub_config(board)["encoders"] == [
        {"a": "GP8", "b": "GP9", "divisor": 4}, {"a": "GP10", "b": "GP11", "divisor": 4, "home_pin": "GP14"},
        {"a": "GP12", "b": "GP13", "divisor": 4}, {"a": "GP26", "b": "GP27", "divisor": 4, "home_pin": "GP15"}]


def test_9_2_1_the_worked_example_through_the_hubs_frames(tmp_path, hub_board, kaleun_home):
    lines = [
        {"t": 1, "do": "turn", "dial": "telegraph", "steps": 2},
        {"t": 5, "do": "home", "dial": "disc_own_course"},      # the ring passes its hall sensor
        {"t": 5, "do": "home", "dial": "disc_bearing"},
        {"t": 6, "do": "home", "dial": "disc_enemy_course"},    # the crew confirms the ring stands at 0
        {"t": 10, "do": "turn", "dial": "disc_own_course", "steps": -70},
        {"t": 20, "do": "turn", "dial": "disc_bearing", "steps": -30},
        {"t": 30, "do": "turn", "dial": "disc_enemy_course", "steps": 70},
    ]
    logs = []
    for _ in range(2):
        out = io.StringIO()
        game = disc_game()
        ScriptRun(game, load_board(hub_board), EventWriter(out)).run(write_script(tmp_path / "s.jsonl", lines))
        logs.append(out.getvalue())
    assert logs[0] == logs[1]
    events = [json.loads(line) for line in logs[0].splitlines()]
    order = next(e for e in events if e["event"] == "order_accepted")
    assert (order["t"], order["speed"], order["via"]) == (1, "half_ahead", "telegraph")
    assert disc_sets(events) == [
        {"t": 5, "via": "disc", "own_course": 0},
        {"t": 5, "via": "disc", "bearing": 0},
        {"t": 6, "via": "disc", "enemy_course": 0},
        {"t": 10, "via": "disc", "own_course": 290, "bearing": 70},
        {"t": 20, "via": "disc", "bearing": 40},
        {"t": 30, "via": "disc", "enemy_course": 70}]


@contextmanager
def hub_table(hub_board: Path) -> Iterator[tuple[Table, list[dict[str, Any]]]]:
    """A table on the attack disc's game whose dials are the hub's, started (the list gathers the commands its
    dials give the game) and closed after."""
    game = disc_game()
    table = Table(load_board(hub_board), game)
    got: list[dict[str, Any]] = []
    table.start(got.append)
    try:
        yield table, got
    finally:
        table.close()


def test_a_hub_that_restarts_loses_the_rings_zero_but_not_the_telegraph(hub_board, kaleun_home):
    with hub_table(hub_board) as (table, _):
        table.actuate({"do": "home", "dial": "disc_own_course"})
        table.actuate({"do": "turn", "dial": "disc_own_course", "steps": 30})
        table.actuate({"do": "turn", "dial": "telegraph", "steps": 1})
        assert table.reading("disc_own_course") == 30
        fake = table.sensor.fake
        online = table.sensor.link.core.connects
        fake.reload()  # CircuitPython restarts the firmware: its encoder counts start again
        assert table.sensor.link.wait(lambda core: table.reading("disc_own_course") is None, GUARD)
        assert table.sensor.link.core.connects == online  # the port stayed open
        assert table.reading("telegraph") == "slow_ahead"
        table.actuate({"do": "home", "dial": "disc_own_course"})
        assert table.reading("disc_own_course") == 0


def test_9_2_1_a_hub_that_restarts_clears_in_the_game_the_rings_whose_turns_it_missed(hub_board, kaleun_home):
    """§9.2.1: turns made while the hub restarts are not counted, so the green ring (and the pointer read against
    it) no longer read what they fed the game. The game kept their old readings, beside whatever the crew homed
    and set next: the table now clears them in the game (`null`), as in a new game, until they are homed and set;
    the black ring, never fed, is left alone."""
    with hub_table(hub_board) as (table, got):
        table.actuate({"do": "home", "dial": "disc_own_course"})
        table.actuate({"do": "home", "dial": "disc_bearing"})
        table.actuate({"do": "turn", "dial": "disc_own_course", "steps": 30})
        assert got[-1] == {"do": "attack_disc", "own_course": 30, "bearing": 330, "via": "disc"}
        table.sensor.fake.reload()  # CircuitPython restarts the firmware: its encoder counts start again
        assert table.sensor.link.wait(lambda core: table.reading("disc_own_course") is None, GUARD)

        def cleared() -> dict[str, Any]:  # the rings the game was told to clear, in one command or one each
            return {k: v for c in list(got) if None in c.values() for k, v in c.items()}

        assert table.sensor.link.wait(lambda core: len(cleared()) == 4, GUARD)
        assert cleared() == {"do": "attack_disc", "own_course": None, "bearing": None, "via": "disc"}


class Sink(list):
    def __call__(self, item: Any) -> None:
        self.append(item)


def test_a_lost_turn_frame_costs_no_detent_the_next_frames_position_tells():
    board = load_board(ROOT / "boards" / "pico-hub.toml")
    dial = HubDial(board.dial("disc_own_course"), 1)
    got = Sink()
    dial.start(got)
    dial.turned(5, pos=5)  # 600 counts a turn: 5 counts are 3 degrees
    dial.at_home()  # zero at hub count 5
    dial.turned(5, pos=10)
    # the frame with delta 5 (pos 15) is lost on the way
    dial.turned(5, pos=20)
    assert got == [DialTurned("disc_own_course", 3), DialHomed("disc_own_course"), DialTurned("disc_own_course", 3),
                   DialTurned("disc_own_course", 6)]  # 10 counts since the last frame: 6 degrees
    dial.restarted()  # a new hello: the hub counts from 0 again
    dial.turned(2, pos=2)
    assert got[-2:] == [DialLost("disc_own_course"), DialTurned("disc_own_course", 1)]  # 2 counts on: 1.2 degrees


def test_a_turn_frame_beyond_the_protocols_limit_moves_no_dial(caplog):
    """A garbled count from a real hub (a `turn` of more counts than one report holds, codec.MAX_TURN, or a `pos`
    that jumped as far) would have spun the attack disc's ring through thousands of turns: it is ignored with a
    warning in the log, and the frames after it count on from the hub's count then."""
    from kaleun.hub.proto import MAX_TURN

    board = load_board(ROOT / "boards" / "pico-hub.toml")
    dial = HubDial(board.dial("disc_own_course"), 1)
    got = Sink()
    dial.start(got)
    dial.turned(5, pos=5)  # 600 counts a turn: 3 degrees
    dial.at_home()
    with caplog.at_level("WARNING", logger="kaleun.hub.dials"):
        dial.turned(MAX_TURN + 1, pos=MAX_TURN + 6)
        dial.turned(5, pos=2 * MAX_TURN + 50)  # its delta is small, its count jumped
    assert got == [DialTurned("disc_own_course", 3), DialHomed("disc_own_course")]
    assert [r.getMessage() for r in caplog.records] == [
        f"deck hub encoder 1 (dial disc_own_course) reported a turn of {MAX_TURN + 1} counts (its count "
        f"{MAX_TURN + 6}), more than one report holds ({MAX_TURN} either way): ignored, the dial stays where it was",
        f"deck hub encoder 1 (dial disc_own_course) reported a turn of {MAX_TURN + 44} counts (its count "
        f"{2 * MAX_TURN + 50}), more than one report holds ({MAX_TURN} either way): ignored, the dial stays where "
        "it was"]
    dial.turned(5, pos=2 * MAX_TURN + 55)  # a hand's turn after it: 5 counts, 3 degrees
    assert got[-1] == DialTurned("disc_own_course", 3)


def test_a_ring_turns_whole_in_one_report_of_the_hub(tmp_path):
    """The board format's finest ring and the protocol's limit are one number: a ring of more steps per revolution
    than a `turn` frame carries is refused by the loader, naming the limit."""
    from kaleun.boards.loader import BoardError
    from kaleun.hub.proto import MAX_TURN

    text = (ROOT / "boards" / "pico-hub.toml").read_text(encoding="utf-8")
    for steps, loads in ((MAX_TURN, True), (MAX_TURN + 1, False)):
        path = tmp_path / f"ring-{steps}.toml"
        ring = "[dials.disc_enemy_course]\ndriver = \"hub\"\nsteps_per_revolution = "
        assert ring + "600\n" in text
        path.write_text(text.replace(ring + "600\n", ring + f"{steps}\n"), encoding="utf-8")
        if loads:
            assert load_board(path).dial("disc_enemy_course").steps_per_revolution == MAX_TURN
        else:
            with pytest.raises(BoardError, match=str(MAX_TURN)):
                load_board(path)


def test_a_board_with_rings_loads_where_the_firmware_cannot_be_found(tmp_path):
    """The rings' limit is the protocol's (above), yet a table on a board without a deck hub plays where the firmware
    folder cannot be found (a wrong KALEUN_FIRMWARE): loading its attack disc's rings needs no firmware, as a
    board's [hub] settings go unchecked then (test_hub_settings.py) rather than stop the table."""
    from kaleun.boards.model import MOST_STEPS_PER_REVOLUTION
    from kaleun.hub.proto import MAX_TURN
    from kit import run_kaleun

    assert MOST_STEPS_PER_REVOLUTION == MAX_TURN
    empty = tmp_path / "no-firmware"
    empty.mkdir()
    script = tmp_path / "script.jsonl"
    script.write_text("", encoding="utf-8")
    board = ROOT / "boards" / "sim.toml"
    assert any(load_board(board).dial(name).steps_per_revolution for name in load_board(board).dials
               if name.startswith("disc_"))  # the board has rings
    done = run_kaleun("run", "--board", str(board), "--script", str(script), "--events", str(tmp_path / "out.jsonl"),
                      "--until", "10", home=tmp_path, KALEUN_FIRMWARE=str(empty))
    assert done.returncode == 0 and "Traceback" not in done.stderr, done.stderr
    assert "1 event written" in done.stderr


def test_a_move_longer_than_one_report_reaches_the_dial_whole():
    """The hub's firmware reports an encoder that moved further between two of its polls than one `turn` frame
    carries (codec.MAX_TURN: its main loop held up while the RP2040's PIO counted on) in several frames, so the
    host counts every detent (rulebook §9.2.1: the ring's bearing is what the disc shows) instead of ignoring one
    over-long frame and leaving the ring behind."""
    from hubkit import hub_cfg
    from kaleun.hub.proto import MAX_TURN, codec, config, encoders, hub

    class Ring:
        position = 0

    parser = codec.LineParser(codec.HUB_FRAMES)
    frames: list[codec.Frame] = []
    ring = Ring()
    firmware = hub.Hub([], config.parse(hub_cfg([])), lambda data: frames.extend(parser.feed(data)),
                       encoders=encoders.EncoderWatch([Ring(), ring]))
    firmware.tick(0)
    dial = HubDial(load_board(ROOT / "boards" / "pico-hub.toml").dial("disc_own_course"), 1)
    got = Sink()
    dial.start(got)
    for moved, when in ((5, 10), (2 * MAX_TURN, 20), (-MAX_TURN - 5, 30)):
        frames.clear()
        ring.position += moved
        firmware.tick(when)
        turns = [frame.fields for frame in frames if frame.verb == "turn"]
        assert all(abs(turn["delta"]) <= MAX_TURN for turn in turns)
        assert sum(turn["delta"] for turn in turns) == moved and turns[-1]["pos"] == ring.position
        for turn in turns:
            dial.turned(turn["delta"], pos=turn["pos"])
    assert dial.total == MAX_TURN  # every count, none ignored
    assert sum(event.clicks for event in got if isinstance(event, DialTurned)) == MAX_TURN * 360 // 600  # degrees
