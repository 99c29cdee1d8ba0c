"""Benchmarks of saving (run by hand: python tests/bench/bench_saves.py). Prints figures, asserts nothing.

1. A full save of a convoy battle's state (40 merchants, 8 escorts, 2 aircraft, an hour into the
   fight): JSON, digest, write, fsync, rename, fsync of the folder, all on the caller's thread (the
   start, `save`, quit); and the watch change's full save as the loop pays it (JSON, digest and the
   journal's mark; the writing on the autosave's own thread). Target: at most 5 ms on the loop.
2. The journal: one line appended (what the loop pays per command or clock mark), and one
   fdatasync (paid on the journal's own thread).
3. What the journal writes in an hour of play in each time compression (the runtime stepped
   like an idle window, 10 turns a second, on a fake clock): lines, bytes, flushes to the
   storage, and the bytes that reach the card (a 4 KiB page per flush plus the file system's
   journal commit, counted as 16 KiB) - against a full save (50 KiB) at every flush instead,
   which would keep the same promise.
4. A resume: the save and a journal of six game hours in transit with a command every game
   minute, checked, replayed and run on trial.
"""

from __future__ import annotations

import json
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "host"))
sys.path.insert(0, str(ROOT / "tests" / "bench"))

from bench_sea import nearest_merchant, order  # noqa: E402
from kaleun.boards.loader import default_board  # noqa: E402
from kaleun.journal import JournalWriter, journal_path  # noqa: E402
from kaleun.runtime.loop import Runtime  # noqa: E402
from kaleun.runtime.outputs import Autosave  # noqa: E402
from kaleun.runtime.table import Table  # noqa: E402
from kaleun.saves import open_save, save_game  # noqa: E402
from kaleun.uboot.game import new_game  # noqa: E402

#: bytes a flush costs the card: a data page and the file system's journal commit (ext4: a
#: descriptor, the inode's block and the commit block)
FLUSH_BYTES = 16 * 1024


def convoy_battle() -> object:
    game = new_game(7, "exercise_convoy_battle")
    order(game, "dive")
    order(game, "new_speed", speed="slow_ahead")
    for t in range(60, 3601, 60):
        game.advance_to(float(t))
        if t in (1260, 1500):
            game.module("sea").attacked(nearest_merchant(game), "torpedo hit")
        if t == 1320:
            order(game, "new_depth", depth_m=80)
    return game


def bench_full_save(folder: Path, runs: int = 100) -> None:
    game = convoy_battle()
    path = folder / "autosave.json"
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        save_game(game, path)  # type: ignore[arg-type]
        times.append(time.perf_counter() - start)
    print(f"full save of a convoy battle ({path.stat().st_size / 1024:.0f} KiB): median "
          f"{statistics.median(times) * 1000:.2f} ms, max {max(times) * 1000:.2f} ms ({runs} saves)")


def bench_watch_change_save(folder: Path, runs: int = 100) -> None:
    """The full save of a watch change as the loop pays it: the game turned into JSON, its digest
    and the journal's mark on the game's thread; the write, the fsyncs and the rename on the
    autosave's own thread (waited for here after each, so runs do not overlap)."""
    game = convoy_battle()
    home = folder / "watch"
    home.mkdir()
    autosave = Autosave(game, home / "autosave.json")  # type: ignore[arg-type]
    autosave.save()
    loop, whole = [], []
    for _ in range(runs):
        autosave.due = True
        start = time.perf_counter()
        autosave.flush()
        loop.append(time.perf_counter() - start)
        autosave.settle()
        whole.append(time.perf_counter() - start)
    autosave.close()
    print(f"watch change's full save of a convoy battle: on the game's thread median "
          f"{statistics.median(loop) * 1000:.2f} ms, max {max(loop) * 1000:.2f} ms; written on the autosave's "
          f"thread within median {statistics.median(whole) * 1000:.2f} ms, max {max(whole) * 1000:.2f} ms "
          f"({runs} saves)")


def bench_journal_line(folder: Path, runs: int = 2000) -> None:
    writer = JournalWriter(folder / "j.journal.jsonl")
    writer.start("0" * 32, 0.0, {})
    times, syncs = [], []
    command = {"do": "order", "order": "new_course", "course": 120, "via": "console"}
    for i in range(runs):
        start = time.perf_counter()
        writer.progress(float(i * 40), {})
        times.append(time.perf_counter() - start)
    for _ in range(50):
        start = time.perf_counter()
        os.fdatasync(writer.fd)  # type: ignore[arg-type]
        syncs.append(time.perf_counter() - start)
    start = time.perf_counter()
    for i in range(runs):
        writer.command(float(runs * 40 + i), command, {})
    per_command = (time.perf_counter() - start) / runs
    writer.close()
    print(f"journal: a clock mark {statistics.median(times) * 1e6:.1f} us, a command line "
          f"{per_command * 1e6:.1f} us (its flush is on the journal's thread); one fdatasync here "
          f"{statistics.median(syncs) * 1000:.2f} ms")


class FakeClock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def count_journal(journal: JournalWriter) -> dict[str, int]:
    """Count what `journal` writes and flushes from now on."""
    counts = {"flushes": 0, "lines": 0, "bytes": 0}
    real_flush, real_write = journal._flush, journal._write

    def counting_flush() -> None:
        counts["flushes"] += 1
        real_flush()

    def counting_write(obj: dict) -> None:
        counts["lines"] += 1
        counts["bytes"] += len(json.dumps(obj, separators=(",", ":"))) + 1
        real_write(obj)

    journal._flush = counting_flush  # type: ignore[method-assign]
    journal._write = counting_write  # type: ignore[method-assign]
    return counts


def bench_wear(folder: Path, wall_s: float = 600.0) -> None:
    print(f"journal per wall hour of play (runtime stepped 10 times a second, {wall_s:.0f} wall s each):")
    for mode in ("real_time", "fast_forward", "transit"):
        home = folder / mode
        home.mkdir()
        clock = FakeClock()
        game = new_game(3, "patrol_atlantic")
        autosave = Autosave(game, home / "autosave.json", clock=clock)
        runtime = Runtime(game, Table(default_board(), game, clock=clock), autosave=autosave, clock=clock)
        runtime.save()
        assert autosave.journal is not None
        counts = count_journal(autosave.journal)
        saves = autosave.saves
        game_start = game.t
        for _ in range(int(wall_s * 10)):
            if game.module("compression").mode != mode:  # a feed message dropped it: the crew puts it back
                runtime.post({"do": "ui", "action": "time_compression", "mode": mode})
            clock.now += 0.1
            runtime.step()
        autosave.settle()  # a watch change's save still being written counts
        full_saves = autosave.saves - saves
        runtime.close()
        per_hour = 3600.0 / wall_s
        game_minutes = (game.t - game_start) / 60
        card = (counts["flushes"] * FLUSH_BYTES + full_saves * 50 * 1024) * per_hour
        whole = counts["flushes"] * per_hour * (50 * 1024 + FLUSH_BYTES)  # a full save at every flush instead
        print(f"  {mode:12s}: {game_minutes * per_hour:6.0f} game min, {counts['lines'] * per_hour:6.0f} lines "
              f"({counts['bytes'] * per_hour / 1024:5.0f} KiB), {counts['flushes'] * per_hour:6.0f} flushes, "
              f"{full_saves * per_hour:3.0f} full saves -> about {card / 2**20:5.1f} MiB to the card "
              f"(a full save instead of each flush: {whole / 2**20:5.0f} MiB)")


def bench_resume(folder: Path) -> None:
    game = new_game(3, "patrol_atlantic")
    home = folder / "resume"
    home.mkdir()
    clock = FakeClock()
    autosave = Autosave(game, home / "autosave.json", clock=clock)
    runtime = Runtime(game, Table(default_board(), game, clock=clock), autosave=autosave, clock=clock)
    runtime.save()
    autosave.handle = lambda event: None  # type: ignore[method-assign]  # no full save at the watch change
    for minute in range(6 * 60):
        runtime.post({"do": "ui", "action": "time_compression", "mode": "transit"})
        if minute % 60 == 30:
            runtime.post({"do": "order", "order": "new_course", "course": (minute * 7) % 360})
        clock.now += 60 / 360
        runtime.step()
    size = journal_path(home / "autosave.json").stat().st_size
    start = time.perf_counter()
    opened = open_save(home / "autosave.json")
    took = time.perf_counter() - start
    runtime.close()
    print(f"resume after six game hours of journal ({size / 1024:.0f} KiB, {opened.replayed} commands): "
          f"{took * 1000:.0f} ms (read, checked, replayed and run on trial)")


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        bench_full_save(folder)
        bench_watch_change_save(folder)
        bench_journal_line(folder)
        bench_wear(folder)
        bench_resume(folder)


if __name__ == "__main__":
    main()
