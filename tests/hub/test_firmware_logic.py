"""The hub firmware's logic on CPython behind fake readers: debouncing, reader health, the
main loop's frames (hello, snapshot, heartbeat, lamps, encoders), its config file."""

from __future__ import annotations

import types

import pytest
from hubkit import hub_cfg
from kaleun.hub.proto import FIRMWARE_VERSION, PROTOCOL_VERSION, codec, config, debounce, encoders, hub, lamps, scanner


class FakeReader:
    """Reports the tags in `field`; `fail` > 0 makes that many scans raise; `blink` drops tags for a scan."""

    def __init__(self) -> None:
        self.field: list[str] = []
        self.fail = 0
        self.broken = False
        self.blink: set[str] = set()
        self.resets = 0

    def scan(self) -> list[bytes]:
        if self.broken or self.fail:
            self.fail = max(0, self.fail - 1)
            raise OSError("SPI timeout")
        seen = [bytes.fromhex(uid) for uid in self.field if uid not in self.blink]
        self.blink = set()
        return seen

    def reset(self) -> None:
        self.resets += 1


A, B, C = "04A1B2C3D4E5F6", "04AABBCCDDEEFF", "DEADBEEF"


# -- debouncer ------------------------------------------------------------------------------
def test_a_tag_leaves_only_after_n_missed_scans():
    deb = debounce.Debouncer(misses=3)
    assert deb.update([A]) == ([A], [])
    assert deb.update([]) == ([], [])
    assert deb.update([]) == ([], [])
    assert deb.update([]) == ([], [A])


def test_a_missed_read_in_between_resets_the_count():
    deb = debounce.Debouncer(misses=2)
    deb.update([A])
    for _ in range(10):  # flaky: seen every other scan
        assert deb.update([]) == ([], [])
        assert deb.update([A]) == ([], [])


def test_arrival_can_need_several_sightings():
    deb = debounce.Debouncer(misses=1, hits=2)
    assert deb.update([A]) == ([], [])
    assert deb.update([]) == ([], [])  # the half-seen tag is forgotten
    assert deb.update([A]) == ([], [])
    assert deb.update([A]) == ([A], [])


def test_several_tags_at_once_come_and_go_sorted():
    deb = debounce.Debouncer(misses=1)
    assert deb.update([C, A, B]) == ([A, B, C], [])
    assert deb.update([B]) == ([], [A, C])


# -- scanner --------------------------------------------------------------------------------
def test_scanner_reports_tags_entering_and_leaving_each_reader():
    r0, r1 = FakeReader(), FakeReader()
    sc = scanner.Scanner([r0, r1], misses=2)
    r0.field = [A]
    r1.field = [B, C]
    assert sc.scan() == [("arrived", 0, A), ("arrived", 1, B), ("arrived", 1, C)]
    r1.field = [C]
    r0.field = []
    assert sc.scan() == []
    assert sc.scan() == [("left", 0, A), ("left", 1, B)]
    assert sc.present() == [(1, C)]


def test_flaky_reads_never_lift_a_figure():
    reader = FakeReader()
    sc = scanner.Scanner([reader], misses=3, fault_after=5)
    reader.field = [A, B]
    sc.scan()
    for step in range(30):
        if step % 3 == 0:
            reader.blink = {A}  # A missed once
        elif step % 3 == 1:
            reader.fail = 1  # a whole scan fails (SPI glitch)
        assert sc.scan() == []
    assert sc.present() == [(0, A), (0, B)]


def test_a_reader_is_faulty_after_repeated_failures_keeps_its_tags_and_recovers():
    reader = FakeReader()
    sc = scanner.Scanner([reader], misses=1, fault_after=3)
    reader.field = [A]
    sc.scan()
    reader.broken = True
    assert sc.scan() == []
    assert sc.scan() == []
    assert sc.scan() == [("fault", 0, "OSError")]
    assert sc.scan() == []  # reported once
    assert sc.faults() == [0] and reader.resets == 2
    assert sc.present() == [(0, A)]  # a loose wire does not lift the figure
    reader.broken = False
    assert sc.scan() == [("recovered", 0, "")]
    assert sc.faults() == []


# -- the hub's main loop --------------------------------------------------------------------
class Wire:
    def __init__(self) -> None:
        self.parser = codec.LineParser(codec.HUB_FRAMES)
        self.frames: list[codec.Frame] = []

    def __call__(self, data: bytes) -> None:
        self.frames += self.parser.feed(data)

    def take(self) -> list[tuple[str, dict]]:
        out = [(f.verb, f.fields) for f in self.frames]
        self.frames = []
        return out


def host(seq: int, verb: str, *fields: tuple[str, object]) -> bytes:
    return codec.encode(seq, verb, fields)


def make_hub(readers: list[FakeReader], **extra) -> tuple[hub.Hub, Wire]:
    wire = Wire()
    cfg = config.parse(hub_cfg([i + 1 for i in range(len(readers))], **extra))
    return hub.Hub(readers, cfg, wire), wire


def test_hub_says_hello_with_versions_and_its_boot_snapshot_holds_what_the_first_scan_saw():
    """The boot snapshot comes after the first scan: a listening host must never be told
    the table is empty by a hub that has not looked yet."""
    reader = FakeReader()
    reader.field = [A]
    h, wire = make_hub([reader, FakeReader()])
    h.tick(1000)
    sent = wire.take()
    assert sent[0] == ("hello", {"fw": FIRMWARE_VERSION, "proto": PROTOCOL_VERSION, "readers": 2,
                                 "sections": [1, 2], "name": "test-hub"})
    assert sent[1:] == [("snap", {"tags": [(0, A)], "faults": []})]  # no separate arrived


def test_hub_answers_hello_and_snapshot_requests():
    reader = FakeReader()
    reader.field = [B]
    h, wire = make_hub([reader])
    h.tick(0)
    wire.take()
    h.feed(host(0, "hello", ("proto", 1)) + host(1, "snap"))
    sent = wire.take()
    assert [verb for verb, _ in sent] == ["hello", "snap", "snap"]
    assert sent[2][1]["tags"] == [(0, B)]


def test_hub_sequence_numbers_count_every_frame():
    h, _ = make_hub([FakeReader()])
    seqs = []
    h.write = lambda data: seqs.append(codec.decode(data.rstrip(b"\r\n")).seq)
    h.tick(0)
    h.feed(host(0, "snap") * 3)
    assert seqs == list(range(5))


def test_heartbeat_after_silence_and_counts_of_dropped_commands():
    h, wire = make_hub([FakeReader()])
    h.tick(0)
    wire.take()
    h.tick(50)
    assert wire.take() == []
    h.feed(b"garbage\n" + host(1, "lamp", ("first", 0)) + host(2, "nonsense"))
    h.tick(100)
    sent = wire.take()
    assert sent == [("hb", {"up": 0, "scans": 3, "ms": 0, "drops": 3})]
    assert h.parser.drops == {"no_checksum": 1, "bad_fields": 1, "unknown_verb": 1}


class Pixels(list):
    def __init__(self, n: int) -> None:
        super().__init__([(0, 0, 0)] * n)
        self.shows = 0

    def show(self) -> None:
        self.shows += 1


def test_lamp_commands_light_pixel_ranges_with_patterns():
    px = Pixels(6)
    h, _ = make_hub([FakeReader()])
    h.lamps = lamps.HubLamps(px, 6)
    h.feed(host(0, "lamp", ("first", 1), ("count", 2), ("color", "FF8800")))
    h.feed(host(1, "lamp", ("first", 4), ("count", 5), ("color", "0000FF"), ("pattern", "blink")))
    h.tick(0)
    assert list(px) == [(0, 0, 0), (255, 136, 0), (255, 136, 0), (0, 0, 0), (0, 0, 255), (0, 0, 255)]
    h.tick(600)  # blink is dark in the second half of its second
    assert px[4] == (0, 0, 0) and px[1] == (255, 136, 0)
    shows = px.shows
    h.tick(700)
    assert px.shows == shows  # nothing changed: no write to the strip
    h.feed(host(2, "dark"))
    h.tick(800)
    assert list(px) == [(0, 0, 0)] * 6


def test_pulse_is_a_triangle():
    assert [lamps.level("pulse", t) for t in (0, 375, 750, 1125, 1500)] == [0, 127, 255, 127, 0]
    assert lamps.level("steady", 123) == 255 and lamps.level("off", 0) == 0


class Encoder:
    position = 0


def test_encoder_turns_are_reported_with_their_delta():
    enc = Encoder()
    h, wire = make_hub([FakeReader()])
    h.encoders = encoders.EncoderWatch([enc])
    h.tick(0)
    wire.take()
    enc.position = 2
    h.tick(10)
    enc.position = 1
    h.tick(20)
    assert wire.take() == [("turn", {"enc": 0, "delta": 2, "pos": 2}), ("turn", {"enc": 0, "delta": -1, "pos": 1})]


class Keys:
    """keypad.Keys as the encoder watch reads it: queued events."""

    def __init__(self) -> None:
        self.events = self
        self.queued: list[types.SimpleNamespace] = []

    def get(self) -> types.SimpleNamespace | None:
        return self.queued.pop(0) if self.queued else None

    def press(self, key: int) -> None:
        self.queued += [types.SimpleNamespace(key_number=key, pressed=True),
                        types.SimpleNamespace(key_number=key, pressed=False)]


def test_a_home_switch_closing_is_reported_after_the_turn_that_reached_it():
    """A ring's home switch (dials.toml: home = "switch"): the hub reports the turn first,
    then where the encoder stood when the switch closed; the host zeroes the ring there."""
    rings = [Encoder(), Encoder()]
    keys = Keys()
    h, wire = make_hub([FakeReader()])
    h.encoders = encoders.EncoderWatch(rings, keys, home_of=[1])  # key 0 is encoder 1's switch
    h.tick(0)
    wire.take()
    rings[1].position = 5
    keys.press(0)
    h.tick(10)
    assert wire.take() == [("turn", {"enc": 1, "delta": 5, "pos": 5}), ("home", {"enc": 1, "pos": 5})]
    keys.queued.append(types.SimpleNamespace(key_number=7, pressed=True))  # a key nobody owns: ignored
    h.tick(20)
    assert wire.take() == []
    assert h.encoders.settled()


# -- config ---------------------------------------------------------------------------------
def test_config_fills_defaults():
    cfg = config.parse({"format": 1, "readers": [{"cs": "GP17", "section": 3}]})
    assert cfg["readers"] == [{"kind": "mfrc522", "cs": "GP17", "section": 3}]
    assert cfg["heartbeat_ms"] == 500 and cfg["spi"]["sck"] == "GP18"


@pytest.mark.parametrize(("data", "message"), [
    ({"format": 2}, "format 2"),
    ({"format": 1, "readers": [{"cs": "GP17", "section": 9}]}, "readers[0].section"),
    ({"format": 1, "readers": [{"kind": "rc522", "cs": "GP1", "section": 1}]}, "readers[0].kind"),
    ({"format": 1, "heartbeat_ms": "fast"}, "heartbeat_ms"),
    ({"format": 1, "pixels": {"pin": "GP28", "count": 8, "brightness": float("inf")}}, "pixels.brightness"),
    ({"format": 1, "pixels": {"pin": "GP28", "count": 8, "brightness": float("nan")}}, "pixels.brightness"),
])
def test_config_problems_name_the_key(data, message):
    with pytest.raises(config.ConfigError, match=message.replace("[", r"\[").replace("]", r"\]")):
        config.parse(data)


def test_config_file_missing_or_broken(tmp_path):
    with pytest.raises(config.ConfigError, match="kaleun hub config --board FILE --out DRIVE"):  # it writes the file
        config.load(str(tmp_path / "nope.json"))
    bad = tmp_path / "kaleun_hub.json"
    bad.write_text("{", encoding="utf-8")
    with pytest.raises(config.ConfigError, match="not valid JSON"):
        config.load(str(bad))


@pytest.mark.parametrize("name", ["deck-hub", "Kaleun_2.b", "x" * 32, "Deck-Hub-Ü", "a,b", "x=y", "tab\there",
                                  "\u00a0", "x" * 33, "", 7])
def test_the_hubs_name_is_what_its_hello_can_carry_and_the_host_takes(name):
    """Finding: a hand-edited kaleun_hub.json naming the hub `Deck-Hub-Ü` was taken, and every hello
    then went out with a byte the host drops (`not_text`): the link never came up, with no word of
    why. The firmware takes exactly the names a board may give (the host's rule) and refuses the
    others as a config problem, which its hello names."""
    import re

    from kaleun.hub.options import NAME_PATTERN

    host_takes = isinstance(name, str) and re.fullmatch(NAME_PATTERN, name) is not None
    if host_takes:
        assert config.parse({"format": 1, "name": name})["name"] == name
        frame = codec.LineParser(codec.HUB_FRAMES).feed(codec.encode(0, "hello", [
            ("fw", "1"), ("proto", 2), ("readers", 0), ("name", name)]))
        assert frame[0].fields["name"] == name
    else:
        with pytest.raises(config.ConfigError, match="name must be one word of letters, digits"):
            config.parse({"format": 1, "name": name})


def test_a_config_nested_too_deeply_is_a_config_problem(tmp_path):
    bad = tmp_path / "kaleun_hub.json"
    bad.write_text("[" * 100000 + "]" * 100000, encoding="utf-8")
    with pytest.raises(config.ConfigError, match="nested too deeply or too big"):
        config.load(str(bad))


# -- the first snapshot waits for the readers (a reboot must not lift every figure) --------
def test_with_debounce_hits_the_hub_holds_its_snapshot_until_every_reader_was_read():
    r0, r1 = FakeReader(), FakeReader()
    r0.field, r1.field = [A], [B]
    h, wire = make_hub([r0, r1], debounce_hits=3)
    h.tick(0)
    h.feed(host(0, "hello", ("proto", 1)) + host(1, "snap"))  # a host asks at once
    assert [verb for verb, _ in wire.take()] == ["hello", "hello"]  # the snapshot is owed
    h.tick(20)
    assert wire.take() == []  # second scan: tags still half-seen, nothing tells a lie
    h.tick(40)
    assert wire.take() == [("snap", {"tags": [(0, A), (1, B)], "faults": []})]  # once, whole
    r1.field = []
    for t in (60, 80, 100):
        h.tick(t)
    assert wire.take() == [("left", {"r": 1, "uid": B})]  # from now on: changes as frames


def test_a_reader_failing_from_boot_holds_the_snapshot_until_it_is_reported_faulty():
    good, bad = FakeReader(), FakeReader()
    good.field = [A]
    bad.broken = True
    h, wire = make_hub([good, bad])  # fault_after 3
    for t in (0, 20):
        h.tick(t)
    assert [verb for verb, _ in wire.take()] == ["hello"]
    h.tick(40)
    # the host learns the reader is faulty from the snapshot (and keeps that reader's figures)
    assert wire.take() == [("snap", {"tags": [(0, A)], "faults": [1]})]


def test_a_faulty_reader_is_recovered_only_once_its_tags_are_debounced():
    reader = FakeReader()
    sc = scanner.Scanner([reader], misses=2, hits=2, fault_after=2)
    reader.field = [A]
    sc.scan()
    sc.scan()
    reader.broken = True
    assert sc.scan() == []
    assert sc.scan() == [("fault", 0, "OSError")]
    reader.broken = False
    reader.field = [A, B]
    assert sc.scan() == []  # one good scan: B is half-seen, the reader is not whole yet
    assert sc.scan() == [("recovered", 0, ""), ("arrived", 0, B)]
    assert sc.present() == [(0, A), (0, B)]


def test_at_most_max_present_tags_are_reported_and_a_snapshot_always_fits_a_line():
    readers = [FakeReader() for _ in range(8)]
    for i, reader in enumerate(readers):
        reader.field = [f"04{i:02X}{k:02X}000000AA" for k in range(16)]  # 128 tags
    h, wire = make_hub(readers)
    sizes = []
    h.write = lambda data: (sizes.append(len(data)), wire(data))
    h.tick(0)
    [snap] = [fields for verb, fields in wire.take() if verb == "snap"]
    assert len(snap["tags"]) == scanner.MAX_PRESENT and max(sizes) <= codec.MAX_LINE
    readers[0].field = []  # 16 leave: 16 of the waiting ones arrive
    for t in (20, 40, 60):
        h.tick(t)
    sent = wire.take()
    assert sum(verb == "left" for verb, _ in sent) == 16 and sum(verb == "arrived" for verb, _ in sent) == 16
    # the longest snapshot there can be: MAX_PRESENT 10-byte UIDs on two-digit readers, every
    # one of the most readers a config allows faulty
    worst = codec.encode(65535, "snap", (("tags", codec.format_tags([(23, "A" * 20)] * scanner.MAX_PRESENT)),
                                         ("faults", codec.format_ints(range(config.MAX_READERS)))))
    assert len(worst.rstrip(b"\r\n")) <= codec.MAX_LINE


# -- the main loop survives anything ------------------------------------------------------
class Port:
    """What code.py reads: `in_waiting` and `read(n)` over scripted chunks of host bytes."""

    def __init__(self, chunks: list[bytes]) -> None:
        self.chunks = list(chunks)

    @property
    def in_waiting(self) -> int:
        return len(self.chunks[0]) if self.chunks else 0

    def read(self, n: int) -> bytes:
        return self.chunks.pop(0)


class HeldPort(Port):
    """The data port as CircuitPython's usb_cdc shows it: `connected` while a host holds it (DTR)."""

    def __init__(self, chunks: list[bytes], held: list[bool]) -> None:
        super().__init__(chunks)
        self.held = list(held)

    @property
    def connected(self) -> bool:
        return self.held.pop(0) if len(self.held) > 1 else self.held[0]


def test_the_lamps_go_dark_when_the_host_lets_go_of_the_port():
    """The hub runs on its own supply: when Kaleun is gone (stopped without its `dark`, crashed,
    the Pi switched off or its cable pulled) the strip showed the last look for ever, a hull
    breach strobing over an empty table. Once no host holds the data port, the lamps go dark;
    a host that comes back lights them again with its looks."""
    px = Pixels(3)
    h, _ = make_hub([FakeReader()])
    h.lamps = lamps.HubLamps(px, 3)
    look = host(0, "lamp", ("first", 0), ("count", 2), ("color", "FF0000"))
    clock = iter(range(0, 100_000, 20))
    # the host holds the port and lights two pixels; then it lets go
    hub.serve(h, HeldPort([look], held=[True, True, True, False, False]), lambda: next(clock), rounds=5)
    assert list(px) == [(0, 0, 0)] * 3 and h.lamps.lit == {}
    # while the host holds the port, its looks stay
    hub.serve(h, HeldPort([host(1, "lamp", ("first", 0), ("count", 2), ("color", "FF0000"))], held=[True]),
              lambda: next(clock), rounds=3)
    assert list(px) == [(255, 0, 0), (255, 0, 0), (0, 0, 0)]
    # a port that says nothing of a host (a stand-in without `connected`) is always held
    hub.serve(h, Port([]), lambda: next(clock), rounds=3)
    assert list(px) == [(255, 0, 0), (255, 0, 0), (0, 0, 0)]


class FlakyStrip:
    """Lamps whose strip write fails the first `fails` times (a glitch on the data line)."""

    def __init__(self, fails: int) -> None:
        self.fails = fails

    def render(self, now: int) -> None:
        if self.fails:
            self.fails -= 1
            raise RuntimeError("strip write failed")


def test_the_main_loop_reports_an_error_and_carries_on():
    h, wire = make_hub([FakeReader()])
    h.lamps = FlakyStrip(fails=2)
    reported: list[str] = []
    port = Port([b"0 snap *0000\r\n", b"garbage\xff\n", host(1, "hello", ("proto", 1))])
    clock = iter(range(0, 10_000, 20))
    hub.serve(h, port, lambda: next(clock), report=reported.append, rounds=6)
    assert h.errors == 2 and len(reported) == 2 and "RuntimeError strip write failed" in reported[0]
    sent = [verb for verb, _ in wire.take()]
    assert sent == ["hello", "snap", "hello", "snap"]  # still answering the host
    assert h.parser.drops == {"bad_checksum": 1, "not_text": 1}
    h.tick(10_000)
    assert wire.take()[-1] == ("hb", {"up": 10, "scans": 7, "ms": 0, "drops": 2, "errs": 2})  # the host is told


class SlowReader(FakeReader):
    """An MFRC522 under a crowded section: its scan takes `steps` rounds on the air, each
    advancing the hub's clock by `step_ms` (a full scan of eight tags takes about 100 ms)."""

    def __init__(self, clock: list[int], steps: int, step_ms: int) -> None:
        super().__init__()
        self.clock, self.steps, self.step_ms = clock, steps, step_ms
        self.found: list[bytes] = []

    def scan_steps(self):
        for _ in range(self.steps):
            self.clock[0] += self.step_ms
            yield
        self.found = self.scan()


def test_the_hubs_lamps_run_their_patterns_while_a_long_scan_runs():
    """The physical table, lamp contract: the hub animates its lamps itself, but rendered them only
    between two scans, and a crowded control room's scan takes about 100 ms: a hull breach's strobe
    (a 60 ms flash every 250 ms) lost flashes that fell inside a scan and held others lit until it
    ended. The patterns run on between the scan's steps."""
    now = [0]
    readers = [SlowReader(now, steps=30, step_ms=5) for _ in range(2)]  # 30 rounds of two 5 ms steps: 300 ms
    wire = Wire()
    cfg = config.parse(hub_cfg([1, 2]))
    px = Pixels(1)
    h = hub.Hub(readers, cfg, wire, lamps=lamps.HubLamps(px, 1), clock=lambda: now[0])
    shown: list[tuple[int, tuple[int, int, int]]] = []
    strip_show = px.show

    def show() -> None:
        strip_show()
        shown.append((now[0], px[0]))

    px.show = show
    h.feed(host(0, "lamp", ("first", 0), ("count", 1), ("color", "FF0000"), ("pattern", "strobe")))
    h.tick(now[0])  # the first scan: 300 ms on the air
    assert now[0] == 300
    flashes = [t for t, rgb in shown if rgb == (255, 0, 0)]
    darks = [t for t, rgb in shown if rgb == (0, 0, 0)]
    # the strobe's flashes begin at 0 and 250 ms and end at 60 ms: seen on the strip within a render's
    # spacing of when the pattern says, not at the scan's end
    assert flashes and flashes[0] <= hub.RENDER_MS, shown
    assert darks and 60 <= darks[0] <= 60 + hub.RENDER_MS, shown
    assert any(250 <= t <= 250 + hub.RENDER_MS for t in flashes), shown  # the next flash, inside the scan
    assert all(lamps.level("strobe", t) == (255 if rgb == (255, 0, 0) else 0) for t, rgb in shown), shown
