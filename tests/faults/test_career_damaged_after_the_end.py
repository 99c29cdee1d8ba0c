"""A career record damaged after a linked part's end, before the crew types `next` (rulebook §5.2: the next part goes
on from the record). The console said "nothing goes on after this mission (a single mission, or its linked patrol or
campaign is over)", which was not so: the patrol goes on once the record can be read. It now says the record cannot be
read and why, the record and the finished game kept as they are; `new` still sets up a new game."""

from __future__ import annotations

import io

import pytest
from kaleun.boards.loader import default_board
from kaleun.career import career_path
from kaleun.uboot.game import new_game
from kaleun.uboot.missions.setup import GameSetup, changes_for
from kaleun.ui import display
from kaleun.ui.session import open_session

H = 3600.0
HERE = {"id": "here", "kind": "reach", "square": "AL03", "text": "Be in AL03."}  # sc_convoy_1940 starts there


@pytest.mark.parametrize(("damage", "why"), [
    (lambda text: text[: len(text) // 2], "the career record is damaged (not valid JSON"),
    (lambda text: text.replace('"version": 1', '"version": 1e999', 1), "1e999"),
], ids=["cut short", "1e999"])
def test_5_2_next_with_the_career_record_damaged_says_so_not_that_nothing_goes_on(home, monkeypatch, damage, why):
    monkeypatch.setattr(display, "has_display", lambda: False)
    setup = GameSetup(mission="sc_convoy_1940", seed=3, mode="linked")
    game = new_game(3, "sc_convoy_1940", {**changes_for(setup), "time_limit_h": 1.0, "encounter": [], "radio": [],
                                          "air_cover": "none", "traffic": "none", "par_grt": 0, "objective": [HERE]})
    console = open_session(game, default_board(), console=True, keep_previous=True)
    console.stdout = out = io.StringIO()
    runtime, wall = console.runtime, [0.0]
    runtime.clock = lambda: wall[0]
    runtime.rest()
    runtime.submit({"do": "ui", "action": "time_compression", "mode": "real_time"})
    wall[0] = 2 * H
    runtime.step()
    assert game.module("mission").over and "next: the linked patrol's next part" in out.getvalue()  # booked
    damaged = damage(career_path().read_text(encoding="utf-8"))
    career_path().write_text(damaged, encoding="utf-8")  # damaged after the booking, before `next`
    console.handle("next")
    said = next(line for line in out.getvalue().splitlines() if line.startswith("! "))
    assert said.startswith("! what goes on after this mission is in the career record, which cannot be read: ") \
        and why in said and said.endswith("Once it is repaired or moved away, next goes on; new sets up a new "
                                          "game now"), said
    assert "nothing goes on" not in out.getvalue()
    assert console.then is None and not console.stopping  # the crew decides again: the finished game stays open
    assert career_path().read_text(encoding="utf-8") == damaged  # kept as it is
    console.handle("new")
    assert console.then == "new" and console.stopping  # a new game is still set up
    runtime.close()
