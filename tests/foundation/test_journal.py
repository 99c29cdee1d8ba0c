"""The autosave's journal: a crash loses at most a moment, a resume continues exactly.

Driven through the public Runtime with a fake wall clock, so every figure is exact."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from kaleun.boards.loader import default_board
from kaleun.core.errors import SaveError
from kaleun.journal import journal_path
from kaleun.runtime.loop import Runtime, failure_message
from kaleun.runtime.outputs import Autosave
from kaleun.runtime.table import Table
from kaleun.saves import open_save
from kaleun.uboot.game import new_game
from kit import FakeClock

# (wall seconds, what the crew does): every step runs at least a wall second, so every step
# leaves a clock mark in the journal
STEPS: list[tuple[float, Any]] = [
    (1.0, ("telegraph", "half_ahead")),
    (1.5, {"do": "ui", "action": "time_compression", "mode": "transit"}),
    (2.0, None),
    (1.0, {"do": "order", "order": "new_course", "course": 120}),
    (1.0, ("dial", "disc_own_course", 120)),  # a ring of the attack disc: its angle is journalled
    (1.0, {"do": "ui", "action": "time_compression", "mode": "transit"}),
    (3.0, None),
    (1.2, ("telegraph", "slow_ahead")),
    (2.5, {"do": "place", "figure": "navigator-square", "section": 8}),
    (1.0, {"do": "ui", "action": "time_compression", "mode": "fast_forward"}),
    (4.0, {"do": "order", "order": "observe"}),
    (1.0, {"do": "ui", "action": "time_compression", "mode": "transit"}),
    (2.0, None),
    (1.0, {"do": "report"}),
]


def start(game: Any, home: Path | None, clock: FakeClock) -> tuple[Runtime, list[str]]:
    autosave = Autosave(game, home / "autosave.json", clock=clock) if home is not None else None
    runtime = Runtime(game, Table(default_board(), game, clock=clock), autosave=autosave, clock=clock)
    log: list[str] = []
    runtime.listeners.append(lambda e: log.append(json.dumps(e.to_json(), sort_keys=True)))
    runtime.save()
    return runtime, log


def act(runtime: Runtime, clock: FakeClock, steps: list[tuple[float, Any]]) -> None:
    for wall, action in steps:
        if isinstance(action, tuple) and action[0] == "dial":
            runtime.table.set_dial(action[1], action[2])
        elif isinstance(action, tuple):
            runtime.table.set_telegraph(action[1])
        elif action is not None:
            command = dict(action)
            if command["do"] == "place":
                runtime.table.actuate(command)
            else:
                runtime.post(command)
        runtime.step()
        clock.now += wall
        runtime.step()


def test_a_crash_loses_nothing_the_journal_holds_and_the_resumed_game_goes_on_exactly(tmp_path):
    """Killed after step k (nothing closed, nothing saved on the way out), resumed from the
    autosave and its journal, the game continues with the same inputs to the same event log
    and the same state, byte for byte, as a game that was never interrupted."""
    k = 8
    clock = FakeClock()
    whole, whole_log = start(new_game(7, "exercise_convoy"), None, clock)
    act(whole, clock, STEPS[:k])
    cut = len(whole_log)
    act(whole, clock, STEPS[k:])

    clock = FakeClock()
    crashed, _ = start(new_game(7, "exercise_convoy"), tmp_path, clock)
    act(crashed, clock, STEPS[:k])
    at_crash = json.dumps(crashed.game.to_state(), sort_keys=True)
    # a kill -9 here: the process is gone, only what was written stays

    opened = open_save(tmp_path / "autosave.json")
    assert opened.saved_t == 0.0 and opened.replayed >= 5  # the full save is the start's
    assert json.dumps(opened.engine.to_state(), sort_keys=True) == at_crash
    resumed, resumed_log = start(opened.engine, None, clock)
    act(resumed, clock, STEPS[k:])
    assert resumed_log == whole_log[cut:]
    assert json.dumps(resumed.game.to_state(), sort_keys=True) == json.dumps(whole.game.to_state(), sort_keys=True)


def test_a_watch_change_writes_a_full_save_and_starts_the_journal_afresh(tmp_path):
    clock = FakeClock()
    runtime, _ = start(new_game(3), tmp_path, clock)
    runtime.post({"do": "ui", "action": "time_compression", "mode": "transit"})
    runtime.step()
    clock.now += 25  # 9,000 game s: past 06:00
    runtime.step()
    runtime.autosave.settle()  # the full save is written on its own thread: wait for it
    journal = journal_path(tmp_path / "autosave.json").read_text().splitlines()
    head = json.loads(journal[0])
    saved = json.loads((tmp_path / "autosave.json").read_text())
    assert head["journal"] == "kaleun-journal" and head["t"] == saved["t"] >= 7200.0  # saved after that step
    assert saved["modules"]["watch"]["changes"] == 1 and len(journal) == 1


def test_the_journal_marks_the_clock_at_least_every_half_game_minute_while_it_runs(tmp_path):
    clock = FakeClock()
    runtime, _ = start(new_game(3), tmp_path, clock)
    runtime.post({"do": "ui", "action": "time_compression", "mode": "transit"})
    runtime.step()
    start_t = runtime.game.t
    for _ in range(60):  # 1/72 wall s steps at 360x: 5 game s each, 300 game s in under a wall second
        clock.now += 1 / 72
        runtime.step()
    assert runtime.game.t - start_t == pytest.approx(300.0, abs=1.0)
    lines = journal_path(tmp_path / "autosave.json").read_text().splitlines()[1:]
    marks = [json.loads(line)["t"] for line in lines if "command" not in json.loads(line)]
    gaps = [b - a for a, b in zip([start_t, *marks], marks, strict=False)]
    half_minute = 30.0  # the promise of the test's name (not the module's constant, which is what is tested)
    assert len(marks) >= 9 and max(gaps) <= half_minute + 1e-6 and runtime.game.t - marks[-1] < half_minute


def test_a_torn_or_damaged_journal_line_replays_up_to_the_line_before(tmp_path):
    clock = FakeClock()
    runtime, _ = start(new_game(3), tmp_path, clock)
    act(runtime, clock, STEPS[:4])
    path = journal_path(tmp_path / "autosave.json")
    good = open_save(tmp_path / "autosave.json").engine.t
    with open(path, "a") as fh:
        fh.write('{"t": 99999999, "command": {"do": "order", "or')  # power cut mid-line
    opened = open_save(tmp_path / "autosave.json")
    assert opened.engine.t == good and "cut short" in opened.notes[0]
    text = path.read_text().splitlines()
    path.write_text("\n".join([*text[:3], '{"t": 1e999}', *text[3:-1]]) + "\n")
    opened = open_save(tmp_path / "autosave.json")
    assert ":4: the number 1e999 is too large" in opened.notes[0]
    assert opened.engine.t == json.loads(text[2])["t"]


def test_a_journal_of_an_earlier_save_is_ignored(tmp_path):
    clock = FakeClock()
    runtime, _ = start(new_game(3), tmp_path, clock)
    act(runtime, clock, STEPS[:3])
    old = journal_path(tmp_path / "autosave.json").read_bytes()
    runtime.save()  # a new full save; then the old journal comes back (a copy restored by hand)
    journal_path(tmp_path / "autosave.json").write_bytes(old)
    opened = open_save(tmp_path / "autosave.json")
    assert opened.replayed == 0 and opened.engine.t == runtime.game.t and opened.notes == []


def test_a_command_the_game_refuses_on_replay_stops_the_replay_there(tmp_path):
    clock = FakeClock()
    runtime, _ = start(new_game(3), tmp_path, clock)
    act(runtime, clock, STEPS[:2])
    with open(journal_path(tmp_path / "autosave.json"), "a") as fh:
        fh.write(json.dumps({"t": runtime.game.t + 5, "command": {"do": "fly"}}) + "\n")
    opened = open_save(tmp_path / "autosave.json")
    assert "could not be replayed" in opened.notes[0] and opened.engine.t == runtime.game.t


class Breaks:
    """Makes the boat's machinery check raise from game time `at` on (a bug in the rules)."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch, game: Any, at: float) -> None:
        boat = game.module("boat")
        wake = boat.wake

        def broken(now: float) -> None:
            if now >= at:
                raise KeyError("a bug")
            wake(now)

        monkeypatch.setattr(boat, "wake", broken)


def test_a_game_that_fails_keeps_its_last_good_save_and_says_where(tmp_path, monkeypatch):
    record = tmp_path / "sessions" / "s.script.jsonl"
    clock = FakeClock()
    game = new_game(3)
    runtime = Runtime(game, Table(default_board(), game, clock=clock),
                      autosave=Autosave(game, tmp_path / "autosave.json", clock=clock), clock=clock, record=record)
    runtime.save()
    act(runtime, clock, [*STEPS[:4], (0.0, {"do": "ui", "action": "time_compression", "mode": "transit"})])
    good_t = runtime.game.t
    saved = (tmp_path / "autosave.json").read_bytes()
    journal = journal_path(tmp_path / "autosave.json").read_bytes()
    Breaks(monkeypatch, runtime.game, good_t)
    clock.now += 3
    runtime.step()
    assert runtime.stopping and "KeyError" in str(runtime.failure)
    runtime.close()  # what the front end does: the failed state is not written back
    assert (tmp_path / "autosave.json").read_bytes() == saved
    assert journal_path(tmp_path / "autosave.json").read_bytes() == journal
    text = str(failure_message(runtime))
    assert str(tmp_path / "autosave.json") in text and "kaleun resume" in text
    assert runtime.failure_report is not None and "a bug" in runtime.failure_report.read_text()
    monkeypatch.undo()
    assert open_save(tmp_path / "autosave.json").engine.t == good_t


def test_a_saved_game_that_fails_within_two_game_minutes_is_refused_and_kept(tmp_path, monkeypatch):
    game = new_game(3)
    from kaleun.saves import save_game

    save_game(game, tmp_path / "autosave.json")
    from kaleun.uboot.sea import boat as sea_boat

    original = sea_boat.Boat.wake

    def broken(self: Any, now: float) -> None:
        raise IndexError("a damaged save's consequence")

    monkeypatch.setattr(sea_boat.Boat, "wake", broken)
    with pytest.raises(SaveError, match=r"fails within 120 game seconds .*IndexError.*kept as it is"):
        open_save(tmp_path / "autosave.json")
    monkeypatch.setattr(sea_boat.Boat, "wake", original)
    assert open_save(tmp_path / "autosave.json").engine.t == 0


@pytest.mark.parametrize("mode, wall", [("real_time", 0.1), ("fast_forward", 0.1), ("transit", 0.05), ("transit", 0.5)])
def test_the_journal_reaches_the_storage_within_half_a_game_minute_or_two_wall_seconds(tmp_path, mode, wall):
    """A power cut loses what was not flushed: never more than SYNC_GAME_S of game time or
    SYNC_WALL_S of wall time beyond the step under way."""
    from kaleun.journal import SYNC_GAME_S, SYNC_WALL_S

    clock = FakeClock()
    runtime, _ = start(new_game(3, "patrol_atlantic"), tmp_path, clock)
    journal = runtime.autosave.journal
    flushed: list[tuple[float, float]] = []
    real = journal._flush

    def noted() -> None:
        real()
        flushed.append((journal.flushed_t, clock.now))

    journal._flush = noted
    for _ in range(int(120 / wall)):
        if runtime.game.module("compression").mode != mode:
            runtime.post({"do": "ui", "action": "time_compression", "mode": mode})
        before = runtime.game.t
        clock.now += wall
        runtime.step()
        step = runtime.game.t - before
        t, when = flushed[-1] if flushed else (0.0, 1000.0)
        assert runtime.game.t - t <= SYNC_GAME_S + step or clock.now - when <= SYNC_WALL_S + wall
        assert clock.now - when <= SYNC_WALL_S + 1.0 + wall  # a mark a wall second, flushed 2 s later


def test_a_command_the_rules_fail_on_from_the_window_is_a_failure_too(tmp_path, monkeypatch):
    """The window applies a tapped command at once on the loop's thread: a failure there keeps
    the last good save just as one inside a step."""
    clock = FakeClock()
    runtime, _ = start(new_game(3), tmp_path, clock)
    runtime.step()  # the loop's thread is this one
    saved = (tmp_path / "autosave.json").read_bytes()

    def broken(mode: str, reason: str) -> None:
        raise TypeError("a bug")

    monkeypatch.setattr(runtime.game.module("compression"), "set_mode", broken)
    runtime.submit({"do": "ui", "action": "toggle_pause"})
    assert runtime.stopping and "TypeError" in str(runtime.failure)
    runtime.close()
    assert (tmp_path / "autosave.json").read_bytes() == saved


def test_a_command_the_journal_cannot_hold_makes_a_full_save_instead(tmp_path):
    clock = FakeClock()
    runtime, _ = start(new_game(3), tmp_path, clock)
    act(runtime, clock, STEPS[:2])
    runtime.autosave.command({"do": "report", "x": float("nan")})  # nothing a player can type gets here
    opened = open_save(tmp_path / "autosave.json")
    assert opened.saved_t == runtime.game.t and opened.replayed == 0


def test_a_journal_of_a_newer_kaleun_is_named_so_and_kept(tmp_path):
    """A journal whose header has a newer version (a newer Kaleun played, then this one resumes) was said to be
    `not a Kaleun journal` and ignored, and the resumed game's first save wrote over what it held. It is named a
    newer Kaleun's, as a save is, and the resume is refused with the files as they were."""
    clock = FakeClock()
    runtime, _ = start(new_game(3), tmp_path, clock)
    act(runtime, clock, STEPS[:4])
    runtime.close()
    path = journal_path(tmp_path / "autosave.json")
    lines = path.read_text().splitlines()
    head = json.loads(lines[0])
    path.write_text("\n".join([json.dumps({**head, "version": 2}), *lines[1:]]) + "\n")
    before = {p.name: p.read_bytes() for p in tmp_path.iterdir()}
    with pytest.raises(SaveError) as refused:
        open_save(tmp_path / "autosave.json")
    said = str(refused.value)
    assert "journal version 2; this one reads version 1" in said and "a newer Kaleun wrote it" in said, said
    assert "not a Kaleun journal" not in said and "the files were kept as they are" in said
    assert {p.name: p.read_bytes() for p in tmp_path.iterdir()} == before


def test_8_commands_given_while_the_clock_stands_resume_and_replay_to_the_crews_game(tmp_path):
    """§8 (time compression): the crew pauses, the referee sets the weather twice and the clock runs
    on. A sea task the first command puts on the agenda for this very instant used to wait in the
    game for the clock, while the journal's and the script's replay run it before the next command:
    a kill -9 then resumed another game than the crew's, and the session's script replayed to
    another event log (the lookouts saw an aircraft the crew never saw)."""
    from kaleun.runtime.script import EventWriter, ScriptRun

    clock = FakeClock()
    record = tmp_path / "sessions" / "s.script.jsonl"
    game = new_game(0, "exercise_convoy_battle")
    runtime = Runtime(game, Table(default_board(), game, clock=clock),
                      autosave=Autosave(game, tmp_path / "autosave.json", clock=clock), clock=clock, record=record)
    log: list[str] = []
    runtime.listeners.append(lambda e: log.append(json.dumps(e.to_json(), ensure_ascii=False)))
    runtime.save()
    runtime.step()
    for command in ({"do": "ui", "action": "toggle_pause"}, {"do": "weather", "kind": "storm"},
                    {"do": "weather", "kind": "overcast", "hold": True}):
        runtime.post(command)
        runtime.step()
        clock.now += 2.0
        runtime.step()
    at_crash = json.dumps(game.to_state(), sort_keys=True)
    opened = open_save(tmp_path / "autosave.json")  # a kill -9 here
    assert json.dumps(opened.engine.to_state(), sort_keys=True) == at_crash
    runtime.post({"do": "ui", "action": "toggle_pause"})
    runtime.post({"do": "ui", "action": "time_compression", "mode": "fast_forward"})
    for _ in range(60):
        clock.now += 4.0
        runtime.step()
    runtime.close()
    replayed = tmp_path / "replayed.jsonl"
    with open(replayed, "w", encoding="utf-8") as fh:
        ScriptRun(new_game(0, "exercise_convoy_battle"), default_board(), EventWriter(fh)).run(record, until=game.t)
    assert replayed.read_text(encoding="utf-8").splitlines() == log
