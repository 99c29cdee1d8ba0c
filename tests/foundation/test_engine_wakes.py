"""The engine's wake schedule: wakes run in time order, ties in module order, a wake moved by a touch
is honoured at its new time, and how time is sliced does not change what happens (determinism)."""

from __future__ import annotations

from kaleun.core.clock import GameClock
from kaleun.core.engine import Engine, Module


class Ticker(Module):
    """Wakes at the times of its list, one after another; `log` records (time, name) of each wake."""

    def __init__(self, name: str, times: list[float], log: list[tuple[float, str]]) -> None:
        self.name = name  # type: ignore[misc]
        self.times = list(times)
        self.log = log

    def next_wake(self) -> float | None:
        return self.times[0] if self.times else None

    def wake(self, now: float) -> None:
        self.log.append((now, self.name))
        self.times.pop(0)

    def move(self, times: list[float]) -> None:
        """Another module's call moves this one's wakes: it touches itself."""
        self.times = list(times)
        self.engine.touch(self)


def engine(*modules: Module) -> Engine:
    return Engine("test", 0, GameClock(GameClock.parse("1941-06-01T04:00:00")), modules)


def test_wakes_run_in_time_order_and_ties_in_module_order() -> None:
    log: list[tuple[float, str]] = []
    game = engine(Ticker("a", [30.0, 60.0], log), Ticker("b", [10.0, 30.0, 60.0], log), Ticker("c", [30.0], log))
    game.advance_to(100.0)
    assert log == [(10.0, "b"), (30.0, "a"), (30.0, "b"), (30.0, "c"), (60.0, "a"), (60.0, "b")]
    assert game.t == 100.0


def test_a_touched_wake_runs_at_its_new_time_and_never_at_its_old_one() -> None:
    log: list[tuple[float, str]] = []
    a = Ticker("a", [50.0], log)
    b = Ticker("b", [80.0], log)
    game = engine(a, b)
    game.advance_to(10.0)
    b.move([20.0, 40.0])  # earlier than before
    a.move([90.0])  # later than before
    game.advance_to(100.0)
    assert log == [(20.0, "b"), (40.0, "b"), (90.0, "a")]


def test_many_moved_wakes_lose_none_and_run_no_outdated_one() -> None:
    """A module that moves its wake again and again (the sea's agenda does) leaves outdated entries
    behind; the schedule drops them and keeps the one that counts."""
    log: list[tuple[float, str]] = []
    a = Ticker("a", [1000.0], log)
    b = Ticker("b", [500.0], log)
    game = engine(a, b)
    for i in range(500):
        a.move([1000.0 + i])
        game.advance_to(i / 10)
    game.advance_to(2000.0)
    assert log == [(500.0, "b"), (1499.0, "a")]


def test_the_slicing_of_time_does_not_change_the_wakes() -> None:
    def run(step: float) -> list[tuple[float, str]]:
        log: list[tuple[float, str]] = []
        game = engine(Ticker("a", [5.0, 17.5, 33.0, 90.0], log), Ticker("b", [17.5, 60.0, 61.0], log))
        t = 0.0
        while t < 100.0:
            t = min(100.0, t + step)
            game.advance_to(t)
        return log

    assert run(1.0) == run(7.0) == run(100.0)
