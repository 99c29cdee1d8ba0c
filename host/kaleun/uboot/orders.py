"""The order desk: every order goes through here (rulebook 6.5).

The desk's contract, for every order:

1. Its fields are read and checked for form (`Effect.parse`, `Validator.parse`,
   `Validator.prepare`): a malformed order is a `CommandError` and changes nothing.
2. What *giving* an order does happens now, whatever the outcome (`Validator.given`: an open
   mobilization ends, §6.4).
3. The checks — whether any order can be given at all (`Validator.closed`: "the mission is over"),
   then the order's own effect ("the telegraph already stands at stop"), then every validator (the
   crew engine: sailors in place, the bars) — change nothing. The first reason
   refuses the order: an `order_rejected` event with that reason, never an error (and what the
   effect and the validators add to it, `Effect.refused`, `Validator.refused`: the view a weapon
   order lacked, the crew's `missing` when its sailors are short).
4. An accepted order is paid (`Validator.commit`), carried out (`Effect.execute`) and told
   (`Validator.after`).

So a refusal leaves the game exactly as giving the order leaves it, whichever check refused.
Orders with no effect on the simulated world (Enigma without a radio model yet) are still
validated and accepted: the crew's bookkeeping holds for every order.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from kaleun.core.args import MAX_VIA, Args
from kaleun.core.engine import Handler, Module
from kaleun.core.errors import CommandError
from kaleun.core.events import RESERVED_FIELDS
from kaleun.core.messages import N_, Msg
from kaleun.core.shape import Obj
from kaleun.uboot import data

#: reads the order's fields from Args and returns its parameters (raise CommandError if malformed)
Parse = Callable[[Args], dict[str, Any]]
#: a reason read aloud: a sentence (Msg) or plain text
Reason = Msg | str
#: returns a reason why the order cannot be carried out now, or None
Check = Callable[[dict[str, Any]], Reason | None]
Execute = Callable[[dict[str, Any]], None]


@dataclass(frozen=True)
class Effect:
    parse: Parse
    check: Check
    execute: Execute
    describe: Callable[[dict[str, Any]], Msg | str]
    #: fields the order's `order_rejected` event adds for the reason its own check gave (e.g. the view a weapon
    #: order lacked); None: none. Changes nothing.
    refused: Callable[[dict[str, Any], Reason], dict[str, Any]] | None = None
    #: every reason the order's own check refuses it for now, the first being `check`'s (the order assistant names
    #: them all at once: "tube 1 is not flooded" and "gyro angle 95° is beyond the limit"); None: `check`'s alone.
    #: Changes nothing.
    reasons: Callable[[dict[str, Any]], Sequence[Reason]] | None = None


@dataclass(frozen=True)
class Order:
    order: str
    params: dict[str, Any]
    source: str


class Validator:
    """Checks every order besides its effect (the crew engine). See the desk's contract above."""

    def parse(self, order: str, args: Args) -> dict[str, Any]:  # pragma: no cover - interface
        """The order fields the validator itself owns (e.g. which sailors go on lookout)."""
        return {}

    def prepare(self, order: Order) -> None:  # pragma: no cover - interface
        """Check the order's fields for form; raise CommandError. Changes nothing."""
        return None

    def given(self, order: Order) -> None:  # pragma: no cover - interface
        """What giving the order does, refused or not (an open mobilization ends)."""
        return None

    def closed(self, order: Order) -> Reason | None:  # pragma: no cover - interface
        """Why no order can be carried out at all now (the mission is over), or None: checked before the order's
        own check, so a crew hears that reason, not a lesser one ("the telegraph already stands at stop"). Changes
        nothing."""
        return None

    def validate(self, order: Order) -> Reason | None:  # pragma: no cover - interface
        """Why the order is refused, or None. Changes nothing."""
        return None

    def preview(self, order: Order) -> dict[str, Any]:  # pragma: no cover - interface
        """What the validator would do with the order just checked (e.g. who executes it). Changes nothing."""
        return {}

    def refused(self, order: Order, reason: Reason) -> dict[str, Any]:  # pragma: no cover - interface
        """Fields the validator adds to the `order_rejected` event of an order refused for `reason` (the
        crew engine: `missing`, when the reason is its own, sailors short at their stations). Changes nothing."""
        return {}

    def commit(self, order: Order) -> dict[str, Any]:  # pragma: no cover - interface
        return {}

    def after(self, order: Order) -> None:  # pragma: no cover - interface
        return None


ORDER_NAMES: Mapping[str, str] = data.load("orders")["orders"]
#: how "Order: ..." names an order no module carries out (lower case, as the feed says it)
PLAIN_NAMES: Mapping[str, str] = {"enigma": N_("enigma")}
#: fields the desk puts into order events itself
ORDER_EVENT_FIELDS = ("order", "via", "reason")


class OrderDesk(Module):
    name = "orders"
    state_shape = Obj()  # the desk keeps no state of its own

    def __init__(self) -> None:
        self._effects: dict[str, Effect] = {}
        self._validators: list[Validator] = []

    def register(self, order: str, effect: Effect) -> None:
        if order not in ORDER_NAMES:
            raise ValueError(f"unknown order id {order!r}")
        self._effects[order] = effect

    def effect(self, order: str) -> Effect | None:
        """The world effect registered for an order (None: it has none). The game's own manoeuvres (the
        passage home) use it to act without a crew order."""
        return self._effects.get(order)

    def add_validator(self, validator: Validator) -> None:
        self._validators.append(validator)

    def commands(self) -> Mapping[str, Handler]:
        return {"order": self._order}

    def give(self, order: str, fields: Mapping[str, Any] | None = None, via: str = "crew") -> None:
        """Give an order from inside the game (e.g. the crew paying a mobilize for an unsettled move),
        exactly as the `order` command would. Raises CommandError for malformed fields."""
        self._order(Args({"do": "order", "order": order, "via": via, **(fields or {})}))

    def _read(self, args: Args) -> Order:
        """The order's fields read and checked for form (CommandError). Changes nothing."""
        order_id = args.str("order", choices=ORDER_NAMES)
        source = args.str("via", default="script", most=MAX_VIA)
        effect = self._effects.get(order_id)
        own: dict[str, Any] = {}
        for validator in self._validators:
            own.update(validator.parse(order_id, args))
        params = {**(effect.parse(args) if effect else self._free_fields(args)), **own}
        args.finish()
        order = Order(order_id, params, source)
        for validator in self._validators:
            validator.prepare(order)
        return order

    def _check(self, order: Order) -> Reason | None:
        """Why the order is refused, or None: no order at all (the mission is over), then its effect's check, then
        every validator's. Changes nothing."""
        closed = self._closed(order)
        if closed is not None:
            return closed
        effect = self._effects.get(order.order)
        reason = effect.check(order.params) if effect else None
        return reason if reason is not None else self._validate(order)

    def _closed(self, order: Order) -> Reason | None:
        """The first validator's reason why no order can be carried out now, or None. Changes nothing."""
        return next((r for validator in self._validators if (r := validator.closed(order)) is not None), None)

    def _validate(self, order: Order) -> Reason | None:
        """The first validator's reason to refuse the order, or None. Changes nothing."""
        return next((r for validator in self._validators if (r := validator.validate(order)) is not None), None)

    def preview(self, fields: Mapping[str, Any]) -> dict[str, Any]:
        """What giving an order would do, without giving it (the console's order assistant): whether it
        would be accepted, and either who would carry it out (the validators' `preview`) or exactly why
        not; when the order's own check refuses it, `also` holds what else that check (`Effect.reasons`) and
        the validators would refuse it for as well (its crew short at their stations: once the first reason is
        put right, the next would refuse it). Raises CommandError for malformed fields. Changes nothing in the game."""
        order = self._read(Args({"do": "order", **fields}))
        effect = self._effects.get(order.order)
        closed = self._closed(order)
        if closed is not None:  # no order at all: nothing else to put right
            return {"order": order.order, "params": order.params, "accepted": False, "reason": closed, "also": []}
        own = effect.check(order.params) if effect else None
        reason = own if own is not None else self._validate(order)
        also: list[Reason] = []
        if own is not None:
            # refused by the order's own check: what else its own check refuses it for (a tube not flooded and a
            # gyro angle beyond the limit) and what the validators would refuse it for as well (its crew short
            # at their stations) are named too, so the First Officer sees everything missing at once
            more = effect.reasons(order.params) if effect is not None and effect.reasons is not None else []
            also = [*more, *(r for validator in self._validators if (r := validator.validate(order)) is not None)]
        out: dict[str, Any] = {"order": order.order, "params": order.params, "accepted": reason is None,
                               "reason": reason, "also": also}
        for validator in self._validators:
            said = validator.preview(order)
            out.update(said, also=[*out["also"], *said.get("also", [])])
        out["also"] = _said_once(out["also"], reason)
        return out

    def _order(self, args: Args) -> None:
        order = self._read(args)
        order_id, params, source = order.order, order.params, order.source
        effect = self._effects.get(order_id)
        # from here on the order has been given: what that does happens whatever the checks say
        for validator in self._validators:
            validator.given(order)
        reason = self._check(order)
        if reason is not None:
            self._reject(order, reason)
            return
        extra: dict[str, Any] = {}
        for validator in self._validators:
            extra.update(validator.commit(order))
        what = effect.describe(params) if effect else Msg.term(PLAIN_NAMES.get(order_id, ORDER_NAMES[order_id]))
        self.emit("order_accepted", feed=Msg("Order: {what}.", what=what), order=order_id, via=source, **params,
                  **extra)
        if effect is not None:
            effect.execute(params)
        for validator in self._validators:
            validator.after(order)

    @staticmethod
    def _free_fields(args: Args) -> dict[str, Any]:
        """Fields of an order no module simulates yet: kept as given and echoed in its events."""
        params = args.rest()
        taken = sorted(RESERVED_FIELDS.union(ORDER_EVENT_FIELDS).intersection(params))
        if taken:
            raise CommandError(Msg("{command}: field(s) {fields} cannot be order fields", command=args.name,
                                   fields=", ".join(repr(k) for k in taken)))
        return params

    def _reject(self, order: Order, reason: Reason) -> None:
        effect = self._effects.get(order.order)
        extra: dict[str, Any] = effect.refused(order.params, reason) if effect and effect.refused else {}
        for validator in self._validators:
            extra.update(validator.refused(order, reason))
        self.emit("order_rejected", feed=Msg("{order} refused: {reason}.", order=order_term(order.order),
                                             reason=reason),
                  order=order.order, via=order.source, reason=reason, **extra, **order.params)


def _said_once(reasons: Sequence[Reason], first: Reason | None) -> list[Reason]:
    """The further reasons a preview names, each once and none the same as the reason that refuses the order (a
    check and a validator finding the same thing, a reason two checks give alike)."""
    out: list[Reason] = []
    said = {str(first)} if first is not None else set()
    for reason in reasons:
        if str(reason) not in said:
            said.add(str(reason))
            out.append(reason)
    return out


def order_term(order: str) -> Msg:
    """An order's name as players read it ("New speed"), in the table's language."""
    return Msg.term(ORDER_NAMES[order])
