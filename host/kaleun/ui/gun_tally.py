"""The guns' hits of the patrol, each gun on its own: the 88 mm gun's rounds at ships and the flak's bursts at
aircraft are different shots and are never added up (a line "8 of 20" at ships beside "1 of 1" at an aircraft, not
"9 of 21"). The window's attack screen and the console's `weapons` view both tell it from here. Pure: reads the
weapons' status, changes nothing."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from kaleun.core.messages import Msg


def gun_hits(guns: Mapping[str, Mapping[str, Any]]) -> list[Msg]:
    """Each gun's hits of its shots so far, for the guns that have fired (the 88 mm gun first): its rounds for the
    88 mm gun, its bursts for the flak."""
    out: list[Msg] = []
    for gun in ("gun_88", "gun_20"):
        g = guns.get(gun) or {}
        shots, hits = int(g.get("shots", 0)), int(g.get("hits", 0))
        if not shots:
            continue
        out.append(Msg.plural("88 mm: {hits} of {n} shot hit", "88 mm: {hits} of {n} shots hit", n=shots, hits=hits)
                   if gun == "gun_88" else
                   Msg.plural("20 mm: {hits} of {n} burst hit", "20 mm: {hits} of {n} bursts hit", n=shots,
                              hits=hits))
    return out


def gun_hits_line(guns: Mapping[str, Mapping[str, Any]]) -> Msg | None:
    """The guns' hits on one line ("88 mm: 8 of 20 shots hit · 20 mm: 1 of 1 burst hit"); None before a gun has
    fired."""
    parts = gun_hits(guns)
    if not parts:
        return None
    line = parts[0]
    for part in parts[1:]:
        line = Msg("{first} · {second}", first=line, second=part)
    return line
