"""Helpers for the weapons tests: a boat with a target set up exactly, events as JSON."""

from __future__ import annotations

import os
from collections.abc import Iterable
from typing import Any

from kaleun.core.engine import Engine
from kaleun.uboot.game import new_game
from kaleun.uboot.sea.geo import M_PER_NM
from kit import advance, do, named, one, order  # noqa: F401 (the helpers of every kit)

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")


def range_game(seed: int = 0, start: str = "1942-06-20T12:00:00", vessels: Iterable[dict[str, Any]] = (),
               flooded: Iterable[int] = (1, 2, 3, 4, 5), **changes: Any) -> Engine:
    """A boat at periscope depth, stopped, heading north, tubes flooded, the crew rules only advising
    (these tests are about the weapons), and the given ships around it (bearing, range_m, course,
    speed_kn, class) — placed exactly where they say at t = 0."""
    ships = []
    for spec in vessels:
        spec = dict(spec)
        spec["range_nm"] = spec.pop("range_m") / M_PER_NM
        ships.append(spec)
    setup: dict[str, Any] = {"surfaced": False, "course": 0, "start": start, "tubes_flooded": list(flooded),
                             "vessel": ships, "crew_rules": "advise", "wear": False, "weather": "clear",
                             "weather_hold": True, **changes}
    g = new_game(seed, "training", setup)
    g.take_events()
    return g


def post_lookout(g: Engine, figure: str = "navigator-square") -> None:
    """A lookout on the bridge (§8.3): the sailor mobilized to section 8 and the observation order given;
    surfaced, the TDC is reached only from the lookouts' view (§8.4)."""
    order(g, "mobilize")
    do(g, {"do": "place", "figure": figure, "section": 8})
    one(order(g, "observe"), "observation")


def ships_reported(g: Engine, count: int = 1, step: float = 30.0) -> list[str]:
    """Two lookouts on the bridge (§8.3) watching until they have reported `count` ships (or 40 steps of `step`
    seconds have passed): the ids of the ships in the crew's picture."""
    order(g, "mobilize")
    for figure in ("navigator-square", "navigator-triangle"):
        do(g, {"do": "place", "figure": figure, "section": 8})
    order(g, "observe")
    ships: list[str] = []
    for _ in range(40):
        ships = [c["id"] for c in g.module("sea").picture.active() if c["kind"] == "ship"]
        if len(ships) >= count:
            break
        g.advance_to(g.t + step)
    return ships


def refused(events: list[dict[str, Any]]) -> str:
    return str(one(events, "order_rejected")["reason"])


def weapons(g: Engine) -> Any:
    return g.module("weapons")


def tube(g: Engine, number: int) -> dict[str, Any]:
    return next(t for t in weapons(g).status()["tubes"] if t["tube"] == number)
