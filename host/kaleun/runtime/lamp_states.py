"""The game's lasting states that the lamps show, read from the modules' public status.

`read_states(game)` returns one `Fact` per state that holds now: a fire in section 5 is
`Fact("fire", {"section": 5})`, a hull breach carries the game time it floods at. The lamp
director reads them again after events (and every second), never writes anything: the game
does not know its lamps. `STATES` names every state a scene in `lamp_scenes.toml` may use and
the fields its segments may take; a new state is a reader here plus its scene there.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

from kaleun.core.engine import Engine
from kaleun.uboot.crew.hazards import CONDITIONS
from kaleun.uboot.crew.sections import HULL
from kaleun.uboot.weapons.module import TUBE_STATES  # each shown as the state "tube_<state>"

log = logging.getLogger(__name__)


#: state -> the fields a scene's segments may use ("{section}", "{tube}")
STATES: dict[str, tuple[str, ...]] = {
    "lights": ("section",),          # a hull section's lighting, surfaced
    "night_lights": ("section",),    # the same, submerged (red night lighting)
    **{condition: ("section",) for condition in CONDITIONS},  # fire, electrical_fault, toxic_gas, leak, light_failure
    "flooded": ("section",),
    "hull_breach": ("section",),     # its look may hurry with the game seconds left (`left_s`)
    "battle_stations": (),           # escorts hunt the boat
    "exhausted": (),                 # the crew is exhausted
    **{f"tube_{state}": ("tube", "room") for state in TUBE_STATES},
}


def field_values() -> dict[str, tuple[int, ...]]:
    """The values a state's field can take: a board that lights some of them but not all (seven
    of the eight sections, say) leaves a fire in the missing one dark (`kaleun board check`)."""
    from kaleun.uboot.weapons.arsenal import tubes

    return {"section": HULL, "tube": tuple(sorted(tubes()))}


@dataclass(frozen=True)
class Fact:
    """A state that holds now. `deadline` (game seconds) is when a countdown ends."""

    state: str
    fields: Mapping[str, Any] = field(default_factory=dict)
    deadline: float | None = None


def _boat(game: Engine) -> Iterator[Fact]:
    if not game.has_module("boat"):
        return
    state = "lights" if game.module("boat").surfaced else "night_lights"
    for section in HULL:
        yield Fact(state, {"section": section})


def _crew(game: Engine) -> Iterator[Fact]:
    if not game.has_module("crew"):
        return
    status = game.module("crew").status()
    for chip in status["conditions"]:
        yield Fact(chip["condition"], {"section": chip["section"]})
    for section in status["flooded"]:
        yield Fact("flooded", {"section": section})
    for section, breach in status["breaches"].items():
        yield Fact("hull_breach", {"section": int(section)}, deadline=float(breach["deadline"]))
    if status["bars"]["exhausted"]:
        yield Fact("exhausted")


def _sea(game: Engine) -> Iterator[Fact]:
    """Battle stations while any escort hunts the boat (its mode: transit to a datum, search,
    attack, run, open, chase)."""
    if not game.has_module("sea"):
        return
    from kaleun.uboot.sea.escorts import HUNTING

    vessels = game.module("sea").vessels.values()
    if any(v.is_escort and v.ai.get("mode") in HUNTING for v in vessels):
        yield Fact("battle_stations")


def _weapons(game: Engine) -> Iterator[Fact]:
    """The torpedo tubes: `weapons.status()["tubes"]`, one {tube, room, state} per tube."""
    if not game.has_module("weapons"):
        return
    status = game.module("weapons").status() or {}
    for tube in status.get("tubes", []):
        state = tube.get("state")
        if state in TUBE_STATES:
            yield Fact(f"tube_{state}", {"tube": tube["tube"], "room": tube.get("room")})
        else:
            log.debug("tube %s: state %r has no lamp", tube.get("tube"), state)


#: every reader of lasting states, in no particular order (priorities decide what shows)
READERS: tuple[Callable[[Engine], Iterator[Fact]], ...] = (_boat, _crew, _sea, _weapons)


def read_states(game: Engine) -> list[Fact]:
    return [fact for reader in READERS for fact in reader(game)]
