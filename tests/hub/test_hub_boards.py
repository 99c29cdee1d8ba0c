"""The [hub] keys of board files: file:line messages, and the hub config written from them."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from hubkit import ROOT
from kaleun.boards.loader import BoardError, load_board
from kaleun.hub.options import hub_config, hub_options

HEAD = """[board]
name = "t"
format = 0

[figures]
sensor = "hub"

"""


def board(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "b.toml"
    path.write_text(HEAD + text, encoding="utf-8")
    return path


def problems(tmp_path: Path, text: str) -> list[str]:
    with pytest.raises(BoardError) as info:
        load_board(board(tmp_path, text))
    return info.value.problems


def test_the_shipped_hub_boards_load():
    fake = load_board(ROOT / "boards" / "fake-hub.toml")
    assert hub_options(fake).is_fake and hub_options(fake).sections == [1, 2, 3, 3, 4, 5, 6, 7, 8]
    real = load_board(ROOT / "boards" / "pico-hub.toml")
    cfg = hub_config(real)
    # the control room (section 3) holds up to 8 figures: two berths keep a full scan under 100 ms
    # (tests/bench/bench_hub.py: 8 tags on one reader take it past 100 ms)
    assert [r["section"] for r in cfg["readers"]] == [1, 2, 3, 3, 4, 5, 6, 7, 8]
    assert cfg["pixels"] == {"pin": "GP28", "count": 15, "order": "GRB", "brightness": 0.3}
    # the encoders in the order boards/dials.toml declares the dials: the telegraph, then the disc
    assert cfg["encoders"] == [{"a": "GP6", "b": "GP7", "divisor": 4},
                               {"a": "GP8", "b": "GP9", "divisor": 4, "home_pin": "GP14"},
                               {"a": "GP10", "b": "GP11", "divisor": 4, "home_pin": "GP15"},
                               {"a": "GP12", "b": "GP13", "divisor": 4, "home_pin": "GP26"}]


def test_reader_problems_point_at_their_lines(tmp_path):
    found = problems(tmp_path, """[hub]
url = "fake"

[[hub.readers]]
section = 1
cs = "GP17"

[[hub.readers]]
section = 9
kind = "rc522"
cs = "GP17"

[[hub.readers]]
section = 2
cs = "GP40"
""")
    path = tmp_path / "b.toml"
    assert found == [
        f"{path}:16: hub.readers[1].section = 9 is not a section (1-8)",
        f"{path}:17: hub.readers[1].kind = 'rc522' is not one of: mfrc522, pn532",
        f"{path}:18: hub.readers[1] is a duplicate reader: chip select GP17 is already hub.readers[0]'s",
        f"{path}:22: hub.readers[2].cs = 'GP40' is not a Pico pin (GP0-GP22, GP26-GP28)",
    ]


def test_pin_conflicts_heartbeat_and_unknown_keys(tmp_path):
    found = problems(tmp_path, """[hub]
url = "/dev/ttyACM1"
heartbeat_ms = 1000
timeout_ms = 1500
colour = "red"
spi = { sck = "GP18", mosi = "GP19", miso = "GP16" }

[[hub.readers]]
section = 1
cs = "GP18"

[hub.encoders.telegraph]
a = "GP2"
b = "GP2"
""")
    text = "\n".join(found)
    assert ":11: hub.timeout_ms = 1500 must be at least twice hub.heartbeat_ms (1000)" in text
    assert ":12: unknown key 'colour' in [hub]" in text
    assert ":17: GP18 is used twice: hub.spi.sck and hub.readers[0].cs" in text
    assert ":21: GP2 is used twice: hub.encoders.telegraph.a and hub.encoders.telegraph.b" in text


def test_a_timeout_out_of_range_is_named_once_not_again_against_the_heartbeat(tmp_path):
    """boards/README.md: "a value refused is named once: what hangs on it ... is checked once it is right".
    `timeout_ms = 15` was refused for its range and again as less than twice the heartbeat."""
    found = problems(tmp_path, """[hub]
url = "/dev/ttyACM1"
timeout_ms = 15

[[hub.readers]]
section = 1
cs = "GP17"
""")
    timeout = [line for line in found if "timeout_ms" in line]
    assert len(timeout) == 1, found
    assert timeout[0].endswith(": hub.timeout_ms = 15 must be a whole number from 100 to 60000")


def test_a_hub_board_needs_readers_and_hub_lamps_need_a_pin(tmp_path):
    found = problems(tmp_path, """[hub]
url = "fake"

[lamps]
driver = "hub"
pixels = 4
""")
    assert any("needs at least one [[hub.readers]]" in p for p in found)
    assert any("lamps.driver = 'hub' needs hub.pixel_pin" in p for p in found)


def test_kaleun_hub_config_writes_the_hub_file(tmp_path, kaleun_home):
    env = {**os.environ, "PYTHONPATH": str(ROOT / "host"), "KALEUN_HOME": str(kaleun_home)}
    drive = tmp_path / "CIRCUITPY"
    drive.mkdir()
    (drive / "boot_out.txt").write_text("Adafruit CircuitPython 9.2.1; Raspberry Pi Pico with rp2040\n")
    done = subprocess.run([sys.executable, "-m", "kaleun", "hub", "config", "--board",
                           str(ROOT / "boards" / "pico-hub.toml"), "--out", str(drive)],
                          capture_output=True, text=True, env=env, timeout=60)
    assert done.returncode == 0, done.stderr
    cfg = json.loads((drive / "kaleun_hub.json").read_text(encoding="utf-8"))
    assert cfg == hub_config(load_board(ROOT / "boards" / "pico-hub.toml"))
    from kaleun.hub.proto import config

    assert config.parse(cfg)["readers"][8] == {"kind": "mfrc522", "cs": "GP5", "section": 8}  # the hub accepts it


def test_encoder_pins_must_be_adjacent_and_spi_pins_one_rp2040_spi_block(tmp_path):
    """On the Pico, rotaryio needs two sequential GPIOs and busio.SPI the SCK/TX/RX pins of
    one SPI block: a board that passed the check used to stop the hub at start-up."""
    found = problems(tmp_path, """[hub]
url = "fake"
spi = { sck = "GP18", mosi = "GP19", miso = "GP12" }

[[hub.readers]]
section = 1
cs = "GP17"

[hub.encoders.telegraph]
a = "GP6"
b = "GP8"
""")
    text = "\n".join(found)
    assert ":10: hub.spi: sck, mosi and miso must be the SCK, TX and RX pins of one RP2040 SPI block" in text
    assert "got sck GP18, mosi GP19, miso GP12" in text
    assert ":18: hub.encoders.telegraph: a = GP6 and b = GP8 must be adjacent GPIOs" in text
    assert len(found) == 2


@pytest.mark.parametrize("spi", ['{ sck = "GP10", mosi = "GP11", miso = "GP12" }',
                                 '{ sck = "GP2", mosi = "GP3", miso = "GP4" }',
                                 '{ sck = "GP26", mosi = "GP27", miso = "GP28" }'])
def test_valid_spi_blocks_and_reversed_adjacent_encoder_pins_pass(tmp_path, spi):
    board_file = board(tmp_path, f"""[hub]
url = "fake"
start_timeout_ms = 2000
spi = {spi}

[[hub.readers]]
section = 1
cs = "GP17"

[hub.encoders.telegraph]
a = "GP7"
b = "GP6"
""")
    assert hub_options(load_board(board_file)).start_timeout_ms == 2000


@pytest.mark.parametrize("url, refused", [
    ("spy:///dev/ttyACM1?file=/home/pi/.bashrc", "the spy:// kind of port is not allowed (it writes a log"),
    ("spy://loop://", "the spy:// kind of port is not allowed"),
    ("SPY://loop://?file=x", "the spy:// kind of port is not allowed"),
    ("socket://localhost:7777?file=/tmp/x", "may not name a file to write"),
    ("alt:///dev/ttyACM1?class=PosixPollSerial", "the alt:// kind of port is not allowed"),
    ("cp2110://0001:0002", "the cp2110:// kind of port is not allowed"),
])
def test_hub_url_refuses_ports_that_write_files(tmp_path, url, refused):
    """A board's hub.url opens the hub's port and nothing else: pyserial's spy:// writes a log
    of every byte to any file it names."""
    found = problems(tmp_path, f"""[hub]
url = "{url}"

[[hub.readers]]
section = 1
cs = "GP17"
""")
    assert any(f"{tmp_path / 'b.toml'}:9: hub.url {url!r}: " in p and refused in p for p in found), found


@pytest.mark.parametrize("url", ["/dev/ttyACM1", "/dev/serial/by-id/usb-Raspberry_Pi_Pico_E660-if02", "COM3",
                                 "fake", "loop://", "socket://localhost:7777", "rfc2217://hub.local:2217",
                                 "hwgrep://Pico"])
def test_hub_url_takes_device_paths_and_the_stream_urls(tmp_path, url):
    loaded = load_board(board(tmp_path, f'[hub]\nurl = "{url}"\n\n[[hub.readers]]\nsection = 1\ncs = "GP17"\n'))
    assert loaded.hub.url == url


def test_hub_status_refuses_a_spy_url_on_the_command_line(tmp_path, kaleun_home):
    env = {**os.environ, "PYTHONPATH": str(ROOT / "host"), "KALEUN_HOME": str(kaleun_home)}
    target = tmp_path / "written"
    done = subprocess.run([sys.executable, "-m", "kaleun", "hub", "status", "--url", f"spy://loop://?file={target}"],
                          capture_output=True, text=True, env=env, timeout=60)
    assert done.returncode != 0 and "spy:// kind of port is not allowed" in done.stderr
    assert not target.exists()


def test_a_board_may_name_its_hubs_unique_id(tmp_path):
    good = load_board(board(tmp_path, '[hub]\nurl = "fake"\nid = "E6614103E7396B29"\n\n[[hub.readers]]\nsection = 1\n'
                                      'cs = "GP17"\n'))
    assert hub_options(good).hub_id == "E6614103E7396B29"
    found = problems(tmp_path, '[hub]\nurl = "fake"\nid = "e661"\n\n[[hub.readers]]\nsection = 1\ncs = "GP17"\n')
    assert any(":10: hub.id = 'e661' must be the hub's id in upper-case hex" in p for p in found), found


def test_a_hub_id_with_a_digit_lost_in_the_copy_is_refused(tmp_path):
    """An id is whole bytes (two hex digits each): 15 digits copied from `kaleun hub status` passed
    the check, and the table then refused its own hub as a foreign device at every start."""
    found = problems(tmp_path, '[hub]\nurl = "fake"\nid = "E6614103E7396B2"\n\n[[hub.readers]]\nsection = 1\n'
                               'cs = "GP17"\n')
    assert any(":10: hub.id = 'E6614103E7396B2' has 15 digits: an id is whole bytes, two digits each (16 on a "
               "Pico); copy it again from `kaleun hub status`" in p for p in found), found


def test_hub_keys_of_a_part_not_on_the_hub_are_warned_about_at_their_lines(tmp_path):
    """A [hub] key that serves the lamps or the readers (kaleun.hub.options.served_part) is not read when
    the board does not put that part on the hub: `kaleun board check` says so at the key's line."""
    path = board(tmp_path, """[hub]
url = "fake"
pixel_pin = "GP28"

[[hub.readers]]
section = 1
cs = "GP17"

[lamps]
driver = "sim"
pixels = 4
""")
    assert load_board(path).warnings == [
        f"{path}:10: hub.pixel_pin has no effect: the hub drives a NeoPixel strip only with lamps.driver = 'hub', "
        "and this board has lamps.driver = 'sim'"]
    path.write_text(HEAD.replace('"hub"', '"sim"') + """[hub]
url = "fake"
scan_ms = 20
fault_after = 9
""", encoding="utf-8")
    assert load_board(path).warnings == [
        f"{path}:10: hub.scan_ms has no effect: it serves the hub's NFC readers, and this board has no "
        "[[hub.readers]]",
        f"{path}:11: hub.fault_after has no effect: it serves the hub's NFC readers, and this board has no "
        "[[hub.readers]]"]
    assert load_board(ROOT / "boards" / "pico-hub.toml").warnings == []
    assert load_board(ROOT / "boards" / "fake-hub.toml").warnings == []


def test_hub_lamps_without_the_hub_figures_are_lit_only_by_the_bring_up_check(tmp_path):
    """The game opens the hub's link only for figures.sensor = 'hub': hub lamps on a board with simulated
    figures stay dark in the game (only `kaleun hw check` lights them), and board check says so."""
    path = board(tmp_path, "")
    path.write_text(HEAD.replace('"hub"', '"sim"') + """[hub]
url = "fake"
pixel_pin = "GP28"

[lamps]
driver = "hub"
pixels = 4
""", encoding="utf-8")
    assert load_board(path).warnings == [
        f"{path}:13: lamps.driver = 'hub': the game lights the hub's lamps only with figures.sensor = 'hub' (it "
        "opens the hub's link for the figures); with figures.sensor = 'sim' only `kaleun hw check` lights them"]
