"""The table's dials, declared once in `dials.toml`: what each dial is and what it feeds.

The board loader, the adapters (simulated, gpiozero, deck hub), the table, the hub options and
the wiring generator all read `DIALS`; none of them names a dial of its own.
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from kaleun.core.args import MAX_VIA
from kaleun.core.messages import Msg

DECLARATION = Path(__file__).with_name("dials.toml")
KINDS = ("positions", "ring")
HOMES = ("saved", "switch", "index", "calibrate")
#: homing a board may pick for a simulated ring: the screen always knows where it stands
HOME_KNOWN = "none"
#: most detents one `turn` may move a positions dial (the hand stops at its end stops anyway; our choice)
MOST_DETENTS = 100


@dataclass(frozen=True)
class DialDecl:
    """One dial of the table, as `dials.toml` declares it."""

    name: str
    label: str
    kind: str
    #: positions: the position names; a ring has none
    positions: tuple[str, ...]
    #: steps of the reading: a positions dial has one per position, a ring `steps` per revolution
    steps: int
    home: tuple[str, ...]
    command: Mapping[str, Any]
    field: str
    group: str
    follows: str | None = None
    reference: str | None = None
    #: (ring) how a maker sees it make one whole turn (the bring-up's words: where it points, on what)
    whole_turn: str | None = None

    @property
    def is_ring(self) -> bool:
        return self.kind == "ring"

    @property
    def most_turn(self) -> int:
        """Most steps one `turn` may move the dial either way: a ring one revolution (every reading is
        within half of one, the short way round), a positions dial MOST_DETENTS."""
        return self.steps if self.is_ring else MOST_DETENTS

    def wrap(self, step: int) -> int:
        """Where a dial turned to `step` stands: a ring wraps round, a positions dial stops at its ends."""
        return step % self.steps if self.is_ring else max(0, min(self.steps - 1, step))

    def degrees(self, step: int) -> int:
        """A ring's step as whole degrees 0-359."""
        return (step * 360 // self.steps) % 360

    def step_of(self, value: str | int) -> int:
        """The step of a reading: a position name, or whole degrees of a ring, 0-360 (360 reads as 000,
        as a sailor writes north); anything else is refused with the range."""
        if self.is_ring:
            if isinstance(value, bool) or not isinstance(value, int):
                raise ValueError(Msg("{dial} reads whole degrees, got {got}", dial=self.name, got=repr(value)))
            if not 0 <= value <= 360:
                raise ValueError(Msg("{dial} reads whole degrees from 0 to 360 (360 is 000), got {got}",
                                     dial=self.name, got=value))
            return round((value % 360) * self.steps / 360) % self.steps
        if value not in self.positions:
            raise ValueError(Msg("{dial} position {got} is not one of: {positions}", dial=self.name, got=repr(value),
                                 positions=", ".join(self.positions)))
        return self.positions.index(str(value))

    def value(self, step: int) -> str | int:
        """What the dial reads at `step` (own angle for a ring, before any reference)."""
        return self.degrees(step) if self.is_ring else self.positions[step]


class DeclarationError(ValueError):
    """dials.toml is broken (a problem for whoever edited it, named with the dial)."""


def _check(name: str, entry: Mapping[str, Any], names: list[str]) -> DialDecl:
    def need(key: str, kind: type | tuple[type, ...]) -> Any:
        value = entry.get(key)
        if not isinstance(value, kind) or isinstance(value, bool):
            raise DeclarationError(f"{DECLARATION.name}: [{name}] needs '{key}' ({kind})")
        return value

    known = {"label", "kind", "positions", "steps", "whole_turn", "home", "follows", "reference", "command", "field",
             "group"}
    unknown = sorted(set(entry) - known)
    if unknown:
        raise DeclarationError(f"{DECLARATION.name}: [{name}] has unknown keys {unknown}")
    kind = need("kind", str)
    if kind not in KINDS:
        raise DeclarationError(f"{DECLARATION.name}: [{name}] kind {kind!r} is not one of {KINDS}")
    positions: tuple[str, ...] = ()
    whole_turn: str | None = None
    if kind == "positions":
        positions = tuple(need("positions", list))
        if len(positions) < 2 or not all(isinstance(p, str) for p in positions):
            raise DeclarationError(f"{DECLARATION.name}: [{name}] needs two or more position names")
        steps = len(positions)
        if "whole_turn" in entry:
            raise DeclarationError(f"{DECLARATION.name}: [{name}] whole_turn is for a ring: a dial with positions "
                                   "turns from one end stop to the other")
    else:
        steps = need("steps", int)
        if not 4 <= steps <= 3600:
            raise DeclarationError(f"{DECLARATION.name}: [{name}] steps {steps} is not from 4 to 3600")
        whole_turn = need("whole_turn", str).strip()
        if not whole_turn:
            raise DeclarationError(f"{DECLARATION.name}: [{name}] whole_turn is empty: say how a maker sees it "
                                   "make one whole turn")
    home = tuple(need("home", list))
    if not home or not set(home) <= set(HOMES):
        raise DeclarationError(f"{DECLARATION.name}: [{name}] home {list(home)} must be some of {HOMES}")
    group = need("group", str)
    if not group or len(group) > MAX_VIA:  # the group's command names it as its `via`
        raise DeclarationError(f"{DECLARATION.name}: [{name}] group {group!r} must be a name of 1 to {MAX_VIA} "
                               "characters: the group's command names it as who gave it (its via)")
    reference = entry.get("reference")
    if reference is not None and (kind != "ring" or reference not in names or reference == name):
        raise DeclarationError(f"{DECLARATION.name}: [{name}] reference {reference!r} must be another ring")
    return DialDecl(name=name, label=need("label", str), kind=kind, positions=positions, steps=steps, home=home,
                    command=dict(need("command", dict)), field=need("field", str), group=group,
                    follows=entry.get("follows"), reference=reference, whole_turn=whole_turn)


def load_declaration(path: Path = DECLARATION) -> dict[str, DialDecl]:
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    names = list(data)
    dials = {name: _check(name, entry, names) for name, entry in data.items()}
    for dial in dials.values():
        if dial.reference is not None and not dials[dial.reference].is_ring:
            raise DeclarationError(f"{path.name}: [{dial.name}] reference must be a ring")
    return dials


#: every dial, in declaration order (read it where it is needed: a test may add one)
DIALS: dict[str, DialDecl] = load_declaration()
DIAL_NAMES: tuple[str, ...] = tuple(DIALS)  # as declared in the file


def position_name(position: str) -> Msg:
    """What the crew calls a dial's position: its id read with spaces (`stern_heavy`: "stern heavy"), a term of
    the catalogues (`kaleun.catalogue` extracts every declared position so), as the telegraph's positions are
    named in uboot/data/boat.toml."""
    return Msg.term(position.replace("_", " "))


def groups() -> dict[str, list[DialDecl]]:
    """Dials by the command group they feed, in declaration order."""
    out: dict[str, list[DialDecl]] = {}
    for dial in DIALS.values():
        out.setdefault(dial.group, []).append(dial)
    return out
