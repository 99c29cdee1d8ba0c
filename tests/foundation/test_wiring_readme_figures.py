"""wiring/README.md, the build guide a maker follows: the counts and currents it names (readers, pixels, the
readers under the control room, the currents per part and the supplies they are held against) are those of the
shipped board files and of host/kaleun/wiring/parts.toml, so a board or a part changed there cannot leave the
guide telling another story."""

from __future__ import annotations

from collections import Counter

from kaleun.boards.loader import load_board
from kaleun.hub.options import hub_options
from kaleun.wiring.generate import PARTS, RAIL_RATINGS
from kit import BOARDS, ROOT

NUMBER_WORDS = {2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven", 8: "eight", 9: "nine", 10: "ten"}
#: the control room (wiring/placement.md: section 3 holds up to eight figures)
CONTROL_ROOM = 3


def guide() -> str:
    return " ".join((ROOT / "wiring" / "README.md").read_text(encoding="utf-8").split())


def page_row(stem: str) -> str:
    """The row of the guide's table of pages for a board's page."""
    rows = [line for line in (ROOT / "wiring" / "README.md").read_text(encoding="utf-8").splitlines()
            if line.startswith(f"| [{stem}.md]")]
    assert len(rows) == 1, f"wiring/README.md has {len(rows)} rows for {stem}.md"
    return rows[0]


def test_the_table_of_pages_counts_the_hubs_readers_and_berths_as_its_board_file_does():
    readers = hub_options(load_board(BOARDS / "pico-hub.toml")).readers
    row = page_row("pico-hub")
    assert f"{len(readers)} MFRC522 readers" in row, row
    assert all(reader.kind == "mfrc522" for reader in readers)
    berths = Counter(reader.section for reader in readers)[CONTROL_ROOM]
    assert f"{NUMBER_WORDS[berths]} under the control room" in row, row


def test_the_table_of_pages_counts_the_pixels_of_the_pi_strip_as_its_board_file_does():
    board = load_board(BOARDS / "pi4-basic.toml")
    assert board.lamps.driver == "neopixel_spi"
    assert f"{board.lamps.pixels} NeoPixels over SPI" in page_row("pi4-basic")


def test_the_power_section_names_the_currents_of_the_parts_list_and_the_hubs_readers():
    text = guide()
    for part, figure in (("strip", "{} mA per pixel at full white"), ("mfrc522", "up to {} mA per MFRC522 reader"),
                         ("optical_encoder", "{} mA per optical encoder"), ("display", "{} mA for the touch screen")):
        assert figure.format(int(PARTS[part].ma_max)) in text, (part, figure)
    readers = len(hub_options(load_board(BOARDS / "pico-hub.toml")).readers)
    amps = readers * PARTS["mfrc522"].ma_max / 1000
    assert f"{NUMBER_WORDS[readers]} readers take up to {amps:g} A at 3.3 V" in text
    hub_supply, _ = RAIL_RATINGS["Hub 5V rail"]
    regulator, _ = RAIL_RATINGS["Readers 3V3 rail"]
    assert f"against the {hub_supply / 1000:g} A supplies" in text
    assert f"the {regulator / 1000:g} A regulator of the bill of materials" in text
