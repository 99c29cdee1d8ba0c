"""Issue 8, Interfaces: every order field, command and event of the attack is in host/README.md's
tables ("The attack": Orders, Commands, Events) — an event the weapons emit, or a field an attack order
takes, that a reader cannot look up there fails here."""

from __future__ import annotations

import re

import pytest
from kaleun.ui.actions import for_order
from kit import HOST

SOURCES = [HOST / "kaleun" / "uboot" / "weapons" / name for name in ("module.py", "guns.py")] + [
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
