"""The fake hub behaves like a device behind a serial port on a busy machine: frames leave
whole and in order however slowly the host reads, and the same table script through it gives
the same event log run after run (firmware/README.md, "The fake hub")."""

from __future__ import annotations

import io
import json
import multiprocessing
import os
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hubkit import ROOT
from kaleun.boards.loader import load_board
from kaleun.hub import fake as fakemod
from kaleun.hub.fake import FakeHub
from kaleun.hub.options import hub_config
from kaleun.hub.proto import codec
from kaleun.runtime.script import EventWriter, ScriptRun
from kaleun.uboot.game import new_game

FAKE_BOARD = ROOT / "boards" / "fake-hub.toml"
GUARD = 15.0  # seconds; reached only when something is broken


def _read_all(fd: int, until: int, guard: float = GUARD) -> bytes:
    """Read from the pty's slave until `until` CR LF-ended frames arrived (a failure guard only)."""
    got = bytearray()
    deadline = time.monotonic() + guard
    while got.count(b"\n") < until and time.monotonic() < deadline:
        try:
            chunk = os.read(fd, 4096)
        except BlockingIOError:
            time.sleep(0.001)
            continue
        got += chunk
    return bytes(got)


def test_frames_written_faster_than_the_host_reads_arrive_whole_and_in_order():
    """A burst bigger than the pty's buffer while the host is not reading: the pty takes part
    of a frame and refuses the rest; that rest must follow, not be lost (a cut frame would be
    dropped as bad_checksum and the next as a sequence gap)."""
    cfg = hub_config(load_board(FAKE_BOARD))
    with FakeHub(cfg) as fake:
        fd = os.open(fake.port_path, os.O_RDONLY | os.O_NONBLOCK | os.O_NOCTTY)
        try:
            with fake.lock:  # the firmware writes 600 frames (about 30 kB) while nobody reads
                first = fake.hub.seq
                for n in range(600):
                    fake.hub.send("hb", (("up", n), ("scans", n), ("ms", 64), ("drops", 0)))
            data = _read_all(fd, 600)
        finally:
            os.close(fd)
    parser = codec.LineParser(codec.HUB_FRAMES)
    frames = [f for f in parser.feed(data) if f.verb == "hb"]
    assert parser.dropped == 0, parser.drops  # nothing cut
    sent = [f for f in frames if f.seq >= first]
    assert [f.fields["up"] for f in sent] == list(range(600))  # nothing lost, in order
    assert fake.overflows == 0


def test_a_host_that_never_reads_costs_whole_frames_never_cut_ones(monkeypatch):
    monkeypatch.setattr(fakemod, "OUT_LIMIT", 2000)
    cfg = hub_config(load_board(FAKE_BOARD))
    with FakeHub(cfg) as fake:
        fd = os.open(fake.port_path, os.O_RDONLY | os.O_NONBLOCK | os.O_NOCTTY)
        try:
            with fake.lock:
                for n in range(2000):
                    fake.hub.send("hb", (("up", n), ("scans", n), ("ms", 64), ("drops", 0)))
            assert fake.overflows > 0  # the buffer filled: later frames were dropped whole
            data = _read_all(fd, 2000, guard=1.0)
        finally:
            os.close(fd)
    parser = codec.LineParser(codec.HUB_FRAMES)
    frames = list(parser.feed(data))
    assert frames and parser.dropped == 0, parser.drops


# -- the same script, fifty times, on a loaded machine ------------------------------------------
SCRIPT = [
    {"t": 0, "do": "place", "figure": "engineer-square", "section": 5},
    {"t": 0, "do": "place", "figure": "navigator-square", "section": 8},
    {"t": 10, "do": "place", "figure": "captain-square", "section": 3},
    {"t": 10, "do": "place", "figure": "officer-square", "section": 3},
    {"t": 20, "do": "turn", "dial": "telegraph", "steps": 2},
    {"t": 30, "do": "place", "figure": "engineer-square", "section": 6},
    {"t": 45, "do": "lift", "figure": "navigator-circle"},
    {"t": 60, "do": "place", "figure": "navigator-circle", "section": 2},
    {"t": 90, "do": "order", "order": "new_course", "course": 120},
    {"t": 120, "do": "lift", "figure": "engineer-square"},
    {"t": 121, "do": "place", "figure": "engineer-square", "section": 1},
    {"t": 300, "do": "place", "figure": "officer-square", "section": 7},
    {"t": 600, "do": "end"},
]


def _burn(stop: Any) -> None:
    while not stop.is_set():
        sum(i * i for i in range(10_000))


def _spin(halt: threading.Event) -> None:
    while not halt.is_set():
        sum(range(1000))


@pytest.fixture
def loaded_machine() -> Iterator[None]:
    """Every core busy with other processes, and a thread in this one competing for the GIL
    with the fake hub's, the link's and the script's threads."""
    stop = multiprocessing.Event()
    burners = [multiprocessing.Process(target=_burn, args=(stop,), daemon=True) for _ in range(os.cpu_count() or 2)]
    for proc in burners:
        proc.start()
    halt = threading.Event()
    spinner = threading.Thread(target=_spin, args=(halt,), daemon=True)
    spinner.start()
    try:
        yield
    finally:
        stop.set()
        halt.set()
        spinner.join()
        for proc in burners:
            proc.join(timeout=10)


def _run_once(script: Path) -> str:
    out = io.StringIO()
    ScriptRun(new_game(seed=3), load_board(FAKE_BOARD), EventWriter(out)).run(script)
    return out.getvalue()


@pytest.mark.slow
def test_the_same_script_through_the_fake_hub_gives_the_same_event_log_fifty_times(tmp_path, loaded_machine):
    script = tmp_path / "moves.jsonl"
    script.write_text("\n".join(json.dumps(line) for line in SCRIPT) + "\n", encoding="utf-8")
    first = _run_once(script)
    names = [json.loads(line)["event"] for line in first.splitlines()]
    assert names[:2] == ["mission_start", "hub_online"] and "hub_offline" not in names
    assert names.count("figure_placed") == 6
    for run in range(49):
        assert _run_once(script) == first, f"run {run + 2} differs from the first"


# -- races met on the way -----------------------------------------------------------------------
def test_an_unplugged_fake_hub_leaves_no_port_name_behind_for_the_host_to_reopen():
    """A closed pty's number goes to the next pty any program opens: a host reopening a stale
    /dev/pts/N would talk to someone else's device. The fake's port name (like a
    /dev/serial/by-id link) exists only while its cable is in."""
    cfg = hub_config(load_board(FAKE_BOARD))
    with FakeHub(cfg) as fake:
        link = Path(fake.url)
        assert link.is_symlink() and os.readlink(link) == fake.port_path
        fake.unplug()
        assert not link.exists() and not link.is_symlink()
        fake.plug()
        assert os.readlink(link) == fake.port_path


def test_a_second_program_cannot_open_the_port_a_link_holds():
    """The physical table, bring-up: `kaleun hw check` or `hub status` run while the table plays (the service
    started it) said the hub did not answer and sent the maker to its USB cable and firmware."""
    from kaleun.bringup import advice
    from kaleun.hub.link import PORT_HELD, HubLink
    from kaleun.hub.options import hub_options

    board = load_board(FAKE_BOARD)
    with FakeHub(hub_config(board)) as fake:
        first = HubLink(fake.url, hub_options(board), lambda event: None).start()
        second = None
        try:
            assert first.wait_online(GUARD)
            second = HubLink(fake.url, hub_options(board), lambda event: None).start()
            assert second.wait(lambda core: core.connects == 0 and "cannot open" in core.reason, GUARD)
            assert first.core.state == "online" and first.core.connects == 1
            # the bring-up run while the table plays (the service) names the program, not the cable
            assert PORT_HELD in second.core.reason
            assert str(advice.hub_link(second.options, second.url, second.core.reason)).startswith(
                f"the deck hub at {fake.url} is in use: another program holds the hub's port")
        finally:
            first.close()
            if second is not None:
                second.close()


def test_time_the_host_itself_did_not_run_is_not_the_hubs_silence():
    """A loaded machine holds the host's link thread up for longer than the hub's timeout:
    the heartbeats waiting in the port when it runs again show the hub was never silent."""
    from kaleun.hub.link import HubLink
    from kaleun.hub.options import hub_options

    board = load_board(FAKE_BOARD)
    events: list[Any] = []
    # The host's clock runs until the hub is online, then jumps once and stands: the only
    # silence the link can see is the jump (the fake hub's own thread, held up on a loaded
    # machine, cannot look like a silent hub).
    stood: list[float | None] = [None]

    def clock() -> float:
        at = stood[0]
        return time.monotonic() if at is None else at

    with FakeHub(hub_config(board)) as fake:
        link = HubLink(fake.url, hub_options(board), events.append, clock=clock).start()
        try:
            assert link.wait_online(GUARD)
            timeout = hub_options(board).timeout_ms / 1000
            with link._changed:  # the link thread is held up, and the clock runs on meanwhile
                stood[0] = time.monotonic() + 3 * timeout
            seen = link.core.parser.frames
            assert link.wait(lambda core: core.parser.frames > seen + 3, GUARD)  # heartbeats kept coming
            assert [e.kind for e in events] == ["online"]
        finally:
            link.close()


def test_a_link_that_fails_before_the_hub_was_ever_online_is_not_news_for_the_game():
    """The start of a script waits for the hub; a first attempt that fails (the hub still
    booting) and the retry that works leave one `hub_online` in the event log, nothing else."""
    from kaleun.hub.link import LinkEvent
    from kaleun.hub.sensor import HubFigureSensor
    from kaleun.hub.tags import FigureTags

    board = load_board(FAKE_BOARD)
    sensor = HubFigureSensor(board, tags=FigureTags({}))
    got: list[Any] = []
    sensor._sink = got.append
    sensor._on_link(LinkEvent("offline", detail={"reason": "no answer to hello for 1.0 s"}))
    sensor._on_link(LinkEvent("online", detail={"firmware": "1.0.0", "protocol": 1, "readers": 9}))
    sensor._on_link(LinkEvent("offline", detail={"reason": "no heartbeat for 1.1 s"}))
    assert [(item.state, item.reason) for item in got] == [("online", ""), ("offline", "no heartbeat for 1.1 s")]


def test_a_port_nobody_holds_drops_the_hubs_frames_so_a_host_opening_it_later_gets_no_stale_ones(monkeypatch):
    """The Pico drops its frames while no host holds its data port (DTR low). The fake hub kept them: a host that
    opened it after minutes got a flood of old heartbeats (`kaleun hub status`: "dropped: 1028 (bad_checksum 1,
    before_hello 1027)"), the first cut where the port's buffer was emptied on opening. A pty that takes nothing for
    HOST_GONE_S has no host: what waits is dropped whole, and a host opening the port later reads only new frames."""
    import serial

    monkeypatch.setattr(fakemod, "HOST_GONE_S", 0.2)
    cfg = hub_config(load_board(FAKE_BOARD))
    with FakeHub(cfg) as fake:
        with fake.lock:  # minutes of heartbeats with nobody at the port: more than the pty holds
            for n in range(3000):  # marked by their scan time: the hub's own heartbeats may come between
                fake.hub.send("hb", (("up", n), ("scans", n), ("ms", 7777), ("drops", 0)))
        deadline = time.monotonic() + GUARD
        while fake.unheard == 0 and time.monotonic() < deadline:  # the fake's own rounds find the pty stuck
            time.sleep(0.01)
        assert fake.unheard > 0
        port = serial.Serial(fake.port_path, timeout=0)  # as the host opens it: its input emptied
        try:
            with fake.lock:
                fake.hub.send("hb", (("up", 99999), ("scans", 1), ("ms", 64), ("drops", 0)))
            got = bytearray()
            while b"99999" not in got and time.monotonic() < deadline:
                got += port.read(4096)
                time.sleep(0.001)
        finally:
            port.close()
    parser = codec.LineParser(codec.HUB_FRAMES)
    frames = [f for f in parser.feed(bytes(got)) if f.verb == "hb"]
    assert parser.dropped == 0, parser.drops  # nothing cut
    assert [f.fields["up"] for f in frames if f.fields["up"] == 99999] == [99999]
    assert not [f for f in frames if f.fields["ms"] == 7777], [f.fields["up"] for f in frames][:10]  # none stale
