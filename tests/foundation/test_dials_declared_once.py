"""One place to extend: a dial declared in boards/dials.toml reaches the board loader, the
adapters, the table, the deck hub's options and the wiring generator with nothing else edited.
(host/README.md, "How to add a dial".)"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from kaleun.boards import dials
from kaleun.boards.loader import load_board
from kaleun.hub.options import hub_config
from kaleun.runtime.table import Table
from kaleun.uboot.game import new_game
from kaleun.wiring.generate import build
from kit import PERISCOPE_RING, TRIM_DIAL, dials_declared_with


@pytest.fixture
def periscope(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> dials.DialDecl:
    declared = dials_declared_with(tmp_path, PERISCOPE_RING)["periscope_bearing"]
    monkeypatch.setitem(dials.DIALS, "periscope_bearing", declared)
    return declared


def _board(tmp_path: Path, text: str) -> Any:
    path = tmp_path / "board.toml"
    path.write_text('[board]\nname = "periscope"\nformat = 0\npi = "pi4"\n' + text, encoding="utf-8")
    return load_board(path)


def test_a_new_ring_turns_on_screen_and_feeds_its_command(tmp_path, periscope):
    table = Table(_board(tmp_path, ""), new_game(0))
    got: list[dict[str, Any]] = []
    table.start(got.append)
    try:
        table.actuate({"do": "turn", "dial": "periscope_bearing", "steps": -15})
        assert got == [{"do": "periscope", "bearing": 345, "via": "periscope"}]
        assert table.game.table_state["periscope_bearing"] == 345
    finally:
        table.close()


def test_a_new_ring_on_gpio_is_checked_counted_homed_and_wired(tmp_path, periscope):
    ring = ('[dials.periscope_bearing]\ndriver = "gpio"\npin_a = 5\npin_b = 6\nsteps_per_revolution = 720\n'
            'home = "switch"\nhome_pin = 13\n')
    board = _board(tmp_path, '[gpio]\npin_factory = "mock"\n' + ring)
    table = Table(board, new_game(0))
    got: list[dict[str, Any]] = []
    table.start(got.append)
    try:
        table.actuate({"do": "home", "dial": "periscope_bearing"})
        table.actuate({"do": "turn", "dial": "periscope_bearing", "steps": 90})
        assert got[-1] == {"do": "periscope", "bearing": 90, "via": "periscope"}
        assert table.dials["periscope_bearing"].encoder.steps == 180  # 2 encoder steps a degree
    finally:
        table.close()
    wiring = build(_board(tmp_path, ring))  # the same ring on the Pi's own pins (mock pins are not wired)
    assert wiring.parts["Periscope bearing ring encoder"].wired["A (black)"] == ["Pi pin 29"]
    assert wiring.parts["Periscope bearing ring home switch"].wired["1"] == ["Pi pin 33"]


def test_a_new_ring_on_the_hub_gets_its_encoder_in_the_hubs_config(tmp_path, periscope):
    board = _board(tmp_path, '[figures]\nsensor = "hub"\n[hub]\nurl = "fake"\n[[hub.readers]]\nsection = 1\n'
                   'cs = "GP17"\n[hub.encoders.periscope_bearing]\na = "GP8"\nb = "GP9"\nhome_pin = "GP14"\n'
                   '[dials.periscope_bearing]\nhome = "switch"\n')
    assert board.dials["periscope_bearing"].driver == "hub"
    assert hub_config(board)["encoders"] == [{"a": "GP8", "b": "GP9", "divisor": 4, "home_pin": "GP14"}]


def test_the_readmes_example_is_the_declaration_tested_here():
    """host/README.md, "How to add a dial", step 1 shows exactly the table these tests add."""
    import re

    from kit import HOST

    text = (HOST / "README.md").read_text(encoding="utf-8")
    section = text[text.index("### How to add a dial"):]
    shown = re.search(r"```toml\n(.*?)```", section, re.S)
    assert shown is not None
    assert [line.strip() for line in shown.group(1).strip().splitlines()] == PERISCOPE_RING.strip().splitlines()


def test_each_dial_declared_has_its_row_in_the_readmes_tables_of_dials():
    """host/README.md, "How to add a dial", step 5: a dial of dials.toml has its row in the table of dials of
    host/README.md ("Dials: declared once") and of boards/README.md (`[dials.NAME]`), and no row names a dial
    the declaration lacks; boards/README.md's `[hub.encoders.<dial>]` row lists them all."""
    import re

    from kit import HOST, ROOT

    def rows(text: str, heading: str) -> list[str]:
        table = text[text.index(heading):]
        table = table[table.index("| dial |"):]
        table = table[:table.index("\n\n")]
        return [m.group(1) for m in re.finditer(r"^\| `([a-z_0-9]+)` \|", table, re.M)]

    host = (HOST / "README.md").read_text(encoding="utf-8")
    boards = (ROOT / "boards" / "README.md").read_text(encoding="utf-8")
    assert rows(host, "### Dials: declared once") == list(dials.DIAL_NAMES)
    assert rows(boards, "### `[dials.NAME]`") == list(dials.DIAL_NAMES)
    encoders = next(line for line in boards.splitlines() if line.startswith("| `[hub.encoders.<dial>]`"))
    listed = encoders[encoders.index("dials.toml`"):].split(")", 1)[0]
    assert re.findall(r"`([a-z_0-9]+)`", listed) == list(dials.DIAL_NAMES)


def test_a_new_dial_with_positions_is_offered_by_the_consoles_dial_command(tmp_path):
    """host/README.md, "How to add a dial": a dial with positions other than the telegraph's is set with
    `dial NAME POSITION` like the telegraph; `help dial` offered the telegraph's positions alone, as if no other
    dial could have any, and called every ring a ring of the attack disc."""
    from kaleun.ui.actions import ACTIONS, dial_positions

    declared = dials_declared_with(tmp_path, TRIM_DIAL)
    assert dial_positions(declared) == ("full_astern", "stop", "slow_ahead", "half_ahead", "full_ahead",
                                        "bow_heavy", "level", "stern_heavy")
    dial = next(action for action in ACTIONS if action.name == "dial")
    value = next(f for f in dial.fields if f.name == "value")
    assert value.choices == dial_positions(dials.DIALS)  # the shipped dials, read from their declaration
    assert "attack disc" not in str(dial.summary) + str(value.help)
    home = next(action for action in ACTIONS if action.name == "home")
    assert "attack disc" not in str(home.summary)


def test_a_new_dial_following_a_value_the_game_lacks_is_named_not_a_traceback(tmp_path, monkeypatch):
    """host/README.md, "How to add a dial", step 2: until the game has what a new dial `follows`, the table
    does not start, and says which dial and which value (it stopped `kaleun play` with an AttributeError)."""
    from kaleun.runtime.table import TableError

    following = dials_declared_with(tmp_path, TRIM_DIAL + 'follows = "boat.trim"\n')["trim"]
    monkeypatch.setitem(dials.DIALS, "trim", following)
    with pytest.raises(TableError) as refused:
        Table(_board(tmp_path, ""), new_game(0))
    assert str(refused.value).startswith("dials.toml: trim: follows = 'boat.trim', which this game does not have")
