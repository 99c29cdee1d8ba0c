"""End to end: the fake hub (firmware logic on a pseudo-terminal) -> pyserial -> host link ->
figure sensor -> table -> game. Timeouts below are failure guards, never speed checks."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import threading
from collections.abc import Callable
from pathlib import Path

import pytest
from hubkit import ROOT
from kaleun.boards.loader import load_board
from kaleun.core.events import Event
from kaleun.hub.fake import FakeHub
from kaleun.hub.options import hub_config
from kaleun.hub.proto import FIRMWARE_VERSION
from kaleun.hub.sensor import HubFigureSensor
from kaleun.hub.tags import FigureTags
from kaleun.runtime.table import Table
from kaleun.uboot.game import new_game

GUARD = 15.0  # seconds; only ever reached when something is broken
FAKE_BOARD = ROOT / "boards" / "fake-hub.toml"


class Harness:
    """A game whose table's figure sensor is the fake hub's link."""

    def __init__(self, sensor: HubFigureSensor | None = None) -> None:
        self.board = load_board(FAKE_BOARD)
        self.game = new_game(seed=1)
        self.events: list[Event] = list(self.game.take_events())
        self.cond = threading.Condition()
        self.table = Table(self.board, self.game)
        if sensor is not None:
            self.table.sensor = sensor
        self.sensor: HubFigureSensor = self.table.sensor
        self.table.start(self.apply)

    def apply(self, command: dict) -> None:
        with self.cond:
            self.events += self.game.apply(command)
            self.cond.notify_all()

    def advance_to(self, t: float) -> None:
        with self.cond:
            self.events += self.game.advance_to(t)

    def wait_for(self, test: Callable[[list[Event]], bool], what: str) -> None:
        with self.cond:
            assert self.cond.wait_for(lambda: test(self.events), GUARD), f"no {what} within the guard time"

    def wait_event(self, name: str, after: int = 0) -> Event:
        self.wait_for(lambda events: any(e.name == name for e in events[after:]), name)
        return next(e for e in self.events[after:] if e.name == name)

    def names(self, since: int = 0) -> list[str]:
        return [e.name for e in self.events[since:]]

    @property
    def fake(self) -> FakeHub:
        assert self.sensor.fake is not None
        return self.sensor.fake

    def where(self, figure: str) -> int | None:
        return self.game.module("figures").where[figure]

    def close(self) -> None:
        self.table.close()


@pytest.fixture
def harness():
    h = Harness()
    yield h
    h.close()


def test_figures_on_the_fake_hub_reach_the_game_through_serial_frames(harness):
    h = harness
    assert h.names()[:2] == ["mission_start", "hub_online"]
    h.table.actuate({"do": "place", "figure": "engineer-square", "section": 5})
    h.table.actuate({"do": "place", "figure": "navigator-circle", "section": 3})
    h.table.actuate({"do": "place", "figure": "captain-square", "section": 3})  # two berths in 3
    h.table.actuate({"do": "lift", "figure": "engineer-square"})
    placed = [(e.data["figure"], e.data["section"]) for e in h.events if e.name == "figure_placed"]
    assert placed == [("engineer-square", 5)]  # the other two already stood in section 3
    assert h.names()[-1] == "figure_lifted" and h.where("engineer-square") is None
    assert sorted(h.fake.where(h.sensor.uid_of("navigator-circle")) + h.fake.where(h.sensor.uid_of("captain-square"))) \
        == [2, 3]  # one figure on each berth of section 3
    status = h.sensor.status()
    assert status["state"] == "online" and status["frames"] >= 5
    # only frames the hub sent before it heard our hello may have been dropped (stale heartbeats)
    assert set(status["drops"]) <= {"before_hello"}


def test_pulling_the_cable_mid_game_gives_hub_offline_and_plugging_it_back_resyncs(harness):
    h = harness
    h.table.actuate({"do": "place", "figure": "engineer-square", "section": 5})
    h.table.actuate({"do": "place", "figure": "officer-circle", "section": 6})
    h.advance_to(60)
    mark = len(h.events)
    h.fake.unplug()
    offline = h.wait_event("hub_offline", mark)
    # the game hears of it at the game time it happened, after everything before it, with a feed
    assert offline.t == 60 and h.names(mark) == ["hub_offline"]
    assert "serial port lost" in offline.data["reason"] and offline.feed
    # while the cable is out a hand moves the officer and puts the engineer-circle down
    h.fake.place_tag(h.sensor.uid_of("officer-circle"), 7)
    h.fake.place_tag(h.sensor.uid_of("engineer-circle"), 8)
    h.advance_to(75)
    h.fake.plug()
    online = h.wait_event("hub_online", mark)
    h.wait_for(lambda events: h.where("engineer-circle") == 8, "resync")
    after = [e for e in h.events[mark:] if e.name == "figure_placed"]
    assert online.feed and "back" in online.feed
    assert h.where("engineer-square") == 5 and h.where("officer-circle") == 7 and h.where("engineer-circle") == 8
    assert "figure_lifted" not in h.names(mark)  # nothing was lost or lifted in between
    moved = {e.data["figure"]: (e.data["previous"], e.data["section"]) for e in after if e.name == "figure_placed"}
    assert moved == {"officer-circle": (6, 7), "engineer-circle": (3, 8)}
    assert all(e.t == 75 for e in after)  # placed at the resync, when the hub came back


def test_a_hung_hub_goes_offline_on_its_heartbeat_timeout_and_comes_back(harness):
    h = harness
    assert h.sensor.options.timeout_ms <= 2000  # the board promises offline within 2 s
    h.advance_to(10)
    mark = len(h.events)
    h.fake.freeze()
    offline = h.wait_event("hub_offline", mark)
    assert offline.data["reason"].startswith("no heartbeat for") and offline.t == 10
    h.fake.thaw()
    h.wait_event("hub_online", mark)
    h.table.actuate({"do": "place", "figure": "engineer-hexagon", "section": 1})
    assert h.where("engineer-hexagon") == 1


def test_an_unknown_tag_becomes_a_prompt_never_a_crash(harness):
    h = harness
    mark = len(h.events)
    h.fake.put(5, "DEADBEEF")  # reader 5 lies under section 5
    event = h.wait_event("unknown_tag", mark)
    assert event.data == {"uid": "DEADBEEF", "section": 5}
    assert "kaleun figures enroll" in event.feed
    h.table.actuate({"do": "place", "figure": "captain-circle", "section": 5})
    assert h.where("captain-circle") == 5


def test_a_reader_that_stops_answering_is_reported_and_keeps_its_figures(harness):
    h = harness
    h.table.actuate({"do": "place", "figure": "officer-hexagon", "section": 8})
    mark = len(h.events)
    h.fake.set_broken(8)
    fault = h.wait_event("hub_reader_fault", mark)
    assert fault.data["reader"] == 8 and fault.data["section"] == 8 and "wiring" in fault.feed
    assert h.where("officer-hexagon") == 8
    h.fake.set_broken(8, False)
    h.wait_event("hub_reader_ok", mark)


def test_enrolled_tags_are_the_ones_on_the_readers(kaleun_home):
    store = FigureTags.load()
    store.assign("04C0FFEE000001", "captain-square")
    store.save()
    h = Harness()
    try:
        h.table.actuate({"do": "place", "figure": "captain-square", "section": 6})
        assert h.fake.where("04C0FFEE000001") == [6] and h.where("captain-square") == 6
        mark = len(h.events)
        h.fake.lift_tag("04C0FFEE000001")
        h.wait_event("figure_lifted", mark)
    finally:
        h.close()


def test_chip_model_fake_hub_runs_the_mfrc522_driver_end_to_end():
    board = load_board(FAKE_BOARD)
    fake = FakeHub(hub_config(board), model="chip").start()
    try:
        h = Harness(HubFigureSensor(board, tags=FigureTags({}), fake=fake))
        try:
            for figure in ("engineer-square", "engineer-triangle", "engineer-circle"):
                h.table.actuate({"do": "place", "figure": figure, "section": 1})
            assert h.game.module("figures").in_section(1) == ["captain-circle", "captain-hexagon", "engineer-square",
                                                               "engineer-triangle", "engineer-circle"]
            assert fake.readers[0].chip.transactions > 100  # register traffic really happened
        finally:
            h.close()
    finally:
        fake.stop()


def _kaleun(*args: str, home: Path) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONPATH": str(ROOT / "host"), "KALEUN_HOME": str(home)}
    return subprocess.run([sys.executable, "-m", "kaleun", *args], capture_output=True, text=True, env=env,
                          timeout=120, cwd=ROOT)


def test_kaleun_run_routes_script_placements_through_the_fake_hub(tmp_path, kaleun_home):
    script = tmp_path / "moves.jsonl"
    script.write_text("\n".join(json.dumps(line) for line in [
        {"t": 0, "do": "place", "figure": "engineer-square", "section": 5},
        {"t": 30, "do": "place", "figure": "engineer-square", "section": 6},
        {"t": 60, "do": "lift", "figure": "navigator-circle"},
        {"t": 90, "do": "place", "figure": "navigator-circle", "section": 2},
    ]) + "\n", encoding="utf-8")
    logs = []
    for run in range(2):
        out = tmp_path / f"events{run}.jsonl"
        done = _kaleun("run", "--board", str(FAKE_BOARD), "--script", str(script), "--events", str(out),
                       home=kaleun_home)
        assert done.returncode == 0, done.stderr
        logs.append(out.read_text(encoding="utf-8"))
    assert logs[0] == logs[1]  # same script, same events: the serial round trip changes nothing
    events = [json.loads(line) for line in logs[0].splitlines()]
    moves = ("figure_placed", "figure_lifted")
    assert [(e["t"], e["event"], e.get("figure"), e.get("section")) for e in events if e["event"] in moves] == [
        (0, "figure_placed", "engineer-square", 5), (30, "figure_placed", "engineer-square", 6),
        (60, "figure_lifted", "navigator-circle", 3), (90, "figure_placed", "navigator-circle", 2)]
    assert events[1]["event"] == "hub_online"


def test_lamps_through_the_hub_light_the_fake_strip_and_come_back_after_a_reboot():
    from kaleun.ports.base import Lamp

    board = load_board(FAKE_BOARD)
    cfg = hub_config(board)
    cfg["pixels"] = {"pin": "GP28", "count": 8, "order": "GRB", "brightness": 0.3}
    fake = FakeHub(cfg).start()
    h = Harness(HubFigureSensor(board, tags=FigureTags({}), fake=fake))
    try:
        lamps = h.sensor.lamps({f"section.{n}": (n - 1, 1) for n in range(1, 9)})
        lamps.show({"section.3": Lamp((255, 136, 0)), "section.5": Lamp((0, 0, 255), "off")})
        h.sensor.link.wait(lambda core: fake.pixels[2] == (255, 136, 0), GUARD)
        assert fake.pixels[2] == (255, 136, 0) and fake.pixels[4] == (0, 0, 0)
        mark = len(h.events)
        fake.unplug()
        h.wait_event("hub_offline", mark)
        fake.plug()  # a rebooted hub has a dark strip
        h.wait_event("hub_online", mark)
        h.sensor.link.wait(lambda core: fake.pixels[2] == (255, 136, 0), GUARD)
        assert fake.pixels[2] == (255, 136, 0)
        lamps.show({})
        h.sensor.link.wait(lambda core: fake.pixels[2] == (0, 0, 0), GUARD)
        assert fake.pixels == [(0, 0, 0)] * 8
    finally:
        h.close()
        fake.stop()


def test_a_hub_with_another_protocol_version_is_refused_with_the_fix(monkeypatch):
    from kaleun.hub import proto
    from kaleun.hub.link import HubLink
    from kaleun.hub.options import hub_options

    monkeypatch.setattr(proto.hub, "PROTOCOL_VERSION", proto.PROTOCOL_VERSION + 1)  # an old/new hub
    board = load_board(FAKE_BOARD)
    events = []
    with FakeHub(hub_config(board)) as fake:
        link = HubLink(fake.url, hub_options(board), events.append).start()
        try:
            assert link.wait(lambda core: core.state == "mismatch", GUARD)
            status = link.status()
        finally:
            link.close()
    assert [e.kind for e in events] == ["offline"]
    assert status["protocol"] == proto.PROTOCOL_VERSION + 1 and status["host_protocol"] == proto.PROTOCOL_VERSION
    assert "kaleun firmware install" in status["reason"] and status["tags"] == 0


def test_kaleun_hub_status_prints_versions_readers_and_drops(kaleun_home):
    done = _kaleun("hub", "status", "--board", str(FAKE_BOARD), home=kaleun_home)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0].endswith(": online")
    assert (f"firmware {FIRMWARE_VERSION}, protocol 2 (this Kaleun speaks 2), name fake-hub, id FA4E000000000001"
            in lines[1])
    assert "readers: 9 (sections 1 2 3 3 4 5 6 7 8); faulty readers: none" in lines[2]
    assert any(line.strip().startswith("frames:") and "dropped:" in line for line in lines)


def test_a_hub_that_restarts_under_an_open_port_lifts_nothing_and_relights_its_lamps():
    """CircuitPython's soft reload (Ctrl-D, a file written to the drive) restarts the
    firmware while the USB port stays open: its first snapshot must hold the figures still
    standing there, and the lamps it turned dark come back."""
    from kaleun.ports.base import Lamp

    board = load_board(FAKE_BOARD)
    cfg = hub_config(board)
    cfg["pixels"] = {"pin": "GP28", "count": 8, "order": "GRB", "brightness": 0.3}
    fake = FakeHub(cfg).start()
    h = Harness(HubFigureSensor(board, tags=FigureTags({}), fake=fake))
    try:
        h.table.actuate({"do": "place", "figure": "engineer-square", "section": 5})
        h.table.actuate({"do": "place", "figure": "officer-circle", "section": 6})
        lamps = h.sensor.lamps({f"section.{n}": (n - 1, 1) for n in range(1, 9)})
        lamps.show({"section.3": Lamp((255, 136, 0))})
        assert h.sensor.link.wait(lambda core: fake.pixels[2] == (255, 136, 0), GUARD)
        mark = len(h.events)
        online_events = h.sensor.link.core.connects
        fake.reload()
        assert fake.pixels[2] == (0, 0, 0)  # the restarted firmware starts dark
        assert h.sensor.link.wait(lambda core: fake.pixels[2] == (255, 136, 0), GUARD), "lamps not sent again"
        h.sensor.settle()
        assert "figure_lifted" not in h.names(mark) and "hub_offline" not in h.names(mark)
        assert h.where("engineer-square") == 5 and h.where("officer-circle") == 6
        assert h.sensor.link.core.connects == online_events  # the port stayed open throughout
    finally:
        h.close()
        fake.stop()


def _hub_board(tmp_path: Path, url: str, extra: str = "") -> Path:
    """The fake hub's board file with a serial port for hub.url (as a real hub's board has)."""
    text = FAKE_BOARD.read_text(encoding="utf-8").replace('url = "fake"', f'url = "{url}"\n{extra}')
    path = tmp_path / "hub-board.toml"
    path.write_text(text, encoding="utf-8")
    return path


def test_kaleun_run_with_a_real_hub_url_waits_for_the_hub_and_starts_from_its_snapshot(tmp_path, kaleun_home):
    """A board with the hub's serial port (here a fake hub's pty, like /dev/ttyACM1): the run
    starts once the hub is online, with the figures where the hub sees them."""
    store = FigureTags.load()
    store.assign("04C0FFEE000001", "captain-square")
    store.save()
    script = tmp_path / "short.jsonl"
    script.write_text(json.dumps({"t": 5, "do": "end"}) + "\n", encoding="utf-8")
    out = tmp_path / "events.jsonl"
    with FakeHub(hub_config(load_board(FAKE_BOARD))) as fake:
        fake.put(6, "04C0FFEE000001")  # reader 6 lies under section 6
        path = _hub_board(tmp_path, fake.url)
        done = _kaleun("run", "--board", str(path), "--script", str(script), "--events", str(out), home=kaleun_home)
    assert done.returncode == 0, done.stderr
    events = [(e["t"], e["event"], e.get("figure"), e.get("section"))
              for e in map(json.loads, out.read_text(encoding="utf-8").splitlines())]
    assert (0, "figure_placed", "captain-square", 6) in events and (0, "hub_online", None, None) in events


def test_kaleun_run_stops_with_the_reason_when_the_hub_does_not_come_online(tmp_path, kaleun_home):
    path = _hub_board(tmp_path, str(tmp_path / "no-such-port"), "start_timeout_ms = 300")
    script = tmp_path / "short.jsonl"
    script.write_text(json.dumps({"t": 5, "do": "end"}) + "\n", encoding="utf-8")
    done = _kaleun("run", "--board", str(path), "--script", str(script), "--events", str(tmp_path / "e.jsonl"),
                   home=kaleun_home)
    assert done.returncode == 2
    assert f"the deck hub at {tmp_path / 'no-such-port'} did not come online within 0.3 s (cannot open" in done.stderr
    assert "Traceback" not in done.stderr
