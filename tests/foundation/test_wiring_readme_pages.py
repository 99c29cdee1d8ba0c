"""host/README.md, "Extending Kaleun", a board: a board that joins Kaleun's own boards/ ships with its wiring page,
and wiring/README.md's table of pages, where a maker looks for the build guide of a board, names it with its board
file: this test fails until the page has its row there (and a row never names a page that is gone)."""

from __future__ import annotations

import re

from kit import ROOT

HAND_WRITTEN = {"README.md", "placement.md", "mechanics.md"}


def test_wiring_readmes_table_of_pages_names_every_generated_page_with_its_board():
    text = (ROOT / "wiring" / "README.md").read_text(encoding="utf-8")
    rows = dict(re.findall(r"^\| \[([\w.-]+\.md)\]\(\1\) \| \[([\w.-]+\.toml)\]\(\.\./boards/\2\)", text, re.M))
    pages = sorted(p.name for p in (ROOT / "wiring").glob("*.md") if p.name not in HAND_WRITTEN)
    assert pages, "no generated page in wiring/"
    assert sorted(rows) == pages, f"wiring/README.md's table of pages lists {sorted(rows)}, wiring/ holds {pages}"
    for page, board in rows.items():
        assert page.removesuffix(".md") == board.removesuffix(".toml") and (ROOT / "boards" / board).is_file()
