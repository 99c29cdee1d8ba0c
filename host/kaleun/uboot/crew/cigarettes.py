"""Cigarettes: smoke breaks on deck and bridge (rulebook §6.13).

Each player (role) starts with 2. A role with a sailor of its own in 7 or 8 may spend one: up to
4 sailors in 7 and 8, anyone's, each discard one activation chip (only those). One smoke break
per watch, in which several cigarettes may be spent; one chip per sailor per break. Not an order.
A break in which nobody could discard a chip is refused: it would waste the cigarette and the
watch's break.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from kaleun.core.messages import Msg, and_list
from kaleun.uboot.crew.roster import ROLES, role_of
from kaleun.uboot.crew.sailors import RULES
from kaleun.uboot.figures import figure_term

if TYPE_CHECKING:
    from kaleun.uboot.crew.module import Crew

CIGARETTES: Mapping[str, Any] = RULES["cigarettes"]
PER_CIGARETTE: int = int(CIGARETTES["sailors_per_cigarette"])
SMOKING_SECTIONS: tuple[int, ...] = tuple(CIGARETTES["sections"])


class Cigarettes:
    def __init__(self, crew: Crew) -> None:
        self.crew = crew
        self.left: dict[str, int] = dict.fromkeys(ROLES, int(CIGARETTES["per_role"]))
        self.smoked = False  # a break was taken in this watch

    def outside(self) -> list[str]:
        return [m.figure for s in SMOKING_SECTIONS for m in self.crew.members(s)]

    def plan(self, roles: Sequence[str], sailors: Sequence[str] | None) -> Msg | list[str]:
        """Why the break cannot be taken, or the sailors who discard a chip in it."""
        crew = self.crew
        if self.smoked:
            return Msg("the crew has already had its smoke break this watch")
        outside = self.outside()
        for role in roles:
            if self.left[role] <= 0:
                return Msg("the {role} has no cigarette left", role=Msg.term(role))
            if not any(role_of(f) == role for f in outside):
                return Msg("the {role} has no sailor of his own on deck or bridge", role=Msg.term(role))
        limit = PER_CIGARETTE * len(roles)
        with_chip = [f for f in outside if crew.sailor(f).count("A")]
        if sailors is None:
            chosen = sorted(with_chip, key=lambda f: -len(crew.sailor(f).chips))[:limit]
            return chosen or Msg("nobody on deck or bridge has an activation chip to discard")
        if not sailors:
            return Msg("name at least one sailor who discards an activation chip")
        if len(sailors) > limit:
            return Msg.plural("{n} cigarette relax at most {limit} sailors",
                              "{n} cigarettes relax at most {limit} sailors", n=len(roles), limit=limit)
        for f in sailors:
            if f not in outside:
                return Msg("{figure} is not on deck or bridge", figure=figure_term(f))
            if f not in with_chip:
                return Msg("{figure} has no activation chip to discard", figure=figure_term(f))
        return list(sailors)

    def smoke(self, roles: Sequence[str], chosen: Sequence[str]) -> None:
        crew = self.crew
        for role in roles:
            self.left[role] -= 1
        for f in chosen:
            crew.sailor(f).drop("A")
        self.smoked = True
        where = {crew.pos[f] for f in chosen}
        names = and_list([figure_term(f) for f in chosen])
        n = len(chosen)
        if where == {7}:
            feed = Msg.plural("Smoke break on deck: {names} discards an activation chip.",
                              "Smoke break on deck: {names} discard an activation chip.", n=n, names=names)
        elif where == {8}:
            feed = Msg.plural("Smoke break on the bridge: {names} discards an activation chip.",
                              "Smoke break on the bridge: {names} discard an activation chip.", n=n, names=names)
        else:
            feed = Msg.plural("Smoke break on deck and bridge: {names} discards an activation chip.",
                              "Smoke break on deck and bridge: {names} discard an activation chip.", n=n, names=names)
        crew.emit("smoke_break", feed=feed,
                  roles=list(roles), sailors=list(chosen), left=dict(self.left))

    def to_state(self) -> dict[str, Any]:
        return {"left": dict(self.left), "smoked": self.smoked}

    def load_state(self, state: Mapping[str, Any]) -> None:
        self.left = {r: int(state["left"][r]) for r in ROLES}
        self.smoked = bool(state["smoked"])
