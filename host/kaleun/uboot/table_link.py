"""What the table's hardware tells the crew: the deck hub's link and unknown figure tags.

The runtime turns link changes and unknown tags into commands (`hub`, `unknown_tag`), so
they reach the event log and the info feed while the core stays free of I/O:

    {"do": "hub", "state": "offline", "reason": "no heartbeat for 1.5 s"}
    {"do": "hub", "state": "online", "firmware": "1.0.0", "protocol": 1, "readers": 8}
    {"do": "hub", "state": "reader_fault", "reader": 3, "section": 2, "error": "no_chip"}
    {"do": "hub", "state": "foreign", "reason": "another device answers at the port: ..."}
    {"do": "unknown_tag", "uid": "04A1B2C3D4E5F6", "section": 5}
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from kaleun.core.args import Args
from kaleun.core.engine import Handler, Module
from kaleun.core.errors import CommandError
from kaleun.core.messages import Msg
from kaleun.core.shape import Int, List, Maybe, Obj, Text

STATES = ("online", "offline", "foreign", "reader_fault", "reader_ok")
#: the highest reader number a hub may name (a hub has a reader or two per section; the save keeps up to this)
MAX_READER = 1000


class TableLink(Module):
    name = "table_link"

    def __init__(self) -> None:
        #: the hub's link as last reported: None (no hub, or not heard of yet), online, offline,
        #: foreign (another device answers at the hub's port)
        self.hub: str | None = None
        self.faulty: list[int] = []

    def commands(self) -> Mapping[str, Handler]:
        return {"hub": self._hub, "unknown_tag": self._unknown_tag}

    def _hub(self, args: Args) -> None:
        state = args.str("state", choices=STATES)
        reason = args.str("reason", "")
        firmware = args.str("firmware", "")
        protocol = args.int("protocol", 0, lo=0)
        readers = args.int("readers", 0, lo=0)
        reader = args.int("reader", -1, lo=-1, hi=MAX_READER)
        section = args.int("section", 0, lo=0, hi=8)
        error = args.str("error", "")
        args.finish()
        if state in ("reader_fault", "reader_ok") and reader < 0:
            raise CommandError(f"'hub': {state} needs the reader's number (reader, 0 to {MAX_READER})")
        if state == "online":
            previous, self.hub = self.hub, "online"
            if previous == "online":
                return
            feed = Msg("The deck hub is back: the table sees the figures again.") \
                if previous in ("offline", "foreign") else None
            self.emit("hub_online", feed=feed, firmware=firmware, protocol=protocol, readers=readers)
        elif state == "offline":
            if self.hub == "offline":
                return
            self.hub = "offline"
            why = reason or Msg("no reason given")
            self.emit("hub_offline", feed=Msg("The deck hub is offline ({reason}): figure moves are not seen until it "
                                              "is back.", reason=why), reason=reason)
        elif state == "foreign":
            if self.hub == "foreign":
                return
            self.hub = "foreign"
            self.emit("hub_foreign", feed=Msg("A device that is not this table's deck hub answers at its port "
                                              "({reason}): the table ignores it and keeps the figures where they "
                                              "are.", reason=reason or Msg("no reason given")), reason=reason)
        elif state == "reader_fault":
            if reader in self.faulty:
                return
            self.faulty.append(reader)
            problem = error or Msg("fault")
            if section:
                feed = Msg("NFC reader {reader} under section {section} does not answer ({error}): check its wiring.",
                           reader=reader, section=section, error=problem)
            else:
                feed = Msg("NFC reader {reader} does not answer ({error}): check its wiring.", reader=reader,
                           error=problem)
            self.emit("hub_reader_fault", feed=feed, reader=reader, section=section, error=error)
        else:
            if reader not in self.faulty:
                return
            self.faulty.remove(reader)
            self.emit("hub_reader_ok", reader=reader, section=section)

    def _unknown_tag(self, args: Args) -> None:
        uid = args.str("uid")
        section = args.int("section", lo=1, hi=8)
        args.finish()
        if not re.fullmatch(r"[0-9A-F]{8,20}", uid):
            raise CommandError(f"'unknown_tag': uid must be the tag's UID in upper-case hex, got {uid!r}")
        self.emit("unknown_tag", feed=Msg("Unknown figure tag {uid} in section {section}: run `kaleun figures enroll` "
                                          "to teach the table which figure it is.", uid=uid, section=section),
                  uid=uid, section=section)

    def status(self) -> dict[str, Any]:
        return {"hub": self.hub, "faulty_readers": list(self.faulty)}

    state_shape = Obj(hub=Maybe(Text(("online", "offline", "foreign"))),
                      faulty=List(Int(0, MAX_READER), most=MAX_READER + 1))

    def to_state(self) -> dict[str, Any]:
        return {"hub": self.hub, "faulty": list(self.faulty)}

    def load_state(self, state: Mapping[str, Any]) -> None:
        hub = state["hub"]
        if hub not in (None, "online", "offline", "foreign"):
            raise ValueError(f"unknown hub state {hub!r}")
        self.hub = hub
        self.faulty = [int(r) for r in state["faulty"]]
