"""host/README.md's Captain Sonar worked example is the real output of the real script."""

from __future__ import annotations

import json
import re

from kit import HOST
from sonarkit import SCRIPTS, run_lines


def _blocks() -> list[str]:
    text = (HOST / "README.md").read_text(encoding="utf-8")
    section = text[text.index("## Captain Sonar"):]
    section = section[section.index("### Worked example"):]
    return re.findall(r"```jsonl\n(.*?)```", section, re.S)[:2]


def test_the_worked_example_matches_a_real_run(tmp_path):
    script_block, output_block = _blocks()
    script = [json.loads(line) for line in SCRIPTS.joinpath("worked_example.jsonl").read_text().splitlines()
              if line.startswith("{")]
    shown = [json.loads(line) for line in script_block.splitlines() if line.startswith("{")]
    assert all(line in script for line in shown)          # the README shows lines of the real script
    _, events = run_lines(script, tmp_path)
    for want in (json.loads(line) for line in output_block.splitlines()):
        candidates = [{k: v for k, v in e.items() if k != "clock"} for e in events
                      if e["t"] == want["t"] and e["event"] == want["event"] and e.get("team") == want.get("team")]
        assert candidates, want
        got = candidates[0]
        if want.get("feed", "").endswith("..."):
            assert got["feed"].startswith(want.pop("feed")[:-3])
            got.pop("feed")
        assert got == want
