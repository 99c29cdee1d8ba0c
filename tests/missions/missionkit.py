"""Helpers for the missions' tests: games of a mission, commands and events as JSON objects."""

from __future__ import annotations

from typing import Any

from kaleun.core.engine import Engine
from kaleun.uboot.game import new_game


def game(mission: str = "prize_rules_1939", seed: int = 0, changes: dict[str, Any] | None = None,
         rules: str = "advise") -> Engine:
    """A game of the mission with the crew rules advising (orders go ahead) and no random wear."""
    g = new_game(seed, mission, changes)
    g.take_events()
    g.apply({"do": "crew_options", "rules": rules, "wear": False})
    return g


def start(mission: str = "prize_rules_1939", seed: int = 0, changes: dict[str, Any] | None = None
          ) -> tuple[Engine, list[dict[str, Any]]]:
    g = new_game(seed, mission, changes)
    return g, [e.to_json() for e in g.take_events()]


def do(g: Engine, command: dict[str, Any] | None = None, **fields: Any) -> list[dict[str, Any]]:
    return [e.to_json() for e in g.apply(dict(command or {}, **fields))]


def order(g: Engine, name: str, **fields: Any) -> list[dict[str, Any]]:
    return do(g, {"do": "order", "order": name, **fields})


def advance(g: Engine, t: float) -> list[dict[str, Any]]:
    return [e.to_json() for e in g.advance_to(t)]


def named(events: list[dict[str, Any]], name: str) -> list[dict[str, Any]]:
    return [e for e in events if e["event"] == name]


def one(events: list[dict[str, Any]], name: str) -> dict[str, Any]:
    found = named(events, name)
    assert len(found) == 1, f"expected one {name}, got {[e['event'] for e in events]}"
    return found[0]


def until_event(g: Engine, name: str, limit: float, step: float = 600.0) -> list[dict[str, Any]]:
    """Advance until an event of that name comes (or `limit`); returns everything on the way."""
    out: list[dict[str, Any]] = []
    while g.t < limit:
        out += advance(g, min(limit, g.t + step))
        if named(out, name):
            break
    return out


def lookouts(g: Engine) -> None:
    """Two navigators on the bridge on observation duty."""
    order(g, "mobilize")
    for figure in ("navigator-square", "navigator-triangle"):
        do(g, {"do": "place", "figure": figure, "section": 8})
    do(g, {"do": "end_mobilize"})
    order(g, "observe")
