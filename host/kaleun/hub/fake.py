"""The fake hub: the firmware's own `Hub` on a pseudo-terminal, with simulated readers.

It is the OctoPrint-virtual-printer idea: a whole device behind the real serial interface.
The host opens a stable symlink to the pty slave (like /dev/serial/by-id/...) with pyserial
exactly as it opens the Pico. The symlink exists only while the cable is in: a pty's number
is handed to the next pty anybody opens once this one is closed, so a host that kept
reopening the bare /dev/pts/N of an unplugged fake could end up talking to another
program's pty. Hands move tags with `put`/`remove` (a reader) or
`place_tag`/`lift_tag` (a section); `unplug`/`plug` pull and re-insert the cable (the hub
reboots: a new `Hub`, a new pty, the symlink follows it); `reload` restarts the firmware
with the cable in (CircuitPython's soft reload: a new `Hub` on the same pty, the port stays
open); `freeze`/`thaw` hang the hub. Encoders of the config are simulated too:
`turn_encoder` turns one by detents, `press_home` closes its home switch.

After a change the fake hub scans at once and keeps scanning until the debounced view
matches the simulated field, so tests and scripts need not wait for the scan interval.

Frames leave whole and in order, like bytes through the Pico's USB port: the pty's master
is non-blocking, so what it does not take at once (a host that is slow to read, a loaded
machine) waits in an output buffer and goes out on the next rounds. Only a host that reads
nothing for long fills that buffer (`OUT_LIMIT`); further frames are then dropped whole
and counted (`overflows`), never cut. A pty that takes nothing at all for `HOST_GONE_S` has no
host (nobody holds the port): like the Pico, which drops its frames while no host holds its data
port (DTR low), the fake hub then drops what waits and every frame the pty does not take at once
(counted in `unheard`), so a host that opens the port later gets the hub's news, not minutes of
old heartbeats (pyserial empties the pty's own buffer as it opens it).
"""

from __future__ import annotations

import contextlib
import logging
import os
import pty
import select
import shutil
import stat
import tempfile
import threading
import time
import tty
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from kaleun.core.messages import Msg
from kaleun.hub.proto import MAX_TURN
from kaleun.hub.proto import config as fwconfig
from kaleun.hub.proto import encoders as fwencoders
from kaleun.hub.proto import hub as fwhub
from kaleun.hub.proto import lamps as fwlamps
from kaleun.hub.simchips import SimEncoder, SimKeys, SimReader, make_reader

log = logging.getLogger(__name__)


#: the fake hub's unique id (a real hub reports its microcontroller's); `FakeHub(uid=...)` gives another
FAKE_UID = "FA4E000000000001"
#: bytes the fake hub keeps for a host that does not read (then whole frames are dropped)
OUT_LIMIT = 64 * 1024
#: seconds the pty may take nothing at all before the fake hub counts its host gone (our choice: a host
#: that is slow on a loaded machine still reads within it; the pty holds minutes of frames before it refuses)
HOST_GONE_S = 5.0


def clock_ms() -> int:
    return time.monotonic_ns() // 1_000_000


class FakePixels(list):
    """The fake hub's NeoPixel strip: a list of RGB tuples."""

    def __init__(self, count: int) -> None:
        super().__init__([(0, 0, 0)] * count)
        self.shows = 0

    def show(self) -> None:
        self.shows += 1


class LinkRefused(ValueError):
    """The path given for the fake hub's link cannot be its link: str() in English, the `Msg` in args[0]."""


def check_link(link: Path) -> None:
    """Refuse a link path whose place holds anything but a symbolic link (the fake hub replaces
    its link at each plug and removes it when it stops: a file or device there would be lost),
    and one in a folder that is not there."""
    for path in (link, _new_link(link)):
        if path.exists() and not path.is_symlink():
            raise LinkRefused(Msg("{path} already exists and is not a symbolic link: the fake hub keeps its link "
                                  "there and removes it when it stops, so give a free path (or the link of an "
                                  "earlier fake hub)", path=str(path)))
        if path.is_symlink() and path.exists() and not _pseudo_terminal(path):
            # a link of somebody else's: udev's /dev/serial/by-id/... link to the real hub, a link to a file
            raise LinkRefused(Msg("{path} is a symbolic link to {target}, which is no fake hub's pseudo-terminal: the "
                                  "fake hub would replace that link and remove it when it stops, so give a free path "
                                  "(or the link of an earlier fake hub)", path=str(path),
                                  target=str(os.readlink(path))))
    if not link.parent.is_dir():
        raise LinkRefused(Msg("{folder} is not a folder: the fake hub's link goes into an existing folder",
                              folder=str(link.parent)))


#: the major device numbers of Linux's pseudo-terminal slaves (/dev/pts/N: devices.txt, "Unix98 PTY slaves")
PTY_MAJORS = range(136, 144)


def _pseudo_terminal(path: Path) -> bool:
    """Does `path` lead to a pseudo-terminal (a fake hub's port; its link may be replaced)?"""
    try:
        mode = path.stat()
    except OSError:
        return False
    return stat.S_ISCHR(mode.st_mode) and os.major(mode.st_rdev) in PTY_MAJORS


def _new_link(link: Path) -> Path:
    """Where a new link is made before it replaces the old one."""
    return link.with_name(link.name + ".new")


#: the private folders a fake hub's link goes into when it is given no path (in the system's temporary folder)
FOLDER_PREFIX = "kaleun-fake-hub-"
#: the file in such a folder that names the process it belongs to: "pid start-time"
OWNER_FILE = "owner"


def private_folder() -> tempfile.TemporaryDirectory[str]:
    """A private folder for a fake hub's link, recording the process it belongs to. A game killed
    (kill -9, a crash) cannot remove its folder: each new one first removes those left by
    processes that are gone (`sweep_stale_folders`)."""
    sweep_stale_folders()
    folder = tempfile.TemporaryDirectory(prefix=FOLDER_PREFIX)
    record = Path(folder.name) / f"{OWNER_FILE}.new"
    record.write_text(f"{os.getpid()} {_started(os.getpid()) or '-'}\n", encoding="ascii")
    os.replace(record, record.with_name(OWNER_FILE))  # whole or not at all: a half record is never read
    return folder


def _stat(pid: int) -> list[str] | None:
    """The fields of /proc/PID/stat after the command name (which may hold spaces and ")"): the
    process's state first; None where there is no /proc or no such process."""
    try:
        text = Path(f"/proc/{pid}/stat").read_text(encoding="ascii", errors="replace")
    except OSError:
        return None
    fields = text.rpartition(")")[2].split()
    return fields if len(fields) > 19 else None


def _started(pid: int) -> str | None:
    """When a process started (clock ticks since boot), which tells it from a later process given
    the same pid; None where there is no /proc or no such process."""
    fields = _stat(pid)
    return fields[19] if fields else None


def _owner_gone(pid: int, started: str) -> bool:
    """Is the process that made a folder gone? Only a sure yes removes the folder."""
    try:
        os.kill(pid, 0)  # signal 0: only asks whether the process is there
    except ProcessLookupError:
        return True
    except PermissionError:  # a process of another user: ours, which made the folder, is gone
        return True
    except OSError:
        return False
    fields = _stat(pid)
    if fields is None:
        return False
    if fields[0] in ("Z", "X"):  # killed, and not yet reaped by its parent: it runs no more
        return True
    return started != "-" and fields[19] != started  # the pid was given to a later process


#: how long a folder that records no owner (made by a Kaleun from before the record) must have seen
#: no change before it is taken as left behind: our choice, a day (a fake hub that runs replaces its
#: link at each plug, and its pseudo-terminal keeps it anyway)
UNOWNED_QUIET_S = 24 * 3600


def _unowned_and_abandoned(folder: Path, now: float) -> bool:
    """Is a fake hub's folder that records no owner surely left behind? Only when it holds nothing
    but what a fake hub puts there (links, a half-written owner record) of this user, nothing in it
    has changed for `UNOWNED_QUIET_S`, and no link in it leads to a live pseudo-terminal (the port
    of a game still running: a pseudo-terminal is there only while a process holds it open)."""
    try:
        entries = [folder, *folder.iterdir()]
        for entry in entries:
            info = entry.lstat()
            if info.st_uid != os.getuid() or now - max(info.st_mtime, info.st_ctime) < UNOWNED_QUIET_S:
                return False
            if entry == folder:
                continue
            if stat.S_ISLNK(info.st_mode):
                if _pseudo_terminal(entry):
                    return False
            elif not (stat.S_ISREG(info.st_mode) and entry.name == f"{OWNER_FILE}.new"):
                return False  # anything a fake hub does not make there is somebody's: kept
    except OSError:
        return False
    return True


def sweep_stale_folders(now: float | None = None) -> list[Path]:
    """Remove the private folders of fake hubs whose process is gone (a game killed with kill -9
    leaves its folder behind): only folders of this user, named like ours, that record a process
    that is no longer there. A folder of a running game, one of another user and one that records
    no owner (still being made) are kept; one that records no owner, left by a Kaleun from before
    the record, goes once it is surely abandoned (`_unowned_and_abandoned`). Returns those removed."""
    if os.name != "posix":  # the fake hub's pseudo-terminal is POSIX's; os.kill(pid, 0) would end a process elsewhere
        return []
    now = time.time() if now is None else now
    removed = []
    for folder in sorted(Path(tempfile.gettempdir()).glob(f"{FOLDER_PREFIX}*")):
        try:
            if not stat.S_ISDIR(folder.lstat().st_mode) or folder.lstat().st_uid != os.getuid():
                continue
            record = folder / OWNER_FILE
            if not os.path.lexists(record):
                if _unowned_and_abandoned(folder, now):
                    shutil.rmtree(folder, ignore_errors=True)  # its links are removed, never what they lead to
                    if not folder.exists():
                        log.info("removed %s, left by a fake hub of an earlier Kaleun", folder)
                        removed.append(folder)
                continue
            info = record.lstat()
            if not stat.S_ISREG(info.st_mode) or info.st_uid != os.getuid():
                continue
            pid_text, started = record.read_text(encoding="ascii").split()
            pid = int(pid_text)
        except (OSError, ValueError, UnicodeDecodeError):  # gone meanwhile, no record, a record not ours
            continue
        if pid <= 0 or pid == os.getpid() or not _owner_gone(pid, started):
            continue
        shutil.rmtree(folder, ignore_errors=True)  # its link is removed, never what it leads to
        if not folder.exists():
            log.info("removed %s, left by a fake hub whose process %d is gone", folder, pid)
            removed.append(folder)
    return removed


class FakeHub:
    def __init__(self, cfg: Mapping[str, Any], model: str = "field", link: Path | None = None, seed: int = 0,
                 clock: Callable[[], int] = clock_ms, uid: str | None = FAKE_UID) -> None:
        self.cfg = fwconfig.parse(dict(cfg))
        #: what the fake hub says its unique id is (None: an old firmware that says none)
        self.uid = uid
        self.readers: list[SimReader] = [make_reader(r["kind"], model, seed + i)
                                         for i, r in enumerate(self.cfg["readers"])]
        self.sections = fwconfig.sections(self.cfg)
        #: the encoders' knobs (they keep their place when the hub restarts) and home switches
        self.encoders = [SimEncoder() for _ in self.cfg["encoders"]]
        self.home_of = [i for i, enc in enumerate(self.cfg["encoders"]) if enc.get("home_pin")]
        self.homes = SimKeys(len(self.home_of))
        #: a private folder for the symlink when the caller gives none
        self._tmp: tempfile.TemporaryDirectory[str] | None = None
        if link is None:
            self._tmp = private_folder()
            link = Path(self._tmp.name) / fwconfig.NAME  # named like the hub by default
        self.link = Path(link)
        check_link(self.link)
        self.clock = clock
        self.lock = threading.RLock()
        self.hub: Any = None
        self.pixels: FakePixels | None = None
        self.port_path: str | None = None
        self.frozen = False
        #: frames dropped whole because nobody read the pty for long (see OUT_LIMIT)
        self.overflows = 0
        #: frames dropped because no host held the port (the pty took nothing for HOST_GONE_S)
        self.unheard = 0
        #: since when (time.monotonic) the pty has taken nothing of what waits; None while it takes it
        self._stuck_since: float | None = None
        #: bytes written by the firmware that the pty has not taken yet
        self._out = bytearray()
        self.boots = 0
        self._master: int | None = None
        self._slave: int | None = None
        self._wake = threading.Event()
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None

    # -- life -------------------------------------------------------------------------------
    @property
    def url(self) -> str:
        """What the host opens: the stable symlink (it follows `plug`, like a by-id name)."""
        return str(self.link)

    def start(self) -> FakeHub:
        self.plug()
        self._thread = threading.Thread(target=self._run, name="fake-hub", daemon=True)
        self._thread.start()
        return self

    def stop(self) -> None:
        self._stop.set()
        self._wake.set()
        if self._thread is not None:
            self._thread.join(timeout=5)
        self.unplug()
        if self._tmp is not None:
            self._tmp.cleanup()

    def __enter__(self) -> FakeHub:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()

    def plug(self) -> None:
        """Plug the cable in: a fresh pty and a freshly booted hub (same tags in the fields)."""
        with self.lock:
            if self._master is not None:
                return
            check_link(self.link)  # nothing of anybody else's may have appeared there since
            master, slave = pty.openpty()
            tty.setraw(slave)  # no echo, no line editing, no CR/LF translation
            os.set_blocking(master, False)
            self._master, self._slave = master, slave
            self.port_path = os.ttyname(slave)
            self._boot()
            tmp = _new_link(self.link)
            with contextlib.suppress(FileNotFoundError):
                tmp.unlink()
            tmp.symlink_to(self.port_path)
            os.replace(tmp, self.link)
        log.info("fake hub plugged in on %s", self.url)
        self._wake.set()

    def _boot(self) -> None:
        """A fresh firmware start: new Hub, dark strip, the readers' fields start over."""
        for reader in self.readers:
            for tag in reader.uids_field.field:
                tag.state = "idle"  # the reader's field was off while the chip restarted
        self.pixels = FakePixels(self.cfg["pixels"]["count"]) if self.cfg.get("pixels") else None
        lamps = fwlamps.HubLamps(self.pixels, len(self.pixels)) if self.pixels is not None else None
        watch = fwencoders.EncoderWatch(self.encoders, self.homes if self.home_of else None, self.home_of) \
            if self.encoders else None
        self.hub = fwhub.Hub(self.readers, self.cfg, self._write, lamps=lamps, encoders=watch, clock=self.clock,
                             uid=self.uid)
        self.boots += 1

    def reload(self) -> None:
        """The firmware restarts with the cable in (a soft reload): the port stays open."""
        with self.lock:
            if self._master is None:
                return
            self._boot()
        log.info("fake hub reloaded on %s", self.port_path)
        self._wake.set()

    def unplug(self) -> None:
        """Pull the cable: the host's port goes away at once; the hub loses power."""
        with self.lock:
            if self._master is not None:
                with contextlib.suppress(OSError):  # the device name goes first, like /dev/serial/by-id
                    self.link.unlink()
            for fd in (self._master, self._slave):
                if fd is not None:
                    with contextlib.suppress(OSError):
                        os.close(fd)
            self._master = self._slave = None
            self._out.clear()  # what was still on its way is lost with the cable
            self._stuck_since = None
            self.hub = None

    @property
    def running(self) -> bool:
        return self._thread is not None and self._thread.is_alive()

    @property
    def plugged(self) -> bool:
        return self._master is not None

    def freeze(self) -> None:
        """The hub hangs: it neither scans nor answers nor sends heartbeats."""
        self.frozen = True

    def thaw(self) -> None:
        self.frozen = False
        self._wake.set()

    # -- hands ------------------------------------------------------------------------------
    def put(self, reader: int, uid: str) -> None:
        """Put a tag onto reader `reader`; ValueError when it lies there already."""
        with self.lock:
            field = self._reader(reader).uids_field
            if uid.upper() in field.uids():
                raise ValueError(Msg("tag {uid} is on reader {reader} already", uid=uid.upper(), reader=reader))
            field.put(uid)
        self._wake.set()

    def remove(self, reader: int, uid: str) -> bool:
        """Take a tag off reader `reader`; False when it was not on it."""
        with self.lock:
            field = self._reader(reader).uids_field
            there = uid.upper() in field.uids()
            field.remove(uid)
        self._wake.set()
        return there

    def readers_of(self, section: int) -> list[int]:
        return [i for i, s in enumerate(self.sections) if s == section]

    def where(self, uid: str) -> list[int]:
        uid = uid.upper()
        return [i for i, r in enumerate(self.readers) if uid in r.uids_field.uids()]

    def place_tag(self, uid: str, section: int) -> int:
        """Move a tag onto the emptiest reader of `section`; returns the reader number."""
        uid = uid.upper()
        with self.lock:
            berths = self.readers_of(section)
            if not berths:
                raise ValueError(Msg("the fake hub has no reader under section {section}", section=section))
            here = [r for r in self.where(uid) if r in berths]
            if here:
                return here[0]
            self.lift_tag(uid)
            reader = min(berths, key=lambda i: len(self.readers[i].uids_field.field))
            self.readers[reader].uids_field.put(uid)
        self._wake.set()
        return reader

    def lift_tag(self, uid: str) -> bool:
        """Take a tag off every reader; False when it was on none."""
        with self.lock:
            readers = self.where(uid)
            for reader in readers:
                self.readers[reader].uids_field.remove(uid)
        self._wake.set()
        return bool(readers)

    def turn_encoder(self, index: int, detents: int) -> None:
        """A hand turns encoder `index` by `detents` (positive clockwise)."""
        with self.lock:
            if not self.encoders:
                raise ValueError(Msg("the fake hub has no encoders (its board has no [hub.encoders])"))
            if not 0 <= index < len(self.encoders):
                raise ValueError(Msg("the fake hub has encoders 0-{last}, not {index}", last=len(self.encoders) - 1,
                                     index=index))
            if abs(detents) > MAX_TURN:  # no hand turns so far between two polls: a typo
                raise ValueError(Msg("a turn of {counts} counts is more than a hand turns an encoder in one report "
                                     "of the hub (at most {most} either way: a whole turn of the finest ring a board "
                                     "may have); turn it in several", counts=str(detents), most=str(MAX_TURN)))
            self.encoders[index].position += detents
        self._wake.set()

    def press_home(self, index: int) -> None:
        """The home switch of encoder `index` closes (its ring passes its zero mark)."""
        with self.lock:
            if not self.encoders:
                raise ValueError(Msg("the fake hub has no encoders (its board has no [hub.encoders])"))
            if index not in self.home_of:
                raise ValueError(Msg("encoder {index} of the fake hub has no home switch", index=index))
            self.homes.press(self.home_of.index(index))
        self._wake.set()

    def is_broken(self, reader: int) -> bool:
        with self.lock:
            return bool(self._reader(reader).uids_field.broken)

    def set_broken(self, reader: int, broken: bool = True) -> None:
        with self.lock:
            self._reader(reader).uids_field.broken = broken
        self._wake.set()

    def _reader(self, reader: int) -> SimReader:
        if not 0 <= reader < len(self.readers):
            raise ValueError(Msg("the fake hub has readers 0-{last}, not {reader}", last=len(self.readers) - 1,
                                 reader=reader))
        return self.readers[reader]

    # -- state for settle() -----------------------------------------------------------------
    def settled(self) -> bool:
        """True when every working reader's debounced view matches its field."""
        with self.lock:
            if self.hub is None:
                return True
            if not self.hub.ready:
                return False  # its first snapshot is not out yet
            if self.hub.encoders is not None and (not self.hub.encoders.settled() or self.homes.queued):
                return False  # a turn or a home switch not reported yet
            scanner = self.hub.scanner
            for index, reader in enumerate(self.readers):
                if reader.uids_field.broken:
                    continue
                if not scanner.debouncers[index].settled(reader.uids_field.uids()):
                    return False
            return True

    def last_seq(self) -> int | None:
        """Sequence number of the last frame sent, or None before the first."""
        with self.lock:
            if self.hub is None or not self.hub.sent:
                return None
            return (self.hub.seq - 1) & 0xFFFF

    # -- the device loop --------------------------------------------------------------------
    def _write(self, frame: bytes) -> None:
        """The firmware's port write: the frame is queued whole, then sent as far as the pty takes it."""
        if self._master is None:
            return
        if len(self._out) + len(frame) > OUT_LIMIT:
            self.overflows += 1
            return
        self._out += frame
        self._flush()

    def _flush(self) -> bool:
        """Send what the pty takes now; True when nothing is left waiting. What waits is dropped once the pty
        has taken nothing for HOST_GONE_S (no host holds the port)."""
        while self._out and self._master is not None:
            try:
                written = os.write(self._master, self._out)
            except BlockingIOError:
                now = time.monotonic()
                if self._stuck_since is None:
                    self._stuck_since = now
                elif now - self._stuck_since >= HOST_GONE_S:
                    self.unheard += max(1, self._out.count(b"\n"))
                    self._out.clear()
                    return True
                return False
            except OSError:  # the pty is gone (unplugged meanwhile)
                self._out.clear()
                return True
            self._stuck_since = None
            del self._out[:written]
        return not self._out

    def _run(self) -> None:
        idle = max(0.005, min(self.cfg["scan_ms"], self.cfg["heartbeat_ms"]) / 1000)
        busy = 0
        while not self._stop.is_set():
            if not busy or busy > 100:  # a field that never settles (flaky) scans at the normal pace
                self._idle(idle)
                busy = 0
            try:
                busy = busy + 1 if self._step() else 0
            except Exception:  # the fake must outlive any bug a test provokes
                log.exception("fake hub step failed")
                busy = 0

    def _idle(self, idle: float) -> None:
        """Wait for a hand, the next round, or (with output waiting) the pty taking more."""
        with self.lock:
            master = self._master if self._out else None
        if master is None:
            self._wake.wait(idle)
        else:
            with contextlib.suppress(OSError, ValueError):  # unplugged meanwhile
                select.select([], [master], [], min(idle, 0.01))
        self._wake.clear()

    def _step(self) -> bool:
        """One pass of the firmware loop; True when another scan is due at once."""
        with self.lock:
            if self._out:
                self._flush()  # what the host had no room for yet goes first
            if self.hub is None or self.frozen or self._master is None:
                return False
            data = b""
            with contextlib.suppress(BlockingIOError, OSError):
                data = os.read(self._master, 4096)
            if data:
                self.hub.feed(data)
            now = self.clock()
            pending = not self.settled()
            if pending:
                self.hub.next_scan = 0
            self.hub.tick(now)
            return not self.settled()
