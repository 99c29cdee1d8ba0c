"""One game per home: `kaleun play` and `kaleun resume` hold a lock on the state folder.

The lock is `fcntl.flock` on `kaleun.lock` in the state folder (`KALEUN_HOME` when set), a file
that holds the pid of the process playing. The kernel lets go of it when that process ends,
however it ends (kill -9, a power cut), so a stale lock file never blocks a table. A second
`kaleun play` with the same home is refused and told which process holds the table. A `kaleun.lock`
that is a symbolic link is not followed: the start is refused saying so (the link and what it
points to are left as they are).
"""

from __future__ import annotations

import errno
import fcntl
import logging
import os
import time
from pathlib import Path

from kaleun.core.messages import Msg

log = logging.getLogger(__name__)

LOCK_NAME = "kaleun.lock"
#: the locks this process holds (one: the home `kaleun play` plays in), renewed at every save
HELD: list[HomeLock] = []


class TableBusy(RuntimeError):
    """Another Kaleun plays with this home; str() says which process."""

    def __init__(self, folder: Path, pid: int | None) -> None:
        if pid is not None:
            said = Msg("another Kaleun (process {pid}) is already playing at this table: its games are in {folder}. "
                       "Stop that one first (quit it, or kill {pid}), or give this one another folder with "
                       "KALEUN_HOME", pid=str(pid), folder=str(folder))
        else:
            said = Msg("another Kaleun (another process) is already playing at this table: its games are in "
                       "{folder}. Stop that one first (quit it), or give this one another folder with KALEUN_HOME",
                       folder=str(folder))
        super().__init__(said)
        self.pid = pid


def renew_held(folder: Path) -> None:
    """(At every save: `Runtime.keep_files`.) The lock this process holds on `folder` (the home the game saves
    in), taken again if the home was deleted while the game ran (`HomeLock.renew`)."""
    for lock in list(HELD):
        if lock.folder == Path(folder):
            lock.renew()


class HomeLock:
    def __init__(self, folder: Path) -> None:
        self.folder = Path(folder)
        self.path = self.folder / LOCK_NAME
        self.fd: int | None = None

    def acquire(self) -> HomeLock:
        """Take the lock, or raise TableBusy naming the process that holds it. A home that cannot be
        used raises OSError whose `filename` and `strerror` say which path and why in words: a file
        where the folder belongs, a lock the file system cannot take (ENOLCK on some network or FUSE
        file systems), which is not another Kaleun playing."""
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
        except (FileExistsError, NotADirectoryError) as exc:
            raise OSError(exc.errno, "it is a file, not a folder" if self.folder.exists()
                          else "a part of its path is a file, not a folder", str(self.folder)) from None
        try:  # never through a symbolic link: what it points to is no lock of this home's, and may be anything
            fd = os.open(self.path, os.O_RDWR | os.O_CREAT | os.O_NOFOLLOW, 0o644)
        except OSError as exc:
            if exc.errno == errno.ELOOP or self.path.is_symlink():
                try:
                    target = f" (to {os.readlink(self.path)})"
                except OSError:
                    target = ""
                raise OSError(errno.ELOOP, f"it is a symbolic link{target}, which Kaleun does not follow: remove the "
                              "link (what it points to is left alone)", str(self.path)) from None
            raise
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:  # EWOULDBLOCK: another process holds it
            os.close(fd)
            raise TableBusy(self.folder, self.holder()) from None
        except OSError as exc:
            os.close(fd)
            raise OSError(exc.errno, f"the file system there cannot lock it: {exc.strerror or exc}",
                          str(self.path)) from None
        try:
            os.ftruncate(fd, 0)
            os.write(fd, f"{os.getpid()}\n".encode())
        except OSError:  # a full card: the pid only helps a refusal (the kernel lists the holder); the start's
            pass  # first save then says what the storage cannot take and keeps the previous save
        self.fd = fd
        if self not in HELD:
            HELD.append(self)
        return self

    def holder(self, wait: float = 0.5) -> int | None:
        """The process holding the lock: as the kernel lists it (`/proc/locks`), else the pid written in
        the lock file (a holder writes it right after it took the lock). The kernel's word comes first:
        until the holder has written its pid the file still names the process that played before, long
        gone, and its pid may by now be another program's, which the refusal would tell the crew to kill."""
        kernel = self._holder_in_proc()
        if kernel is not None:
            return kernel
        deadline = time.monotonic() + wait
        while True:
            try:
                text = self.path.read_text(encoding="ascii", errors="replace").strip()
            except OSError:
                text = ""
            if text.isdigit():
                return int(text)
            if time.monotonic() >= deadline:
                return None
            time.sleep(0.02)

    def _holder_in_proc(self, locks: Path = Path("/proc/locks")) -> int | None:
        """The pid of the flock on the lock file in the kernel's list (`1: FLOCK  ADVISORY  WRITE 4242
        b3:02:131073 0 EOF`: pid, then the device as major:minor in hex and the inode), or None."""
        try:
            info = os.stat(self.path)
            text = locks.read_text(encoding="ascii", errors="replace")
        except OSError:
            return None
        where = f"{os.major(info.st_dev):02x}:{os.minor(info.st_dev):02x}:{info.st_ino}"
        for line in text.splitlines():
            fields = line.split()
            if len(fields) >= 6 and fields[1] == "FLOCK" and fields[5] == where and fields[4].isdigit():
                return int(fields[4])
        return None

    def renew(self) -> None:
        """(At every save.) The lock file was deleted while this process held it (the whole home deleted): no
        other Kaleun would find it, and two could play in the same home. It is made and taken again (a warning in
        the log); if another Kaleun took it meanwhile, an error says so and this game goes on."""
        if self.fd is None:
            return
        try:
            held, there = os.fstat(self.fd), os.stat(self.path)
            if (held.st_dev, held.st_ino) == (there.st_dev, there.st_ino):
                return
        except FileNotFoundError:
            pass
        except OSError:
            return
        log.warning("%s was deleted while the game ran (the home with it); the lock is made and taken again",
                    self.path)
        old = self.fd
        self.fd = None
        try:
            self.acquire()
        except TableBusy as exc:
            log.error("%s was taken by another Kaleun while this one played: %s", self.path, exc)
            self.fd = old
            return
        except OSError as exc:
            log.error("%s cannot be made again (%s)", self.path, exc.strerror or exc)
            self.fd = old
            return
        os.close(old)

    def release(self) -> None:
        if self in HELD:
            HELD.remove(self)
        if self.fd is not None:
            os.close(self.fd)  # closing lets go of the flock
            self.fd = None

    def __enter__(self) -> HomeLock:
        return self.acquire()

    def __exit__(self, *exc: object) -> None:
        self.release()
