"""The deck hub unplugged and plugged back, with another device appearing at its path in
between (a reused pty number, another Pico on the same /dev/ttyACM name): the foreign device
lifts no figure, the crew is told, and the table's own hub picks up where it was.

Real serial frames: fake hubs (the firmware's own logic) on pseudo-terminals behind one stable
path, as /dev/serial/by-id gives. Seeded; waits are failure guards only."""

from __future__ import annotations

import os
import random
import threading
from collections.abc import Callable
from pathlib import Path

import pytest
from kaleun.boards.loader import load_board
from kaleun.core.events import Event
from kaleun.hub.fake import FAKE_UID, FakeHub
from kaleun.hub.options import hub_config
from kaleun.hub.sensor import HubFigureSensor
from kaleun.hub.tags import FigureTags, simulated_uid
from kaleun.runtime.table import Table
from kaleun.uboot.game import new_game
from kit import BOARDS

GUARD_S = 20.0
#: unplugs a run makes (`KALEUN_REPLUGS`; the figures are printed with `pytest -s`)
CYCLES = int(os.environ.get("KALEUN_REPLUGS", "3"))
FIGURES = {"engineer-square": 5, "officer-circle": 6, "navigator-hexagon": 8}


class Table_:
    def __init__(self, link: Path, hub: FakeHub) -> None:
        board = load_board(BOARDS / "fake-hub.toml")
        self.game = new_game(seed=1)
        self.events: list[Event] = []
        self.cond = threading.Condition()
        self.table = Table(board, self.game)
        self.table.sensor = HubFigureSensor(board, tags=FigureTags({}), fake=hub)
        self.table.start(self.apply)

    def apply(self, command: dict) -> None:
        with self.cond:
            self.events += self.game.apply(command)
            self.cond.notify_all()

    def wait(self, test: Callable[[], bool], what: str) -> None:
        with self.cond:
            assert self.cond.wait_for(test, GUARD_S), f"no {what} within the guard time"

    def count(self, name: str) -> int:
        return sum(1 for e in self.events if e.name == name)

    def where(self) -> dict[str, int | None]:
        return {f: self.game.module("figures").where[f] for f in FIGURES}


@pytest.mark.slow
def test_a_foreign_device_at_the_hubs_path_after_an_unplug_lifts_no_figure(tmp_path):
    rng = random.Random(6)
    link = tmp_path / "usb-Raspberry_Pi_Pico-if02"
    board = load_board(BOARDS / "fake-hub.toml")
    ours = FakeHub(hub_config(board), link=link, uid=FAKE_UID)
    for figure, section in FIGURES.items():
        ours.place_tag(simulated_uid(figure), section)
    ours.start()
    t = Table_(link, ours)
    try:
        t.wait(lambda: t.where() == FIGURES, "figures on the table")
        table = dict(t.game.module("figures").where)
        foreign_seen = 0
        for _ in range(CYCLES):
            offline, foreign_before = t.count("hub_offline"), t.table.sensor.link.core.foreign
            ours.unplug()
            t.wait(lambda n=offline: t.count("hub_offline") > n, "hub_offline")
            other = FakeHub(hub_config(board), link=link, uid=f"E6614103{rng.randrange(16**8):08X}")
            if rng.random() < 0.5:  # a device with figures of its own on it, or an empty one
                other.place_tag(simulated_uid("captain-square"), 1)
            other.start()
            t.wait(lambda n=foreign_before: t.table.sensor.link.core.foreign > n, "the foreign device refused")
            foreign_seen += t.table.sensor.link.core.foreign - foreign_before
            assert t.where() == FIGURES and t.count("figure_lifted") == 0
            assert t.game.module("figures").where == table  # nothing of its snapshot was taken in
            other.stop()
            online = t.count("hub_online")
            ours.plug()
            t.wait(lambda n=online: t.count("hub_online") > n, "hub_online")
            assert t.game.module("figures").where == table and t.count("figure_lifted") == 0
        told = [e for e in t.events if e.name == "hub_foreign"]
        assert told and all("not this table's deck hub" in str(e.feed) for e in told)
        print(f"\nhub replug: {CYCLES} unplugs with a foreign device at the path: {foreign_seen} hellos refused, "
              f"{len(told)} feed message(s), 0 figures lifted")
    finally:
        t.table.close()
        ours.stop()
