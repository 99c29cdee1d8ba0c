"""The host's protocol state machine (no I/O): handshake, version check, heartbeat timeout,
sequence gaps, snapshot resync, and a parser that counts every drop."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st
from kaleun.hub.link import LinkCore
from kaleun.hub.options import HubOptions, ReaderSpec
from kaleun.hub.proto import FIRMWARE_VERSION, PROTOCOL_VERSION, codec

A, B, C = "04A1B2C3D4E5F6", "04AABBCCDDEEFF", "DEADBEEF"
#: the unique id of this table's hub, and of another device
HUB_ID, OTHER_ID = "E6614103E7396B29", "E66141039A4C2F11"


class Hub:
    """Frames as the hub would send them."""

    def __init__(self) -> None:
        self.seq = 0

    def __call__(self, verb: str, *fields: tuple[str, object], seq: int | None = None) -> bytes:
        if seq is not None:
            self.seq = seq
        data = codec.encode(self.seq, verb, fields)
        self.seq = (self.seq + 1) & 0xFFFF
        return data

    def hello(self, proto: int = PROTOCOL_VERSION, sections: str = "1,2", name: str = "deck-hub",
              hub_id: str | None = HUB_ID, fw: str = "1.0.0") -> bytes:
        fields = [("fw", fw), ("proto", proto), ("readers", 2), ("sections", sections), ("name", name)]
        return self("hello", *fields, *([("id", hub_id)] if hub_id else []))

    def snap(self, tags: list[tuple[int, str]]) -> bytes:
        return self("snap", ("tags", codec.format_tags(tags)), ("faults", "-"))


def options(timeout_ms: int = 1500, **more: object) -> HubOptions:
    return HubOptions(url="test", settings={"timeout_ms": timeout_ms},
                      readers=(ReaderSpec(1), ReaderSpec(2, cs="GP20")), check_name=True, **more)  # type: ignore[arg-type]


def online(core: LinkCore, hub: Hub, tags: list[tuple[int, str]] | None = None, now: float = 0.0) -> None:
    sent = core.opened(now)
    assert codec.decode(sent[0].rstrip(b"\r\n")).verb == "hello"
    core.received(hub.hello() + hub.snap(tags or []), now)


def kinds(core: LinkCore) -> list[tuple]:
    return [(e.kind, e.reader, e.uid) if e.kind in ("arrived", "left") else (e.kind,) for e in core.take_events()]


def test_handshake_then_online_with_the_hub_versions():
    core, hub = LinkCore(options()), Hub()
    online(core, hub, [(0, A)])
    events = core.take_events()
    assert [(e.kind, e.reader, e.uid) for e in events] == [("arrived", 0, A), ("online", -1, "")]
    assert events[1].detail == {"firmware": "1.0.0", "protocol": PROTOCOL_VERSION, "readers": 2}
    assert core.status()["state"] == "online"


def test_a_hub_speaking_another_protocol_gets_a_clear_message():
    core, hub = LinkCore(options()), Hub()
    core.opened(0)
    core.received(hub.hello(proto=PROTOCOL_VERSION + 1) + hub.snap([(0, A)]), 0)
    [event] = core.take_events()
    assert event.kind == "offline"
    reason = event.detail["reason"]
    assert f"protocol {PROTOCOL_VERSION + 1}" in reason and f"speaks protocol {PROTOCOL_VERSION}" in reason
    assert "kaleun firmware install" in reason
    assert core.state == "mismatch" and core.tags == {}  # nothing from that hub is believed
    core.closed("port closed")
    assert core.state == "mismatch" and core.take_events() == []  # announced once


def test_silence_longer_than_the_timeout_closes_with_a_reason():
    core, hub = LinkCore(options(timeout_ms=1000)), Hub()
    online(core, hub, now=10.0)
    assert core.tick(10.9) == ([], None)
    core.received(hub("hb", ("up", 1)), 10.9)
    assert core.tick(11.8)[1] is None
    _frames, reason = core.tick(12.0)
    assert reason == "no heartbeat for 1.1 s"
    core.closed(reason)
    assert kinds(core) == [("online",), ("offline",)]


def test_no_answer_to_hello_is_retried_then_gives_up():
    core = LinkCore(options(timeout_ms=900))
    core.opened(0.0)
    frames, reason = core.tick(0.4)
    assert reason is None and codec.decode(frames[0].rstrip(b"\r\n")).verb == "hello"
    assert core.tick(1.0)[1] == "no answer to hello for 1.0 s"


def test_frames_before_the_hubs_hello_are_dropped_and_counted():
    core, hub = LinkCore(options()), Hub()
    core.opened(0)
    core.received(hub("hb", ("up", 5)) + hub("arrived", ("r", 0), ("uid", A)), 0)
    assert core.tags == {} and core.drops == {"before_hello": 2}


def test_a_sequence_gap_counts_lost_frames_and_asks_for_a_snapshot():
    core, hub = LinkCore(options()), Hub()
    online(core, hub)
    core.take_events()
    hub("arrived", ("r", 0), ("uid", A))  # lost on the wire
    hub("arrived", ("r", 1), ("uid", B))  # lost too
    sent = core.received(hub("arrived", ("r", 1), ("uid", C)), 1)
    assert core.lost == 2 and [codec.decode(f.rstrip(b"\r\n")).verb for f in sent] == ["snap"]
    core.received(hub.snap([(0, A), (1, B), (1, C)]), 1)
    assert kinds(core) == [("arrived", 1, C), ("arrived", 0, A), ("arrived", 1, B)]


def test_resync_after_reconnect_reports_only_differences_arrivals_first():
    core, hub = LinkCore(options()), Hub()
    online(core, hub, [(0, A), (0, B)])
    core.take_events()
    core.closed("serial port lost")
    assert kinds(core) == [("offline",)]
    assert core.tags == {0: {A, B}}  # kept while away
    hub = Hub()  # the hub rebooted: its sequence starts again
    online(core, hub, [(0, A), (1, B), (1, C)])  # B moved to reader 1 and C arrived meanwhile
    assert kinds(core) == [("arrived", 1, B), ("arrived", 1, C), ("left", 0, B), ("online",)]


def test_arrived_and_left_are_idempotent():
    core, hub = LinkCore(options()), Hub()
    online(core, hub)
    core.take_events()
    core.received(hub("arrived", ("r", 0), ("uid", A)) * 1 + hub("arrived", ("r", 0), ("uid", A))
                  + hub("left", ("r", 1), ("uid", A)), 0)
    assert kinds(core) == [("arrived", 0, A)]


def test_a_hub_with_another_reader_map_is_warned_about():
    core, hub = LinkCore(options()), Hub()
    core.opened(0)
    core.received(hub.hello(sections="1,3") + hub.snap([]), 0)
    assert "kaleun hub config" in core.status()["warnings"][0]


def test_reader_faults_and_turns_come_through():
    core, hub = LinkCore(options()), Hub()
    online(core, hub)
    core.take_events()
    core.received(hub("fault", ("r", 1), ("err", "no_chip")) + hub("recovered", ("r", 1))
                  + hub("turn", ("enc", 0), ("delta", -2), ("pos", 5)) + hub("home", ("enc", 2), ("pos", 40)), 0)
    events = core.take_events()
    assert [(e.kind, e.reader, e.detail) for e in events] == [
        ("fault", 1, {"error": "no_chip"}), ("recovered", 1, {}), ("turn", 0, {"delta": -2, "pos": 5}),
        ("home", 2, {"pos": 40})]


@settings(max_examples=200, deadline=None)
@given(st.lists(st.one_of(st.binary(max_size=120),
                          st.sampled_from([b"\n", b"\r\n", b"0 hb up=1 *0000\n", b" *FFFF\n"])), max_size=30))
def test_random_bytes_never_break_the_link_and_every_line_is_accounted_for(chunks):
    core, hub = LinkCore(options()), Hub()
    online(core, hub)
    core.take_events()
    frames_before = core.parser.frames
    for chunk in chunks:
        core.received(chunk, 0)
    core.received(b"\n", 0)  # close the last line
    lines = (b"".join(chunks) + b"\n").count(b"\n")
    assert (core.parser.frames - frames_before) + core.parser.dropped == lines
    assert sum(core.drops.values()) >= core.parser.dropped


def test_a_snapshot_keeps_the_tags_of_readers_it_lists_as_faulty_until_they_recover():
    """A hub that restarts with a reader that does not answer must not lift that reader's
    figures; once the reader is back, a fresh snapshot tells what is really there."""
    core, hub = LinkCore(options()), Hub()
    online(core, hub, [(0, A), (1, B)])
    core.take_events()
    core.closed("serial port lost")
    hub = Hub()  # rebooted; reader 1 came up broken
    core.opened(1)
    core.received(hub.hello() + hub("snap", ("tags", codec.format_tags([(0, A)])), ("faults", "1")), 1)
    assert kinds(core) == [("offline",), ("fault",), ("online",)]  # no ("left", 1, B)
    assert core.tags == {0: {A}, 1: {B}}
    sent = core.received(hub("recovered", ("r", 1)), 2)
    assert [codec.decode(f.rstrip(b"\r\n")).verb for f in sent] == ["snap"]  # ask what it sees now
    core.received(hub.snap([(0, A)]), 2)
    assert kinds(core) == [("recovered",), ("left", 1, B)]


def test_a_hub_that_restarts_under_an_open_port_brings_the_link_online_again():
    """A soft reload keeps the USB port open: no offline in between, but the host must hear
    `online` again (the sensor then sends the lamps, which the restart turned dark)."""
    core, hub = LinkCore(options()), Hub()
    online(core, hub, [(0, A)])
    core.take_events()
    core.received(hub("hb", ("up", 9)), 1)
    hub = Hub()  # the restarted firmware counts from 0 and says hello by itself
    core.received(hub.hello(), 2)
    assert core.state == "syncing" and core.take_events() == []
    core.received(hub.snap([(0, A)]), 2)
    assert kinds(core) == [("online",)] and core.lost == 0


def test_a_repeated_or_older_frame_is_not_counted_as_lost_and_makes_the_host_say_hello():
    core, hub = LinkCore(options()), Hub()
    online(core, hub)
    core.take_events()
    arrived = hub("arrived", ("r", 0), ("uid", A))
    core.received(arrived, 1)
    sent = core.received(arrived + hub("left", ("r", 0), ("uid", A), seq=1), 1)  # a duplicate, then seq 1 again
    assert core.lost == 0 and core.out_of_order == 2
    assert [codec.decode(f.rstrip(b"\r\n")).verb for f in sent] == ["hello"]  # once
    assert kinds(core) == [("arrived", 0, A)] and core.tags == {0: {A}}  # stale news changes nothing
    hub = Hub()
    core.received(hub.hello() + hub.snap([(0, A)]), 2)
    assert core.state == "online" and core.status()["out_of_order"] == 2


def test_a_hub_that_chatters_without_answering_hello_times_out_and_goes_offline():
    core, hub = LinkCore(options(timeout_ms=900)), Hub()
    core.opened(0.0)
    reason = None
    t = 0.0
    while reason is None and t < 10:
        t = round(t + 0.1, 1)
        core.received(hub("hb", ("up", int(t))), t)  # heartbeats, never a hello
        _frames, reason = core.tick(t)
    assert reason == "no answer to hello for 1.0 s"
    core.closed(reason)
    [event] = core.take_events()
    assert event.kind == "offline" and event.detail["reason"] == reason
    assert core.drops["before_hello"] >= 9


def test_after_reconnecting_the_status_does_not_show_the_last_sessions_reason():
    core, hub = LinkCore(options(timeout_ms=1000)), Hub()
    online(core, hub)
    _frames, reason = core.tick(5.0)
    core.closed(reason)
    assert str(core.status()["reason"]).startswith("no heartbeat")  # a message: its English text
    core.opened(6.0)
    assert core.status()["state"] == "handshake" and core.status()["reason"] == "waiting for the hub's hello"
    core.received(Hub().hello(), 6.0)
    assert str(core.status()["reason"]).startswith("waiting for the hub's snapshot")


def test_set_up_problems_in_the_hubs_hello_are_warned_about():
    core = LinkCore(options())
    core.opened(0)
    hello = Hub()("hello", ("fw", FIRMWARE_VERSION), ("proto", PROTOCOL_VERSION), ("readers", 2),
                  ("sections", "1,2"), ("name", "deck-hub"), ("id", HUB_ID), ("setup", "spi,encoder0"))
    core.received(hello, 0)
    status = core.status()
    assert status["setup"] == ["spi", "encoder0"] and "could not set up: spi, encoder0" in status["warnings"][0]


def test_a_hub_with_older_firmware_than_this_kaleuns_is_warned_about():
    """The physical table: Kaleun updated, the hub not flashed again: lamp patterns added since (a hit's `flare`,
    the night lighting's `dim`) show steady on its lamps, a hub before 1.2.1 holds its lamps still while it
    scans, and a hub before 1.2.2 sends a dial's move longer than one `turn` frame carries in one frame the host
    ignores. The link says what the hub lacks and how to bring it up to date; a hub as new as this Kaleun's
    firmware, or with a version of someone's own making, is not warned about."""
    patterns = "lamp patterns added since show steady there"
    stall = "its lamps hold still while it scans a crowded section"
    long_turn = "a dial that moved further than one report carries while it was busy loses that move"
    for fw, lacks in (("1.1.0", patterns), ("0.9.12", patterns), ("1.2.0", stall), ("1.2.1", long_turn),
                      (FIRMWARE_VERSION, None),
                      ("9.0.0", None), ("dev", None)):
        core = LinkCore(options())
        core.opened(0)
        core.received(Hub().hello(fw=fw), 0)
        said = [str(w) for w in core.status()["warnings"]]
        older = [w for w in said if "older than this Kaleun's" in w]
        assert bool(older) == (lacks is not None), (fw, said)
        if lacks:
            assert older == [f"the hub runs firmware {fw}, older than this Kaleun's {FIRMWARE_VERSION}: {lacks}; "
                             "bring it up to date with `kaleun firmware install`"]


def test_a_second_answer_to_hello_from_a_hub_that_did_not_restart_keeps_the_link_online():
    """A host held up while the hub boots says hello again before the first answer arrives; the
    hub answers both. Its second hello runs on in sequence (the hub did not restart): the link
    stays online and says `online` once, where it said it twice (the sensor then took a restart,
    losing the rings' zero marks), and the snapshot after it counts only differences."""
    core, hub = LinkCore(options()), Hub()
    online(core, hub, [(0, A)])
    assert kinds(core) == [("arrived", 0, A), ("online",)]
    core.received(hub.hello() + hub.snap([(0, A), (1, B)]), 1)
    assert core.state == "online" and kinds(core) == [("arrived", 1, B)]
    assert core.lost == 0 and core.out_of_order == 0
    hub = Hub()  # a restart still counts from 0: online again
    core.received(hub.hello() + hub.snap([(1, B)]), 2)
    assert kinds(core) == [("left", 0, A), ("online",)]
