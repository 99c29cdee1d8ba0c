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


#: table scripts of the sea and the attack, each with the mission it is played on
_SEA_SCRIPTS = (("sea/scripts/convoy_lookouts.jsonl", "exercise_convoy"),
                ("sea/scripts/escort_hunt.jsonl", "exercise_escort"),
                ("sea/scripts/sextant.jsonl", "training"), ("sea/scripts/dive_battery.jsonl", "training"),
                ("sea/scripts/grounding.jsonl", "exercise_shoal"),
                ("weapons/scripts/night_attack.jsonl", "exercise_convoy_battle"),
                ("weapons/scripts/periscope_attack.jsonl", "exercise_convoy_battle"))


def test_the_sea_and_the_attack_event_tables_name_every_field_their_events_carry(tmp_path):
    """host/README.md, "The sea" ("Orders, commands and events") and "The attack" ("Events"): a tester who reads
    an event of a sea or attack script's log finds each of its fields in the event's row (a row that defers to
    the text above, "see above", is left to it)."""
    from kaleun.uboot.game import new_game
    from kit import ROOT, play_script

    text = (HOST / "README.md").read_text(encoding="utf-8")

    def part(start: str, end: str) -> str:
        begun = text[text.index("\n" + start):]
        return begun[:begun.index("\n" + end)]

    rows: dict[str, list[str]] = {}
    for line in (part("### Orders, commands and events", "### Missions")
                 + part("## The attack (", "### Worked example: a surfaced")).splitlines():
        if line.startswith("| `"):
            for name in re.findall(r"`([a-z_0-9]+)`", line[2:].split(" | ")[0]):
                rows.setdefault(name, []).append(line)
    missing: set[str] = set()
    seen: set[str] = set()
    for script, mission in _SEA_SCRIPTS:
        lines = [line for line in (ROOT / "tests" / script).read_text(encoding="utf-8").splitlines()
                 if line.strip() and not line.startswith(("#", "//"))]
        _, events = play_script(tmp_path, lines, game=new_game(0, mission))
        for event in events:
            name = event["event"]
            if name not in rows or any("see above" in row for row in rows[name]):
                continue
            seen.add(name)
            missing |= {f"{name}: {field}" for field in event if field not in ("t", "clock", "event", "feed")
                        and not any(re.search(rf"(?<![a-z_]){field}(?![a-z_])", row) for row in rows[name])}
    assert {"periscope_view", "torpedo_fired", "ship_sunk", "contact"} <= seen
    assert not missing, "fields missing from their event's row in host/README.md:\n" + "\n".join(sorted(missing))


def _event_rows(text: str) -> dict[str, list[str]]:
    """Every row of host/README.md's U-BOOT event tables (those headed `| event |`) by the event names it holds."""
    rows: dict[str, list[str]] = {}
    in_table = False
    for line in text[:text.index("\n## Captain Sonar")].splitlines():
        if line.startswith("| event |"):
            in_table = "| segment |" not in line  # the lamps' table of events is no table of the log
        elif not line.startswith("|"):
            in_table = False
        elif in_table and line.startswith("| `"):
            last = None
            for name in re.findall(r"`([a-z_0-9.]+)`", line[2:].split(" | ")[0]):
                if name.startswith("_") and last is not None:
                    name = last.rsplit("_", 1)[0] + name
                else:
                    last = name
                rows.setdefault(name, []).append(line)
    return rows


def test_every_row_of_host_readmes_event_tables_names_an_event_the_program_emits():
    """The reverse of the check above: a row of an event table whose event the code never emits (renamed, or gone)
    would send a tester reading the log looking for a line that never comes."""
    rows = _event_rows((HOST / "README.md").read_text(encoding="utf-8"))
    assert {"mission_end", "torpedo_hit", "crew_watch_change", "technical_repair_paused"} <= set(rows)
    assert sorted(set(rows) - set(_emitted())) == []


def _shipped_logs(tmp_path) -> list[dict]:
    """The events of every shipped table script: each mission's win and lose scripts, the sea's, the attack's and
    the crew's."""
    from kaleun.uboot.game import new_game
    from kit import ROOT, play_script

    scripts = [(path, path.name.split(".")[0]) for path in sorted((ROOT / "tests/missions/scripts").glob("*.*.jsonl"))]
    others = (*_SEA_SCRIPTS, ("crew/scripts/two_watches.jsonl", "training"))
    scripts += [(ROOT / "tests" / script, mission) for script, mission in others]
    events: list[dict] = []
    for path, mission in scripts:
        lines = [line for line in path.read_text(encoding="utf-8").splitlines()
                 if line.strip() and not line.startswith(("#", "//"))]
        events += play_script(tmp_path, lines, game=new_game(0, mission))[1]
    return events


def test_the_events_of_every_shipped_script_have_their_row_and_their_fields_in_host_readme(tmp_path):
    """host/README.md's event tables (the table scripts', the crew's, the sea's, the attack's, the missions'): every
    event of every shipped script's log (the missions' win and lose scripts, the sea's, the attack's, the crew's) has
    its row, and its row names each field it carries; `order_accepted` and `order_rejected` carry the order's fields
    (its row in the order tables), `mission_end` the score's fields of "The debrief". A `time_compression`'s row
    names its `reason` (the passage home's `passage` was missing)."""
    from kaleun.ui.actions import ACTIONS

    text = (HOST / "README.md").read_text(encoding="utf-8")
    rows = _event_rows(text)
    debrief = text[text.index("\n### The debrief\n"):text.index("\n### Linked missions and the campaign")]
    order_fields = {f.field for action in ACTIONS for f in action.fields}
    events = _shipped_logs(tmp_path)
    names = {event["event"] for event in events}
    assert {"objective", "radio_message", "torpedo_hit", "ship_sunk", "crew_watch_change", "mission_end"} <= names
    assert sorted(names - set(rows)) == []
    missing: set[str] = set()
    for event in events:
        name = event["event"]
        said = "\n".join(rows[name]) + (debrief if name == "mission_end" else "")
        for field in event:
            if field in ("t", "clock", "event", "feed") or (name.startswith("order_") and field in order_fields):
                continue
            if not re.search(rf"(?<![a-z_]){field}(?![a-z_])", said) and "see above" not in said:
                missing.add(f"{name}: {field}")
        if name == "time_compression":
            missing |= {f"time_compression: reason {event['reason']}"} if f"`{event['reason']}`" not in said else set()
    assert not missing, "fields missing from their event's row in host/README.md:\n" + "\n".join(sorted(missing))
