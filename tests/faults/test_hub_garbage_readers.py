"""Garbage frames that pass the checksum (a hub's memory damaged, line noise that happens to sum right):
a frame naming a reader the hub's hello did not count is dropped and counted (`bad_reader`). It reached
the game as a reader fault of reader 65536, which the game refused as a malformed command, and the crew
read "'hub': reader_fault needs the reader's number (reader, 0 to 1000)"; a snapshot's tag on such a
reader put a figure on no section."""

from __future__ import annotations

from kaleun.hub.link import BAD_READER, LinkCore
from kaleun.hub.options import HubOptions, ReaderSpec
from kaleun.hub.proto import PROTOCOL_VERSION, codec

A, B = "04A1B2C3D4E5F6", "04AABBCCDDEEFF"


class Hub:
    """Frames as a hub sends them, checksums right."""

    def __init__(self) -> None:
        self.seq = 0

    def __call__(self, verb: str, *fields: tuple[str, object]) -> bytes:
        data = codec.encode(self.seq, verb, fields)
        self.seq = (self.seq + 1) & 0xFFFF
        return data


def options() -> HubOptions:
    return HubOptions(url="test", settings={"timeout_ms": 1500}, readers=(ReaderSpec(1), ReaderSpec(2, cs="GP20")),
                      check_name=True)  # type: ignore[arg-type]


def online(core: LinkCore, hub: Hub, tags: list[tuple[int, str]]) -> None:
    core.opened(0)
    core.received(hub("hello", ("fw", "1.0.0"), ("proto", PROTOCOL_VERSION), ("readers", 2), ("sections", "1,2"),
                      ("name", "deck-hub"), ("id", "E6614103E7396B29")), 0)
    core.received(hub("snap", ("tags", codec.format_tags(tags)), ("faults", "-")), 0)
    assert core.state == "online"


def kinds(core: LinkCore) -> list[tuple[str, ...]]:
    return [(e.kind,) for e in core.take_events()]


def test_frames_naming_a_reader_the_hub_does_not_have_are_dropped_and_counted():
    core, hub = LinkCore(options()), Hub()  # the hub's hello counts 2 readers: 0 and 1
    online(core, hub, [(0, A)])
    core.take_events()
    for frame in (hub("fault", ("r", 65536), ("err", "x")), hub("recovered", ("r", 2)), hub("arrived", ("r", -1),
                  ("uid", B)), hub("left", ("r", 7), ("uid", A))):
        assert core.received(frame, 1) == []
    assert kinds(core) == [] and core.drops[BAD_READER] == 4
    core.received(hub("snap", ("tags", codec.format_tags([(0, A), (9, B)])), ("faults", "5")), 1)
    assert kinds(core) == [] and core.tags == {0: {A}} and core.faults == set()
    assert core.drops[BAD_READER] == 5
    core.received(hub("fault", ("r", 1), ("err", "no_chip")), 2)  # the hub's own readers still count
    assert kinds(core) == [("fault",)]
