"""Radio traffic with HQ: coded signals in, reports out (rulebook §7.5.2, §8: the Enigma order).

HQ's signals come in coded. A signal reaches the boat when it is on the surface or at periscope
depth (`mission_rules.toml` [radio]) and its radio works; until then HQ repeats it. The crew decodes
each with the Enigma order (one activation per message, order table §8.4); only then does the crew
know what it says, and only then does the objective it carries count. The crew sends reports with
the same order (on the surface): a convoy contact report brings HQ's answer after a while (shadow,
attack, other boats joining: `answers`), itself a coded signal.

The Enigma order's fields:

    {"order": "enigma"}                          decode the oldest coded signal
    {"order": "enigma", "messages": 2}           decode the two oldest
    {"order": "enigma", "decode": ["m2", "m3"]}  decode these
    {"order": "enigma", "report": "convoy", "contact": "c3"}   send a report (convoy, contact,
                                                 weather, position; convoy and contact name a ship
                                                 contact, by default the nearest)

`decode` and `report` combine; an order handles 1 to 3 messages, and `messages` is always the
number it handles (the crew engine activates the radio operator once per message).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from kaleun.core.args import Args
from kaleun.core.errors import CommandError
from kaleun.core.messages import N_, Msg, command_word

REPORT_KINDS = ("convoy", "contact", "weather", "position")
#: the reports as the Enigma order says what it sends ("send {report}": translated as its object)
REPORT_NAMES = {"convoy": N_("a convoy contact report"), "contact": N_("a contact report"),
                "weather": N_("a weather report"), "position": N_("a position report")}
MAX_MESSAGES = 3


@dataclass
class Message:
    """One signal from HQ."""

    id: str
    text: str
    sent_at: float
    kind: str = "order"  # order (planned in the mission), answer (to a report)
    values: dict[str, Any] = field(default_factory=dict)  # what fills the text's {placeholders}
    objective: str | None = None
    received_at: float | None = None
    decoded_at: float | None = None

    @property
    def state(self) -> str:
        if self.received_at is None:
            return "on_air"
        return "coded" if self.decoded_at is None else "decoded"

    def text_msg(self) -> Msg:
        return Msg(self.text, **self.values) if self.values else Msg.term(self.text)

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "text": self.text, "sent_at": self.sent_at, "kind": self.kind,
                "values": dict(self.values), "objective": self.objective, "received_at": self.received_at,
                "decoded_at": self.decoded_at}

    @classmethod
    def from_json(cls, d: Mapping[str, Any]) -> Message:
        return cls(id=str(d["id"]), text=str(d["text"]), sent_at=float(d["sent_at"]), kind=str(d["kind"]),
                   values=dict(d["values"]), objective=d["objective"],
                   received_at=None if d["received_at"] is None else float(d["received_at"]),
                   decoded_at=None if d["decoded_at"] is None else float(d["decoded_at"]))


def parse_enigma(args: Args) -> dict[str, Any]:
    """The Enigma order's fields, checked for form (CommandError)."""
    raw = args.any("decode", None)
    if raw is None:
        decode = None
    else:
        decode = [raw] if isinstance(raw, str) else raw
        if (not isinstance(decode, list) or not decode or not all(isinstance(m, str) for m in decode)
                or len(set(decode)) != len(decode)):
            raise CommandError(Msg("{command}: {decode} must be a signal id like \"m2\" or a list of different ids, "
                                   "got {value}", command=command_word(args.name), decode=command_word("decode"),
                                   value=_shown(raw)))
    report = args.str("report", default=None, choices=REPORT_KINDS)
    contact = args.str("contact", default=None)
    if contact is not None and report not in ("convoy", "contact"):
        raise CommandError(Msg("{command}: {contact} goes with a convoy or contact report",
                               command=command_word(args.name), contact=command_word("contact")))
    given = args.int("messages", default=None, lo=1, hi=MAX_MESSAGES) if args.has("messages") else None
    sending = 1 if report is not None else 0
    if decode is not None:
        count = len(decode) + sending
        if given is not None and given != count:
            raise CommandError(Msg("{command}: {messages} = {given}, but the order handles {count}",
                                   command=command_word(args.name), messages=command_word("messages"), given=given,
                                   count=count))
    elif report is not None:
        count = given if given is not None else 1
        if count != 1:
            raise CommandError(Msg("{command}: {messages} = {given}: a report alone is one message",
                                   command=command_word(args.name), messages=command_word("messages"), given=given))
    else:
        count = given if given is not None else 1
    if count > MAX_MESSAGES:
        raise CommandError(Msg("{command}: an Enigma order handles 1 to {most} messages, this one {count}",
                               command=command_word(args.name), most=MAX_MESSAGES, count=count))
    return {"decode": decode, "report": report, "contact": contact, "messages": count}


def _shown(raw: Any) -> str:
    """A refused `decode` value as it was typed: ids joined as the console takes them ("m1,m1"), else as given."""
    if isinstance(raw, list) and all(isinstance(m, str) for m in raw):
        return ",".join(raw) if raw else "[]"
    return json.dumps(raw, ensure_ascii=False) if not isinstance(raw, str) else raw


def describe_enigma(params: Mapping[str, Any]) -> Msg:
    parts: list[Msg] = []
    n_decode = params["messages"] - (1 if params["report"] else 0)
    if params["decode"]:
        parts.append(Msg("decode {ids}", ids=", ".join(params["decode"])))
    elif n_decode > 0:
        parts.append(Msg.plural("decode the oldest coded signal", "decode the {n} oldest coded signals", n=n_decode))
    if params["report"]:
        parts.append(Msg("send {report}", report=Msg.term(REPORT_NAMES[params["report"]])))
    if len(parts) == 2:
        return Msg("Enigma: {a} and {b}", a=parts[0], b=parts[1])
    return Msg("Enigma: {a}", a=parts[0])
