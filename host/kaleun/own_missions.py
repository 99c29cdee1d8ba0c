"""The group's own mission files, read at the program's edge and handed to the game core.

`kaleun missions`, `kaleun play` and `kaleun run` read `paths.own_missions_dir()` (`$KALEUN_HOME/missions`,
else `~/.config/kaleun/missions`): each `<id>.toml` there is one mission, checked as `kaleun missions check`
checks it (`uboot/missions/own.py`). A file with a mistake, or one that cannot be read, is left out with its
problems; the shipped missions and the other files are not touched by it.

The program reads the folder once, at its start (`load_own_missions`), and hands what it read to what lists or
sets up a game (`program_own()`: the set-up screens, `kaleun missions`, `play --mission`, `run`); the game
core itself keeps no group's missions, only the fields of the one a game plays (in its config).
"""

from __future__ import annotations

import logging
import os
import stat
from pathlib import Path
from typing import TYPE_CHECKING

from kaleun.core.messages import Msg
from kaleun.files import why_unread
from kaleun.paths import own_missions_dir

if TYPE_CHECKING:
    from kaleun.uboot.missions.own import OwnMissions

log = logging.getLogger(__name__)

#: an own mission file longer than this is not read (the shipped ones are a few kB)
MISSION_BYTES = 1024 * 1024
#: more files than this in the folder: the first ones by name are read
MOST_FILES = 500


def own_files(folder: Path | None = None) -> list[Path]:
    """The mission files of the group's folder, by name (none when there is no folder)."""
    folder = own_missions_dir() if folder is None else folder
    try:
        names = sorted(p for p in folder.iterdir() if p.name.endswith(".toml") and not p.name.startswith("."))
    except OSError:  # no folder (the usual case), or one that cannot be listed
        return []
    return names[:MOST_FILES]


def folder_problem(folder: Path | None = None) -> Msg | None:
    """Why the group's missions folder cannot be read (None: it can, or there is none, the usual case). A file of
    that name is the likeliest: `cp wolf_watch.toml ~/.config/kaleun/missions` before the folder was made copies the
    mission to a file called `missions`, which was then passed over without a word."""
    folder = own_missions_dir() if folder is None else folder
    try:
        mode = os.stat(folder).st_mode
        if stat.S_ISDIR(mode):
            os.listdir(folder)
            return None
    except FileNotFoundError:
        return None
    except OSError as exc:
        return Msg("kaleun: the folder of the group's own missions {folder} cannot be read ({why}); no own mission "
                   "is read from it", folder=str(folder), why=why_unread(exc))
    return Msg("kaleun: {folder} is a file, not a folder, so no own mission is read from it: the group's own missions "
               "go into a folder of that name, one <id>.toml each (a file copied there before the folder was made "
               "took its name: rename it, make the folder and move the file into it as <id>.toml)", folder=str(folder))


def read_own_files(paths: list[Path]) -> OwnMissions:
    """The missions of these files, checked; a file that cannot be read is left out, with the reason."""
    from kaleun.files import read_file, why_unread
    from kaleun.uboot.missions.own import read_own

    texts: list[tuple[str, str]] = []
    unreadable: dict[str, list[Msg | str]] = {}
    for path in paths:
        try:
            texts.append((str(path), read_file(path, MISSION_BYTES).decode("utf-8")))
        except (OSError, UnicodeDecodeError) as exc:
            unreadable[str(path)] = [Msg("{path}: cannot read the mission file ({why})", path=str(path),
                                         why=why_unread(exc))]
    own = read_own(texts)
    refused = {**own.refused, **unreadable}
    problem = folder_problem()
    if problem is not None:  # said as a file left out is, where the group's own missions are listed and started
        refused[str(own_missions_dir())] = [problem]
    own.refused.clear()
    own.refused.update(sorted(refused.items()))  # told in the order of the files' names
    return own


#: the group's own missions this program read at its start (None: no mission files, or not read yet)
_read: list[OwnMissions | None] = [None]


def load_own_missions() -> OwnMissions | None:
    """Read the group's folder: its missions are the ones this program lists and plays beside the shipped ones
    (`program_own`). A folder without mission files costs nothing: the shipped catalogue is not even read for
    it (None)."""
    _read[0] = None
    paths = own_files()
    if not paths and folder_problem() is None:
        return None
    try:
        own = read_own_files(paths)
    except ValueError:  # the shipped missions have a mistake: the command says so as it would without own files
        return None
    for name in own.refused:
        log.debug("own mission file %s left out", name)
    _read[0] = own
    return own


def program_own() -> OwnMissions:
    """The group's own missions this program read at its start (`load_own_missions`; none when it read none)."""
    own = _read[0]
    if own is None:
        from kaleun.uboot.missions.own import OwnMissions

        own = OwnMissions()
    return own
