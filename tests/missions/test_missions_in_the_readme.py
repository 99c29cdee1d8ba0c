"""The missions, interfaces: missions are "documented in host/README.md" — every field of a mission file, every
objective kind with its fields, every key of a signal and an encounter, and every event the mission code
emits has its row in "Missions, HQ and the patrol" (the mission file format, the objectives, the events). A
key a mission maker can write, or an event a script reader meets, that the README does not name fails here."""

from __future__ import annotations

import re

import pytest
from kaleun.uboot.missions import catalogue as cat
from kit import HOST

SOURCES = [HOST / "kaleun" / "uboot" / "mission.py", *sorted((HOST / "kaleun" / "uboot" / "missions").glob("*.py"))]


def _section() -> str:
    text = (HOST / "README.md").read_text(encoding="utf-8")
    start = text.index("\n## Missions, HQ and the patrol")
    return text[start:text.index("\n## ", start + 1)]


def _table_after(heading: str, first_column: str) -> dict[str, str]:
    """The rows of the first table after `heading` whose header's first column is `first_column`: each `name`
    of a row's first cell -> the row."""
    section = _section()
    start = section.index(heading)
    rows: dict[str, str] = {}
    inside = False
    for line in section[start:].splitlines():
        if line.startswith(f"| {first_column} |"):
            inside = True
            continue
        if inside and not line.startswith("|"):
            break
        if inside and line.startswith("| `"):
            for name in re.findall(r"`([a-z_0-9\[\]]+)`", line.split("|")[1]):
                rows[name.strip("[]")] = line
    assert rows, f"no table under {heading!r}"
    return rows


def test_every_field_of_a_mission_file_is_in_the_file_format_table():
    fields = _table_after("### The mission file format", "field")
    assert [key for key in cat.COMMON if key not in fields] == []


@pytest.mark.parametrize("kind", cat.OBJECTIVE_KINDS)
def test_every_objective_kind_and_its_fields_are_in_the_objectives_table(kind):
    kinds = _table_after("Objectives (`[[objective]]`", "kind")
    assert kind in kinds
    row = kinds[kind]
    assert [key for key in cat.OBJECTIVE_KEYS[kind] if f"`{key}`" not in row] == []


def test_every_key_of_a_signal_and_an_encounter_is_in_their_rows():
    fields = _table_after("### The mission file format", "field")
    for table, keys in (("radio", cat.RADIO_KEYS), ("encounter", cat.ENCOUNTER_KEYS)):
        row = fields[table]
        assert [key for key in keys if f"`{key}`" not in row] == [], table


def test_every_event_of_a_mission_is_in_the_events_table():
    emitted = sorted({name for path in SOURCES
                      for name in re.findall(r"\.emit\(\s*\"([a-z_]+)\"", path.read_text(encoding="utf-8"))})
    assert "radio_message" in emitted and "mission_end" in emitted
    events = _table_after("### Events", "event")
    assert [name for name in emitted if name not in events and name != "action_refused"] == []
