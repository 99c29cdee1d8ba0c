"""The order desk: every order goes through here (rulebook 6.5).

An order is checked by the module that carries it out (its *effect*), then by every
registered *validator* (the crew engine: sailors in place, command bar), and only then
carried out. A refused order is an `order_rejected` event with the reason, never an error.
Orders with no effect on the simulated world (address crew, Enigma without a radio model
yet) are still validated and accepted: the crew's bookkeeping holds for every order.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from kaleun.core.args import Args
from kaleun.core.engine import Handler, Module
from kaleun.core.errors import CommandError
from kaleun.core.events import RESERVED_FIELDS
from kaleun.core.shape import Obj
from kaleun.uboot import data

#: reads the order's fields from Args and returns its parameters (raise CommandError if malformed)
Parse = Callable[[Args], dict[str, Any]]
#: returns a reason why the order cannot be carried out now, or None
Check = Callable[[dict[str, Any]], str | None]
Execute = Callable[[dict[str, Any]], None]


@dataclass(frozen=True)
class Effect:
    parse: Parse
    check: Check
    execute: Execute
    describe: Callable[[dict[str, Any]], str]


@dataclass(frozen=True)
class Order:
    order: str
    params: dict[str, Any]
    source: str


#: a validator returns a rejection reason or None; `commit` is called once the order is accepted
#: (its result is added to `order_accepted`); `after` once the order has been carried out;
#: `parse` reads the order fields the validator itself owns (e.g. which sailors go on lookout)
class Validator:
    def parse(self, order: str, args: Args) -> dict[str, Any]:  # pragma: no cover - interface
        return {}

    def validate(self, order: Order) -> str | None:  # pragma: no cover - interface
        return None

    def commit(self, order: Order) -> dict[str, Any]:  # pragma: no cover - interface
        return {}

    def after(self, order: Order) -> None:  # pragma: no cover - interface
        return None


ORDER_NAMES: Mapping[str, str] = data.load("orders")["orders"]
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

    def add_validator(self, validator: Validator) -> None:
        self._validators.append(validator)

    def commands(self) -> Mapping[str, Handler]:
        return {"order": self._order}

    def give(self, order: str, fields: Mapping[str, Any] | None = None, via: str = "crew") -> None:
        """Give an order from inside the game (e.g. the crew paying a mobilize for an unsettled move),
        exactly as the `order` command would. Raises CommandError for malformed fields."""
        self._order(Args({"do": "order", "order": order, "via": via, **(fields or {})}))

    def _order(self, args: Args) -> None:
        order_id = args.str("order", choices=ORDER_NAMES)
        source = args.str("via", default="script")
        effect = self._effects.get(order_id)
        own: dict[str, Any] = {}
        for validator in self._validators:
            parse = getattr(validator, "parse", None)
            if parse is not None:
                own.update(parse(order_id, args))
        params = {**(effect.parse(args) if effect else self._free_fields(args)), **own}
        args.finish()
        order = Order(order_id, params, source)
        reason = effect.check(params) if effect else None
        for validator in self._validators:
            if reason is not None:
                break
            reason = validator.validate(order)
        if reason is not None:
            self._reject(order, reason)
            return
        extra: dict[str, Any] = {}
        for validator in self._validators:
            extra.update(validator.commit(order))
        what = effect.describe(params) if effect else ORDER_NAMES[order_id].lower()
        self.emit("order_accepted", feed=f"Order: {what}.", order=order_id, via=source, **params, **extra)
        if effect is not None:
            effect.execute(params)
        for validator in self._validators:
            after = getattr(validator, "after", None)
            if after is not None:
                after(order)

    @staticmethod
    def _free_fields(args: Args) -> dict[str, Any]:
        """Fields of an order no module simulates yet: kept as given and echoed in its events."""
        params = args.rest()
        taken = sorted(RESERVED_FIELDS.union(ORDER_EVENT_FIELDS).intersection(params))
        if taken:
            raise CommandError(f"'order': field(s) {', '.join(repr(k) for k in taken)} cannot be order fields")
        return params

    def _reject(self, order: Order, reason: str) -> None:
        self.emit("order_rejected", feed=f"{ORDER_NAMES[order.order]} refused: {reason}.",
                  order=order.order, via=order.source, reason=reason, **order.params)
