"""`hubs.json` (the deck hubs a table remembers, written by a start that meets its hub the first time and by `kaleun
hub trust`) is written as the settings are, through a temporary `.hubs.json.<random>.tmp`: one left by a write cut
short (kill -9, a power cut) was never removed, while those of the settings, the tags and the career record are.
It goes now too, once an hour old (a fresh one may be a write under way); other files stay."""

from __future__ import annotations

import os

import pytest
from faultkit import Console
from kaleun.housekeeping import STALE_TMP_S


@pytest.mark.slow
def test_a_hubs_file_write_cut_short_leaves_nothing_behind_an_hour_later(home):
    stale, fresh, mine = home / ".hubs.json.k3x9_q.tmp", home / ".hubs.json.a1b2c3.tmp", home / "hubs.json.tmp"
    for path in (stale, fresh, mine):
        path.write_text('{"format": "kaleun-hubs"', encoding="utf-8")  # cut short
    hour_ago = stale.stat().st_mtime - STALE_TMP_S - 60
    os.utime(stale, (hour_ago, hour_ago))
    game = Console(home, "play", "--console")
    game.expect("> ")
    game.send("quit")
    assert game.finish() == 0, game.text
    assert not stale.exists() and fresh.exists() and mine.exists()
