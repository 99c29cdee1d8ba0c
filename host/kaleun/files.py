"""Reading the program's own files (saves, journals, the career record, settings, figure tags)
so that whatever sits at their path cannot hang or exhaust the program.

A save's path may hold something else: a folder, a named pipe (reading one waits for a writer
that never comes), a link to `/dev/zero` (endless) or a file far larger than any save. `read_file`
opens without waiting, takes only a regular file and reads at most `limit` bytes; anything else
raises `UnreadableFile` (an OSError, so callers that report OSErrors report it) saying what is there.
"""

from __future__ import annotations

import contextlib
import errno
import fcntl
import os
import re
import stat
import time
import tomllib
from collections.abc import Iterator
from pathlib import Path
from typing import Any


class UnreadableFile(OSError):
    """What is at the path is not a file Kaleun reads; str() and `strerror` say what it is."""

    def __init__(self, path: Path, what: str) -> None:
        super().__init__(errno.EINVAL, what, str(path))


def _kind(mode: int) -> str:
    if stat.S_ISDIR(mode):
        return "it is a folder, not a file"
    if stat.S_ISFIFO(mode):
        return "it is a named pipe, not a file"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "it is a device, not a file"
    if stat.S_ISSOCK(mode):
        return "it is a socket, not a file"
    return "it is not a regular file"


def read_file(path: Path, limit: int) -> bytes:
    """The bytes of the regular file at `path` (symbolic links followed). Raises FileNotFoundError
    when nothing is there, `UnreadableFile` for anything that is not a regular file or is longer
    than `limit` bytes, and OSError when it cannot be read."""
    path = Path(path)
    fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0))
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise UnreadableFile(path, _kind(info.st_mode))
        if info.st_size > limit:
            raise UnreadableFile(path, f"the file is {info.st_size:,} bytes long, more than {limit:,}")
        chunks: list[bytes] = []
        size = 0
        while True:
            chunk = os.read(fd, min(1 << 20, limit + 1 - size))
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
            if size > limit:  # it grew while being read
                raise UnreadableFile(path, f"the file is longer than {limit:,} bytes")
        return b"".join(chunks)
    finally:
        os.close(fd)


def exists(path: Path) -> bool:
    """`path.exists()` for a name a user gave: a name the system cannot look up (longer than the
    file system allows, or holding a NUL byte from a settings file) is not there, where pathlib
    raises OSError or ValueError; opening it later says why in words."""
    try:
        return path.exists()
    except (OSError, ValueError):
        return False


def regular_or_missing(path: Path) -> str | None:
    """None when `path` holds a regular file or nothing; else what is there instead (in words)."""
    try:
        info = os.stat(path)
    except FileNotFoundError:
        return None
    except OSError as exc:
        return exc.strerror or str(exc)
    return None if stat.S_ISREG(info.st_mode) else _kind(info.st_mode)


def not_a_file_to_write(path: Path) -> str | None:
    """What sits at `path` in place of a file Kaleun may write there, in words (None: a regular file, a
    link to one, or nothing). A file written atomically takes the place of whatever has its name, so a
    device, a named pipe or a socket given as an output (`kaleun run --save /dev/null`, which as root
    replaced the system's /dev/null with the save) is refused before anything is written."""
    try:
        info = os.stat(path)
    except (OSError, ValueError):  # nothing there, a dangling link: the write makes the file (or says why not)
        return None
    return None if stat.S_ISREG(info.st_mode) else _kind(info.st_mode)


def parse_toml(text: str) -> dict[str, Any]:
    """`tomllib.loads` for the files a crew writes (boards, missions). Arrays or inline tables nested
    without end are refused as a TOMLDecodeError naming their line: the standard parser recurses once
    per level, so a file of 100,000 `[` would otherwise raise RecursionError (a traceback); a whole
    number of thousands of digits is refused the same way (Python raises ValueError reading it)."""
    try:
        return tomllib.loads(text)
    except RecursionError:
        line = next((n for n, row in enumerate(text.splitlines(), start=1)
                     if row.count("[") + row.count("{") > 100), 1)
        raise tomllib.TOMLDecodeError(f"arrays or tables nested too deeply (at line {line}, column 1)") from None
    except tomllib.TOMLDecodeError:
        raise
    except ValueError:  # a whole number of more than 4,300 digits, which Python refuses to read
        line = next((n for n, row in enumerate(text.splitlines(), start=1) if re.search(r"[0-9_]{4300}", row)), 1)
        raise tomllib.TOMLDecodeError(f"a number with too many digits (at line {line}, column 1)") from None


def sync_folder(folder: Path) -> None:
    """Make a folder's entries (a rename, a new file) reach the disk; a system that cannot does nothing."""
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        with contextlib.suppress(OSError):
            os.fsync(fd)
    finally:
        os.close(fd)


def looks_utf16(raw: bytes) -> bool:
    """The bytes are UTF-16 text (Windows Notepad's "Unicode"): its byte order mark, or a NUL byte beside each
    letter at the start (Latin letters, digits and signs without the mark; a binary file has NUL bytes at random)."""
    if raw.startswith((b"\xff\xfe", b"\xfe\xff")):
        return True
    head = raw[:64 if len(raw) >= 64 else len(raw) - len(raw) % 2]
    if len(head) < 4:
        return False
    evens, odds = head[0::2], head[1::2]
    return (not any(odds) and all(evens)) or (not any(evens) and all(odds))


def decode_text(raw: bytes) -> str:
    """The text of a file a person writes in an editor (a map, a board, a table script): UTF-8, a byte order mark
    at its start skipped (Notepad's "UTF-8 with BOM"). Raises UnicodeDecodeError for anything else, also for
    UTF-16 text without its byte order mark (which UTF-8 would read as letters and NUL bytes); `why_unread`
    says to save it as UTF-8."""
    if looks_utf16(raw):
        at = next((i for i, byte in enumerate(raw) if byte in (0, 0xFE, 0xFF)), 0)
        raise UnicodeDecodeError("utf-8", raw, at, at + 1, "UTF-16 text")
    return raw.decode("utf-8").removeprefix("\ufeff")


def utf16_text() -> Any:
    """What a file in UTF-16 is told (a `Msg`)."""
    from kaleun.core.messages import Msg

    return Msg("it is UTF-16 text, not UTF-8: save it as UTF-8 in the editor")


def why_unread(exc: BaseException) -> Any:
    """Why a file could not be read, in words a crew reads (a `Msg` in the table's language where it is one): a
    file that is not UTF-8 text names the byte and where it is, not Python's "'utf-8' codec can't decode ...";
    UTF-16 text is named so, with what to do."""
    from kaleun.core.messages import Msg

    if isinstance(exc, UnicodeDecodeError) and looks_utf16(exc.object):
        return utf16_text()
    if isinstance(exc, UnicodeDecodeError):
        return Msg("it is not UTF-8 text: byte {byte} at {offset}", byte=f"0x{exc.object[exc.start]:02x}",
                   offset=str(exc.start))
    if isinstance(exc, OSError):
        return str(exc.strerror or exc)
    return str(exc)


@contextlib.contextmanager
def locked_folder(folder: Path, wait_s: float) -> Iterator[None]:
    """Hold `folder` (flock on the folder itself) while a file in it is read and written again, so that two
    commands changing it at once (remembering their hubs, booking their missions) each keep the other's
    change. Raises OSError when the folder cannot be made or another command holds it longer than `wait_s`."""
    try:
        folder.mkdir(parents=True, exist_ok=True)
        fd = os.open(folder, os.O_RDONLY | os.O_DIRECTORY)
    except (FileExistsError, NotADirectoryError):
        raise OSError(f"{folder} is not a folder") from None
    try:
        deadline = time.monotonic() + wait_s
        while True:
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                break
            except BlockingIOError:
                if time.monotonic() > deadline:
                    raise OSError(f"another command has been writing it for more than {wait_s:g} s") from None
                time.sleep(0.01)
        yield
    finally:
        os.close(fd)  # closing lets go of the flock
