"""The attack disc on the table (rulebook §9.2.1, digest §12): three rings read by encoders.

The green ring sets the boat's own course on the white scale, the black ring the enemy's
course, the top pointer the enemy's bearing on the green ring (0 ahead, 90 starboard). A ring
at rest feeds the game `{"do": "attack_disc", ...fields that changed..., "via": "disc"}`.
The game side (the `weapons` module, tests/weapons/) sends the whole disc in its event; to see
which rings a turn sent, a stand-in module records the commands as they came (disckit), and the
worked example also runs through the real game.
"""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

import pytest
from disckit import disc_game, disc_sets
from kaleun.boards.dials import DIALS
from kaleun.boards.loader import BoardError, load_board
from kaleun.core.errors import CommandError
from kaleun.runtime.script import EventWriter, ScriptRun
from kaleun.runtime.table import DIAL_SETTLE_S, Table
from kaleun.uboot.boat import TELEGRAPH
from kit import BOARDS, write_script

RINGS = ("disc_own_course", "disc_enemy_course", "disc_bearing")


def run(tmp_path: Path, lines: list[dict[str, Any]], board: str | Path = "sim.toml",
        game: Any = None) -> tuple[Any, list[dict[str, Any]]]:
    game = game if game is not None else disc_game()
    out = io.StringIO()
    path = board if isinstance(board, Path) else BOARDS / board
    ScriptRun(game, load_board(path), EventWriter(out)).run(write_script(tmp_path / "disc.jsonl", lines))
    return game, disc_sets([json.loads(line) for line in out.getvalue().splitlines()])


# the rulebook's worked example (§9.2.1): own course 290, contact bearing 40, enemy course 70
WORKED_EXAMPLE = [
    {"t": 10, "do": "turn", "dial": "disc_own_course", "steps": -70},   # green ring: 0 -> 290
    {"t": 20, "do": "turn", "dial": "disc_bearing", "steps": -30},      # pointer to 40 on the green ring
    {"t": 30, "do": "turn", "dial": "disc_enemy_course", "steps": 70},  # black ring: 0 -> 70
]


def test_9_2_1_the_worked_example_set_on_the_disc_reaches_the_game(tmp_path):
    game, sets = run(tmp_path, WORKED_EXAMPLE)
    # the pointer stays where it points on the white scale while the green ring turns under it,
    # so its bearing on the green ring changes with the ring (as on the cardboard disc)
    assert sets == [{"via": "disc", "own_course": 290, "bearing": 70, "t": 10},
                    {"via": "disc", "bearing": 40, "t": 20},
                    {"via": "disc", "enemy_course": 70, "t": 30}]
    assert {k: game.table_state[k] for k in RINGS} == {"disc_own_course": 290, "disc_enemy_course": 70,
                                                        "disc_bearing": 330}  # the pointer on the white scale


def test_9_2_1_the_worked_example_turned_on_the_table_sets_the_games_disc(tmp_path):
    """The real weapons module: the rings turned as in the worked example leave the game's disc at
    own course 290, enemy course 070, bearing 40 — the enemy at 330 true, angle on the bow 80."""
    from kaleun.uboot.game import new_game
    game, _ = run(tmp_path, WORKED_EXAMPLE, game=new_game(0, "training"))
    assert game.module("weapons").status()["disc"] == {"own_course": 290, "enemy_course": 70, "bearing": 40,
                                                       "true_bearing": 330, "aob": 80}


def test_9_2_1_only_rings_whose_reading_changed_are_sent(tmp_path):
    _, sets = run(tmp_path, [
        {"t": 1, "do": "turn", "dial": "disc_enemy_course", "steps": 45},
        {"t": 2, "do": "turn", "dial": "disc_enemy_course", "steps": 360},  # a full turn: the same reading
        {"t": 3, "do": "turn", "dial": "disc_bearing", "steps": 90},
    ])
    assert sets == [{"via": "disc", "enemy_course": 45, "t": 1}, {"via": "disc", "bearing": 90, "t": 3}]


def test_9_2_1_a_turn_line_turns_a_ring_at_most_once_round(tmp_path):
    with pytest.raises(Exception, match="steps"):
        run(tmp_path, [{"t": 1, "do": "turn", "dial": "disc_bearing", "steps": 361}])


def test_9_2_1_the_mocked_encoders_turn_through_full_quadrature_cycles(tmp_path):
    """boards/mock-gpio.toml: 600 encoder steps per ring turn, so one degree is 5/3 of a step.
    The own-course ring is homed by its switch first; then 290° is 483 full cycles, and every
    degree is reached exactly, whichever way the ring turns."""
    game = disc_game()
    board = load_board(BOARDS / "mock-gpio.toml")
    table = Table(board, game)
    got: list[dict[str, Any]] = []
    table.start(got.append)
    try:
        table.actuate({"do": "home", "dial": "disc_own_course"})  # the hall sensor under the ring's magnet
        assert got == [{"do": "attack_disc", "own_course": 0, "via": "disc"}]
        encoder = table.dials["disc_own_course"].encoder
        table.actuate({"do": "turn", "dial": "disc_own_course", "steps": -70})
        assert got[-1] == {"do": "attack_disc", "own_course": 290, "via": "disc"}
        assert encoder.steps == -117  # 70 degrees = 116.67 encoder steps: the 117th completes the 70th degree
        for steps in (1, 1, 1, -3, 45):
            table.actuate({"do": "turn", "dial": "disc_own_course", "steps": steps})
        assert [c["own_course"] for c in got[2:]] == [291, 292, 293, 290, 335]
    finally:
        table.close()


def test_9_2_1_a_ring_is_unknown_until_homed_and_feeds_nothing_before(tmp_path):
    """mock-gpio: the black ring finds its zero by its encoder's index pulse, the pointer by the
    crew's calibration; the pointer's bearing also needs the green ring's zero (its switch)."""
    game = disc_game()
    table = Table(load_board(BOARDS / "mock-gpio.toml"), game)
    got: list[dict[str, Any]] = []
    table.start(got.append)
    try:
        assert [table.reading(r) for r in RINGS] == [None, None, None]
        table.actuate({"do": "turn", "dial": "disc_enemy_course", "steps": 30})  # turned before its index came
        assert got == [] and table.reading("disc_enemy_course") is None
        table.actuate({"do": "home", "dial": "disc_enemy_course"})  # the index pulse: here is zero
        table.actuate({"do": "turn", "dial": "disc_enemy_course", "steps": 70})
        table.actuate({"do": "home", "dial": "disc_bearing"})  # the crew set the pointer to 0 and confirms
        assert table.reading("disc_bearing") is None  # read on the green ring, whose zero is unknown
        table.actuate({"do": "home", "dial": "disc_own_course"})
        assert got == [{"do": "attack_disc", "enemy_course": 0, "via": "disc"},
                       {"do": "attack_disc", "enemy_course": 70, "via": "disc"},
                       {"do": "attack_disc", "own_course": 0, "bearing": 0, "via": "disc"}]
        with pytest.raises(CommandError, match="needs no homing"):
            table.actuate({"do": "home", "dial": "telegraph"})
    finally:
        table.close()


def test_9_2_1_a_ring_turned_before_it_is_homed_says_so_once(caplog):
    """§9.2.1 on a real table: the crew sets the worked example on rings not yet homed. Their turns feed
    nothing (where a ring went is as unknown as where it was), and nothing said so: the TDC then answered
    "the attack disc is not set: set the own course ring, ..." to a crew that had set it. The table now says,
    once for each ring until it is homed, which ring turned unhomed and how it finds its zero."""
    import logging

    table = Table(load_board(BOARDS / "mock-gpio.toml"), disc_game())
    got: list[dict[str, Any]] = []
    table.start(got.append)
    try:
        with caplog.at_level(logging.WARNING, logger="kaleun.runtime.table"):
            table.actuate({"do": "turn", "dial": "disc_own_course", "steps": -70})
            table.actuate({"do": "turn", "dial": "disc_own_course", "steps": -5})  # said once, not per turn
            table.actuate({"do": "turn", "dial": "disc_enemy_course", "steps": 70})
        said = [r.getMessage() for r in caplog.records]
        assert said == [
            "attack disc, green ring (own course on the white scale) turned before it was homed: its reading is "
            "unknown and feeds nothing until it is homed (switch)",
            "attack disc, black ring (enemy course on the white scale) turned before it was homed: its reading is "
            "unknown and feeds nothing until it is homed (index)"]
        assert got == []
        caplog.clear()
        table.actuate({"do": "home", "dial": "disc_own_course"})
        with caplog.at_level(logging.WARNING, logger="kaleun.runtime.table"):
            table.actuate({"do": "turn", "dial": "disc_own_course", "steps": -70})  # homed: it feeds, no warning
        assert [r for r in caplog.records if r.levelno >= logging.WARNING] == []
        assert table.reading("disc_own_course") == 290
    finally:
        table.close()


def test_9_2_1_the_pointer_homed_before_the_green_ring_says_why_its_reading_is_unknown(caplog):
    """§9.2.1 on a real table after a start or resume: the crew homes the top pointer first. It is read against the
    green ring, not homed yet, so its reading is unknown; the log said "homed: it reads None". It says that the
    pointer is homed and why its reading waits, and reads its bearing once the green ring is homed."""
    import logging

    table = Table(load_board(BOARDS / "mock-gpio.toml"), disc_game())
    table.start(lambda command: None)
    try:
        with caplog.at_level(logging.INFO, logger="kaleun.runtime.table"):
            table.actuate({"do": "home", "dial": "disc_bearing"})
        said = [r.getMessage() for r in caplog.records]
        assert said == [
            "attack disc, top pointer (relative bearing on the green ring) homed; it is read against the attack "
            "disc, green ring (own course on the white scale), which is not homed yet: its reading is unknown and "
            "feeds nothing until that ring is homed"]
        assert table.reading("disc_bearing") is None
        table.actuate({"do": "home", "dial": "disc_own_course"})
        assert table.reading("disc_bearing") == 0
    finally:
        table.close()


def test_9_2_1_a_real_ring_feeds_the_game_once_it_has_rested_like_the_telegraph():
    now = [100.0]
    game = disc_game()
    table = Table(load_board(BOARDS / "mock-gpio.toml"), game, clock=lambda: now[0])
    got: list[dict[str, Any]] = []
    table.start(got.append)
    try:
        dial = table.dials["disc_own_course"]
        dial.home()  # the hall sensor: a hand turning the ring past its mark
        for _ in range(3):
            dial.turn(10)  # the hand turns on; nothing is sent while it does
            table.flush(now[0])
            now[0] += DIAL_SETTLE_S / 2
        assert got == []
        now[0] += DIAL_SETTLE_S
        table.flush(now[0])
        assert got == [{"do": "attack_disc", "own_course": 30, "via": "disc"}]  # one command for the whole turn
    finally:
        table.close()


def test_set_dial_turns_a_ring_the_short_way_to_what_the_crew_reads(tmp_path):
    game = disc_game()
    table = Table(load_board(BOARDS / "sim.toml"), game)
    got: list[dict[str, Any]] = []
    table.start(got.append)
    try:
        table.set_dial("disc_own_course", 290)  # -70, not +290
        table.set_dial("disc_bearing", 40)
        table.set_dial("disc_enemy_course", 70)
        assert [table.reading(r) for r in RINGS] == [290, 70, 40]
        assert table.steps["disc_own_course"] == 290 and table.steps["disc_bearing"] == 330
        table.set_dial("telegraph", "half_ahead")
        assert got[-1] == {"do": "order", "order": "new_speed", "speed": "half_ahead", "via": "telegraph"}
        with pytest.raises(CommandError, match="whole degrees"):
            table.set_dial("disc_bearing", "forty")
        with pytest.raises(CommandError, match="no dial 'periscope'"):
            table.set_dial("periscope", 3)
    finally:
        table.close()


def test_set_dial_on_a_ring_whose_zero_is_unknown_says_so():
    table = Table(load_board(BOARDS / "mock-gpio.toml"), disc_game())
    table.start(lambda command: None)
    try:
        with pytest.raises(CommandError, match="zero is not known yet; home it first \\(index\\)"):
            table.set_dial("disc_enemy_course", 70)
    finally:
        table.close()


def test_ring_positions_are_saved_with_the_game_and_come_back_on_a_simulated_table(tmp_path):
    from kaleun.saves import load_saved_game, save_game
    from kaleun.uboot.game import new_game

    game, _ = run(tmp_path, WORKED_EXAMPLE, game=new_game(0, "training"))
    save_game(game, tmp_path / "save.json")
    loaded = load_saved_game(tmp_path / "save.json")
    table = Table(load_board(BOARDS / "sim.toml"), loaded)
    try:
        assert [table.reading(r) for r in RINGS] == [290, 70, 40]
        assert table.telegraph == TELEGRAPH.index("stop")
    finally:
        table.close()
    real = Table(load_board(BOARDS / "mock-gpio.toml"), loaded)  # relative encoders: homed again
    try:
        assert [real.reading(r) for r in RINGS] == [None, None, None]
    finally:
        real.close()


def test_the_declaration_names_the_telegraph_positions_of_the_boat():
    assert list(DIALS["telegraph"].positions) == list(TELEGRAPH)
    assert {d.field for d in DIALS.values() if d.group == "disc"} == {"own_course", "enemy_course", "bearing"}


# -- board files ---------------------------------------------------------------------------------
HEAD = '[board]\nname = "t"\nformat = 0\n[gpio]\npin_factory = "mock"\n'


def _problems(tmp_path: Path, text: str) -> list[str]:
    path = tmp_path / "b.toml"
    path.write_text(HEAD + text, encoding="utf-8")
    with pytest.raises(BoardError) as err:
        load_board(path)
    return [p.replace(str(path), "FILE") for p in err.value.problems]


@pytest.mark.parametrize(("text", "message"), [
    ('[dials.disc_bearing]\ndriver = "gpio"\npin_a = 5\npin_b = 6\nhome = "switch"\n',
     "FILE:6: [dials.disc_bearing] needs the key 'home_pin'"),
    ('[dials.disc_bearing]\ndriver = "gpio"\npin_a = 5\npin_b = 6\nhome_pin = 7\n',
     "FILE:10: dials.disc_bearing.home_pin is only used with home = 'switch' or 'index' (home = 'calibrate')"),
    ('[dials.disc_bearing]\nhome = "switch"\n',
     "FILE:7: dials.disc_bearing.home = 'switch' is not one of: none, calibrate"),
    ('[dials.telegraph]\nsteps_per_revolution = 600\n',
     "FILE:7: dials.telegraph.steps_per_revolution is for rings; telegraph is a detented dial"),
    ('[dials.disc_own_course]\nsteps_per_position = 2\n',
     "FILE:7: dials.disc_own_course.steps_per_position is for detented dials; disc_own_course is a ring"),
    ('[dials.disc_own_course]\ndriver = "hub"\n',
     "FILE:7: dials.disc_own_course.driver = 'hub' needs [hub.encoders.disc_own_course] with the encoder's hub pins"),
    ('[dials.disc_own_course]\ndriver = "sim"\npin_a = 5\n',
     "FILE:8: dials.disc_own_course.pin_a: only a dial on the Pi's GPIO (driver = 'gpio') has it"),
    ('[dials.telegraph]\nhome = "calibrate"\n',
     "FILE:7: dials.telegraph.home = 'calibrate' is not one of: saved"),
    ('[dials.disc_own_course]\ndriver = "gpio"\npin_a = 5\npin_b = 6\nhome = "switch"\nhome_pin = 5\n',
     "FILE:11: GPIO 5 is used twice: dials.disc_own_course.pin_a and dials.disc_own_course.home_pin"),
])
def test_board_files_say_what_is_wrong_with_a_dial(tmp_path, text, message):
    assert message in _problems(tmp_path, text)


def test_a_home_pin_on_the_telegraph_says_it_has_no_home_switch(tmp_path):
    """The telegraph finds where it stands by its saved place and its end stops (dials.toml `home = ["saved"]`): a
    home pin given it was answered "only used with home = 'switch'", and a maker who then set that was refused
    next ("not one of: saved"). Both the Pi's and the hub's home pin say it has no home switch."""
    assert ("FILE:10: dials.telegraph.home_pin: telegraph has no home switch: it finds where it stands by home = "
            "'saved' (its declaration in dials.toml); leave the key out") in _problems(
        tmp_path, '[dials.telegraph]\ndriver = "gpio"\npin_a = 5\npin_b = 6\nhome_pin = 13\n')
    path = tmp_path / "hub.toml"
    path.write_text((BOARDS / "pico-hub.toml").read_text(encoding="utf-8").replace(
        '[hub.encoders.telegraph]\na = "GP6"', '[hub.encoders.telegraph]\nhome_pin = "GP0"\na = "GP6"'),
        encoding="utf-8")
    with pytest.raises(BoardError) as err:
        load_board(path)
    assert [p.split(": ", 1)[1] for p in err.value.problems] == [
        "hub.encoders.telegraph.home_pin: telegraph has no home switch: it finds where it stands by home = 'saved' "
        "(its declaration in dials.toml); leave the key out"]


def test_a_hub_ring_cannot_home_on_an_index_pulse(tmp_path):
    text = (BOARDS / "pico-hub.toml").read_text(encoding="utf-8").replace(
        '[dials.disc_bearing]\ndriver = "hub"\nsteps_per_revolution = 600\nhome = "switch"',
        '[dials.disc_bearing]\ndriver = "hub"\nsteps_per_revolution = 600\nhome = "index"')
    path = tmp_path / "hub.toml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(BoardError) as err:
        load_board(path)
    assert any("the deck hub reads its pins between scans and would miss a short index pulse" in p
               for p in err.value.problems)
    assert any("hub.encoders.disc_bearing.home_pin is only used with dials.disc_bearing.home = 'switch'" in p
               for p in err.value.problems)


def test_9_2_1_the_readmes_disc_example_is_the_real_run(tmp_path):
    """host/README.md, "The attack disc": the three `turn` lines shown, run by `kaleun run` on the training patrol
    (the default mission), write the three `attack_disc` events shown, word for word."""
    import re

    from kaleun.boards.loader import default_board
    from kaleun.uboot.game import new_game
    from kit import HOST

    text = (HOST / "README.md").read_text(encoding="utf-8")
    section = text[text.index("### The attack disc (rulebook §9.2.1)"):text.index("### How to add a dial")]
    script, shown = re.findall(r"```jsonl\n(.*?)```", section, re.S)[:2]
    assert [json.loads(line) for line in script.splitlines()] == WORKED_EXAMPLE
    path = tmp_path / "disc.jsonl"
    path.write_text(script, encoding="utf-8")
    out = io.StringIO()
    ScriptRun(new_game(0, "training"), default_board(), EventWriter(out)).run(path)
    events = [line for line in out.getvalue().splitlines() if '"event": "attack_disc"' in line]
    assert events == shown.splitlines()


def test_9_2_1_a_resumed_table_of_relative_encoders_holds_no_mix_of_old_and_new_rings(tmp_path):
    """§9.2.1 after `kaleun resume` on a table whose rings are relative encoders (boards/mock-gpio.toml): the rings
    must be homed again, and homing the green ring fed the game its 0 beside the black ring's and the pointer's
    readings from before the restart — the TDC took its solution from that mix (the pointer's old 40 read on a
    green ring now at 0). The table now clears, as it starts, the rings whose reading it no longer knows: the
    game's disc is not set until each ring is homed and set again, and the TDC says which ring it waits for.
    A simulated table, which knows where its rings stand, keeps them."""
    from kaleun.saves import load_saved_game, save_game
    from kaleun.uboot.game import new_game

    homes = [{"t": n, "do": "home", "dial": ring} for n, ring in enumerate(RINGS, start=1)]
    game, _ = run(tmp_path, [*homes, *WORKED_EXAMPLE], board="mock-gpio.toml", game=new_game(0, "training"))
    assert game.module("weapons").status()["disc"]["bearing"] == 40
    save_game(game, tmp_path / "save.json")

    def disc(g: Any) -> list[Any]:
        return [g.module("weapons").status()["disc"][k] for k in ("own_course", "enemy_course", "bearing")]

    on_sim = load_saved_game(tmp_path / "save.json")
    run(tmp_path, [{"t": 40, "do": "turn", "dial": "telegraph", "steps": 0}], game=on_sim)
    assert disc(on_sim) == [290, 70, 40]  # a simulated disc comes back as it was

    resumed = load_saved_game(tmp_path / "save.json")
    out = io.StringIO()
    ScriptRun(resumed, load_board(BOARDS / "mock-gpio.toml"), EventWriter(out)).run(write_script(
        tmp_path / "resume.jsonl", [
            {"t": 40, "do": "home", "dial": "disc_own_course"},
            {"t": 50, "do": "order", "order": "tdc", "source": "disc", "range_m": 1000, "speed_kn": 7},
            # homed and set again as in the worked example, the disc feeds the TDC as before
            {"t": 55, "do": "turn", "dial": "disc_own_course", "steps": -70},
            {"t": 60, "do": "home", "dial": "disc_enemy_course"},
            {"t": 61, "do": "home", "dial": "disc_bearing"},
            *[{**line, "t": line["t"] + 60} for line in WORKED_EXAMPLE[1:]],
            {"t": 100, "do": "order", "order": "tdc", "source": "disc", "range_m": 1000, "speed_kn": 7}]))
    events = [json.loads(line) for line in out.getvalue().splitlines()]
    assert [(e["t"], e["own_course"], e["enemy_course"], e["bearing"]) for e in events
            if e["event"] == "attack_disc"][:2] == [(30, None, None, None), (40, 0, None, None)]
    rejected = [e for e in events if e["event"] == "order_rejected"]
    assert [(e["t"], e["reason"]) for e in rejected] == [
        (50, "the attack disc is not set: set the enemy course ring and bearing pointer")]
    assert disc(resumed) == [290, 70, 40]
    assert [e["t"] for e in events if e["event"] == "tdc_programmed"] == [100]
