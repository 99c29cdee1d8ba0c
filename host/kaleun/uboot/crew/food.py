"""Food: the provision pyramid, meals, spoilage and the daily meal call (rulebook §9.4).

The controller keeps the pyramid of available ingredients (places 1-6, top to bottom, left to
right), the face-down supply and the discard pile. `prepare_meal` takes 1-3 touching chips
(plus one lemon while the pyramid holds one; a lemon is never an ingredient), optionally after
swapping two chips or replacing one from the supply (one more activation), then refills the
pyramid. An empty supply at refill spoils one food type (meat first) everywhere and reshuffles
the discards. Once a day the meal call counts the ingredients eaten and changes morale; a while
before it (`MEAL_REMINDER_S`), on a day nothing is cooked yet, the feed says so once (`meal_reminder`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from kaleun.core.args import whole, wholes
from kaleun.core.errors import CommandError
from kaleun.core.messages import Msg, and_list
from kaleun.uboot import data

if TYPE_CHECKING:
    from kaleun.uboot.crew.module import Crew

FOOD = data.load("provisions")
CHIPS: Mapping[str, int] = FOOD["chips"]
NAMES: Mapping[str, str] = FOOD["names"]
LEMON: str = FOOD["lemon"]
SPOIL_ORDER: tuple[str, ...] = tuple(FOOD["spoil_order"])
SIZE: int = int(FOOD["pyramid_size"])
ADJACENT: frozenset[frozenset[int]] = frozenset(frozenset(p) for p in FOOD["adjacent"])
MEAL_MORALE: Mapping[int, int] = {int(k): int(v) for k, v in FOOD["meal_morale"].items()}
MAX_INGREDIENTS = max(MEAL_MORALE)
DISHES: Mapping[str, str] = FOOD["dishes"]
MEAL_HOUR: int = int(FOOD["meal_call_hour"])
#: how long before the meal call the feed reminds a crew that has cooked nothing yet (game seconds)
MEAL_REMINDER_S: float = 60.0 * float(FOOD["meal_reminder_minutes"])


def morale_effect(change: int) -> Msg:
    """A meal's change of morale as the feed says it."""
    return Msg("morale unchanged") if change == 0 else Msg("morale {change:+d}", change=change)


def dish_name(ingredients: Sequence[str]) -> Msg:
    """A meal as the feed names it: a dish ("stew"), its ingredients ("bread and onion"), or "nothing"."""

    key = "+".join(sorted(ingredients))
    if key in DISHES:
        return Msg.term(DISHES[key])
    if not ingredients:
        return Msg("nothing")
    return and_list([Msg.term(NAMES[i]) for i in ingredients])


def food_term(kind: str | None) -> Msg:
    """A food chip as players read it ("canned fish"), "nothing" for an empty place."""
    return Msg.term(NAMES[kind]) if kind is not None and kind in NAMES else Msg("nothing")


def touching(a: int, b: int) -> bool:
    return frozenset((a, b)) in ADJACENT


def positions(value: Any, what: str, lo: int = 1, hi: int = 3) -> list[int]:
    if whole(value) is not None:
        value = [value]
    places = wholes(value)  # 3 or 3.0
    if places is None or not lo <= len(places) <= hi or any(not 1 <= p <= SIZE for p in places):
        if lo == hi:  # a lemon, a replace: one place; a swap: two ("1-1 places" reads as a range)
            raise CommandError(Msg.plural("{command}: {field} must be {n} pyramid place of 1-{size}, got {value}",
                                          "{command}: {field} must be {n} pyramid places of 1-{size}, got {value}",
                                          n=lo, command="prepare_meal", field=what, size=SIZE, value=repr(value)))
        raise CommandError(Msg("{command}: {field} must be {lo}-{hi} pyramid places 1-{size}, got {value}",
                               command="prepare_meal", field=what, lo=lo, hi=hi, size=SIZE, value=repr(value)))
    if len(set(places)) != len(places):
        raise CommandError(Msg("{command}: {field} names a place twice: {value}", command="prepare_meal", field=what,
                               value=repr(value)))
    return places


class Food:
    def __init__(self, crew: Crew) -> None:
        self.crew = crew
        self.pyramid: list[str | None] = [None] * SIZE
        self.supply: list[str] = []
        self.discard: list[str] = []
        self.tray: list[str] = []   # today's meal (lemons included)
        self.spoiled: list[str] = []
        self.pending = False        # a swap/replace was made, the chips are still to be taken
        self.next_call: float | None = None
        self.reminded = False       # the reminder before the next meal call was given (or not needed)

    def setup(self) -> None:
        self.supply = [kind for kind, n in CHIPS.items() for _ in range(int(n))]
        self.crew.rng.shuffle(self.supply)
        self._refill(announce=False)

    # -- checks (before the order is paid) ---------------------------------------------------------
    def problem(self, take: list[int] | None, swap: list[int] | None, replace: int | None,
                lemon: int | None) -> Msg | None:
        if len(self.spoiled) == len(SPOIL_ORDER):
            return Msg("all the food has spoiled")
        if self.pending and (swap is not None or replace is not None):
            return Msg("a swap or replacement was already made for this meal: choose its chips and cook it")
        pyramid = list(self.pyramid)
        for p in (swap or []) + ([replace] if replace else []):
            if pyramid[p - 1] is None:
                return Msg("pyramid place {place} is empty", place=p)
        if swap is not None:
            a, b = swap
            pyramid[a - 1], pyramid[b - 1] = pyramid[b - 1], pyramid[a - 1]
        if take is None or replace is not None:
            return None
        return self._take_problem(pyramid, take, lemon)

    def _take_problem(self, pyramid: list[str | None], take: list[int], lemon: int | None) -> Msg | None:
        for p in take:
            if pyramid[p - 1] is None:
                return Msg("pyramid place {place} is empty", place=p)
            if pyramid[p - 1] == LEMON:
                return Msg("place {place} holds a lemon, which is never an ingredient", place=p)
        if len(take) == 2 and not touching(*take):
            a, b = take
            return Msg("places {a} and {b} do not touch: a meal is a chain of touching chips", a=a, b=b)
        lonely = [p for p in take if len(take) > 1 and not any(touching(p, q) for q in take if q != p)]
        if lonely:
            return Msg("place {place} touches neither of the other places: a meal is a chain of touching chips",
                       place=lonely[0])
        if lemon is not None and pyramid[lemon - 1] != LEMON:
            return Msg("place {place} holds no lemon", place=lemon)
        return None

    # -- the order --------------------------------------------------------------------------------
    def prepare(self, take: list[int] | None, swap: list[int] | None, replace: int | None,
                lemon: int | None) -> None:
        crew = self.crew
        if swap is not None:
            a, b = swap
            self.pyramid[a - 1], self.pyramid[b - 1] = self.pyramid[b - 1], self.pyramid[a - 1]
            crew.emit("provisions_swapped", places=list(swap), pyramid=list(self.pyramid))
        if replace is not None:
            old = self.pyramid[replace - 1]
            self.discard.append(old)  # type: ignore[arg-type]
            self.pyramid[replace - 1] = None
            self._refill()
            crew.emit("provisions_replaced", feed=Msg("The cook replaces the {old} at place {place} with {new}.",
                                                      old=food_term(old), place=replace,
                                                      new=food_term(self.pyramid[replace - 1])), place=replace,
                      old=old, new=self.pyramid[replace - 1], pyramid=list(self.pyramid))
        if take is None or replace is not None:
            self.pending = True
            crew.emit("meal_waiting", feed=Msg("Navigator: choose the chips for the meal, then cook it."),
                      pyramid=list(self.pyramid))
            return
        self._take(take, lemon)

    def cook_problem(self, take: list[int], lemon: int | None) -> Msg | None:
        if not self.pending:
            return Msg("no meal is being prepared: give the order to prepare a meal first")
        return self._take_problem(self.pyramid, take, lemon)

    def cook(self, take: list[int], lemon: int | None) -> None:
        """Finish a meal whose chips were swapped or replaced first (checked by `cook_problem`)."""
        self._take(take, lemon)

    def _take(self, take: list[int], lemon: int | None) -> None:
        crew = self.crew
        self.pending = False
        ingredients = [self.pyramid[p - 1] for p in take]
        for p in take:
            self.pyramid[p - 1] = None
        lemons = [i for i, k in enumerate(self.pyramid) if k == LEMON]
        took_lemon = None
        if lemons:
            place = lemon - 1 if lemon is not None else lemons[0]
            self.pyramid[place] = None
            took_lemon = place + 1
            self.tray.append(LEMON)
        self.tray.extend(i for i in ingredients if i is not None)
        name = dish_name([i for i in ingredients if i is not None])
        crew.emit("meal_prepared", feed=Msg("Meal ready: {dish} with a lemon.", dish=name) if took_lemon
                  else Msg("Meal ready: {dish}.", dish=name),
                  ingredients=ingredients, lemon=took_lemon, dish=name, places=list(take))
        self._refill()

    def _refill(self, announce: bool = True) -> None:
        """Fill the pyramid's gaps from the supply. An empty supply spoils one food type per refill
        (§9.4.3); if its discards make no new supply either, the gaps stay until the next refill."""
        spoiled = False
        while None in self.pyramid:
            if not self.supply:
                if spoiled or not self._spoil():
                    break
                spoiled = True
                continue
            self.pyramid[self.pyramid.index(None)] = self.supply.pop()
        if announce:
            self.crew.emit("pyramid", pyramid=list(self.pyramid), supply=len(self.supply))

    def _spoil(self) -> bool:
        """The supply is empty: the next food type spoils and the discards become the supply (§9.4.3)."""
        left = [k for k in SPOIL_ORDER if k not in self.spoiled]
        if not left:
            return False
        kind = left[0]
        self.spoiled.append(kind)
        removed = sum(1 for k in self.pyramid if k == kind) + sum(1 for k in self.discard if k == kind)
        self.pyramid = [None if k == kind else k for k in self.pyramid]
        self.discard = [k for k in self.discard if k != kind]
        self.supply, self.discard = self.discard, []
        self.crew.rng.shuffle(self.supply)
        self.crew.undo.clear()  # a shuffle is never taken back: undo and redo would shuffle again
        count = len(self.supply)
        thrown = Msg.plural("{n} chip thrown away", "{n} chips thrown away", n=removed)
        supply = (Msg.plural("the discards make a new supply of {n} chip",
                             "the discards make a new supply of {n} chips", n=count) if count
                  else Msg("no discards are left for a new supply"))
        self.crew.emit("food_spoiled", feed=Msg("The {food} has spoiled ({thrown}); {supply}.", food=food_term(kind),
                                                thrown=thrown, supply=supply), food=kind,
                       removed=removed, supply=left)
        return True

    # -- the daily meal call ------------------------------------------------------------------------
    def meal_so_far(self) -> tuple[list[str], int]:
        """What the next meal call finds: the ingredients cooked since the last one (the lemon is no
        ingredient) and the change of morale they bring (§9.4.2)."""
        eaten = [k for k in self.tray if k != LEMON]
        return eaten, MEAL_MORALE[min(MAX_INGREDIENTS, len(eaten))]

    def next_reminder(self) -> float | None:
        """When the reminder before the next meal call is due, or None once it was given."""
        return None if self.reminded or self.next_call is None else self.next_call - MEAL_REMINDER_S

    def remind(self, now: float) -> None:
        """The reminder's time has come: once before each meal call, said only while nothing is cooked and a
        meal can still be prepared (§9.4.2: no meal costs morale)."""
        due = self.next_reminder()
        if due is None or due > now:
            return
        self.reminded = True
        eaten, change = self.meal_so_far()
        if eaten or len(self.spoiled) == len(SPOIL_ORDER):
            return
        self.crew.emit("meal_reminder",
                       feed=Msg("Meal call at {hour}:00 and nothing is cooked yet: prepare a meal, or the crew "
                                "eats nothing ({effect}).", hour=MEAL_HOUR, effect=morale_effect(change)),
                       hour=MEAL_HOUR, morale=change)

    def meal_call(self) -> None:
        crew = self.crew
        self.reminded = False
        eaten, change = self.meal_so_far()
        count = min(MAX_INGREDIENTS, len(eaten))
        self.discard.extend(self.tray)
        self.tray = []
        what = (Msg.plural("{dish} ({n} ingredient)", "{dish} ({n} ingredients)", n=len(eaten), dish=dish_name(eaten))
                if eaten else Msg("nothing"))
        effect = morale_effect(change)
        crew.emit("meal_eaten", feed=Msg("Meal call: the crew ate {what}: {effect}.", what=what, effect=effect),
                  ingredients=eaten, count=count, morale=change)
        if change:
            crew.change_morale(change, Msg("meal") if eaten else Msg("no meal today"))

    # -- state -------------------------------------------------------------------------------------
    def status(self) -> dict[str, Any]:
        """The food as the screens show it; `cooked` and `meal_morale`: what the next meal call finds."""
        eaten, change = self.meal_so_far()
        return {"pyramid": list(self.pyramid), "supply": len(self.supply), "tray": list(self.tray),
                "spoiled": list(self.spoiled), "waiting": self.pending, "cooked": len(eaten), "meal_morale": change}

    def to_state(self) -> dict[str, Any]:
        return {"pyramid": list(self.pyramid), "supply": list(self.supply), "discard": list(self.discard),
                "tray": list(self.tray), "spoiled": list(self.spoiled), "pending": self.pending,
                "next_call": self.next_call, "reminded": self.reminded}

    def load_state(self, state: Mapping[str, Any]) -> None:
        pyramid = list(state["pyramid"])
        if len(pyramid) != SIZE:
            raise ValueError(f"the pyramid has {len(pyramid)} places, not {SIZE}")
        self.pyramid = pyramid
        self.supply = list(state["supply"])
        self.discard = list(state["discard"])
        self.tray = list(state["tray"])
        self.spoiled = list(state["spoiled"])
        self.pending = bool(state["pending"])
        self.next_call = None if state["next_call"] is None else float(state["next_call"])
        # kept since the meal reminder: an older save reminds when the time comes
        self.reminded = bool(state.get("reminded", False))
