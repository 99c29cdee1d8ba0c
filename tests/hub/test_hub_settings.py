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
from pathlib import Path
from types import ModuleType

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
    another thing than the setting.)"""
    names = "|".join(SETTINGS)
    second = re.compile(rf"""["']({names})["']\s*:\s*\(?\s*\d|\b({names})\s*:\s*int\s*=\s*\d"""
                        rf"""|\b({names})=\d|\bdef .*\b(misses|hits)=\d""")
    found = [f"{path.relative_to(ROOT)}:{n}: {line.strip()}" for path in _sources()
             for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
             if second.search(line) and "SPI_DEFAULTS" not in line]
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
