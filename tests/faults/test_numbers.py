"""Numbers beyond a float's range (1e999 reads as infinity) and NaN are refused wherever a value is
typed: in the U-BOOT console's free order fields (the Enigma order passes fields on), in the
window's JSON fields, in Captain Sonar's typed words. Nothing of them reaches the game, its
event log or the session script, which must stay replayable (strict JSON)."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
from kaleun.boards.loader import default_board
from kaleun.core.errors import CommandError
from kaleun.runtime.loop import Runtime
from kaleun.runtime.outputs import EventLog
from kaleun.runtime.table import Table
from kaleun.uboot.game import new_game
from kaleun.ui.actions import find
from kaleun.ui.console import Console

BEYOND = ["1e999", "-1e999", "NaN", "Infinity", "-Infinity", "1" + "0" * 400]


def strict(path: Path) -> None:
    """Every line of a JSONL file (comments aside) is JSON without NaN or Infinity."""
    def refuse(constant: str) -> None:
        raise AssertionError(f"{path} holds {constant}")

    for line in path.read_text().splitlines():
        if line.strip() and not line.startswith("#"):
            json.loads(line, parse_constant=refuse)


def recorded_console(tmp_path: Path) -> tuple[Runtime, Console, io.StringIO]:
    """A U-BOOT console on a new game whose event log and session script are written in `tmp_path`
    (events.jsonl, script.jsonl), started; what it prints goes to the returned buffer."""
    game = new_game(2)
    out = io.StringIO()
    runtime = Runtime(game, Table(default_board(), game), outputs=[EventLog(tmp_path / "events.jsonl")],
                      record=tmp_path / "script.jsonl", clock=lambda: 0.0)
    console = Console(runtime, stdin=io.StringIO(), stdout=out, interactive=False)
    runtime.step()
    return runtime, console, out


@pytest.mark.parametrize("number", BEYOND)
def test_a_free_order_field_beyond_a_float_is_refused_at_the_console(tmp_path, number):
    runtime, console, out = recorded_console(tmp_path)
    console.handle(f"order enigma key={number}")
    console.handle(f"order enigma setting=[1,{number}]")
    runtime.step()
    runtime.close()
    said = out.getvalue()
    assert said.count("! ") == 2 and ("too large" in said or "is not a JSON number" in said), said
    strict(tmp_path / "events.jsonl")
    strict(tmp_path / "script.jsonl")
    assert all("enigma" not in line for line in (tmp_path / "script.jsonl").read_text().splitlines()[1:])


@pytest.mark.parametrize("number", BEYOND)
def test_a_json_field_of_the_window_beyond_a_float_is_refused(number):
    action = find("crew_options") or find("options")
    assert action is not None
    with pytest.raises(CommandError, match=r"too large|is not a JSON number"):
        action.read([f'difficulty={{"captain": {number}}}'])


@pytest.mark.parametrize("number", BEYOND)
def test_a_captain_sonar_typed_value_beyond_a_float_is_refused(home, number):
    from kaleun.sonar.game import new_game as new_sonar_game
    from kaleun.sonar.game import referee
    from kaleun.ui.sonar_console import TeamConsole
    from kaleun.ui.sonar_session import make_sonar_runtime
    from kaleun.ui.typed import parse_value

    with pytest.raises(CommandError, match=r"too large|is not a JSON number"):
        parse_value(number)
    assert parse_value("B2") == "B2" and parse_value("3") == 3
    runtime = make_sonar_runtime(new_sonar_game(4, "alpha", "turn"))
    out = io.StringIO()
    seat = TeamConsole(runtime, "yellow", io.StringIO(), out, interactive=False)
    runtime.step()
    seat.handle("start B2")
    runtime.step()
    seat.handle(f"silence N {number}")
    seat.handle(f"drone {number}")
    runtime.step()
    runtime.close()
    said = out.getvalue()
    assert said.count("! ") == 2 and ("too large" in said or "is not a JSON number" in said), said
    assert referee(runtime.game).teams["yellow"].position is not None


@pytest.mark.slow
@pytest.mark.parametrize("seed", ["1" + "0" * 400, "99999999999999999999999", "-9223372036854775809"])
@pytest.mark.parametrize("command", [("play", "--console"), ("run", "--script", "s.jsonl", "--events", "e.jsonl")])
def test_a_seed_no_save_can_hold_is_refused_before_the_game_starts(home, seed, command):
    """A game started with `--seed 10**400` played and saved, and then every `kaleun resume` refused its save
    (the seed out of the save's range): the evening was lost. It is refused before anything is written."""
    from kit import run_kaleun, write_script

    write_script(home / "s.jsonl", [{"t": 10, "do": "report"}])
    done = run_kaleun(*command, "--seed", seed, home=home)
    assert done.returncode == 2 and "--seed must be a whole number from -9223372036854775808" in done.stderr, \
        done.stderr
    assert not (home / "autosave.json").exists() and not (home / "e.jsonl").exists()
    if command[0] == "run":  # the range's ends themselves are saves that load
        saved = ("--save", str(home / "x.json"))
        assert run_kaleun(*command, "--seed", str(2**63), *saved, home=home).returncode == 0
        assert run_kaleun("run", "--script", "s.jsonl", "--events", "e2.jsonl", "--load", str(home / "x.json"),
                          home=home).returncode == 0


def test_a_whole_number_typed_beyond_a_float_is_refused_and_the_game_plays_on(tmp_path):
    """`course 999...9` (400 nines: a finger on the key) was read as a whole number and its refusal ("course must
    be from 0 to 359, not ...") could not be written: the game stopped ("OverflowError: int too large to convert to
    float") and had to be resumed. Fields without an upper bound (an ailment card's number) took it into the game.
    Every whole-number field of every console command refuses it as too large, and the game plays on; a refusal
    names a huge number short (1e+308, not its 309 digits)."""
    from kaleun.ui.actions import ACTIONS

    beyond = ["9" * 400, "-" + "9" * 400]
    fields = [(action, f) for action in ACTIONS for f in action.fields if f.kind in ("whole", "wholes")]
    assert len(fields) > 30
    for action, f in fields:
        for number in beyond:
            with pytest.raises(CommandError, match="too large") as refused:
                f.read(number if f.kind == "whole" else f"1,{number}")
            assert len(str(refused.value)) < 120, (action.name, f.field, str(refused.value))
    course = find("course")
    assert course is not None
    with pytest.raises(CommandError, match=r"not 1e\+308$"):
        course.read(["1e308"])
    runtime, console, out = recorded_console(tmp_path)
    for line in (f"course {beyond[0]}", f"chips navigator-square add={beyond[0]}", f"ailment injury={beyond[0]}",
                 f"fire {beyond[1]}", "course 120"):
        console.handle(line)
        runtime.step()
    runtime.close()
    said = out.getvalue()
    assert runtime.failure is None and said.count("too large") == 4, said
    assert '"course": 120' in (tmp_path / "script.jsonl").read_text()  # the game took the next order
    strict(tmp_path / "events.jsonl")
    strict(tmp_path / "script.jsonl")
