"""`kaleun firmware install PATH`: the firmware and its libraries onto a CIRCUITPY drive.

The CircuitPython libraries come from the Adafruit packages installed with pip (plain .py
files that run on CircuitPython): no download at install time. CircuitPython imports a `.py` before
an `.mpy` of the same name, so compiled copies that circup put on the drive are not used beside them.
"""

from __future__ import annotations

import contextlib
import errno
import importlib.util
import json
import logging
import os
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

from kaleun.core.messages import Msg
from kaleun.files import os_reason, sync_folder
from kaleun.hub.firmware import PACKAGE, firmware_dir

log = logging.getLogger(__name__)

#: module or package the firmware imports -> the pip package that holds it
LIBRARIES = {
    "adafruit_pn532": "adafruit-circuitpython-pn532",
    "adafruit_bus_device": "adafruit-circuitpython-busdevice",
    "neopixel": "adafruit-circuitpython-neopixel",
}
CONFIG_FILE = "kaleun_hub.json"
#: what a file is called on the drive while it is being written
TEMPORARY = ".tmp"


class InstallError(RuntimeError):
    """Why the install cannot go on: str() in English, `of_error(exc)` as a `Msg` in the maker's language."""


def library_source(name: str) -> Path:
    """Where the pip-installed library `name` lives (a .py file or a package folder)."""
    spec = importlib.util.find_spec(name)
    if spec is None:
        from kaleun.shipped import install_command

        raise InstallError(Msg("the CircuitPython library {name} is not installed here: {command}", name=name,
                               command=install_command(LIBRARIES.get(name, name))))
    if spec.submodule_search_locations:
        return Path(next(iter(spec.submodule_search_locations)))
    assert spec.origin is not None
    return Path(spec.origin)


def library_sources() -> dict[str, Path]:
    """Where each library of `LIBRARIES` lives; InstallError naming every missing one with the one
    command that installs them all (not one round trip per library)."""
    missing = [name for name in LIBRARIES if importlib.util.find_spec(name) is None]
    if missing:
        from kaleun.shipped import install_command

        command = install_command(*(LIBRARIES[name] for name in missing))
        if len(missing) == 1:
            raise InstallError(Msg("the CircuitPython library {name} is not installed here: {command}",
                                   name=missing[0], command=command))
        raise InstallError(Msg("the CircuitPython libraries {names} are not installed here: {command}",
                               names=", ".join(missing), command=command))
    return {name: library_source(name) for name in LIBRARIES}


def _inside(drive: Path, dst: Path) -> None:
    """Refuse to write `dst` unless every part of its path below `drive` is a plain folder or
    file: a symbolic link there (a real CIRCUITPY drive is FAT and has none) could lead the
    write anywhere on this computer."""
    try:
        rel = dst.relative_to(drive)
    except ValueError:
        raise InstallError(Msg("{path} is not on {drive}", path=str(dst), drive=str(drive))) from None
    here = drive
    for part in rel.parts:
        here = here / part
        if here.is_symlink():
            raise InstallError(Msg("{path} is a symbolic link (a CIRCUITPY drive has none): refusing to write "
                                   "through it; remove it or install onto the real drive", path=str(here)))
    if ".." in rel.parts:
        raise InstallError(Msg("{path} is not on {drive}", path=str(dst), drive=str(drive)))


def _drive_identity(drive: Path) -> tuple[int, int, bool]:
    """The drive's folder as the system knows it (device and inode, and whether CircuitPython's
    boot_out.txt is on it): the same path may later be another folder (the mount point left empty on this
    computer's own disk once the drive is pulled out, or a folder made anew, which may get the same inode)."""
    try:
        found = os.stat(drive)
    except OSError as exc:
        raise InstallError(Msg("writing to {drive} failed: {why}. {state}", drive=str(drive), why=why(exc),
                               state=Msg("Nothing on the drive was changed"))) from exc
    return found.st_dev, found.st_ino, os.path.lexists(drive / "boot_out.txt")


def _still_there(drive: Path, same: tuple[int, int, bool]) -> None:
    """OSError (the drive went away) unless `drive` is still the folder the install began on: a drive
    pulled out mid-copy must not have the rest written to the folder left at its path (this computer's
    own disk), nor a new folder made where it was."""
    try:
        found = os.stat(drive)
    except FileNotFoundError:
        raise OSError(errno.ENODEV, os.strerror(errno.ENODEV), str(drive)) from None
    if (found.st_dev, found.st_ino, os.path.lexists(drive / "boot_out.txt")) != same:
        raise OSError(errno.ENODEV, os.strerror(errno.ENODEV), str(drive))


def _temporary(dst: Path) -> Path:
    return dst.with_name(dst.name + TEMPORARY)


#: errno -> why a write to the drive failed, as the maker reads it
DRIVE_FULL = (errno.ENOSPC, errno.EDQUOT)
READ_ONLY = (errno.EROFS,)
NOT_ALLOWED = (errno.EACCES, errno.EPERM)
DRIVE_GONE = (errno.EIO, errno.ENODEV, errno.ENXIO, errno.ENOENT, errno.ESTALE, errno.ESHUTDOWN)


def _named(exc: OSError) -> str:
    """The file an error is about, as the maker knows it: the place, not its temporary file."""
    name = str(exc.filename2 or exc.filename or "?")
    return name[:-len(TEMPORARY)] if name.endswith(TEMPORARY) else name


def why(exc: OSError) -> Msg:
    """What went wrong with a write to the drive, for a maker (not `[Errno 28] ...`)."""
    if exc.errno in DRIVE_FULL:
        return Msg("the drive is full: delete files you do not need from it (old libraries in lib/, "
                   "your own files), then try again")
    if exc.errno in READ_ONLY:
        return Msg("the drive is read-only: a boot.py that calls storage.remount makes it so for the computer, "
                   "and a drive with errors is mounted read-only (repair it with fsck.vfat, or erase it from the "
                   "REPL with storage.erase_filesystem())")
    if exc.errno in NOT_ALLOWED:
        return Msg("{path} may not be written (a read-only file, or no permission): make it writable or delete "
                   "it, then try again", path=_named(exc))
    if exc.errno in DRIVE_GONE:
        return Msg("the drive went away (the Pico unplugged, a loose cable, or a drive with errors): plug the "
                   "Pico in again, wait for CIRCUITPY and try again")
    return Msg("{problem} ({path})", problem=os_reason(exc) if exc.strerror else type(exc).__name__, path=_named(exc))


def _remove(paths: list[Path]) -> list[Path]:
    """Delete `paths` that exist; the ones that could not be deleted."""
    left = []
    for path in paths:
        try:
            path.unlink(missing_ok=True)
        except OSError:
            left.append(path)
    return left


def _unstage(staged: list[Path], made: list[Path]) -> list[Path]:
    """Delete the temporary files written and the folders made for them (a folder that holds something else stays);
    the temporary files that could not be deleted."""
    left = _remove(staged)
    for folder in reversed(made):
        with contextlib.suppress(OSError):
            folder.rmdir()
    return left


def _room_needed(files: list[tuple[Path, bytes]], cluster: int) -> int:
    """Bytes the staged files take on the drive while the old ones are still there."""
    return sum(-(-max(len(data), 1) // cluster) * cluster for _, data in files)


def _check_room(drive: Path, files: list[tuple[Path, bytes]]) -> None:
    try:
        stat = os.statvfs(drive)
    except (OSError, AttributeError):  # no statvfs here: a full drive is caught while writing
        return
    cluster = max(stat.f_frsize or stat.f_bsize, 512)
    free = stat.f_bavail * cluster
    need = _room_needed(files, cluster)
    if need > free:
        raise InstallError(Msg("{drive} has {free} kB free, the firmware needs {need} kB: delete files you do not "
                               "need from the drive (old libraries in lib/, your own files) and install again; "
                               "nothing on it was changed", drive=str(drive), free=free // 1024,
                               need=-(-need // 1024)))


def write_files(drive: Path, files: list[tuple[Path, bytes]]) -> list[Path]:
    """Write `files` (path on the drive, content) as one install: every file goes to a temporary
    `NAME.tmp` beside its place first, and only when all are on the drive are they renamed into
    place, in the order given. A failure while writing removes the temporary files and leaves
    the drive as it was; a failure among the renames (the drive pulled in that moment) leaves
    the files before it new and the rest old, and says so. Never writes through a link."""
    for dst, _ in files:
        _inside(drive, dst)
        _inside(drive, _temporary(dst))
    _check_room(drive, files)
    same = _drive_identity(drive)
    staged: list[Path] = []
    made: list[Path] = []
    try:
        for dst, data in files:
            _still_there(drive, same)
            missing = [p for p in (dst.parent, *dst.parent.parents) if p != drive and drive in p.parents
                       and not p.exists()]
            for folder in reversed(missing):  # never the drive itself: a drive gone is not made again here
                folder.mkdir(exist_ok=True)
                made.append(folder)
            _inside(drive, dst)  # a folder made by someone else between the check and mkdir
            tmp = _temporary(dst)
            _remove([tmp])  # a stale one from an install that was cut, read-only or not
            fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW, 0o644)
            staged.append(tmp)
            with os.fdopen(fd, "wb") as fh:
                fh.write(data)
                fh.flush()
                os.fsync(fh.fileno())
    except OSError as exc:
        left = _unstage(staged, made)
        raise InstallError(_failed(drive, exc, Msg("Nothing on the drive was changed"), left)) from exc
    except BaseException:  # Ctrl-C or a stop signal while the files are written: the drive as it was, then stop
        _unstage(staged, made)
        raise
    done = 0
    try:
        for (dst, _), tmp in zip(files, staged, strict=True):
            _still_there(drive, same)
            os.replace(tmp, dst)
            done += 1
    except OSError as exc:
        left = _remove(staged[done:])
        state = Msg.plural("The install stopped halfway: {n} file is new, the others are still the old ones; "
                           "install again before you use the hub",
                           "The install stopped halfway: {n} files are new, the others are still the old ones; "
                           "install again before you use the hub", n=done)
        raise InstallError(_failed(drive, exc, state, left)) from exc
    except BaseException:  # stopped among the renames: no temporary file left behind
        _remove(staged[done:])
        raise
    for folder in sorted({dst.parent for dst, _ in files}):
        sync_folder(folder)
    return [dst for dst, _ in files]


def _failed(drive: Path, exc: OSError, state: Msg, left: list[Path]) -> Msg:
    if left:
        return Msg("writing to {drive} failed: {why}. {state}. These temporary files are left on it (the next "
                   "install removes them): {files}", drive=str(drive), why=why(exc), state=state,
                   files=", ".join(str(p) for p in left))
    return Msg("writing to {drive} failed: {why}. {state}", drive=str(drive), why=why(exc), state=state)


def _config_file(drive: Path, cfg: dict[str, Any]) -> tuple[Path, bytes]:
    return drive / CONFIG_FILE, (json.dumps(cfg, indent=2) + "\n").encode("utf-8")


def write_config(drive: Path, cfg: dict[str, Any]) -> Path:
    """Write the hub's config onto `drive` (whole, or not at all)."""
    drive = Path(drive)
    return write_files(drive, [_config_file(drive, cfg)])[0]


def check_drive(drive: Path, force: bool = False) -> None:
    """Raise InstallError unless `drive` is a folder that looks like a CircuitPython drive
    (it has boot_out.txt); with `force` any folder will do."""
    if not drive.is_dir():
        raise InstallError(Msg("{drive} is not a folder: mount the Pico's CIRCUITPY drive and give its path",
                               drive=str(drive)))
    if not force and ((drive / "boot_out.txt").is_symlink() or not (drive / "boot_out.txt").is_file()):
        raise InstallError(Msg("{drive} has no boot_out.txt, so it is not a CircuitPython drive "
                               "(use --force to write there anyway)", drive=str(drive)))


#: the oldest CircuitPython the firmware is written for (usb_cdc's data port, keypad, rotaryio's
#: divisor and the built-in adafruit_pixelbuf that neopixel.py imports are all there from 8 on)
OLDEST_CIRCUITPYTHON = 8


def circuitpython_version(drive: Path) -> tuple[str, int] | None:
    """The CircuitPython version `boot_out.txt` on `drive` names (its text, its major number), or None."""
    try:
        first = (Path(drive) / "boot_out.txt").read_text(encoding="utf-8", errors="replace")[:200]
    except OSError:
        return None
    found = re.search(r"CircuitPython (\d+)\.(\d+)(\.\d+)?\S*", first)
    return (found.group(0).split(" ", 1)[1], int(found.group(1))) if found else None


def too_old(drive: Path) -> Msg | None:
    """A warning when the drive's CircuitPython is older than the firmware needs, else None."""
    version = circuitpython_version(drive)
    if version is None or version[1] >= OLDEST_CIRCUITPYTHON:
        return None
    return Msg("the Pico runs CircuitPython {version}, the hub firmware needs {oldest} or newer (its data port, "
               "encoders and lamps): copy CircuitPython 9's .uf2 for the Pico onto it (hold BOOTSEL while you "
               "plug it in), then install again", version=version[0], oldest=OLDEST_CIRCUITPYTHON)


def boot_changes(drive: Path) -> bool:
    """True when installing would put a new or different boot.py on `drive`: it only runs
    at power-up, so the Pico must then be unplugged and plugged back in."""
    current = Path(drive) / "boot.py"
    try:
        return current.read_bytes() != (firmware_dir() / "boot.py").read_bytes()
    except FileNotFoundError:
        return True


def _library_files(sources: dict[str, Path], lib: Path) -> list[tuple[Path, bytes]]:
    files = []
    for name, path in sources.items():
        if path.is_dir():
            files += _tree_files(path, lib / name)
        else:
            files.append((lib / path.name, path.read_bytes()))
    return files


def _tree_files(src: Path, dst: Path, kinds: tuple[str, ...] = ("*.py",)) -> list[tuple[Path, bytes]]:
    return [(dst / path.relative_to(src), path.read_bytes())
            for path in sorted(p for kind in kinds for p in src.rglob(kind)) if "__pycache__" not in path.parts]


def install(drive: Path, config: dict[str, Any] | None = None, force: bool = False,
            note: Callable[[Msg], None] | None = None) -> list[Path]:
    """Copy everything the hub needs to `drive`; returns the files written.

    All or nothing as far as a FAT drive allows (`write_files`): every file is written beside
    its place first and renamed into place once all are on the drive, libraries first and
    `code.py` last (CircuitPython restarts on every write; the last restart then finds
    everything in place). Without `force` the drive must look like a CircuitPython drive (it
    has boot_out.txt). `note` hears a warning for the maker (a drive left without the hub's
    config); without it the warning is logged."""
    drive = Path(drive)
    check_drive(drive, force)
    sources = library_sources()  # fail before writing anything
    source = firmware_dir()
    lib = drive / "lib"
    files = _library_files(sources, lib)
    # the firmware's data files too: settings.json declares the hub's settings
    files += _tree_files(source / "lib" / PACKAGE, lib / PACKAGE, ("*.py", "*.json"))
    old = too_old(drive)
    if old is not None:
        if note is not None:
            note(old)
        else:
            log.warning("%s", old)
    if config is not None:
        files.append(_config_file(drive, config))
    elif not (drive / CONFIG_FILE).exists():
        warning = Msg("no {file} on the drive and no board given: the hub will run without readers until "
                      "`kaleun hub config --board FILE --out {drive}`", file=CONFIG_FILE, drive=str(drive))
        if note is not None:
            note(warning)
        else:
            log.warning("%s", warning)
    files.append((drive / "boot.py", (source / "boot.py").read_bytes()))
    files.append((drive / "code.py", (source / "code.py").read_bytes()))
    return write_files(drive, files)
