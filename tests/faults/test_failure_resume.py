"""Nothing lost, damaged saves, the last clause: a game that fails while running keeps its last good save and says
where it is, and `kaleun resume` continues from there, also while the failure is still in the rules.

A failure in the rules meets the resume again: the journal runs up to the last good moment, a few game
seconds before the failure, and the resume's trial (two game minutes run on a copy) met the failure and
refused the save, `so it cannot be resumed`: the game the crew was told to resume was lost. Now the
resume goes back along the journal to the latest moment the game runs on from, says so, and the crew
plays that moment otherwise. Deterministic: a hand-set wall clock and a failure at a set game time."""

from __future__ import annotations

from pathlib import Path

import pytest
from kaleun.boards.loader import default_board
from kaleun.core.errors import SaveError
from kaleun.journal import journal_path
from kaleun.runtime.loop import Runtime, failure_message
from kaleun.runtime.outputs import Autosave
from kaleun.runtime.table import Table
from kaleun.saves import TRIAL_S, open_save
from kaleun.uboot.game import new_game
from kaleun.uboot.sea import boat as sea_boat
from kit import FakeClock

T_FAIL = 5000.0  # game seconds: 05:23 on the training patrol, between two watch changes


def play_until_the_rules_fail(home: Path, monkeypatch: pytest.MonkeyPatch) -> Runtime:
    game = new_game(3, "training")
    clock = FakeClock()
    runtime = Runtime(game, Table(default_board(), game, clock=clock),
                      autosave=Autosave(game, home / "autosave.json", clock=clock, background=False), clock=clock)
    runtime.save()
    real = sea_boat.Boat.wake

    def bug(self, now: float) -> None:  # a rule that fails at one moment of this patrol, every time
        if now >= T_FAIL:
            raise IndexError("a bug in the rules")
        real(self, now)

    monkeypatch.setattr(sea_boat.Boat, "wake", bug)
    runtime.post({"do": "ui", "action": "time_compression", "mode": "transit"})
    runtime.post({"do": "order", "order": "new_course", "course": 90})
    while runtime.failure is None:
        assert game.t < T_FAIL + 600, "the rules never failed"
        clock.now += 0.2
        runtime.step()
        if game.module("compression").mode != "transit":
            runtime.post({"do": "ui", "action": "time_compression", "mode": "transit"})
    runtime.close()
    return runtime


def test_a_game_that_failed_in_its_rules_resumes_from_the_last_moment_it_runs_on_from(home, monkeypatch):
    runtime = play_until_the_rules_fail(home, monkeypatch)
    assert "kaleun resume continues from there" in str(failure_message(runtime))
    files = {p.name: p.read_bytes() for p in home.glob("autosave*")}
    opened = open_save(home / "autosave.json")  # the failure is still in the rules
    game = opened.engine
    failed_at = runtime.game.t
    assert opened.saved_t < game.t and game.t + TRIAL_S <= failed_at
    assert opened.replayed >= 1  # the order given after the last full save is there
    assert game.module("boat").course == runtime.game.module("boat").course
    assert any("resumes" in note and "IndexError: a bug in the rules" in note for note in opened.notes), opened.notes
    assert {p.name: p.read_bytes() for p in home.glob("autosave*")} == files  # nothing written


def test_a_save_that_fails_on_its_own_is_still_refused(home, monkeypatch):
    """Going back stops at the full save: one that fails within two game minutes by itself is refused."""
    play_until_the_rules_fail(home, monkeypatch)
    journal_path(home / "autosave.json").unlink()

    def broken(self, now: float) -> None:
        raise IndexError("a damaged save's consequence")

    monkeypatch.setattr(sea_boat.Boat, "wake", broken)
    with pytest.raises(SaveError, match=r"fails within 120 game seconds .*IndexError.*kept as it is"):
        open_save(home / "autosave.json")
