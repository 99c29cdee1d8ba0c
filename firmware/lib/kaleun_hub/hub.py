# SPDX-License-Identifier: MIT
"""The hub's main loop, without any I/O of its own.

`code.py` (on the Pico) and the host's fake hub both drive a `Hub` the same way: hand it
the bytes that arrived from the host with `feed`, call `tick(now_ms)` as often as possible,
and it writes frames through the `write` function it was given. `serve` is the loop
`code.py` runs: it keeps going whatever one round raises.

The hub says `hello` at once (at boot and to every host `hello`), but holds its snapshot
back until every reader has been read (`Scanner.ready`): a snapshot taken before the
first scans would tell a listening host that the table is empty. Until that first
snapshot it sends no arrived/left/fault/recovered either: the snapshot carries them.
"""

from kaleun_hub import FIRMWARE_VERSION, PROTOCOL_VERSION
from kaleun_hub.codec import HOST_FRAMES, LineParser, encode, format_ints, format_tags, format_words
from kaleun_hub.scanner import Scanner

#: milliseconds between two renders of the lamps during a scan: the shortest pattern feature
#: (a spark's 50 ms, a strobe's 60 ms flash) is seen, and a long strip costs little scan time
RENDER_MS = 10


class Hub:
    def __init__(self, readers, cfg, write, lamps=None, encoders=None, clock=None, setup=(), uid=None):
        self.cfg = cfg
        #: the microcontroller's unique id (hex), sent in hello so the host knows its own hub
        self.uid = uid
        #: words naming what failed at start-up (config, spi, pixels, encoders...), sent in hello
        self.setup = list(setup)
        #: optional function returning milliseconds, to time each scan for the heartbeat
        self.clock = clock
        self.write = write
        self.lamps = lamps
        self.encoders = encoders
        self.scanner = Scanner(readers, misses=cfg["debounce_misses"], hits=cfg["debounce_hits"],
                               fault_after=cfg["fault_after"])
        self.sections = [reader["section"] for reader in cfg["readers"]]
        self.parser = LineParser(HOST_FRAMES)
        self.seq = 0
        self.started = None
        self.next_scan = 0
        self.now = 0
        self.last_tx = 0
        #: how long the last full scan took (ms), when a clock was given
        self.scan_ms = 0
        #: frames written since boot (the fake hub's settle() reads it)
        self.sent = 0
        #: True once every reader has been read and the first snapshot could go out
        self.ready = False
        #: a snapshot is owed (asked for, or due at boot) and goes out once ready
        self.owed = True
        #: rounds of the main loop that raised (see `serve`), reported in heartbeats
        self.errors = 0
        #: when the lamps were last rendered (ms): during a scan, at most every RENDER_MS
        self.rendered = 0

    # -- output -----------------------------------------------------------------------------
    def send(self, verb, fields=()):
        frame = encode(self.seq, verb, fields)
        self.seq = (self.seq + 1) & 0xFFFF
        self.sent += 1
        self.last_tx = self.now
        self.write(frame)

    def hello(self):
        fields = [("fw", FIRMWARE_VERSION), ("proto", PROTOCOL_VERSION), ("readers", len(self.scanner.readers)),
                  ("sections", format_ints(self.sections)), ("name", self.cfg["name"])]
        if self.uid:
            fields.append(("id", self.uid))
        if self.setup:
            fields.append(("setup", format_words(self.setup)))
        self.send("hello", fields)

    def snapshot(self):
        """Send the snapshot now when the readers have been read, else once they have."""
        if not self.ready:
            self.owed = True
            return
        self.owed = False
        self.send("snap", (("tags", format_tags(self.scanner.present())),
                           ("faults", format_ints(self.scanner.faults()))))

    # -- input ------------------------------------------------------------------------------
    def feed(self, data):
        """Bytes from the host: answer each good command frame."""
        for frame in self.parser.feed(data):
            self.handle(frame)

    def handle(self, frame):
        verb = frame.verb
        if verb == "hello":
            # answer with our versions even when the host speaks another protocol: it decides
            self.hello()
            self.snapshot()
        elif verb == "snap":
            self.snapshot()
        elif verb == "lamp":
            if self.lamps is not None:
                self.lamps.set(frame.fields["first"], frame.fields["count"], frame.fields["color"],
                               frame.fields.get("pattern", "steady"))
        elif verb == "dark":
            if self.lamps is not None:
                self.lamps.clear()

    def host_gone(self):
        """No host holds the data port any more (Kaleun stopped or crashed, the cable is out, the
        Pi is off while the hub runs on its own supply): the lamps go dark rather than show the
        last look (a hull breach strobing) for ever. A host that comes back says hello and sends
        its looks again."""
        if self.lamps is not None:
            self.lamps.clear()

    # -- the loop ---------------------------------------------------------------------------
    def tick(self, now):
        """Do what is due at `now` (milliseconds, any monotonic origin)."""
        self.now = now
        if self.started is None:
            self.started = now
            self.hello()  # a host that is already listening learns we (re)booted
            self.snapshot()
        if now >= self.next_scan:
            self.scan(now)
        if self.encoders is not None:
            for kind, index, delta, position in self.encoders.poll():
                if kind == "turn":
                    self.send("turn", (("enc", index), ("delta", delta), ("pos", position)))
                else:
                    self.send("home", (("enc", index), ("pos", position)))
        if self.lamps is not None:
            # the time now, not when this round began: a scan may have taken 100 ms since
            self.rendered = self.clock() if self.clock is not None else now
            self.lamps.render(self.rendered)
        if now - self.last_tx >= self.cfg["heartbeat_ms"]:
            self.heartbeat(now)

    def scan(self, now):
        began = self.clock() if self.clock is not None else now
        # a full scan of crowded readers takes up to about 100 ms: the lamps' patterns (a strobe's
        # 60 ms flash, a flicker's 90 ms steps) run on between its steps instead of freezing
        events = self.scanner.scan(self._between if self.lamps is not None and self.clock is not None else None)
        if self.clock is not None:
            self.scan_ms = self.clock() - began
        self.next_scan = now + self.cfg["scan_ms"]
        if not self.ready:
            if not self.scanner.ready():
                return  # what these scans found goes out in the first snapshot
            self.ready = True
            if self.owed:
                self.snapshot()
            return
        for kind, reader, detail in events:
            if kind == "fault":
                self.send("fault", (("r", reader), ("err", detail)))
            elif kind == "recovered":
                self.send("recovered", (("r", reader),))
            else:
                self.send(kind, (("r", reader), ("uid", detail)))

    def _between(self):
        """The lamps during a scan, at most every RENDER_MS. A strip that fails here is left to the
        render after the scan, which reports it through the main loop; the scan goes on."""
        now = self.clock()
        if now - self.rendered < RENDER_MS:
            return
        self.rendered = now
        try:
            self.lamps.render(now)
        except Exception:
            pass

    def heartbeat(self, now):
        fields = [("up", (now - self.started) // 1000), ("scans", self.scanner.scans), ("ms", self.scan_ms),
                  ("drops", self.parser.dropped)]
        if self.errors:
            fields.append(("errs", self.errors))
        self.send("hb", fields)


#: loop errors reported on the console: the first few, then every REPORT_EVERY-th
REPORT_FIRST = 5
REPORT_EVERY = 1000


def serve(hub, port, clock, report=print, rounds=None):
    """The firmware's main loop: what arrived on `port` (`in_waiting`, `read(n)`) into the
    hub, then its tick, forever (or `rounds` times, for tests).

    Whatever one round raises is counted (`hub.errors`, sent in heartbeats) and reported
    through `report`, and the loop carries on: no line from the host and no driver bug may
    stop the hub. KeyboardInterrupt (Ctrl-C on the REPL) still ends it.

    A port that says whether a host holds it (`connected`: CircuitPython's DTR) tells the hub
    when the host lets go (`Hub.host_gone`)."""
    done = 0
    held = False
    while rounds is None or done < rounds:
        done += 1
        try:
            now_held = getattr(port, "connected", True)
            if held and not now_held:
                hub.host_gone()
            held = now_held
            waiting = port.in_waiting
            if waiting:
                hub.feed(port.read(waiting))
            hub.tick(clock())
        except Exception as exc:  # the loop must survive anything
            hub.errors += 1
            if hub.errors <= REPORT_FIRST or hub.errors % REPORT_EVERY == 0:
                report("hub loop error %d: %s %s" % (hub.errors, type(exc).__name__, exc))
