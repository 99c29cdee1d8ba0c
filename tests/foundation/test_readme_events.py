"""host/README.md documents every event the program emits and every field an order or command takes: a
tester scripting the table looks an event of the log, or the field of a line, up there by its name.

Event names are read from the code as it emits them (`emit("name"`, Captain Sonar's `announce("name"`
and `tell(team, "name"`, the boat's `_wreck("name"`); a README table row that lists `a_b_started`,
`_paused` names `a_b_paused` too. Captain Sonar's public events declare their fields in
`sonar/visibility.py`: each of them is in its event's row of the Captain Sonar events table."""

from __future__ import annotations

import re

from kaleun.sonar import visibility
from kit import HOST

EMITS = re.compile(r'(?:\bemit|\bannounce|_wreck)\(\s*"([a-z_0-9.]+)"'
                   r'|\btell\(\s*[A-Za-z_.\[\]]+,\s*"([a-z_0-9.]+)"')


def _emitted() -> dict[str, str]:
    """Every event name the code emits -> the file that emits it first."""
    found: dict[str, str] = {}
    for path in sorted((HOST / "kaleun").rglob("*.py")):
        for match in EMITS.finditer(path.read_text(encoding="utf-8")):
            found.setdefault(match.group(1) or match.group(2), str(path.relative_to(HOST)))
    return found


def _documented(text: str) -> set[str]:
    """The names the README writes as `name`, with a table row's `_suffix` expanded from the name before it."""
    names: set[str] = set()
    for line in text.splitlines():
        last = None
        for token in re.findall(r"`([a-z_0-9.]+)`", line):
            if token.startswith("_") and last is not None and "_" in last:
                names.add(last.rsplit("_", 1)[0] + token)
                continue
            names.add(token)
            last = token
    return names


def test_every_event_the_program_emits_is_in_host_readme():
    emitted = _emitted()
    assert {"bell", "torpedo_fired", "mission_end", "start_cell", "crushed"} <= set(emitted)  # the reading works
    documented = _documented((HOST / "README.md").read_text(encoding="utf-8"))
    missing = sorted(f"{name} ({where})" for name, where in emitted.items() if name not in documented)
    assert not missing, "events emitted but not documented in host/README.md:\n" + "\n".join(missing)


def _sonar_rows() -> dict[str, str]:
    text = (HOST / "README.md").read_text(encoding="utf-8")
    start = text.index("\n## Captain Sonar")
    start = text.index("### Events\n", start)
    section = text[start:text.index("\n### ", start + 1)]
    rows: dict[str, str] = {}
    for row in section.splitlines():
        if row.startswith("| `"):
            for name in re.findall(r"`([a-z_0-9]+)`", row.split("|")[1]):
                rows[name] = row
    return rows


def test_digest_9_every_sonar_event_has_its_row_and_every_public_field_is_in_it():
    """Captain Sonar digest §9: what is public and what one team's. Each event of visibility.py has its row
    of host/README.md's Captain Sonar events table, and a public event's row names every field it may carry."""
    rows = _sonar_rows()
    assert sorted(set(visibility.PUBLIC) - set(rows)) == []
    assert sorted(visibility.PRIVATE - set(rows)) == []
    missing = sorted(f"{name}: {field}" for name, fields in visibility.PUBLIC.items() for field in fields
                     if f"`{field}`" not in rows[name])
    assert not missing, "public fields missing from their row of the Captain Sonar events table:\n" + "\n".join(missing)


def test_every_field_of_an_order_or_command_is_named_in_host_readme():
    """A tester writes `{"do": "order", "order": "first_aid", "patients": [...]}` from host/README.md: every
    field an order or a game command takes (its declaration in ui/actions.py) is named there."""
    from kaleun.ui.actions import ACTIONS

    text = (HOST / "README.md").read_text(encoding="utf-8")
    missing = sorted(f"{action.name}: {f.field}" for action in ACTIONS for f in action.fields
                     if f"`{f.field}`" not in text and f'"{f.field}"' not in text and f"{f.field}=" not in text)
    assert not missing, "fields not named in host/README.md:\n" + "\n".join(missing)


def test_each_row_of_host_readmes_order_and_command_tables_names_every_field_of_its_order():
    """§8.6: `first_aid` takes the patients and the medic who treats them. A tester who writes an order from its
    row of host/README.md's tables of orders and commands (the crew's, the corrections, the attack's) finds
    every field the order or command takes in that row, not only somewhere else in the file."""
    from kaleun.ui.actions import ACTIONS

    rows: dict[str, str] = {}
    in_table = False
    for line in (HOST / "README.md").read_text(encoding="utf-8").splitlines():
        if re.match(r"\| (order|command) \| fields \|", line):
            in_table = True
        elif not line.startswith("|"):
            in_table = False
        elif in_table and line.startswith("| `"):
            first, _, rest = line[2:].partition(" | ")
            for name in re.findall(r"`([a-z_0-9]+)`", first):
                rows[name] = rest
    assert {"first_aid", "repair", "cure", "attack_disc", "tdc"} <= set(rows)
    missing = sorted(f"{action.order or action.command}: {f.field}" for action in ACTIONS
                     if (action.order or action.command) in rows for f in action.fields
                     if f"`{f.field}`" not in rows[action.order or action.command])
    assert not missing, "fields missing from their order's or command's row in host/README.md:\n" + "\n".join(missing)


def test_every_lamp_scene_is_lit_by_an_event_the_program_emits():
    """host/README.md, "Lamp scenes": a `[[scene]]` of lamp_scenes.toml (its `event`, and the `until` event that
    ends it) names an event of the log; a misspelt one would load and never light."""
    from kaleun.runtime.lamps import load_scenes

    emitted = _emitted()
    named = {name for scene in load_scenes() if scene.event for name in (scene.event, scene.until) if name}
    assert {"watch_change", "hub_online"} <= named
    assert sorted(named - set(emitted)) == []
