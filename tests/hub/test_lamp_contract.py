"""The lamp contract: the deck hub animates its lamps itself, so the host sends each segment's
unshaded colour and pattern once, never frames of shaded colours. Timeouts are failure guards."""

from __future__ import annotations

from typing import Any

from hubkit import ROOT
from kaleun.boards.loader import load_board
from kaleun.core.events import Event
from kaleun.hub.fake import FakeHub
from kaleun.hub.options import hub_config
from kaleun.hub.sensor import HubFigureSensor
from kaleun.hub.tags import FigureTags
from kaleun.runtime.lamps import LampDirector, load_scenes

GUARD = 15.0
SCENES = {"colors": {"amber": [255, 150, 0], "red": [255, 0, 0]},
          "scene": [{"event": "a", "segments": ["section.2"], "color": "amber", "pattern": "pulse", "seconds": 2},
                    {"event": "b", "segments": ["section.5"], "color": "red", "pattern": "blink", "seconds": 2}]}


def test_one_pulse_and_one_blink_for_two_seconds_cost_two_lamp_frames_and_the_hub_animates_them():
    board = load_board(ROOT / "boards" / "fake-hub.toml")
    cfg = hub_config(board)
    cfg["pixels"] = {"pin": "GP28", "count": 8, "order": "GRB", "brightness": 0.3}
    fake = FakeHub(cfg).start()
    sensor = HubFigureSensor(board, tags=FigureTags({}), fake=fake)
    sensor.start(lambda item: None)
    try:
        assert sensor.link is not None
        link = sensor.link
        sent: list[tuple[str, dict[str, Any]]] = []
        send = link.send

        def counting_send(verb: str, fields: tuple[tuple[str, Any], ...] = ()) -> bool:
            sent.append((verb, dict(fields)))
            return send(verb, fields)

        link.send = counting_send  # type: ignore[method-assign]
        lamps = sensor.lamps({f"section.{n}": (n - 1, 1) for n in range(1, 9)})
        director = LampDirector(lamps, load_scenes(SCENES), clock=lambda: 0.0)
        director.handle(Event(0.0, "", "a", {}))
        director.handle(Event(0.0, "", "b", {}))
        for step in range(100):  # two seconds of the runtime's ticks, 20 ms apart
            director.tick(step * 0.02)
        assert [verb for verb, _ in sent] == ["lamp", "lamp"]
        assert {f["pattern"]: f["color"] for _, f in sent} == {"pulse": "FF9600", "blink": "FF0000"}
        # the hub runs the patterns itself: its blinking pixel goes on and off with no more frames
        assert link.wait(lambda core: fake.pixels[4] == (255, 0, 0), GUARD)
        assert link.wait(lambda core: fake.pixels[4] == (0, 0, 0), GUARD)
        assert link.wait(lambda core: fake.pixels[1] not in ((0, 0, 0), (255, 150, 0)), GUARD)  # pulsing
        director.tick(2.5)  # both scenes over: each segment switched off once
        assert [verb for verb, _ in sent] == ["lamp"] * 4 and all(f["pattern"] == "off" for _, f in sent[2:])
    finally:
        sensor.close()
        fake.stop()
