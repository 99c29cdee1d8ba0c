"""Nothing lost (every outcome a clean message): the storage fills up while a game
runs. Writes then fail with ENOSPC (a line of the journal half written, the full save refused):
the journal keeps whole lines only, the crew is told once, in words, what the storage still
holds, Kaleun tries again, and once there is room the game is saved again. Nothing ever says
"saved" that is not; a game that could not be saved ends with exit status 1 and says so."""

from __future__ import annotations

import errno
import io
import json
import os
from pathlib import Path
from typing import Any

import pytest
from kaleun import saves
from kaleun.boards.loader import default_board
from kaleun.journal import journal_path
from kaleun.runtime import outputs
from kaleun.runtime.loop import Runtime
from kaleun.runtime.outputs import RETRY_S, Autosave
from kaleun.runtime.table import Table
from kaleun.saves import open_save
from kaleun.uboot.game import new_game
from kaleun.ui.console import Console as TextConsole
from kit import FakeClock


class FullDisk:
    """While `full`, every write to a file under `home` fails as on a full file system: a line of
    the journal gets its first half written (a short write), then ENOSPC; a full save fails."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch, home: Path) -> None:
        self.home = str(home)
        self.full = False
        real_write, real_atomic = os.write, saves.write_atomic

        def write(fd: int, data: Any) -> int:
            if self.full and self._ours(fd):
                if len(data) > 1 and not getattr(self, "_half", False):
                    self._half = True
                    return real_write(fd, bytes(data[:len(data) // 2]))
                raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
            return real_write(fd, data)

        def atomic(path: Path, text: str | bytes) -> None:
            if self.full and str(path).startswith(self.home):
                raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
            real_atomic(path, text)

        monkeypatch.setattr(os, "write", write)
        monkeypatch.setattr(saves, "write_atomic", atomic)
        monkeypatch.setattr(outputs, "write_atomic", atomic)

    def _ours(self, fd: int) -> bool:
        try:
            return os.readlink(f"/proc/self/fd/{fd}").startswith(self.home)
        except OSError:
            return False

    def fill(self) -> None:
        self.full, self._half = True, False

    def free(self) -> None:
        self.full = False


def start(home: Path, clock: FakeClock) -> tuple[Runtime, list[str]]:
    game = new_game(3)
    runtime = Runtime(game, Table(default_board(), game, clock=clock),
                      autosave=Autosave(game, home / "autosave.json", clock=clock), clock=clock)
    told: list[str] = []
    runtime.problems[:] = [lambda text: told.append(str(text))]
    runtime.save()
    return runtime, told


def state(game: Any) -> str:
    return json.dumps(game.to_state(), sort_keys=True)


def whole_lines(path: Path) -> list[dict[str, Any]]:
    raw = path.read_bytes()
    assert raw.endswith(b"\n"), "a torn line was left in the journal"
    return [json.loads(line) for line in raw.splitlines()]


def test_a_full_disk_while_playing_is_told_keeps_the_journal_whole_and_saves_again_once_there_is_room(
        tmp_path, monkeypatch):
    clock = FakeClock()
    disk = FullDisk(monkeypatch, tmp_path)
    runtime, told = start(tmp_path, clock)
    runtime.post({"do": "order", "order": "new_course", "course": 120})
    clock.now += 1.5
    runtime.step()
    before_full = state(runtime.game)
    disk.fill()
    runtime.post({"do": "order", "order": "new_course", "course": 200})  # its line is half written, then taken back
    clock.now += 1.5
    runtime.step()
    assert len(told) == 1 and "cannot be saved" in told[0] and "No space left on device" in told[0], told
    assert "04:00:00" in told[0]  # what the storage still holds
    lines = whole_lines(journal_path(tmp_path / "autosave.json"))
    assert lines[-1].get("command", {}).get("course") == 120
    assert state(open_save(tmp_path / "autosave.json").engine) == before_full  # a crash now: nothing torn
    for _ in range(3):  # it tries again every RETRY_S, and says it once
        clock.now += RETRY_S
        runtime.step()
    assert len(told) == 1
    disk.free()
    clock.now += RETRY_S
    runtime.step()
    assert len(told) == 2 and "saved again" in told[1], told
    assert runtime.autosave.problem is None
    assert state(open_save(tmp_path / "autosave.json").engine) == state(runtime.game)  # a crash now loses nothing
    runtime.close()


def test_the_console_never_says_saved_when_the_disk_is_full_and_quit_says_what_is_kept(tmp_path, monkeypatch):
    clock = FakeClock()
    disk = FullDisk(monkeypatch, tmp_path)
    runtime, _ = start(tmp_path, clock)
    disk.fill()
    out = io.StringIO()
    console = TextConsole(runtime, stdin=io.StringIO("save\nquit\nquit\n"), stdout=out)
    assert console.run() == 1
    text = out.getvalue()
    assert "saved." not in text and "Game saved" not in text, text
    assert text.count("cannot be saved in") == 2 and "type quit again" in text, text
    assert "could not be saved in" in text and "kaleun resume continues from there" in text, text
    disk.free()
    assert open_save(tmp_path / "autosave.json").engine.t == 0.0  # the last good save, as said


def test_a_quit_that_saves_once_there_is_room_leaves_with_the_game_saved(tmp_path, monkeypatch):
    clock = FakeClock()
    disk = FullDisk(monkeypatch, tmp_path)
    runtime, _ = start(tmp_path, clock)
    disk.fill()
    out = io.StringIO()

    class Room(io.StringIO):
        """The crew makes room after the first quit was refused."""

        def __iter__(self):  # type: ignore[override]
            yield "quit\n"
            while "type quit again" not in out.getvalue():
                import time

                time.sleep(0.01)
            disk.free()
            yield "quit\n"

    assert TextConsole(runtime, stdin=Room(), stdout=out).run() == 0
    assert "Game saved" in out.getvalue()


def test_a_first_save_that_fails_stops_the_start_with_a_sentence(tmp_path):
    """A folder where the autosave belongs: nothing is played that cannot be saved."""
    from kit import run_kaleun

    (tmp_path / "autosave.json").mkdir()
    result = run_kaleun("play", "--console", "--seed", "1", "--mission", "training", home=tmp_path)
    assert result.returncode == 1, result.stdout + result.stderr
    assert "cannot be saved in" in result.stderr and "so it was not started" in result.stderr, result.stderr
    assert "Traceback" not in result.stderr and "Game saved" not in result.stdout


DRIVER = r"""
import json, os, sys
sys.path[:0] = sys.argv[2:]
from faultkit import Console

home = sys.argv[1]
game = Console(__import__("pathlib").Path(home), "play", "--console", "--seed", "3", "--mission", "training")
game.expect("> ")
game.send("telegraph slow_ahead")
game.expect("slow ahead")
fd = os.open(os.path.join(home, "filler"), os.O_WRONLY | os.O_CREAT)  # the storage fills up
try:
    while os.write(fd, b"x" * 512):
        pass
except OSError:
    pass
os.close(fd)
for course in range(10, 200, 10):  # every line of the journal fails now; so does the session's script
    game.send(f"order new_course course={course}")
game.send("status")
game.send("save")
game.send("quit")
game.expect("type quit again")
os.remove(os.path.join(home, "filler"))  # the crew makes room
game.send("status")
game.send("quit")
code = game.finish()
resumed = Console(__import__("pathlib").Path(home), "resume", "--console")
resumed.send("quit")
resumed_code = resumed.finish()
print(json.dumps({"code": code, "text": game.text, "clocks": game.clocks(), "resumed": resumed.text,
                  "resumed_code": resumed_code}))
"""


def _namespaces() -> bool:
    import shutil
    import subprocess

    if shutil.which("unshare") is None:
        return False
    probe = subprocess.run(["unshare", "-rm", "sh", "-c", "mount -t tmpfs -o size=64k tmpfs /mnt 2>/dev/null || "
                            "mount -t tmpfs -o size=64k tmpfs /tmp"], capture_output=True, timeout=30)
    return probe.returncode == 0


@pytest.mark.slow
@pytest.mark.skipif(not _namespaces(), reason="needs unshare -rm to mount a small file system")
def test_a_real_full_file_system_under_kaleun_play_loses_nothing_once_there_is_room(tmp_path):
    """The storage really full (a 512 KiB tmpfs in a user namespace): kaleun play says so, keeps
    the console open at the first quit, saves once there is room, and resumes at the clock it left."""
    import subprocess
    import sys

    from kit import kaleun_env

    home = tmp_path / "small"
    home.mkdir()
    tests = Path(__file__).resolve().parents[1]
    script = tmp_path / "driver.py"
    script.write_text(DRIVER)
    command = (f"mount -t tmpfs -o size=512k tmpfs {home} && exec {sys.executable} {script} {home} "
               f"{tests / 'faults'} {tests}")
    result = subprocess.run(["unshare", "-rm", "sh", "-c", command], capture_output=True, text=True,
                            env=kaleun_env(home), timeout=300)
    assert result.returncode == 0, result.stderr[-3000:]
    seen = json.loads(result.stdout.strip().splitlines()[-1])
    text = seen["text"]
    assert "Traceback" not in text and "cannot be saved in" in text and "saved again" in text, text
    assert seen["code"] == 0 and "Game saved" in text, text
    last = seen["clocks"][-1].rsplit(":", 1)[0]  # "1 June 1941, 04:12" of "1 June 1941, 04:12:30"
    assert seen["resumed_code"] == 0, seen["resumed"]
    assert f"resuming Training patrol at {last}" in seen["resumed"], (last, seen["resumed"])


def test_captain_sonars_consoles_never_say_saved_when_the_storage_could_not_take_it(home, monkeypatch):
    from kaleun.sonar.game import new_game as new_sonar_game
    from kaleun.ui.sonar_console import SonarConsoles, TeamConsole
    from kaleun.ui.sonar_session import make_sonar_runtime

    disk = FullDisk(monkeypatch, home)
    runtime = make_sonar_runtime(new_sonar_game(4, "alpha", "turn"))
    disk.fill()
    out = io.StringIO()
    session = SonarConsoles(runtime, [TeamConsole(runtime, "yellow", io.StringIO("quit\n"), out)])
    assert session.run() == 1
    text = out.getvalue()
    assert "Game saved" not in text and "could not be saved in" in text, text


def test_a_debrief_chart_the_storage_cannot_take_leaves_no_half_written_file(tmp_path, monkeypatch):
    """The mission ends on a full disk: the PNG writer (pygame) fails with its own error after writing
    part of the file. That is an OSError to its callers (`kaleun run --debrief` said nothing else), and
    the part written is taken back: it took the last room on the storage and stayed there."""
    import pygame
    from kaleun.cli import main
    from kaleun.ui import debrief_chart

    def full(surface: Any, name: str) -> None:
        Path(name).write_bytes(b"\x89PNG" + b"\0" * 4096)  # as far as it got
        raise pygame.error(f"Couldn't write {name}: No space left on device")

    monkeypatch.setattr(pygame.image, "save", full)
    png = tmp_path / "out" / "debrief.png"
    with pytest.raises(OSError, match="No space left on device"):
        debrief_chart.write_debrief(debrief_data(), png)
    assert list(png.parent.iterdir()) == []
    script = tmp_path / "end.jsonl"
    script.write_text('{"t": 60, "do": "end"}\n')
    code = main(["run", "--mission", "exercise_convoy", "--script", str(script), "--events",
                 str(tmp_path / "ev.jsonl"), "--debrief", str(png)])
    assert code == 1 and sorted(p.name for p in png.parent.iterdir()) == ["debrief.json"]


def debrief_data() -> dict[str, Any]:
    from kaleun.uboot.missions.debrief import debrief

    game = new_game(3, "exercise_convoy")
    game.advance_to(60)
    return debrief(game)


def test_a_captain_sonar_game_whose_first_save_fails_is_not_started(tmp_path):
    """As for U-BOOT: nothing is played that cannot be saved. A Captain Sonar game was played to its
    end with a log line about it, and then said it could not be saved."""
    from kit import run_kaleun

    (tmp_path / "autosave.json").mkdir()
    result = run_kaleun("play", "--console", "--game", "sonar", "--seed", "1", home=tmp_path)
    assert result.returncode == 1, result.stdout + result.stderr
    assert "cannot be saved in" in result.stderr and "so it was not started" in result.stderr, result.stderr
    assert "Traceback" not in result.stderr and "yellow>" not in result.stdout


def test_a_new_game_on_a_full_disk_leaves_the_previous_game_and_no_half_copy(tmp_path, monkeypatch):
    """A new game keeps the previous one aside first: its save by a hard link, its journal by a copy.
    The copy that fails half way (the disk full) was left as a hidden temporary file, taking room on a
    storage that had none; now only the previous game's own files stay, as they were."""
    import shutil

    old = new_game(77)
    saves.save_game(old, tmp_path / "autosave.json")
    journal_path(tmp_path / "autosave.json").write_text('{"journal":"kaleun-journal","version":1}\n' * 200)
    before = {p.name: p.read_bytes() for p in tmp_path.iterdir()}

    def copy_until_full(src: Any, dst: Any, *args: Any) -> None:
        dst.write(src.read()[:1000])
        dst.flush()
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(shutil, "copyfileobj", copy_until_full)
    autosave = Autosave(new_game(5), tmp_path / "autosave.json", keep_previous=True)
    autosave.save()
    assert autosave.problem is not None and autosave.reason == os.strerror(errno.ENOSPC)
    assert {p.name: p.read_bytes() for p in tmp_path.iterdir()} == before


def test_the_session_log_goes_on_once_the_storage_has_room_again(tmp_path, monkeypatch):
    """The session's log met the full storage once and was silent for the rest of the session (hours of a table
    run by its service), while the game itself was saved again as soon as there was room. At the next save after
    room is made it goes on, saying that lines are missing there."""
    import logging

    from kaleun import session_log

    class FullStream(io.StringIO):
        def write(self, text: str) -> int:
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    clock = FakeClock()
    path = tmp_path / "sessions" / "s.log"
    path.parent.mkdir()
    handler = session_log.attach(path)
    assert handler is not None
    try:
        runtime, _ = start(tmp_path, clock)
        logging.getLogger("kaleun").warning("a line before the storage filled up")
        real, handler.stream = handler.stream, FullStream()  # the storage is full
        logging.getLogger("kaleun").warning("a line the full storage cannot take")
        real.close()  # (what the storage had taken before)
        runtime.post({"do": "order", "order": "new_course", "course": 120})
        clock.now += 1.5
        runtime.step()
        runtime.save()  # room was made: a save moment (`save`, a watch change, quit)
        logging.getLogger("kaleun").warning("a line logged once there was room")
        runtime.close()
    finally:
        logging.getLogger().removeHandler(handler)
        handler.close()
    kept = path.read_text(encoding="utf-8")
    assert "a line before the storage filled up" in kept and "a line the full storage cannot take" not in kept
    for line in ("lines are missing here: the storage could not take them", "can be written again",
                 "a line logged once there was room"):
        assert line in kept, kept


def test_a_service_unit_that_cannot_be_stored_whole_leaves_the_one_installed_before(tmp_path, monkeypatch):
    """A Pi that loses power (or a full card) while `kaleun service install` writes its unit: the unit is written
    atomically, so the table boots with the unit installed before, never a half or empty one systemd cannot
    start. Here the storage fails to keep the new unit (fsync: no space left); the old unit stays byte for byte,
    nothing is enabled and the maker reads why."""
    import dataclasses
    import subprocess

    from kaleun.service import ServiceError, install, plan

    monkeypatch.setattr("kaleun.service.os.geteuid", lambda: 1000)
    monkeypatch.setattr("kaleun.service._running_as", lambda: "maker")
    unit = tmp_path / "user" / "kaleun.service"
    unit.parent.mkdir()
    unit.write_text("[Unit]\nDescription=the unit installed before\n", encoding="utf-8")
    before = unit.read_bytes()
    ran: list[tuple[str, ...]] = []
    user = dataclasses.replace(plan("user", None), unit_path=unit, user="maker")

    def full(fd: int) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr("kaleun.saves.os.fsync", full)
    with pytest.raises(ServiceError, match=r"cannot write .*kaleun.service: "):
        install(user, lambda line: None, lambda argv: ran.append(tuple(argv)) or subprocess.CompletedProcess(
            argv, 0, "", ""))
    assert unit.read_bytes() == before and ran == []
    assert [p.name for p in unit.parent.iterdir()] == ["kaleun.service"]  # no temporary file left beside it
    monkeypatch.undo()
    monkeypatch.setattr("kaleun.service.os.geteuid", lambda: 1000)
    monkeypatch.setattr("kaleun.service._running_as", lambda: "maker")
    install(user, lambda line: None, lambda argv: subprocess.CompletedProcess(argv, 0, "", ""))
    assert unit.read_text(encoding="utf-8") == user.text and unit.stat().st_mode & 0o644 == 0o644
