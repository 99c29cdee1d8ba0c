"""Nothing lost, and nothing said wrongly, after a table unplugged once its mission ended (the crew read the debrief and
pulled the plug, or a kill -9). The game wrote a full save only at the start, at watch changes and on quit, so its
save still held the mission running (the end was in its journal only): the next `kaleun play --campaign` said "The
autosave holds Prize rules of the campaign, not over yet: this game plays the mission again from its beginning. To go
on with that one instead, quit this game and resume the one kept", kept it as an unfinished game (never pruned)
and told the crew to continue it with `kaleun resume --save`, which then refused it as over. The mission's end now
writes a full save (rulebook §4.3: the campaign goes on from the record once the mission is over)."""

from __future__ import annotations

import signal

import pytest
from faultkit import Console, until
from kaleun.career import start_configured
from kaleun.saves import game_finished, save_game
from kaleun.uboot.missions.setup import GameSetup

H = 3600.0


@pytest.mark.slow
def test_4_3_a_table_killed_after_the_mission_ended_starts_the_next_campaign_game_as_the_record_says(home):
    game = start_configured(GameSetup(mission="", seed=3, mode="campaign"))  # Prize rules: 72 hours
    game.advance_to(72 * H - 90)  # a minute and a half before its time is up
    save_game(game, home / "autosave.json")
    table = Console(home, "resume", "--console")
    table.expect("> ")
    table.send("time transit")
    table.expect("Mission over (lost)")  # the time is up: the debrief follows
    until(lambda: game_finished(home / "autosave.json") is True, "the mission's end in the autosave itself")
    table.proc.send_signal(signal.SIGKILL)  # the plug pulled after the debrief
    table.finish()
    next_evening = Console(home, "play", "--console", "--campaign", "--seed", "4")
    next_evening.expect("> ")
    next_evening.send("quit")
    assert next_evening.finish() == 0, next_evening.text
    assert "not over yet" not in next_evening.text and "resume --save" not in next_evening.text, next_evening.text
    (kept,) = home.glob("autosave-*.json")
    assert f"kaleun: the previous game, which is over, was kept as {kept}" in next_evening.text, next_evening.text
