"""Board files (format v0): the shipped boards load; every problem is reported as file:line."""

from __future__ import annotations

import re

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


def test_spi_chip_selects_are_refused_with_spi_neopixels(tmp_path):
    """neopixel_spi needs SPI switched on, and then the kernel's SPI driver holds GPIO 8 and 7 (CE0,
    CE1): a button there passed `board check` and failed at start with lgpio's 'GPIO busy'."""
    for pin, role in ((8, "SPI0 CE0"), (7, "SPI0 CE1")):
        problems = _problems(tmp_path, HEAD + '[lamps]\ndriver = "neopixel_spi"\npixels = 4\n'
                             f'[buttons.pause]\ndriver = "gpio"\npin = {pin}\naction = "pause"\n')
        assert problems == [f"FILE:9: GPIO {pin} of buttons.pause.pin is taken by lamps neopixel_spi ({role})"]


def test_the_bell_on_an_audio_jack_a_pi_5_or_zero_2_w_does_not_have_is_refused(tmp_path):
    """pi4-basic copied onto a Pi 5 (`pi = "pi5"`) kept `output = "analog"`: the Pi 5 has no 3.5 mm
    jack (nor has the Zero 2 W), so the bell would ring nowhere; a Pi 4 keeps it."""
    for pi, model in (("pi5", "Raspberry Pi 5"), ("zero2w", "Raspberry Pi Zero 2 W")):
        problems = _problems(tmp_path, f'[board]\nname = "t"\nformat = 0\npi = "{pi}"\n[audio]\noutput = "analog"\n')
        assert problems == [f"FILE:6: audio.output = 'analog': the {model} (board.pi = '{pi}') has no 3.5 mm "
                            "audio jack; use hdmi, usb or i2s"]
    path = tmp_path / "pi4.toml"
    path.write_text('[board]\nname = "t"\nformat = 0\npi = "pi4"\n[audio]\noutput = "analog"\n')
    assert load_board(path).audio.output == "analog"


def test_pwm_neopixels_and_analogue_audio_cannot_share_the_pwm(tmp_path):
    problems = _problems(tmp_path, HEAD + '[lamps]\ndriver = "neopixel"\npin = 18\npixels = 8\n'
                         '[audio]\noutput = "analog"\n')
    assert len(problems) == 1 and problems[0].startswith("FILE:5: lamps.driver = 'neopixel' uses the PWM")


def test_gpio_dial_needs_its_pins(tmp_path):
    problems = _problems(tmp_path, HEAD + '[dials.telegraph]\ndriver = "gpio"\n')
    assert problems == ["FILE:4: [dials.telegraph] needs the key 'pin_a'",
                        "FILE:4: [dials.telegraph] needs the key 'pin_b'"]


def test_a_refused_home_is_named_once_not_again_against_its_home_pin(tmp_path):
    """boards/README.md: a value refused is named once, what hangs on it is checked once it is right. A ring's
    `home = "magic"` was refused and then its home pin called "only used with home = 'switch' or 'index'
    (home = 'calibrate')", a home the file never gave; on the Pi's pins and on the hub's alike."""
    gpio = _problems(tmp_path, HEAD + '[dials.disc_own_course]\ndriver = "gpio"\npin_a = 5\npin_b = 6\n'
                     'home = "magic"\nhome_pin = 13\n')
    assert gpio == ["FILE:8: dials.disc_own_course.home = 'magic' is not one of: switch, index, calibrate"]
    hub = _problems(tmp_path, HEAD + '[figures]\nsensor = "hub"\n[hub]\nurl = "fake"\n[[hub.readers]]\nsection = 1\n'
                    'cs = "GP17"\n[hub.encoders.disc_own_course]\na = "GP8"\nb = "GP9"\nhome_pin = "GP14"\n'
                    '[dials.disc_own_course]\ndriver = "hub"\nhome = "magic"\n')
    assert hub == ["FILE:17: dials.disc_own_course.home = 'magic' is not one of: switch, index, calibrate"]


def test_segments_must_fit_the_strip_and_not_overlap(tmp_path):
    problems = _problems(tmp_path, HEAD + '[lamps]\npixels = 4\n[lamps.segments]\n'
                         '"section.1" = [0, 2]\n"section.2" = [1, 2]\n"alarm" = [3, 5]\n')
    assert problems == ["FILE:8: lamps.segments.section.2 overlaps section.1 at pixel 1",
                        "FILE:9: lamps.segments.alarm = [3, 5] lies outside the 4 pixels"]


def test_a_segment_name_without_quotes_is_told_to_take_them(tmp_path):
    """`section.1 = [0, 1]` (the quotes of boards/README.md forgotten) is a table `section` in TOML:
    the maker is told to quote the name, at each such line."""
    problems = _problems(tmp_path, HEAD + '[lamps]\npixels = 4\n[lamps.segments]\nsection.1 = [0, 1]\n'
                         'section.2 = [1, 1]\n"alarm" = [3, 1]\n')
    assert problems == [f'FILE:{line}: lamps.segments: write the segment\'s name in quotes, "section.{n}" = '
                        f'[first_pixel, count]: unquoted, TOML reads section.{n} as a table'
                        for line, n in ((7, 1), (8, 2))]


def test_a_board_without_a_hub_section_is_told_so_where_it_asks_for_the_hub(tmp_path):
    """pi4-basic copied and switched to the hub's lamps or figures, [hub] not written yet: each
    problem stands at the line that asks for the hub (it stood at line 1), and once."""
    problems = _problems(tmp_path, HEAD + '[lamps]\ndriver = "hub"\npixels = 4\n')
    assert problems == ["FILE:5: lamps.driver = 'hub' needs hub.pixel_pin, the hub pin of the NeoPixel strip"]
    problems = _problems(tmp_path, HEAD + '[figures]\nsensor = "hub"\n')
    assert problems == ["FILE:5: figures.sensor = 'hub' needs a [hub] section with its url"]


def test_a_segment_of_no_pixels_is_refused_as_such_not_as_outside_the_strip(tmp_path):
    problems = _problems(tmp_path, HEAD + '[lamps]\npixels = 4\n[lamps.segments]\n"crew" = [2, 0]\n')
    assert problems == ["FILE:7: lamps.segments.crew = [2, 0]: a segment needs at least one pixel ([first_pixel, "
                        "count], count 1 or more)"]


def test_unknown_section_and_unknown_dial(tmp_path):
    problems = _problems(tmp_path, HEAD + '[dial.telegraph]\n[dials.periscope]\n')
    assert problems[0].startswith("FILE:4: unknown section [dial]")
    from kaleun.boards.model import DIALS

    # the dials as kaleun/boards/dials.toml declares them (a dial added there, as host/README.md's "How to add
    # a dial" says, changes nothing else)
    assert list(DIALS)[:4] == ["telegraph", "disc_own_course", "disc_enemy_course", "disc_bearing"]
    assert problems[1] == f"FILE:5: unknown dial 'periscope' (known: {', '.join(DIALS)})"


def test_broken_toml_gives_the_parser_line(tmp_path):
    problems = _problems(tmp_path, HEAD + '[lamps]\npixels = = 3\n')
    assert problems[0].startswith("FILE:5: not valid TOML")


def test_a_segment_or_table_copied_twice_is_named_as_such(tmp_path):
    """Copying a segment's line and forgetting to change its name gave tomllib's bare "Cannot
    overwrite a value": the maker is told the key is already given above."""
    problems = _problems(tmp_path, HEAD + '[lamps]\npixels = 4\n[lamps.segments]\n"alarm" = [0, 1]\n"alarm" = [1, 1]\n')
    assert problems == ["FILE:8: not valid TOML: Cannot overwrite a value: this key or table is already given above "
                        "(a line copied twice?); each may appear once"]
    problems = _problems(tmp_path, HEAD + '[buttons.pause]\naction = "pause"\n[buttons.pause]\naction = "pause"\n')
    assert problems[0].startswith("FILE:6: not valid TOML: Cannot declare") and "already given above" in problems[0]


def test_wrong_format_and_missing_board_section(tmp_path):
    assert _problems(tmp_path, '[board]\nname = "t"\nformat = 3\n') == [
        "FILE:3: board format 3 is not supported (this Kaleun reads format 0)"]
    assert _problems(tmp_path, '[audio]\ndriver = "none"\n')[0].startswith("FILE:1: the file needs a [board]")


def test_the_power_estimate_puts_the_hubs_readers_and_strip_on_the_hubs_own_supply(capsys):
    """The readers and the hub's strip hang on the deck hub's own 5 V supply and
    its 3.3 V regulator, not on the Pi's. `kaleun board check` reckons each supply as the wiring
    page's power budget does: the Pi's carries the Pi 4 (1500), the touch screen (500) and the
    speaker on its USB port (500); nine readers with their fields on take 9 x 120 mA at 3.3 V."""
    from kaleun.cli import main
    from kaleun.wiring.generate import rail_loads

    board = load_board(BOARDS / "pico-hub.toml")
    loads = {load.rail: load for load in rail_loads(board)}
    assert loads["Pi 5V supply"].max_ma == 1500 + 500 + 500 and loads["Pi 5V supply"].rating_ma == 3000
    assert loads["Readers 3V3 rail"].max_ma == 9 * 120 and loads["Readers 3V3 rail"].rating_ma == 1500
    hub = loads["Hub 5V rail"]  # the Pico, the readers' regulator, three optical encoders, 15 pixels at 0.3
    assert round(hub.max_ma) == round(50 + 9 * 120 * 3.3 / 5 / 0.85 + 3 * 70 + 15 * 60 * 0.3)
    assert not any(load.over for load in loads.values())
    assert main(["board", "check", "pico-hub"]) == 0
    out, err = capsys.readouterr()
    assert out.rstrip().endswith("estimated draw: Pi 5V supply up to 2500 of 3000 mA, Hub 5V rail up to 1369 of "
                                 "2000 mA, Readers 3V3 rail up to 1080 of 1500 mA")
    assert "warning" not in err
    page = (BOARDS.parent / "wiring" / "pico-hub.md").read_text(encoding="utf-8")
    assert "- Pi 5V supply: 1100 mA typical, 2500 mA at most of the 3000 mA supply" in page  # the same figure


def test_each_supply_the_board_would_overload_is_named(tmp_path, capsys):
    """A strip of 100 pixels at full white (60 mA each) on its own 2 A supply, an I2S amplifier
    on the Pi's header: the Pi's supply at the line of `supply_ma`, the strip's supply by name at
    the line of `lamps.pixels`."""
    from kaleun.cli import main

    path = tmp_path / "bright.toml"
    path.write_text(HEAD + 'pi = "pi4"\n[lamps]\ndriver = "neopixel_spi"\npixels = 100\nbrightness = 1.0\n'
                    '[audio]\noutput = "i2s"\n[power]\nsupply_ma = 2000\n', encoding="utf-8")
    assert main(["board", "check", str(path)]) == 0
    out, err = capsys.readouterr()
    assert "estimated draw: Pi 5V supply up to 2650 of 2000 mA, Strip 5V rail up to 6000 of 2000 mA" in out
    assert (f"warning: {path}:12: the Pi 5V supply would carry up to 2650 mA, more than its [power] "
            "supply_ma = 2000") in err.splitlines()
    # the strip's supply at the line of its pixels, like every other warning of a board file
    assert (f"warning: {path}:7: the Strip 5V rail would carry up to 6000 mA, more than the strip's 2 A supply "
            "gives (2000 mA): see the power budget of `kaleun wiring`") in err.splitlines()
    path.write_text(HEAD + '[lamps]\npixels = 100\nbrightness = 1.0\n[power]\nsupply_ma = 100\n', encoding="utf-8")
    assert main(["board", "check", str(path)]) == 0  # simulated lamps draw nothing from any supply
    out, err = capsys.readouterr()
    assert "estimated draw: none (no real hardware" in out and "would carry" not in err


def test_a_real_strip_on_a_board_with_mocked_gpio_or_a_fake_hub_has_its_draw_estimated(tmp_path, capsys):
    """A board whose dials are on gpiozero's mock pins (or whose hub is the fake one) may drive a real
    NeoPixel strip, which draws from its supply all the same: `board check` said "estimated draw: none
    (no real hardware ...)" for 100 pixels at full white. It reckons the strip as the board's wiring
    page does (the page draws the real parts of such a board) and points to that page."""
    from kaleun.cli import main

    fake_hub = '[figures]\nsensor = "hub"\n[hub]\nurl = "fake"\n[[hub.readers]]\nsection = 1\ncs = "GP17"\n'
    for other in ('[gpio]\npin_factory = "mock"\n', fake_hub):
        path = tmp_path / "mocked.toml"
        path.write_text(HEAD + 'pi = "pi4"\n' + other + '[lamps]\ndriver = "neopixel_spi"\npixels = 100\n'
                        'brightness = 1.0\n', encoding="utf-8")
        assert main(["board", "check", str(path)]) == 0
        out, err = capsys.readouterr()
        assert "estimated draw: Pi 5V supply up to 2000 mA, Strip 5V rail up to 6000 of 2000 mA" in out, out
        line = next(n for n, text in enumerate(path.read_text().splitlines(), 1) if text.startswith("pixels"))
        assert (f"warning: {path}:{line}: the Strip 5V rail would carry up to 6000 mA, more than the strip's 2 A "
                "supply gives (2000 mA): see the power budget of `kaleun wiring`") in err.splitlines()
    assert main(["board", "check", str(BOARDS / "mock-gpio.toml")]) == 0  # its lamps are simulated
    assert "estimated draw: none (no real hardware" in capsys.readouterr().out


def test_a_board_without_a_name_is_refused_at_the_line_of_its_name(tmp_path):
    """`board list`, the bring-up report and the table's log name the board by its name; name = ""
    (or blanks) left them a hole and was accepted."""
    for blank in ('""', '"   "'):
        path = tmp_path / "nameless.toml"
        path.write_text(f"[board]\nname = {blank}\nformat = 0\n", encoding="utf-8")
        with pytest.raises(BoardError) as caught:
            load_board(path)
        assert str(caught.value) == f'{path}:2: board.name is empty: give the table a name (name = "My table")'


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


def test_a_board_name_mistyped_is_answered_with_the_names_of_the_shipped_boards(tmp_path, monkeypatch):
    """A maker who types `--board pico` (not `pico-hub`) learns which names Kaleun ships: every board file of
    boards/ (read from the folder, so a board added there as host/README.md's "A board" says keeps this true)."""
    monkeypatch.chdir(tmp_path)
    shipped = sorted(path.stem for path in BOARDS.glob("*.toml"))
    assert {"fake-hub", "mock-gpio", "pi4-basic", "pico-hub", "sim"} <= set(shipped)
    with pytest.raises(BoardError, match=r"pico: cannot read the board file \(.*\); the boards Kaleun ships: "
                                         + re.escape(", ".join(shipped)) + "$"):
        load_board("pico")


def test_a_mistyped_board_name_is_answered_in_the_tables_language(tmp_path, monkeypatch, home, capsys):
    """A German table (`kaleun config set language de`): every board problem was said in German but
    this one, the first a maker meets (a mistyped name), stayed English."""
    from kaleun.cli import main

    monkeypatch.chdir(tmp_path)
    assert main(["config", "set", "language", "de"]) == 0
    capsys.readouterr()
    assert main(["board", "check", "pico"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("pico: die Board-Datei kann nicht gelesen werden (")
    shipped = sorted(path.stem for path in BOARDS.glob("*.toml"))  # a board added as host/README.md says
    assert "); die Boards, die Kaleun mitbringt: " + ", ".join(shipped) in err


@pytest.mark.parametrize("value", ["nan", "inf", "-inf", "1e999", "-1e999"])
def test_non_finite_numbers_are_refused(tmp_path, value):
    """TOML reads 1e999 as infinity: refused like inf itself, never a brightness of infinity."""
    problems = _problems(tmp_path, HEAD + f"[lamps]\npixels = 8\nbrightness = {value}\n")
    assert problems == [f"FILE:6: lamps.brightness must be a finite number; got {float(value)!r} (nan or inf, or a "
                        "number beyond a float's range such as 1e999)"]


@pytest.mark.parametrize("value", ["1" * 5000, "-" + "1_0" * 2500])
def test_a_number_of_thousands_of_digits_is_refused_at_its_line(tmp_path, value):
    """Python reads no whole number of more than 4,300 digits (a ValueError, not a TOML mistake):
    `kaleun board check` ended in a traceback; the file's line says so now."""
    problems = _problems(tmp_path, HEAD + f"[lamps]\npixels = {value}\n")
    assert len(problems) == 1 and problems[0].startswith("FILE:5: not valid TOML: a number with too many digits")


def test_a_gpio_board_on_a_machine_without_gpio_is_explained(tmp_path):
    script = tmp_path / "s.jsonl"
    script.write_text('{"t": 0, "do": "report"}\n')
    result = run_kaleun("run", "--board", str(BOARDS / "pi4-basic.toml"), "--script", str(script),
                        "--events", str(tmp_path / "e.jsonl"), home=tmp_path)
    assert result.returncode == 2
    assert "cannot set up the table" in result.stderr and "pi4-basic.toml" in result.stderr
    assert "Traceback" not in result.stderr


def test_a_switch_to_3v3_on_the_pis_pulled_up_i2c_pins_is_refused(tmp_path):
    """GPIO 2 and 3 carry 1.8 kΩ pull-ups on every Pi: a button or a ring's zero-mark sensor
    wired to 3.3 V there (no pull-up wanted) would read as closed all the time."""
    problems = _problems(tmp_path, HEAD + '[buttons.pause]\naction = "pause"\ndriver = "gpio"\npin = 2\n'
                         'pull_up = false\n[dials.disc_bearing]\ndriver = "gpio"\npin_a = 5\npin_b = 6\n'
                         'home = "switch"\nhome_pin = 3\nhome_pull_up = false\n')
    assert problems == [
        "FILE:8: buttons.pause.pin = 2 with pull_up = false: GPIO 2 and 3 have the Pi's own 1.8 kΩ pull-ups to 3.3 V, "
        "so the button would read as pressed all the time; wire it to GND with pull_up = true, or use another pin",
        "FILE:15: dials.disc_bearing.home_pin = 3 with home_pull_up = false: GPIO 2 and 3 have the Pi's own 1.8 kΩ "
        "pull-ups to 3.3 V, so the ring would read as at its zero mark all the time; wire the sensor to pull the pin "
        "to GND with home_pull_up = true, or use another pin"]
    path = tmp_path / "board.toml"
    path.write_text(HEAD + '[buttons.pause]\naction = "pause"\ndriver = "gpio"\npin = 2\n')  # to GND: fine
    assert load_board(path).buttons["pause"].pin == 2


def test_a_pin_of_the_hat_id_eeprom_is_warned_about(tmp_path):
    path = tmp_path / "board.toml"
    path.write_text(HEAD + '[buttons.pause]\naction = "pause"\ndriver = "gpio"\npin = 1\n')
    assert load_board(path).warnings == [
        f"{path}:7: GPIO 1 of buttons.pause.pin (header pin 28) belongs to the HAT ID EEPROM, which the Pi reads at "
        "boot; it works, but another pin is safer"]
    assert load_board(BOARDS / "pi4-basic.toml").warnings == []


def test_the_board_format_states_the_reader_currents_the_power_estimate_counts():
    """boards/README.md gives the reader current `board check` counts (the parts list's maximum, 120 mA
    an MFRC522): the page a maker sizes a supply from must agree with the estimate."""
    from kaleun.wiring.generate import PARTS

    text = " ".join((BOARDS / "README.md").read_text(encoding="utf-8").split())
    assert f"{PARTS['mfrc522'].ma_max:.0f} mA for an MFRC522, {PARTS['pn532'].ma_max:.0f} mA for a PN532" in text


def test_a_board_file_saved_with_a_byte_order_mark_is_read(tmp_path):
    """A board written with a Windows editor begins with a UTF-8 byte-order mark; it said
    `FILE:1: not valid TOML: Invalid statement`, which names nothing a maker can see."""
    path = tmp_path / "bom.toml"
    path.write_bytes(b'\xef\xbb\xbf[board]\r\nname = "Mine"\r\nformat = 0\r\n')
    assert load_board(path).name == "Mine"


def test_a_pi_5_drives_pwm_neopixels_from_any_gpio(tmp_path):
    """lamps.driver = "neopixel": rpi_ws281x (Pi 3, 4, Zero 2 W) needs GPIO 10, 12, 18 or 21; on a Pi 5
    Blinka drives the strip with the RP1's PIO (Adafruit-Blinka-Raspberry-Pi5-Neopixel), from any GPIO."""
    lamps = '[lamps]\ndriver = "neopixel"\npin = 13\npixels = 8\n[audio]\noutput = "hdmi"\n'
    problems = _problems(tmp_path, HEAD + 'pi = "pi4"\n' + lamps)
    assert problems == ["FILE:7: lamps.pin = 13: the PWM NeoPixel driver needs GPIO 10, 12, 18, 21 (a Pi 5, board.pi "
                        "= 'pi5', drives the strip from any GPIO)"]
    path = tmp_path / "pi5.toml"
    path.write_text(HEAD + 'pi = "pi5"\n' + lamps)
    assert load_board(path).lamps.pin == 13


def test_kaleun_board_list_names_every_shipped_board_and_its_folder(capsys):
    """A maker with Kaleun installed from its wheel has no boards/ folder to copy pi4-basic.toml from
    (wiring/README.md, step 2): `kaleun board list` names the shipped boards and where they are."""
    from kaleun.cli import main

    assert main(["board", "list"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == (f"the boards Kaleun ships, in {BOARDS} (copy one to start your own: cp "
                      f"{BOARDS / 'pi4-basic.toml'} my-table.toml):")
    listed = {line.split()[0]: line.split(None, 1)[1] for line in out[1:]}
    assert listed == {path.stem: load_board(path).name for path in BOARDS.glob("*.toml")}


def test_the_build_guides_keep_the_makers_board_where_board_list_says(capsys):
    """`kaleun board list` says to copy a board to my-table.toml (the folder Kaleun starts from, where
    `--board my-table` finds it); the build guide said boards/my-table.toml, inside the folder of the
    boards Kaleun ships, where `--board my-table` does not find it and the maker's file passes for a
    shipped board."""
    root = BOARDS.parent
    for guide in ("wiring/README.md", "boards/README.md", "host/README.md"):
        assert "boards/my-table.toml" not in (root / guide).read_text(encoding="utf-8"), guide
    assert "cp /home/pi/kaleun/boards/pi4-basic.toml my-table.toml" in (root / "boards/README.md").read_text()


def test_the_deck_hubs_overloaded_supplies_are_named_at_their_lines(tmp_path, capsys):
    """The hub's 5 V supply (readers, strip, encoders) at the line of [hub], the readers' 3.3 V
    regulator at the first [[hub.readers]]: `file:line:` like every other warning of a board file."""
    from kaleun.cli import main

    text = (BOARDS / "pico-hub.toml").read_text(encoding="utf-8")
    text = text.replace("pixels = 15\nbrightness = 0.3", "pixels = 60\nbrightness = 1.0").replace(
        'kind = "mfrc522"', 'kind = "pn532"').replace(
        "[hub.encoders.telegraph]", '[[hub.readers]]\nsection = 4\nkind = "pn532"\ncs = "GP0"\n\n'
        '[[hub.readers]]\nsection = 5\nkind = "pn532"\ncs = "GP1"\n\n[hub.encoders.telegraph]')
    path = tmp_path / "bright-hub.toml"
    path.write_text(text, encoding="utf-8")
    lines = text.splitlines()
    hub, first_reader = lines.index("[hub]") + 1, lines.index("[[hub.readers]]") + 1
    assert main(["board", "check", str(path)]) == 0
    err = capsys.readouterr().err.splitlines()
    assert (f"warning: {path}:{hub}: the Hub 5V rail would carry up to 5141 mA, more than the hub's 2 A supply "
            "gives (2000 mA): see the power budget of `kaleun wiring`") in err
    assert (f"warning: {path}:{first_reader}: the Readers 3V3 rail would carry up to 1650 mA, more than the 1.5 A "
            "regulator gives (1500 mA): see the power budget of `kaleun wiring`") in err  # 11 PN532s, 150 mA each


def test_each_board_file_of_boards_has_its_row_in_boards_readmes_table_of_files():
    """host/README.md, "A board": a board that joins Kaleun's own boards/ gets its row in the table of files of
    boards/README.md, which names no file the folder lacks."""
    text = (BOARDS / "README.md").read_text(encoding="utf-8")
    table = text[text.index("| file | what it is |"):]
    table = table[:table.index("\n\n")]
    rows = re.findall(r"^\| `([a-z0-9_-]+\.toml)` \|", table, re.M)
    assert sorted(rows) == sorted(path.name for path in BOARDS.glob("*.toml"))


def test_a_whole_number_written_with_a_point_zero_is_that_number_as_in_a_table_script(tmp_path):
    """A board edited by hand may say `pixels = 15.0` or `pin_a = 17.0`: it is the whole number (a table
    script and the console take 6.0 as 6), where it was refused as 'must be a whole number, got 15.0';
    the hub's settings go to the hub as whole numbers, and 15.5 is still no whole number."""
    path = tmp_path / "board.toml"
    path.write_text(HEAD + '[dials.telegraph]\ndriver = "gpio"\npin_a = 17.0\npin_b = 27\nsteps_per_position = 1.0\n'
                    '[lamps]\npixels = 15.0\n[lamps.segments]\n"alarm" = [13.0, 1]\n'
                    '[figures]\nsensor = "hub"\n[hub]\nurl = "fake"\nscan_ms = 50.0\n'
                    '[[hub.readers]]\ncs = "GP17"\nsection = 1.0\n')
    board = load_board(path)
    assert board.dial("telegraph").pin_a == 17 and board.lamps.pixels == 15
    assert board.lamps.segments["alarm"] == (13, 1)
    from kaleun.hub.options import hub_config

    config = hub_config(board)
    assert config["scan_ms"] == 50 and type(config["scan_ms"]) is int
    assert [type(reader["section"]) for reader in config["readers"]] == [int]
    assert _problems(tmp_path, HEAD + "[lamps]\npixels = 15.5\n") == ["FILE:5: lamps.pixels must be a whole number, "
                                                                     "got 15.5"]


def test_a_refused_strip_length_or_dial_driver_is_named_once_not_again_at_every_line_behind_it(tmp_path):
    """`pixels = "15"` told the maker that each of 15 segments 'lies outside the 0 pixels', and a
    mistyped dial driver that each of its pins is 'only for a dial on the Pi's GPIO': one mistake, one line."""
    segments = "".join(f'"section.{n}" = [{n - 1}, 1]\n' for n in range(1, 9))
    assert _problems(tmp_path, HEAD + f'[lamps]\npixels = "15"\n[lamps.segments]\n{segments}') == [
        "FILE:5: lamps.pixels must be a whole number, got '15'"]
    assert _problems(tmp_path, HEAD + '[dials.telegraph]\ndriver = "gpoi"\npin_a = 17\npin_b = 27\n') == [
        "FILE:5: dials.telegraph.driver = 'gpoi' is not one of: sim, gpio, hub"]
