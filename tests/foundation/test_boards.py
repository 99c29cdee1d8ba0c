"""Board files (format v0): the shipped boards load; every problem is reported as file:line."""

from __future__ import annotations

import pytest
from kaleun.boards.loader import BoardError, load_board
from kit import BOARDS, run_kaleun


@pytest.mark.parametrize("path", sorted(BOARDS.glob("*.toml")), ids=lambda p: p.name)
def test_every_shipped_board_is_valid(path):
    board = load_board(path)
    assert board.name


def test_the_sim_board_is_all_simulated():
    board = load_board(BOARDS / "sim.toml")
    assert board.figure_sensor == "sim"
    assert board.dial("telegraph").driver == "sim"
    assert not board.uses_gpio
    assert board.lamps.segments["section.8"] == (7, 1)


def _problems(tmp_path, text: str) -> list[str]:
    path = tmp_path / "board.toml"
    path.write_text(text)
    with pytest.raises(BoardError) as info:
        load_board(path)
    return [p.replace(str(path), "FILE") for p in info.value.problems]


HEAD = '[board]\nname = "t"\nformat = 0\n'


def test_unknown_key_names_file_line_and_table(tmp_path):
    problems = _problems(tmp_path, HEAD + '[dials.telegraph]\ndriver = "sim"\nsteps_per_positon = 2\n')
    assert problems == ["FILE:6: unknown key 'steps_per_positon' in [dials.telegraph]"]


def test_bad_values_name_the_key_and_the_value(tmp_path):
    problems = _problems(tmp_path, HEAD + '[lamps]\ndriver = "laser"\npixels = -3\nbrightness = "max"\n')
    assert problems == [
        "FILE:5: lamps.driver = 'laser' is not one of: none, sim, neopixel, neopixel_spi, hub",
        "FILE:6: lamps.pixels = -3 is out of range (0 to 2000)",
        "FILE:7: lamps.brightness must be a number, got 'max'",
    ]


def test_pin_used_twice_is_reported_at_the_second_use(tmp_path):
    problems = _problems(tmp_path, HEAD + '[dials.telegraph]\ndriver = "gpio"\npin_a = 17\npin_b = 27\n'
                         '[buttons.pause]\ndriver = "gpio"\npin = 17\naction = "pause"\n')
    assert problems == ["FILE:10: GPIO 17 is used twice: dials.telegraph.pin_a and buttons.pause.pin"]


def test_pins_taken_by_i2s_audio_are_refused(tmp_path):
    problems = _problems(tmp_path, HEAD + '[dials.telegraph]\ndriver = "gpio"\npin_a = 19\npin_b = 26\n'
                         '[audio]\noutput = "i2s"\n')
    assert problems == ["FILE:6: GPIO 19 of dials.telegraph.pin_a is taken by audio i2s (I2S LRCLK)"]


def test_pwm_neopixels_and_analogue_audio_cannot_share_the_pwm(tmp_path):
    problems = _problems(tmp_path, HEAD + '[lamps]\ndriver = "neopixel"\npin = 18\npixels = 8\n'
                         '[audio]\noutput = "analog"\n')
    assert len(problems) == 1 and problems[0].startswith("FILE:5: lamps.driver = 'neopixel' uses the PWM")


def test_gpio_dial_needs_its_pins(tmp_path):
    problems = _problems(tmp_path, HEAD + '[dials.telegraph]\ndriver = "gpio"\n')
    assert problems == ["FILE:4: [dials.telegraph] needs the key 'pin_a'",
                        "FILE:4: [dials.telegraph] needs the key 'pin_b'"]


def test_segments_must_fit_the_strip_and_not_overlap(tmp_path):
    problems = _problems(tmp_path, HEAD + '[lamps]\npixels = 4\n[lamps.segments]\n'
                         '"section.1" = [0, 2]\n"section.2" = [1, 2]\n"alarm" = [3, 5]\n')
    assert problems == ["FILE:8: lamps.segments.section.2 overlaps section.1 at pixel 1",
                        "FILE:9: lamps.segments.alarm = [3, 5] lies outside the 4 pixels"]


def test_unknown_section_and_unknown_dial(tmp_path):
    problems = _problems(tmp_path, HEAD + '[dial.telegraph]\n[dials.periscope]\n')
    assert problems[0].startswith("FILE:4: unknown section [dial]")
    assert problems[1] == ("FILE:5: unknown dial 'periscope' (known: telegraph, disc_own_course, disc_enemy_course, "
                           "disc_bearing)")


def test_broken_toml_gives_the_parser_line(tmp_path):
    problems = _problems(tmp_path, HEAD + '[lamps]\npixels = = 3\n')
    assert problems[0].startswith("FILE:5: not valid TOML")


def test_wrong_format_and_missing_board_section(tmp_path):
    assert _problems(tmp_path, '[board]\nname = "t"\nformat = 3\n') == [
        "FILE:3: board format 3 is not supported (this Kaleun reads format 0)"]
    assert _problems(tmp_path, '[audio]\ndriver = "none"\n')[0].startswith("FILE:1: the file needs a [board]")


def test_power_estimate_warns_when_over_the_supply(tmp_path):
    path = tmp_path / "board.toml"
    path.write_text(HEAD + '[lamps]\npixels = 100\nbrightness = 1.0\n[power]\nsupply_ma = 2000\n')
    board = load_board(path)
    assert board.power_ma == 6000
    assert "estimated draw 6000 mA exceeds the supply's 2000 mA" in board.warnings[0]


def test_cli_board_check_and_run_report_bad_boards(tmp_path):
    bad = tmp_path / "bad.toml"
    bad.write_text(HEAD + "[lamps]\nbrightness = 7\n")
    result = run_kaleun("board", "check", str(bad), str(BOARDS / "sim.toml"), home=tmp_path)
    assert result.returncode == 2
    assert f"{bad}:5: lamps.brightness = 7 is out of range (0 to 1)" in result.stderr
    assert "sim.toml: ok: Simulated table" in result.stdout
    script = tmp_path / "s.jsonl"
    script.write_text('{"t": 0, "do": "report"}\n')
    result = run_kaleun("run", "--board", str(bad), "--script", str(script), "--events", str(tmp_path / "e"),
                        home=tmp_path)
    assert result.returncode == 2 and f"{bad}:5:" in result.stderr


def test_a_missing_board_file_is_named(tmp_path):
    with pytest.raises(BoardError, match="cannot read the board file"):
        load_board(tmp_path / "nope.toml")


@pytest.mark.parametrize("value", ["nan", "inf", "-inf", "1e999", "-1e999"])
def test_non_finite_numbers_are_refused(tmp_path, value):
    """TOML reads 1e999 as infinity: refused like inf itself, never a brightness of infinity."""
    problems = _problems(tmp_path, HEAD + f"[lamps]\npixels = 8\nbrightness = {value}\n")
    assert problems == [f"FILE:6: lamps.brightness must be a finite number; got {float(value)!r} (nan or inf, or a "
                        "number beyond a float's range such as 1e999)"]


def test_a_gpio_board_on_a_machine_without_gpio_is_explained(tmp_path):
    script = tmp_path / "s.jsonl"
    script.write_text('{"t": 0, "do": "report"}\n')
    result = run_kaleun("run", "--board", str(BOARDS / "pi4-basic.toml"), "--script", str(script),
                        "--events", str(tmp_path / "e.jsonl"), home=tmp_path)
    assert result.returncode == 2
    assert "cannot set up the table" in result.stderr and "pi4-basic.toml" in result.stderr
    assert "Traceback" not in result.stderr
