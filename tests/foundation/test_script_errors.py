"""A bad script line stops the run with FILE:LINE: problem and exit status 2; events so far are kept."""

from __future__ import annotations

import pytest
from kit import read_events, run_kaleun, write_script

GOOD = {"t": 5, "do": "turn", "dial": "telegraph", "steps": 1}


@pytest.mark.parametrize("bad, problem", [
    ("{oops", "not valid JSON (Expecting property name enclosed in double quotes at column 2)"),
    ('[1, 2]', "a script line must be a JSON object"),
    ('{"do": "report"}', "needs 't', game seconds since mission start (0 to 31622400), got None"),
    ('{"t": 1e400, "do": "report"}', "the number 1e400 is too large"),
    # 1e999 reads as infinity in Python: refused, or an order field passed through would log -Infinity
    ('{"t": 9, "do": "order", "order": "enigma", "x": -1e999}', "the number -1e999 is too large"),
    ('{"t": 9, "do": "order", "order": "enigma", "x": ' + "1" * 400 + '}', "is too large"),
    ('{"t": 9, "do": "report", "x": ' + "[" * 40 + "]" * 40 + '}', "nested more than 32 levels deep"),
    ('{"t": 9, "do": "report", "x": ' + "[" * 100000 + "]" * 100000 + '}', "nested more than"),
    ('{"t": NaN, "do": "report"}', "NaN is not a JSON number"),
    ('{"t": 9, "do": "order", "order": "enigma", "x": Infinity}', "Infinity is not a JSON number"),
    ('{"t": 9, "do": "report", "x": "\\ud800"}', "unpaired surrogate"),
    # Python's own words advised calling sys.set_int_max_str_digits(): said plainly instead
    ('{"t": 9, "do": "report", "x": ' + "9" * 5000 + '}', "a number with too many digits (more than 4300)"),
    ('{"t": 9, "do": "order", "order": "enigma", "feed": "hi"}', "enigma: unknown field(s) 'feed'"),
    # worded as every other command's unknown field (it said "'end': unknown field(s) ['now']")
    ('{"t": 9, "do": "end", "now": true}', "end: unknown field(s) 'now'"),
    # a field written twice is a typo as much as an unknown one: JSON kept the last silently, the boat turned to 180
    ('{"t": 9, "do": "order", "order": "new_course", "course": 90, "course": 180}',
     "the field 'course' is given twice"),
    ('{"t": 9, "t": 7, "do": "report"}', "the field 't' is given twice"),
    # one place said as one place (it said "lemon must be 1-1 pyramid places 1-6")
    ('{"t": 9, "do": "order", "order": "prepare_meal", "take": [1, 2, 3], "lemon": 99}',
     "prepare_meal: lemon must be 1 pyramid place of 1-6, got [99]"),
    ('{"t": 9, "do": "order", "order": "prepare_meal", "take": [1, 2, 3], "swap": [1]}',
     "prepare_meal: swap must be 2 pyramid places of 1-6, got [1]"),
    ('{"t": 1, "do": "report"}', "t = 1 goes back in time (previous line: 5.0)"),
    ('{"t": 9, "do": "fly"}', "unknown command 'fly'"),
    # the console's `dial` is no script line: the refusal names the hands a script has (`turn`) and `end` too
    ('{"t": 9, "do": "dial", "dial": "disc_own_course", "value": 0}',
     "unknown command 'dial' (game commands: adjust_command, "),
    ('{"t": 9, "do": "dial", "dial": "disc_own_course", "value": 0}',
     "; hands on the table: place, lift, turn, home, press; end stops the run)"),
    ('{"t": 9, "do": "place", "figure": "cook-square", "section": 3}', "place: figure 'cook-square' is not one"),
    ('{"t": 9, "do": "place", "figure": "engineer-square", "section": 9}', "section must be between 1 and 8, got 9"),
    ('{"t": 9, "do": "turn", "dial": "telegraph"}', "turn: needs the field 'steps'"),
    ('{"t": 9, "do": "turn", "dial": "telegraph", "steps": 1, "speed": 3}', "turn: unknown field(s) 'speed'"),
    ('{"t": 9, "do": "order", "order": "new_speed", "speed": "warp"}', "speed 'warp' is not one of"),
    ('{"t": 9, "do": "order", "order": "launch_rocket"}', "order 'launch_rocket' is not one of"),
    ('{"t": 9, "do": "press", "button": "pause"}', "press: the board 'Simulated table' has no buttons"),
    ('{"t": 9, "do": "ui", "action": "time_compression", "mode": "ludicrous"}', "mode 'ludicrous' is not one of"),
])
def test_bad_line_stops_the_run_with_file_line_and_problem(tmp_path, bad, problem):
    script = write_script(tmp_path / "s.jsonl", ["# a comment line", GOOD, bad, {"t": 50, "do": "report"}])
    out = tmp_path / "events.jsonl"
    result = run_kaleun("run", "--script", str(script), "--events", str(out), home=tmp_path)
    assert result.returncode == 2
    first_line = result.stderr.strip().splitlines()[0]
    assert first_line.startswith(f"{script}:3: ")
    assert problem in first_line
    events = read_events(out)  # what happened before the bad line is kept
    assert [e["event"] for e in events][:3] == ["mission_start", "order_accepted", "speed_set"]
    assert "report" not in [e["event"] for e in events]


def test_missing_script_file_is_named(tmp_path):
    result = run_kaleun("run", "--script", str(tmp_path / "none.jsonl"), "--events", str(tmp_path / "e"),
                        home=tmp_path)
    assert result.returncode == 2
    assert "none.jsonl: cannot read the script" in result.stderr


@pytest.mark.parametrize("kind", ["missing", "folder"])
def test_a_script_that_cannot_be_read_leaves_the_events_of_an_earlier_run(tmp_path, kind):
    """Nothing lost: `kaleun run` with a mistyped script path (or a folder) says so and keeps the events file
    an earlier run wrote, rather than emptying it before it finds the script unreadable."""
    events = tmp_path / "events.jsonl"
    events.write_text('{"t": 0, "event": "mission_start"}\n', encoding="utf-8")
    script = tmp_path / "typo.jsonl"
    if kind == "folder":
        script.mkdir()
    result = run_kaleun("run", "--script", str(script), "--events", str(events), home=tmp_path)
    assert result.returncode == 2 and "typo.jsonl: cannot read the script" in result.stderr
    assert events.read_text(encoding="utf-8") == '{"t": 0, "event": "mission_start"}\n'


def test_unknown_mission_is_named(tmp_path):
    script = write_script(tmp_path / "s.jsonl", [GOOD])
    result = run_kaleun("run", "--script", str(script), "--events", str(tmp_path / "e"), "--mission", "moon",
                        home=tmp_path)
    assert result.returncode == 2
    assert "unknown mission 'moon'" in result.stderr


def test_until_runs_on_after_the_script(tmp_path):
    script = write_script(tmp_path / "s.jsonl", [GOOD])
    out = tmp_path / "e.jsonl"
    result = run_kaleun("run", "--script", str(script), "--events", str(out), "--until", "86400", home=tmp_path)
    assert result.returncode == 0, result.stderr
    assert [e["event"] for e in read_events(out)].count("watch_change") == 4


@pytest.mark.parametrize("until", ["1e999", "-1", "nan"])
def test_an_until_out_of_range_is_said_back_as_typed(tmp_path, until):
    """`--until 1e999` (read as infinity) was refused with "got inf": the refusal names the number the user
    typed, and nothing is written."""
    script = write_script(tmp_path / "s.jsonl", [GOOD])
    out = tmp_path / "e.jsonl"
    result = run_kaleun("run", "--script", str(script), "--events", str(out), "--until", until, home=tmp_path)
    assert result.returncode != 0
    assert result.stderr.strip().endswith(f"--until must be a game time from 0 to 31622400 s, got {until}")
    assert not out.exists()


def test_an_unknown_command_of_a_captain_sonar_script_lists_no_hands(tmp_path):
    """The Captain Sonar table has no figures, dials or buttons: an unknown `do` in its script lists its game
    commands and `end`, not U-BOOT's hands on the table (place, lift, turn ...), which it refuses."""
    script = write_script(tmp_path / "s.jsonl", [{"t": 0, "do": "order", "order": "mobilize"}])
    result = run_kaleun("run", "--game", "sonar", "--script", str(script), "--events", str(tmp_path / "e.jsonl"),
                        home=tmp_path)
    assert result.returncode == 2
    first_line = result.stderr.strip().splitlines()[0]
    assert first_line.startswith(f"{script}:1: unknown command 'order' (game commands: activate, course, ")
    assert first_line.endswith("; end stops the run)")
    assert "hands on the table" not in first_line and "place" not in first_line
