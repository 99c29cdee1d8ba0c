"""Choosing the sailors who execute an order and the chips each one takes (rulebook §6.5-6.7).

Preference order, per group: sailors carrying the most still-missing symbols, then those with
the fewest chips; then sailors without the symbol, who count as one symbol each for one extra
activation chip (they need two free slots). Busy sailors (lookouts, repair crews) execute
other orders in their own section but never a second long task. A light failure in a section
adds one more sailor there, activated with a single chip whatever his symbols (§10.3.5).
"""

from __future__ import annotations

from dataclasses import dataclass

from kaleun.core.messages import Msg, join, or_list
from kaleun.uboot.crew.requirements import Group
from kaleun.uboot.crew.roster import SYMBOL_NAMES, Face
from kaleun.uboot.crew.sailors import SailorState


@dataclass(slots=True)
class Member:
    """A living on-duty sailor standing in a section."""

    figure: str
    state: SailorState
    face: Face


@dataclass(slots=True)
class Pick:
    """One sailor executing an order and the chips it puts on his slots."""

    figure: str
    section: int
    chips: tuple[str, ...]
    specialist: bool
    activations: int = 1
    extra: bool = False  # the additional sailor of a light failure


def _unfit(m: Member, order: str, busy_ok: bool) -> Msg | None:
    if m.state.ailments and m.state.forbids(order):
        return Msg("an ailment forbids it")
    if not busy_ok and m.state.busy:
        if m.state.task and m.state.task["kind"] == "observation":
            return Msg("busy with observation")
        return Msg("busy with a repair")
    return None


def staff_group(order: str, group: Group, members: list[Member], taken: set[str]) -> tuple[list[Pick], int]:
    """Pick sailors for one group. Returns the picks and how many symbols/activations are missing."""
    busy_ok = group.chip == "A"
    pool = [m for m in members if m.figure not in taken and _unfit(m, order, busy_ok) is None]
    symbol = next(iter(group.needs)) if group.needs else ""
    if group.lookouts is not None:
        return _lookouts(group, pool)
    if group.repeat:
        return _repeat(group, pool, symbol)
    if group.spread:
        return _spread(group, pool, symbol)
    need = dict(group.needs)
    left = sum(need.values())
    picks: list[Pick] = []
    chosen: set[str] = set()
    chip = group.chip
    while left:
        best: Member | None = None
        best_key = (0, 0)
        for m in pool:
            if m.figure in chosen or m.state.free < 1:
                continue
            provides = 0
            for s in m.face.symbols:
                if need.get(s, 0) > 0:
                    provides += 1
            if not provides:
                continue
            key = (provides, -len(m.state.chips))
            if best is None or key > best_key:
                best, best_key = m, key
        if best is None:
            break
        for s in best.face.symbols:
            if need.get(s, 0) > 0:
                need[s] -= 1
                left -= 1
        chosen.add(best.figure)
        picks.append(Pick(best.figure, group.section, (chip,), True))
    if left:
        wild = sorted((m for m in pool if m.figure not in chosen and m.state.free >= 2),
                      key=lambda m: len(m.state.chips))
        for m in wild:
            if not left:
                break
            for s, n in need.items():
                if n > 0:
                    need[s] -= 1
                    break
            left -= 1
            picks.append(Pick(m.figure, group.section, (chip, "A"), False))
    return picks, left


def _lookouts(group: Group, pool: list[Member]) -> tuple[list[Pick], int]:
    """Lookouts (§9.3: the players choose how many). Named sailors: exactly those. Otherwise the
    observation specialists, and sailors without the symbol (two chips each) only while fewer than
    `least` specialists are on the bridge, up to `most`."""
    least, most = group.lookouts or (1, 6)
    symbol = next(iter(group.needs))
    if group.figures:
        picks = []
        for m in pool:
            if m.figure in group.figures:
                spec = symbol in m.face.symbols
                if m.state.free >= (1 if spec else 2):
                    picks.append(Pick(m.figure, group.section, ("O",) if spec else ("O", "A"), spec))
        return picks, len(group.figures) - len(picks)
    specs = sorted((m for m in pool if symbol in m.face.symbols and m.state.free >= 1),
                   key=lambda m: len(m.state.chips))
    picks = [Pick(m.figure, group.section, ("O",), True) for m in specs[:most]]
    if len(picks) < least:
        others = sorted((m for m in pool if symbol not in m.face.symbols and m.state.free >= 2),
                        key=lambda m: len(m.state.chips))
        for m in others[: max(0, most - len(picks))]:
            picks.append(Pick(m.figure, group.section, ("O", "A"), False))
    return picks, max(0, least - len(picks))


def _repeat(group: Group, pool: list[Member], symbol: str) -> tuple[list[Pick], int]:
    """One sailor activated `repeat` times: the one the order names (a medic chosen), else a specialist there with
    the fewest chips, else a sailor without the symbol (two chips an activation)."""
    times = group.repeat
    if group.figures:
        pool = [m for m in pool if m.figure in group.figures]
    for specialist, cost in ((True, times), (False, 2 * times)):
        fit = [m for m in pool if (symbol in m.face.symbols) == specialist and m.state.free >= cost]
        if fit:
            m = min(fit, key=lambda m: len(m.state.chips))
            return [Pick(m.figure, group.section, ("A",) * cost, specialist, activations=times)], 0
    return [], 1


def _spread(group: Group, pool: list[Member], symbol: str) -> tuple[list[Pick], int]:
    load: dict[str, int] = {}
    members = {m.figure: m for m in pool}
    left = group.spread
    while left:
        best: Member | None = None
        best_key = (0, 0)
        for m in pool:
            spec = symbol in m.face.symbols
            cost = 1 if spec else 2
            used = load.get(m.figure, 0) * cost
            if m.state.free - used < cost:
                continue
            key = (1 if spec else 0, -(len(m.state.chips) + used))
            if best is None or key > best_key:
                best, best_key = m, key
        if best is None:
            break
        load[best.figure] = load.get(best.figure, 0) + 1
        left -= 1
    picks = []
    for fig, times in load.items():
        spec = symbol in members[fig].face.symbols
        picks.append(Pick(fig, group.section, ("A",) * (times if spec else 2 * times), spec, activations=times))
    return picks, left


def extra_sailor(section: int, members: list[Member], taken: set[str], order: str) -> Pick | None:
    """The additional sailor a light failure demands: one chip whatever his symbols."""
    fit = [m for m in members if m.figure not in taken and m.state.free >= 1 and _unfit(m, order, True) is None]
    if not fit:
        return None
    m = min(fit, key=lambda m: len(m.state.chips))
    return Pick(m.figure, section, ("A",), False, extra=True)


def found(order: str, group: Group, members: list[Member], strangers: list[str]) -> Msg:
    """What stands in the group's section, for a rejection: 'officer-circle (no engines)'."""
    from kaleun.uboot.figures import figure_term

    busy_ok = group.chip == "A"
    cost = group.repeat or 1
    # the group's symbol names, worded once and shared by every sailor's description (a Msg is a value)
    terms = {s: Msg.term(SYMBOL_NAMES[s]) for s in group.needs}
    none: Msg | None = None
    parts: list[Msg | str] = []
    for m in members:
        have: list[Msg | str] = [t for s, t in terms.items() if s in m.face.symbols]
        if have:
            desc: list[Msg | str] = [join(have)]
        else:
            none = none or Msg("no {symbols}", symbols=or_list(list(terms.values())))
            desc = [none]
        unfit = _unfit(m, order, busy_ok)
        if unfit:
            desc.append(unfit)
        else:
            free = m.state.free
            needed = cost if have else 2 * cost
            if group.spread:  # a salvo shared out (§7.5.3): the slots each one has left say who fires how many
                desc.append(Msg("no free slot") if free == 0 else Msg.plural("{n} free slot", "{n} free slots", n=free))
            elif free < needed and free and cost > 1:  # several activations: say what they cost him (§6.5)
                desc.append(Msg.plural("{n} free slot, {needed} needed", "{n} free slots, {needed} needed", n=free,
                                       needed=needed))
            elif free < needed:
                desc.append(Msg("no free slot") if free == 0 else Msg.plural("{n} free slot", "{n} free slots", n=free))
        parts.append(Msg("{figure} ({details})", figure=figure_term(m.figure), details=join(desc)))
    parts += [Msg("{figure} (moved here without Mobilize)", figure=figure_term(f)) for f in strangers]
    return join(parts) if parts else Msg("nobody")
