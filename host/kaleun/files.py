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

from kaleun.core.messages import N_, Msg, of_error


class UnreadableFile(OSError):
    """What is at the path is not a file Kaleun reads; `why` says what it is (a `Msg`), str() and
    `strerror` the same in English."""

    def __init__(self, path: Path, what: Msg) -> None:
        super().__init__(errno.EINVAL, str(what), str(path))
        self.why = what


def _kind(mode: int) -> Msg:
    if stat.S_ISDIR(mode):
        return Msg("it is a folder, not a file")
    if stat.S_ISFIFO(mode):
        return Msg("it is a named pipe, not a file")
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return Msg("it is a device, not a file")
    if stat.S_ISSOCK(mode):
        return Msg("it is a socket, not a file")
    return Msg("it is not a regular file")


#: the system's error numbers in words the catalogues translate: the C library's own English (what a maker searches
#: for), so an English table reads what it always read, and a German or Russian one its own words
_OS_REASONS: dict[int, str] = {
    errno.ENOENT: N_("No such file or directory"),
    errno.EACCES: N_("Permission denied"),
    errno.EPERM: N_("Operation not permitted"),
    errno.ENOTDIR: N_("Not a directory"),
    errno.EISDIR: N_("Is a directory"),
    errno.ELOOP: N_("Too many levels of symbolic links"),
    errno.ENAMETOOLONG: N_("File name too long"),
    errno.EROFS: N_("Read-only file system"),
    errno.ENOSPC: N_("No space left on device"),
    errno.EDQUOT: N_("Disk quota exceeded"),
    errno.EIO: N_("Input/output error"),
    errno.EBUSY: N_("Device or resource busy"),
    errno.EEXIST: N_("File exists"),
    errno.ENODEV: N_("No such device"),
    errno.ENXIO: N_("No such device or address"),
    errno.EMFILE: N_("Too many open files"),
    errno.ENFILE: N_("Too many open files in system"),
    errno.EFBIG: N_("File too large"),
    errno.EXDEV: N_("Invalid cross-device link"),
    errno.ENOTEMPTY: N_("Directory not empty"),
    errno.EAGAIN: N_("Resource temporarily unavailable"),
    errno.EINVAL: N_("Invalid argument"),
}


def errno_reason(number: int | None) -> Msg | None:
    """Our words for a system error number (None for one we have no words for)."""
    said = _OS_REASONS.get(number) if number is not None else None
    return Msg(said) if said is not None else None


def os_reason(exc: OSError) -> Msg | str:
    """Why the system refused, in the table's language (a `Msg`): our words for its error number; the
    `Msg` an OSError was raised with; else the system's own text."""
    if isinstance(exc, UnreadableFile):
        return exc.why
    if exc.errno is None or exc.errno not in _OS_REASONS:
        said = of_error(exc)
        if isinstance(said, Msg):
            return said
    if exc.errno in _OS_REASONS and (exc.strerror is None or exc.strerror == os.strerror(exc.errno)):
        return Msg(_OS_REASONS[exc.errno])
    return str(exc.strerror or exc)


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
            raise UnreadableFile(path, Msg("the file is {size:,} bytes long, more than {limit:,}", size=info.st_size,
                                            limit=limit))
        chunks: list[bytes] = []
        size = 0
        while True:
            chunk = os.read(fd, min(1 << 20, limit + 1 - size))
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
            if size > limit:  # it grew while being read
                raise UnreadableFile(path, Msg("the file is longer than {limit:,} bytes", limit=limit))
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


def regular_or_missing(path: Path) -> Msg | str | None:
    """None when `path` holds a regular file or nothing; else what is there instead (in words)."""
    try:
        info = os.stat(path)
    except FileNotFoundError:
        return None
    except OSError as exc:
        return os_reason(exc)
    return None if stat.S_ISREG(info.st_mode) else _kind(info.st_mode)


def not_a_file_to_write(path: Path) -> Msg | None:
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


#: what Python's TOML reader says is wrong, as it says it in English (the catalogues translate it); a message that
#: names a key is read without it
_TOML = (N_("arrays or tables nested too deeply"), N_("a number with too many digits"), N_("Cannot overwrite a value"),
         N_("Cannot declare a table twice"), N_("Cannot mutate immutable namespace"), N_("Cannot redefine namespace"),
         N_("Duplicate inline table key"), N_("Escaped character is not a Unicode scalar value"),
         N_("Expected '=' after a key in a key/value pair"), N_("Expected ']' at the end of a table declaration"),
         N_("Expected ']]' at the end of an array declaration"),
         N_("Expected newline or end of document after a statement"), N_("Found invalid character"),
         N_("Illegal character"), N_("Invalid date or datetime"), N_("Invalid hex value"),
         N_("Invalid initial character for a key part"), N_("Invalid statement"), N_("Invalid value"),
         N_("Unclosed array"), N_("Unclosed inline table"), N_("Unescaped '\\' in a string"),
         N_("Unterminated string"))


def toml_reason(said: str) -> Msg | str:
    """What Python's TOML reader said is wrong (its message without the place "(at line 3, column 1)") in our
    words; its own text for one we do not know."""
    said = re.sub(r"\s*\((at line \d+, column \d+|at end of document)\)$", "", said)
    if said.startswith("Cannot declare") and said.endswith("twice"):
        return Msg("Cannot declare a table twice")
    known = next((reason for reason in _TOML if said.startswith(reason)), None)
    if known is None:
        return said
    return Msg(known) if said == known else Msg(known) + said[len(known):]  # the key or sign it names, as written


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


def utf16_text() -> Msg:
    """What a file in UTF-16 is told (a `Msg`)."""
    return Msg("it is UTF-16 text, not UTF-8: save it as UTF-8 in the editor")


def why_unread(exc: BaseException) -> Msg | str:
    """Why a file could not be read, in words a crew reads (a `Msg` in the table's language where it is one): a
    file that is not UTF-8 text names the byte and where it is, not Python's "'utf-8' codec can't decode ...":
    text in a legacy encoding its line and to save it as UTF-8, a binary file the byte's offset; UTF-16 text is
    named so, with what to do; a system error in our words (`os_reason`)."""
    if isinstance(exc, UnicodeDecodeError) and looks_utf16(exc.object):
        return utf16_text()
    if isinstance(exc, UnicodeDecodeError) and b"\0" not in exc.object:
        # text saved in a legacy encoding (Windows-1252, Latin-1, KOI8-R): where to look, and what to do
        return Msg("it is not UTF-8 text: byte {byte} on line {line}; save it as UTF-8 in the editor",
                   byte=f"0x{exc.object[exc.start]:02x}", line=str(exc.object.count(b"\n", 0, exc.start) + 1))
    if isinstance(exc, UnicodeDecodeError):  # NUL bytes: no text at all (a binary file)
        return Msg("it is not UTF-8 text: byte {byte} at {offset}", byte=f"0x{exc.object[exc.start]:02x}",
                   offset=str(exc.start))
    if isinstance(exc, OSError):
        return os_reason(exc)
    return of_error(exc)


@contextlib.contextmanager
def locked_folder(folder: Path, wait_s: float) -> Iterator[None]:
    """Hold `folder` (flock on the folder itself) while a file in it is read and written again, so that two
    commands changing it at once (remembering their hubs, booking their missions) each keep the other's
    change. Raises OSError when the folder cannot be made or another command holds it longer than `wait_s`."""
    try:
        folder.mkdir(parents=True, exist_ok=True)
        fd = os.open(folder, os.O_RDONLY | os.O_DIRECTORY)
    except (FileExistsError, NotADirectoryError):
        raise OSError(Msg("{folder} is not a folder", folder=str(folder))) from None
    try:
        deadline = time.monotonic() + wait_s
        while True:
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                break
            except BlockingIOError:
                if time.monotonic() > deadline:
                    raise OSError(Msg("another command has been writing it for more than {seconds} s",
                                      seconds=f"{wait_s:g}")) from None
                time.sleep(0.01)
        yield
    finally:
        os.close(fd)  # closing lets go of the flock
