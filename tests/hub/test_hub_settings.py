"""One place to extend: a hub setting declared once, in the firmware's lib/kaleun_hub/settings.json,
reaches the board check (its range, with `file:line` problems), the host's hub options, the hub's
kaleun_hub.json (`hub_config`) and the firmware's config.py with nothing else edited; the tables of
boards/README.md and firmware/README.md show each declared setting as declared.
(host/README.md, "How to add a hub setting".)"""

from __future__ import annotations

import importlib.util
import json
import re
import shutil
from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from hubkit import ROOT
from kaleun.boards.loader import BoardError, load_board
from kaleun.hub import options
from kaleun.hub.options import SETTINGS, HubOptions, hub_config, hub_options, known_keys
from kaleun.hub.proto import config

FIRMWARE_LIB = ROOT / "firmware" / "lib" / "kaleun_hub"
DECLARATION = '''
"reader_retries": {"default": 2, "lowest": 0, "highest": 9, "serves": "readers", "hub_reads": true,
                   "meaning": "extra tries of a reader's scan before the scan counts as failed"}
'''
HEAD = '[board]\nname = "retries"\nformat = 0\n\n[figures]\nsensor = "hub"\n\n'
READER = '\n[[hub.readers]]\nsection = 1\ncs = "GP17"\n'


def _firmware_copy(tmp_path: Path, add: str = DECLARATION) -> Path:
    """A copy of the firmware's lib/kaleun_hub whose settings.json declares `add` as well."""
    lib = tmp_path / "lib" / "kaleun_hub"
    shutil.copytree(FIRMWARE_LIB, lib, ignore=shutil.ignore_patterns("__pycache__"))
    data = json.loads((lib / "settings.json").read_text(encoding="utf-8"))
    data["settings"].update(json.loads("{" + add + "}"))
    (lib / "settings.json").write_text(json.dumps(data, indent=2), encoding="utf-8")
    return lib


def _config_module(lib: Path) -> ModuleType:
    """The firmware's config.py of the copy, imported on its own (it reads the settings.json beside it)."""
    spec = importlib.util.spec_from_file_location("copied_kaleun_hub_config", lib / "config.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture
def retries(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The new setting declared in a copy of the firmware, and the host reading that declaration."""
    lib = _firmware_copy(tmp_path)
    declared = options.load_declaration(lib / "settings.json")["reader_retries"]
    monkeypatch.setitem(SETTINGS, "reader_retries", declared)
    return lib


def _board(tmp_path: Path, hub: str) -> Path:
    path = tmp_path / "board.toml"
    path.write_text(HEAD + '[hub]\nurl = "fake"\n' + hub, encoding="utf-8")
    return path


def test_a_new_setting_is_refused_by_the_board_check_until_it_is_declared(tmp_path, monkeypatch):
    # (a copy of Kaleun following the README's steps has it declared already)
    monkeypatch.setattr(options, "SETTINGS", {key: s for key, s in SETTINGS.items() if key != "reader_retries"})
    path = _board(tmp_path, "reader_retries = 4\n" + READER)
    with pytest.raises(BoardError) as info:
        load_board(path)
    assert f"{path}:10: unknown key 'reader_retries' in [hub]" in "\n".join(info.value.problems)


def test_a_new_setting_is_checked_with_its_declared_range_at_its_line(tmp_path, retries):
    path = _board(tmp_path, "reader_retries = 12\n" + READER)
    with pytest.raises(BoardError) as info:
        load_board(path)
    assert info.value.problems == [f"{path}:10: hub.reader_retries = 12 must be a whole number from 0 to 9"]


def test_a_new_setting_reaches_the_hubs_config_and_the_firmware_reads_it(tmp_path, retries):
    board = load_board(_board(tmp_path, "reader_retries = 4\n" + READER))
    assert hub_options(board).settings["reader_retries"] == 4
    cfg = hub_config(board)
    assert cfg["reader_retries"] == 4
    firmware = _config_module(retries)
    assert firmware.SETTINGS["reader_retries"] == (2, 0, 9)
    assert firmware.parse(cfg)["reader_retries"] == 4
    assert firmware.parse({"format": 1})["reader_retries"] == 2  # the declared default on the hub
    with pytest.raises(firmware.ConfigError, match="reader_retries must be a whole number from 0 to 9, got 10"):
        firmware.parse({**cfg, "reader_retries": 10})


def test_a_new_setting_left_out_of_a_board_takes_its_declared_default(tmp_path, retries):
    board = load_board(_board(tmp_path, READER))
    assert hub_config(board)["reader_retries"] == 2
    assert HubOptions().settings["reader_retries"] == 2


def test_a_new_setting_serving_the_readers_is_unread_on_a_board_without_readers(tmp_path, retries):
    path = _board(tmp_path, "reader_retries = 4\n")
    path.write_text(path.read_text(encoding="utf-8").replace('sensor = "hub"', 'sensor = "sim"'), encoding="utf-8")
    assert load_board(path).warnings == [f"{path}:10: hub.reader_retries has no effect: it serves the hub's NFC "
                                         "readers, and this board has no [[hub.readers]]"]


def test_a_setting_only_the_host_reads_stays_out_of_the_hubs_config(tmp_path, monkeypatch):
    lib = _firmware_copy(tmp_path, '"grace_ms": {"default": 700, "lowest": 0, "highest": 5000, "serves": "link", '
                                   '"hub_reads": false, "meaning": "how long the host waits"}')
    monkeypatch.setitem(SETTINGS, "grace_ms", options.load_declaration(lib / "settings.json")["grace_ms"])
    board = load_board(_board(tmp_path, "grace_ms = 900\n" + READER))
    assert hub_options(board).settings["grace_ms"] == 900
    assert "grace_ms" not in hub_config(board)
    assert "grace_ms" not in _config_module(lib).parse({"format": 1})


@pytest.mark.parametrize(("entry", "why"), [
    ('"scan_ms": {"default": 50, "lowest": 60, "highest": 100, "serves": "readers", "hub_reads": true, '
     '"meaning": "m"}', "setting scan_ms: default 50 is not from lowest 60 to highest 100"),
    ('"scan_ms": {"default": 50, "lowest": 0, "highest": 100, "serves": "sonar", "hub_reads": true, '
     '"meaning": "m"}', "setting scan_ms: serves 'sonar' is not one of link, readers, lamps"),
    ('"scan_ms": {"default": 50, "lowest": 0, "highest": 100, "hub_reads": true, "meaning": "m"}',
     "setting scan_ms must be an object with exactly default, lowest, highest, serves, hub_reads, meaning"),
    ('"scan_ms": {"default": 5.5, "lowest": 0, "highest": 100, "serves": "readers", "hub_reads": true, '
     '"meaning": "m"}', "setting scan_ms: default must be a whole number, got 5.5"),
])
def test_a_wrong_declaration_names_the_file_and_the_setting(tmp_path, entry, why):
    lib = _firmware_copy(tmp_path, entry)
    with pytest.raises(config.ConfigError, match=re.escape(f"settings.json: {why}")):
        options.load_declaration(lib / "settings.json")
    with pytest.raises(ValueError, match=re.escape(why)):  # the copy's own ConfigError
        _config_module(lib)


def test_the_readmes_example_is_the_declaration_tested_here():
    """host/README.md, "How to add a hub setting", step 1 shows exactly the entry these tests add."""
    text = (ROOT / "host" / "README.md").read_text(encoding="utf-8")
    section = text[text.index("### How to add a hub setting"):]
    shown = re.search(r"```json\n(.*?)```", section, re.S)
    assert shown is not None
    assert [line.strip() for line in shown.group(1).strip().splitlines()] == \
        [line.strip() for line in DECLARATION.strip().splitlines()]


# -- the declaration is the only one -----------------------------------------------------------
def _table(path: Path, heading: str) -> list[str]:
    """The rows of the first table after `heading` in the README at `path`."""
    text = path.read_text(encoding="utf-8")
    lines = text[text.index(heading):].splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith("|"))
    rows = []
    for line in lines[start + 2:]:
        if not line.startswith("|"):
            break
        rows.append(line)
    return rows


def _first_cells(rows: list[str]) -> list[str]:
    return [row.split("|")[1].strip() for row in rows]


def test_the_boards_readme_shows_each_hub_key_and_each_setting_as_declared():
    """boards/README.md, `[hub]`: a row per key of [hub]; a setting's row is its declaration
    (meaning, range, default)."""
    rows = _table(ROOT / "boards" / "README.md", "### `[hub]`")
    wanted = [f"| `{s.key}` | {s.meaning} ({s.lowest}–{s.highest}) | {s.default} |" for s in SETTINGS.values()]
    keys = [f"`{key}`" for key in known_keys() if key not in ("readers", "encoders")] + \
        ["`[[hub.readers]]`", "`[hub.encoders.<dial>]`"]
    assert _first_cells(rows) == keys, "boards/README.md, `[hub]`: a row per key, in this order: " + \
        ", ".join(keys) + "\nthe settings' rows:\n" + "\n".join(wanted)
    got = [row for row in rows if row.split("|")[1].strip().strip("`") in SETTINGS]
    assert got == wanted, "the settings' rows of boards/README.md:\n" + "\n".join(wanted)


def test_the_firmware_readme_shows_each_key_of_the_hubs_config_and_each_setting_as_declared():
    """firmware/README.md, kaleun_hub.json: a row per key the hub reads; a setting's row is its
    declaration (meaning, range, default)."""
    rows = _table(ROOT / "firmware" / "README.md", "### kaleun_hub.json")
    read = [s for s in SETTINGS.values() if s.hub_reads]
    written = hub_config(load_board(ROOT / "boards" / "pico-hub.toml"))
    wanted = [f"| `{s.key}` | {s.meaning}, {s.lowest}–{s.highest} ({s.default}) |" for s in read]
    keys = ["`format`", "`name`", *(f"`{s.key}`" for s in read), "`spi`", "`readers`", "`pixels`", "`encoders`"]
    assert _first_cells(rows) == keys, "firmware/README.md, kaleun_hub.json: a row per key, in this order: " + \
        ", ".join(keys) + "\nthe settings' rows:\n" + "\n".join(wanted)
    assert set(written) == {cell.strip("`") for cell in _first_cells(rows)}
    got = [row for row in rows if row.split("|")[1].strip().strip("`") in SETTINGS]
    assert got == wanted, "the settings' rows of firmware/README.md:\n" + "\n".join(wanted)


def test_the_firmware_reads_the_declared_settings_the_hub_reads():
    assert {s.key: (s.default, s.lowest, s.highest) for s in SETTINGS.values() if s.hub_reads} == config.SETTINGS
    assert {key: value for key, value in config.parse({"format": 1}).items() if key in SETTINGS} == \
        {s.key: s.default for s in SETTINGS.values() if s.hub_reads}


def _sources() -> list[Path]:
    return sorted([*(ROOT / "host" / "kaleun").rglob("*.py"), *(ROOT / "firmware").rglob("*.py")])


def test_no_module_keeps_its_own_default_or_range_of_a_setting():
    """A setting's default or range written beside its name in code ("scan_ms": 50,
    `scan_ms: int = 50`, "scan_ms": (0, 10000), `fault_after=5`, the debouncer's `misses=3`) would
    be a second declaration to keep in step. (The SPI bus's `baudrate`, a key of hub.spi, is
    another thing than the setting; its default is declared in settings.json too, see below.)"""
    names = "|".join(SETTINGS)
    second = re.compile(rf"""["']({names})["']\s*:\s*\(?\s*\d|\b({names})\s*:\s*int\s*=\s*\d"""
                        rf"""|\b({names})=\d|\bdef .*\b(misses|hits)=\d""")
    found = [f"{path.relative_to(ROOT)}:{n}: {line.strip()}" for path in _sources()
             for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
             if second.search(line)]
    assert found == []




def test_without_the_firmware_a_boards_hub_settings_go_unchecked_with_a_warning_at_its_line(tmp_path,
                                                                                             monkeypatch):
    """The settings are declared with the firmware: a Kaleun that cannot find it (a wrong
    KALEUN_FIRMWARE) still loads the board, and says at its [hub] that the settings went unchecked
    (the hub's commands then say what is missing: test_install_and_fake_cli.py)."""
    monkeypatch.setattr(options, "MISSING", "KALEUN_FIRMWARE=/nowhere is not the deck hub's firmware folder")
    monkeypatch.setattr(options, "SETTINGS", {})
    path = _board(tmp_path, "scan_ms = 20\n" + READER)
    assert load_board(path).warnings == [f"{path}:8: the deck hub's settings are not checked: KALEUN_FIRMWARE="
                                         "/nowhere is not the deck hub's firmware folder"]


# -- the hub's name, its SPI bus's defaults and the reader kinds: declared beside the settings ----
def _firmware_changed(tmp_path: Path, change: Callable[[dict[str, Any]], None]) -> Path:
    """A copy of the firmware's lib/kaleun_hub whose settings.json is changed by `change`."""
    lib = _firmware_copy(tmp_path, add="")
    data = json.loads((lib / "settings.json").read_text(encoding="utf-8"))
    change(data)
    (lib / "settings.json").write_text(json.dumps(data, indent=2), encoding="utf-8")
    return lib


def test_the_hubs_name_spi_bus_and_reader_kinds_are_read_from_the_declaration_on_both_sides(tmp_path):
    data = json.loads((FIRMWARE_LIB / "settings.json").read_text(encoding="utf-8"))
    spi, kinds = data["spi"], data["reader_kinds"]
    declared = (data["name"]["default"], spi["default"], (spi["baudrate"]["lowest"], spi["baudrate"]["highest"]),
                kinds["default"], tuple(kinds["one_of"]))
    assert declared == (options.NAME, options.SPI_DEFAULTS, options.SPI_BAUDRATE, options.READER_KIND,
                        options.READER_KINDS)
    assert declared == (config.NAME, config.SPI_DEFAULTS, config.SPI_BAUDRATE, config.READER_KIND,
                        config.READER_KINDS)
    # the defaults as each layer fills them in
    assert HubOptions().name == data["name"]["default"] and HubOptions().spi == spi["default"]
    assert options.ReaderSpec(section=1).kind == kinds["default"]
    bare = config.parse({"format": 1, "readers": [{"cs": "GP17", "section": 1}]})
    assert bare["name"] == data["name"]["default"] and bare["spi"] == spi["default"]
    assert bare["readers"][0]["kind"] == kinds["default"]
    board = load_board(_board(tmp_path, READER))  # a [hub] that sets none of them
    assert hub_config(board)["name"] == data["name"]["default"] and hub_config(board)["spi"] == spi["default"]
    assert hub_config(board)["readers"][0]["kind"] == kinds["default"]


def test_the_declared_defaults_pass_the_board_check():
    """The declared name is one word for the board check too, and the declared SPI pins are the SCK, TX
    and RX of one RP2040 SPI block, so a board that leaves them out is a good board."""
    found: list[str] = []
    check = options.check_hub_options
    check({"name": options.NAME, "spi": dict(options.SPI_DEFAULTS), "readers": [{"section": 1, "cs": "GP17"}]},
          lambda path, text: found.append(str(text)))
    check({"readers": [{"section": 1, "cs": "GP17", "kind": options.READER_KIND}]},
          lambda path, text: found.append(str(text)))
    assert found == []


def test_the_spi_baudrates_range_is_the_declared_one_in_the_board_check_and_on_the_hub(tmp_path):
    path = _board(tmp_path, "spi = { baudrate = 20000000 }\n" + READER)
    with pytest.raises(BoardError) as info:
        load_board(path)
    assert info.value.problems == [f"{path}:10: hub.spi.baudrate = 20000000 must be from 100000 to 10000000 "
                                   "(MFRC522: 10 MHz at most, keep it lower on long wires)"]
    with pytest.raises(config.ConfigError, match=re.escape("spi.baudrate must be a whole number from 100000 to "
                                                           "10000000, got 50")):
        config.parse({"format": 1, "spi": {"baudrate": 50}})


def test_a_changed_declaration_reaches_the_board_check_and_the_hub(tmp_path, monkeypatch):
    """Another default name, SPI bus, baudrate range and reader kinds, declared once in settings.json:
    the firmware's config.py of the copy and the host's reader of that file agree on them, and the
    board check words its refusals with them."""
    def change(data: dict[str, Any]) -> None:
        data["name"] = {"default": "bow-hub"}
        data["spi"] = {"default": {"sck": "GP10", "mosi": "GP11", "miso": "GP12", "baudrate": 1000000},
                       "baudrate": {"lowest": 200000, "highest": 2000000}}
        data["reader_kinds"] = {"default": "pn532", "one_of": ["pn532", "mfrc522"]}

    lib = _firmware_changed(tmp_path, change)
    firmware = _config_module(lib)
    wanted = ("bow-hub", {"sck": "GP10", "mosi": "GP11", "miso": "GP12", "baudrate": 1000000}, (200000, 2000000),
              "pn532", ("pn532", "mfrc522"))
    assert options.load_defaults(lib / "settings.json") == wanted
    assert wanted == (firmware.NAME, firmware.SPI_DEFAULTS, firmware.SPI_BAUDRATE, firmware.READER_KIND,
                      firmware.READER_KINDS)
    bare = firmware.parse({"format": 1, "readers": [{"cs": "GP17", "section": 1}]})
    assert bare["name"] == "bow-hub" and bare["spi"] == wanted[1] and bare["readers"][0]["kind"] == "pn532"
    with pytest.raises(firmware.ConfigError, match=re.escape("spi.baudrate must be a whole number from 200000 to "
                                                             "2000000")):
        firmware.parse({"format": 1, "spi": {"baudrate": 4000000}})
    for name, value in zip(("NAME", "SPI_DEFAULTS", "SPI_BAUDRATE", "READER_KIND", "READER_KINDS"), wanted,
                           strict=True):
        monkeypatch.setattr(options, name, value)
    found: list[str] = []
    options.check_hub_options({"spi": {"baudrate": 4000000}, "readers": [{"section": 1, "cs": "GP17", "kind": "x"}]},
                              lambda path, text: found.append(str(text)))
    assert found == ["hub.spi.baudrate = 4000000 must be from 200000 to 2000000 (MFRC522: 10 MHz at most, keep it "
                     "lower on long wires)", "hub.readers[0].kind = 'x' is not one of: pn532, mfrc522"]
    assert options.parse_hub_options({"readers": [{"section": 1, "cs": "GP17"}]}).readers[0].kind == "pn532"


def _drop(part: str) -> Callable[[dict[str, Any]], None]:
    return lambda data: data.pop(part)


def _put(part: str, value: Any) -> Callable[[dict[str, Any]], None]:
    return lambda data: data.__setitem__(part, value)


SPI_PINS = {"sck": "GP18", "mosi": "GP19", "miso": "GP16"}
RANGE = {"lowest": 100000, "highest": 10000000}


@pytest.mark.parametrize(("change", "why"), [
    (_drop("spi"), "no spi declared (it declares settings, name, spi, reader_kinds)"),
    (_put("name", {"default": "deck hub"}), "name: default must be one word, got 'deck hub'"),
    (_put("name", "deck-hub"), "name must be an object with exactly default"),
    (_put("spi", {"default": {**SPI_PINS, "baudrate": 20000000}, "baudrate": RANGE}),
     "spi default: baudrate 20000000 is not from lowest 100000 to highest 10000000"),
    (_put("spi", {"default": SPI_PINS, "baudrate": RANGE}),
     "spi default must be an object with exactly sck, mosi, miso, baudrate"),
    (_put("spi", {"default": {**SPI_PINS, "baudrate": 4000000}, "baudrate": {"lowest": 100000}}),
     "spi baudrate must be an object with exactly lowest, highest"),
    (_put("spi", {"default": {**SPI_PINS, "sck": "", "baudrate": 4000000}, "baudrate": RANGE}),
     "spi default: sck must be a pin name such as GP18, got ''"),
    (_put("reader_kinds", {"default": "rc522", "one_of": ["mfrc522", "pn532"]}),
     "reader_kinds: default 'rc522' is not one of mfrc522, pn532"),
    (_put("reader_kinds", {"default": "pn532", "one_of": ["pn532", "pn532"]}),
     "reader_kinds: one_of has 'pn532', each kind must be one word, once"),
])
def test_a_wrong_declaration_of_the_name_spi_bus_or_reader_kinds_names_the_file_and_the_part(tmp_path, change,
                                                                                                why):
    lib = _firmware_changed(tmp_path, change)
    with pytest.raises(config.ConfigError, match=re.escape(f"settings.json: {why}")):
        options.load_defaults(lib / "settings.json")
    with pytest.raises(ValueError, match=re.escape(why)):  # the copy's own ConfigError
        _config_module(lib)


def test_a_declared_name_a_board_could_not_give_is_refused_by_the_host(tmp_path):
    lib = _firmware_changed(tmp_path, _put("name", {"default": "deck/hub"}))
    with pytest.raises(config.ConfigError, match=re.escape("settings.json: name: default 'deck/hub' must be one "
                                                           "word of letters, digits, - _ . for a board file")):
        options.load_defaults(lib / "settings.json")


def _second_copies() -> list[re.Pattern[str]]:
    """What a second declaration of the hub's name, SPI bus defaults, baudrate range or reader kinds
    looks like in code, made from the one declaration."""
    quote = "[\"']"
    kinds = "|".join(re.escape(kind) for kind in config.READER_KINDS)
    pins = [rf"\b{key}{quote}?\s*[:=]\s*{quote}{re.escape(value)}{quote}"
            for key, value in config.SPI_DEFAULTS.items() if key != "baudrate"]
    return [re.compile(rf"{quote}{re.escape(config.NAME)}{quote}"),  # "deck-hub"
            *(re.compile(pin) for pin in pins),  # "sck": "GP18", sck = "GP18"
            # a reader's kind by default: kind: str = "mfrc522", .get("kind", "mfrc522"), "kind": "mfrc522"
            re.compile(rf"\bkind{quote}?\s*(?::\s*str\s*)?(?:=(?!=)|:|,)\s*{quote}({kinds}){quote}")]


def _numbers(line: str) -> set[int]:
    return {int(token.replace("_", "")) for token in re.findall(r"(?<![\w.])\d[\d_]*\d(?![\w.])", line)}


def _is_second_copy(line: str) -> bool:
    spi = {config.SPI_DEFAULTS["baudrate"], *config.SPI_BAUDRATE}
    listed = set(re.findall("[\"'](" + "|".join(re.escape(k) for k in config.READER_KINDS) + ")[\"']", line))
    return (any(pattern.search(line) for pattern in _second_copies())
            or len(listed) > 1  # ("mfrc522", "pn532")
            or (re.search(r"baud|spi", line, re.I) is not None and bool(_numbers(line) & spi)))  # 100000, 10000000


@pytest.mark.parametrize("line", [
    'NAME = "deck-hub"', "name: str = 'deck-hub'", 'name = options.get("name", "deck-hub")',
    'SPI_DEFAULTS = {"sck": "GP18", "mosi": "GP19", "miso": "GP16", "baudrate": 4_000_000}',
    'spi = {"miso": "GP16"}', 'READER_KINDS = ("mfrc522", "pn532")', 'kind: str = "mfrc522"',
    'kind = reader.get("kind", "mfrc522")', 'readers = [{"kind": "mfrc522", "cs": cs}]',
    'cfg["spi"]["baudrate"] = _whole(value, "spi.baudrate", 100000, 10000000)',
    'Msg("hub.spi.baudrate = {rate} must be from 100_000 to 10_000_000", rate=rate)',
])
def test_the_guard_knows_a_second_copy_when_it_sees_one(line):
    assert _is_second_copy(line)


@pytest.mark.parametrize("line", [
    'if reader.kind == "mfrc522":', 'elif entry["kind"] == "pn532":', '"GP18": 24, "GP19": 25,',
    'h.count(1, "Raspberry Pi Pico with CircuitPython and the deck-hub firmware", "amidships")',
    "link = Path(self._tmp.name) / NAME", "baudrate=opts.baudrate",
])
def test_the_guard_lets_uses_of_the_declaration_pass(line):
    assert not _is_second_copy(line)


def test_no_module_keeps_its_own_hub_name_spi_defaults_or_reader_kinds():
    """The hub's default name, the SPI bus's defaults and its baudrate's range, and the reader kinds are
    declared in settings.json only (the firmware's config.py reads them: NAME, SPI_DEFAULTS,
    SPI_BAUDRATE, READER_KIND, READER_KINDS; the host's hub/options.py takes them from there). The
    same values written again in any module would be a second declaration to keep in step."""
    found = [f"{path.relative_to(ROOT)}:{n}: {line.strip()}" for path in _sources()
             for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1) if _is_second_copy(line)]
    assert found == []


def _row(path: Path, heading: str, key: str) -> list[str]:
    """The cells of the row of `key` in the first table after `heading`."""
    rows = [row for row in _table(path, heading) if row.split("|")[1].strip() == key]
    assert len(rows) == 1, key
    return [cell.strip() for cell in re.split(r"(?<!\\)\|", rows[0].strip().strip("|"))]  # not at "\|"


def test_the_readmes_show_the_declared_name_spi_bus_and_reader_kinds():
    """boards/README.md's [hub] table and firmware/README.md's kaleun_hub.json table state the declared
    default name, SPI bus (with its baudrate's range) and reader kinds."""
    boards, firmware = ROOT / "boards" / "README.md", ROOT / "firmware" / "README.md"
    spi = config.SPI_DEFAULTS
    shown = f"{spi['sck']}, {spi['mosi']}, {spi['miso']}, {spi['baudrate']}"
    lowest, highest = config.SPI_BAUDRATE
    kinds = " or ".join(f'`"{kind}"`' for kind in config.READER_KINDS)
    assert _row(boards, "### `[hub]`", "`name`")[2] == f'`"{config.NAME}"`'
    assert _row(boards, "### `[hub]`", "`spi`")[2] == shown
    assert f"baudrate from {lowest} to {highest}" in _row(boards, "### `[hub]`", "`spi`")[1]
    readers = _row(boards, "### `[hub]`", "`[[hub.readers]]`")
    assert f"`kind` ({kinds})" in readers[1] and readers[2] == f'kind `"{config.READER_KIND}"`'
    assert _row(firmware, "### kaleun_hub.json", "`name`")[1].endswith(f"(`{config.NAME}`)")
    assert _row(firmware, "### kaleun_hub.json", "`spi`")[1].endswith(f"({shown})")
    assert f"`baudrate` {lowest}–{highest}" in _row(firmware, "### kaleun_hub.json", "`spi`")[1]
    readers = _row(firmware, "### kaleun_hub.json", "`readers`")[1]
    assert readers.startswith("list of `{kind: " + r" \| ".join(config.READER_KINDS) + ", cs, section, rst?}`") \
        and f"at most {config.MAX_READERS};" in readers and f"(`{config.READER_KIND}` when left out)" in readers


def test_without_the_firmware_a_boards_name_spi_bus_and_reader_kinds_go_unchecked_too(tmp_path, monkeypatch):
    """The hub's default name, SPI bus and reader kinds are declared with the firmware as well: without
    it the board still loads, with the one warning at its [hub], and its hub.spi and readers' kinds
    are left to the hub."""
    monkeypatch.setattr(options, "MISSING", "KALEUN_FIRMWARE=/nowhere is not the deck hub's firmware folder")
    monkeypatch.setattr(options, "SETTINGS", {})
    for name, value in zip(("NAME", "SPI_DEFAULTS", "SPI_BAUDRATE", "READER_KIND", "READER_KINDS"),
                           options._UNDECLARED, strict=True):
        monkeypatch.setattr(options, name, value)
    path = _board(tmp_path, 'name = "aft-hub"\nspi = { sck = "GP2", baudrate = 20000000 }\n'
                            '\n[[hub.readers]]\nsection = 1\ncs = "GP17"\nkind = "pn532"\n')
    board = load_board(path)
    assert board.warnings == [f"{path}:8: the deck hub's settings are not checked: KALEUN_FIRMWARE=/nowhere is "
                              "not the deck hub's firmware folder"]
    assert options.parse_hub_options(board.hub.options).name == "aft-hub"
