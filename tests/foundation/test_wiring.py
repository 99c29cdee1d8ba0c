"""wiring/ is generated from boards/: it must match the board files, wire every pin each part
needs, and the committed drawings must be drawn from the committed harnesses."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest
from kaleun.boards.loader import load_board
from kaleun.wiring.generate import (
    Harness,
    WiringError,
    build,
    can_render,
    documents,
    harness_digest,
    has_hardware,
    render_svg,
    svg_stamp,
    wireviz,
)
from kit import BOARDS, ROOT

BOARD_FILES = sorted(BOARDS.glob("*.toml"))
HARDWARE = [p for p in BOARD_FILES if has_hardware(load_board(p))]


@pytest.mark.parametrize("path", BOARD_FILES, ids=lambda p: p.name)
def test_wiring_documents_are_up_to_date(path):
    board = load_board(path)
    if not has_hardware(board):
        assert not (ROOT / "wiring" / f"{path.stem}.md").exists()
        return
    for name, text in documents(board).items():
        committed = ROOT / "wiring" / name
        assert committed.exists(), f"wiring/{name} is missing: run `kaleun wiring`"
        assert committed.read_text(encoding="utf-8") == text, f"wiring/{name} is stale: run `kaleun wiring`"


@pytest.mark.parametrize("path", HARDWARE, ids=lambda p: p.name)
def test_the_committed_drawing_was_drawn_from_the_committed_harness(path):
    """Makers read the SVG without installing anything: it must show today's harness."""
    yml = ROOT / "wiring" / f"{path.stem}.yml"
    svg = ROOT / "wiring" / f"{path.stem}.svg"
    assert svg.exists(), f"wiring/{svg.name} is missing: run `make wiring` (needs Graphviz)"
    assert svg_stamp(svg.read_text(encoding="utf-8")) == harness_digest(yml.read_text(encoding="utf-8")), \
        f"wiring/{svg.name} is stale: run `make wiring` (needs Graphviz)"


def _texts(svg: str) -> list[str]:
    return sorted(re.findall(r"<text[^>]*>([^<]*)</text>", svg))


@pytest.mark.skipif(not can_render(), reason="Graphviz (dot) or WireViz is not installed")
@pytest.mark.parametrize("path", HARDWARE, ids=lambda p: p.name)
def test_the_committed_drawing_shows_what_wireviz_draws_from_the_harness_today(path, tmp_path):
    """Drawn again here, the drawing carries the same labels (layout may differ between
    Graphviz versions, the words may not)."""
    yml = tmp_path / f"{path.stem}.yml"
    yml.write_text((ROOT / "wiring" / yml.name).read_text(encoding="utf-8"), encoding="utf-8")
    fresh = render_svg(yml).read_text(encoding="utf-8")
    committed = (ROOT / "wiring" / f"{path.stem}.svg").read_text(encoding="utf-8")
    assert _texts(fresh) == _texts(committed), f"wiring/{path.stem}.svg is stale: run `make wiring`"


@pytest.mark.parametrize("path", HARDWARE, ids=lambda p: p.name)
def test_every_part_has_every_pin_it_needs_wired_and_every_open_pin_says_why(path):
    harness = build(load_board(path))  # raises WiringError otherwise
    for placed in harness.parts.values():
        for pin in placed.part.pins:
            assert pin in placed.wired or placed.open.get(pin), f"{placed.name} {pin}"


def test_every_reader_of_the_hub_has_power_ground_and_reset():
    harness = build(load_board(BOARDS / "pico-hub.toml"))
    readers = [p for p in harness.parts.values() if p.name.startswith("Reader")]
    assert len(readers) == 9
    for reader in readers:
        assert reader.wired["3.3V"] and reader.wired["GND"] and reader.wired["RST"], reader.name
        assert reader.open["IRQ"].startswith("open")


def test_a_reader_without_power_and_ground_is_an_error_of_the_generator():
    h = Harness()
    h.host("Pico", "pico")
    h.part("Reader 0 (section 1)", "mfrc522")
    for pin, label in ((22, "SDA"), (24, "SCK"), (25, "MOSI"), (21, "MISO"), (27, "RST")):
        h.to_host("Pico", pin, f"GP{pin}", "Reader 0 (section 1)", label, "YE")
    h.leave_open("Reader 0 (section 1)", "IRQ", "open: polled")
    problems = h.check()
    assert problems == [
        "Reader 0 (section 1): MFRC522 NFC reader board (the blue RC522 module): pin GND (ground) is not wired",
        "Reader 0 (section 1): MFRC522 NFC reader board (the blue RC522 module): pin 3.3V (power) is not wired"]
    with pytest.raises(WiringError):
        raise WiringError(problems)


def test_a_board_whose_harness_misses_a_pin_is_refused(monkeypatch):
    from kaleun.wiring import generate

    monkeypatch.setattr(generate.Harness, "wire", _wire_without_reader_power(generate.Harness.wire))
    with pytest.raises(WiringError, match=r"Reader 0 \(section 1\).*pin 3\.3V \(power\) is not wired"):
        build(load_board(BOARDS / "pico-hub.toml"))


def _wire_without_reader_power(real):
    def wire(self, a, a_pin, b, b_pin, color, cable="", note=""):
        if b.startswith("Reader") and b_pin == "3.3V":
            return
        real(self, a, a_pin, b, b_pin, color, cable, note)

    return wire


def test_the_pi4_pinout_follows_the_board_file():
    harness = build(load_board(BOARDS / "pi4-basic.toml"))
    rows = {(pin, signal): target for pin, signal, target in harness.hosts["Pi"].rows}
    assert rows[(11, "GPIO17")] == "Engine telegraph encoder A"
    assert rows[(13, "GPIO27")] == "Engine telegraph encoder B"
    assert rows[(15, "GPIO22")] == "Pause button 1"
    assert rows[(19, "GPIO10")] == "Level shifter 1A"  # neopixel_spi: SPI MOSI
    assert rows[(33, "GPIO13")].endswith("green ring (own course on the white scale) home switch 1")
    pins = [pin for pin, _, _ in harness.hosts["Pi"].rows]
    assert len(set(pins)) == len(pins)  # one jumper per header pin: power and ground go through rails


@pytest.mark.parametrize("path", HARDWARE, ids=lambda p: p.name)
def test_every_bill_of_materials_has_the_touch_screen(path):
    harness = build(load_board(path))
    assert any("Touch Display" in part for _, part, _ in harness.bom)
    assert harness.parts["Touch display"].wired["5V"] and harness.parts["Touch display"].wired["GND"]


def test_the_hubs_strip_gets_its_data_through_a_level_shifter():
    harness = build(load_board(BOARDS / "pico-hub.toml"))
    shifter = harness.parts["Level shifter"]
    assert shifter.wired["1A"] == ["Pico pin 34"]  # GP28, the board's pixel_pin
    assert shifter.wired["1Y"] == ["NeoPixel strip DIN"]
    assert shifter.wired["VCC"][0] == "Hub 5V rail"  # then the links that switch the unused buffers off


@pytest.mark.parametrize("path", HARDWARE, ids=lambda p: p.name)
def test_the_strip_in_the_bill_of_materials_names_every_lamp_of_the_board(path):
    """Not only the sections: the tubes, the alarm and the crew lamp are pixels too."""
    harness = build(load_board(path))
    (strip,) = [note for _, part, note in harness.bom if part.startswith("WS2812B")]
    assert strip == "lamps section.1-8, tube.1-5, alarm, crew (lamps.segments)"


def test_each_trunk_has_a_socket_and_header_at_the_hub_and_at_every_reader():
    """The physical table, wiring a maker can follow: a 2.54 mm IDC socket on the 1.27 mm ribbon does not fit a reader's
    8-pin row: each socket plugs onto a pin header, wired to the hub or to its reader."""
    harness = build(load_board(BOARDS / "pico-hub.toml"))
    bom = {part: qty for qty, part, _ in harness.bom}
    fore, aft = 6, 3  # readers of sections 1, 2, 3, 3, 7, 8 and of 4, 5, 6
    assert bom["IDC socket, 2.54 mm, 2 x 10 (20-way), for 1.27 mm ribbon"] == fore + 1
    assert bom["pin header, 2.54 mm, 2 x 10, on a scrap of perfboard"] == fore + 1
    assert bom["IDC socket, 2.54 mm, 2 x 7 (14-way), for 1.27 mm ribbon"] == aft + 1
    assert bom["pin header, 2.54 mm, 2 x 7, on a scrap of perfboard"] == aft + 1


def test_every_ground_wire_of_a_trunk_is_joined_at_both_ends_so_it_carries_its_signals_return():
    """The notes promised that in the ribbon "the return current runs next to each signal", yet only
    the hub's header joined the ground wires: each reader took its GND from wire 1 alone, so the ground
    wires beside SCK, MOSI and MISO were open at the readers' end and carried no return current (nor
    did the second 3V3 wire carry any supply). Every header of a trunk now joins its GND pins and its
    3V3 pins, the readers' as the hub's, and the page, the notes and the bill of materials say so."""
    harness = build(load_board(BOARDS / "pico-hub.toml"))
    page = (ROOT / "wiring" / "pico-hub.md").read_text(encoding="utf-8")  # as generated (the test above)
    for wires in harness.trunks.values():
        assert wires.count("GND") >= 4 and wires.count("3V3") == 2  # a ground beside each signal, two supply wires
    trunks = page.split("## Ribbon trunks", 1)[1].split("**Fore trunk**", 1)[0]
    assert "At each reader's header join its GND pins to one another" in trunks and "its two 3V3 pins" in trunks
    notes = page.split("## Notes", 1)[1]
    assert "every header, the hub's and each reader's, joins all its GND pins (and its two 3V3 pins)" in notes
    headers = [note for _, part, note in harness.bom if part.startswith("pin header, 2.54 mm")]
    assert len(headers) == 2 and all("at each reader its GND pins joined and its two 3V3 pins joined" in note
                                     for note in headers)


def test_the_drawings_ribbon_trunks_are_as_wide_as_the_bill_of_materials_buys():
    """The physical table, wiring a maker can follow: the drawing named every trunk a 16-way ribbon while the list buys
    a 20-way one for the fore trunk (17 wires) and a 14-way one for the aft trunk."""
    board = load_board(BOARDS / "pico-hub.toml")
    harness = build(board)
    connectors = wireviz(board, harness)["connectors"]
    bom = [part for _, part, _ in harness.bom]
    for trunk, ways in (("Fore trunk", 20), ("Aft trunk", 14)):
        assert connectors[trunk]["type"] == f"{ways}-way ribbon trunk, 1.27 mm pitch"
        assert f"ribbon cable 1.27 mm pitch, {ways}-way, up to 50 cm" in bom
        assert len(connectors[trunk]["pinlabels"]) <= ways


def test_the_drawings_trunk_pins_are_the_ribbons_wires_the_page_numbers():
    """The drawing numbered a trunk's pins 1-11 in the order of its signals (CS 0 on pin 6), while
    the page's notes lay the ribbon out with a ground beside every signal (CS 0 on wire 11): a
    maker crimping by the drawing put MOSI on a ground wire. Both now number the ribbon's wires:
    the drawing's pin n, the page's wire n and pin n of each IDC socket are the same wire."""
    board = load_board(BOARDS / "pico-hub.toml")
    harness = build(board)
    harness_yaml = wireviz(board, harness)
    page = (ROOT / "wiring" / "pico-hub.md").read_text(encoding="utf-8")
    drawing = (ROOT / "wiring" / "pico-hub.svg").read_text(encoding="utf-8")
    for trunk, readers in (("Fore trunk", (0, 1, 2, 3, 7, 8)), ("Aft trunk", (4, 5, 6))):
        wires = ["GND", "SCK", "GND", "MOSI", "GND", "MISO", "GND", "3V3", "3V3", "GND",
                 *(f"CS {n}" for n in readers), "GND"]
        connector = harness_yaml["connectors"][trunk]
        assert connector["pins"] == list(range(1, len(wires) + 1)) and connector["pinlabels"] == wires
        table = page.split(f"**{trunk}**", 1)[1].split("\n\n", 2)[1]
        assert [row.split(" | ")[:2] for row in table.splitlines()[2:]] == [
            [f"| {n}", signal] for n, signal in enumerate(wires, start=1)]
        for n, signal in enumerate(wires, start=1):
            if signal != "GND" and signal != "3V3":
                assert f"{trunk}:{n}:{signal}<" in drawing  # the committed drawing's pin labels
        for (a, b, _), cable in harness.cables.items():  # every wire to the trunk lands on its signal's wire
            for a_pin, b_pin, _colour in cable:
                for end, pin in ((a, a_pin), (b, b_pin)):
                    if end == trunk:
                        assert str(pin) in wires
    sck = [row for row in page.splitlines() if row.startswith("| 2 | SCK |")]
    assert sck == ["| 2 | SCK | Pico pin 24 (GP18) |"] * 2


@pytest.mark.parametrize("path", HARDWARE, ids=lambda p: p.name)
def test_the_rails_the_drawing_joins_power_and_ground_through_are_in_the_bill_of_materials(path):
    """The pages join power and ground through rails ("a strip of perfboard, or lever
    connectors"), yet the list bought none: one per rail, with the wires each takes."""
    board = load_board(path)
    harness = build(board)
    rails = wireviz(board, harness)["connectors"]
    drawn = {name: len(c["pinlabels"]) for name, c in rails.items() if name.endswith(" rail")}
    assert drawn
    (row,) = [(qty, note) for qty, part, note in harness.bom if part.startswith("strip of perfboard")]
    assert row[0] == len(drawn)
    assert row[1].endswith("wires on each: " + ", ".join(f"{name} {wires}" for name, wires in drawn.items()))


def test_a_page_with_pn532_readers_says_how_to_set_them_to_spi(tmp_path):
    """A PN532 board answers on SPI only with its interface switches set for it (they come set
    for HSU): the page said "in SPI mode" without saying how, and a maker's reader stayed silent."""
    text = (BOARDS / "pico-hub.toml").read_text(encoding="utf-8").replace('kind = "mfrc522"', 'kind = "pn532"', 1)
    board_file = tmp_path / "pn532.toml"
    board_file.write_text(text, encoding="utf-8")
    steps = build(load_board(board_file)).steps
    assert any(step.startswith("PN532 boards talk SPI only with their interface switches set for it") and
               "switch 1 off (L) and switch 2 on (H)" in step for step in steps)
    assert not any("PN532" in step for step in build(load_board(BOARDS / "pico-hub.toml")).steps)


def test_a_cable_in_the_drawing_keeps_the_note_of_every_wire_it_carries():
    """The physical table, wiring a maker can follow: a cable's note was the last of its wires' notes, so the drawing
    lost the 33 ohm resistors at the Pico (SCK, MOSI) and the capacitors at each reader's 3.3 V."""
    board = load_board(BOARDS / "pico-hub.toml")
    harness = build(board)
    notes = {key: note for key, note in harness.notes.items()}
    for trunk in ("Fore trunk", "Aft trunk"):
        assert "33 ohm in series at the Pico on SCK and MOSI" in notes[("Pico", trunk, f"Pico to {trunk}")]
    reader = ("Fore trunk", "Reader 0 (section 1)", "Fore trunk to Reader 0 (section 1)")
    for need in ("33 ohm in series at the reader's MISO", "100 uF + 100 nF at the reader", "RST held high"):
        assert need in notes[reader]
    drawn = (ROOT / "wiring" / "pico-hub.yml").read_text(encoding="utf-8")
    assert "100 uF + 100 nF at the reader" in drawn and "33 ohm in series at the Pico on SCK and MOSI" in drawn


def test_a_speaker_on_the_pis_usb_counts_in_the_pis_power_budget():
    harness = build(load_board(BOARDS / "pico-hub.toml"))  # audio.output = "usb"
    assert ("Pi 5V rail", "speaker on USB", 100, 500) in harness.budget


def test_wireviz_accepts_the_generated_harness(tmp_path):
    """WireViz (a dev dependency) parses every harness and writes its BOM; no Graphviz needed for that."""
    wireviz = str(Path(sys.executable).parent / "wireviz")
    for yml in sorted((ROOT / "wiring").glob("*.yml")):
        result = subprocess.run([wireviz, "-f", "t", "-o", str(tmp_path), str(yml)], capture_output=True, text=True)
        assert result.returncode == 0, result.stderr
        bom = (tmp_path / f"{yml.stem}.bom.tsv").read_text()
        assert "74AHCT125" in bom and "Touch Display" in bom


def test_the_bill_of_materials_counts_one_33_ohm_resistor_per_driver_the_notes_name(tmp_path):
    """SCK and MOSI get one at the Pico for each trunk, MISO one at each reader: 2 x 2 + 9 = 13
    for the two trunks and nine readers of pico-hub.toml (the list asked for 20), and 2 + 3 for
    a hub whose three readers all hang on the fore trunk."""
    def resistors(board) -> int:
        bom = documents(board)[f"{Path(board.path).stem}.md"].split("## Bill of materials", 1)[1]
        (row,) = [line for line in bom.splitlines() if "| resistor 33 ohm |" in line]
        return int(row.split("|")[1])

    board = load_board(BOARDS / "pico-hub.toml")
    assert resistors(board) == 2 * 2 + 9
    text = (BOARDS / "pico-hub.toml").read_text(encoding="utf-8")
    fore = text[:text.index("[[hub.readers]]")] + text[text.index("[hub.encoders.telegraph]"):]
    for section, cs in ((1, "GP17"), (2, "GP20"), (3, "GP21")):
        fore = fore.replace("[hub.encoders.telegraph]", f'[[hub.readers]]\nsection = {section}\ncs = "{cs}"\n\n'
                            "[hub.encoders.telegraph]", 1)
    path = tmp_path / "fore-only.toml"
    path.write_text(fore, encoding="utf-8")
    assert resistors(load_board(path)) == 2 + 3


def test_kaleun_wiring_without_wireviz_writes_the_pages_and_says_what_the_drawings_need(tmp_path, monkeypatch,
                                                                                      capsys):
    """An installed Kaleun (`make play`, `pip install kaleun`) lacks WireViz, which comes with the
    dev extra; with Graphviz on the Pi, `kaleun wiring` ended in a traceback (no module named
    'wireviz') after writing half of it."""
    from kaleun.cli import main

    monkeypatch.setattr("kaleun.wiring.generate.shutil.which", lambda name: f"/usr/bin/{name}")  # Graphviz is there
    monkeypatch.setitem(sys.modules, "wireviz", None)  # WireViz is not
    mine = tmp_path / "my-table.toml"  # a maker's own board: no drawing of it ships with Kaleun
    mine.write_text((BOARDS / "pico-hub.toml").read_text(encoding="utf-8").replace('cs = "GP17"', 'cs = "GP0"', 1),
                    encoding="utf-8")
    out = tmp_path / "pages"
    assert main(["wiring", str(mine), "--out", str(out)]) == 0
    assert sorted(p.name for p in out.iterdir()) == ["my-table.md", "my-table.yml"]
    assert capsys.readouterr().err.strip() == \
        f"kaleun wiring: not drawn: my-table.svg (install WireViz ({sys.executable} -m pip install wireviz), " \
        "then run kaleun wiring again)"


def test_a_shipped_boards_page_written_without_wireviz_gets_the_drawing_kaleun_ships(tmp_path, monkeypatch, capsys):
    """A maker with an installed wheel (no WireViz) runs `kaleun wiring pico-hub`: the page showed
    a picture that was never there. The shipped drawing of that very harness (its stamp says so)
    is copied beside the page, and nothing is said about missing drawings."""
    from kaleun.cli import main

    monkeypatch.setitem(sys.modules, "wireviz", None)
    assert main(["wiring", "pico-hub", "--out", str(tmp_path)]) == 0
    captured = capsys.readouterr()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["pico-hub.md", "pico-hub.svg", "pico-hub.yml"]
    assert (tmp_path / "pico-hub.svg").read_bytes() == (ROOT / "wiring" / "pico-hub.svg").read_bytes()
    assert f"wrote {tmp_path / 'pico-hub.svg'}" in captured.out
    assert captured.err == ""
    assert broken_links(tmp_path / "pico-hub.md") == []


@pytest.mark.parametrize(("board", "why"), [
    ("sim", "everything on it is simulated: no dial or button on GPIO pins, no NeoPixel strip, no deck hub"),
    ("mock-gpio", "its GPIO parts are on gpiozero's mock pins (gpio.pin_factory = \"mock\"), which no wire reaches"),
    ("fake-hub", "its deck hub is a fake hub inside Kaleun (hub.url = \"fake\")"),
])
def test_kaleun_wiring_on_a_board_with_nothing_to_wire_says_so_and_fails(tmp_path, capsys, board, why):
    """`kaleun wiring sim` printed nothing, wrote nothing and exited 0: the maker could not tell
    whether it worked. It now says why there is no page, and with nothing written exits 2."""
    from kaleun.cli import main

    assert main(["wiring", board, "--out", str(tmp_path / "out")]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err == f"kaleun wiring: {board}.toml: nothing to wire, so no page: {why}\n"
    assert not (tmp_path / "out").exists()


def test_kaleun_wiring_names_each_board_it_passes_over_and_writes_the_others(tmp_path, capsys):
    from kaleun.cli import main

    assert main(["wiring", "sim", "pico-hub", "--out", str(tmp_path)]) == 0
    captured = capsys.readouterr()
    assert "kaleun wiring: sim.toml: nothing to wire, so no page: everything on it is simulated" in captured.err
    assert f"wrote {tmp_path / 'pico-hub.md'}" in captured.out
    assert not list(tmp_path.glob("sim.*"))


def test_kaleun_wiring_without_board_names_outside_the_source_folder_says_what_to_give(monkeypatch, capsys):
    """An installed Kaleun has no boards/ folder to take every file of: it says to name them."""
    from kaleun.cli import main

    monkeypatch.setattr("kaleun.boards.loader.source_tree", lambda: None)
    assert main(["wiring"]) == 2
    assert "kaleun wiring: name the board files (kaleun wiring boards/my-table.toml, or a shipped board such as " \
           "pico-hub), or set a preferred board (kaleun config set board FILE)" in capsys.readouterr().err


def test_kaleun_wiring_outside_the_source_folder_takes_the_preferred_board(tmp_path, monkeypatch, capsys):
    """An installed Kaleun with `kaleun config set board my-table.toml` (as `kaleun board check` and `hw check`
    take it): `kaleun wiring` alone refused, asking for a board the maker had already named."""
    from kaleun.cli import main

    monkeypatch.setenv("KALEUN_HOME", str(tmp_path / "home"))
    monkeypatch.setattr("kaleun.boards.loader.source_tree", lambda: None)
    monkeypatch.chdir(tmp_path)
    mine = tmp_path / "my-table.toml"
    mine.write_text((BOARDS / "pi4-basic.toml").read_text(encoding="utf-8"), encoding="utf-8")
    assert main(["config", "set", "board", str(mine)]) == 0
    capsys.readouterr()
    assert main(["wiring"]) == 0
    out = capsys.readouterr().out
    assert f"the pages of the preferred board: {mine}" in out and "wrote wiring/my-table.md" in out, out
    assert (tmp_path / "wiring" / "my-table.md").is_file()


def test_a_pn532_reset_pin_with_nothing_to_wire_it_to_is_refused_and_kaleun_wiring_says_why(tmp_path, capsys):
    """`rst` on a PN532 reader (the board format allows it): the page wired it nowhere (no Pico pin,
    no trunk wire, yet one more ribbon wire counted), so the maker's reset pin went to nothing.
    The generator refuses it, and `kaleun wiring` says so instead of ending in a traceback."""
    from kaleun.cli import main

    text = (BOARDS / "pico-hub.toml").read_text(encoding="utf-8")
    text = text.replace('kind = "mfrc522"\ncs = "GP20"', 'kind = "pn532"\ncs = "GP20"\nrst = "GP0"', 1)
    path = tmp_path / "pn532-reset.toml"
    path.write_text(text, encoding="utf-8")
    board = load_board(path)  # the board itself is fine: the firmware takes a PN532's reset pin
    with pytest.raises(WiringError, match=r"Reader 1 \(section 2\): hub\.readers\[1\]\.rst = GP0: the PN532 .* has no "
                                          r"reset input on its header .*: leave rst out"):
        build(board)
    out = tmp_path / "wiring"
    assert main(["wiring", str(path), "--out", str(out)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("kaleun wiring: pn532-reset.toml: Reader 1 (section 2): hub.readers[1].rst = GP0")
    assert "Traceback" not in err and not list(out.glob("pn532-reset.*"))


def test_the_touch_screen_and_the_supply_are_the_ones_each_pi_takes(tmp_path):
    """pi4-basic.toml copied with another `pi`: a Pi 5's DSI ports are the small 22-way kind, so the
    display's own ribbon does not fit and the bill of materials must buy the Pi 5 display cable (it
    said "with its DSI ribbon"); its official supply is 5 A, a Pi 3 B+'s 2.5 A (every page said 3 A).
    A Zero 2 W has no DSI port: the page would wire the display to nothing, so it is refused."""
    text = (BOARDS / "pi4-basic.toml").read_text(encoding="utf-8")

    def bom(pi: str) -> str:
        path = tmp_path / f"{pi}.toml"
        path.write_text(text.replace('pi = "pi4"', f'pi = "{pi}"').replace('output = "analog"', 'output = "hdmi"'),
                        encoding="utf-8")
        return documents(load_board(path))[f"{pi}.md"].split("## Bill of materials", 1)[1]

    pi5 = bom("pi5")
    assert "| 1 | Raspberry Pi 5 | with its official power supply (5.1 V, 5 A, USB-C) |" in pi5
    assert "with a Raspberry Pi 5 display cable (22-way to 15-way" in pi5 and "with its DSI ribbon" not in pi5
    assert "| 1 | Raspberry Pi 3 Model B+ | with its official power supply (5.1 V, 2.5 A, micro-USB) |" in bom("pi3")
    assert "Raspberry Pi 4 Model B | with its official power supply (5.1 V, 3 A) |" in bom("pi4")
    with pytest.raises(WiringError, match=r"Touch display: the Raspberry Pi Zero 2 W has no DSI port for it"):
        bom("zero2w")


def broken_links(page: Path) -> list[str]:
    """The local links of a Markdown page whose file or folder is not there."""
    text = page.read_text(encoding="utf-8")
    targets = [t.split("#", 1)[0] for t in re.findall(r"\]\(([^)\s]+)\)", text)]
    return [t for t in targets if t and "://" not in t and not (page.parent / t).exists()]


def test_pages_written_outside_the_source_tree_link_to_the_wiring_guide(tmp_path):
    """`kaleun wiring --out FOLDER` (and any run from an installed wheel) writes the pages where
    placement.md, mechanics.md and the wiring README are not: their links lead to the copies this
    Kaleun ships (kaleun.shipped), not into nothing."""
    from kaleun.wiring.generate import write_all

    out = tmp_path / "pages"
    written = write_all([load_board(BOARDS / "pico-hub.toml")], out, draw=False)
    page = out / "pico-hub.md"
    assert page in written
    assert broken_links(page) == []  # the drawing Kaleun ships for this very harness is copied beside it
    text = page.read_text(encoding="utf-8")
    assert "placement.md)" in text and "mechanics.md)" in text and "README.md)" in text
    assert (out / Path(re.findall(r"\[placement\.md\]\(([^)]+)\)", text)[0])).resolve() == \
        (ROOT / "wiring" / "placement.md").resolve()
    # in the source tree the pages sit beside them and link by name (the committed pages)
    assert "[placement.md](placement.md)" in (ROOT / "wiring" / "pico-hub.md").read_text(encoding="utf-8")


def test_kaleun_wiring_into_a_folder_it_cannot_make_says_so_without_a_traceback(tmp_path, capsys):
    """`kaleun wiring pico-hub --out FILE` (or a folder under a file) ended in a traceback."""
    from kaleun.cli import main

    taken = tmp_path / "pages"
    taken.write_text("not a folder", encoding="utf-8")
    assert main(["wiring", "pico-hub", "--out", str(taken)]) == 1
    assert capsys.readouterr().err == f"kaleun wiring: --out {taken} is a file, not a folder\n"
    assert main(["wiring", "pico-hub", "--out", str(taken / "sub")]) == 1
    err = capsys.readouterr().err
    assert err.startswith(f"kaleun wiring: cannot write {taken / 'sub'}: ") and "Traceback" not in err


def test_a_makers_own_board_written_without_wireviz_names_its_file_and_shows_no_missing_drawing(tmp_path):
    """A maker's copy of pi4-basic (another harness than any Kaleun ships a drawing of), written outside
    the source tree where WireViz is not installed: the page named `boards/my-table.toml`, which is not
    where the file is, and showed a drawing `my-table.svg` that nothing wrote (a broken picture)."""
    from kaleun.wiring.generate import write_all

    mine = tmp_path / "my-table.toml"
    text = (BOARDS / "pi4-basic.toml").read_text(encoding="utf-8")
    mine.write_text(text.replace('name = "Pi 4 basic table"', 'name = "My table"', 1), encoding="utf-8")
    out = tmp_path / "pages"
    write_all([load_board(mine)], out, draw=False)
    page = (out / "my-table.md").read_text(encoding="utf-8")
    assert f"from `{mine.as_posix()}`" in page and "boards/my-table.toml" not in page
    assert not (out / "my-table.svg").exists() and broken_links(out / "my-table.md") == []
    assert "No drawing yet" in page and "sudo apt install graphviz" in page
    # a shipped board's page keeps the drawing Kaleun ships for its very harness
    write_all([load_board(BOARDS / "pi4-basic.toml")], out, draw=False)
    assert "![harness](pi4-basic.svg)" in (out / "pi4-basic.md").read_text(encoding="utf-8")


def test_a_makers_own_board_paged_in_the_checkout_names_the_file_as_given(tmp_path, monkeypatch):
    """wiring/README.md, step 2: copy pi4-basic.toml to my-table.toml in the folder Kaleun starts from,
    then `kaleun wiring my-table.toml` writes the page into the checkout's wiring/. That page said it was
    generated from `boards/my-table.toml`, a file that does not exist: the maker edits the wrong file or
    none. It names the file as given; the shipped boards' pages keep `boards/NAME`."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "my-table.toml").write_text((BOARDS / "pi4-basic.toml").read_text(encoding="utf-8"),
                                            encoding="utf-8")
    page = documents(load_board(Path("my-table.toml")))["my-table.md"]  # docs beside it: the checkout's wiring/
    assert "Generated by `kaleun wiring` from `my-table.toml`:" in page and "boards/my-table.toml" not in page
    shipped = documents(load_board(BOARDS / "pi4-basic.toml"))["pi4-basic.md"]
    assert "Generated by `kaleun wiring` from `boards/pi4-basic.toml`:" in shipped


def test_the_build_guide_says_how_to_reach_kaleun_before_its_steps_use_it():
    """A maker following wiring/README.md from a fresh clone: step 1 is `make play`, step 2 runs `kaleun
    board check ...`, which the shell did not find (`make play` puts kaleun into .venv/bin, not on the path).
    The step that installs Kaleun says how to reach the command before any step runs it."""
    text = (ROOT / "wiring" / "README.md").read_text(encoding="utf-8")
    steps = text[text.index("## Step by step"):]
    first_use = re.search(r"`kaleun [a-z]", steps)
    assert first_use is not None
    before = steps[:first_use.start()]
    assert "`make play`" in before and ". .venv/bin/activate" in before and "`.venv/bin/kaleun`" in before


def _with_real_strip(tmp_path: Path, board: str) -> Path:
    """A shipped board on gpiozero's mock pins or the fake hub whose lamps are a real strip on the
    Pi's SPI, as a maker builds the lamps first."""
    text = (BOARDS / f"{board}.toml").read_text(encoding="utf-8")
    text = text.replace('[lamps]\ndriver = "sim"\npixels = 15', '[lamps]\ndriver = "neopixel_spi"\npixels = 15\n'
                        'brightness = 0.25').replace('pi = "none"', 'pi = "pi4"')
    assert 'driver = "neopixel_spi"' in text
    path = tmp_path / f"{board}-strip.toml"
    path.write_text(text, encoding="utf-8")
    return path


@pytest.mark.parametrize(("board", "simulated"), [
    ("mock-gpio", ["Engine telegraph encoder: on gpiozero's mock pins", "Pause button: on gpiozero's mock pins"]),
    ("fake-hub", ["Deck hub (Pico) and its 9 NFC readers: a fake hub inside Kaleun"]),
])
def test_a_real_strip_beside_mocked_pins_or_a_fake_hub_gets_its_wiring_page(tmp_path, capsys, board, simulated):
    """`kaleun wiring` said "nothing to wire" for a board on mock GPIO or the fake hub that drives a real
    NeoPixel strip: the maker building the lamps first got no data pin, level shifter or supply. The page
    now wires the strip (and the screen) and names the simulated parts it leaves out; its budget gives the
    strip's draw as `kaleun board check` does."""
    from kaleun.cli import main

    path = _with_real_strip(tmp_path, board)
    out = tmp_path / "out"
    assert main(["wiring", str(path), "--out", str(out)]) == 0
    captured = capsys.readouterr()
    assert "nothing to wire" not in captured.err
    page = (out / f"{path.stem}.md").read_text(encoding="utf-8")
    harness = build(load_board(path))
    assert {"Level shifter", "NeoPixel strip", "Strip 5V supply", "Touch display"} <= set(harness.parts)
    assert not [name for name in harness.parts if "encoder" in name or "button" in name or "Reader" in name]
    assert "Pico" not in harness.hosts
    assert "| 19 | GPIO10 | Level shifter 1A |" in page  # the SPI MOSI pin drives the strip's data
    assert "- Strip 5V rail: 75 mA typical, 225 mA at most of the strip's 2 A supply." in page
    assert "Simulated, so not on this page (nothing to wire for them):" in page
    assert ("Figures: hub (the fake hub, simulated)." in page) == (board == "fake-hub")
    for part in simulated:
        assert any(line.startswith(f"- {part}") for line in page.splitlines()), (part, page)
    assert main(["board", "check", str(path)]) == 0
    assert "Strip 5V rail up to 225 of 2000 mA" in capsys.readouterr().out


def test_the_shipped_pages_name_no_simulated_part():
    """Every part of the shipped real boards is real: their pages leave nothing out."""
    for path in HARDWARE:
        assert "Simulated, so not on this page" not in documents(load_board(path))[f"{path.stem}.md"]
