"""`kaleun firmware install` into a stand-in CIRCUITPY folder, and `kaleun hub fake` scripted
over its standard input while the host link listens on its pseudo-terminal."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import threading
from pathlib import Path

import pytest
from hubkit import ROOT
from kaleun.hub import install
from kaleun.hub.link import HubLink, LinkEvent
from kaleun.hub.options import HubOptions


def _env(home: Path) -> dict[str, str]:
    return {**os.environ, "PYTHONPATH": str(ROOT / "host"), "KALEUN_HOME": str(home)}


def test_install_copies_firmware_libraries_and_config(tmp_path, kaleun_home):
    drive = tmp_path / "CIRCUITPY"
    drive.mkdir()
    (drive / "boot_out.txt").write_text("Adafruit CircuitPython 9.2.1 on 2024-11-20; Raspberry Pi Pico with rp2040\n")
    done = subprocess.run([sys.executable, "-m", "kaleun", "firmware", "install", str(drive), "--board",
                           str(ROOT / "boards" / "pico-hub.toml")], capture_output=True, text=True,
                          env=_env(kaleun_home), timeout=60)
    assert done.returncode == 0, done.stderr
    for name in ("boot.py", "code.py", "kaleun_hub.json", "lib/kaleun_hub/codec.py", "lib/kaleun_hub/mfrc522.py",
                 "lib/kaleun_hub/hardware.py", "lib/kaleun_hub/settings.json",
                 "lib/adafruit_pn532/adafruit_pn532.py", "lib/adafruit_pn532/spi.py",
                 "lib/adafruit_bus_device/spi_device.py", "lib/neopixel.py"):
        assert (drive / name).is_file(), name
    assert (drive / "code.py").read_bytes() == (ROOT / "firmware" / "code.py").read_bytes()
    assert json.loads((drive / "kaleun_hub.json").read_text())["readers"][0]["cs"] == "GP17"
    assert not list(drive.rglob("__pycache__")) and not list(drive.rglob("*.tmp"))


def test_install_refuses_a_folder_that_is_not_a_circuitpython_drive(tmp_path):
    with pytest.raises(install.InstallError, match=r"no boot_out\.txt"):
        install.install(tmp_path)
    with pytest.raises(install.InstallError, match="not a folder"):
        install.install(tmp_path / "missing")


def test_firmware_install_onto_a_file_is_told_it_is_no_folder_before_anything_is_said(home, tmp_path, capsys):
    """A file given for the drive (a typo, `boot_out.txt` itself) said "reading FILE failed: a part of the path
    is not a folder (FILE/boot.py)", after announcing the hub's config from the preferred board."""
    from kaleun.cli import main

    given = tmp_path / "boot_out.txt"
    given.write_text("Adafruit CircuitPython 9.2.1\n", encoding="utf-8")
    assert main(["config", "set", "board", "pico-hub"]) == 0
    capsys.readouterr()
    assert main(["firmware", "install", str(given)]) == 1
    out, err = capsys.readouterr()
    assert err == f"kaleun firmware install: {given} is not a folder: mount the Pico's CIRCUITPY drive and give its " \
                  "path\n"
    assert out == ""  # nothing announced for a drive that is not there


def test_install_names_the_pip_package_of_a_missing_library(tmp_path, monkeypatch):
    real = install.importlib.util.find_spec
    monkeypatch.setattr(install.importlib.util, "find_spec",
                        lambda name: None if name == "adafruit_pn532" else real(name))
    with pytest.raises(install.InstallError, match="-m pip install adafruit-circuitpython-pn532"):
        install.install(tmp_path, force=True)
    assert list(tmp_path.iterdir()) == []  # nothing half-written


def test_install_names_every_missing_library_in_one_command(tmp_path, monkeypatch):
    """A Kaleun installed from its wheel without the Pi extra lacks two of the hub's libraries: the
    maker was told of adafruit_pn532, installed it, ran the install again and only then heard of
    neopixel. Every missing one is named at once, with one command that installs them all."""
    real = install.importlib.util.find_spec
    monkeypatch.setattr(install.importlib.util, "find_spec",
                        lambda name: None if name in ("adafruit_pn532", "neopixel") else real(name))
    with pytest.raises(install.InstallError) as refused:
        install.install(tmp_path, force=True)
    assert str(refused.value).startswith("the CircuitPython libraries adafruit_pn532, neopixel are not installed "
                                         "here: ")
    assert str(refused.value).endswith("-m pip install adafruit-circuitpython-pn532 adafruit-circuitpython-neopixel")
    assert list(tmp_path.iterdir()) == []


def test_kaleun_hub_fake_prints_its_pty_and_obeys_scripted_commands(tmp_path, kaleun_home):
    link_path = tmp_path / "deck-hub"
    proc = subprocess.Popen([sys.executable, "-m", "kaleun", "hub", "fake", "--link", str(link_path)],
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            env=_env(kaleun_home), cwd=ROOT)
    events: list[LinkEvent] = []
    seen = threading.Event()

    def on_event(event: LinkEvent) -> None:
        events.append(event)
        if event.kind == "arrived":
            seen.set()

    link = None
    try:
        assert proc.stdout is not None and proc.stdin is not None
        first = proc.stdout.readline()
        assert first.startswith("fake deck hub on /dev/pts/"), first
        assert proc.stdout.readline().strip() == f"link {link_path}"
        proc.stdout.readline()  # the readers and the command summary
        link = HubLink(str(link_path), HubOptions(settings={"timeout_ms": 1000}), on_event).start()
        assert link.wait_online(20)
        proc.stdin.write("put 2 04A1B2C3D4E5F6\nplace engineer-square 5\nnonsense\n")
        proc.stdin.flush()
        assert proc.stdout.readline().strip() == "ok"
        assert proc.stdout.readline().strip() == "ok engineer-square on reader 5"
        assert proc.stdout.readline().startswith("error: cannot read 'nonsense'")
        assert seen.wait(20)
        assert link.wait(lambda core: sum(len(t) for t in core.tags.values()) == 2, 20)
        assert link.core.tags == {2: {"04A1B2C3D4E5F6"}, 5: {"044B4C0C000000"}}
        proc.stdin.write("quit\n")
        proc.stdin.flush()
        assert proc.wait(timeout=20) == 1  # its input had an error: a script driving it sees it
        assert proc.stderr is not None
        assert proc.stderr.read().startswith("kaleun hub fake: 1 command of its input was answered with an error "
                                             "(the first, <stdin>:3: cannot read 'nonsense'")
    finally:
        if link is not None:
            link.close()
        if proc.poll() is None:
            proc.kill()
            proc.wait()


def test_kaleun_hub_fake_turns_a_hub_dials_encoder_and_closes_its_home_switch(tmp_path, kaleun_home):
    """A tester bringing up a board with hub dials against `kaleun hub fake` (`kaleun hw check` in
    another terminal) had no way to turn a dial: every dial failed with "no movement counted". The
    fake hub names its encoders and takes `turn ENCODER COUNTS` and `home ENCODER` (an encoder by its number
    or by its dial), sent as the real `turn` and `home` frames."""
    link_path = tmp_path / "deck-hub"
    proc = subprocess.Popen([sys.executable, "-m", "kaleun", "hub", "fake", "--board", "pico-hub", "--link",
                             str(link_path)], stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True, env=_env(kaleun_home), cwd=ROOT)
    events: list[LinkEvent] = []
    homed = threading.Event()

    def on_event(event: LinkEvent) -> None:
        events.append(event)
        if event.kind == "home":
            homed.set()

    link = None
    try:
        assert proc.stdout is not None and proc.stdin is not None
        proc.stdout.readline()
        proc.stdout.readline()
        summary = proc.stdout.readline()
        assert "encoders 0 telegraph, 1 disc_own_course, 2 disc_enemy_course, 3 disc_bearing;" in summary
        assert "turn ENCODER COUNTS | home ENCODER" in summary
        link = HubLink(str(link_path), HubOptions(settings={"timeout_ms": 1000}, name="deck-hub"), on_event).start()
        assert link.wait_online(20)
        # by number or by the dial it turns, as the fake hub lists them: `turn telegraph 4` was refused
        # as "'telegraph' is not a whole number"
        proc.stdin.write("turn 0 4\nhome disc_own_course\nturn 7 1\nturn periscope 1\n")
        proc.stdin.flush()
        assert proc.stdout.readline().strip() == "ok"
        assert proc.stdout.readline().strip() == "ok"
        assert proc.stdout.readline().strip() == "error: the fake hub has encoders 0-3, not 7"
        assert proc.stdout.readline().strip() == ("error: 'periscope' is no encoder of the fake hub: 0 telegraph, "
                                                  "1 disc_own_course, 2 disc_enemy_course, 3 disc_bearing")
        assert homed.wait(20)
        assert [(e.reader, int(e.detail["delta"])) for e in events if e.kind == "turn"] == [(0, 4)]
        assert [e.reader for e in events if e.kind == "home"] == [1]
        proc.stdin.write("quit\n")
        proc.stdin.flush()
        assert proc.wait(timeout=20) == 1  # the two encoders it refused
    finally:
        if link is not None:
            link.close()
        if proc.poll() is None:
            proc.kill()
            proc.wait()


def _kaleun(*args: str, home: Path, env: dict[str, str] | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "kaleun", *args], capture_output=True, text=True,
                          env={**_env(home), **(env or {})}, timeout=60, cwd=ROOT)


def _drive(path: Path) -> Path:
    path.mkdir()
    (path / "boot_out.txt").write_text("Adafruit CircuitPython 9.2.1 on 2024-11-20; Raspberry Pi Pico with rp2040\n")
    return path


def test_hub_config_out_refuses_anything_but_a_mounted_circuitpython_drive(tmp_path, kaleun_home):
    board = str(ROOT / "boards" / "pico-hub.toml")
    unmounted = tmp_path / "media" / "CIRCUITPY"  # the mount point is not there: the drive is not mounted
    (tmp_path / "media").mkdir()
    for out in (unmounted, tmp_path / "gone" / "CIRCUITPY"):
        done = _kaleun("hub", "config", "--board", board, "--out", str(out), home=kaleun_home)
        assert done.returncode == 1 and "Traceback" not in done.stderr
        assert f"kaleun hub config: {out} is not a folder: mount the Pico's CIRCUITPY drive" in done.stderr
        assert not out.exists()
    folder = tmp_path / "somewhere"
    folder.mkdir()
    done = _kaleun("hub", "config", "--board", board, "--out", str(folder), home=kaleun_home)
    assert done.returncode == 1 and "no boot_out.txt" in done.stderr and not (folder / "kaleun_hub.json").exists()
    done = _kaleun("hub", "config", "--board", board, "--out", str(folder), "--force", home=kaleun_home)
    assert done.returncode == 0 and (folder / "kaleun_hub.json").is_file()


def test_firmware_install_asks_for_a_replug_only_when_boot_py_is_new(tmp_path, kaleun_home):
    drive = _drive(tmp_path / "CIRCUITPY")
    first = _kaleun("firmware", "install", str(drive), home=kaleun_home)
    assert first.returncode == 0, first.stderr
    assert "Wait two seconds (the Pico writes what it received to its flash once a second), then unplug the Pico " \
           "and plug it back in: boot.py" in first.stdout
    again = _kaleun("firmware", "install", str(drive), home=kaleun_home)
    assert again.returncode == 0 and "the hub restarts by itself" in again.stdout and "unplug" not in again.stdout


def test_firmware_install_ends_with_the_hub_check_for_the_board_it_was_given(tmp_path, kaleun_home):
    """firmware/README.md, steps 3 and 5: a maker installs with `--board my-table.toml` and types the
    check the install ends with. It said `kaleun hub status` alone, which takes the preferred board (none yet:
    the simulated table) and answers that the board has no hub instead of checking the hub just flashed."""
    drive = _drive(tmp_path / "CIRCUITPY")
    board = "boards/pico-hub.toml"
    for _ in range(2):  # the first install (unplug and plug in), then one that only restarts the hub
        done = _kaleun("firmware", "install", str(drive), "--board", board, home=kaleun_home)
        assert done.returncode == 0, done.stderr
        assert done.stdout.rstrip().endswith(f"Then: kaleun hub status --board {board}"), done.stdout
    plain = _kaleun("firmware", "install", str(drive), home=kaleun_home)  # no board: the preferred one, as before
    assert plain.returncode == 0 and plain.stdout.rstrip().endswith("Then: kaleun hub status"), plain.stdout


def test_hub_commands_without_the_firmware_folder_say_so(tmp_path, kaleun_home):
    empty = tmp_path / "no-firmware"
    empty.mkdir()
    done = _kaleun("hub", "status", "--board", str(ROOT / "boards" / "fake-hub.toml"), home=kaleun_home,
                   env={"KALEUN_FIRMWARE": str(empty)})
    assert done.returncode == 1 and "Traceback" not in done.stderr
    assert f"kaleun hub status: KALEUN_FIRMWARE={empty} is not the deck hub's firmware folder" in done.stderr


def _pico_drive(tmp_path: Path) -> Path:
    drive = tmp_path / "CIRCUITPY"
    drive.mkdir()
    (drive / "boot_out.txt").write_text("Adafruit CircuitPython 9.2.1 on 2024-11-20; Raspberry Pi Pico with rp2040\n")
    return drive


@pytest.mark.parametrize("link", ["lib", "lib/kaleun_hub", "code.py", "kaleun_hub.json.tmp", "code.py.tmp"])
def test_install_never_writes_through_a_symbolic_link_out_of_the_drive(tmp_path, link):
    """A real CIRCUITPY is FAT and has no links; a folder that looks like one might: the
    install refuses to follow them out of the drive, and writes nothing outside it."""
    drive = _pico_drive(tmp_path)
    outside = tmp_path / "outside"
    outside.mkdir()
    target = outside / "target"
    if link.endswith((".py", ".tmp")):
        target.write_text("keep me\n")
    else:
        target.mkdir()
    where = drive / link
    where.parent.mkdir(parents=True, exist_ok=True)
    where.symlink_to(target)
    with pytest.raises(install.InstallError, match=r"is a symbolic link .* refusing to write through it"):
        install.install(drive, {"format": 1, "name": "deck-hub", "readers": []})
    assert (target.read_text() == "keep me\n") if target.is_file() else list(target.iterdir()) == []


def test_a_boot_out_txt_that_is_a_link_does_not_make_a_drive(tmp_path):
    drive = tmp_path / "folder"
    drive.mkdir()
    (tmp_path / "real_boot_out.txt").write_text("Adafruit CircuitPython 9\n")
    (drive / "boot_out.txt").symlink_to(tmp_path / "real_boot_out.txt")
    with pytest.raises(install.InstallError, match=r"no boot_out\.txt"):
        install.install(drive)


def test_a_board_without_a_hub_is_refused_with_advice_the_command_takes(tmp_path, kaleun_home, capsys):
    """`kaleun firmware install` and `kaleun hub config` have no --url: the refusal of a board without
    a deck hub (pi4-basic, the build guide's first board) must not send the maker to one."""
    from kaleun.cli import main

    drive = _pico_drive(tmp_path)
    board = str(ROOT / "boards" / "pi4-basic.toml")
    for argv in (["firmware", "install", str(drive), "--board", board], ["hub", "config", "--board", board]):
        assert main(argv) == 2
        err = capsys.readouterr().err
        assert "the board has no [hub] with a url (give --board a board with a deck hub)" in err, argv
        assert "--url" not in err
    assert main(["hub", "status", "--board", board]) == 2
    assert "(give --url or another --board)" in capsys.readouterr().err


def test_kaleun_hub_fake_never_replaces_a_file_at_its_link_path(tmp_path, kaleun_home):
    """Files only where they belong: `--link` named a file of the maker's (a typo, or the path of a
    real device) and the fake hub replaced it with its link, then deleted it when it stopped. A
    path holding anything but a symbolic link is refused, and a link into a missing folder is said
    in words, not with a traceback."""
    notes = tmp_path / "notes.txt"
    notes.write_text("keep me\n")
    beside = tmp_path / "other"  # free, but where the link is made first holds a file
    (tmp_path / "other.new").write_text("and me\n")
    for path, said in ((notes, f"{notes} already exists and is not a symbolic link"),
                       (beside, f"{tmp_path / 'other.new'} already exists and is not a symbolic link"),
                       (tmp_path / "missing" / "hub", f"{tmp_path / 'missing'} is not a folder")):
        done = subprocess.run([sys.executable, "-m", "kaleun", "hub", "fake", "--link", str(path), "--no-stdin"],
                              capture_output=True, text=True, env=_env(kaleun_home), cwd=ROOT, timeout=60)
        assert done.returncode == 2 and "Traceback" not in done.stderr
        assert f"kaleun hub fake: {said}" in done.stderr
    assert notes.read_text() == "keep me\n" and not beside.exists()
    assert (tmp_path / "other.new").read_text() == "and me\n"


def test_a_fake_hub_plugged_back_in_leaves_a_file_that_appeared_at_its_link_alone(tmp_path):
    from kaleun.hub.fake import FakeHub, LinkRefused

    link = tmp_path / "deck-hub"
    fake = FakeHub({"format": 1, "readers": []}, link=link).start()
    try:
        assert link.is_symlink()
        fake.unplug()
        link.write_text("somebody else's\n")
        with pytest.raises(LinkRefused, match="already exists and is not a symbolic link"):
            fake.plug()
        assert link.read_text() == "somebody else's\n" and not fake.plugged
    finally:
        fake.stop()
    assert link.read_text() == "somebody else's\n"


@pytest.mark.parametrize("stop", ["SIGTERM", "SIGINT", "SIGHUP"])
def test_a_fake_hub_reading_its_input_stops_on_a_stop_signal_and_takes_its_link_away(tmp_path, kaleun_home, stop):
    """A fake hub unplugged by stopping it (`kill PID`, a test's terminate(), Ctrl-C) while its standard input
    is still open (a terminal, a pipe): SIGTERM only ended the serving after the input, so a fake hub reading a
    pipe ran on with its link in place, and a table's unplug never happened."""
    import signal

    link_path = tmp_path / "deck-hub"
    proc = subprocess.Popen([sys.executable, "-m", "kaleun", "hub", "fake", "--link", str(link_path)],
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            env=_env(kaleun_home), cwd=ROOT)
    try:
        assert proc.stdout is not None
        for _ in range(3):  # its port, its link, the readers and the commands: it is reading its input now
            proc.stdout.readline()
        assert os.path.islink(link_path)
        proc.send_signal(getattr(signal, stop))
        assert proc.wait(timeout=20) == 0
        assert not os.path.lexists(link_path)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()


def test_a_fake_hub_replaces_only_an_earlier_fake_hubs_link_not_a_link_of_somebody_elses(tmp_path):
    """`--link` given the board's `hub.url` (/dev/serial/by-id/...: udev's link to the real hub) or a link
    to a file: the fake hub replaced the link and removed it when it stopped. Only a link to a pseudo-terminal
    (an earlier fake hub's) or to nothing any more is taken; the others are refused, naming what they lead to."""
    from kaleun.hub.fake import FakeHub, LinkRefused

    notes = tmp_path / "notes.txt"
    notes.write_text("keep me\n")
    theirs = tmp_path / "usb-Raspberry_Pi_Pico-if02"
    theirs.symlink_to(notes)
    with pytest.raises(LinkRefused, match=f"is a symbolic link to {notes}, which is no fake hub's pseudo-terminal"):
        FakeHub({"format": 1, "readers": []}, link=theirs)
    assert theirs.is_symlink() and theirs.resolve() == notes and notes.read_text() == "keep me\n"
    earlier = tmp_path / "deck-hub"
    # its link leads to its live pseudo-terminal: a second fake hub takes it over, as before
    with FakeHub({"format": 1, "readers": []}, link=earlier), \
            FakeHub({"format": 1, "readers": []}, link=earlier) as again:
        assert earlier.resolve() == Path(str(again.port_path))
    earlier.symlink_to(tmp_path / "gone")  # an earlier fake hub's link after a kill -9: its terminal gone
    with FakeHub({"format": 1, "readers": []}, link=earlier) as fresh:
        assert earlier.resolve() == Path(str(fresh.port_path))


def test_kaleun_hub_fake_without_hub_dials_says_it_has_no_encoders(tmp_path, kaleun_home):
    """firmware/README.md, "The fake hub": `turn ENCODER COUNTS` names an encoder by number or by dial. The
    default board (fake-hub.toml) puts no dial on the hub: `turn telegraph 2` was answered "'telegraph' is not
    a whole number" and `home 0` "encoder 0 of the fake hub has no home switch"; each now says the hub has no
    encoders, as `turn 0 4` did."""
    script = tmp_path / "hand.txt"
    script.write_text("turn telegraph 2\nhome disc_own_course\nhome 0\nturn 0 4\nquit\n", encoding="utf-8")
    done = _kaleun("hub", "fake", "--script", str(script), "--no-stdin", home=kaleun_home)
    assert done.returncode == 1, done.stderr
    answers = [line for line in done.stdout.splitlines() if line.startswith(("ok", "error"))]
    assert answers == ["error: the fake hub has no encoders (its board has no [hub.encoders])"] * 4


def test_a_fake_hub_whose_script_had_errors_ends_with_a_failure_naming_the_first(tmp_path, kaleun_home):
    """A tester's script drives `kaleun hub fake --script`: it printed `error:` lines for the commands it could not
    do and ended with status 0, so the script (and the test it stands for) went on as if every hand had moved. It ends
    with status 1, counting them and naming the first by its file and line; a script without errors still ends 0."""
    script = tmp_path / "hands.txt"
    script.write_text("place engineer-square 5\nlift captain-square\nput 2 04A1B2C3D4E5F6\nturn 0 0\nquit\n",
                      encoding="utf-8")
    done = _kaleun("hub", "fake", "--script", str(script), "--no-stdin", home=kaleun_home)
    assert done.returncode == 1, done.stderr
    assert done.stderr.strip() == (
        f"kaleun hub fake: 2 commands of its input were answered with an error (the first, {script}:2: "
        f"captain-square is on no reader (its tag 044B4C00000000): nothing to lift)"), done.stderr
    script.write_text("place engineer-square 5\nput 2 04A1B2C3D4E5F6\nstatus\nquit\n", encoding="utf-8")
    done = _kaleun("hub", "fake", "--script", str(script), "--no-stdin", home=kaleun_home)
    assert done.returncode == 0 and done.stderr == "", done.stderr


def test_a_fake_hub_stopped_by_a_signal_after_an_error_ends_with_a_failure(tmp_path, kaleun_home):
    """The script ran out (the fake hub serves on until it is stopped) with an error in it: the test's terminate()
    ended it with status 0 all the same."""
    import signal

    script = tmp_path / "hands.txt"
    script.write_text("remove 3 04A1B2C3D4E5F6\n", encoding="utf-8")
    proc = subprocess.Popen([sys.executable, "-m", "kaleun", "hub", "fake", "--script", str(script), "--no-stdin"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=_env(kaleun_home),
                            cwd=ROOT)
    try:
        assert proc.stdout is not None and proc.stderr is not None
        for _ in range(2):  # its port, the readers and the commands
            proc.stdout.readline()
        assert proc.stdout.readline().startswith("error: tag 04A1B2C3D4E5F6 is on no reader")
        proc.send_signal(signal.SIGTERM)
        assert proc.wait(timeout=20) == 1
        assert f"(the first, {script}:1: tag 04A1B2C3D4E5F6 is on no reader" in proc.stderr.read()
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
