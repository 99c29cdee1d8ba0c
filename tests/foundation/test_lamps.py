"""Lamps: scenes from data, patterns as well as colours, simulated and NeoPixel adapters."""

from __future__ import annotations

import os

import pytest
from kaleun.boards.model import LampSpec
from kaleun.core.events import Event
from kaleun.ports.neopixel import NeopixelLamps
from kaleun.ports.sim import SimLamps
from kaleun.runtime.lamps import LampDirector, SceneError, load_scenes

SEGMENTS = {f"section.{n}": (n - 1, 1) for n in range(1, 9)} | {"alarm": (8, 2)}


class Clock:
    now = 0.0

    def __call__(self) -> float:
        return self.now


def ev(name: str, **data) -> Event:
    return Event(0.0, "1941-06-01T06:00:00", name, data)


def test_watch_change_blinks_every_section_then_goes_dark():
    lamps, clock = SimLamps(SEGMENTS), Clock()
    director = LampDirector(lamps, clock=clock)
    director.handle(ev("watch_change", watch="second"))
    director.tick(0.1)
    assert set(lamps.frame) == {f"section.{n}" for n in range(1, 9)}
    assert all(lamp.pattern == "blink" and lamp.color == (255, 150, 0) for lamp in lamps.frame.values())
    director.tick(0.75)  # the dark half of the blink
    assert lamps.frame["section.1"].color == (0, 0, 0)
    assert director.animating
    director.tick(9.0)
    assert lamps.frame == {}
    assert not director.animating


def test_damage_pulses_the_section_named_by_the_event():
    lamps, clock = SimLamps(SEGMENTS), Clock()
    director = LampDirector(lamps, clock=clock)
    director.handle(ev("damage", kind="environmental", condition="fire", section=5))
    director.tick(1.0)
    assert list(lamps.frame) == ["section.5"] and lamps.frame["section.5"].pattern == "pulse"
    director.handle(ev("damage", kind="crew", sections=[7, 8]))  # no "section" field: no scene
    director.tick(1.1)
    assert list(lamps.frame) == ["section.5"]


def test_an_until_scene_lasts_until_its_closing_event():
    lamps, clock = SimLamps(SEGMENTS), Clock()
    director = LampDirector(lamps, clock=clock)
    director.handle(ev("hub_offline"))
    director.tick(1000.0)
    assert lamps.frame["alarm"].pattern == "blink"
    director.handle(ev("hub_online"))
    director.tick(1000.1)
    assert lamps.frame == {}


def test_scene_data_errors_are_named():
    with pytest.raises(SceneError, match="unknown colour 'mauve'"):
        load_scenes({"colors": {}, "scene": [{"event": "x", "segments": ["alarm"], "color": "mauve"}]})


def test_neopixel_adapter_writes_segment_colours_into_the_pixel_buffer():
    class Buffer(list):
        shown = 0

        def show(self):
            self.shown += 1

    buffer = Buffer([(9, 9, 9)] * 10)
    lamps = NeopixelLamps(LampSpec(driver="neopixel_spi", pixels=10, segments=SEGMENTS), pixels=buffer)
    director = LampDirector(lamps, clock=Clock())
    director.handle(ev("order_rejected"))
    director.tick(0.1)
    assert buffer[8] == buffer[9] == (255, 0, 0)
    assert buffer[0] == (0, 0, 0)
    assert buffer.shown == 1


def test_neopixel_adapter_builds_the_real_blinka_driver(monkeypatch):
    """With Blinka's OS-agnostic board the real Adafruit driver is constructed (no hardware)."""
    monkeypatch.setitem(os.environ, "BLINKA_OS_AGNOSTIC", "1")
    lamps = NeopixelLamps(LampSpec(driver="neopixel", pin=18, pixels=4, segments={"alarm": (0, 4)}))
    lamps.show({"alarm": __import__("kaleun.ports.base", fromlist=["Lamp"]).Lamp((0, 255, 0), "steady")})
    assert type(lamps.pixels).__module__ == "neopixel"
    assert tuple(lamps.pixels[0]) == (0, 255, 0)
