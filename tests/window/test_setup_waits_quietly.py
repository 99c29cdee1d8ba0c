"""The window held on its new-game set-up (the game's clock waits until Start) idles as the game's
screen does: it waits for a touch or a stop, not for a game wake that no step takes while the clock
waits. A fresh game's wakes are due at once, so every wait ended at once: the set-up spun a core
(72 % here against 0.4 % on the game's screen), and a stop signal (`systemctl stop`) could go
unanswered while it spun. What arrives meanwhile is kept, none of it lost to the next wait."""

from __future__ import annotations

import queue

from kaleun.boards.loader import default_board
from kaleun.runtime.loop import Runtime
from kaleun.runtime.table import Table
from kaleun.uboot.game import new_game
from kaleun.ui.screens.setup import Setup
from kaleun.ui.window import Window
from kit import FakeClock


def opened_on_the_set_up() -> Window:
    """The window as `kaleun play` opens it on a new game: held on the set-up, its game never stepped."""
    game = new_game(seed=2, mission="training")
    runtime = Runtime(game, Table(default_board(), game), clock=FakeClock(0.0))
    window = Window(runtime, clock=runtime.clock, setup=lambda w: Setup(w, lambda chosen: runtime))
    window.guard = False
    return window


class CountingInbox(queue.SimpleQueue):  # type: ignore[type-arg]
    """The runtime's inbox, noting how long each wait was let block."""

    def __init__(self) -> None:
        super().__init__()
        self.waits: list[float] = []

    def get(self, block: bool = True, timeout: float | None = None):  # type: ignore[no-untyped-def]
        if timeout is not None:
            self.waits.append(timeout)
        return super().get(block, timeout)


def test_the_set_up_waits_for_a_touch_not_for_a_game_wake_its_held_clock_never_reaches(home) -> None:
    window = opened_on_the_set_up()
    runtime = window.runtime
    assert window.holding
    game = runtime.game
    wakes = [w for m in game.modules if (w := m.next_wake()) is not None]
    assert wakes and min(wakes) <= game.t  # due at once: a step would take it, but the set-up holds the clock
    runtime.inbox = inbox = CountingInbox()
    runtime.wait(0.01, clock=not window.holding)
    assert inbox.waits == [0.01]  # it waited (for a touch or a stop), where it returned at once before


def test_what_comes_while_the_set_up_holds_the_clock_is_kept_for_the_first_step(home) -> None:
    window = opened_on_the_set_up()
    runtime = window.runtime
    ran: list[str] = []
    runtime.call(lambda: ran.append("first"))
    runtime.wait(0.01, clock=not window.holding)  # takes the first
    runtime.call(lambda: ran.append("second"))
    runtime.wait(0.01, clock=not window.holding)  # must not take the second in the first's place
    runtime.step()
    assert ran == ["first", "second"]
