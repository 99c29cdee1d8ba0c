"""Outputs: what the runtime does with the game's events (sound, lamps, logs, autosave)."""

from __future__ import annotations

import json
import logging
from pathlib import Path
from typing import IO, Protocol

from kaleun.core.engine import Engine
from kaleun.core.events import Event, visible_to
from kaleun.ports.base import Sounder
from kaleun.saves import save_game
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
    """Saves the game atomically at every watch change, or after any of `triggers` (and when asked)."""

    def __init__(self, game: Engine, path: Path, triggers: tuple[str, ...] = ("watch_change",)) -> None:
        self.game = game
        self.path = path
        self.triggers = triggers
        self.due = False

    def handle(self, event: Event) -> None:
        if event.name in self.triggers:
            self.due = True

    def flush(self) -> None:
        if self.due:
            self.save()

    def save(self) -> None:
        self.due = False
        try:
            save_game(self.game, self.path)
        except OSError as exc:
            log.error("autosave to %s failed: %s", self.path, exc)

    def close(self) -> None:
        self.save()
