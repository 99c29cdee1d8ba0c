"""Who may know of each event: the one place that declares it (digest §9: hidden per team).

Every event of the game is either **public** — what is said aloud across the table: courses,
surfacing sectors, torpedo and detonation cells, blast results, drone and sonar answers — or
belongs to **one team** (`Event.audience` = the team): its position, route, silent runs, mines,
gauges, engineer board, repairs, refusals of its commands and its own status.

Public events list the fields they may carry; the referee refuses to emit a public event with
any other field, and a private event always names its team as the audience. A team's view is
`[e for e in events if visible_to(e, team)]` (`kaleun.core.events.visible_to`).
"""

from __future__ import annotations

from collections.abc import Iterable

from kaleun.core.events import Event, visible_to

#: public events and the only fields each may carry
PUBLIC: dict[str, frozenset[str]] = {k: frozenset(v) for k, v in {
    "game_created": ("scenario", "mode", "map", "columns", "rows", "sectors", "seed", "crews", "about"),
    "team_ready": ("team",),
    "dive_stations": ("mode", "first"),
    "turn": ("team", "extra"),
    "course": ("team", "direction"),
    "stop": ("team", "by"),
    "go": ("team", "by"),
    "torpedo": ("team", "cell", "by"),
    "mine_laid": ("team",),
    "mine_detonated": ("team", "cell"),
    "blast": ("team", "weapon", "cell", "hits"),
    "drone": ("team", "by", "sector", "answer"),
    "sonar": ("team", "by"),
    "sonar_answer": ("team", "row", "column", "sector"),
    "silence": ("team",),
    "silence_done": ("team",),
    "archer_mine": ("team", "cell"),
    "archer_mine_kept": ("cell",),
    "scenario_system": ("team", "system"),
    "surfaced": ("team", "sector"),
    "dived": ("team",),
    "damage": ("team", "amount", "cause"),
    "game_over": ("winner", "loser", "reason"),
}.items()}

#: events only the named team may know of (its hidden state and what it was told privately)
PRIVATE: frozenset[str] = frozenset({
    "start_cell", "moved", "marked", "crossed", "circuit_repaired", "breakdown", "breakdowns_cleared",
    "mine_placed", "mine_destroyed", "mine_kept", "route_cleared", "stuck", "ice_damage", "hull", "repair_needed",
    "repair_section", "ready_to_dive", "refused", "status", "plot",
})


def is_public(name: str) -> bool:
    return name in PUBLIC


def view(events: Iterable[Event], team: str | None) -> list[Event]:
    """What `team` may see of `events` (None: everything, the referee's log)."""
    return [e for e in events if visible_to(e, team)]
