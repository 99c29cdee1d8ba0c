"""A playing session: the runtime with its outputs, shown in a window or on the console."""

from __future__ import annotations

import logging
from datetime import datetime
from typing import Protocol

from kaleun.boards.model import Board
from kaleun.core.engine import Engine
from kaleun.paths import autosave_path, state_dir
from kaleun.ports.base import Sounder
from kaleun.ports.sim import SilentSounder
from kaleun.runtime.loop import Runtime
from kaleun.runtime.outputs import Autosave, BellOutput, EventLog
from kaleun.runtime.table import Table

log = logging.getLogger(__name__)


class Session(Protocol):
    def run(self) -> int: ...


def make_sounder(board: Board) -> Sounder:
    if board.audio.driver == "none":
        return SilentSounder()
    from kaleun.ports.sound import PygameSounder

    return PygameSounder(volume=board.audio.volume)


def make_runtime(game: Engine, board: Board) -> Runtime:
    """The runtime with the board's adapters, the bell, the session log and the autosave."""
    stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
    sessions = state_dir() / "sessions"
    table = Table(board, game)
    outputs = [BellOutput(make_sounder(board)), EventLog(sessions / f"{stamp}.events.jsonl")]
    return Runtime(game, table, outputs, autosave=Autosave(game, autosave_path()),
                   record=sessions / f"{stamp}.script.jsonl")


def open_session(game: Engine, board: Board, console: bool = False) -> Session:
    from kaleun.ui.display import has_display

    runtime = make_runtime(game, board)
    if not console and has_display():
        from kaleun.ui.window import Window

        return Window(runtime)
    from kaleun.ui.console import Console

    return Console(runtime)
