"""Digest §2/§7 (maps as data): a map with several mistakes lists them in the file's order, by line, as an owner
working down a typed-in printed map fixes them; they came in the order the checks ran (the missing name at the
'grid:' line before a sector line above it, the scenario's features before its sectors)."""

from __future__ import annotations

import pytest
from kaleun.sonar.game import build_map
from kaleun.sonar.maps import MapError, parse_map
from kit import run_kaleun

MAP = """\
size: 5 x 4
sectors realtime: 2 2 1 / 2 1 1
sectors turn: 3 2 / 2 2
grid:
    A B C D E
 1  . . . . .
 2  . # . x .
 3  . . . o .
 4  . . . . .
"""


def _lines(problems: list[str], source: str) -> list[int]:
    return [int(p.removeprefix(f"{source}:").split(":")[0]) for p in problems]


def test_2_a_maps_problems_come_by_line():
    """§2: the sector widths (line 2) were reported after the missing name (line 4, the 'grid:' line)."""
    bad = MAP.replace("2 2 1 / 2 1 1", "2 2 / 2 1 1")
    with pytest.raises(MapError) as caught:
        parse_map(bad, "own.map")
    assert caught.value.problems == [
        "own.map:2: the sector widths add up to 4, the map is 5 columns wide",
        "own.map:4: the map needs 'name: NAME' before the grid",
        "own.map:7: D2: unknown symbol 'x' (known: '.', '#', 'o', 'a')",
    ]
    # the same order in every language (the Msgs behind the English lines)
    assert [str(m) for m in caught.value.messages] == caught.value.problems


def test_7_a_maps_scenario_problems_come_by_line_too():
    """§7: checked against a scenario, the feature the scenario lacks (line 9) was reported before the sectors of a
    line above it (line 3)."""
    text = "name: Own\n" + MAP.replace("2 2 1 / 2 1 1", "2 3 / 2 2").replace(" 2  . # . x .", " 2  . # . . .")
    with pytest.raises(MapError) as caught:
        build_map("alpha", "realtime", text, "C:\\maps\\own.map")
    source = "C:\\maps\\own.map"
    assert _lines(caught.value.problems, source) == [3, 9], caught.value.problems
    assert "real-time game is played on 9 sectors, this map gives 4" in caught.value.problems[0]
    assert "scenario Alpha has no water holes" in caught.value.problems[1]


def test_2_map_check_prints_the_problems_by_line(tmp_path):
    """§2: `kaleun map check` prints them one a line, top of the file first."""
    bad = tmp_path / "own.map"
    bad.write_text(MAP.replace("2 2 1 / 2 1 1", "2 2 / 2 1 1"))
    checked = run_kaleun("map", "check", str(bad), home=tmp_path)
    assert checked.returncode == 2
    told = [line for line in checked.stderr.splitlines() if line.startswith(str(bad))]
    assert _lines(told, str(bad)) == [2, 4, 7], checked.stderr
