"""host/README.md's worked example is the real output of the real script."""

from __future__ import annotations

import json
import re

from kit import HOST, play_script


def _blocks() -> list[str]:
    text = (HOST / "README.md").read_text(encoding="utf-8")
    section = text[text.index("### Worked example"):]
    return re.findall(r"```jsonl\n(.*?)```", section, re.S)[:2]


def test_the_worked_example_in_host_readme_matches_a_real_run(tmp_path):
    script_block, output_block = _blocks()
    script = [json.loads(line) for line in script_block.splitlines()]
    expected = [json.loads(line) for line in output_block.splitlines()]
    _, events = play_script(tmp_path, script, seed=1)
    assert len(events) == len(expected)
    for got, want in zip(events, expected, strict=True):
        if "..." in want:  # a shortened line: the fields shown must match
            del want["..."]
            got = {k: got[k] for k in want}
        assert got == want
