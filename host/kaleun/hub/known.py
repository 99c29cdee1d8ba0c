"""The deck hub this home's table played with, remembered across starts.

A board file without `hub.id` remembers the first hub whose hello names an id; that identity is kept in
`hubs.json` in the config folder (`KALEUN_HOME` when set), one entry per board file and hub path, so
a start after a reboot checks the device at the path against it (a reused pty or tty number can put
another device there). The file is small and written atomically:

    {"version": 1, "hubs": {"/home/pi/boards/uboot.toml @ /dev/ttyACM1":
                            {"name": "uboot-deck", "id": "E6614103E7396B29"}}}

The tools that only look at the hub (`kaleun hub status`, `kaleun figures enroll`, `kaleun hw check`)
check the device at the path against the same memory and refuse a foreign one with the same message,
but never write it: only a table's start and `kaleun hub trust` decide which hub is the board's.

A damaged file is never a crash: it is named in a warning, the hub of this start is trusted as on a
first start and the file is written anew. An entry no hub could say is damage too (an id that is not
4 to 64 upper-case hex digits, as the protocol has it; a name that is not one word of at most 64
characters). Two commands remembering their hubs at once (a table's start and `kaleun hub trust` for
another board) take turns: each holds the folder (`flock`) while it reads and writes the file, so
neither drops the other's hub. A link at the file's place is replaced by the file, never written through.

A hub replaced on purpose is accepted with `kaleun hub
trust --board FILE` (it remembers the hub now at the path), or by setting the board's `hub.id`.
"""

from __future__ import annotations

import contextlib
import json
import logging
import re
from pathlib import Path
from typing import Any

from kaleun.core import jsonin
from kaleun.files import locked_folder, read_file
from kaleun.paths import config_dir

log = logging.getLogger(__name__)

FILE = "hubs.json"
VERSION = 1
#: far more than any home's boards need; a larger file is damaged
MAX_BYTES = 256 * 1024
#: a remembered id is one a hub can say in its hello (the protocol's device ids: 4 to 64 upper-case hex digits)
ID = re.compile(r"[0-9A-F]{4,64}")
#: a remembered name is one word of at most this many characters
NAME_MAX = 64
#: seconds a command waits for another one writing the file (each holds it for a few milliseconds)
LOCK_WAIT_S = 5.0


class RememberedHub:
    """The identity remembered for one board file and hub path (`key`) in `path`."""

    def __init__(self, path: Path, key: str, board: str = "FILE", learn: bool = True) -> None:
        self.path = Path(path)
        self.key = key
        #: the board file, as `kaleun hub trust --board` takes it
        self.board = board
        #: a hub met with nothing remembered becomes this board's hub (a table's start); False: the
        #: memory is only checked against (`kaleun hub status`, `figures enroll`, `hw check` look, never decide)
        self.learn = learn

    @classmethod
    def for_board(cls, board_path: object, url: str, folder: Path | None = None, learn: bool = True) -> RememberedHub:
        board = Path(str(board_path))
        where = str(board.resolve()) if board.suffix else str(board_path)
        return cls((folder or config_dir()) / FILE, f"{where} @ {url}", where, learn)

    def _read(self) -> dict[str, Any] | None:
        """Every remembered hub, or None when the file is damaged (a warning names it)."""
        try:
            raw: Any = jsonin.loads(read_file(self.path, MAX_BYTES).decode("utf-8"), max_depth=4)
        except FileNotFoundError:
            return {}
        except (OSError, UnicodeDecodeError, jsonin.JsonInputError) as exc:
            why = getattr(exc, "strerror", None) or exc
            log.warning("%s: the deck hubs remembered there cannot be read (%s); this start trusts the hub it "
                        "meets as on a first start and writes the file anew", self.path, why)
            return None
        version = raw.get("version") if isinstance(raw, dict) else None
        hubs = raw.get("hubs") if type(version) is int and version == VERSION else None
        if not isinstance(hubs, dict) or not all(_identity(v) for v in hubs.values()):
            log.warning("%s: not a file of remembered deck hubs (version %d, hubs: name and id of each); this start "
                        "trusts the hub it meets as on a first start and writes the file anew", self.path, VERSION)
            return None
        return hubs

    def identity(self) -> dict[str, str | None] | None:
        """The hub remembered for this board and path ({"name", "id"}), or None."""
        hubs = self._read() or {}
        known = hubs.get(self.key)
        return {"name": known.get("name"), "id": known["id"]} if known else None

    def remember(self, name: str | None, hub_id: str) -> None:
        """Keep `hub_id` as this board's hub (a file that cannot be written: a warning, the game goes on)."""
        from kaleun.saves import write_atomic

        try:
            with _locked(self.path.parent):  # another command adding its hub meanwhile keeps it
                hubs = self._read() or {}
                hubs[self.key] = {"name": name, "id": hub_id}
                text = json.dumps({"version": VERSION, "hubs": hubs}, indent=2, ensure_ascii=False, sort_keys=True)
                write_atomic(self.path, text + "\n", mode=0o644)
        except OSError as exc:
            log.warning("%s: cannot remember the deck hub %s (%s); the next start trusts the hub it meets first",
                        self.path, hub_id, exc.strerror or exc)

    def __str__(self) -> str:
        return str(self.path)


def _identity(value: Any) -> bool:
    """A remembered identity a hub could say: its id as the protocol has it, its name one short word."""
    if not isinstance(value, dict) or not isinstance(value.get("id"), str) or not ID.fullmatch(value["id"]):
        return False
    name = value.get("name")
    return name is None or (isinstance(name, str) and 0 < len(name) <= NAME_MAX and name.isprintable()
                            and not any(c.isspace() for c in name))


def _locked(folder: Path) -> contextlib.AbstractContextManager[None]:
    """Hold `folder` while the file is read and written again: two commands remembering their hubs at once
    each keep the other's (`kaleun.files.locked_folder`)."""
    return locked_folder(folder, LOCK_WAIT_S)

