"""Deck hub benchmarks: host frame parsing, fake hub tag arrival -> game event latency, and
the firmware's full scan of 8 MFRC522 readers with 16 tags, counted in register operations
and turned into RP2040 time with the cost model below.

Run: .venv/bin/python tests/bench/bench_hub.py   (prints figures; asserts nothing)

RP2040 cost model (CircuitPython 9 on a Pico at 125 MHz; estimates, not measurements on
hardware — re-measure with `hub.scan_ms` in the `hb` frames of a real hub):
  - one SPI transaction (one register read or write, or one FIFO burst): 35 us of Python and
    bus overhead (driver method call, building the bytes, chip select low/high through
    digitalio, busio.SPI.write_readinto) + 2 us per byte on the wire at 4 MHz (8 us at 1 MHz);
  - RF air time of each exchange at 106 kbit/s: 9.44 us per bit, 9 bits per byte (parity),
    plus the tag's frame delay time of 86 us before its answer; a short frame (REQA/WUPA) is
    7 bits;
  - an exchange nobody answers ends on the MFRC522's timer, as the driver sets it (500 us
    after the frame);
  - driver logic between register accesses (framing, merging anticollision bits): 150 us
    per exchange;
  - scanner + debouncer + frame encoding per reader and scan: 300 us.
The chip models run on a virtual clock with these costs (kaleun.hub.simchips.Timeline): the
interrupt bits of an exchange appear only once its air time is over, so the driver's IRQ
polls, and the overlap of 8 readers' radio time when the scanner interleaves them, are
counted as they would happen.
"""

from __future__ import annotations

import random
import statistics
import sys
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "host"))

from kaleun.hub.link import LinkCore  # noqa: E402
from kaleun.hub.options import HubOptions, ReaderSpec  # noqa: E402
from kaleun.hub.proto import FIRMWARE_VERSION, PROTOCOL_VERSION, codec, mfrc522, scanner  # noqa: E402
from kaleun.hub.simchips import SimMFRC522, Timeline  # noqa: E402

US_PER_TRANSACTION = 35.0
US_PER_BYTE = 2.0
US_PER_BIT_RF = 9.44
US_FRAME_DELAY = 86.0
US_TIMEOUT = 1000.0
US_PER_EXCHANGE_LOGIC = 150.0
US_PER_READER_LOGIC = 300.0


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(p / 100 * (len(ordered) - 1)))]


# -- 1. host frame parse ------------------------------------------------------------------
def bench_parse() -> None:
    rng = random.Random(1)
    frames = []
    for seq in range(20000):
        kind = rng.random()
        if kind < 0.45:
            uid = f"04{rng.getrandbits(48):012X}"
            frames.append(codec.encode(seq, "arrived", [("r", rng.randrange(8)), ("uid", uid)]))
        elif kind < 0.9:
            uid = f"04{rng.getrandbits(48):012X}"
            frames.append(codec.encode(seq, "left", [("r", rng.randrange(8)), ("uid", uid)]))
        elif kind < 0.98:
            frames.append(codec.encode(seq, "hb", [("up", seq), ("scans", seq * 20), ("ms", 42), ("drops", 0)]))
        else:
            tags = [(rng.randrange(8), f"04{rng.getrandbits(48):012X}") for _ in range(16)]
            frames.append(codec.encode(seq, "snap", [("tags", codec.format_tags(tags)), ("faults", "-")]))
    stream = b"".join(frames)
    chunks = [stream[i:i + 4096] for i in range(0, len(stream), 4096)]  # what serial reads hand over
    best = float("inf")
    for _ in range(5):
        parser = codec.LineParser(codec.HUB_FRAMES)
        start = time.perf_counter()
        for chunk in chunks:
            parser.feed(chunk)
        best = min(best, time.perf_counter() - start)
        assert parser.frames == len(frames) and parser.dropped == 0
    print(f"host frame parse (LineParser, decode + CRC + field check): {best / len(frames) * 1e6:.2f} us/frame "
          f"(target <= 20 us)")
    best = float("inf")
    opts = HubOptions(readers=tuple(ReaderSpec(s + 1, cs=f"GP{s + 2}") for s in range(8)))
    hello = codec.encode(0, "hello", [("fw", FIRMWARE_VERSION), ("proto", PROTOCOL_VERSION), ("readers", 8),
                                      ("sections", "1,2,3,4,5,6,7,8"), ("name", "deck-hub"),
                                      ("id", "E660000000000001")])
    for _ in range(5):
        core = LinkCore(opts)
        core.opened(0.0)
        core.received(hello + codec.encode(1, "snap", [("tags", "-")]), 0.0)
        renumbered = [codec.encode(seq + 2, *_verb_fields(f)) for seq, f in enumerate(frames[:5000])]
        data = b"".join(renumbered)
        start = time.perf_counter()
        for i in range(0, len(data), 4096):
            core.received(data[i:i + 4096], 0.0)
        best = min(best, time.perf_counter() - start)
    print(f"host link (parse + sequence check + tag table + events): {best / 5000 * 1e6:.2f} us/frame")


def _verb_fields(frame: bytes) -> tuple[str, list[tuple[str, str]]]:
    tokens = frame.rsplit(b" *", 1)[0].decode().split(" ")
    return tokens[1], [tuple(t.split("=", 1)) for t in tokens[2:]]  # type: ignore[misc]


# -- 2. fake hub tag arrival -> game event ------------------------------------------------
def bench_latency(rounds: int = 300) -> None:
    from kaleun.boards.loader import load_board
    from kaleun.hub.sensor import HubFigureSensor
    from kaleun.hub.tags import FigureTags, simulated_uid
    from kaleun.runtime.table import Table
    from kaleun.uboot.game import new_game

    board = load_board(ROOT / "boards" / "fake-hub.toml")
    game = new_game(0)
    table = Table(board, game)
    table.sensor = HubFigureSensor(board, tags=FigureTags({}))
    cond = threading.Condition()
    stamps: dict[tuple[str, str], float] = {}

    def apply(command: dict) -> None:
        with cond:
            for event in game.apply(command):
                if event.name in ("figure_placed", "figure_lifted"):
                    stamps[(event.name, event.data["figure"])] = time.perf_counter()
            cond.notify_all()

    table.start(apply)
    fake = table.sensor.fake
    figure = "engineer-square"
    uid = simulated_uid(figure)
    arrive: list[float] = []
    leave: list[float] = []
    try:
        for i in range(rounds):
            section = 5 + i % 2
            with cond:
                stamps.clear()
            start = time.perf_counter()
            fake.place_tag(uid, section)
            with cond:
                assert cond.wait_for(lambda: ("figure_placed", figure) in stamps, 10)
                arrive.append(stamps[("figure_placed", figure)] - start)
            with cond:
                stamps.clear()
            start = time.perf_counter()
            fake.lift_tag(uid)
            with cond:
                assert cond.wait_for(lambda: ("figure_lifted", figure) in stamps, 10)
                leave.append(stamps[("figure_lifted", figure)] - start)
    finally:
        table.close()
    ms = [x * 1000 for x in arrive]
    print(f"fake hub tag arrival -> figure_placed event over the pty ({rounds} placements): "
          f"p50 {statistics.median(ms):.2f} ms, p99 {percentile(ms, 99):.2f} ms, max {max(ms):.2f} ms "
          f"(target p99 <= 5 ms)")
    ms = [x * 1000 for x in leave]
    print(f"fake hub tag removal -> figure_lifted (3 missed scans, back to back): p50 {statistics.median(ms):.2f} ms, "
          f"p99 {percentile(ms, 99):.2f} ms")


# -- 3. firmware full scan, 8 readers, 16 tags --------------------------------------------
def bench_scan(layout: str, per_reader: list[int], seed: int = 7, spi_hz: int = 4_000_000) -> float:
    """Model one full scan; returns the modelled RP2040 time (ms) of the interleaved scan."""
    rng = random.Random(seed)
    uids = [[bytes([0x04, *rng.randbytes(6)]) for _ in range(count)] for count in per_reader]
    figures = {}
    for mode in ("interleaved", "one by one"):
        timeline = Timeline(per_transaction=US_PER_TRANSACTION, per_byte=US_PER_BYTE * 4_000_000 / spi_hz,
                            per_exchange_logic=US_PER_EXCHANGE_LOGIC, rf_bit=US_PER_BIT_RF,
                            frame_delay=US_FRAME_DELAY)
        chips, drivers = [], []
        for tags in uids:
            chip = SimMFRC522(seed, timeline=timeline)
            driver = mfrc522.MFRC522(chip)
            driver.init()
            for uid in tags:
                chip.put(uid)
            chips.append(chip)
            drivers.append(driver)
        sc = scanner.Scanner(drivers, misses=3)
        if mode == "one by one":
            sc.readers = [_OneByOne(d) for d in drivers]  # no scan_steps: scanned in turn
        sc.scan()  # the first scan reports the arrivals; measure the steady state
        for chip in chips:
            chip.transactions = chip.bytes = 0
            chip.exchanges = []
        began = timeline.now
        wall = time.perf_counter()
        events = sc.scan()
        cpython_ms = (time.perf_counter() - wall) * 1000
        assert events == [] and len(sc.present()) == sum(per_reader)
        modelled_ms = (timeline.now - began + len(drivers) * US_PER_READER_LOGIC) / 1000
        figures[mode] = (modelled_ms, cpython_ms, chips)
    modelled, cpython, chips = figures["interleaved"]
    transactions = sum(c.transactions for c in chips)
    exchanges = [e for c in chips for e in c.exchanges]
    kinds: dict[str, int] = {}
    for kind, *_ in exchanges:
        kinds[kind] = kinds.get(kind, 0) + 1
    polls = transactions - _minimum_transactions(exchanges)
    print(f"firmware full scan, {len(per_reader)} readers, {sum(per_reader)} tags ({layout}; SPI at "
          f"{spi_hz / 1e6:g} MHz): {transactions} register "
          f"operations ({sum(c.bytes for c in chips)} SPI bytes; {polls} extra IRQ polls), {len(exchanges)} RF "
          f"exchanges ({', '.join(f'{k} {v}' for k, v in sorted(kinds.items()))})")
    print(f"    modelled RP2040 time: {modelled:.1f} ms interleaved (target <= 100 ms), "
          f"{figures['one by one'][0]:.1f} ms one reader after the other; CPython on the chip models: {cpython:.1f} ms")
    return modelled


class _OneByOne:
    def __init__(self, driver: mfrc522.MFRC522) -> None:
        self.driver = driver

    def scan(self) -> list[bytes]:
        return self.driver.scan()


def _minimum_transactions(exchanges: list[tuple[str, int, int, bool]]) -> int:
    """Transactions with exactly one IRQ poll per exchange (see test_readers)."""
    total = 0
    for kind, _, _, answered in exchanges:
        total += 6 if kind == "hlta" else (10 if answered else 7)
    return total


def bench_control_room() -> None:
    """The control room (section 3) holds up to 8 figures: the worst realistic table has 8 tags
    on its reader and the other 8 spread over the rest. One reader answers its tags one after
    the other (each needs its own anticollision, SELECT and HLTA), so that reader decides the
    scan time; two readers under the section (`[[hub.readers]]` twice with section = 3, the
    board format's berths) share the figures and overlap their radio time."""
    print("control room (section 3) with 8 figures, the other 8 spread; SPI at 4 MHz (short runs) and at 1 MHz "
          "(boards/pico-hub.toml: the trunks along a model of about 1 m):")
    for hz in (4_000_000, 1_000_000):
        one = bench_scan("one reader under the control room: 8 + 2 + 1 x 6", [1, 1, 8, 2, 1, 1, 1, 1], spi_hz=hz)
        two = bench_scan("two berths under the control room: 4 + 4, then 2 + 1 x 6", [1, 1, 4, 4, 2, 1, 1, 1, 1],
                         spi_hz=hz)
        print(f"    => at {hz / 1e6:g} MHz: one reader {one:.1f} ms, two berths {two:.1f} ms (target <= 100 ms)")


def main() -> None:
    print(__doc__.split("\n\n")[0])
    bench_parse()
    bench_latency()
    bench_scan("2 per reader", [2] * 8)
    bench_scan("crowded: 5+4+3+2+1+1 and two empty", [5, 4, 3, 2, 1, 1, 0, 0])
    bench_scan("all on one reader", [16, 0, 0, 0, 0, 0, 0, 0])
    bench_control_room()


if __name__ == "__main__":
    main()
