"""Outputs: what the runtime does with the game's events (sound, lamps, logs, autosave)."""

from __future__ import annotations

import json
import logging
import time
from collections.abc import Callable
from pathlib import Path
from typing import IO, Any, Protocol

from kaleun.core.engine import Engine
from kaleun.core.events import Event, visible_to
from kaleun.journal import JournalWriter, journal_path
from kaleun.ports.base import Sounder
from kaleun.saves import Pruned, keep_aside, prune_kept, save_game
from kaleun.sounds.cues import cues_for

log = logging.getLogger(__name__)


class Output(Protocol):
    def handle(self, event: Event) -> None: ...

    def close(self) -> None: ...


class SoundOutput:
    """Plays the sound cues (kaleun.sounds.cues) of every event: the bell, pings, depth charges..."""

    def __init__(self, sounder: Sounder) -> None:
        self.sounder = sounder

    def handle(self, event: Event) -> None:
        for cue in cues_for(event.name, event.data):
            self.sounder.play(cue.name, event.data)

    def close(self) -> None:
        self.sounder.close()


#: the name this output had while it only rang the bell
BellOutput = SoundOutput


class EventLog:
    """Appends every event to a JSONL file (the session's event log); with a `viewer`, only the
    events that party may know of (one team's view of a game of hidden information)."""

    def __init__(self, path: Path, viewer: str | None = None) -> None:
        path.parent.mkdir(parents=True, exist_ok=True)
        self.viewer = viewer
        self.fh: IO[str] = open(path, "a", encoding="utf-8", errors="backslashreplace")  # noqa: SIM115 - closed in close()

    def handle(self, event: Event) -> None:
        if not visible_to(event, self.viewer):
            return
        self.fh.write(json.dumps(event.to_json(), ensure_ascii=False) + "\n")
        self.fh.flush()

    def close(self) -> None:
        self.fh.close()


class Autosave:
    """The game's autosave: a full save at the start, at every watch change (or any of `triggers`)
    and on quit, and a journal in between (`kaleun.journal`): every command the moment it is
    applied, a clock mark as the game runs on. A crash loses at most a few seconds (see the
    journal's limits).

    `keep_previous` (a new game): the first save keeps the game saved at `path` before it
    replaces it, under an earlier-game name (`saves.keep_aside`), and prunes the earlier games.
    After `abandon` (the game failed) nothing more is written: the last good save stays."""

    def __init__(self, game: Engine, path: Path, keep_previous: bool = False, journal: bool = True,
                 clock: Callable[[], float] = time.monotonic,
                 triggers: tuple[str, ...] = ("watch_change",)) -> None:
        self.game = game
        self.path = path
        self.triggers = triggers
        self.due = False
        self.keep_previous = keep_previous
        #: where the previous game was kept (after the first save), and what pruning did
        self.kept: Path | None = None
        self.pruned: Pruned | None = None
        self.journal = JournalWriter(journal_path(path), clock) if journal else None
        self.abandoned: str | None = None
        self.saves = 0

    def handle(self, event: Event) -> None:
        if event.name in self.triggers:
            self.due = True

    def flush(self) -> None:
        if self.due:
            self.save()

    def command(self, command: dict[str, Any]) -> None:
        """A command the game has just applied (journaled before anything shows its effect)."""
        if self.journal is not None and self.abandoned is None:
            try:
                self.journal.command(self.game.t, command, self.game.table_state)
            except (TypeError, ValueError):  # a value JSON cannot hold: a full save holds its effect
                log.warning("a command could not be written to the journal; saving the whole game instead")
                self.save()

    def progress(self) -> None:
        """The game ran on: a clock mark in the journal when one is due."""
        if self.journal is not None and self.abandoned is None:
            self.journal.progress(self.game.t, self.game.table_state)

    def save(self) -> None:
        self.due = False
        if self.abandoned is not None:
            return
        try:
            if self.saves == 0 and self.keep_previous:
                self.kept = keep_aside(self.path)
                if self.kept is not None:
                    self.pruned = prune_kept(self.path.parent)
            base = save_game(self.game, self.path)
            if self.journal is not None:
                self.journal.start(base, self.game.t, self.game.table_state)
            self.saves += 1
        except OSError as exc:
            log.error("autosave to %s failed: %s", self.path, exc)
        except Exception:  # the game cannot write its state: keep the last good save
            log.exception("the game could not be saved; %s keeps the last good save", self.path)
            self.abandon("the game could not be saved")

    def abandon(self, reason: str) -> None:
        """The game failed: write nothing more, so the last good save (and journal) stays."""
        self.abandoned = reason
        if self.journal is not None:
            self.journal.close()

    def close(self) -> None:
        self.save()
        if self.journal is not None:
            self.journal.close()
