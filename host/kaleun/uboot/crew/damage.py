"""Crew damage: drawing crew chips from the bag (rulebook §6.12, §7.6, §8.8).

For every sailor exposed, the Captain draws one crew chip per hazard chip of that type from the
bag of 16 (one chip per figure); each drawn chip that matches an exposed sailor injures him with
a card from the hazard's injury deck. The cards are physical: the controller names the deck and
the sailor, the First Officer enters what the card says with the `ailment` command.
[gap] the chips are drawn without putting them back, so one hazard injures a sailor at most once.
A draw clears the undo history (§6.14): undoing the action that caused it and doing it again
would draw again.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from kaleun.core.messages import Msg, and_list, join
from kaleun.uboot.crew.roster import FIGURES

if TYPE_CHECKING:
    from kaleun.uboot.crew.module import Crew


def crew_damage(crew: Crew, where: Sequence[int], exposed: Sequence[str], chips: int, deck: str,
                hazard: Msg | str, cause: str) -> list[str]:
    """Draw for `exposed` figures (their on-duty sailors). Returns the injured figures."""
    if not exposed:
        return []
    draws = min(len(FIGURES), len(exposed) * chips)
    drawn = crew.rng.sample(list(FIGURES), draws)
    crew.undo.clear()  # a draw from the bag is never taken back: undo and redo would draw again
    exposed_set = set(exposed)
    injured = [f for f in drawn if f in exposed_set]
    from kaleun.uboot.crew.health import deck_term

    place = and_list([str(s) for s in where])
    if len(where) > 1:
        what = Msg.plural("Crew damage in sections {place} ({hazard}): {n} chip drawn",
                          "Crew damage in sections {place} ({hazard}): {n} chips drawn", n=draws, place=place,
                          hazard=hazard)
    else:
        what = Msg.plural("Crew damage in section {place} ({hazard}): {n} chip drawn",
                          "Crew damage in section {place} ({hazard}): {n} chips drawn", n=draws, place=place,
                          hazard=hazard)
    if injured:
        names = join([crew.label(f) for f in injured])
        feed = Msg("{what}; injured: {names}. First Officer: draw a {deck} card for each and enter it.", what=what,
                   names=names, deck=deck_term(deck))
    else:
        feed = Msg("{what}; nobody is hurt.", what=what)
    injuries = [crew.health.injure(f, deck, cause) for f in injured]
    crew.emit("crew_damage", feed=feed, sections=list(where), hazard=hazard, deck=deck, cause=cause,
              exposed=list(exposed), draws=draws, drawn=drawn, injured=injured, injuries=injuries)
    return injured
