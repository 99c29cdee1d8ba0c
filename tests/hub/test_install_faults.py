"""`kaleun firmware install` when the drive fails under it: full, read-only, a read-only file,
pulled out mid-copy. The faults are injected (a small FAT drive cannot be made here); the
install is all or nothing as far as a FAT drive allows, leaves no temporary file behind and
says what went wrong in the maker's words, never `[Errno 28] ...`."""

from __future__ import annotations

import errno
import os
from pathlib import Path
from typing import Any

import pytest
from kaleun.hub import install
from kaleun.i18n import language

CONFIG = {"format": 1, "name": "deck-hub", "readers": [{"kind": "mfrc522", "cs": "GP17", "section": 1}]}


def _drive(tmp_path: Path) -> Path:
    drive = tmp_path / "CIRCUITPY"
    drive.mkdir()
    (drive / "boot_out.txt").write_text("Adafruit CircuitPython 9.2.1 on 2024-11-20; Raspberry Pi Pico with rp2040\n")
    return drive


def _tree(drive: Path) -> dict[str, bytes]:
    return {str(p.relative_to(drive)): p.read_bytes() for p in sorted(drive.rglob("*")) if p.is_file()}


def _folders(drive: Path) -> list[str]:
    return sorted(str(p.relative_to(drive)) for p in drive.rglob("*") if p.is_dir())


def _fail_write_at(monkeypatch: pytest.MonkeyPatch, count: int, code: int) -> None:
    """The `count`-th file written to the drive fails after a few bytes with `code`."""
    real = os.fdopen
    opened = {"n": 0}

    class Failing:
        def __init__(self, fh: Any) -> None:
            self.fh = fh

        def __enter__(self) -> Failing:
            return self

        def __exit__(self, *exc: object) -> None:
            self.fh.close()

        def write(self, data: bytes) -> int:
            self.fh.write(data[:7])
            self.fh.flush()
            raise OSError(code, os.strerror(code), self.fh.name)

    def fdopen(fd: int, *args: Any, **kwargs: Any) -> Any:
        opened["n"] += 1
        fh = real(fd, *args, **kwargs)
        return Failing(fh) if opened["n"] == count else fh

    monkeypatch.setattr(install.os, "fdopen", fdopen)


@pytest.mark.parametrize("count", [1, 12, 24])
def test_a_drive_that_fills_up_mid_copy_is_left_as_it_was_without_temporary_files(tmp_path, monkeypatch, count):
    """Finding: a full drive left half the libraries, a `config.py.tmp` and `[Errno 28] No space left
    on device` on the screen. Now the files go to the drive first and into place only when all are
    there: a failure on the first, a middle or the last file leaves the drive as it was."""
    drive = _drive(tmp_path)
    before, folders = _tree(drive), _folders(drive)
    _fail_write_at(monkeypatch, count, errno.ENOSPC)
    with pytest.raises(install.InstallError) as refused:
        install.install(drive, CONFIG)
    assert _tree(drive) == before and _folders(drive) == folders  # no .tmp, no half-made lib/
    said = str(refused.value)
    assert said.startswith(f"writing to {drive} failed: the drive is full: delete files you do not need")
    assert said.endswith("Nothing on the drive was changed") and "Errno" not in said


def test_a_failed_update_keeps_the_old_firmware_whole(tmp_path, monkeypatch):
    """An update that fails halfway must not leave new libraries under an old code.py."""
    drive = _drive(tmp_path)
    install.install(drive, CONFIG)
    for path in ("code.py", "lib/kaleun_hub/hub.py", "kaleun_hub.json"):
        (drive / path).write_bytes(b"# the old firmware\n")
    old = _tree(drive)
    _fail_write_at(monkeypatch, 20, errno.EIO)
    with pytest.raises(install.InstallError, match=r"the drive went away .* Nothing on the drive was changed"):
        install.install(drive, {**CONFIG, "name": "other"})
    assert _tree(drive) == old


def test_the_drive_pulled_among_the_renames_says_how_far_it_got_and_leaves_no_temporary_file(tmp_path, monkeypatch):
    drive = _drive(tmp_path)
    real = os.replace
    done = {"n": 0}

    def replace(src: Any, dst: Any) -> None:
        if done["n"] == 5:
            raise OSError(errno.EIO, os.strerror(errno.EIO), str(src))
        done["n"] += 1
        real(src, dst)

    monkeypatch.setattr(install.os, "replace", replace)
    with pytest.raises(install.InstallError) as refused:
        install.install(drive, CONFIG)
    said = str(refused.value)
    assert "the drive went away (the Pico unplugged" in said
    assert "The install stopped halfway: 5 files are new, the others are still the old ones; install again" in said
    assert not list(drive.rglob("*.tmp")) and not (drive / "code.py").exists()


@pytest.mark.parametrize(("code", "words"), [
    (errno.EROFS, "the drive is read-only: a boot.py that calls storage.remount"),
    (errno.EACCES, "may not be written (a read-only file, or no permission)"),
])
def test_a_read_only_drive_or_file_is_named_for_a_maker(tmp_path, monkeypatch, code, words):
    drive = _drive(tmp_path)
    _fail_write_at(monkeypatch, 3, code)
    with pytest.raises(install.InstallError) as refused:
        install.install(drive, CONFIG)
    assert words in str(refused.value) and "Errno" not in str(refused.value)
    assert _tree(drive) == {"boot_out.txt": (drive / "boot_out.txt").read_bytes()}


def test_a_drive_without_room_for_the_firmware_is_refused_before_anything_is_written(tmp_path, monkeypatch):
    drive = _drive(tmp_path)
    real = os.statvfs

    class Small:
        def __init__(self, stat: Any) -> None:
            self.f_frsize, self.f_bsize, self.f_bavail = 4096, 4096, 10  # 40 kB free

    monkeypatch.setattr(install.os, "statvfs", lambda path: Small(real(path)))
    with pytest.raises(install.InstallError, match=r"has 40 kB free, the firmware needs \d+ kB: delete files .* "
                                                   r"nothing on it was changed"):
        install.install(drive, CONFIG)
    assert _tree(drive) == {"boot_out.txt": (drive / "boot_out.txt").read_bytes()}


def test_a_read_only_temporary_file_left_by_a_cut_install_is_replaced_and_removed(tmp_path):
    drive = _drive(tmp_path)
    (drive / "lib" / "kaleun_hub").mkdir(parents=True)
    stale = drive / "lib" / "kaleun_hub" / "config.py.tmp"
    stale.write_bytes(b"half a fi")
    stale.chmod(0o444)
    install.install(drive, CONFIG)
    assert not list(drive.rglob("*.tmp"))
    assert (drive / "lib" / "kaleun_hub" / "config.py").is_file()


def test_the_reason_reads_in_the_makers_language(tmp_path, monkeypatch):
    drive = _drive(tmp_path)
    _fail_write_at(monkeypatch, 2, errno.ENOSPC)
    with pytest.raises(install.InstallError) as refused:
        install.install(drive, CONFIG)
    message = refused.value.args[0]
    german = language("de").render(message)
    russian = language("ru").render(message)
    assert "Errno" not in german and "the drive is full" not in german and str(drive) in german
    assert "Errno" not in russian and "the drive is full" not in russian and str(drive) in russian


def test_the_command_says_it_without_a_traceback(tmp_path, monkeypatch, capsys):
    from kaleun.cli import main

    drive = _drive(tmp_path)
    _fail_write_at(monkeypatch, 4, errno.ENOSPC)
    assert main(["firmware", "install", str(drive)]) == 1
    err = capsys.readouterr().err
    assert f"kaleun firmware install: writing to {drive} failed: the drive is full" in err
    assert "Errno" not in err and "Traceback" not in err


def test_a_read_only_file_on_the_drive_is_named_as_the_maker_knows_it(tmp_path, monkeypatch):
    """A drive that refuses to replace one file (the read-only attribute, set on another computer)
    names that file, not the temporary one beside it, and cleans up what was not yet in place."""
    drive = _drive(tmp_path)
    real = os.replace

    def replace(src: Any, dst: Any) -> None:
        if str(dst).endswith("code.py"):
            raise OSError(errno.EPERM, os.strerror(errno.EPERM), str(src), None, str(dst))
        real(src, dst)

    monkeypatch.setattr(install.os, "replace", replace)
    with pytest.raises(install.InstallError) as refused:
        install.install(drive, CONFIG)
    said = str(refused.value)
    assert f"{drive / 'code.py'} may not be written (a read-only file, or no permission)" in said
    assert "code.py.tmp" not in said and not list(drive.rglob("*.tmp"))


@pytest.mark.parametrize(("boot_out", "warned"), [
    ("Adafruit CircuitPython 7.3.3 on 2022-08-29; Raspberry Pi Pico with rp2040", True),
    ("Adafruit CircuitPython 6.3.0 on 2021-06-01; Raspberry Pi Pico with rp2040", True),
    ("Adafruit CircuitPython 8.2.10 on 2024-02-14; Raspberry Pi Pico with rp2040", False),
    ("Adafruit CircuitPython 9.2.1 on 2024-11-20; Raspberry Pi Pico with rp2040", False),
    ("Adafruit CircuitPython 10.0.0-beta.2 on 2025-07-01; Raspberry Pi Pico with rp2040", False),
    ("something else\n", False),
])
def test_a_pico_with_a_circuitpython_too_old_for_the_firmware_is_named(tmp_path, capsys, boot_out, warned):
    """A Pico flashed years ago with CircuitPython 6 or 7 took the firmware without a word and then
    showed no data port (usb_cdc.enable) or no lamps (the neopixel library imports the built-in
    adafruit_pixelbuf): the install names the version and what to flash."""
    from kaleun.cli import main

    drive = _drive(tmp_path)
    (drive / "boot_out.txt").write_text(boot_out + "\n")
    assert main(["firmware", "install", str(drive)]) == 0
    err = capsys.readouterr().err
    version = boot_out.split()[2] if warned else None
    assert (f"the Pico runs CircuitPython {version}, the hub firmware needs 8 or newer" in err) is warned
    assert ("CircuitPython" in err) is warned


def test_temporary_files_the_drive_would_not_let_go_are_named_and_the_next_install_removes_them(tmp_path, monkeypatch):
    """The drive pulled out while the files were written: the temporary files cannot be removed
    either. The maker hears which are left; the next install, drive back, removes them."""
    drive = _drive(tmp_path)
    _fail_write_at(monkeypatch, 3, errno.EIO)
    real_unlink = Path.unlink
    monkeypatch.setattr(Path, "unlink", lambda self, missing_ok=False: (_ for _ in ()).throw(
        OSError(errno.EIO, os.strerror(errno.EIO), str(self))) if self.name.endswith(".tmp") and self.exists()
        else real_unlink(self, missing_ok=missing_ok))
    with pytest.raises(install.InstallError) as refused:
        install.install(drive, CONFIG)
    left = sorted(drive.rglob("*.tmp"))
    assert len(left) == 3
    assert str(refused.value).endswith("These temporary files are left on it (the next install removes them): "
                                       + ", ".join(str(p) for p in left))
    monkeypatch.undo()
    install.install(drive, CONFIG)
    assert not list(drive.rglob("*.tmp"))


def _pull_out_at(monkeypatch: pytest.MonkeyPatch, drive: Path, count: int, mount_point_left: bool) -> None:
    """The drive is pulled out once the `count`-th file is being written to it: its folder goes, or (a drive
    mounted on a folder of this computer) the folder stays behind empty, on this computer's own disk."""
    import shutil

    real = os.fdopen
    opened = {"n": 0}

    def fdopen(fd: int, *args: Any, **kwargs: Any) -> Any:
        opened["n"] += 1
        if opened["n"] == count:
            shutil.rmtree(drive)
            if mount_point_left:
                drive.mkdir()
        return real(fd, *args, **kwargs)

    monkeypatch.setattr(install.os, "fdopen", fdopen)


@pytest.mark.parametrize("mount_point_left", [False, True], ids=["folder gone", "empty mount point left"])
@pytest.mark.parametrize("count", [1, 2, 5, 12, 22])
def test_a_drive_pulled_out_mid_copy_is_never_written_on_this_computers_disk(tmp_path, monkeypatch, count,
                                                                            mount_point_left):
    """Finding: a CIRCUITPY drive pulled out while the firmware was copied had the install make its folder (or
    use the empty mount point left at its path) on the Pi's own card and write the rest there, then say
    `installed 23 files` for a Pico that got none. Now the install notices the drive is no longer the one it
    began on and stops: nothing is made or left at the drive's path, and the maker is told it went away."""
    drive = _drive(tmp_path)
    _pull_out_at(monkeypatch, drive, count, mount_point_left)
    with pytest.raises(install.InstallError) as refused:
        install.install(drive, CONFIG)
    said = str(refused.value)
    assert said.startswith(f"writing to {drive} failed: the drive went away (the Pico unplugged"), said
    assert "Errno" not in said
    assert (list(drive.rglob("*")) == [] if mount_point_left else not drive.exists())


#: `kaleun firmware install DRIVE` sent SIGNAL (Ctrl-C, a stop) once its COUNT-th file is written to the drive
STOPPED_INSTALL = """
import os, runpy, signal, sys
drive, count, sig = sys.argv[1], int(sys.argv[2]), getattr(signal, sys.argv[3])
written = {"n": 0}
real = os.fsync
def fsync(fd):
    real(fd)
    written["n"] += 1
    if written["n"] == count:
        os.kill(os.getpid(), sig)
os.fsync = fsync
sys.argv = ["kaleun", "firmware", "install", drive]
runpy.run_module("kaleun", run_name="__main__")
"""


@pytest.mark.parametrize(("count", "sig"), [(1, "SIGINT"), (12, "SIGTERM"), (20, "SIGINT")])
def test_an_install_stopped_by_ctrl_c_or_a_signal_leaves_the_drive_as_it_was(tmp_path, count, sig):
    """Finding: Ctrl-C (or SIGTERM) while the files were written left up to 20 `.tmp` files and the new folders on
    the drive (a CIRCUITPY drive holds about 1 MB), and said only `stopped by SIGINT`. Now the install takes its
    temporary files and folders back before it stops."""
    import subprocess
    import sys

    from kit import kaleun_env

    drive = _drive(tmp_path)
    install.install(drive, CONFIG)
    for path in ("code.py", "lib/kaleun_hub/hub.py"):
        (drive / path).write_bytes(b"# the old firmware\n")
    before, folders = _tree(drive), _folders(drive)
    (tmp_path / "home").mkdir()
    done = subprocess.run([sys.executable, "-c", STOPPED_INSTALL, str(drive), str(count), sig], capture_output=True,
                          text=True, env=kaleun_env(tmp_path / "home"), timeout=120)
    assert done.returncode in (130, 143), done.stderr
    assert f"kaleun: stopped by {sig}" in done.stderr and "Traceback" not in done.stderr
    assert _tree(drive) == before and _folders(drive) == folders
