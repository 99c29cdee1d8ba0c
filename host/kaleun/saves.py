"""Saving and loading games: atomic JSON files (write, fsync, rename)."""

from __future__ import annotations

import json
import logging
import os
import tempfile
from pathlib import Path
from typing import Any

from kaleun.core.engine import Engine
from kaleun.core.errors import SaveError
from kaleun.games import load_game

log = logging.getLogger(__name__)


def write_atomic(path: Path, text: str) -> None:
    """Replace `path` with `text` so that a crash leaves either the old or the new file."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(text)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    try:  # make the rename itself durable
        dir_fd = os.open(path.parent, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(dir_fd)
    except OSError:
        pass
    finally:
        os.close(dir_fd)


def save_game(engine: Engine, path: Path) -> None:
    write_atomic(Path(path), json.dumps(engine.to_state(), separators=(",", ":")))
    log.debug("saved game at t=%s to %s", engine.t, path)


def read_state(path: Path) -> dict[str, Any]:
    """Read a save file. A damaged file raises SaveError and is left untouched."""
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError as exc:
        raise SaveError(f"{path}: no such save file") from exc
    except (OSError, UnicodeDecodeError) as exc:
        raise SaveError(f"{path}: cannot read the save ({exc})") from exc
    try:
        state = json.loads(text)
    except json.JSONDecodeError as exc:
        raise SaveError(f"{path}: the save is damaged (not JSON at line {exc.lineno}: {exc.msg}); "
                        "the file was kept as it is") from exc
    return state


def load_saved_game(path: Path) -> Engine:
    state = read_state(path)
    try:
        return load_game(state)
    except SaveError as exc:
        raise SaveError(f"{path}: {exc}; the file was kept as it is") from exc
