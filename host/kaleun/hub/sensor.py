"""The figure sensor of boards with `figures.sensor = "hub"`: the deck hub's link.

Tags arriving and leaving on readers become FigureSeen / FigureGone (through the enrolled
UID of each figure), unknown tags become UnknownTag, the link's state and reader faults
become HubLinkChanged; hub encoders go to their dials (`kaleun.hub.dials`). With `url = "fake"`
an in-process fake hub runs the firmware on a pseudo-terminal, and `place`/`lift` move
tags on its simulated readers: table scripts then go through real serial frames.

A figure on several readers (several berths in a section, or put down on the new section
before it left the old one) stays where it was last seen until no reader sees it.

`start` waits (at most `hub.start_timeout_ms`) until the link is online and the hub's first
snapshot has reached the game, so a game or script begins with the figures where they
stand. A script stops with the reason when the hub does not come online in that time; a
table being played starts anyway, tells the crew the hub is offline and picks the figures up
when the hub answers (the link keeps reconnecting).
"""

from __future__ import annotations

import logging
import tempfile
import threading
from pathlib import Path
from typing import Any

from kaleun.core.messages import Msg, command_word, of_error
from kaleun.hub.fake import FakeHub, private_folder
from kaleun.hub.known import RememberedHub
from kaleun.hub.link import HubLink, LinkEvent
from kaleun.hub.options import NAME, HubOptions, hub_config, hub_options
from kaleun.hub.reach import REFUSED, is_refused, reach, refusal
from kaleun.hub.tags import FigureTags, TagStoreError, simulated_uid
from kaleun.ports.base import FigureGone, FigureSeen, HardwareOnly, HubLinkChanged, Sink, UnknownTag

log = logging.getLogger(__name__)

#: longest settle() waits for the hub to report a hand's move (a failure guard only)
SETTLE_TIMEOUT = 10.0
#: how long a start waits for the hub before it says that it waits (the whole wait: hub.start_timeout_ms)
FIRST_LOOK_S = 1.0


class HubFigureSensor:
    def __init__(self, board: Any, tags: FigureTags | None = None, fake: FakeHub | None = None) -> None:
        self.options: HubOptions = hub_options(board)
        self.board_path = getattr(board, "path", "the board file")
        self.sections = self.options.sections
        if tags is None:
            try:
                tags = FigureTags.load()
            except TagStoreError as exc:
                log.error("%s; every tag counts as unknown until it is fixed", exc)
                tags = FigureTags({})
        self.tags = tags
        self._tmp: tempfile.TemporaryDirectory[str] | None = None
        self.fake = fake
        if self.fake is None and self.options.is_fake:
            self._tmp = private_folder()
            self.fake = FakeHub(hub_config(board), link=Path(self._tmp.name) / NAME)
        self.link: HubLink | None = None
        self._sink: Sink | None = None
        self._lock = threading.Lock()
        #: uid -> readers that see it
        self.seen: dict[str, set[int]] = {}
        #: figure -> the section reported to the game last
        self.reported: dict[str, int] = {}
        self.lamp_ports: list[Any] = []
        #: encoder number -> the dial it turns (made by the table: `dial`)
        self.dials: dict[int, Any] = {}
        #: the link has been online once (or the start stopped waiting): from then on its going
        #: offline is news for the game; before, it is the start still connecting
        self._connected = False

    # -- life -------------------------------------------------------------------------------
    #: a script needs the hub at once; a table being played can wait for it (set by the table)
    strict = True

    def start(self, sink: Sink) -> None:
        """Connect to the hub and wait until it is online (when `strict`, raises TableError
        when it does not come online within `hub.start_timeout_ms`)."""
        from kaleun.runtime.table import TableError

        self._sink = sink
        if self.fake is not None:
            if not self.fake.running:
                self.fake.start()
            url = self.fake.url
        else:
            assert self.options.url is not None
            url = self.options.url
        # a real hub's identity is remembered across starts (a fake hub is made anew each start)
        known = None if self.fake is not None else RememberedHub.for_board(self.board_path, url)
        self.link = HubLink(url, self.options, self._on_link, known=known).start()
        wait = self.options.start_timeout_ms / 1000
        first = min(wait, FIRST_LOOK_S)
        refused = reach(self.link, first)  # a foreign device ends the wait on its hello
        if refused is not None and wait > first and not is_refused(self.link):
            # said at once, not only when the wait is over: a table (or a maker) is not left looking at a silent
            # terminal for `hub.start_timeout_ms`, nor a game started unseen
            # a Msg: said to the players and the maker in the table's language (kaleun.cli._TableFormatter)
            log.warning(Msg("the deck hub at {url} does not answer yet ({reason}); waiting up to {seconds} s for it",
                            url=url, reason=self.link.core.reason or Msg("no answer"),
                            seconds=int(wait) if wait == int(wait) else wait))
            # a refusal names the whole wait, as the crew was told
            refused = None if reach(self.link, wait - first) is None else refusal(self.link, wait)
        if refused is not None:
            reason = self.link.core.reason or Msg("no answer")
            if not self.strict:
                log.warning(Msg("the deck hub at {url} is not online yet ({reason}); the game starts and waits for it",
                                url=url, reason=reason))
                self._connected = True
                if self.link.core.state != "foreign":  # a foreign device was announced already
                    self._deliver(HubLinkChanged("offline", f"not online at start: {reason}", {}))
                return
            self.close()
            if self.link.core.state in REFUSED:  # it answered: not the cable
                raise TableError(Msg("{path}: {refused}", path=str(self.board_path), refused=refused))
            raise TableError(Msg("{path}: the deck hub at {url} did not come online within {wait} s ({reason}); "
                                 "check the cable and hub.url, then `kaleun hub status`", path=str(self.board_path),
                                 url=url, wait=f"{wait:g}", reason=reason))

    def close(self) -> None:
        self._sink = None
        if self.link is not None:
            self.link.close()
        if self.fake is not None and self._tmp is not None:
            self.fake.stop()
            self._tmp.cleanup()

    def lamps(self, segments: dict[str, tuple[int, int]]) -> Any:
        """The Lamps port of `lamps.driver = "hub"` boards, over this sensor's link."""
        from kaleun.hub.lamps import HubLamps

        assert self.link is not None, "start the sensor first"
        port = HubLamps(self.link, segments)
        self.lamp_ports.append(port)
        return port

    def dial(self, spec: Any) -> Any:
        """The Dial port of a dial whose encoder is on the hub (`dials.NAME.driver = "hub"`)."""
        from kaleun.hub.dials import HubDial

        index = [e.dial for e in self.options.encoders].index(spec.name)
        port = HubDial(spec, index, fake=self.fake)
        self.dials[index] = port
        return port

    def status(self) -> dict[str, Any]:
        return self.link.status() if self.link else {"state": "not started"}

    # -- hands (fake hub only) --------------------------------------------------------------
    def uid_of(self, figure: str) -> str:
        return self.tags.uid_of(figure) or simulated_uid(figure)

    def _fake(self, action: str) -> FakeHub:
        if self.fake is None:
            raise HardwareOnly(Msg("{action}: the figures stand on a real deck hub; move them by hand",
                                   action=command_word(action)))
        return self.fake

    def place(self, figure: str, section: int) -> None:
        fake = self._fake("place")
        try:
            fake.place_tag(self.uid_of(figure), section)
        except ValueError as exc:
            raise HardwareOnly(of_error(exc)) from exc

    def lift(self, figure: str) -> None:
        fake = self._fake("lift")
        if not fake.lift_tag(self.uid_of(figure)):
            # its tag is on no reader: the table agrees the figure is off the model
            self._deliver(FigureGone(figure))

    def settle(self) -> None:
        """Wait until the fake hub has scanned what hands did and the host has handled it."""
        fake, link = self.fake, self.link
        if fake is None or link is None or not fake.plugged or fake.frozen:
            return  # nothing will come until the cable is back; the snapshot then brings it
        if not link.wait_online(SETTLE_TIMEOUT):
            log.warning("the fake hub's link is not online (%s)", link.core.reason)
            return
        if not link.wait(lambda core: fake.settled(), SETTLE_TIMEOUT):
            log.warning("the fake hub did not settle within %.0f s", SETTLE_TIMEOUT)
            return
        seq = fake.last_seq()
        if seq is not None and not link.wait_seq(seq, SETTLE_TIMEOUT):
            log.warning("the host did not receive the fake hub's frame %d within %.0f s", seq, SETTLE_TIMEOUT)

    # -- from the link (its thread) ---------------------------------------------------------
    def _deliver(self, item: Any) -> None:
        sink = self._sink
        if sink is not None:
            sink(item)

    def _section(self, reader: int) -> int | None:
        return self.sections[reader] if 0 <= reader < len(self.sections) else None

    def _on_link(self, event: LinkEvent) -> None:
        kind = event.kind
        if kind in ("arrived", "left"):
            self._tag(kind, event.reader, event.uid)
        elif kind == "online":
            if self._connected:  # the hub is back, or restarted: its encoders counted from zero again
                for dial in self.dials.values():
                    dial.restarted()
            self._connected = True
            for port in self.lamp_ports:  # a hub that was away, or restarted, has lost its pixels
                port.resend()
            self._deliver(HubLinkChanged("online", "", dict(event.detail)))
        elif kind == "offline":
            if not self._connected:  # a first attempt that failed while the start waits: it tries again
                log.info("deck hub not reached yet: %s", event.detail.get("reason", ""))
                return
            # the game's command holds the reason's English text (its event log is in English)
            self._deliver(HubLinkChanged("offline", str(event.detail.get("reason", "")), {}))
        elif kind == "foreign":
            self._deliver(HubLinkChanged("foreign", str(event.detail.get("reason", "")), {}))
        elif kind in ("fault", "recovered"):
            section = self._section(event.reader)
            error = str(event.detail.get("error", "") or "-")  # the hub's own short word (`fault` frame)
            log.warning(Msg("deck hub reader {reader} (section {section}) faulty: {error}", reader=str(event.reader),
                            section=str(section), error=error) if kind == "fault" else
                        Msg("deck hub reader {reader} (section {section}) answers again", reader=str(event.reader),
                            section=str(section)))
            detail = {"reader": event.reader, "section": section, **event.detail}
            self._deliver(HubLinkChanged("reader_fault" if kind == "fault" else "reader_ok", "", detail))
        elif kind in ("turn", "home"):
            dial = self.dials.get(event.reader)
            if dial is None:
                log.warning(Msg("deck hub encoder {encoder} turns no dial of the board file; ignored",
                                encoder=str(event.reader)))
            elif kind == "turn":
                dial.turned(int(event.detail["delta"]), event.detail.get("pos"))
            else:
                dial.at_home()

    def _tag(self, kind: str, reader: int, uid: str) -> None:
        section = self._section(reader)
        if section is None:
            log.warning(Msg("deck hub reader {reader} is not in the board file; tag {uid} ignored", reader=str(reader),
                            uid=uid))
            return
        with self._lock:
            readers = self.seen.setdefault(uid, set())
            if kind == "arrived":
                readers.add(reader)
            else:
                readers.discard(reader)
            figure = self.tags.figure_of(uid)
            if figure is None and self.fake is not None:
                figure = next((f for f in self._fake_figures() if simulated_uid(f) == uid), None)
            if figure is None:
                if kind == "arrived":
                    item: Any = UnknownTag(uid, section)
                else:
                    return
            elif readers:
                where = {self.sections[r] for r in readers}
                if self.reported.get(figure) in where and kind == "left":
                    return
                target = section if kind == "arrived" else min(where)
                if self.reported.get(figure) == target:
                    return
                self.reported[figure] = target
                item = FigureSeen(figure, target)
            else:
                self.reported.pop(figure, None)
                item = FigureGone(figure)
        self._deliver(item)

    def _fake_figures(self) -> list[str]:
        from kaleun.uboot.figures import FIGURES

        return [f for f in FIGURES if self.tags.uid_of(f) is None]
