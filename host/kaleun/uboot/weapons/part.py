"""What every part of the `weapons` module (the torpedo stores, the fire control, the firing, the mine
laying, the guns) reaches through the module that owns it: the engine, the boat, the sea, the events."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from kaleun.core.events import Event
from kaleun.core.messages import Msg

if TYPE_CHECKING:
    from kaleun.core.engine import Engine
    from kaleun.uboot.weapons.module import Weapons


class WeaponsPart:
    """A part of the weapons module: its own state and orders; the module's engine, boat, sea and events."""

    def __init__(self, weapons: Weapons) -> None:
        self.w = weapons

    @property
    def engine(self) -> Engine:
        return self.w.engine

    @property
    def boat(self) -> Any:
        return self.w.boat

    @property
    def sea(self) -> Any:
        return self.w.sea

    def emit(self, name: str, /, feed: Msg | str | None = None, **data: Any) -> Event:
        return self.w.emit(name, feed=feed, **data)

    def tubes_refusal(self, tubes: list[int]) -> Msg | None:
        """Why nothing leaves these tubes now, whatever it is (torpedoes, mines): the boat is lost, or a
        tube's room is flooded. None: that much is fine."""
        if self.boat.lost:
            return Msg("the boat is lost")
        return self.w.stores.in_flooded_room(tubes)

    def besides_view(self, order: str, refusals: Iterable[Msg]) -> list[Msg]:
        """Every reason a weapon order (`tdc`, `fire_torpedoes`, `gun_88`, `gun_20`) is refused for now, for the
        order assistant to name at once (`Effect.reasons`; the desk's preview says each once): the view the order
        lacks is left out, as the assistant's view warning names it already (`order_warnings`). Changes nothing."""
        view = self.w.view_refusal(order)
        return [reason for reason in refusals if reason != view]
