"""A wheel carries the board files and the deck hub's firmware: `pip install` of the package
works outside the source tree, and `kaleun firmware install` finds its files there."""

from __future__ import annotations

import json
import os
import platform
import re
import shutil
import subprocess
import sys
import sysconfig
import zipfile
from pathlib import Path

import pytest
from kit import ROOT

SOURCES = ("pyproject.toml", "setup.py", "MANIFEST.in", "README.md", "host", "boards", "firmware", "wiring")


#: run by the installed Kaleun: a fire's lamp scene from the game's state, and every sound cue rendered
WHEEL_SCENES_AND_CUES = """
import numpy as np
from kaleun.runtime.lamps import LampDirector
from kaleun.ports.sim import SimLamps
from kaleun.sounds.cues import CUES
from kaleun.uboot.game import new_game
game = new_game(0, "training")
game.apply({"do": "damage", "kind": "environmental", "condition": "fire", "section": 5})
director = LampDirector(SimLamps({"section.5": (0, 1)}), game=game, clock=lambda: 0.0)
director.tick()
print(director.looks()["section.5"].pattern)
print(len(CUES))
for cue in CUES:
    samples = np.asarray(cue.render(22050, {"pattern": [2]}))
    assert samples.size and np.isfinite(samples).all(), cue.name
print("ok")
"""


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A wheel built from a copy of the source tree (the build writes its own folders there)."""
    work = tmp_path_factory.mktemp("wheel")
    src = work / "src"
    src.mkdir()
    for name in SOURCES:
        source = ROOT / name
        if source.is_dir():
            shutil.copytree(source, src / name, ignore=shutil.ignore_patterns("__pycache__", "*.egg-info"))
        else:
            shutil.copyfile(source, src / name)
    done = subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "-q",
                           "-w", str(work / "dist"), str(src)], capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    (found,) = (work / "dist").glob("kaleun-*.whl")
    return found


@pytest.mark.slow
def test_the_wheel_holds_every_board_file_and_the_firmware(wheel):
    names = set(zipfile.ZipFile(wheel).namelist())
    for board in (ROOT / "boards").glob("*.toml"):
        assert f"kaleun/share/boards/{board.name}" in names
    for path in (ROOT / "firmware").rglob("*.py"):
        assert f"kaleun/share/firmware/{path.relative_to(ROOT / 'firmware').as_posix()}" in names
    assert {"kaleun/share/firmware/protocol_vectors.json", "kaleun/share/firmware/lib/kaleun_hub/settings.json",
            "kaleun/share/boards/README.md",
            "kaleun/boards/dials.toml", "kaleun/uboot/data/boat.toml"} <= names
    # the wiring guide the pages of `kaleun wiring` link to, and the manual it links to
    assert {"kaleun/share/wiring/README.md", "kaleun/share/wiring/placement.md", "kaleun/share/wiring/mechanics.md",
            "kaleun/share/wiring/pico-hub.md", "kaleun/share/wiring/pico-hub.svg",
            "kaleun/share/host/README.md"} <= names
    assert not any("__pycache__" in name or name.startswith(("tests/", "wiring/")) for name in names)


@pytest.mark.slow
def test_an_installed_kaleun_finds_its_boards_and_firmware_outside_the_source_tree(wheel, tmp_path):
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True, timeout=120)
    python = venv / "bin" / "python"
    done = subprocess.run([sys.executable, "-m", "pip", "--python", str(python), "install", "--no-deps", "-q",
                           str(wheel)], capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    # the dependencies (pyserial, the Adafruit libraries the hub needs) from this test's environment;
    # Kaleun itself only from the fresh one
    env = {**os.environ, "PYTHONPATH": sysconfig.get_paths()["purelib"], "KALEUN_HOME": str(tmp_path / "home")}
    env.pop("KALEUN_FIRMWARE", None)
    outside = tmp_path / "elsewhere"
    outside.mkdir()

    def kaleun(*args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run([str(python), "-m", "kaleun", *args], capture_output=True, text=True, env=env,
                              cwd=outside, timeout=120)

    where = subprocess.run([str(python), "-c", "import kaleun; print(kaleun.__file__)"], capture_output=True,
                           text=True, env=env, cwd=outside, timeout=60)
    assert where.stdout.startswith(str(venv)), where.stdout + where.stderr
    check = kaleun("board", "check", "pico-hub", "boards/mock-gpio.toml")
    assert check.returncode == 0, check.stderr
    assert "share/boards/pico-hub.toml: ok: Pico deck hub" in check.stdout
    drive = tmp_path / "CIRCUITPY"
    drive.mkdir()
    (drive / "boot_out.txt").write_text("Adafruit CircuitPython 9.2.1; Raspberry Pi Pico with rp2040\n")
    install = kaleun("firmware", "install", str(drive), "--board", "pico-hub")
    assert install.returncode == 0, install.stderr
    assert (drive / "code.py").read_bytes() == (ROOT / "firmware" / "code.py").read_bytes()
    assert (drive / "lib" / "kaleun_hub" / "encoders.py").is_file()
    assert json.loads((drive / "kaleun_hub.json").read_text())["readers"][0]["cs"] == "GP17"
    # the bring-up of a shipped board: the fake hub runs the firmware the wheel carries
    hw = kaleun("hw", "check", "--board", "fake-hub", "--auto", "--only", "readers,dials")
    assert hw.returncode == 0, hw.stdout + hw.stderr
    assert "share/boards/fake-hub.toml" in hw.stdout and "PASS  reader 8 (section 8)" in hw.stdout
    # and of the mock GPIO board: gpiozero's mock pins, turned and pressed by the scripted hands
    hw = kaleun("hw", "check", "--board", "mock-gpio", "--auto", "--only", "dials,buttons")
    assert hw.returncode == 0, hw.stdout + hw.stderr
    assert "share/boards/mock-gpio.toml" in hw.stdout and "PASS  button pause: pressed" in hw.stdout
    # the lamp scenes (their data file, the patterns of the firmware the wheel carries) and the sound cues,
    # on the simulated board: every lamp lit and the bell rung through SDL's dummy driver
    hw = subprocess.run([str(python), "-m", "kaleun", "hw", "check", "--board", "sim", "--auto", "--only",
                         "lamps,bell"], capture_output=True, text=True, cwd=outside, timeout=120,
                        env={**env, "SDL_AUDIODRIVER": "dummy", "SDL_VIDEODRIVER": "dummy"})
    assert hw.returncode == 0, hw.stdout + hw.stderr
    assert "PASS  lamp crew: lit" in hw.stdout and "PASS  bell:" in hw.stdout, hw.stdout
    scenes = subprocess.run([str(python), "-c", WHEEL_SCENES_AND_CUES], capture_output=True, text=True, env=env,
                            cwd=outside, timeout=120)
    assert scenes.returncode == 0, scenes.stderr
    assert scenes.stdout.split() == ["flicker", "18", "ok"], scenes.stdout
    # what to install for the hardware names this Python and the extra's packages, never `kaleun[pi]`
    # from the package index (there is no Kaleun there)
    hint = subprocess.run([str(python), "-c", "from kaleun.shipped import install_command; print(install_command())"],
                          capture_output=True, text=True, env=env, cwd=outside, timeout=60)
    assert hint.stdout.startswith(f"{python} -m pip install ") and "'gpiozero>=2.0'" in hint.stdout, hint.stderr
    assert "kaleun" not in hint.stdout.split(" -m pip ", 1)[1]
    if platform.machine() not in ("aarch64", "armv7l"):  # gpiod's marker: only on a Pi's Linux
        assert "gpiod" not in hint.stdout, hint.stdout
    # the wiring pages of a board, written outside the source tree: their links to the wiring guide
    # (placement.md, mechanics.md, the README and its Sources) lead to the copies the wheel carries
    pages = kaleun("wiring", "pico-hub", "--out", "pages")
    assert pages.returncode == 0, pages.stderr
    page = outside / "pages" / "pico-hub.md"
    links = [t.split("#", 1)[0] for t in re.findall(r"\]\(([^)\s]+)\)", page.read_text(encoding="utf-8"))]
    guide = [link for link in links if Path(link).name in ("placement.md", "mechanics.md", "README.md")]
    assert len(guide) == 3 and all((page.parent / link).is_file() for link in guide), links
    assert all((page.parent / link).is_file() for link in links), links  # the drawing too: the wheel's own copy
    # the shipped boards are listed with their folder, the wheel's copy, to start one's own from
    listed = kaleun("board", "list")
    assert listed.returncode == 0, listed.stderr
    assert f"cp {venv}" in listed.stdout and "share/boards/pi4-basic.toml my-table.toml" in listed.stdout
    assert "  pico-hub   Pico deck hub" in listed.stdout.splitlines()
    assert all(str((page.parent / link).resolve()).startswith(str(venv.resolve())) for link in guide)
    shipped_guide = (page.parent / guide[2]).resolve()
    for doc in shipped_guide.parent.glob("*.md"):  # and the guide's own links stay whole in the wheel
        text = doc.read_text(encoding="utf-8")
        assert all((doc.parent / t.split("#", 1)[0]).exists() for t in re.findall(r"\]\(([^)\s#]+)", text)
                   if "://" not in t), doc.name
    # the service an installed Kaleun writes starts the installed one, with the shipped board by its name
    unit = kaleun("service", "install", "--dry-run", "--board", "pico-hub")
    assert unit.returncode == 0, unit.stderr
    assert f"ExecStart={venv}/bin/python -m kaleun play --fullscreen --continue --board pico-hub" in \
        unit.stdout.splitlines()


def test_a_shipped_board_is_found_by_its_name_from_any_folder(tmp_path, monkeypatch):
    from kaleun.boards.loader import BoardError, load_board

    monkeypatch.chdir(tmp_path)
    for name in ("pico-hub", "pico-hub.toml", "boards/pico-hub.toml"):
        assert load_board(name).path == ROOT / "boards" / "pico-hub.toml"
    (tmp_path / "pico-hub.toml").write_text('[board]\nname = "mine"\nformat = 0\n', encoding="utf-8")
    assert load_board("pico-hub.toml").name == "mine"  # a file of that name here comes first
    # and so for the name without .toml: `--board my-table` was refused for ./my-table.toml, while `--board pico-hub`
    # found a shipped board (and passed over the maker's own pico-hub.toml here)
    assert load_board("pico-hub").name == "mine"
    (tmp_path / "boards").mkdir()
    (tmp_path / "boards" / "my-table.toml").write_text('[board]\nname = "my table"\nformat = 0\n', encoding="utf-8")
    assert load_board("boards/my-table").name == "my table"
    assert load_board("boards/my-table").path == Path("boards/my-table.toml")
    from kaleun.shipped import board_reference

    # kept for a start in another folder: the maker's own file by its whole path, a shipped board by its name
    assert board_reference("boards/my-table") == str((tmp_path / "boards" / "my-table.toml").resolve())
    assert board_reference("pico-hub") == str((tmp_path / "pico-hub.toml").resolve())
    (tmp_path / "pico-hub.toml").unlink()
    assert board_reference("pico-hub") == "pico-hub"
    with pytest.raises(BoardError, match="no-such-board: cannot read the board file"):
        load_board("no-such-board")


def test_a_missing_hardware_library_is_answered_with_a_command_that_installs_it_here(monkeypatch):
    """The physical table, packaging: `make play` installs the checkout without the Pi extra; a board with GPIO
    then said `pip install 'kaleun[pi]'`, which asks the package index for a Kaleun that is not
    there (and the system's pip, which Raspberry Pi OS refuses). The hint installs the checkout's
    own extra with the Python that runs Kaleun."""

    from kaleun.ports.gpio import GpioUnavailable, make_pin_factory

    monkeypatch.setitem(sys.modules, "gpiozero.pins.lgpio", None)  # gpiozero not installed: import fails
    with pytest.raises(GpioUnavailable) as refused:
        make_pin_factory("lgpio")
    assert f"install the Pi extra: {sys.executable} -m pip install -e '{ROOT}[pi]'" in str(refused.value)
    from kaleun import shipped

    monkeypatch.setattr(shipped, "source_tree", lambda: None)  # an installed wheel
    command = shipped.install_command()
    assert command.startswith(f"{sys.executable} -m pip install ") and "kaleun" not in command.split(" -m pip ")[1]
    assert "'adafruit-circuitpython-neopixel-spi>=1.0'" in command
    assert shipped.install_command("adafruit-circuitpython-pn532") == \
        f"{sys.executable} -m pip install adafruit-circuitpython-pn532"


@pytest.mark.parametrize(("factory", "module", "package"), [("pigpio", "pigpio", "pigpio"),
                                                            ("rpigpio", "RPi", "RPi.GPIO")])
def test_a_pin_factory_the_pi_extra_leaves_out_names_its_own_package(monkeypatch, factory, module, package):
    """boards/README.md `pin_factory`: the Pi extra brings gpiozero and lgpio (Bookworm's); `pigpio` and `rpigpio`
    need a library of their own. With gpiozero installed and that library missing, the hint told the maker to
    install the Pi extra, which was already installed and does not hold it; it names the package instead."""
    pytest.importorskip("gpiozero")
    from kaleun.ports.gpio import GpioUnavailable, make_pin_factory

    monkeypatch.setitem(sys.modules, module, None)  # the library not installed
    with pytest.raises(GpioUnavailable) as refused:
        make_pin_factory(factory)
    text = str(refused.value)
    assert f"it needs {package} beside gpiozero" in text and text.endswith(f"-m pip install {package}")
    assert "Pi extra:" not in text


def test_the_pi_extra_brings_every_backend_blinka_requires_on_a_pi():
    """wiring/README.md step 1: `pip install -e '.[pi]'` brings the hardware libraries. Blinka 10
    installs no Raspberry Pi backend of its own: without gpiod, `import board` on a Pi 4 fails
    ('The platform library 'gpiod' was not found'), and with it the NeoPixels of pi4-basic.toml.
    Every backend Blinka requires on a Pi (not its optional ones) is in the extra, for the Pi."""
    import tomllib
    from types import SimpleNamespace

    from adafruit_blinka import platform_dependencies as blinka
    from packaging.requirements import Requirement
    from packaging.utils import canonicalize_name

    pi4 = SimpleNamespace(board=SimpleNamespace(any_raspberry_pi=True, any_raspberry_pi_5_board=False,
                                                any_jetson_board=False), chip=SimpleNamespace(id="BCM2XXX"))
    needed = {canonicalize_name(Requirement(req).name) for module, req in blinka.get_platform_dependencies(pi4, (3, 11))
              if module not in blinka._OPTIONAL_BACKENDS}
    assert needed, "Blinka names no backend for a Pi: the test reads nothing"
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    extra = project["optional-dependencies"]["pi"]
    on_a_pi = {"sys_platform": "linux", "platform_machine": "aarch64"}
    brought = {canonicalize_name(r.name) for r in map(Requirement, extra)
               if r.marker is None or r.marker.evaluate(on_a_pi)}
    assert needed <= brought, f"the pi extra lacks {sorted(needed - brought)}"


#: marker variables of Raspberry Pi OS (64-bit) on a Pi 4 or 5, and of a PC
PI_OS_64 = {"sys_platform": "linux", "platform_machine": "aarch64", "python_version": "3.11"}
PC = {"sys_platform": "linux", "platform_machine": "x86_64", "python_version": "3.11"}


def test_the_pi_extra_install_hint_keeps_the_environment_markers():
    """The hint `install_command()` gives an installed Kaleun lists what pip would install on this
    machine: gpiod (its marker: Linux on an ARM Pi) only there, not off a Pi."""
    from kaleun.shipped import pi_extra

    on_pc = pi_extra(PC)
    assert "gpiozero>=2.0" in on_pc and not any(p.startswith(("gpiod", "Adafruit-Blinka-Raspberry-Pi5")) for p in on_pc)
    on_pi = pi_extra(PI_OS_64)
    assert "gpiod<3,>=2.2.2" in on_pi and "gpiozero>=2.0" in on_pi
    assert not any("extra" in p or ";" in p for p in on_pi)


def test_a_pi5_with_pwm_neopixels_gets_the_pi5_neopixel_driver_from_the_pi_extra():
    """lamps.driver = "neopixel" on a Pi 5: Blinka drives the strip with the RP1's PIO through
    Adafruit-Blinka-Raspberry-Pi5-Neopixel (wheels for aarch64, CPython 3.11+, release candidates
    only: the specifier names one so pip takes it); the `pi` extra brings it on 64-bit Pi OS."""
    import tomllib

    from packaging.requirements import Requirement

    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    extra = [Requirement(line) for line in project["optional-dependencies"]["pi"]]
    (pi5,) = [req for req in extra if req.name == "Adafruit-Blinka-Raspberry-Pi5-Neopixel"]
    assert pi5.marker is not None and pi5.marker.evaluate(PI_OS_64) and not pi5.marker.evaluate(PC)
    assert pi5.specifier.prereleases and pi5.specifier.contains("1.0.0rc2")
    from kaleun.shipped import pi_extra

    assert "Adafruit-Blinka-Raspberry-Pi5-Neopixel>=1.0.0rc2" in pi_extra(PI_OS_64)


def _neopixel_refusal(monkeypatch: pytest.MonkeyPatch, importer: object) -> str:
    """What Kaleun says when `import neopixel` fails as `importer` makes it fail (on a Pi, `board` importable)."""
    import types

    from kaleun.boards.model import LampSpec
    from kaleun.ports.neopixel import LampsUnavailable, make_pixels

    monkeypatch.setitem(sys.modules, "board", types.ModuleType("board"))
    monkeypatch.delitem(sys.modules, "neopixel", raising=False)
    monkeypatch.setattr(sys, "meta_path", [importer, *sys.meta_path])
    with pytest.raises(LampsUnavailable) as refused:
        make_pixels(LampSpec(driver="neopixel", pin=18, pixels=4))
    return str(refused.value)


def test_a_neopixel_backend_blinka_misses_is_named_not_called_an_unsupported_board(monkeypatch):
    """On a Pi 5 without Adafruit-Blinka-Raspberry-Pi5-Neopixel (32-bit Pi OS, where the pi extra cannot
    bring it) or a Pi 4 without rpi_ws281x, `import neopixel` raises Blinka's RuntimeError naming the
    library and its install command: the lamps say that, not 'a supported board' and BLINKA_OS_AGNOSTIC."""
    import types


    class FakeNeopixel(types.ModuleType):
        def __getattr__(self, name: str) -> object:
            try:
                raise ModuleNotFoundError(name="adafruit_raspberry_pi5_neopixel_write")
            except ModuleNotFoundError as missing:
                raise RuntimeError("The platform library 'adafruit_raspberry_pi5_neopixel_write' was not found. To "
                                   "install, try typing: python -m pip install Adafruit-Blinka-Raspberry-Pi5-Neopixel"
                                   ) from missing

    class Importer:
        def find_spec(self, name: str, path: object = None, target: object = None) -> None:
            if name == "neopixel":
                FakeNeopixel("neopixel").anything  # noqa: B018 - what Blinka's neopixel_write does at import
            return None

    text = _neopixel_refusal(monkeypatch, Importer())
    assert "NeoPixels (neopixel) need a library Blinka drives them with on this Pi" in text
    assert "pip install Adafruit-Blinka-Raspberry-Pi5-Neopixel" in text
    assert "supported board" not in text and "BLINKA_OS_AGNOSTIC" not in text


def test_a_pi4_without_rpi_ws281x_says_why_the_pi_extra_leaves_it_out_and_how_to_add_it(monkeypatch):
    """lamps.driver = "neopixel" on a Pi before the 5: Blinka drives the strip with rpi_ws281x, which the `pi`
    extra leaves out (only a source build on the index, useless on a Pi 5, whose aarch64 marker a Pi 4 shares).
    Its absence names the build tools, the pip command for this Kaleun's Python and the SPI driver that needs
    neither, not only Blinka's bare install line."""


    class Importer:
        def find_spec(self, name: str, path: object = None, target: object = None) -> None:
            if name == "neopixel":  # what Blinka's neopixel_write raises at import on a Pi 4
                try:
                    raise ModuleNotFoundError(name="_rpi_ws281x")
                except ModuleNotFoundError as missing:
                    raise RuntimeError("The platform library '_rpi_ws281x' was not found. To install, try typing: "
                                       "python -m pip install 'rpi_ws281x>=4.0.0'") from missing
            return None

    text = _neopixel_refusal(monkeypatch, Importer())
    assert "rpi_ws281x, which the pi extra leaves out" in text, text
    assert "sudo apt install build-essential python3-dev" in text and f"{sys.executable}" in text, text
    assert "-m pip install rpi_ws281x" in text and 'lamps.driver = "neopixel_spi"' in text, text


def test_the_pi_extra_leaves_rpi_ws281x_out_and_the_readme_says_why():
    """The decision, where a maker reads about the `pi` extra: rpi_ws281x stays out of it on every
    platform, and README.md names it with the reason and the command that adds it."""
    import tomllib

    from packaging.requirements import Requirement

    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    names = {Requirement(line).name.lower() for line in project["optional-dependencies"]["pi"]}
    assert "rpi_ws281x" not in names and "rpi-ws281x" not in names
    readme = " ".join((ROOT / "README.md").read_text(encoding="utf-8").split())
    assert "rpi_ws281x" in readme and "no wheel" in readme and "pip install rpi_ws281x" in readme
    guide = " ".join((ROOT / "wiring" / "README.md").read_text(encoding="utf-8").split())
    assert "rpi_ws281x" in guide and "pip install rpi_ws281x" in guide


@pytest.mark.parametrize("factory", ["mock", "native"])
def test_a_mocked_gpio_board_without_gpiozero_is_offered_gpiozero_alone_not_the_pi_extra(monkeypatch, factory):
    """The physical table, packaging: a board on gpiozero's mock pins (or its native factory) needs gpiozero
    alone, but the hint offered the whole Pi extra (Blinka, the NeoPixel and NFC libraries, gpiod on a Pi). It
    offers the one package, with the Pi extra's version, installed by the Python that runs Kaleun."""
    import shlex

    from kaleun.ports.gpio import GpioUnavailable, make_pin_factory
    from kaleun.shipped import pi_extra

    for module in ("gpiozero", "gpiozero.pins", "gpiozero.pins.mock", "gpiozero.pins.native"):
        monkeypatch.setitem(sys.modules, module, None)  # as if gpiozero were not installed
    with pytest.raises(GpioUnavailable) as refused:
        make_pin_factory(factory)
    said = str(refused.value)
    wanted = next(p for p in pi_extra() if p.startswith("gpiozero"))
    assert f"it needs only gpiozero: {shlex.quote(sys.executable)} -m pip install {shlex.quote(wanted)}" in said, said
    assert "[pi]" not in said and "Pi extra" not in said and "adafruit" not in said, said
