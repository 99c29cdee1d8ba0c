"""Rules as data: where the rulebook is silent ([gap] in the rule digest) the value we chose lives in a
data file whose comment says "our choice", so a table reading the file can tell the rulebook's numbers
(§6.5-§10.3) from ours."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[2] / "host" / "kaleun"
DATA = PACKAGE / "uboot" / "data"
# every data file of both games, the missions and Captain Sonar's rules and scenarios included
ALL_DATA_FILES = sorted(str(path.relative_to(PACKAGE)) for path in PACKAGE.glob("*/data/**/*.toml"))

# the data files of the crew rules a table meets every game: orders, bars, watches, health, food, repairs
CREW_RULE_FILES = ["bars", "conditions", "crew_rules", "difficulty", "health", "order_requirements", "orders",
                   "provisions", "roster", "sailors", "sections", "technical", "watches"]


def comment_blocks(text: str) -> list[tuple[int, str]]:
    """(first line, text) of each run of whole-line comments, and of each trailing comment on its own."""
    blocks: list[tuple[int, str]] = []
    lines = text.splitlines()
    i = 0
    while i < len(lines):
        if lines[i].lstrip().startswith("#"):
            j = i
            while j < len(lines) and lines[j].lstrip().startswith("#"):
                j += 1
            blocks.append((i + 1, " ".join(line.lstrip().lstrip("#") for line in lines[i:j])))
            i = j
            continue
        if "#" in lines[i]:
            blocks.append((i + 1, lines[i].split("#", 1)[1]))
        i += 1
    return blocks


def test_every_crew_rule_file_is_among_the_files_checked():
    """The crew rules a table meets every game are checked with every other data file below."""
    missing = [name for name in CREW_RULE_FILES if str(Path("uboot", "data", f"{name}.toml")) not in ALL_DATA_FILES]
    assert missing == [], missing


@pytest.mark.parametrize("name", ALL_DATA_FILES)
def test_every_gap_value_of_every_data_file_says_it_is_our_choice(name):
    """The crew rules, the sea, the weapons, the missions and Captain Sonar: a value no rulebook or source
    gives is marked as ours wherever it lives."""
    text = (PACKAGE / name).read_text(encoding="utf-8")
    unmarked = [line for line, block in comment_blocks(text)
                if "[gap" in block
                and "our choice" not in re.sub(r"\s+", " ", block).lower()]
    assert unmarked == [], f"{name}: a [gap] comment without 'our choice' at line(s) {unmarked}"


def test_6_8_the_ship_s_bell_pattern_is_marked_as_our_choice():
    """§6.8 says only that the app strikes a bell at each watch change; how many strokes is ours."""
    text = (DATA / "watches.toml").read_text(encoding="utf-8")
    bell_comment = next(block for _, block in comment_blocks(text) if "bells at" in block)
    assert "[gap]" in bell_comment and "our choice" in bell_comment
