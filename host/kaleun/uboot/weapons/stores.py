"""The torpedo stores of the `weapons` module: the tubes, the torpedo rooms' racks, the deck containers,
and the orders that work them — `reload_torpedo` (a tube from its room's racks, or a deck torpedo down
into a room's racks) and `flood_tubes` (rulebook §6.5 order table, §7.5.3).

A tube is `empty` → `loading` (a reload order, minutes) → `loaded` → `flooding` → `flooded` (its
outer door open) → `fired` (empty again until reloaded). The two torpedoes of the deck containers are
brought inside first (surfaced, in a calm sea, over hours, through a torpedo room's hatch into its
racks, where there is room). A major failure of the tubes (technical.toml) stops a reload or a
flooding under way in their room (§10.3.1); a flooded torpedo room loses what is inside (§10.3.8).
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Mapping
from typing import TYPE_CHECKING, Any

from kaleun.core.args import Args, whole, wholes
from kaleun.core.errors import CommandError
from kaleun.core.messages import N_, Msg, of_error, or_list
from kaleun.uboot.orders import Effect, OrderDesk
from kaleun.uboot.weapons import arsenal
from kaleun.uboot.weapons.arsenal import BOAT, is_mine, load_name, mine_type, torpedo_type, tubes
from kaleun.uboot.weapons.part import WeaponsPart

if TYPE_CHECKING:
    from kaleun.uboot.weapons.module import Weapons

ROOM_NAMES = {1: N_("bow room"), 6: N_("stern room")}


def tube_list(tubes_: list[int]) -> str:
    """Tube numbers as the feed says them: "1, 2, 3"."""
    return ", ".join(str(t) for t in tubes_)


class TorpedoStores(WeaponsPart):
    """The tubes, the racks of the torpedo rooms and the deck containers; reloading and flooding."""

    def __init__(self, weapons: Weapons, flooded: list[int] | None = None) -> None:
        """`flooded` tubes start flooded (a set piece that begins at action stations)."""
        super().__init__(weapons)
        self._start_flooded = list(flooded or [])
        self.tubes: dict[int, dict[str, Any]] = {}
        self.racks: dict[int, list[str]] = {}
        self.deck: list[str] = []
        #: deck torpedoes on their way into a room's racks: room, torpedo, until
        self.stowing: list[dict[str, Any]] = []

    def register(self, desk: OrderDesk) -> None:
        desk.register("reload_torpedo", Effect(self._parse_reload, self._check_reload, self._reload,
                                               self._describe_reload, reasons=lambda p: list(self._reload_refusals(p))))
        desk.register("flood_tubes", Effect(self._parse_tubes_to_flood, self._check_flood, self._flood,
                                            lambda p: Msg.plural("flood tube {tubes}", "flood tubes {tubes}",
                                                                 n=len(p["tubes"]), tubes=tube_list(p["tubes"])),
                                            reasons=lambda p: list(self._flood_refusals(p))))

    def stow(self, load: Mapping[str, Any]) -> None:
        """Sail with a loadout: the tubes loaded (torpedoes warm, or mines), the racks and deck containers full."""
        now = self.engine.t
        for number, tid in zip(sorted(tubes()), load["tubes"], strict=True):
            if is_mine(tid):
                self.tubes[number] = {"state": "loaded", "torpedo": None, "mines": tid, "loaded_at": now,
                                      "until": None, "source": None}
                continue
            kind = torpedo_type(tid)
            self.tubes[number] = {"state": "loaded", "torpedo": tid, "mines": None,
                                  "loaded_at": now - kind.warm_h * 3600.0, "until": None, "source": None}
        self.racks = {int(room): list(rack) for room, rack in load["racks"].items()}
        self.deck = list(load["deck"])
        for number in self._start_flooded:
            if number not in self.tubes:
                raise ValueError(f"tubes_flooded: there is no tube {number!r}")
            if self.tubes[number]["mines"] is not None:
                raise ValueError(f"tubes_flooded: tube {number} holds mines")
            self.tubes[number]["state"] = "flooded"

    def torpedoes_left(self) -> int:
        loaded = sum(1 for t in self.tubes.values() if t["torpedo"] is not None)
        racks = sum(1 for r in self.racks.values() for x in r if not is_mine(x))
        return loaded + racks + len(self.deck) + len(self.stowing)

    def mines_left(self) -> int:
        """Mines aboard: in the tubes and in the racks (a rack slot holds one tube load)."""
        loads = [t["mines"] for t in self.tubes.values() if t.get("mines")]
        loads += [x for r in self.racks.values() for x in r if is_mine(x)]
        return sum(mine_type(x).per_tube for x in loads)

    def tube_arg(self, args: Args, key: str = "tubes") -> list[int] | None:
        """Tube numbers from `tubes` (a list or one number) or `tube`; None when neither is given."""
        if args.has("tubes"):
            raw = args.any("tubes")
        elif args.has("tube"):
            one = args.any("tube")
            raw = [one]
            known = tubes()
            if whole(one) not in known:  # said of the field given (a whole number: 1 or 1.0)
                raise CommandError(Msg("{command}: tube must be a tube number {first}-{last}, got {value}",
                                       command=args.name, first=min(known), last=max(known), value=repr(one)))
        else:
            return None
        if whole(raw) is not None:
            raw = [raw]
        known = tubes()
        numbers = wholes(raw)  # 1 or 1.0
        if not numbers or any(t not in known for t in numbers):
            raise CommandError(Msg("{command}: tubes must be a list of tube numbers {first}-{last}, got {value}",
                                   command=args.name, first=min(known), last=max(known), value=repr(raw)))
        if len(set(numbers)) != len(numbers):
            raise CommandError(Msg("{command}: a tube is named twice in {value}", command=args.name, value=repr(raw)))
        return sorted(numbers)

    # -- reload --------------------------------------------------------------------------------------
    def _parse_reload(self, args: Args) -> dict[str, Any]:
        source = args.str("from", default="racks", choices=("racks", "deck"))
        kind = self._load_arg(args)
        if source == "deck":
            return {"room": self._room_arg(args), "from": "deck", "torpedo": kind}
        if args.has("room"):
            raise CommandError(Msg("{command}: room goes with from deck (a deck torpedo brought into a room's "
                                   "racks); a reload from the racks names its tube", command=args.name))
        chosen = self.tube_arg(args)
        if chosen is None:
            empty = self._empty_tube(kind)
            if empty is None:  # no tube to name: the order's check says so ("no tube is empty")
                return {"from": source, "torpedo": kind}
            chosen = [empty]
        if len(chosen) != 1:
            raise CommandError(Msg("{command}: one torpedo is reloaded per order, got tubes {value}", command=args.name,
                                   value=repr(chosen)))
        return {"tube": chosen[0], "from": source, "torpedo": kind}

    def _load_arg(self, args: Args) -> str | None:
        """The type a reload names (`torpedo`): its id, or a name of it (`T3`, `G7e (T III)`), a name several types
        share meaning the one the racks and the deck containers hold."""
        given = args.str("torpedo", default=None)
        if given is None:
            return None
        held = [load for rack in self.racks.values() for load in rack] + list(self.deck)
        try:
            return arsenal.load_called(given, held)
        except CommandError as exc:
            raise CommandError(Msg("{command}: torpedo {problem}", command=args.name, problem=of_error(exc))) from None

    def _empty_tube(self, kind: str | None) -> int | None:
        """The tube a reload that names none loads: the lowest empty tube whose room's racks hold a reload
        (of the type named), else the lowest empty tube (its check says why not); None when none is empty."""
        empty = sorted(n for n, t in self.tubes.items() if t["state"] in ("empty", "fired"))
        for number in empty:
            rack = self.racks.get(tubes()[number].room, [])
            if rack and (kind is None or kind in rack):
                return number
        return empty[0] if empty else None

    def _room_arg(self, args: Args) -> int:
        """The torpedo room a deck torpedo goes into (`room`; default the first with a free rack, bow first)."""
        rooms = sorted(int(r) for r in BOAT["stores"])
        if args.has("tube") or args.has("tubes"):
            raise CommandError(Msg("{command}: a deck torpedo goes into a torpedo room's racks, not into a tube: "
                                   "give the room ({rooms}), not a tube", command=args.name,
                                   rooms=or_list([str(r) for r in rooms])))
        if not args.has("room"):
            flooded = self._flooded_rooms()
            return next((r for r in rooms if r not in flooded and self._free_racks(r) > 0), rooms[0])
        given = args.any("room")
        room = whole(given)
        if room is None or room not in rooms:
            raise CommandError(Msg("{command}: room must be a torpedo room ({rooms}), got {value}", command=args.name,
                                   rooms=or_list([str(r) for r in rooms]), value=repr(given)))
        return room

    def _flooded_rooms(self) -> set[int]:
        """Torpedo rooms in a flooded section (§10.3.8: it can never be entered again this patrol)."""
        flooded = self.engine.module("crew").flooded if self.engine.has_module("crew") else []
        return {int(s) for s in flooded if str(s) in BOAT["stores"]}

    def in_flooded_room(self, numbers: list[int]) -> Msg | None:
        """Why tubes cannot be worked: the first of them in a flooded torpedo room."""
        flooded = self._flooded_rooms()
        for number in numbers:
            room = tubes()[number].room
            if room in flooded:
                return Msg("tube {tube} is in the flooded {room}: nobody can reach it", tube=number,
                           room=Msg.term(ROOM_NAMES[room]))
        return None

    def lose_room(self, room: int) -> None:
        """A torpedo room floods (§10.3.8: what is inside is lost): its tubes' loads, its racks and a deck torpedo
        on its way down through its hatch are lost with it ([gap] our choice: the rulebook names chips only)."""
        inside = [self.tubes[n] for n in sorted(self.tubes) if tubes()[n].room == room]
        lost = [str(t["torpedo"] or t.get("mines")) for t in inside if t["torpedo"] or t.get("mines")]
        lost += self.racks.pop(room, [])
        lost += [str(s["torpedo"]) for s in self.stowing if int(s["room"]) == room]
        self.stowing = [s for s in self.stowing if int(s["room"]) != room]
        for tube in inside:
            tube.update({"state": "empty", "torpedo": None, "mines": None, "loaded_at": None, "until": None,
                         "source": None})
        if lost:
            torpedoes = sum(1 for x in lost if not is_mine(x))
            left = self.torpedoes_left()
            self.emit("torpedoes_lost", feed=Msg.plural(
                "The {room} is flooded: {n} load is lost with it ({left} aboard).",
                "The {room} is flooded: {n} loads are lost with it ({left} aboard).",
                n=len(lost), room=Msg.term(ROOM_NAMES[room]),
                left=Msg.plural("{n} torpedo left", "{n} torpedoes left", n=left)),
                room=room, loads=lost, torpedoes=torpedoes)

    def _free_racks(self, room: int) -> int:
        """Reload places free in a room's racks (those of torpedoes on their way down count as taken)."""
        coming = sum(1 for s in self.stowing if int(s["room"]) == room)
        return int(BOAT["stores"][str(room)]) - len(self.racks.get(room, [])) - coming

    def _describe_reload(self, p: dict[str, Any]) -> Msg:
        if p["from"] == "deck":
            return Msg("bring a torpedo down from the deck containers into the {room}",
                       room=Msg.term(ROOM_NAMES[p["room"]]))
        return Msg("reload tube {tube}", tube=p["tube"])

    def _check_reload(self, p: dict[str, Any]) -> Msg | None:
        return next(self._reload_refusals(p), None)

    def _reload_refusals(self, p: dict[str, Any]) -> Iterator[Msg]:
        """Every reason the reload is refused for now, first the one that refuses it (the order assistant names
        them all: a tube still loaded, and no reloads left in its room). Changes nothing."""
        if self.boat.lost:
            yield Msg("the boat is lost")
            return
        if p["from"] == "deck":
            yield from self._bring_inside_refusals(p)
            return
        if "tube" not in p:
            yield Msg("no tube is empty")
            return
        number = p["tube"]
        refusal = self.in_flooded_room([number])
        if refusal is not None:
            yield refusal
            return  # nobody reaches the tube: nothing else to put right
        tube = self.tubes[number]
        state = tube["state"]
        room = tubes()[number].room
        if state not in ("empty", "fired"):
            yield {"loading": Msg("tube {tube} is already being loaded", tube=number),
                   "loaded": Msg("tube {tube} is already loaded", tube=number),
                   "flooding": Msg("tube {tube} is loaded and being flooded", tube=number),
                   "flooded": Msg("tube {tube} is loaded and flooded: fire it first", tube=number)}[state]
        else:  # the room's hands at work on other tubes count only for a tube that could be loaded now
            loading = sorted((float(t["until"]), n) for n, t in self.tubes.items()
                             if t["state"] == "loading" and tubes()[n].room == room)
            most = int(BOAT["reloads_at_once"][str(room)])
            if len(loading) >= most:  # torpedoes.toml reloads_at_once, our choice
                yield Msg.plural("the {room} reloads {n} tube at a time: tube {tube} is ready in {minutes} min",
                                 "the {room} reloads {n} tubes at a time: tube {tube} is ready in {minutes} min",
                                 n=most, room=Msg.term(ROOM_NAMES[room]), tube=loading[0][1],
                                 minutes=math.ceil((loading[0][0] - self.engine.t) / 60.0))
        rack = self.racks.get(room, [])
        if not rack:
            coming = [s for s in self.stowing if int(s["room"]) == room]
            if coming:
                yield Msg("no reloads are left in the {room} (a torpedo from the deck containers is on its way "
                          "down: {minutes} min)", room=Msg.term(ROOM_NAMES[room]),
                          minutes=math.ceil((min(float(s["until"]) for s in coming) - self.engine.t) / 60.0))
            else:
                yield Msg("no reloads are left in the {room}", room=Msg.term(ROOM_NAMES[room]))
        elif p["torpedo"] is not None and p["torpedo"] not in rack:
            not_issued = self._not_issued(p["torpedo"])
            if not_issued is not None:
                yield not_issued
            elif is_mine(p["torpedo"]):
                yield Msg("there are no {mines} in the {room}'s racks", mines=Msg.term(load_name(p["torpedo"])),
                          room=Msg.term(ROOM_NAMES[room]))
            else:
                yield Msg("there is no {torpedo} in the {room}'s racks", torpedo=Msg.term(load_name(p["torpedo"])),
                          room=Msg.term(ROOM_NAMES[room]))

    def _not_issued(self, load: str) -> Msg | None:
        """Why a torpedo or mine type named in an order cannot be aboard today: it is not issued to the boats
        until its date, or was withdrawn before it (torpedoes.toml `from`, `until`); None when it is issued."""
        from kaleun.uboot.weapons.fire_control import MONTHS

        kind: arsenal.TorpedoType | arsenal.MineType = mine_type(load) if is_mine(load) else torpedo_type(load)
        today = self.w.now_date().date()
        if today < kind.issued:
            return Msg("the {load} is not issued to the boats until {month} {year}: none is aboard",
                       load=Msg.term(kind.name), month=Msg.term(MONTHS[kind.issued.month - 1]),
                       year=str(kind.issued.year))
        if today > kind.withdrawn:
            return Msg("the {load} is no longer issued to the boats after {month} {year}: none is aboard",
                       load=Msg.term(kind.name), month=Msg.term(MONTHS[kind.withdrawn.month - 1]),
                       year=str(kind.withdrawn.year))
        return None

    def _bring_inside_refusals(self, p: dict[str, Any]) -> Iterator[Msg]:
        """Why a deck torpedo cannot be brought into the room's racks now (surfaced, calm sea, a free rack): every
        reason, first the one that refuses it."""
        room = p["room"]
        if not self.deck:
            yield Msg("the deck containers are empty")
            return
        if room in self._flooded_rooms():
            yield Msg("the {room} is flooded: nobody can stow a torpedo there", room=Msg.term(ROOM_NAMES[room]))
            return
        if p["torpedo"] is not None and is_mine(p["torpedo"]):
            yield Msg("the deck containers hold torpedoes, not mines")
            return
        if p["torpedo"] is not None and p["torpedo"] not in self.deck:
            not_issued = self._not_issued(p["torpedo"])
            if not_issued is not None:
                yield not_issued
            else:
                yield Msg("there is no {torpedo} in the deck containers", torpedo=Msg.term(load_name(p["torpedo"])))
            return  # that torpedo is not to be had: nothing else to put right
        if not self.boat.surfaced:
            yield Msg("a torpedo comes down from the deck containers only while the boat is surfaced")
        weather = self.sea.weather
        max_sea = int(BOAT["deck_transfer_max_sea"])
        if weather is not None and weather.sea_state > max_sea:
            yield Msg("the sea is too rough to open the torpedo hatch (sea state {state}; {most} or calmer "
                      "needed)", state=weather.sea_state, most=max_sea)
        if any(int(s["room"]) == room for s in self.stowing):
            yield Msg("a torpedo is already coming down through the {room}'s hatch", room=Msg.term(ROOM_NAMES[room]))
        elif self._free_racks(room) <= 0:
            yield Msg.plural("the {room}'s racks are full ({n} reload): load a tube from them first",
                             "the {room}'s racks are full ({n} reloads): load a tube from them first",
                             n=int(BOAT["stores"][str(room)]), room=Msg.term(ROOM_NAMES[room]))

    def _reload(self, p: dict[str, Any]) -> None:
        if p["from"] == "deck":
            self._bring_inside(p)
            return
        number = p["tube"]
        room = tubes()[number].room
        store = self.racks[room]
        kind = p["torpedo"] or store[0]
        store.remove(kind)
        minutes = float(BOAT["reload_min"][str(room)])
        if self.w.tech("bow_tubes" if room == 1 else "stern_tube")[1]:
            minutes *= float(BOAT["faulty_tubes_reload_factor"])  # a fault in the tube's gear slows the work
        seconds = minutes * 60.0
        now = self.engine.t
        mines = is_mine(kind)
        self.tubes[number].update({"state": "loading", "torpedo": None if mines else kind,
                                   "mines": kind if mines else None, "loaded_at": None, "until": now + seconds,
                                   "source": p["from"]})
        name = Msg.term(load_name(kind))
        feed = (Msg("Tube {tube}: loading {mines}, ready in {minutes} min.", tube=number, mines=name,
                    minutes=round(seconds / 60)) if mines else
                Msg("Tube {tube}: loading a {torpedo}, ready in {minutes} min.", tube=number, torpedo=name,
                    minutes=round(seconds / 60)))
        self.emit("tube_loading", feed=feed, tube=number, torpedo=kind, source=p["from"], ready_s=round(seconds))

    def _bring_inside(self, p: dict[str, Any]) -> None:
        """A deck torpedo starts its way down the room's torpedo hatch into its racks (hours)."""
        room = p["room"]
        kind = p["torpedo"] or self.deck[0]
        self.deck.remove(kind)
        seconds = float(BOAT["deck_transfer_h"]) * 3600.0
        self.stowing.append({"room": room, "torpedo": kind, "until": self.engine.t + seconds})
        self.emit("torpedo_stowing", feed=Msg("A {torpedo} is coming down from the deck containers into the {room}: "
                                              "in its rack in {minutes} min.", torpedo=Msg.term(load_name(kind)),
                                              room=Msg.term(ROOM_NAMES[room]), minutes=round(seconds / 60)),
                  room=room, torpedo=kind, ready_s=round(seconds))

    # -- flood ---------------------------------------------------------------------------------------
    def _parse_tubes_to_flood(self, args: Args) -> dict[str, Any]:
        chosen = self.tube_arg(args)
        if chosen is None:
            chosen = [n for n, t in sorted(self.tubes.items()) if t["state"] == "loaded" and t["torpedo"]
                      and tubes()[n].facing == "bow"]
            if not chosen:  # refused by the check, which says so (tube 1 stands for the bow room's crew)
                return {"tubes": [1], "none_loaded": True}
        return {"tubes": chosen}

    def _check_flood(self, p: dict[str, Any]) -> Msg | None:
        return next(self._flood_refusals(p), None)

    def _flood_refusals(self, p: dict[str, Any]) -> Iterator[Msg]:
        """Every reason the flooding is refused for now, first the one that refuses it (the order assistant names
        each tube that cannot be flooded, not only the first). Changes nothing."""
        if self.boat.lost:
            yield Msg("the boat is lost")
            return
        if p.get("none_loaded"):  # said in the table's words, with the tubes that could be named instead
            stern = [str(n) for n, t in sorted(self.tubes.items()) if t["state"] == "loaded" and t["torpedo"]
                     and not t.get("mines") and tubes()[n].facing != "bow"]
            if stern:
                yield Msg("no bow tube is loaded to flood: reload one first, or name a loaded stern tube: {tubes}",
                          tubes=or_list(stern))
            else:
                yield Msg("no tube is loaded to flood: reload one first")
            return
        reachable = []
        for number in p["tubes"]:  # the tubes nobody can reach first, as the order's own refusal names them
            refusal = self.in_flooded_room([number])
            if refusal is None:
                reachable.append(number)
            else:
                yield refusal
        for number in reachable:
            state = self.tubes[number]["state"]
            if self.tubes[number].get("mines"):
                yield Msg("tube {tube} holds mines: the lay mines order floods it and lays them", tube=number)
            elif state == "flooded":
                yield Msg("tube {tube} is already flooded", tube=number)
            elif state == "flooding":
                yield Msg("tube {tube} is already being flooded", tube=number)
            elif state == "loading":
                yield Msg("tube {tube} is not loaded yet", tube=number)
            elif state != "loaded":
                yield Msg("tube {tube} is not loaded", tube=number)

    def _flood(self, p: dict[str, Any]) -> None:
        until = self.engine.t + float(BOAT["flood_s"])
        for number in p["tubes"]:
            self.tubes[number].update({"state": "flooding", "until": until})

    def _blocked(self, order: str, room: int) -> bool:
        """Does a major failure (technical.toml `disables`) make `order` impossible in this torpedo room now?"""
        if not self.engine.has_module("technical"):
            return False
        return self.engine.module("technical").blocks(order, bool(self.boat.surfaced), (room,)) is not None

    def stop_tube_work(self, component: str) -> None:
        """A major failure puts tubes out of action (§10.3.1: the component does not work until repaired):
        a reload under way stops and its torpedo goes back into the room's racks, a tube being flooded
        stays dry with its outer door shut. Either order must be given again once the tubes are repaired
        ([gap] our choice: the rulebook says only that the component is out of action)."""
        flooding: list[int] = []
        for number, tube in sorted(self.tubes.items()):
            room = tubes()[number].room
            if tube["state"] == "loading" and tube["until"] is not None and self._blocked("reload_torpedo", room):
                load = str(tube["torpedo"] or tube.get("mines"))
                self.racks.setdefault(room, []).insert(0, load)  # the next reload takes it first
                tube.update({"state": "empty", "torpedo": None, "mines": None, "loaded_at": None, "until": None,
                             "source": None})
                name = Msg.term(load_name(load))
                feed = (Msg("Tube {tube}: loading stopped (the tube is out of action); the {mines} go back into "
                            "the {room}'s racks.", tube=number, mines=name, room=Msg.term(ROOM_NAMES[room]))
                        if is_mine(load) else
                        Msg("Tube {tube}: loading stopped (the tube is out of action); the {torpedo} goes back into "
                            "the {room}'s racks.", tube=number, torpedo=name, room=Msg.term(ROOM_NAMES[room])))
                self.emit("tube_loading_stopped", feed=feed, tube=number, torpedo=load, component=component)
            elif tube["state"] == "flooding" and self._blocked("flood_tubes", room):
                tube.update({"state": "loaded", "until": None})
                flooding.append(number)
        if flooding:
            self.emit("tube_flooding_stopped",
                      feed=Msg.plural("Tube {tubes}: flooding stopped (the tube is out of action).",
                                      "Tubes {tubes}: flooding stopped (the tubes are out of action).",
                                      n=len(flooding), tubes=tube_list(flooding)),
                      tubes=flooding, component=component)

    def stop_deck_transfers(self, template: str, why: str) -> None:
        """A torpedo on its way down from a deck container goes back into it (the boat dives, or the sea
        gets too rough to keep the torpedo hatch open): the room's racks do not get it."""
        for down in list(self.stowing):
            self.stowing.remove(down)
            self.deck.append(str(down["torpedo"]))
            room = int(down["room"])
            self.emit("torpedo_stowing_stopped", feed=Msg(template, torpedo=Msg.term(load_name(str(down["torpedo"]))),
                                                          room=Msg.term(ROOM_NAMES[room])),
                      room=room, torpedo=down["torpedo"], reason=why)

    # -- time ----------------------------------------------------------------------------------------
    def wake_times(self) -> list[float]:
        """When a tube is loaded or flooded, and when a deck torpedo is down in its rack."""
        times = [float(t["until"]) for t in self.tubes.values() if t["until"] is not None]
        return times + [float(s["until"]) for s in self.stowing]

    def wake_tubes(self, now: float) -> None:
        """Tubes loaded and flooded by now (one feed line for all the tubes flooded)."""
        done_flooding = []
        for number, tube in sorted(self.tubes.items()):
            if tube["until"] is None or float(tube["until"]) > now + 1e-9:
                continue
            tube["until"] = None
            if tube["state"] == "loading":
                tube["state"] = "loaded"
                tube["loaded_at"] = now
                load = str(tube["torpedo"] or tube.get("mines"))
                self.emit("tube_loaded", feed=Msg("Tube {tube} loaded ({torpedo}).", tube=number,
                                                  torpedo=Msg.term(load_name(load))),
                          tube=number, torpedo=load)
            elif tube["state"] == "flooding":
                tube["state"] = "flooded"
                done_flooding.append(number)
        if done_flooding:
            self.emit("tubes_flooded", feed=Msg.plural("Tube {tubes} flooded, outer door open.",
                                                       "Tubes {tubes} flooded, outer doors open.",
                                                       n=len(done_flooding), tubes=tube_list(done_flooding)),
                      tubes=done_flooding)

    def wake_stowing(self, now: float) -> None:
        """Deck torpedoes down in their room's racks by now."""
        for down in [s for s in self.stowing if float(s["until"]) <= now + 1e-9]:
            self.stowing.remove(down)
            room = int(down["room"])
            self.racks.setdefault(room, []).append(str(down["torpedo"]))
            self.emit("torpedo_stowed", feed=Msg("The {torpedo} from the deck containers is down in the {room}'s "
                                                 "racks.", torpedo=Msg.term(load_name(str(down["torpedo"]))),
                                                 room=Msg.term(ROOM_NAMES[room])),
                      room=room, torpedo=down["torpedo"])

    def end(self) -> None:
        """The mission is over: no tube work goes on, a tube being loaded or flooded stays so, unfinished, with the
        time its work still needed (`left_s`, what the weapons' status shows from then on); a deck torpedo half-way
        down goes back into its container."""
        now = self.engine.t
        for tube in self.tubes.values():
            if tube["until"] is not None and tube["state"] in ("loading", "flooding"):
                tube["left_s"] = max(0.0, round(float(tube["until"]) - now, 1))
            tube["until"] = None
        self.deck += [str(s["torpedo"]) for s in self.stowing]
        self.stowing = []
