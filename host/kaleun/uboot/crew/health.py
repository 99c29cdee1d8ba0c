"""Ailments, injuries, death and first aid (rulebook §6.9, §6.10, §8.6, §8.8).

Ailment cards stay physical: the First Officer enters what a card shows (`ailment` command):
red-cross (wound) chips first, then exhaustion, then activation; room is made by discarding
activation chips, a busy chip only when none is left (which ends that task). Activation chips or
exhaustion that still do not fit are ignored; a wound always counts ([gap] with every slot taken
by ailment chips it turns an exhaustion chip to its red-cross side). The second red cross kills.
First aid puts the card's medical supplies on it; a treated ailment sheds one of its chips at each
watch change and is discarded with its supplies when no chip is left.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from kaleun.core.messages import N_, Msg, join
from kaleun.uboot import data
from kaleun.uboot.crew.sailors import SailorState
from kaleun.uboot.orders import ORDER_NAMES

if TYPE_CHECKING:
    from kaleun.uboot.crew.module import Crew

HEALTH = data.load("health")
LETHAL_WOUNDS: int = int(HEALTH["lethal_wounds"])
DECKS: Mapping[str, str] = HEALTH["injury_decks"]
SUPPLIES: Mapping[str, int] = HEALTH["supplies"]
SUPPLY_NAMES: Mapping[str, str] = HEALTH["supply_names"]


#: the decks of ailment cards that are not injury decks
OTHER_DECKS: Mapping[str, str] = {"event": N_("event"), "morale": N_("morale")}


def complaint(deck: str | None) -> str:
    """What a sailor suffers from, by the deck of his card: "burns", or "ailment" for event/morale cards."""
    return DECKS.get(deck or "", "ailment")


def complaint_term(deck: str | None) -> Msg:
    """`complaint` as players read it."""
    return Msg.term(DECKS[deck]) if deck is not None and deck in DECKS else Msg("ailment")


def deck_term(deck: str) -> Msg:
    """A deck of ailment cards as players read it ("burns", "event")."""
    return Msg.term(DECKS.get(deck) or OTHER_DECKS.get(deck, deck))


def describe_chips(wounds: int, exhaustion: int, activation: int) -> Msg:
    parts: list[Msg | str] = []
    if wounds:
        parts.append(Msg.plural("{n} red cross", "{n} red crosses", n=wounds))
    if exhaustion:
        parts.append(Msg.plural("{n} exhaustion chip", "{n} exhaustion chips", n=exhaustion))
    if activation:
        parts.append(Msg.plural("{n} activation chip", "{n} activation chips", n=activation))
    return join(parts) if parts else Msg("no chips")


def _supplies(cards: Iterable[Mapping[str, Any]]) -> dict[str, int]:
    """How many of each medical supply the health cards `cards` list together."""
    total: dict[str, int] = {}
    for card in cards:
        for s in card["supplies"]:
            total[s] = total.get(s, 0) + 1
    return total


class Health:
    def __init__(self, crew: Crew) -> None:
        self.crew = crew
        self.stock: dict[str, int] = {k: int(v) for k, v in SUPPLIES.items()}
        self.discarded: dict[str, int] = dict.fromkeys(SUPPLIES, 0)
        self.kits = 0
        self.next_id = 1
        self.injuries: list[dict[str, Any]] = []  # injuries waiting for their card

    # -- injuries -------------------------------------------------------------------------------------
    def injure(self, figure: str, deck: str, cause: str) -> dict[str, Any]:
        injury = {"id": self.next_id, "sailor": self.crew.sid(figure), "figure": figure, "deck": deck, "cause": cause}
        self.next_id += 1
        self.injuries.append(injury)
        return injury

    def injury(self, injury_id: int) -> dict[str, Any] | None:
        return next((i for i in self.injuries if i["id"] == injury_id), None)

    def forget_injuries(self, sailor: str) -> None:
        """A dead sailor's injuries wait for no card: card effects never apply to the dead (§6.10, §7.6)."""
        self.injuries = [i for i in self.injuries if i["sailor"] != sailor]

    # -- ailments -------------------------------------------------------------------------------------
    def add(self, figure: str, row: int, deck: str | None, wounds: int, exhaustion: int, activation: int,
            forbid: Sequence[str], supplies: Sequence[str], note: str, injury: dict[str, Any] | None) -> None:
        crew = self.crew
        state = crew.sailor(figure, row)
        label = crew.label(figure, row)
        if injury is not None:
            self.injuries.remove(injury)
        aid = self.next_id
        self.next_id += 1
        ailment = {"id": aid, "deck": deck, "forbid": list(forbid), "supplies": list(supplies),
                   "treated": False, "note": note}
        state.ailments.append(ailment)
        placed = {"W": 0, "E": 0, "A": 0}
        stopped = None
        killed = False
        for code, count in (("W", wounds), ("E", exhaustion), ("A", activation)):
            for _ in range(count):
                if state.free == 0 and code != "A" and not state.drop("A") and state.busy:
                    stopped = state.task
                    crew.stop_task(figure, Msg("an ailment took his slot"), discard=True, row=row)
                if state.free == 0:
                    if code == "W" and _turn_exhaustion(state, aid):
                        placed["W"] += 1
                    else:
                        continue
                else:
                    state.chips.append("A" if code == "A" else f"{code}{aid}")
                    placed[code] += 1
                if code == "W" and state.wounds >= LETHAL_WOUNDS:
                    killed = True
                    break
            if killed:
                break
        what = describe_chips(placed["W"], placed["E"], placed["A"])
        if forbid:
            orders = join([Msg.term(ORDER_NAMES[o]) for o in forbid])
            feed = (Msg("{sailor}: {deck} card, {chips}; he may not execute: {orders}.", sailor=label,
                        deck=deck_term(deck), chips=what, orders=orders) if deck
                    else Msg("{sailor}: ailment, {chips}; he may not execute: {orders}.", sailor=label, chips=what,
                             orders=orders))
        else:
            feed = (Msg("{sailor}: {deck} card, {chips}.", sailor=label, deck=deck_term(deck), chips=what) if deck
                    else Msg("{sailor}: ailment, {chips}.", sailor=label, chips=what))
        crew.emit("ailment", feed=feed, sailor=crew.sid(figure, row),
                  figure=figure, id=aid, deck=deck, chips=dict(placed), forbid=list(forbid),
                  supplies=list(supplies), note=note, task_stopped=stopped is not None,
                  injury=None if injury is None else injury["id"])
        if killed:
            crew.kill(figure, row, Msg("second red cross ({deck})", deck=deck_term(deck) if deck else Msg("ailment")))
        crew.after_crew_change()

    def bury(self, state: SailorState) -> None:
        """A sailor died (§6.10: "no longer part of the game"): the medical supplies on his treated ailment cards
        are discarded, so a refill kit puts those back (§8.6); his cards and chips stay on his tile with him. The
        rulebook does not say what becomes of them [gap]; our choice, `health.toml` `dead_supplies_discarded`."""
        if not HEALTH["dead_supplies_discarded"]:
            return
        for ailment in state.ailments:
            if ailment["treated"]:
                for s in ailment["supplies"]:
                    self.discarded[s] = self.discarded.get(s, 0) + 1
                ailment["supplies"] = []

    def dead_problem(self, figure: str, row: int) -> Msg | None:
        """Why no card can be entered for this sailor (he is dead), or None."""
        if self.crew.sailor(figure, row).dead:
            return Msg("{sailor} is dead: card effects never apply to the dead (§7.6)",
                       sailor=self.crew.label(figure, row))
        return None

    def drop_injury(self, injury: dict[str, Any]) -> None:
        """An injury whose card can never be entered (its sailor died) stops waiting."""
        if injury in self.injuries:
            self.injuries.remove(injury)

    def find(self, figure: str, row: int, ailment_id: int | None) -> dict[str, Any] | None:
        """The ailment `ailment_id` of the sailor (his last one if None), or None."""
        ailments = [a for a in self.crew.sailor(figure, row).ailments if ailment_id is None or a["id"] == ailment_id]
        return ailments[-1] if ailments else None

    def remove(self, figure: str, row: int, ailment: dict[str, Any]) -> None:
        """The card is discarded (a card effect): its chips go with it."""
        crew = self.crew
        state = crew.sailor(figure, row)
        state.chips = [c for c in state.chips if not (c[0] in "WE" and c[1:] == str(ailment["id"]))]
        self._discard(state, ailment, "card removed")
        crew.emit("ailment_healed", feed=Msg("{sailor} is rid of his {complaint}.", sailor=crew.label(figure, row),
                                             complaint=complaint_term(ailment["deck"])),
                  sailor=crew.sid(figure, row), figure=figure, id=ailment["id"], how="card removed")

    def _discard(self, state: SailorState, ailment: dict[str, Any], why: str) -> None:
        state.ailments.remove(ailment)
        if ailment["treated"]:
            for s in ailment["supplies"]:
                self.discarded[s] = self.discarded.get(s, 0) + 1

    def watch_change_heal(self, figure: str, row: int) -> bool:
        """A treated ailment sheds one chip instead of an activation chip (§6.8). True if one did."""
        crew = self.crew
        state = crew.sailor(figure, row)
        for ailment in state.ailments:
            if not ailment["treated"]:
                continue
            tail = str(ailment["id"])
            if not (state.drop("W" + tail) or state.drop("E" + tail)):
                continue
            if state.ailment_chips(ailment["id"]) == 0:
                self._discard(state, ailment, "healed")
                crew.emit("ailment_healed", feed=Msg("{sailor} has recovered from his {complaint}.",
                                                     sailor=crew.label(figure, row),
                                                     complaint=complaint_term(ailment["deck"])),
                          sailor=crew.sid(figure, row), figure=figure, id=ailment["id"], how="treated")
            return True
        return False

    # -- first aid --------------------------------------------------------------------------------------
    def untreated(self, figure: str) -> list[dict[str, Any]]:
        return [a for a in self.crew.sailor(figure).ailments if not a["treated"]]

    def needs(self, patients: Sequence[str]) -> dict[str, int]:
        return _supplies(a for p in patients for a in self.untreated(p))

    def plan(self, patients: Sequence[str]) -> tuple[list[tuple[str, dict[str, Any]]], dict[str, list[dict[str, Any]]]]:
        """What one first aid treats (§8.6: "Es können beliebig viele Gesundheitsprobleme pro Matrose gleichzeitig
        behandelt werden", each card with all the supplies it lists): every untreated card of each patient, in order,
        whose supplies are all in the chest once the cards before it took theirs; and, by patient, the cards that
        wait for want of supplies. A card the chest cannot supply no longer keeps the others from being treated."""
        stock = dict(self.stock)
        treated: list[tuple[str, dict[str, Any]]] = []
        waiting: dict[str, list[dict[str, Any]]] = {}
        for p in patients:
            for a in self.untreated(p):
                need = _supplies([a])
                if all(stock.get(s, 0) >= n for s, n in need.items()):
                    for s, n in need.items():
                        stock[s] -= n
                    treated.append((p, a))
                else:
                    waiting.setdefault(p, []).append(a)
        return treated, waiting

    def _lacking(self, needs: Mapping[str, int]) -> list[Msg | str]:
        return [Msg("{n} {supply}", n=n - self.stock.get(s, 0), supply=Msg.term(SUPPLY_NAMES[s]))
                for s, n in sorted(needs.items()) if self.stock.get(s, 0) < n]

    def shortage(self, patients: Sequence[str]) -> Msg | None:
        """Why first aid cannot be given for want of supplies: a patient none of whose cards the chest can supply
        (the supplies his cards lack, and whether a refill kit would help), or None."""
        treated, waiting = self.plan(patients)
        idle = [p for p in patients if p in waiting and all(q != p for q, _a in treated)]
        if not idle:
            return None
        needs = self.needs(idle)
        lacking = sorted(s for s, n in needs.items() if self.stock.get(s, 0) < n)
        short = self._lacking(needs)
        if self.kits and not any(self.discarded.get(s, 0) for s in lacking):
            # a kit puts back only the discarded supplies (§8.6): none of these, so it would not help
            return Msg("the medical chest lacks {supplies}, and none is discarded yet for a refill kit to put back",
                       supplies=join(short))
        if self.kits:
            return Msg.plural("the medical chest lacks {supplies} ({n} refill kit left)",
                              "the medical chest lacks {supplies} ({n} refill kits left)", n=self.kits,
                              supplies=join(short))
        return Msg("the medical chest lacks {supplies}", supplies=join(short))

    def treat(self, patients: Sequence[str]) -> None:
        crew = self.crew
        treated, waiting = self.plan(patients)
        for p in patients:
            state = crew.sailor(p)
            for q, ailment in treated:
                if q != p:
                    continue
                for s in ailment["supplies"]:
                    self.stock[s] -= 1
                ailment["treated"] = True
                if state.ailment_chips(ailment["id"]) == 0:
                    self._discard(state, ailment, "treated")
            left = waiting.get(p, [])
            feed = Msg("{sailor} is treated.", sailor=crew.label(p))
            if left:
                feed = Msg.plural("{sailor} is treated; {n} card waits: the medical chest lacks {supplies}.",
                                  "{sailor} is treated; {n} cards wait: the medical chest lacks {supplies}.",
                                  n=len(left), sailor=crew.label(p), supplies=join(self._lacking(_supplies(left))))
            crew.emit("first_aid_given", feed=feed, figure=p, sailor=crew.sid(p), stock=dict(self.stock),
                      waiting=[a["id"] for a in left])

    def refill_problem(self) -> Msg | None:
        if self.kits <= 0:
            return Msg("no refill kit left (one per linked mission after the first)")
        if not any(self.discarded.values()):  # a kit puts back the discarded supplies: it would be wasted (§8.6)
            return Msg("no medical supplies are discarded yet, so a refill kit would put nothing back")
        return None

    def refill(self) -> None:
        crew = self.crew
        self.kits -= 1
        for s, n in self.discarded.items():
            self.stock[s] = self.stock.get(s, 0) + n
        self.discarded = dict.fromkeys(SUPPLIES, 0)
        crew.emit("supplies_refilled", feed=Msg("A refill kit restocks the medical chest ({n} left).", n=self.kits),
                  stock=dict(self.stock), kits=self.kits)

    # -- state ----------------------------------------------------------------------------------------
    def status(self) -> dict[str, Any]:
        return {"supplies": dict(self.stock), "kits": self.kits,
                "injuries_waiting": [dict(i) for i in self.injuries]}

    def to_state(self) -> dict[str, Any]:
        return {"stock": dict(self.stock), "discarded": dict(self.discarded), "kits": self.kits,
                "next_id": self.next_id, "injuries": [dict(i) for i in self.injuries]}

    def load_state(self, state: Mapping[str, Any]) -> None:
        self.stock = {k: int(v) for k, v in state["stock"].items()}
        self.discarded = {k: int(v) for k, v in state["discarded"].items()}
        self.kits = int(state["kits"])
        self.next_id = int(state["next_id"])
        self.injuries = [dict(i) for i in state["injuries"]]


def _turn_exhaustion(state: SailorState, aid: int) -> bool:
    for i, c in enumerate(state.chips):
        if c[0] == "E":
            state.chips[i] = f"W{aid}"
            return True
    return False
