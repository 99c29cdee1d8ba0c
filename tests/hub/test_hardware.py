"""The firmware's hardware.py with stand-ins for CircuitPython's modules (tests/hub/circuitpy):
pins claimed once, a reader that fails comes back through its own driver (and its RST
pin), PN532 set-up retried with the same pins, parts that cannot be set up named."""

from __future__ import annotations

import importlib
import importlib.util
import sys
import types
from pathlib import Path
from typing import Any

import pytest
from kaleun.hub.proto import config, scanner
from kaleun.hub.simchips import SimMFRC522, SimPN532

STUBS = Path(__file__).resolve().parent / "circuitpy"
MODULES = ("board", "digitalio", "busio", "rotaryio", "keypad", "neopixel")


@pytest.fixture
def pico(monkeypatch: pytest.MonkeyPatch) -> types.SimpleNamespace:
    """The stand-in CircuitPython modules in sys.modules, and a fresh kaleun_hub.hardware."""
    loaded: dict[str, Any] = {}
    for name in MODULES:
        spec = importlib.util.spec_from_file_location(name, STUBS / f"{name}.py")
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        monkeypatch.setitem(sys.modules, name, module)
        spec.loader.exec_module(module)
        loaded[name] = module
    monkeypatch.delitem(sys.modules, "kaleun_hub.hardware", raising=False)
    hardware = importlib.import_module("kaleun_hub.hardware")
    monkeypatch.setattr(hardware, "RESET_SETTLE_S", 0.0)
    monkeypatch.setattr(hardware, "RESET_LOW_S", 0.0)
    yield types.SimpleNamespace(hardware=hardware, **loaded)
    sys.modules.pop("kaleun_hub.hardware", None)


def cfg(**extra: Any) -> dict[str, Any]:
    return config.parse({"format": 1, "readers": [{"cs": "GP17", "section": 1}], **extra})


def build(pico: types.SimpleNamespace, config_: dict[str, Any]) -> tuple[Any, ...]:
    said: list[str] = []
    built = pico.hardware.build(config_, report=lambda *words: said.append(" ".join(map(str, words))))
    return (*built, said)


def test_a_reader_dead_at_boot_comes_back_without_claiming_its_chip_select_again(pico):
    readers, _, _, problems, said = build(pico, cfg())  # no chip behind GP17 yet: MISO reads 0
    assert problems == [] and "failed" in said[0]
    sc = scanner.Scanner(readers, fault_after=2)
    assert sc.scan() == []
    assert sc.scan() == [("fault", 0, "no_chip")]  # the reason the first set-up gave
    chip = SimMFRC522()
    chip.put("04A1B2C3D4E5F6")
    pico.busio.CHIPS[17] = chip  # the loose wire is pushed back in
    events = []
    for _ in range(3):  # each failed scan re-initialises it through the driver
        events += sc.scan()
    assert events == [("recovered", 0, ""), ("arrived", 0, "04A1B2C3D4E5F6")]
    assert list(pico.digitalio.CLAIMED) == [18, 19, 16, 17]  # SPI pins and the one chip select, once


def test_a_reader_that_stops_answering_mid_game_is_re_initialised_and_its_rst_pulsed(pico):
    chip = SimMFRC522()
    chip.put("DEADBEEF")
    pico.busio.CHIPS[17] = chip
    readers, _, _, _, _ = build(pico, cfg(readers=[{"cs": "GP17", "section": 1, "rst": "GP21"}]))
    rst = pico.digitalio.CLAIMED[21]
    assert rst.direction == "output" and rst.levels == [True]  # held high: the chip runs
    sc = scanner.Scanner(readers, fault_after=2)
    assert sc.scan() == [("arrived", 0, "DEADBEEF")]
    chip.broken = True
    assert sc.scan() == []
    assert sc.scan() == [("fault", 0, "stuck")]
    assert rst.levels[1:] == [False, True]  # a hard reset before the driver's init
    chip.broken = False
    assert sc.scan() == []  # still down from the last attempt: tried again, comes up
    assert sc.scan() == [("recovered", 0, "")]
    assert sc.present() == [(0, "DEADBEEF")]


class FakePN532Module:
    """adafruit_pn532.spi for the test: PN532_SPI talks to the chip in its constructor."""

    def __init__(self) -> None:
        self.sim = SimPN532()
        self.sim.chip.broken = True
        self.made: list[tuple[Any, Any]] = []

        module = self

        class PN532_SPI:  # adafruit_pn532's name; the firmware subclasses it
            """Talks to the chip in its constructor, like adafruit_pn532's; the rest is the chip model's."""

            def __init__(self, spi: Any, cs: Any, reset: Any = None) -> None:
                module.made.append((cs, reset))
                self.SAM_configuration()  # raises while the chip does not answer

            def SAM_configuration(self) -> None:
                module.sim.SAM_configuration()

            def call_function(self, command: int, response_length: int = 0, params: Any = b"",
                              timeout: float = 1) -> bytes | None:
                return module.sim.call_function(command, params=list(params), response_length=response_length,
                                                timeout=timeout)

            def reset(self) -> None:
                module.sim.reset()

        self.PN532_SPI = PN532_SPI


def test_a_pn532_dead_at_boot_is_built_again_with_the_same_pins(pico, monkeypatch):
    fake = FakePN532Module()
    package = types.ModuleType("adafruit_pn532")
    spi_module = types.ModuleType("adafruit_pn532.spi")
    spi_module.PN532_SPI = fake.PN532_SPI  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "adafruit_pn532", package)
    monkeypatch.setitem(sys.modules, "adafruit_pn532.spi", spi_module)
    readers, _, _, _, _ = build(pico, cfg(readers=[{"kind": "pn532", "cs": "GP17", "section": 1, "rst": "GP21"}]))
    sc = scanner.Scanner(readers, fault_after=1)
    assert sc.scan() == [("fault", 0, "RuntimeError")]
    fake.sim.chip.put("04A1B2C3D4E5F6")
    fake.sim.chip.broken = False
    events = sc.scan() + sc.scan()
    assert events == [("recovered", 0, ""), ("arrived", 0, "04A1B2C3D4E5F6")]
    cs, rst = fake.made[0]
    assert all(made == (cs, rst) for made in fake.made) and len(fake.made) >= 2  # same pin objects every time
    assert rst is pico.digitalio.CLAIMED[21]  # adafruit_pn532 pulses it on reset
    chip_selects = [n for n, holder in pico.digitalio.CLAIMED.items() if holder is cs]
    assert chip_selects == [17]


def test_a_missing_pn532_costs_the_hubs_loop_no_more_than_a_short_wait_per_try(pico, monkeypatch):
    """Finding: adafruit_pn532 waits 1 s for SAMConfiguration and 0.5 s for GetFirmwareVersion. With a
    PN532 missing (nothing answers on MISO), each retry of its set-up, made on every scan once it is
    faulty, held the hub's loop 1.5 s: no heartbeat reached the host in its timeout and the link
    dropped again and again. The real adafruit_pn532, on a bus where nothing answers, is asked to wait
    at most SETUP_TIMEOUT per command, and the reader's fault says `no_chip`."""
    from kaleun.hub.proto import pn532

    for name in ("adafruit_pn532", "adafruit_pn532.spi", "adafruit_pn532.adafruit_pn532", "adafruit_bus_device",
                 "adafruit_bus_device.spi_device"):
        monkeypatch.delitem(sys.modules, name, raising=False)  # imported anew, on the stand-in modules
    library = importlib.import_module("adafruit_pn532.adafruit_pn532")
    waits: list[float] = []
    real_sleep = library.time.sleep

    def wait_ready(self: Any, timeout: float = 1) -> bool:
        waits.append(timeout)
        return False  # nothing answers: what the chip-less bus says once the wait is over

    spi_module = importlib.import_module("adafruit_pn532.spi")
    monkeypatch.setattr(spi_module.PN532_SPI, "_wait_ready", wait_ready)
    monkeypatch.setattr(library.time, "sleep", lambda seconds: real_sleep(0))
    readers, _, _, _, _ = build(pico, cfg(readers=[{"kind": "pn532", "cs": "GP17", "section": 1, "rst": "GP21"}]))
    sc = scanner.Scanner(readers, fault_after=2)
    events = sc.scan() + sc.scan() + sc.scan()
    assert events == [("fault", 0, "no_chip")]
    assert waits and max(waits) <= pn532.SETUP_TIMEOUT == 0.1
    assert len(waits) == 2 * 3  # SAMConfiguration and GetFirmwareVersion at start-up and at each scan once faulty


def test_parts_that_cannot_be_set_up_are_named_and_left_out(pico):
    broken = cfg(spi={"sck": "GP18", "mosi": "GP19", "miso": "GP12"},  # MISO of the other SPI block
                 pixels={"pin": "GP17", "count": 4},  # a reader's chip select
                 encoders=[{"a": "GP6", "b": "GP8"}, {"a": "GP7", "b": "GP6"}])
    readers, lamps, encoders, problems, said = build(pico, broken)
    assert problems == ["spi", "pixels", "encoder0"]
    assert lamps is None and [e.position for e in encoders.encoders] == [0, 0]  # encoder 1 (GP7/GP6) works
    sc = scanner.Scanner(readers, fault_after=1)
    assert sc.scan() == [("fault", 0, "no_spi")]
    assert any("Pins must be sequential" in line for line in said)


def test_home_switches_are_keypad_keys_of_their_encoders(pico):
    """Encoders with a home switch (hub.encoders.<dial>.home_pin): keypad scans the switches in
    the background; the watch maps each key to its encoder."""
    built = cfg(encoders=[{"a": "GP8", "b": "GP9"}, {"a": "GP10", "b": "GP11", "home_pin": "GP14"},
                          {"a": "GP12", "b": "GP13", "home_pin": "GP15"}])
    _, _, encoders, problems, _ = build(pico, built)
    assert problems == []
    assert [p.id for p in encoders.homes.pins] == [14, 15] and encoders.home_of == [1, 2]
    assert encoders.homes.value_when_pressed is False and encoders.homes.pull is True
    encoders.encoders[2].position = 3
    encoders.homes.press(1)
    assert encoders.poll() == [("turn", 2, 3, 3), ("home", 2, 0, 3)]


def test_a_home_switch_on_a_pin_in_use_is_named_and_the_encoders_still_count(pico):
    built = cfg(encoders=[{"a": "GP8", "b": "GP9", "home_pin": "GP17"}])  # GP17: the reader's chip select
    _, _, encoders, problems, said = build(pico, built)
    assert problems == ["homes"] and any("home switches" in line for line in said)
    encoders.encoders[0].position = 2
    assert encoders.poll() == [("turn", 0, 2, 2)]
