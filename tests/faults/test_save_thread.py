"""Nothing lost, a crash loses at most a game minute, and its speed: the watch change's full save is written on a thread
of its own, and a crash at any moment of that writing still resumes to the last journal line.

The writing thread is held at each of its moments (the journal's mark flushed, the save renamed
into place, the journal for it prepared under a temporary name) while the crew goes on giving
commands; the files as they are at that moment are copied away (what a kill -9 then leaves) and
must resume to exactly the game the crew had."""

from __future__ import annotations

import json
import shutil
import threading
from pathlib import Path
from typing import Any

from kaleun.boards.loader import default_board
from kaleun.journal import JournalWriter, journal_path
from kaleun.runtime import outputs
from kaleun.runtime.loop import Runtime
from kaleun.runtime.outputs import Autosave
from kaleun.runtime.table import Table
from kaleun.saves import open_save
from kaleun.uboot.game import new_game
from kit import FakeClock

GUARD_S = 30  # failure guard only


def start(home: Path, clock: FakeClock) -> Runtime:
    game = new_game(3)
    runtime = Runtime(game, Table(default_board(), game, clock=clock),
                      autosave=Autosave(game, home / "autosave.json", clock=clock), clock=clock)
    runtime.save()
    return runtime


def state(runtime_or_game: Any) -> str:
    game = runtime_or_game.game if isinstance(runtime_or_game, Runtime) else runtime_or_game
    return json.dumps(game.to_state(), sort_keys=True)


def crash_copy(home: Path, into: Path) -> Path:
    """What a kill -9 leaves: the files as they are now."""
    into.mkdir()
    for path in home.iterdir():
        if path.is_file():
            shutil.copy2(path, into / path.name)
    return into / "autosave.json"


def to_the_watch_change(runtime: Runtime, clock: FakeClock) -> None:
    runtime.post({"do": "ui", "action": "time_compression", "mode": "transit"})
    runtime.step()
    clock.now += 25  # 9,000 game s: past 06:00, the watch change's full save is due
    runtime.step()


def crew_goes_on(runtime: Runtime, clock: FakeClock, course: int) -> None:
    runtime.post({"do": "order", "order": "new_course", "course": course})
    clock.now += 1.5
    runtime.step()


def test_a_crash_at_any_moment_of_the_background_save_resumes_to_the_last_line(tmp_path, monkeypatch):
    home = tmp_path / "home"
    home.mkdir()
    clock = FakeClock()
    runtime = start(home, clock)
    moments: dict[str, tuple[Path, str]] = {}
    go = {name: threading.Event() for name in ("rename", "prepare")}
    reached = {name: threading.Event() for name in ("mark flushed", "renamed", "prepared")}
    real_write, real_prepare = outputs.write_atomic, JournalWriter.prepare_compact

    def held_write(path: Path, data: bytes) -> None:
        reached["mark flushed"].set()
        assert go["rename"].wait(GUARD_S)
        real_write(path, data)
        reached["renamed"].set()
        assert go["prepare"].wait(GUARD_S)

    def held_prepare(self: JournalWriter, base: str, t: float) -> Any:
        compacted = real_prepare(self, base, t)
        reached["prepared"].set()
        return compacted

    monkeypatch.setattr(outputs, "write_atomic", held_write)
    monkeypatch.setattr(JournalWriter, "prepare_compact", held_prepare)
    to_the_watch_change(runtime, clock)
    assert reached["mark flushed"].wait(GUARD_S)
    crew_goes_on(runtime, clock, 120)  # the game's thread never waited for the writing
    moments["the old save, the journal with its mark"] = (crash_copy(home, tmp_path / "a"), state(runtime))
    go["rename"].set()
    assert reached["renamed"].wait(GUARD_S)
    moments["the new save, the old journal with its mark"] = (crash_copy(home, tmp_path / "b"), state(runtime))
    go["prepare"].set()
    assert reached["prepared"].wait(GUARD_S)
    runtime.autosave.settle()  # the journal for the new save is put in place here
    crew_goes_on(runtime, clock, 200)
    moments["the new save and its own journal"] = (crash_copy(home, tmp_path / "c"), state(runtime))
    for what, (save, expected) in moments.items():
        opened = open_save(save)
        assert opened.notes == [], (what, opened.notes)
        assert state(opened.engine) == expected, what
    head = json.loads(journal_path(home / "autosave.json").read_text().splitlines()[0])
    saved = json.loads((home / "autosave.json").read_text())
    assert head["t"] == saved["t"] >= 7200.0 and saved["modules"]["watch"]["changes"] == 1
    runtime.close()


def test_the_watch_change_save_writes_nothing_to_the_storage_on_the_games_thread(tmp_path, monkeypatch):
    """Speed: the game's thread turns the game into JSON; the write and the fsyncs are elsewhere."""
    clock = FakeClock()
    runtime = start(tmp_path, clock)
    writers: list[str] = []
    real = outputs.write_atomic

    def noted(path: Path, data: bytes) -> None:
        writers.append(threading.current_thread().name)
        real(path, data)

    monkeypatch.setattr(outputs, "write_atomic", noted)
    to_the_watch_change(runtime, clock)
    runtime.autosave.settle()
    assert writers and threading.main_thread().name not in writers
    assert json.loads((tmp_path / "autosave.json").read_text())["modules"]["watch"]["changes"] == 1
    runtime.close()


def test_quitting_while_a_background_save_is_written_waits_for_it_and_saves_the_last_state(tmp_path, monkeypatch):
    """No save lost on exit, and the order kept: the closing save comes after the one under way."""
    clock = FakeClock()
    runtime = start(tmp_path, clock)
    release = threading.Event()
    real = outputs.write_atomic

    def slow(path: Path, data: bytes) -> None:
        assert release.wait(GUARD_S)
        real(path, data)

    monkeypatch.setattr(outputs, "write_atomic", slow)
    to_the_watch_change(runtime, clock)
    crew_goes_on(runtime, clock, 90)
    last = state(runtime)
    threading.Timer(0.2, release.set).start()
    runtime.close()  # waits for the background save, then writes the closing one
    opened = open_save(tmp_path / "autosave.json")
    assert state(opened.engine) == last and opened.replayed == 0
