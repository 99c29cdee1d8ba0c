"""One place to extend: the lamp patterns are declared once, in `PATTERNS` of the hub firmware's
lamps module (host/README.md, "Extending Kaleun", a lamp scene); no other firmware module keeps a
list of them that a maker adding a pattern would have to find (or would be misled by)."""

from __future__ import annotations

import re

from kit import ROOT


def test_no_firmware_module_but_lamps_lists_the_patterns():
    declaring = sorted(path.name for path in (ROOT / "firmware" / "lib" / "kaleun_hub").glob("*.py")
                       if re.search(r"^PATTERNS\s*=", path.read_text(encoding="utf-8"), re.M))
    assert declaring == ["lamps.py"]


def _undocumented(patterns: list[str]) -> list[str]:
    """The patterns of `patterns` that firmware/README.md's table of lamp patterns ("Lamp patterns") or
    host/README.md's list of them ("Lamp scenes", **Patterns**) does not name."""
    firmware = (ROOT / "firmware" / "README.md").read_text(encoding="utf-8")
    table = firmware.split("### Lamp patterns", 1)[1].split("\n#", 1)[0]
    rows = {name for line in table.splitlines() if line.startswith("| `")
            for name in re.findall(r"`([a-z_]+)`", line.split("|")[1])}
    host = (ROOT / "host" / "README.md").read_text(encoding="utf-8")
    listed = set(re.findall(r"`([a-z_]+)`", host.split("**Patterns** are declared once", 1)[1].split("\n\n", 1)[0]))
    return [f"{name}: no row in firmware/README.md's table of lamp patterns" for name in patterns
            if name not in rows] + [f"{name}: not in host/README.md's list of patterns (Lamp scenes)"
                                    for name in patterns if name not in listed]


def test_every_pattern_has_its_row_in_the_readmes():
    """A pattern added to `PATTERNS` is named where makers read what the lamps can show: its row
    in firmware/README.md's table (what it does, its period) and host/README.md's list."""
    from kaleun.runtime.lamps import PATTERNS

    assert _undocumented(list(PATTERNS)) == []


def test_a_new_pattern_is_missed_until_the_readmes_name_it(monkeypatch):
    """Adding a pattern as host/README.md says ("Extending Kaleun", a lamp scene): one entry in the
    firmware's table, which the Pi loads too, and the check above names the two READMEs it lacks."""
    from kaleun.runtime import lamps

    firmware = lamps.patterns()
    monkeypatch.setitem(firmware.PATTERNS, "heartbeat", ("double", 900, 80))
    assert firmware.level("heartbeat", 0) == 255 and firmware.level("heartbeat", 100) == 0
    assert "heartbeat" in tuple(firmware.PATTERNS)  # the module the Pi's director shades with
    assert _undocumented(list(firmware.PATTERNS)) == [
        "heartbeat: no row in firmware/README.md's table of lamp patterns",
        "heartbeat: not in host/README.md's list of patterns (Lamp scenes)"]
