"""Order requirements as data (order_requirements.toml): who executes an order, and where.

`groups()` turns an order and its parameters into the groups of sailors it needs, for the
boat's current state. Orders whose requirement depends on the game (repairs, first aid,
lookouts) get their groups from the crew engine, which knows the problem being repaired,
the patients and the bridge.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from kaleun.core.args import whole, wholes
from kaleun.core.errors import CommandError
from kaleun.core.messages import Msg, and_list, or_list
from kaleun.uboot import data
from kaleun.uboot.crew.roster import SYMBOL_NAMES
from kaleun.uboot.orders import ORDER_NAMES

REQUIREMENTS = data.load("order_requirements")
ORDERS: Mapping[str, Mapping[str, Any]] = REQUIREMENTS["orders"]
TUBE_ROOMS: Mapping[int, int] = {int(k): int(v) for k, v in REQUIREMENTS["tubes"].items() if k != "default"}
DEFAULT_TUBES: list[int] = list(REQUIREMENTS["tubes"]["default"])
#: orders with their own staffing rules, handled by the crew engine
DYNAMIC_KINDS = ("repair", "first_aid", "lookouts")


@dataclass(slots=True)
class Group:
    """Sailors in one section who execute (part of) an order.

    needs:  symbol -> how many of it the group must carry together
    chip:   the chip an activation puts on a sailor ("A"; "O" observation, "T" technical repair)
    repeat: one sailor activated this many times (Enigma, first aid, prepare meal)
    spread: this many activations shared among the sailors (fire torpedoes)
    lookouts: (least, most) sailors activated with observation chips
    figures: the sailors named by the order (then exactly these): lookouts, or the medic of first aid
    """

    section: int
    needs: dict[str, int]
    chip: str = "A"
    repeat: int = 0
    spread: int = 0
    lookouts: tuple[int, int] | None = None
    when: str = ""
    figures: tuple[str, ...] = ()  # lookouts, a medic: exactly these sailors

    def describe(self) -> Msg:
        """What the group needs, as a rejection says it: "2 sailors with the helm symbol"."""
        from kaleun.uboot.figures import figure_term

        if self.lookouts is not None:
            if self.figures:
                return Msg("lookouts {figures}", figures=and_list([figure_term(f) for f in self.figures]))
            least, most = self.lookouts
            if least == most:
                return Msg.plural("{n} lookout", "{n} lookouts", n=least)
            return Msg.plural("at least {n} lookout", "at least {n} lookouts", n=least)
        if len(self.needs) > 1:
            symbols = and_list([Msg("{n} {symbol}", n=n, symbol=Msg.term(SYMBOL_NAMES[s]))
                                 for s, n in self.needs.items()])
            return Msg("sailors with {symbols} symbols", symbols=symbols)
        symbol, n = next(iter(self.needs.items()))
        name = Msg.term(SYMBOL_NAMES[symbol])
        if self.spread:
            return Msg.plural("{n} activation of a sailor with the {symbol} symbol",
                              "{n} activations of sailors with the {symbol} symbol", n=self.spread, symbol=name)
        if self.repeat and self.figures:  # the medic the order names
            return Msg.plural("{who} ({n} activation)", "{who} ({n} activations)", n=self.repeat,
                              who=and_list([figure_term(f) for f in self.figures]))
        if self.repeat:
            n = 1
        who = Msg.plural("{n} sailor with the {symbol} symbol", "{n} sailors with the {symbol} symbol", n=n,
                         symbol=name)
        if self.repeat > 1:
            return Msg.plural("{who} ({n} activation)", "{who} ({n} activations)", n=self.repeat, who=who)
        return who

    def missing(self, found: Msg | str) -> Msg:
        """What a rejection says of a group nobody can staff: the need, where, and who stands there."""
        if self.when == " while surfaced":
            return Msg("{need} needed in section {section} while surfaced; found {found}", need=self.describe(),
                       section=self.section, found=found)
        if self.when == " while submerged":
            return Msg("{need} needed in section {section} while submerged; found {found}", need=self.describe(),
                       section=self.section, found=found)
        return Msg("{need} needed in section {section}; found {found}", need=self.describe(), section=self.section,
                   found=found)


@dataclass(slots=True)
class Need:
    """All the groups of one order (empty for mobilize)."""

    groups: list[Group] = field(default_factory=list)
    rooms: tuple[int, ...] = ()


def _groups_from(rows: Sequence[Mapping[str, Any]], when: str) -> list[Group]:
    out = []
    for row in rows:
        needs = {k: int(v) for k, v in row.items() if k != "section"}
        out.append(Group(int(row["section"]), needs, when=when))
    return out


def tubes_of(params: Mapping[str, Any], single: bool) -> list[int]:
    """The tube numbers an order names (`tubes` list or `tube` number); CommandError if malformed."""
    if "tubes" in params:
        given = params["tubes"]
    elif "tube" in params:
        given = [params["tube"]]
    else:
        return list(DEFAULT_TUBES)
    if whole(given) is not None:
        given = [given]
    tubes = wholes(given)  # 1 or 1.0
    if not tubes or any(t not in TUBE_ROOMS for t in tubes):
        raise CommandError(Msg("tubes must be a list of tube numbers {first}-{last}, got {value}",
                               first=min(TUBE_ROOMS), last=max(TUBE_ROOMS), value=repr(given)))
    if len(set(tubes)) != len(tubes):
        raise CommandError(Msg("a tube is named twice in {value}", value=repr(tubes)))
    if single and len(tubes) != 1:
        raise CommandError(Msg("one torpedo is reloaded per order, got tubes {value}", value=repr(tubes)))
    return tubes


def static_need(order: str, params: Mapping[str, Any], surfaced: bool) -> Need:
    """The groups of an order that depends only on its parameters and the boat's state.
    Raises CommandError for malformed parameters."""
    spec = ORDERS.get(order)
    if spec is None:
        return Need()
    kind = spec.get("kind")
    if kind == "mobilize" or kind in DYNAMIC_KINDS:
        return Need()
    if kind == "tubes":
        rooms: dict[int, int] = {}
        if "room" in params and "tube" not in params and "tubes" not in params:
            # a torpedo brought in from the deck containers: the hands of the room whose hatch takes it
            room = whole(params["room"])
            if room is None or room not in set(TUBE_ROOMS.values()):
                raise CommandError(Msg("room must be a torpedo room ({rooms}), got {value}", value=repr(params["room"]),
                                       rooms=or_list([str(r) for r in sorted(set(TUBE_ROOMS.values()))])))
            rooms[room] = 1
        for t in [] if rooms else tubes_of(params, bool(spec.get("single"))):
            rooms[TUBE_ROOMS[t]] = rooms.get(TUBE_ROOMS[t], 0) + 1
        symbol = spec["symbol"]
        groups = []
        for room, count in sorted(rooms.items()):
            if spec["per"] == "torpedo":
                groups.append(Group(room, {symbol: 1}, spread=count))
            elif spec["per"] == "reload":
                groups.append(Group(room, {symbol: int(spec["count"])}))
            else:
                groups.append(Group(room, {symbol: 1}))
        return Need(groups, tuple(sorted(rooms)))
    if kind == "repeat":
        key = spec["repeat_param"]
        given = params.get(key, 1)
        times = whole(given)
        if times is None or not 1 <= times <= 3:
            raise CommandError(Msg("{command}: {field} must be a whole number 1-3, got {value}", command=order,
                                   field=key, value=repr(given)))
        return Need([Group(int(spec["section"]), {spec["symbol"]: 1}, repeat=times)])
    if kind == "meal":
        extra = 1 if (params.get("swap") is not None or params.get("replace") is not None) else 0
        return Need([Group(int(spec["section"]), {spec["symbol"]: 1}, repeat=1 + extra)])
    if "needs" in spec:
        return Need(_groups_from(spec["needs"], ""))
    state = "surfaced" if surfaced else "submerged"
    return Need(_groups_from(spec.get(state, []), f" while {state}"))


def order_name(order: str) -> str:
    return ORDER_NAMES[order]


def _check() -> None:
    unknown = sorted(set(ORDERS) - set(ORDER_NAMES))
    missing = sorted(set(ORDER_NAMES) - set(ORDERS))
    if unknown or missing:
        raise ValueError(f"order_requirements.toml: unknown orders {unknown}, orders without requirements {missing}")
    for order, spec in ORDERS.items():
        symbols = [spec["symbol"]] if "symbol" in spec else []
        for key in ("needs", "surfaced", "submerged"):
            for row in spec.get(key, []):
                symbols += [k for k in row if k != "section"]
        bad = [s for s in symbols if s not in SYMBOL_NAMES]
        if bad:
            raise ValueError(f"order_requirements.toml: [{order}] unknown symbols {bad}")


_check()
