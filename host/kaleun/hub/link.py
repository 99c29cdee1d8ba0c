"""The host's end of the deck hub link.

`LinkCore` is the protocol state machine without any I/O or clock of its own: bytes and
the time go in, frames to send and `LinkEvent`s come out, so tests drive it directly.
`HubLink` runs it on a thread over pyserial (`serial.serial_for_url`, so a device path,
a pty, `loop://` or `socket://` all work), reconnecting with backoff.

States: ``closed`` (no port) → ``handshake`` (port open, our hello sent) → ``syncing``
(the hub's hello checked, waiting for its snapshot) → ``online``. A hub that speaks
another protocol puts the link in ``mismatch``; a device that is not this table's hub (another
name than the board's `hub.name`, another id than the board's `hub.id` or than the hub this
link first met, which the home remembers for the next start: `kaleun.hub.known`) puts it in
``foreign``: nothing it sends is trusted, no snapshot is taken in,
the figures stay where the host knew them, and the crew hears about it (`foreign`). Silence
longer than the timeout (in the handshake: no hello from the hub, whatever else it sends), a
port error or a mismatch takes the link offline; `offline` is announced once per outage. `online` comes every time
a hub's hello and snapshot were taken in, also when the hub rebooted under an open port
(its lamps are dark then: the sensor sends them again); a hello whose sequence number runs on
from the frames before answers a hello of ours sent twice (the hub did not restart) and keeps
the link online. After every hello the hub's
snapshot is compared with what the host knew, and only the differences come out as
arrived/left: nothing is lost. Readers the snapshot lists as faulty keep the tags the host
knew on them; when such a reader recovers, the host asks for a snapshot.
"""

from __future__ import annotations

import errno
import logging
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import serial

from kaleun import __version__
from kaleun.core.messages import N_, Msg
from kaleun.files import errno_reason
from kaleun.hub.known import RememberedHub
from kaleun.hub.options import HubOptions, board_takes_id
from kaleun.hub.proto import FIRMWARE_VERSION, PROTOCOL_VERSION, codec

log = logging.getLogger(__name__)

BEFORE_HELLO = "before_hello"
#: frames naming a reader the hub's hello did not count (a hub's memory damaged, line noise that passed the
#: checksum): dropped, so they never reach the game as a reader fault of reader 65536
BAD_READER = "bad_reader"
#: protocols this host speaks: 2 adds the hub's id to its hello; hubs speaking 1 are still taken
SUPPORTED_PROTOCOLS = (1, PROTOCOL_VERSION)
#: why a port cannot be opened that another program holds open exclusively (a table playing, the
#: service, `kaleun hub status` at the same time): not the hub's cable or firmware
PORT_HELD = N_("another program holds the hub's port (a Kaleun playing at this table, the kaleun service, or a "
               "serial terminal): quit it or stop the service first (sudo systemctl stop kaleun, or "
               "systemctl --user stop kaleun)")
#: why a port cannot be opened that is not there at all (`key`: where the port was named, the board's hub.url or a
#: tool's --url)
NO_SUCH_PORT = N_("no such port (the hub is not plugged in, or {key} names another port)")
#: why a path cannot be opened as a port that is a file or another kind of device
NOT_A_SERIAL_PORT = N_("not a serial port ({key} names a file or another kind of device)")
#: the reason of a hub that speaks another protocol; `kaleun hub status` names the state once (`detail`)
MISMATCH = N_("version mismatch: {detail}")
#: why the link is down or not online yet, as a sentence for the maker or the crew (its English text is
#: what logs, `--json` and the crew's feed read); "" while online
Reason = Msg | str
#: reconnect waits: first, factor, longest (seconds)
BACKOFF = (0.1, 2.0, 2.0)
#: a round of the link's loop that took longer than this means the host itself was held up
#: (a loaded machine): that time is not the hub's silence
HOST_STALL_S = 0.25


def _older(firmware: str, version: str) -> bool:
    """Whether a hub's firmware version (`1.1.0`) is older than `version`; a version that is not three dotted
    numbers (a hub of someone's own making) is not compared."""
    def parts(text: str) -> tuple[int, ...] | None:
        numbers = text.split(".")
        return tuple(int(n) for n in numbers) if len(numbers) == 3 and all(n.isdigit() for n in numbers) else None

    hub, ours = parts(firmware), parts(version)
    return hub is not None and ours is not None and hub < ours


@dataclass(frozen=True)
class LinkEvent:
    """What the link reports: online, offline, arrived, left, fault, recovered, turn, home."""

    kind: str
    reader: int = -1
    uid: str = ""
    detail: dict[str, Any] = field(default_factory=dict)


def _newer(seq: int, than: int) -> bool:
    """seq is `than` or later, modulo the 16-bit wrap."""
    return (seq - than) & 0xFFFF < 0x8000


class LinkCore:
    def __init__(self, options: HubOptions | None = None, known: RememberedHub | None = None) -> None:
        self.options = options or HubOptions()
        #: where the hub this table played with is remembered across starts (none: for this link only)
        self.known = None if self.options.hub_id else known
        self.timeout_ms = self.options.timeout_ms
        self.parser = codec.LineParser(codec.HUB_FRAMES)
        #: drops the session adds to the parser's (frames before the hub's hello)
        self.session_drops: dict[str, int] = {}
        self.state = "closed"
        self.reason: Reason = Msg("not connected yet")
        self.hello: dict[str, Any] | None = None
        self.tags: dict[int, set[str]] = {}
        self.faults: set[int] = set()
        self.expected: int | None = None
        self.last_seq: int | None = None
        self.lost = 0
        #: frames whose sequence number went backwards (dropped; the host says hello again)
        self.out_of_order = 0
        self.rehello = False
        self.resyncs = 0
        self.connects = 0
        self.hub_status: dict[str, int] = {}
        self.warnings: list[Msg] = []
        #: one of the warnings is the hub's firmware, older than this Kaleun's: `kaleun firmware install` is the fix
        self.firmware_behind = False
        self.tx_seq = 0
        self.last_rx = 0.0
        self.last_hello = 0.0
        self.announced: str | None = None
        self.events: list[LinkEvent] = []
        #: the hub this link trusts: its name and id, from the board (`hub.id`) or its first hello
        self.identity: dict[str, str | None] | None = (
            {"name": self.options.name, "id": self.options.hub_id} if self.options.hub_id else None)
        #: the trusted identity came from the home's memory of an earlier start (`kaleun.hub.known`)
        self.remembered = False
        if self.identity is None and self.known is not None:
            self.identity = self.known.identity()
            self.remembered = self.identity is not None
        #: hellos of devices that were not this table's hub
        self.foreign = 0
        #: the refusal of the last foreign device warned of (its retries are not warned of again)
        self.warned_foreign: str | None = None

    # -- helpers ----------------------------------------------------------------------------
    def frame(self, verb: str, fields: tuple[tuple[str, Any], ...] = ()) -> bytes:
        data = codec.encode(self.tx_seq, verb, fields)
        self.tx_seq = (self.tx_seq + 1) & 0xFFFF
        return data

    def _hello_frame(self) -> bytes:
        return self.frame("hello", (("proto", PROTOCOL_VERSION), ("host", __version__)))

    def _announce(self, kind: str, **detail: Any) -> None:
        if self.announced == kind:
            return
        self.announced = kind
        self.events.append(LinkEvent(kind, detail=detail))

    def take_events(self) -> list[LinkEvent]:
        out, self.events = self.events, []
        return out

    @property
    def drops(self) -> dict[str, int]:
        merged = dict(self.parser.drops)
        for reason, count in self.session_drops.items():
            merged[reason] = merged.get(reason, 0) + count
        return merged

    # -- the port ---------------------------------------------------------------------------
    def opened(self, now: float) -> list[bytes]:
        self.state = "handshake"
        self.reason = Msg("waiting for the hub's hello")
        self.parser.reset()
        self.last_rx = self.last_hello = now
        self.expected = None
        self.rehello = False
        self.connects += 1
        return [self._hello_frame()]

    def closed(self, reason: Reason) -> None:
        if self.state in ("mismatch", "foreign"):
            return  # announced already, with its reason; the link keeps saying why it is down
        self.state = "closed"
        self.reason = reason
        self._announce("offline", reason=self.reason)

    def received(self, data: bytes, now: float) -> list[bytes]:
        out: list[bytes] = []
        for frame in self.parser.feed(data):
            out += self._frame(frame, now)
        return out

    def host_stalled(self, seconds: float) -> None:
        """The host did not listen for `seconds`: the hub's silence is counted from later."""
        self.last_rx += seconds
        self.last_hello += seconds

    def tick(self, now: float) -> tuple[list[bytes], Msg | None]:
        """Frames to send now, and a reason to close the port (silence) or None."""
        if self.state not in ("handshake", "syncing", "online"):
            return [], None
        silent = (now - self.last_rx) * 1000
        if silent > self.timeout_ms:
            seconds = f"{silent / 1000:.1f}"
            if self.state == "handshake":
                return [], Msg("no answer to hello for {seconds} s", seconds=seconds)
            return [], Msg("no heartbeat for {seconds} s", seconds=seconds)
        if self.state == "handshake" and (now - self.last_hello) * 1000 > self.timeout_ms / 3:
            self.last_hello = now  # the hub may still have been booting
            return [self._hello_frame()], None
        return [], None

    # -- frames -----------------------------------------------------------------------------
    def _frame(self, frame: Any, now: float) -> list[bytes]:
        if frame.verb == "hello":
            self.last_rx = now
            return self._hello(frame)
        if self.state not in ("syncing", "online"):
            # not an answer: a hub that chatters without saying hello still times out
            self.session_drops[BEFORE_HELLO] = self.session_drops.get(BEFORE_HELLO, 0) + 1
            return []
        self.last_rx = now
        out: list[bytes] = []
        if self.expected is not None and frame.seq != self.expected:
            if not _newer(frame.seq, self.expected):
                # a duplicate or a frame from before: stale news. A hub whose hello was lost
                # on its way also starts counting again: say hello, its answer resets all
                self.out_of_order += 1
                if not self.rehello:
                    self.rehello = True
                    out.append(self._hello_frame())
                return out
            self.lost += (frame.seq - self.expected) & 0xFFFF
            if frame.verb != "snap":
                out.append(self.frame("snap"))  # something was lost: ask for the whole truth
                self.resyncs += 1
        self.expected = (frame.seq + 1) & 0xFFFF
        self.last_seq = frame.seq
        fields = frame.fields
        verb = frame.verb
        if "r" in fields and not self._reader(fields["r"]):  # a reader the hub's hello did not count: garbage
            self.session_drops[BAD_READER] = self.session_drops.get(BAD_READER, 0) + 1
            return out
        if verb == "snap":
            tags = [(reader, uid) for reader, uid in fields["tags"] if self._reader(reader)]
            faults = [reader for reader in fields.get("faults", []) if self._reader(reader)]
            if len(tags) + len(faults) < len(fields["tags"]) + len(fields.get("faults", [])):
                self.session_drops[BAD_READER] = self.session_drops.get(BAD_READER, 0) + 1
            self._snapshot(tags, faults)
        elif verb == "arrived":
            self._arrived(fields["r"], fields["uid"])
        elif verb == "left":
            self._left(fields["r"], fields["uid"])
        elif verb == "hb":
            self.hub_status = dict(fields)
        elif verb == "fault":
            self.faults.add(fields["r"])
            self.events.append(LinkEvent("fault", fields["r"], detail={"error": fields["err"]}))
        elif verb == "recovered":
            if fields["r"] in self.faults:
                # the tags kept for it may have gone meanwhile: ask for the whole truth
                out.append(self.frame("snap"))
            self.faults.discard(fields["r"])
            self.events.append(LinkEvent("recovered", fields["r"]))
        elif verb == "turn":
            detail = {"delta": fields["delta"], "pos": fields.get("pos")}
            self.events.append(LinkEvent("turn", fields["enc"], detail=detail))
        elif verb == "home":
            self.events.append(LinkEvent("home", fields["enc"], detail={"pos": fields.get("pos")}))
        return out

    def _reader(self, reader: int) -> bool:
        """Is `reader` one of the readers the hub's hello counted (0 to readers - 1)?"""
        readers = (self.hello or {}).get("readers")
        return isinstance(readers, int) and 0 <= reader < readers

    def _hello(self, frame: Any) -> list[bytes]:
        fields = frame.fields
        self.hello = dict(fields)
        self.last_seq = frame.seq
        if fields["proto"] not in SUPPORTED_PROTOCOLS:
            self.state = "mismatch"
            self.reason = Msg(MISMATCH, detail=Msg(
                "the deck hub runs firmware {firmware} speaking protocol {protocol}, this Kaleun speaks protocol "
                "{host_protocol}: install firmware {version} with `kaleun firmware install PATH-TO-CIRCUITPY`",
                firmware=str(fields["fw"]), protocol=fields["proto"], host_protocol=PROTOCOL_VERSION,
                version=FIRMWARE_VERSION))
            self._announce("offline", reason=self.reason)
            return []
        refused = self._not_ours(fields)
        if refused is not None:
            # the link retries every few seconds while the device stays: a console shows warnings at the crew's
            # prompt, so each device is warned of once (until the table's own hub is back), its retries logged
            again = self.announced == "foreign" and self.warned_foreign == str(refused)
            self.state = "foreign"
            self.reason = refused
            self.foreign += 1
            self.expected = None
            self._announce("foreign", reason=refused, name=fields.get("name"), id=fields.get("id"))
            self.warned_foreign = str(refused)
            # a Msg: the maker's tools and the console say it in the table's language (kaleun.cli._TableFormatter)
            log.log(logging.DEBUG if again else logging.WARNING, Msg("deck hub link: {reason}", reason=refused))
            return []
        if self.state == "online" and frame.seq == self.expected:
            # its sequence runs on: the hub did not restart, this answers a hello of ours sent
            # again while its first answer was on the way (a loaded host, a hub still booting).
            # The link stays online; the snapshot that follows is read for differences only.
            self.expected = (frame.seq + 1) & 0xFFFF
            self.rehello = False
            return []
        self.state = "syncing"
        self.reason = Msg("waiting for the hub's snapshot (it reads every reader first)")
        self.expected = (frame.seq + 1) & 0xFFFF
        self.rehello = False
        self.warnings = []
        self.firmware_behind = False
        board = self.options.sections
        hub = fields.get("sections")
        if board and hub is not None and hub != board:
            self.warnings.append(Msg("the hub's reader map {hub} differs from the board's {board}: write the board's "
                                     "with `kaleun hub config` (or `kaleun firmware install`)", hub=str(hub),
                                     board=str(board)))
        elif board and fields["readers"] != len(board):
            self.warnings.append(Msg("the hub has {readers} readers, the board file {board}",
                                     readers=fields["readers"], board=len(board)))
        if fields.get("id") is None:
            self.firmware_behind = True
            self.warnings.append(Msg("the hub's firmware {firmware} does not say its unique id (protocol {protocol}), "
                                     "so another device at its port could pass for it: install firmware {version} "
                                     "with `kaleun firmware install`", firmware=str(fields["fw"]),
                                     protocol=fields["proto"], version=FIRMWARE_VERSION))
        elif _older(str(fields["fw"]), FIRMWARE_VERSION):
            self.firmware_behind = True
            fw = str(fields["fw"])
            lacks = (Msg("lamp patterns added since show steady there") if _older(fw, "1.2.0")
                     else Msg("its lamps hold still while it scans a crowded section") if _older(fw, "1.2.1")
                     else Msg("a dial that moved further than one report carries while it was busy loses that move"))
            self.warnings.append(Msg("the hub runs firmware {firmware}, older than this Kaleun's {version}: {lacks}; "
                                     "bring it up to date with `kaleun firmware install`", firmware=fw,
                                     version=FIRMWARE_VERSION, lacks=lacks))
        if fields.get("setup"):
            self.warnings.append(Msg("the hub could not set up: {parts} (its REPL console says why; `kaleun board "
                                     "check` the board file, then `kaleun hub config`)",
                                     parts=", ".join(map(str, fields["setup"]))))
        for warning in self.warnings:
            log.warning(Msg("deck hub: {warning}", warning=warning))
        return []

    def _not_ours(self, fields: dict[str, Any]) -> Msg | None:
        """Why the device that said this hello is not this table's hub, or None (then the first
        hub met with an id is the one this link trusts from now on)."""
        name, hub_id = fields.get("name"), fields.get("id")
        seen = f"'{name or '?'}'" + (f" (id {hub_id})" if hub_id else "")
        if self.options.check_name and name != self.options.name:
            return Msg("another device answers at the port: deck hub {seen}, not this board's '{name}' (hub.name); "
                       "plug in this table's hub, or write the board's settings to it with `kaleun hub config`",
                       seen=seen, name=str(self.options.name))
        if fields["proto"] >= 2 and hub_id is None:
            return Msg("the device at the port speaks protocol {protocol} but does not say its id",
                       protocol=fields["proto"])
        known = self.identity
        if known is not None and known.get("id") is not None and hub_id != known["id"]:
            accept: Msg | str = ""
            if self.options.hub_id:
                whose = Msg("this board's hub (hub.id)")
            elif self.remembered and self.known is not None:
                whose = Msg("the hub this table played with before (remembered in {file})", file=str(self.known))
                accept = (Msg("; a hub replaced on purpose is accepted with `kaleun hub trust --board {board}` "
                              "(or hub.id = \"{id}\" in the board's [hub])", board=str(self.known.board), id=hub_id)
                          if board_takes_id(hub_id) else
                          Msg("; a hub replaced on purpose is accepted with `kaleun hub trust --board {board}`",
                              board=str(self.known.board)))
            else:
                whose = Msg("the hub this table started with")
            return Msg("another device answers at the port: deck hub {seen}, not {whose}, id {id}; plug that one "
                       "back in{accept}", seen=seen, whose=whose, id=str(known["id"]), accept=accept)
        if hub_id is not None and (known is None or known.get("id") is None):
            self.identity = {"name": name, "id": hub_id}
            if self.known is not None and self.known.learn:  # the next start checks the hub against it
                self.known.remember(name, hub_id)
        return None

    def _snapshot(self, tags: list[tuple[int, str]], faults: list[int]) -> None:
        new: dict[int, set[str]] = {}
        for reader, uid in tags:
            new.setdefault(reader, set()).add(uid)
        for reader in faults:  # a faulty reader cannot tell: keep what we knew (a loose wire lifts nothing)
            kept = new.setdefault(reader, set())
            kept |= self.tags.get(reader, set())
        # arrivals first: a figure moved while we were away is seen at its new place before
        # it is gone from the old one, so it is never lifted in between
        for reader in sorted(new):
            for uid in sorted(new[reader] - self.tags.get(reader, set())):
                self.events.append(LinkEvent("arrived", reader, uid))
        for reader in sorted(self.tags):
            for uid in sorted(self.tags[reader] - new.get(reader, set())):
                self.events.append(LinkEvent("left", reader, uid))
        self.tags = new
        for reader in sorted(set(faults) - self.faults):
            self.events.append(LinkEvent("fault", reader, detail={"error": "reported in snapshot"}))
        for reader in sorted(self.faults - set(faults)):
            self.events.append(LinkEvent("recovered", reader))
        self.faults = set(faults)
        if self.state == "syncing":
            self.state = "online"
            self.reason = ""
            assert self.hello is not None
            # every time, also after a hub rebooted under an open port (no offline in between)
            self.announced = "online"
            detail = {"firmware": self.hello["fw"], "protocol": self.hello["proto"], "readers": self.hello["readers"]}
            self.events.append(LinkEvent("online", detail=detail))

    def _arrived(self, reader: int, uid: str) -> None:
        here = self.tags.setdefault(reader, set())
        if uid not in here:
            here.add(uid)
            self.events.append(LinkEvent("arrived", reader, uid))

    def _left(self, reader: int, uid: str) -> None:
        here = self.tags.get(reader, set())
        if uid in here:
            here.discard(uid)
            self.events.append(LinkEvent("left", reader, uid))

    # -- status -----------------------------------------------------------------------------
    def status(self) -> dict[str, Any]:
        hello = self.hello or {}
        return {
            "state": self.state,
            "reason": self.reason,
            "firmware": hello.get("fw"),
            "protocol": hello.get("proto"),
            "host_protocol": PROTOCOL_VERSION,
            "name": hello.get("name"),
            "id": hello.get("id"),
            "trusted_id": (self.identity or {}).get("id"),
            "board_id": self.options.hub_id,
            # the hub remembered for this board and port across starts (`kaleun.hub.known`), and whether
            # the device that answered is it (None: nothing remembered, or no hello with an id yet)
            "remembered_id": (self.identity or {}).get("id") if self.remembered else None,
            "remembered_in": str(self.known) if self.known is not None else None,
            "remembered_match": (hello["id"] == (self.identity or {}).get("id")
                                 if self.remembered and hello.get("id") else None),
            "foreign": self.foreign,
            "readers": hello.get("readers"),
            "sections": hello.get("sections"),
            "setup": hello.get("setup", []),
            "board_sections": self.options.sections,
            "faults": sorted(self.faults),
            "tags": sum(len(t) for t in self.tags.values()),
            "frames": self.parser.frames,
            "lost": self.lost,
            "out_of_order": self.out_of_order,
            "resyncs": self.resyncs,
            "drops": self.drops,
            "hub": dict(self.hub_status),
            "connects": self.connects,
            "warnings": list(self.warnings),  # messages: `as_values()` gives their English text
        }


class HubLink:
    """The link on its own thread. `on_event` is called on that thread, in order."""

    def __init__(self, url: str, options: HubOptions, on_event: Callable[[LinkEvent], None],
                 clock: Callable[[], float] = time.monotonic, backoff: tuple[float, float, float] = BACKOFF,
                 known: RememberedHub | None = None, url_key: str = "hub.url") -> None:
        """`url_key`: where `url` was named, as the reasons a port cannot be opened say it (a tool's --url)."""
        self.url = url
        self.url_key = url_key
        self.options = options
        self.on_event = on_event
        self.clock = clock
        self.backoff = backoff
        self.core = LinkCore(options, known)
        self.port: Any = None
        self._write_lock = threading.Lock()
        self._changed = threading.Condition()
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self._reached_online = False
        #: events taken from the core and not yet handed to on_event
        self._delivering = False

    # -- control ----------------------------------------------------------------------------
    def start(self) -> HubLink:
        self._thread = threading.Thread(target=self._run, name=f"hub-link {self.url}", daemon=True)
        self._thread.start()
        return self

    def close(self) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join(timeout=5)
            self._thread = None

    def send(self, verb: str, fields: tuple[tuple[str, Any], ...] = ()) -> bool:
        """Send a command to the hub now (any thread); False when the link is down."""
        with self._write_lock:
            if self.port is None or self.core.state != "online":
                return False
            try:
                self.port.write(self.core.frame(verb, fields))
            except (serial.SerialException, OSError) as exc:
                log.warning("writing to the deck hub failed: %s", exc)
                return False
            return True

    def wait(self, predicate: Callable[[LinkCore], bool], timeout: float) -> bool:
        """Wait until `predicate(core)` holds after a batch of frames was handled."""
        deadline = time.monotonic() + timeout
        with self._changed:
            while not predicate(self.core):
                left = deadline - time.monotonic()
                if left <= 0 or self._stop.is_set():
                    return False
                self._changed.wait(left)
            return True

    def _delivered(self, core: LinkCore) -> bool:
        """Every event of the frames handled so far has been handed to on_event."""
        return not core.events and not self._delivering

    def wait_online(self, timeout: float) -> bool:
        """Wait until the link is online and its snapshot's events were delivered (False
        on timeout or a protocol mismatch)."""
        return self.wait(lambda core: core.state in ("online", "mismatch", "foreign") and self._delivered(core),
                         timeout) and self.core.state == "online"

    def wait_seq(self, seq: int, timeout: float) -> bool:
        """Wait until the hub's frame `seq` (or a later one) has been handled and its
        events delivered."""
        return self.wait(lambda core: core.state == "online" and core.last_seq is not None
                         and _newer(core.last_seq, seq) and self._delivered(core), timeout)

    def status(self) -> dict[str, Any]:
        with self._changed:
            status = self.core.status()
        status["url"] = self.url
        status["silent_s"] = round(self.clock() - self.core.last_rx, 3) if self.core.last_rx else None
        return status

    # -- the thread -------------------------------------------------------------------------
    def _dispatch(self) -> None:
        with self._changed:
            events = self.core.take_events()
            self._delivering = bool(events)
        for event in events:
            try:
                self.on_event(event)
            except Exception:  # a broken listener must not take the link down
                log.exception("deck hub event %s: listener failed", event.kind)
        with self._changed:
            self._delivering = False
            self._changed.notify_all()

    def _write(self, frames: list[bytes]) -> None:
        if frames:
            with self._write_lock:
                self.port.write(b"".join(frames))

    def _run(self) -> None:
        wait = self.backoff[0]
        last: Reason | None = None
        while not self._stop.is_set():
            reason = self._session()
            self._dispatch()
            if self._stop.is_set():
                break
            if self.core.state in ("mismatch", "foreign"):
                wait = self.backoff[2]
            elif self._reached_online:
                wait = self.backoff[0]  # it worked until now: try again quickly
            level = logging.INFO if reason != last else logging.DEBUG  # a long outage logs once
            log.log(level, "deck hub link %s: %s; retrying in %.1f s", self.url, reason, wait)
            last = reason
            self._stop.wait(wait)
            wait = min(wait * self.backoff[1], self.backoff[2])

    def _session(self) -> Reason | None:
        """One connection, from opening the port to losing it. Returns why it ended."""
        try:
            # exclusive: a second program opening the same port gets an error, not half the frames
            port = serial.serial_for_url(self.url, baudrate=self.options.baudrate, timeout=0.02, exclusive=True)
        except (serial.SerialException, OSError, ValueError) as exc:
            failed = Msg("cannot open {url} ({error})", url=self.url, error=str(exc))
            if getattr(exc, "errno", None) in (errno.EAGAIN, errno.EWOULDBLOCK):  # pyserial's exclusive lock
                failed = Msg("cannot open {url}: {why}", url=self.url, why=Msg(PORT_HELD))
            elif getattr(exc, "errno", None) == errno.ENOENT:  # pyserial says the path three times over
                failed = Msg("cannot open {url}: {why}", url=self.url, why=Msg(NO_SUCH_PORT, key=self.url_key))
            elif getattr(exc.__context__, "args", (None,))[:1] == (errno.ENOTTY,):  # termios on a file, /dev/null
                failed = Msg("cannot open {url}: {why}", url=self.url, why=Msg(NOT_A_SERIAL_PORT, key=self.url_key))
            elif (said := errno_reason(getattr(exc, "errno", None))) is not None:  # a folder, no permission: our words
                failed = Msg("cannot open {url}: {why}", url=self.url, why=said)
            with self._changed:
                self.core.closed(failed)
            return failed
        reason: Reason | None = None
        self._reached_online = False
        try:
            port.reset_input_buffer()
            with self._write_lock:
                self.port = port
            with self._changed:
                frames = self.core.opened(self.clock())
            self._write(frames)
            last = self.clock()
            while not self._stop.is_set():
                data = port.read(port.in_waiting or 1)
                with self._changed:
                    now = self.clock()
                    if now - last > HOST_STALL_S:
                        self.core.host_stalled(now - last)
                    last = now
                    frames = self.core.received(data, now) if data else []
                    more, reason = self.core.tick(now)
                    state = self.core.state
                self._write(frames + more)
                self._dispatch()
                self._reached_online = self._reached_online or state == "online"
                if reason is not None or state in ("mismatch", "foreign"):
                    reason = reason or self.core.reason
                    break
        except (serial.SerialException, OSError) as exc:
            reason = Msg("serial port lost ({error})", error=str(exc))
        finally:
            with self._write_lock:
                self.port = None
            try:
                port.close()
            except Exception:  # closing a vanished port may fail too
                log.debug("closing %s failed", self.url, exc_info=True)
        with self._changed:
            self.core.closed(reason or Msg("link closed"))
        return reason or Msg("link closed")
