"""The attack, interfaces: every order field, command and event of the attack is in host/README.md's
tables ("The attack": Orders, Commands, Events) — an event the weapons emit, or a field an attack order
takes, that a reader cannot look up there fails here."""

from __future__ import annotations

import re

import pytest
from kaleun.ui.actions import for_order
from kit import HOST

SOURCES = sorted((HOST / "kaleun" / "uboot" / "weapons").glob("*.py")) + [
    HOST / "kaleun" / "uboot" / "sea" / name for name in ("torpedo_run.py", "shipdamage.py", "minefield.py")]
ORDERS = ("reload_torpedo", "flood_tubes", "tdc", "fire_torpedoes", "lay_mines", "gun_88", "gun_20")


def _section() -> str:
    text = (HOST / "README.md").read_text(encoding="utf-8")
    start = text.index("\n## The attack")
    return text[start:text.index("\n## ", start + 1)]


def _rows(title: str) -> dict[str, str]:
    """The table under `### title`: its first column's names (each `name` in it) -> the row."""
    section = _section()
    start = section.index(f"### {title}\n")
    end = section.find("\n### ", start + 1)
    out = {}
    for row in section[start:end if end > 0 else None].splitlines():
        if row.startswith("| `"):
            first = row.split("|")[1]
            for name in re.findall(r"`([a-z_0-9]+)`", first):
                out[name] = row
    return out


def test_every_event_of_the_attack_is_in_the_events_table():
    emitted = sorted({name for path in SOURCES
                      for name in re.findall(r"\.emit\(\s*\"([a-z_]+)\"", path.read_text(encoding="utf-8"))})
    assert "torpedo_stowed" in emitted and "salvo" in emitted
    events = _rows("Events")
    assert [name for name in emitted if name not in events] == []


@pytest.mark.parametrize("order", ORDERS)
def test_every_field_of_an_attack_order_is_in_its_row_of_the_orders_table(order):
    row = _rows("Orders")[order]
    action = for_order(order)
    assert action is not None
    fields = [f.field for f in action.fields]
    assert fields and [f for f in fields if f"`{f}`" not in row] == []


def test_the_attack_disc_command_is_in_the_commands_table():
    assert "attack_disc" in _rows("Commands")


def test_the_attacks_worked_example_is_the_real_script_and_its_real_output():
    """The attack, interfaces: the worked example ("a surfaced night attack ... fired from a table script, that
    sinks a ship") is the script in tests/weapons/scripts/night_attack.jsonl line for line (its comment lines
    aside), and each event the README shows is in the run as shown, in order (`clock` left out; the TDC's
    stern solution shortened to {"...": "..."})."""
    import io
    import json
    from pathlib import Path

    from kaleun.boards.loader import default_board
    from kaleun.runtime.script import EventWriter, ScriptRun
    from kaleun.uboot.game import new_game

    section = _section()
    example = section[section.index("### Worked example: a surfaced night attack"):]
    script_block, shown = re.findall(r"```jsonl\n(.*?)```", example, re.S)[:2]
    command = re.search(r"`(kaleun run --mission (\S+) --seed (\d+) --script (\S+) [^`]*)`", example)
    assert command is not None
    mission, seed, path = command.group(2), int(command.group(3)), HOST.parent / command.group(4)
    lines = [line for line in path.read_text(encoding="utf-8").splitlines() if not line.startswith("#")]
    assert script_block.splitlines() == lines
    game = new_game(seed, mission)
    out = io.StringIO()
    ScriptRun(game, default_board(), EventWriter(out)).run(Path(path))
    events = [json.loads(line) for line in out.getvalue().splitlines()]
    position = 0
    for want in (json.loads(line) for line in shown.splitlines()):
        while position < len(events):
            got = {k: v for k, v in events[position].items() if k != "clock"}
            position += 1
            if got["t"] == want["t"] and got["event"] == want["event"]:
                for key, value in want.items():
                    if value != {"...": "..."}:
                        assert got[key] == value, (want["event"], key)
                assert set(got) == set(want), want["event"]
                break
        else:
            raise AssertionError(f"not in the run, or out of order: {want}")
